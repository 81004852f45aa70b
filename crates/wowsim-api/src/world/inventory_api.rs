//! The client's functions over what the character carries (`inventory.rs`). Each is defined
//! only where the flavour has it (a name its reference lists, so its typed stub is in place);
//! the item's values come from the game state's item table (`api/game_data.rs`: an item a
//! scenario names, the user's `--game-data`, or a counted stand-in).
//!
//! | WoW name | answer |
//! | --- | --- |
//! | `GetInventoryItemID(unit, slot)` | the item id equipped in the player's slot; nothing for an empty slot or another unit |
//! | `GetInventoryItemLink`, `GetInventoryItemTexture`, `GetInventoryItemQuality` | the item's link, icon, quality |
//! | `GetInventoryItemCount(unit, slot)` | 1 with an item, 0 without |
//! | `C_Container.GetContainerNumSlots(bag)` | the bag's slots (the backpack 16 unless the scenario's `bag_sizes` says; no other bag) |
//! | `C_Container.GetContainerNumFreeSlots(bag)` | free slots, bag type 0 |
//! | `C_Container.GetContainerItemID`, `GetContainerItemLink` | the slot's item; nothing when empty |
//! | `C_Container.GetContainerItemInfo(bag, slot)` | a `ContainerItemInfo` table (iconFileID, stackCount, quality, hyperlink, itemName, itemID, hasNoValue; the flags false) |
//! | `C_Item.GetItemCount(item)` | the stacks of the item in the bags plus the equipped ones (no bank) |
//! | `C_CurrencyInfo.GetCurrencyInfo(id)` | a `CurrencyInfo` table: the character's currency, else the currency database's (`--game-data CurrencyTypes.csv`) with 0, else a counted stand-in `Currency #<id>` with 0 for ids up to 3999; nothing for an id that names no currency |

use super::inventory::{Currency, Stack};
use super::World;
use crate::api::game_data::{self, Ident, Item};
use mlua::{IntoLuaMulti, Lua, MultiValue, Table, Value};

fn num(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Integer(n) => Some(*n),
        Value::Number(n) if n.is_finite() => Some(n.trunc() as i64),
        Value::String(s) => s
            .to_string_lossy()
            .trim()
            .parse::<f64>()
            .ok()
            .map(|n| n as i64),
        _ => None,
    }
}

fn world<R>(lua: &Lua, f: impl FnOnce(&World) -> R) -> R {
    f(&lua.app_data_ref::<World>().expect("world"))
}

/// Defines `name` (`F` or `NS.F`) when the flavour has it (its typed stub is in place).
fn define(
    lua: &Lua,
    name: &str,
    f: impl Fn(&Lua, MultiValue) -> mlua::Result<MultiValue> + 'static,
) -> mlua::Result<()> {
    let (table, key) = match name.split_once('.') {
        Some((ns, key)) => match lua.globals().raw_get::<Value>(ns)? {
            Value::Table(t) => (t, key),
            _ => return Ok(()),
        },
        None => (lua.globals(), name),
    };
    if table.raw_get::<Value>(key)?.is_nil() {
        return Ok(());
    }
    let usage = format!("Usage: {name}(...)");
    let f = lua.create_function(move |lua, args: MultiValue| {
        f(lua, args).map_err(|e| match e {
            mlua::Error::FromLuaConversionError { .. } => wowsim_lua::lua_error(lua, &usage),
            e => e,
        })
    })?;
    table.raw_set(key, f)
}

/// An answer, or nothing at all for None (an empty slot answers no values, as the client's).
fn opt<T: IntoLuaMulti>(lua: &Lua, v: Option<T>) -> mlua::Result<MultiValue> {
    v.map_or_else(|| Ok(MultiValue::new()), |v| v.into_lua_multi(lua))
}

fn usage(lua: &Lua, text: &str) -> mlua::Error {
    wowsim_lua::lua_error(lua, format!("Usage: {text}"))
}

