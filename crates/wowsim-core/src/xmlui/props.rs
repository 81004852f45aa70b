//! The plain children and loader-handled attributes of a frame or region: parentKey and
//! parentArray, mixins, `<Size>`, `<Anchors>`, `<KeyValues>`, `<Attributes>`, insets and
//! resize bounds; colours, tex-coords and fonts are in [`super::visual`], handlers in
//! [`super::scripts`], `<Layers>`/`<Frames>` in [`super::layers`].

use super::attrs::get as merged_get;
use super::calls::call;
use super::registry::{split_list, Src};
use super::{coverage, layers, scripts, visual};
use crate::addons::record_at;
use crate::widgets::{self, UiState};
use mlua::{Lua, Table, Value};
use wowsim_xml::{parse_number, Element};

/// Sets `parent[parentKey] = obj` and appends `obj` to `parent[parentArray]`.
pub fn parent_key(
    lua: &Lua,
    parent: u32,
    obj: &Table,
    key: Option<&str>,
    array: Option<&str>,
) -> mlua::Result<()> {
    if key.is_none() && array.is_none() {
        return Ok(());
    }
    let p = widgets::object_table(lua, parent)?;
    if let Some(k) = key {
        p.set(k, obj.clone())?;
        if let Some(id) = obj
            .raw_get::<Value>(0)
            .ok()
            .as_ref()
            .and_then(widgets::handle_id)
        {
            crate::widgets::util::with_ui_mut(lua, |ui| {
                if let Some(o) = ui.get_mut(id) {
                    o.parent_key = Some(k.to_string());
                }
            });
        }
    }
    if let Some(a) = array {
        let t = match p.get::<Value>(a)? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                p.set(a, t.clone())?;
                t
            }
        };
        t.raw_set(t.raw_len() + 1, obj.clone())?;
    }
    Ok(())
}

/// Copies the fields of every table named in `mixin` and `secureMixin` into `obj`.
pub fn mixins(lua: &Lua, obj: &Table, el: &Element, src: &Src) -> mlua::Result<()> {
    for attr in ["mixin", "securemixin"] {
        let Some(list) = el.attr(attr) else { continue };
        for name in split_list(list) {
            match lua.globals().get::<Value>(name)? {
                Value::Table(m) => {
                    for pair in m.pairs::<Value, Value>() {
                        let (k, v) = pair?;
                        obj.set(k, v)?;
                    }
                }
                _ => {
                    let line = el.attr_pos(attr).unwrap_or(el.pos).line;
                    record_at(
                        lua,
                        format!(
                            "{}:{line}: Mixin \"{name}\" not found (not a global table)",
                            src.file
                        ),
                        &src.file,
                        Some(line),
                    );
                }
            }
        }
    }
    Ok(())
}

/// Attributes the loader applies as a group: a slider's or bar's min/max, a texture's atlas.
pub fn special_attrs(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    merged: &[super::attrs::Merged<'_>],
) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    if schema.extends(tag, "Slider") || schema.extends(tag, "StatusBar") {
        let (lo, hi) = (
            merged_get(merged, "minvalue").and_then(parse_number),
            merged_get(merged, "maxvalue").and_then(parse_number),
        );
        if lo.is_some() || hi.is_some() {
            call(
                lua,
                obj,
                tag,
                "minvalue",
                "SetMinMaxValues",
                (lo.unwrap_or(0.0), hi.unwrap_or(0.0)),
            )?;
        }
    }
    if schema.extends(tag, "Texture") {
        if let Some(atlas) = merged_get(merged, "atlas") {
            let size = merged_get(merged, "useatlassize")
                .and_then(wowsim_xml::parse_bool)
                .unwrap_or(false);
            call(lua, obj, tag, "atlas", "SetAtlas", (atlas, size))?;
        }
    }
    Ok(())
}

/// Reads `x`/`y` from the element or its `<AbsDimension>` (or `<Offset>` → `<AbsDimension>`).
pub fn xy(el: &Element) -> (Option<f64>, Option<f64>) {
    let (mut x, mut y) = (el.num_attr("x"), el.num_attr("y"));
    for c in &el.children {
        let inner = match c.tag.as_str() {
            "AbsDimension" => Some(c),
            "Offset" => {
                let (ox, oy) = xy(c);
                x = x.or(ox);
                y = y.or(oy);
                None
            }
            _ => None,
        };
        if let Some(d) = inner {
            x = x.or(d.num_attr("x"));
            y = y.or(d.num_attr("y"));
        }
    }
    (x, y)
}

