//! Scenario files: the game state on a timeline, in TOML (schema in docs/scenarios.md).
//!
//! ```toml
//! [player]
//! name = "Tester"
//! class = "MAGE"
//! level = 80
//! health = 90000
//! health_max = 100000
//!
//! [target]
//! name = "Training Dummy"
//! hostile = true
//!
//! [[party]]
//! name = "Healbot"
//! class = "PRIEST"
//! role = "HEALER"
//!
//! [[timeline]]
//! at = 1.0
//! do = "enter_combat"
//!
//! [[timeline]]
//! at = 2.5
//! do = "health"
//! unit = "player"
//! value = 50000
//! ```
//!
//! Reading gives the start state (actions run before any addon loads) and the timeline; an
//! error names the file and the line of the table (or key) that is wrong.

use super::actions::{Action, CastEnd, Scalar};
use super::Unit;
use serde::Deserialize;

/// A scenario file that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ScenarioError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// What a scenario sets up: actions at the start, then the timeline, and a combat log to
/// replay (a path relative to the scenario file) from a virtual time.
#[derive(Debug, Default, PartialEq)]
pub struct Scenario {
    pub start: Vec<Action>,
    pub timeline: Vec<(f64, Action)>,
    pub combat_log: Option<(String, f64)>,
}

/// A unit as a scenario describes it (every key optional).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    name: Option<String>,
    realm: Option<String>,
    guid: Option<String>,
    class: Option<String>,
    race: Option<String>,
    level: Option<i64>,
    health: Option<i64>,
    health_max: Option<i64>,
    power: Option<i64>,
    power_max: Option<i64>,
    power_type: Option<String>,
    role: Option<String>,
    hostile: Option<bool>,
    classification: Option<String>,
    dead: Option<bool>,
    /// The specialization's id (`62` Arcane): gives the class and role when not given.
    spec: Option<i64>,
    /// For `[[units]]`: the token (`boss1`, `nameplate2`, `focus`).
    token: Option<String>,
    /// A player character (default: true for the group and the player, false otherwise).
    player: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    player: Option<toml::Spanned<UnitSpec>>,
    target: Option<toml::Spanned<UnitSpec>>,
    focus: Option<toml::Spanned<UnitSpec>>,
    party: Option<Vec<toml::Spanned<UnitSpec>>>,
    raid: Option<Vec<toml::Spanned<UnitSpec>>>,
    units: Option<Vec<toml::Spanned<UnitSpec>>>,
    nearby: Option<Vec<toml::Spanned<UnitSpec>>>,
    location: Option<toml::Spanned<toml::Table>>,
    items: Option<Vec<toml::Spanned<toml::Table>>>,
    currencies: Option<Vec<toml::Spanned<toml::Table>>>,
    spells: Option<Vec<toml::Spanned<toml::Table>>>,
    bag_sizes: Option<toml::Spanned<Vec<i64>>>,
    combat_in: Option<bool>,
    combat_log: Option<String>,
    combat_log_at: Option<f64>,
    timeline: Option<Vec<toml::Spanned<toml::Table>>>,
}

/// Power types by token: (`Enum.PowerType`, token).
const POWER_TYPES: &[(i32, &str)] = &[
    (0, "MANA"),
    (1, "RAGE"),
    (2, "FOCUS"),
    (3, "ENERGY"),
    (6, "RUNIC_POWER"),
    (8, "LUNAR_POWER"),
    (11, "MAELSTROM"),
    (13, "INSANITY"),
    (17, "FURY"),
    (18, "PAIN"),
    (19, "ESSENCE"),
];

pub(super) fn class_power_token(class: &str) -> &'static str {
    match class {
        "WARRIOR" => "RAGE",
        "ROGUE" | "MONK" => "ENERGY",
        "HUNTER" => "FOCUS",
        "DEATHKNIGHT" => "RUNIC_POWER",
        "DEMONHUNTER" => "FURY",
        _ => "MANA",
    }
}

fn guid_for(name: &str, player: bool) -> String {
    let hash = name
        .bytes()
        .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
    if player {
        format!("Player-1-{hash:08X}")
    } else {
        format!("Creature-0-1-1-1-{}-{hash:010X}", hash % 200000)
    }
}

