//! The user's own exports of the client's spell, item, currency and map databases
//! (`--game-data DIR`; the map tables' reader is `map_db.rs`), read as
//! data: CSV files in the layout of wago.tools' DB2 exports, one header row naming the columns.
//! Never shipped or committed; without them ids answer stand-ins (`game_data.rs`).
//!
//! | file | columns read | gives |
//! | --- | --- | --- |
//! | `SpellName.csv` | `ID`, `Name_lang` | spell names; with it, an id it lacks is no spell (nil) |
//! | `SpellMisc.csv` (optional) | `SpellID`, `SpellIconFileDataID` | spell icons |
//! | `ItemSparse.csv` | `ID`, `Display_lang`, `OverallQualityID`, `ItemLevel`, `RequiredLevel`, `Stackable`, `SellPrice`, `InventoryType`, `Bonding`, `ExpansionID` | items; with it, an id it lacks is no item (nil) |
//! | `Item.csv` (optional) | `ID`, `ClassID`, `SubclassID`, `IconFileDataID` | item class and icon |
//! | `ItemSubClass.csv` (optional) | `ClassID`, `SubClassID`, `DisplayName_lang` | `itemSubType` text |
//! | `CurrencyTypes.csv` | `ID`, `Name_lang`, `InventoryIconFileID`, `MaxQty` | currencies; with it, an id it lacks is no currency (nothing) |
//! | `UiMap.csv`, `UiMapAssignment.csv` | see `map_db.rs` | the maps and their world rectangles (`C_Map`); with them, an id they lack is no map |
//!
//! File names are matched without regard to case. A row that cannot be read is a note naming
//! the file and line; the rest of the file is still read.

use rustc_hash::FxHashMap;
use std::path::Path;

/// An item row (what `ItemSparse.csv` and `Item.csv` give).
#[derive(Clone, Debug, Default)]
pub struct DbItem {
    pub name: Box<str>,
    pub quality: i32,
    pub level: i32,
    pub min_level: i32,
    pub stack: i32,
    pub sell_price: i64,
    pub inventory_type: i32,
    pub bind_type: i32,
    pub expansion: i32,
    pub class_id: i32,
    pub subclass_id: i32,
    pub icon: i64,
}

/// A currency row (`CurrencyTypes.csv`).
#[derive(Clone, Debug, Default)]
pub struct DbCurrency {
    pub name: Box<str>,
    pub icon: i64,
    pub max: i64,
}

/// What the files gave. `spells`/`items`/`currencies`/`maps` is None when its main file was not
/// given.
#[derive(Default, Debug)]
pub struct Db {
    pub spells: Option<FxHashMap<i64, (Box<str>, i64)>>,
    pub items: Option<FxHashMap<i64, DbItem>>,
    pub currencies: Option<FxHashMap<i64, DbCurrency>>,
    pub subclass_names: FxHashMap<(i32, i32), Box<str>>,
    /// The map tables (`UiMap.csv`, `UiMapAssignment.csv`; `map_db.rs`), None without `UiMap.csv`.
    pub(crate) maps: Option<super::map_db::MapDb>,
}

/// The flavour's English item class names by class id (`GetItemClassInfo`). The classic
/// clients (Classic Era, Classic) name class 7 "Trade Goods" where retail has "Tradeskill"
/// (Syndicator asserts, on an English client, that the classic clients'
/// `C_Item.GetItemClassInfo(7)` lower-cased is "trade goods", retail's "tradeskill";
/// AtlasLootClassic's Classic Era class table and the 1.15.4 UI's `AUCTION_CATEGORY_TRADE_GOODS`
/// agree).
pub(crate) fn class_name(class_id: i64, flavor: wowsim_data::Flavor) -> &'static str {
    use wowsim_data::Flavor;
    if flavor != Flavor::Retail && class_id == 7 {
        return "Trade Goods";
    }
    // Classic Era's obsolete classes (AtlasLootClassic's table of the 1.15 client's names).
    if flavor == Flavor::ClassicEra {
        match class_id {
            3 => return "Jewelry(OBSOLETE)",
            8 => return "Generic(OBSOLETE)",
            10 => return "Money(OBSOLETE)",
            14 => return "Permanent(OBSOLETE)",
            _ => {}
        }
    }
    const NAMES: [&str; 21] = [
        "Consumable",
        "Container",
        "Weapon",
        "Gem",
        "Armor",
        "Reagent",
        "Projectile",
        "Tradeskill",
        "Item Enhancement",
        "Recipe",
        "Money",
        "Quiver",
        "Quest",
        "Key",
        "Permanent",
        "Miscellaneous",
        "Glyph",
        "Battle Pets",
        "WoW Token",
        "Profession",
        "Housing",
    ];
    NAMES.get(class_id as usize).copied().unwrap_or("")
}

