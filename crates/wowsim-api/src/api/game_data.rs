//! The game state's spell and item tables: what the client's spell and item databases would
//! answer. The real databases ship with the client and its server, so wow-sim starts with
//! none; tests and users add entries with `wowsim.AddSpell{...}`/`wowsim.AddItem{...}`, and an
//! id the tables lack answers with a counted stand-in (`Spell #44461`, `Item #19019`, the
//! question-mark icon), as global strings do (ARCHITECTURE.md, "Spells and items"). With the
//! user's exports of the databases (`--game-data`, `game_data_csv.rs`) those are the database
//! behind the table: ids they lack are no spell or item, and nothing is a stand-in. The
//! functions that read the tables are in `spells.rs` and `items.rs`.
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `wowsim.AddSpell{spellID = id, name = ..., ...}` | not the client's: adds or replaces a spell (fields below); `known = true` puts it in the character's spells (`SPELLS_CHANGED` fires) |
//! | `wowsim.AddItem{itemID = id, itemName = ..., ...}` | not the client's: adds or replaces an item (fields below); `cached = false` makes the first query wait for the server as an unseen item does |
//! | `wowsim.GameDataStandIns()` | not the client's: how many spell ids, item ids and currency ids were answered with stand-ins so far |
//!
//! Spell fields (those of `C_Spell.SpellInfo`, plus three): `spellID` (required), `name`
//! (required), `iconID` (134400), `originalIconID` (`iconID`), `castTime`, `minRange`,
//! `maxRange` (0), `subtext`, `description` (""), `known` (false).
//! Item fields (the names of `C_Item.GetItemInfo`'s values): `itemID` (required), `itemName`
//! (required), `itemQuality` (1), `itemLevel` (1), `itemMinLevel` (0), `itemType`
//! ("Miscellaneous"), `itemSubType` ("Junk"), `itemStackCount` (1), `itemEquipLoc` (""),
//! `itemTexture` (134400), `sellPrice` (0), `classID` (15), `subclassID` (0), `bindType` (0),
//! `expansionID` (0), `cached` (true).
//!
//! Items are asynchronous as in the client: an item that is not cached answers nil the first
//! time and is requested; at the start of the next frame it arrives, `GET_ITEM_INFO_RECEIVED(
//! itemID, true)` fires for a request made by an info query, then `ITEM_DATA_LOAD_RESULT(
//! itemID, true)` for one made by `C_Item.RequestLoadItemDataByID`. Stand-in items start
//! uncached. Spells come from the client's own files, so they answer at once.

use crate::game_state::game;
use mlua::{Lua, MultiValue, Table, Value};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// The client's question-mark icon (`Interface\Icons\INV_Misc_QuestionMark`).
pub(crate) const QUESTION_MARK_ICON: i64 = 134400;

/// One spell of the table.
#[derive(Clone, Debug)]
pub(crate) struct Spell {
    pub id: i64,
    pub name: String,
    pub icon: i64,
    pub original_icon: i64,
    pub cast_time: f64,
    pub min_range: f64,
    pub max_range: f64,
    pub subtext: String,
    pub description: String,
    pub known: bool,
}

impl Spell {
    fn stand_in(id: i64) -> Spell {
        Spell {
            id,
            name: format!("Spell #{id}"),
            icon: QUESTION_MARK_ICON,
            original_icon: QUESTION_MARK_ICON,
            cast_time: 0.0,
            min_range: 0.0,
            max_range: 0.0,
            subtext: String::new(),
            description: String::new(),
            known: false,
        }
    }

    /// The client's spell link.
    pub fn link(&self) -> String {
        format!("|cff71d5ff|Hspell:{}:0|h[{}]|h|r", self.id, self.name)
    }
}

/// One item of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub id: i64,
    pub name: String,
    pub quality: i64,
    pub level: i64,
    pub min_level: i64,
    pub item_type: String,
    pub sub_type: String,
    pub stack_count: i64,
    pub equip_loc: String,
    pub icon: i64,
    pub sell_price: i64,
    pub class_id: i64,
    pub subclass_id: i64,
    pub bind_type: i64,
    pub expansion_id: i64,
}

