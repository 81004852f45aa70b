//! The game world's state that the unit API reports: the units (the player, target, focus,
//! group members, bosses, nameplates) with their health, power, casts and combat, the group,
//! and the combat lockdown; and a timeline of changes (`actions.rs`) that scenario files
//! (`scenario.rs`) and combat-log replay (`combat_log.rs`) fill, run as virtual time passes.
//! The unit functions themselves are in `unit_api.rs`. One owner: [`World`] (VM app data).

pub mod actions;
pub mod combat_log;
mod helpers;
pub mod inventory;
mod inventory_api;
mod log_nearby;
mod log_units;
pub(crate) mod nameplates;
pub mod scenario;
mod spec_api;
mod unit_api;
pub(crate) use unit_api::races_of;
pub mod zone;

use actions::Action;
use mlua::Lua;
use rustc_hash::FxHashMap;

/// A cast or channel in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Cast {
    pub spell_id: i64,
    pub name: String,
    /// Virtual time in seconds.
    pub start: f64,
    pub end: f64,
    pub channel: bool,
    pub not_interruptible: bool,
    pub cast_guid: String,
}

/// One unit as the API reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    pub guid: String,
    pub name: String,
    /// `None` for the player's own realm (and for creatures).
    pub realm: Option<String>,
    pub is_player: bool,
    pub class_file: Option<String>,
    pub race_file: Option<String>,
    pub level: i64,
    pub health: i64,
    pub health_max: i64,
    pub power: i64,
    pub power_max: i64,
    /// `Enum.PowerType` value and token (`0`, `MANA`).
    pub power_type: (i32, String),
    pub dead: bool,
    pub in_combat: bool,
    /// `TANK`, `HEALER`, `DAMAGER` or `NONE`.
    pub role: String,
    /// Can the player attack it (an enemy)?
    pub hostile: bool,
    /// `normal`, `elite`, `rare`, `rareelite`, `worldboss`, `minus`, `trivial`.
    pub classification: String,
    pub cast: Option<Cast>,
    /// The specialization's id (`62` Arcane), when a scenario gave one.
    pub spec_id: Option<i64>,
}

impl Unit {
    /// A unit with the given GUID and name and the defaults: level 1, full health of 100,
    /// mana, friendly, normal; a player character (a `Player-` GUID) has a class and a race,
    /// as every character does: a Human Warrior until told otherwise (a combat log names no
    /// class, and the client's UI files every raid member under its class).
    pub fn new(guid: &str, name: &str) -> Unit {
        let is_player = guid.starts_with("Player-");
        let (class_file, race_file) = match is_player {
            true => (Some("WARRIOR".to_string()), Some("Human".to_string())),
            false => (None, None),
        };
        Unit {
            guid: guid.to_string(),
            name: name.to_string(),
            realm: None,
            is_player,
            class_file,
            race_file,
            level: 1,
            health: 100,
            health_max: 100,
            power: 0,
            power_max: 100,
            power_type: if is_player {
                (1, "RAGE".into())
            } else {
                (0, "MANA".into())
            },
            dead: false,
            in_combat: false,
            role: "NONE".into(),
            hostile: false,
            classification: "normal".into(),
            cast: None,
            spec_id: None,
        }
    }
}

/// The world (VM app data).
#[derive(Debug, Default)]
pub struct World {
    units: Vec<Unit>,
    /// Unit token (lower case: `player`, `target`, `party1`, `boss1`, `nameplate3`) → unit.
    tokens: FxHashMap<String, usize>,
    /// Group members other than the player, in order (party1.. or raid1..).
    group: Vec<usize>,
    pub raid: bool,
    /// Combat lockdown (`InCombatLockdown`), entered and left by actions.
    pub in_combat: bool,
    /// Where the character is (`None`: the open world of `api/c_map.rs`).
    pub location: Option<zone::Location>,
    /// The encounter in progress (`ENCOUNTER_START` to `ENCOUNTER_END`), by id.
    pub encounter: Option<i64>,
    /// Timeline entries not yet due: (virtual time, action), in time order.
    timeline: std::collections::VecDeque<(f64, Action)>,
    /// The combat log event being dispatched (`CombatLogGetCurrentEventInfo`).
    pub current_log_event: Option<Vec<combat_log::LogValue>>,
    /// GUID → unit index, for the combat log.
    by_guid: FxHashMap<String, usize>,
    /// What the character carries (items, bags, currencies).
    pub(crate) inventory: inventory::Inventory,
    /// The nameplates' frames (`nameplates.rs`).
    plates: nameplates::Plates,
}

impl World {
    /// A world with only the player.
    pub(crate) fn with_player(player: Unit) -> World {
        let mut w = World::default();
        w.add_unit(player, &["player"]);
        w
    }

    /// Adds a unit (or updates the one with its GUID) and points `tokens` at it.
    pub(crate) fn add_unit(&mut self, unit: Unit, tokens: &[&str]) -> usize {
        let i = match self.by_guid.get(&unit.guid) {
            Some(&i) => {
                self.units[i] = unit;
                i
            }
            None => {
                self.by_guid.insert(unit.guid.clone(), self.units.len());
                self.units.push(unit);
                self.units.len() - 1
            }
        };
        for t in tokens {
            self.tokens.insert(t.to_ascii_lowercase(), i);
        }
        i
    }

    /// Removes a token (the unit stays known by its GUID).
    pub(crate) fn clear_token(&mut self, token: &str) {
        self.tokens.remove(&token.to_ascii_lowercase());
    }

    /// The unit a token names, if any.
    pub fn unit(&self, token: &str) -> Option<&Unit> {
        self.index(token).map(|i| &self.units[i])
    }

