//! System messages of the chat frame that addons can raise themselves.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SendSystemMessage(msg)` | [`install`]: queues `CHAT_MSG_SYSTEM(msg, player, "", …)`, fired at the start of the next frame as the client's event queue does ([`deliver`]) |

use mlua::{Lua, Value};

/// Messages sent this frame (VM app data).
#[derive(Default)]
struct SystemMessages(Vec<String>);

/// Installs `SendSystemMessage` where the flavour's reference has it.
pub fn install(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    lua.set_app_data(SystemMessages::default());
    if data.api("SendSystemMessage").is_none() {
        return Ok(());
    }
    let f = lua.create_function(|lua, msg: Value| {
        let msg = match msg {
            Value::String(s) => s.to_string_lossy(),
            Value::Integer(i) => i.to_string(),
            Value::Number(n) => wowsim_lua::stdlib::lua_number_string(n),
            _ => return Err(wowsim_lua::lua_error(lua, "Usage: SendSystemMessage(msg)")),
        };
        if let Some(mut q) = lua.app_data_mut::<SystemMessages>() {
            q.0.push(msg);
        }
        Ok(())
    })?;
    lua.globals().raw_set("SendSystemMessage", f)
}

/// Fires `CHAT_MSG_SYSTEM` for each message sent before this frame, in order.
pub fn deliver(lua: &Lua) -> mlua::Result<()> {
    let msgs = match lua.app_data_mut::<SystemMessages>() {
        Some(mut q) if !q.0.is_empty() => std::mem::take(&mut q.0),
        _ => return Ok(()),
    };
    let player = lua
        .app_data_ref::<super::identity::Identity>()
        .map(|i| i.character.clone())
        .unwrap_or_default();
    for msg in msgs {
        let s = |t: &str| lua.create_string(t).map(Value::String);
        let mut args = mlua::MultiValue::with_capacity(17);
        args.push_back(s(&msg)?);
        args.push_back(s(&player)?);
        for _ in 0..4 {
            args.push_back(s("")?);
        }
        args.push_back(Value::Integer(0));
        args.push_back(Value::Integer(0));
        args.push_back(s("")?);
        args.push_back(Value::Integer(0));
        args.push_back(Value::Integer(0));
        args.push_back(s("")?);
        args.push_back(Value::Integer(0));
        for _ in 0..4 {
            args.push_back(Value::Boolean(false));
        }
        crate::events::fire_event(lua, "CHAT_MSG_SYSTEM", args)?;
    }
    Ok(())
}
