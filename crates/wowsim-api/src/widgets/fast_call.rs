//! Raw C entry points for the hottest methods (`SetPoint`, `SetShown`, `IsShown`, …): the
//! common call is read straight off the Lua stack — `self` by its table's address, the
//! arguments by their Lua types — and done in one borrow of the UI state, without mlua's
//! argument conversion. Every other call (a copied `[0]` handle, another argument form, a
//! usage error, a refused anchor, a script to run) goes to the method's ordinary mlua function
//! in the same call frame, so messages, positions and effects are the ordinary ones.
//!
//! How: the method's Lua value is a C closure over three upvalues: mlua's callback data (the
//! first upvalue of the ordinary function, where mlua's own entry point reads it), the fast
//! path (a plain `fn`) and the ordinary function. When the fast path declines, the closure
//! calls mlua's entry point as its own body. A fast path must decline before it changes
//! anything and never calls into Lua.
//!
//! The mechanism's unsafe code (the Lua C API) is all in this file.
#![allow(unsafe_code)]

use super::UiState;
use mlua::{ffi, Function, LightUserData, Lua};
use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::panic::AssertUnwindSafe;

/// A method's fast path: true when it did the call (its results pushed with
/// [`Args::push_bool`]), false when it declined with nothing changed (the ordinary function
/// then runs).
pub type Fast = fn(&mut UiState, u32, &Args) -> bool;

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

/// Registers method `name` on `owner` and its derived types: `general` (made by
/// `Lua::create_function`) with `fast` in front of it.
pub fn add_method(
    lua: &Lua,
    owner: &str,
    name: &str,
    general: Function,
    fast: Fast,
) -> mlua::Result<()> {
    let fast = LightUserData(fast as *mut c_void);
    // SAFETY: runs protected with the two arguments on the stack; leaves the new closure.
    // `general` is an mlua callback, a C closure whose first upvalue is mlua's data.
    let f = unsafe {
        lua.exec_raw::<Function>((general, fast), |state| {
            ffi::lua_getupvalue(state, 1, 1);
            ffi::lua_pushvalue(state, 2);
            ffi::lua_pushvalue(state, 1);
            ffi::lua_pushcclosure(state, entry, 3);
            ffi::lua_replace(state, 1);
            ffi::lua_settop(state, 1);
        })?
    };
    super::add_method(lua, owner, name, f)
}

/// The closure's body: the fast path, else mlua's entry point of the ordinary function.
unsafe extern "C-unwind" fn entry(state: *mut ffi::lua_State) -> c_int {
    // A panic must not unwind through Lua's C frames: a fast path that panics declines, and the
    // ordinary function (which mlua guards) runs and reports it.
    let fast = std::panic::catch_unwind(AssertUnwindSafe(|| run_fast(state)));
    if let Ok(Some(results)) = fast {
        return results;
    }
    // Nothing with a destructor is alive in this frame: mlua's entry point may raise a Lua
    // error (a jump out of this frame) exactly as when it is called by Lua directly.
    match ffi::lua_tocfunction(state, ffi::lua_upvalueindex(3)) {
        Some(general) => general(state),
        None => 0,
    }
}

/// Resolves `self` and runs the fast path: the number of results, None when either declines.
unsafe fn run_fast(state: *mut ffi::lua_State) -> Option<c_int> {
    if ffi::lua_type(state, 1) != ffi::LUA_TTABLE {
        return None;
    }
    let table = ffi::lua_topointer(state, 1) as usize;
    // SAFETY: the second upvalue is the `Fast` that `add_method` stored.
    let fast: Fast = std::mem::transmute::<*mut c_void, Fast>(ffi::lua_touserdata(
        state,
        ffi::lua_upvalueindex(2),
    ));
    // SAFETY: the VM was made by mlua and outlives this call.
    let lua = Lua::get_or_init_from_ptr(state);
    let Ok(Some(mut ui)) = lua.try_app_data_mut::<UiState>() else {
        return None;
    };
    let id = *ui.by_table.get(&table)?;
    let args = Args {
        state,
        results: Cell::new(0),
    };
    fast(&mut ui, id, &args).then(|| args.results.get())
}