    pub(crate) fn unit_mut(&mut self, token: &str) -> Option<&mut Unit> {
        let i = self.index(token)?;
        Some(&mut self.units[i])
    }

    /// A token's unit; as in the client, the name of the player or of a group member
    /// (`Name`, or `Name-Realm` for its realm) is a unit id too.
    fn index(&self, token: &str) -> Option<usize> {
        let t = token.to_ascii_lowercase();
        if let Some(&i) = self.tokens.get(t.as_str()) {
            return Some(i);
        }
        let (name, realm) = match token.split_once('-') {
            Some((n, r)) => (n, Some(r)),
            None => (token, None),
        };
        let player = self.tokens.get("player").copied();
        player.iter().chain(self.group.iter()).copied().find(|&i| {
            let u = &self.units[i];
            u.name.eq_ignore_ascii_case(name)
                && realm.is_none_or(|r| {
                    u.realm
                        .as_deref()
                        .is_none_or(|ur| ur.eq_ignore_ascii_case(r))
                })
        })
    }

    /// The unit with a GUID, whatever token names it.
    pub(crate) fn unit_by_guid(&self, guid: &str) -> Option<&Unit> {
        self.by_guid.get(guid).map(|&i| &self.units[i])
    }

    pub(crate) fn unit_at(&self, i: usize) -> &Unit {
        &self.units[i]
    }

    /// Whether two tokens name the same unit.
    pub(crate) fn same_unit(&self, a: &str, b: &str) -> bool {
        matches!((self.index(a), self.index(b)), (Some(x), Some(y)) if x == y)
    }

    /// Sets the group (members other than the player) and re-points `party1..`/`raid1..`.
    pub(crate) fn set_group(&mut self, members: Vec<usize>, raid: bool) {
        self.tokens
            .retain(|t, _| !(t.starts_with("party") || t.starts_with("raid")));
        self.group = members;
        self.raid = raid;
        let player = self.tokens.get("player").copied();
        if raid {
            let mut all: Vec<usize> = player.into_iter().collect();
            all.extend(self.group.iter().copied());
            for (n, &i) in all.iter().enumerate() {
                self.tokens.insert(format!("raid{}", n + 1), i);
            }
            // In a raid, party1..4 are the others of the player's subgroup (the first five).
            for (n, &i) in self.group.clone().iter().take(4).enumerate() {
                self.tokens.insert(format!("party{}", n + 1), i);
            }
        } else {
            for (n, &i) in self.group.clone().iter().enumerate() {
                self.tokens.insert(format!("party{}", n + 1), i);
            }
        }
    }

    /// `GetNumGroupMembers()`: the player counts when in a group.
    pub(crate) fn group_size(&self) -> usize {
        if self.group.is_empty() {
            0
        } else {
            self.group.len() + 1
        }
    }

    pub(crate) fn group_members(&self) -> &[usize] {
        &self.group
    }

    /// Queues actions at virtual times (kept in time order; equal times keep their order).
    pub fn schedule(&mut self, entries: Vec<(f64, Action)>) {
        let mut all: Vec<(f64, Action)> = self.timeline.drain(..).collect();
        all.extend(entries);
        all.sort_by(|a, b| a.0.total_cmp(&b.0));
        self.timeline = all.into();
    }

    /// Takes the next action due at `now`, if any.
    fn next_due(&mut self, now: f64) -> Option<Action> {
        if self.timeline.front().is_some_and(|(t, _)| *t <= now) {
            return self.timeline.pop_front().map(|(_, a)| a);
        }
        None
    }

    /// Timeline entries not yet run.
    pub fn pending(&self) -> usize {
        self.timeline.len()
    }
}

/// Installs the world with the player from `player` and the unit API over it.
pub fn install(lua: &Lua, player: Unit) -> mlua::Result<()> {
    lua.set_app_data(World::with_player(player));
    unit_api::install(lua)?;
    zone::install(lua)?;
    inventory_api::install(lua)?;
    nameplates::install(lua)?;
    helpers::install(lua)
}

/// The functions answered from the world that the client's API documentation and the late
/// stubs define after [`install`] (the specialization functions): called once every API is in
/// place. Classic Era has talent trees, not specializations: its functions stay as they are.
pub fn install_late(lua: &Lua, data: &wowsim_data::ProductData) -> mlua::Result<()> {
    if data.product() == wowsim_data::Flavor::ClassicEra {
        return Ok(());
    }
    spec_api::install(lua)
}

/// Runs the timeline's actions due by now (called each frame), in order; each action changes
/// the state and fires its events.
pub fn run_due(lua: &Lua) -> mlua::Result<()> {
    let now = lua
        .app_data_ref::<wowsim_lua::clock::Clock>()
        .map(|c| c.now())
        .unwrap_or(0.0);
    loop {
        let next = lua
            .app_data_mut::<World>()
            .and_then(|mut w| w.next_due(now));
        let Some(action) = next else {
            return Ok(());
        };
        if let Err(e) = actions::apply(lua, &action) {
            // A stopped run stops here; anything else is a record and the timeline goes on.
            wowsim_lua::budget::check_stop(lua)?;
            if let Some(mut st) = lua.app_data_mut::<wowsim_lua::errors::ErrorState>() {
                let msg = format!("wow-sim scenario: {}", wowsim_lua::host_error_message(&e));
                st.log.push(msg, "scenario", Vec::new());
            }
        }
    }
}

/// The world's state for a test or a front end, read with `f`.
pub(crate) fn with_world<R>(lua: &Lua, f: impl FnOnce(&World) -> R) -> Option<R> {
    lua.app_data_ref::<World>().map(|w| f(&w))
}