/// The `INVTYPE_*` name of an inventory type (empty for items that are not equipped).
pub(crate) fn equip_loc(inventory_type: i64) -> &'static str {
    const LOCS: [&str; 29] = [
        "",
        "INVTYPE_HEAD",
        "INVTYPE_NECK",
        "INVTYPE_SHOULDER",
        "INVTYPE_BODY",
        "INVTYPE_CHEST",
        "INVTYPE_WAIST",
        "INVTYPE_LEGS",
        "INVTYPE_FEET",
        "INVTYPE_WRIST",
        "INVTYPE_HAND",
        "INVTYPE_FINGER",
        "INVTYPE_TRINKET",
        "INVTYPE_WEAPON",
        "INVTYPE_SHIELD",
        "INVTYPE_RANGED",
        "INVTYPE_CLOAK",
        "INVTYPE_2HWEAPON",
        "INVTYPE_BAG",
        "INVTYPE_TABARD",
        "INVTYPE_ROBE",
        "INVTYPE_WEAPONMAINHAND",
        "INVTYPE_WEAPONOFFHAND",
        "INVTYPE_HOLDABLE",
        "INVTYPE_AMMO",
        "INVTYPE_THROWN",
        "INVTYPE_RANGEDRIGHT",
        "INVTYPE_QUIVER",
        "INVTYPE_RELIC",
    ];
    LOCS.get(inventory_type as usize).copied().unwrap_or("")
}

/// Splits one CSV record (RFC 4180: quoted fields, `""` inside quotes). Records do not span
/// lines in these exports; an unterminated quote is an error.
fn split_record(line: &str) -> Result<Vec<String>, &'static str> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cur.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cur.push(c),
            (false, '"') if cur.is_empty() => quoted = true,
            (false, ',') => out.push(std::mem::take(&mut cur)),
            (false, c) => cur.push(c),
        }
    }
    if quoted {
        return Err("unterminated quoted field");
    }
    out.push(cur);
    Ok(out)
}

/// One file: for each row, the values of `columns` (by header name); `required` of them must be
/// in the header. None when the file is absent.
fn read_rows(
    dir: &Path,
    file: &str,
    columns: &[&str],
    required: usize,
    notes: &mut Vec<String>,
) -> Option<Vec<Vec<String>>> {
    let (_, rows) = read_numbered(dir, file, columns, required, notes)?;
    Some(rows.into_iter().map(|(_, r)| r).collect())
}

/// A row's line number and the values of the columns asked for.
pub(crate) type NumberedRow = (usize, Vec<String>);

