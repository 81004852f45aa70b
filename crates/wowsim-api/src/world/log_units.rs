//! What a combat log implies for casts and auras of units with tokens, which the client knows
//! and the log only shows in passing; a replay sees the whole log, so the times come from the
//! lines that follow:
//!
//! - `SPELL_CAST_START` → a cast (`UNIT_SPELLCAST_START`) lasting until the caster's next
//!   `SPELL_CAST_SUCCESS`/`_FAILED` of that spell or the `SPELL_INTERRUPT` of it (1.5 s when
//!   none follows); then `SPELL_CAST_SUCCESS` → `_SUCCEEDED` and `_STOP`, `SPELL_CAST_FAILED` →
//!   `_FAILED` and `_STOP`, `SPELL_INTERRUPT` (on the caster) → `_INTERRUPTED` and `_STOP`,
//!   `UNIT_DIED` → `_STOP`; `SPELL_CAST_SUCCESS` without a cast in progress is an instant cast
//!   (`_SUCCEEDED` alone);
//! - `SPELL_AURA_APPLIED` → an aura lasting until its `SPELL_AURA_REMOVED` (no expiration when
//!   none follows); `SPELL_AURA_REFRESH` → its duration from then to the removal;
//!   `SPELL_AURA_APPLIED_DOSE`/`_REMOVED_DOSE` → its stacks (the line's amount), each with
//!   `UNIT_AURA(unit, {updatedAuraInstanceIDs})`.

use super::actions::{Action, CastEnd};
use super::combat_log::{int, text, Line};
use rustc_hash::FxHashMap;

/// The time each line's cast or aura lasts, when the line starts one (by line index).
pub(super) fn durations(lines: &[Line]) -> Vec<Option<f64>> {
    let mut out = vec![None; lines.len()];
    // (GUID, spell id) → the time of the next line that ends its cast / removes its aura.
    let mut cast_end: FxHashMap<(String, i64), f64> = FxHashMap::default();
    let mut aura_end: FxHashMap<(String, i64), f64> = FxHashMap::default();
    for (i, l) in lines.iter().enumerate().rev() {
        let p = &l.params;
        if p.len() < 9 {
            continue;
        }
        let spell = int(&p[8]).unwrap_or(0);
        let (src, dst) = (text(&p[0]), text(&p[4]));
        match l.event.as_str() {
            "SPELL_CAST_SUCCESS" | "SPELL_CAST_FAILED" => {
                cast_end.insert((src, spell), l.at);
            }
            "SPELL_INTERRUPT" if p.len() > 11 => {
                cast_end.insert((dst, int(&p[11]).unwrap_or(0)), l.at);
            }
            "SPELL_CAST_START" => {
                let end = cast_end.remove(&(src, spell));
                out[i] = Some(end.map_or(1.5, |e| e - l.at));
            }
            "SPELL_AURA_REMOVED" => {
                aura_end.insert((dst, spell), l.at);
            }
            "SPELL_AURA_APPLIED" => {
                let end = aura_end.remove(&(dst, spell));
                out[i] = Some(end.map_or(0.0, |e| e - l.at));
            }
            "SPELL_AURA_REFRESH" => {
                out[i] = Some(aura_end.get(&(dst, spell)).map_or(0.0, |e| e - l.at));
            }
            _ => {}
        }
    }
    out
}

/// The casts in progress of tokens (token → spell id), as the replay has started them.
pub(super) type Casting = FxHashMap<String, i64>;

/// The cast and aura actions of one line (`tokens`: GUID → token; `lasts`: the line's
/// duration from [`durations`]).
pub(super) fn actions(
    l: &Line,
    lasts: Option<f64>,
    tokens: &FxHashMap<String, String>,
    casting: &mut Casting,
    out: &mut Vec<Action>,
) {
    let p = &l.params;
    if p.len() < 9 {
        return;
    }
    let spell_id = int(&p[8]).unwrap_or(0);
    let src = tokens.get(&text(&p[0])).cloned();
    let dst = tokens.get(&text(&p[4])).cloned();
    let end = |casting: &mut Casting, unit: String, how: CastEnd, out: &mut Vec<Action>| {
        if casting.remove(&unit).is_some() {
            out.push(Action::CastEnd { unit, how });
        }
    };
    match (l.event.as_str(), src, dst) {
        ("SPELL_CAST_START", Some(unit), _) => {
            casting.insert(unit.clone(), spell_id);
            out.push(Action::CastStart {
                unit,
                spell_id,
                name: text(&p[9]),
                duration: lasts.unwrap_or(1.5),
                channel: false,
            });
        }
        ("SPELL_CAST_SUCCESS", Some(unit), _) => {
            if casting.get(&unit) == Some(&spell_id) {
                end(casting, unit, CastEnd::Succeeded, out);
            } else {
                out.push(Action::CastInstant { unit, spell_id });
            }
        }
        ("SPELL_CAST_FAILED", Some(unit), _) if casting.get(&unit) == Some(&spell_id) => {
            end(casting, unit, CastEnd::Failed, out);
        }
        ("SPELL_INTERRUPT", _, Some(unit)) => end(casting, unit, CastEnd::Interrupted, out),
        ("UNIT_DIED", _, Some(unit)) => end(casting, unit, CastEnd::Stopped, out),
        ("SPELL_AURA_REFRESH", _, Some(unit)) => out.push(Action::AuraUpdate {
            unit,
            spell_id,
            stacks: None,
            duration: lasts,
        }),
        ("SPELL_AURA_APPLIED_DOSE" | "SPELL_AURA_REMOVED_DOSE", _, Some(unit)) => {
            out.push(Action::AuraUpdate {
                unit,
                spell_id,
                stacks: p.get(12).and_then(int),
                duration: None,
            })
        }
        _ => {}
    }
}
