//! Lua strings wow-sim pushes again and again (metatable and structure field keys): created
//! once and held by reference, so each use copies a reference instead of hashing and interning
//! the bytes again (`lua_pushlstring` → `luaS_newlstr`).

use mlua::{Lua, LuaString};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// At most this many strings are kept: names that come from addon data must not grow the
/// cache without bound (past it, a string is created for each use, as before).
const MAX: usize = 4096;

#[derive(Default)]
struct Keys(RefCell<FxHashMap<Box<str>, LuaString>>);

/// Installs the cache (before any [`with`]).
pub fn install(lua: &Lua) {
    lua.set_app_data(Keys::default());
}

/// Runs `f` with the Lua string `s`, created on first use. `f` must not run Lua code (the
/// cache stays borrowed): it is for table reads and writes.
pub fn with<R>(lua: &Lua, s: &str, f: impl FnOnce(&LuaString) -> R) -> mlua::Result<R> {
    let Some(keys) = lua.app_data_ref::<Keys>() else {
        return Ok(f(&lua.create_string(s)?));
    };
    if let Some(k) = keys.0.borrow().get(s) {
        return Ok(f(k));
    }
    let k = lua.create_string(s)?;
    let r = f(&k);
    let mut map = keys.0.borrow_mut();
    if map.len() < MAX {
        map.insert(s.into(), k);
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_key_reads_and_writes_the_same_field() {
        let lua = Lua::new();
        install(&lua);
        let t = lua.create_table().unwrap();
        with(&lua, "name", |k| t.raw_set(k, 1)).unwrap().unwrap();
        let v: i64 = with(&lua, "name", |k| t.raw_get(k)).unwrap().unwrap();
        assert_eq!(v, 1);
        let v: i64 = t.raw_get("name").unwrap();
        assert_eq!(v, 1);
    }
}
