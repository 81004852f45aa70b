//! Item class and subclass names (the client's `ItemClass` and `ItemSubClass` facts, enUS).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_Item.GetItemClassInfo(classID)`, `GetItemClassInfo` | [`install`]: the class's name, nil for an id no class has |
//! | `C_Item.GetItemSubClassInfo(classID, subClassID)`, `GetItemSubClassInfo` | [`install`]: name and whether the subclass is split by inventory type; nothing for a pair wow-sim does not know |
//!
//! Subclass names come from the user's `ItemSubClass.csv` (`--game-data`) when given, else
//! from the built-in list of the container, weapon and armour subclasses (the ones addons list at load:
//! bag sorters, loot tables, auction filters), with the classic clients' own names where they
//! differ, and on Classic Era every class's (the evidence is at each table). Each function is
//! defined only where the flavour's reference has it.

use crate::game_state::game;
use mlua::{Lua, MultiValue, Value};
use wowsim_data::{Flavor, ProductData};

/// Weapon subclasses (class 2) by subclass id.
const WEAPONS: [&str; 21] = [
    "One-Handed Axes",
    "Two-Handed Axes",
    "Bows",
    "Guns",
    "One-Handed Maces",
    "Two-Handed Maces",
    "Polearms",
    "One-Handed Swords",
    "Two-Handed Swords",
    "Warglaives",
    "Staves",
    "Bear Claws",
    "Catclaws",
    "Fist Weapons",
    "Miscellaneous",
    "Daggers",
    "Thrown",
    "Spears",
    "Crossbows",
    "Wands",
    "Fishing Poles",
];

/// Container subclasses (class 1) by subclass id: bag sorters name their bag kinds at load.
const CONTAINERS: [&str; 12] = [
    "Bag",
    "Soul Bag",
    "Herb Bag",
    "Enchanting Bag",
    "Engineering Bag",
    "Gem Bag",
    "Mining Bag",
    "Leatherworking Bag",
    "Inscription Bag",
    "Tackle Box",
    "Cooking Bag",
    "Reagent Bag",
];

/// Armour subclasses (class 4) by subclass id.
const ARMOR: [&str; 12] = [
    "Miscellaneous",
    "Cloth",
    "Leather",
    "Mail",
    "Plate",
    "Cosmetic",
    "Shields",
    "Librams",
    "Idols",
    "Totems",
    "Sigils",
    "Relic",
];

/// Where the classic clients (Classic Era, Classic) name a subclass otherwise: (class,
/// subclass, name). Syndicator asserts on an English client that the classic clients' weapon
/// subclasses 11 and 12 lower-cased are "one-handed exotics" and "two-handed exotics"
/// (retail's: "bear claws", "catclaws"); AtlasLootClassic's Classic Era table agrees.
const CLASSIC_NAMES: &[(i64, i64, &str)] =
    &[(2, 11, "One-Handed Exotics"), (2, 12, "Two-Handed Exotics")];

/// Where Classic Era names a subclass otherwise (Syndicator asserts "fishing pole" for weapon
/// subclass 20 on Classic Era; AtlasLootClassic's Classic Era table of the client's names has
/// it, "Obsolete" for 9 and "Bucklers" for armour 5).
const ERA_NAMES: &[(i64, i64, &str)] = &[
    (2, 9, "Obsolete"),
    (2, 20, "Fishing Pole"),
    (4, 5, "Bucklers"),
];

/// Classic Era's subclasses of the classes other than containers, weapons and armour, by class
/// and subclass id, from AtlasLootClassic's table of the 1.15 client's English names (it reads
/// every one of them with `GetItemSubClassInfo` at load and concatenates it).
const ERA_OTHER: &[(i64, &[&str])] = &[
    (
        0,
        &["Consumable", "Cheese/Bread(OBSOLETE)", "Liquid(OBSOLETE)"],
    ),
    (3, &["Jewelry(OBSOLETE)"]),
    (5, &["Reagent"]),
    (
        6,
        &[
            "Wand(OBSOLETE)",
            "Bolt(OBSOLETE)",
            "Arrow",
            "Bullet",
            "Thrown(OBSOLETE)",
        ],
    ),
    (7, &["Trade Goods", "Parts", "Explosives", "Devices"]),
    (8, &["Generic(OBSOLETE)"]),
    (
        9,
        &[
            "Book",
            "Leatherworking",
            "Tailoring",
            "Engineering",
            "Blacksmithing",
            "Cooking",
            "Alchemy",
            "First Aid",
            "Enchanting",
            "Fishing",
        ],
    ),
    (10, &["Money(OBSOLETE)"]),
    (
        11,
        &[
            "Quiver(OBSOLETE)",
            "Quiver(OBSOLETE)",
            "Quiver",
            "Ammo Pouch",
        ],
    ),
    (12, &["Quest"]),
    (13, &["Key", "Lockpick"]),
    (14, &["Permanent"]),
    (15, &["Junk"]),
];

