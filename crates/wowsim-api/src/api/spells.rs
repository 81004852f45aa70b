//! Spells by id, name or link, answered from the game state's spell table (`game_data.rs`):
//! a spell of the table as added, a counted stand-in (`Spell #<id>`, the question-mark icon)
//! for another positive id, nothing for what cannot be a spell (0, negative ids, a name the
//! character does not know). Each function is defined only where the flavour's reference has
//! it (retail 12.x has no global `GetSpellInfo`; Classic Era has it with separate values).
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `C_Spell.GetSpellInfo` | a `SpellInfo` table (name, iconID, originalIconID, castTime, minRange, maxRange, spellID) |
//! | `C_Spell.GetSpellName`, `GetSpellTexture`, `GetSpellLink`, `GetSpellDescription`, `GetSpellSubtext`, `GetSpellIDForSpellIdentifier` | the field, the client's link `\|cff71d5ff\|Hspell:<id>:0\|h[<name>]\|h\|r` |
//! | `C_Spell.DoesSpellExist`, `IsSpellDataCached` | whether the identifier names a spell (stand-ins do) |
//! | `C_Spell.RequestLoadSpellData` | `SPELL_DATA_LOAD_RESULT(spellID, exists)` at once: spell data is the client's own |
//! | `C_SpellBook.IsSpellKnown`, `IsSpellInSpellBook`, `IsSpellKnownOrInSpellBook` | the character's spells (added with `known = true`), player bank only |
//! | `GetSpellInfo` (Classic Era) | name, rank (nil), icon, castTime, minRange, maxRange, spellID; `(slot, bookType)` answers nothing (the book is empty) |
//! | `GetSpellTexture`, `GetSpellLink` (link, spellID), `DoesSpellExist`, `GetSpellDescription`, `GetSpellSubtext`, `IsSpellKnown`, `IsPlayerSpell` | where the flavour has them, as above |
//!
//! Arguments of the wrong type raise the client's usage error (from the reference signature).

use crate::api::game_data::{self, identifier, Ident, Spell};
use crate::api::stubs::{usage_error, usage_text};
use mlua::{IntoLuaMulti, Lua, MultiValue, Value};
use wowsim_data::ProductData;

/// A host function body: the arguments and the function's usage error.
type Body = dyn Fn(&Lua, &MultiValue, &dyn Fn() -> mlua::Error) -> mlua::Result<MultiValue>;

/// Defines `name` (a global or `NS.F`) when the flavour's reference has it, with the usage
/// error of its reference signature (or `usage` when given).
pub(crate) fn define(
    lua: &Lua,
    data: &ProductData,
    name: &str,
    usage: Option<&str>,
    body: Box<Body>,
) -> mlua::Result<()> {
    let Some(api) = data.api(name) else {
        return Ok(());
    };
    let usage = usage.map_or_else(|| usage_text(api), str::to_string);
    let f = lua.create_function(move |lua, args: MultiValue| {
        let bad = || usage_error(lua, &usage);
        body(lua, &args, &bad)
    })?;
    let mut cur = lua.globals();
    let mut parts: Vec<&str> = name.split('.').collect();
    let last = parts.pop().unwrap_or(name);
    for p in parts {
        cur = match cur.raw_get::<Value>(p)? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                cur.raw_set(p, t.clone())?;
                t
            }
        };
    }
    cur.raw_set(last, f)
}

pub(crate) fn arg(args: &MultiValue, i: usize) -> &Value {
    args.get(i).unwrap_or(&Value::Nil)
}

