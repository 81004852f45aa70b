//! `<Font>` and `<FontFamily>`: each creates a global Font object (as `CreateFont` does),
//! inherits other fonts with `SetFontObject`, then applies its own file, height, outline,
//! colour, shadow, justification and spacing. A font family takes its `roman` member.
//! Installs `CreateFont(name)` when the widgets do not provide one.

use super::calls::call;
use super::registry::{self, split_list, Src, XmlState};
use super::{attrs, coverage, visual};
use crate::addons::record_at;
use mlua::{Lua, Table, Value};
use wowsim_api::widgets::{self, types};
use wowsim_xml::Element;

/// Installs `CreateFont` if absent.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    if !lua.globals().raw_get::<Value>("CreateFont")?.is_nil() {
        return Ok(());
    }
    let f = lua.create_function(|lua, name: Option<String>| {
        let (_, t) = create_font(lua, name.as_deref())?;
        Ok(t)
    })?;
    lua.globals().raw_set("CreateFont", f)
}

fn create_font(lua: &Lua, name: Option<&str>) -> mlua::Result<(u32, Table)> {
    let ty = types::find("Font").expect("Font type");
    let r = widgets::create_object(lua, ty, name.map(str::to_string), None)?;
    if let Some(n) = name {
        if let Some(mut st) = lua.app_data_mut::<XmlState>() {
            st.fonts.insert(n.to_ascii_lowercase(), n.to_string());
        }
    }
    Ok(r)
}

/// Loads a top-level `<Font>` or `<FontFamily>`.
pub fn load_font(lua: &Lua, src: &Src, el: &Element) -> mlua::Result<()> {
    let Some(name) = el.attr("name") else {
        coverage::not_implemented(lua, &el.tag, "");
        return Ok(());
    };
    let (_, obj) = create_font(lua, Some(name))?;
    if el.tag == "FontFamily" {
        let member = el
            .children_named("Member")
            .find(|m| {
                m.attr("alphabet")
                    .is_some_and(|a| a.eq_ignore_ascii_case("roman"))
            })
            .or_else(|| el.child("Member"));
        if let Some(f) = member.and_then(|m| m.child("Font")) {
            apply_font(lua, src, f, &obj)?;
        }
        return Ok(());
    }
    apply_font(lua, src, el, &obj)
}

fn apply_font(lua: &Lua, src: &Src, el: &Element, obj: &Table) -> mlua::Result<()> {
    if let Some(list) = el.attr("inherits") {
        for n in split_list(list) {
            match registry::find_font(lua, n) {
                Some(f) => {
                    let font: Value = lua.globals().get(f.as_str())?;
                    call(lua, obj, "Font", "inherits", "SetFontObject", font)?;
                }
                None => {
                    let line = el.attr_pos("inherits").unwrap_or(el.pos).line;
                    record_at(
                        lua,
                        format!("{}:{line}: Couldn't find inherited node \"{n}\"", src.file),
                        &src.file,
                        Some(line),
                    );
                }
            }
        }
    }
    let height = el
        .num_attr("height")
        .or_else(|| el.child("FontHeight").and_then(visual::font_height));
    visual::set_font(
        lua,
        obj,
        "Font",
        el.attr("font"),
        height,
        el.attr("outline"),
        el.bool_attr("monochrome"),
    )?;
    let merged = attrs::merged(&[el]);
    attrs::apply(lua, obj, "Font", &merged, false)?;
    for c in &el.children {
        match c.tag.as_str() {
            "Color" | "Shadow" => visual::apply_child(lua, obj, "Font", c)?,
            "FontHeight" => {}
            other => coverage::not_implemented(lua, other, ""),
        }
    }
    Ok(())
}
