//! Where the character is: zone, subzone, map and instance (a scenario's `[location]`, a
//! timeline's `zone` entry, a combat log's `ZONE_CHANGE` / `MAP_CHANGE` lines). Without one the
//! character stands in the open world of `api/c_map.rs` (Elwynn Forest).
//!
//! | WoW name | answer with a location |
//! | --- | --- |
//! | `GetInstanceInfo()` | `name, instanceType, difficultyID, difficultyName, maxPlayers, dynamicDifficulty (0), isDynamic (false), instanceID, instanceGroupSize, lfgDungeonID (nil)` |
//! | `IsInInstance()` | `instanceType ~= "none"`, `instanceType` |
//! | `GetRealZoneText`, `GetZoneText` | the zone (`api/c_map.rs` asks [`zone_name`]) |
//! | `GetSubZoneText` | the subzone (`""` by default) |
//! | `GetMinimapZoneText` | the subzone, else the zone |
//! | `C_PvP.GetZonePVPInfo()` | without a location (Elwynn Forest) `"friendly"`, false, the player's faction; in an arena `"arena"`, a battleground `"combat"`, another instance nothing; an open-world location `"contested"` (wow-sim does not know whose territory a named zone is) |
//! | `C_Map.GetBestMapForUnit("player")` | the map id (`api/c_map.rs` asks [`map_id`]); nil when the location names none |
//!
//! A change fires what the client fires: a different instance id is a loading screen
//! (`LOADING_SCREEN_ENABLED` and `PLAYER_LEAVING_WORLD` before the change,
//! `PLAYER_ENTERING_WORLD(false, false)` after it), then `ZONE_CHANGED_NEW_AREA` when the zone
//! or instance changed, or `ZONE_CHANGED` when only the subzone did, and last, after a loading
//! screen, `LOADING_SCREEN_DISABLED` (boss mods load their modules on it).

use super::World;
use mlua::{IntoLuaMulti, Lua, MultiValue, Value};

/// The character's location.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Location {
    pub zone: String,
    pub subzone: String,
    /// `uiMapID` (`C_Map.GetBestMapForUnit`).
    pub map_id: Option<i64>,
    /// `GetInstanceInfo`'s name (the instance's, or the continent's in the open world).
    pub instance_name: String,
    /// `none`, `party`, `raid`, `pvp`, `arena`, `scenario`.
    pub instance_type: String,
    pub instance_id: i64,
    pub difficulty: i64,
    pub difficulty_name: String,
    pub max_players: i64,
}

/// The client's difficulties that boss mods meet: id → (instance type, name, max players).
const DIFFICULTIES: &[(i64, &str, &str, i64)] = &[
    (1, "party", "Normal", 5),
    (2, "party", "Heroic", 5),
    (3, "raid", "10 Player", 10),
    (4, "raid", "25 Player", 25),
    (5, "raid", "10 Player (Heroic)", 10),
    (6, "raid", "25 Player (Heroic)", 25),
    (7, "raid", "Looking For Raid", 25),
    (8, "party", "Mythic Keystone", 5),
    (9, "raid", "40 Player", 40),
    (14, "raid", "Normal", 30),
    (15, "raid", "Heroic", 30),
    (16, "raid", "Mythic", 20),
    (17, "raid", "Looking For Raid", 30),
    (23, "party", "Mythic", 5),
    (24, "party", "Timewalking", 5),
    (148, "raid", "20 Player", 20),
];

/// The instance types a location may name.
pub(crate) const INSTANCE_TYPES: &[&str] = &["none", "party", "raid", "pvp", "arena", "scenario"];

impl Location {
    /// A location from what a file or log gives; the type, difficulty name and size come from
    /// the difficulty when not given (an unknown difficulty is the open world's `none`).
    pub(crate) fn new(zone: &str, instance_id: i64, difficulty: i64) -> Location {
        let known = DIFFICULTIES.iter().find(|d| d.0 == difficulty);
        Location {
            zone: zone.to_string(),
            subzone: String::new(),
            map_id: None,
            instance_name: zone.to_string(),
            instance_type: known.map_or("none", |d| d.1).to_string(),
            instance_id,
            difficulty,
            difficulty_name: known.map_or("", |d| d.2).to_string(),
            max_players: known.map_or(0, |d| d.3),
        }
    }
}

fn location(lua: &Lua) -> Option<Location> {
    lua.app_data_ref::<World>().and_then(|w| w.location.clone())
}

/// The zone's name when a location is set (`GetZoneText`, `GetRealZoneText`).
pub(crate) fn zone_name(lua: &Lua) -> Option<String> {
    location(lua).map(|l| l.zone)
}

/// The player's map when a location is set: `Some(None)` when it names no map.
pub(crate) fn map_id(lua: &Lua) -> Option<Option<i64>> {
    location(lua).map(|l| l.map_id)
}

fn get_instance_info(lua: &Lua, _: MultiValue) -> mlua::Result<MultiValue> {
    let group = lua
        .app_data_ref::<World>()
        .map_or(1, |w| w.group_size().max(1));
    let l = location(lua).unwrap_or_else(|| {
        let mut l = Location::new("", 0, 0);
        l.instance_name = "Eastern Kingdoms".into();
        l
    });
    let vals = (
        l.instance_name,
        l.instance_type,
        l.difficulty,
        l.difficulty_name,
        l.max_players,
        0,
        false,
        l.instance_id,
        group as i64,
        Value::Nil,
    );
    mlua::IntoLuaMulti::into_lua_multi(vals, lua)
}

