//! The object metatables and event names the client exposes to Lua.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetFrameMetatable`, `GetButtonMetatable`, `GetEditBoxMetatable`, `GetFontStringMetatable` | [`install`]: the shared metatable of that object type |
//! | `C_EventUtils.IsEventValid(name)` | [`install`]: whether the reference knows the event |
//!
//! Blizzard's secure templates copy `GetFrameMetatable().__index` at load time; a typed stub's
//! empty table made that copy fail.

use crate::events::KnownEvents;
use crate::widgets::UiLua;
use mlua::{Lua, Table, Value};

fn metatable(lua: &Lua, type_name: &'static str) -> Option<Table> {
    lua.app_data_ref::<UiLua>()?
        .metatables
        .get(type_name)
        .cloned()
}

/// Installs the functions of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    for (name, ty) in [
        ("GetFrameMetatable", "Frame"),
        ("GetButtonMetatable", "Button"),
        ("GetEditBoxMetatable", "EditBox"),
        ("GetFontStringMetatable", "FontString"),
    ] {
        g.raw_set(
            name,
            lua.create_function(move |lua, ()| Ok(metatable(lua, ty)))?,
        )?;
    }
    let ns: Table = match g.raw_get::<Value>("C_EventUtils")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    ns.raw_set(
        "IsEventValid",
        lua.create_function(|lua, name: Value| {
            let Value::String(s) = name else {
                return Err(wowsim_lua::lua_error(
                    lua,
                    "Usage: C_EventUtils.IsEventValid(eventName)",
                ));
            };
            let s = s.to_string_lossy();
            Ok(lua.app_data_ref::<KnownEvents>().is_some_and(|k| (k.0)(&s)))
        })?,
    )?;
    g.raw_set("C_EventUtils", ns)
}
