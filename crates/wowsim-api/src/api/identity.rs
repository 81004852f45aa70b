//! Who is playing: the account, realm and character wow-sim logs in as, and the unit API that
//! answers from it (`UnitName("player")` agrees with `--character`, `GetRealmName()` with
//! `--realm`).
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `UnitName`, `UnitNameUnmodified`, `UnitFullName` | the character for `player`; nil for absent units |
//! | `UnitGUID` | a stable `Player-<realmid>-<id>` for `player` |
//! | `UnitClass`, `UnitClassBase`, `UnitRace`, `UnitSex`, `UnitLevel`, `UnitEffectiveLevel`, `UnitFactionGroup` | from [`Identity`] |
//! | `GetMaxPlayerLevel` | the flavour's level cap (the character is at it) |
//! | `UnitExists`, `UnitIsUnit`, `UnitIsPlayer`, `UnitIsConnected`, `UnitIsDeadOrGhost` | `player` exists, others do not |
//! | `UnitHealth`, `UnitHealthMax`, `UnitPower`, `UnitPowerMax`, `UnitPowerType`, `UnitAffectingCombat` | full health, out of combat; a warrior's rage (mana for other units) |
//! | `UnitHealthPercent`, `UnitPowerPercent` | full health (1) and no power (0) for the player, or the curve argument's value there |
//! | `GetRealmName`, `GetNormalizedRealmName`, `GetLocale`, `GetCurrentRegion`, `GetCurrentRegionName` | |
//! | `GetAvailableLocaleInfo` | the locale being played, alone |

use mlua::{Lua, Table, Value};

/// The logged-in character and its world (VM app data).
#[derive(Clone, Debug)]
pub struct Identity {
    pub account: String,
    pub realm: String,
    pub character: String,
    pub class_name: String,
    pub class_file: String,
    pub class_id: i64,
    pub race_name: String,
    pub race_file: String,
    pub race_id: i64,
    pub faction: String,
    pub level: i64,
    /// The flavour's level cap (`GetMaxPlayerLevel`); the character starts at it.
    pub max_level: i64,
    pub locale: String,
}

impl Identity {
    pub fn new(account: &str, realm: &str, character: &str, max_level: i64) -> Identity {
        Identity {
            account: account.to_string(),
            realm: realm.to_string(),
            character: character.to_string(),
            class_name: "Warrior".into(),
            class_file: "WARRIOR".into(),
            class_id: 1,
            race_name: "Human".into(),
            race_file: "Human".into(),
            race_id: 1,
            faction: "Alliance".into(),
            level: max_level,
            max_level,
            locale: "enUS".into(),
        }
    }
}

pub(crate) fn is_player(unit: &Value) -> bool {
    match unit {
        Value::String(s) => {
            let u = s.to_string_lossy().to_ascii_lowercase();
            u == "player"
        }
        _ => false,
    }
}

fn id(lua: &Lua) -> Identity {
    crate::game_state::game(lua).identity.borrow().clone()
}

