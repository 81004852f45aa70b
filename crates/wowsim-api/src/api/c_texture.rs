//! Atlases: `C_Texture.GetAtlasInfo` and `C_Texture.GetAtlasExists`.
//!
//! With atlas data (an `AtlasInfo.lua` export in an `--art` folder: `wowsim_ui::atlas`) they answer
//! from it: the atlas's size, tex coords, tiling and file (`filename`, and its path as `file`:
//! wow-sim has no file ids), and nothing /
//! `false` for a name the data lacks, as the client does. Without atlas data
//! every named atlas (a non-empty string) is taken to exist
//! and is described by a typed placeholder: the whole of an unnamed file
//! ([`PLACEHOLDER_SIZE`] units square, texture coordinates 0..1, no tiling, `file` the atlas's
//! name: the client's atlases all have a file, and addons build `|T%s…|t` from it). The client
//! returns nothing only for an unknown name; the UI asks about atlases it names itself, so
//! a structure with usable sizes is closer to the client than nothing. An empty name or a
//! non-string returns nothing (GetAtlasInfo) / `false` (GetAtlasExists).

use crate::widgets::UiState;
use mlua::{IntoLua, Lua, MultiValue, Table, Value};
use wowsim_ui::atlas::AtlasEntry;

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

/// What the atlas data says of `name`: `None` without atlas data, `Some(None)` for a name it
/// lacks.
fn lookup(lua: &Lua, name: &str) -> Option<Option<AtlasEntry>> {
    let ui = lua.app_data_ref::<UiState>()?;
    (!ui.atlases.is_empty()).then(|| ui.atlases.get(name).cloned())
}

/// The `AtlasInfo` structure of atlas `name` (from the data, or the placeholder).
fn info(lua: &Lua, name: &str, data: Option<&AtlasEntry>) -> mlua::Result<Table> {
    let placeholder = AtlasEntry {
        name: name.to_string(),
        file: String::new(),
        width: PLACEHOLDER_SIZE,
        height: PLACEHOLDER_SIZE,
        left: 0.0,
        right: 1.0,
        top: 0.0,
        bottom: 1.0,
        tiles_h: false,
        tiles_v: false,
    };
    let e = data.unwrap_or(&placeholder);
    // The field names are cached Lua strings (this runs for every atlas a texture is given).
    let set = |t: &Table, k: &str, v: Value| wowsim_lua::keys::with(lua, k, |k| t.raw_set(k, v))?;
    let t = lua.create_table()?;
    set(&t, "elementName", e.name.as_str().into_lua(lua)?)?;
    set(&t, "width", e.width.into_lua(lua)?)?;
    set(&t, "height", e.height.into_lua(lua)?)?;
    if !e.file.is_empty() {
        set(&t, "filename", e.file.as_str().into_lua(lua)?)?;
    }
    // Every atlas of the client lives in a file, so `file` (a file id) is never nil there;
    // wow-sim has no file ids and answers the file's path, or the atlas's own name for the
    // placeholder: both work where the id does (`SetTexture(file)`, `|T<file>:…|t`).
    let file = if e.file.is_empty() { &e.name } else { &e.file };
    set(&t, "file", file.as_str().into_lua(lua)?)?;
    let raw = lua.create_table()?;
    set(&raw, "x", e.width.into_lua(lua)?)?;
    set(&raw, "y", e.height.into_lua(lua)?)?;
    // `rawSize` carries Vector2DMixin in the client; applied when the UI has defined it.
    if let Value::Table(mixin) = lua.globals().get::<Value>("Vector2DMixin")? {
        for pair in mixin.pairs::<Value, Value>() {
            let (k, v) = pair?;
            raw.raw_set(k, v)?;
        }
    }
    set(&t, "rawSize", raw.into_lua(lua)?)?;
    set(&t, "leftTexCoord", e.left.into_lua(lua)?)?;
    set(&t, "rightTexCoord", e.right.into_lua(lua)?)?;
    set(&t, "topTexCoord", e.top.into_lua(lua)?)?;
    set(&t, "bottomTexCoord", e.bottom.into_lua(lua)?)?;
    set(&t, "tilesHorizontally", e.tiles_h.into_lua(lua)?)?;
    set(&t, "tilesVertically", e.tiles_v.into_lua(lua)?)?;
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
        lua.create_function(|lua, atlas: Value| {
            let Some(name) = atlas_name(&atlas) else {
                return Ok(MultiValue::new());
            };
            match lookup(lua, &name) {
                None => Ok(MultiValue::from_iter([Value::Table(info(
                    lua, &name, None,
                )?)])),
                Some(Some(e)) => Ok(MultiValue::from_iter([Value::Table(info(
                    lua,
                    &name,
                    Some(&e),
                )?)])),
                Some(None) => Ok(MultiValue::new()),
            }
        })?,
    )?;
    ns.raw_set(
        "GetAtlasExists",
        lua.create_function(|lua, atlas: Value| {
            Ok(atlas_name(&atlas)
                .is_some_and(|n| lookup(lua, &n).is_none_or(|found| found.is_some())))
        })?,
    )?;
    Ok(())
}
