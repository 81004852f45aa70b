//! The player classes by id, per flavour.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetClassInfo(classID)` | [`install`]: localized name (enUS), file name, id; nothing for an id the flavour lacks |
//! | `C_CreatureInfo.GetClassInfo(classID)` | [`install`]: `{ className, classFile, classID }` or nil |
//! | `GetNumClasses()` | [`install`]: the flavour's largest class id, so `for i = 1, GetNumClasses()` with `GetClassInfo(i)` visits every class |
//! | `C_CreatureInfo.GetRaceInfo(raceID)` | [`install`]: `{ raceName, clientFileString, raceID }` (enUS) for a race of the flavour, or nil |
//! | `C_ClassColor.GetClassColor(classFile)` | [`install`]: the class's colour (a `ColorMixin` table, as `colorRGB` says), nothing for a file name that is no class of the flavour |
//! | `FillLocalizedClassList(classTable [, isFemale])` | [`install`]: `classTable[file] = name` for the flavour's classes (enUS names, the same for both genders); returns the table |
//! | `LocalizedClassList([isFemale])` | [`install`]: a new table of the same pairs, where the flavour has the function |
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

/// The client's class colours (its `ChrClasses` database, as the published hex codes; retail's
/// `RAID_CLASS_COLORS` is built from them and each `colorStr` is their hex).
const CLASS_COLORS: &[(&str, [u8; 3])] = &[
    ("WARRIOR", [0xC6, 0x9B, 0x6D]),
    ("PALADIN", [0xF4, 0x8C, 0xBA]),
    ("HUNTER", [0xAA, 0xD3, 0x72]),
    ("ROGUE", [0xFF, 0xF4, 0x68]),
    ("PRIEST", [0xFF, 0xFF, 0xFF]),
    ("DEATHKNIGHT", [0xC4, 0x1E, 0x3A]),
    ("SHAMAN", [0x00, 0x70, 0xDD]),
    ("MAGE", [0x3F, 0xC7, 0xEB]),
    ("WARLOCK", [0x87, 0x88, 0xEE]),
    ("MONK", [0x00, 0xFF, 0x98]),
    ("DRUID", [0xFF, 0x7C, 0x0A]),
    ("DEMONHUNTER", [0xA3, 0x30, 0xC9]),
    ("EVOKER", [0x33, 0x93, 0x7F]),
];

/// `C_ClassColor.GetClassColor(classFile)`: a `colorRGB` with `ColorMixin`, or nothing.
fn class_color(lua: &Lua, product: Flavor, file: Value) -> mlua::Result<MultiValue> {
    let Value::String(file) = file else {
        return Err(wowsim_lua::lua_error(
            lua,
            "Usage: local classColor = C_ClassColor.GetClassColor(className)",
        ));
    };
    let file = file.to_string_lossy();
    let known = CLASSES
        .iter()
        .any(|c| c.2 == file && class(product, &Value::Integer(c.0)).is_some());
    let Some((_, rgb)) = CLASS_COLORS.iter().find(|c| c.0 == file).filter(|_| known) else {
        return Ok(MultiValue::new());
    };
    let t = lua.create_table()?;
    t.raw_set("r", f64::from(rgb[0]) / 255.0)?;
    t.raw_set("g", f64::from(rgb[1]) / 255.0)?;
    t.raw_set("b", f64::from(rgb[2]) / 255.0)?;
    super::ui_color::apply_mixin(lua, &t, "ColorMixin")?;
    Ok(MultiValue::from_vec(vec![Value::Table(t)]))
}

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

/// `t[file] = name` for every class of `product` (enUS names).
fn fill_class_names(product: Flavor, t: &Table) -> mlua::Result<()> {
    for (id, name, file) in CLASSES {
        if class(product, &Value::Integer(*id)).is_some() {
            t.raw_set(*file, *name)?;
        }
    }
    Ok(())
}

/// The enUS name and file name of class `id` in `product`, if the flavour has it.
pub(crate) fn class_names(product: Flavor, id: i64) -> Option<(&'static str, &'static str)> {
    class(product, &Value::Integer(id)).map(|c| (c.1, c.2))
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
            fill_class_names(product, &t)?;
            Ok(t)
        })?,
    )?;
    if data.api("LocalizedClassList").is_some() {
        let f = lua.create_function(move |lua, _female: Value| {
            let t = lua.create_table()?;
            fill_class_names(product, &t)?;
            Ok(t)
        })?;
        g.raw_set("LocalizedClassList", f)?;
    }
    if data.api("C_ClassColor.GetClassColor").is_some() {
        let ns: Table = match g.raw_get::<Value>("C_ClassColor")? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                g.raw_set("C_ClassColor", t.clone())?;
                t
            }
        };
        let f = lua.create_function(move |lua, file: Value| class_color(lua, product, file))?;
        ns.raw_set("GetClassColor", f)?;
    }
    let ns: Table = match g.raw_get::<Value>("C_CreatureInfo")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("C_CreatureInfo", t.clone())?;
            t
        }
    };
    if data.api("GetNumClasses").is_some() {
        let n = CLASSES
            .iter()
            .filter(|c| class(product, &Value::Integer(c.0)).is_some())
            .map(|c| c.0)
            .max()
            .unwrap_or(0);
        g.raw_set("GetNumClasses", lua.create_function(move |_, ()| Ok(n))?)?;
    }
    if data.api("C_CreatureInfo.GetRaceInfo").is_some() {
        let f = lua.create_function(move |lua, id: Value| {
            let id = match id {
                Value::Integer(i) => i,
                Value::Number(n) if n.fract() == 0.0 => n as i64,
                _ => return Ok(Value::Nil),
            };
            let Some(r) = crate::world::races_of(product).find(|r| r.2 == id) else {
                return Ok(Value::Nil);
            };
            let t = lua.create_table()?;
            t.raw_set("raceName", r.1)?;
            t.raw_set("clientFileString", r.0)?;
            t.raw_set("raceID", r.2)?;
            Ok(Value::Table(t))
        })?;
        ns.raw_set("GetRaceInfo", f)?;
    }
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
