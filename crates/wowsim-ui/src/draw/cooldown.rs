//! A Cooldown frame → what it draws at the current virtual time, before its own regions:
//!
//! - the swipe: the frame's rect darkened over the part of the turn still to run. The lit part
//!   grows clockwise from 12 o'clock as time passes (`SetReverse(true)`: the dark part grows
//!   instead); `SetSwipeColor` (default black at 0.8 alpha), optional `SetSwipeTexture`;
//!   nothing while not running or with `SetDrawSwipe(false)`.
//! - the edge (`SetDrawEdge(true)`, the default, and only with the swipe): the edge texture
//!   (`SetEdgeTexture`, XML `<EdgeTexture>`) turned with the moving edge: the image is centred on
//!   the frame, `edgeScale` (default √2, so its 12 o'clock spoke reaches the corners) times the
//!   frame's size, rotated clockwise by the part of the turn that has run, outside the image
//!   transparent, clipped to the frame. Without an edge texture a bright 2-unit line stands in
//!   for the client's built-in one.
//! - the countdown numbers, when the `countdownForCooldowns` CVar is on (the client's option;
//!   default off) and `SetHideCountdownNumbers(true)` was not called, for cooldowns of at least
//!   `minimumCountdownDuration` ms (default 2000): the remaining time centred on the frame in the
//!   countdown font (`SetCountdownFont`; default `Fonts\FRIZQT__.TTF` 20 `OUTLINE`, white),
//!   formatted as [`countdown_text`] says.
//! - the bling (`SetDrawBling(true)`, the default, with a `SetBlingTexture`/XML
//!   `<BlingTexture>` image) for [`BLING_SECONDS`] after the cooldown finishes: the image in its
//!   colour, added (ADD), centred, growing from the frame's size to 1.5 times it while fading out.
//!   The client's exact bling animation is not published; this follows its look.
use crate::arena::UiState;
use crate::draw::RegionCtx;
use crate::draw::Viewport;
use crate::fields::FieldVal;
use crate::font::resolve;

use wowsim_render::text::{self, Item, LayoutOpts};
use wowsim_render::{
    BlendMode, ClipRect, DrawItem, Glyph, LineQuad, Outline, Quad, Swipe, TexSource, TextRun, Wrap,
};

/// The client's default swipe colour.
const SWIPE: [f32; 4] = [0.0, 0.0, 0.0, 0.8];
/// The stand-in edge line's colour (the client's edge texture is a pale gold glow).
const EDGE: [f32; 4] = [1.0, 0.95, 0.75, 0.9];
/// How long the bling shows after a cooldown finishes.
pub(crate) const BLING_SECONDS: f64 = 0.5;
/// The countdown font when `SetCountdownFont` was not called.
const COUNTDOWN_FONT: (&str, f32, Outline) = ("Fonts\\FRIZQT__.TTF", 20.0, Outline::Normal);

fn num(ui: &mut UiState, id: u32, name: &str, default: f32) -> f32 {
    match ui.field_by_name(id, name) {
        FieldVal::Num(n) => n as f32,
        _ => default,
    }
}

fn file(ui: &mut UiState, id: u32, name: &str) -> Option<String> {
    match ui.field_by_name(id, name) {
        FieldVal::Str(p) if !p.is_empty() => Some(p),
        _ => None,
    }
}

fn color(ui: &mut UiState, id: u32, prefix: &str, default: [f32; 4], alpha: f32) -> [f32; 4] {
    [
        num(ui, id, &format!("{prefix}R"), default[0]),
        num(ui, id, &format!("{prefix}G"), default[1]),
        num(ui, id, &format!("{prefix}B"), default[2]),
        num(ui, id, &format!("{prefix}A"), default[3]) * alpha,
    ]
}

/// The countdown text for `remaining` seconds, as the client's cooldown numbers show it: at
/// or above `abbrev` seconds the largest whole unit that fits, rounded up (`3m`, `2h`, `1d`);
/// below `millis` seconds tenths (`1.5`); otherwise whole seconds rounded up (`9`).
pub(crate) fn countdown_text(remaining: f64, abbrev: f64, millis: f64) -> String {
    let r = remaining.max(0.0);
    if r >= abbrev {
        for (unit, suffix) in [(86400.0, "d"), (3600.0, "h"), (60.0, "m")] {
            if r >= unit {
                return format!("{}{suffix}", (r / unit).ceil() as i64);
            }
        }
    }
    if r < millis {
        return format!("{:.1}", r);
    }
    format!("{}", r.ceil() as i64)
}

