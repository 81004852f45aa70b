//! The classes' specializations, per flavour (the client's `ChrSpecialization` facts: ids, enUS
//! names, roles and icon file ids; no descriptions, which need the client's strings).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetSpecializationInfoForClassID(classID, index [, gender])` | [`for_class`]: id, name, "", icon, role, false, true; nothing past the class's specs |
//! | `GetSpecializationInfoForSpecID(specID [, gender])` | [`install`]: the same values by spec id |
//! | `GetSpecializationInfoByID(specID [, gender])` | [`install`]: id, name, "", icon, role, classFile, className |
//! | `GetSpecializationNameForSpecID(specID [, gender])` | [`install`]: the name or nil |
//! | `GetNumSpecializationsForClassID(classID)`, `C_SpecializationInfo.GetNumSpecializationsForClassID` | [`install`]: the class's count, 0 for an unknown class |
//! | `C_SpecializationInfo.GetClassIDFromSpecID(specID)` | [`install`]: the class id or nil |
//!
//! Retail has every class's specs (Demon Hunter's third, Devourer, since 12.0); Classic (Mists)
//! the same for classes 1 to 11; Classic Era three per class (its talent trees; the index counts
//! from 0 there, [`first_index`]). Each
//! function is defined only where the flavour's reference has it.

use mlua::{Lua, MultiValue, Value};
use wowsim_data::{Flavor, ProductData};

/// One specialization: (spec id, class id, enUS name, role, icon file id), in each class's
/// order (the index `GetSpecializationInfoForClassID` takes).
type Spec = (i64, i64, &'static str, &'static str, i64);

/// The class file of a specialization's class (`COMBATANT_INFO`'s spec id).
pub(crate) fn class_file_of_spec(spec_id: i64) -> Option<&'static str> {
    let class = SPECS.iter().find(|s| s.0 == spec_id)?.1;
    crate::api::classes::CLASSES
        .iter()
        .find(|c| c.0 == class)
        .map(|c| c.2)
}

/// The class file and role of a specialization (a scenario's `spec`).
pub(crate) fn class_and_role_of_spec(spec_id: i64) -> Option<(&'static str, &'static str)> {
    let s = SPECS.iter().find(|s| s.0 == spec_id)?;
    Some((class_file_of_spec(spec_id)?, s.3))
}

/// A specialization's class id and its index among the class's specs (from 1, the order of
/// `GetSpecialization`; the same in retail and Classic for the classes both have).
pub(crate) fn index_in_class(spec_id: i64) -> Option<(i64, i64)> {
    let s = SPECS.iter().find(|s| s.0 == spec_id)?;
    let n = SPECS
        .iter()
        .filter(|o| o.1 == s.1)
        .position(|o| o.0 == spec_id)?;
    Some((s.1, n as i64 + 1))
}

/// The `index`-th (from 1) spec of a class: (id, enUS name, role, icon file id).
pub(crate) fn of_class_at(
    class: i64,
    index: i64,
) -> Option<(i64, &'static str, &'static str, i64)> {
    let n = usize::try_from(index.checked_sub(1)?).ok()?;
    let s = SPECS.iter().filter(|s| s.1 == class).nth(n)?;
    Some((s.0, s.2, s.3, s.4))
}