fn is_in_instance(lua: &Lua, _: MultiValue) -> mlua::Result<(bool, String)> {
    let kind = location(lua).map_or("none".to_string(), |l| l.instance_type);
    Ok((kind != "none", kind))
}

fn get_sub_zone_text(lua: &Lua, _: MultiValue) -> mlua::Result<String> {
    Ok(location(lua).map(|l| l.subzone).unwrap_or_default())
}

fn get_zone_pvp_info(lua: &Lua, _: MultiValue) -> mlua::Result<MultiValue> {
    let Some(l) = location(lua) else {
        let faction = crate::game_state::game(lua)
            .identity
            .borrow()
            .faction
            .clone();
        return ("friendly", false, faction).into_lua_multi(lua);
    };
    match l.instance_type.as_str() {
        "arena" => ("arena", false, Value::Nil).into_lua_multi(lua),
        "pvp" => ("combat", false, Value::Nil).into_lua_multi(lua),
        "none" => ("contested", false, Value::Nil).into_lua_multi(lua),
        _ => Ok(MultiValue::new()),
    }
}

/// Installs the functions above (and `GetMinimapZoneText` over `api/c_map.rs`'s).
pub(crate) fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    if let Value::Table(pvp) = g.raw_get::<Value>("C_PvP")? {
        pvp.raw_set("GetZonePVPInfo", lua.create_function(get_zone_pvp_info)?)?;
    }
    g.raw_set("GetInstanceInfo", lua.create_function(get_instance_info)?)?;
    g.raw_set("IsInInstance", lua.create_function(is_in_instance)?)?;
    g.raw_set("GetSubZoneText", lua.create_function(get_sub_zone_text)?)?;
    let earlier: Value = g.raw_get("GetMinimapZoneText")?;
    let minimap = lua.create_function(move |lua, args: MultiValue| match location(lua) {
        Some(l) if !l.subzone.is_empty() => l.subzone.into_lua_multi(lua),
        Some(l) => l.zone.into_lua_multi(lua),
        None => match &earlier {
            Value::Function(f) => f.call::<MultiValue>(args),
            _ => Ok(MultiValue::new()),
        },
    })?;
    g.raw_set("GetMinimapZoneText", minimap)
}

/// Applies a new location and fires the client's events for the change.
pub(crate) fn apply(lua: &Lua, new: &Location) -> mlua::Result<()> {
    let old = location(lua).unwrap_or_else(|| Location::new("", 0, 0));
    let fire = |name: &str, args: MultiValue| crate::events::fire_event(lua, name, args);
    let loading = old.instance_id != new.instance_id;
    if loading {
        fire("LOADING_SCREEN_ENABLED", MultiValue::new())?;
        fire("PLAYER_LEAVING_WORLD", MultiValue::new())?;
    }
    if let Some(mut w) = lua.app_data_mut::<World>() {
        w.location = Some(new.clone());
    }
    if loading {
        fire("PLAYER_ENTERING_WORLD", (false, false).into_lua_multi(lua)?)?;
    }
    if loading || old.zone != new.zone {
        fire("ZONE_CHANGED_NEW_AREA", MultiValue::new())?;
    } else if old.subzone != new.subzone {
        fire("ZONE_CHANGED", MultiValue::new())?;
    }
    if loading {
        fire("LOADING_SCREEN_DISABLED", MultiValue::new())?;
    }
    Ok(())
}

/// A location from a scenario's keys (`[location]`, a `zone` timeline entry; `at` and `do`
/// are the entry's own): `zone` (required), `subzone`, `map_id`, `instance`, `instance_name`,
/// `instance_id`, `difficulty`, `difficulty_name`, `max_players`.
pub(crate) fn from_table(t: &toml::Table) -> Result<Location, String> {
    let text = |k: &str| match t.get(k) {
        None => Ok(None),
        Some(toml::Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("'{k}' must be a string")),
    };
    let int = |k: &str| match t.get(k) {
        None => Ok(None),
        Some(toml::Value::Integer(n)) => Ok(Some(*n)),
        Some(_) => Err(format!("'{k}' must be an integer")),
    };
    const KEYS: &[&str] = &[
        "at",
        "do",
        "zone",
        "subzone",
        "map_id",
        "instance",
        "instance_name",
        "instance_id",
        "difficulty",
        "difficulty_name",
        "max_players",
    ];
    if let Some(k) = t.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(format!("unknown key '{k}' for a location"));
    }
    let zone = text("zone")?.ok_or("'zone' (the zone's name) is missing")?;
    let mut l = Location::new(
        &zone,
        int("instance_id")?.unwrap_or(0),
        int("difficulty")?.unwrap_or(0),
    );
    if let Some(kind) = text("instance")? {
        if !INSTANCE_TYPES.contains(&kind.as_str()) {
            return Err(format!(
                "unknown instance type '{kind}' (none, party, raid, pvp, arena, scenario)"
            ));
        }
        l.instance_type = kind;
    }
    l.subzone = text("subzone")?.unwrap_or_default();
    l.map_id = int("map_id")?;
    if let Some(n) = text("instance_name")? {
        l.instance_name = n;
    }
    if let Some(n) = text("difficulty_name")? {
        l.difficulty_name = n;
    }
    if let Some(n) = int("max_players")? {
        l.max_players = n;
    }
    Ok(l)
}
