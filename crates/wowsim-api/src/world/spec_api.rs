//! The specialization functions answered from the world when a scenario gave the character a
//! `spec` (and `GetInspectSpecialization` for any unit with one); otherwise the function
//! installed before (the typed stub) answers, so a run without one behaves as before.
//!
//! | WoW name | answer from the world |
//! | --- | --- |
//! | `GetSpecialization()`, `C_SpecializationInfo.GetSpecialization()` | the player's spec's index in its class (from 1); with `isInspect` or `isPet` the earlier answer |
//! | `GetSpecializationInfo(index)`, `C_SpecializationInfo.GetSpecializationInfo(index)` | the player's class's spec at `index`: id, name, description (`""`: the client's text is not known), icon, role; nothing past the class's specs |
//! | `GetSpecializationRole(index)` | that spec's role |
//! | `GetInspectSpecialization(unit)` | the unit's spec id, for a unit the world knows with a spec |
//!
//! Each is replaced only where the flavour has it, and not on Classic Era (talent trees, whose
//! answers to these are not known here).

use super::World;
use mlua::{Function, Lua, MultiValue, Table, Value};

/// The player's class id, when the world's player has a spec.
fn player_class(lua: &Lua) -> Option<(i64, i64)> {
    let w = lua.app_data_ref::<World>()?;
    let spec = w.unit("player")?.spec_id?;
    crate::api::specializations::index_in_class(spec)
}

fn truthy(v: Option<&Value>) -> bool {
    !matches!(v, None | Some(Value::Nil) | Some(Value::Boolean(false)))
}

fn whole(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Integer(i) => Some(*i),
        Value::Number(n) if n.fract() == 0.0 => Some(*n as i64),
        _ => None,
    }
}

type Answer = fn(&Lua, &MultiValue) -> mlua::Result<Option<MultiValue>>;

/// Replaces `name` in the global table and in `C_SpecializationInfo` (where each has it) with
/// one that gives `answer`'s values, or calls the earlier function when `answer` has none. A
/// global that is the namespaced function's own value (an alias, as the client's are) stays
/// one: both get the same new function.
fn wrap(lua: &Lua, tables: &[Table], name: &str, answer: Answer) -> mlua::Result<()> {
    let mut done: Vec<(Function, Function)> = Vec::new();
    for t in tables {
        let Value::Function(earlier) = t.raw_get::<Value>(name)? else {
            continue;
        };
        if let Some((_, f)) = done.iter().find(|(e, _)| *e == earlier) {
            t.raw_set(name, f.clone())?;
            continue;
        }
        let inner = earlier.clone();
        let f = lua.create_function(move |lua, args: MultiValue| match answer(lua, &args)? {
            Some(out) => Ok(out),
            None => inner.call::<MultiValue>(args),
        })?;
        t.raw_set(name, f.clone())?;
        done.push((earlier, f));
    }
    Ok(())
}

fn specialization(lua: &Lua, args: &MultiValue) -> mlua::Result<Option<MultiValue>> {
    if truthy(args.front()) || truthy(args.get(1)) {
        return Ok(None);
    }
    let Some((_, index)) = player_class(lua) else {
        return Ok(None);
    };
    Ok(Some(MultiValue::from_iter([Value::Integer(index)])))
}

/// The player's class's spec at the first argument, when the player has a spec and the call
/// is not about an inspected unit or the pet.
fn spec_at(lua: &Lua, args: &MultiValue) -> Option<(i64, &'static str, &'static str, i64)> {
    if truthy(args.get(1)) || truthy(args.get(2)) {
        return None;
    }
    let (class, _) = player_class(lua)?;
    crate::api::specializations::of_class_at(class, whole(args.front())?)
}

fn specialization_info(lua: &Lua, args: &MultiValue) -> mlua::Result<Option<MultiValue>> {
    if player_class(lua).is_none() || truthy(args.get(1)) || truthy(args.get(2)) {
        return Ok(None);
    }
    let mut out = MultiValue::new();
    if let Some((id, name, role, icon)) = spec_at(lua, args) {
        out.push_back(Value::Integer(id));
        out.push_back(Value::String(lua.create_string(name)?));
        out.push_back(Value::String(lua.create_string("")?));
        out.push_back(Value::Integer(icon));
        out.push_back(Value::String(lua.create_string(role)?));
    }
    Ok(Some(out))
}

fn specialization_role(lua: &Lua, args: &MultiValue) -> mlua::Result<Option<MultiValue>> {
    if player_class(lua).is_none() || truthy(args.get(1)) || truthy(args.get(2)) {
        return Ok(None);
    }
    let role = spec_at(lua, args).map(|s| s.2);
    let v = match role {
        Some(r) => Value::String(lua.create_string(r)?),
        None => Value::Nil,
    };
    Ok(Some(MultiValue::from_iter([v])))
}

fn inspect_specialization(lua: &Lua, args: &MultiValue) -> mlua::Result<Option<MultiValue>> {
    let Some(Value::String(tok)) = args.front() else {
        return Ok(None);
    };
    let spec = lua
        .app_data_ref::<World>()
        .and_then(|w| w.unit(&tok.to_string_lossy())?.spec_id);
    Ok(spec.map(|s| MultiValue::from_iter([Value::Integer(s)])))
}

/// Wraps the functions the flavour has (after the typed stubs and the aliases).
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let mut tables = vec![g.clone()];
    tables.extend(g.raw_get::<Option<Table>>("C_SpecializationInfo")?);
    wrap(lua, &tables, "GetSpecialization", specialization)?;
    wrap(lua, &tables, "GetSpecializationInfo", specialization_info)?;
    wrap(lua, &tables, "GetSpecializationRole", specialization_role)?;
    wrap(
        lua,
        &tables,
        "GetInspectSpecialization",
        inspect_specialization,
    )
}
