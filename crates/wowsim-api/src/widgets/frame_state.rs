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
pub use wowsim_ui::frame_state::*;

use super::fields::FieldVal;
use super::frame_strata::effective_level;
use super::region::rect_of;
use super::types;
use super::util::{
    arg, get_field, install_methods, need_num, num, ret, self_id, set_field, string, truthy,
    with_ui, with_ui_mut, Method,
};
use super::{obj_id, object_table};
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, ObjectLike, Value};
use wowsim_data::{MethodImpl, ProductData};
use wowsim_lua::lua_error;

mod methods;
use methods::*;

fn layer_arg(lua: &Lua, a: &MultiValue, usage: &str) -> mlua::Result<&'static str> {
    let s = string(&arg(a, 1)).unwrap_or_default().to_ascii_uppercase();
    LAYERS
        .iter()
        .find(|l| **l == s)
        .copied()
        .ok_or_else(|| lua_error(lua, format_args!("Usage: {usage}")))
}

fn set_layer(lua: &Lua, id: u32, layer: &str, on: bool) {
    set_field(
        lua,
        id,
        &format!("drawLayerOff{layer}"),
        FieldVal::Bool(!on),
    );
}

fn bool_field(lua: &Lua, id: u32, f: &str) -> bool {
    get_field(lua, id, f) == FieldVal::Bool(true)
}