/// Installs the functions of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.raw_set("UnitName", lua.create_function(unit_name)?)?;
    g.raw_set("UnitNameUnmodified", g.raw_get::<Value>("UnitName")?)?;
    g.raw_set("UnitFullName", lua.create_function(unit_full_name)?)?;
    g.raw_set("UnitGUID", lua.create_function(unit_guid)?)?;
    g.raw_set("UnitClass", lua.create_function(unit_class)?)?;
    g.raw_set("UnitClassBase", lua.create_function(unit_class_base)?)?;
    g.raw_set("UnitRace", lua.create_function(unit_race)?)?;
    g.raw_set("UnitSex", lua.create_function(unit_sex)?)?;
    let level = lua.create_function(unit_level)?;
    g.raw_set("UnitLevel", level.clone())?;
    g.raw_set(
        "GetMaxPlayerLevel",
        lua.create_function(get_max_player_level)?,
    )?;
    g.raw_set("UnitEffectiveLevel", level)?;
    g.raw_set("UnitFactionGroup", lua.create_function(unit_faction_group)?)?;
    for name in ["UnitExists", "UnitIsPlayer", "UnitIsConnected"] {
        g.raw_set(name, lua.create_function(unit_is_player)?)?;
    }
    for name in ["UnitIsDeadOrGhost", "UnitIsDead", "UnitIsGhost"] {
        g.raw_set(name, lua.create_function(unit_is_dead)?)?;
    }
    g.raw_set("UnitIsUnit", lua.create_function(unit_is_unit)?)?;
    g.raw_set("UnitHealth", lua.create_function(unit_full_bar)?)?;
    g.raw_set("UnitHealthMax", lua.create_function(unit_full_bar)?)?;
    g.raw_set("UnitPower", lua.create_function(unit_power)?)?;
    // A warrior's power is rage; a unit that is not there answers mana, as the client does.
    g.raw_set("UnitPowerType", lua.create_function(unit_power_type)?)?;
    g.raw_set("UnitPowerMax", lua.create_function(unit_full_bar)?)?;
    g.raw_set(
        "UnitHealthPercent",
        lua.create_function(|lua, a: mlua::MultiValue| {
            let full = a.front().is_some_and(is_player);
            let curve = a.get(2).cloned().unwrap_or(Value::Nil);
            super::c_curve_util::evaluated_result(lua, &curve, if full { 1.0 } else { 0.0 })
        })?,
    )?;
    g.raw_set(
        "UnitPowerPercent",
        lua.create_function(|lua, a: mlua::MultiValue| {
            let curve = a.get(3).cloned().unwrap_or(Value::Nil);
            super::c_curve_util::evaluated_result(lua, &curve, 0.0)
        })?,
    )?;
    g.raw_set(
        "UnitAffectingCombat",
        lua.create_function(unit_affecting_combat)?,
    )?;
    g.raw_set("GetRealmName", lua.create_function(get_realm_name)?)?;
    g.raw_set(
        "GetNormalizedRealmName",
        lua.create_function(get_normalized_realm_name)?,
    )?;
    g.raw_set("GetLocale", lua.create_function(get_locale)?)?;
    g.raw_set(
        "GetAvailableLocaleInfo",
        lua.create_function(get_available_locale_info)?,
    )?;
    g.raw_set("GetCurrentRegion", lua.create_function(get_current_region)?)?;
    g.raw_set(
        "GetCurrentRegionName",
        lua.create_function(get_current_region_name)?,
    )?;
    Ok(())
}

/// `UnitName(unit)` (and `UnitNameUnmodified`, the same function).
fn unit_name(lua: &Lua, unit: Value) -> mlua::Result<(Option<String>, Option<String>)> {
    if is_player(&unit) {
        Ok((Some(id(lua).character), None::<String>))
    } else {
        Ok((None, None))
    }
}

/// `UnitFullName(unit)`.
fn unit_full_name(lua: &Lua, unit: Value) -> mlua::Result<(Option<String>, Option<String>)> {
    if is_player(&unit) {
        let i = id(lua);
        Ok((Some(i.character), Some(normalized(&i.realm))))
    } else {
        Ok((None, None))
    }
}

/// `UnitGUID(unit)`.
fn unit_guid(lua: &Lua, unit: Value) -> mlua::Result<Option<String>> {
    Ok(is_player(&unit).then(|| {
        let i = id(lua);
        let hash = i
            .character
            .bytes()
            .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
        format!("Player-1-{:08X}", hash)
    }))
}

/// `UnitClass(unit)`.
fn unit_class(
    lua: &Lua,
    unit: Value,
) -> mlua::Result<(Option<String>, Option<String>, Option<i64>)> {
    let i = id(lua);
    Ok(if is_player(&unit) {
        (Some(i.class_name), Some(i.class_file), Some(i.class_id))
    } else {
        (None, None, None)
    })
}

/// `UnitClassBase(unit)`.
fn unit_class_base(lua: &Lua, unit: Value) -> mlua::Result<(Option<String>, Option<i64>)> {
    let i = id(lua);
    Ok(if is_player(&unit) {
        (Some(i.class_file), Some(i.class_id))
    } else {
        (None, None)
    })
}

/// `UnitRace(unit)`.
fn unit_race(
    lua: &Lua,
    unit: Value,
) -> mlua::Result<(Option<String>, Option<String>, Option<i64>)> {
    let i = id(lua);
    Ok(if is_player(&unit) {
        (Some(i.race_name), Some(i.race_file), Some(i.race_id))
    } else {
        (None, None, None)
    })
}

/// `UnitSex(unit)`: 2 (male) for the player.
fn unit_sex(_: &Lua, unit: Value) -> mlua::Result<Option<i32>> {
    Ok(is_player(&unit).then_some(2))
}