fn size(lua: &Lua, obj: &Table, tag: &str, el: &Element) -> mlua::Result<()> {
    if el.child("RelDimension").is_some() {
        coverage::not_implemented(lua, "RelDimension", "");
    }
    match xy(el) {
        (Some(x), Some(y)) => call(lua, obj, tag, "Size", "SetSize", (x, y)).map(|_| ()),
        (Some(x), None) => call(lua, obj, tag, "Size", "SetWidth", x).map(|_| ()),
        (None, Some(y)) => call(lua, obj, tag, "Size", "SetHeight", y).map(|_| ()),
        (None, None) => Ok(()),
    }
}

/// Resolves `relativeKey` (`$parent.$parent.Key`) from the object.
fn relative_key(lua: &Lua, id: u32, obj: &Table, key: &str) -> mlua::Result<Value> {
    let mut cur_id = Some(id);
    let mut cur = Value::Table(obj.clone());
    for part in key.split('.') {
        if part.eq_ignore_ascii_case("$parent") {
            let p = cur_id.and_then(|i| {
                lua.app_data_ref::<UiState>()
                    .expect("ui")
                    .get(i)
                    .and_then(|o| o.parent)
            });
            cur_id = p;
            cur = match p {
                Some(p) => Value::Table(widgets::object_table(lua, p)?),
                None => Value::Nil,
            };
        } else {
            cur = match &cur {
                Value::Table(t) => t.get(part)?,
                _ => Value::Nil,
            };
            cur_id = widgets::obj_id(lua, &cur, "relativeKey").ok();
        }
    }
    Ok(cur)
}

fn anchors(
    lua: &Lua,
    id: u32,
    obj: &Table,
    tag: &str,
    el: &Element,
    src: &Src,
) -> mlua::Result<()> {
    let parent = lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .and_then(|o| o.parent);
    for a in el.children_named("Anchor") {
        let point = a.attr("point").unwrap_or("TOPLEFT");
        let rel_point = a.attr("relativepoint").unwrap_or(point);
        let (x, y) = xy(a);
        let relative = if let Some(k) = a.attr("relativekey") {
            Some((k, relative_key(lua, id, obj, k)?))
        } else if let Some(n) = a.attr("relativeto") {
            let n = widgets::frame::expand_parent_name(lua, n, parent);
            let v: Value = lua.globals().get(n.as_str())?;
            Some((a.attr("relativeto").unwrap_or(""), v))
        } else {
            None
        };
        let rel = match relative {
            Some((_, v @ Value::Table(_))) => v,
            Some((what, _)) => {
                record_at(
                    lua,
                    format!(
                        "{}:{}: wow-sim: anchor target \"{what}\" not found",
                        src.file, a.pos.line
                    ),
                    &src.file,
                    Some(a.pos.line),
                );
                continue;
            }
            None => match parent {
                Some(p) => Value::Table(widgets::object_table(lua, p)?),
                None => Value::Nil,
            },
        };
        call(
            lua,
            obj,
            tag,
            "Anchor",
            "SetPoint",
            (point, rel, rel_point, x.unwrap_or(0.0), y.unwrap_or(0.0)),
        )?;
    }
    Ok(())
}

/// A `KeyValue`/`Attribute` value converted by its `type` (string by default).
fn typed_value(lua: &Lua, el: &Element) -> mlua::Result<Option<Value>> {
    let v = el.attr("value").unwrap_or("");
    Ok(Some(
        match el.attr("type").map(str::to_ascii_lowercase).as_deref() {
            None | Some("string") => Value::String(lua.create_string(v)?),
            Some("number") => parse_number(v).map_or(Value::Nil, Value::Number),
            Some("boolean") => Value::Boolean(v.eq_ignore_ascii_case("true")),
            Some("global") => lua.globals().get(v)?,
            Some("nil") => Value::Nil,
            Some(_) => {
                coverage::not_implemented(lua, &el.tag, "type");
                return Ok(None);
            }
        },
    ))
}

