//! Hit testing: which frame the cursor is over. Candidates are visible frames whose mouse flag
//! for the purpose is on (click, motion, wheel or keyboard); the topmost wins, in the order
//! the client draws (strata, then frame level, then tree order, later on top). A frame's hit
//! rect is its rect shrunk by `SetHitRectInsets` (negative insets grow it), cut by every
//! ancestor that clips its children (`SetClipsChildren`, scroll frames), as drawing is: a child
//! scrolled out of view is not hit.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | the mouse focus / click target / wheel target | [`topmost_at`] |
//! | the frames that have the mouse, through frames that propagate motion | [`foci_at`] |
//! | keyboard-enabled frames, topmost first (key propagation order) | [`stacked`] |
//! | `Region:IsMouseOver(top, bottom, left, right)` | [`is_over`] |
//! | `SetPassThroughButtons`: presses of those buttons go to the frame below | [`press_chain`] |
//! | `SetPropagateMouseClicks`: a press goes on to the frame below too | [`press_chain`] |
use crate::arena::UiState;
use crate::fields::FieldVal;
use crate::frame_strata::effective_level;
use crate::frame_strata::effective_strata;
use crate::region::rect_of;
use crate::types::inherits_from;

/// What a frame must have enabled to be a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Click,
    Motion,
    /// Either click or motion (the frame "has the mouse"; used for the focus list).
    Any,
    Wheel,
    Keyboard,
}

fn flag(ui: &mut UiState, id: u32, name: &str) -> bool {
    ui.field_by_name(id, name) == FieldVal::Bool(true)
}

/// Whether a frame takes part for `purpose`.
pub(crate) fn enabled_for(ui: &mut UiState, id: u32, purpose: Purpose) -> bool {
    match purpose {
        Purpose::Click => flag(ui, id, "mouseClickEnabled"),
        Purpose::Motion => flag(ui, id, "mouseMotionEnabled"),
        Purpose::Any => flag(ui, id, "mouseClickEnabled") || flag(ui, id, "mouseMotionEnabled"),
        Purpose::Wheel => flag(ui, id, "mouseWheelEnabled"),
        Purpose::Keyboard => flag(ui, id, "keyboardEnabled"),
    }
}

/// Frames in tree order (roots in creation order, parents before children).
fn tree_order(ui: &UiState) -> Vec<u32> {
    let mut out = Vec::new();
    let mut stack: Vec<u32> = (0..ui.objects.len() as u32)
        .rev()
        .filter(|&i| ui.objects[i as usize].parent.is_none())
        .collect();
    while let Some(id) = stack.pop() {
        let Some(o) = ui.get(id) else { continue };
        if !inherits_from(o.type_index, "Frame") || !o.shown {
            continue;
        }
        out.push(id);
        stack.extend(o.children.iter().rev().copied());
    }
    out
}

/// Visible frames enabled for `purpose`, topmost first.
pub fn stacked(ui: &mut UiState, purpose: Purpose) -> Vec<u32> {
    let order = tree_order(ui);
    let mut v: Vec<(u8, i32, usize, u32)> = Vec::new();
    for (i, id) in order.into_iter().enumerate() {
        if enabled_for(ui, id, purpose) {
            v.push((effective_strata(ui, id), effective_level(ui, id), i, id));
        }
    }
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.into_iter().map(|t| t.3).collect()
}

/// Whether the cursor (UI units at scale 1) is inside a frame's rect grown by the offsets
/// (own units: top, bottom, left, right, as `IsMouseOver` takes them).
pub fn is_over(ui: &mut UiState, id: u32, cursor: (f32, f32), off: [f32; 4]) -> bool {
    let Some(r) = rect_of(ui, id) else {
        return false;
    };
    let Some(n) = ui.get(id).and_then(|o| o.node) else {
        return false;
    };
    let s = ui.layout.effective_scale(n).max(1e-6);
    let (x, y) = (cursor.0 / s, cursor.1 / s);
    let [t, b, l, rt] = off;
    x >= r.left + l
        && x <= r.left + r.width + rt
        && y >= r.bottom + b
        && y <= r.bottom + r.height + t
}

/// Whether a frame clips what its children draw (and so where they can be hit).
fn clips_children(ui: &mut UiState, id: u32) -> bool {
    ui.field_by_name(id, "clipsChildren") == FieldVal::Bool(true)
        || ui
            .get(id)
            .is_some_and(|o| crate::types::TYPES[o.type_index].name == "ScrollFrame")
}

