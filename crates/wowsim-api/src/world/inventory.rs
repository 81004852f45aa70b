//! What the character carries and knows: items equipped and in its bags, its currencies and
//! its spells (a scenario's `[[items]]`, `[[currencies]]`, `[[spells]]`, `bag_sizes`, and the
//! timeline's `equip`, `item_add`, `item_remove`, `loot`, `currency`, `learn_spell`). The
//! functions that read it are in `inventory_api.rs`; item and spell records are the game
//! state's tables (`api/game_data.rs`), which a scenario's entries fill when they name an item.
//!
//! | change | state | events, in order |
//! | --- | --- | --- |
//! | `Equip` | the inventory slot | `PLAYER_EQUIPMENT_CHANGED(slot, hasCurrent)`, `UNIT_INVENTORY_CHANGED("player")` |
//! | `Put` / `Remove` | the bag slot | `BAG_UPDATE(bag)`, `BAG_UPDATE_DELAYED` |
//! | `Loot` | the player's: into the first free bag slot | `BAG_UPDATE(bag)`, `BAG_UPDATE_DELAYED`, then `CHAT_MSG_LOOT`; another looter's: `CHAT_MSG_LOOT` alone |
//! | `Currency` | the currency's quantity | `CURRENCY_DISPLAY_UPDATE(id, quantity, change)` |
//! | `Learn` | the spell is known | `SPELLS_CHANGED` |
//! | `BagSizes` | the bags' slot counts | `BAG_UPDATE(bag)` for each, `BAG_UPDATE_DELAYED` |

use super::World;
use crate::api::game_data::{self, Item};
use crate::events;
use mlua::{IntoLuaMulti, Lua};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The backpack's slots (bag 0) when a scenario does not say.
pub(crate) const BACKPACK_SLOTS: i64 = 16;
/// The bags a character carries: the backpack (0) and four equipped bags (1..4).
pub(crate) const LAST_BAG: i64 = 4;

/// A stack in a bag slot.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Stack {
    pub id: i64,
    pub count: i64,
}

/// One of the character's currencies.
#[derive(Clone, Debug, PartialEq)]
pub struct Currency {
    pub id: i64,
    pub name: String,
    pub quantity: i64,
    /// 0: no maximum.
    pub max: i64,
    pub icon: i64,
}

/// The character's belongings (part of [`World`]).
#[derive(Debug, Default)]
pub(crate) struct Inventory {
    /// Inventory slot (1 head … 19 tabard) → item id.
    pub(crate) equipped: BTreeMap<i64, i64>,
    /// (bag, slot) → stack.
    pub(crate) bags: BTreeMap<(i64, i64), Stack>,
    /// Slots of bags 0..4 (empty: the backpack's 16, no other bag).
    pub(crate) sizes: Vec<i64>,
    pub(crate) currencies: BTreeMap<i64, Currency>,
}

impl Inventory {
    /// A bag's slots (0 for a bag the character does not have).
    pub(crate) fn size(&self, bag: i64) -> i64 {
        match (bag, self.sizes.get(bag.max(0) as usize)) {
            (0..=LAST_BAG, Some(&n)) => n,
            (0, None) => BACKPACK_SLOTS,
            _ => 0,
        }
    }

    /// The first empty slot of a bag, or of any bag when `bag` is None.
    fn free_slot(&self, bag: Option<i64>) -> Option<(i64, i64)> {
        let bags = match bag {
            Some(b) => b..=b,
            None => 0..=LAST_BAG,
        };
        bags.flat_map(|b| (1..=self.size(b)).map(move |s| (b, s)))
            .find(|k| !self.bags.contains_key(k))
    }

    /// Free slots of a bag.
    pub(crate) fn free(&self, bag: i64) -> i64 {
        let used = self.bags.keys().filter(|(b, _)| *b == bag).count() as i64;
        (self.size(bag) - used).max(0)
    }
}

