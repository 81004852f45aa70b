//! Event callbacks: the global registration functions and the store they share with
//! `Frame:RegisterEventCallback` (`widgets/object_state.rs`). Callbacks live in a Lua table in
//! the registry (`events::CALLBACKS_KEY`: `event → { {owner or nil, cb, units or false}, … }`;
//! Rust holds no Lua functions) and run after the frames' OnEvent as `cb(owner, ...)`, the
//! global ones with a nil owner, as Blizzard's `Event.RegisterCallback` wrapper expects.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `RegisterEventCallback(event, cb)` | [`register_global`]: only callback events (`events.json` `callback`); restricted ones answer `false` |
//! | `RegisterUnitEventCallback(event, cb, unit)` | [`install`]: the same, for one unit |
//! | `UnregisterEventCallback(event, cb)`, `UnregisterUnitEventCallback(event, cb, unit)` | [`install`]: drops the global entries of `cb` |
//!
//! The client appends its taint line (`\nLua Taint: <addon>`) to the global function's
//! "unknown event" error; wow-sim has no taint model, so the message ends before it.

use crate::events::{callback_event, CALLBACKS_KEY};
use mlua::{Lua, MultiValue, Table, Value};

/// The list of entries for `event` (made if absent).
fn entries(lua: &Lua, event: &str) -> mlua::Result<Table> {
    let all = match lua.named_registry_value::<Value>(CALLBACKS_KEY)? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value(CALLBACKS_KEY, t.clone())?;
            t
        }
    };
    match all.raw_get::<Value>(event)? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            all.raw_set(event, t.clone())?;
            Ok(t)
        }
    }
}

/// Appends `{owner, cb, units}` to the callbacks of `event`.
pub(crate) fn add(
    lua: &Lua,
    event: &str,
    owner: Value,
    cb: Value,
    units: Value,
) -> mlua::Result<()> {
    let list = entries(lua, event)?;
    let entry = lua.create_table()?;
    entry.raw_set(1, owner)?;
    entry.raw_set(2, cb)?;
    entry.raw_set(3, units)?;
    list.raw_set(list.raw_len() + 1, entry)
}

/// Removes the entries of `event` for which `drop(owner, cb)` holds, keeping the others' order.
fn remove(lua: &Lua, event: &str, drop: impl Fn(&Value, &Value) -> bool) -> mlua::Result<()> {
    let list = entries(lua, event)?;
    let kept: Vec<Table> = list
        .sequence_values::<Table>()
        .filter_map(Result::ok)
        .filter(|e| {
            let owner = e.raw_get::<Value>(1).unwrap_or(Value::Nil);
            let cb = e.raw_get::<Value>(2).unwrap_or(Value::Nil);
            !drop(&owner, &cb)
        })
        .collect();
    list.clear()?;
    for (i, e) in kept.into_iter().enumerate() {
        list.raw_set(i + 1, e)?;
    }
    Ok(())
}

fn callable(v: &Value) -> bool {
    matches!(v, Value::Function(_) | Value::UserData(_) | Value::Table(_))
}

fn usage(lua: &Lua, text: &str) -> mlua::Error {
    wowsim_lua::lua_error(lua, text)
}

/// `RegisterEventCallback(event, cb)`.
fn register_global(lua: &Lua, (event, cb): (Value, Value)) -> mlua::Result<bool> {
    let (event, allowed) = callback_event(
        lua,
        &event,
        "RegisterEventCallback",
        "RegisterEventCallback ",
    )?;
    if !callable(&cb) {
        return Err(usage(
            lua,
            "Usage: local registered = RegisterEventCallback(eventName, callback)",
        ));
    }
    if allowed {
        add(lua, &event, Value::Nil, cb, Value::Boolean(false))?;
    }
    Ok(allowed)
}

/// `RegisterUnitEventCallback(event, cb, unit)`.
fn register_unit_global(lua: &Lua, (event, cb, unit): (Value, Value, Value)) -> mlua::Result<()> {
    let (event, allowed) = callback_event(
        lua,
        &event,
        "RegisterUnitEventCallback",
        "RegisterUnitEventCallback ",
    )?;
    let Value::String(unit) = unit else {
        return Err(usage(
            lua,
            "Usage: RegisterUnitEventCallback(eventName, callback, unit)",
        ));
    };
    if !callable(&cb) {
        return Err(usage(
            lua,
            "Usage: RegisterUnitEventCallback(eventName, callback, unit)",
        ));
    }
    if allowed {
        let units = lua.create_sequence_from([unit])?;
        add(lua, &event, Value::Nil, cb, Value::Table(units))?;
    }
    Ok(())
}

/// `UnregisterEventCallback(event, cb)` and the unit form: drops the global entries of `cb`.
fn unregister_global(lua: &Lua, args: MultiValue) -> mlua::Result<()> {
    let Some(Value::String(event)) = args.front() else {
        return Ok(());
    };
    let cb = args.get(1).cloned().unwrap_or(Value::Nil);
    let event = event.to_string_lossy();
    remove(lua, &event, |owner, c| owner.is_nil() && c == &cb)
}

/// Installs the global functions the flavour's reference has. Frames have no
/// `UnregisterEventCallback` in the current client (wowless's suite checks that it is absent;
/// the 12.0.1 UI's `FrameUtil.UnregisterFrameForEventCallbacks`, which would call it, is
/// called by nothing).
pub fn install(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    let g = lua.globals();
    let has = |n: &str| data.api(n).is_some();
    if has("RegisterEventCallback") {
        g.raw_set(
            "RegisterEventCallback",
            lua.create_function(register_global)?,
        )?;
    }
    if has("RegisterUnitEventCallback") {
        let f = lua.create_function(register_unit_global)?;
        g.raw_set("RegisterUnitEventCallback", f)?;
    }
    for name in ["UnregisterEventCallback", "UnregisterUnitEventCallback"] {
        if has(name) {
            g.raw_set(name, lua.create_function(unregister_global)?)?;
        }
    }
    Ok(())
}