/// The spell the first argument names (usage error for a refused type).
fn spell_of(
    lua: &Lua,
    args: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<Option<Spell>> {
    let ident = identifier(arg(args, 0), "spell").ok_or_else(bad)?;
    Ok(game_data::find_spell(lua, &ident))
}

fn none() -> mlua::Result<MultiValue> {
    Ok(MultiValue::new())
}

fn one(lua: &Lua, v: impl mlua::IntoLua) -> mlua::Result<MultiValue> {
    v.into_lua_multi(lua)
}

/// A spell's answer, or nothing.
fn answer(
    lua: &Lua,
    args: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
    f: impl Fn(&Lua, Spell) -> mlua::Result<MultiValue>,
) -> mlua::Result<MultiValue> {
    match spell_of(lua, args, bad)? {
        Some(s) => f(lua, s),
        None => none(),
    }
}

/// Whether the character knows the spell `args[0]` in the bank `args[bank_at]` (Player = 0).
fn known(
    args: &MultiValue,
    lua: &Lua,
    bad: &dyn Fn() -> mlua::Error,
    bank_at: Option<usize>,
) -> mlua::Result<MultiValue> {
    let Some(Ident::Id(id)) = identifier(arg(args, 0), "spell") else {
        return Err(bad());
    };
    let player_bank = match bank_at.map(|i| arg(args, i)) {
        None | Some(Value::Nil) => true,
        Some(Value::Integer(b)) => *b == 0,
        Some(Value::Number(b)) => *b == 0.0,
        Some(Value::Boolean(is_pet)) => !is_pet,
        Some(_) => return Err(bad()),
    };
    one(lua, player_bank && game_data::spell_known(lua, id))
}

/// The `SpellInfo` table of a spell. Addons call this for every spell they list (a damage
/// meter's or a cooldown library's tables: thousands of calls), so the table comes from a Lua
/// table constructor ([`SpellInfoMaker`]): one call, whose `NEWTABLE` is sized for the seven
/// fields and whose keys are the chunk's constants, instead of a protected call per field. It
/// runs secure, so the slots are secure as the client's C side writes them (`issecurevariable`
/// on the table answers true whoever asked).
fn info_table(lua: &Lua, s: &Spell) -> mlua::Result<MultiValue> {
    use wowsim_lua::taint;
    let make = lua
        .app_data_ref::<SpellInfoMaker>()
        .map(|m| m.0.clone())
        .ok_or_else(|| mlua::Error::runtime("the SpellInfo constructor is not installed"))?;
    let was = taint::current(lua);
    taint::set(lua, taint::TaintId::SECURE);
    let t: mlua::Result<Value> = make.call((
        s.name.as_str(),
        s.icon,
        s.original_icon,
        s.cast_time,
        s.min_range,
        s.max_range,
        s.id,
    ));
    taint::set(lua, was);
    one(lua, t?)
}

/// The Lua function that builds a `SpellInfo` table from its seven values (VM app data).
struct SpellInfoMaker(mlua::Function);

/// A host function body of this file as a named function (see [`Body`]).
type Handler = fn(&Lua, &MultiValue, &dyn Fn() -> mlua::Error) -> mlua::Result<MultiValue>;

/// The spell functions: name, usage text when not the reference signature's, body.
const FUNCTIONS: &[(&str, Option<&str>, Handler)] = &[
    ("C_Spell.GetSpellInfo", None, c_spell_get_spell_info),
    ("C_Spell.GetSpellName", None, c_spell_get_spell_name),
    ("C_Spell.GetSpellTexture", None, c_spell_get_spell_texture),
    ("C_Spell.GetSpellLink", None, c_spell_get_spell_link),
    (
        "C_Spell.GetSpellDescription",
        None,
        c_spell_get_spell_description,
    ),
    ("C_Spell.GetSpellSubtext", None, c_spell_get_spell_subtext),
    (
        "C_Spell.GetSpellIDForSpellIdentifier",
        None,
        c_spell_get_spell_id,
    ),
    ("C_Spell.DoesSpellExist", None, c_spell_does_spell_exist),
    ("C_Spell.IsSpellDataCached", None, c_spell_does_spell_exist),
    (
        "C_Spell.RequestLoadSpellData",
        None,
        c_spell_request_load_spell_data,
    ),
    ("C_SpellBook.IsSpellKnown", None, known_in_bank),
    ("C_SpellBook.IsSpellInSpellBook", None, known_in_bank),
    ("C_SpellBook.IsSpellKnownOrInSpellBook", None, known_in_bank),
    (
        "IsSpellKnown",
        Some("Usage: IsSpellKnown(spellID [, isPet])"),
        known_in_bank,
    ),
    (
        "IsSpellKnownOrOverridesKnown",
        Some("Usage: IsSpellKnownOrOverridesKnown(spellID [, isPet])"),
        known_in_bank,
    ),
    (
        "IsPlayerSpell",
        Some("Usage: IsPlayerSpell(spellID)"),
        is_player_spell,
    ),
];

/// The global forms of the classic flavours.
const CLASSIC_FUNCTIONS: &[(&str, Option<&str>, Handler)] = &[
    (
        "GetSpellInfo",
        Some("Usage: GetSpellInfo(spellID | \"name\" | link) or GetSpellInfo(slot, bookType)"),
        get_spell_info,
    ),
    (
        "GetSpellTexture",
        Some("Usage: GetSpellTexture(spellID | \"name\")"),
        get_spell_texture,
    ),
    (
        "GetSpellDescription",
        Some("Usage: GetSpellDescription(spellID | \"name\")"),
        get_spell_description,
    ),
    (
        "GetSpellSubtext",
        Some("Usage: GetSpellSubtext(spellID | \"name\")"),
        get_spell_subtext,
    ),
    (
        "GetSpellLink",
        Some("Usage: GetSpellLink(spellID | \"name\")"),
        get_spell_link,
    ),
    ("DoesSpellExist", None, does_spell_exist),
];

/// Installs the spell functions the flavour has.
pub fn install(lua: &Lua, data: &ProductData) -> mlua::Result<()> {
    let make: mlua::Function = lua
        .load(
            "return function(name, iconID, originalIconID, castTime, minRange, maxRange, spellID) \
             return { name = name, iconID = iconID, originalIconID = originalIconID, \
             castTime = castTime, minRange = minRange, maxRange = maxRange, spellID = spellID } end",
        )
        .set_name("=[wow-sim SpellInfo]")
        .call(())?;
    lua.set_app_data(SpellInfoMaker(make));
    let retail = data.product() == wowsim_data::Flavor::Retail;
    let classic: &[_] = if retail { &[] } else { CLASSIC_FUNCTIONS };
    for (name, usage, f) in FUNCTIONS.iter().chain(classic) {
        define(lua, data, name, *usage, Box::new(*f))?;
    }
    Ok(())
}

/// `C_Spell.GetSpellInfo`.
fn c_spell_get_spell_info(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    answer(lua, a, bad, |lua, s| info_table(lua, &s))
}

/// `C_Spell.GetSpellName`.
fn c_spell_get_spell_name(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    answer(lua, a, bad, |lua, s| one(lua, s.name))
}

/// `C_Spell.GetSpellTexture`.
fn c_spell_get_spell_texture(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    answer(lua, a, bad, |lua, s| {
        (s.icon, s.original_icon).into_lua_multi(lua)
    })
}

/// `C_Spell.GetSpellLink`.
fn c_spell_get_spell_link(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    answer(lua, a, bad, |lua, s| one(lua, s.link()))
}

/// `C_Spell.GetSpellDescription`.
fn c_spell_get_spell_description(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    answer(lua, a, bad, |lua, s| one(lua, s.description))
}

/// `C_Spell.GetSpellSubtext`.
fn c_spell_get_spell_subtext(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    answer(lua, a, bad, |lua, s| one(lua, s.subtext))
}

/// `C_Spell.GetSpellIDForSpellIdentifier`.
fn c_spell_get_spell_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    answer(lua, a, bad, |lua, s| one(lua, s.id))
}

