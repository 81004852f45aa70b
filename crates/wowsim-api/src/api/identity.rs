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
//! | `GetRealmName`, `GetNormalizedRealmName`, `GetLocale`, `GetCurrentRegion`, `GetCurrentRegionName` | |
//! | `GetAvailableLocaleInfo` | the locale being played, alone |

use mlua::{Lua, Value};

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
    lua.app_data_ref::<Identity>().expect("identity").clone()
}

/// Installs the functions of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.raw_set(
        "UnitName",
        lua.create_function(|lua, unit: Value| {
            if is_player(&unit) {
                Ok((Some(id(lua).character), None::<String>))
            } else {
                Ok((None, None))
            }
        })?,
    )?;
    g.raw_set("UnitNameUnmodified", g.raw_get::<Value>("UnitName")?)?;
    g.raw_set(
        "UnitFullName",
        lua.create_function(|lua, unit: Value| {
            if is_player(&unit) {
                let i = id(lua);
                Ok((Some(i.character), Some(normalized(&i.realm))))
            } else {
                Ok((None, None))
            }
        })?,
    )?;
    g.raw_set(
        "UnitGUID",
        lua.create_function(|lua, unit: Value| {
            Ok(is_player(&unit).then(|| {
                let i = id(lua);
                let hash = i
                    .character
                    .bytes()
                    .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
                format!("Player-1-{:08X}", hash)
            }))
        })?,
    )?;
    g.raw_set(
        "UnitClass",
        lua.create_function(|lua, unit: Value| {
            let i = id(lua);
            Ok(if is_player(&unit) {
                (Some(i.class_name), Some(i.class_file), Some(i.class_id))
            } else {
                (None, None, None)
            })
        })?,
    )?;
    g.raw_set(
        "UnitClassBase",
        lua.create_function(|lua, unit: Value| {
            let i = id(lua);
            Ok(if is_player(&unit) {
                (Some(i.class_file), Some(i.class_id))
            } else {
                (None, None)
            })
        })?,
    )?;
    g.raw_set(
        "UnitRace",
        lua.create_function(|lua, unit: Value| {
            let i = id(lua);
            Ok(if is_player(&unit) {
                (Some(i.race_name), Some(i.race_file), Some(i.race_id))
            } else {
                (None, None, None)
            })
        })?,
    )?;
    g.raw_set(
        "UnitSex",
        lua.create_function(|_, unit: Value| Ok(is_player(&unit).then_some(2)))?,
    )?;
    let level = lua
        .create_function(|lua, unit: Value| Ok(if is_player(&unit) { id(lua).level } else { 0 }))?;
    g.raw_set("UnitLevel", level.clone())?;
    g.raw_set(
        "GetMaxPlayerLevel",
        lua.create_function(|lua, ()| Ok(id(lua).max_level))?,
    )?;
    g.raw_set("UnitEffectiveLevel", level)?;
    g.raw_set(
        "UnitFactionGroup",
        lua.create_function(|lua, unit: Value| {
            let i = id(lua);
            Ok(if is_player(&unit) {
                (Some(i.faction.clone()), Some(i.faction))
            } else {
                (None, None)
            })
        })?,
    )?;
    g.raw_set(
        "UnitExists",
        lua.create_function(|_, unit: Value| Ok(is_player(&unit)))?,
    )?;
    g.raw_set(
        "UnitIsPlayer",
        lua.create_function(|_, unit: Value| Ok(is_player(&unit)))?,
    )?;
    g.raw_set(
        "UnitIsConnected",
        lua.create_function(|_, unit: Value| Ok(is_player(&unit)))?,
    )?;
    g.raw_set(
        "UnitIsDeadOrGhost",
        lua.create_function(|_, _unit: Value| Ok(false))?,
    )?;
    g.raw_set(
        "UnitIsDead",
        lua.create_function(|_, _unit: Value| Ok(false))?,
    )?;
    g.raw_set(
        "UnitIsGhost",
        lua.create_function(|_, _unit: Value| Ok(false))?,
    )?;
    g.raw_set(
        "UnitIsUnit",
        lua.create_function(|_, (a, b): (Value, Value)| Ok(is_player(&a) && is_player(&b)))?,
    )?;
    g.raw_set(
        "UnitHealth",
        lua.create_function(|_, unit: Value| Ok(if is_player(&unit) { 100 } else { 0 }))?,
    )?;
    g.raw_set(
        "UnitHealthMax",
        lua.create_function(|_, unit: Value| Ok(if is_player(&unit) { 100 } else { 0 }))?,
    )?;
    g.raw_set("UnitPower", lua.create_function(|_, _: Value| Ok(0))?)?;
    // A warrior's power is rage; a unit that is not there answers mana, as the client does.
    g.raw_set(
        "UnitPowerType",
        lua.create_function(|lua, unit: Value| {
            Ok(if is_player(&unit) && id(lua).class_file == "WARRIOR" {
                (1, "RAGE")
            } else {
                (0, "MANA")
            })
        })?,
    )?;
    g.raw_set(
        "UnitPowerMax",
        lua.create_function(|_, unit: Value| Ok(if is_player(&unit) { 100 } else { 0 }))?,
    )?;
    g.raw_set(
        "UnitAffectingCombat",
        lua.create_function(|_, _: Value| Ok(false))?,
    )?;
    g.raw_set(
        "GetRealmName",
        lua.create_function(|lua, ()| Ok(id(lua).realm))?,
    )?;
    g.raw_set(
        "GetNormalizedRealmName",
        lua.create_function(|lua, ()| Ok(normalized(&id(lua).realm)))?,
    )?;
    g.raw_set(
        "GetLocale",
        lua.create_function(|lua, ()| Ok(id(lua).locale))?,
    )?;
    g.raw_set(
        "GetAvailableLocaleInfo",
        lua.create_function(|lua, _ignore_restrictions: Value| {
            let locale = id(lua).locale;
            let info = lua.create_table()?;
            info.raw_set("localeId", locale_id(&locale))?;
            info.raw_set("localeName", locale)?;
            lua.create_sequence_from([info])
        })?,
    )?;
    g.raw_set("GetCurrentRegion", lua.create_function(|_, ()| Ok(1))?)?;
    g.raw_set(
        "GetCurrentRegionName",
        lua.create_function(|_, ()| Ok("US"))?,
    )?;
    Ok(())
}

/// The client's index of a locale (the bit that `ClubFinder` shifts by); 0 (enUS) if unknown.
pub fn locale_id(locale: &str) -> i64 {
    const IDS: &[&str] = &[
        "enUS", "koKR", "frFR", "deDE", "zhCN", "zhTW", "esES", "esMX", "ruRU", "", "ptBR", "itIT",
    ];
    IDS.iter().position(|l| *l == locale).unwrap_or(0) as i64
}

/// The realm name without spaces and dashes, as the client normalises it.
pub fn normalized(realm: &str) -> String {
    realm.chars().filter(|c| *c != ' ' && *c != '-').collect()
}
