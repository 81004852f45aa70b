//! Atlases: `C_Texture.GetAtlasInfo` and `C_Texture.GetAtlasExists`.
//!
//! wow-sim has no atlas database, so every named atlas (a non-empty string) is taken to exist
//! and is described by a typed placeholder: the whole of an unnamed file
//! ([`PLACEHOLDER_SIZE`] units square, texture coordinates 0..1, no tiling). The client
//! returns nothing only for an unknown name; the UI asks about atlases it names itself, so
//! a structure with usable sizes is closer to the client than nothing. An empty name or a
//! non-string returns nothing (GetAtlasInfo) / `false` (GetAtlasExists).

use mlua::{Lua, MultiValue, Table, Value};

/// Width and height of the placeholder atlas, in UI units.
pub const PLACEHOLDER_SIZE: f64 = 64.0;

fn atlas_name(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => {
            let s = s.to_string_lossy();
            (!s.is_empty()).then_some(s)
        }
        _ => None,
    }
}

/// The `AtlasInfo` structure of the placeholder atlas `name`.
fn info(lua: &Lua, name: &str) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("elementName", name)?;
    t.raw_set("width", PLACEHOLDER_SIZE)?;
    t.raw_set("height", PLACEHOLDER_SIZE)?;
    let raw = lua.create_table()?;
    raw.raw_set("x", PLACEHOLDER_SIZE)?;
    raw.raw_set("y", PLACEHOLDER_SIZE)?;
    // `rawSize` carries Vector2DMixin in the client; applied when the UI has defined it.
    if let Value::Table(mixin) = lua.globals().get::<Value>("Vector2DMixin")? {
        for pair in mixin.pairs::<Value, Value>() {
            let (k, v) = pair?;
            raw.raw_set(k, v)?;
        }
    }
    t.raw_set("rawSize", raw)?;
    t.raw_set("leftTexCoord", 0.0)?;
    t.raw_set("rightTexCoord", 1.0)?;
    t.raw_set("topTexCoord", 0.0)?;
    t.raw_set("bottomTexCoord", 1.0)?;
    t.raw_set("tilesHorizontally", false)?;
    t.raw_set("tilesVertically", false)?;
    Ok(t)
}

fn namespace(lua: &Lua) -> mlua::Result<Table> {
    let g = lua.globals();
    if let Value::Table(t) = g.raw_get::<Value>("C_Texture")? {
        return Ok(t);
    }
    let t = lua.create_table()?;
    g.raw_set("C_Texture", t.clone())?;
    Ok(t)
}

/// Installs the functions above (before the typed stubs, which skip defined names).
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let ns = namespace(lua)?;
    ns.raw_set(
        "GetAtlasInfo",
        lua.create_function(|lua, atlas: Value| match atlas_name(&atlas) {
            Some(name) => Ok(MultiValue::from_iter([Value::Table(info(lua, &name)?)])),
            None => Ok(MultiValue::new()),
        })?,
    )?;
    ns.raw_set(
        "GetAtlasExists",
        lua.create_function(|_, atlas: Value| Ok(atlas_name(&atlas).is_some()))?,
    )?;
    Ok(())
}
