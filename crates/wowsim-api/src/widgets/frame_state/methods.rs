//! The Lua methods of `frame_state.rs`'s table, one named function each.

use super::*;

/// `Frame:LockHighlight`.
pub(super) fn lock_highlight(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "LockHighlight")?;
    set_field(lua, id, "highlightLocked", FieldVal::Bool(true));
    ret(lua, ())
}

/// `Frame:UnlockHighlight`.
pub(super) fn unlock_highlight(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "UnlockHighlight")?;
    set_field(lua, id, "highlightLocked", FieldVal::Bool(false));
    ret(lua, ())
}

/// `Frame:SetHighlightLocked`.
pub(super) fn set_highlight_locked(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetHighlightLocked")?;
    set_field(
        lua,
        id,
        "highlightLocked",
        FieldVal::Bool(truthy(&arg(&a, 1))),
    );
    ret(lua, ())
}

/// `Frame:IsHighlightLocked`.
pub(super) fn is_highlight_locked(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsHighlightLocked")?;
    ret(lua, bool_field(lua, id, "highlightLocked"))
}

/// `Frame:EnableDrawLayer`.
pub(super) fn enable_draw_layer(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "EnableDrawLayer")?;
    let l = layer_arg(lua, &a, "Frame:EnableDrawLayer(layer)")?;
    set_layer(lua, id, l, true);
    ret(lua, ())
}

/// `Frame:DisableDrawLayer`.
pub(super) fn disable_draw_layer(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "DisableDrawLayer")?;
    let l = layer_arg(lua, &a, "Frame:DisableDrawLayer(layer)")?;
    set_layer(lua, id, l, false);
    ret(lua, ())
}

/// `Frame:SetDrawLayerEnabled`.
pub(super) fn set_draw_layer_enabled(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetDrawLayerEnabled")?;
    let l = layer_arg(lua, &a, "Frame:SetDrawLayerEnabled(layer [, isEnabled])")?;
    set_layer(lua, id, l, truthy(&arg(&a, 2)));
    ret(lua, ())
}

/// `Frame:IsDrawLayerEnabled`.
pub(super) fn is_draw_layer_enabled(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsDrawLayerEnabled")?;
    let l = layer_arg(lua, &a, "Frame:IsDrawLayerEnabled(layer)")?;
    ret(lua, with_ui_mut(lua, |ui| layer_enabled(ui, id, l)))
}

/// `Frame:EnableGamePadButton`.
pub(super) fn enable_game_pad_button(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "EnableGamePadButton")?;
    set_field(
        lua,
        id,
        "gamePadButton",
        FieldVal::Bool(truthy(&arg(&a, 1))),
    );
    ret(lua, ())
}

/// `Frame:IsGamePadButtonEnabled`.
pub(super) fn is_game_pad_button_enabled(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsGamePadButtonEnabled")?;
    ret(lua, bool_field(lua, id, "gamePadButton"))
}

/// `Frame:EnableGamePadStick`.
pub(super) fn enable_game_pad_stick(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "EnableGamePadStick")?;
    set_field(lua, id, "gamePadStick", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `Frame:IsGamePadStickEnabled`.
pub(super) fn is_game_pad_stick_enabled(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsGamePadStickEnabled")?;
    ret(lua, bool_field(lua, id, "gamePadStick"))
}

/// `Frame:SetIsFrameBuffer`.
pub(super) fn set_is_frame_buffer(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetIsFrameBuffer")?;
    set_field(
        lua,
        id,
        "isFrameBuffer",
        FieldVal::Bool(truthy(&arg(&a, 1))),
    );
    ret(lua, ())
}

/// `Frame:IsFrameBuffer`.
pub(super) fn is_frame_buffer(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsFrameBuffer")?;
    ret(lua, bool_field(lua, id, "isFrameBuffer"))
}

/// `Frame:GetWindow`.
pub(super) fn get_window(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "GetWindow")?;
    ret(lua, Value::Nil)
}

/// `Frame:SetWindow`.
pub(super) fn set_window(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "SetWindow")?;
    ret(lua, ())
}