/// A class's own power type (`Enum.PowerType` value and token).
pub(super) fn class_power(class: &str) -> (i32, String) {
    power(class_power_token(class)).unwrap_or((0, "MANA".into()))
}

/// A `leave_nearby` entry: the unit by `guid`, else by the GUID its `name` has by default.
fn leave_nearby(e: &mut Entry<'_>) -> Result<Action, String> {
    let guid = match e.str_or("guid", "")? {
        g if g.is_empty() => guid_for(&e.str("name")?, e.bool_or("player", false)?),
        g => g,
    };
    Ok(Action::LeaveNearby { guid })
}

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())].matches('\n').count() + 1
}

/// Builds a new unit from its description (`is_player` the default when it does not say).
fn unit_of(spec: &UnitSpec, default_name: &str, is_player: bool) -> Result<Unit, String> {
    let player = spec.player.unwrap_or(is_player);
    let name = spec
        .name
        .clone()
        .unwrap_or_else(|| default_name.to_string());
    let guid = spec.guid.clone().unwrap_or_else(|| guid_for(&name, player));
    let mut base = Unit::new(&guid, &name);
    base.is_player = player;
    base.level = if player { 80 } else { 1 };
    base.power = base.power_max;
    if player {
        // Every character has a class and a race; the logged-in one's defaults.
        base.class_file = Some("WARRIOR".into());
        base.race_file = Some("Human".into());
        base.power_type = (1, "RAGE".into());
    }
    patch_unit(spec, base)
}

/// `base` with what `spec` says changed (the rest kept): a scenario's `[player]` changes the
/// logged-in character this way, keeping its race or level when the file does not name them.
pub(crate) fn patch_unit(spec: &UnitSpec, base: Unit) -> Result<Unit, String> {
    let mut u = base;
    if let Some(n) = &spec.name {
        u.name = n.clone();
    }
    if let Some(g) = &spec.guid {
        u.guid = g.clone();
    }
    if let Some(p) = spec.player {
        u.is_player = p;
    }
    if spec.realm.is_some() {
        u.realm = spec.realm.clone();
    }
    if let Some(c) = &spec.class {
        let c = c.to_ascii_uppercase();
        if !crate::api::classes::CLASSES.iter().any(|(_, _, f)| *f == c) {
            return Err(format!(
                "unknown class '{c}' (class file names: WARRIOR, MAGE, ...)"
            ));
        }
        u.power_type = power(class_power_token(&c))?;
        u.class_file = Some(c);
    }
    if let Some(id) = spec.spec {
        let (class, role) =
            crate::api::specializations::class_and_role_of_spec(id).ok_or_else(|| {
                format!("unknown spec {id} (a specialization id: 62 Arcane, 71 Arms, ...)")
            })?;
        match &spec.class {
            None => {
                u.power_type = power(class_power_token(class))?;
                u.class_file = Some(class.to_string());
            }
            Some(c) if !c.eq_ignore_ascii_case(class) => {
                return Err(format!(
                    "spec {id} is a {class} spec, not {}'s",
                    c.to_ascii_uppercase()
                ));
            }
            Some(_) => {}
        }
        if spec.role.is_none() {
            u.role = role.to_string();
        }
        u.spec_id = Some(id);
    }
    if let Some(r) = &spec.race {
        if !super::unit_api::RACES.iter().any(|(f, _, _)| f == r) {
            return Err(format!(
                "unknown race '{r}' (race file names: Human, Orc, NightElf, ...)"
            ));
        }
        u.race_file = Some(r.clone());
    }
    if let Some(p) = &spec.power_type {
        u.power_type = power(p)?;
    }
    if let Some(l) = spec.level {
        u.level = l;
    }
    (u.health, u.health_max) = bar(spec.health, spec.health_max, (u.health, u.health_max), 1);
    (u.power, u.power_max) = bar(spec.power, spec.power_max, (u.power, u.power_max), 0);
    if let Some(role) = &spec.role {
        let role = role.to_ascii_uppercase();
        if !["TANK", "HEALER", "DAMAGER", "NONE"].contains(&role.as_str()) {
            return Err(format!(
                "unknown role '{role}' (TANK, HEALER, DAMAGER, NONE)"
            ));
        }
        u.role = role;
    }
    if let Some(h) = spec.hostile {
        u.hostile = h;
    }
    if let Some(c) = &spec.classification {
        u.classification = c.clone();
    }
    if let Some(d) = spec.dead {
        u.dead = d;
    }
    if u.dead {
        u.health = 0;
    }
    Ok(u)
}

