//! Combat-log replay: a `WoWCombatLog.txt` (the client's advanced combat log) read into
//! timeline actions. Each combat event line becomes `COMBAT_LOG_EVENT_UNFILTERED` at its time
//! (relative to the first line), with `CombatLogGetCurrentEventInfo()` answering the client's
//! fields: `timestamp, subevent, hideCaster, sourceGUID, sourceName, sourceFlags,
//! sourceRaidFlags, destGUID, destName, destFlags, destRaidFlags`, then the prefix and suffix
//! parameters (the 17 advanced parameters the log adds after the prefix are not part of the
//! event, as in the client). What a line implies for the units is applied first:
//!
//! - the logging player (flags: affiliation mine, type player) is `player` (its GUID and name);
//!   party or raid members (affiliation party/raid) make the group (`party1..4`, `raid1..`);
//!   hostile creatures seen during an encounter are `boss1..5`, in the order first seen;
//! - the advanced parameters' current/max health and power of a known unit → `UNIT_HEALTH`,
//!   `UNIT_POWER_UPDATE` when they changed; `UNIT_DIED` → dead;
//!   `SPELL_AURA_APPLIED`/`_REMOVED` on a known unit → its auras and `UNIT_AURA`;
//! - `ENCOUNTER_START`/`ENCOUNTER_END` lines → those events; `ZONE_CHANGE` →
//!   `ZONE_CHANGED_NEW_AREA`; the first hostile action of the group → combat
//!   (`PLAYER_REGEN_DISABLED`), `ENCOUNTER_END` or the log's end → out of combat.
//!
//! Lines that are not combat events (`COMBAT_LOG_VERSION`, `COMBATANT_INFO`, `MAP_CHANGE`,
//! `CHALLENGE_MODE_*`, …) only set what is said above; a line that cannot be read is an error
//! naming the file and line.

use super::actions::Action;
use super::Unit;
use rustc_hash::FxHashMap;

/// One field of a combat-log line, as `CombatLogGetCurrentEventInfo` returns it.
#[derive(Clone, Debug, PartialEq)]
pub enum LogValue {
    Nil,
    Bool(bool),
    Int(i64),
    Num(f64),
    Str(String),
}

/// A combat log that could not be read: the line (1-based) and why.
#[derive(Debug, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct LogError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

const ADVANCED_PARAMS: usize = 17;
const AFFILIATION_MINE: i64 = 0x1;
const AFFILIATION_PARTY: i64 = 0x2;
const AFFILIATION_RAID: i64 = 0x4;
const REACTION_HOSTILE: i64 = 0x40;
const TYPE_PLAYER: i64 = 0x400;
const TYPE_PET: i64 = 0x1000;

/// Splits a line's fields: commas outside quotes and brackets; quotes removed.
fn split_fields(s: &str) -> Result<Vec<(String, bool)>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let (mut quoted, mut was_quoted, mut depth) = (false, false, 0i32);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if depth == 0 => {
                if quoted && chars.peek() == Some(&'"') {
                    cur.push('"');
                    chars.next();
                } else {
                    quoted = !quoted;
                    was_quoted = true;
                }
            }
            '[' | '(' if !quoted => {
                depth += 1;
                cur.push(c);
            }
            ']' | ')' if !quoted => {
                depth -= 1;
                cur.push(c);
            }
            ',' if !quoted && depth == 0 => {
                out.push((std::mem::take(&mut cur), was_quoted));
                was_quoted = false;
            }
            c => cur.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is not closed".into());
    }
    out.push((cur, was_quoted));
    Ok(out)
}

fn value(field: &str, quoted: bool) -> LogValue {
    if quoted {
        return LogValue::Str(field.to_string());
    }
    if field == "nil" {
        return LogValue::Nil;
    }
    if let Some(hex) = field.strip_prefix("0x") {
        if let Ok(n) = i64::from_str_radix(hex, 16) {
            return LogValue::Int(n);
        }
    }
    if let Ok(n) = field.parse::<i64>() {
        return LogValue::Int(n);
    }
    if let Ok(n) = field.parse::<f64>() {
        return LogValue::Num(n);
    }
    LogValue::Str(field.to_string())
}