impl Item {
    /// The stand-in for an id no table has: `Item #<id>`, the question-mark icon.
    pub(crate) fn stand_in(id: i64) -> Item {
        Item {
            id,
            name: format!("Item #{id}"),
            quality: 1,
            level: 1,
            min_level: 0,
            item_type: "Miscellaneous".into(),
            sub_type: "Junk".into(),
            stack_count: 1,
            equip_loc: String::new(),
            icon: QUESTION_MARK_ICON,
            sell_price: 0,
            class_id: 15,
            subclass_id: 0,
            bind_type: 0,
            expansion_id: 0,
        }
    }

    /// The client's item link: the quality's colour, the item string (the id and the
    /// character's level; the other fields empty, as for an item with no bonuses) and the name.
    pub fn link(&self, character_level: i64) -> String {
        const COLORS: [&str; 9] = [
            "9d9d9d", "ffffff", "1eff00", "0070dd", "a335ee", "ff8000", "e6cc80", "00ccff",
            "00ccff",
        ];
        let color = COLORS
            .get(self.quality.clamp(0, 8) as usize)
            .copied()
            .unwrap_or("ffffff");
        format!(
            "|cff{color}|Hitem:{}::::::::{character_level}:::::::::|h[{}]|h|r",
            self.id, self.name
        )
    }
}

/// An item request waiting for the server: which events its arrival fires.
#[derive(Clone, Copy, Debug)]
struct Pending {
    id: i64,
    info: bool,
    load: bool,
}

/// The spell and item tables (VM app data).
#[derive(Default, Debug)]
pub struct GameData {
    spells: FxHashMap<i64, Spell>,
    items: FxHashMap<i64, (Item, bool)>,
    /// Ids answered with stand-ins (counted for the `lua-errors` note).
    spell_stand_ins: BTreeSet<i64>,
    item_stand_ins: BTreeSet<i64>,
    currency_stand_ins: BTreeSet<i64>,
    /// Items not in the table that have arrived from the "server" (stand-ins, `--game-data`).
    arrived: BTreeSet<i64>,
    pending: Vec<Pending>,
    /// The user's exports of the client's databases (`--game-data`), if given.
    pub db: super::game_data_csv::Db,
    /// The flavour (its item class names), once installed.
    pub flavor: Option<wowsim_data::Flavor>,
}

impl GameData {
    /// A spell id's record: the table's, the user's data, or (counted) a stand-in.
    fn spell(&mut self, id: i64) -> Option<Spell> {
        if let Some(s) = self.spells.get(&id) {
            return Some(s.clone());
        }
        if let Some(db) = &self.db.spells {
            let (name, icon) = db.get(&id)?;
            let mut s = Spell::stand_in(id);
            s.name = name.to_string();
            (s.icon, s.original_icon) = (*icon, *icon);
            return Some(s);
        }
        if !possible_id(id) {
            return None;
        }
        self.spell_stand_ins.insert(id);
        Some(Spell::stand_in(id))
    }

    /// Whether an item id names an item (the table's, the user's data's, or a stand-in's).
    fn item_exists(&self, id: i64) -> bool {
        self.items.contains_key(&id)
            || match &self.db.items {
                Some(db) => db.contains_key(&id),
                None => possible_id(id),
            }
    }

    /// An item id's record: the table's, the user's data, or (counted) a stand-in.
    fn item(&mut self, id: i64) -> Option<Item> {
        if let Some((it, _)) = self.items.get(&id) {
            return Some(it.clone());
        }
        if let Some(db) = &self.db.items {
            let d = db.get(&id)?;
            let sub = self.db.subclass_names.get(&(d.class_id, d.subclass_id));
            return Some(Item {
                id,
                name: d.name.to_string(),
                quality: d.quality as i64,
                level: d.level as i64,
                min_level: d.min_level as i64,
                item_type: super::game_data_csv::class_name(
                    d.class_id as i64,
                    self.flavor.unwrap_or(wowsim_data::Flavor::Retail),
                )
                .to_string(),
                sub_type: sub.map(|s| s.to_string()).unwrap_or_default(),
                stack_count: d.stack as i64,
                equip_loc: super::game_data_csv::equip_loc(d.inventory_type as i64).to_string(),
                icon: d.icon,
                sell_price: d.sell_price,
                class_id: d.class_id as i64,
                subclass_id: d.subclass_id as i64,
                bind_type: d.bind_type as i64,
                expansion_id: d.expansion as i64,
            });
        }
        if !possible_id(id) {
            return None;
        }
        self.item_stand_ins.insert(id);
        Some(Item::stand_in(id))
    }
}