/// The built-in name of a subclass for the flavour, and whether it is split by inventory type
/// (the armour kinds worn in several slots).
fn builtin_subclass(flavor: Flavor, class: i64, sub: i64) -> Option<(&'static str, bool)> {
    let i = usize::try_from(sub).ok()?;
    let split = class == 4 && i <= 5;
    let find = |t: &[(i64, i64, &'static str)]| {
        t.iter()
            .find(|(c, s, _)| *c == class && *s == sub)
            .map(|(_, _, n)| (*n, split))
    };
    if flavor == Flavor::ClassicEra {
        if let Some(hit) = find(ERA_NAMES) {
            return Some(hit);
        }
        if let Some((_, names)) = ERA_OTHER.iter().find(|(c, _)| *c == class) {
            return names.get(i).map(|n| (*n, false));
        }
    }
    if flavor != Flavor::Retail {
        if let Some(hit) = find(CLASSIC_NAMES) {
            return Some(hit);
        }
    }
    match class {
        1 => CONTAINERS.get(i).map(|n| (*n, false)),
        2 => WEAPONS.get(i).map(|n| (*n, false)),
        4 => ARMOR.get(i).map(|n| (*n, i <= 5)),
        _ => None,
    }
}

fn whole(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Number(n) if n.fract() == 0.0 => Some(*n as i64),
        Value::String(s) => s.to_str().ok()?.trim().parse().ok(),
        _ => None,
    }
}

fn subclass_info(
    lua: &Lua,
    flavor: Flavor,
    class: &Value,
    sub: &Value,
) -> mlua::Result<MultiValue> {
    let mut out = MultiValue::new();
    let (Some(class), Some(sub)) = (whole(class), whole(sub)) else {
        return Ok(out);
    };
    let from_db = {
        let g = game(lua);
        let g = g.data.borrow();
        let key = (i32::try_from(class).ok(), i32::try_from(sub).ok());
        match key {
            (Some(c), Some(s)) => g.db.subclass_names.get(&(c, s)).map(|n| n.to_string()),
            _ => None,
        }
    };
    let builtin = builtin_subclass(flavor, class, sub);
    let name = match (from_db, builtin) {
        (Some(n), _) => n,
        (None, Some((n, _))) => n.to_string(),
        (None, None) => return Ok(out),
    };
    out.push_back(Value::String(lua.create_string(&name)?));
    out.push_back(Value::Boolean(builtin.is_some_and(|b| b.1)));
    Ok(out)
}

/// Sets `f` at `name` (a global or `NS.F`) when the flavour's reference has the function.
fn define(lua: &Lua, data: &ProductData, name: &str, f: &mlua::Function) -> mlua::Result<()> {
    if data.api(name).is_none() {
        return Ok(());
    }
    let g = lua.globals();
    match name.split_once('.') {
        Some((ns, short)) => {
            let t = match g.raw_get::<Value>(ns)? {
                Value::Table(t) => t,
                _ => {
                    let t = lua.create_table()?;
                    g.raw_set(ns, t.clone())?;
                    t
                }
            };
            t.raw_set(short, f.clone())
        }
        None => g.raw_set(name, f.clone()),
    }
}

/// Installs the functions of this file that the flavour has (before the typed stubs).
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let flavor = data.product();
    let class_info = lua.create_function(move |lua, class: Value| {
        let usage = "Usage: local result = C_Item.GetItemClassInfo(itemClassID)";
        if whole(&class).is_none() && !matches!(class, Value::Number(_)) {
            return Err(super::stubs::usage_error(lua, usage));
        }
        let name = whole(&class)
            .map(|c| super::game_data_csv::class_name(c, flavor))
            .filter(|n| !n.is_empty());
        Ok(name)
    })?;
    define(lua, data, "C_Item.GetItemClassInfo", &class_info)?;
    define(lua, data, "GetItemClassInfo", &class_info)?;
    let sub_info = lua.create_function(move |lua, (class, sub): (Value, Value)| {
        subclass_info(lua, flavor, &class, &sub)
    })?;
    define(lua, data, "C_Item.GetItemSubClassInfo", &sub_info)?;
    define(lua, data, "GetItemSubClassInfo", &sub_info)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::builtin_subclass;
    use wowsim_data::Flavor;

    #[test]
    fn builtin_subclasses() {
        let check = |f, c, s, expect: Option<(&str, bool)>| {
            assert_eq!(builtin_subclass(f, c, s), expect, "{f:?} class {c} sub {s}");
        };
        let (r, c, e) = (Flavor::Retail, Flavor::Classic, Flavor::ClassicEra);
        check(r, 2, 15, Some(("Daggers", false)));
        check(r, 4, 4, Some(("Plate", true)));
        check(r, 4, 6, Some(("Shields", false)));
        check(r, 4, 12, None);
        check(r, 7, 0, None);
        check(r, 2, -1, None);
        check(r, 2, 12, Some(("Catclaws", false)));
        check(c, 2, 12, Some(("Two-Handed Exotics", false)));
        check(c, 2, 20, Some(("Fishing Poles", false)));
        check(e, 2, 20, Some(("Fishing Pole", false)));
        check(e, 4, 5, Some(("Bucklers", true)));
        check(e, 6, 3, Some(("Bullet", false)));
        check(e, 6, 5, None);
        check(c, 6, 3, None);
    }
}