fn level(lua: &Lua) -> i64 {
    world(lua, |w| w.unit("player").map_or(1, |u| u.level))
}

/// The item equipped in `(unit, slot)` of the arguments, if any.
fn equipped(lua: &Lua, args: &MultiValue, name: &str) -> mlua::Result<Option<Item>> {
    let (Some(Value::String(unit)), Some(slot)) = (args.front(), num(args.get(1))) else {
        return Err(usage(lua, &format!("{name}(unit, slot)")));
    };
    let unit = unit.to_string_lossy();
    let id = world(lua, |w| {
        w.same_unit(&unit, "player")
            .then(|| w.inventory.equipped.get(&slot).copied())
            .flatten()
    });
    Ok(id.and_then(|id| game_data::item_record(lua, id)))
}

fn install_equipped(lua: &Lua) -> mlua::Result<()> {
    define(lua, "GetInventoryItemID", |lua, a| {
        let it = equipped(lua, &a, "GetInventoryItemID")?;
        opt(lua, it.map(|it| it.id))
    })?;
    define(lua, "GetInventoryItemLink", |lua, a| {
        let it = equipped(lua, &a, "GetInventoryItemLink")?;
        opt(lua, it.map(|it| it.link(level(lua))))
    })?;
    define(lua, "GetInventoryItemTexture", |lua, a| {
        let it = equipped(lua, &a, "GetInventoryItemTexture")?;
        opt(lua, it.map(|it| it.icon))
    })?;
    define(lua, "GetInventoryItemQuality", |lua, a| {
        let it = equipped(lua, &a, "GetInventoryItemQuality")?;
        opt(lua, it.map(|it| it.quality))
    })?;
    define(lua, "GetInventoryItemCount", |lua, a| {
        let it = equipped(lua, &a, "GetInventoryItemCount")?;
        i64::from(it.is_some()).into_lua_multi(lua)
    })
}

/// The stack in `(bag, slot)` of the arguments, with its item, if any.
fn in_bag(lua: &Lua, args: &MultiValue, name: &str) -> mlua::Result<Option<(Stack, Item)>> {
    let (Some(bag), Some(slot)) = (num(args.front()), num(args.get(1))) else {
        return Err(usage(
            lua,
            &format!("C_Container.{name}(containerIndex, slotIndex)"),
        ));
    };
    let stack = world(lua, |w| w.inventory.bags.get(&(bag, slot)).cloned());
    Ok(stack.and_then(|s| game_data::item_record(lua, s.id).map(|it| (s, it))))
}

fn container_info(lua: &Lua, s: &Stack, it: &Item) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("iconFileID", it.icon)?;
    t.raw_set("stackCount", s.count)?;
    t.raw_set("isLocked", false)?;
    t.raw_set("quality", it.quality)?;
    t.raw_set("isReadable", false)?;
    t.raw_set("hasLoot", false)?;
    t.raw_set("hyperlink", it.link(level(lua)))?;
    t.raw_set("isFiltered", false)?;
    t.raw_set("hasNoValue", it.sell_price == 0)?;
    t.raw_set("itemID", it.id)?;
    t.raw_set("isBound", false)?;
    t.raw_set("itemName", it.name.as_str())?;
    Ok(t)
}

