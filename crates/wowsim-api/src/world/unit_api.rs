//! The unit API answered from the [`World`]: for a unit token the world knows, its state; for
//! any other, the function installed before (the player-only answers of `identity.rs`, the
//! typed stubs), so a unit nobody put in the world behaves as before.
//!
//! | WoW name | answer for a known unit |
//! | --- | --- |
//! | `UnitName`, `UnitNameUnmodified`, `UnitFullName`, `UnitGUID` | its name, realm (`UnitFullName`: the player's realm for units of it), GUID |
//! | `UnitClass`, `UnitClassBase`, `UnitRace`, `UnitLevel`, `UnitEffectiveLevel` | from its class and race files (enUS names) |
//! | `UnitExists`, `UnitIsPlayer`, `UnitIsConnected`, `UnitIsDead`, `UnitIsDeadOrGhost`, `UnitIsUnit` | |
//! | `UnitHealth`, `UnitHealthMax`, `UnitPower`, `UnitPowerMax`, `UnitPowerType`, `UnitAffectingCombat` | |
//! | `UnitHealthPercent`, `UnitPowerPercent` | the bar's share of its maximum, or the curve argument's value there |
//! | `UnitCastingInfo`, `UnitChannelInfo` | the cast in progress (times in ms of `GetTime`) |
//! | `UnitGroupRolesAssigned`, `UnitClassification`, `UnitCanAttack`, `UnitIsEnemy`, `UnitIsFriend`, `UnitReaction` | |
//! | `UnitInParty`, `UnitInRaid`, `IsInGroup`, `IsInRaid`, `GetNumGroupMembers`, `GetNumSubgroupMembers` (in a raid: the player's subgroup), `InCombatLockdown`, `GetRaidRosterInfo` | from the group and the combat state (these answer for the world as a whole) |
//! | `GetPlayerInfoByGUID` | for a player character the world knows by its GUID |
//! | `GetNumRaidProfiles`, `GetRaidProfileName`, `GetActiveRaidProfile`, `RaidProfileExists` | one compact-unit-frame profile, `DEFAULT_CUF_PROFILE_NAME` |

use super::{Unit, World};
use mlua::{Function, IntoLuaMulti, Lua, MultiValue, Value};

/// Race file → (enUS name, id).
pub(super) const RACES: &[(&str, &str, i64)] = &[
    ("Human", "Human", 1),
    ("Orc", "Orc", 2),
    ("Dwarf", "Dwarf", 3),
    ("NightElf", "Night Elf", 4),
    ("Scourge", "Undead", 5),
    ("Tauren", "Tauren", 6),
    ("Gnome", "Gnome", 7),
    ("Troll", "Troll", 8),
    ("Goblin", "Goblin", 9),
    ("BloodElf", "Blood Elf", 10),
    ("Draenei", "Draenei", 11),
    ("Worgen", "Worgen", 22),
    ("Pandaren", "Pandaren", 24),
    ("Nightborne", "Nightborne", 27),
    ("HighmountainTauren", "Highmountain Tauren", 28),
    ("VoidElf", "Void Elf", 29),
    ("LightforgedDraenei", "Lightforged Draenei", 30),
    ("ZandalariTroll", "Zandalari Troll", 31),
    ("KulTiran", "Kul Tiran", 32),
    ("DarkIronDwarf", "Dark Iron Dwarf", 34),
    ("Vulpera", "Vulpera", 35),
    ("MagharOrc", "Mag'har Orc", 36),
    ("Mechagnome", "Mechagnome", 37),
    ("Dracthyr", "Dracthyr", 52),
    ("EarthenDwarf", "Earthen", 84),
];

/// The races of a flavour's client: (file, enUS name, id). Classic Era has the first eight;
/// Mists Classic adds Goblin, Blood Elf, Draenei, Worgen and Pandaren.
pub(crate) fn races_of(
    product: wowsim_data::Flavor,
) -> impl Iterator<Item = &'static (&'static str, &'static str, i64)> {
    RACES.iter().filter(move |r| match product {
        wowsim_data::Flavor::Retail => true,
        wowsim_data::Flavor::Classic => r.2 <= 24,
        wowsim_data::Flavor::ClassicEra => r.2 <= 8,
    })
}