/// Whether the cursor is inside every ancestor of `id` that clips its children.
fn inside_ancestor_clips(ui: &mut UiState, id: u32, cursor: (f32, f32)) -> bool {
    let mut cur = ui.get(id).and_then(|o| o.parent);
    while let Some(c) = cur {
        if clips_children(ui, c) && !is_over(ui, c, cursor, [0.0; 4]) {
            return false;
        }
        cur = ui.get(c).and_then(|o| o.parent);
    }
    true
}

/// Whether the cursor is inside the frame's hit rect (rect minus `SetHitRectInsets`, cut by
/// the ancestors that clip their children).
pub(crate) fn in_hit_rect(ui: &mut UiState, id: u32, cursor: (f32, f32)) -> bool {
    let ins = ["hitLeft", "hitRight", "hitTop", "hitBottom"]
        .map(|f| ui.field_by_name(id, f).as_f64() as f32);
    is_over(ui, id, cursor, [-ins[2], ins[3], ins[0], -ins[1]])
        && inside_ancestor_clips(ui, id, cursor)
}

/// The topmost visible frame enabled for `purpose` whose hit rect holds the cursor.
pub fn topmost_at(ui: &mut UiState, cursor: (f32, f32), purpose: Purpose) -> Option<u32> {
    stacked(ui, purpose)
        .into_iter()
        .find(|&id| in_hit_rect(ui, id, cursor))
}

/// The frames that have the mouse for `purpose`: the topmost whose hit rect holds the cursor,
/// then, while a frame propagates motion (`SetPropagateMouseMotion`), the next one below.
pub fn foci_at(ui: &mut UiState, cursor: (f32, f32), purpose: Purpose) -> Vec<u32> {
    let mut out = Vec::new();
    for id in stacked(ui, purpose) {
        if !in_hit_rect(ui, id, cursor) {
            continue;
        }
        out.push(id);
        if ui.field_by_name(id, "propagateMouseMotion") != FieldVal::Bool(true) {
            break;
        }
    }
    out
}

/// Whether a frame lets presses of `button` through (`SetPassThroughButtons`).
pub(crate) fn passes_through(ui: &mut UiState, id: u32, button: &str) -> bool {
    match ui.field_by_name(id, "passThroughButtons") {
        crate::fields::FieldVal::Str(s) => s
            .split(',')
            .any(|b| b.eq_ignore_ascii_case(button) || b.eq_ignore_ascii_case("AnyButton")),
        _ => false,
    }
}

/// The frames a press of `button` goes to: the topmost click-enabled frame under the cursor
/// that does not pass that button through (`SetPassThroughButtons`), then, while a frame
/// propagates clicks (`SetPropagateMouseClicks`), the next click-enabled frame below whose hit
/// rect holds the cursor (frames that pass the button through are skipped, as for the first).
pub fn press_chain(ui: &mut UiState, cursor: (f32, f32), button: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for id in stacked(ui, Purpose::Click) {
        if !in_hit_rect(ui, id, cursor) || passes_through(ui, id, button) {
            continue;
        }
        out.push(id);
        if ui.field_by_name(id, "propagateMouseClicks") != FieldVal::Bool(true) {
            break;
        }
    }
    out
}

/// The topmost visible frame whose rect holds the cursor, mouse-enabled or not (the
/// inspector's "frame under the mouse").
pub fn topmost_visible_at(ui: &mut UiState, cursor: (f32, f32)) -> Option<u32> {
    let order = tree_order(ui);
    let mut v: Vec<(u8, i32, usize, u32)> = order
        .into_iter()
        .enumerate()
        .map(|(i, id)| (effective_strata(ui, id), effective_level(ui, id), i, id))
        .collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.into_iter()
        .map(|t| t.3)
        .find(|&id| is_over(ui, id, cursor, [0.0; 4]))
}

#[cfg(test)]
mod tests {
    #[test]
    fn insets_shrink_the_rect() {
        // left/right/top/bottom insets → (top, bottom, left, right) offsets of IsMouseOver
        let ins = [1.0f32, 2.0, 3.0, 4.0];
        let off = [-ins[2], ins[3], ins[0], -ins[1]];
        assert_eq!(off, [-3.0, 4.0, 1.0, -2.0]);
    }
}