/// Days since 1970-01-01 of a civil date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// `M/D/YYYY HH:MM:SS.fff[-Z]` or `M/D HH:MM:SS.fff` → seconds since the epoch (UTC, the year
/// 2000 when the log gives none).
fn timestamp(s: &str) -> Option<f64> {
    let (date, time) = s.trim().split_once(' ')?;
    let mut d = date.split('/');
    // Out of range parts are no date (a huge month overflowed the day count: a panic).
    let month: i64 = d.next()?.parse().ok().filter(|m| (1..=12).contains(m))?;
    let day: i64 = d.next()?.parse().ok().filter(|d| (1..=31).contains(d))?;
    let year: i64 = d
        .next()
        .map_or(Some(2000), |y| y.parse().ok())
        .filter(|y| (0..=9999).contains(y))?;
    let time = time.trim();
    let time = time
        .split(['+', '-'])
        .next()
        .filter(|t| !t.is_empty())
        .unwrap_or(time);
    let mut t = time.split(':');
    let part = |p: Option<&str>| p?.parse::<f64>().ok().filter(|v| (0.0..100.0).contains(v));
    let (h, mi, sec) = (part(t.next())?, part(t.next())?, part(t.next())?);
    let days = days_from_civil(year, month, day) as f64;
    Some(days * 86400.0 + h * 3600.0 + mi * 60.0 + sec)
}

/// The number of prefix parameters of a combat event (`SPELL_` 3, `SWING_` 0, …), or `None`
/// for a line that is not a combat event.
fn prefix_params(event: &str) -> Option<usize> {
    const SPECIAL: &[(&str, usize)] = &[
        ("DAMAGE_SHIELD", 3),
        ("DAMAGE_SPLIT", 3),
        ("ENCHANT_APPLIED", 0),
        ("ENCHANT_REMOVED", 0),
        ("PARTY_KILL", 0),
        ("UNIT_DIED", 0),
        ("UNIT_DESTROYED", 0),
        ("UNIT_DISSIPATES", 0),
    ];
    if let Some((_, n)) = SPECIAL.iter().find(|(p, _)| event.starts_with(p)) {
        return Some(*n);
    }
    for (p, n) in [
        ("SWING_", 0),
        ("RANGE_", 3),
        ("SPELL_PERIODIC_", 3),
        ("SPELL_BUILDING_", 3),
        ("SPELL_", 3),
        ("ENVIRONMENTAL_", 1),
    ] {
        if event.starts_with(p) {
            return Some(n);
        }
    }
    None
}

/// Whether the advanced log puts its parameters in this event.
fn has_advanced(event: &str) -> bool {
    const SUFFIXES: &[&str] = &[
        "_DAMAGE",
        "_DAMAGE_LANDED",
        "_HEAL",
        "_ENERGIZE",
        "_DRAIN",
        "_LEECH",
        "_CAST_SUCCESS",
    ];
    SUFFIXES.iter().any(|s| event.ends_with(s)) || event == "DAMAGE_SPLIT"
}

pub(super) fn int(v: &LogValue) -> Option<i64> {
    match v {
        LogValue::Int(n) => Some(*n),
        LogValue::Num(n) => Some(*n as i64),
        _ => None,
    }
}

pub(super) fn text(v: &LogValue) -> String {
    match v {
        LogValue::Str(s) => s.clone(),
        LogValue::Int(n) => n.to_string(),
        LogValue::Num(n) => n.to_string(),
        _ => String::new(),
    }
}

