//! The look of regions and fonts from XML: `<Color>` (texture colour, text colour, bar and
//! highlight colours), `<TexCoords>`, `<Gradient>`, `<Shadow>`, `<FontHeight>`, the font of a
//! font string, and `<NormalFont style=...>`-like children of buttons.

use super::calls::{call, call_ret};
use super::coverage;
use mlua::{Lua, Table, Value};
use wowsim_xml::Element;

/// Whether [`apply_child`] handles this child tag.
pub fn applies(tag: &str) -> bool {
    matches!(
        tag,
        "Color"
            | "TexCoords"
            | "Gradient"
            | "Shadow"
            | "FontHeight"
            | "BarColor"
            | "HighlightColor"
            | "NormalFont"
            | "HighlightFont"
            | "DisabledFont"
            | "PushedFont"
    )
}

/// (r, g, b, a) of a colour element: components default to 0, alpha to 1; `color=` names a
/// global colour table.
pub fn color(lua: &Lua, el: &Element) -> mlua::Result<(f64, f64, f64, f64)> {
    if let Some(name) = el.attr("color") {
        if let Value::Table(t) = lua.globals().get::<Value>(name)? {
            let f = |k: &str, d: f64| t.get::<Option<f64>>(k).ok().flatten().unwrap_or(d);
            return Ok((f("r", 0.0), f("g", 0.0), f("b", 0.0), f("a", 1.0)));
        }
        // The client's colour database, which exists before any Lua makes the globals.
        let db = wowsim_api::game_state::game(lua)
            .colors
            .borrow()
            .0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| *c);
        if let Some([r, g, b, a]) = db {
            return Ok((r, g, b, a));
        }
        coverage::not_implemented(lua, &el.tag, "color");
    }
    let n = |k: &str, d: f64| el.num_attr(k).unwrap_or(d);
    Ok((n("r", 0.0), n("g", 0.0), n("b", 0.0), n("a", 1.0)))
}

/// A colour object for APIs that take one (`CreateColor` when the UI defines it).
fn color_object(lua: &Lua, el: &Element) -> mlua::Result<Value> {
    let (r, g, b, a) = color(lua, el)?;
    if let Value::Function(f) = lua.globals().get::<Value>("CreateColor")? {
        return f.call((r, g, b, a));
    }
    let t = lua.create_table()?;
    t.set("r", r)?;
    t.set("g", g)?;
    t.set("b", b)?;
    t.set("a", a)?;
    Ok(Value::Table(t))
}

/// The height in a `<FontHeight>` (`val` on it or its `<AbsValue>`).
pub fn font_height(el: &Element) -> Option<f64> {
    el.num_attr("val")
        .or_else(|| el.child("AbsValue").and_then(|v| v.num_attr("val")))
}

/// `SetFont(file, height, flags)` from whichever of the parts are given; missing parts come
/// from the object's current font (`GetFont`).
pub fn set_font(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    file: Option<&str>,
    height: Option<f64>,
    outline: Option<&str>,
    monochrome: Option<bool>,
) -> mlua::Result<()> {
    if file.is_none() && height.is_none() && outline.is_none() && monochrome.is_none() {
        return Ok(());
    }
    // `font="GameFontNormal"`: the name of a Font object, as the client's own XML uses it on
    // FontStrings; the object follows that font, then any height or outline given here.
    let mut file = file;
    if let Some(font) = file.and_then(|f| font_object(lua, f)) {
        call(lua, obj, tag, "font", "SetFontObject", font)?;
        file = None;
        if height.is_none() && outline.is_none() && monochrome.is_none() {
            return Ok(());
        }
    }
    let Some(r) = call_ret(lua, obj, tag, "font", "GetFont", ())? else {
        return Ok(());
    };
    let mut it = r.into_iter();
    let cur_file = it.next().unwrap_or(Value::Nil);
    let cur_h = match it.next() {
        Some(Value::Number(n)) => n,
        Some(Value::Integer(i)) => i as f64,
        _ => 0.0,
    };
    let cur_flags = match it.next() {
        Some(Value::String(s)) => s.to_string_lossy(),
        _ => String::new(),
    };
    let mut flags = match outline.map(str::to_ascii_uppercase).as_deref() {
        Some("NORMAL") => "OUTLINE".to_string(),
        Some("THICK") => "THICKOUTLINE".to_string(),
        Some("NONE") => String::new(),
        Some(other) => other.to_string(),
        None => cur_flags,
    };
    if monochrome == Some(true) && !flags.contains("MONOCHROME") {
        flags = if flags.is_empty() {
            "MONOCHROME".into()
        } else {
            format!("{flags}, MONOCHROME")
        };
    }
    let file = match file {
        Some(f) => Value::String(lua.create_string(f)?),
        None => cur_file,
    };
    call(
        lua,
        obj,
        tag,
        "font",
        "SetFont",
        (file, height.unwrap_or(cur_h), flags),
    )?;
    Ok(())
}

