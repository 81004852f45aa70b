//! Items by id, name or link, answered from the game state's item table (`game_data.rs`), with
//! the client's two kinds of answer: what its local item files hold (type, icon, class: at once)
//! and what the server sends (name, quality, level: only once the item is cached; the first
//! query answers nil and the item arrives on the next frame, see `game_data.rs`). An id the
//! table lacks is a counted stand-in (`Item #<id>`, the question-mark icon); 0, negative ids
//! and names of items not cached answer nil. Defined only where the flavour's reference has
//! each function (the global `GetItemInfo` family comes from Blizzard's deprecation files).
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `C_Item.GetItemInfo` | the 18 values when cached; otherwise nothing, and `GET_ITEM_INFO_RECEIVED(itemID, true)` next frame |
//! | `C_Item.GetItemNameByID`, `GetItemQualityByID` | the field when cached; otherwise nil and a request, as above |
//! | `C_Item.GetItemInfoInstant` | itemID, itemType, itemSubType, itemEquipLoc, icon, classID, subClassID, at once |
//! | `C_Item.GetItemIconByID`, `GetItemMaxStackSizeByID`, `DoesItemExistByID` | at once |
//! | `C_Item.IsItemDataCachedByID` | whether the item has arrived (items added with `cached = true` have) |
//! | `C_Item.RequestLoadItemDataByID` | `ITEM_DATA_LOAD_RESULT(itemID, true)` at once when cached (as Blizzard's `AsyncCallbackSystem` expects), otherwise next frame; `(itemID, false)` at once for an id that cannot exist |

use crate::api::game_data::{self, identifier, Item};
use crate::api::spells::{arg, define};
use crate::game_state::game;
use mlua::{IntoLuaMulti, Lua, MultiValue, Value};
use wowsim_data::ProductData;

/// The item id the first argument names (usage error for a refused type; None for what names
/// no item).
fn id_of(args: &MultiValue, lua: &Lua, bad: &dyn Fn() -> mlua::Error) -> mlua::Result<Option<i64>> {
    let ident = identifier(arg(args, 0), "item").ok_or_else(bad)?;
    Ok(game_data::item_id(lua, &ident))
}

fn character_level(lua: &Lua) -> i64 {
    game(lua).identity.borrow().level
}

/// `C_Item.GetItemInfo`'s values, by the reference's output names.
fn info_values(lua: &Lua, it: &Item, outputs: &[String]) -> mlua::Result<MultiValue> {
    let mut out = MultiValue::new();
    let s = |x: &str| lua.create_string(x).map(Value::String);
    for name in outputs {
        out.push_back(match name.as_str() {
            "itemName" => s(&it.name)?,
            "itemLink" => s(&it.link(character_level(lua)))?,
            "itemQuality" => Value::Integer(it.quality),
            "itemLevel" => Value::Integer(it.level),
            "itemMinLevel" => Value::Integer(it.min_level),
            "itemType" => s(&it.item_type)?,
            "itemSubType" => s(&it.sub_type)?,
            "itemStackCount" => Value::Integer(it.stack_count),
            "itemEquipLoc" => s(&it.equip_loc)?,
            "itemTexture" => Value::Integer(it.icon),
            "sellPrice" => Value::Integer(it.sell_price),
            "classID" => Value::Integer(it.class_id),
            "subclassID" => Value::Integer(it.subclass_id),
            "bindType" => Value::Integer(it.bind_type),
            "expansionID" => Value::Integer(it.expansion_id),
            "isCraftingReagent" => Value::Boolean(false),
            "itemDescription" => s("")?,
            _ => Value::Nil, // setID: the item belongs to no set
        });
    }
    Ok(out)
}

fn nothing() -> mlua::Result<MultiValue> {
    Ok(MultiValue::new())
}

/// A host function body of this file: the arguments and the function's usage error.
type Handler = fn(&Lua, &MultiValue, &dyn Fn() -> mlua::Error) -> mlua::Result<MultiValue>;

