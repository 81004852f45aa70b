//! Calling an object's methods by name, as the client's XML loader does: the method is looked
//! up in the object's method table (`getmetatable(obj).__index[name]`, so mixins cannot
//! override it) and called protected; a method wow-sim does not have yet is counted as not
//! implemented for the (tag, attribute) that needed it.

use super::coverage;
use mlua::{Function, IntoLuaMulti, Lua, MultiValue, Table, Value};

/// The trampoline kept in app data: every XML attribute is applied through it, and a
/// registry read by name per call (a string push and a table lookup) showed in profiles.
struct Hostcall(Function);

/// Keeps the VM's `hostcall` for [`hostcall`] (called once by [`super::install`]).
pub fn install(lua: &Lua, hostcall: &Function) {
    lua.set_app_data(Hostcall(hostcall.clone()));
}

/// The protected-call trampoline (`hostcall`) of the VM.
pub fn hostcall(lua: &Lua) -> mlua::Result<Function> {
    match lua.app_data_ref::<Hostcall>() {
        Some(h) => Ok(h.0.clone()),
        None => lua.named_registry_value("wowsim.hostcall"),
    }
}

/// The method `name` of `obj`'s type, if wow-sim has it.
pub fn method_of(lua: &Lua, obj: &Table, name: &str) -> Option<Function> {
    use wowsim_lua::keys;
    let mt = obj.metatable()?;
    let v = keys::with_pair(lua, "__index", name, |index, name| {
        let index: Table = mt.raw_get(index).ok()?;
        index.raw_get::<Value>(name).ok()
    })
    .ok()??;
    match v {
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
    // The arguments go straight onto the Lua stack (no `MultiValue` built per call).
    hostcall(lua)?.call::<()>((f, obj, args))?;
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
    let mut r = hostcall(lua)?.call::<MultiValue>((f, obj, args))?;
    match r.pop_front() {
        Some(Value::Boolean(true)) => Ok(Some(r)),
        _ => Ok(None),
    }
}
