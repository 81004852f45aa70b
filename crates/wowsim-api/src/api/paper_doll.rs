//! Inventory slots by name (the paper doll's slot layout).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetInventorySlotInfo(slotName)` (12.0 and Classic) | [`slot_info`]: slot id, empty-slot texture, checkRelic |
//! | `C_PaperDollInfo.GetInventorySlotInfo(slotName)` (12.1) | [`slot_info`] |
//! | `C_PaperDollInfo.GetInventorySlotInfoForInvSlot(invSlot)` | the same, by id, with the name |
//! | `GetWeaponEnchantInfo()` | no temporary enchant: `false, 0, 0, 0` for the main and off hand |
//!
//! The client answers from its `PaperDollItemFrame` table (wowless reads the same table:
//! `data/sql/GetInventorySlotInfo.sql`), whose rows are more than the paper doll's buttons: the
//! ammo slot (`"AmmoSlot"`, id 0, the ranged art) and the bank bags `"Bag1"` … `"Bag12"` (the
//! bag art), besides `"Bag0Slot"` … for the bags worn. Names are case-insensitive
//! (`"MainHandSlot"`, `"MAINHANDSLOT"`); an unknown name is the client's error. The texture is
//! the path of the empty-slot art.
//!
//! Facts: the rows of a public client-database dump of the table (eXPeRi91/ClientDB-Diff
//! `PaperDollItemFrame.csv`: `Bag1` … `Bag12` with slot numbers 64 … 75, `AmmoSlot` 0 with the
//! ranged art), Blizzard's own Classic Era bank frame (`GetInventorySlotInfo("Bag"..buttonID)`)
//! and retail addons that read `"Bag1"` and `"AmmoSlot"` at load. The dump numbers the worn bags
//! 20 … 23 as the classic clients do (their UI's `CONTAINER_BAG_OFFSET` is 19); retail numbers
//! them 31 … 34 (`CONTAINER_BAG_OFFSET` 30: eleven profession slots came before them), so on
//! retail the bank bag rows are numbered eleven higher too. That offset is our inference: no
//! public fact gives the 12.0 numbers of those rows.

use mlua::{Lua, MultiValue, Value};
use wowsim_data::Flavor;
use wowsim_lua::lua_error;

/// The table's rows beside the paper doll's buttons: (name, id, art suffix), the ids of the
/// dump (see the file's comment).
const OTHER_ROWS: &[(&str, i64, &str)] = &[
    ("AMMOSLOT", 0, "Ranged"),
    ("BAG1", 64, "Bag"),
    ("BAG2", 65, "Bag"),
    ("BAG3", 66, "Bag"),
    ("BAG4", 67, "Bag"),
    ("BAG5", 68, "Bag"),
    ("BAG6", 69, "Bag"),
    ("BAG7", 70, "Bag"),
    ("BAG8", 71, "Bag"),
    ("BAG9", 72, "Bag"),
    ("BAG10", 73, "Bag"),
    ("BAG11", 74, "Bag"),
    ("BAG12", 75, "Bag"),
];

/// How much higher retail numbers the slots after the tabard than the dump (and Classic Era):
/// the eleven profession slots 20 … 30.
const RETAIL_OFFSET: i64 = 11;

/// The classic clients' worn bags (the retail ones are in [`SLOTS`]).
const CLASSIC_BAGS: &[(&str, i64, &str)] = &[
    ("BAG0SLOT", 20, "Bag"),
    ("BAG1SLOT", 21, "Bag"),
    ("BAG2SLOT", 22, "Bag"),
    ("BAG3SLOT", 23, "Bag"),
];

/// The rows of `product`'s table: (name, id, art suffix).
fn slots(product: Flavor) -> impl Iterator<Item = (&'static str, i64, &'static str)> {
    let retail = product == Flavor::Retail;
    let worn = SLOTS
        .iter()
        .filter(move |(_, id, _)| retail || *id <= 19)
        .chain(CLASSIC_BAGS.iter().filter(move |_| !retail));
    let other = OTHER_ROWS.iter().map(move |&(name, id, art)| {
        let shift = if retail && id > 19 { RETAIL_OFFSET } else { 0 };
        (name, id + shift, art)
    });
    worn.copied().chain(other)
}

