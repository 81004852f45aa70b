//! FontString: text, wrapping and measured size. Measurement uses the text layout and face the
//! screenshot draws with (`wowsim_render::text`; the client's font file from `--art` when there
//! is one, else the embedded fallback font: `draw::fonts`), so layout and pixels agree.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetText(text)`, `GetText` (generic getter), `ClearText`, `SetFormattedText(fmt, ...)` | [`set_text`] |
//! | `GetStringWidth`, `GetUnboundedStringWidth`, `GetStringHeight`, `GetNumLines`, `GetLineHeight`, `IsTruncated` | [`measure`] |
//! | `SetWordWrap`, `CanWordWrap`, `SetNonSpaceWrap`, `CanNonSpaceWrap`, `SetTextHeight` | [`install`] |
//! | `SetJustifyH`, `SetJustifyV`, `SetTextColor`... | generic (`fields`) and `font` |
pub use wowsim_ui::font_string::*;

use super::fields::FieldVal;
use super::font::font_height;
use super::util::{
    arg, get_field, install_methods, need_num, ret, self_id, set_field, truthy, with_ui_mut, Method,
};
use super::{TextMeasure, UiState};
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Value};
use wowsim_lua::lua_error;

/// Sets the text of a FontString (numbers become strings, nil clears it). The text is
/// measured lazily: the object is marked stale and [`flush_text`] measures it before layout
/// is next read (a size, a rect, drawing, OnSizeChanged).
pub fn set_text(lua: &Lua, id: u32, v: &Value) -> mlua::Result<()> {
    match v {
        Value::Nil => with_ui_mut(lua, |ui| store_text(ui, id, None)),
        Value::String(s) => {
            let b = s.as_bytes();
            if !with_ui_mut(lua, |ui| text_fits(ui, id, b.len())) {
                return Err(lua_error(
                    lua,
                    format!(
                        "FontString:SetText: the FontStrings would hold more than {} MiB of text \
                         (wow-sim's bound on text kept outside Lua's memory)",
                        MAX_TEXT_BYTES >> 20
                    ),
                ));
            }
            match std::str::from_utf8(&b) {
                Ok(t) => with_ui_mut(lua, |ui| store_text(ui, id, Some(t))),
                Err(_) => {
                    let t = String::from_utf8_lossy(&b);
                    with_ui_mut(lua, |ui| store_text(ui, id, Some(&t)))
                }
            }
        }
        Value::Integer(i) => {
            let t = i.to_string();
            with_ui_mut(lua, |ui| store_text(ui, id, Some(&t)))
        }
        Value::Number(_) => {
            let t = lua
                .coerce_string(v.clone())?
                .map(|s| s.to_string_lossy())
                .unwrap_or_default();
            with_ui_mut(lua, |ui| store_text(ui, id, Some(&t)))
        }
        Value::Boolean(_) | Value::Table(_) | Value::Function(_) => {
            return Err(lua_error(lua, "Usage: FontString:SetText(text)"))
        }
        _ => with_ui_mut(lua, |ui| store_text(ui, id, None)),
    }
    Ok(())
}

