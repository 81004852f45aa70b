//! `C_Map`: the maps and the character's place on them. Without the user's map tables the
//! world is the maps around the character, who stands in Elwynn Forest (the starting zone of
//! wow-sim's Human character), and nothing else; with them (`--game-data UiMap.csv`,
//! `UiMapAssignment.csv`, read by `map_db.rs`) every map of the tables and its world rectangle.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_Map.GetBestMapForUnit(unit)` | [`install`]: for `player`, a scenario's location's map when one is set, else with the tables the world map that best shows the character's spot and height outdoors (`map_db.rs`), else the zone's id; nothing for other units |
//! | `C_Map.GetFallbackWorldMapID()` | [`install`]: Azeroth (947) |
//! | `C_Map.GetMapInfo(uiMapID)` | [`install`]: `{ mapID, name, mapType, parentMapID, flags }` (`flags` in retail) for a known map, nothing otherwise |
//! | `C_Map.GetMapArtLayers(uiMapID)` | [`install`]: one layer of the client's world-map size (1002 x 668, 256-unit tiles, scale 1) for a known map, nothing otherwise |
//! | `C_Map.GetMapChildrenInfo(uiMapID [, mapType [, allDescendants]])` | [`install`]: the known children (of that type; with `allDescendants` every level below, each level after the one above), in id order |
//! | `GetZoneText`, `GetRealZoneText`, `GetMinimapZoneText` | [`install`]: the zone's name (a scenario's location's when one is set, `world/zone.rs`); the tables do not change it (zone names are the area table's) |
//! | `C_Map.GetPlayerMapPosition(uiMapID, unit)` | [`install`]: a `Vector2DMixin` object (`x`, `y`, `GetXY`) for `player` on a map with a world rectangle that holds the character's spot; nil elsewhere and for other units |
//! | `C_Map.GetWorldPosFromMapPos(uiMapID, pos)` | [`install`]: the continent (instance) id and a `Vector2DMixin` world position, through the map part that holds `pos` (without the tables: the zone's rectangle); nothing elsewhere |
//! | `C_Map.GetMapPosFromWorldPos(continentID, pos [, overrideUiMapID])` | [`install`]: the map that best shows the world point (or `overrideUiMapID`, through its part nearest to the point) and the point's `Vector2DMixin` position on it; nothing when no map of that instance has a rectangle |
//! | `C_Map.GetMapWorldSize(uiMapID)` (retail) | [`install`]: the map's size in yards; `0, 0` without a rectangle |
//! | `C_Map.GetMapRectOnMap(uiMapID, topUiMapID)` | [`install`]: `minX, maxX, minY, maxY`, the map's rectangle in the top map's positions (both need a rectangle on one instance); nothing otherwise |
//! | `C_Map.GetMapInfoAtPosition(uiMapID, x, y [, ignore])` | [`install`]: the info of the most detailed child map whose rectangle holds that point of the map; nothing when none does |
//! | `UnitPosition(unit)` | [`install`]: the character's world `x, y, z` and instance id for `player`; nothing for other units |
//! | `wowsim.SetPlayerPosition{mapID=, x=, y=}` | [`install`]: wow-sim's own: moves the character to a point of a map that has a world rectangle |
//!
//! The built-in ids are the client's for each flavour (Classic Era numbers its maps apart from
//! retail's). The character stands in Goldshire (world `-9464, 62, 56` on Eastern Kingdoms'
//! instance 0, map position about `0.42, 0.66` of Elwynn Forest): our choice of a spot. Without
//! the tables only the zone has a world rectangle (Elwynn Forest's bounds, the same in every
//! flavour), so positions on the continent and world maps above it are nil, where the client
//! would translate them. With the tables a map they lack is no map (the built-in maps are not
//! added to them); a map flagged `NoWorldPositions` has no world position. Ours, not the
//! client's (unknown): the id order of children, `ignoreZoneMapPositionData` (ignored), maps
//! linked without a world rectangle (`UiMapLink`, not read) giving no child at a position.
//! Everything else of `C_Map` (art ids, groups, links) stays a counted typed stub.

use super::map_db::{MapDb, WorldRect};
use crate::game_state::game;
use mlua::{Lua, MultiValue, Table, Value};
use wowsim_data::{Flavor, ProductData};

/// One built-in map: (id, name, `Enum.UIMapType` value, parent id or 0).
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

/// A map's `UiMapDetails`.
#[derive(Clone, Debug)]
struct Info {
    id: i64,
    name: String,
    kind: i64,
    parent: i64,
    flags: i64,
}

impl Info {
    fn built_in(row: &MapRow) -> Info {
        Info {
            id: row.0,
            name: row.1.to_string(),
            kind: row.2,
            parent: row.3,
            flags: 0,
        }
    }
}

