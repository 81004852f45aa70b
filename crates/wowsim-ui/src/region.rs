//! Region geometry through `wowsim-layout`: anchors, sizes, rects, scale, alpha, mouse flags,
//! and OnSizeChanged. Rects are in the region's own units (the client's `GetLeft` etc.).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetPoint`, `SetAllPoints`, `ClearAllPoints`, `ClearPoint`, `AdjustPointsOffset` | [`set_point`], [`set_all_points`] |
//! | `GetPoint`, `GetPointByName`, `GetNumPoints` | [`get_point`] |
//! | `SetSize`, `SetWidth`, `SetHeight`, `GetSize`, `GetWidth`, `GetHeight` | [`size_of`] |
//! | `GetLeft`, `GetRight`, `GetTop`, `GetBottom`, `GetCenter`, `GetRect`, `GetScaledRect`, `IsRectValid` | [`install`] |
//! | `SetScale`, `GetScale`, `GetEffectiveScale`, `SetAlpha`, `GetEffectiveAlpha` | [`install`] |
//! | `EnableMouse`, `IsMouseEnabled`, `SetClampedToScreen`, `SetClampRectInsets`, `GetClampRectInsets` | [`install`] |
//! | OnSizeChanged (fired after layout changes, once per tick) | [`flush_size_changes`] |
use crate::arena::UiState;
use crate::fields::FieldVal;
use crate::util::display_name;
use wowsim_layout::{Anchor, AnchorPoint, NodeId, Rect};

pub fn node_of(ui: &UiState, id: u32) -> Option<NodeId> {
    ui.get(id).and_then(|o| o.node)
}

pub(crate) fn type_name_of(ui: &UiState, id: u32) -> &'static str {
    ui.get(id)
        .map(|o| super::types::TYPES[o.type_index].object_type)
        .unwrap_or("Region")
}

/// The rect of an object, resolving anchors (None without anchors or an unknown node).
pub fn rect_of(ui: &mut UiState, id: u32) -> Option<Rect> {
    let n = node_of(ui, id)?;
    super::font_string::flush_text(ui);
    ui.layout.compute_frame_rect(n)
}

/// `GetSize`: the resolved rect's size, else the explicit size (0 for unset axes).
pub fn size_of(ui: &mut UiState, id: u32, ignore_rect: bool) -> (f32, f32) {
    let Some(n) = node_of(ui, id) else {
        return (0.0, 0.0);
    };
    if !ignore_rect {
        super::font_string::flush_text(ui);
        if let Some(r) = ui.layout.compute_frame_rect(n) {
            return (r.width, r.height);
        }
    }
    let (w, h) = ui.layout.size(n);
    (w.unwrap_or(0.0), h.unwrap_or(0.0))
}

/// [`apply`] inside a borrow of the UI state: the client's message for a refused anchor.
pub fn apply_in(
    ui: &mut UiState,
    id: u32,
    verb: &str,
    f: impl FnOnce(&mut UiState, NodeId) -> Result<(), wowsim_layout::AnchorError>,
) -> Option<String> {
    let n = node_of(ui, id)?;
    let e = f(ui, n).err()?;
    let from = format!("{}:{verb}", type_name_of(ui, id));
    Some(e.client_message(&from, |node| {
        let owner = ui
            .node_owner
            .get(node.0 as usize)
            .copied()
            .unwrap_or(u32::MAX);
        display_name(ui, owner)
    }))
}

/// A point name as `SetPoint` takes it (None: not one).
pub fn parse_point_bytes(b: &[u8]) -> Option<AnchorPoint> {
    std::str::from_utf8(b).ok().and_then(AnchorPoint::parse)
}

/// `SetPoint(point, x, y)` inside a borrow: anchored to the parent; the client's message for a
/// refused anchor.
pub fn set_point_offset_in(
    ui: &mut UiState,
    id: u32,
    point: AnchorPoint,
    x: f32,
    y: f32,
) -> Option<String> {
    apply_in(ui, id, "SetPoint", |ui, n| {
        let rel = ui.get(id).and_then(|o| o.parent);
        let rel_node = rel.and_then(|r| node_of(ui, r));
        ui.layout
            .set_point(n, Anchor::with(point, rel_node, point, x, y))
    })
}

/// [`set_size_axes`] inside a borrow.
pub fn set_size_axes_in(ui: &mut UiState, id: u32, w: Option<Option<f64>>, h: Option<Option<f64>>) {
    let Some(n) = node_of(ui, id) else { return };
    let (ow, oh) = ui.layout.size(n);
    let pick = |new: Option<Option<f64>>, old: Option<f32>| match new {
        Some(v) => v.map(|v| v as f32).filter(|v| *v > 0.0),
        None => old,
    };
    let (nw, nh) = (pick(w, ow), pick(h, oh));
    if (nw, nh) == (ow, oh) {
        return;
    }
    ui.layout.set_size(n, nw, nh);
    // The text is measured wrapped at the explicit width.
    if ui.get(id).map(|o| o.text_measure) == Some(super::TextMeasure::Current) {
        super::font_string::mark_stale(ui, id);
    }
}

/// Product of the alphas up the parent chain (stopping at a region that ignores its parent's).
pub fn effective_alpha(ui: &mut UiState, id: u32) -> f64 {
    let mut a = 1.0;
    let mut cur = Some(id);
    while let Some(c) = cur {
        a *= ui.field_by_name(c, "alpha").as_f64() * super::animation_effect::alpha_factor(ui, c);
        if ui.field_by_name(c, "isIgnoringParentAlpha") == FieldVal::Bool(true) {
            break;
        }
        cur = ui.get(c).and_then(|o| o.parent);
    }
    a
}
