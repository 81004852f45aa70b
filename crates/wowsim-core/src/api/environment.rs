//! The client's function environments as the UI code sees them.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetCurrentEnvironment` | [`install`]: the environment of the calling function (`_G` for addon code) |
//!
//! The client runs some Blizzard files in restricted environments (`AllowLoadEnvironment`);
//! wow-sim runs every file in `_G`, so the caller's environment is `_G` unless the caller
//! changed it with `setfenv`.

use mlua::Lua;

/// Installs the functions of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    // A Lua closure: `getfenv(2)` inside it is the environment of its caller, which a host
    // function cannot see.
    let f: mlua::Function = lua
        .load("local getfenv = getfenv\nreturn function() return getfenv(2) end")
        .set_name("=[C]")
        .call(())?;
    lua.globals().raw_set("GetCurrentEnvironment", f)
}
