//! EditBox: text entry state (text, limits, numeric mode, focus). Typed input arrives later
//! from the window; here the programmatic side: `SetText` changes the text at once and
//! OnTextChanged(self, false) follows at the end of the frame ([`flush_text_changes`]), as the
//! client does (see the fixture `widgets/editbox_text_changed_timing` for the evidence).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetText(text)`, `Insert(text)`, `GetText` (generic), `GetNumLetters`, `HasText` | [`set_text`] |
//! | `SetNumber`, `GetNumber`, `SetNumeric`, `IsNumeric`, `SetPassword`, `IsPassword` | [`install`] |
//! | `SetFocus`, `ClearFocus`, `HasFocus`, `GetCurrentKeyBoardFocus()` | [`set_focus`] |
//! | `Enable`, `Disable`, `IsEnabled`, `SetEnabled` | `button::set_enabled` |
//! | OnCursorChanged(self, x, y, w, h) when the cursor moved | `edit_cursor` |
//! | `SetCursorPosition` (clamped to the text), `GetUTF8CursorPosition`, `HighlightText(start, stop)`, `ClearHighlightText` | [`install`], [`highlight`] |
//! | `AddHistoryLine`, `ClearHistory` (Up/Down walk the history: `input::keyboard`) | [`History`] |
//! | `GetDisplayText`, `GetNumLines`, `GetInputLanguage`, `IsInIMECompositionMode`, input-mode no-ops | [`install`] |
//! | `SetMaxLetters`, `SetAutoFocus`, `SetMultiLine`... | generic (`fields`) |
pub use wowsim_ui::edit_box::*;

use super::button;
use super::fields::FieldVal;
use super::fire_script;
use super::util::{
    arg, get_field, install_methods, num, obj_value, ret, self_id, set_field, string, truthy,
    with_ui_mut, Method,
};
use mlua::{Lua, Value};

/// Runs `f` on the history store.
pub fn with_history<R>(lua: &Lua, f: impl FnOnce(&mut History) -> R) -> R {
    f(&mut super::widget_states(lua).history.borrow_mut())
}

/// The highlighted byte range of a box's text, if any (`HighlightText`).
pub fn highlight(lua: &Lua, id: u32) -> Option<(usize, usize)> {
    let text = text_of(lua, id);
    let (FieldVal::Num(a), FieldVal::Num(b)) = (
        get_field(lua, id, "highlightStart"),
        get_field(lua, id, "highlightEnd"),
    ) else {
        return None;
    };
    let clamp = |v: f64| {
        let mut c = (v.max(0.0) as usize).min(text.len());
        while !text.is_char_boundary(c) {
            c -= 1;
        }
        c
    };
    let (a, b) = (clamp(a), clamp(b));
    (a < b).then_some((a, b))
}

/// Forgets the highlight.
pub fn clear_highlight(lua: &Lua, id: u32) {
    set_field(lua, id, "highlightStart", FieldVal::Nil);
    set_field(lua, id, "highlightEnd", FieldVal::Nil);
}

/// Inserts text at the cursor (replacing the highlighted text), as `Insert` and typing do;
/// returns the new text and cursor without storing them.
pub fn insert_at_cursor(lua: &Lua, id: u32, ins: &str) -> (String, usize) {
    let text = text_of(lua, id);
    let (a, b) = highlight(lua, id).unwrap_or_else(|| {
        let mut c =
            (get_field(lua, id, "cursorPosition").as_f64().max(0.0) as usize).min(text.len());
        while !text.is_char_boundary(c) {
            c -= 1;
        }
        (c, c)
    });
    (format!("{}{ins}{}", &text[..a], &text[b..]), a + ins.len())
}

fn text_of(lua: &Lua, id: u32) -> String {
    match get_field(lua, id, "editboxText") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    }
}

/// Fires the OnTextChanged(self, false) that `SetText`/`SetNumber`/`Insert` left for the end of
/// the frame. The client does not run it inside the setter: Blizzard's currency transfer box
/// calls `SetNumber` in an OnLoad and its OnTextChanged handler needs the parent's OnLoad to
/// have run first (Blizzard_CurrencyTransfer.lua, `CurrencyTransferAmountInputBoxMixin`).
pub fn flush_text_changes(lua: &Lua) -> mlua::Result<()> {
    // Taken before firing: a handler that sets text again is answered in the next frame.
    let due = std::mem::take(&mut super::widget_states(lua).pending_text.borrow_mut().0);
    // A box that is not visible keeps its change until a frame ends with it visible: the
    // currency transfer box's `SetNumber(0)` in its OnLoad (its window hidden) does not reach
    // its handler at load in the client, where the handler would call an API with a nil id.
    let mut hidden = Vec::new();
    for id in due {
        let visible = lua
            .app_data_ref::<super::UiState>()
            .is_some_and(|ui| ui.get(id).is_some() && ui.is_visible(id));
        if visible {
            fire_script(lua, id, "OnTextChanged", false)?;
        } else if lua
            .app_data_ref::<super::UiState>()
            .is_some_and(|ui| ui.get(id).is_some())
        {
            hidden.push(id);
        }
    }
    for id in hidden {
        defer_text_changed(lua, id);
    }
    Ok(())
}