/// `UnitLevel(unit)` (and `UnitEffectiveLevel`, the same function).
fn unit_level(lua: &Lua, unit: Value) -> mlua::Result<i64> {
    Ok(if is_player(&unit) { id(lua).level } else { 0 })
}

/// `GetMaxPlayerLevel()`.
fn get_max_player_level(lua: &Lua, (): ()) -> mlua::Result<i64> {
    Ok(id(lua).max_level)
}

/// `UnitFactionGroup(unit)`.
fn unit_faction_group(lua: &Lua, unit: Value) -> mlua::Result<(Option<String>, Option<String>)> {
    let i = id(lua);
    Ok(if is_player(&unit) {
        (Some(i.faction.clone()), Some(i.faction))
    } else {
        (None, None)
    })
}

/// `UnitExists`, `UnitIsPlayer`, `UnitIsConnected` (one function each): true for the player.
fn unit_is_player(_: &Lua, unit: Value) -> mlua::Result<bool> {
    Ok(is_player(&unit))
}

/// `UnitIsDeadOrGhost`, `UnitIsDead`, `UnitIsGhost` (one function each): false.
fn unit_is_dead(_: &Lua, _unit: Value) -> mlua::Result<bool> {
    Ok(false)
}

/// `UnitIsUnit(a, b)`.
fn unit_is_unit(_: &Lua, (a, b): (Value, Value)) -> mlua::Result<bool> {
    Ok(is_player(&a) && is_player(&b))
}

/// `UnitHealth`, `UnitHealthMax`, `UnitPowerMax` (one function each): 100 for the player.
fn unit_full_bar(_: &Lua, unit: Value) -> mlua::Result<i32> {
    Ok(if is_player(&unit) { 100 } else { 0 })
}

/// `UnitPower(unit)`: 0.
fn unit_power(_: &Lua, _: Value) -> mlua::Result<i32> {
    Ok(0)
}

/// `UnitPowerType(unit)`.
fn unit_power_type(lua: &Lua, unit: Value) -> mlua::Result<(i32, &'static str)> {
    Ok(if is_player(&unit) && id(lua).class_file == "WARRIOR" {
        (1, "RAGE")
    } else {
        (0, "MANA")
    })
}

/// `UnitAffectingCombat(unit)`: false.
fn unit_affecting_combat(_: &Lua, _: Value) -> mlua::Result<bool> {
    Ok(false)
}

/// `GetRealmName()`.
fn get_realm_name(lua: &Lua, (): ()) -> mlua::Result<String> {
    Ok(id(lua).realm)
}

/// `GetNormalizedRealmName()`.
fn get_normalized_realm_name(lua: &Lua, (): ()) -> mlua::Result<String> {
    Ok(normalized(&id(lua).realm))
}

/// `GetLocale()`.
fn get_locale(lua: &Lua, (): ()) -> mlua::Result<String> {
    Ok(id(lua).locale)
}

/// `GetAvailableLocaleInfo(ignoreRestrictions)`: the locale being played, alone.
fn get_available_locale_info(lua: &Lua, _ignore_restrictions: Value) -> mlua::Result<Table> {
    let locale = id(lua).locale;
    let info = lua.create_table()?;
    info.raw_set("localeId", locale_id(&locale))?;
    info.raw_set("localeName", locale)?;
    lua.create_sequence_from([info])
}

/// `GetCurrentRegion()`: 1 (US).
fn get_current_region(_: &Lua, (): ()) -> mlua::Result<i32> {
    Ok(1)
}

/// `GetCurrentRegionName()`.
fn get_current_region_name(_: &Lua, (): ()) -> mlua::Result<&'static str> {
    Ok("US")
}

/// The client's index of a locale (the bit that `ClubFinder` shifts by); 0 (enUS) if unknown.
pub(crate) fn locale_id(locale: &str) -> i64 {
    const IDS: &[&str] = &[
        "enUS", "koKR", "frFR", "deDE", "zhCN", "zhTW", "esES", "esMX", "ruRU", "", "ptBR", "itIT",
    ];
    IDS.iter().position(|l| *l == locale).unwrap_or(0) as i64
}

/// The realm name without spaces and dashes, as the client normalises it.
pub(crate) fn normalized(realm: &str) -> String {
    realm.chars().filter(|c| *c != ' ' && *c != '-').collect()
}