/// A combat event line, read.
pub(super) struct Line {
    pub(super) at: f64,
    epoch: f64,
    pub(super) event: String,
    /// The 8 base parameters, then the prefix and suffix ones (advanced ones removed).
    pub(super) params: Vec<LogValue>,
    /// The advanced parameters, when the line has them.
    pub(super) advanced: Option<Vec<LogValue>>,
}

/// Who the log's units are: the player, the group, bosses.
#[derive(Default)]
struct Cast {
    player: Option<(String, String)>,
    /// The player's pet (flags: affiliation mine, type pet), the first one seen.
    pet: Option<(String, String)>,
    group: Vec<(String, String)>,
    tokens: FxHashMap<String, String>,
    bosses: usize,
    in_combat: bool,
    in_encounter: bool,
    last: FxHashMap<String, (i64, i64, i64, i64)>,
    location: Option<super::zone::Location>,
    casting: super::log_units::Casting,
    nearby: super::log_nearby::Nearby,
}

fn unit_for(guid: &str, name: &str) -> Unit {
    let short = name.split('-').next().unwrap_or(name).to_string();
    let mut u = Unit::new(guid, &short);
    if let Some((_, realm)) = name.split_once('-') {
        u.realm = Some(realm.to_string());
    }
    u
}

impl Cast {
    /// The player and the group, from every line's flags (a first pass over the log).
    fn learn(&mut self, p: &[LogValue]) {
        for (g, n, f) in [(0, 1, 2), (4, 5, 6)] {
            let (guid, name, flags) = (text(&p[g]), text(&p[n]), int(&p[f]).unwrap_or(0));
            if flags & TYPE_PET != 0 && flags & AFFILIATION_MINE != 0 && self.pet.is_none() {
                self.pet = Some((guid.clone(), name.clone()));
                self.tokens.insert(guid.clone(), "pet".into());
            }
            if flags & TYPE_PLAYER == 0 || guid.is_empty() {
                continue;
            }
            if flags & AFFILIATION_MINE != 0 && self.player.is_none() {
                self.player = Some((guid.clone(), name.clone()));
                self.tokens.insert(guid, "player".into());
            } else if flags & (AFFILIATION_PARTY | AFFILIATION_RAID) != 0
                && !self.tokens.contains_key(&guid)
            {
                self.group.push((guid.clone(), name));
                let raid = flags & AFFILIATION_RAID != 0;
                let n = self.group.len();
                let token = if raid {
                    format!("raid{}", n + 1)
                } else {
                    format!("party{n}")
                };
                self.tokens.insert(guid, token);
            }
        }
    }
}

fn read_line(raw: &str, advanced_log: bool) -> Result<Option<Line>, String> {
    let Some((stamp, rest)) = raw.split_once("  ") else {
        return Err("expected a timestamp, two spaces and the event".into());
    };
    let epoch = timestamp(stamp).ok_or_else(|| format!("cannot read the timestamp '{stamp}'"))?;
    let fields = split_fields(rest)?;
    let event = fields[0].0.clone();
    let values: Vec<LogValue> = fields[1..].iter().map(|(f, q)| value(f, *q)).collect();
    let Some(prefix) = prefix_params(&event) else {
        return Ok(Some(Line {
            at: 0.0,
            epoch,
            event,
            params: values,
            advanced: None,
        }));
    };
    if values.len() < 8 + prefix {
        return Err(format!(
            "{event} has {} fields, fewer than it needs",
            values.len()
        ));
    }
    let mut params = values;
    let mut advanced = None;
    let start = 8 + prefix;
    if advanced_log && has_advanced(&event) && params.len() >= start + ADVANCED_PARAMS {
        advanced = Some(params.drain(start..start + ADVANCED_PARAMS).collect());
    }
    Ok(Some(Line {
        at: 0.0,
        epoch,
        event,
        params,
        advanced,
    }))
}

