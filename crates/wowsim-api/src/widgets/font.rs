//! Font objects (`CreateFont`) and the FontInstance methods shared by Font, FontString,
//! EditBox and the message frames. An object follows its font object (`SetFontObject`) for
//! every font property it has not set itself, so changing a Font changes its users.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `CreateFont(name)` | [`install`] |
//! | `CreateFontFamily(name, members)` | [`create_font_family`]: a named Font with the font of its `roman` member (else the first) |
//! | `SetFont(file, height [, flags])`, `GetFont` | [`resolve`] |
//! | `SetFontObject(font or name)`, `GetFontObject` | [`set_font_object`] |
//! | `SetTextColor`, `GetTextColor`, `SetShadowColor`, `GetShadowColor`, `SetShadowOffset`, `GetShadowOffset` | [`install`] |
//! | `SetFontHeight`, `GetFontHeight`, `Font:CopyFontObject(font or name)` | [`install`] |
pub use wowsim_ui::font::*;

use super::fields::FieldVal;
use super::types;
use super::util::{
    arg, install_methods, need_num, num, obj_value, ret, self_id, string, with_ui, with_ui_mut,
    Method,
};
use super::{create_object, obj_id};
use crate::widgets::fields::FieldValLua;
use mlua::{Lua, MultiValue, Value};
use wowsim_lua::lua_error;

/// `SetFontObject`: follow `font` (None = stop following).
pub fn set_font_object(lua: &Lua, id: u32, font: Option<u32>) {
    with_ui_mut(lua, |ui| {
        ui.set_field_by_name(id, "fontObject", font.map_or(FieldVal::Nil, FieldVal::Obj))
    });
}

/// A Font argument: a Font object or the name of one.
fn font_arg(lua: &Lua, v: &Value, method: &str) -> mlua::Result<Option<u32>> {
    let v = match v {
        Value::String(s) => lua.globals().raw_get::<Value>(s.clone())?,
        other => other.clone(),
    };
    if v.is_nil() {
        return Ok(None);
    }
    let id = obj_id(lua, &v, method)?;
    let ok = with_ui(lua, |ui| {
        ui.get(id)
            .is_some_and(|o| types::inherits_from(o.type_index, "Font"))
    });
    if !ok {
        return Err(lua_error(
            lua,
            format_args!("{method}(): invalid font object"),
        ));
    }
    Ok(Some(id))
}

fn set_nums(lua: &Lua, id: u32, names: &[&str], vals: &[f64]) {
    with_ui_mut(lua, |ui| {
        for (n, v) in names.iter().zip(vals) {
            ui.set_field_by_name(id, n, FieldVal::Num(*v));
        }
    });
}

fn get_nums(lua: &Lua, id: u32, names: &[&str], default: f64) -> mlua::Result<MultiValue> {
    let vals: Vec<f64> = with_ui(lua, |ui| {
        names
            .iter()
            .map(|n| resolve_num(ui, id, n, default))
            .collect()
    });
    let mut out = MultiValue::new();
    for v in vals {
        out.push_back(Value::Number(v));
    }
    Ok(out)
}

fn color(lua: &Lua, a: &MultiValue, usage: &str) -> mlua::Result<[f64; 4]> {
    Ok([
        need_num(lua, a, 1, usage)?,
        need_num(lua, a, 2, usage)?,
        need_num(lua, a, 3, usage)?,
        num(&arg(a, 4)).unwrap_or(1.0),
    ])
}

/// Installs `CreateFont` and the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    lua.globals().raw_set(
        "CreateFont",
        lua.create_function(|lua, name: Value| {
            let name = string(&name);
            let ty = types::find("Font").expect("Font type");
            let (_, t) = create_object(lua, ty, name, None)?;
            Ok(t)
        })?,
    )?;
    lua.globals()
        .raw_set("CreateFontFamily", lua.create_function(create_font_family)?)?;
    let methods: &[(&str, &str, Method)] = &[
        ("FontInstance", "SetFont", set_font),
        ("FontInstance", "GetFont", get_font),
        (
            "FontInstance",
            "SetFontObject",
            font_instance_set_font_object,
        ),
        ("FontInstance", "GetFontObject", get_font_object),
        ("FontInstance", "SetTextColor", set_text_color),
        ("FontInstance", "GetTextColor", get_text_color),
        ("FontInstance", "SetShadowColor", set_shadow_color),
        ("FontInstance", "GetShadowColor", get_shadow_color),
        ("FontInstance", "SetShadowOffset", set_shadow_offset),
        ("FontInstance", "GetShadowOffset", get_shadow_offset),
        // Font and FontString only: the client's EditBox and MessageFrame lack them.
        ("Font", "SetFontHeight", set_font_height),
        ("Font", "GetFontHeight", get_font_height),
        ("FontString", "SetFontHeight", set_font_height),
        ("FontString", "GetFontHeight", get_font_height),
        ("Font", "CopyFontObject", copy_font_object),
    ];
    install_methods(lua, methods)
}

