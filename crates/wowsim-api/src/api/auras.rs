//! Auras: a list per unit in the game state, read through `C_UnitAuras` (and, on Classic Era,
//! the `UnitAura`/`UnitBuff`/`UnitDebuff` of `lua/classic_era_legacy.lua` over it). Every unit
//! starts with none; `wowsim.AddAura`/`wowsim.RemoveAura` change the list and fire `UNIT_AURA`.
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `C_UnitAuras.GetAuraDataByIndex`, `GetBuffDataByIndex`, `GetDebuffDataByIndex` | the index-th aura passing the filter (`HELPFUL` when none; the Buff/Debuff forms add `HELPFUL`/`HARMFUL`) |
//! | `C_UnitAuras.GetAuraDataBySlot`, `GetAuraDataByAuraInstanceID` | the aura with that slot / instance id (a slot is the instance id here) |
//! | `C_UnitAuras.GetPlayerAuraBySpellID` | the player's first aura with that spell id |
//! | `C_UnitAuras.GetAuraSlots` | a continuation token (nil when done) then the slots passing the filter |
//! | `C_UnitAuras.GetAuraDataBySpellName` | the unit's first aura with that name passing the filter (`HELPFUL` when none) |
//! | `C_UnitAuras.GetUnitAuraBySpellID` | the unit's first aura with that spell id, helpful or harmful |
//! | `C_UnitAuras.GetUnitAuras`, `GetUnitAuraInstanceIDs` | the auras (or their instance ids) passing the filter, at most `maxCount`, sorted by `sortRule`/`sortDirection` (below) |
//! | `C_UnitAuras.IsAuraFilteredOutByInstanceID` | whether the aura fails the filter (true for an aura the unit does not have) |
//! | `C_UnitAuras.DoesAuraHaveExpirationTime` | whether the aura has an expiration time (false for an aura the unit does not have) |
//! | `C_UnitAuras.GetAuraApplicationDisplayCount` | the stack count as text when it is at least `minDisplayCount` (2), capped at `maxDisplayCount` as `"max+"`; `""` otherwise |
//! | `C_UnitAuras.GetAuraBaseDuration` | the aura's `duration` (nil without one, or for an aura the unit does not have) |
//! | `C_UnitAuras.CancelAuraByInstanceID` | removes a helpful aura of the player (as right-clicking it does), with its `UNIT_AURA` |
//! | expiry | an aura with a duration expires on the virtual clock at its `expirationTime` (`GetTime()` when added + `duration` when not given): removed at the start of the first tick past it, with `UNIT_AURA(unit, {removedAuraInstanceIDs})`, one event per unit per tick |
//! | `wowsim.AddAura(unit, fields)` | not the client's: adds an aura (fields as `AuraData`; `spellId` required), fires `UNIT_AURA(unit, {addedAuras})`, returns its `auraInstanceID` |
//! | `wowsim.RemoveAura(unit, auraInstanceID)` | not the client's: removes it, fires `UNIT_AURA(unit, {removedAuraInstanceIDs})`; false if the unit has no such aura |
//!
//! Filters are read as the client reads them: words separated by `|` or spaces, among them
//! `HELPFUL`, `HARMFUL`, `PLAYER` (cast by the player), `RAID`, `CANCELABLE`, `NOT_CANCELABLE`.
//! Sort rules (`Enum.UnitAuraSortRule`): `Unsorted` and `Default` keep the order the auras were
//! applied in, `Expiration`/`ExpirationOnly` put the soonest to expire first (auras without an
//! expiration last), `Name`/`NameOnly` sort by name, `BigDefensive` keeps application order
//! (no spell data says which auras are big defensives); `Enum.UnitAuraSortDirection.Reverse`
//! reverses. What `Default` and the `Only` forms add in the client is not public: unverified.

use crate::game_state::game;
use mlua::{IntoLuaMulti, Lua, MultiValue, Table, Value};
use rustc_hash::FxHashMap;
use wowsim_lua::clock::Clock;

/// One field of an aura, as stored.
#[derive(Clone, Debug)]
enum Field {
    Nil,
    Bool(bool),
    Num(f64),
    Str(String),
    Points(Vec<f64>),
}

