//! System messages of the chat frame that addons can raise themselves.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SendSystemMessage(msg)` | [`install`]: queues `CHAT_MSG_SYSTEM(msg, player, "", …)`, fired at the start of the next frame as the client's event queue does ([`deliver`]) |
//! | `RequestTimePlayed()` | [`install`]: `TIME_PLAYED_MSG(totalSeconds, levelSeconds)` on the next frame: the character has played this session only, at its level |

use crate::game_state::game;
use mlua::{Lua, Value};

/// Messages sent this frame, and whether the played time was asked for (VM app data).
#[derive(Default)]
pub(crate) struct SystemMessages(Vec<String>, bool);

/// Installs `SendSystemMessage` where the flavour's reference has it.
pub fn install(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    *game(lua).system_messages.borrow_mut() = SystemMessages::default();
    if data.api("RequestTimePlayed").is_some() {
        let f = lua.create_function(|lua, ()| {
            game(lua).system_messages.borrow_mut().1 = true;
            Ok(())
        })?;
        lua.globals().raw_set("RequestTimePlayed", f)?;
    }
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
        game(lua).system_messages.borrow_mut().0.push(msg);
        Ok(())
    })?;
    lua.globals().raw_set("SendSystemMessage", f)
}

/// Fires `TIME_PLAYED_MSG` if asked for, then `CHAT_MSG_SYSTEM` for each message sent before
/// this frame, in order.
pub fn deliver(lua: &Lua) -> mlua::Result<()> {
    let played = std::mem::take(&mut game(lua).system_messages.borrow_mut().1);
    if played {
        let now = lua
            .app_data_ref::<wowsim_lua::clock::Clock>()
            .map_or(0.0, |c| c.now());
        let secs = Value::Integer(now.max(0.0).floor() as i64);
        let args = mlua::MultiValue::from_vec(vec![secs.clone(), secs]);
        crate::events::fire_event(lua, "TIME_PLAYED_MSG", args)?;
    }
    let msgs = std::mem::take(&mut game(lua).system_messages.borrow_mut().0);
    if msgs.is_empty() {
        return Ok(());
    }
    let player = game(lua).identity.borrow().character.clone();
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
