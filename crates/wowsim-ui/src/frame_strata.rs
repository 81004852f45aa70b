//! Frame strata and levels (draw order), clipping, and frame attributes.
//! A frame's strata is its own `SetFrameStrata` value, else its parent's, else MEDIUM; its
//! level is its own `SetFrameLevel` value, else its parent's level + 1 (0 for a root).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetFrameStrata`, `GetFrameStrata` | [`effective_strata`] |
//! | `SetFrameLevel`, `GetFrameLevel`, `Raise`, `Lower` | [`effective_level`] |
//! | `SetClipsChildren`, `DoesClipChildren` | [`install`] |
//! | `SetAttribute`, `SetAttributeNoHandler`, `GetAttribute`, `ClearAttribute` (OnAttributeChanged) | [`set_attribute`] |
use crate::arena::UiState;
use crate::types;

/// Every strata, bottom to top.
pub const STRATA: [&str; 10] = [
    "WORLD",
    "BACKGROUND",
    "LOW",
    "MEDIUM",
    "HIGH",
    "DIALOG",
    "FULLSCREEN",
    "FULLSCREEN_DIALOG",
    "TOOLTIP",
    "BLIZZARD",
];
pub(crate) const MEDIUM: u8 = 3;

/// The strata index a frame draws in.
pub fn effective_strata(ui: &UiState, id: u32) -> u8 {
    let mut cur = Some(id);
    while let Some(c) = cur {
        let Some(o) = ui.get(c) else { break };
        if let Some(s) = o.strata {
            return s;
        }
        cur = o.parent;
    }
    MEDIUM
}

/// The frame level.
pub fn effective_level(ui: &UiState, id: u32) -> i32 {
    let mut add = 0;
    let mut cur = Some(id);
    while let Some(c) = cur {
        let Some(o) = ui.get(c) else { break };
        if let Some(l) = o.level {
            return l + add;
        }
        match o.parent {
            Some(p) => {
                add += 1;
                cur = Some(p);
            }
            None => return add,
        }
    }
    add
}

pub fn is_frame(ui: &UiState, id: u32) -> bool {
    ui.get(id)
        .is_some_and(|o| types::inherits_from(o.type_index, "Frame"))
}

pub(crate) fn is_descendant(ui: &UiState, id: u32, ancestor: u32) -> bool {
    let mut cur = Some(id);
    while let Some(c) = cur {
        if c == ancestor {
            return true;
        }
        cur = ui.get(c).and_then(|o| o.parent);
    }
    false
}

/// The lowest and highest levels of other frames in the same strata.
/// `Raise`: one level above the highest other frame of the frame's strata.
pub fn raise(ui: &mut UiState, id: u32) {
    let cur = effective_level(ui, id);
    if let Some((_, hi)) = level_range(ui, id) {
        if hi >= cur {
            let l = (hi + 1).min(10000);
            if let Some(o) = ui.get_mut(id) {
                o.level = Some(l);
            }
        }
    }
}

pub fn level_range(ui: &UiState, id: u32) -> Option<(i32, i32)> {
    let s = effective_strata(ui, id);
    let mut range: Option<(i32, i32)> = None;
    for other in 0..ui.objects.len() as u32 {
        if !is_frame(ui, other) || is_descendant(ui, other, id) || is_descendant(ui, id, other) {
            continue;
        }
        if effective_strata(ui, other) != s {
            continue;
        }
        let l = effective_level(ui, other);
        range = Some(range.map_or((l, l), |(lo, hi)| (lo.min(l), hi.max(l))));
    }
    range
}
