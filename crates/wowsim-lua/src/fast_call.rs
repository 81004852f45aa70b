//! Raw C entry points for the hottest methods (`SetPoint`, `SetShown`, `IsShown`, …): the
//! common call is read straight off the Lua stack — `self` by its table's address, the
//! arguments by their Lua types — and done in one borrow of the UI state, without mlua's
//! argument conversion. Every other call (a copied `[0]` handle, another argument form, a
//! usage error, a refused anchor, a script to run) goes to the method's ordinary mlua function
//! in the same call frame, so messages, positions and effects are the ordinary ones.
//!
//! Generic over the host state `S` the fast paths work on (the API's UI state, kept in the VM's
//! app data) and how a table's address names an object in it; the bindings (`wowsim-api`'s
//! `widgets`) register their methods through [`wrap`].
//!
//! How: the method's Lua value is a C closure over four upvalues: mlua's callback data (the
//! first upvalue of the ordinary function, where mlua's own entry point reads it), the fast
//! path (a plain `fn`), the ordinary function and the resolver of `self` (a plain `fn`). When the fast path declines, the closure
//! calls mlua's entry point as its own body. A fast path must decline before it changes
//! anything and never calls into Lua.
//!
//! That relies on mlua's private layout of a callback: a C closure of one entry point over
//! exactly one upvalue, a userdata, which the entry point reads as `lua_upvalueindex(1)`.
//! mlua is pinned to an exact version in the workspace's Cargo.toml for it, and
//! [`wrap`] checks the layout of every function it wraps: a mismatch is an error at
//! start-up, never a call into the wrong data. (mlua's public `create_c_function` makes a C
//! function without upvalues, and calling the ordinary function from it through `lua_call`
//! adds a stack frame, which would move the caller positions that errors and `debug` report.)
//!
//! The mechanism's unsafe code (the Lua C API) is all in this file.
#![allow(unsafe_code)]

use mlua::{ffi, Function, LightUserData, Lua};
use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::panic::AssertUnwindSafe;

/// A method's fast path: true when it did the call (its results pushed with
/// [`Args::push_bool`]), false when it declined with nothing changed (the ordinary function
/// then runs).
pub type Fast<S> = fn(&mut S, u32, &Args) -> bool;

/// Finds the object a table (by its address) stands for in the host state.
pub(crate) type Resolve<S> = fn(&S, usize) -> Option<u32>;

/// The arguments after `self`, read from the Lua stack (1 = the first after `self`), and the
/// results pushed.
pub struct Args {
    state: *mut ffi::lua_State,
    results: Cell<c_int>,
}

impl Args {
    /// Returns a boolean (after the arguments are read: pushing moves the top).
    pub fn push_bool(&self, v: bool) {
        // SAFETY: a C function has LUA_MINSTACK free slots; a boolean allocates nothing.
        unsafe { ffi::lua_pushboolean(self.state, c_int::from(v)) };
        self.results.set(self.results.get() + 1);
    }

    /// Returns a number (as [`Args::push_bool`]).
    pub fn push_num(&self, v: f64) {
        // SAFETY: as in `push_bool`.
        unsafe { ffi::lua_pushnumber(self.state, v) };
        self.results.set(self.results.get() + 1);
    }

    fn kind(&self, i: c_int) -> c_int {
        // SAFETY: `state` is the running C function's; an index past the top reads as none.
        unsafe { ffi::lua_type(self.state, i + 1) }
    }

    /// A number argument (a Lua number; numeric strings are for the ordinary path).
    pub fn num(&self, i: c_int) -> Option<f64> {
        // SAFETY: as in `kind`; the value is a number.
        (self.kind(i) == ffi::LUA_TNUMBER).then(|| unsafe { ffi::lua_tonumber(self.state, i + 1) })
    }

    /// Whether the argument is nil or absent.
    pub fn is_nil(&self, i: c_int) -> bool {
        matches!(self.kind(i), ffi::LUA_TNIL | ffi::LUA_TNONE)
    }

