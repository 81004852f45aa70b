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
//! | `wowsim.MatchScreenshot(name [, frame])` → `true` or `false, why` | `screenshot.rs` |
//!
//! `wowsim.Advance(seconds)` is the spec runner's (`busted.lua`), as it yields to the host.
//!
//! Specs (not addon code, which the client gives neither) also get `loadfile(path)` and
//! `dofile(path)`, as busted's specs have them: paths relative to the spec's addon folder
//! (else the working folder), files inside the run's addon folders only, source only (no
//! bytecode); a file of an addon is named as the client names the addon's files.

use mlua::{Lua, MultiValue, Table, Value};
use std::path::{Path, PathBuf};
use wowsim_api::api::print::Output;
use wowsim_api::input::{keyboard, mouse};
use wowsim_api::widgets::{self, UiState};
use wowsim_lua::errors::ErrorState;

/// Where a spec's `loadfile` looks (VM app data, set for each spec file).
#[derive(Clone, Debug, Default)]
pub struct SpecFiles {
    /// The spec's addon folder: relative paths start there.
    pub base: Option<PathBuf>,
    /// Folders whose files may be loaded (canonical), each with the client path prefix its
    /// files are named with (`Interface/AddOns`).
    pub roots: Vec<PathBuf>,
}

/// The chunk name of a file under `roots` (`@Interface/AddOns/<addon>/<path>`), else its path.
fn chunk_name(path: &Path, roots: &[PathBuf]) -> String {
    for r in roots {
        if let Ok(rest) = path.strip_prefix(r) {
            let rest = rest.to_string_lossy().replace('\\', "/");
            return format!("@Interface/AddOns/{rest}");
        }
    }
    format!("@{}", path.display())
}

/// `loadfile(path)` of specs: the compiled chunk, or nil and the message.
pub fn spec_loadfile(lua: &Lua, path: Value) -> mlua::Result<MultiValue> {
    let Value::String(p) = path else {
        return Err(usage(lua, "loadfile(path)"));
    };
    let given = PathBuf::from(p.to_string_lossy());
    let files = lua
        .app_data_ref::<SpecFiles>()
        .map(|f| f.clone())
        .unwrap_or_default();
    let full = match (&files.base, given.is_absolute()) {
        (Some(base), false) => base.join(&given),
        _ => given.clone(),
    };
    let fail = |msg: String| (Value::Nil, msg).into_lua_multi(lua);
    let Ok(canon) = std::fs::canonicalize(&full) else {
        return fail(format!("cannot open {}", given.display()));
    };
    if !canon.is_file() || !files.roots.iter().any(|r| canon.starts_with(r)) {
        return fail(format!(
            "{}: not a file inside the addon folders",
            given.display()
        ));
    }
    let src = match std::fs::read(&canon) {
        Ok(s) => s,
        Err(e) => return fail(format!("cannot read {}: {e}", given.display())),
    };
    if super::is_binary(&src) {
        return fail(format!("{}: binary chunks are not loaded", given.display()));
    }
    let src = wowsim_lua::strip_bom(&src);
    match lua
        .load(src)
        .set_name(chunk_name(&canon, &files.roots))
        .into_function()
    {
        Ok(f) => Value::Function(f).into_lua_multi(lua),
        Err(e) => fail(wowsim_lua::host_error_message(&e)),
    }
}

use mlua::IntoLuaMulti;

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
    t.raw_set(
        "MatchScreenshot",
        lua.create_function(super::screenshot::match_screenshot)?,
    )?;
    g.raw_set("wowsim", t)
}

fn usage(lua: &Lua, what: &str) -> mlua::Error {
    wowsim_lua::lua_error(lua, format!("Usage: {what}"))
}

/// The frame a helper was given: a frame object or the name of one.
pub(super) fn frame_id(lua: &Lua, v: &Value, what: &str) -> mlua::Result<u32> {
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
