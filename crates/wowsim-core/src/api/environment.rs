//! The client's function environments as the UI code sees them.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetCurrentEnvironment` | [`install`]: the environment of the calling function (`_G` for addon code) |
//! | `GetGlobalEnvironment` | [`install`]: `_G` (the restricted-environment code builds on it) |
//!
//! The client runs some Blizzard files in restricted environments (`AllowLoadEnvironment`);
//! wow-sim runs every file in `_G`, so the caller's environment is `_G` unless the caller
//! changed it with `setfenv`.

use mlua::Lua;

/// Installs the functions of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let getfenv: mlua::Function = lua.globals().raw_get("getfenv")?;
    // A host function: called from Lua, `getfenv(2)` run from here sees the Lua caller
    // (level 1 is this function), even when the caller reached it by a tail call.
    let f = lua.create_function(move |lua, ()| match getfenv.call::<mlua::Value>(2) {
        Ok(v) => Ok(v),
        Err(_) => Ok(mlua::Value::Table(lua.globals())),
    })?;
    lua.globals().raw_set("GetCurrentEnvironment", f)?;
    let g = lua.create_function(|lua, ()| Ok(lua.globals()))?;
    lua.globals().raw_set("GetGlobalEnvironment", g)
}
