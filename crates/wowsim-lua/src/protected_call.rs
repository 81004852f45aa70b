//! The protected calls in C: `protectedcall(handler, f, ...)` for the host, and the global
//! `pcall` and `xpcall`.
//!
//! `protectedcall` calls `f(...)` protected with `handler` as the error handler, as Lua 5.2's
//! `xpcall(f, handler, ...)` does, and returns `true, results...` or `false, handler's
//! result`. The bootstrap's `hostcall` (every script handler, event, timer, XML method call
//! and API callback the host runs goes through it) used Lua 5.1's `xpcall`, which passes no
//! arguments, so each call made a closure and its upvalues for the arguments: garbage on
//! every call, a tenth of the retail start-up's collector work. Here the arguments stay on
//! the stack. `f` is called by `lua_pcall` from a C frame, as `xpcall` calls it, so
//! tracebacks show the same frames (`lua::stack_frames` stops at the bootstrap's frame below).
//!
//! `pcall` and `xpcall` are C functions as in the client, so that a level counted through
//! them (`pcall(error, msg, 2)`, `pcall(setfenv, 2, t)`, `error(msg, 3)` inside an `xpcall`)
//! lands where it lands in the client; a Lua wrapper was one frame more. Each first checks
//! the budget's spent flag (`budget.rs`): while it is set the call raises the budget's message
//! at once instead of running its function. `pcall` turns an error value that a Rust
//! callback raised (userdata) into its message; `xpcall` (which passes extra arguments, as the
//! client's does) runs the handler the bootstrap makes from the addon's.

use mlua::{ffi, Function, Lua};
use std::ffi::c_int;

/// The C function, as a Lua value.
#[allow(unsafe_code)]
pub fn create(lua: &Lua) -> mlua::Result<Function> {
    // SAFETY: `protected_call` follows the lua_CFunction protocol: it reads only its own
    // arguments and raises nothing (every error stays inside `lua_pcall`).
    unsafe { lua.create_c_function(protected_call) }
}

/// `maker(kind, spent, toolong, helper)`: the global `pcall` (`kind` "pcall", `helper` turns
/// an error value into its message) or `xpcall` (`kind` "xpcall", `helper` makes the error
/// handler from the addon's), with the spent flag table and the budget's message function.
#[allow(unsafe_code)]
pub fn maker(lua: &Lua) -> mlua::Result<Function> {
    // SAFETY: `make` follows the lua_CFunction protocol (below).
    unsafe { lua.create_c_function(make) }
}

/// SAFETY: a lua_CFunction; it checks its arguments before using them.
#[allow(unsafe_code)]
unsafe extern "C-unwind" fn make(state: *mut ffi::lua_State) -> c_int {
    let kind = ffi::luaL_checklstring(state, 1, std::ptr::null_mut());
    let f: ffi::lua_CFunction = match std::ffi::CStr::from_ptr(kind).to_bytes() {
        b"pcall" => global_pcall,
        b"xpcall" => global_xpcall,
        _ => return ffi::luaL_argerror(state, 1, c"'pcall' or 'xpcall' expected".as_ptr()),
    };
    ffi::luaL_checktype(state, 2, ffi::LUA_TTABLE);
    ffi::luaL_checktype(state, 3, ffi::LUA_TFUNCTION);
    ffi::luaL_checktype(state, 4, ffi::LUA_TFUNCTION);
    ffi::lua_settop(state, 4);
    ffi::lua_pushcclosure(state, f, 3);
    1
}

/// While the budget is spent (`[1]` of upvalue 1): raises upvalue 2's message (its first
/// result), with the position of the `pcall`'s caller when its second result says so, as
/// `luaL_error` positions a library's error. Raising is a `lua_error` from a C function.
///
/// SAFETY: called from `global_pcall` or `global_xpcall`, whose upvalues `make` set.
#[allow(unsafe_code)]
unsafe fn check_spent(state: *mut ffi::lua_State) {
    ffi::lua_rawgeti(state, ffi::lua_upvalueindex(1), 1);
    let spent = ffi::lua_toboolean(state, -1) != 0;
    ffi::lua_settop(state, -2);
    if spent {
        ffi::lua_pushvalue(state, ffi::lua_upvalueindex(2));
        ffi::lua_call(state, 0, 2);
        let positioned = ffi::lua_toboolean(state, -1) != 0;
        ffi::lua_settop(state, -2);
        if ffi::lua_type(state, -1) != ffi::LUA_TSTRING {
            ffi::lua_settop(state, -2);
            ffi::lua_pushstring(state, c"script ran too long".as_ptr());
        }
        if positioned {
            ffi::luaL_where(state, 1);
            ffi::lua_insert(state, -2);
            ffi::lua_concat(state, 2);
        }
        ffi::lua_error(state);
    }
}