/// `Frame:GetEffectivelyFlattensRenderLayers`.
pub(super) fn get_effectively_flattens_render_layers(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetEffectivelyFlattensRenderLayers")?;
    let mut cur = Some(id);
    while let Some(c) = cur {
        if bool_field(lua, c, "flattensRenderLayers") {
            return ret(lua, true);
        }
        cur = with_ui(lua, |ui| ui.get(c).and_then(|o| o.parent));
    }
    ret(lua, false)
}

/// `Frame:SetRolesets`.
pub(super) fn frame_set_rolesets(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetRolesets")?;
    let s = string(&arg(&a, 1)).unwrap_or_default();
    set_field(lua, id, "rolesets", FieldVal::Str(s));
    ret(lua, ())
}

/// `Frame:AddRoleset`.
pub(super) fn add_roleset(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddRoleset")?;
    let r =
        string(&arg(&a, 1)).ok_or_else(|| lua_error(lua, "Usage: Frame:AddRoleset(roleset)"))?;
    let mut list = rolesets(lua, id);
    if !list.contains(&r) {
        list.push(r);
    }
    set_rolesets(lua, id, &list);
    ret(lua, ())
}

/// `Frame:RemoveRoleset`.
pub(super) fn remove_roleset(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "RemoveRoleset")?;
    let r =
        string(&arg(&a, 1)).ok_or_else(|| lua_error(lua, "Usage: Frame:RemoveRoleset(roleset)"))?;
    let mut list = rolesets(lua, id);
    list.retain(|x| *x != r);
    set_rolesets(lua, id, &list);
    ret(lua, ())
}

/// `Frame:GetRolesetNames`.
pub(super) fn get_roleset_names(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetRolesetNames")?;
    ret(lua, lua.create_sequence_from(rolesets(lua, id))?)
}

/// `Frame:IsRolesetFiltered`.
pub(super) fn is_roleset_filtered(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsRolesetFiltered")?;
    ret(lua, !rolesets(lua, id).is_empty())
}

/// `Frame:GetHighestFrameLevel`.
pub(super) fn get_highest_frame_level(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
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
}

/// `Frame:GetRaisedFrameLevel`.
pub(super) fn get_raised_frame_level(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetRaisedFrameLevel")?;
    let l = with_ui(lua, |ui| {
        let s = crate::widgets::frame_strata::effective_strata(ui, id);
        let hi = (0..ui.objects.len() as u32)
            .filter(|o| *o != id && is_frame(ui, *o))
            .filter(|o| crate::widgets::frame_strata::effective_strata(ui, *o) == s)
            .map(|o| effective_level(ui, o))
            .max();
        let cur = effective_level(ui, id);
        match hi {
            Some(h) if h >= cur => (h + 1).min(10000),
            _ => cur,
        }
    });
    ret(lua, l)
}

/// `Frame:GetBoundsRect`.
pub(super) fn get_bounds_rect(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetBoundsRect")?;
    match with_ui_mut(lua, |ui| bounds(ui, id)) {
        Some((l, b, w, h)) => ret(lua, (l, b, w, h)),
        None => ret(lua, ()),
    }
}

/// `Frame:ResizeToBoundsRect`.
pub(super) fn resize_to_bounds_rect(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ResizeToBoundsRect")?;
    with_ui_mut(lua, |ui| {
        if let (Some((_, _, w, h)), Some(n)) = (bounds(ui, id), ui.get(id).and_then(|o| o.node)) {
            ui.layout.set_size(n, Some(w), Some(h));
        }
    });
    ret(lua, ())
}

/// `Frame:SetResizeBounds`.
pub(super) fn set_resize_bounds(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
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
}

/// `Frame:SetAlphaGradient`.
pub(super) fn set_alpha_gradient(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetAlphaGradient")?;
    need_num(lua, &a, 1, "Frame:SetAlphaGradient(index, gradient)")?;
    set_field(lua, id, "alphaGradient", FieldVal::Bool(true));
    ret(lua, ())
}

/// `Frame:ClearAlphaGradient`.
pub(super) fn clear_alpha_gradient(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearAlphaGradient")?;
    set_field(lua, id, "alphaGradient", FieldVal::Bool(false));
    ret(lua, ())
}

/// `Frame:HasAlphaGradient`.
pub(super) fn has_alpha_gradient(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasAlphaGradient")?;
    ret(lua, bool_field(lua, id, "alphaGradient"))
}

