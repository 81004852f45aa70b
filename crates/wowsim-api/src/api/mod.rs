//! The game API: real implementations of what addons use most (`identity.rs`, `misc.rs`), the
//! reference data as Lua values (constants, `Enum`), and typed stubs for the rest (`stubs.rs`).

pub mod api_docs;
pub mod auras;
pub(crate) mod c_curve_util;
pub(crate) mod c_map;
pub(crate) mod c_texture;
pub(crate) mod chat_system;
pub(crate) mod classes;
pub(crate) mod cvar_info;
pub(crate) mod date_time;
pub mod doc_objects;
pub mod docs_cache;
pub(crate) mod encoding_util;
pub mod environment;
pub(crate) mod funtainer;
pub mod game_data;
pub mod game_data_csv;
pub mod identity;
pub(crate) mod item_classes;
pub(crate) mod items;
pub(crate) mod lua_objects;
pub(crate) mod map_db;
pub(crate) mod metatables;
pub mod misc;
pub(crate) mod paper_doll;
pub mod print;
pub(crate) mod secrets;
pub(crate) mod specializations;
pub(crate) mod spells;
pub mod stubs;
pub mod ui_color;

/// Installs the client functions of the files above that need no flavour data at call time
/// (environment, `print`, object metatables and event names, inventory slots, colours, Lua
/// objects, curves, `C_Map` basics, spells and items by id, achievement lists and the item
/// level colour, macro conditionals).
pub fn install_client(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    environment::install(lua)?;
    print::install(lua)?;
    metatables::install(lua)?;
    paper_doll::install(lua, data.product())?;
    ui_color::install(lua)?;
    lua_objects::install(lua, data)?;
    funtainer::install(lua)?;
    date_time::install(lua)?;
    encoding_util::install(lua)?;
    c_curve_util::install(lua)?;
    secrets::install(lua, data)?;
    c_texture::install(lua)?;
    classes::install(lua, data)?;
    specializations::install(lua, data)?;
    c_map::install(lua, data)?;
    game_data::install(lua, data.product())?;
    spells::install(lua, data)?;
    items::install(lua, data)?;
    item_classes::install(lua, data)?;
    install_no_database(lua, data)?;
    chat_system::install(lua, data)?;
    lua.load(include_str!("c_globals.lua"))
        .set_name("=[wow-sim c_globals]")
        .exec()?;
    lua.load(include_str!("macro_conditions.lua"))
        .set_name("=[wow-sim macro_conditions]")
        .exec()?;
    Ok(())
}

use mlua::{Lua, Table, Value};
use wowsim_data::ProductData;

/// Client data wow-sim has no database for (`lua/no_database.lua`: empty achievement lists and
/// counts, `GetItemLevelColor` white), and what the character may open plus the calendar on the
/// virtual clock (`lua/character_access.lua`), its languages, chat channels and battleground
/// score (`character_state.lua`), the action bar page (`action_bar.lua`), and
/// `C_ColorUtil` (`color_util.lua`), for the functions the flavour has.
fn install_no_database(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let has = lua.create_function(move |_, name: String| Ok(data.api(&name).is_some()))?;
    let define: mlua::Function = lua
        .load(include_str!("no_database.lua"))
        .set_name("=[wow-sim no_database]")
        .call(has)?;
    install_character_access(lua, define.clone())?;
    lua.load(include_str!("character_state.lua"))
        .set_name("=[wow-sim character_state]")
        .call::<()>(define.clone())?;
    let fire = lua.create_function(|lua, (event, args): (String, mlua::MultiValue)| {
        crate::events::fire_event(lua, &event, args)
    })?;
    lua.load(include_str!("action_bar.lua"))
        .set_name("=[wow-sim action_bar]")
        .call::<()>((define.clone(), fire))?;
    // One adventure-guide tier per expansion up to the flavour's own.
    let tiers = match data.product() {
        wowsim_data::Flavor::Retail => 12,
        wowsim_data::Flavor::Classic => 5,
        wowsim_data::Flavor::ClassicEra => 1,
    };
    lua.load(include_str!("encounter_journal.lua"))
        .set_name("=[wow-sim encounter_journal]")
        .call::<()>((define.clone(), tiers))?;
    lua.load(include_str!("color_util.lua"))
        .set_name("=[wow-sim color_util]")
        .call::<()>(define)
}

