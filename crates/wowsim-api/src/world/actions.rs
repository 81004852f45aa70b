//! What a timeline entry does: each [`Action`] changes the world and fires the events the
//! client fires for that change, in the client's order (the state is updated first, so
//! handlers read the new values).
//!
//! | action | state | events |
//! | --- | --- | --- |
//! | `EnterCombat` / `LeaveCombat` | lockdown, the player's combat flag | `PLAYER_REGEN_DISABLED` / `PLAYER_REGEN_ENABLED` |
//! | `Health` | health (and max) | `UNIT_MAXHEALTH` when the max changed, `UNIT_HEALTH` |
//! | `Power` | power (and max) | `UNIT_MAXPOWER`, `UNIT_POWER_UPDATE(unit, token)` |
//! | `Die` | health 0, dead | `UNIT_HEALTH`; for the player `PLAYER_DEAD` |
//! | `AuraApply` / `AuraRemove` / `AuraUpdate` | the unit's auras (`api/auras.rs`) | `UNIT_AURA` (added / removed / updated instance ids) |
//! | `CastStart` | the cast | `UNIT_SPELLCAST_START` or `_CHANNEL_START (unit, castGUID, spellID)` |
//! | `CastInstant` | | `UNIT_SPELLCAST_SUCCEEDED` |
//! | `CastEnd` | no cast | `UNIT_SPELLCAST_SUCCEEDED` then `_STOP`, or `_INTERRUPTED`/`_FAILED` then `_STOP`; channels `_CHANNEL_STOP` |
//! | `SetUnit` / `ClearUnit` | the token | `PLAYER_TARGET_CHANGED`, `PLAYER_FOCUS_CHANGED`, `NAME_PLATE_UNIT_ADDED/REMOVED` (with the plate's frame: `nameplates.rs`), `INSTANCE_ENCOUNTER_ENGAGE_UNIT` |
//! | `SetUnit` with the token `nameplate` / `LeaveNearby` | a unit near the character: the lowest free `nameplateN` when the nameplate CVars show such a unit / that token cleared | `NAME_PLATE_CREATED` for a new frame, `NAME_PLATE_UNIT_ADDED` / `NAME_PLATE_UNIT_REMOVED` |
//! | `Group` | members, party/raid tokens | `GROUP_ROSTER_UPDATE` |
//! | `Chat` | | `CHAT_MSG_<KIND>(text, sender, …)` |
//! | `AddonMessage` | | `CHAT_MSG_ADDON(prefix, text, channel, sender)` |
//! | `EncounterStart` / `EncounterEnd` | the encounter | `ENCOUNTER_START(id, name, difficulty, size)` / `ENCOUNTER_END(…, success)` |
//! | `Zone` | the location (`zone.rs`) | `PLAYER_LEAVING_WORLD`/`PLAYER_ENTERING_WORLD` for a new instance, `ZONE_CHANGED_NEW_AREA` or `ZONE_CHANGED` |
//! | `BossEmote` | | `CHAT_MSG_RAID_BOSS_EMOTE(text, sender)` |
//! | `Event` | | the named event with its arguments |
//! | `Inventory` | items, bags, currencies, spells (`inventory.rs`) | `PLAYER_EQUIPMENT_CHANGED`, `BAG_UPDATE`, `CHAT_MSG_LOOT`, `CURRENCY_DISPLAY_UPDATE`, `SPELLS_CHANGED` |
//! | `CombatLog` | what the line implies (its `implied` actions first) | `COMBAT_LOG_EVENT_UNFILTERED`, with `CombatLogGetCurrentEventInfo` answering the line |

use super::combat_log::LogValue;
use super::{Cast, Unit, World};
use crate::events;
use mlua::{IntoLuaMulti, Lua, MultiValue, Table, Value};

/// A plain value in a timeline entry (event arguments).
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    Nil,
    Bool(bool),
    Int(i64),
    Num(f64),
    Str(String),
}

/// How a cast ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastEnd {
    Succeeded,
    Stopped,
    Interrupted,
    Failed,
}

