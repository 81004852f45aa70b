//! Text methods the other files leave: SimpleHTML's content (`SetText`, `GetTextData`,
//! `GetContentHeight`), character positions in a FontString, a message's FontString, and the
//! font of an alphabet. Measurements use the same layout as drawing (`wowsim_render::text`).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SimpleHTML:SetText(text [, ignoreMarkup])`, `GetTextData` | [`html_nodes`]: `<p>`, `<h1>`..`<h3>` blocks (with `align`) of an `<html>` text, else one `p` block of the text |
//! | `SimpleHTML:GetContentHeight` | the blocks wrapped at the frame's width in its font (`GetFont`/`GetFontObject` of the block type, else the default) |
//! | `FontString:FindCharacterIndexAtCoordinate(x, y)` | screen coordinates (as `GetLeft`/`GetTop`); the character of the first line under x (text taken as left-justified from the string's left edge), and whether the point is inside the text; nothing without a rect |
//! | `FontString:CalculateScreenAreaFromCharacterSpan(l, r)` | one `{left, bottom, width, height}` rect over the characters l..r of the first line |
//! | `FontString:GetFieldSize` | the font height (the client's meaning is not documented) |
//! | `FontString:OnColorsUpdated` | nothing to refresh (colours are read when drawn) |
//! | `MessageFrame:GetFontStringByID(id)` | a hidden FontString with the text and colour of the message with that id (the frame draws its messages itself); nil without one |
//! | `Font:GetFontObjectForAlphabet(alphabet)` | the font itself: the simulator uses one font for every alphabet |
pub use wowsim_ui::text_state::*;

use super::fields::FieldVal;
use super::font::font_height;
use super::region::rect_of;
use super::scene_state::{bad_arg, lua_get, lua_set, method};
use super::util::obj_value;
use super::util::{
    arg, get_field, num, ret, self_id, set_field, string, truthy, with_ui_mut, Method,
};
use super::{create_object, types};
use mlua::{Lua, MultiValue, Value};
use wowsim_render::text::{layout, string_width, LayoutOpts};

fn html_of(lua: &Lua, id: u32) -> Vec<HtmlNode> {
    let text = match get_field(lua, id, "html.text") {
        FieldVal::Str(s) => s,
        _ => return Vec::new(),
    };
    html_nodes(
        &text,
        get_field(lua, id, "html.ignoreMarkup") == FieldVal::Bool(true),
    )
}

/// The font height SimpleHTML uses for a block type: its `GetFont(type)` height, else its
/// `GetFontObject(type)`'s, else 0 (no font).
fn html_font_height(lua: &Lua, this: &Value, kind: &str) -> mlua::Result<f64> {
    let Value::Table(t) = this else {
        return Ok(0.0);
    };
    for k in [Value::String(lua.create_string(kind)?), Value::Nil] {
        let get_font: mlua::Function = t.get("GetFont")?;
        let r: MultiValue = get_font.call((this.clone(), k.clone()))?;
        if let Some(h) = r.get(1).and_then(num).filter(|h| *h > 0.0) {
            return Ok(h);
        }
        let get_obj: mlua::Function = t.get("GetFontObject")?;
        if let Value::Table(f) = get_obj.call::<Value>((this.clone(), k))? {
            let fh: mlua::Function = f.get("GetFontHeight")?;
            if let Some(h) = num(&fh.call::<Value>(f.clone())?).filter(|h| *h > 0.0) {
                return Ok(h);
            }
        }
    }
    Ok(0.0)
}

/// The text of a FontString and its screen rect with the first line's height.
fn first_line(lua: &Lua, id: u32) -> Option<(String, f32, f32, f32, f32)> {
    let text = match get_field(lua, id, "text") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    };
    with_ui_mut(lua, |ui| {
        let r = rect_of(ui, id)?;
        let h = font_height(ui, id) as f32;
        Some((text, r.left, r.top(), r.width, h))
    })
}

/// Installs the methods of this file (only those the flavour has).
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("SimpleHTML", "SetText", html_set_text),
        ("SimpleHTML", "GetTextData", get_text_data),
        ("SimpleHTML", "GetContentHeight", get_content_height),
        ("FontString", "GetFieldSize", get_field_size),
        ("FontString", "OnColorsUpdated", on_colors_updated),
        (
            "FontString",
            "FindCharacterIndexAtCoordinate",
            find_character_index_at_coordinate,
        ),
        (
            "FontString",
            "CalculateScreenAreaFromCharacterSpan",
            calculate_screen_area_from_character_span,
        ),
        ("MessageFrame", "GetFontStringByID", get_font_string_by_id),
        (
            "Font",
            "GetFontObjectForAlphabet",
            get_font_object_for_alphabet,
        ),
    ];
    for (owner, name, f) in methods {
        method(lua, owner, name, *f)?;
    }
    Ok(())
}

/// `SimpleHTML:SetText`.
fn html_set_text(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "SetText")?;
    let v = arg(&a, 1);
    let text = string(&v).ok_or_else(|| bad_arg(lua, 1, "SetText", "string", &v))?;
    set_field(lua, id, "html.text", FieldVal::Str(text));
    set_field(
        lua,
        id,
        "html.ignoreMarkup",
        FieldVal::Bool(truthy(&arg(&a, 2))),
    );
    ret(lua, ())
}

