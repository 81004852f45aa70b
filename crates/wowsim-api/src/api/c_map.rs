//! `C_Map` basics: the maps around the character, who stands in Elwynn Forest (the starting zone
//! of wow-sim's Human character), and nothing else of the world.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_Map.GetBestMapForUnit(unit)` | [`install`]: the zone's id for `player` (a scenario's location's map when one is set), nothing for other units |
//! | `C_Map.GetFallbackWorldMapID()` | [`install`]: Azeroth (947) |
//! | `C_Map.GetMapInfo(uiMapID)` | [`install`]: `{ mapID, name, mapType, parentMapID, flags }` for a known map, nothing otherwise |
//! | `C_Map.GetMapArtLayers(uiMapID)` | [`install`]: one layer of the client's world-map size (1002 x 668, 256-unit tiles, scale 1) for a known map, nothing otherwise |
//! | `C_Map.GetMapChildrenInfo(uiMapID [, mapType [, allDescendants]])` | [`install`]: the known children (of that type), in id order |
//! | `GetZoneText`, `GetRealZoneText`, `GetMinimapZoneText` | [`install`]: the zone's name (a scenario's location's when one is set, `world/zone.rs`) |
//! | `C_Map.GetPlayerMapPosition(uiMapID, unit)` | [`install`]: a `Vector2DMixin` object (`x`, `y`, `GetXY`) for `player` on the zone's map; nil on the maps above it and for other units |
//! | `C_Map.GetWorldPosFromMapPos(uiMapID, pos)` | [`install`]: the continent (instance) id and a `Vector2DMixin` world position, for the zone's map; nothing elsewhere |
//! | `C_Map.GetMapWorldSize(uiMapID)` (retail) | [`install`]: the zone's size in yards; `0, 0` elsewhere |
//! | `UnitPosition(unit)` | [`install`]: the character's world `x, y, z` and instance id for `player`; nothing for other units |
//! | `wowsim.SetPlayerPosition{mapID=, x=, y=}` | [`install`]: wow-sim's own: moves the character to a point of a map that has a world rectangle |
//!
//! The ids are the client's for each flavour (Classic Era numbers its maps apart from retail's).
//! The character stands in Goldshire (world `-9464, 62, 56` on Eastern Kingdoms' instance 0, map
//! position about `0.42, 0.66` of Elwynn Forest): our choice of a spot. Only the zone has a world
//! rectangle (Elwynn Forest's bounds, the same in every flavour), so positions on the continent and
//! world maps above it are nil, where the client would translate them.
//! Everything else of `C_Map` (art ids, groups, links) stays a counted typed stub.

use crate::game_state::game;
use mlua::{Lua, MultiValue, Table, Value};
use wowsim_data::{Flavor, ProductData};

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

/// A map's place in its world instance: (instance id, left, right, top, bottom), in the client's
/// world coordinates (`x` grows north, `y` grows west: left > right, top > bottom).
type WorldRect = (i64, f64, f64, f64, f64);

/// Elwynn Forest's bounds on Eastern Kingdoms (instance 0).
const ELWYNN: WorldRect = (0, 1535.4166, -1935.4166, -7939.583, -10254.166);

