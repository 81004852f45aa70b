//! Small helpers shared by the widget method files: reading `self` and arguments, short
//! borrows of the UI state, registering method tables. No WoW names live here.
//!
//! | helper | use |
//! | --- | --- |
//! | [`self_id`], [`arg`], [`num`], [`truthy`] | reading method arguments |
//! | [`with_ui`], [`with_ui_mut`] | a borrow of `UiState` that ends before Lua runs |
//! | [`install_methods`] | a `(owner, name, fn)` table → method tables |
pub use wowsim_ui::util::*;

use super::fields::FieldVal;
use super::{add_method, obj_id, object_table, UiState};
use crate::widgets::fields::FieldValLua;
use mlua::{Lua, MultiValue, Value};
use wowsim_lua::lua_error;

/// A method implemented in Rust: `(lua, args with self first) → results`.
pub type Method = fn(&Lua, MultiValue) -> mlua::Result<MultiValue>;

/// The object id of `self` (argument 0).
pub(crate) fn self_id(lua: &Lua, args: &MultiValue, method: &str) -> mlua::Result<u32> {
    obj_id(lua, args.front().unwrap_or(&Value::Nil), method)
}

/// Argument `i` (0 = self), nil when absent.
pub fn arg(args: &MultiValue, i: usize) -> Value {
    args.get(i).cloned().unwrap_or(Value::Nil)
}

/// Converts results.
pub(crate) fn ret(lua: &Lua, v: impl mlua::IntoLuaMulti) -> mlua::Result<MultiValue> {
    v.into_lua_multi(lua)
}

/// A number, or a string that reads as one (as the client's `lua_tonumber`).
pub fn num(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Number(n) => Some(*n),
        Value::String(s) => s.to_string_lossy().trim().parse().ok(),
        _ => None,
    }
}

/// A number argument, with a client-style usage error when it is missing or not a number.
pub(crate) fn need_num(lua: &Lua, args: &MultiValue, i: usize, usage: &str) -> mlua::Result<f64> {
    num(&arg(args, i)).ok_or_else(|| lua_error(lua, format_args!("Usage: {usage}")))
}

/// Lua truthiness.
pub fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Nil | Value::Boolean(false))
}

/// A string argument (numbers converted), if any.
pub fn string(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.to_string_lossy()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The children of object `id` whose type is (or inherits) `ty`, in creation order.
pub(crate) fn children_of_type(lua: &Lua, id: u32, ty: &str) -> Vec<u32> {
    with_ui(lua, |ui| {
        ui.get(id)
            .map(|o| {
                o.children
                    .iter()
                    .copied()
                    .filter(|c| {
                        ui.get(*c)
                            .is_some_and(|g| super::types::is_a(g.type_index, ty))
                    })
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// Runs `f` with a shared borrow of the UI state.
pub(crate) fn with_ui<R>(lua: &Lua, f: impl FnOnce(&UiState) -> R) -> R {
    f(&lua.app_data_ref::<UiState>().expect("ui installed"))
}

/// Runs `f` with a mutable borrow of the UI state (never call Lua inside).
pub fn with_ui_mut<R>(lua: &Lua, f: impl FnOnce(&mut UiState) -> R) -> R {
    f(&mut lua.app_data_mut::<UiState>().expect("ui installed"))
}

/// A field of an object, by name.
pub(crate) fn get_field(lua: &Lua, id: u32, name: &str) -> FieldVal {
    with_ui_mut(lua, |ui| ui.field_by_name(id, name))
}

/// Sets a field of an object, by name.
pub fn set_field(lua: &Lua, id: u32, name: &str, v: FieldVal) {
    with_ui_mut(lua, |ui| ui.set_field_by_name(id, name, v))
}

/// The object's table when `id` is some, else nil.
pub(crate) fn obj_value(lua: &Lua, id: Option<u32>) -> mlua::Result<Value> {
    Ok(match id {
        Some(i) => Value::Table(object_table(lua, i)?),
        None => Value::Nil,
    })
}

/// Registers a table of `(owner type, method name, implementation)`.
pub(crate) fn install_methods(lua: &Lua, methods: &[(&str, &str, Method)]) -> mlua::Result<()> {
    for (owner, name, f) in methods {
        add_method(lua, owner, name, super::host_methods::host_fn(lua, *f)?)?;
    }
    Ok(())
}

/// Values as a result list.
pub fn values(lua: &Lua, vals: Vec<FieldVal>) -> mlua::Result<MultiValue> {
    let mut out = MultiValue::new();
    for v in vals {
        out.push_back(v.to_lua(lua)?);
    }
    Ok(out)
}
