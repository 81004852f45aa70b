//! Which of a combat log's other units are near the character, so that the replay gives them
//! nameplates as the client would, and what the log says of its players' classes:
//!
//! - a unit that is not the player, a group member or the pet is near from its first line
//!   with one of those on the other side, or from its first line whose advanced parameters
//!   place it (positionX, positionY) when the player's own position is known too; each such
//!   line is an [`Action::Near`] with the distance (yards, when both positions are known), and
//!   the replay gives it a plate when `nameplateMaxDistance` and the nameplate CVars allow
//!   (`actions.rs`); `UNIT_DIED` takes its plate away ([`Action::LeaveNearby`]);
//! - the unit's later health, power, casts and auras go to its nameplate token: its token in
//!   the replay is `@GUID`, which `actions.rs` turns into the token its plate has then (a unit
//!   without a plate then is skipped). Bosses keep `bossN` (their unit events reach their
//!   plate through the nameplate alias);
//! - `COMBATANT_INFO` (playerGUID, faction, 21 stats, then the spec id) gives a player
//!   character its class (the spec's) and a race of its faction (`Human` for 1, Alliance;
//!   `Orc` for 0, Horde: the log names no race, so this is the faction's first race).

use super::actions::Action;
use super::combat_log::{int, text, Line, LogValue};
use super::Unit;
use rustc_hash::{FxHashMap, FxHashSet};

const REACTION_HOSTILE: i64 = 0x40;
const TYPE_PLAYER: i64 = 0x400;

/// What the replay knows of the units near the character.
#[derive(Default)]
pub(super) struct Nearby {
    /// Last known position by GUID.
    positions: FxHashMap<String, (f64, f64)>,
    /// Near units by GUID: the distance last told (None: unknown).
    near: FxHashMap<String, Option<f64>>,
    /// Units that died (no plate again).
    gone: FxHashSet<String>,
    /// Class and race files by GUID, from `COMBATANT_INFO`.
    pub(super) classes: FxHashMap<String, (String, String)>,
}

fn num(v: &LogValue) -> Option<f64> {
    match v {
        LogValue::Int(n) => Some(*n as f64),
        LogValue::Num(n) => Some(*n),
        _ => None,
    }
}

/// Reads a `COMBATANT_INFO` line's class (from its spec id) and race (from its faction).
pub(super) fn combatant_info(near: &mut Nearby, p: &[LogValue]) {
    let (Some(guid), Some(spec)) = (p.first().map(text), p.get(23).and_then(int)) else {
        return;
    };
    let Some(class) = crate::api::specializations::class_file_of_spec(spec) else {
        return;
    };
    let race = match p.get(1).and_then(int) {
        Some(0) => "Orc",
        _ => "Human",
    };
    near.classes
        .insert(guid, (class.to_string(), race.to_string()));
}

/// The class and race a log gives a player character, over the unit's defaults.
pub(super) fn dress(near: &Nearby, u: &mut Unit) {
    if let Some((class, race)) = near.classes.get(&u.guid) {
        u.class_file = Some(class.clone());
        u.race_file = Some(race.clone());
        u.power_type = crate::world::scenario::class_power(class);
    }
}

/// After a line's other actions: `UNIT_DIED` of a near unit takes its plate away.
pub(super) fn died(near: &mut Nearby, l: &Line, out: &mut Vec<Action>) {
    if l.event != "UNIT_DIED" || l.params.len() < 5 {
        return;
    }
    let guid = text(&l.params[4]);
    if near.near.remove(&guid).is_some() {
        out.push(Action::LeaveNearby { guid: guid.clone() });
    }
    near.gone.insert(guid);
}

/// The near-unit actions of one line. `tokens`: GUID → token of the units the replay names
/// (the player, the group, the pet, bosses, and `@GUID` for near units, added here).
pub(super) fn actions(
    near: &mut Nearby,
    tokens: &mut FxHashMap<String, String>,
    player: Option<&str>,
    l: &Line,
    unit_of: impl Fn(&str, &str) -> Unit,
    out: &mut Vec<Action>,
) {
    let p = &l.params;
    if let Some(adv) = &l.advanced {
        if let (Some(x), Some(y)) = (num(&adv[12]), num(&adv[13])) {
            near.positions.insert(text(&adv[0]), (x, y));
        }
    }
    let ours = |tokens: &FxHashMap<String, String>, g: &str| {
        tokens.get(g).is_some_and(|t| {
            t == "player" || t == "pet" || t.starts_with("party") || t.starts_with("raid")
        })
    };
    let here = player.and_then(|g| near.positions.get(g).copied());
    for (me, other) in [(0usize, 4usize), (4, 0)] {
        let (guid, name, flags) = (text(&p[me]), text(&p[me + 1]), int(&p[me + 2]));
        if guid.is_empty()
            || guid.starts_with("0000")
            || ours(tokens, &guid)
            || near.gone.contains(&guid)
        {
            continue;
        }
        if l.event == "UNIT_DIED" {
            continue;
        }
        let with_us = ours(tokens, &text(&p[other]));
        let distance = match (here, near.positions.get(&guid)) {
            (Some((x0, y0)), Some((x, y))) => Some(((x - x0).powi(2) + (y - y0).powi(2)).sqrt()),
            _ => None,
        };
        if !with_us && distance.is_none() {
            continue;
        }
        let last = near.near.get(&guid).copied();
        let changed = match (last, distance) {
            (None, _) => true,
            (Some(Some(a)), Some(b)) => (a - b).abs() >= 1.0,
            (Some(None), Some(_)) => true,
            (Some(_), None) => false,
        };
        if !changed {
            continue;
        }
        near.near.insert(guid.clone(), distance);
        let mut u = unit_of(&guid, &name);
        let flags = flags.unwrap_or(0);
        u.hostile = flags & REACTION_HOSTILE != 0;
        u.is_player = u.is_player || flags & TYPE_PLAYER != 0;
        if let Some(adv) = l.advanced.as_ref().filter(|a| text(&a[0]) == guid) {
            if let (Some(hp), Some(max)) = (int(&adv[2]), int(&adv[3])) {
                (u.health, u.health_max) = (hp, max.max(hp));
            }
        }
        dress(near, &mut u);
        tokens.entry(guid).or_insert_with_key(|g| format!("@{g}"));
        out.push(Action::Near {
            unit: Box::new(u),
            distance,
        });
    }
}
