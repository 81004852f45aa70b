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
use mlua::{Lua, MultiValue, ObjectLike, Value};
use wowsim_data::{MethodImpl, ProductData};
use wowsim_lua::lua_error;

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
    ("Frame", "LockHighlight", |lua, a| {
        let id = self_id(lua, &a, "LockHighlight")?;
        set_field(lua, id, "highlightLocked", FieldVal::Bool(true));
        ret(lua, ())
    }),
    ("Frame", "UnlockHighlight", |lua, a| {
        let id = self_id(lua, &a, "UnlockHighlight")?;
        set_field(lua, id, "highlightLocked", FieldVal::Bool(false));
        ret(lua, ())
    }),
    ("Frame", "SetHighlightLocked", |lua, a| {
        let id = self_id(lua, &a, "SetHighlightLocked")?;
        set_field(
            lua,
            id,
            "highlightLocked",
            FieldVal::Bool(truthy(&arg(&a, 1))),
        );
        ret(lua, ())
    }),
    ("Frame", "IsHighlightLocked", |lua, a| {
        let id = self_id(lua, &a, "IsHighlightLocked")?;
        ret(lua, bool_field(lua, id, "highlightLocked"))
    }),
    ("Frame", "EnableDrawLayer", |lua, a| {
        let id = self_id(lua, &a, "EnableDrawLayer")?;
        let l = layer_arg(lua, &a, "Frame:EnableDrawLayer(layer)")?;
        set_layer(lua, id, l, true);
        ret(lua, ())
    }),
    ("Frame", "DisableDrawLayer", |lua, a| {
        let id = self_id(lua, &a, "DisableDrawLayer")?;
        let l = layer_arg(lua, &a, "Frame:DisableDrawLayer(layer)")?;
        set_layer(lua, id, l, false);
        ret(lua, ())
    }),
    ("Frame", "SetDrawLayerEnabled", |lua, a| {
        let id = self_id(lua, &a, "SetDrawLayerEnabled")?;
        let l = layer_arg(lua, &a, "Frame:SetDrawLayerEnabled(layer [, isEnabled])")?;
        set_layer(lua, id, l, truthy(&arg(&a, 2)));
        ret(lua, ())
    }),
    ("Frame", "IsDrawLayerEnabled", |lua, a| {
        let id = self_id(lua, &a, "IsDrawLayerEnabled")?;
        let l = layer_arg(lua, &a, "Frame:IsDrawLayerEnabled(layer)")?;
        ret(lua, with_ui_mut(lua, |ui| layer_enabled(ui, id, l)))
    }),
    ("Frame", "EnableGamePadButton", |lua, a| {
        let id = self_id(lua, &a, "EnableGamePadButton")?;
        set_field(
            lua,
            id,
            "gamePadButton",
            FieldVal::Bool(truthy(&arg(&a, 1))),
        );
        ret(lua, ())
    }),
    ("Frame", "IsGamePadButtonEnabled", |lua, a| {
        let id = self_id(lua, &a, "IsGamePadButtonEnabled")?;
        ret(lua, bool_field(lua, id, "gamePadButton"))
    }),
    ("Frame", "EnableGamePadStick", |lua, a| {
        let id = self_id(lua, &a, "EnableGamePadStick")?;
        set_field(lua, id, "gamePadStick", FieldVal::Bool(truthy(&arg(&a, 1))));
        ret(lua, ())
    }),
    ("Frame", "IsGamePadStickEnabled", |lua, a| {
        let id = self_id(lua, &a, "IsGamePadStickEnabled")?;
        ret(lua, bool_field(lua, id, "gamePadStick"))
    }),
    ("Frame", "SetIsFrameBuffer", |lua, a| {
        let id = self_id(lua, &a, "SetIsFrameBuffer")?;
        set_field(
            lua,
            id,
            "isFrameBuffer",
            FieldVal::Bool(truthy(&arg(&a, 1))),
        );
        ret(lua, ())
    }),
    ("Frame", "IsFrameBuffer", |lua, a| {
        let id = self_id(lua, &a, "IsFrameBuffer")?;
        ret(lua, bool_field(lua, id, "isFrameBuffer"))
    }),
    // There are no OS windows inside the game UI: always nil, as in the client.
    ("Frame", "GetWindow", |lua, a| {
        self_id(lua, &a, "GetWindow")?;
        ret(lua, Value::Nil)
    }),
    ("Frame", "SetWindow", |lua, a| {
        self_id(lua, &a, "SetWindow")?;
        ret(lua, ())
    }),
    ("Frame", "GetEffectivelyFlattensRenderLayers", |lua, a| {
        let id = self_id(lua, &a, "GetEffectivelyFlattensRenderLayers")?;
        let mut cur = Some(id);
        while let Some(c) = cur {
            if bool_field(lua, c, "flattensRenderLayers") {
                return ret(lua, true);
            }
            cur = with_ui(lua, |ui| ui.get(c).and_then(|o| o.parent));
        }
        ret(lua, false)
    }),
    ("Frame", "SetRolesets", |lua, a| {
        let id = self_id(lua, &a, "SetRolesets")?;
        let s = string(&arg(&a, 1)).unwrap_or_default();
        set_field(lua, id, "rolesets", FieldVal::Str(s));
        ret(lua, ())
    }),
    ("Frame", "AddRoleset", |lua, a| {
        let id = self_id(lua, &a, "AddRoleset")?;
        let r = string(&arg(&a, 1))
            .ok_or_else(|| lua_error(lua, "Usage: Frame:AddRoleset(roleset)"))?;
        let mut list = rolesets(lua, id);
        if !list.contains(&r) {
            list.push(r);
        }
        set_rolesets(lua, id, &list);
        ret(lua, ())
    }),
    ("Frame", "RemoveRoleset", |lua, a| {
        let id = self_id(lua, &a, "RemoveRoleset")?;
        let r = string(&arg(&a, 1))
            .ok_or_else(|| lua_error(lua, "Usage: Frame:RemoveRoleset(roleset)"))?;
        let mut list = rolesets(lua, id);
        list.retain(|x| *x != r);
        set_rolesets(lua, id, &list);
        ret(lua, ())
    }),
    ("Frame", "GetRolesetNames", |lua, a| {
        let id = self_id(lua, &a, "GetRolesetNames")?;
        ret(lua, lua.create_sequence_from(rolesets(lua, id))?)
    }),
    ("Frame", "IsRolesetFiltered", |lua, a| {
        let id = self_id(lua, &a, "IsRolesetFiltered")?;
        ret(lua, !rolesets(lua, id).is_empty())
    }),
    ("Frame", "GetHighestFrameLevel", |lua, a| {
        let id = self_id(lua, &a, "GetHighestFrameLevel")?;
        let all = truthy(&arg(&a, 1));
        let hi = with_ui(lua, |ui| {
            let mut ids = Vec::new();
            descendants(ui, id, all, &mut ids);
            ids.into_iter()
                .filter(|c| is_frame(ui, *c))
                .map(|c| effective_level(ui, c))
                .fold(effective_level(ui, id), i32::max)
        });
        ret(lua, hi)
    }),
    // The level `Raise` would give: one above the highest frame of the strata.
    ("Frame", "GetRaisedFrameLevel", |lua, a| {
        let id = self_id(lua, &a, "GetRaisedFrameLevel")?;
        let l = with_ui(lua, |ui| {
            let s = super::frame_strata::effective_strata(ui, id);
            let hi = (0..ui.objects.len() as u32)
                .filter(|o| *o != id && is_frame(ui, *o))
                .filter(|o| super::frame_strata::effective_strata(ui, *o) == s)
                .map(|o| effective_level(ui, o))
                .max();
            let cur = effective_level(ui, id);
            match hi {
                Some(h) if h >= cur => (h + 1).min(10000),
                _ => cur,
            }
        });
        ret(lua, l)
    }),
    ("Frame", "GetBoundsRect", |lua, a| {
        let id = self_id(lua, &a, "GetBoundsRect")?;
        match with_ui_mut(lua, |ui| bounds(ui, id)) {
            Some((l, b, w, h)) => ret(lua, (l, b, w, h)),
            None => ret(lua, ()),
        }
    }),
    ("Frame", "ResizeToBoundsRect", |lua, a| {
        let id = self_id(lua, &a, "ResizeToBoundsRect")?;
        with_ui_mut(lua, |ui| {
            if let (Some((_, _, w, h)), Some(n)) = (bounds(ui, id), ui.get(id).and_then(|o| o.node))
            {
                ui.layout.set_size(n, Some(w), Some(h));
            }
        });
        ret(lua, ())
    }),
    ("Frame", "SetResizeBounds", |lua, a| {
        let id = self_id(lua, &a, "SetResizeBounds")?;
        let usage = "Frame:SetResizeBounds(minWidth, minHeight [, maxWidth, maxHeight])";
        let min_w = need_num(lua, &a, 1, usage)?;
        let min_h = need_num(lua, &a, 2, usage)?;
        let max_w = num(&arg(&a, 3)).unwrap_or(0.0);
        let max_h = num(&arg(&a, 4)).unwrap_or(0.0);
        for (f, v) in [
            ("minResizeWidth", min_w),
            ("minResizeHeight", min_h),
            ("maxResizeWidth", max_w),
            ("maxResizeHeight", max_h),
        ] {
            set_field(lua, id, f, FieldVal::Num(v));
        }
        ret(lua, ())
    }),
    ("Frame", "SetAlphaGradient", |lua, a| {
        let id = self_id(lua, &a, "SetAlphaGradient")?;
        need_num(lua, &a, 1, "Frame:SetAlphaGradient(index, gradient)")?;
        set_field(lua, id, "alphaGradient", FieldVal::Bool(true));
        ret(lua, ())
    }),
    ("Frame", "ClearAlphaGradient", |lua, a| {
        let id = self_id(lua, &a, "ClearAlphaGradient")?;
        set_field(lua, id, "alphaGradient", FieldVal::Bool(false));
        ret(lua, ())
    }),
    ("Frame", "HasAlphaGradient", |lua, a| {
        let id = self_id(lua, &a, "HasAlphaGradient")?;
        ret(lua, bool_field(lua, id, "alphaGradient"))
    }),
    // Sets the desaturation of every texture of the frame's hierarchy.
    ("Frame", "DesaturateHierarchy", |lua, a| {
        let id = self_id(lua, &a, "DesaturateHierarchy")?;
        let d = need_num(
            lua,
            &a,
            1,
            "Frame:DesaturateHierarchy(desaturation [, excludeRoot])",
        )?;
        let exclude_root = truthy(&arg(&a, 2));
        with_ui_mut(lua, |ui| {
            let mut ids = Vec::new();
            descendants(ui, id, true, &mut ids);
            for c in ids {
                let parent = ui.get(c).and_then(|o| o.parent);
                let tex = ui
                    .get(c)
                    .is_some_and(|o| types::inherits_from(o.type_index, "TextureBase"));
                if tex && !(exclude_root && parent == Some(id)) {
                    ui.set_field_by_name(c, "desaturation", FieldVal::Num(d));
                }
            }
        });
        ret(lua, ())
    }),
    // Rotates the frame's own textures (as `Texture:SetRotation` each).
    ("Frame", "RotateTextures", |lua, a| {
        let id = self_id(lua, &a, "RotateTextures")?;
        let r = need_num(lua, &a, 1, "Frame:RotateTextures(radians [, x, y])")?;
        with_ui_mut(lua, |ui| {
            let kids = ui.get(id).map(|o| o.children.clone()).unwrap_or_default();
            for c in kids {
                if ui
                    .get(c)
                    .is_some_and(|o| types::inherits_from(o.type_index, "TextureBase"))
                {
                    ui.set_field_by_name(c, "textureRotation", FieldVal::Num(r));
                }
            }
        });
        ret(lua, ())
    }),
    // Ends a drag of this frame without OnDragStop (the client cancels it).
    ("Frame", "AbortDrag", |lua, a| {
        let id = self_id(lua, &a, "AbortDrag")?;
        crate::input::with_input(lua, |s| {
            if s.dragging.as_ref().is_some_and(|(f, _)| *f == id) {
                s.dragging = None;
            }
        });
        ret(lua, ())
    }),
    // Attributes are never locked: there is no combat lockdown in the simulator.
    ("Frame", "CanChangeAttribute", |lua, a| {
        self_id(lua, &a, "CanChangeAttribute")?;
        ret(lua, true)
    }),
];

