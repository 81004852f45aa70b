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

use super::fields::{fid, FieldVal};
use super::font::font_height;
use super::util::{
    arg, get_field, install_methods, need_num, ret, self_id, set_field, truthy, with_ui_mut, Method,
};
use super::{TextMeasure, UiState};
use crate::lua::lua_error;
use mlua::{Lua, MultiValue, Value};

/// Sets the text of a FontString (numbers become strings, nil clears it). The text is
/// measured lazily: the object is marked stale and [`flush_text`] measures it before layout
/// is next read (a size, a rect, drawing, OnSizeChanged).
pub fn set_text(lua: &Lua, id: u32, v: &Value) -> mlua::Result<()> {
    match v {
        Value::Nil => with_ui_mut(lua, |ui| store_text(ui, id, None)),
        Value::String(s) => {
            let b = s.as_bytes();
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

/// Stores the `text` field (reusing its buffer) and marks the measurement stale.
fn store_text(ui: &mut UiState, id: u32, text: Option<&str>) {
    let Some(o) = ui.get_mut(id) else { return };
    let slot = o.fields.iter_mut().find(|(k, _)| *k == fid::TEXT);
    match (slot, text) {
        (Some((_, FieldVal::Str(s))), Some(t)) => {
            if s != t {
                s.clear();
                s.push_str(t);
            }
        }
        (Some(slot), t) => slot.1 = t.map_or(FieldVal::Nil, |t| FieldVal::Str(t.to_owned())),
        (None, t) => super::push_small(
            &mut o.fields,
            (
                fid::TEXT,
                t.map_or(FieldVal::Nil, |t| FieldVal::Str(t.to_owned())),
            ),
        ),
    }
    mark_stale(ui, id);
}

/// Marks an object's text measurement stale (once: it is listed in `UiState::stale_text`).
pub fn mark_stale(ui: &mut UiState, id: u32) {
    let Some(o) = ui.get_mut(id) else { return };
    if o.text_measure != TextMeasure::Stale {
        o.text_measure = TextMeasure::Stale;
        ui.stale_text.push(id);
    }
}

/// Measures every FontString whose text, font, wrapping or width changed since it was last
/// measured, giving its layout node the new content size. Called before layout is read, so
/// what is read is what measuring on every change would give, at the cost of one measurement.
pub fn flush_text(ui: &mut UiState) {
    if ui.stale_text.is_empty() {
        return;
    }
    let mut ids = std::mem::take(&mut ui.stale_text);
    for &id in &ids {
        if let Some(o) = ui.get_mut(id) {
            o.text_measure = TextMeasure::Current;
        }
        update_intrinsic(ui, id);
    }
    ids.clear();
    if ui.stale_text.is_empty() {
        ui.stale_text = ids;
    }
}

/// Gives the FontString's layout node its text extent as content size, as the client sizes a
/// FontString without an explicit size to its text (so regions anchored to it, such as the
/// lines of a ScrollingMessageFrame stacked on each other, follow its height). The height is
/// wrapped at the explicit width when there is one. Updated lazily ([`flush_text`]) after the
/// text, the font, wrapping or the width changed, and when the text is measured.
pub fn update_intrinsic(ui: &mut UiState, id: u32) {
    let Some(n) = ui.get(id).and_then(|o| o.node) else {
        return;
    };
    let text = match ui.field(id, fid::TEXT) {
        FieldVal::Str(s) if !s.is_empty() => s,
        _ => {
            ui.layout.set_intrinsic_size(n, None, None);
            return;
        }
    };
    let (ew, _) = ui.layout.size(n);
    let opts = crate::draw::text::layout_opts(ui, id, ew);
    if opts.size <= 0.0 {
        return;
    }
    let (w, h, _, _) = measure(&text, &opts);
    ui.layout.set_intrinsic_size(
        n,
        Some(w as f32).filter(|w| *w > 0.0),
        Some(h as f32).filter(|h| *h > 0.0),
    );
}

/// (width, height, lines, line height, truncated) of a text at a font height, wrapped to
/// `opts.max_width`: the same layout the screenshot draws (`wowsim_render::text`). The width
/// is the widest line without wrapping, as the client's `GetStringWidth` reports it.
pub fn measure(text: &str, opts: &wowsim_render::text::LayoutOpts) -> (f64, f64, usize, bool) {
    let wrapped = wowsim_render::text::layout(text, opts);
    let width = wowsim_render::text::string_width_in(text, &opts.face, opts.size);
    (
        width as f64,
        wrapped.height as f64,
        wrapped.lines.len(),
        wrapped.truncated,
    )
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
            crate::draw::text::layout_opts(ui, id, width),
        )
    });
    let (w, hh, n, cut) = measure(&text, &opts);
    Ok((w, hh, n, h, cut))
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
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
            ret(lua, measured(lua, &a, "IsTruncated")?.4)
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
    install_methods(lua, methods)?;
    // SetText is hot (text updated every frame by many addons): a typed signature.
    let f = lua.create_function(|lua, (this, text): (Value, Value)| {
        let id = super::obj_id(lua, &this, "SetText")?;
        set_text(lua, id, &text)
    })?;
    super::fast_call::add_method(lua, "FontString", "SetText", f, set_text_fast)
}

/// The fast path of `SetText` with a UTF-8 string or nil (see `fast_call`).
fn set_text_fast(ui: &mut UiState, id: u32, a: &super::fast_call::Args) -> bool {
    match a.bytes(1).map(std::str::from_utf8) {
        Some(Ok(t)) => store_text(ui, id, Some(t)),
        None if a.is_nil(1) => store_text(ui, id, None),
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_render::text::LayoutOpts;

    #[test]
    fn measures_with_glyph_advances() {
        let o = LayoutOpts::new(12.0);
        assert_eq!(measure("", &o), (0.0, 0.0, 0, false));
        let (w, h, n, _) = measure("Hello", &o);
        assert!(w > 20.0 && w < 40.0 && h == 12.0 && n == 1, "{w} {h} {n}");
        assert_eq!(measure("|cffff0000Hello|r", &o).0, w);
        assert_eq!(measure("Hello|nHello", &o).1, 24.0);
        let narrow = LayoutOpts {
            max_width: Some(w as f32 + 1.0),
            ..o.clone()
        };
        let (w2, h2, n2, _) = measure("Hello Hello", &narrow);
        assert!(w2 > w && h2 == 24.0 && n2 == 2);
    }
}
