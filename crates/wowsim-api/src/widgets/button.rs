//! Button and CheckButton: text through a FontString child, state textures, enabling,
//! clicking. Also the reference's "settexture" methods of every type (`SetNormalTexture`,
//! `SetThumbTexture`, `SetStatusBarTexture`...), which share one implementation.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetText`, `GetText`, `SetFormattedText`, `SetFontString` (`GetFontString` generic) | [`font_string_of`] |
//! | `Click([button, down])` (PreClick, OnClick, PostClick; a CheckButton toggles first) | [`click`] |
//! | `Enable`, `Disable`, `SetEnabled`, `IsEnabled`, `SetButtonState` (OnEnable/OnDisable) | [`set_enabled`] |
//! | `SetNormalTexture` and every reference `settexture` method; `Set*Atlas` | [`set_state_texture`] |
//! | `RegisterForClicks(...)`, `CheckButton:SetChecked` (`GetChecked` generic) | [`install`] |

use super::fields::FieldVal;
use super::types;
use super::util::{
    arg, get_field, install_methods, ret, self_id, set_field, string, truthy, with_ui, Method,
};
use super::{add_method, create_object, fire_script, frame, obj_id, object_table, region};
use crate::widgets::fields::FieldValLua;
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Value};
use wowsim_data::{MethodImpl, ProductData};

/// The button's FontString, created (centred on the button) when `create` and missing.
pub fn font_string_of(lua: &Lua, id: u32, create: bool) -> mlua::Result<Option<u32>> {
    if let FieldVal::Obj(fs) = get_field(lua, id, "fontstring") {
        return Ok(Some(fs));
    }
    if !create {
        return Ok(None);
    }
    let ty = types::find("FontString").expect("FontString type");
    let (fs, _) = create_object(lua, ty, None, Some(id))?;
    set_field(lua, id, "fontstring", FieldVal::Obj(fs));
    set_field(lua, fs, "layer", FieldVal::Str("OVERLAY".into()));
    with_layout(lua, fs, id)?;
    Ok(Some(fs))
}

fn with_layout(lua: &Lua, fs: u32, button: u32) -> mlua::Result<()> {
    let (fst, bt) = (object_table(lua, fs)?, object_table(lua, button)?);
    let center = Value::String(lua.create_string("CENTER")?);
    region::set_point(
        lua,
        MultiValue::from_vec(vec![Value::Table(fst), center, Value::Table(bt)]),
    )?;
    Ok(())
}

/// Whether a button (or slider, edit box) is enabled.
pub fn is_enabled(lua: &Lua, id: u32) -> bool {
    match get_field(lua, id, "buttonState") {
        FieldVal::Str(s) => s != "DISABLED",
        _ => get_field(lua, id, "enabled") != FieldVal::Bool(false),
    }
}

/// Enables or disables; fires OnEnable / OnDisable when the state changes.
pub fn set_enabled(lua: &Lua, id: u32, on: bool) -> mlua::Result<()> {
    if is_enabled(lua, id) == on {
        return Ok(());
    }
    let is_button = with_ui(lua, |ui| {
        ui.get(id)
            .is_some_and(|o| types::inherits_from(o.type_index, "Button"))
    });
    if is_button {
        set_button_state(lua, id, if on { "NORMAL" } else { "DISABLED" })?;
    } else {
        set_field(lua, id, "enabled", FieldVal::Bool(on));
    }
    fire_script(lua, id, if on { "OnEnable" } else { "OnDisable" }, ())
}

/// `SetButtonState`: stores the state and shows the matching state texture. Entering PUSHED
/// moves the button's FontString by the pushed text offset (x right, y up, as
/// `<PushedTextOffset x="1" y="-1"/>` moves it down); leaving PUSHED moves it back by what was
/// applied, so changing the offset while pushed cannot leave the text displaced.
pub fn set_button_state(lua: &Lua, id: u32, state: &str) -> mlua::Result<()> {
    let was_pushed = get_field(lua, id, "buttonState") == FieldVal::Str("PUSHED".into());
    set_field(lua, id, "buttonState", FieldVal::Str(state.to_string()));
    let pushed = state == "PUSHED";
    if was_pushed != pushed {
        shift_pushed_text(lua, id, pushed)?;
    }
    for (field, shown_in) in [
        ("normalTexture", "NORMAL"),
        ("pushedTexture", "PUSHED"),
        ("disabledTexture", "DISABLED"),
    ] {
        if let FieldVal::Obj(t) = get_field(lua, id, field) {
            frame::set_shown(lua, t, state == shown_in)?;
        }
    }
    Ok(())
}