/// Reads a combat log (`name` is how errors name it) into timeline actions at times relative
/// to `start` (the virtual time the replay begins at).
pub fn read(name: &str, src: &str, start: f64) -> Result<Vec<(f64, Action)>, LogError> {
    let err = |line: usize, message: String| LogError {
        file: name.to_string(),
        line,
        message,
    };
    let mut lines = Vec::new();
    let mut advanced_log = false;
    let mut first = None;
    for (i, raw) in src.lines().enumerate() {
        let raw = raw.trim_end_matches('\r');
        if raw.trim().is_empty() {
            continue;
        }
        let mut line = read_line(raw, advanced_log)
            .map_err(|m| err(i + 1, m))?
            .expect("a line");
        if line.event == "COMBAT_LOG_VERSION" {
            advanced_log = line
                .params
                .windows(2)
                .any(|w| text(&w[0]) == "ADVANCED_LOG_ENABLED" && int(&w[1]) == Some(1));
        }
        let t0 = *first.get_or_insert(line.epoch);
        line.at = start + (line.epoch - t0).max(0.0);
        lines.push(line);
    }
    let mut cast = Cast::default();
    for l in &lines {
        if prefix_params(&l.event).is_some() {
            cast.learn(&l.params);
        } else if l.event == "COMBATANT_INFO" {
            super::log_nearby::combatant_info(&mut cast.nearby, &l.params);
        }
    }
    let mut out = initial(&cast, start);
    let lasts = super::log_units::durations(&lines);
    let end = lines.last().map_or(start, |l| l.at);
    // Each line is dropped once its actions are made, so the lines and the actions they become
    // are not all held at once.
    for (l, lasts) in lines.into_iter().zip(lasts) {
        out.extend(
            actions_of(&mut cast, &l, lasts)
                .into_iter()
                .map(|a| (l.at, a)),
        );
    }
    if cast.in_combat {
        out.push((end, Action::LeaveCombat));
    }
    Ok(out)
}

/// The group and the player as the log shows them, at the start.
fn initial(cast: &Cast, start: f64) -> Vec<(f64, Action)> {
    let mut out = Vec::new();
    if let Some((guid, name)) = &cast.player {
        let u = unit_for(guid, name);
        let (token, guid) = ("player".to_string(), guid.clone());
        out.push((
            start,
            Action::Identify {
                token,
                guid,
                name: u.name,
                realm: u.realm,
            },
        ));
    }
    if let Some((guid, name)) = &cast.pet {
        let unit = Box::new(unit_for(guid, name));
        out.push((
            start,
            Action::SetUnit {
                token: "pet".into(),
                unit,
            },
        ));
        let args = vec![super::actions::Scalar::Str("player".into())];
        let name = "UNIT_PET".to_string();
        out.push((start, Action::Event { name, args }));
    }
    if !cast.group.is_empty() {
        let raid = cast.tokens.values().any(|t| t.starts_with("raid"));
        let members = cast
            .group
            .iter()
            .map(|(g, n)| {
                let mut u = unit_for(g, n);
                super::log_nearby::dress(&cast.nearby, &mut u);
                u
            })
            .collect();
        out.push((start, Action::Group { members, raid }));
    }
    out
}