/// One aura on a unit.
#[derive(Clone, Debug)]
struct Aura {
    id: i64,
    fields: Vec<(&'static str, Field)>,
}

impl Aura {
    fn get(&self, name: &str) -> &Field {
        self.fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| f)
            .unwrap_or(&Field::Nil)
    }
    fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Field::Bool(true))
    }
    fn helpful(&self) -> bool {
        self.flag("isHelpful")
    }
    fn spell_id(&self) -> f64 {
        self.num("spellId")
    }
    fn num(&self, name: &str) -> f64 {
        match self.get(name) {
            Field::Num(n) => *n,
            _ => 0.0,
        }
    }
    fn name(&self) -> &str {
        match self.get("name") {
            Field::Str(s) => s,
            _ => "",
        }
    }
}

/// The auras of every unit (VM app data), by lower-cased unit token.
#[derive(Default, Debug)]
pub(crate) struct AuraState {
    next_id: i64,
    units: FxHashMap<String, Vec<Aura>>,
}

/// The fields of the client's `AuraData` with the value an added aura has when not given
/// (`dispelName` and `sourceUnit` stay nil).
const FIELDS: &[(&str, Field)] = &[
    ("applications", Field::Num(0.0)),
    ("canApplyAura", Field::Bool(false)),
    ("charges", Field::Num(0.0)),
    ("dispelName", Field::Nil),
    ("duration", Field::Num(0.0)),
    ("expirationTime", Field::Num(0.0)),
    ("icon", Field::Num(134400.0)),
    ("isBossAura", Field::Bool(false)),
    ("isFromPlayerOrPlayerPet", Field::Bool(false)),
    ("isHarmful", Field::Bool(false)),
    ("isHelpful", Field::Bool(true)),
    ("isNameplateOnly", Field::Bool(false)),
    ("isRaid", Field::Bool(false)),
    ("isStealable", Field::Bool(false)),
    ("maxCharges", Field::Num(0.0)),
    ("name", Field::Str(String::new())),
    ("nameplateShowAll", Field::Bool(false)),
    ("nameplateShowPersonal", Field::Bool(false)),
    ("points", Field::Points(Vec::new())),
    ("sourceUnit", Field::Nil),
    ("spellId", Field::Num(0.0)),
    ("timeMod", Field::Num(1.0)),
];

/// A filter as the client reads it.
struct Filter {
    harmful: bool,
    player: bool,
    raid: bool,
    cancelable: Option<bool>,
}

fn parse_filter(s: Option<&str>, base: Option<&str>) -> Filter {
    let mut f = Filter {
        harmful: false,
        player: false,
        raid: false,
        cancelable: None,
    };
    let words = base
        .into_iter()
        .chain(s)
        .flat_map(|s| s.split(['|', ' ']))
        .map(|w| w.trim().to_ascii_uppercase());
    for w in words {
        match w.as_str() {
            "HARMFUL" => f.harmful = true,
            "PLAYER" => f.player = true,
            "RAID" => f.raid = true,
            "CANCELABLE" => f.cancelable = Some(true),
            "NOT_CANCELABLE" => f.cancelable = Some(false),
            _ => {}
        }
    }
    f
}

fn passes(a: &Aura, f: &Filter) -> bool {
    if a.helpful() == f.harmful {
        return false;
    }
    if f.player {
        let from_player = matches!(a.get("sourceUnit"), Field::Str(s) if s.eq_ignore_ascii_case("player") || s.eq_ignore_ascii_case("pet"))
            || a.flag("isFromPlayerOrPlayerPet");
        if !from_player {
            return false;
        }
    }
    if f.raid && !a.flag("isRaid") {
        return false;
    }
    // Helpful auras can be cancelled by the player; harmful ones cannot.
    if let Some(c) = f.cancelable {
        if a.helpful() != c {
            return false;
        }
    }
    true
}

use crate::api::stubs::usage_error as usage;
use crate::api::stubs::usage_text;

fn unit_arg(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.to_string_lossy().to_ascii_lowercase()),
        _ => None,
    }
}

fn number_arg(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Number(n) => Some(*n),
        Value::String(s) => s.to_string_lossy().trim().parse().ok(),
        _ => None,
    }
}