fn defer_text_changed(lua: &Lua, id: u32) {
    let ws = super::widget_states(lua);
    let mut p = ws.pending_text.borrow_mut();
    if !p.0.contains(&id) {
        p.0.push(id);
    }
}

/// Sets the text after the box's rules (numeric: digits only; `maxLetters` when > 0); when it
/// changed, OnTextChanged(userInput = false) follows at the end of the frame.
pub fn set_text(lua: &Lua, id: u32, text: &str) -> mlua::Result<()> {
    let mut t: String = if get_field(lua, id, "numeric") == FieldVal::Bool(true) {
        text.chars().filter(|c| c.is_ascii_digit()).collect()
    } else {
        text.to_string()
    };
    let max = get_field(lua, id, "maxLetters").as_f64() as usize;
    if max > 0 && t.chars().count() > max {
        t = t.chars().take(max).collect();
    }
    let old = text_of(lua, id);
    let len = t.len();
    let fits = with_ui_mut(lua, |ui| {
        wowsim_ui::font_string::recount_text(ui, old.len(), len)
    });
    if !fits {
        return Err(wowsim_lua::lua_error(
            lua,
            format!(
                "EditBox:SetText: the FontStrings and EditBoxes would hold more than {} MiB of \
                 text (wow-sim's bound on text kept outside Lua's memory)",
                wowsim_ui::font_string::MAX_TEXT_BYTES >> 20
            ),
        ));
    }
    clear_highlight(lua, id);
    set_field(lua, id, "editboxText", FieldVal::Str(t.clone()));
    set_field(lua, id, "cursorPosition", FieldVal::Num(len as f64));
    super::edit_cursor::moved(lua, id);
    fire_script(lua, id, "OnTextSet", ())?;
    if old != t {
        defer_text_changed(lua, id);
    }
    Ok(())
}

/// Gives `id` the keyboard focus (None clears it); fires OnEditFocusLost / OnEditFocusGained.
pub fn set_focus(lua: &Lua, id: Option<u32>) -> mlua::Result<()> {
    let old = {
        let ws = super::widget_states(lua);
        let mut f = ws.edit_focus.borrow_mut();
        if f.0 == id {
            return Ok(());
        }
        std::mem::replace(&mut f.0, id)
    };
    if let Some(o) = old {
        fire_script(lua, o, "OnEditFocusLost", ())?;
    }
    if let Some(n) = id {
        fire_script(lua, n, "OnEditFocusGained", ())?;
    }
    Ok(())
}

/// The edit box with the keyboard focus.
pub(crate) fn focused(lua: &Lua) -> Option<u32> {
    super::widget_states(lua).edit_focus.borrow().0
}

