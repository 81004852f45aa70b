//! Frame and Region state methods beyond layout and the event loop: highlight lock, draw layers
//! switched off, game pad flags, rolesets, bounds, protection answers, mouse propagation and
//! pass-through buttons. Each keeps its state in the object's field store, so a getter returns
//! what its setter set. The other types' small state methods (Button, FontString, StatusBar,
//! Slider) live here too, in their own tables.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `LockHighlight`, `UnlockHighlight`, `SetHighlightLocked`, `IsHighlightLocked` (field `highlightLocked`; the HIGHLIGHT layer draws) | [`FRAME`] |
//! | `EnableDrawLayer`, `DisableDrawLayer`, `SetDrawLayerEnabled`, `IsDrawLayerEnabled` ([`layer_enabled`], used by `draw`) | [`FRAME`] |
//! | `EnableGamePadButton`/`Stick`, `IsGamePadButtonEnabled`/`Stick`, `SetIsFrameBuffer`, `IsFrameBuffer`, `Get/SetWindow` | [`FRAME`] |
//! | `SetRolesets`, `AddRoleset`, `RemoveRoleset`, `GetRolesetNames`, `IsRolesetFiltered` | [`FRAME`] |
//! | `GetHighestFrameLevel`, `GetRaisedFrameLevel`, `GetBoundsRect`, `ResizeToBoundsRect`, `SetResizeBounds` | [`FRAME`] |
//! | `SetAlphaGradient`, `ClearAlphaGradient`, `HasAlphaGradient`, `DesaturateHierarchy`, `RotateTextures`, `AbortDrag`, `CanChangeAttribute` | [`FRAME`] |
//! | `IsProtected`, `CanChangeProtectedState`, `IsAnchoringRestricted`, `IsAnchoringSecret`, `IsObjectLoaded`, `IsCollapsed` | [`REGION`] |
//! | `SetPropagateMouseClicks`/`Motion`, `CanPropagateMouseClicks`/`Motion`, `SetPassThroughButtons`, `ShouldButtonPassThrough` | [`REGION`] |
//! | `Intersects`, `SetAlphaFromBoolean`, `ClearScripts` | [`REGION`] |
//! | `EnumerateFrames([frame])`: the next frame in creation order | [`install`] |
//! | `Button:GetTextWidth`/`Height`, `RegisterForMouse`, `Clear{Normal,Pushed,Highlight,Disabled}Texture` | [`OTHERS`], [`install`] |
//! | `FontString:GetWrappedWidth`, `GetUnboundedStringWidthForText`, `SetTextToFit`, `SetFixedColor`, alpha gradient | [`OTHERS`] |
//! | `StatusBar:SetColorFill`, `GetInterpolatedValue`, `IsInterpolating`, `SetToTargetValue`; `Slider:IsDraggingThumb` | [`OTHERS`] |
use crate::arena::UiState;
use crate::fields::FieldVal;
use crate::region::rect_of;
use crate::types;

/// The draw layers a frame can switch off.
pub const LAYERS: [&str; 5] = ["BACKGROUND", "BORDER", "ARTWORK", "OVERLAY", "HIGHLIGHT"];

/// Whether a frame draws its regions of `layer` (`DisableDrawLayer` switches one off).
pub fn layer_enabled(ui: &mut UiState, frame: u32, layer: &str) -> bool {
    ui.field_by_name(frame, &format!("drawLayerOff{layer}")) != FieldVal::Bool(true)
}

pub fn descendants(ui: &UiState, id: u32, all: bool, out: &mut Vec<u32>) {
    let Some(o) = ui.get(id) else { return };
    for &c in &o.children {
        out.push(c);
        if all {
            descendants(ui, c, all, out);
        }
    }
}

pub fn is_frame(ui: &UiState, id: u32) -> bool {
    ui.get(id)
        .is_some_and(|o| types::inherits_from(o.type_index, "Frame"))
}

/// The union of the rects of a frame and its shown descendants: (left, bottom, width, height).
pub fn bounds(ui: &mut UiState, id: u32) -> Option<(f32, f32, f32, f32)> {
    let mut ids = vec![id];
    descendants(ui, id, true, &mut ids);
    let mut acc: Option<(f32, f32, f32, f32)> = None;
    for c in ids {
        if c != id && !ui.is_visible(c) {
            continue;
        }
        let Some(r) = rect_of(ui, c) else { continue };
        let (l, b, rr, t) = (r.left, r.bottom, r.left + r.width, r.bottom + r.height);
        acc = Some(match acc {
            None => (l, b, rr, t),
            Some((l0, b0, r0, t0)) => (l0.min(l), b0.min(b), r0.max(rr), t0.max(t)),
        });
    }
    acc.map(|(l, b, r, t)| (l, b, r - l, t - b))
}