const SPECS: &[Spec] = &[
    (71, 1, "Arms", "DAMAGER", 132355),
    (72, 1, "Fury", "DAMAGER", 132347),
    (73, 1, "Protection", "TANK", 132341),
    (65, 2, "Holy", "HEALER", 135920),
    (66, 2, "Protection", "TANK", 236264),
    (70, 2, "Retribution", "DAMAGER", 135873),
    (253, 3, "Beast Mastery", "DAMAGER", 461112),
    (254, 3, "Marksmanship", "DAMAGER", 236179),
    (255, 3, "Survival", "DAMAGER", 461113),
    (259, 4, "Assassination", "DAMAGER", 236270),
    (260, 4, "Outlaw", "DAMAGER", 236286),
    (261, 4, "Subtlety", "DAMAGER", 132320),
    (256, 5, "Discipline", "HEALER", 135940),
    (257, 5, "Holy", "HEALER", 237542),
    (258, 5, "Shadow", "DAMAGER", 136207),
    (250, 6, "Blood", "TANK", 135770),
    (251, 6, "Frost", "DAMAGER", 135773),
    (252, 6, "Unholy", "DAMAGER", 135775),
    (262, 7, "Elemental", "DAMAGER", 136048),
    (263, 7, "Enhancement", "DAMAGER", 237581),
    (264, 7, "Restoration", "HEALER", 136052),
    (62, 8, "Arcane", "DAMAGER", 135932),
    (63, 8, "Fire", "DAMAGER", 135810),
    (64, 8, "Frost", "DAMAGER", 135846),
    (265, 9, "Affliction", "DAMAGER", 136145),
    (266, 9, "Demonology", "DAMAGER", 136172),
    (267, 9, "Destruction", "DAMAGER", 136186),
    (268, 10, "Brewmaster", "TANK", 608951),
    (270, 10, "Mistweaver", "HEALER", 608952),
    (269, 10, "Windwalker", "DAMAGER", 608953),
    (102, 11, "Balance", "DAMAGER", 136096),
    (103, 11, "Feral", "DAMAGER", 132115),
    (104, 11, "Guardian", "TANK", 132276),
    (105, 11, "Restoration", "HEALER", 136041),
    (577, 12, "Havoc", "DAMAGER", 1247264),
    (581, 12, "Vengeance", "TANK", 1247265),
    (1480, 12, "Devourer", "DAMAGER", 7455385),
    (1467, 13, "Devastation", "DAMAGER", 4511811),
    (1468, 13, "Preservation", "HEALER", 4511812),
    (1473, 13, "Augmentation", "DAMAGER", 5198700),
];

/// Whether the flavour's client has this spec (Classic's classes end at 11; retail's Demon
/// Hunter has Devourer, Classic's has no Demon Hunter at all; Classic Era has the three talent
/// trees of each of its nine classes as specs, the Druid's without Guardian).
fn in_flavor(product: Flavor, s: &Spec) -> bool {
    match product {
        Flavor::Retail => true,
        Flavor::Classic => s.1 <= 11,
        Flavor::ClassicEra => !matches!(s.1, 6 | 10 | 12 | 13) && s.0 != 104,
    }
}

/// The index of a class's first spec: 1, but 0 on the Classic Era client, whose
/// `GetSpecializationInfoForClassID` counts from 0 (TellMeWhen probes for it:
/// `GetSpecializationInfoForClassID(9, 3)` answers nothing there and the addon passes `i - 1`).
fn first_index(product: Flavor) -> i64 {
    match product {
        Flavor::ClassicEra => 0,
        _ => 1,
    }
}

/// A whole number given as a number or a numeric string.
fn whole(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Number(n) if n.fract() == 0.0 => Some(*n as i64),
        Value::String(s) => s.to_str().ok()?.trim().parse().ok(),
        _ => None,
    }
}

/// The `index`-th spec of `class` in `product` (from [`first_index`]).
pub(crate) fn for_class(product: Flavor, class: i64, index: i64) -> Option<&'static Spec> {
    let n = usize::try_from(index.checked_sub(first_index(product))?).ok()?;
    SPECS
        .iter()
        .filter(|s| s.1 == class && in_flavor(product, s))
        .nth(n)
}

fn by_id(product: Flavor, id: &Value) -> Option<&'static Spec> {
    let id = whole(id)?;
    SPECS.iter().find(|s| s.0 == id && in_flavor(product, s))
}

fn count(product: Flavor, class: &Value) -> i64 {
    let Some(class) = whole(class) else { return 0 };
    SPECS
        .iter()
        .filter(|s| s.1 == class && in_flavor(product, s))
        .count() as i64
}

/// id, name, description, icon, role, recommended, allowedForBoost (the shape of
/// `GetSpecializationInfoForClassID` and `…ForSpecID`; no mastery spells).
fn info(lua: &Lua, s: Option<&Spec>) -> mlua::Result<MultiValue> {
    let mut out = MultiValue::new();
    if let Some((id, _, name, role, icon)) = s {
        out.push_back(Value::Integer(*id));
        out.push_back(Value::String(lua.create_string(name)?));
        out.push_back(Value::String(lua.create_string("")?));
        out.push_back(Value::Integer(*icon));
        out.push_back(Value::String(lua.create_string(role)?));
        out.push_back(Value::Boolean(false));
        out.push_back(Value::Boolean(true));
    }
    Ok(out)
}