/// `C_Spell.DoesSpellExist` and `C_Spell.IsSpellDataCached`.
fn c_spell_does_spell_exist(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    let exists = spell_of(lua, a, bad)?.is_some();
    one(lua, exists)
}

/// `C_Spell.RequestLoadSpellData`.
fn c_spell_request_load_spell_data(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    let ident = identifier(arg(a, 0), "spell").ok_or_else(bad)?;
    let found = game_data::find_spell(lua, &ident);
    let id = match (&found, &ident) {
        (Some(s), _) => s.id,
        (None, Ident::Id(id)) => *id,
        (None, Ident::Name(_)) => return none(),
    };
    game_data::fire(lua, "SPELL_DATA_LOAD_RESULT", id, found.is_some())?;
    none()
}

/// `C_SpellBook.IsSpellKnown`, `IsSpellInSpellBook`, `IsSpellKnownOrInSpellBook` and the
/// globals `IsSpellKnown`, `IsSpellKnownOrOverridesKnown`: the bank is the second argument.
fn known_in_bank(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    known(a, lua, bad, Some(1))
}

/// `IsPlayerSpell`.
fn is_player_spell(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    known(a, lua, bad, None)
}

/// `GetSpellInfo` (classic flavours).
fn get_spell_info(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    if let Value::String(_) = arg(a, 1) {
        // A spell book slot: wow-sim's character has an empty book.
        if !matches!(arg(a, 0), Value::Integer(_) | Value::Number(_)) {
            return Err(bad());
        }
        return none();
    }
    answer(lua, a, bad, |lua, s| {
        (
            s.name,
            Value::Nil,
            s.icon,
            s.cast_time,
            s.min_range,
            s.max_range,
            s.id,
        )
            .into_lua_multi(lua)
    })
}

/// A global spell field of the classic flavours: nothing for a nil argument.
fn classic_field(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
    f: fn(&Lua, Spell) -> mlua::Result<MultiValue>,
) -> mlua::Result<MultiValue> {
    if matches!(arg(a, 0), Value::Nil) {
        return none();
    }
    answer(lua, a, bad, f)
}

/// `GetSpellTexture` (classic flavours).
fn get_spell_texture(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    classic_field(lua, a, bad, |lua, s| one(lua, s.icon))
}

/// `GetSpellDescription` (classic flavours).
fn get_spell_description(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    classic_field(lua, a, bad, |lua, s| one(lua, s.description))
}

/// `GetSpellSubtext` (classic flavours).
fn get_spell_subtext(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    classic_field(lua, a, bad, |lua, s| one(lua, s.subtext))
}

/// `GetSpellLink` (classic flavours): link, spellID.
fn get_spell_link(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    classic_field(lua, a, bad, |lua, s| (s.link(), s.id).into_lua_multi(lua))
}

/// `DoesSpellExist` (classic flavours): false for a nil argument.
fn does_spell_exist(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    if matches!(arg(a, 0), Value::Nil) {
        return one(lua, false);
    }
    let exists = spell_of(lua, a, bad)?.is_some();
    one(lua, exists)
}
