//! Calling an object's methods by name, as the client's XML loader does: the method is looked
//! up in the object's method table (`getmetatable(obj).__index[name]`, so mixins cannot
//! override it) and called protected; a method wow-sim does not have yet is counted as not
//! implemented for the (tag, attribute) that needed it.

use super::coverage;
use mlua::{Function, IntoLuaMulti, Lua, MultiValue, Table, Value};

/// The protected-call trampoline (`hostcall`) of the VM.
pub fn hostcall(lua: &Lua) -> mlua::Result<Function> {
    lua.named_registry_value("wowsim.hostcall")
}

/// The method `name` of `obj`'s type, if wow-sim has it.
pub fn method_of(lua: &Lua, obj: &Table, name: &str) -> Option<Function> {
    use crate::lua::keys;
    let mt = obj.metatable()?;
    let index: Table = keys::with(lua, "__index", |k| mt.raw_get(k)).ok()?.ok()?;
    match keys::with(lua, name, |k| index.raw_get::<Value>(k))
        .ok()?
        .ok()?
    {
        Value::Function(f) => Some(f),
        _ => None,
    }
}

/// Calls `obj:method(args...)` protected (errors become records). Returns false, counting
/// (tag, attr) as not implemented, when the method does not exist.
pub fn call(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    attr: &str,
    method: &str,
    args: impl IntoLuaMulti,
) -> mlua::Result<bool> {
    let Some(f) = method_of(lua, obj, method) else {
        coverage::not_implemented(lua, tag, attr);
        return Ok(false);
    };
    let mut all = MultiValue::new();
    all.push_back(Value::Function(f));
    all.push_back(Value::Table(obj.clone()));
    all.extend(args.into_lua_multi(lua)?);
    hostcall(lua)?.call::<MultiValue>(all)?;
    Ok(true)
}

/// Calls `obj:method(args...)` and returns its results (`None` when the method is missing,
/// counted like [`call`], or when it raised an error, which is recorded).
pub fn call_ret(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    attr: &str,
    method: &str,
    args: impl IntoLuaMulti,
) -> mlua::Result<Option<MultiValue>> {
    let Some(f) = method_of(lua, obj, method) else {
        coverage::not_implemented(lua, tag, attr);
        return Ok(None);
    };
    let mut all = MultiValue::new();
    all.push_back(Value::Function(f));
    all.push_back(Value::Table(obj.clone()));
    all.extend(args.into_lua_multi(lua)?);
    let mut r = hostcall(lua)?.call::<MultiValue>(all)?;
    match r.pop_front() {
        Some(Value::Boolean(true)) => Ok(Some(r)),
        _ => Ok(None),
    }
}