fn actions_of(cast: &mut Cast, l: &Line, lasts: Option<f64>) -> Vec<Action> {
    let p = &l.params;
    let mut out = Vec::new();
    match l.event.as_str() {
        "ENCOUNTER_START" | "ENCOUNTER_END" if p.len() >= 4 => {
            let (id, name) = (int(&p[0]).unwrap_or(0), text(&p[1]));
            let (difficulty, size) = (int(&p[2]).unwrap_or(0), int(&p[3]).unwrap_or(0));
            if l.event == "ENCOUNTER_START" {
                cast.in_encounter = true;
                out.push(Action::EncounterStart {
                    id,
                    name,
                    difficulty,
                    size,
                });
            } else {
                cast.in_encounter = false;
                let success = p.get(4).and_then(int) == Some(1);
                out.push(Action::EncounterEnd {
                    id,
                    name,
                    difficulty,
                    size,
                    success,
                });
                for n in 1..=cast.bosses {
                    out.push(Action::ClearUnit {
                        token: format!("boss{n}"),
                    });
                }
                cast.bosses = 0;
                cast.tokens.retain(|_, t| !t.starts_with("boss"));
                cast.casting.retain(|t, _| !t.starts_with("boss"));
                if cast.in_combat {
                    cast.in_combat = false;
                    out.push(Action::LeaveCombat);
                }
            }
            return out;
        }
        "ZONE_CHANGE" if p.len() >= 3 => {
            let (id, zone) = (int(&p[0]).unwrap_or(0), text(&p[1]));
            let l = super::zone::Location::new(&zone, id, int(&p[2]).unwrap_or(0));
            cast.location = Some(l.clone());
            return vec![Action::Zone {
                location: Box::new(l),
            }];
        }
        "MAP_CHANGE" if !p.is_empty() => {
            // The map within the zone: `C_Map.GetBestMapForUnit` (no event of its own).
            let Some(l) = cast.location.as_mut() else {
                return out;
            };
            l.map_id = int(&p[0]);
            return vec![Action::Zone {
                location: Box::new(l.clone()),
            }];
        }
        _ => {}
    }
    if prefix_params(&l.event).is_none() {
        return out;
    }
    implied(cast, l, lasts, &mut out);
    let mut fields = vec![
        LogValue::Num(l.epoch),
        LogValue::Str(l.event.clone()),
        LogValue::Bool(false),
    ];
    fields.extend(p.iter().cloned());
    out.push(Action::CombatLog {
        fields,
        implied: Vec::new(),
    });
    out
}

/// Unit state the line implies: combat, bosses, health and power, deaths, auras.
fn implied(cast: &mut Cast, l: &Line, lasts: Option<f64>, out: &mut Vec<Action>) {
    let p = &l.params;
    let (src_flags, dst_flags) = (int(&p[2]).unwrap_or(0), int(&p[6]).unwrap_or(0));
    let ours = |f: i64| f & (AFFILIATION_MINE | AFFILIATION_PARTY | AFFILIATION_RAID) != 0;
    let hostile_act = (ours(src_flags) && dst_flags & REACTION_HOSTILE != 0)
        || (ours(dst_flags) && src_flags & REACTION_HOSTILE != 0);
    if hostile_act && !cast.in_combat && l.event != "UNIT_DIED" {
        cast.in_combat = true;
        out.push(Action::EnterCombat);
    }
    if cast.in_encounter && cast.bosses < 5 {
        for (g, n, f) in [(0, 1, 2), (4, 5, 6)] {
            let guid = text(&p[g]);
            let flags = int(&p[f]).unwrap_or(0);
            if guid.starts_with("Creature-")
                && flags & REACTION_HOSTILE != 0
                && !cast.tokens.contains_key(&guid)
                && cast.bosses < 5
            {
                cast.bosses += 1;
                let mut u = unit_for(&guid, &text(&p[n]));
                u.hostile = true;
                u.classification = "worldboss".into();
                let token = format!("boss{}", cast.bosses);
                cast.tokens.insert(guid, token.clone());
                out.push(Action::SetUnit {
                    token,
                    unit: Box::new(u),
                });
            }
        }
    }
    let player = cast.player.as_ref().map(|p| p.0.clone());
    super::log_nearby::actions(
        &mut cast.nearby,
        &mut cast.tokens,
        player.as_deref(),
        l,
        unit_for,
        out,
    );
    if let Some(adv) = &l.advanced {
        bars(cast, adv, out);
    }
    aura_and_death(cast, l, lasts, out);
    super::log_units::actions(l, lasts, &cast.tokens, &mut cast.casting, out);
    super::log_nearby::died(&mut cast.nearby, l, out);
}