/// A bar's (value, max) from the keys given: the max alone keeps the value (capped), the value
/// alone raises the max when it is above it.
fn bar(value: Option<i64>, max: Option<i64>, old: (i64, i64), min_max: i64) -> (i64, i64) {
    let max = max
        .unwrap_or(value.map_or(old.1, |v| v.max(old.1)))
        .max(min_max);
    let value = value.unwrap_or(if max != old.1 && old.0 == old.1 {
        max
    } else {
        old.0
    });
    (value.clamp(0, max), max)
}

fn power(token: &str) -> Result<(i32, String), String> {
    let t = token.to_ascii_uppercase();
    POWER_TYPES
        .iter()
        .find(|(_, p)| *p == t)
        .map(|(n, p)| (*n, p.to_string()))
        .ok_or_else(|| format!("unknown power type '{token}'"))
}

/// A unit from a table of a scenario's unit keys (`wowsim.SetUnit`).
pub(crate) fn unit_from_table(t: toml::Table, default_name: &str) -> Result<Unit, String> {
    let spec: UnitSpec = toml::Value::Table(t)
        .try_into()
        .map_err(|e| e.to_string())?;
    unit_of(&spec, default_name, false)
}

/// The keys of one timeline entry, read by name with the entry's line for errors.
struct Entry<'a> {
    table: &'a toml::Table,
    used: Vec<&'static str>,
}