/// One change to the character's belongings (an `Action::Inventory`).
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Puts an item record in the game state's item table (a scenario entry naming an item).
    Record(Box<Item>),
    Equip {
        slot: i64,
        id: Option<i64>,
    },
    Put {
        bag: Option<i64>,
        slot: Option<i64>,
        id: i64,
        count: i64,
    },
    Remove {
        bag: i64,
        slot: i64,
    },
    Loot {
        id: i64,
        count: i64,
        looter: Option<String>,
    },
    BagSizes(Vec<i64>),
    Currency(Currency),
    Learn {
        id: i64,
        name: Option<String>,
        icon: Option<i64>,
    },
}

/// An item entry's keys (`[[items]]`, `equip`, `item_add`, `loot`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemSpec {
    id: i64,
    name: Option<String>,
    quality: Option<i64>,
    level: Option<i64>,
    icon: Option<i64>,
    equip_loc: Option<String>,
    stack_size: Option<i64>,
    slot: Option<toml::Value>,
    bag: Option<i64>,
    bag_slot: Option<i64>,
    count: Option<i64>,
    looter: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CurrencySpec {
    id: i64,
    name: Option<String>,
    quantity: Option<i64>,
    max: Option<i64>,
    icon: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SpellSpec {
    id: i64,
    name: Option<String>,
    icon: Option<i64>,
}

fn spec<T: serde::de::DeserializeOwned>(t: &toml::Table) -> Result<T, String> {
    let mut t = t.clone();
    t.remove("at");
    t.remove("do");
    toml::Value::Table(t)
        .try_into()
        .map_err(|e: toml::de::Error| e.message().to_string())
}

fn positive(id: i64, what: &str) -> Result<i64, String> {
    match game_data::possible_id(id) {
        true => Ok(id),
        false => Err(format!("'{what}' = {id} is not a positive id")),
    }
}

/// An inventory slot by id (1..19) or name (`"MainHandSlot"`, `"HEADSLOT"`).
fn slot_of(v: &toml::Value) -> Result<i64, String> {
    let id = match v {
        toml::Value::Integer(n) => Some(*n),
        toml::Value::String(s) => crate::api::paper_doll::slot_id(s),
        _ => return Err("'slot' must be a slot id or name".into()),
    };
    match id {
        Some(n) if (1..=19).contains(&n) => Ok(n),
        _ => Err(format!(
            "'slot' = {v} is not an equipment slot (1 head .. 19 tabard, or a name such as \
             \"MainHandSlot\")"
        )),
    }
}

/// The record an entry names (`name` given): the item as the entry describes it.
fn record(s: &ItemSpec) -> Option<Change> {
    let name = s.name.clone()?;
    let mut it = Item::stand_in(s.id);
    it.name = name;
    it.quality = s.quality.unwrap_or(it.quality);
    it.level = s.level.unwrap_or(it.level);
    it.icon = s.icon.unwrap_or(it.icon);
    it.stack_count = s.stack_size.unwrap_or(it.stack_count);
    if let Some(loc) = &s.equip_loc {
        it.equip_loc = loc.clone();
    }
    Some(Change::Record(Box::new(it)))
}

fn checked_bag(bag: Option<i64>, slot: Option<i64>) -> Result<(), String> {
    if let Some(b) = bag.filter(|b| !(0..=LAST_BAG).contains(b)) {
        return Err(format!("'bag' = {b} is not a bag (0 the backpack, 1..4)"));
    }
    match slot {
        Some(s) if s < 1 => Err(format!("'bag_slot' = {s} is not a slot (1 and up)")),
        _ => Ok(()),
    }
}

/// The changes of a scenario's `[[items]]` entry: its record, then equipped (`slot`) or in a
/// bag (`bag`, `bag_slot`; default the first free slot).
pub(crate) fn start_item(t: &toml::Table) -> Result<Vec<Change>, String> {
    let s: ItemSpec = spec(t)?;
    positive(s.id, "id")?;
    if s.looter.is_some() {
        return Err("unknown key 'looter' for an item the character has".into());
    }
    let mut out: Vec<Change> = record(&s).into_iter().collect();
    match &s.slot {
        Some(slot) if s.bag.is_some() || s.bag_slot.is_some() => {
            return Err(format!(
                "an item is equipped ('slot' = {slot}) or in a bag ('bag'), not both"
            ))
        }
        Some(slot) => out.push(Change::Equip {
            slot: slot_of(slot)?,
            id: Some(s.id),
        }),
        None => {
            checked_bag(s.bag, s.bag_slot)?;
            out.push(Change::Put {
                bag: s.bag,
                slot: s.bag_slot,
                id: s.id,
                count: s.count.unwrap_or(1).max(1),
            });
        }
    }
    Ok(out)
}

/// A `[[currencies]]` entry or a `currency` timeline entry (its new quantity).
pub(crate) fn currency(t: &toml::Table) -> Result<Change, String> {
    let s: CurrencySpec = spec(t)?;
    Ok(Change::Currency(Currency {
        id: positive(s.id, "id")?,
        name: s.name.unwrap_or_else(|| format!("Currency #{}", s.id)),
        quantity: s.quantity.unwrap_or(0).max(0),
        max: s.max.unwrap_or(0).max(0),
        icon: s.icon.unwrap_or(game_data::QUESTION_MARK_ICON),
    }))
}

/// A `[[spells]]` entry or a `learn_spell` timeline entry.
pub(crate) fn spell(t: &toml::Table) -> Result<Change, String> {
    let s: SpellSpec = spec(t)?;
    Ok(Change::Learn {
        id: positive(s.id, "id")?,
        name: s.name,
        icon: s.icon,
    })
}

/// `bag_sizes = [16, 20, ...]`: the slots of the backpack and bags 1..4.
pub(crate) fn bag_sizes(sizes: &[i64]) -> Result<Change, String> {
    if sizes.len() > (LAST_BAG + 1) as usize || sizes.iter().any(|n| !(0..=98).contains(n)) {
        return Err(
            "'bag_sizes' is up to 5 slot counts (the backpack, bags 1..4), each 0..98".into(),
        );
    }
    Ok(Change::BagSizes(sizes.to_vec()))
}

/// A timeline entry of this module (`what` its action), or None for another action.
pub(crate) fn timeline(what: &str, t: &toml::Table) -> Option<Result<Vec<Change>, String>> {
    fn with_item(
        t: &toml::Table,
        f: impl FnOnce(ItemSpec) -> Result<Vec<Change>, String>,
    ) -> Result<Vec<Change>, String> {
        let s: ItemSpec = spec(t)?;
        positive(s.id, "id")?;
        f(s)
    }
    Some(match what {
        "currency" => currency(t).map(|c| vec![c]),
        "learn_spell" => spell(t).map(|c| vec![c]),
        "equip" => with_item(t, |s| {
            let slot = s.slot.as_ref().ok_or("'slot' is missing")?;
            let mut out: Vec<Change> = record(&s).into_iter().collect();
            out.push(Change::Equip {
                slot: slot_of(slot)?,
                id: Some(s.id),
            });
            Ok(out)
        }),
        "unequip" => spec::<toml::Table>(t).and_then(|rest| {
            let slot = rest.get("slot").ok_or("'slot' is missing")?;
            match rest.keys().find(|k| *k != "slot") {
                Some(k) => Err(format!("unknown key '{k}' for this action")),
                None => Ok(vec![Change::Equip {
                    slot: slot_of(slot)?,
                    id: None,
                }]),
            }
        }),
        "item_add" | "loot" => {
            let loot = what == "loot";
            with_item(t, move |s| {
                let mut out: Vec<Change> = record(&s).into_iter().collect();
                let count = s.count.unwrap_or(1).max(1);
                if s.slot.is_some() {
                    return Err("unknown key 'slot' for this action (equip puts on an item)".into());
                }
                checked_bag(s.bag, s.bag_slot)?;
                out.push(match loot {
                    true if s.bag.is_some() || s.bag_slot.is_some() => {
                        return Err("loot goes to the first free bag slot: no 'bag'".into())
                    }
                    true => Change::Loot {
                        id: s.id,
                        count,
                        looter: s.looter,
                    },
                    false if s.looter.is_some() => {
                        return Err("unknown key 'looter' for this action".into())
                    }
                    false => Change::Put {
                        bag: s.bag,
                        slot: s.bag_slot,
                        id: s.id,
                        count,
                    },
                });
                Ok(out)
            })
        }
        "item_remove" => spec::<toml::Table>(t).and_then(|rest| {
            let int = |k: &str| match rest.get(k) {
                Some(toml::Value::Integer(n)) => Ok(*n),
                Some(_) => Err(format!("'{k}' must be an integer")),
                None => Err(format!("'{k}' is missing")),
            };
            if let Some(k) = rest
                .keys()
                .find(|k| !["bag", "bag_slot"].contains(&k.as_str()))
            {
                return Err(format!("unknown key '{k}' for this action"));
            }
            let (bag, slot) = (int("bag")?, int("bag_slot")?);
            checked_bag(Some(bag), Some(slot))?;
            Ok(vec![Change::Remove { bag, slot }])
        }),
        _ => return None,
    })
}

fn fire(lua: &Lua, event: &str, args: impl IntoLuaMulti) -> mlua::Result<()> {
    events::fire_event(lua, event, args.into_lua_multi(lua)?)
}

fn with<R>(lua: &Lua, f: impl FnOnce(&mut World) -> R) -> R {
    f(&mut lua.app_data_mut::<World>().expect("world"))
}

fn bag_updated(lua: &Lua, bags: &[i64]) -> mlua::Result<()> {
    for b in bags {
        fire(lua, "BAG_UPDATE", *b)?;
    }
    fire(lua, "BAG_UPDATE_DELAYED", ())
}

/// Puts a stack in a bag slot (the first free one when not given); the bag it went to, or an
/// error when the bags are full or the slot is taken.
fn put(lua: &Lua, bag: Option<i64>, slot: Option<i64>, stack: Stack) -> mlua::Result<i64> {
    with(lua, |w| {
        let inv = &mut w.inventory;
        let at = match slot {
            Some(s) => {
                let b = bag.unwrap_or(0);
                match (s <= inv.size(b), inv.bags.contains_key(&(b, s))) {
                    (false, _) => Err(format!("bag {b} has no slot {s} ({} slots)", inv.size(b))),
                    (_, true) => Err(format!("bag {b} slot {s} is taken")),
                    _ => Ok((b, s)),
                }
            }
            None => inv
                .free_slot(bag)
                .ok_or_else(|| "the bags are full".to_string()),
        }
        .map_err(mlua::Error::RuntimeError)?;
        inv.bags.insert(at, stack);
        Ok(at.0)
    })
}

/// The client's loot line (`LOOT_ITEM_SELF`, `LOOT_ITEM_SELF_MULTIPLE`, `LOOT_ITEM`,
/// `LOOT_ITEM_MULTIPLE`: the UI's global strings when defined, else their English text).
fn loot_text(lua: &Lua, link: &str, count: i64, looter: Option<&str>) -> String {
    let global = |name: &str, english: &str| -> String {
        lua.globals()
            .raw_get::<Option<String>>(name)
            .ok()
            .flatten()
            .unwrap_or_else(|| english.to_string())
    };
    let pattern = match (looter, count > 1) {
        (None, false) => global("LOOT_ITEM_SELF", "You receive loot: %s."),
        (None, true) => global("LOOT_ITEM_SELF_MULTIPLE", "You receive loot: %sx%d."),
        (Some(_), false) => global("LOOT_ITEM", "%s receives loot: %s."),
        (Some(_), true) => global("LOOT_ITEM_MULTIPLE", "%s receives loot: %sx%d."),
    };
    let mut args: Vec<String> = looter.map(str::to_string).into_iter().collect();
    args.push(link.to_string());
    args.push(count.to_string());
    let mut next = args.into_iter();
    let mut out = String::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('s' | 'd') => out.push_str(&next.next().unwrap_or_default()),
            Some(other) => out.push(other),
            None => out.push('%'),
        }
    }
    out
}