type Answer = fn(&Lua, &World, &Unit, &str, &MultiValue) -> mlua::Result<MultiValue>;

/// The token (first argument) as a string, if it is one.
fn token(args: &MultiValue) -> Option<String> {
    match args.front() {
        Some(Value::String(s)) => Some(s.to_string_lossy()),
        _ => None,
    }
}

/// Replaces global `name` (when the flavour has it) with one that answers from the world for
/// a known unit and calls the earlier function otherwise.
fn unit_fn(lua: &Lua, name: &str, answer: Answer) -> mlua::Result<()> {
    unit_fn_with(lua, name, answer, false)
}

/// [`unit_fn`] for a question about what a unit is doing (its cast): a unit the world does
/// not have (no target, an empty boss slot) does nothing, so it answers nothing, as the client
/// does for a unit that does not exist, instead of the earlier typed stub's values.
fn unit_fn_known(lua: &Lua, name: &str, answer: Answer) -> mlua::Result<()> {
    unit_fn_with(lua, name, answer, true)
}

fn unit_fn_with(lua: &Lua, name: &str, answer: Answer, known_only: bool) -> mlua::Result<()> {
    let g = lua.globals();
    let earlier: Value = g.raw_get(name)?;
    if earlier.is_nil() {
        // The flavour has no such function.
        return Ok(());
    }
    let f = lua.create_function(move |lua, args: MultiValue| {
        if let Some(tok) = token(&args) {
            let world = lua.app_data_ref::<World>();
            if let Some(world) = world {
                if let Some(unit) = world.unit(&tok) {
                    let unit = unit.clone();
                    return answer(lua, &world, &unit, &tok, &args);
                }
                if known_only {
                    return Ok(MultiValue::new());
                }
            }
        }
        match &earlier {
            Value::Function(f) => f.call::<MultiValue>(args),
            _ => Ok(MultiValue::new()),
        }
    })?;
    g.raw_set(name, f)
}

/// Replaces global `name` with an answer from the world as a whole.
fn world_fn<R: IntoLuaMulti + 'static>(
    lua: &Lua,
    name: &str,
    answer: fn(&World) -> R,
) -> mlua::Result<()> {
    if lua.globals().raw_get::<Value>(name)?.is_nil() {
        return Ok(());
    }
    let f: Function = lua.create_function(move |lua, _: MultiValue| {
        let world = lua.app_data_ref::<World>().expect("world");
        Ok(answer(&world))
    })?;
    lua.globals().raw_set(name, f)
}

fn ret(lua: &Lua, v: impl IntoLuaMulti) -> mlua::Result<MultiValue> {
    v.into_lua_multi(lua)
}

fn class_of(unit: &Unit) -> Option<(i64, &'static str, &'static str)> {
    let file = unit.class_file.as_deref()?;
    crate::api::classes::CLASSES
        .iter()
        .find(|(_, _, f)| *f == file)
        .copied()
}

fn second_unit<'a>(world: &'a World, args: &MultiValue) -> Option<&'a Unit> {
    match args.get(1) {
        Some(Value::String(s)) => world.unit(&s.to_string_lossy()),
        _ => None,
    }
}

