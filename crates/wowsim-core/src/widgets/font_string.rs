//! FontString: text, wrapping and measured size. Measurement is an approximation from the
//! font height and the number of visible characters; the text measurer of the screenshot
//! issue (real glyph advances) replaces [`measure`].
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetText(text)`, `GetText` (generic getter), `ClearText`, `SetFormattedText(fmt, ...)` | [`set_text`] |
//! | `GetStringWidth`, `GetUnboundedStringWidth`, `GetStringHeight`, `GetNumLines`, `GetLineHeight`, `IsTruncated` | [`measure`] |
//! | `SetWordWrap`, `CanWordWrap`, `SetNonSpaceWrap`, `CanNonSpaceWrap`, `SetTextHeight` | [`install`] |
//! | `SetJustifyH`, `SetJustifyV`, `SetTextColor`... | generic (`fields`) and `font` |

use super::fields::FieldVal;
use super::font::font_height;
use super::util::{
    arg, get_field, install_methods, need_num, ret, self_id, set_field, truthy, with_ui, Method,
};
use crate::lua::lua_error;
use mlua::{Lua, MultiValue, Value};

/// Sets the text of a FontString (numbers become strings, nil clears it).
pub fn set_text(lua: &Lua, id: u32, v: &Value) -> mlua::Result<()> {
    let text = match v {
        Value::Nil => FieldVal::Nil,
        Value::String(s) => FieldVal::Str(s.to_string_lossy()),
        Value::Integer(i) => FieldVal::Str(i.to_string()),
        Value::Number(_) => FieldVal::Str(
            lua.coerce_string(v.clone())?
                .map(|s| s.to_string_lossy())
                .unwrap_or_default(),
        ),
        Value::Boolean(_) | Value::Table(_) | Value::Function(_) => {
            return Err(lua_error(lua, "Usage: FontString:SetText(text)"))
        }
        _ => FieldVal::Nil,
    };
    set_field(lua, id, "text", text);
    Ok(())
}

/// The text with UI escape sequences removed (`|cAARRGGBB`, `|r`, `|T...|t`, `|H...|h`, `||`).
pub fn visible_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '|' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('c') => {
                for _ in 0..8 {
                    it.next();
                }
            }
            Some('r') | Some('h') => {}
            Some('|') => out.push('|'),
            Some('T') | Some('A') => {
                // An inline texture counts as one glyph.
                for d in it.by_ref() {
                    if d == '|' {
                        break;
                    }
                }
                it.next();
                out.push('#');
            }
            Some('H') => {
                for d in it.by_ref() {
                    if d == '|' {
                        break;
                    }
                }
                it.next();
            }
            Some('n') => out.push('\n'),
            Some(o) => {
                out.push('|');
                out.push(o);
            }
            None => out.push('|'),
        }
    }
    out
}

/// Approximate (width, height, lines) of a text at a font height: each character is half the
/// font height wide; lines are split at newlines only.
pub fn measure(text: &str, height: f64) -> (f64, f64, usize) {
    let vis = visible_text(text);
    if vis.is_empty() {
        return (0.0, 0.0, 0);
    }
    let lines: Vec<&str> = vis.split('\n').collect();
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    (
        widest as f64 * height * 0.5,
        lines.len() as f64 * height,
        lines.len(),
    )
}

fn measured(lua: &Lua, a: &MultiValue, method: &str) -> mlua::Result<(f64, f64, usize, f64)> {
    let id = self_id(lua, a, method)?;
    let text = match get_field(lua, id, "text") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    };
    let h = with_ui(lua, |ui| font_height(ui, id));
    let (w, hh, n) = measure(&text, h);
    Ok((w, hh, n, h))
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("FontString", "SetText", |lua, a| {
            let id = self_id(lua, &a, "SetText")?;
            set_text(lua, id, &arg(&a, 1))?;
            ret(lua, ())
        }),
        ("FontString", "ClearText", |lua, a| {
            let id = self_id(lua, &a, "ClearText")?;
            set_text(lua, id, &Value::Nil)?;
            ret(lua, ())
        }),
        ("FontString", "SetFormattedText", |lua, a| {
            let id = self_id(lua, &a, "SetFormattedText")?;
            let format: mlua::Function =
                lua.globals().get::<mlua::Table>("string")?.get("format")?;
            let rest: MultiValue = a.iter().skip(1).cloned().collect();
            let s: Value = format.call(rest)?;
            set_text(lua, id, &s)?;
            ret(lua, ())
        }),
        ("FontString", "GetStringWidth", |lua, a| {
            ret(lua, measured(lua, &a, "GetStringWidth")?.0)
        }),
        ("FontString", "GetUnboundedStringWidth", |lua, a| {
            ret(lua, measured(lua, &a, "GetUnboundedStringWidth")?.0)
        }),
        ("FontString", "GetStringHeight", |lua, a| {
            ret(lua, measured(lua, &a, "GetStringHeight")?.1)
        }),
        ("FontString", "GetNumLines", |lua, a| {
            ret(lua, measured(lua, &a, "GetNumLines")?.2 as i64)
        }),
        ("FontString", "GetLineHeight", |lua, a| {
            ret(lua, measured(lua, &a, "GetLineHeight")?.3)
        }),
        ("FontString", "IsTruncated", |lua, a| {
            self_id(lua, &a, "IsTruncated")?;
            ret(lua, false)
        }),
        ("FontString", "SetWordWrap", |lua, a| {
            let id = self_id(lua, &a, "SetWordWrap")?;
            set_field(lua, id, "wordWrap", FieldVal::Bool(truthy(&arg(&a, 1))));
            ret(lua, ())
        }),
        ("FontString", "CanWordWrap", |lua, a| {
            let id = self_id(lua, &a, "CanWordWrap")?;
            ret(lua, get_field(lua, id, "wordWrap") != FieldVal::Bool(false))
        }),
        ("FontString", "SetNonSpaceWrap", |lua, a| {
            let id = self_id(lua, &a, "SetNonSpaceWrap")?;
            set_field(lua, id, "nonSpaceWrap", FieldVal::Bool(truthy(&arg(&a, 1))));
            ret(lua, ())
        }),
        ("FontString", "CanNonSpaceWrap", |lua, a| {
            let id = self_id(lua, &a, "CanNonSpaceWrap")?;
            ret(
                lua,
                get_field(lua, id, "nonSpaceWrap") == FieldVal::Bool(true),
            )
        }),
        ("FontString", "SetTextHeight", |lua, a| {
            let id = self_id(lua, &a, "SetTextHeight")?;
            let h = need_num(lua, &a, 1, "FontString:SetTextHeight(height)")?;
            set_field(lua, id, "fontHeight", FieldVal::Num(h));
            ret(lua, ())
        }),
    ];
    install_methods(lua, methods)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, height: f64, expect: (f64, f64, usize)) {
        assert_eq!(measure(text, height), expect, "{text:?}");
    }

    #[test]
    fn measures_visible_characters() {
        check("", 12.0, (0.0, 0.0, 0));
        check("abcd", 12.0, (24.0, 12.0, 1));
        check("|cffff0000ab|r", 10.0, (10.0, 10.0, 1));
        check("ab\ncdef", 10.0, (20.0, 20.0, 2));
        check("a||b", 10.0, (15.0, 10.0, 1));
    }
}