fn string_arg(v: &Value) -> Result<Option<String>, ()> {
    match v {
        Value::Nil => Ok(None),
        Value::String(s) => Ok(Some(s.to_string_lossy())),
        Value::Integer(i) => Ok(Some(i.to_string())),
        Value::Number(n) => Ok(Some(n.to_string())),
        _ => Err(()),
    }
}

fn arg(args: &MultiValue, i: usize) -> Value {
    args.get(i).cloned().unwrap_or(Value::Nil)
}

fn to_table(lua: &Lua, a: &Aura) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("auraInstanceID", a.id)?;
    for (name, f) in &a.fields {
        let v = match f {
            Field::Nil => continue,
            Field::Bool(b) => Value::Boolean(*b),
            Field::Num(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Value::Integer(*n as i64),
            Field::Num(n) => Value::Number(*n),
            Field::Str(s) => Value::String(lua.create_string(s)?),
            Field::Points(p) => Value::Table(lua.create_sequence_from(p.iter().copied())?),
        };
        t.raw_set(*name, v)?;
    }
    Ok(t)
}

fn with_auras<R>(lua: &Lua, unit: &str, f: impl FnOnce(&[Aura]) -> R) -> R {
    let g = game(lua);
    let st = g.auras.borrow();
    f(st.units.get(unit).map(|v| v.as_slice()).unwrap_or(&[]))
}

fn aura_value(lua: &Lua, a: Option<Aura>) -> mlua::Result<Value> {
    Ok(match a {
        Some(a) => Value::Table(to_table(lua, &a)?),
        None => Value::Nil,
    })
}

/// `GetAuraDataByIndex` and its Buff/Debuff forms (`base` is the filter word they add).
fn by_index(
    lua: &Lua,
    args: &MultiValue,
    base: Option<&'static str>,
    usage_text: &str,
) -> mlua::Result<MultiValue> {
    let (unit, index, filter) = (arg(args, 0), arg(args, 1), arg(args, 2));
    let (Some(unit), Some(index), Ok(filter)) =
        (unit_arg(&unit), number_arg(&index), string_arg(&filter))
    else {
        return Err(usage(lua, usage_text));
    };
    let f = parse_filter(filter.as_deref(), base);
    let i = index.floor() as i64;
    let found = with_auras(lua, &unit, |list| {
        if i < 1 {
            return None;
        }
        list.iter()
            .filter(|a| passes(a, &f))
            .nth((i - 1) as usize)
            .cloned()
    });
    aura_value(lua, found)?.into_lua_multi(lua)
}

/// A `C_UnitAuras` function: the arguments and its usage text.
type AuraFn = fn(&Lua, MultiValue, &str) -> mlua::Result<MultiValue>;

/// The `C_UnitAuras` functions, in registration order (each only where the flavour has it).
const FUNCTIONS: &[(&str, AuraFn)] = &[
    ("GetAuraDataByIndex", get_aura_data_by_index),
    ("GetBuffDataByIndex", get_buff_data_by_index),
    ("GetDebuffDataByIndex", get_debuff_data_by_index),
    ("GetAuraDataBySlot", get_aura_data_by_slot),
    ("GetAuraDataByAuraInstanceID", get_aura_data_by_slot),
    ("GetPlayerAuraBySpellID", get_player_aura_by_spell_id),
    ("GetAuraSlots", get_aura_slots),
    ("GetAuraDataBySpellName", get_aura_data_by_spell_name),
    ("GetUnitAuraBySpellID", get_unit_aura_by_spell_id),
    ("GetUnitAuras", get_unit_auras),
    ("GetUnitAuraInstanceIDs", get_unit_aura_instance_ids),
    (
        "IsAuraFilteredOutByInstanceID",
        is_aura_filtered_out_by_instance_id,
    ),
    ("DoesAuraHaveExpirationTime", does_aura_have_expiration_time),
    (
        "GetAuraApplicationDisplayCount",
        get_aura_application_display_count,
    ),
    ("GetAuraBaseDuration", get_aura_base_duration),
    ("CancelAuraByInstanceID", cancel_aura_by_instance_id),
];