fn shift_pushed_text(lua: &Lua, id: u32, pushed: bool) -> mlua::Result<()> {
    let num = |name: &str| match get_field(lua, id, name) {
        FieldVal::Num(n) => n as f32,
        _ => 0.0,
    };
    let (dx, dy) = if pushed {
        let (x, y) = (num("pushedTextOffsetX"), num("pushedTextOffsetY"));
        set_field(lua, id, "pushedTextApplied.x", FieldVal::Num(x as f64));
        set_field(lua, id, "pushedTextApplied.y", FieldVal::Num(y as f64));
        (x, y)
    } else {
        let (x, y) = (num("pushedTextApplied.x"), num("pushedTextApplied.y"));
        set_field(lua, id, "pushedTextApplied.x", FieldVal::Nil);
        set_field(lua, id, "pushedTextApplied.y", FieldVal::Nil);
        (-x, -y)
    };
    if dx == 0.0 && dy == 0.0 {
        return Ok(());
    }
    if let Some(fs) = font_string_of(lua, id, false)? {
        region::adjust_points_offset(lua, fs, dx, dy);
    }
    Ok(())
}

/// `Click(button, down)`: PreClick, OnClick, PostClick with (button, down), when enabled.
pub fn click(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "Click")?;
    if !is_enabled(lua, id) {
        return ret(lua, ());
    }
    let button = string(&arg(&args, 1)).unwrap_or_else(|| "LeftButton".into());
    let down = truthy(&arg(&args, 2));
    let is_check = with_ui(lua, |ui| {
        ui.get(id)
            .is_some_and(|o| types::inherits_from(o.type_index, "CheckButton"))
    });
    if is_check {
        let on = get_field(lua, id, "checked") == FieldVal::Bool(true);
        set_checked(lua, id, !on)?;
    }
    for script in ["PreClick", "OnClick", "PostClick"] {
        fire_script(lua, id, script, (button.as_str(), down))?;
    }
    ret(lua, ())
}

fn set_checked(lua: &Lua, id: u32, on: bool) -> mlua::Result<()> {
    set_field(lua, id, "checked", FieldVal::Bool(on));
    if let FieldVal::Obj(t) = get_field(lua, id, "checkedTexture") {
        frame::set_shown(lua, t, on)?;
    }
    Ok(())
}

/// A state texture setter: a Texture object is adopted; a file, file id or atlas goes to a
/// texture child created on first use, covering the owner. Returns whether one is set.
pub fn set_state_texture(
    lua: &Lua,
    id: u32,
    field: &str,
    asset: &Value,
    atlas: bool,
    layer: &str,
    shown_in: Option<&str>,
) -> mlua::Result<bool> {
    let tex = match asset {
        Value::Table(_) => {
            let t = obj_id(lua, asset, "SetTexture")?;
            frame::set_parent(lua, t, Some(id))?;
            Some(t)
        }
        Value::Nil => {
            if let FieldVal::Obj(t) = get_field(lua, id, field) {
                super::texture::set_texture(lua, t, &Value::Nil);
            }
            return Ok(false);
        }
        _ => match get_field(lua, id, field) {
            FieldVal::Obj(t) => Some(t),
            _ => None,
        },
    };
    let t = match tex {
        Some(t) => t,
        None => {
            let ty = types::find("Texture").expect("Texture type");
            create_object(lua, ty, None, Some(id))?.0
        }
    };
    set_field(lua, id, field, FieldVal::Obj(t));
    set_field(lua, t, "layer", FieldVal::Str(layer.to_string()));
    if !matches!(asset, Value::Table(_)) {
        if atlas {
            super::texture::set_atlas(lua, t, string(asset), false);
        } else {
            super::texture::set_texture(lua, t, asset);
        }
    }
    let (tt, owner) = (object_table(lua, t)?, object_table(lua, id)?);
    region::set_all_points(
        lua,
        MultiValue::from_vec(vec![Value::Table(tt), Value::Table(owner)]),
    )?;
    if let Some(state) = shown_in {
        let cur = match get_field(lua, id, "buttonState") {
            FieldVal::Str(s) => s,
            _ => "NORMAL".into(),
        };
        frame::set_shown(lua, t, cur == state)?;
    }
    Ok(true)
}

/// Installs every reference `settexture` method (and the matching `Set*Atlas`).
fn install_set_texture_methods(lua: &Lua, d: &'static ProductData) -> mlua::Result<()> {
    for o in d.uiobjects() {
        for m in &o.methods {
            let Some(MethodImpl::SetTexture(si)) = &m.impl_ else {
                continue;
            };
            let field: &'static str = si.field.as_str();
            let highlight = si.extra.as_deref().is_some_and(|e| e.contains("HIGHLIGHT"));
            let shown: Option<&'static str> =
                si.shown.as_deref().and_then(|s| s.split('\'').nth(1));
            let returns = si.returns;
            let method: &'static str = m.name.as_str();
            let layer = if highlight { "HIGHLIGHT" } else { "ARTWORK" };
            let f = host_fn(lua, move |lua, a: MultiValue| {
                let id = self_id(lua, &a, method)?;
                let ok = set_state_texture(lua, id, field, &arg(&a, 1), false, layer, shown)?;
                if returns {
                    ret(lua, ok)
                } else {
                    ret(lua, ())
                }
            })?;
            add_method(lua, &o.name, method, f)?;
            if let Some(atlas_name) = method.strip_suffix("Texture").map(|s| format!("{s}Atlas")) {
                if o.method(&atlas_name).is_some() {
                    let g = host_fn(lua, move |lua, a: MultiValue| {
                        let id = self_id(lua, &a, method)?;
                        set_state_texture(lua, id, field, &arg(&a, 1), true, layer, shown)?;
                        ret(lua, ())
                    })?;
                    add_method(lua, &o.name, &atlas_name, g)?;
                }
            }
        }
    }
    Ok(())
}