/// Region methods.
pub const REGION: &[(&str, &str, Method)] = &[
    // No combat lockdown: everything may be changed (`IsProtected` is in `frame.rs`).
    ("Region", "CanChangeProtectedState", |lua, a| {
        self_id(lua, &a, "CanChangeProtectedState")?;
        ret(lua, true)
    }),
    ("Region", "IsAnchoringRestricted", |lua, a| {
        self_id(lua, &a, "IsAnchoringRestricted")?;
        ret(lua, false)
    }),
    ("Region", "IsAnchoringSecret", |lua, a| {
        self_id(lua, &a, "IsAnchoringSecret")?;
        ret(lua, false)
    }),
    ("Region", "IsObjectLoaded", |lua, a| {
        self_id(lua, &a, "IsObjectLoaded")?;
        ret(lua, true)
    }),
    // Collapsed = it has no size (nothing resolves its rect, or the rect is empty).
    ("Region", "IsCollapsed", |lua, a| {
        let id = self_id(lua, &a, "IsCollapsed")?;
        let c = with_ui_mut(lua, |ui| {
            rect_of(ui, id).is_none_or(|r| r.width <= 0.0 || r.height <= 0.0)
        });
        ret(lua, c)
    }),
    ("Region", "SetPropagateMouseClicks", |lua, a| {
        let id = self_id(lua, &a, "SetPropagateMouseClicks")?;
        set_field(
            lua,
            id,
            "propagateMouseClicks",
            FieldVal::Bool(truthy(&arg(&a, 1))),
        );
        ret(lua, ())
    }),
    ("Region", "CanPropagateMouseClicks", |lua, a| {
        let id = self_id(lua, &a, "CanPropagateMouseClicks")?;
        ret(lua, bool_field(lua, id, "propagateMouseClicks"))
    }),
    ("Region", "SetPropagateMouseMotion", |lua, a| {
        let id = self_id(lua, &a, "SetPropagateMouseMotion")?;
        set_field(
            lua,
            id,
            "propagateMouseMotion",
            FieldVal::Bool(truthy(&arg(&a, 1))),
        );
        ret(lua, ())
    }),
    ("Region", "CanPropagateMouseMotion", |lua, a| {
        let id = self_id(lua, &a, "CanPropagateMouseMotion")?;
        ret(lua, bool_field(lua, id, "propagateMouseMotion"))
    }),
    // `SetPassThroughButtons("LeftButton", "RightButton", ...)`; none clears the list.
    ("Region", "SetPassThroughButtons", |lua, a| {
        let id = self_id(lua, &a, "SetPassThroughButtons")?;
        let list: Vec<String> = a.iter().skip(1).filter_map(string).collect();
        set_field(lua, id, "passThroughButtons", FieldVal::Str(list.join(",")));
        ret(lua, ())
    }),
    ("Region", "ShouldButtonPassThrough", |lua, a| {
        let id = self_id(lua, &a, "ShouldButtonPassThrough")?;
        let b = string(&arg(&a, 1))
            .ok_or_else(|| lua_error(lua, "Usage: Region:ShouldButtonPassThrough(button)"))?;
        let pass = match get_field(lua, id, "passThroughButtons") {
            FieldVal::Str(s) => s.split(',').any(|x| x == b || x == "AnyButton"),
            _ => false,
        };
        ret(lua, pass)
    }),
    ("Region", "Intersects", |lua, a| {
        let id = self_id(lua, &a, "Intersects")?;
        let other = obj_id(lua, &arg(&a, 1), "Intersects")?;
        let hit = with_ui_mut(lua, |ui| match (rect_of(ui, id), rect_of(ui, other)) {
            (Some(r), Some(o)) => {
                r.left < o.left + o.width
                    && o.left < r.left + r.width
                    && r.bottom < o.bottom + o.height
                    && o.bottom < r.bottom + r.height
            }
            _ => false,
        });
        ret(lua, hit)
    }),
    // Alphas are 0..255 here (the client's defaults are 255 and 0).
    ("Region", "SetAlphaFromBoolean", |lua, a| {
        let id = self_id(lua, &a, "SetAlphaFromBoolean")?;
        let v = if truthy(&arg(&a, 1)) {
            num(&arg(&a, 2)).unwrap_or(255.0)
        } else {
            num(&arg(&a, 3)).unwrap_or(0.0)
        };
        set_field(lua, id, "alpha", FieldVal::Num((v / 255.0).clamp(0.0, 1.0)));
        ret(lua, ())
    }),
    ("Region", "ClearScripts", |lua, a| {
        let id = self_id(lua, &a, "ClearScripts")?;
        let names = lua
            .app_data_ref::<super::UiLua>()
            .expect("ui installed")
            .scriptnames
            .clone();
        let names: Vec<String> = names.call(id)?;
        let t = object_table(lua, id)?;
        for n in names {
            t.call_method::<()>("SetScript", (n, Value::Nil))?;
        }
        ret(lua, ())
    }),
];