impl<'a> Entry<'a> {
    fn get(&mut self, key: &'static str) -> Option<&'a toml::Value> {
        self.used.push(key);
        self.table.get(key)
    }
    fn str(&mut self, key: &'static str) -> Result<String, String> {
        match self.get(key) {
            Some(toml::Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(format!("'{key}' must be a string")),
            None => Err(format!("'{key}' is missing")),
        }
    }
    fn str_or(&mut self, key: &'static str, default: &str) -> Result<String, String> {
        match self.get(key) {
            None => Ok(default.to_string()),
            Some(toml::Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(format!("'{key}' must be a string")),
        }
    }
    fn int(&mut self, key: &'static str) -> Result<i64, String> {
        match self.get(key) {
            Some(toml::Value::Integer(n)) => Ok(*n),
            Some(_) => Err(format!("'{key}' must be an integer")),
            None => Err(format!("'{key}' is missing")),
        }
    }
    fn opt_int(&mut self, key: &'static str) -> Result<Option<i64>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(toml::Value::Integer(n)) => Ok(Some(*n)),
            Some(_) => Err(format!("'{key}' must be an integer")),
        }
    }
    fn num_or(&mut self, key: &'static str, default: f64) -> Result<f64, String> {
        match self.get(key) {
            None => Ok(default),
            Some(toml::Value::Integer(n)) => Ok(*n as f64),
            Some(toml::Value::Float(n)) => Ok(*n),
            Some(_) => Err(format!("'{key}' must be a number")),
        }
    }
    fn bool_or(&mut self, key: &'static str, default: bool) -> Result<bool, String> {
        match self.get(key) {
            None => Ok(default),
            Some(toml::Value::Boolean(b)) => Ok(*b),
            Some(_) => Err(format!("'{key}' must be true or false")),
        }
    }
    /// Refuses keys the action does not read.
    fn finish(self) -> Result<(), String> {
        match self.table.keys().find(|k| !self.used.contains(&k.as_str())) {
            Some(k) => Err(format!("unknown key '{k}' for this action")),
            None => Ok(()),
        }
    }
}

fn scalar(v: &toml::Value) -> Result<Scalar, String> {
    Ok(match v {
        toml::Value::String(s) => Scalar::Str(s.clone()),
        toml::Value::Integer(n) => Scalar::Int(*n),
        toml::Value::Float(n) => Scalar::Num(*n),
        toml::Value::Boolean(b) => Scalar::Bool(*b),
        _ => return Err("event arguments must be strings, numbers or booleans".into()),
    })
}

fn action_of(e: &mut Entry, what: &str) -> Result<Action, String> {
    Ok(match what {
        "enter_combat" => Action::EnterCombat,
        "leave_combat" => Action::LeaveCombat,
        "health" | "power" => {
            let (unit, value, max) = (e.str("unit")?, e.int("value")?, e.opt_int("max")?);
            if what == "health" {
                Action::Health { unit, value, max }
            } else {
                Action::Power { unit, value, max }
            }
        }
        "die" => Action::Die {
            unit: e.str("unit")?,
        },
        "aura_apply" => Action::AuraApply {
            unit: e.str("unit")?,
            spell_id: e.int("spell_id")?,
            name: e.str_or("name", "")?,
            duration: e.num_or("duration", 0.0)?,
            stacks: e.opt_int("stacks")?.unwrap_or(0),
            harmful: e.bool_or("harmful", false)?,
            source: e.get("source").and_then(|v| v.as_str()).map(str::to_string),
        },
        "aura_remove" => Action::AuraRemove {
            unit: e.str("unit")?,
            spell_id: e.int("spell_id")?,
        },
        "cast_start" | "channel_start" => Action::CastStart {
            unit: e.str("unit")?,
            spell_id: e.int("spell_id")?,
            name: e.str_or("name", "")?,
            duration: e.num_or("duration", 1.5)?,
            channel: what == "channel_start",
        },
        "cast_succeeded" | "cast_stop" | "cast_interrupted" | "cast_failed" => Action::CastEnd {
            unit: e.str("unit")?,
            how: match what {
                "cast_succeeded" => CastEnd::Succeeded,
                "cast_stop" => CastEnd::Stopped,
                "cast_interrupted" => CastEnd::Interrupted,
                _ => CastEnd::Failed,
            },
        },
        "clear_unit" => Action::ClearUnit {
            token: e.str("token")?,
        },
        "leave_nearby" => leave_nearby(e)?,
        "chat" => Action::Chat {
            kind: e.str_or("kind", "SAY")?,
            sender: e.str("sender")?,
            text: e.str("text")?,
        },
        "addon_message" => Action::AddonMessage {
            prefix: e.str("prefix")?,
            text: e.str("text")?,
            channel: e.str_or("channel", "PARTY")?,
            sender: e.str("sender")?,
        },
        "encounter_start" | "encounter_end" => {
            let (id, name) = (e.int("id")?, e.str_or("name", "")?);
            let difficulty = e.opt_int("difficulty")?.unwrap_or(16);
            let size = e.opt_int("size")?.unwrap_or(20);
            if what == "encounter_start" {
                Action::EncounterStart {
                    id,
                    name,
                    difficulty,
                    size,
                }
            } else {
                let success = e.bool_or("success", true)?;
                Action::EncounterEnd {
                    id,
                    name,
                    difficulty,
                    size,
                    success,
                }
            }
        }
        "boss_emote" => Action::BossEmote {
            sender: e.str("sender")?,
            text: e.str("text")?,
        },
        "event" => {
            let name = e.str("name")?;
            let args = match e.get("args") {
                None => Vec::new(),
                Some(toml::Value::Array(a)) => a.iter().map(scalar).collect::<Result<_, _>>()?,
                Some(_) => return Err("'args' must be a list".into()),
            };
            Action::Event { name, args }
        }
        other => return Err(format!("unknown action '{other}'")),
    })
}

/// A timeline entry: `at`, `do`, then the action's keys (`set_unit` takes a unit's keys).
fn entry(table: &toml::Table) -> Result<(f64, Action), String> {
    let mut e = Entry {
        table,
        used: vec!["at", "do"],
    };
    let at = match table.get("at") {
        Some(toml::Value::Integer(n)) => *n as f64,
        Some(toml::Value::Float(n)) => *n,
        Some(_) => return Err("'at' must be a number of seconds".into()),
        None => return Err("'at' is missing".into()),
    };
    if !(0.0..=86400.0 * 7.0).contains(&at) {
        return Err(format!("'at' = {at} is not between 0 and a week"));
    }
    let what = match table.get("do") {
        Some(toml::Value::String(s)) => s.clone(),
        _ => return Err("'do' (the action's name) is missing".into()),
    };
    if what == "zone" {
        let location = Box::new(super::zone::from_table(table)?);
        return Ok((at, Action::Zone { location }));
    }
    if let Some(changes) = super::inventory::timeline(&what, table) {
        let mut changes = changes?.into_iter().map(Action::Inventory);
        let first = changes.next().ok_or("nothing to do")?;
        return Ok((at, group(first, changes.collect())));
    }
    if what == "set_unit" || what == "nearby" {
        let mut t = table.clone();
        t.remove("at");
        t.remove("do");
        let spec: UnitSpec = toml::Value::Table(t)
            .try_into()
            .map_err(|e| e.to_string())?;
        let token = match what.as_str() {
            "nearby" if spec.token.is_some() => return Err("'nearby' takes no 'token'".into()),
            "nearby" => "nameplate".to_string(),
            _ => spec.token.clone().ok_or("'token' is missing")?,
        };
        let unit = unit_of(&spec, &token, false)?;
        return Ok((
            at,
            Action::SetUnit {
                token,
                unit: Box::new(unit),
            },
        ));
    }
    let action = action_of(&mut e, &what)?;
    e.finish()?;
    Ok((at, action))
}

/// Reads a scenario (`name` is how errors name the file).
pub fn read(name: &str, src: &str) -> Result<Scenario, ScenarioError> {
    let err = |offset: usize, message: String| ScenarioError {
        file: name.to_string(),
        line: line_of(src, offset),
        message,
    };
    let file: File = toml::from_str(src).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        err(offset, e.message().to_string())
    })?;
    let mut sc = Scenario::default();
    let unit = |s: &toml::Spanned<UnitSpec>, default: &str, player: bool| {
        unit_of(s.get_ref(), default, player).map_err(|m| err(s.span().start, m))
    };
    if let Some(p) = &file.player {
        // Checked now; applied over the logged-in character when the scenario is loaded.
        unit(p, "Player", true)?;
        sc.start.push(Action::PatchUnit {
            token: "player".into(),
            spec: Box::new(p.get_ref().clone()),
        });
    }
    for (token, spec) in [("target", &file.target), ("focus", &file.focus)] {
        if let Some(s) = spec {
            let u = unit(s, token, false)?;
            sc.start.push(Action::SetUnit {
                token: token.into(),
                unit: Box::new(u),
            });
        }
    }
    for (list, raid) in [(&file.party, false), (&file.raid, true)] {
        if let Some(list) = list {
            let members = list
                .iter()
                .enumerate()
                .map(|(i, s)| unit(s, &format!("Member{}", i + 1), true))
                .collect::<Result<Vec<_>, _>>()?;
            sc.start.push(Action::Group { members, raid });
        }
    }
    for s in file.units.iter().flatten() {
        let token = s
            .get_ref()
            .token
            .clone()
            .ok_or_else(|| err(s.span().start, "a [[units]] entry needs a 'token'".into()))?;
        let u = unit(s, &token, false)?;
        sc.start.push(Action::SetUnit {
            token,
            unit: Box::new(u),
        });
    }
    for s in file.nearby.iter().flatten() {
        if s.get_ref().token.is_some() {
            return Err(err(
                s.span().start,
                "a [[nearby]] entry takes no 'token' (it gets the next free nameplate token)"
                    .into(),
            ));
        }
        let u = unit(s, "Nearby", false)?;
        sc.start.push(Action::SetUnit {
            token: "nameplate".into(),
            unit: Box::new(u),
        });
    }
    if let Some(t) = &file.location {
        let location = super::zone::from_table(t.get_ref()).map_err(|m| err(t.span().start, m))?;
        sc.start.push(Action::Zone {
            location: Box::new(location),
        });
    }
    read_belongings(&file, &mut sc, &err)?;
    if file.combat_in == Some(true) {
        sc.start.push(Action::EnterCombat);
    }
    for t in file.timeline.iter().flatten() {
        sc.timeline
            .push(entry(t.get_ref()).map_err(|m| err(t.span().start, m))?);
    }
    sc.combat_log = file
        .combat_log
        .map(|p| (p, file.combat_log_at.unwrap_or(0.0)));
    Ok(sc)
}

