//! Chunks named `*:OnX` (the client's convention for script handlers compiled from text, as in
//! `loadstring(code, "*:OnEvent")`): when such a chunk raises an error that reaches the error
//! handler, the client writes the name of the object the handler runs for in place of the `*`
//! (`[string "MyFrame:OnEvent"]:1: …`), taken from the chunk's first local; an unnamed object
//! gives its type name, anything else leaves the `*`. This file finds that first local; the
//! bootstrap's error path (`bootstrap.lua`) asks the object its name.

#![allow(unsafe_code)]

use mlua::{ffi, Lua, Value};
use std::ffi::CStr;

/// How far up the stack a `*` chunk is looked for (the error handler runs a few levels above
/// the failing function: the trampoline, `error` itself).
const MAX_LEVELS: i32 = 12;

/// `natives.starlocal()`: the first local of the nearest running function whose chunk name
/// starts with `*`, or nil.
pub(crate) fn first_local(lua: &Lua, _: ()) -> mlua::Result<Value> {
    // SAFETY: walks the running thread's stack with the debug API; `lua_getlocal` pushes one
    // value when it names a local, which is the only thing left on the stack.
    unsafe {
        lua.exec_raw::<Value>((), |s| {
            let mut ar: ffi::lua_Debug = std::mem::zeroed();
            for level in 1..MAX_LEVELS {
                if ffi::lua_getstack(s, level, &mut ar) == 0 {
                    break;
                }
                if ffi::lua_getinfo(s, c"S".as_ptr(), &mut ar) == 0 || ar.source.is_null() {
                    continue;
                }
                if CStr::from_ptr(ar.source).to_bytes().first() != Some(&b'*') {
                    continue;
                }
                if ffi::lua_getlocal(s, &ar, 1).is_null() {
                    ffi::lua_pushnil(s);
                }
                return;
            }
            ffi::lua_pushnil(s);
        })
    }
}