/// Methods of Button, FontString, StatusBar and Slider.
pub const OTHERS: &[(&str, &str, Method)] = &[
    ("Button", "GetTextWidth", |lua, a| {
        let id = self_id(lua, &a, "GetTextWidth")?;
        let fs = super::button::font_string_of(lua, id, false)?;
        match fs {
            Some(f) => {
                let t = object_table(lua, f)?;
                let w: f64 = t.call_method("GetStringWidth", ())?;
                ret(lua, w)
            }
            None => ret(lua, 0.0),
        }
    }),
    ("Button", "GetTextHeight", |lua, a| {
        let id = self_id(lua, &a, "GetTextHeight")?;
        let fs = super::button::font_string_of(lua, id, false)?;
        match fs {
            Some(f) => {
                let t = object_table(lua, f)?;
                let h: f64 = t.call_method("GetStringHeight", ())?;
                ret(lua, h)
            }
            None => ret(lua, 0.0),
        }
    }),
    // The buttons the frame takes mouse presses for ("LeftButton", "RightButton", ...).
    ("Button", "RegisterForMouse", |lua, a| {
        let id = self_id(lua, &a, "RegisterForMouse")?;
        let list: Vec<String> = a.iter().skip(1).filter_map(string).collect();
        set_field(
            lua,
            id,
            "registeredMouseButtons",
            FieldVal::Str(list.join(",")),
        );
        ret(lua, ())
    }),
    ("FontString", "GetWrappedWidth", |lua, a| {
        let id = self_id(lua, &a, "GetWrappedWidth")?;
        let t = object_table(lua, id)?;
        let w: f64 = t.call_method("GetStringWidth", ())?;
        ret(lua, w)
    }),
    ("FontString", "GetUnboundedStringWidthForText", |lua, a| {
        let id = self_id(lua, &a, "GetUnboundedStringWidthForText")?;
        let text = string(&arg(&a, 1)).ok_or_else(|| {
            lua_error(
                lua,
                "Usage: FontString:GetUnboundedStringWidthForText(text)",
            )
        })?;
        let opts = with_ui_mut(lua, |ui| wowsim_ui::draw::text::layout_opts(ui, id, None));
        ret(lua, super::font_string::measure(&text, &opts).0)
    }),
    ("FontString", "SetTextToFit", |lua, a| {
        let id = self_id(lua, &a, "SetTextToFit")?;
        super::font_string::set_text(lua, id, &arg(&a, 1))?;
        ret(lua, ())
    }),
    ("FontString", "SetFixedColor", |lua, a| {
        let id = self_id(lua, &a, "SetFixedColor")?;
        set_field(lua, id, "fixedColor", FieldVal::Bool(truthy(&arg(&a, 1))));
        ret(lua, ())
    }),
    ("FontString", "SetDesaturateEmbeddedTextures", |lua, a| {
        let id = self_id(lua, &a, "SetDesaturateEmbeddedTextures")?;
        let on = FieldVal::Bool(truthy(&arg(&a, 1)));
        set_field(lua, id, "desaturateEmbeddedTextures", on);
        ret(lua, ())
    }),
    ("FontString", "ClearAlphaGradient", |lua, a| {
        let id = self_id(lua, &a, "ClearAlphaGradient")?;
        for f in ["FontString:AlphaGradient.1", "FontString:AlphaGradient.2"] {
            set_field(lua, id, f, FieldVal::Nil);
        }
        ret(lua, ())
    }),
    ("StatusBar", "SetColorFill", |lua, a| {
        let id = self_id(lua, &a, "SetColorFill")?;
        let usage = "StatusBar:SetColorFill(r, g, b [, a])";
        let c = [
            need_num(lua, &a, 1, usage)?,
            need_num(lua, &a, 2, usage)?,
            need_num(lua, &a, 3, usage)?,
            num(&arg(&a, 4)).unwrap_or(1.0),
        ];
        for (f, v) in ["barColorR", "barColorG", "barColorB", "barColorA"]
            .iter()
            .zip(c)
        {
            set_field(lua, id, f, FieldVal::Num(v));
        }
        ret(lua, ())
    }),
    // Values are set at once (no interpolation): the interpolated value is the value.
    ("StatusBar", "GetInterpolatedValue", |lua, a| {
        let id = self_id(lua, &a, "GetInterpolatedValue")?;
        let t = object_table(lua, id)?;
        let v: f64 = t.call_method("GetValue", ())?;
        ret(lua, v)
    }),
    ("StatusBar", "IsInterpolating", |lua, a| {
        self_id(lua, &a, "IsInterpolating")?;
        ret(lua, false)
    }),
    ("StatusBar", "SetToTargetValue", |lua, a| {
        self_id(lua, &a, "SetToTargetValue")?;
        ret(lua, ())
    }),
    ("Slider", "IsDraggingThumb", |lua, a| {
        let id = self_id(lua, &a, "IsDraggingThumb")?;
        let pressed =
            crate::input::with_input(lua, |s| s.presses.iter().any(|p| p.frame == Some(id)));
        ret(lua, pressed)
    }),
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
            let f = lua.create_function(move |lua, a: MultiValue| {
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