/// `CreateFontFamily(name, members)`: a Font object named `name` (so `_G[name]` is it), whose
/// font is that of the member for the Latin alphabet (`roman`), or of the first member. wow-sim
/// draws one alphabet, so the other members are not kept.
fn create_font_family(lua: &Lua, (name, members): (Value, Value)) -> mlua::Result<Value> {
    let usage = "Usage: local fontFamily = CreateFontFamily(name, members)";
    let (Some(name), Value::Table(members)) = (string(&name), members) else {
        return Err(lua_error(lua, usage));
    };
    let mut chosen: Option<mlua::Table> = None;
    for m in members.sequence_values::<Value>() {
        let Value::Table(m) = m? else {
            return Err(lua_error(lua, usage));
        };
        let roman = m.raw_get::<Option<String>>("alphabet")?.as_deref() == Some("roman");
        if chosen.is_none() || roman {
            chosen = Some(m.clone());
        }
        if roman {
            break;
        }
    }
    let ty = types::find("Font").expect("Font type");
    let (id, t) = create_object(lua, ty, Some(name), None)?;
    if let Some(m) = chosen {
        let file: Option<String> = m.raw_get("file")?;
        let height: Option<f64> = m.raw_get("height")?;
        let flags: Option<String> = m.raw_get("flags")?;
        with_ui_mut(lua, |ui| {
            ui.set_field_by_name(id, "fontFile", FieldVal::Str(file.unwrap_or_default()));
            ui.set_field_by_name(id, "fontHeight", FieldVal::Num(height.unwrap_or(0.0)));
            ui.set_field_by_name(id, "fontFlags", FieldVal::Str(flags.unwrap_or_default()));
        });
    }
    Ok(Value::Table(t))
}

/// `FontInstance:SetFont`.
fn set_font(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFont")?;
    let (Some(file), Some(height)) = (string(&arg(&a, 1)), num(&arg(&a, 2))) else {
        return Err(lua_error(
            lua,
            "Usage: SetFont(\"font\", fontHeight [, \"flags\"])",
        ));
    };
    let flags = string(&arg(&a, 3)).unwrap_or_default();
    with_ui_mut(lua, |ui| {
        ui.set_field_by_name(id, "fontFile", FieldVal::Str(file));
        ui.set_field_by_name(id, "fontHeight", FieldVal::Num(height));
        ui.set_field_by_name(id, "fontFlags", FieldVal::Str(flags));
    });
    ret(lua, true)
}

/// `FontInstance:GetFont`.
fn get_font(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetFont")?;
    let (file, h, flags) = with_ui(lua, |ui| {
        (
            resolve(ui, id, "fontFile"),
            font_height(ui, id),
            resolve(ui, id, "fontFlags"),
        )
    });
    let file = file.map_or(Ok(Value::Nil), |f| f.to_lua(lua))?;
    let flags = flags.map_or(Ok(Value::String(lua.create_string("")?)), |f| f.to_lua(lua))?;
    ret(lua, (file, h, flags))
}

/// `FontInstance:SetFontObject`.
fn font_instance_set_font_object(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFontObject")?;
    let f = font_arg(lua, &arg(&a, 1), "SetFontObject")?;
    set_font_object(lua, id, f);
    ret(lua, ())
}

/// `FontInstance:GetFontObject`.
fn get_font_object(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetFontObject")?;
    let f = with_ui(lua, |ui| match own(ui, id, "fontObject") {
        Some(FieldVal::Obj(f)) => Some(f),
        _ => None,
    });
    ret(lua, obj_value(lua, f)?)
}

/// `FontInstance:SetTextColor`.
fn set_text_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetTextColor")?;
    let c = color(lua, &a, "SetTextColor(r, g, b [, a])")?;
    set_nums(lua, id, &PROPS[3..7], &c);
    ret(lua, ())
}

/// `FontInstance:GetTextColor`.
fn get_text_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTextColor")?;
    get_nums(lua, id, &PROPS[3..7], 1.0)
}

/// `FontInstance:SetShadowColor`.
fn set_shadow_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetShadowColor")?;
    let c = color(lua, &a, "SetShadowColor(r, g, b [, a])")?;
    set_nums(lua, id, &PROPS[7..11], &c);
    ret(lua, ())
}

/// `FontInstance:GetShadowColor`.
fn get_shadow_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetShadowColor")?;
    get_nums(lua, id, &PROPS[7..11], 0.0)
}

/// `FontInstance:SetShadowOffset`.
fn set_shadow_offset(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetShadowOffset")?;
    let x = need_num(lua, &a, 1, "SetShadowOffset(x, y)")?;
    let y = need_num(lua, &a, 2, "SetShadowOffset(x, y)")?;
    set_nums(lua, id, &SHADOW_OFFSET, &[x, y]);
    ret(lua, ())
}

/// `FontInstance:GetShadowOffset`.
fn get_shadow_offset(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetShadowOffset")?;
    get_nums(lua, id, &SHADOW_OFFSET, 0.0)
}

/// `Font:SetFontHeight`, `FontString:SetFontHeight`.
fn set_font_height(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFontHeight")?;
    let h = need_num(lua, &a, 1, "SetFontHeight(height)")?;
    set_nums(lua, id, &["fontHeight"], &[h]);
    ret(lua, ())
}

/// `Font:GetFontHeight`, `FontString:GetFontHeight`.
fn get_font_height(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetFontHeight")?;
    ret(lua, with_ui(lua, |ui| font_height(ui, id)))
}

/// `Font:CopyFontObject`.
fn copy_font_object(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "CopyFontObject")?;
    let Some(src) = font_arg(lua, &arg(&a, 1), "CopyFontObject")? else {
        return Err(lua_error(lua, "Usage: CopyFontObject(font)"));
    };
    with_ui_mut(lua, |ui| {
        let mut names: Vec<&str> = PROPS.to_vec();
        names.extend(SHADOW_OFFSET);
        names.extend(["justifyh", "justifyv", "spacing"]);
        for n in names {
            let v = resolve(ui, src, n).or_else(|| Some(ui.field_by_name(src, n)));
            if let Some(v) = v.filter(|v| *v != FieldVal::Nil) {
                ui.set_field_by_name(id, n, v);
            }
        }
    });
    ret(lua, ())
}