/// `Frame:DesaturateHierarchy`.
pub(super) fn desaturate_hierarchy(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
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
}

/// `Frame:RotateTextures`.
pub(super) fn rotate_textures(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
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
}

/// `Frame:AbortDrag`.
pub(super) fn abort_drag(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AbortDrag")?;
    crate::input::with_input(lua, |s| {
        if s.dragging.as_ref().is_some_and(|(f, _)| *f == id) {
            s.dragging = None;
        }
    });
    ret(lua, ())
}

/// `Frame:CanChangeAttribute`.
pub(super) fn can_change_attribute(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "CanChangeAttribute")?;
    ret(lua, true)
}

/// `Region:CanChangeProtectedState`.
pub(super) fn can_change_protected_state(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "CanChangeProtectedState")?;
    ret(lua, true)
}

/// `Region:IsAnchoringRestricted`.
pub(super) fn is_anchoring_restricted(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "IsAnchoringRestricted")?;
    ret(lua, false)
}

/// `Region:IsAnchoringSecret`.
pub(super) fn is_anchoring_secret(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "IsAnchoringSecret")?;
    ret(lua, false)
}

/// `Region:IsObjectLoaded`.
pub(super) fn is_object_loaded(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "IsObjectLoaded")?;
    ret(lua, true)
}

/// `Region:IsCollapsed`.
pub(super) fn is_collapsed(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsCollapsed")?;
    let c = with_ui_mut(lua, |ui| {
        rect_of(ui, id).is_none_or(|r| r.width <= 0.0 || r.height <= 0.0)
    });
    ret(lua, c)
}

/// `Region:SetPropagateMouseClicks`.
pub(super) fn set_propagate_mouse_clicks(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetPropagateMouseClicks")?;
    set_field(
        lua,
        id,
        "propagateMouseClicks",
        FieldVal::Bool(truthy(&arg(&a, 1))),
    );
    ret(lua, ())
}

/// `Region:CanPropagateMouseClicks`.
pub(super) fn can_propagate_mouse_clicks(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "CanPropagateMouseClicks")?;
    ret(lua, bool_field(lua, id, "propagateMouseClicks"))
}

/// `Region:SetPropagateMouseMotion`.
pub(super) fn set_propagate_mouse_motion(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetPropagateMouseMotion")?;
    set_field(
        lua,
        id,
        "propagateMouseMotion",
        FieldVal::Bool(truthy(&arg(&a, 1))),
    );
    ret(lua, ())
}

/// `Region:CanPropagateMouseMotion`.
pub(super) fn can_propagate_mouse_motion(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "CanPropagateMouseMotion")?;
    ret(lua, bool_field(lua, id, "propagateMouseMotion"))
}

/// `Region:SetPassThroughButtons`.
pub(super) fn set_pass_through_buttons(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetPassThroughButtons")?;
    let list: Vec<String> = a.iter().skip(1).filter_map(string).collect();
    set_field(lua, id, "passThroughButtons", FieldVal::Str(list.join(",")));
    ret(lua, ())
}

/// `Region:ShouldButtonPassThrough`.
pub(super) fn should_button_pass_through(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ShouldButtonPassThrough")?;
    let b = string(&arg(&a, 1))
        .ok_or_else(|| lua_error(lua, "Usage: Region:ShouldButtonPassThrough(button)"))?;
    let pass = match get_field(lua, id, "passThroughButtons") {
        FieldVal::Str(s) => s.split(',').any(|x| x == b || x == "AnyButton"),
        _ => false,
    };
    ret(lua, pass)
}

/// `Region:Intersects`.
pub(super) fn intersects(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
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
}

/// `Region:SetAlphaFromBoolean`.
pub(super) fn set_alpha_from_boolean(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetAlphaFromBoolean")?;
    let v = if truthy(&arg(&a, 1)) {
        num(&arg(&a, 2)).unwrap_or(255.0)
    } else {
        num(&arg(&a, 3)).unwrap_or(0.0)
    };
    set_field(lua, id, "alpha", FieldVal::Num((v / 255.0).clamp(0.0, 1.0)));
    ret(lua, ())
}

