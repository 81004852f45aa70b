//! Line (`CreateLine`): a texture drawn as a band between two points, each a point of a
//! relative region plus an offset. The thickness and texture are the reference's generic
//! fields and TextureBase's methods; this file keeps the two end points. Drawing reads them
//! through [`end_point`].
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetStartPoint(relativePoint [, relativeTo] [, x, y])`, `SetEndPoint(...)` | [`install`] |
//! | `GetStartPoint()`, `GetEndPoint()` | [`install`] |
//! | `SetThickness`, `GetThickness` (default 4) | generic (`fields`) |
use crate::arena::UiState;
use crate::fields::FieldVal;
use crate::region::rect_of;
use wowsim_layout::AnchorPoint;

/// Field names of the start (`0`) and end (`1`) point: point, relative region, x, y.
pub const FIELDS: [[&str; 4]; 2] = [
    [
        "lineStartPoint",
        "lineStartRelative",
        "lineStartX",
        "lineStartY",
    ],
    ["lineEndPoint", "lineEndRelative", "lineEndX", "lineEndY"],
];

/// An end point of a line in the line's own units (y up), if it is set and its relative
/// region has a rect. `which`: 0 = start, 1 = end.
pub(crate) fn end_point(ui: &mut UiState, id: u32, which: usize) -> Option<(f32, f32)> {
    let [p, r, x, y] = FIELDS[which];
    let FieldVal::Str(point) = ui.field_by_name(id, p) else {
        return None;
    };
    let point = AnchorPoint::parse(&point)?;
    let FieldVal::Obj(rel) = ui.field_by_name(id, r) else {
        return None;
    };
    let (dx, dy) = (
        ui.field_by_name(id, x).as_f64() as f32,
        ui.field_by_name(id, y).as_f64() as f32,
    );
    let rr = rect_of(ui, rel)?;
    let rel_scale = ui.get(rel)?.node.map(|n| ui.layout.effective_scale(n))?;
    let own_scale = ui.get(id)?.node.map(|n| ui.layout.effective_scale(n))?;
    let (px, py) = rr.point(point);
    let k = rel_scale / own_scale.max(1e-6);
    Some((px * k + dx, py * k + dy))
}