/// `SimpleHTML:GetTextData`.
fn get_text_data(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "GetTextData")?;
    let out = lua.create_table()?;
    for (i, n) in html_of(lua, id).into_iter().enumerate() {
        let t = lua.create_table()?;
        t.raw_set("text", n.text)?;
        t.raw_set("type", n.kind)?;
        t.raw_set("align", n.align)?;
        out.raw_set(i + 1, t)?;
    }
    ret(lua, out)
}

/// `SimpleHTML:GetContentHeight`.
fn get_content_height(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "GetContentHeight")?;
    let this = arg(&a, 0);
    let width = with_ui_mut(lua, |ui| rect_of(ui, id).map(|r| r.width));
    let mut total = 0.0;
    for n in html_of(lua, id) {
        let size = html_font_height(lua, &this, &n.kind)?;
        let mut o = LayoutOpts::new(size as f32);
        o.max_width = width.filter(|w| *w > 0.0);
        total += layout(&n.text, &o).height as f64;
    }
    ret(lua, total)
}

/// `FontString:GetFieldSize`.
fn get_field_size(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "GetFieldSize")?;
    ret(lua, with_ui_mut(lua, |ui| font_height(ui, id)))
}

/// `FontString:OnColorsUpdated`.
fn on_colors_updated(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    self_id(lua, &a, "OnColorsUpdated")?;
    ret(lua, ())
}

/// `FontString:FindCharacterIndexAtCoordinate`.
fn find_character_index_at_coordinate(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "FindCharacterIndexAtCoordinate";
    let id = self_id(lua, &a, m)?;
    let (x, y) = (arg(&a, 1), arg(&a, 2));
    let x = num(&x).ok_or_else(|| bad_arg(lua, 1, m, "number", &x))? as f32;
    let y = num(&y).ok_or_else(|| bad_arg(lua, 2, m, "number", &y))? as f32;
    let Some((text, left, top, _, h)) = first_line(lua, id) else {
        return ret(lua, ());
    };
    let ends = char_ends(&text);
    let dx = x - left;
    let mut index = ends.len().max(1);
    for (i, e) in ends.iter().enumerate() {
        if dx < string_width(&text[..*e], h) {
            index = i + 1;
            break;
        }
    }
    let width = ends.last().map_or(0.0, |e| string_width(&text[..*e], h));
    let inside = dx >= 0.0 && dx <= width && y <= top && y >= top - h;
    ret(lua, (index, inside))
}

/// `FontString:CalculateScreenAreaFromCharacterSpan`.
fn calculate_screen_area_from_character_span(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "CalculateScreenAreaFromCharacterSpan";
    let id = self_id(lua, &a, m)?;
    let (l, r) = (arg(&a, 1), arg(&a, 2));
    let l = num(&l).ok_or_else(|| bad_arg(lua, 1, m, "number", &l))?;
    let r = num(&r).ok_or_else(|| bad_arg(lua, 2, m, "number", &r))?;
    let Some((text, left, top, _, h)) = first_line(lua, id) else {
        return ret(lua, ());
    };
    let ends = char_ends(&text);
    let (li, ri) = (l.max(1.0) as usize, (r as usize).min(ends.len()));
    if ends.is_empty() || li > ri {
        return ret(lua, ());
    }
    let before = if li > 1 {
        string_width(&text[..ends[li - 2]], h)
    } else {
        0.0
    };
    let upto = string_width(&text[..ends[ri - 1]], h);
    let rect = lua.create_table()?;
    rect.raw_set("left", (left + before) as f64)?;
    rect.raw_set("bottom", (top - h) as f64)?;
    rect.raw_set("width", (upto - before) as f64)?;
    rect.raw_set("height", h as f64)?;
    let out = lua.create_table()?;
    out.raw_set(1, rect)?;
    ret(lua, out)
}

/// `MessageFrame:GetFontStringByID`.
fn get_font_string_by_id(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "GetFontStringByID";
    let id = self_id(lua, &a, m)?;
    let v = arg(&a, 1);
    let want = num(&v).ok_or_else(|| bad_arg(lua, 1, m, "number", &v))?;
    let msg = super::message_frame::message_by_id(lua, id, want);
    let Some(msg) = msg else {
        return ret(lua, Value::Nil);
    };
    let key = format!("messagefs[{want}]");
    let fs = match lua_get(lua, id, &key)? {
        Value::Table(t) => super::obj_id(lua, &Value::Table(t), m)?,
        _ => {
            let ty = types::find("FontString").expect("FontString type");
            let (fs, t) = create_object(lua, ty, None, Some(id))?;
            super::frame::set_shown(lua, fs, false)?;
            lua_set(lua, id, &key, Value::Table(t))?;
            fs
        }
    };
    super::font_string::set_text(lua, fs, &Value::String(lua.create_string(&msg.text)?))?;
    for (f, c) in ["textR", "textG", "textB", "textA"].iter().zip(msg.color) {
        set_field(lua, fs, f, FieldVal::Num(c));
    }
    ret(lua, obj_value(lua, Some(fs))?)
}

/// `Font:GetFontObjectForAlphabet`.
fn get_font_object_for_alphabet(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "GetFontObjectForAlphabet";
    self_id(lua, &a, m)?;
    let v = arg(&a, 1);
    string(&v).ok_or_else(|| bad_arg(lua, 1, m, "string", &v))?;
    ret(lua, arg(&a, 0))
}
