//! A Line region → a `LineQuad`: its two end points (`widgets/line.rs`) in pixels, its
//! thickness (UI units, scaled like the rest of the region), and what it draws (colour or file,
//! vertex colour, tex coords, blend mode) taken from the same texture quad a Texture makes.
use crate::arena::UiState;
use crate::draw::texture;
use crate::draw::RegionCtx;
use crate::draw::Viewport;
use crate::line::end_point;

use wowsim_render::{DrawItem, LineQuad};

/// The drawing of a Line (None without both end points or anything to draw).
pub fn line(ui: &mut UiState, vp: &Viewport, ctx: &RegionCtx) -> Option<DrawItem> {
    let a = end_point(ui, ctx.id, 0)?;
    let b = end_point(ui, ctx.id, 1)?;
    let f = ctx.scale * vp.px_per_unit;
    let h = vp.height as f32;
    let px = |p: (f32, f32)| [p.0 * f, h - p.1 * f];
    let thickness = ui.field_by_name(ctx.id, "thickness").as_f64() as f32 * f;
    let Some(DrawItem::Quad(q)) = texture::quad(ui, vp, ctx) else {
        return None;
    };
    Some(DrawItem::Line(LineQuad {
        from: px(a),
        to: px(b),
        thickness,
        source: q.source,
        uv: q.uv,
        wrap: q.wrap,
        color: q.colors[0],
        blend: q.blend,
        clip: ctx.clip,
    }))
}