/// The player's name and level (links carry the level).
fn player(lua: &Lua) -> (String, i64) {
    with(lua, |w| {
        w.unit("player")
            .map_or((String::new(), 1), |u| (u.name.clone(), u.level))
    })
}

fn loot(lua: &Lua, id: i64, count: i64, looter: Option<&str>) -> mlua::Result<()> {
    let mine = looter.is_none_or(|l| l.eq_ignore_ascii_case(&player(lua).0));
    if mine {
        let bag = put(lua, None, None, Stack { id, count })?;
        bag_updated(lua, &[bag])?;
    }
    let link = game_data::item_record(lua, id)
        .map(|it| it.link(player(lua).1))
        .unwrap_or_default();
    let who = if mine { None } else { looter };
    let text = loot_text(lua, &link, count, who);
    let sender = looter.map_or_else(|| player(lua).0, str::to_string);
    fire(lua, "CHAT_MSG_LOOT", (text, "", "", "", sender))
}

/// Applies a change: the state, then its events.
pub(crate) fn apply(lua: &Lua, c: &Change) -> mlua::Result<()> {
    match c {
        Change::Record(item) => {
            game_data::put_item(lua, (**item).clone());
            Ok(())
        }
        Change::Equip { slot, id } => {
            with(lua, |w| match id {
                Some(id) => w.inventory.equipped.insert(*slot, *id),
                None => w.inventory.equipped.remove(slot),
            });
            fire(lua, "PLAYER_EQUIPMENT_CHANGED", (*slot, id.is_some()))?;
            fire(lua, "UNIT_INVENTORY_CHANGED", "player")
        }
        Change::Put {
            bag,
            slot,
            id,
            count,
        } => {
            let stack = Stack {
                id: *id,
                count: *count,
            };
            let b = put(lua, *bag, *slot, stack)?;
            bag_updated(lua, &[b])
        }
        Change::Remove { bag, slot } => {
            if with(lua, |w| w.inventory.bags.remove(&(*bag, *slot))).is_some() {
                bag_updated(lua, &[*bag])?;
            }
            Ok(())
        }
        Change::Loot { id, count, looter } => loot(lua, *id, *count, looter.as_deref()),
        Change::BagSizes(sizes) => {
            with(lua, |w| w.inventory.sizes = sizes.clone());
            bag_updated(lua, &(0..sizes.len() as i64).collect::<Vec<_>>())
        }
        Change::Currency(cur) => {
            let old = with(lua, |w| {
                w.inventory
                    .currencies
                    .insert(cur.id, cur.clone())
                    .map_or(0, |o| o.quantity)
            });
            let change = cur.quantity - old;
            fire(
                lua,
                "CURRENCY_DISPLAY_UPDATE",
                (cur.id, cur.quantity, change),
            )
        }
        Change::Learn { id, name, icon } => {
            game_data::learn_spell(lua, *id, name.clone(), *icon);
            fire(lua, "SPELLS_CHANGED", ())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(src: &str) -> toml::Table {
        toml::from_str(src).unwrap()
    }

    #[test]
    fn items_go_to_a_slot_or_a_bag() {
        let c = start_item(&table(
            "id = 19019\nname = \"Blade\"\nslot = \"MainHandSlot\"",
        ))
        .unwrap();
        assert!(matches!(&c[0], Change::Record(it) if it.name == "Blade"));
        assert_eq!(
            c[1],
            Change::Equip {
                slot: 16,
                id: Some(19019)
            }
        );
        let c = start_item(&table("id = 2589\ncount = 20\nbag = 1")).unwrap();
        assert_eq!(
            c,
            vec![Change::Put {
                bag: Some(1),
                slot: None,
                id: 2589,
                count: 20
            }]
        );
        for bad in [
            "id = 1\nslot = 16\nbag = 0",
            "id = 1\nslot = 40",
            "id = 0",
            "id = 1\nbag = 7",
            "id = 1\ncolour = 2",
        ] {
            assert!(start_item(&table(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn free_slots_and_sizes() {
        let mut inv = Inventory::default();
        assert_eq!((inv.size(0), inv.size(1), inv.size(5)), (16, 0, 0));
        inv.sizes = vec![2, 1];
        inv.bags.insert((0, 1), Stack { id: 1, count: 1 });
        assert_eq!(inv.free_slot(None), Some((0, 2)));
        inv.bags.insert((0, 2), Stack { id: 1, count: 1 });
        assert_eq!(inv.free_slot(None), Some((1, 1)));
        assert_eq!((inv.free(0), inv.free(1)), (0, 1));
    }
}
