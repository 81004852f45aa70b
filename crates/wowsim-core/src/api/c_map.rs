//! `C_Map` basics: the maps around the character, who stands in Elwynn Forest (the starting zone
//! of wow-sim's Human character), and nothing else of the world.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_Map.GetBestMapForUnit(unit)` | [`install`]: the zone's id for `player`, nothing for other units |
//! | `C_Map.GetFallbackWorldMapID()` | [`install`]: Azeroth (947) |
//! | `C_Map.GetMapInfo(uiMapID)` | [`install`]: `{ mapID, name, mapType, parentMapID, flags }` for a known map, nothing otherwise |
//! | `C_Map.GetMapArtLayers(uiMapID)` | [`install`]: one layer of the client's world-map size (1002 x 668, 256-unit tiles, scale 1) for a known map, nothing otherwise |
//! | `C_Map.GetMapChildrenInfo(uiMapID [, mapType [, allDescendants]])` | [`install`]: the known children (of that type), in id order |
//! | `GetZoneText`, `GetRealZoneText`, `GetMinimapZoneText` | [`install`]: the zone's name |
//!
//! The ids are the client's for each flavour (Classic Era numbers its maps apart from retail's).
//! Everything else of `C_Map` (map positions, art ids, groups, links) stays a counted typed stub.

use mlua::{Lua, MultiValue, Table, Value};
use wowsim_data::Product;

/// One map: (id, name, `Enum.UIMapType` value, parent id or 0).
type MapRow = (i64, &'static str, i64, i64);

const RETAIL: &[MapRow] = &[
    (946, "Cosmic", 0, 0),
    (947, "Azeroth", 1, 946),
    (13, "Eastern Kingdoms", 2, 947),
    (37, "Elwynn Forest", 3, 13),
];

const CLASSIC: &[MapRow] = &[
    (947, "Azeroth", 1, 0),
    (1415, "Eastern Kingdoms", 2, 947),
    (1429, "Elwynn Forest", 3, 1415),
];

/// The maps of the flavour and the id of the character's zone.
fn maps(product: Product) -> (&'static [MapRow], i64) {
    match product {
        Product::Retail => (RETAIL, 37),
        _ => (CLASSIC, 1429),
    }
}

fn map_id(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Number(n) if n.fract() == 0.0 => Some(*n as i64),
        Value::String(s) => s.to_str().ok()?.trim().parse().ok(),
        _ => None,
    }
}

fn info(lua: &Lua, row: &MapRow, with_flags: bool) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("mapID", row.0)?;
    t.raw_set("name", row.1)?;
    t.raw_set("mapType", row.2)?;
    t.raw_set("parentMapID", row.3)?;
    if with_flags {
        t.raw_set("flags", 0)?;
    }
    Ok(t)
}

fn is_player(unit: &Value) -> bool {
    matches!(unit, Value::String(s) if s.to_string_lossy().eq_ignore_ascii_case("player"))
}

fn usage(lua: &Lua, text: &str) -> mlua::Error {
    crate::lua::lua_error(lua, text)
}

/// Installs the functions of this file (before the typed stubs, which fill the rest of `C_Map`).
pub fn install(lua: &Lua, product: Product) -> mlua::Result<()> {
    let (rows, zone) = maps(product);
    let with_flags = product == Product::Retail;
    let g = lua.globals();
    let ns: Table = match g.raw_get::<Value>("C_Map")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("C_Map", t.clone())?;
            t
        }
    };
    ns.raw_set(
        "GetBestMapForUnit",
        lua.create_function(move |lua, unit: Value| {
            if !matches!(unit, Value::String(_)) {
                return Err(usage(
                    lua,
                    "Usage: local uiMapID = C_Map.GetBestMapForUnit(unitToken)",
                ));
            }
            Ok(is_player(&unit).then_some(zone))
        })?,
    )?;
    ns.raw_set(
        "GetFallbackWorldMapID",
        lua.create_function(|_, ()| Ok(947))?,
    )?;
    let find = move |v: &Value| map_id(v).and_then(|id| rows.iter().find(|r| r.0 == id));
    ns.raw_set(
        "GetMapInfo",
        lua.create_function(move |lua, id: Value| {
            if map_id(&id).is_none() {
                return Err(usage(lua, "Usage: local info = C_Map.GetMapInfo(uiMapID)"));
            }
            find(&id).map(|r| info(lua, r, with_flags)).transpose()
        })?,
    )?;
    ns.raw_set(
        "GetMapArtLayers",
        lua.create_function(move |lua, id: Value| {
            if map_id(&id).is_none() {
                return Err(usage(
                    lua,
                    "Usage: local layerInfo = C_Map.GetMapArtLayers(uiMapID)",
                ));
            }
            if find(&id).is_none() {
                return Ok(None);
            }
            let layer = lua.create_table()?;
            layer.raw_set("layerWidth", 1002)?;
            layer.raw_set("layerHeight", 668)?;
            layer.raw_set("tileWidth", 256)?;
            layer.raw_set("tileHeight", 256)?;
            layer.raw_set("minScale", 1)?;
            layer.raw_set("maxScale", 1)?;
            layer.raw_set("additionalZoomSteps", 0)?;
            Ok(Some(lua.create_sequence_from([layer])?))
        })?,
    )?;
    ns.raw_set(
        "GetMapChildrenInfo",
        lua.create_function(move |lua, (id, kind, all): (Value, Value, Value)| {
            let Some(parent) = map_id(&id) else {
                return Err(usage(
                    lua,
                    "Usage: local info = C_Map.GetMapChildrenInfo(uiMapID [, mapType, allDescendants])",
                ));
            };
            let kind = map_id(&kind);
            let all = matches!(all, Value::Boolean(true));
            let mut under = vec![parent];
            let mut out = Vec::new();
            let mut i = 0;
            while i < under.len() {
                let mut children: Vec<&MapRow> =
                    rows.iter().filter(|r| r.3 == under[i]).collect();
                children.sort_by_key(|r| r.0);
                for r in children {
                    if kind.is_none_or(|k| k == r.2) {
                        out.push(info(lua, r, with_flags)?);
                    }
                    if all {
                        under.push(r.0);
                    }
                }
                i += 1;
            }
            lua.create_sequence_from(out)
        })?,
    )?;
    let zone_name = rows.iter().find(|r| r.0 == zone).map_or("", |r| r.1);
    for name in ["GetZoneText", "GetRealZoneText", "GetMinimapZoneText"] {
        g.raw_set(
            name,
            lua.create_function(move |lua, _: MultiValue| lua.create_string(zone_name))?,
        )?;
    }
    Ok(())
}