/// The highest currency id a stand-in answers for. The client's currency table is finite and
/// its ids are given in order: the current retail client's reach the 3400s (SavedInstances'
/// 12.0 list names 3418), so ids past 3999 answer nothing, as unused ids do in the client. An
/// addon that scans the id range until a run of misses (TellMeWhen stops after 3,000 in a row)
/// then ends as it does in the client instead of finding a currency at every id.
pub(crate) const CURRENCY_STAND_IN_MAX: i64 = 3999;

/// A currency id's (name, icon, max quantity) in the currency database: the user's
/// `CurrencyTypes.csv` (`--game-data`; an id it lacks is no currency), else a counted stand-in
/// `Currency #<id>` for ids up to [`CURRENCY_STAND_IN_MAX`].
pub(crate) fn currency_record(lua: &Lua, id: i64) -> Option<(String, i64, i64)> {
    let g = game(lua);
    let mut gd = g.data.borrow_mut();
    if let Some(db) = &gd.db.currencies {
        return db.get(&id).map(|c| (c.name.to_string(), c.icon, c.max));
    }
    if !(1..=CURRENCY_STAND_IN_MAX).contains(&id) {
        return None;
    }
    gd.currency_stand_ins.insert(id);
    Some((format!("Currency #{id}"), QUESTION_MARK_ICON, 0))
}

/// What an identifier argument names.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ident {
    Id(i64),
    Name(String),
}

/// Reads a spell or item identifier as the client does: a number (truncated), a numeric
/// string, a link or link string (`spell:123`, `|Hitem:123:...`), otherwise a name. None for a
/// type the client refuses (nil, tables, booleans, functions).
pub(crate) fn identifier(v: &Value, link: &str) -> Option<Ident> {
    match v {
        Value::Integer(i) => Some(Ident::Id(*i)),
        Value::Number(n) if n.is_finite() => Some(Ident::Id(n.trunc() as i64)),
        Value::Number(_) => Some(Ident::Id(0)),
        Value::String(s) => {
            let text = s.to_string_lossy();
            let t = text.trim();
            if let Ok(n) = t.parse::<f64>() {
                return Some(Ident::Id(if n.is_finite() { n.trunc() as i64 } else { 0 }));
            }
            let key = format!("{link}:");
            if let Some(at) = t.find(&key) {
                let rest = &t[at + key.len()..];
                let end = rest
                    .char_indices()
                    .find(|(i, c)| !(c.is_ascii_digit() || (*i == 0 && *c == '-')))
                    .map_or(rest.len(), |(i, _)| i);
                return Some(Ident::Id(rest[..end].parse().unwrap_or(0)));
            }
            Some(Ident::Name(t.to_string()))
        }
        _ => None,
    }
}

/// Whether an id can name a spell or an item at all (the client's ids are positive 32-bit).
pub(crate) fn possible_id(id: i64) -> bool {
    (1..=i32::MAX as i64).contains(&id)
}

/// The spell an identifier names: a spell of the table; a known spell by name (the client finds
/// names only among the character's spells); a stand-in for any other possible id (counted).
pub(crate) fn find_spell(lua: &Lua, ident: &Ident) -> Option<Spell> {
    let g = game(lua);
    let mut gd = g.data.borrow_mut();
    match ident {
        Ident::Id(id) => gd.spell(*id),
        Ident::Name(name) => gd
            .spells
            .values()
            .filter(|s| s.known && s.name.eq_ignore_ascii_case(name))
            .min_by_key(|s| s.id)
            .cloned(),
    }
}

/// Puts an item record in the table, cached (a scenario's item: `world/inventory.rs`).
pub(crate) fn put_item(lua: &Lua, item: Item) {
    let g = game(lua);
    g.data.borrow_mut().items.insert(item.id, (item, true));
}