/// Where the character stands: instance and world `x, y, z` (VM app data).
#[derive(Clone, Copy, Debug)]
pub struct PlayerPosition {
    pub instance: i64,
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl Default for PlayerPosition {
    /// Goldshire, in front of the inn (our choice).
    fn default() -> Self {
        PlayerPosition {
            instance: 0,
            x: -9464.0,
            y: 62.0,
            z: 56.0,
        }
    }
}

/// The world rectangle of a map, for the maps that have one.
fn world_rect(product: Flavor, id: i64) -> Option<WorldRect> {
    let (_, zone) = maps(product);
    (id == zone).then_some(ELWYNN)
}

/// The map position (0..1 across, 0..1 down) of a world point on `rect`, or `None` when the
/// point lies in another instance or outside the map.
fn map_pos(rect: WorldRect, p: &PlayerPosition) -> Option<(f64, f64)> {
    let (instance, left, right, top, bottom) = rect;
    let mx = (left - p.y) / (left - right);
    let my = (top - p.x) / (top - bottom);
    (p.instance == instance && (0.0..=1.0).contains(&mx) && (0.0..=1.0).contains(&my))
        .then_some((mx, my))
}

/// The world point (`x` north, `y` west) of a map position on `rect`.
fn world_pos(rect: WorldRect, mx: f64, my: f64) -> (f64, f64) {
    let (_, left, right, top, bottom) = rect;
    (top - my * (top - bottom), left - mx * (left - right))
}

/// A `{x, y}` table with `Vector2DMixin`'s methods when the UI (or the base) defines them.
fn vector2d(lua: &Lua, x: f64, y: f64) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("x", x)?;
    t.raw_set("y", y)?;
    crate::api::ui_color::apply_mixin(lua, &t, "Vector2DMixin")?;
    Ok(t)
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Number(n) => Some(*n),
        Value::String(s) => s.to_str().ok()?.trim().parse().ok(),
        _ => None,
    }
}

fn position(lua: &Lua) -> PlayerPosition {
    *game(lua).position.borrow()
}

/// The maps of the flavour and the id of the character's zone.
fn maps(product: Flavor) -> (&'static [MapRow], i64) {
    match product {
        Flavor::Retail => (RETAIL, 37),
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
    wowsim_lua::lua_error(lua, text)
}

/// A function of this file: the flavour (maps and ids differ) and the Lua arguments.
fn with_product<A, R>(
    lua: &Lua,
    product: Flavor,
    f: fn(&Lua, Flavor, A) -> mlua::Result<R>,
) -> mlua::Result<mlua::Function>
where
    A: mlua::FromLuaMulti + 'static,
    R: mlua::IntoLuaMulti + 'static,
{
    lua.create_function(move |lua, a: A| f(lua, product, a))
}

/// Installs the functions of this file (before the typed stubs, which fill the rest of `C_Map`).
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let product = data.product();
    let g = lua.globals();
    let ns: Table = match g.raw_get::<Value>("C_Map")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("C_Map", t.clone())?;
            t
        }
    };
    let maps: [(&str, mlua::Function); 5] = [
        (
            "GetBestMapForUnit",
            with_product(lua, product, get_best_map_for_unit)?,
        ),
        (
            "GetFallbackWorldMapID",
            lua.create_function(get_fallback_world_map_id)?,
        ),
        ("GetMapInfo", with_product(lua, product, get_map_info)?),
        (
            "GetMapArtLayers",
            with_product(lua, product, get_map_art_layers)?,
        ),
        (
            "GetMapChildrenInfo",
            with_product(lua, product, get_map_children_info)?,
        ),
    ];
    for (name, f) in maps {
        ns.raw_set(name, f)?;
    }
    install_positions(lua, data, &ns)?;
    for name in ["GetZoneText", "GetRealZoneText", "GetMinimapZoneText"] {
        g.raw_set(name, with_product(lua, product, zone_text)?)?;
    }
    Ok(())
}

/// The map row of a map id argument, among the flavour's maps.
fn find(product: Flavor, v: &Value) -> Option<&'static MapRow> {
    let (rows, _) = maps(product);
    map_id(v).and_then(|id| rows.iter().find(|r| r.0 == id))
}

/// `C_Map.GetBestMapForUnit(unit)`.
fn get_best_map_for_unit(lua: &Lua, product: Flavor, unit: Value) -> mlua::Result<Option<i64>> {
    let (_, zone) = maps(product);
    if !matches!(unit, Value::String(_)) {
        return Err(usage(
            lua,
            "Usage: local uiMapID = C_Map.GetBestMapForUnit(unitToken)",
        ));
    }
    if !is_player(&unit) {
        return Ok(None);
    }
    Ok(crate::world::zone::map_id(lua).unwrap_or(Some(zone)))
}