/// The global Font object called `name`, if there is one.
fn font_object(lua: &Lua, name: &str) -> Option<Table> {
    if name.contains(['\\', '/', '.']) {
        return None;
    }
    let Ok(Value::Table(t)) = lua.globals().raw_get::<Value>(name) else {
        return None;
    };
    let id = wowsim_api::widgets::obj_id(lua, &Value::Table(t.clone()), "font").ok()?;
    let ui = lua.app_data_ref::<wowsim_api::widgets::UiState>()?;
    let ty = ui.get(id)?.type_index;
    wowsim_api::widgets::types::inherits_from(ty, "Font").then_some(t)
}

/// Applies one visual child to `obj` (of schema tag `tag`).
pub fn apply_child(lua: &Lua, obj: &Table, tag: &str, c: &Element) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    let is = |base: &str| schema.extends(tag, base);
    match c.tag.as_str() {
        "Color" if is("Texture") || is("Line") => {
            call(lua, obj, tag, "Color", "SetColorTexture", color(lua, c)?)?;
        }
        "Color" if is("FontString") || is("Font") => {
            call(lua, obj, tag, "Color", "SetTextColor", color(lua, c)?)?;
        }
        "BarColor" => {
            call(
                lua,
                obj,
                tag,
                "BarColor",
                "SetStatusBarColor",
                color(lua, c)?,
            )?;
        }
        "HighlightColor" => {
            call(
                lua,
                obj,
                tag,
                "HighlightColor",
                "SetHighlightColor",
                color(lua, c)?,
            )?;
        }
        "TexCoords" => tex_coords(lua, obj, tag, c)?,
        "Gradient" => gradient(lua, obj, tag, c)?,
        "Shadow" => shadow(lua, obj, tag, c)?,
        "FontHeight" => {
            // Applied with the font (`font_attrs`, `fonts`), which reads it from the element.
        }
        _ => state_font(lua, obj, tag, c)?,
    }
    Ok(())
}

/// `<TexCoords>`: a `<Rect>` of the four corners, or left, right, top, bottom.
fn tex_coords(lua: &Lua, obj: &Table, tag: &str, c: &Element) -> mlua::Result<()> {
    if let Some(r) = c.child("Rect") {
        let n = |k: &str| r.num_attr(k).unwrap_or(0.0);
        let args = (
            n("ulx"),
            n("uly"),
            n("llx"),
            n("lly"),
            n("urx"),
            n("ury"),
            n("lrx"),
            n("lry"),
        );
        call(lua, obj, tag, "TexCoords", "SetTexCoord", args)?;
    } else {
        let n = |k: &str, d: f64| c.num_attr(k).unwrap_or(d);
        let args = (
            n("left", 0.0),
            n("right", 1.0),
            n("top", 0.0),
            n("bottom", 1.0),
        );
        call(lua, obj, tag, "TexCoords", "SetTexCoord", args)?;
    }
    Ok(())
}

/// `<Gradient orientation=...>` with its `<MinColor>` and `<MaxColor>`.
fn gradient(lua: &Lua, obj: &Table, tag: &str, c: &Element) -> mlua::Result<()> {
    let orient = c
        .attr("orientation")
        .unwrap_or("HORIZONTAL")
        .to_ascii_uppercase();
    let (Some(min), Some(max)) = (c.child("MinColor"), c.child("MaxColor")) else {
        coverage::not_implemented(lua, "Gradient", "");
        return Ok(());
    };
    let (a, b) = (color_object(lua, min)?, color_object(lua, max)?);
    call(lua, obj, tag, "Gradient", "SetGradient", (orient, a, b))?;
    Ok(())
}

/// `<Shadow>`: its `<Color>` and its offset.
fn shadow(lua: &Lua, obj: &Table, tag: &str, c: &Element) -> mlua::Result<()> {
    if let Some(col) = c.child("Color") {
        call(lua, obj, tag, "Shadow", "SetShadowColor", color(lua, col)?)?;
    }
    let (x, y) = super::props::xy(lua, c);
    if x.is_some() || y.is_some() {
        call(
            lua,
            obj,
            tag,
            "Shadow",
            "SetShadowOffset",
            (x.unwrap_or(0.0), y.unwrap_or(0.0)),
        )?;
    }
    Ok(())
}

/// NormalFont / HighlightFont / DisabledFont: a font object by `style`; any other child
/// (PushedFont, a `<Color>` of another object type) is counted as not implemented.
fn state_font(lua: &Lua, obj: &Table, tag: &str, c: &Element) -> mlua::Result<()> {
    let method = match c.tag.as_str() {
        "NormalFont" => "SetNormalFontObject",
        "HighlightFont" => "SetHighlightFontObject",
        "DisabledFont" => "SetDisabledFontObject",
        _ => {
            coverage::not_implemented(lua, &c.tag, "");
            return Ok(());
        }
    };
    let font: Value = match c.attr("style") {
        Some(s) => lua.globals().get(s)?,
        None => Value::Nil,
    };
    call(lua, obj, tag, &c.tag, method, font)?;
    Ok(())
}