/// One change to the world.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    EnterCombat,
    LeaveCombat,
    Health {
        unit: String,
        value: i64,
        max: Option<i64>,
    },
    Power {
        unit: String,
        value: i64,
        max: Option<i64>,
    },
    Die {
        unit: String,
    },
    AuraApply {
        unit: String,
        spell_id: i64,
        name: String,
        duration: f64,
        stacks: i64,
        harmful: bool,
        source: Option<String>,
    },
    AuraRemove {
        unit: String,
        spell_id: i64,
    },
    /// New stacks and/or a new duration (from now) of the unit's aura of that spell.
    AuraUpdate {
        unit: String,
        spell_id: i64,
        stacks: Option<i64>,
        duration: Option<f64>,
    },
    CastStart {
        unit: String,
        spell_id: i64,
        name: String,
        duration: f64,
        channel: bool,
    },
    CastEnd {
        unit: String,
        how: CastEnd,
    },
    /// An instant cast: `UNIT_SPELLCAST_SUCCEEDED` alone.
    CastInstant {
        unit: String,
        spell_id: i64,
    },
    SetUnit {
        token: String,
        unit: Box<Unit>,
    },
    /// Changes what a unit's description names, keeping the rest (a scenario's `[player]`).
    PatchUnit {
        token: String,
        spec: Box<super::scenario::UnitSpec>,
    },
    /// Who a token's unit is (GUID, name, realm), keeping the rest of what the world knows of
    /// it: a combat log names the player but says nothing of its class or level.
    Identify {
        token: String,
        guid: String,
        name: String,
        realm: Option<String>,
    },
    ClearUnit {
        token: String,
    },
    /// A unit near the character at `distance` yards (None: unknown, near enough): a plate
    /// when within `nameplateMaxDistance` and the nameplate CVars show such a unit, else none.
    Near {
        unit: Box<Unit>,
        distance: Option<f64>,
    },
    /// The unit with this GUID is no longer near: its nameplate goes (`SetUnit` with the
    /// token `nameplate` gave it the lowest free one).
    LeaveNearby {
        guid: String,
    },
    Group {
        members: Vec<Unit>,
        raid: bool,
    },
    Chat {
        kind: String,
        sender: String,
        text: String,
    },
    AddonMessage {
        prefix: String,
        text: String,
        channel: String,
        sender: String,
    },
    EncounterStart {
        id: i64,
        name: String,
        difficulty: i64,
        size: i64,
    },
    EncounterEnd {
        id: i64,
        name: String,
        difficulty: i64,
        size: i64,
        success: bool,
    },
    /// A new location (`zone.rs`).
    Zone {
        location: Box<super::zone::Location>,
    },
    BossEmote {
        sender: String,
        text: String,
    },
    Event {
        name: String,
        args: Vec<Scalar>,
    },
    CombatLog {
        fields: Vec<LogValue>,
        implied: Vec<Action>,
    },
    /// A change to what the character carries or knows (`inventory.rs`).
    Inventory(super::inventory::Change),
    /// Actions of one timeline entry, in order.
    Sequence(Vec<Action>),
}

fn fire(lua: &Lua, event: &str, args: impl IntoLuaMulti) -> mlua::Result<()> {
    let args = args.into_lua_multi(lua)?;
    events::fire_event(lua, event, args)
}

fn world(lua: &Lua) -> mlua::AppDataRefMut<'_, World> {
    lua.app_data_mut::<World>().expect("world")
}

fn now(lua: &Lua) -> f64 {
    lua.app_data_ref::<wowsim_lua::clock::Clock>()
        .map(|c| c.now())
        .unwrap_or(0.0)
}

/// Applies a bar change; returns whether the unit exists and whether its max changed.
fn set_bar(lua: &Lua, unit: &str, value: i64, max: Option<i64>, health: bool) -> (bool, bool) {
    let mut w = world(lua);
    let Some(u) = w.unit_mut(unit) else {
        return (false, false);
    };
    let (cur, cap) = if health {
        (&mut u.health, &mut u.health_max)
    } else {
        (&mut u.power, &mut u.power_max)
    };
    let changed = max.is_some_and(|m| m != *cap);
    if let Some(m) = max {
        *cap = m.max(0);
    }
    *cur = value.clamp(0, *cap);
    if health && u.health > 0 {
        u.dead = false;
    }
    (true, changed)
}