/// `UNIT_DIED`, `SPELL_AURA_APPLIED` and `SPELL_AURA_REMOVED` on a unit with a token.
fn aura_and_death(cast: &Cast, l: &Line, lasts: Option<f64>, out: &mut Vec<Action>) {
    let p = &l.params;
    let dest_token = cast.tokens.get(&text(&p[4])).cloned();
    let Some(token) = dest_token else { return };
    match l.event.as_str() {
        "UNIT_DIED" => out.push(Action::Die { unit: token }),
        "SPELL_AURA_APPLIED" if p.len() > 11 => out.push(Action::AuraApply {
            unit: token,
            spell_id: int(&p[8]).unwrap_or(0),
            name: text(&p[9]),
            duration: lasts.unwrap_or(0.0),
            stacks: 0,
            harmful: text(&p[11]) == "DEBUFF",
            source: cast
                .tokens
                .get(&text(&p[0]))
                .filter(|t| !t.starts_with('@'))
                .cloned(),
        }),
        "SPELL_AURA_REMOVED" if p.len() > 9 => out.push(Action::AuraRemove {
            unit: token,
            spell_id: int(&p[8]).unwrap_or(0),
        }),
        _ => {}
    }
}

/// Health and power of the unit the advanced parameters describe, when they changed.
fn bars(cast: &mut Cast, adv: &[LogValue], out: &mut Vec<Action>) {
    let Some(token) = cast.tokens.get(&text(&adv[0])).cloned() else {
        return;
    };
    let (hp, hp_max) = (int(&adv[2]).unwrap_or(0), int(&adv[3]).unwrap_or(0));
    let (pw, pw_max) = (int(&adv[9]).unwrap_or(0), int(&adv[10]).unwrap_or(0));
    let before = cast.last.insert(token.clone(), (hp, hp_max, pw, pw_max));
    if before.is_none_or(|b| (b.0, b.1) != (hp, hp_max)) && hp_max > 0 {
        out.push(Action::Health {
            unit: token.clone(),
            value: hp,
            max: Some(hp_max),
        });
    }
    if before.is_none_or(|b| (b.2, b.3) != (pw, pw_max)) && pw_max > 0 {
        out.push(Action::Power {
            unit: token,
            value: pw,
            max: Some(pw_max),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_split_outside_quotes_and_brackets() {
        let f = split_fields(r#"SPELL_DAMAGE,"a, b",[1,(2,3)],0x10,nil"#).unwrap();
        let got: Vec<_> = f.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(got, ["SPELL_DAMAGE", "a, b", "[1,(2,3)]", "0x10", "nil"]);
        assert_eq!(value("0x10", false), LogValue::Int(16));
        assert_eq!(value("nil", false), LogValue::Nil);
        assert_eq!(value("12", true), LogValue::Str("12".into()));
    }

    #[test]
    fn timestamps_with_and_without_year() {
        let a = timestamp("11/30/2026 20:14:03.250-5").unwrap();
        let b = timestamp("11/30/2026 20:14:04.750").unwrap();
        assert!((b - a - 1.5).abs() < 1e-6);
        assert!(timestamp("11/30 20:14:03.250").is_some());
        assert!(timestamp("yesterday").is_none());
        // Found by the fuzz smoke test: parts out of range are no time (not a panic, not NaN).
        for bad in [
            "99999999999999999/30/2026 20:14:03.250",
            "11/-99999999999999999 20:14:03.250",
            "11/30/-99999999999999999 20:14:03.250",
            "11/30/2026 NaN:14:03.250",
            "11/30/2026 20:inf:03.250",
            "11/30/2026 20:14:1e999",
        ] {
            assert!(timestamp(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_bad_line_names_its_number() {
        let e = read(
            "fight.txt",
            "11/30/2026 20:00:00.000  SPELL_DAMAGE,\"x\n",
            0.0,
        )
        .unwrap_err();
        assert_eq!((e.line, e.file.as_str()), (1, "fight.txt"));
        let e = read("f", "\n\nno timestamp here\n", 0.0).unwrap_err();
        assert_eq!(e.line, 3);
    }
}