    /// Lua's truth of the argument (nil, absent and false are false).
    pub fn truthy(&self, i: c_int) -> bool {
        // SAFETY: as in `kind`.
        unsafe { ffi::lua_toboolean(self.state, i + 1) != 0 }
    }

    /// The bytes of a string argument (not of a number).
    pub fn bytes(&self, i: c_int) -> Option<&[u8]> {
        if self.kind(i) != ffi::LUA_TSTRING {
            return None;
        }
        let mut len = 0;
        // SAFETY: a string on the stack of the running call: its bytes live until the call
        // returns, which outlives `&self`.
        unsafe {
            let p = ffi::lua_tolstring(self.state, i + 1, &mut len);
            Some(std::slice::from_raw_parts(p.cast::<u8>(), len))
        }
    }
}

/// `general` (made by `Lua::create_function`) with `fast` in front of it: the C closure over
/// `general`'s callback data, `fast`, `general` and `resolve` (see the file's header). The fast
/// path runs when `self` is a table `resolve` knows and the VM's app data holds an `S`.
pub fn wrap<S: 'static>(
    lua: &Lua,
    general: Function,
    fast: Fast<S>,
    resolve: Resolve<S>,
) -> mlua::Result<Function> {
    check_layout(lua, &general)?;
    let fast = LightUserData(fast as *mut c_void);
    let resolve = LightUserData(resolve as *mut c_void);
    // SAFETY: runs protected with the three arguments on the stack; leaves the new closure.
    // `general` is an mlua callback ([`check_layout`]), whose first upvalue is mlua's data.
    unsafe {
        lua.exec_raw::<Function>((general, fast, resolve), |state| {
            ffi::lua_getupvalue(state, 1, 1);
            ffi::lua_pushvalue(state, 2);
            ffi::lua_pushvalue(state, 1);
            ffi::lua_pushvalue(state, 3);
            ffi::lua_pushcclosure(state, entry::<S>, 4);
            ffi::lua_replace(state, 1);
            ffi::lua_settop(state, 1);
        })
    }
}

/// Checks that `general` has the layout [`entry`] relies on (see the file's header): a C
/// closure of the same entry point as a probe made by `Lua::create_function`, over exactly one
/// upvalue, a userdata.
fn check_layout(lua: &Lua, general: &Function) -> mlua::Result<()> {
    let probe = lua.create_function(|_, ()| Ok(()))?;
    // SAFETY: runs protected with the two functions on the stack; reads their C entry points
    // and `general`'s upvalues (pushing at most one value at a time) and leaves a boolean.
    let fits = unsafe {
        lua.exec_raw::<bool>((general, probe), |state| {
            let entry = |i| ffi::lua_tocfunction(state, i).map(|f| f as usize);
            let mut fits =
                ffi::lua_iscfunction(state, 1) != 0 && entry(1).is_some() && entry(1) == entry(2);
            if fits && !ffi::lua_getupvalue(state, 1, 1).is_null() {
                fits = ffi::lua_type(state, -1) == ffi::LUA_TUSERDATA;
                ffi::lua_pop(state, 1);
            } else {
                fits = false;
            }
            if fits && !ffi::lua_getupvalue(state, 1, 2).is_null() {
                fits = false;
            }
            ffi::lua_settop(state, 0);
            ffi::lua_pushboolean(state, c_int::from(fits));
        })?
    };
    if fits {
        Ok(())
    } else {
        Err(mlua::Error::RuntimeError(
            "wowsim-lua fast_call.rs: mlua's callbacks are not C closures over one userdata as \
             this mlua version's are meant to be (is mlua still the version pinned in the \
             workspace's Cargo.toml?)"
                .into(),
        ))
    }
}