/// `Region:ClearScripts`.
pub(super) fn clear_scripts(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearScripts")?;
    let names = lua
        .app_data_ref::<crate::widgets::UiLua>()
        .expect("ui installed")
        .scriptnames
        .clone();
    let names: Vec<String> = names.call(id)?;
    let t = object_table(lua, id)?;
    for n in names {
        t.call_method::<()>("SetScript", (n, Value::Nil))?;
    }
    ret(lua, ())
}

/// `Button:GetTextWidth`.
pub(super) fn get_text_width(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTextWidth")?;
    let fs = crate::widgets::button::font_string_of(lua, id, false)?;
    match fs {
        Some(f) => {
            let t = object_table(lua, f)?;
            let w: f64 = t.call_method("GetStringWidth", ())?;
            ret(lua, w)
        }
        None => ret(lua, 0.0),
    }
}

/// `Button:GetTextHeight`.
pub(super) fn get_text_height(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTextHeight")?;
    let fs = crate::widgets::button::font_string_of(lua, id, false)?;
    match fs {
        Some(f) => {
            let t = object_table(lua, f)?;
            let h: f64 = t.call_method("GetStringHeight", ())?;
            ret(lua, h)
        }
        None => ret(lua, 0.0),
    }
}

/// `Button:RegisterForMouse`.
pub(super) fn register_for_mouse(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "RegisterForMouse")?;
    let list: Vec<String> = a.iter().skip(1).filter_map(string).collect();
    set_field(
        lua,
        id,
        "registeredMouseButtons",
        FieldVal::Str(list.join(",")),
    );
    ret(lua, ())
}

/// `FontString:GetWrappedWidth`.
pub(super) fn get_wrapped_width(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetWrappedWidth")?;
    let t = object_table(lua, id)?;
    let w: f64 = t.call_method("GetStringWidth", ())?;
    ret(lua, w)
}

/// `FontString:GetUnboundedStringWidthForText`.
pub(super) fn get_unbounded_string_width_for_text(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetUnboundedStringWidthForText")?;
    let text = string(&arg(&a, 1)).ok_or_else(|| {
        lua_error(
            lua,
            "Usage: FontString:GetUnboundedStringWidthForText(text)",
        )
    })?;
    let opts = with_ui_mut(lua, |ui| wowsim_ui::draw::text::layout_opts(ui, id, None));
    ret(lua, crate::widgets::font_string::measure(&text, &opts).0)
}

/// `FontString:SetTextToFit`.
pub(super) fn set_text_to_fit(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetTextToFit")?;
    crate::widgets::font_string::set_text(lua, id, &arg(&a, 1))?;
    ret(lua, ())
}

/// `FontString:SetFixedColor`.
pub(super) fn set_fixed_color(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFixedColor")?;
    set_field(lua, id, "fixedColor", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `FontString:SetDesaturateEmbeddedTextures`.
pub(super) fn set_desaturate_embedded_textures(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetDesaturateEmbeddedTextures")?;
    let on = FieldVal::Bool(truthy(&arg(&a, 1)));
    set_field(lua, id, "desaturateEmbeddedTextures", on);
    ret(lua, ())
}

/// `FontString:ClearAlphaGradient`.
pub(super) fn font_string_clear_alpha_gradient(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearAlphaGradient")?;
    for f in ["FontString:AlphaGradient.1", "FontString:AlphaGradient.2"] {
        set_field(lua, id, f, FieldVal::Nil);
    }
    ret(lua, ())
}

/// `StatusBar:SetColorFill`.
pub(super) fn set_color_fill(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
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
}

/// `StatusBar:GetInterpolatedValue`.
pub(super) fn get_interpolated_value(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetInterpolatedValue")?;
    let t = object_table(lua, id)?;
    let v: f64 = t.call_method("GetValue", ())?;
    ret(lua, v)
}

/// `StatusBar:IsInterpolating`.
pub(super) fn is_interpolating(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "IsInterpolating")?;
    ret(lua, false)
}

/// `StatusBar:SetToTargetValue`.
pub(super) fn set_to_target_value(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "SetToTargetValue")?;
    ret(lua, ())
}

/// `Slider:IsDraggingThumb`.
pub(super) fn is_dragging_thumb(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsDraggingThumb")?;
    let pressed = crate::input::with_input(lua, |s| s.presses.iter().any(|p| p.frame == Some(id)));
    ret(lua, pressed)
}