/// Installs the item functions the flavour has.
pub fn install(lua: &Lua, data: &ProductData) -> mlua::Result<()> {
    let outputs: Vec<String> = data
        .api("C_Item.GetItemInfo")
        .and_then(|a| a.outputs.as_ref())
        .map(|o| o.iter().filter_map(|p| p.name.clone()).collect())
        .unwrap_or_default();
    for name in ["C_Item.GetItemInfo", "GetItemInfo"] {
        let outputs = outputs.clone();
        let body = move |lua: &Lua, a: &MultiValue, bad: &dyn Fn() -> mlua::Error| {
            get_item_info(lua, a, bad, &outputs)
        };
        define(lua, data, name, None, Box::new(body))?;
    }
    let functions: &[(&str, Handler)] = &[
        ("C_Item.GetItemInfoInstant", get_item_info_instant),
        ("GetItemInfoInstant", get_item_info_instant),
        ("C_Item.GetItemNameByID", get_item_name_by_id),
        ("C_Item.GetItemQualityByID", get_item_quality_by_id),
        ("C_Item.GetItemIconByID", get_item_icon_by_id),
        ("GetItemIcon", get_item_icon_by_id),
        (
            "C_Item.GetItemMaxStackSizeByID",
            get_item_max_stack_size_by_id,
        ),
        ("C_Item.DoesItemExistByID", does_item_exist_by_id),
        ("C_Item.IsItemDataCachedByID", is_item_data_cached_by_id),
        (
            "C_Item.RequestLoadItemDataByID",
            request_load_item_data_by_id,
        ),
    ];
    for (name, f) in functions {
        define(lua, data, name, None, Box::new(*f))?;
    }
    Ok(())
}

/// `C_Item.GetItemInfo` and the global `GetItemInfo`: the values named by `outputs` when the
/// item is cached; otherwise nothing (and a request).
fn get_item_info(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
    outputs: &[String],
) -> mlua::Result<MultiValue> {
    match id_of(a, lua, bad)?.and_then(|id| game_data::item_data(lua, id, false)) {
        Some(it) => info_values(lua, &it, outputs),
        None => nothing(),
    }
}

/// `C_Item.GetItemInfoInstant` and the global `GetItemInfoInstant`.
fn get_item_info_instant(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    match id_of(a, lua, bad)?.and_then(|id| game_data::item_record(lua, id)) {
        Some(it) => (
            it.id,
            it.item_type,
            it.sub_type,
            it.equip_loc,
            it.icon,
            it.class_id,
            it.subclass_id,
        )
            .into_lua_multi(lua),
        None => nothing(),
    }
}

/// One field of an item: the name and quality wait for the item's data (`needs_data`: an
/// uncached item answers nil and is requested), the icon and stack size are known at once.
fn item_field(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
    needs_data: bool,
    field: fn(&Lua, Item) -> mlua::Result<MultiValue>,
) -> mlua::Result<MultiValue> {
    let it = id_of(a, lua, bad)?.and_then(|id| {
        if needs_data {
            game_data::item_data(lua, id, false)
        } else {
            game_data::item_record(lua, id)
        }
    });
    match it {
        Some(it) => field(lua, it),
        None => Value::Nil.into_lua_multi(lua),
    }
}

/// `C_Item.GetItemNameByID`.
fn get_item_name_by_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    item_field(lua, a, bad, true, |lua, it| it.name.into_lua_multi(lua))
}

/// `C_Item.GetItemQualityByID`.
fn get_item_quality_by_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    item_field(lua, a, bad, true, |lua, it| it.quality.into_lua_multi(lua))
}

/// `C_Item.GetItemIconByID` and the global `GetItemIcon`.
fn get_item_icon_by_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    item_field(lua, a, bad, false, |lua, it| it.icon.into_lua_multi(lua))
}

/// `C_Item.GetItemMaxStackSizeByID`.
fn get_item_max_stack_size_by_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    item_field(lua, a, bad, false, |lua, it| {
        it.stack_count.into_lua_multi(lua)
    })
}

/// `C_Item.DoesItemExistByID`.
fn does_item_exist_by_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    let exists = id_of(a, lua, bad)?
        .and_then(|id| game_data::item_record(lua, id))
        .is_some();
    exists.into_lua_multi(lua)
}

/// `C_Item.IsItemDataCachedByID`.
fn is_item_data_cached_by_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    let cached = id_of(a, lua, bad)?.is_some_and(|id| game_data::item_cached(lua, id));
    cached.into_lua_multi(lua)
}

/// `C_Item.RequestLoadItemDataByID`.
fn request_load_item_data_by_id(
    lua: &Lua,
    a: &MultiValue,
    bad: &dyn Fn() -> mlua::Error,
) -> mlua::Result<MultiValue> {
    let ident = identifier(arg(a, 0), "item").ok_or_else(bad)?;
    match (game_data::item_id(lua, &ident), ident) {
        (Some(id), _) if game_data::item_cached(lua, id) => {
            game_data::fire(lua, "ITEM_DATA_LOAD_RESULT", id, true)?;
        }
        (Some(id), _) => {
            game_data::item_data(lua, id, true);
        }
        (None, game_data::Ident::Id(id)) => {
            game_data::fire(lua, "ITEM_DATA_LOAD_RESULT", id, false)?;
        }
        (None, game_data::Ident::Name(_)) => {}
    }
    nothing()
}