/// Installs the functions of this file (the `C_UnitAuras` ones only where the flavour has them).
pub fn install(lua: &Lua, data: &wowsim_data::ProductData) -> mlua::Result<()> {
    *game(lua).auras.borrow_mut() = AuraState {
        next_id: 1,
        units: FxHashMap::default(),
    };
    let g = lua.globals();
    let ns: Table = match g.raw_get::<Value>("C_UnitAuras")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("C_UnitAuras", t.clone())?;
            t
        }
    };
    // The client's usage texts come from the functions' documented signatures; the client's own
    // documentation names the unit `unitToken` outside retail, where the reference says `unit`.
    let unit_word = match data.product() {
        wowsim_data::Flavor::Retail => "unit",
        _ => "unitToken",
    };
    let usage_of = |n: &str| {
        data.api(&format!("C_UnitAuras.{n}")).map(|api| {
            let mut api = api.clone();
            if let Some(p) = api.inputs.as_mut().and_then(|i| i.first_mut()) {
                if p.name.as_deref() == Some("unit") {
                    p.name = Some(unit_word.to_string());
                }
            }
            usage_text(&api)
        })
    };
    for (name, f) in FUNCTIONS {
        let Some(text) = usage_of(name) else {
            continue;
        };
        let f = *f;
        let func = lua.create_function(move |lua, args: MultiValue| f(lua, args, &text))?;
        ns.raw_set(*name, func)?;
    }
    install_hooks(lua)
}

/// `C_UnitAuras.GetAuraDataByIndex(unit, index [, filter])`.
fn get_aura_data_by_index(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    by_index(lua, &args, None, text)
}

/// `C_UnitAuras.GetBuffDataByIndex(unit, index [, filter])`: `HELPFUL` added.
fn get_buff_data_by_index(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    by_index(lua, &args, Some("HELPFUL"), text)
}

/// `C_UnitAuras.GetDebuffDataByIndex(unit, index [, filter])`: `HARMFUL` added.
fn get_debuff_data_by_index(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    by_index(lua, &args, Some("HARMFUL"), text)
}

/// `C_UnitAuras.GetAuraDataBySlot` and `GetAuraDataByAuraInstanceID` (a slot is the instance
/// id here).
fn get_aura_data_by_slot(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    let (Some(unit), Some(id)) = (unit_arg(&arg(&args, 0)), number_arg(&arg(&args, 1))) else {
        return Err(usage(lua, text));
    };
    let found = with_auras(lua, &unit, |l| {
        l.iter().find(|a| a.id as f64 == id).cloned()
    });
    aura_value(lua, found)?.into_lua_multi(lua)
}

/// `C_UnitAuras.GetPlayerAuraBySpellID(spellID)`.
fn get_player_aura_by_spell_id(
    lua: &Lua,
    args: MultiValue,
    text: &str,
) -> mlua::Result<MultiValue> {
    let Some(spell) = number_arg(&arg(&args, 0)) else {
        return Err(usage(lua, text));
    };
    let found = with_auras(lua, "player", |l| {
        l.iter().find(|a| a.spell_id() == spell).cloned()
    });
    aura_value(lua, found)?.into_lua_multi(lua)
}

/// `C_UnitAuras.GetAuraSlots(unit, filter [, maxSlots, continuationToken])`.
fn get_aura_slots(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    let bad = || usage(lua, text);
    let unit = unit_arg(&arg(&args, 0)).ok_or_else(bad)?;
    let filter = string_arg(&arg(&args, 1)).map_err(|_| bad())?;
    let opt_num = |v: Value| -> mlua::Result<Option<f64>> {
        match v {
            Value::Nil => Ok(None),
            v => number_arg(&v).map(Some).ok_or_else(bad),
        }
    };
    let max = opt_num(arg(&args, 2))?;
    let token = opt_num(arg(&args, 3))?.unwrap_or(0.0).max(0.0) as usize;
    let f = parse_filter(filter.as_deref(), None);
    let slots: Vec<i64> = with_auras(lua, &unit, |l| {
        l.iter().filter(|a| passes(a, &f)).map(|a| a.id).collect()
    });
    let rest = slots.get(token..).unwrap_or(&[]);
    let take = match max {
        Some(m) if m >= 0.0 => (m as usize).min(rest.len()),
        _ => rest.len(),
    };
    let mut out = MultiValue::new();
    out.push_back(if take < rest.len() {
        Value::Integer((token + take) as i64)
    } else {
        Value::Nil
    });
    out.extend(rest[..take].iter().map(|s| Value::Integer(*s)));
    Ok(out)
}