/// `C_Map.GetFallbackWorldMapID()`.
fn get_fallback_world_map_id(_: &Lua, (): ()) -> mlua::Result<i64> {
    Ok(947)
}

/// `C_Map.GetMapInfo(uiMapID)`.
fn get_map_info(lua: &Lua, product: Flavor, id: Value) -> mlua::Result<Option<Table>> {
    let with_flags = product == Flavor::Retail;
    if map_id(&id).is_none() {
        return Err(usage(lua, "Usage: local info = C_Map.GetMapInfo(uiMapID)"));
    }
    find(product, &id)
        .map(|r| info(lua, r, with_flags))
        .transpose()
}

/// `C_Map.GetMapArtLayers(uiMapID)`.
fn get_map_art_layers(lua: &Lua, product: Flavor, id: Value) -> mlua::Result<Option<Table>> {
    if map_id(&id).is_none() {
        return Err(usage(
            lua,
            "Usage: local layerInfo = C_Map.GetMapArtLayers(uiMapID)",
        ));
    }
    if find(product, &id).is_none() {
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
}

/// `C_Map.GetMapChildrenInfo(uiMapID [, mapType [, allDescendants]])`.
fn get_map_children_info(
    lua: &Lua,
    product: Flavor,
    (id, kind, all): (Value, Value, Value),
) -> mlua::Result<Table> {
    let (rows, _) = maps(product);
    let with_flags = product == Flavor::Retail;
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
        let mut children: Vec<&MapRow> = rows.iter().filter(|r| r.3 == under[i]).collect();
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
}

/// `GetZoneText`, `GetRealZoneText`, `GetMinimapZoneText`: the zone's name.
fn zone_text(lua: &Lua, product: Flavor, _: MultiValue) -> mlua::Result<mlua::LuaString> {
    if let Some(name) = crate::world::zone::zone_name(lua) {
        return lua.create_string(name);
    }
    let (rows, zone) = maps(product);
    let zone_name = rows.iter().find(|r| r.0 == zone).map_or("", |r| r.1);
    lua.create_string(zone_name)
}

/// The character's position: `C_Map.GetPlayerMapPosition`, `C_Map.GetWorldPosFromMapPos`,
/// `C_Map.GetMapWorldSize` (when the flavour has it), `UnitPosition` and
/// `wowsim.SetPlayerPosition`.
fn install_positions(lua: &Lua, data: &'static ProductData, ns: &Table) -> mlua::Result<()> {
    let product = data.product();
    *game(lua).position.borrow_mut() = PlayerPosition::default();
    let player_map_position = with_product(lua, product, get_player_map_position)?;
    ns.raw_set("GetPlayerMapPosition", player_map_position)?;
    let world_pos_from_map_pos = with_product(lua, product, get_world_pos_from_map_pos)?;
    ns.raw_set("GetWorldPosFromMapPos", world_pos_from_map_pos)?;
    if data.api("C_Map.GetMapWorldSize").is_some() {
        let map_world_size = with_product(lua, product, get_map_world_size)?;
        ns.raw_set("GetMapWorldSize", map_world_size)?;
    }
    let g = lua.globals();
    g.raw_set("UnitPosition", lua.create_function(unit_position)?)?;
    let set = with_product(lua, product, set_player_position)?;
    let t = match g.raw_get::<Value>("wowsim")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    t.raw_set("SetPlayerPosition", set)?;
    g.raw_set("wowsim", t)
}

/// `C_Map.GetPlayerMapPosition(uiMapID, unit)`.
fn get_player_map_position(
    lua: &Lua,
    product: Flavor,
    (id, unit): (Value, Value),
) -> mlua::Result<Option<Table>> {
    let (Some(id), Value::String(_)) = (map_id(&id), &unit) else {
        return Err(usage(
            lua,
            "Usage: local position = C_Map.GetPlayerMapPosition(uiMapID, unitToken)",
        ));
    };
    let pos = is_player(&unit)
        .then(|| world_rect(product, id))
        .flatten()
        .and_then(|rect| map_pos(rect, &position(lua)));
    pos.map(|(x, y)| vector2d(lua, x, y)).transpose()
}

/// `C_Map.GetWorldPosFromMapPos(uiMapID, pos)`.
fn get_world_pos_from_map_pos(
    lua: &Lua,
    product: Flavor,
    (id, pos): (Value, Value),
) -> mlua::Result<MultiValue> {
    let xy = match &pos {
        Value::Table(t) => number(&t.raw_get("x")?).zip(number(&t.raw_get("y")?)),
        _ => None,
    };
    let (Some(id), Some((mx, my))) = (map_id(&id), xy) else {
        return Err(usage(
            lua,
            "Usage: local continentID, worldPosition = C_Map.GetWorldPosFromMapPos(uiMapID, mapPosition)",
        ));
    };
    let mut out = MultiValue::new();
    if let Some(rect) = world_rect(product, id) {
        let (wx, wy) = world_pos(rect, mx, my);
        out.push_back(Value::Integer(rect.0));
        out.push_back(Value::Table(vector2d(lua, wx, wy)?));
    }
    Ok(out)
}

/// `C_Map.GetMapWorldSize(uiMapID)`.
fn get_map_world_size(lua: &Lua, product: Flavor, id: Value) -> mlua::Result<(f64, f64)> {
    let Some(id) = map_id(&id) else {
        return Err(usage(
            lua,
            "Usage: local width, height = C_Map.GetMapWorldSize(uiMapID)",
        ));
    };
    Ok(world_rect(product, id).map_or((0.0, 0.0), |(_, l, r, t, b)| (l - r, t - b)))
}

/// `UnitPosition(unit)`.
fn unit_position(lua: &Lua, unit: Value) -> mlua::Result<MultiValue> {
    if !matches!(unit, Value::String(_)) {
        return Err(usage(
            lua,
            "Usage: local positionX, positionY, positionZ, mapID = UnitPosition(unit)",
        ));
    }
    let mut out = MultiValue::new();
    if is_player(&unit) {
        let p = position(lua);
        out.extend([
            Value::Number(p.x),
            Value::Number(p.y),
            Value::Number(p.z),
            Value::Integer(p.instance),
        ]);
    }
    Ok(out)
}

/// `wowsim.SetPlayerPosition{mapID=, x=, y=}` (wow-sim's own).
fn set_player_position(lua: &Lua, product: Flavor, args: Value) -> mlua::Result<()> {
    const USE: &str = "Usage: wowsim.SetPlayerPosition({mapID = uiMapID, x = 0..1, y = 0..1})";
    let Value::Table(t) = args else {
        return Err(usage(lua, USE));
    };
    let (Some(id), Some(mx), Some(my)) = (
        map_id(&t.raw_get("mapID")?),
        number(&t.raw_get("x")?),
        number(&t.raw_get("y")?),
    ) else {
        return Err(usage(lua, USE));
    };
    let Some(rect) = world_rect(product, id) else {
        return Err(usage(
            lua,
            &format!("wowsim.SetPlayerPosition: map {id} has no world rectangle in wow-sim (only the character's zone has one)"),
        ));
    };
    if !(0.0..=1.0).contains(&mx) || !(0.0..=1.0).contains(&my) {
        return Err(usage(
            lua,
            &format!("wowsim.SetPlayerPosition: x and y must lie in 0..1 (got {mx}, {my})"),
        ));
    }
    let (x, y) = world_pos(rect, mx, my);
    let z = position(lua).z;
    *game(lua).position.borrow_mut() = PlayerPosition {
        instance: rect.0,
        x,
        y,
        z,
    };
    Ok(())
}
