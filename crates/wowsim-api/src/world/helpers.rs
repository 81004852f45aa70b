//! Lua over the world: the client's `CombatLogGetCurrentEventInfo`, and wow-sim's own helpers
//! in the `wowsim` table (not the client's), each an action of `actions.rs` run at once.
//!
//! | Lua | what |
//! | --- | --- |
//! | `C_CombatLog.GetCurrentEventInfo()`, `C_CombatLogSecure.GetCurrentEventInfo()`, `CombatLogGetCurrentEventInfo()` | the fields of the combat-log event being dispatched (nothing outside one); the global where the flavour's `C_CombatLog` has the function |
//! | `wowsim.EnterCombat()`, `wowsim.LeaveCombat()` | combat lockdown on/off with `PLAYER_REGEN_DISABLED/ENABLED` |
//! | `wowsim.SetHealth(unit, value [, max])`, `wowsim.SetPower(unit, value [, max])` | with `UNIT_HEALTH` / `UNIT_POWER_UPDATE` |
//! | `wowsim.SetUnit(token, fields)` | a unit as a scenario's `[[units]]` entry describes it (`name`, `class`, `health`, `hostile`, …), with the token's event |
//! | `wowsim.ClearUnit(token)` | the token names nothing any more, with its event |

use super::actions::{self, Action};
use super::combat_log::LogValue;
use super::World;
use mlua::{Lua, MultiValue, Table, Value};

fn usage(lua: &Lua, text: &str) -> mlua::Error {
    wowsim_lua::lua_error(lua, format!("Usage: {text}"))
}

fn log_value(lua: &Lua, v: &LogValue) -> mlua::Result<Value> {
    Ok(match v {
        LogValue::Nil => Value::Nil,
        LogValue::Bool(b) => Value::Boolean(*b),
        LogValue::Int(n) => Value::Integer(*n),
        LogValue::Num(n) => Value::Number(*n),
        LogValue::Str(s) => Value::String(lua.create_string(s)?),
    })
}

fn current_event(lua: &Lua, _: MultiValue) -> mlua::Result<MultiValue> {
    let fields = lua
        .app_data_ref::<World>()
        .and_then(|w| w.current_log_event.clone())
        .unwrap_or_default();
    let vals = fields
        .iter()
        .map(|f| log_value(lua, f))
        .collect::<mlua::Result<Vec<_>>>()?;
    Ok(MultiValue::from_iter(vals))
}

fn bar(lua: &Lua, args: (Value, Value, Value), health: bool) -> mlua::Result<()> {
    let name = if health {
        "wowsim.SetHealth(unit, value [, max])"
    } else {
        "wowsim.SetPower(unit, value [, max])"
    };
    let num = |v: &Value| match v {
        Value::Integer(n) => Some(*n),
        Value::Number(n) => Some(*n as i64),
        _ => None,
    };
    let (Value::String(unit), Some(value)) = (&args.0, num(&args.1)) else {
        return Err(usage(lua, name));
    };
    let unit = unit.to_string_lossy();
    if lua
        .app_data_ref::<World>()
        .is_none_or(|w| w.unit(&unit).is_none())
    {
        return Err(wowsim_lua::lua_error(
            lua,
            format!("{name}: unit {unit} does not exist"),
        ));
    }
    let max = num(&args.2);
    let a = if health {
        Action::Health { unit, value, max }
    } else {
        Action::Power { unit, value, max }
    };
    actions::apply(lua, &a)
}

/// A Lua table of unit fields as TOML, for the scenario reader.
fn toml_of(lua: &Lua, t: &Table) -> mlua::Result<toml::Table> {
    let mut out = toml::Table::new();
    for pair in t.pairs::<String, Value>() {
        let (k, v) = pair?;
        let v = match v {
            Value::String(s) => toml::Value::String(s.to_string_lossy()),
            Value::Integer(n) => toml::Value::Integer(n),
            Value::Number(n) if n.fract() == 0.0 => toml::Value::Integer(n as i64),
            Value::Number(n) => toml::Value::Float(n),
            Value::Boolean(b) => toml::Value::Boolean(b),
            _ => {
                return Err(wowsim_lua::lua_error(
                    lua,
                    format!("wowsim.SetUnit: field {k} must be a string, number or boolean"),
                ))
            }
        };
        out.insert(k, v);
    }
    Ok(out)
}

fn set_unit(lua: &Lua, (token, fields): (Value, Value)) -> mlua::Result<()> {
    let (Value::String(token), Value::Table(fields)) = (token, fields) else {
        return Err(usage(lua, "wowsim.SetUnit(token, {name = ..., ...})"));
    };
    let token = token.to_string_lossy();
    let mut t = toml_of(lua, &fields)?;
    t.insert("token".into(), toml::Value::String(token.clone()));
    let unit = super::scenario::unit_from_table(t, &token)
        .map_err(|m| wowsim_lua::lua_error(lua, format!("wowsim.SetUnit: {m}")))?;
    actions::apply(
        lua,
        &Action::SetUnit {
            token,
            unit: Box::new(unit),
        },
    )
}

/// Installs `CombatLogGetCurrentEventInfo` (where the flavour has it) and the helpers.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let current = lua.create_function(current_event)?;
    let mut namespaced = false;
    for ns in ["C_CombatLog", "C_CombatLogSecure"] {
        if let Value::Table(t) = g.raw_get::<Value>(ns)? {
            if !t.raw_get::<Value>("GetCurrentEventInfo")?.is_nil() {
                t.raw_set("GetCurrentEventInfo", current.clone())?;
                namespaced |= ns == "C_CombatLog";
            }
        }
    }
    // The global name: the client's C side still has it where `C_CombatLog` has the function
    // (Blizzard's own Classic UI calls it without defining it); retail's UI defines it itself.
    if namespaced || !g.raw_get::<Value>("CombatLogGetCurrentEventInfo")?.is_nil() {
        g.raw_set("CombatLogGetCurrentEventInfo", current)?;
    }
    let t = match g.raw_get::<Value>("wowsim")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    t.raw_set(
        "EnterCombat",
        lua.create_function(|lua, ()| actions::apply(lua, &Action::EnterCombat))?,
    )?;
    t.raw_set(
        "LeaveCombat",
        lua.create_function(|lua, ()| actions::apply(lua, &Action::LeaveCombat))?,
    )?;
    t.raw_set(
        "SetHealth",
        lua.create_function(|lua, a| bar(lua, a, true))?,
    )?;
    t.raw_set(
        "SetPower",
        lua.create_function(|lua, a| bar(lua, a, false))?,
    )?;
    t.raw_set("SetUnit", lua.create_function(set_unit)?)?;
    t.raw_set(
        "ClearUnit",
        lua.create_function(|lua, token: Value| match token {
            Value::String(s) => actions::apply(
                lua,
                &Action::ClearUnit {
                    token: s.to_string_lossy(),
                },
            ),
            _ => Err(usage(lua, "wowsim.ClearUnit(token)")),
        })?,
    )?;
    g.raw_set("wowsim", t)
}
