//! Templates named in `CreateFrame(type, name, parent, "A, B")`: resolved through the same
//! registry as XML `inherits`. Until the XML loader registers templates, only the built-in
//! base's Lua templates exist (functions in `WOWSIM_TEMPLATES`, a private registry table).

use crate::lua::lua_error;
use mlua::{Function, Lua, Table, Value};

/// The registry of Lua-defined templates (`name` → function(object)), used by the built-in base.
pub fn lua_registry(lua: &Lua) -> mlua::Result<Table> {
    match lua.named_registry_value::<Value>("wowsim.templates")? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value("wowsim.templates", t.clone())?;
            Ok(t)
        }
    }
}

/// Applies each comma-separated template to a freshly created object.
pub fn apply_runtime_templates(
    lua: &Lua,
    _id: u32,
    obj: &Table,
    templates: &str,
) -> mlua::Result<()> {
    let registry = lua_registry(lua)?;
    for name in templates
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        match registry.raw_get::<Value>(name)? {
            Value::Function(f) => {
                let f: Function = f;
                f.call::<()>(obj.clone())?;
            }
            _ => {
                return Err(lua_error(
                    lua,
                    format_args!("CreateFrame: Couldn't find inherited node \"{name}\""),
                ));
            }
        }
    }
    Ok(())
}