/// Raises the documented usage error when `v` is not a number.
fn need_number(lua: &Lua, data: &ProductData, name: &str, v: &Value) -> mlua::Result<()> {
    let ok = match v {
        Value::Integer(_) | Value::Number(_) => true,
        Value::String(s) => s.to_str().is_ok_and(|t| t.trim().parse::<f64>().is_ok()),
        _ => false,
    };
    if ok {
        return Ok(());
    }
    let usage = data
        .api(name)
        .map(super::stubs::usage_text)
        .unwrap_or_else(|| format!("Usage: {name}(...)"));
    Err(super::stubs::usage_error(lua, usage))
}

/// Sets `f` at `name` (a global or `NS.F`) when the flavour's reference has the function.
fn define(lua: &Lua, data: &ProductData, name: &str, f: mlua::Function) -> mlua::Result<()> {
    if data.api(name).is_none() {
        return Ok(());
    }
    match name.split_once('.') {
        Some((ns, short)) => {
            let g = lua.globals();
            let t = match g.raw_get::<Value>(ns)? {
                Value::Table(t) => t,
                _ => {
                    let t = lua.create_table()?;
                    g.raw_set(ns, t.clone())?;
                    t
                }
            };
            t.raw_set(short, f)
        }
        None => lua.globals().raw_set(name, f),
    }
}

/// Installs the functions of this file that the flavour has (before the typed stubs).
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let p = data.product();
    let name = "GetSpecializationInfoForClassID";
    let f = lua.create_function(move |lua, (class, index): (Value, Value)| {
        need_number(lua, data, name, &class)?;
        need_number(lua, data, name, &index)?;
        let s = whole(&class)
            .zip(whole(&index))
            .and_then(|(c, i)| for_class(p, c, i));
        info(lua, s)
    })?;
    define(lua, data, name, f)?;
    let f = lua.create_function(move |lua, id: Value| info(lua, by_id(p, &id)))?;
    define(lua, data, "GetSpecializationInfoForSpecID", f)?;
    let f = lua.create_function(move |lua, id: Value| {
        let mut out = MultiValue::new();
        if let Some(s) = by_id(p, &id) {
            let class = super::classes::class_names(p, s.1);
            out = info(lua, Some(s))?;
            out.truncate(5);
            let (class_name, file) = class.unwrap_or(("", ""));
            out.push_back(Value::String(lua.create_string(file)?));
            out.push_back(Value::String(lua.create_string(class_name)?));
        }
        Ok(out)
    })?;
    define(lua, data, "GetSpecializationInfoByID", f)?;
    let f = lua.create_function(move |_, id: Value| Ok(by_id(p, &id).map(|s| s.2)))?;
    define(lua, data, "GetSpecializationNameForSpecID", f)?;
    let f = lua.create_function(move |_, id: Value| Ok(by_id(p, &id).map(|s| s.1)))?;
    define(lua, data, "C_SpecializationInfo.GetClassIDFromSpecID", f)?;
    let f = lua.create_function(move |_, class: Value| Ok(count(p, &class)))?;
    define(
        lua,
        data,
        "C_SpecializationInfo.GetNumSpecializationsForClassID",
        f.clone(),
    )?;
    define(lua, data, "GetNumSpecializationsForClassID", f)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(product: Flavor, class: i64, index: i64, expect: Option<i64>) {
        assert_eq!(
            for_class(product, class, index).map(|s| s.0),
            expect,
            "{product:?} class {class} index {index}"
        );
    }

    #[test]
    fn specs_end_with_each_class() {
        check(Flavor::Retail, 11, 4, Some(105));
        check(Flavor::Retail, 11, 5, None);
        check(Flavor::Retail, 10, 2, Some(270));
        check(Flavor::Retail, 12, 3, Some(1480));
        check(Flavor::Retail, 1, 0, None);
        check(Flavor::Retail, 14, 1, None);
        check(Flavor::Classic, 10, 3, Some(269));
        check(Flavor::Classic, 12, 1, None);
        check(Flavor::ClassicEra, 1, 0, Some(71));
        check(Flavor::ClassicEra, 9, 2, Some(267));
        check(Flavor::ClassicEra, 9, 3, None);
        check(Flavor::ClassicEra, 11, 2, Some(105));
        check(Flavor::ClassicEra, 6, 0, None);
    }
}