/// A sort rule and direction of `GetUnitAuras`/`GetUnitAuraInstanceIDs` applied to `list`.
fn sort_auras(list: &mut [Aura], rule: i64, reverse: bool) {
    let expires = |a: &Aura| match a.num("expirationTime") {
        t if t > 0.0 => t,
        _ => f64::INFINITY,
    };
    match rule {
        3 | 4 => list.sort_by(|a, b| expires(a).total_cmp(&expires(b))),
        5 | 6 => list.sort_by(|a, b| a.name().cmp(b.name())),
        _ => {}
    }
    if reverse {
        list.reverse();
    }
}

/// The auras of `GetUnitAuras(unit, filter [, maxCount, sortRule, sortDirection])` and
/// `GetUnitAuraInstanceIDs` (same arguments), or the usage error.
fn listed_auras(lua: &Lua, args: &MultiValue, usage_text: &str) -> mlua::Result<Vec<Aura>> {
    let bad = || usage(lua, usage_text);
    let unit = unit_arg(&arg(args, 0)).ok_or_else(bad)?;
    let filter = match string_arg(&arg(args, 1)) {
        Ok(Some(f)) => f,
        _ => return Err(bad()),
    };
    let opt_num = |v: Value| -> mlua::Result<Option<f64>> {
        match v {
            Value::Nil => Ok(None),
            v => number_arg(&v).map(Some).ok_or_else(bad),
        }
    };
    let max = opt_num(arg(args, 2))?;
    let rule = opt_num(arg(args, 3))?.unwrap_or(0.0) as i64;
    let reverse = opt_num(arg(args, 4))?.unwrap_or(0.0) == 1.0;
    let f = parse_filter(Some(&filter), None);
    let mut list: Vec<Aura> = with_auras(lua, &unit, |l| {
        l.iter().filter(|a| passes(a, &f)).cloned().collect()
    });
    sort_auras(&mut list, rule, reverse);
    if let Some(m) = max.filter(|m| *m >= 0.0) {
        list.truncate(m as usize);
    }
    Ok(list)
}

/// `C_UnitAuras.GetAuraDataBySpellName(unit, name [, filter])`.
fn get_aura_data_by_spell_name(
    lua: &Lua,
    args: MultiValue,
    text: &str,
) -> mlua::Result<MultiValue> {
    let (unit, name, filter) = (arg(&args, 0), arg(&args, 1), arg(&args, 2));
    let (Some(unit), Ok(Some(name)), Ok(filter)) =
        (unit_arg(&unit), string_arg(&name), string_arg(&filter))
    else {
        return Err(usage(lua, text));
    };
    let f = parse_filter(filter.as_deref(), None);
    let found = with_auras(lua, &unit, |l| {
        l.iter()
            .find(|a| a.name() == name && passes(a, &f))
            .cloned()
    });
    aura_value(lua, found)?.into_lua_multi(lua)
}

/// `C_UnitAuras.GetUnitAuraBySpellID(unit, spellID)`.
fn get_unit_aura_by_spell_id(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    let (Some(unit), Some(spell)) = (unit_arg(&arg(&args, 0)), number_arg(&arg(&args, 1))) else {
        return Err(usage(lua, text));
    };
    let found = with_auras(lua, &unit, |l| {
        l.iter().find(|a| a.spell_id() == spell).cloned()
    });
    aura_value(lua, found)?.into_lua_multi(lua)
}

/// `C_UnitAuras.GetUnitAuras(unit, filter [, maxCount, sortRule, sortDirection])`.
fn get_unit_auras(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    let list = listed_auras(lua, &args, text)?;
    let out = lua.create_table_with_capacity(list.len(), 0)?;
    for a in &list {
        out.raw_push(to_table(lua, a)?)?;
    }
    out.into_lua_multi(lua)
}