fn install_identity(lua: &Lua) -> mlua::Result<()> {
    let name: Answer = |lua, _, u, _, _| ret(lua, (u.name.clone(), u.realm.clone()));
    unit_fn(lua, "UnitName", name)?;
    unit_fn(lua, "UnitNameUnmodified", name)?;
    unit_fn(lua, "UnitFullName", |lua, _, u, _, _| {
        let realm = u.realm.clone().or_else(|| {
            let g = crate::game_state::game(lua);
            let id = g.identity.borrow();
            u.is_player
                .then(|| crate::api::identity::normalized(&id.realm))
        });
        ret(lua, (u.name.clone(), realm))
    })?;
    unit_fn(lua, "UnitGUID", |lua, _, u, _, _| ret(lua, u.guid.clone()))?;
    unit_fn(lua, "UnitClass", |lua, _, u, _, _| match class_of(u) {
        Some((id, name, file)) => ret(lua, (name, file, id)),
        None => ret(lua, ()),
    })?;
    unit_fn(lua, "UnitClassBase", |lua, _, u, _, _| match class_of(u) {
        Some((id, _, file)) => ret(lua, (file, id)),
        None => ret(lua, ()),
    })?;
    unit_fn(lua, "UnitRace", |lua, _, u, _, _| {
        let race = u
            .race_file
            .as_deref()
            .and_then(|f| RACES.iter().find(|r| r.0 == f));
        match race {
            Some((file, name, id)) => ret(lua, (*name, *file, *id)),
            None => ret(lua, ()),
        }
    })?;
    let level: Answer = |lua, _, u, _, _| ret(lua, u.level);
    unit_fn(lua, "UnitLevel", level)?;
    unit_fn(lua, "UnitEffectiveLevel", level)?;
    unit_fn(lua, "UnitExists", |lua, _, _, _, _| ret(lua, true))?;
    unit_fn(lua, "UnitIsPlayer", |lua, _, u, _, _| ret(lua, u.is_player))?;
    unit_fn(lua, "UnitIsConnected", |lua, _, u, _, _| {
        ret(lua, u.is_player)
    })?;
    let dead: Answer = |lua, _, u, _, _| ret(lua, u.dead);
    unit_fn(lua, "UnitIsDead", dead)?;
    unit_fn(lua, "UnitIsDeadOrGhost", dead)?;
    unit_fn(lua, "UnitIsUnit", |lua, w, _, tok, args| {
        match args.get(1) {
            Some(Value::String(b)) => ret(lua, w.same_unit(tok, &b.to_string_lossy())),
            _ => ret(lua, false),
        }
    })
}

/// Whether `UnitPower`/`UnitPowerMax(unit [, powerType])` asks for the unit's own power (no
/// type, or its type): another type answers 0.
fn asks_own_power(u: &Unit, args: &MultiValue) -> bool {
    let asked = match args.get(1) {
        Some(Value::Integer(n)) => Some(*n as i32),
        Some(Value::Number(n)) => Some(*n as i32),
        _ => None,
    };
    asked.is_none_or(|t| t == u.power_type.0)
}

/// `cur / max` (0 for an empty maximum), or `curve`'s value there.
fn bar_share(lua: &Lua, cur: i64, max: i64, curve: &Value) -> mlua::Result<MultiValue> {
    let x = if max > 0 {
        cur as f64 / max as f64
    } else {
        0.0
    };
    ret(
        lua,
        crate::api::c_curve_util::evaluated_result(lua, curve, x)?,
    )
}

fn install_bars(lua: &Lua) -> mlua::Result<()> {
    unit_fn(lua, "UnitHealth", |lua, _, u, _, _| ret(lua, u.health))?;
    unit_fn(lua, "UnitHealthMax", |lua, _, u, _, _| {
        ret(lua, u.health_max)
    })?;
    unit_fn(lua, "UnitPower", |lua, _, u, _, args| {
        ret(lua, if asks_own_power(u, args) { u.power } else { 0 })
    })?;
    unit_fn(lua, "UnitPowerMax", |lua, _, u, _, args| {
        ret(
            lua,
            if asks_own_power(u, args) {
                u.power_max
            } else {
                0
            },
        )
    })?;
    // `UnitHealthPercent(unit, usePredicted, curve)`, `UnitPowerPercent(unit, powerType,
    // unmodified, curve)`: the bar's share of its maximum, or the curve's value there.
    unit_fn(lua, "UnitHealthPercent", |lua, _, u, _, args| {
        let curve = args.get(2).cloned().unwrap_or(Value::Nil);
        bar_share(lua, u.health, u.health_max, &curve)
    })?;
    unit_fn(lua, "UnitPowerPercent", |lua, _, u, _, args| {
        let curve = args.get(3).cloned().unwrap_or(Value::Nil);
        let (cur, max) = if asks_own_power(u, args) {
            (u.power, u.power_max)
        } else {
            (0, 0)
        };
        bar_share(lua, cur, max, &curve)
    })?;
    unit_fn(lua, "UnitPowerType", |lua, _, u, _, _| {
        ret(lua, (u.power_type.0, u.power_type.1.clone()))
    })?;
    unit_fn(lua, "UnitAffectingCombat", |lua, _, u, _, _| {
        ret(lua, u.in_combat)
    })
}

