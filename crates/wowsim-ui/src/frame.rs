//! `CreateFrame` and the methods of ScriptObject, Region and Frame that the event loop needs:
//! names, parents, scripts, visibility, events.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `CreateFrame(type, name, parent, template, id)` | [`create_frame`] |
//! | `GetName`, `GetObjectType`, `IsObjectType`, `IsForbidden` | [`install`] |
//! | `SetScript`, `GetScript`, `HookScript`, `HasScript` | [`install`] |
//! | `Show`, `Hide`, `SetShown`, `IsShown`, `IsVisible`; EditBox `autoFocus` on show, focus lost on hide | [`set_shown`] |
//! | `GetParent`, `SetParent`, `GetChildren`, `GetNumChildren`, `GetRegions` | [`install`] |
//! | `SetParentKey(key, clearOtherKeys)`, `GetParentKey`, `ClearParentKey` | [`install`]: `parent[key] = self` |
//! | `RegisterEvent`, `UnregisterEvent`, `UnregisterAllEvents`, `RegisterAllEvents`, `RegisterUnitEvent`, `IsEventRegistered` | `crate::events` |
//! | `SetID`, `GetID` | [`install`] |
use crate::arena::UiState;
use crate::types;

/// The [`super::ObjectData::script_flags`] bit of the script that showing (or hiding) fires.
pub fn script_bit(shown: bool) -> u8 {
    if shown {
        super::SCRIPT_ON_SHOW
    } else {
        super::SCRIPT_ON_HIDE
    }
}

/// [`set_shown`] when it runs no Lua: no object whose visibility changes has (had) an
/// OnShow/OnHide handler or is an EditBox (autofocus; the keyboard focus is always one). False,
/// with nothing changed, otherwise.
pub fn set_shown_quiet(ui: &mut UiState, id: u32, shown: bool) -> bool {
    let Some(o) = ui.get(id) else { return false };
    if o.shown == shown {
        return true;
    }
    let bit = script_bit(shown);
    let parent_visible = o.parent.is_none_or(|p| ui.is_visible(p));
    if parent_visible && !quiet_subtree(ui, id, bit) {
        return false;
    }
    ui.set_shown_flag(id, shown);
    true
}

/// Whether none of the objects [`visibility_order`] lists for `id` has script flag `bit` or is
/// an EditBox.
pub(crate) fn quiet_subtree(ui: &UiState, id: u32, bit: u8) -> bool {
    let quiet = |o: &super::ObjectData| {
        o.script_flags & bit == 0 && !types::TYPES[o.type_index].is_edit_box
    };
    let Some(o) = ui.get(id) else { return true };
    quiet(o)
        && o.children.iter().all(|k| match ui.get(*k) {
            Some(c) if c.shown && types::TYPES[c.type_index].is_frame => quiet_subtree(ui, *k, bit),
            Some(c) if c.shown => quiet(c),
            _ => true,
        })
}

/// The order in which the client fires OnShow/OnHide when `id` and its shown descendants change
/// visibility: each frame's own shown regions first (creation order), then its shown child
/// frames, each the same way, then the frame itself, as the client does (wowless's in-client
/// test "OnShow order between frame children and regions, recursively": r1, k, r2, m, p).
/// Blizzard's code relies on it: `CommunitiesFrame`'s OnShow scrolls its list, whose data
/// provider the list's own OnShow sets.
pub fn visibility_order(ui: &UiState, id: u32, out: &mut Vec<u32>) {
    if let Some(o) = ui.get(id) {
        let shown = |k: &u32| ui.get(*k).is_some_and(|k| k.shown);
        let is_frame = |k: &u32| {
            ui.get(*k)
                .is_some_and(|k| types::TYPES[k.type_index].is_frame)
        };
        out.extend(o.children.iter().filter(|k| shown(k) && !is_frame(k)));
        for k in o.children.iter().filter(|k| shown(k) && is_frame(k)) {
            visibility_order(ui, *k, out);
        }
    }
    out.push(id);
}