/// `C_UnitAuras.GetUnitAuraInstanceIDs` (the arguments of `GetUnitAuras`).
fn get_unit_aura_instance_ids(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    let list = listed_auras(lua, &args, text)?;
    lua.create_sequence_from(list.iter().map(|a| a.id))?
        .into_lua_multi(lua)
}

/// `C_UnitAuras.IsAuraFilteredOutByInstanceID(unit, auraInstanceID, filter)`.
fn is_aura_filtered_out_by_instance_id(
    lua: &Lua,
    args: MultiValue,
    text: &str,
) -> mlua::Result<MultiValue> {
    let (unit, id, filter) = (arg(&args, 0), arg(&args, 1), arg(&args, 2));
    let (Some(unit), Some(id), Ok(Some(filter))) =
        (unit_arg(&unit), number_arg(&id), string_arg(&filter))
    else {
        return Err(usage(lua, text));
    };
    let f = parse_filter(Some(&filter), None);
    let out = !with_auras(lua, &unit, |l| {
        l.iter().any(|a| a.id as f64 == id && passes(a, &f))
    });
    out.into_lua_multi(lua)
}

/// `C_UnitAuras.DoesAuraHaveExpirationTime(unit, auraInstanceID)`.
fn does_aura_have_expiration_time(
    lua: &Lua,
    args: MultiValue,
    text: &str,
) -> mlua::Result<MultiValue> {
    let (Some(unit), Some(id)) = (unit_arg(&arg(&args, 0)), number_arg(&arg(&args, 1))) else {
        return Err(usage(lua, text));
    };
    let out = with_auras(lua, &unit, |l| {
        l.iter()
            .any(|a| a.id as f64 == id && a.num("expirationTime") > 0.0)
    });
    out.into_lua_multi(lua)
}

/// `C_UnitAuras.GetAuraApplicationDisplayCount(unit, auraInstanceID [, minDisplayCount,
/// maxDisplayCount])`.
fn get_aura_application_display_count(
    lua: &Lua,
    args: MultiValue,
    text: &str,
) -> mlua::Result<MultiValue> {
    let bad = || usage(lua, text);
    let unit = unit_arg(&arg(&args, 0)).ok_or_else(bad)?;
    let id = number_arg(&arg(&args, 1)).ok_or_else(bad)?;
    let opt = |v: Value| -> mlua::Result<Option<f64>> {
        match v {
            Value::Nil => Ok(None),
            v => number_arg(&v).map(Some).ok_or_else(bad),
        }
    };
    let min = opt(arg(&args, 2))?.unwrap_or(2.0);
    let max = opt(arg(&args, 3))?;
    let count = with_auras(lua, &unit, |l| {
        l.iter()
            .find(|a| a.id as f64 == id)
            .map(|a| a.num("applications"))
    })
    .unwrap_or(0.0);
    let out = match max {
        _ if count < min || count <= 0.0 => String::new(),
        Some(m) if count > m => format!("{m}+"),
        _ => format!("{count}"),
    };
    out.into_lua_multi(lua)
}

/// `C_UnitAuras.GetAuraBaseDuration(unit, auraInstanceID)`.
fn get_aura_base_duration(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    let (Some(unit), Some(id)) = (unit_arg(&arg(&args, 0)), number_arg(&arg(&args, 1))) else {
        return Err(usage(lua, text));
    };
    let duration = with_auras(lua, &unit, |l| {
        l.iter()
            .find(|a| a.id as f64 == id)
            .map(|a| a.num("duration"))
    });
    duration.filter(|d| *d > 0.0).into_lua_multi(lua)
}

/// `C_UnitAuras.CancelAuraByInstanceID(unit, auraInstanceID)`.
fn cancel_aura_by_instance_id(lua: &Lua, args: MultiValue, text: &str) -> mlua::Result<MultiValue> {
    let (Some(unit), Some(id)) = (unit_arg(&arg(&args, 0)), number_arg(&arg(&args, 1))) else {
        return Err(usage(lua, text));
    };
    // Only the player's own helpful auras can be cancelled.
    if unit == "player" {
        remove_aura(lua, &unit, id, Aura::helpful)?;
    }
    Ok(MultiValue::new())
}

