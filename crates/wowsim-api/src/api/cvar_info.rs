//! The console's list of CVars and their flags, from the reference's `cvars` (values live in
//! `misc.rs`'s `CVars`).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `ConsoleGetAllCommands()` | [`install`]: one `ConsoleCommandInfo` per CVar (type `Cvar`, category `Default`, empty script fields), sorted by name; console commands that are not CVars are not listed |
//! | `C_CVar.GetCVarInfo(name)` | [`install`]: value, default, account, character, locked, secure, read-only; nothing for a name that is no CVar |
//! | `C_CVar.GetCVarDefault(name)`, `GetCVarDefault` | [`install`]: the reference's default (nil when it has none), else the one `RegisterCVar` gave |

use super::misc::cvar_get;
use crate::game_state::game;
use mlua::{Lua, MultiValue, Value};
use wowsim_data::ProductData;

/// A CVar's default as the client reports it: the reference's (nil when it lists none), else
/// the value it was registered with.
fn default_of(lua: &Lua, data: &ProductData, key: &str) -> Option<String> {
    if let Some(c) = data.cvar(key) {
        return c.default.clone();
    }
    game(lua).cvars.borrow().defaults.get(key).cloned()
}

fn is_cvar(lua: &Lua, key: &str) -> bool {
    let g = game(lua);
    let c = g.cvars.borrow();
    c.defaults.contains_key(key) || c.values.contains_key(key)
}

fn name_arg(lua: &Lua, v: &Value, usage: &str) -> mlua::Result<String> {
    match v {
        Value::String(s) => Ok(s.to_string_lossy().to_ascii_lowercase()),
        _ => Err(wowsim_lua::lua_error(lua, usage)),
    }
}

fn enum_value(data: &ProductData, name: &str, member: &str, fallback: i64) -> i64 {
    data.enum_def(name)
        .and_then(|e| e.values.iter().find(|(k, _)| k == member).map(|(_, v)| *v))
        .unwrap_or(fallback)
}

/// Installs the functions of this file (after `misc.rs`'s CVars).
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let g = lua.globals();
    let ns: mlua::Table = match g.raw_get::<Value>("C_CVar")? {
        Value::Table(t) => t,
        _ => return Ok(()),
    };
    let info = lua.create_function(move |lua, name: Value| {
        let key = name_arg(lua, &name, "Usage: local value, defaultValue, isStoredServerAccount, isStoredServerCharacter, isLockedFromUser, isSecure, isReadOnly = C_CVar.GetCVarInfo(name)")?;
        let mut out = MultiValue::new();
        if !is_cvar(lua, &key) {
            return Ok(out);
        }
        let flags = data.cvar(&key);
        let flag = |f: fn(&wowsim_data::CVar) -> bool| Value::Boolean(flags.is_some_and(f));
        let text = |s: Option<String>| -> mlua::Result<Value> {
            Ok(match s {
                Some(s) => Value::String(lua.create_string(s)?),
                None => Value::Nil,
            })
        };
        out.push_back(text(cvar_get(lua, &key))?);
        out.push_back(text(default_of(lua, data, &key))?);
        out.push_back(flag(|c| c.account));
        out.push_back(flag(|c| c.character));
        out.push_back(flag(|c| c.locked));
        out.push_back(flag(|c| c.secure));
        out.push_back(flag(|c| c.readonly));
        Ok(out)
    })?;
    ns.raw_set("GetCVarInfo", info)?;
    let default = lua.create_function(move |lua, name: Value| {
        let key = name_arg(
            lua,
            &name,
            "Usage: local defaultValue = C_CVar.GetCVarDefault(name)",
        )?;
        Ok(default_of(lua, data, &key))
    })?;
    ns.raw_set("GetCVarDefault", default.clone())?;
    if data.api("GetCVarDefault").is_some() {
        g.raw_set("GetCVarDefault", default)?;
    }
    if data.api("ConsoleGetAllCommands").is_some() {
        let cvar_type = enum_value(data, "ConsoleCommandType", "Cvar", 0);
        let category = enum_value(data, "ConsoleCategory", "Default", 5);
        let all = lua.create_function(move |lua, ()| {
            let mut names: Vec<String> = {
                let g = game(lua);
                let c = g.cvars.borrow();
                c.defaults.keys().chain(c.values.keys()).cloned().collect()
            };
            names.sort();
            names.dedup();
            let out = lua.create_table_with_capacity(names.len(), 0)?;
            for (i, n) in names.iter().enumerate() {
                let e = lua.create_table_with_capacity(0, 5)?;
                e.raw_set("command", n.as_str())?;
                e.raw_set("commandType", cvar_type)?;
                e.raw_set("category", category)?;
                e.raw_set("scriptContents", "")?;
                e.raw_set("scriptParameters", "")?;
                out.raw_set(i + 1, e)?;
            }
            Ok(out)
        })?;
        g.raw_set("ConsoleGetAllCommands", all)?;
    }
    Ok(())
}
