//! wow-sim's helpers for specs, in the client's `wowsim` table (wow-sim's own, not the
//! client's): input on frames as a player gives it, and what the run printed and raised.
//!
//! | Lua | Rust |
//! | --- | --- |
//! | `wowsim.Click(frame or name [, button])` | [`click`] |
//! | `wowsim.Hover(frame or name)` | [`hover`] |
//! | `wowsim.Type(text)` | [`type_text`] (into the focused EditBox) |
//! | `wowsim.PressKey(key)` | [`press_key`] |
//! | `wowsim.ChatOutput()` → lines | [`chat_output`] |
//! | `wowsim.ErrorRecords()` → `{ {message, file, line, count}, … }` | [`error_records`] |
//!
//! `wowsim.Advance(seconds)` is the spec runner's (`busted.lua`), as it yields to the host.

use mlua::{Lua, Table, Value};
use wowsim_api::api::print::Output;
use wowsim_api::input::{keyboard, mouse};
use wowsim_api::widgets::{self, UiState};
use wowsim_lua::errors::ErrorState;

/// Adds the helpers to the `wowsim` table.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let t = match g.raw_get::<Value>("wowsim")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    t.raw_set("Click", lua.create_function(click)?)?;
    t.raw_set("Hover", lua.create_function(hover)?)?;
    t.raw_set("Type", lua.create_function(type_text)?)?;
    t.raw_set("PressKey", lua.create_function(press_key)?)?;
    t.raw_set("ChatOutput", lua.create_function(chat_output)?)?;
    t.raw_set("ErrorRecords", lua.create_function(error_records)?)?;
    g.raw_set("wowsim", t)
}

fn usage(lua: &Lua, what: &str) -> mlua::Error {
    wowsim_lua::lua_error(lua, format!("Usage: {what}"))
}

/// The frame a helper was given: a frame object or the name of one.
fn frame_id(lua: &Lua, v: &Value, what: &str) -> mlua::Result<u32> {
    match v {
        Value::String(s) => {
            let name = s.to_string_lossy();
            let ui = lua.app_data_ref::<UiState>().expect("ui");
            let found = ui
                .objects
                .iter()
                .position(|o| o.name.as_deref() == Some(name.as_str()));
            found
                .map(|i| i as u32)
                .ok_or_else(|| wowsim_lua::lua_error(lua, format!("{what}: no frame named {name}")))
        }
        Value::Table(_) => widgets::obj_id(lua, v, what),
        _ => Err(usage(lua, &format!("{what}(frame or name)"))),
    }
}

/// The centre of a frame in the coordinates input takes, if it has a rect.
fn centre(lua: &Lua, id: u32, what: &str) -> mlua::Result<(f32, f32)> {
    let mut ui = lua.app_data_mut::<UiState>().expect("ui");
    let rect = widgets::region::rect_of(&mut ui, id);
    let node = ui.get(id).and_then(|o| o.node);
    match (rect, node) {
        (Some(r), Some(node)) => {
            let s = ui.layout.effective_scale(node);
            Ok((r.center().0 * s, r.center().1 * s))
        }
        _ => Err(wowsim_lua::lua_error(
            lua,
            format!("{what}: the frame has no position (no anchors or size)"),
        )),
    }
}

/// Moves the cursor onto the frame's centre.
fn hover(lua: &Lua, frame: Value) -> mlua::Result<()> {
    let id = frame_id(lua, &frame, "wowsim.Hover")?;
    let (x, y) = centre(lua, id, "wowsim.Hover")?;
    mouse::mouse_move(lua, x, y)?;
    widgets::after_frame(lua)
}

/// Moves the cursor onto the frame and clicks it (button down and up; default `LeftButton`).
fn click(lua: &Lua, (frame, button): (Value, Option<String>)) -> mlua::Result<()> {
    hover(lua, frame)?;
    let button = button.unwrap_or_else(|| "LeftButton".to_string());
    mouse::mouse_down(lua, &button)?;
    widgets::after_frame(lua)?;
    mouse::mouse_up(lua, &button)?;
    widgets::after_frame(lua)
}

fn type_text(lua: &Lua, text: Value) -> mlua::Result<()> {
    let Value::String(s) = text else {
        return Err(usage(lua, "wowsim.Type(text)"));
    };
    keyboard::text_input(lua, &s.to_string_lossy())?;
    widgets::after_frame(lua)
}

fn press_key(lua: &Lua, key: Value) -> mlua::Result<()> {
    let Value::String(s) = key else {
        return Err(usage(lua, "wowsim.PressKey(key)"));
    };
    let key = s.to_string_lossy();
    keyboard::key_down(lua, &key)?;
    widgets::after_frame(lua)?;
    keyboard::key_up(lua, &key)?;
    widgets::after_frame(lua)
}

/// Every line printed to the chat frames so far (`print`, `AddMessage` on chat frames).
fn chat_output(lua: &Lua, (): ()) -> mlua::Result<Table> {
    let lines = lua
        .app_data_ref::<Output>()
        .map(|o| o.0.clone())
        .unwrap_or_default();
    lua.create_sequence_from(lines)
}

/// The error records of the run so far.
fn error_records(lua: &Lua, (): ()) -> mlua::Result<Table> {
    let records: Vec<_> = lua
        .app_data_ref::<ErrorState>()
        .map(|s| s.log.records().to_vec())
        .unwrap_or_default();
    let out = lua.create_table()?;
    for (i, r) in records.iter().enumerate() {
        let t = lua.create_table()?;
        t.raw_set("message", r.message.as_str())?;
        t.raw_set("file", r.file.as_deref())?;
        t.raw_set("line", r.line)?;
        t.raw_set("count", r.count)?;
        out.raw_set(i + 1, t)?;
    }
    Ok(out)
}