/// The global `pcall(f, ...)`.
#[allow(unsafe_code)]
unsafe extern "C-unwind" fn global_pcall(state: *mut ffi::lua_State) -> c_int {
    ffi::luaL_checkany(state, 1);
    check_spent(state);
    let nargs = ffi::lua_gettop(state) - 1;
    // Stack: true, f, args... (the `ok` slot goes in while the stack has the room Lua gives).
    ffi::lua_pushboolean(state, 1);
    ffi::lua_insert(state, 1);
    if ffi::lua_pcall(state, nargs, ffi::LUA_MULTRET, 0) != 0 {
        // Stack: true, the error value.
        if ffi::lua_type(state, -1) == ffi::LUA_TUSERDATA {
            ffi::lua_pushvalue(state, ffi::lua_upvalueindex(3));
            ffi::lua_insert(state, -2);
            ffi::lua_call(state, 1, 1);
        }
        ffi::lua_pushboolean(state, 0);
        ffi::lua_replace(state, 1);
    }
    ffi::lua_gettop(state)
}

/// The global `xpcall(f, handler, ...)`.
#[allow(unsafe_code)]
unsafe extern "C-unwind" fn global_xpcall(state: *mut ffi::lua_State) -> c_int {
    ffi::luaL_checkany(state, 2);
    check_spent(state);
    // The handler the bootstrap makes from the addon's; stack: h, f, args...
    ffi::lua_pushvalue(state, ffi::lua_upvalueindex(3));
    ffi::lua_pushvalue(state, 2);
    ffi::lua_call(state, 1, 1);
    ffi::lua_replace(state, 2);
    ffi::lua_pushvalue(state, 2);
    ffi::lua_insert(state, 1);
    ffi::lua_remove(state, 3);
    call_with_handler(state)
}

#[allow(unsafe_code)]
unsafe extern "C-unwind" fn protected_call(state: *mut ffi::lua_State) -> c_int {
    // Stack: handler, f, args...
    if ffi::lua_gettop(state) < 2 {
        ffi::lua_settop(state, 0);
        ffi::lua_pushboolean(state, 0);
        ffi::lua_pushstring(
            state,
            c"protectedcall: handler and function expected".as_ptr(),
        );
        return 2;
    }
    call_with_handler(state)
}

/// Calls `f(args...)` with the handler at index 1; returns `ok, results...`.
///
/// SAFETY: a lua_CFunction's stack holding handler, f, args...
#[allow(unsafe_code)]
unsafe fn call_with_handler(state: *mut ffi::lua_State) -> c_int {
    let nargs = ffi::lua_gettop(state) - 2;
    // The `ok` slot goes in below `f` before the call, while the stack has the room Lua gives a
    // C function: after a call with any number of results (up to the stack's limit) nothing is
    // pushed. Stack: handler, true, f, args...
    ffi::lua_pushboolean(state, 1);
    ffi::lua_insert(state, 2);
    let status = ffi::lua_pcall(state, nargs, ffi::LUA_MULTRET, 1);
    if status != 0 {
        // Stack: handler, true, the handler's result; `f` and its arguments are gone, so the
        // push has their room.
        ffi::lua_pushboolean(state, 0);
        ffi::lua_replace(state, 2);
    }
    // Stack: handler, ok, results... (or the handler's result): all but the handler.
    ffi::lua_gettop(state) - 1
}

#[cfg(test)]
mod tests {
    use mlua::{Lua, MultiValue};

    /// The values `code` returns, as `tostring` shows them.
    fn run(code: &str) -> Vec<String> {
        let lua = Lua::new();
        let pcall = super::create(&lua).unwrap();
        lua.globals().set("protectedcall", pcall).unwrap();
        let out: MultiValue = lua.load(code).call(()).unwrap();
        out.iter().map(|v| v.to_string().unwrap()).collect()
    }

    #[test]
    fn results_arguments_and_errors() {
        let cases = [
            (
                "return protectedcall(print, function(a, b) return b, a end, 1, 2)",
                &["true", "2", "1"][..],
            ),
            (
                "return protectedcall(function(e) return 'handled: ' .. e end, \
                 function() error('boom', 0) end)",
                &["false", "handled: boom"],
            ),
            ("return protectedcall(print, function() end)", &["true"]),
            (
                "return protectedcall(print)",
                &["false", "protectedcall: handler and function expected"],
            ),
        ];
        for (code, want) in cases {
            assert_eq!(run(code), want, "{code}");
        }
    }

    #[test]
    fn as_many_results_as_the_stack_holds() {
        // `unpack` returns as many values as a C function may have (Lua 5.1's LUAI_MAXCSTACK,
        // 8000, less its argument); a vararg chain returns more than any C function could push.
        let code = "local t = {} for i = 1, 7999 do t[i] = i end
                    return select('#', protectedcall(print, unpack, t))";
        assert_eq!(run(code), ["8000"]);
        let code = "local function many(n, ...) if n == 0 then return ... end \
                    return many(n - 1, n, ...) end
                    local r = {protectedcall(print, many, 10000)}
                    return #r, r[1], r[2], r[10001]";
        assert_eq!(run(code), ["10001", "true", "1", "10000"]);
    }
}