/// Installs `GetCurrentKeyBoardFocus` and the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    lua.globals().raw_set(
        "GetCurrentKeyBoardFocus",
        lua.create_function(|lua, ()| obj_value(lua, focused(lua)))?,
    )?;
    let methods: &[(&str, &str, Method)] = &[
        ("EditBox", "SetText", edit_box_set_text),
        // Inserts at the cursor, replacing the highlighted text; the cursor ends after it.
        ("EditBox", "Insert", insert),
        ("EditBox", "SetCursorPosition", set_cursor_position),
        ("EditBox", "GetUTF8CursorPosition", get_utf8_cursor_position),
        // `HighlightText([start [, stop]])`: byte offsets, stop -1 (default) = the end.
        ("EditBox", "HighlightText", highlight_text),
        // Alpha defaults to 1 when omitted.
        ("EditBox", "SetHighlightColor", set_highlight_color),
        ("EditBox", "ClearHighlightText", clear_highlight_text),
        // Lines beyond `SetHistoryLines(n)` (when n > 0) drop the oldest.
        ("EditBox", "AddHistoryLine", add_history_line),
        ("EditBox", "ClearHistory", clear_history),
        // What the box shows: `*` per letter for a password box.
        ("EditBox", "GetDisplayText", get_display_text),
        ("EditBox", "GetNumLines", get_num_lines),
        ("EditBox", "GetInputLanguage", get_input_language),
        (
            "EditBox",
            "IsInIMECompositionMode",
            is_in_ime_composition_mode,
        ),
        ("EditBox", "ResetInputMode", reset_input_mode),
        ("EditBox", "ToggleInputLanguage", toggle_input_language),
        (
            "EditBox",
            "SetSecurityDisablePaste",
            set_security_disable_paste,
        ),
        (
            "EditBox",
            "SetSecurityDisableSetText",
            set_security_disable_set_text,
        ),
        ("EditBox", "GetNumLetters", get_num_letters),
        ("EditBox", "HasText", has_text),
        ("EditBox", "SetNumber", set_number),
        ("EditBox", "GetNumber", get_number),
        ("EditBox", "SetNumeric", set_numeric),
        ("EditBox", "IsNumeric", is_numeric),
        ("EditBox", "SetPassword", set_password),
        ("EditBox", "IsPassword", is_password),
        ("EditBox", "SetFocus", edit_box_set_focus),
        ("EditBox", "ClearFocus", clear_focus),
        ("EditBox", "HasFocus", has_focus),
        ("EditBox", "Enable", button::enable),
        ("EditBox", "Disable", button::disable),
        ("EditBox", "SetEnabled", button::button_set_enabled),
        ("EditBox", "IsEnabled", button::button_is_enabled),
    ];
    install_methods(lua, methods)
}

/// `EditBox:SetText`.
fn edit_box_set_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetText")?;
    let Some(t) = string(&arg(&a, 1)) else {
        return Err(wowsim_lua::lua_error(
            lua,
            "Usage: EditBox:SetText(\"text\")",
        ));
    };
    set_text(lua, id, &t)?;
    ret(lua, ())
}

/// `EditBox:Insert`.
fn insert(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Insert")?;
    let ins = string(&arg(&a, 1)).unwrap_or_default();
    let (t, cursor) = insert_at_cursor(lua, id, &ins);
    clear_highlight(lua, id);
    set_text(lua, id, &t)?;
    let len = text_of(lua, id).len();
    set_field(
        lua,
        id,
        "cursorPosition",
        FieldVal::Num(cursor.min(len) as f64),
    );
    ret(lua, ())
}

/// `EditBox:SetCursorPosition`.
fn set_cursor_position(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCursorPosition")?;
    let p = num(&arg(&a, 1))
        .ok_or_else(|| wowsim_lua::lua_error(lua, "Usage: EditBox:SetCursorPosition(position)"))?;
    let text = text_of(lua, id);
    let mut c = (p.max(0.0) as usize).min(text.len());
    while !text.is_char_boundary(c) {
        c -= 1;
    }
    set_field(lua, id, "cursorPosition", FieldVal::Num(c as f64));
    super::edit_cursor::moved(lua, id);
    ret(lua, ())
}

/// `EditBox:GetUTF8CursorPosition`.
fn get_utf8_cursor_position(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetUTF8CursorPosition")?;
    let text = text_of(lua, id);
    let c = (get_field(lua, id, "cursorPosition").as_f64().max(0.0) as usize).min(text.len());
    let n = text.char_indices().take_while(|(i, _)| *i < c).count();
    ret(lua, n as i64)
}

/// `EditBox:HighlightText`.
fn highlight_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HighlightText")?;
    let len = text_of(lua, id).len() as f64;
    let start = num(&arg(&a, 1)).unwrap_or(0.0);
    let stop = match num(&arg(&a, 2)) {
        Some(s) if s >= 0.0 => s.min(len),
        _ => len,
    };
    set_field(
        lua,
        id,
        "highlightStart",
        FieldVal::Num(start.clamp(0.0, len)),
    );
    set_field(lua, id, "highlightEnd", FieldVal::Num(stop));
    ret(lua, ())
}

/// `EditBox:SetHighlightColor`.
fn set_highlight_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetHighlightColor")?;
    let usage = "EditBox:SetHighlightColor(r, g, b [, a])";
    let need = |i| {
        num(&arg(&a, i)).ok_or_else(|| wowsim_lua::lua_error(lua, format_args!("Usage: {usage}")))
    };
    let c = [
        need(1)?,
        need(2)?,
        need(3)?,
        num(&arg(&a, 4)).unwrap_or(1.0),
    ];
    for (i, v) in c.into_iter().enumerate() {
        set_field(
            lua,
            id,
            &format!("EditBox:HighlightColor.{}", i + 1),
            FieldVal::Num(v),
        );
    }
    ret(lua, ())
}

