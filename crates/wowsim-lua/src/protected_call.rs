//! `protectedcall(handler, f, ...)`: calls `f(...)` protected with `handler` as the error
//! handler, in C, as Lua 5.2's `xpcall(f, handler, ...)` does, and returns `true, results...`
//! or `false, handler's result`.
//!
//! The bootstrap's `hostcall` (every script handler, event, timer, XML method call and API
//! callback the host runs goes through it) used Lua 5.1's `xpcall`, which passes no
//! arguments, so each call made a closure and its upvalues for the arguments: garbage on
//! every call, a tenth of the retail start-up's collector work. Here the arguments stay on
//! the stack. `f` is called by `lua_pcall` from a C frame, as `xpcall` calls it, so
//! tracebacks show the same frames (`lua::stack_frames` stops at the bootstrap's frame below).

use mlua::{ffi, Function, Lua};
use std::ffi::c_int;

/// The C function, as a Lua value.
#[allow(unsafe_code)]
pub fn create(lua: &Lua) -> mlua::Result<Function> {
    // SAFETY: `protected_call` follows the lua_CFunction protocol: it reads only its own
    // arguments and raises nothing (every error stays inside `lua_pcall`).
    unsafe { lua.create_c_function(protected_call) }
}

#[allow(unsafe_code)]
unsafe extern "C-unwind" fn protected_call(state: *mut ffi::lua_State) -> c_int {
    // Stack: handler, f, args...
    let nargs = ffi::lua_gettop(state) - 2;
    if nargs < 0 {
        ffi::lua_settop(state, 0);
        ffi::lua_pushboolean(state, 0);
        ffi::lua_pushstring(
            state,
            c"protectedcall: handler and function expected".as_ptr(),
        );
        return 2;
    }
    let status = ffi::lua_pcall(state, nargs, ffi::LUA_MULTRET, 1);
    // Stack: handler, results... (or the handler's result): the handler's slot becomes `ok`.
    ffi::lua_pushboolean(state, c_int::from(status == 0));
    ffi::lua_replace(state, 1);
    ffi::lua_gettop(state)
}