/// The character learns a spell: its record (the table's, the user's data's, or a stand-in),
/// with the name and icon given, becomes known (a scenario's `[[spells]]`, `learn_spell`).
pub(crate) fn learn_spell(lua: &Lua, id: i64, name: Option<String>, icon: Option<i64>) {
    let g = game(lua);
    let mut gd = g.data.borrow_mut();
    // A spell named by the scenario is no stand-in (nothing counted) unless a database or the
    // table has its own record.
    let recorded = name.is_none() || gd.db.spells.is_some() || gd.spells.contains_key(&id);
    let found = if recorded { gd.spell(id) } else { None };
    let mut s = found.unwrap_or_else(|| Spell::stand_in(id));
    if let Some(n) = name {
        s.name = n;
    }
    if let Some(i) = icon {
        (s.icon, s.original_icon) = (i, i);
    }
    s.known = true;
    gd.spells.insert(id, s);
}

/// Whether the character knows the spell (its own spells: those added with `known = true`).
pub(crate) fn spell_known(lua: &Lua, id: i64) -> bool {
    game(lua)
        .data
        .borrow()
        .spells
        .get(&id)
        .is_some_and(|s| s.known)
}

/// The id an item identifier names (a name only among cached items of the table), without
/// counting or requesting anything.
pub(crate) fn item_id(lua: &Lua, ident: &Ident) -> Option<i64> {
    let g = game(lua);
    let gd = g.data.borrow();
    match ident {
        Ident::Id(id) => gd.item_exists(*id).then_some(*id),
        Ident::Name(name) => {
            let table = gd
                .items
                .values()
                .filter(|(it, cached)| *cached && it.name.eq_ignore_ascii_case(name))
                .map(|(it, _)| it.id);
            let db = gd.db.items.as_ref();
            let arrived = gd.arrived.iter().copied().filter(|id| {
                db.and_then(|d| d.get(id))
                    .is_some_and(|d| d.name.eq_ignore_ascii_case(name))
            });
            table.chain(arrived).min()
        }
    }
}

/// An item's static record (the client's local item files: type, icon, class), available at
/// once; a stand-in for an id the table lacks (counted).
pub(crate) fn item_record(lua: &Lua, id: i64) -> Option<Item> {
    game(lua).data.borrow_mut().item(id)
}

/// Whether the item's full data is cached.
pub(crate) fn item_cached(lua: &Lua, id: i64) -> bool {
    let g = game(lua);
    let gd = g.data.borrow();
    match gd.items.get(&id) {
        Some((_, cached)) => *cached,
        None => gd.arrived.contains(&id),
    }
}

/// The item's full data when cached; otherwise None and a request (an info query's, or the
/// load API's with `load`) that arrives on the next frame.
pub(crate) fn item_data(lua: &Lua, id: i64, load: bool) -> Option<Item> {
    if !game(lua).data.borrow().item_exists(id) {
        return None;
    }
    if item_cached(lua, id) {
        return item_record(lua, id);
    }
    request_item(lua, id, !load, load);
    None
}

fn request_item(lua: &Lua, id: i64, info: bool, load: bool) {
    let g = game(lua);
    let mut gd = g.data.borrow_mut();
    match gd.pending.iter_mut().find(|p| p.id == id) {
        Some(p) => {
            p.info |= info;
            p.load |= load;
        }
        None => gd.pending.push(Pending { id, info, load }),
    }
}

/// The items requested before this frame arrive: each becomes cached, then
/// `GET_ITEM_INFO_RECEIVED(itemID, true)` fires for an info query's request and
/// `ITEM_DATA_LOAD_RESULT(itemID, true)` for the load API's, in request order.
pub fn deliver_items(lua: &Lua) -> mlua::Result<()> {
    let pending = {
        let g = game(lua);
        let mut gd = g.data.borrow_mut();
        let pending = std::mem::take(&mut gd.pending);
        for p in &pending {
            match gd.items.get_mut(&p.id) {
                Some((_, cached)) => *cached = true,
                None => {
                    gd.arrived.insert(p.id);
                }
            }
        }
        pending
    };
    for p in pending {
        if p.info {
            fire(lua, "GET_ITEM_INFO_RECEIVED", p.id, true)?;
        }
        if p.load {
            fire(lua, "ITEM_DATA_LOAD_RESULT", p.id, true)?;
        }
    }
    Ok(())
}

