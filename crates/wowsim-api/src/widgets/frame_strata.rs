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
pub use wowsim_ui::frame_strata::*;

use super::fields::FieldVal;
use super::fire_script;
use super::util::{
    arg, get_field, install_methods, num, ret, self_id, set_field, string, truthy, with_ui,
    with_ui_mut, Method,
};
use mlua::{Lua, MultiValue, Table, Value};

/// The table of every frame's attributes (id → name → value), kept with the Lua side of the
/// objects (`UiLua`): a registry read by name (a string push and a lookup per
/// `SetAttribute`/`GetAttribute`) showed in profiles of the retail start-up.
fn attributes(lua: &Lua) -> mlua::Result<Table> {
    match lua.app_data_ref::<super::UiLua>() {
        Some(u) => Ok(u.attributes.clone()),
        None => Err(mlua::Error::runtime("frame attributes not installed")),
    }
}

fn attrs_of(lua: &Lua, id: u32) -> mlua::Result<Table> {
    let all = attributes(lua)?;
    match all.raw_get::<Value>(id)? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            all.raw_set(id, t.clone())?;
            Ok(t)
        }
    }
}

/// `SetAttribute(name, value)`: names are case-insensitive (stored lower-case); fires
/// OnAttributeChanged(name, value) unless `no_handler`.
pub fn set_attribute(lua: &Lua, args: MultiValue, no_handler: bool) -> mlua::Result<MultiValue> {
    let method = if no_handler {
        "SetAttributeNoHandler"
    } else {
        "SetAttribute"
    };
    let id = self_id(lua, &args, method)?;
    if !crate::protection::frame_allowed(lua, id, method)? {
        return Ok(MultiValue::new());
    }
    let Some(name) = string(&arg(&args, 1)) else {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!("Usage: {method}(\"name\", value)"),
        ));
    };
    let name = name.to_lowercase();
    let value = arg(&args, 2);
    attrs_of(lua, id)?.raw_set(name.as_str(), value.clone())?;
    if !no_handler {
        fire_script(lua, id, "OnAttributeChanged", (name, value))?;
    }
    ret(lua, ())
}

/// `GetAttribute(name)` and `GetAttribute(prefix, name, suffix)` (the modified-attribute
/// lookup order: prefix..name..suffix, *name..suffix, prefix..name*, *name*, name). As the
/// client: a true first argument without a second is the one-name form; otherwise a second
/// argument and a third (even nil) make the three-part form; anything else is the error
/// `Arguments: ("name")`, without a position, with the caller's taint line.
/// A read makes no table for a frame without attributes, and a name that is already ASCII
/// lower case is looked up as the Lua string it is (the retail start-up reads ~26,000
/// attributes; the conversions to Rust strings and back were most of their cost).
fn get_attribute(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "GetAttribute")?;
    let attrs = match attributes(lua)?.raw_get::<Value>(id)? {
        Value::Table(t) => Some(t),
        _ => None,
    };
    let truthy = |v: &Value| !matches!(v, Value::Nil | Value::Boolean(false));
    let (a1, a2) = (arg(&args, 1), arg(&args, 2));
    if truthy(&a1) && !truthy(&a2) {
        if let Value::String(s) = &a1 {
            if s.as_bytes()
                .iter()
                .all(|b| b.is_ascii() && !b.is_ascii_uppercase())
            {
                return match &attrs {
                    Some(a) => ret(lua, a.raw_get::<Value>(s)?),
                    None => ret(lua, Value::Nil),
                };
            }
        }
        return match (string(&a1), &attrs) {
            (Some(name), Some(a)) => ret(lua, a.raw_get::<Value>(name.to_lowercase())?),
            (Some(_), None) => ret(lua, Value::Nil),
            (None, _) => ret(lua, ()),
        };
    }
    if !truthy(&a2) || args.len() < 4 {
        let taint = wowsim_lua::taint::error_suffix(lua);
        return Err(mlua::Error::RuntimeError(format!(
            "Arguments: (\"name\"){taint}"
        )));
    }
    // What the three-part lookups answer for a frame without attributes.
    let Some(attrs) = attrs else {
        return ret(lua, ());
    };
    let get = |k: String| attrs.raw_get::<Value>(k.to_lowercase());
    let (p, n, s) = (
        string(&a1).unwrap_or_default(),
        string(&a2).unwrap_or_default(),
        string(&arg(&args, 3)).unwrap_or_default(),
    );
    for k in [
        format!("{p}{n}{s}"),
        format!("*{n}{s}"),
        format!("{p}{n}*"),
        format!("*{n}*"),
        n.clone(),
    ] {
        let v = get(k)?;
        if !v.is_nil() {
            return ret(lua, v);
        }
    }
    ret(lua, ())
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("Frame", "GetFrameStrata", get_frame_strata),
        ("Frame", "SetFrameStrata", set_frame_strata),
        ("Frame", "GetFrameLevel", get_frame_level),
        ("Frame", "SetFrameLevel", set_frame_level),
        ("Frame", "Raise", frame_raise),
        ("Frame", "Lower", frame_lower),
        ("Frame", "SetClipsChildren", set_clips_children),
        ("Frame", "DoesClipChildren", does_clip_children),
        ("Frame", "SetAttribute", frame_set_attribute),
        ("Frame", "SetAttributeNoHandler", set_attribute_no_handler),
        ("Frame", "GetAttribute", get_attribute),
        ("Frame", "ClearAttribute", clear_attribute),
        ("Frame", "ClearAttributes", clear_attributes),
    ];
    install_methods(lua, methods)
}