/// Runs `lua/character_access.lua`, which defines its answers with `define` (from
/// `lua/no_database.lua`: only the functions the flavour has).
fn install_character_access(lua: &Lua, define: mlua::Function) -> mlua::Result<()> {
    let fire = lua.create_function(|lua, (event, args): (String, mlua::MultiValue)| {
        crate::events::fire_event(lua, &event, args)
    })?;
    lua.load(include_str!("character_access.lua"))
        .set_name("=[wow-sim character_access]")
        .call::<()>((define, fire))
}

/// Converts a reference value (globals, defaults) into a Lua value.
pub(crate) fn data_value(lua: &Lua, v: &wowsim_data::Value) -> mlua::Result<Value> {
    use wowsim_data::Value as D;
    Ok(match v {
        D::Nil => Value::Nil,
        D::Bool(b) => Value::Boolean(*b),
        D::Number(n) => {
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                Value::Integer(*n as i64)
            } else {
                Value::Number(*n)
            }
        }
        D::Str(s) => Value::String(lua.create_string(s)?),
        D::Table(pairs) => {
            let t = lua.create_table()?;
            for (k, v) in pairs {
                t.raw_set(data_value(lua, k)?, data_value(lua, v)?)?;
            }
            Value::Table(t)
        }
    })
}

/// Installs the reference's global constants (`Constants`, `*_CONSTANT`…) and `Enum`.
pub fn install_constants(lua: &Lua, data: &ProductData) -> mlua::Result<()> {
    let g = lua.globals();
    for (name, v) in data.globals() {
        if g.raw_get::<Value>(name.as_str())?.is_nil() {
            g.raw_set(name.as_str(), data_value(lua, v)?)?;
        }
    }
    let e: Table = match g.raw_get::<Value>("Enum")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("Enum", t.clone())?;
            t
        }
    };
    for def in data.enums() {
        let t = lua.create_table()?;
        for (k, v) in &def.values {
            t.raw_set(k.as_str(), *v)?;
        }
        e.raw_set(def.name.as_str(), t)?;
        // The client adds `Enum.<Name>Meta = { NumValues, MinValue, MaxValue }` for every
        // enumeration (the counts the API documentation shows).
        let meta_name = format!("{}Meta", def.name);
        if def.values.is_empty() || e.raw_get::<Value>(meta_name.as_str())? != Value::Nil {
            continue;
        }
        let meta = lua.create_table()?;
        meta.raw_set("NumValues", def.values.len())?;
        meta.raw_set("MinValue", def.values.iter().map(|(_, v)| *v).min())?;
        meta.raw_set("MaxValue", def.values.iter().map(|(_, v)| *v).max())?;
        e.raw_set(meta_name, meta)?;
    }
    Ok(())
}

/// The Lua library's short global aliases (`tinsert`, `strlower`, degree-based `sin`, …;
/// `aliases.lua`): the C side of Classic clients defines them.
pub fn install_aliases(lua: &Lua) -> mlua::Result<()> {
    lua.load(include_str!("aliases.lua"))
        .set_name("=[wow-sim aliases]")
        .exec()
}

/// Classic Era's global names for functions the current client has only in namespaces
/// (`classic_era_legacy.lua`); run after the typed stubs, which they point at.
pub fn install_classic_era_legacy(lua: &Lua) -> mlua::Result<()> {
    lua.load(include_str!("classic_era_legacy.lua"))
        .set_name("=[wow-sim classic_era_legacy]")
        .exec()
}
