//! The object-making children of a frame, created after its plain children: regions in
//! `<Layers>`/`<Layer level textureSubLevel>`, frames in `<Frames>`, and the special children
//! the client hands to a parent method (`<NormalTexture>` → `SetNormalTexture`,
//! `<ButtonText>` → `SetFontString`, `<ScrollChild>` → `SetScrollChild` with the last kid,
//! `<BarTexture>` → `SetStatusBarTexture`, `<SwipeTexture>` → `SetSwipeTexture`, ...).

use super::calls::call;
use super::coverage;
use super::frame::load_element;
use super::registry::Src;
use mlua::{Lua, Table, Value};
use wowsim_xml::{Element, Schema, TagImpl};

/// Whether a child tag is created in the late pass (by [`late_children`]).
pub fn is_late(schema: &'static Schema, tag: &str) -> bool {
    super::tag_kinds::is(schema, tag, super::tag_kinds::LATE)
}

/// [`is_late`] worked out from the schema (what [`super::tag_kinds`] keeps per tag).
pub fn is_late_uncached(schema: &Schema, tag: &str) -> bool {
    matches!(
        tag,
        "Layers"
            | "Frames"
            | "ScrollChild"
            | "FontString"
            | "FontStringHeader1"
            | "FontStringHeader2"
            | "FontStringHeader3"
    ) || matches!(schema.tag_impl(tag), Some(TagImpl::Call { .. }))
        && !schema.extends(tag, "ButtonFont")
        || schema.extends(tag, "Texture")
}

/// Creates the late children of one chain element under object `id`.
pub fn late_children(
    lua: &Lua,
    id: u32,
    obj: &Table,
    tag: &str,
    el: &Element,
    src: &Src,
) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    for c in &el.children {
        match c.tag.as_str() {
            "Layers" => {
                for layer in c.children_named("Layer") {
                    let level = layer.attr("level").unwrap_or("ARTWORK");
                    let sub = layer.num_attr("texturesublevel").unwrap_or(0.0);
                    for r in &layer.children {
                        load_element(lua, src, r, Some(id), Some((level, sub)))?;
                    }
                }
            }
            "Frames" => {
                for f in &c.children {
                    load_element(lua, src, f, Some(id), None)?;
                }
            }
            "ScrollChild" => {
                let mut last = None;
                for f in &c.children {
                    if let Some((_, o)) = load_element(lua, src, f, Some(id), None)? {
                        last = Some(o);
                    }
                }
                if let Some(kid) = last {
                    call(lua, obj, tag, "ScrollChild", "SetScrollChild", kid)?;
                }
            }
            "FontString" => {
                // A font string inside an edit box or message frame describes its font.
                match c
                    .attr("inherits")
                    .and_then(|n| super::registry::find_font(lua, n))
                {
                    Some(f) => {
                        let font: Value = lua.globals().get(f.as_str())?;
                        call(lua, obj, tag, "FontString", "SetFontObject", font)?;
                    }
                    None => coverage::not_implemented(lua, tag, "FontString"),
                }
            }
            // A SimpleHTML's header fonts: the font of text type h1, h2, h3.
            "FontStringHeader1" | "FontStringHeader2" | "FontStringHeader3" => {
                let text_type = format!("h{}", &c.tag[c.tag.len() - 1..]);
                // An XML `<Font>` or a font object made by `CreateFont` (the built-in base's).
                let font = match c.attr("inherits") {
                    Some(n) => {
                        let name = super::registry::find_font(lua, n);
                        lua.globals().get::<Value>(name.as_deref().unwrap_or(n))?
                    }
                    None => Value::Nil,
                };
                match font {
                    Value::Table(_) => {
                        call(lua, obj, tag, &c.tag, "SetFontObject", (text_type, font))?;
                    }
                    _ => coverage::not_implemented(lua, &c.tag, "inherits"),
                }
            }
            // A cooldown's textures are files (and a colour) handed to its setters, not regions.
            "SwipeTexture" | "EdgeTexture" | "BlingTexture" => {
                let method = format!("Set{}", c.tag);
                let file = c.attr("file").unwrap_or("");
                match c.child("Color") {
                    Some(col) => {
                        let (r, g, b, a) = super::visual::color(lua, col)?;
                        call(lua, obj, tag, &c.tag, &method, (file, r, g, b, a))?
                    }
                    None => call(lua, obj, tag, &c.tag, &method, file)?,
                };
            }
            t if is_late(schema, t) => special(lua, id, obj, tag, c, src)?,
            _ => {}
        }
    }
    Ok(())
}

/// Whether object `id` is of type `ty` or derives from it (`IsObjectType`).
fn is_type(lua: &Lua, id: u32, ty: &str) -> bool {
    let ui = lua
        .app_data_ref::<wowsim_api::widgets::UiState>()
        .expect("ui");
    ui.get(id)
        .is_some_and(|o| wowsim_api::widgets::types::is_a(o.type_index, ty))
}

/// A `<NormalTexture>`-like child: made as a region of the frame, then passed to the parent
/// method the schema names.
fn special(lua: &Lua, id: u32, obj: &Table, tag: &str, c: &Element, src: &Src) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    let Some((_, kid)) = load_element(lua, src, c, Some(id), None)? else {
        return Ok(());
    };
    // A Cooldown's textures: the reference names no parent method, the client's are these.
    let cooldown_method = match c.tag.as_str() {
        "SwipeTexture" => Some("SetSwipeTexture"),
        "EdgeTexture" => Some("SetEdgeTexture"),
        "BlingTexture" => Some("SetBlingTexture"),
        _ => None,
    };
    match (schema.tag_impl(&c.tag), cooldown_method) {
        // The parent method exists on the schema's parent type only: a `<Button>` that inherits
        // a `<CheckButton>` template (Classic Era's `FriendsFrame` summon button and
        // `ActionButtonTemplate`) gets the template's `<CheckedTexture>` as a plain region and
        // no checked state, as wowless instantiates it; not a gap of ours.
        (Some(TagImpl::Call { parent_type, .. }), _) if !is_type(lua, id, parent_type) => {}
        (Some(TagImpl::Call { parent_method, .. }), _) => {
            call(lua, obj, tag, &c.tag, parent_method, kid)?;
        }
        (_, Some(m)) => {
            call(lua, obj, tag, &c.tag, m, kid)?;
        }
        _ => coverage::not_implemented(lua, &c.tag, ""),
    }
    Ok(())
}