fn set_combat(lua: &Lua, on: bool) -> mlua::Result<()> {
    {
        let mut w = world(lua);
        w.in_combat = on;
        if let Some(p) = w.unit_mut("player") {
            p.in_combat = on;
        }
    }
    if let Some(mut ui) = lua.app_data_mut::<crate::widgets::UiState>() {
        ui.lockdown = on;
    }
    wowsim_lua::budget::set_in_combat(lua, on);
    fire(
        lua,
        if on {
            "PLAYER_REGEN_DISABLED"
        } else {
            "PLAYER_REGEN_ENABLED"
        },
        (),
    )
}

fn scalar(lua: &Lua, s: &Scalar) -> mlua::Result<Value> {
    Ok(match s {
        Scalar::Nil => Value::Nil,
        Scalar::Bool(b) => Value::Boolean(*b),
        Scalar::Int(i) => Value::Integer(*i),
        Scalar::Num(n) => Value::Number(*n),
        Scalar::Str(s) => Value::String(lua.create_string(s)?),
    })
}

/// The global `wowsim` table's function `name` (the aura helpers of `api/auras.rs`).
fn wowsim_fn(lua: &Lua, name: &str) -> mlua::Result<mlua::Function> {
    lua.globals().get::<Table>("wowsim")?.get(name)
}

