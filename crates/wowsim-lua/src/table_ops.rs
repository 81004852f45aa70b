//! Table operations done in C for speed, behind safe functions: copying every field of a table
//! into another (mixins) and the incremental walk of `_G` that keeps the secure environment's
//! snapshot current. The unsafe Lua C API calls they make are confined to this file.
#![allow(unsafe_code)]

use mlua::{Lua, Table};

/// `for k, v in pairs(from) do rawset(to, k, v) end`, in C: iterating with mlua made a
/// reference for every key and value (2% of the retail start-up for the mixins).
pub fn raw_copy(lua: &Lua, to: &Table, from: &Table) -> mlua::Result<()> {
    use mlua::ffi;
    // SAFETY: runs protected with the two tables at 1 (`to`) and 2 (`from`); `lua_next` walks
    // `from` while only `to` gains keys (a mixin that is the object itself only has its own
    // fields set again, which a traversal allows); every push is popped by `lua_rawset`.
    unsafe {
        lua.exec_raw::<()>((to, from), |state| {
            ffi::lua_pushnil(state);
            while ffi::lua_next(state, 2) != 0 {
                // key, value → key, key, value: `lua_rawset` pops the copy and the value.
                ffi::lua_pushvalue(state, -2);
                ffi::lua_insert(state, -2);
                ffi::lua_rawset(state, 1);
            }
        })
    }
}

/// `rawcopy(to, from)` for wow-sim's own Lua code: [`raw_copy`]'s loop as a C function (C
/// writes stamp the slots secure, as the client's C side does, and reading `from` in C taints
/// nothing, whoever set its fields).
pub fn raw_copy_function(lua: &Lua) -> mlua::Result<mlua::Function> {
    use mlua::ffi;
    use std::ffi::c_int;
    unsafe extern "C-unwind" fn rawcopy(l: *mut ffi::lua_State) -> c_int {
        // Nothing with a destructor lives here: an error's jump skips no Rust cleanup.
        ffi::luaL_checktype(l, 1, ffi::LUA_TTABLE);
        ffi::luaL_checktype(l, 2, ffi::LUA_TTABLE);
        ffi::lua_settop(l, 2);
        ffi::lua_pushnil(l);
        while ffi::lua_next(l, 2) != 0 {
            ffi::lua_pushvalue(l, -2);
            ffi::lua_insert(l, -2);
            ffi::lua_rawset(l, 1);
        }
        0
    }
    // SAFETY: `rawcopy` follows the C API's rules (its stack use is within LUA_MINSTACK).
    unsafe { lua.create_c_function(rawcopy) }
}

/// `newNames(G, snapshot, prev, cur)`, in C: adds to `snapshot` each name of `G` it lacks,
/// with its value, as `for k, v in next, G do if snapshot[k] == nil then snapshot[k] = v end
/// end` does, and lists `G`'s names in `next`'s order in `cur`.
///
/// Most names of a walk were there at the previous one, and `next` meets them in the same
/// order (a name added since takes a free place among them; only resizing `_G` reorders it):
/// `prev` is the previous walk's list, and a name equal to the one expected from it
/// (`lua_rawequal`: the same interned string) is in `snapshot` already (every name a walk
/// meets is, and `snapshot` never loses one), so only the names not met in that order are
/// looked up in `snapshot`. Those lookups (a cache miss each in a table of ~50,000 names)
/// were most of the walk's time. A name removed since is skipped over by looking a few names
/// ahead in `prev`; whatever does not match is simply looked up.
pub mod walk {
    use mlua::ffi;
    use std::ffi::c_int;

    /// How far ahead in `prev` a name is looked for (names removed since the last walk).
    const LOOKAHEAD: ffi::lua_Integer = 3;

    pub fn create(lua: &mlua::Lua) -> mlua::Result<mlua::Function> {
        // SAFETY: `new_names` follows the lua_CFunction protocol and keeps no Rust value
        // alive across the Lua API calls that may raise (a failed allocation).
        unsafe { lua.create_c_function(new_names) }
    }

    /// Whether the name on top of the stack's second slot (the key under the value) is
    /// `prev[at]`.
    unsafe fn key_is(l: *mut ffi::lua_State, at: ffi::lua_Integer) -> bool {
        ffi::lua_rawgeti(l, 3, at);
        let same = ffi::lua_rawequal(l, -1, -3) != 0;
        ffi::lua_settop(l, -2);
        same
    }

    unsafe extern "C-unwind" fn new_names(l: *mut ffi::lua_State) -> c_int {
        // Arguments: 1 = G, 2 = snapshot, 3 = prev, 4 = cur. Stack in the loop: key, value.
        // (A table holds fewer than 2^31 entries: the index conversions cannot fail.)
        let (mut i, mut j): (ffi::lua_Integer, ffi::lua_Integer) = (0, 1);
        ffi::lua_settop(l, 4);
        ffi::lua_pushnil(l);
        while ffi::lua_next(l, 1) != 0 {
            i += 1;
            let found = (0..LOOKAHEAD).find(|&d| key_is(l, j + d));
            match found {
                Some(d) => j += d + 1,
                None => {
                    ffi::lua_pushvalue(l, -2);
                    ffi::lua_rawget(l, 2);
                    let missing = ffi::lua_type(l, -1) == ffi::LUA_TNIL;
                    ffi::lua_settop(l, -2);
                    if missing {
                        ffi::lua_pushvalue(l, -2);
                        ffi::lua_pushvalue(l, -2);
                        ffi::lua_rawset(l, 2);
                    }
                }
            }
            ffi::lua_pushvalue(l, -2);
            ffi::lua_rawseti(l, 4, i);
            ffi::lua_settop(l, -2);
        }
        let n = ffi::lua_objlen(l, 4) as ffi::lua_Integer;
        for k in (i + 1)..=n {
            ffi::lua_pushnil(l);
            ffi::lua_rawseti(l, 4, k);
        }
        0
    }
}
