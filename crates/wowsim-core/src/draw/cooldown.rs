//! A Cooldown frame → its swipe at the current virtual time: the frame's rect darkened over
//! the part of the turn that is still to run. The lit part grows clockwise from 12 o'clock
//! as time passes (`SetReverse(true)`: the dark part grows instead); swipe colour
//! `SetSwipeColor` (default black at 0.8 alpha), optional `SetSwipeTexture`; nothing while not
//! running or with `SetDrawSwipe(false)`. With `SetDrawEdge(true)` (the default) a bright
//! 2-unit line marks the moving edge from the centre outwards.

use super::{RegionCtx, Viewport};
use crate::widgets::fields::FieldVal;
use crate::widgets::UiState;
use wowsim_render::{BlendMode, DrawItem, LineQuad, Quad, Swipe, TexSource};

/// The client's default swipe colour.
const SWIPE: [f32; 4] = [0.0, 0.0, 0.0, 0.8];
/// The edge line's colour (the client's edge texture is a pale gold glow).
const EDGE: [f32; 4] = [1.0, 0.95, 0.75, 0.9];

fn num(ui: &mut UiState, id: u32, name: &str, default: f32) -> f32 {
    match ui.field_by_name(id, name) {
        FieldVal::Num(n) => n as f32,
        _ => default,
    }
}

/// Appends the swipe (and edge) of a Cooldown frame at time `now` (seconds).
pub fn swipe(ui: &mut UiState, vp: &Viewport, ctx: &RegionCtx, now: f64, out: &mut Vec<DrawItem>) {
    let id = ctx.id;
    let start = ui.field_by_name(id, "startTimeMillis").as_f64() / 1000.0;
    let duration = ui.field_by_name(id, "durationMillis").as_f64() / 1000.0;
    if duration <= 0.0 || now < start || now >= start + duration {
        return;
    }
    if ui.field_by_name(id, "drawSwipe") == FieldVal::Bool(false) {
        return;
    }
    let elapsed = ((now - start) / duration).clamp(0.0, 1.0) as f32;
    let reverse = ui.field_by_name(id, "reverse") == FieldVal::Bool(true);
    let (from, to) = if reverse {
        (0.0, elapsed)
    } else {
        (elapsed, 1.0)
    };
    let color = [
        num(ui, id, "swipeColorR", SWIPE[0]),
        num(ui, id, "swipeColorG", SWIPE[1]),
        num(ui, id, "swipeColorB", SWIPE[2]),
        num(ui, id, "swipeColorA", SWIPE[3]) * ctx.alpha,
    ];
    let source = match ui.field_by_name(id, "swipeTexture") {
        FieldVal::Str(p) if !p.is_empty() => TexSource::File(p),
        _ => TexSource::White,
    };
    let mut q = Quad::new(ctx.rect, source, color);
    q.clip = ctx.clip;
    out.push(DrawItem::Swipe(Swipe { quad: q, from, to }));
    if ui.field_by_name(id, "drawEdge") != FieldVal::Bool(true) {
        return;
    }
    // The edge: from the centre to the rect's border along the angle `elapsed`.
    let [x0, y0, x1, y1] = ctx.rect;
    let (cx, cy) = ((x0 + x1) * 0.5, (y0 + y1) * 0.5);
    let (s, c) = (elapsed * std::f32::consts::TAU).sin_cos();
    let (dx, dy) = (s, -c);
    let tx = if dx.abs() > 1e-6 {
        (x1 - cx) / dx.abs()
    } else {
        f32::MAX
    };
    let ty = if dy.abs() > 1e-6 {
        (y1 - cy) / dy.abs()
    } else {
        f32::MAX
    };
    let t = tx.min(ty);
    let mut clip = wowsim_render::ClipRect::new(x0, y0, x1, y1);
    if let Some(k) = ctx.clip {
        clip = clip.intersect(&k);
    }
    out.push(DrawItem::Line(LineQuad {
        from: [cx, cy],
        to: [cx + dx * t, cy + dy * t],
        thickness: 2.0 * ctx.scale * vp.px_per_unit,
        source: TexSource::White,
        uv: [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        repeat: [false, false],
        color: [EDGE[0], EDGE[1], EDGE[2], EDGE[3] * ctx.alpha],
        blend: BlendMode::Blend,
        clip: Some(clip),
    }));
}
