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
use mlua::{Lua, MultiValue, Table, Value};
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

/// The `AtlasInfo` structure of atlas `name` (from the data, or the placeholder). Every texture
/// given an atlas asks for it (thousands of calls in a start-up), so the table comes from a Lua
/// table constructor ([`AtlasInfoMaker`]): one call, whose `NEWTABLE` is sized for the fields and
/// whose keys are the chunk's constants, instead of a host call per field and per `Vector2DMixin`
/// member (those made a registry reference of each value and cost ~60,000 instructions a
/// call). It runs secure, so the slots are secure as the client's C side writes them.
fn info(lua: &Lua, name: &str, data: Option<&AtlasEntry>) -> mlua::Result<Table> {
    use wowsim_lua::taint;
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
    let make = lua
        .app_data_ref::<AtlasInfoMaker>()
        .map(|m| m.0.clone())
        .ok_or_else(|| mlua::Error::runtime("the AtlasInfo constructor is not installed"))?;
    // Every atlas of the client lives in a file, so `file` (a file id) is never nil there;
    // wow-sim has no file ids and answers the file's path, or the atlas's own name for the
    // placeholder: both work where the id does (`SetTexture(file)`, `|T<file>:…|t`).
    let (filename, file) = if e.file.is_empty() {
        (None, e.name.as_str())
    } else {
        (Some(e.file.as_str()), e.file.as_str())
    };
    let was = taint::current(lua);
    taint::set(lua, taint::TaintId::SECURE);
    let t = make.call::<Table>((
        e.name.as_str(),
        filename,
        file,
        e.width,
        e.height,
        e.left,
        e.right,
        e.top,
        e.bottom,
        e.tiles_h,
        e.tiles_v,
    ));
    taint::set(lua, was);
    t
}

/// The Lua function that builds an `AtlasInfo` table from its values (VM app data). `rawSize`
/// carries Vector2DMixin in the client; its members are copied in (in C: the slots stay
/// secure, and reading them taints nothing) when the UI has defined it as a table global.
struct AtlasInfoMaker(mlua::Function);

const MAKER: &str = "local G, rawget, rawcopy, type = ...
return function(elementName, filename, file, width, height, left, right, top, bottom, tilesH, tilesV)
  local rawSize = { x = width, y = height }
  local mixin = rawget(G, 'Vector2DMixin')
  if mixin == nil then mixin = G.Vector2DMixin end
  if type(mixin) == 'table' then rawcopy(rawSize, mixin) end
  return { elementName = elementName, width = width, height = height, filename = filename,
    file = file, rawSize = rawSize, leftTexCoord = left, rightTexCoord = right,
    topTexCoord = top, bottomTexCoord = bottom, tilesHorizontally = tilesH,
    tilesVertically = tilesV }
end";

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
    let g = lua.globals();
    let rawget: Value = g.raw_get("rawget")?;
    let type_fn: Value = g.raw_get("type")?;
    let rawcopy = wowsim_lua::table_ops::raw_copy_function(lua)?;
    let make: mlua::Function = lua
        .load(MAKER)
        .set_name("=[wow-sim AtlasInfo]")
        .call((g, rawget, rawcopy, type_fn))?;
    lua.set_app_data(AtlasInfoMaker(make));
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