/// Installs the methods of this file.
pub fn install(lua: &Lua, d: &'static ProductData) -> mlua::Result<()> {
    install_set_texture_methods(lua, d)?;
    let methods: &[(&str, &str, Method)] = &[
        ("Button", "SetText", button_set_text),
        ("Button", "SetFormattedText", set_formatted_text),
        ("Button", "GetText", get_text),
        ("Button", "SetFontString", set_font_string),
        ("Button", "Click", click),
        ("Button", "Enable", enable),
        ("Button", "Disable", disable),
        ("Button", "SetEnabled", button_set_enabled),
        ("Button", "IsEnabled", button_is_enabled),
        ("Button", "SetButtonState", button_set_button_state),
        ("Button", "RegisterForClicks", register_for_clicks),
        ("CheckButton", "SetChecked", check_button_set_checked),
    ];
    install_methods(lua, methods)
}

/// `Button:SetText`.
fn button_set_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetText")?;
    let text = arg(&a, 1);
    let fs = font_string_of(lua, id, !text.is_nil())?;
    if let Some(fs) = fs {
        super::font_string::set_text(lua, fs, &text)?;
    }
    ret(lua, ())
}

/// `Button:SetFormattedText`.
fn set_formatted_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFormattedText")?;
    let format: mlua::Function = lua.globals().get::<mlua::Table>("string")?.get("format")?;
    let s: Value = format.call(a.iter().skip(1).cloned().collect::<MultiValue>())?;
    let fs = font_string_of(lua, id, true)?.expect("created");
    super::font_string::set_text(lua, fs, &s)?;
    ret(lua, ())
}

/// `Button:GetText`.
fn get_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetText")?;
    match font_string_of(lua, id, false)? {
        Some(fs) => get_field(lua, fs, "text")
            .to_lua(lua)
            .and_then(|v| ret(lua, v)),
        None => ret(lua, ()),
    }
}

/// `Button:SetFontString`.
fn set_font_string(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFontString")?;
    let fs = obj_id(lua, &arg(&a, 1), "SetFontString")?;
    frame::set_parent(lua, fs, Some(id))?;
    set_field(lua, id, "fontstring", FieldVal::Obj(fs));
    ret(lua, ())
}

/// `Button:Enable` (also `Slider:` and `EditBox:`, which share the enabled state's code).
pub(super) fn enable(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_enabled(lua, self_id(lua, &a, "Enable")?, true)?;
    ret(lua, ())
}

/// `Button:Disable` (also `Slider:` and `EditBox:`).
pub(super) fn disable(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_enabled(lua, self_id(lua, &a, "Disable")?, false)?;
    ret(lua, ())
}

/// `Button:SetEnabled` (also `Slider:` and `EditBox:`).
pub(super) fn button_set_enabled(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    set_enabled(lua, self_id(lua, &a, "SetEnabled")?, truthy(&arg(&a, 1)))?;
    ret(lua, ())
}

/// `Button:IsEnabled` (also `Slider:` and `EditBox:`).
pub(super) fn button_is_enabled(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    ret(lua, is_enabled(lua, self_id(lua, &a, "IsEnabled")?))
}

/// `Button:SetButtonState`.
fn button_set_button_state(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetButtonState")?;
    let s = string(&arg(&a, 1)).unwrap_or_default().to_uppercase();
    if !matches!(s.as_str(), "NORMAL" | "PUSHED" | "DISABLED") {
        return Err(wowsim_lua::lua_error(
            lua,
            "Usage: SetButtonState(\"state\" [, lock])",
        ));
    }
    set_button_state(lua, id, &s)?;
    set_field(lua, id, "buttonLocked", FieldVal::Bool(truthy(&arg(&a, 2))));
    ret(lua, ())
}

/// `Button:RegisterForClicks`.
fn register_for_clicks(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "RegisterForClicks")?;
    let list: Vec<String> = a
        .iter()
        .skip(1)
        .filter_map(string)
        .map(|s| s.to_lowercase())
        .collect();
    set_field(
        lua,
        id,
        "registeredClicksList",
        FieldVal::Str(list.join(",")),
    );
    ret(lua, ())
}

/// `CheckButton:SetChecked`.
fn check_button_set_checked(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    set_checked(lua, self_id(lua, &a, "SetChecked")?, truthy(&arg(&a, 1)))?;
    ret(lua, ())
}