fn apply_aura(lua: &Lua, a: &Action) -> mlua::Result<()> {
    let (Action::AuraApply { unit, .. } | Action::AuraRemove { unit, .. }) = a else {
        return Ok(());
    };
    // A token that names no unit has no auras (as for health and casts).
    if world(lua).unit(unit).is_none() {
        return Ok(());
    }
    match a {
        Action::AuraApply {
            unit,
            spell_id,
            name,
            duration,
            stacks,
            harmful,
            source,
        } => {
            let t = lua.create_table()?;
            t.raw_set("spellId", *spell_id)?;
            t.raw_set("name", name.as_str())?;
            t.raw_set("duration", *duration)?;
            t.raw_set("applications", *stacks)?;
            t.raw_set("isHelpful", !*harmful)?;
            t.raw_set("isHarmful", *harmful)?;
            t.raw_set("sourceUnit", source.as_deref())?;
            wowsim_fn(lua, "AddAura")?.call::<()>((unit.as_str(), t))
        }
        Action::AuraRemove { unit, spell_id } => {
            let get: mlua::Function = lua
                .globals()
                .get::<Table>("C_UnitAuras")?
                .get("GetUnitAuraBySpellID")?;
            if let Value::Table(aura) = get.call::<Value>((unit.as_str(), *spell_id))? {
                let id: i64 = aura.get("auraInstanceID")?;
                wowsim_fn(lua, "RemoveAura")?.call::<()>((unit.as_str(), id))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn apply_cast(lua: &Lua, a: &Action) -> mlua::Result<()> {
    match a {
        Action::CastStart {
            unit,
            spell_id,
            name,
            duration,
            channel,
        } => {
            let t = now(lua);
            let guid = format!("Cast-3-0-0-0-{spell_id}-{:010X}", (t * 1000.0) as u64);
            {
                let mut w = world(lua);
                let Some(u) = w.unit_mut(unit) else {
                    return Ok(());
                };
                u.cast = Some(Cast {
                    spell_id: *spell_id,
                    name: name.clone(),
                    start: t,
                    end: t + duration,
                    channel: *channel,
                    not_interruptible: false,
                    cast_guid: guid.clone(),
                });
            }
            if *channel {
                fire(
                    lua,
                    "UNIT_SPELLCAST_CHANNEL_START",
                    (unit.as_str(), guid, *spell_id),
                )
            } else {
                fire(
                    lua,
                    "UNIT_SPELLCAST_START",
                    (unit.as_str(), guid, *spell_id),
                )
            }
        }
        Action::CastEnd { unit, how } => {
            let cast = world(lua).unit_mut(unit).and_then(|u| u.cast.take());
            let Some(c) = cast else { return Ok(()) };
            let args = (unit.as_str(), c.cast_guid.as_str(), c.spell_id);
            if c.channel {
                if *how == CastEnd::Interrupted {
                    fire(lua, "UNIT_SPELLCAST_INTERRUPTED", args)?;
                }
                return fire(lua, "UNIT_SPELLCAST_CHANNEL_STOP", args);
            }
            match how {
                CastEnd::Succeeded => fire(lua, "UNIT_SPELLCAST_SUCCEEDED", args)?,
                CastEnd::Interrupted => fire(lua, "UNIT_SPELLCAST_INTERRUPTED", args)?,
                CastEnd::Failed => fire(lua, "UNIT_SPELLCAST_FAILED", args)?,
                CastEnd::Stopped => {}
            }
            fire(lua, "UNIT_SPELLCAST_STOP", args)
        }
        Action::CastInstant { unit, spell_id } => {
            if world(lua).unit(unit).is_none() {
                return Ok(());
            }
            let guid = format!(
                "Cast-3-0-0-0-{spell_id}-{:010X}",
                (now(lua) * 1000.0) as u64
            );
            fire(
                lua,
                "UNIT_SPELLCAST_SUCCEEDED",
                (unit.as_str(), guid, *spell_id),
            )
        }
        _ => Ok(()),
    }
}

/// The event a token's change fires: (event, whether it takes the token as argument).
fn token_event(token: &str, added: bool) -> Option<(&'static str, bool)> {
    let t = token.to_ascii_lowercase();
    match t.as_str() {
        "target" => Some(("PLAYER_TARGET_CHANGED", false)),
        "focus" => Some(("PLAYER_FOCUS_CHANGED", false)),
        _ if t.starts_with("nameplate") => Some((
            if added {
                "NAME_PLATE_UNIT_ADDED"
            } else {
                "NAME_PLATE_UNIT_REMOVED"
            },
            true,
        )),
        _ if t.starts_with("boss") => Some(("INSTANCE_ENCOUNTER_ENGAGE_UNIT", false)),
        _ => None,
    }
}

fn apply_units(lua: &Lua, a: &Action) -> mlua::Result<()> {
    let (token, added) = match a {
        Action::SetUnit { token, unit } if token.eq_ignore_ascii_case("nameplate") => {
            // A unit near the character: the lowest free nameplate token, when the client's
            // nameplate settings show such a unit (none when all 40 are taken).
            let cvar = |n: &str| crate::api::misc::cvar_get(lua, n);
            if !World::plate_allowed(cvar, unit.hostile, unit.is_player) {
                return Ok(());
            }
            let free = {
                let w = world(lua);
                let has = w.unit_by_guid(&unit.guid).is_some()
                    && w.nameplate_of_guid(&unit.guid).is_some();
                (!has).then(|| w.free_nameplate()).flatten()
            };
            let Some(token) = free else { return Ok(()) };
            world(lua).add_unit((**unit).clone(), &[&token]);
            return super::nameplates::added(lua, &token);
        }
        Action::Near { unit, distance } => {
            let range = crate::api::misc::cvar_get(lua, "nameplateMaxDistance")
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(60.0);
            if distance.is_some_and(|d| d > range) {
                let guid = unit.guid.clone();
                return apply_units(lua, &Action::LeaveNearby { guid });
            }
            let known = world(lua).unit_by_guid(&unit.guid).cloned();
            let unit = Box::new(known.unwrap_or_else(|| (**unit).clone()));
            let token = "nameplate".to_string();
            return apply_units(lua, &Action::SetUnit { token, unit });
        }
        Action::LeaveNearby { guid } => {
            let token = world(lua).nameplate_of_guid(guid);
            return match token {
                Some(t) => super::nameplates::remove(lua, &t).map(|_| ()),
                None => Ok(()),
            };
        }
        Action::SetUnit { token, unit } if super::nameplates::plate_number(token).is_some() => {
            world(lua).add_unit((**unit).clone(), &[token]);
            return super::nameplates::added(lua, token);
        }
        Action::ClearUnit { token } if super::nameplates::plate_number(token).is_some() => {
            return super::nameplates::remove(lua, token).map(|_| ());
        }
        Action::SetUnit { token, unit } => {
            world(lua).add_unit((**unit).clone(), &[token]);
            (token, true)
        }
        Action::PatchUnit { token, spec } => {
            let mut w = world(lua);
            let base = w
                .unit(token)
                .cloned()
                .unwrap_or_else(|| Unit::new(token, token));
            let u = super::scenario::patch_unit(spec, base).map_err(mlua::Error::RuntimeError)?;
            w.add_unit(u, &[token]);
            return Ok(());
        }
        Action::Identify {
            token,
            guid,
            name,
            realm,
        } => {
            let mut w = world(lua);
            let mut u = w
                .unit(token)
                .cloned()
                .unwrap_or_else(|| Unit::new(guid, name));
            (u.guid, u.name, u.realm) = (guid.clone(), name.clone(), realm.clone());
            w.add_unit(u, &[token]);
            return Ok(());
        }
        Action::ClearUnit { token } => {
            world(lua).clear_token(token);
            (token, false)
        }
        Action::Group { members, raid } => {
            {
                let mut w = world(lua);
                let idx = members.iter().map(|m| w.add_unit(m.clone(), &[])).collect();
                w.set_group(idx, *raid);
            }
            return fire(lua, "GROUP_ROSTER_UPDATE", ());
        }
        _ => return Ok(()),
    };
    match token_event(token, added) {
        Some((ev, true)) => fire(lua, ev, token.as_str()),
        Some((ev, false)) => fire(lua, ev, ()),
        None => Ok(()),
    }
}

fn apply_messages(lua: &Lua, a: &Action) -> mlua::Result<()> {
    match a {
        Action::Chat { kind, sender, text } => {
            let ev = format!("CHAT_MSG_{}", kind.to_ascii_uppercase());
            fire(
                lua,
                &ev,
                (text.as_str(), sender.as_str(), "", "", sender.as_str()),
            )
        }
        Action::AddonMessage {
            prefix,
            text,
            channel,
            sender,
        } => fire(
            lua,
            "CHAT_MSG_ADDON",
            (
                prefix.as_str(),
                text.as_str(),
                channel.as_str(),
                sender.as_str(),
            ),
        ),
        Action::BossEmote { sender, text } => fire(
            lua,
            "CHAT_MSG_RAID_BOSS_EMOTE",
            (text.as_str(), sender.as_str()),
        ),
        Action::Zone { location } => super::zone::apply(lua, location),
        Action::Event { name, args } => {
            let vals: Vec<Value> = args
                .iter()
                .map(|s| scalar(lua, s))
                .collect::<mlua::Result<_>>()?;
            events::fire_event(lua, name, MultiValue::from_iter(vals))
        }
        _ => Ok(()),
    }
}

fn apply_encounter(lua: &Lua, a: &Action) -> mlua::Result<()> {
    match a {
        Action::EncounterStart {
            id,
            name,
            difficulty,
            size,
        } => {
            world(lua).encounter = Some(*id);
            fire(
                lua,
                "ENCOUNTER_START",
                (*id, name.as_str(), *difficulty, *size),
            )
        }
        Action::EncounterEnd {
            id,
            name,
            difficulty,
            size,
            success,
        } => {
            world(lua).encounter = None;
            let ok = i64::from(*success);
            fire(
                lua,
                "ENCOUNTER_END",
                (*id, name.as_str(), *difficulty, *size, ok),
            )
        }
        _ => Ok(()),
    }
}

fn apply_bars(lua: &Lua, a: &Action) -> mlua::Result<()> {
    match a {
        Action::Health { unit, value, max } => {
            let (exists, max_changed) = set_bar(lua, unit, *value, *max, true);
            if !exists {
                return Ok(());
            }
            if max_changed {
                fire(lua, "UNIT_MAXHEALTH", unit.as_str())?;
            }
            fire(lua, "UNIT_HEALTH", unit.as_str())
        }
        Action::Power { unit, value, max } => {
            let (exists, max_changed) = set_bar(lua, unit, *value, *max, false);
            if !exists {
                return Ok(());
            }
            let token = world(lua)
                .unit(unit)
                .map(|u| u.power_type.1.clone())
                .unwrap_or_default();
            if max_changed {
                fire(lua, "UNIT_MAXPOWER", (unit.as_str(), token.as_str()))?;
            }
            fire(lua, "UNIT_POWER_UPDATE", (unit.as_str(), token.as_str()))
        }
        Action::Die { unit } => {
            let exists = {
                let mut w = world(lua);
                match w.unit_mut(unit) {
                    Some(u) => {
                        u.health = 0;
                        u.dead = true;
                        true
                    }
                    None => false,
                }
            };
            if !exists {
                return Ok(());
            }
            fire(lua, "UNIT_HEALTH", unit.as_str())?;
            if unit.eq_ignore_ascii_case("player") {
                fire(lua, "PLAYER_DEAD", ())?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Applies one action: the state change, then its events.
pub fn apply(lua: &Lua, a: &Action) -> mlua::Result<()> {
    if let Some(unit) = unit_of_action(a).filter(|u| u.starts_with('@')) {
        // A combat log's near unit (`log_nearby.rs`): the token its plate has now, if any.
        let Some(token) = world(lua).nameplate_of_guid(&unit[1..]) else {
            return Ok(());
        };
        let mut b = a.clone();
        if let Some(u) = unit_of_action_mut(&mut b) {
            *u = token;
        }
        return apply(lua, &b);
    }
    match a {
        Action::EnterCombat => set_combat(lua, true),
        Action::LeaveCombat => set_combat(lua, false),
        Action::Health { .. } | Action::Power { .. } | Action::Die { .. } => apply_bars(lua, a),
        Action::AuraApply { .. } | Action::AuraRemove { .. } => apply_aura(lua, a),
        Action::AuraUpdate {
            unit,
            spell_id,
            stacks,
            duration,
        } => {
            if world(lua).unit(unit).is_some() {
                crate::api::auras::update_aura(lua, unit, *spell_id, *stacks, *duration)?;
            }
            Ok(())
        }
        Action::CastStart { .. } | Action::CastEnd { .. } | Action::CastInstant { .. } => {
            apply_cast(lua, a)
        }
        Action::SetUnit { .. }
        | Action::PatchUnit { .. }
        | Action::Identify { .. }
        | Action::ClearUnit { .. }
        | Action::Near { .. }
        | Action::LeaveNearby { .. }
        | Action::Group { .. } => apply_units(lua, a),
        Action::EncounterStart { .. } | Action::EncounterEnd { .. } => apply_encounter(lua, a),
        Action::CombatLog { fields, implied } => {
            for i in implied {
                apply(lua, i)?;
            }
            world(lua).current_log_event = Some(fields.clone());
            let r = fire(lua, "COMBAT_LOG_EVENT_UNFILTERED", ());
            world(lua).current_log_event = None;
            r
        }
        Action::Inventory(c) => super::inventory::apply(lua, c),
        Action::Sequence(all) => all.iter().try_for_each(|a| apply(lua, a)),
        _ => apply_messages(lua, a),
    }
}

/// The unit an action changes, for those that change one.
fn unit_of_action(a: &Action) -> Option<&String> {
    match a {
        Action::Health { unit, .. }
        | Action::Power { unit, .. }
        | Action::Die { unit }
        | Action::AuraApply { unit, .. }
        | Action::AuraRemove { unit, .. }
        | Action::AuraUpdate { unit, .. }
        | Action::CastStart { unit, .. }
        | Action::CastEnd { unit, .. }
        | Action::CastInstant { unit, .. } => Some(unit),
        _ => None,
    }
}

fn unit_of_action_mut(a: &mut Action) -> Option<&mut String> {
    match a {
        Action::Health { unit, .. }
        | Action::Power { unit, .. }
        | Action::Die { unit }
        | Action::AuraApply { unit, .. }
        | Action::AuraRemove { unit, .. }
        | Action::AuraUpdate { unit, .. }
        | Action::CastStart { unit, .. }
        | Action::CastEnd { unit, .. }
        | Action::CastInstant { unit, .. } => Some(unit),
        _ => None,
    }
}