/// `wowsim.AddAura` and `wowsim.RemoveAura`.
fn install_hooks(lua: &Lua) -> mlua::Result<()> {
    let add = lua.create_function(|lua, (unit, fields): (Value, Value)| {
        let (Some(unit), Value::Table(fields)) = (unit_arg(&unit), fields) else {
            return Err(usage(lua, "Usage: wowsim.AddAura(unit, {spellId = id, ...})"));
        };
        // Only units that exist can carry auras (the player, and what the world has).
        let known = crate::world::with_world(lua, |w| w.unit(&unit).is_some()).unwrap_or(false);
        if !known && !crate::api::identity::is_player(&Value::String(lua.create_string(&unit)?)) {
            return Err(usage(
                lua,
                format!("wowsim.AddAura(): unit {unit} does not exist"),
            ));
        }
        let mut stored = Vec::with_capacity(FIELDS.len());
        for (name, default) in FIELDS {
            let v: Value = fields.raw_get(*name)?;
            let field = match (default, v) {
                (d, Value::Nil) => d.clone(),
                (Field::Points(_), Value::Table(t)) => {
                    Field::Points(t.sequence_values::<f64>().collect::<mlua::Result<_>>()?)
                }
                (_, Value::Boolean(b)) => Field::Bool(b),
                (_, Value::Integer(i)) => Field::Num(i as f64),
                (_, Value::Number(n)) => Field::Num(n),
                (_, Value::String(s)) => Field::Str(s.to_string_lossy()),
                (_, other) => {
                    return Err(usage(
                        lua,
                        format!("wowsim.AddAura(): field {name} is a {}", other.type_name()),
                    ))
                }
            };
            stored.push((*name, field));
        }
        // isHarmful follows isHelpful unless given.
        let helpful = !matches!(fields.raw_get::<Value>("isHarmful")?, Value::Boolean(true))
            && !matches!(fields.raw_get::<Value>("isHelpful")?, Value::Boolean(false));
        for (name, f) in stored.iter_mut() {
            match *name {
                "isHelpful" => *f = Field::Bool(helpful),
                "isHarmful" => *f = Field::Bool(!helpful),
                _ => {}
            }
        }
        // An aura with a duration expires `duration` seconds from now unless told otherwise.
        let duration = match fields.raw_get::<Value>("duration")? {
            Value::Integer(i) => i as f64,
            Value::Number(n) => n,
            _ => 0.0,
        };
        if duration > 0.0 && fields.raw_get::<Value>("expirationTime")?.is_nil() {
            let now = lua.app_data_ref::<Clock>().map_or(0.0, |c| c.now());
            for (name, f) in stored.iter_mut() {
                if *name == "expirationTime" {
                    *f = Field::Num(now + duration);
                }
            }
        }
        let mut aura = Aura { id: 0, fields: stored };
        if !matches!(aura.get("spellId"), Field::Num(n) if *n > 0.0) {
            return Err(usage(lua, "wowsim.AddAura(): spellId must be a positive number"));
        }
        if matches!(aura.get("sourceUnit"), Field::Str(s) if s.eq_ignore_ascii_case("player") || s.eq_ignore_ascii_case("pet"))
        {
            for (name, f) in aura.fields.iter_mut() {
                if *name == "isFromPlayerOrPlayerPet" {
                    *f = Field::Bool(true);
                }
            }
        }
        {
            let g = game(lua);
            let mut st = g.auras.borrow_mut();
            aura.id = st.next_id;
            st.next_id += 1;
            st.units.entry(unit.clone()).or_default().push(aura.clone());
        }
        let info = lua.create_table()?;
        info.raw_set("isFullUpdate", false)?;
        info.raw_set("addedAuras", lua.create_sequence_from([to_table(lua, &aura)?])?)?;
        fire_unit_aura(lua, &unit, info)?;
        Ok(aura.id)
    })?;
    let remove = lua.create_function(|lua, (unit, id): (Value, Value)| {
        let (Some(unit), Some(id)) = (unit_arg(&unit), number_arg(&id)) else {
            return Err(usage(lua, "Usage: wowsim.RemoveAura(unit, auraInstanceID)"));
        };
        remove_aura(lua, &unit, id, |_| true)
    })?;
    let t = match lua.globals().raw_get::<Value>("wowsim")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    t.raw_set("AddAura", add)?;
    t.raw_set("RemoveAura", remove)?;
    lua.globals().raw_set("wowsim", t)
}

