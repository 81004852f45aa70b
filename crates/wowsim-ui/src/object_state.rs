//! Region, Frame and UIObject methods the other files leave: an offset added to every anchor,
//! where an object was created, event callbacks, attribute snippets, handing a drag over,
//! forbidden aspects and resetting an object to its type's initial values.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `Region:SetPointsOffset(x, y)`, `ClearPointsOffset` | [`install`]: the offset is added to every anchor (replacing the previous one), so `GetPoint` and the rect include it |
//! | `Region:GetSourceLocation` | the `file:line` that created the object (the XML element, or the Lua line that called `CreateFrame`/`Create*`), kept by `record_source` |
//! | `Frame:RegisterEventCallback(event, cb)`, `RegisterUnitEventCallback(event, cb, units...)` | callbacks kept Lua-side (`events::CALLBACKS_KEY`), called after OnEvent as `cb(frame, ...)`; an unknown event is the `RegisterEvent` error |
//! | `Frame:ExecuteAttribute(name, ...)` | runs the attribute's snippet (a string body with `self` and the arguments, or a function): true and its results; false when the attribute is no snippet or raises |
//! | `Frame:InterceptStartDrag(delegate)` | true and the drag moves to `delegate` while `self` is being dragged; false otherwise |
//! | `UIObject:GetInheritableForbiddenAspects(path)` | 0: nothing is forbidden (taint is not modelled) |
//! | `UIObject:SetToDefaults` | drops the fields the object set (back to the type's initial values: mouse flags, propagation, button state, as Blizzard's MenuTemplates.lua comments say it wipes); name, id, parent, children and anchors stay |

pub const OFFSET_X: &str = "region.pointsOffsetX";
pub const OFFSET_Y: &str = "region.pointsOffsetY";
pub const SOURCE: &str = "region.sourceLocation";

/// The file names of creation places, interned (VM app data): an object keeps one number,
/// `file index * 2^24 + line`, so recording costs no allocation per object.
#[derive(Default)]
pub struct SourceFiles {
    pub names: Vec<String>,
    pub index: rustc_hash::FxHashMap<String, u32>,
}

pub const LINE_BITS: f64 = 16_777_216.0;
