//! `C_XMLUtil`: what the client knows about registered XML templates.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_XMLUtil.GetTemplateInfo(name)` | [`template_info`] |
//! | `C_XMLUtil.GetTemplates()` | [`install`] |
//!
//! A template's info is read from its inheritance chain (inherited templates first, the
//! template itself last, so later definitions win): `type` is the object type it makes (an
//! intrinsic resolves to its base tag), `width`/`height` come from `<Size>` (0 when absent),
//! `keyValues` lists every `<KeyValue>` as strings, `inherits` is the attribute as written and
//! `sourceLocation` is `file:line`. An unknown name returns nothing.

use crate::xmlui::frame::{flatten, resolve_tag, Link};
use crate::xmlui::props::xy;
use crate::xmlui::registry::{self, Template, XmlState};
use mlua::{Lua, MultiValue, Table, Value};
use std::rc::Rc;

/// The object type name a template makes.
fn template_type(lua: &Lua, t: &Template) -> String {
    let schema = registry::schema_of(lua);
    resolve_tag(lua, schema, &t.el.tag).map_or_else(|| t.el.tag.to_string(), |(base, _)| base)
}

/// The `XMLTemplateInfo` of a registered template.
pub fn template_info(lua: &Lua, t: Rc<Template>) -> mlua::Result<Table> {
    let info = lua.create_table()?;
    info.raw_set("type", template_type(lua, &t))?;
    info.raw_set(
        "sourceLocation",
        format!("{}:{}", t.src.file, t.el.pos.line),
    )?;
    if let Some(inherits) = t.el.attr("inherits") {
        info.raw_set("inherits", inherits)?;
    }
    let mut links = Vec::new();
    flatten(lua, t, &mut links, 0);
    let (mut width, mut height) = (0.0, 0.0);
    let kvs = lua.create_table()?;
    for link in &links {
        let Some(el) = (match link {
            Link::Template(t) => Some(&t.el),
            _ => None,
        }) else {
            continue;
        };
        for c in &el.children {
            match c.tag.as_str() {
                "Size" => {
                    let (x, y) = xy(lua, c);
                    width = x.unwrap_or(width);
                    height = y.unwrap_or(height);
                }
                "KeyValues" => {
                    for kv in c.children.iter().filter(|k| k.tag == "KeyValue") {
                        let Some(key) = kv.attr("key") else { continue };
                        let e = lua.create_table()?;
                        e.raw_set("key", key)?;
                        e.raw_set("keyType", kv.attr("keytype").unwrap_or("string"))?;
                        e.raw_set("type", kv.attr("type").unwrap_or("string"))?;
                        e.raw_set("value", kv.attr("value").unwrap_or(""))?;
                        kvs.raw_set(kvs.raw_len() + 1, e)?;
                    }
                }
                _ => {}
            }
        }
    }
    info.raw_set("width", width)?;
    info.raw_set("height", height)?;
    info.raw_set("keyValues", kvs)?;
    Ok(info)
}

fn namespace(lua: &Lua) -> mlua::Result<Table> {
    let g = lua.globals();
    if let Value::Table(t) = g.raw_get::<Value>("C_XMLUtil")? {
        return Ok(t);
    }
    let t = lua.create_table()?;
    g.raw_set("C_XMLUtil", t.clone())?;
    Ok(t)
}

/// Installs `C_XMLUtil.GetTemplateInfo` and `C_XMLUtil.GetTemplates`.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let ns = namespace(lua)?;
    ns.raw_set(
        "GetTemplateInfo",
        lua.create_function(|lua, name: Value| {
            let Value::String(name) = name else {
                return Ok(MultiValue::new());
            };
            match registry::find(lua, &name.to_string_lossy()) {
                Some(t) => Ok(MultiValue::from_iter([Value::Table(template_info(
                    lua, t,
                )?)])),
                None => Ok(MultiValue::new()),
            }
        })?,
    )?;
    ns.raw_set(
        "GetTemplates",
        lua.create_function(|lua, ()| {
            let list: Vec<Rc<Template>> = lua
                .app_data_ref::<XmlState>()
                .map(|s| s.templates.values().cloned().collect())
                .unwrap_or_default();
            let mut rows: Vec<(String, String)> = list
                .iter()
                .filter_map(|t| {
                    let name = t.el.attr("name")?.to_string();
                    Some((name, template_type(lua, t)))
                })
                .collect();
            rows.sort();
            let out = lua.create_table()?;
            for (i, (name, ty)) in rows.into_iter().enumerate() {
                let e = lua.create_table()?;
                e.raw_set("name", name)?;
                e.raw_set("type", ty)?;
                out.raw_set(i + 1, e)?;
            }
            Ok(out)
        })?,
    )?;
    Ok(())
}
