//! The client's colour database as the UI sees it, and colour values with `ColorMixin`.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_UIColor.GetColors` | [`get_colors`]: every colour of [`DbColors`] as `{ baseTag, color }` |
//! | `C_ColorOverrides.GetColorForQuality` | [`quality_color`] (no overrides: the defaults) |
//! | `C_ColorOverrides.GetDefaultColorForQuality` | [`quality_color`] |
//! | `C_Item.GetItemQualityColor` | `item_quality_color`: `r, g, b, hex` of the same colours |
//!
//! The client fills `NORMAL_FONT_COLOR` and its siblings from a game database that wow-sim
//! cannot ship. Which colours exist is learnt from the Blizzard UI code that reads them
//! (`global_strings.rs`); their values are the well-known ones below, white otherwise.

use crate::game_state::game;
use mlua::{Lua, Table, Value};

/// Colours `C_UIColor.GetColors` returns, in order (VM app data).
#[derive(Default, Debug)]
pub struct DbColors(pub Vec<(String, [f64; 4])>);

/// Values of the colours every UI uses (the client's defaults).
const KNOWN: &[(&str, [f64; 3])] = &[
    ("NORMAL_FONT_COLOR", [1.0, 0.82, 0.0]),
    ("HIGHLIGHT_FONT_COLOR", [1.0, 1.0, 1.0]),
    ("RED_FONT_COLOR", [1.0, 0.125, 0.125]),
    ("DIM_RED_FONT_COLOR", [0.8, 0.1, 0.1]),
    ("GREEN_FONT_COLOR", [0.1, 1.0, 0.1]),
    ("GRAY_FONT_COLOR", [0.5, 0.5, 0.5]),
    ("DISABLED_FONT_COLOR", [0.5, 0.5, 0.5]),
    ("YELLOW_FONT_COLOR", [1.0, 1.0, 0.0]),
    ("LIGHTYELLOW_FONT_COLOR", [1.0, 1.0, 0.6]),
    ("ORANGE_FONT_COLOR", [1.0, 0.5, 0.25]),
    ("WHITE_FONT_COLOR", [1.0, 1.0, 1.0]),
    ("BLACK_FONT_COLOR", [0.0, 0.0, 0.0]),
    ("LIGHTBLUE_FONT_COLOR", [0.53, 0.67, 1.0]),
    ("BATTLENET_FONT_COLOR", [0.51, 0.773, 1.0]),
    ("PASSIVE_SPELL_FONT_COLOR", [0.77, 0.64, 0.0]),
    ("TRANSMOGRIFY_FONT_COLOR", [1.0, 0.5, 1.0]),
    ("TOOLTIP_DEFAULT_COLOR", [1.0, 1.0, 1.0]),
    ("TOOLTIP_DEFAULT_BACKGROUND_COLOR", [0.09, 0.09, 0.19]),
    ("PLAYER_FACTION_COLOR_HORDE", [0.9, 0.05, 0.07]),
    ("PLAYER_FACTION_COLOR_ALLIANCE", [0.29, 0.33, 0.91]),
    ("COMMON_GRAY_COLOR", [0.62, 0.62, 0.62]),
    ("UNCOMMON_GREEN_COLOR", [0.12, 1.0, 0.0]),
    ("RARE_BLUE_COLOR", [0.0, 0.44, 0.87]),
    ("EPIC_PURPLE_COLOR", [0.64, 0.21, 0.93]),
    ("LEGENDARY_ORANGE_COLOR", [1.0, 0.5, 0.0]),
    ("ARTIFACT_GOLD_COLOR", [0.9, 0.8, 0.5]),
    ("HEIRLOOM_BLUE_COLOR", [0.0, 0.8, 1.0]),
    // The quest and book materials' text and title colours.
    ("DEFAULT_MATERIAL_TEXT_COLOR", [0.18, 0.12, 0.06]),
    ("DEFAULT_MATERIAL_TITLETEXT_COLOR", [0.0, 0.0, 0.0]),
    ("STONE_MATERIAL_TEXT_COLOR", [1.0, 1.0, 1.0]),
    ("STONE_MATERIAL_TITLETEXT_COLOR", [0.93, 0.82, 0.0]),
    ("PARCHMENT_MATERIAL_TEXT_COLOR", [0.18, 0.12, 0.06]),
    ("PARCHMENT_MATERIAL_TITLETEXT_COLOR", [0.0, 0.0, 0.0]),
    ("MARBLE_MATERIAL_TEXT_COLOR", [0.0, 0.0, 0.0]),
    ("MARBLE_MATERIAL_TITLETEXT_COLOR", [0.93, 0.82, 0.0]),
    ("SILVER_MATERIAL_TEXT_COLOR", [0.12, 0.12, 0.12]),
    ("SILVER_MATERIAL_TITLETEXT_COLOR", [0.93, 0.82, 0.0]),
    ("BRONZE_MATERIAL_TEXT_COLOR", [0.18, 0.12, 0.06]),
    ("BRONZE_MATERIAL_TITLETEXT_COLOR", [0.93, 0.82, 0.0]),
    ("PARCHMENTLARGE_MATERIAL_TEXT_COLOR", [0.141, 0.0, 0.0]),
    ("PARCHMENTLARGE_MATERIAL_TITLETEXT_COLOR", [0.208, 0.0, 0.0]),
];