fn insets(lua: &Lua, obj: &Table, tag: &str, el: &Element, method: &str) -> mlua::Result<()> {
    let src = el.child("AbsInset").unwrap_or(el);
    let n = |k: &str| src.num_attr(k).or(el.num_attr(k)).unwrap_or(0.0);
    call(
        lua,
        obj,
        tag,
        &el.tag,
        method,
        (n("left"), n("right"), n("top"), n("bottom")),
    )?;
    Ok(())
}

/// Applies the non-object children of one chain element, in document order.
#[allow(clippy::too_many_arguments)]
pub fn plain_children(
    lua: &Lua,
    id: u32,
    obj: &Table,
    tag: &str,
    el: &Element,
    src: &Src,
    order: &mut scripts::Order,
    from_intrinsic: bool,
) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    for c in &el.children {
        match c.tag.as_str() {
            "Size" => size(lua, obj, tag, c)?,
            "Anchors" => anchors(lua, id, obj, tag, c, src)?,
            "KeyValues" => {
                for kv in c.children_named("KeyValue") {
                    if let (Some(k), Some(v)) = (kv.attr("key"), typed_value(lua, kv)?) {
                        obj.set(k, v)?;
                    }
                }
            }
            "Attributes" => {
                for at in c.children_named("Attribute") {
                    if let (Some(k), Some(v)) = (at.attr("name"), typed_value(lua, at)?) {
                        call(lua, obj, tag, "Attribute", "SetAttribute", (k, v))?;
                    }
                }
            }
            "Scripts" => scripts::load_scripts(lua, obj, tag, c, src, order, from_intrinsic)?,
            "HitRectInsets" => insets(lua, obj, tag, c, "SetHitRectInsets")?,
            "TextInsets" => insets(lua, obj, tag, c, "SetTextInsets")?,
            "ResizeBounds" => {
                let (mut a, mut b) = ((0.0, 0.0), (None, None));
                if let Some(m) = c.child("MinResize") {
                    let d = m.child("AbsDimension").unwrap_or(m);
                    a = (
                        d.num_attr("x").unwrap_or(0.0),
                        d.num_attr("y").unwrap_or(0.0),
                    );
                }
                if let Some(m) = c.child("MaxResize") {
                    let d = m.child("AbsDimension").unwrap_or(m);
                    b = (d.num_attr("x"), d.num_attr("y"));
                }
                call(
                    lua,
                    obj,
                    tag,
                    "ResizeBounds",
                    "SetResizeBounds",
                    (a.0, a.1, b.0, b.1),
                )?;
            }
            "PushedTextOffset" => {
                let (x, y) = xy(c);
                call(
                    lua,
                    obj,
                    tag,
                    "PushedTextOffset",
                    "SetPushedTextOffset",
                    (x.unwrap_or(0.0), y.unwrap_or(0.0)),
                )?;
            }
            _ if visual::applies(&c.tag) => visual::apply_child(lua, obj, tag, c)?,
            _ if layers::is_late(schema, &c.tag) => {}
            "Animations" => super::animations::load_groups(lua, id, c, src)?,
            _ if super::animations::is_animation(&c.tag, lua) => {
                super::animations::load_animation(lua, id, c, src)?
            }
            "MaskedTextures" => {
                let keys: Vec<String> = c
                    .children_named("MaskedTexture")
                    .filter_map(|m| m.attr("childkey").map(str::to_string))
                    .collect();
                crate::widgets::util::with_ui_mut(lua, |ui| ui.pending_masks.push((id, keys)));
            }
            "Mixins" | "ForbiddenAspects" | "ViewInsets" => {
                coverage::not_implemented(lua, &c.tag, "")
            }
            other => coverage::not_implemented(lua, other, ""),
        }
    }
    Ok(())
}

/// The font of a font string from its `font`, `outline` and `<FontHeight>` (all merged).
pub fn font_attrs(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    merged: &[super::attrs::Merged<'_>],
    els: &[&Element],
) -> mlua::Result<()> {
    if tag != "FontString" && !super::registry::schema_of(lua).extends(tag, "FontString") {
        return Ok(());
    }
    let height = els
        .iter()
        .rev()
        .find_map(|e| e.child("FontHeight"))
        .and_then(visual::font_height);
    visual::set_font(
        lua,
        obj,
        tag,
        merged_get(merged, "font"),
        height,
        merged_get(merged, "outline"),
        None,
    )
}