fn install_casts(lua: &Lua) -> mlua::Result<()> {
    unit_fn_known(lua, "UnitCastingInfo", |lua, _, u, _, _| match &u.cast {
        Some(c) if !c.channel => ret(
            lua,
            (
                c.name.clone(),
                c.name.clone(),
                136243,
                (c.start * 1000.0).round() as i64,
                (c.end * 1000.0).round() as i64,
                false,
                c.cast_guid.clone(),
                c.not_interruptible,
                c.spell_id,
            ),
        ),
        _ => ret(lua, ()),
    })?;
    unit_fn_known(lua, "UnitChannelInfo", |lua, _, u, _, _| match &u.cast {
        Some(c) if c.channel => ret(
            lua,
            (
                c.name.clone(),
                c.name.clone(),
                136243,
                (c.start * 1000.0).round() as i64,
                (c.end * 1000.0).round() as i64,
                false,
                c.not_interruptible,
                c.spell_id,
            ),
        ),
        _ => ret(lua, ()),
    })
}

fn install_relations(lua: &Lua) -> mlua::Result<()> {
    unit_fn(lua, "UnitGroupRolesAssigned", |lua, _, u, _, _| {
        ret(lua, u.role.clone())
    })?;
    unit_fn(lua, "UnitClassification", |lua, _, u, _, _| {
        ret(lua, u.classification.clone())
    })?;
    let enemy: Answer = |lua, w, u, _, args| {
        let other = second_unit(w, args);
        ret(lua, other.is_some_and(|o| o.hostile != u.hostile))
    };
    unit_fn(lua, "UnitCanAttack", enemy)?;
    unit_fn(lua, "UnitIsEnemy", enemy)?;
    unit_fn(lua, "UnitIsFriend", |lua, w, u, _, args| {
        let other = second_unit(w, args);
        ret(lua, other.is_some_and(|o| o.hostile == u.hostile))
    })?;
    unit_fn(
        lua,
        "UnitReaction",
        |lua, w, u, _, args| match second_unit(w, args) {
            Some(o) if o.hostile != u.hostile => ret(lua, 2),
            Some(_) => ret(lua, 5),
            None => ret(lua, ()),
        },
    )?;
    unit_fn(lua, "UnitInParty", |lua, w, u, _, _| {
        let in_group = w
            .group_members()
            .iter()
            .any(|&i| w.unit_at(i).guid == u.guid);
        let me = w.unit("player").is_some_and(|p| p.guid == u.guid);
        ret(lua, in_group || (me && w.group_size() > 0))
    })?;
    unit_fn(lua, "UnitInRaid", |lua, w, u, _, _| {
        if !w.raid {
            return ret(lua, ());
        }
        let tokens = (1..=40).map(|n| format!("raid{n}"));
        for (n, t) in tokens.enumerate() {
            if w.unit(&t).is_some_and(|x| x.guid == u.guid) {
                return ret(lua, n as i64 + 1);
            }
        }
        ret(lua, ())
    })
}

/// Installs the unit and group functions over the world.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    install_identity(lua)?;
    install_bars(lua)?;
    install_casts(lua)?;
    install_relations(lua)?;
    world_fn(lua, "IsInGroup", |w| w.group_size() > 0)?;
    world_fn(lua, "IsInRaid", |w| w.raid && w.group_size() > 0)?;
    world_fn(lua, "GetNumGroupMembers", |w| w.group_size() as i64)?;
    world_fn(lua, "GetNumSubgroupMembers", |w| {
        // In a raid: the others of the player's subgroup (party1..4).
        w.group_members().len().min(4) as i64
    })?;
    world_fn(lua, "InCombatLockdown", |w| w.in_combat)?;
    install_player_info(lua)?;
    if !lua
        .globals()
        .raw_get::<Value>("GetRaidRosterInfo")?
        .is_nil()
    {
        lua.globals()
            .raw_set("GetRaidRosterInfo", lua.create_function(raid_roster_info)?)?;
    }
    install_raid_profiles(lua)
}