/// Appends what a Cooldown frame draws at time `now` (seconds); `numbers` is the
/// `countdownForCooldowns` option.
pub(crate) fn swipe(
    ui: &mut UiState,
    vp: &Viewport,
    ctx: &RegionCtx,
    now: f64,
    numbers: bool,
    out: &mut Vec<DrawItem>,
) {
    let id = ctx.id;
    let start = ui.field_by_name(id, "startTimeMillis").as_f64() / 1000.0;
    let duration = ui.field_by_name(id, "durationMillis").as_f64() / 1000.0;
    if duration <= 0.0 || now < start {
        return;
    }
    if now >= start + duration {
        bling(ui, ctx, now - (start + duration), out);
        return;
    }
    let elapsed = ((now - start) / duration).clamp(0.0, 1.0) as f32;
    if ui.field_by_name(id, "drawSwipe") != FieldVal::Bool(false) {
        let reverse = ui.field_by_name(id, "reverse") == FieldVal::Bool(true);
        let (from, to) = if reverse {
            (0.0, elapsed)
        } else {
            (elapsed, 1.0)
        };
        let c = color(ui, id, "swipeColor", SWIPE, ctx.alpha);
        let source = file(ui, id, "swipeTexture").map_or(TexSource::White, TexSource::File);
        let mut q = Quad::new(ctx.rect, source, c);
        q.clip = ctx.clip;
        out.push(DrawItem::Swipe(Swipe { quad: q, from, to }));
        if ui.field_by_name(id, "drawEdge") == FieldVal::Bool(true) {
            edge(ui, vp, ctx, elapsed, out);
        }
    }
    if numbers
        && ui.field_by_name(id, "hideCountdownNumbers") != FieldVal::Bool(true)
        && duration * 1000.0 >= num(ui, id, "minimumCountdownDuration", 2000.0) as f64
    {
        let abbrev = num(ui, id, "countdownAbbrevThreshold", 120.0) as f64;
        let millis = num(ui, id, "countdownMillisecondsThreshold", 0.0) as f64;
        let s = countdown_text(start + duration - now, abbrev, millis);
        countdown(ui, vp, ctx, &s, out);
    }
}

/// The frame's rect clipped by its clip.
fn own_clip(ctx: &RegionCtx) -> ClipRect {
    let [x0, y0, x1, y1] = ctx.rect;
    let clip = ClipRect::new(x0, y0, x1, y1);
    ctx.clip.map_or(clip, |k| clip.intersect(&k))
}