/// Runs `f` on the user's map tables (`--game-data`), None without them. `f` must not call Lua.
fn with_db<R>(lua: &Lua, f: impl FnOnce(Option<&MapDb>) -> R) -> R {
    let state = game(lua);
    let data = state.data.borrow();
    f(data.db.maps.as_ref())
}

/// A map's details: the tables', else the flavour's built-in maps.
fn lookup(lua: &Lua, product: Flavor, id: i64) -> Option<Info> {
    with_db(lua, |db| match db {
        Some(db) => db.maps.get(&id).map(|m| Info {
            id,
            name: m.name.to_string(),
            kind: m.kind,
            parent: m.parent,
            flags: m.flags,
        }),
        None => maps(product)
            .0
            .iter()
            .find(|r| r.0 == id)
            .map(Info::built_in),
    })
}

/// A map's children in id order.
fn children(lua: &Lua, product: Flavor, parent: i64) -> Vec<Info> {
    let mut out: Vec<Info> = with_db(lua, |db| match db {
        Some(db) => db
            .maps
            .iter()
            .filter(|(_, m)| m.parent == parent)
            .map(|(id, m)| Info {
                id: *id,
                name: m.name.to_string(),
                kind: m.kind,
                parent: m.parent,
                flags: m.flags,
            })
            .collect(),
        None => maps(product)
            .0
            .iter()
            .filter(|r| r.3 == parent)
            .map(Info::built_in)
            .collect(),
    });
    out.sort_by_key(|i| i.id);
    out
}

/// The built-in world rectangle of a map (the zone's only).
fn built_in_rect(product: Flavor, id: i64) -> Option<WorldRect> {
    let (_, zone) = maps(product);
    (id == zone).then_some(ELWYNN)
}

/// The world rectangle of a whole map.
fn whole_rect(lua: &Lua, product: Flavor, id: i64) -> Option<WorldRect> {
    with_db(lua, |db| match db {
        Some(db) => db.rect(id),
        None => built_in_rect(product, id),
    })
}

/// The rectangle through which a map position reaches the world.
fn rect_at_map_pos(lua: &Lua, product: Flavor, id: i64, mx: f64, my: f64) -> Option<WorldRect> {
    with_db(lua, |db| match db {
        Some(db) => db.rect_at_map_pos(id, mx, my),
        None => built_in_rect(product, id),
    })
}

/// The rectangle of a map for a world point (`nearest`: else the part nearest to it).
fn rect_at_world(
    lua: &Lua,
    product: Flavor,
    id: i64,
    (instance, x, y): (i64, f64, f64),
    nearest: bool,
) -> Option<WorldRect> {
    with_db(lua, |db| match db {
        Some(db) => db.rect_at_world(id, instance, x, y, nearest),
        None => built_in_rect(product, id).filter(|r| r.0 == instance),
    })
}

/// The map position (0..1 across, 0..1 down) of a world point on `rect`, unbounded.
fn map_pos_unbounded(rect: WorldRect, x: f64, y: f64) -> (f64, f64) {
    let (_, left, right, top, bottom) = rect;
    ((left - y) / (left - right), (top - x) / (top - bottom))
}

