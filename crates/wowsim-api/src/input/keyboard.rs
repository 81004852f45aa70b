//! The keyboard. With an EditBox focused, keys edit it (typing, Backspace/Delete, cursor keys)
//! or fire its scripts (Enter, Escape, Tab, Space, arrows); otherwise keys go to the visible
//! keyboard-enabled frames, topmost first, each passing the key on only when it propagates
//! keyboard input (`SetPropagateKeyboardInput(true)`). Key names are the client's
//! (`A`, `1`, `ENTER`, `ESCAPE`, `TAB`, `SPACE`, `BACKSPACE`, `LEFT`, `LSHIFT`, `F1`...).
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | OnKeyDown(self, key) / OnKeyUp(self, key) with propagation | [`key_down`], [`key_up`] |
//! | OnEnterPressed, OnEscapePressed, OnTabPressed, OnSpacePressed, OnArrowPressed | [`key_down`] |
//! | Up/Down through `AddHistoryLine` lines (single-line boxes); typing replaces highlighted text | [`key_down`], [`text_input`] |
//! | typed text: OnTextChanged(self, true), OnChar(self, char) | [`text_input`] |
//! | `IsShiftKeyDown`, `IsControlKeyDown`, `IsAltKeyDown`, `IsModifierKeyDown` | [`modifier_down`] |

use super::hit::{self, Purpose};
use super::with_input;
use crate::widgets::edit_box;
use crate::widgets::fields::FieldVal;
use crate::widgets::fire_script;
use crate::widgets::util::{get_field, set_field, with_ui_mut};
use mlua::Lua;

/// The client's name of a key, upper case (`enter` → `ENTER`, `esc` → `ESCAPE`).
pub(crate) fn normalize_key(key: &str) -> String {
    let k = key.trim().to_ascii_uppercase();
    match k.as_str() {
        "RETURN" => "ENTER".into(),
        "ESC" => "ESCAPE".into(),
        "SHIFT" => "LSHIFT".into(),
        "CTRL" | "CONTROL" => "LCTRL".into(),
        "ALT" => "LALT".into(),
        " " => "SPACE".into(),
        _ => k,
    }
}

/// Whether a modifier is held: `"SHIFT"`, `"CTRL"`, `"ALT"`, or any with `None`.
pub(crate) fn modifier_down(lua: &Lua, which: Option<&str>) -> bool {
    with_input(lua, |s| {
        s.keys.iter().any(|k| match which {
            Some(m) => k == &format!("L{m}") || k == &format!("R{m}"),
            None => ["SHIFT", "CTRL", "ALT"]
                .iter()
                .any(|m| k == &format!("L{m}") || k == &format!("R{m}")),
        })
    })
}

fn focused(lua: &Lua) -> Option<u32> {
    let f = edit_box::focused(lua)?;
    // A hidden edit box keeps no focus.
    let visible = with_ui_mut(lua, |ui| ui.is_visible(f));
    visible.then_some(f)
}

fn text_of(lua: &Lua, id: u32) -> String {
    match get_field(lua, id, "editboxText") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    }
}

fn cursor_of(lua: &Lua, id: u32, text: &str) -> usize {
    let c = get_field(lua, id, "cursorPosition").as_f64().max(0.0) as usize;
    let mut c = c.min(text.len());
    while !text.is_char_boundary(c) {
        c -= 1;
    }
    c
}

/// Stores text and cursor after typing; fires OnTextChanged(self, true) when it changed.
fn edit(lua: &Lua, id: u32, text: String, cursor: usize) -> mlua::Result<bool> {
    let old = text_of(lua, id);
    // Typed text shares the bound on text kept outside Lua (a key past it is dropped).
    if !with_ui_mut(lua, |ui| {
        wowsim_ui::font_string::recount_text(ui, old.len(), text.len())
    }) {
        return Ok(false);
    }
    set_field(lua, id, "editboxText", FieldVal::Str(text.clone()));
    set_field(lua, id, "cursorPosition", FieldVal::Num(cursor as f64));
    crate::widgets::edit_cursor::moved(lua, id);
    if old != text {
        fire_script(lua, id, "OnTextChanged", true)?;
        return Ok(true);
    }
    Ok(false)
}

/// Sends keys to keyboard-enabled frames, topmost first, until one does not propagate.
fn propagate(lua: &Lua, script: &str, key: &str) -> mlua::Result<()> {
    let frames = with_ui_mut(lua, |ui| hit::stacked(ui, Purpose::Keyboard));
    for f in frames {
        fire_script(lua, f, script, key)?;
        if get_field(lua, f, "propagateKeyboardInput") != FieldVal::Bool(true) {
            return Ok(());
        }
    }
    // No keyboard-enabled frame kept the key: its binding runs (on key up only for
    // `runOnUp` commands).
    super::run_binding(lua, &with_modifiers(lua, key), script == "OnKeyDown")?;
    Ok(())
}