/// Fires `event(id, success)`.
pub fn fire(lua: &Lua, event: &str, id: i64, success: bool) -> mlua::Result<()> {
    let mut args = MultiValue::new();
    args.push_back(Value::Integer(id));
    args.push_back(Value::Boolean(success));
    crate::events::fire_event(lua, event, args)
}

/// (spell ids, item ids, currency ids) answered with stand-ins so far.
pub(crate) fn stand_in_counts(lua: &Lua) -> (usize, usize, usize) {
    let g = game(lua);
    let gd = g.data.borrow();
    (
        gd.spell_stand_ins.len(),
        gd.item_stand_ins.len(),
        gd.currency_stand_ins.len(),
    )
}

/// The `lua-errors` note, when any stand-in was answered.
pub fn note(lua: &Lua) -> Option<String> {
    let (spells, items, currencies) = stand_in_counts(lua);
    let mut note = (spells + items > 0).then(|| {
        format!(
            "{spells} spell ids and {items} item ids answered with stand-ins: the client's \
             spell and item databases are not available (wowsim.AddSpell/AddItem add entries)"
        )
    });
    if currencies > 0 {
        let line = format!(
            "{currencies} currency ids answered with stand-ins (`Currency #<id>`, ids up to \
             {CURRENCY_STAND_IN_MAX}): the client's currency database is not available \
             (--game-data CurrencyTypes.csv gives it; a scenario's [[currencies]] add entries)"
        );
        note = Some(match note {
            Some(n) => format!("{n}; {line}"),
            None => line,
        });
    }
    note
}

fn field<T: mlua::FromLua>(lua: &Lua, t: &Table, name: &str, what: &str) -> mlua::Result<T> {
    t.raw_get::<T>(name).map_err(|_| {
        wowsim_lua::lua_error(
            lua,
            format!(
                "wowsim.{what}(): field {name} is a {}",
                t.raw_get::<Value>(name)
                    .map(|v| v.type_name())
                    .unwrap_or("?")
            ),
        )
    })
}

fn required_id(lua: &Lua, t: &Table, name: &str, what: &str) -> mlua::Result<i64> {
    match field::<Option<f64>>(lua, t, name, what)? {
        Some(n) if possible_id(n as i64) && n.fract() == 0.0 => Ok(n as i64),
        _ => Err(wowsim_lua::lua_error(
            lua,
            format!("wowsim.{what}(): {name} must be a positive whole number"),
        )),
    }
}

fn required_name(lua: &Lua, t: &Table, name: &str, what: &str) -> mlua::Result<String> {
    match field::<Option<String>>(lua, t, name, what)? {
        Some(s) if !s.is_empty() => Ok(s),
        _ => Err(wowsim_lua::lua_error(
            lua,
            format!("wowsim.{what}(): {name} must be a non-empty string"),
        )),
    }
}

fn add_spell(lua: &Lua, t: Table) -> mlua::Result<()> {
    const W: &str = "AddSpell";
    let id = required_id(lua, &t, "spellID", W)?;
    let name = required_name(lua, &t, "name", W)?;
    let num = |n: &str, d: f64| field::<Option<f64>>(lua, &t, n, W).map(|v| v.unwrap_or(d));
    let text = |n: &str| field::<Option<String>>(lua, &t, n, W).map(|v| v.unwrap_or_default());
    let icon = num("iconID", QUESTION_MARK_ICON as f64)? as i64;
    let spell = Spell {
        id,
        name,
        icon,
        original_icon: num("originalIconID", icon as f64)? as i64,
        cast_time: num("castTime", 0.0)?,
        min_range: num("minRange", 0.0)?,
        max_range: num("maxRange", 0.0)?,
        subtext: text("subtext")?,
        description: text("description")?,
        known: field::<Option<bool>>(lua, &t, "known", W)?.unwrap_or(false),
    };
    let known = spell.known;
    game(lua).data.borrow_mut().spells.insert(id, spell);
    if known {
        crate::events::fire_event(lua, "SPELLS_CHANGED", MultiValue::new())?;
    }
    Ok(())
}