/// [`read_rows`] with the path as shown in notes and each row's line number (1-based, the
/// header is line 1), for readers that note bad values by line (`map_db.rs`).
pub(crate) fn read_numbered(
    dir: &Path,
    file: &str,
    columns: &[&str],
    required: usize,
    notes: &mut Vec<String>,
) -> Option<(String, Vec<NumberedRow>)> {
    let path = wowsim_toc::resolve_path_ci(dir, file)?;
    let shown = path.display();
    let text = match std::fs::read(&path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            notes.push(format!("{shown}: cannot be read ({e})"));
            return None;
        }
    };
    let mut lines = text.lines().enumerate();
    let header = match lines
        .next()
        .map(|(_, l)| split_record(l.trim_start_matches('\u{feff}')))
    {
        Some(Ok(h)) => h,
        _ => {
            notes.push(format!("{shown}:1: no header row"));
            return None;
        }
    };
    let index: Vec<Option<usize>> = columns
        .iter()
        .map(|c| header.iter().position(|h| h.eq_ignore_ascii_case(c)))
        .collect();
    if let Some(missing) = columns[..required]
        .iter()
        .zip(&index)
        .find(|(_, i)| i.is_none())
    {
        notes.push(format!(
            "{shown}:1: no column {}; the file is not read",
            missing.0
        ));
        return None;
    }
    let mut rows = Vec::new();
    let mut bad = 0usize;
    for (n, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        match split_record(line) {
            Ok(fields) => rows.push((
                n + 1,
                index
                    .iter()
                    .map(|i| i.and_then(|i| fields.get(i).cloned()).unwrap_or_default())
                    .collect(),
            )),
            Err(why) => {
                if bad < 5 {
                    notes.push(format!("{shown}:{}: {why}; the row is skipped", n + 1));
                }
                bad += 1;
            }
        }
    }
    if bad > 5 {
        notes.push(format!("{shown}: {} more rows skipped", bad - 5));
    }
    Some((shown.to_string(), rows))
}

fn int(s: &str) -> Option<i64> {
    let t = s.trim();
    t.parse::<i64>()
        .ok()
        .or_else(|| t.parse::<f64>().ok().map(|f| f as i64))
}

/// `SpellName.csv` and `SpellMisc.csv`: the spells by id, (name, icon) (None when the first
/// file is not there).
fn read_spells(dir: &Path, notes: &mut Vec<String>) -> Option<FxHashMap<i64, (Box<str>, i64)>> {
    let rows = read_rows(dir, "SpellName.csv", &["ID", "Name_lang"], 2, notes)?;
    let mut spells = FxHashMap::default();
    for r in rows {
        if let Some(id) = int(&r[0]).filter(|i| *i > 0) {
            spells.insert(
                id,
                (r[1].as_str().into(), super::game_data::QUESTION_MARK_ICON),
            );
        }
    }
    let icons = ["SpellID", "SpellIconFileDataID"];
    if let Some(rows) = read_rows(dir, "SpellMisc.csv", &icons, 2, notes) {
        for r in rows {
            if let (Some(id), Some(icon)) = (int(&r[0]), int(&r[1]).filter(|i| *i > 0)) {
                if let Some(s) = spells.get_mut(&id) {
                    s.1 = icon;
                }
            }
        }
    }
    Some(spells)
}

/// `CurrencyTypes.csv`: the currencies by id (None when the file is not there).
fn read_currencies(dir: &Path, notes: &mut Vec<String>) -> Option<FxHashMap<i64, DbCurrency>> {
    let cols = ["ID", "Name_lang", "InventoryIconFileID", "MaxQty"];
    let rows = read_rows(dir, "CurrencyTypes.csv", &cols, 2, notes)?;
    let currencies = rows
        .iter()
        .filter_map(|r| {
            let id = int(&r[0]).filter(|i| *i > 0)?;
            let currency = DbCurrency {
                name: r[1].as_str().into(),
                icon: int(&r[2])
                    .filter(|i| *i > 0)
                    .unwrap_or(super::game_data::QUESTION_MARK_ICON),
                max: int(&r[3]).unwrap_or(0).max(0),
            };
            Some((id, currency))
        })
        .collect();
    Some(currencies)
}

