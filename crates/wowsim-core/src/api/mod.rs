//! The game API: real implementations of what addons use most (`identity.rs`, `misc.rs`), the
//! reference data as Lua values (constants, `Enum`), and typed stubs for the rest (`stubs.rs`).

pub mod identity;
pub mod misc;
pub mod stubs;

use mlua::{Lua, Table, Value};
use wowsim_data::ProductData;

/// Converts a reference value (globals, defaults) into a Lua value.
pub fn data_value(lua: &Lua, v: &wowsim_data::Value) -> mlua::Result<Value> {
    use wowsim_data::Value as D;
    Ok(match v {
        D::Nil => Value::Nil,
        D::Bool(b) => Value::Boolean(*b),
        D::Number(n) => {
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                Value::Integer(*n as i64)
            } else {
                Value::Number(*n)
            }
        }
        D::Str(s) => Value::String(lua.create_string(s)?),
        D::Table(pairs) => {
            let t = lua.create_table()?;
            for (k, v) in pairs {
                t.raw_set(data_value(lua, k)?, data_value(lua, v)?)?;
            }
            Value::Table(t)
        }
    })
}

/// Installs the reference's global constants (`Constants`, `*_CONSTANT`…) and `Enum`.
pub fn install_constants(lua: &Lua, data: &ProductData) -> mlua::Result<()> {
    let g = lua.globals();
    for (name, v) in data.globals() {
        if g.raw_get::<Value>(name.as_str())?.is_nil() {
            g.raw_set(name.as_str(), data_value(lua, v)?)?;
        }
    }
    let e: Table = match g.raw_get::<Value>("Enum")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("Enum", t.clone())?;
            t
        }
    };
    for def in data.enums() {
        let t = lua.create_table()?;
        for (k, v) in &def.values {
            t.raw_set(k.as_str(), *v)?;
        }
        e.raw_set(def.name.as_str(), t)?;
    }
    Ok(())
}