fn rolesets(lua: &Lua, id: u32) -> Vec<String> {
    match get_field(lua, id, "rolesets") {
        FieldVal::Str(s) => s
            .split([',', ' '])
            .filter(|r| !r.is_empty())
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

fn set_rolesets(lua: &Lua, id: u32, list: &[String]) {
    set_field(lua, id, "rolesets", FieldVal::Str(list.join(",")));
}

/// Frame methods.
pub const FRAME: &[(&str, &str, Method)] = &[
    ("Frame", "LockHighlight", lock_highlight),
    ("Frame", "UnlockHighlight", unlock_highlight),
    ("Frame", "SetHighlightLocked", set_highlight_locked),
    ("Frame", "IsHighlightLocked", is_highlight_locked),
    ("Frame", "EnableDrawLayer", enable_draw_layer),
    ("Frame", "DisableDrawLayer", disable_draw_layer),
    ("Frame", "SetDrawLayerEnabled", set_draw_layer_enabled),
    ("Frame", "IsDrawLayerEnabled", is_draw_layer_enabled),
    ("Frame", "EnableGamePadButton", enable_game_pad_button),
    (
        "Frame",
        "IsGamePadButtonEnabled",
        is_game_pad_button_enabled,
    ),
    ("Frame", "EnableGamePadStick", enable_game_pad_stick),
    ("Frame", "IsGamePadStickEnabled", is_game_pad_stick_enabled),
    ("Frame", "SetIsFrameBuffer", set_is_frame_buffer),
    ("Frame", "IsFrameBuffer", is_frame_buffer),
    // There are no OS windows inside the game UI: always nil, as in the client.
    ("Frame", "GetWindow", get_window),
    ("Frame", "SetWindow", set_window),
    (
        "Frame",
        "GetEffectivelyFlattensRenderLayers",
        get_effectively_flattens_render_layers,
    ),
    ("Frame", "SetRolesets", frame_set_rolesets),
    ("Frame", "AddRoleset", add_roleset),
    ("Frame", "RemoveRoleset", remove_roleset),
    ("Frame", "GetRolesetNames", get_roleset_names),
    ("Frame", "IsRolesetFiltered", is_roleset_filtered),
    ("Frame", "GetHighestFrameLevel", get_highest_frame_level),
    // The level `Raise` would give: one above the highest frame of the strata.
    ("Frame", "GetRaisedFrameLevel", get_raised_frame_level),
    ("Frame", "GetBoundsRect", get_bounds_rect),
    ("Frame", "ResizeToBoundsRect", resize_to_bounds_rect),
    ("Frame", "SetResizeBounds", set_resize_bounds),
    ("Frame", "SetAlphaGradient", set_alpha_gradient),
    ("Frame", "ClearAlphaGradient", clear_alpha_gradient),
    ("Frame", "HasAlphaGradient", has_alpha_gradient),
    // Sets the desaturation of every texture of the frame's hierarchy.
    ("Frame", "DesaturateHierarchy", desaturate_hierarchy),
    // Rotates the frame's own textures (as `Texture:SetRotation` each).
    ("Frame", "RotateTextures", rotate_textures),
    // Ends a drag of this frame without OnDragStop (the client cancels it).
    ("Frame", "AbortDrag", abort_drag),
    // Attributes are never locked: there is no combat lockdown in the simulator.
    ("Frame", "CanChangeAttribute", can_change_attribute),
];

/// Region methods.
pub const REGION: &[(&str, &str, Method)] = &[
    // No combat lockdown: everything may be changed (`IsProtected` is in `frame.rs`).
    (
        "Region",
        "CanChangeProtectedState",
        can_change_protected_state,
    ),
    ("Region", "IsAnchoringRestricted", is_anchoring_restricted),
    ("Region", "IsAnchoringSecret", is_anchoring_secret),
    ("Region", "IsObjectLoaded", is_object_loaded),
    // Collapsed = it has no size (nothing resolves its rect, or the rect is empty).
    ("Region", "IsCollapsed", is_collapsed),
    (
        "Region",
        "SetPropagateMouseClicks",
        set_propagate_mouse_clicks,
    ),
    (
        "Region",
        "CanPropagateMouseClicks",
        can_propagate_mouse_clicks,
    ),
    (
        "Region",
        "SetPropagateMouseMotion",
        set_propagate_mouse_motion,
    ),
    (
        "Region",
        "CanPropagateMouseMotion",
        can_propagate_mouse_motion,
    ),
    // `SetPassThroughButtons("LeftButton", "RightButton", ...)`; none clears the list.
    ("Region", "SetPassThroughButtons", set_pass_through_buttons),
    (
        "Region",
        "ShouldButtonPassThrough",
        should_button_pass_through,
    ),
    ("Region", "Intersects", intersects),
    // Alphas are 0..255 here (the client's defaults are 255 and 0).
    ("Region", "SetAlphaFromBoolean", set_alpha_from_boolean),
    ("Region", "ClearScripts", clear_scripts),
];

/// Methods of Button, FontString, StatusBar and Slider.
pub const OTHERS: &[(&str, &str, Method)] = &[
    ("Button", "GetTextWidth", get_text_width),
    ("Button", "GetTextHeight", get_text_height),
    // The buttons the frame takes mouse presses for ("LeftButton", "RightButton", ...).
    ("Button", "RegisterForMouse", register_for_mouse),
    ("FontString", "GetWrappedWidth", get_wrapped_width),
    (
        "FontString",
        "GetUnboundedStringWidthForText",
        get_unbounded_string_width_for_text,
    ),
    ("FontString", "SetTextToFit", set_text_to_fit),
    ("FontString", "SetFixedColor", set_fixed_color),
    (
        "FontString",
        "SetDesaturateEmbeddedTextures",
        set_desaturate_embedded_textures,
    ),
    (
        "FontString",
        "ClearAlphaGradient",
        font_string_clear_alpha_gradient,
    ),
    ("StatusBar", "SetColorFill", set_color_fill),
    // Values are set at once (no interpolation): the interpolated value is the value.
    ("StatusBar", "GetInterpolatedValue", get_interpolated_value),
    ("StatusBar", "IsInterpolating", is_interpolating),
    ("StatusBar", "SetToTargetValue", set_to_target_value),
    ("Slider", "IsDraggingThumb", is_dragging_thumb),
];

/// Installs the methods of this file, and `Button:Clear*Texture` for each state texture the
/// reference has a `Set*Texture` for (the texture is hidden and forgotten).
pub fn install(lua: &Lua, d: &'static ProductData) -> mlua::Result<()> {
    let enumerate = lua.create_function(|lua, cur: Value| {
        let start = match &cur {
            Value::Nil => 0,
            v => obj_id(lua, v, "EnumerateFrames")? + 1,
        };
        let next = with_ui(lua, |ui| {
            (start..ui.objects.len() as u32).find(|i| is_frame(ui, *i))
        });
        super::util::obj_value(lua, next)
    })?;
    lua.globals().raw_set("EnumerateFrames", enumerate)?;
    install_methods(lua, FRAME)?;
    install_methods(lua, REGION)?;
    install_methods(lua, OTHERS)?;
    for o in d.uiobjects() {
        for m in &o.methods {
            let Some(state) = m
                .name
                .strip_prefix("Clear")
                .and_then(|s| s.strip_suffix("Texture"))
            else {
                continue;
            };
            let Some(set) = o.method(&format!("Set{state}Texture")) else {
                continue;
            };
            let Some(MethodImpl::SetTexture(si)) = &set.impl_ else {
                continue;
            };
            let field: &'static str = si.field.as_str();
            let method: &'static str = m.name.as_str();
            let f = host_fn(lua, move |lua, a: MultiValue| {
                let id = self_id(lua, &a, method)?;
                if let FieldVal::Obj(t) = get_field(lua, id, field) {
                    super::texture::set_texture(lua, t, &Value::Nil);
                    super::frame::set_shown(lua, t, false)?;
                }
                set_field(lua, id, field, FieldVal::Nil);
                ret(lua, ())
            })?;
            super::add_method(lua, &o.name, method, f)?;
        }
    }
    Ok(())
}