/// (slot name, id, empty-slot art suffix).
const SLOTS: &[(&str, i64, &str)] = &[
    ("HEADSLOT", 1, "Head"),
    ("NECKSLOT", 2, "Neck"),
    ("SHOULDERSLOT", 3, "Shoulder"),
    ("SHIRTSLOT", 4, "Shirt"),
    ("CHESTSLOT", 5, "Chest"),
    ("WAISTSLOT", 6, "Waist"),
    ("LEGSSLOT", 7, "Legs"),
    ("FEETSLOT", 8, "Feet"),
    ("WRISTSLOT", 9, "Wrists"),
    ("HANDSSLOT", 10, "Hands"),
    ("FINGER0SLOT", 11, "Finger"),
    ("FINGER1SLOT", 12, "Finger"),
    ("TRINKET0SLOT", 13, "Trinket"),
    ("TRINKET1SLOT", 14, "Trinket"),
    ("BACKSLOT", 15, "Chest"),
    ("MAINHANDSLOT", 16, "MainHand"),
    ("SECONDARYHANDSLOT", 17, "SecondaryHand"),
    ("RANGEDSLOT", 18, "Ranged"),
    ("TABARDSLOT", 19, "Tabard"),
    ("PROF0TOOLSLOT", 20, "Profession"),
    ("PROF0GEAR0SLOT", 21, "Profession"),
    ("PROF0GEAR1SLOT", 22, "Profession"),
    ("PROF1TOOLSLOT", 23, "Profession"),
    ("PROF1GEAR0SLOT", 24, "Profession"),
    ("PROF1GEAR1SLOT", 25, "Profession"),
    ("COOKINGTOOLSLOT", 26, "Profession"),
    ("COOKINGGEAR0SLOT", 27, "Profession"),
    ("FISHINGTOOLSLOT", 28, "Profession"),
    ("FISHINGGEAR0SLOT", 29, "Profession"),
    ("FISHINGGEAR1SLOT", 30, "Profession"),
    ("BAG0SLOT", 31, "Bag"),
    ("BAG1SLOT", 32, "Bag"),
    ("BAG2SLOT", 33, "Bag"),
    ("BAG3SLOT", 34, "Bag"),
    ("REAGENTBAG0SLOT", 35, "Bag"),
];

/// An inventory slot's id by its name (case-insensitive: `"MainHandSlot"`, `"HEADSLOT"`).
pub(crate) fn slot_id(name: &str) -> Option<i64> {
    let upper = name.to_ascii_uppercase();
    SLOTS
        .iter()
        .chain(OTHER_ROWS.iter().filter(|(n, _, _)| *n == "AMMOSLOT"))
        .find(|(n, _, _)| *n == upper)
        .map(|(_, id, _)| *id)
}

fn texture(suffix: &str) -> String {
    format!("Interface\\PaperDoll\\UI-PaperDoll-Slot-{suffix}")
}

/// `GetInventorySlotInfo(slotName)`: (id, texture, checkRelic).
pub fn slot_info(lua: &Lua, product: Flavor, name: Value) -> mlua::Result<(i64, String, bool)> {
    let Value::String(s) = name else {
        return Err(lua_error(lua, "Usage: GetInventorySlotInfo(slotName)"));
    };
    let upper = s.to_string_lossy().to_ascii_uppercase();
    match slots(product).find(|(n, _, _)| *n == upper) {
        Some((_, id, art)) => Ok((id, texture(art), false)),
        None => Err(lua_error(
            lua,
            "Invalid inventory slot in GetInventorySlotInfo",
        )),
    }
}

/// Installs the functions of this file.
pub fn install(lua: &Lua, product: Flavor) -> mlua::Result<()> {
    // Four values per weapon (has enchant, expiration ms, charges, enchant id); the UI reads
    // them in groups of four. Neither the reference nor the API documentation describes it,
    // but the client's UI calls it at every aura update.
    let enchants = lua.create_function(|_, ()| Ok((false, 0, 0, 0, false, 0, 0, 0)))?;
    lua.globals().raw_set("GetWeaponEnchantInfo", enchants)?;
    let f = lua.create_function(move |lua, name: Value| slot_info(lua, product, name))?;
    lua.globals().raw_set("GetInventorySlotInfo", f.clone())?;
    let ns = match lua.globals().raw_get::<Value>("C_PaperDollInfo")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    ns.raw_set("GetInventorySlotInfo", f)?;
    ns.raw_set(
        "GetInventorySlotInfoForInvSlot",
        lua.create_function(move |lua, id: Value| {
            let id = match id {
                Value::Integer(i) => i,
                Value::Number(n) => n as i64,
                _ => return Ok(MultiValue::new()),
            };
            let Some((name, id, art)) = slots(product).find(|(_, i, _)| *i == id) else {
                return Ok(MultiValue::new());
            };
            let v = vec![
                Value::Integer(id),
                Value::String(lua.create_string(texture(art))?),
                Value::Boolean(false),
                Value::String(lua.create_string(name)?),
            ];
            Ok(MultiValue::from_vec(v))
        })?,
    )?;
    lua.globals().raw_set("C_PaperDollInfo", ns)
}