/// `EditBox:ClearHighlightText`.
fn clear_highlight_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearHighlightText")?;
    clear_highlight(lua, id);
    ret(lua, ())
}

/// `EditBox:AddHistoryLine`.
fn add_history_line(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddHistoryLine")?;
    let line = string(&arg(&a, 1))
        .ok_or_else(|| wowsim_lua::lua_error(lua, "Usage: EditBox:AddHistoryLine(\"text\")"))?;
    let max = get_field(lua, id, "historyLines").as_f64() as usize;
    with_history(lua, |h| {
        let l = h.lines.entry(id).or_default();
        l.push(line);
        if max > 0 && l.len() > max {
            let extra = l.len() - max;
            l.drain(..extra);
        }
        h.pos.remove(&id);
    });
    ret(lua, ())
}

/// `EditBox:ClearHistory`.
fn clear_history(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearHistory")?;
    with_history(lua, |h| {
        h.lines.remove(&id);
        h.pos.remove(&id);
    });
    ret(lua, ())
}

/// `EditBox:GetDisplayText`.
fn get_display_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetDisplayText")?;
    let t = text_of(lua, id);
    if get_field(lua, id, "password") == FieldVal::Bool(true) {
        return ret(lua, "*".repeat(t.chars().count()));
    }
    ret(lua, t)
}

/// `EditBox:GetNumLines`.
fn get_num_lines(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetNumLines")?;
    let t = text_of(lua, id);
    ret(lua, (t.matches('\n').count() + 1) as i64)
}

/// `EditBox:GetInputLanguage`.
fn get_input_language(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "GetInputLanguage")?;
    ret(lua, "ROMAN")
}

/// `EditBox:IsInIMECompositionMode`.
fn is_in_ime_composition_mode(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "IsInIMECompositionMode")?;
    ret(lua, false)
}

/// `EditBox:ResetInputMode`.
fn reset_input_mode(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "ResetInputMode")?;
    ret(lua, ())
}

/// `EditBox:ToggleInputLanguage`.
fn toggle_input_language(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "ToggleInputLanguage")?;
    ret(lua, ())
}

/// `EditBox:SetSecurityDisablePaste`.
fn set_security_disable_paste(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetSecurityDisablePaste")?;
    set_field(lua, id, "securityDisablePaste", FieldVal::Bool(true));
    ret(lua, ())
}

/// `EditBox:SetSecurityDisableSetText`.
fn set_security_disable_set_text(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetSecurityDisableSetText")?;
    set_field(lua, id, "securityDisableSetText", FieldVal::Bool(true));
    ret(lua, ())
}

/// `EditBox:GetNumLetters`.
fn get_num_letters(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetNumLetters")?;
    ret(lua, text_of(lua, id).chars().count() as i64)
}

/// `EditBox:HasText`.
fn has_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasText")?;
    ret(lua, !text_of(lua, id).is_empty())
}

/// `EditBox:SetNumber`.
fn set_number(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetNumber")?;
    let n = num(&arg(&a, 1)).unwrap_or(0.0);
    let s = lua
        .coerce_string(Value::Number(n))?
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    set_text(lua, id, &s)?;
    ret(lua, ())
}

/// `EditBox:GetNumber`.
fn get_number(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetNumber")?;
    ret(lua, text_of(lua, id).trim().parse::<f64>().unwrap_or(0.0))
}

/// `EditBox:SetNumeric`.
fn set_numeric(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetNumeric")?;
    set_field(lua, id, "numeric", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `EditBox:IsNumeric`.
fn is_numeric(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsNumeric")?;
    ret(lua, get_field(lua, id, "numeric") == FieldVal::Bool(true))
}

/// `EditBox:SetPassword`.
fn set_password(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetPassword")?;
    set_field(lua, id, "password", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `EditBox:IsPassword`.
fn is_password(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsPassword")?;
    ret(lua, get_field(lua, id, "password") == FieldVal::Bool(true))
}

/// `EditBox:SetFocus`.
fn edit_box_set_focus(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFocus")?;
    set_focus(lua, Some(id))?;
    ret(lua, ())
}

/// `EditBox:ClearFocus`.
fn clear_focus(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearFocus")?;
    if focused(lua) == Some(id) {
        set_focus(lua, None)?;
    }
    ret(lua, ())
}

/// `EditBox:HasFocus`.
fn has_focus(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasFocus")?;
    ret(lua, focused(lua) == Some(id))
}