/// Removes the aura `id` of `unit` when `allowed` accepts it, firing `UNIT_AURA`; false when
/// the unit has no such aura (or it may not be removed).
fn remove_aura(
    lua: &Lua,
    unit: &str,
    id: f64,
    allowed: impl Fn(&Aura) -> bool,
) -> mlua::Result<bool> {
    let removed = {
        let g = game(lua);
        let mut st = g.auras.borrow_mut();
        let list = st.units.entry(unit.to_string()).or_default();
        let before = list.len();
        list.retain(|a| a.id as f64 != id || !allowed(a));
        list.len() != before
    };
    if removed {
        fire_removed(lua, unit, &[id as i64])?;
    }
    Ok(removed)
}

/// `UNIT_AURA(unit, {isFullUpdate = false, removedAuraInstanceIDs = ids})`.
fn fire_removed(lua: &Lua, unit: &str, ids: &[i64]) -> mlua::Result<()> {
    let info = lua.create_table()?;
    info.raw_set("isFullUpdate", false)?;
    info.raw_set(
        "removedAuraInstanceIDs",
        lua.create_sequence_from(ids.iter().copied())?,
    )?;
    fire_unit_aura(lua, unit, info)
}

/// Removes the auras whose expiration time has come on the virtual clock (called at the start
/// of each tick): one `UNIT_AURA` per unit with the removed instance ids, units in name order.
pub fn expire(lua: &Lua) -> mlua::Result<()> {
    let now = lua.app_data_ref::<Clock>().map_or(0.0, |c| c.now());
    let expired: Vec<(String, Vec<i64>)> = {
        let g = game(lua);
        let mut st = g.auras.borrow_mut();
        let mut out = Vec::new();
        for (unit, list) in st.units.iter_mut() {
            let done = |a: &Aura| {
                let t = a.num("expirationTime");
                t > 0.0 && t <= now
            };
            let ids: Vec<i64> = list.iter().filter(|a| done(a)).map(|a| a.id).collect();
            if !ids.is_empty() {
                list.retain(|a| !done(a));
                out.push((unit.clone(), ids));
            }
        }
        out.sort();
        out
    };
    for (unit, ids) in expired {
        fire_removed(lua, &unit, &ids)?;
    }
    Ok(())
}

fn fire_unit_aura(lua: &Lua, unit: &str, info: Table) -> mlua::Result<()> {
    let mut args = MultiValue::new();
    args.push_back(Value::String(lua.create_string(unit)?));
    args.push_back(Value::Table(info));
    crate::events::fire_event(lua, "UNIT_AURA", args)
}

/// Changes the stacks and/or the duration (from now) of `unit`'s first aura of `spell_id`,
/// firing `UNIT_AURA(unit, {updatedAuraInstanceIDs})`; false when it has none.
pub(crate) fn update_aura(
    lua: &Lua,
    unit: &str,
    spell_id: i64,
    stacks: Option<i64>,
    duration: Option<f64>,
) -> mlua::Result<bool> {
    let now = lua.app_data_ref::<Clock>().map_or(0.0, |c| c.now());
    let id = {
        let g = game(lua);
        let mut st = g.auras.borrow_mut();
        let list = st.units.entry(unit.to_ascii_lowercase()).or_default();
        let Some(a) = list.iter_mut().find(|a| a.spell_id() == spell_id as f64) else {
            return Ok(false);
        };
        for (name, f) in a.fields.iter_mut() {
            match (*name, stacks, duration) {
                ("applications", Some(n), _) => *f = Field::Num(n as f64),
                ("duration", _, Some(d)) => *f = Field::Num(d),
                ("expirationTime", _, Some(d)) => {
                    *f = Field::Num(if d > 0.0 { now + d } else { 0.0 })
                }
                _ => {}
            }
        }
        a.id
    };
    let info = lua.create_table()?;
    info.raw_set("isFullUpdate", false)?;
    info.raw_set("updatedAuraInstanceIDs", lua.create_sequence_from([id])?)?;
    fire_unit_aura(lua, unit, info)?;
    Ok(true)
}