/// `A` with Shift held → `SHIFT-A` (the client's order: ALT, CTRL, SHIFT).
fn with_modifiers(lua: &Lua, key: &str) -> String {
    let held = with_input(lua, |s| s.keys.clone());
    let mut out = String::new();
    for m in ["ALT", "CTRL", "SHIFT"] {
        let down = held
            .iter()
            .any(|k| k == m || k == &format!("L{m}") || k == &format!("R{m}"));
        if down && key != m && !key.ends_with(m) {
            out.push_str(m);
            out.push('-');
        }
    }
    out + key
}

/// A key went down.
pub fn key_down(lua: &Lua, key: &str) -> mlua::Result<()> {
    let key = normalize_key(key);
    with_input(lua, |s| {
        if !s.keys.contains(&key) {
            s.keys.push(key.clone());
        }
    });
    let Some(id) = focused(lua) else {
        return propagate(lua, "OnKeyDown", &key);
    };
    let text = text_of(lua, id);
    let cur = cursor_of(lua, id, &text);
    let prev = text[..cur].chars().next_back().map_or(0, char::len_utf8);
    let next = text[cur..].chars().next().map_or(0, char::len_utf8);
    match key.as_str() {
        "ENTER" => {
            fire_script(lua, id, "OnEnterPressed", ())?;
            if get_field(lua, id, "isMultiLine") == FieldVal::Bool(true) {
                text_input(lua, "\n")?;
            }
        }
        "ESCAPE" => fire_script(lua, id, "OnEscapePressed", ())?,
        "TAB" => fire_script(lua, id, "OnTabPressed", ())?,
        "SPACE" => fire_script(lua, id, "OnSpacePressed", ())?,
        "UP" | "DOWN" => {
            if get_field(lua, id, "isMultiLine") != FieldVal::Bool(true) {
                walk_history(lua, id, key == "UP")?;
            }
            fire_script(lua, id, "OnArrowPressed", key.as_str())?;
        }
        "BACKSPACE" | "DELETE" if edit_box::highlight(lua, id).is_some() => {
            let (t, c) = edit_box::insert_at_cursor(lua, id, "");
            edit_box::clear_highlight(lua, id);
            edit(lua, id, t, c)?;
        }
        "BACKSPACE" if prev > 0 => {
            let t = format!("{}{}", &text[..cur - prev], &text[cur..]);
            edit(lua, id, t, cur - prev)?;
        }
        "DELETE" if next > 0 => {
            let t = format!("{}{}", &text[..cur], &text[cur + next..]);
            edit(lua, id, t, cur)?;
        }
        "LEFT" | "RIGHT" | "HOME" | "END" => {
            let c = match key.as_str() {
                "LEFT" => cur - prev,
                "RIGHT" => cur + next,
                "HOME" => 0,
                _ => text.len(),
            };
            if c != cur {
                set_field(lua, id, "cursorPosition", FieldVal::Num(c as f64));
                crate::widgets::edit_cursor::moved(lua, id);
                fire_script(lua, id, "OnArrowPressed", key.as_str())?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Up/Down in a single-line box: the previous / next history line (past the newest: empty).
fn walk_history(lua: &Lua, id: u32, up: bool) -> mlua::Result<()> {
    let line = edit_box::with_history(lua, |h| {
        let n = h.lines.get(&id).map_or(0, Vec::len);
        if n == 0 {
            return None;
        }
        let cur = h.pos.get(&id).copied().unwrap_or(n);
        let next = if up {
            cur.saturating_sub(1)
        } else {
            (cur + 1).min(n)
        };
        if next == cur {
            return None;
        }
        h.pos.insert(id, next);
        Some(h.lines[&id].get(next).cloned().unwrap_or_default())
    });
    if let Some(l) = line {
        let len = l.len();
        edit(lua, id, l, len)?;
    }
    Ok(())
}

/// A key went up.
pub fn key_up(lua: &Lua, key: &str) -> mlua::Result<()> {
    let key = normalize_key(key);
    with_input(lua, |s| s.keys.retain(|k| *k != key));
    if focused(lua).is_some() {
        return Ok(());
    }
    propagate(lua, "OnKeyUp", &key)
}

/// Typed text (after the keyboard layout): goes into the focused EditBox character by
/// character (numeric boxes take digits only; `SetMaxLetters` is a limit), else OnChar goes
/// to keyboard-enabled frames.
pub fn text_input(lua: &Lua, s: &str) -> mlua::Result<()> {
    for ch in s.chars() {
        let Some(id) = focused(lua) else {
            if !ch.is_control() {
                propagate(lua, "OnChar", &ch.to_string())?;
            }
            continue;
        };
        let numeric = get_field(lua, id, "numeric") == FieldVal::Bool(true);
        let multi = get_field(lua, id, "isMultiLine") == FieldVal::Bool(true);
        if (numeric && !ch.is_ascii_digit()) || (ch.is_control() && !(ch == '\n' && multi)) {
            continue;
        }
        let text = text_of(lua, id);
        let max = get_field(lua, id, "maxLetters").as_f64() as usize;
        if max > 0 && text.chars().count() >= max {
            continue;
        }
        let (t, c) = edit_box::insert_at_cursor(lua, id, &ch.to_string());
        edit_box::clear_highlight(lua, id);
        edit(lua, id, t, c)?;
        fire_script(lua, id, "OnChar", ch.to_string())?;
    }
    Ok(())
}
