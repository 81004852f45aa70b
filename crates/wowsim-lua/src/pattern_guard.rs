//! A guard in front of Lua 5.1's pattern functions (`string.find`, `string.match`,
//! `string.gmatch`, `string.gsub`): Lua 5.1's matcher recurses once per quantified item or
//! capture of a pattern and has no depth limit, so a pattern of millions of `a?` items overflows
//! the C stack and aborts the process. A pattern with more than [`MAX_PATTERN_ITEMS`] such
//! items is refused with Lua 5.2's `pattern too complex` (its matcher's own limit is far lower).
//!
//! The guard is a C function that, for every other call, runs the library's own C function in
//! its own call frame (a direct call of the function pointer, no new Lua call): the library's
//! errors then name the function and the caller's position exactly as without the guard.
//! Backtracking time is bounded elsewhere: the patched matcher charges the count hook
//! (`wowsim-lua-sys`'s `budget_patch.rs`; docs/hardening.md).

use mlua::{ffi, Function, Lua, Table};
use std::ffi::c_int;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Quantified items and captures a pattern may have (a bound on the matcher's depth: about
/// 100 bytes of C stack each, so the 8 MB main thread of the window holds them too).
pub(crate) const MAX_PATTERN_ITEMS: usize = 32_768;

const NAMES: [&str; 4] = ["find", "match", "gmatch", "gsub"];

/// The library's C functions, by the index of their name in `NAMES` (the same in every VM).
static ORIGINALS: [AtomicUsize; 4] = [const { AtomicUsize::new(0) }; 4];

/// How many items of `pattern` can make the matcher recurse (an upper bound: every `?`, `*`,
/// `+`, `-` and `(`, also inside classes and after `%`).
fn recursive_items(pattern: &[u8]) -> usize {
    pattern
        .iter()
        .filter(|b| matches!(b, b'?' | b'*' | b'+' | b'-' | b'('))
        .count()
}

/// Replaces the four functions in the `string` table with their guards.
#[allow(unsafe_code)]
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let string: Table = lua.globals().raw_get("string")?;
    let guards: [ffi::lua_CFunction; 4] = [guard_find, guard_match, guard_gmatch, guard_gsub];
    for (i, name) in NAMES.iter().enumerate() {
        let f: Function = string.raw_get(*name)?;
        // SAFETY: runs protected; reads the C function pointer of the library function.
        let ptr = unsafe {
            lua.exec_raw::<usize>(f, |state| {
                let cf = ffi::lua_tocfunction(state, -1).map_or(0, |cf| cf as usize);
                ffi::lua_settop(state, 0);
                ffi::lua_pushinteger(state, cf as ffi::lua_Integer);
            })?
        };
        if ptr == 0 {
            return Err(mlua::Error::RuntimeError(format!(
                "string.{name} is not the library's C function"
            )));
        }
        ORIGINALS[i].store(ptr, Ordering::Relaxed);
        // SAFETY: the guards follow the lua_CFunction protocol (below).
        let g = unsafe { lua.create_c_function(guards[i])? };
        string.raw_set(*name, g)?;
    }
    Ok(())
}

/// SAFETY: a lua_CFunction body; `i` indexes a stored library function of the same protocol.
#[allow(unsafe_code)]
unsafe fn guard(state: *mut ffi::lua_State, i: usize) -> c_int {
    if ffi::lua_type(state, 2) == ffi::LUA_TSTRING {
        let mut len = 0;
        let p = ffi::lua_tolstring(state, 2, &mut len);
        if len > MAX_PATTERN_ITEMS
            && recursive_items(std::slice::from_raw_parts(p.cast::<u8>(), len)) > MAX_PATTERN_ITEMS
        {
            // Nothing with a destructor is alive here: the jump skips no Rust cleanup.
            return ffi::luaL_error(state, c"pattern too complex".as_ptr());
        }
    }
    let f: ffi::lua_CFunction = std::mem::transmute(ORIGINALS[i].load(Ordering::Relaxed));
    f(state)
}

#[allow(unsafe_code)]
unsafe extern "C-unwind" fn guard_find(state: *mut ffi::lua_State) -> c_int {
    guard(state, 0)
}

#[allow(unsafe_code)]
unsafe extern "C-unwind" fn guard_match(state: *mut ffi::lua_State) -> c_int {
    guard(state, 1)
}

#[allow(unsafe_code)]
unsafe extern "C-unwind" fn guard_gmatch(state: *mut ffi::lua_State) -> c_int {
    guard(state, 2)
}

#[allow(unsafe_code)]
unsafe extern "C-unwind" fn guard_gsub(state: *mut ffi::lua_State) -> c_int {
    guard(state, 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `code` returns, as strings.
    fn run(lua: &Lua, code: &str) -> String {
        let out: mlua::MultiValue = lua.load(code).set_name("=t").call(()).unwrap();
        let parts: Vec<String> = out.iter().map(crate::error_value_message).collect();
        parts.join(" ")
    }

    #[test]
    fn deep_patterns_are_refused_and_errors_keep_their_names_and_positions() {
        let lua = Lua::new();
        install(&lua).unwrap();
        let cases = [
            ("return string.find('hello', 'l+')", "3 4"),
            ("return ('x=1'):match('(%w)=(%d)')", "x 1"),
            ("return string.gsub('aaa', 'a', 'b')", "bbb 3"),
            ("local n = 0 for w in string.gmatch('a b c', '%a') do n = n + 1 end return n", "3"),
            (
                "return pcall(string.find, nil, 'x')",
                "false bad argument #1 to '?' (string expected, got nil)",
            ),
            (
                "local ok, e = pcall(function() return string.find(nil, 'x') end) return e",
                "t:1: bad argument #1 to 'find' (string expected, got nil)",
            ),
            (
                "local ok, e = pcall(function() return ('x'):find('%') end) return e",
                "t:1: malformed pattern (ends with '%')",
            ),
            (
                "local ok, e = pcall(function() return string.find('a', string.rep('a?', 40000)) end) \
                 return e",
                "t:1: pattern too complex",
            ),
            ("return #string.rep('-', 40000):gsub('-', '')", "0"),
        ];
        for (code, want) in cases {
            assert_eq!(run(&lua, code), want, "{code}");
        }
    }
}