fn install_bags(lua: &Lua) -> mlua::Result<()> {
    define(lua, "C_Container.GetContainerNumSlots", |lua, a| {
        let bag = num(a.front())
            .ok_or_else(|| usage(lua, "C_Container.GetContainerNumSlots(containerIndex)"))?;
        world(lua, |w| w.inventory.size(bag)).into_lua_multi(lua)
    })?;
    define(lua, "C_Container.GetContainerNumFreeSlots", |lua, a| {
        let bag = num(a.front())
            .ok_or_else(|| usage(lua, "C_Container.GetContainerNumFreeSlots(bagIndex)"))?;
        (world(lua, |w| w.inventory.free(bag)), 0).into_lua_multi(lua)
    })?;
    define(lua, "C_Container.GetContainerItemID", |lua, a| {
        let s = in_bag(lua, &a, "GetContainerItemID")?;
        opt(lua, s.map(|(_, it)| it.id))
    })?;
    define(lua, "C_Container.GetContainerItemLink", |lua, a| {
        let s = in_bag(lua, &a, "GetContainerItemLink")?;
        opt(lua, s.map(|(_, it)| it.link(level(lua))))
    })?;
    define(
        lua,
        "C_Container.GetContainerItemInfo",
        |lua, a| match in_bag(lua, &a, "GetContainerItemInfo")? {
            Some((s, it)) => container_info(lua, &s, &it)?.into_lua_multi(lua),
            None => Ok(MultiValue::new()),
        },
    )?;
    define(lua, "C_Item.GetItemCount", |lua, a| {
        let ident = a.front().and_then(|v| game_data::identifier(v, "item"));
        let Some(ident) = ident else {
            return Err(usage(lua, "C_Item.GetItemCount(itemInfo [, includeBank])"));
        };
        let id = match ident {
            Ident::Id(id) => Some(id),
            name => game_data::item_id(lua, &name),
        };
        let count = world(lua, |w| {
            let inv = &w.inventory;
            let bags: i64 = inv
                .bags
                .values()
                .filter(|s| Some(s.id) == id)
                .map(|s| s.count)
                .sum();
            bags + inv.equipped.values().filter(|e| Some(**e) == id).count() as i64
        });
        count.into_lua_multi(lua)
    })
}

fn currency_info(lua: &Lua, c: &Currency, known: bool) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("name", c.name.as_str())?;
    t.raw_set("description", "")?;
    t.raw_set("currencyID", c.id)?;
    t.raw_set("isHeader", false)?;
    t.raw_set("isHeaderExpanded", false)?;
    t.raw_set("currencyListDepth", 0)?;
    t.raw_set("isTypeUnused", false)?;
    t.raw_set("isShowInBackpack", false)?;
    t.raw_set("quantity", c.quantity)?;
    t.raw_set("trackedQuantity", 0)?;
    t.raw_set("iconFileID", c.icon)?;
    t.raw_set("maxQuantity", c.max)?;
    t.raw_set("canEarnPerWeek", false)?;
    t.raw_set("quantityEarnedThisWeek", 0)?;
    t.raw_set("isTradeable", false)?;
    t.raw_set("quality", 1)?;
    t.raw_set("maxWeeklyQuantity", 0)?;
    t.raw_set("totalEarned", c.quantity)?;
    t.raw_set("discovered", known)?;
    t.raw_set("useTotalEarnedForMaxQty", false)?;
    t.raw_set("isAccountWide", false)?;
    t.raw_set("isAccountTransferable", false)?;
    t.raw_set("rechargingCycleDurationMS", 0)?;
    t.raw_set("rechargingAmountPerCycle", 0)?;
    Ok(t)
}

/// Installs the functions of this file where the flavour has them.
pub(crate) fn install(lua: &Lua) -> mlua::Result<()> {
    install_equipped(lua)?;
    install_bags(lua)?;
    define(lua, "C_CurrencyInfo.GetCurrencyInfo", |lua, a| {
        let Some(id) = num(a.front()) else {
            return Err(usage(lua, "C_CurrencyInfo.GetCurrencyInfo(type)"));
        };
        // Without a currency database, ids in the client's range answer stand-ins: addons index
        // the info of ids they know (NDui, SavedInstances, RXPGuides read `.name` of real ids
        // at load); past the range nothing, as the client answers (`game_data::currency_record`).
        let known = world(lua, |w| w.inventory.currencies.get(&id).cloned());
        let c = match known.clone() {
            Some(c) => c,
            None => match game_data::currency_record(lua, id) {
                Some((name, icon, max)) => Currency {
                    id,
                    name,
                    quantity: 0,
                    max,
                    icon,
                },
                None => return Ok(MultiValue::new()),
            },
        };
        currency_info(lua, &c, known.is_some())?.into_lua_multi(lua)
    })
}