/// The closure's body: the fast path, else mlua's entry point of the ordinary function.
unsafe extern "C-unwind" fn entry<S: 'static>(state: *mut ffi::lua_State) -> c_int {
    // A panic must not unwind through Lua's C frames: a fast path that panics declines, and the
    // ordinary function (which mlua guards) runs and reports it.
    match std::panic::catch_unwind(AssertUnwindSafe(|| run_fast::<S>(state))) {
        Ok(Some(results)) => return results,
        Ok(None) => {}
        // Freed now: the payload must not be alive when the ordinary function runs.
        Err(payload) => drop(payload),
    }
    // Nothing with a destructor is alive in this frame: mlua's entry point may raise a Lua
    // error (a jump out of this frame) exactly as when it is called by Lua directly.
    match ffi::lua_tocfunction(state, ffi::lua_upvalueindex(3)) {
        Some(general) => general(state),
        None => 0,
    }
}

/// Resolves `self` and runs the fast path: the number of results, None when either declines.
unsafe fn run_fast<S: 'static>(state: *mut ffi::lua_State) -> Option<c_int> {
    if ffi::lua_type(state, 1) != ffi::LUA_TTABLE {
        return None;
    }
    let table = ffi::lua_topointer(state, 1) as usize;
    // SAFETY: the second and fourth upvalues are the `Fast<S>` and `Resolve<S>` that `wrap`
    // stored for this `S`.
    let fast: Fast<S> = std::mem::transmute::<*mut c_void, Fast<S>>(ffi::lua_touserdata(
        state,
        ffi::lua_upvalueindex(2),
    ));
    let resolve: Resolve<S> = std::mem::transmute::<*mut c_void, Resolve<S>>(ffi::lua_touserdata(
        state,
        ffi::lua_upvalueindex(4),
    ));
    // SAFETY: the VM was made by mlua and outlives this call.
    let lua = Lua::get_or_init_from_ptr(state);
    let Ok(Some(mut host)) = lua.try_app_data_mut::<S>() else {
        return None;
    };
    let id = resolve(&host, table)?;
    let args = Args {
        state,
        results: Cell::new(0),
    };
    fast(&mut host, id, &args).then(|| args.results.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mlua_callbacks_have_the_layout_the_entry_relies_on() {
        let lua = Lua::new();
        let callback = lua.create_function(|_, x: i64| Ok(x + 1)).unwrap();
        check_layout(&lua, &callback).expect("an mlua callback fits");
        // A Lua function, and C functions of other entry points (with and without an upvalue),
        // do not.
        let lua_fn: Function = lua.load("return function() end").eval().unwrap();
        assert!(check_layout(&lua, &lua_fn).is_err());
        let print: Function = lua.globals().get("print").unwrap();
        assert!(check_layout(&lua, &print).is_err());
        let with_upvalue: Function = lua
            .load("local t = {} return coroutine.wrap(function() return t end)")
            .eval()
            .unwrap();
        assert!(check_layout(&lua, &with_upvalue).is_err());
    }

    #[test]
    fn a_declined_call_runs_the_ordinary_function_with_its_arguments() {
        let lua = Lua::new();
        let general = lua
            .create_function(|_, (this, x): (mlua::Value, i64)| Ok((this.is_nil(), x * 2)))
            .unwrap();
        let wrapped = wrap(&lua, general, declines, knows_none).unwrap();
        // `self` not a table: the fast path is not tried.
        let got: (bool, i64) = wrapped.call((mlua::Value::Nil, 21)).unwrap();
        assert_eq!(got, (true, 42));
        // A table, but no host state in this VM: declined before the fast path.
        let got: (bool, i64) = wrapped.call((lua.create_table().unwrap(), 5)).unwrap();
        assert_eq!(got, (false, 10));
        // An error of the ordinary function is raised from the closure as from it.
        let err = wrapped.call::<()>((mlua::Value::Nil, "x")).unwrap_err();
        assert!(err.to_string().contains("bad argument #2"), "{err}");
    }

    struct Host;

    fn declines(_: &mut Host, _: u32, _: &Args) -> bool {
        false
    }

    fn knows_none(_: &Host, _: usize) -> Option<u32> {
        None
    }
}