/// Several actions as one timeline entry (an item entry's record, then its placement).
fn group(first: Action, rest: Vec<Action>) -> Action {
    if rest.is_empty() {
        return first;
    }
    let mut all = vec![first];
    all.extend(rest);
    Action::Sequence(all)
}

/// The start state's `bag_sizes`, `[[items]]`, `[[currencies]]` and `[[spells]]`.
fn read_belongings(
    file: &File,
    sc: &mut Scenario,
    err: &dyn Fn(usize, String) -> ScenarioError,
) -> Result<(), ScenarioError> {
    use super::inventory as inv;
    if let Some(sizes) = &file.bag_sizes {
        let c = inv::bag_sizes(sizes.get_ref()).map_err(|m| err(sizes.span().start, m))?;
        sc.start.push(Action::Inventory(c));
    }
    for t in file.items.iter().flatten() {
        let changes = inv::start_item(t.get_ref()).map_err(|m| err(t.span().start, m))?;
        sc.start.extend(changes.into_iter().map(Action::Inventory));
    }
    let currencies = file
        .currencies
        .iter()
        .flatten()
        .map(|t| (t, inv::currency(t.get_ref())));
    let spells = file
        .spells
        .iter()
        .flatten()
        .map(|t| (t, inv::spell(t.get_ref())));
    for (t, c) in currencies.chain(spells) {
        let c = c.map_err(|m| err(t.span().start, m))?;
        sc.start.push(Action::Inventory(c));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_timeline() {
        let src = "[player]\nname = \"Tess\"\nclass = \"ROGUE\"\n\n[[party]]\nname = \"Hal\"\n\
                   role = \"healer\"\n\n[[timeline]]\nat = 2\ndo = \"health\"\nunit = \"party1\"\n\
                   value = 5\n";
        let sc = read("s.toml", src).unwrap();
        assert_eq!(sc.start.len(), 2);
        match &sc.start[0] {
            Action::PatchUnit { token, spec } => {
                assert_eq!(token, "player");
                let mut base = Unit::new("Player-1-1", "Old");
                base.race_file = Some("Dwarf".into());
                let u = patch_unit(spec, base).unwrap();
                assert_eq!(u.power_type, (3, "ENERGY".to_string()));
                assert_eq!(
                    (u.name.as_str(), u.race_file.as_deref()),
                    ("Tess", Some("Dwarf"))
                );
                assert_eq!(u.guid, "Player-1-1", "the player keeps its GUID");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            sc.timeline,
            vec![(
                2.0,
                Action::Health {
                    unit: "party1".into(),
                    value: 5,
                    max: None
                }
            )]
        );
    }

    #[test]
    fn errors_name_the_line() {
        let bad_action = "[[timeline]]\nat = 1\ndo = \"dance\"\n";
        let e = read("s.toml", bad_action).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(
            e.to_string()
                .starts_with("s.toml:1: unknown action 'dance'"),
            "{e}"
        );
        let bad_key = "[player]\nname = \"A\"\n\n[[timeline]]\nat = 1\ndo = \"die\"\nunit = \"player\"\ncolour = 1\n";
        let e = read("s.toml", bad_key).unwrap_err();
        assert_eq!(e.line, 4, "{e}");
        assert!(e.message.contains("colour"), "{e}");
        let bad_class = "\n[target]\nclass = \"BARD\"\n";
        let e = read("s.toml", bad_class).unwrap_err();
        assert!(e.line >= 2 && e.message.contains("BARD"), "{e}");
        let syntax = "[player\nname = 1\n";
        let e = read("s.toml", syntax).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
    }
}
