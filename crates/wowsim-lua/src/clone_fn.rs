//! A second value of a C function: the same entry point over the same upvalues and environment,
//! so it behaves exactly as the first (mlua callbacks included: their data is the first
//! upvalue) but is a different function value. The client's C functions are one value per name
//! (each UI object type has its own `Show`); the bindings make one body and give each further
//! name its own value with [`clone_c_function`].
#![allow(unsafe_code)]

use mlua::{ffi, Function, Lua};

/// A new function value behaving as `f`, or `None` when `f` is a Lua function (whose clone
/// would need its prototype; the bindings' Lua functions are left as they are).
pub fn clone_c_function(lua: &Lua, f: &Function) -> mlua::Result<Option<Function>> {
    // SAFETY: runs protected with `f` at index 1. Reads its entry point and pushes its
    // upvalues one by one (a C closure has at most 255), then its environment table, and
    // leaves either the new closure or nil at index 1.
    let v = unsafe {
        lua.exec_raw::<mlua::Value>(f, |state| {
            let Some(entry) = ffi::lua_tocfunction(state, 1) else {
                ffi::lua_settop(state, 0);
                ffi::lua_pushnil(state);
                return;
            };
            let mut n = 0;
            while n < 255 && !ffi::lua_getupvalue(state, 1, n + 1).is_null() {
                n += 1;
            }
            ffi::lua_pushcclosure(state, entry, n);
            ffi::lua_getfenv(state, 1);
            ffi::lua_setfenv(state, -2);
            ffi::lua_replace(state, 1);
            ffi::lua_settop(state, 1);
        })?
    };
    match v {
        mlua::Value::Function(g) => Ok(Some(g)),
        _ => Ok(None),
    }
}
