//! Host code calling a host function directly, as the client's XML loader calls an object's
//! methods: no Lua frame is pushed, so the function sees the Lua stack of whatever host call is
//! running. Its errors must read as if the trampoline had called it from C (no caller
//! position), so [`call`] marks the stack depth at which it entered and [`crate::caller_position`]
//! gives no position for frames at or below that depth. Frames pushed by Lua code the function
//! runs itself (script handlers) are above the mark and keep their positions.

use crate::errors::ErrorState;
use mlua::Lua;

/// Calls `f` as a host function entered from C: errors it raises through
/// [`crate::lua_error`] carry no caller position (nested calls each keep their own mark).
pub fn call<R>(lua: &Lua, f: impl FnOnce() -> R) -> R {
    let depth = stack_depth(lua);
    let prev = set_mark(lua, Some(depth));
    let r = f();
    set_mark(lua, prev);
    r
}

fn set_mark(lua: &Lua, mark: Option<usize>) -> Option<usize> {
    match lua.app_data_mut::<ErrorState>() {
        Some(mut s) => std::mem::replace(&mut s.direct_depth, mark),
        None => None,
    }
}

/// Whether the frame at `level` (0 = the running function) lies at or below the mark of the
/// innermost [`call`], i.e. outside the directly called function.
pub(crate) fn below_mark(lua: &Lua, level: usize) -> bool {
    let mark = lua
        .app_data_ref::<ErrorState>()
        .and_then(|s| s.direct_depth);
    match mark {
        Some(depth) => level + depth >= stack_depth(lua),
        None => false,
    }
}

/// The number of active call frames: the first level `inspect_stack` has no frame for,
/// found by doubling then bisecting (each probe is one `lua_getstack`).
fn stack_depth(lua: &Lua) -> usize {
    let has = |level: usize| lua.inspect_stack(level, |_| ()).is_some();
    if !has(0) {
        return 0;
    }
    let (mut lo, mut hi) = (0, 1);
    while has(hi) {
        lo = hi;
        hi *= 2;
    }
    // `lo` has a frame, `hi` has none.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if has(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

#[cfg(test)]
mod tests {

    /// The message of `lua_error` raised by a host function that Lua code calls at line 2, when
    /// that function raises it itself and when it makes a direct call that raises it.
    #[test]
    fn a_direct_call_has_no_caller_position_but_lua_it_runs_keeps_its_own() {
        let (lua, _host) = crate::new_vm().unwrap();
        let lua: mlua::Lua = lua;
        let raise = lua
            .create_function(|lua, ()| Err::<(), _>(crate::lua_error(lua, "boom")))
            .unwrap();
        let direct = lua
            .create_function(|lua, f: mlua::Function| {
                let own = crate::host_error_message(&super::call(lua, || {
                    crate::lua_error(lua, "direct")
                }));
                let unmarked = crate::host_error_message(&crate::lua_error(lua, "plain"));
                let nested = super::call(lua, || f.call::<()>(()))
                    .err()
                    .map(|e| crate::host_error_message(&e))
                    .unwrap_or_default();
                let depth = super::stack_depth(lua);
                Ok((own, unmarked, nested, depth))
            })
            .unwrap();
        lua.globals().set("raise", raise).unwrap();
        lua.globals().set("direct", direct).unwrap();
        let chunk = "local f = function() raise() end\nreturn direct(f)";
        let (own, unmarked, nested, depth): (String, String, String, usize) = lua
            .load(chunk)
            .set_name("@Interface/AddOns/A/a.lua")
            .call(())
            .unwrap();
        assert_eq!(own, "direct");
        assert_eq!(unmarked, "Interface/AddOns/A/a.lua:2: plain");
        assert_eq!(nested, "Interface/AddOns/A/a.lua:1: boom");
        // `direct` and the chunk.
        assert_eq!(depth, 2);
    }
}