/// `Frame:GetFrameStrata`.
fn get_frame_strata(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetFrameStrata")?;
    ret(
        lua,
        STRATA[with_ui(lua, |ui| effective_strata(ui, id)) as usize],
    )
}

/// `Frame:SetFrameStrata`.
fn set_frame_strata(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFrameStrata")?;
    if !crate::protection::frame_allowed(lua, id, "SetFrameStrata")? {
        return ret(lua, ());
    }
    let s = string(&arg(&a, 1)).unwrap_or_default().to_uppercase();
    let idx = STRATA.iter().position(|x| *x == s).map(|i| i as u8);
    if idx.is_some() || s == "PARENT" {
        with_ui_mut(lua, |ui| ui.get_mut(id).map(|o| o.strata = idx));
    }
    ret(lua, ())
}

/// `Frame:GetFrameLevel`.
fn get_frame_level(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetFrameLevel")?;
    ret(lua, with_ui(lua, |ui| effective_level(ui, id)) as i64)
}

/// `Frame:SetFrameLevel`.
fn set_frame_level(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFrameLevel")?;
    if !crate::protection::frame_allowed(lua, id, "SetFrameLevel")? {
        return ret(lua, ());
    }
    let l = num(&arg(&a, 1))
        .ok_or_else(|| wowsim_lua::lua_error(lua, "Usage: SetFrameLevel(level)"))?;
    let l = (l as i32).clamp(0, 10000);
    with_ui_mut(lua, |ui| ui.get_mut(id).map(|o| o.level = Some(l)));
    ret(lua, ())
}

/// `Frame:Raise`.
fn frame_raise(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Raise")?;
    if !crate::protection::frame_allowed(lua, id, "Raise")? {
        return ret(lua, ());
    }
    with_ui_mut(lua, |ui| raise(ui, id));
    ret(lua, ())
}

/// `Frame:Lower`.
fn frame_lower(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Lower")?;
    if !crate::protection::frame_allowed(lua, id, "Lower")? {
        return ret(lua, ());
    }
    with_ui_mut(lua, |ui| {
        let cur = effective_level(ui, id);
        if let Some((lo, _)) = level_range(ui, id) {
            if lo <= cur {
                let l = (lo - 1).max(0);
                if let Some(o) = ui.get_mut(id) {
                    o.level = Some(l);
                }
            }
        }
    });
    ret(lua, ())
}

/// `Frame:SetClipsChildren`.
fn set_clips_children(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetClipsChildren")?;
    set_field(
        lua,
        id,
        "clipsChildren",
        FieldVal::Bool(truthy(&arg(&a, 1))),
    );
    ret(lua, ())
}

/// `Frame:DoesClipChildren`.
fn does_clip_children(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "DoesClipChildren")?;
    ret(
        lua,
        get_field(lua, id, "clipsChildren") == FieldVal::Bool(true),
    )
}

/// `Frame:SetAttribute`.
fn frame_set_attribute(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_attribute(lua, a, false)
}

/// `Frame:SetAttributeNoHandler`.
fn set_attribute_no_handler(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    set_attribute(lua, a, true)
}

/// `Frame:ClearAttribute`.
fn clear_attribute(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearAttribute")?;
    if let Some(n) = string(&arg(&a, 1)) {
        attrs_of(lua, id)?.raw_set(n.to_lowercase(), Value::Nil)?;
    }
    ret(lua, ())
}

/// `Frame:ClearAttributes`.
fn clear_attributes(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearAttributes")?;
    attributes(lua)?.raw_set(id, Value::Nil)?;
    ret(lua, ())
}