fn edge(ui: &mut UiState, vp: &Viewport, ctx: &RegionCtx, elapsed: f32, out: &mut Vec<DrawItem>) {
    let id = ctx.id;
    let [x0, y0, x1, y1] = ctx.rect;
    let (cx, cy) = ((x0 + x1) * 0.5, (y0 + y1) * 0.5);
    let (s, c) = (elapsed * std::f32::consts::TAU).sin_cos();
    if let Some(path) = file(ui, id, "edgeTexture") {
        // Screen point → image: rotate back by the angle run, then scale to the image's size.
        let k = num(ui, id, "edgeScale", std::f32::consts::SQRT_2).max(1e-3);
        let (w, h) = ((x1 - x0) * k, (y1 - y0) * k);
        if w <= 0.0 || h <= 0.0 {
            return;
        }
        let uv = |px: f32, py: f32| {
            let (dx, dy) = (px - cx, py - cy);
            let (rx, ry) = (dx * c + dy * s, -dx * s + dy * c);
            [rx / w + 0.5, ry / h + 0.5]
        };
        let tint = color(ui, id, "edgeTextureColor", [1.0; 4], ctx.alpha);
        let mut q = Quad::new(ctx.rect, TexSource::File(path), tint);
        q.uv = [uv(x0, y0), uv(x1, y0), uv(x0, y1), uv(x1, y1)];
        q.wrap = [Wrap::ClampToBlackAdditive; 2];
        q.clip = Some(own_clip(ctx));
        out.push(DrawItem::Quad(q));
        return;
    }
    // The stand-in: a line from the centre to the rect's border along the angle run.
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
    out.push(DrawItem::Line(LineQuad {
        from: [cx, cy],
        to: [cx + dx * t, cy + dy * t],
        thickness: 2.0 * ctx.scale * vp.px_per_unit,
        source: TexSource::White,
        uv: [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        wrap: [Wrap::Clamp; 2],
        color: [EDGE[0], EDGE[1], EDGE[2], EDGE[3] * ctx.alpha],
        blend: BlendMode::Blend,
        clip: Some(own_clip(ctx)),
    }));
}

fn bling(ui: &mut UiState, ctx: &RegionCtx, since_end: f64, out: &mut Vec<DrawItem>) {
    let id = ctx.id;
    if since_end >= BLING_SECONDS || ui.field_by_name(id, "drawBling") == FieldVal::Bool(false) {
        return;
    }
    let Some(path) = file(ui, id, "blingTexture") else {
        return;
    };
    let t = (since_end / BLING_SECONDS) as f32;
    let mut tint = color(ui, id, "blingTextureColor", [1.0; 4], ctx.alpha);
    tint[3] *= 1.0 - t;
    let [x0, y0, x1, y1] = ctx.rect;
    let (cx, cy) = ((x0 + x1) * 0.5, (y0 + y1) * 0.5);
    let k = (1.0 + 0.5 * t) * 0.5;
    let (hw, hh) = ((x1 - x0) * k, (y1 - y0) * k);
    let mut q = Quad::new(
        [cx - hw, cy - hh, cx + hw, cy + hh],
        TexSource::File(path),
        tint,
    );
    q.blend = BlendMode::Add;
    q.clip = ctx.clip;
    out.push(DrawItem::Quad(q));
}

fn countdown(ui: &mut UiState, vp: &Viewport, ctx: &RegionCtx, s: &str, out: &mut Vec<DrawItem>) {
    let (mut path, mut size, mut outline) = (
        COUNTDOWN_FONT.0.to_string(),
        COUNTDOWN_FONT.1,
        COUNTDOWN_FONT.2,
    );
    let mut rgba = [1.0f32; 4];
    if let FieldVal::Obj(f) = ui.field_by_name(ctx.id, "countdownFontObject") {
        if let Some(FieldVal::Str(p)) = resolve(ui, f, "fontFile") {
            path = p;
        }
        if let Some(FieldVal::Num(h)) = resolve(ui, f, "fontHeight") {
            size = h as f32;
        }
        let flags = match resolve(ui, f, "fontFlags") {
            Some(FieldVal::Str(fl)) => fl.to_ascii_uppercase(),
            _ => String::new(),
        };
        outline = if flags.contains("THICK") {
            Outline::Thick
        } else if flags.contains("OUTLINE") {
            Outline::Normal
        } else {
            Outline::None
        };
        for (i, k) in ["textR", "textG", "textB", "textA"].iter().enumerate() {
            if let Some(FieldVal::Num(v)) = resolve(ui, f, k) {
                rgba[i] = v as f32;
            }
        }
    }
    if size <= 0.0 {
        return;
    }
    let mut o = LayoutOpts::new(size);
    o.face = ui.face(&path);
    let lay = text::layout(s, &o);
    let f = ctx.scale * vp.px_per_unit;
    let px_size = size * f;
    let [x0, y0, x1, y1] = ctx.rect;
    let ox = ((x0 + x1) * 0.5 - lay.width * f * 0.5).round();
    let oy = ((y0 + y1) * 0.5 - px_size * 0.5).round();
    let ascent = o.face.ascent(px_size);
    let color = [rgba[0], rgba[1], rgba[2], rgba[3] * ctx.alpha];
    let glyphs = lay
        .lines
        .iter()
        .flat_map(|l| l.items.iter())
        .filter_map(|p| match p.item {
            Item::Glyph { id, .. } => Some(Glyph {
                id,
                x: ox + p.x * f,
                y: oy + ascent,
                color,
            }),
            Item::Icon { .. } => None,
        })
        .collect();
    out.push(DrawItem::Text(TextRun {
        face: o.face.clone(),
        glyphs,
        px_size,
        outline,
        monochrome: false,
        shadow: None,
        clip: ctx.clip,
    }));
}

#[cfg(test)]
mod tests {
    use super::countdown_text;

    #[test]
    fn countdown_formats() {
        for (r, abbrev, millis, want) in [
            (9.2, 120.0, 0.0, "10"),
            (0.3, 120.0, 0.0, "1"),
            (119.5, 120.0, 0.0, "120"),
            (125.0, 120.0, 0.0, "3m"),
            (3600.0, 120.0, 0.0, "1h"),
            (3601.0, 120.0, 0.0, "2h"),
            (90000.0, 120.0, 0.0, "2d"),
            (1.44, 120.0, 3.0, "1.4"),
            (70.0, 60.0, 0.0, "2m"),
        ] {
            assert_eq!(countdown_text(r, abbrev, millis), want, "{r}");
        }
    }
}