fn add_item(lua: &Lua, t: Table) -> mlua::Result<()> {
    const W: &str = "AddItem";
    let id = required_id(lua, &t, "itemID", W)?;
    let name = required_name(lua, &t, "itemName", W)?;
    let d = Item::stand_in(id);
    let int =
        |n: &str, d: i64| field::<Option<f64>>(lua, &t, n, W).map(|v| v.map_or(d, |x| x as i64));
    let text = |n: &str, d: &str| {
        field::<Option<String>>(lua, &t, n, W).map(|v| v.unwrap_or_else(|| d.to_string()))
    };
    let item = Item {
        id,
        name,
        quality: int("itemQuality", d.quality)?,
        level: int("itemLevel", d.level)?,
        min_level: int("itemMinLevel", d.min_level)?,
        item_type: text("itemType", &d.item_type)?,
        sub_type: text("itemSubType", &d.sub_type)?,
        stack_count: int("itemStackCount", d.stack_count)?,
        equip_loc: text("itemEquipLoc", &d.equip_loc)?,
        icon: int("itemTexture", d.icon)?,
        sell_price: int("sellPrice", d.sell_price)?,
        class_id: int("classID", d.class_id)?,
        subclass_id: int("subclassID", d.subclass_id)?,
        bind_type: int("bindType", d.bind_type)?,
        expansion_id: int("expansionID", d.expansion_id)?,
    };
    let cached = field::<Option<bool>>(lua, &t, "cached", W)?.unwrap_or(true);
    game(lua).data.borrow_mut().items.insert(id, (item, cached));
    Ok(())
}

/// Creates the tables and installs `wowsim.AddSpell`, `wowsim.AddItem`,
/// `wowsim.GameDataStandIns`.
pub fn install(lua: &Lua, flavor: wowsim_data::Flavor) -> mlua::Result<()> {
    *game(lua).data.borrow_mut() = GameData {
        flavor: Some(flavor),
        ..GameData::default()
    };
    let t = match lua.globals().raw_get::<Value>("wowsim")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    t.raw_set(
        "AddSpell",
        lua.create_function(|lua, v: Value| match v {
            Value::Table(t) => add_spell(lua, t),
            _ => Err(wowsim_lua::lua_error(
                lua,
                "Usage: wowsim.AddSpell({spellID = id, name = name, ...})",
            )),
        })?,
    )?;
    t.raw_set(
        "AddItem",
        lua.create_function(|lua, v: Value| match v {
            Value::Table(t) => add_item(lua, t),
            _ => Err(wowsim_lua::lua_error(
                lua,
                "Usage: wowsim.AddItem({itemID = id, itemName = name, ...})",
            )),
        })?,
    )?;
    t.raw_set(
        "GameDataStandIns",
        lua.create_function(|lua, ()| Ok(stand_in_counts(lua)))?,
    )?;
    lua.globals().raw_set("wowsim", t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        let lua = Lua::new();
        let check = |v: Value, want: Option<Ident>| {
            assert_eq!(identifier(&v, "item"), want, "{v:?}");
        };
        let s = |x: &str| Value::String(lua.create_string(x).unwrap());
        check(Value::Integer(19019), Some(Ident::Id(19019)));
        check(Value::Number(12.7), Some(Ident::Id(12)));
        check(s(" 42 "), Some(Ident::Id(42)));
        check(s("item:6948"), Some(Ident::Id(6948)));
        check(
            s("|cffffffff|Hitem:6948::::::::60:::::::::|h[Hearthstone]|h|r"),
            Some(Ident::Id(6948)),
        );
        check(s("Hearthstone"), Some(Ident::Name("Hearthstone".into())));
        check(Value::Nil, None);
        check(Value::Boolean(true), None);
        assert!(possible_id(1) && !possible_id(0) && !possible_id(-3));
        assert!(!possible_id(1 << 40));
    }
}