/// Reads what `dir` holds; returns the data and notes about it.
pub fn load(dir: &Path) -> (Db, Vec<String>) {
    let mut notes = Vec::new();
    let mut db = Db::default();
    if !dir.is_dir() {
        notes.push(format!(
            "--game-data {}: not a readable folder",
            dir.display()
        ));
        return (db, notes);
    }
    db.spells = read_spells(dir, &mut notes);
    let sparse = [
        "ID",
        "Display_lang",
        "OverallQualityID",
        "ItemLevel",
        "RequiredLevel",
        "Stackable",
        "SellPrice",
        "InventoryType",
        "Bonding",
        "ExpansionID",
    ];
    if let Some(rows) = read_rows(dir, "ItemSparse.csv", &sparse, 2, &mut notes) {
        let mut items = FxHashMap::default();
        for r in rows {
            let Some(id) = int(&r[0]).filter(|i| *i > 0) else {
                continue;
            };
            let n = |i: usize| int(&r[i]).unwrap_or(0) as i32;
            items.insert(
                id,
                DbItem {
                    name: r[1].as_str().into(),
                    quality: n(2),
                    level: n(3),
                    min_level: n(4),
                    stack: n(5).max(1),
                    sell_price: int(&r[6]).unwrap_or(0),
                    inventory_type: n(7),
                    bind_type: n(8),
                    expansion: n(9),
                    class_id: 15,
                    subclass_id: 0,
                    icon: super::game_data::QUESTION_MARK_ICON,
                },
            );
        }
        let cols = ["ID", "ClassID", "SubclassID", "IconFileDataID"];
        if let Some(rows) = read_rows(dir, "Item.csv", &cols, 1, &mut notes) {
            for r in rows {
                if let Some(it) = int(&r[0]).and_then(|id| items.get_mut(&id)) {
                    it.class_id = int(&r[1]).unwrap_or(15) as i32;
                    it.subclass_id = int(&r[2]).unwrap_or(0) as i32;
                    it.icon = int(&r[3])
                        .filter(|i| *i > 0)
                        .unwrap_or(super::game_data::QUESTION_MARK_ICON);
                }
            }
        }
        let cols = ["ClassID", "SubClassID", "DisplayName_lang"];
        if let Some(rows) = read_rows(dir, "ItemSubClass.csv", &cols, 3, &mut notes) {
            for r in rows {
                if let (Some(c), Some(s)) = (int(&r[0]), int(&r[1])) {
                    db.subclass_names
                        .insert((c as i32, s as i32), r[2].as_str().into());
                }
            }
        }
        db.items = Some(items);
    }
    db.currencies = read_currencies(dir, &mut notes);
    db.maps = super::map_db::read(dir, &mut notes);
    if db.spells.is_none() && db.items.is_none() && db.currencies.is_none() && db.maps.is_none() {
        notes.push(format!(
            "--game-data {}: none of SpellName.csv, ItemSparse.csv, CurrencyTypes.csv, UiMap.csv is there",
            dir.display()
        ));
    }
    (db, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(line: &str, want: Result<Vec<&str>, &str>) {
        let got = split_record(line);
        let got = got
            .as_ref()
            .map(|v| v.iter().map(|s| s.as_str()).collect::<Vec<_>>());
        assert_eq!(got.map_err(|e| *e), want, "{line}");
    }

    #[test]
    fn records() {
        check("1,\"Fireball\",3", Ok(vec!["1", "Fireball", "3"]));
        check(
            "2,\"A, \"\"quoted\"\" name\",",
            Ok(vec!["2", "A, \"quoted\" name", ""]),
        );
        check("3,plain", Ok(vec!["3", "plain"]));
        check("4,\"open", Err("unterminated quoted field"));
    }

    #[test]
    fn reads_a_folder() {
        let dir = std::env::temp_dir().join(format!("wowsim-gamedata-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("spellname.csv"),
            "ID,Name_lang\n133,\"Fireball\"\nx,\"Bad\"\n44461,\"Living Bomb\"\n5,\"broken\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("ItemSparse.csv"),
            "ID,Display_lang,OverallQualityID\n19019,\"Thunderfury, Blessed Blade\",5\n",
        )
        .unwrap();
        let (db, notes) = load(&dir);
        let spells = db.spells.unwrap();
        assert_eq!(&*spells[&44461].0, "Living Bomb");
        assert_eq!(spells.len(), 2);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].ends_with("spellname.csv:5: unterminated quoted field; the row is skipped")
        );
        let items = db.items.unwrap();
        assert_eq!(&*items[&19019].name, "Thunderfury, Blessed Blade");
        assert_eq!(items[&19019].quality, 5);
        assert!(db.currencies.is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
