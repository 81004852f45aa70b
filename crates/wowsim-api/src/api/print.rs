//! `print` before any UI code defines it, and the chat output wow-sim reports.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `print(...)` (until the UI replaces it) | [`install`]: arguments through `tostring`, joined by spaces, to the chat output |
//! | `DEFAULT_CHAT_FRAME:AddMessage(text)` | [`chat_line`] (called by `widgets::message_frame`) |
//!
//! The built-in base and Blizzard's `Blizzard_PrintHandler` both define `print` in Lua and send
//! it to `DEFAULT_CHAT_FRAME`; what reaches that frame is wow-sim's chat output (`[chat]` on
//! stderr). Lua's own `print` would write to stdout, which carries the JSON of `lua-errors`.

use mlua::{Lua, MultiValue, Value};

/// Appends a line to the chat output, counting it against the memory cap (the output is
/// kept for the run's end, outside Lua's heap: [`LINE_BYTES`] more than the text).
pub fn chat_line(lua: &Lua, text: String) {
    if let Some(mut o) = lua.app_data_mut::<Output>() {
        let h = wowsim_lua::budget::host_bytes(lua);
        h.set(h.get() + text.len() + LINE_BYTES);
        o.0.push(text);
    }
}

/// What one printed line costs besides its text (its `String` in the list), for the memory
/// cap: a loop of `print(big .. i)` leaves each string as garbage in Lua and a copy here.
pub(crate) const LINE_BYTES: usize = 24;

/// Whether `frame` is the current `DEFAULT_CHAT_FRAME`.
pub(crate) fn is_default_chat_frame(lua: &Lua, frame: &Value) -> bool {
    match (frame, lua.globals().raw_get::<Value>("DEFAULT_CHAT_FRAME")) {
        (Value::Table(a), Ok(Value::Table(b))) => a == &b,
        _ => false,
    }
}

/// Installs the start-up `print`.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let tostring: mlua::Function = lua.globals().raw_get("tostring")?;
    let f = lua.create_function(move |lua, args: MultiValue| {
        let mut parts = Vec::with_capacity(args.len());
        for a in args {
            parts.push(tostring.call::<mlua::LuaString>(a)?.to_string_lossy());
        }
        chat_line(lua, parts.join(" "));
        Ok(())
    })?;
    lua.globals().raw_set("print", f)
}

/// Lines printed to the chat frame (`print`), in order (VM app data).
#[derive(Default, Debug)]
pub struct Output(pub Vec<String>);

impl Output {
    /// What the lines hold outside Lua, as [`chat_line`] counted them.
    pub fn bytes(&self) -> usize {
        self.0.iter().map(|l| l.len() + LINE_BYTES).sum()
    }
}
