//! The player classes by id, per flavour.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetClassInfo(classID)` | [`install`]: localized name (enUS), file name, id; nothing for an id the flavour lacks |
//! | `C_CreatureInfo.GetClassInfo(classID)` | [`install`]: `{ className, classFile, classID }` or nil |
//! | `FillLocalizedClassList(classTable [, isFemale])` | [`install`]: `classTable[file] = name` for the flavour's classes (enUS names, the same for both genders); returns the table |
//!
//! Classic Era has no Death Knight, Monk, Demon Hunter or Evoker (ids 6, 10, 12, 13).

use mlua::{Lua, MultiValue, Table, Value};
use wowsim_data::{Flavor, ProductData};

/// (id, enUS name, file name).
pub(crate) const CLASSES: &[(i64, &str, &str)] = &[
    (1, "Warrior", "WARRIOR"),
    (2, "Paladin", "PALADIN"),
    (3, "Hunter", "HUNTER"),
    (4, "Rogue", "ROGUE"),
    (5, "Priest", "PRIEST"),
    (6, "Death Knight", "DEATHKNIGHT"),
    (7, "Shaman", "SHAMAN"),
    (8, "Mage", "MAGE"),
    (9, "Warlock", "WARLOCK"),
    (10, "Monk", "MONK"),
    (11, "Druid", "DRUID"),
    (12, "Demon Hunter", "DEMONHUNTER"),
    (13, "Evoker", "EVOKER"),
];

/// The class with this id in `product`, if the flavour has it.
fn class(product: Flavor, id: &Value) -> Option<&'static (i64, &'static str, &'static str)> {
    let id = match id {
        Value::Integer(i) => *i,
        Value::Number(n) if n.fract() == 0.0 => *n as i64,
        Value::String(s) => s.to_str().ok()?.trim().parse().ok()?,
        _ => return None,
    };
    let exists = match product {
        Flavor::Retail => true,
        Flavor::Classic => id <= 11,
        Flavor::ClassicEra => !matches!(id, 6 | 10 | 12 | 13),
    };
    CLASSES.iter().find(|c| c.0 == id).filter(|_| exists)
}

/// Installs `GetClassInfo` and `C_CreatureInfo.GetClassInfo` (before the typed stubs).
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let product = data.product();
    let g = lua.globals();
    g.raw_set(
        "GetClassInfo",
        lua.create_function(move |lua, id: Value| {
            let mut out = MultiValue::new();
            if let Some((id, name, file)) = class(product, &id) {
                out.push_back(Value::String(lua.create_string(name)?));
                out.push_back(Value::String(lua.create_string(file)?));
                out.push_back(Value::Integer(*id));
            }
            Ok(out)
        })?,
    )?;
    g.raw_set(
        "FillLocalizedClassList",
        lua.create_function(move |lua, (t, _female): (Value, Value)| {
            let Value::Table(t) = t else {
                return Err(wowsim_lua::lua_error(
                    lua,
                    "Usage: FillLocalizedClassList(classTable [, isFemale])",
                ));
            };
            for (id, name, file) in CLASSES {
                if class(product, &Value::Integer(*id)).is_some() {
                    t.raw_set(*file, *name)?;
                }
            }
            Ok(t)
        })?,
    )?;
    let ns: Table = match g.raw_get::<Value>("C_CreatureInfo")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("C_CreatureInfo", t.clone())?;
            t
        }
    };
    ns.raw_set(
        "GetClassInfo",
        lua.create_function(move |lua, id: Value| {
            let Some((id, name, file)) = class(product, &id) else {
                return Ok(Value::Nil);
            };
            let t = lua.create_table()?;
            t.raw_set("className", *name)?;
            t.raw_set("classFile", *file)?;
            t.raw_set("classID", *id)?;
            Ok(Value::Table(t))
        })?,
    )?;
    Ok(())
}