/// The map position of a world point on `rect`, or `None` when the point lies in another
/// instance or outside the map.
fn map_pos(rect: WorldRect, p: &PlayerPosition) -> Option<(f64, f64)> {
    let (mx, my) = map_pos_unbounded(rect, p.x, p.y);
    (p.instance == rect.0 && (0.0..=1.0).contains(&mx) && (0.0..=1.0).contains(&my))
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

/// The `x`, `y` of a vector argument.
fn vector_arg(v: &Value) -> mlua::Result<Option<(f64, f64)>> {
    Ok(match v {
        Value::Table(t) => number(&t.raw_get("x")?).zip(number(&t.raw_get("y")?)),
        _ => None,
    })
}

fn position(lua: &Lua) -> PlayerPosition {
    *game(lua).position.borrow()
}

/// The built-in maps of the flavour and the id of the character's zone.
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

fn info(lua: &Lua, i: &Info, product: Flavor) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("mapID", i.id)?;
    t.raw_set("name", i.name.as_str())?;
    t.raw_set("mapType", i.kind)?;
    t.raw_set("parentMapID", i.parent)?;
    if product == Flavor::Retail {
        t.raw_set("flags", i.flags)?;
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
    if let Some(located) = crate::world::zone::map_id(lua) {
        return Ok(located);
    }
    let p = position(lua);
    Ok(with_db(lua, |db| match db {
        Some(db) => db
            .best_map_at(p.instance, (p.x, p.y, Some(p.z)))
            .map(|(id, _)| id),
        None => Some(zone),
    }))
}

/// `C_Map.GetFallbackWorldMapID()`.
fn get_fallback_world_map_id(_: &Lua, (): ()) -> mlua::Result<i64> {
    Ok(947)
}

/// `C_Map.GetMapInfo(uiMapID)`.
fn get_map_info(lua: &Lua, product: Flavor, id: Value) -> mlua::Result<Option<Table>> {
    let Some(id) = map_id(&id) else {
        return Err(usage(lua, "Usage: local info = C_Map.GetMapInfo(uiMapID)"));
    };
    lookup(lua, product, id)
        .map(|i| info(lua, &i, product))
        .transpose()
}

/// `C_Map.GetMapArtLayers(uiMapID)`.
fn get_map_art_layers(lua: &Lua, product: Flavor, id: Value) -> mlua::Result<Option<Table>> {
    let Some(id) = map_id(&id) else {
        return Err(usage(
            lua,
            "Usage: local layerInfo = C_Map.GetMapArtLayers(uiMapID)",
        ));
    };
    if lookup(lua, product, id).is_none() {
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
    // A visited set keeps a cycle in the user's tables from looping forever.
    let mut seen = rustc_hash::FxHashSet::default();
    while i < under.len() {
        for c in children(lua, product, under[i]) {
            if !seen.insert(c.id) {
                continue;
            }
            if kind.is_none_or(|k| k == c.kind) {
                out.push(info(lua, &c, product)?);
            }
            if all {
                under.push(c.id);
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

/// The character's position and the maps' rectangles: `C_Map.GetPlayerMapPosition`,
/// `GetWorldPosFromMapPos`, and where the flavour has them `GetMapWorldSize`,
/// `GetMapPosFromWorldPos`, `GetMapRectOnMap`, `GetMapInfoAtPosition`; `UnitPosition` and
/// `wowsim.SetPlayerPosition`.
fn install_positions(lua: &Lua, data: &'static ProductData, ns: &Table) -> mlua::Result<()> {
    let product = data.product();
    *game(lua).position.borrow_mut() = PlayerPosition::default();
    let player_map_position = with_product(lua, product, get_player_map_position)?;
    ns.raw_set("GetPlayerMapPosition", player_map_position)?;
    let world_pos_from_map_pos = with_product(lua, product, get_world_pos_from_map_pos)?;
    ns.raw_set("GetWorldPosFromMapPos", world_pos_from_map_pos)?;
    let optional = [
        (
            "GetMapWorldSize",
            with_product(lua, product, get_map_world_size)?,
        ),
        (
            "GetMapPosFromWorldPos",
            with_product(lua, product, get_map_pos_from_world_pos)?,
        ),
        (
            "GetMapRectOnMap",
            with_product(lua, product, get_map_rect_on_map)?,
        ),
        (
            "GetMapInfoAtPosition",
            with_product(lua, product, get_map_info_at_position)?,
        ),
    ];
    for (name, f) in optional {
        if data.api(&format!("C_Map.{name}")).is_some() {
            ns.raw_set(name, f)?;
        }
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
    if !is_player(&unit) {
        return Ok(None);
    }
    let p = position(lua);
    let pos = rect_at_world(lua, product, id, (p.instance, p.x, p.y), false)
        .and_then(|rect| map_pos(rect, &p));
    pos.map(|(x, y)| vector2d(lua, x, y)).transpose()
}

/// `C_Map.GetWorldPosFromMapPos(uiMapID, pos)`.
fn get_world_pos_from_map_pos(
    lua: &Lua,
    product: Flavor,
    (id, pos): (Value, Value),
) -> mlua::Result<MultiValue> {
    let (Some(id), Some((mx, my))) = (map_id(&id), vector_arg(&pos)?) else {
        return Err(usage(
            lua,
            "Usage: local continentID, worldPosition = C_Map.GetWorldPosFromMapPos(uiMapID, mapPosition)",
        ));
    };
    let mut out = MultiValue::new();
    if let Some(rect) = rect_at_map_pos(lua, product, id, mx, my) {
        let (wx, wy) = world_pos(rect, mx, my);
        out.push_back(Value::Integer(rect.0));
        out.push_back(Value::Table(vector2d(lua, wx, wy)?));
    }
    Ok(out)
}

/// `C_Map.GetMapPosFromWorldPos(continentID, worldPosition [, overrideUiMapID])`.
fn get_map_pos_from_world_pos(
    lua: &Lua,
    product: Flavor,
    (continent, pos, over): (Value, Value, Value),
) -> mlua::Result<MultiValue> {
    let over_id = map_id(&over);
    let (Some(instance), Some((x, y))) = (map_id(&continent), vector_arg(&pos)?) else {
        return Err(usage(
            lua,
            "Usage: local uiMapID, mapPosition = C_Map.GetMapPosFromWorldPos(continentID, worldPosition [, overrideUiMapID])",
        ));
    };
    if !matches!(over, Value::Nil) && over_id.is_none() {
        return Err(usage(
            lua,
            "Usage: local uiMapID, mapPosition = C_Map.GetMapPosFromWorldPos(continentID, worldPosition [, overrideUiMapID])",
        ));
    }
    let found = match over_id {
        Some(id) => rect_at_world(lua, product, id, (instance, x, y), true).map(|r| (id, r)),
        None => with_db(lua, |db| match db {
            Some(db) => db.best_map_at(instance, (x, y, None)),
            None => {
                let (_, zone) = maps(product);
                let p = PlayerPosition {
                    instance,
                    x,
                    y,
                    z: 0.0,
                };
                built_in_rect(product, zone)
                    .filter(|r| map_pos(*r, &p).is_some())
                    .map(|r| (zone, r))
            }
        }),
    };
    let mut out = MultiValue::new();
    if let Some((id, rect)) = found {
        let (mx, my) = map_pos_unbounded(rect, x, y);
        out.push_back(Value::Integer(id));
        out.push_back(Value::Table(vector2d(lua, mx, my)?));
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
    let rect = whole_rect(lua, product, id);
    Ok(rect.map_or((0.0, 0.0), |(_, l, r, t, b)| (l - r, t - b)))
}

/// `C_Map.GetMapRectOnMap(uiMapID, topUiMapID)`.
fn get_map_rect_on_map(
    lua: &Lua,
    product: Flavor,
    (id, top): (Value, Value),
) -> mlua::Result<MultiValue> {
    let (Some(id), Some(top)) = (map_id(&id), map_id(&top)) else {
        return Err(usage(
            lua,
            "Usage: local minX, maxX, minY, maxY = C_Map.GetMapRectOnMap(uiMapID, topUiMapID)",
        ));
    };
    let mut out = MultiValue::new();
    let Some(child) = whole_rect(lua, product, id) else {
        return Ok(out);
    };
    let (instance, left, right, north, south) = child;
    let centre = (instance, (north + south) / 2.0, (left + right) / 2.0);
    if let Some(rect) = rect_at_world(lua, product, top, centre, true) {
        let (min_x, min_y) = map_pos_unbounded(rect, north, left);
        let (max_x, max_y) = map_pos_unbounded(rect, south, right);
        out.extend([min_x, max_x, min_y, max_y].map(Value::Number));
    }
    Ok(out)
}

/// `C_Map.GetMapInfoAtPosition(uiMapID, x, y [, ignoreZoneMapPositionData])`.
fn get_map_info_at_position(
    lua: &Lua,
    product: Flavor,
    (id, x, y, _ignore): (Value, Value, Value, Value),
) -> mlua::Result<Option<Table>> {
    let (Some(id), Some(mx), Some(my)) = (map_id(&id), number(&x), number(&y)) else {
        return Err(usage(
            lua,
            "Usage: local info = C_Map.GetMapInfoAtPosition(uiMapID, x, y [, ignoreZoneMapPositionData])",
        ));
    };
    let Some(rect) = rect_at_map_pos(lua, product, id, mx, my) else {
        return Ok(None);
    };
    let (wx, wy) = world_pos(rect, mx, my);
    let p = PlayerPosition {
        instance: rect.0,
        x: wx,
        y: wy,
        z: 0.0,
    };
    let mut best: Option<(f64, Info)> = None;
    for c in children(lua, product, id) {
        let Some(r) = rect_at_world(lua, product, c.id, (p.instance, wx, wy), false) else {
            continue;
        };
        if map_pos(r, &p).is_none() {
            continue;
        }
        let width = r.1 - r.2;
        if best.as_ref().is_none_or(|(w, _)| width < *w) {
            best = Some((width, c));
        }
    }
    best.map(|(_, c)| info(lua, &c, product)).transpose()
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
    if !(0.0..=1.0).contains(&mx) || !(0.0..=1.0).contains(&my) {
        return Err(usage(
            lua,
            &format!("wowsim.SetPlayerPosition: x and y must lie in 0..1 (got {mx}, {my})"),
        ));
    }
    let Some(rect) = rect_at_map_pos(lua, product, id, mx, my) else {
        let why = if with_db(lua, |db| db.is_some()) {
            "the map tables (--game-data UiMapAssignment.csv) give it none there"
        } else {
            "only the character's zone has one"
        };
        return Err(usage(
            lua,
            &format!(
                "wowsim.SetPlayerPosition: map {id} has no world rectangle in wow-sim ({why})"
            ),
        ));
    };
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
