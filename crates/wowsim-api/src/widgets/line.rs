//! Line (`CreateLine`): a texture drawn as a band between two points, each a point of a
//! relative region plus an offset. The thickness and texture are the reference's generic
//! fields and TextureBase's methods; this file keeps the two end points. Drawing reads them
//! through [`end_point`].
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetStartPoint(relativePoint [, relativeTo] [, x, y])`, `SetEndPoint(...)` | [`install`] |
//! | `GetStartPoint()`, `GetEndPoint()` | [`install`] |
//! | `SetThickness`, `GetThickness` (default 4) | generic (`fields`) |
pub use wowsim_ui::line::*;

use super::fields::FieldVal;
use super::region::relative_arg;
use super::util::{arg, display_name, get_field, install_methods, num, obj_value, ret, self_id};
use super::util::{with_ui, with_ui_mut, Method};
use mlua::{Lua, MultiValue, Value};
use wowsim_layout::AnchorPoint;
use wowsim_lua::lua_error;

fn set_end(lua: &Lua, a: MultiValue, which: usize, method: &str) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, method)?;
    let who = with_ui(lua, |ui| display_name(ui, id));
    let p = super::util::string(&arg(&a, 1)).unwrap_or_default();
    let Some(point) = AnchorPoint::parse(&p) else {
        return Err(lua_error(
            lua,
            format_args!("{who}:{method}(): Invalid region point {p}"),
        ));
    };
    // As with SetPoint, the relative region may be left out: a number after the point is
    // the first offset, and the end point is then relative to the parent.
    let offsets_first = matches!(arg(&a, 2), Value::Integer(_) | Value::Number(_));
    let (rel_arg, xi) = if offsets_first {
        (Value::Nil, 2)
    } else {
        (arg(&a, 2), 3)
    };
    let rel = relative_arg(lua, id, &rel_arg, method)?;
    let (x, y) = (
        num(&arg(&a, xi)).unwrap_or(0.0),
        num(&arg(&a, xi + 1)).unwrap_or(0.0),
    );
    let [fp, fr, fx, fy] = FIELDS[which];
    with_ui_mut(lua, |ui| {
        ui.set_field_by_name(id, fp, FieldVal::Str(point.as_str().to_string()));
        ui.set_field_by_name(id, fr, rel.map_or(FieldVal::Nil, FieldVal::Obj));
        ui.set_field_by_name(id, fx, FieldVal::Num(x));
        ui.set_field_by_name(id, fy, FieldVal::Num(y));
    });
    ret(lua, ())
}

fn get_end(lua: &Lua, a: MultiValue, which: usize, method: &str) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, method)?;
    let [fp, fr, fx, fy] = FIELDS[which];
    let FieldVal::Str(point) = get_field(lua, id, fp) else {
        return ret(lua, ());
    };
    let rel = match get_field(lua, id, fr) {
        FieldVal::Obj(r) => Some(r),
        _ => None,
    };
    ret(
        lua,
        (
            point,
            obj_value(lua, rel)?,
            get_field(lua, id, fx).as_f64(),
            get_field(lua, id, fy).as_f64(),
        ),
    )
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("Line", "SetStartPoint", set_start_point),
        ("Line", "SetEndPoint", set_end_point),
        ("Line", "GetStartPoint", get_start_point),
        ("Line", "GetEndPoint", get_end_point),
    ];
    install_methods(lua, methods)
}

/// `Line:SetStartPoint`.
fn set_start_point(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_end(lua, a, 0, "SetStartPoint")
}

/// `Line:SetEndPoint`.
fn set_end_point(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_end(lua, a, 1, "SetEndPoint")
}

/// `Line:GetStartPoint`.
fn get_start_point(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_end(lua, a, 0, "GetStartPoint")
}

/// `Line:GetEndPoint`.
fn get_end_point(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_end(lua, a, 1, "GetEndPoint")
}