/// Item quality colours by `Enum.ItemQuality` (Poor … WoWToken).
const QUALITY: &[[f64; 3]] = &[
    [0.62, 0.62, 0.62],
    [1.0, 1.0, 1.0],
    [0.12, 1.0, 0.0],
    [0.0, 0.44, 0.87],
    [0.64, 0.21, 0.93],
    [1.0, 0.5, 0.0],
    [0.9, 0.8, 0.5],
    [0.0, 0.8, 1.0],
    [0.0, 0.8, 1.0],
];

/// The value of a database colour: the known default, else opaque white.
pub(crate) fn default_color(name: &str) -> [f64; 4] {
    KNOWN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| [c[0], c[1], c[2], 1.0])
        .unwrap_or([1.0, 1.0, 1.0, 1.0])
}

/// A `colorRGBA` table as the client returns it: `r, g, b, a` with `ColorMixin` applied when
/// the UI has defined it.
pub(crate) fn color_value(lua: &Lua, c: [f64; 4]) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("r", c[0])?;
    t.raw_set("g", c[1])?;
    t.raw_set("b", c[2])?;
    t.raw_set("a", c[3])?;
    apply_mixin(lua, &t, "ColorMixin")?;
    Ok(t)
}

/// Copies the functions of the global table `mixin` into `t` (as the client does for API
/// structures that name a mixin); nothing when the UI has not defined it.
pub fn apply_mixin(lua: &Lua, t: &Table, mixin: &str) -> mlua::Result<()> {
    if let Value::Table(m) = lua.globals().raw_get::<Value>(mixin)? {
        for pair in m.pairs::<Value, Value>() {
            let (k, v) = pair?;
            if t.raw_get::<Value>(k.clone())?.is_nil() {
                t.raw_set(k, v)?;
            }
        }
    }
    Ok(())
}

/// `C_UIColor.GetColors()`.
pub(crate) fn get_colors(lua: &Lua) -> mlua::Result<Table> {
    let colors: Vec<(String, [f64; 4])> = game(lua).colors.borrow().0.clone();
    let out = lua.create_table_with_capacity(colors.len(), 0)?;
    for (i, (name, c)) in colors.iter().enumerate() {
        let e = lua.create_table()?;
        e.raw_set("baseTag", name.as_str())?;
        e.raw_set("color", color_value(lua, *c)?)?;
        out.raw_set(i + 1, e)?;
    }
    Ok(out)
}

/// The colour of an item quality (a number; else the usage error `usage`); a quality beyond
/// the list is white, as the client answers.
fn quality_rgb(lua: &Lua, quality: Value, usage: &str) -> mlua::Result<[f64; 3]> {
    let q = match quality {
        Value::Integer(i) => i,
        Value::Number(n) => n as i64,
        _ => return Err(wowsim_lua::lua_error(lua, usage)),
    };
    Ok(usize::try_from(q)
        .ok()
        .and_then(|q| QUALITY.get(q))
        .copied()
        .unwrap_or([1.0, 1.0, 1.0]))
}

/// `C_ColorOverrides.GetColorForQuality(quality)`.
pub(crate) fn quality_color(lua: &Lua, quality: Value) -> mlua::Result<Table> {
    let c = quality_rgb(
        lua,
        quality,
        "Usage: C_ColorOverrides.GetColorForQuality(quality)",
    )?;
    color_value(lua, [c[0], c[1], c[2], 1.0])
}

/// Adds the colours the UI reads to the database (kept in first-seen order, no duplicates).
pub fn add_db_colors(lua: &Lua, names: &[String]) {
    let g = game(lua);
    let mut db = g.colors.borrow_mut();
    for n in names {
        if !db.0.iter().any(|(k, _)| k == n) {
            db.0.push((n.clone(), default_color(n)));
        }
    }
}

fn namespace(lua: &Lua, name: &str) -> mlua::Result<Table> {
    match lua.globals().raw_get::<Value>(name)? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            lua.globals().raw_set(name, t.clone())?;
            Ok(t)
        }
    }
}

/// Installs the functions of this file; the database starts with the well-known colours.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    *game(lua).colors.borrow_mut() = DbColors(
        KNOWN
            .iter()
            .map(|(n, c)| (n.to_string(), [c[0], c[1], c[2], 1.0]))
            .collect(),
    );
    namespace(lua, "C_UIColor")?
        .raw_set("GetColors", lua.create_function(|lua, ()| get_colors(lua))?)?;
    let overrides = namespace(lua, "C_ColorOverrides")?;
    let quality = lua.create_function(|lua, q: Value| quality_color(lua, q))?;
    overrides.raw_set("GetColorForQuality", quality.clone())?;
    overrides.raw_set("GetDefaultColorForQuality", quality)?;
    namespace(lua, "C_Item")?.raw_set(
        "GetItemQualityColor",
        lua.create_function(|lua, q: Value| item_quality_color(lua, q))?,
    )?;
    Ok(())
}

/// `C_Item.GetItemQualityColor(quality)`: `r, g, b, hex` (`ffrrggbb`) of the quality's colour;
/// a quality beyond the list answers white, as the client does.
fn item_quality_color(lua: &Lua, quality: Value) -> mlua::Result<(f64, f64, f64, String)> {
    let c = quality_rgb(lua, quality, "Usage: C_Item.GetItemQualityColor(quality)")?;
    let byte = |v: f64| (v * 255.0).round().clamp(0.0, 255.0) as u8;
    let hex = format!("ff{:02x}{:02x}{:02x}", byte(c[0]), byte(c[1]), byte(c[2]));
    Ok((c[0], c[1], c[2], hex))
}
