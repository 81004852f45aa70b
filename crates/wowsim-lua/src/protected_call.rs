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