fn measured(lua: &Lua, a: &MultiValue, method: &str) -> mlua::Result<(f64, f64, usize, f64, bool)> {
    let id = self_id(lua, a, method)?;
    let text = match get_field(lua, id, "text") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    };
    let (h, opts) = with_ui_mut(lua, |ui| {
        let stale = ui.get(id).map(|o| o.text_measure) == Some(TextMeasure::Stale);
        flush_text(ui);
        if !stale {
            update_intrinsic(ui, id);
        }
        let width = super::region::rect_of(ui, id).map(|r| r.width);
        (
            font_height(ui, id),
            wowsim_ui::draw::text::layout_opts(ui, id, width),
        )
    });
    let (w, hh, n, cut) = measure(&text, &opts);
    Ok((w, hh, n, h, cut))
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("FontString", "ClearText", clear_text),
        ("FontString", "SetFormattedText", set_formatted_text),
        ("FontString", "GetStringWidth", get_string_width),
        (
            "FontString",
            "GetUnboundedStringWidth",
            get_unbounded_string_width,
        ),
        ("FontString", "GetStringHeight", get_string_height),
        ("FontString", "GetNumLines", get_num_lines),
        ("FontString", "GetLineHeight", get_line_height),
        ("FontString", "IsTruncated", is_truncated),
        ("FontString", "SetWordWrap", set_word_wrap),
        ("FontString", "CanWordWrap", can_word_wrap),
        ("FontString", "SetNonSpaceWrap", set_non_space_wrap),
        ("FontString", "CanNonSpaceWrap", can_non_space_wrap),
        ("FontString", "SetTextHeight", set_text_height),
    ];
    install_methods(lua, methods)?;
    // SetText is hot (text updated every frame by many addons): a typed signature.
    let f = host_fn(lua, |lua, (this, text): (Value, Value)| {
        let id = super::obj_id(lua, &this, "SetText")?;
        set_text(lua, id, &text)
    })?;
    super::fast_call::add_method(lua, "FontString", "SetText", f, set_text_fast)
}

/// The fast path of `SetText` with a UTF-8 string or nil (see `fast_call`).
fn set_text_fast(ui: &mut UiState, id: u32, a: &super::fast_call::Args) -> bool {
    // Past the bound, the slow path raises the error.
    if a.bytes(1).is_some_and(|b| !text_fits(ui, id, b.len())) {
        return false;
    }
    match a.bytes(1).map(std::str::from_utf8) {
        Some(Ok(t)) => store_text(ui, id, Some(t)),
        None if a.is_nil(1) => store_text(ui, id, None),
        _ => return false,
    }
    true
}

/// `FontString:ClearText`.
fn clear_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearText")?;
    set_text(lua, id, &Value::Nil)?;
    ret(lua, ())
}

/// `FontString:SetFormattedText`.
fn set_formatted_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFormattedText")?;
    let format: mlua::Function = lua.globals().get::<mlua::Table>("string")?.get("format")?;
    let rest: MultiValue = a.iter().skip(1).cloned().collect();
    let s: Value = format.call(rest)?;
    set_text(lua, id, &s)?;
    ret(lua, ())
}

/// `FontString:GetStringWidth`.
fn get_string_width(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, measured(lua, &a, "GetStringWidth")?.0)
}

/// `FontString:GetUnboundedStringWidth`.
fn get_unbounded_string_width(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    ret(lua, measured(lua, &a, "GetUnboundedStringWidth")?.0)
}

/// `FontString:GetStringHeight`.
fn get_string_height(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, measured(lua, &a, "GetStringHeight")?.1)
}

/// `FontString:GetNumLines`.
fn get_num_lines(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, measured(lua, &a, "GetNumLines")?.2 as i64)
}

/// `FontString:GetLineHeight`.
fn get_line_height(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, measured(lua, &a, "GetLineHeight")?.3)
}

/// `FontString:IsTruncated`.
fn is_truncated(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, measured(lua, &a, "IsTruncated")?.4)
}

/// `FontString:SetWordWrap`.
fn set_word_wrap(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetWordWrap")?;
    set_field(lua, id, "wordWrap", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `FontString:CanWordWrap`.
fn can_word_wrap(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "CanWordWrap")?;
    ret(lua, get_field(lua, id, "wordWrap") != FieldVal::Bool(false))
}

/// `FontString:SetNonSpaceWrap`.
fn set_non_space_wrap(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetNonSpaceWrap")?;
    set_field(lua, id, "nonSpaceWrap", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `FontString:CanNonSpaceWrap`.
fn can_non_space_wrap(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "CanNonSpaceWrap")?;
    ret(
        lua,
        get_field(lua, id, "nonSpaceWrap") == FieldVal::Bool(true),
    )
}

/// `FontString:SetTextHeight`.
fn set_text_height(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetTextHeight")?;
    let h = need_num(lua, &a, 1, "FontString:SetTextHeight(height)")?;
    set_field(lua, id, "fontHeight", FieldVal::Num(h));
    ret(lua, ())
}