/// `GetRaidRosterInfo(raidIndex)`: the raid member's name (with realm when not the player's),
/// rank (the player leads: 2), subgroup (five a group), level, class, class file, zone, online,
/// dead, raid role, master looter, and the assigned role. Nothing outside a raid or past it.
fn raid_roster_info(lua: &Lua, index: Value) -> mlua::Result<MultiValue> {
    let i = match index {
        Value::Integer(n) => n,
        Value::Number(n) => n as i64,
        _ => {
            return Err(wowsim_lua::lua_error(
                lua,
                "Usage: GetRaidRosterInfo(raidIndex)",
            ))
        }
    };
    let world = lua.app_data_ref::<World>().expect("world");
    if !world.raid || i < 1 {
        return ret(lua, ());
    }
    let Some(u) = world.unit(&format!("raid{i}")) else {
        return ret(lua, ());
    };
    let name = match &u.realm {
        Some(r) => format!("{}-{r}", u.name),
        None => u.name.clone(),
    };
    let (class, file) = match class_of(u) {
        Some((_, name, file)) => (name, file),
        None => ("", ""),
    };
    let rank = if i == 1 { 2 } else { 0 };
    let dead = u.dead.then_some(1);
    let values = (
        name,
        rank,
        (i - 1) / 5 + 1,
        u.level,
        class,
        file,
        "",
        1,
        dead,
    );
    let mut out = values.into_lua_multi(lua)?;
    // The raid role (`MAINTANK`, `MAINASSIST`) is nil for a member without one.
    out.extend((Value::Nil, Value::Nil, u.role.clone()).into_lua_multi(lua)?);
    Ok(out)
}

/// `GetPlayerInfoByGUID(guid)` for a player character the world knows by its GUID:
/// `localizedClass, englishClass, localizedRace, englishRace, sex (2), name, realmName ("" for
/// the player's realm)`; any other GUID gets the earlier answer.
fn install_player_info(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let Value::Function(earlier) = g.raw_get::<Value>("GetPlayerInfoByGUID")? else {
        return Ok(());
    };
    let f = lua.create_function(move |lua, args: MultiValue| {
        let known = match (args.front(), lua.app_data_ref::<World>()) {
            (Some(Value::String(guid)), Some(w)) => w
                .unit_by_guid(&guid.to_string_lossy())
                .filter(|u| u.is_player)
                .cloned(),
            _ => None,
        };
        let Some(u) = known else {
            return earlier.call::<MultiValue>(args);
        };
        let (class, file) = class_of(&u).map_or(("", ""), |(_, n, f)| (n, f));
        let race = u
            .race_file
            .as_deref()
            .and_then(|f| RACES.iter().find(|r| r.0 == f));
        let (race_name, race_file) = race.map_or(("", ""), |r| (r.1, r.0));
        let realm = u.realm.clone().unwrap_or_default();
        ret(lua, (class, file, race_name, race_file, 2, u.name, realm))
    })?;
    g.raw_set("GetPlayerInfoByGUID", f)
}

/// The raid profiles of the compact unit frames: one, `DEFAULT_CUF_PROFILE_NAME` (Blizzard's own
/// code counts on at least one), where the flavour has these functions.
fn install_raid_profiles(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let has = |n: &str| g.raw_get::<Value>(n).map(|v| !v.is_nil());
    let profile = |lua: &Lua| -> mlua::Result<Value> {
        match lua.globals().raw_get::<Value>("DEFAULT_CUF_PROFILE_NAME")? {
            Value::String(s) => Ok(Value::String(s)),
            _ => Ok(Value::String(lua.create_string("Primary")?)),
        }
    };
    if has("GetNumRaidProfiles")? {
        g.raw_set("GetNumRaidProfiles", lua.create_function(|_, ()| Ok(1))?)?;
    }
    if has("GetRaidProfileName")? {
        let f = lua.create_function(move |lua, i: Value| match i {
            Value::Integer(1) => profile(lua),
            Value::Number(1.0) => profile(lua),
            _ => Ok(Value::Nil),
        })?;
        g.raw_set("GetRaidProfileName", f)?;
    }
    if has("GetActiveRaidProfile")? {
        g.raw_set(
            "GetActiveRaidProfile",
            lua.create_function(move |lua, ()| profile(lua))?,
        )?;
    }
    if has("RaidProfileExists")? {
        let f = lua.create_function(move |lua, name: Value| {
            let p = profile(lua)?;
            Ok(matches!((&name, &p), (Value::String(a), Value::String(b)) if a.as_bytes() == b.as_bytes()))
        })?;
        g.raw_set("RaidProfileExists", f)?;
    }
    Ok(())
}
