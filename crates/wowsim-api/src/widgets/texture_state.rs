//! TextureBase methods the other files leave: sprite sheet cells (real texture coordinates),
//! vertex offsets, SVG assets, pixel-grid snapping, blocking loads and resetting the radial
//! progress bar and slice settings. Vertex offsets and SVGs are kept, not drawn.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetSpriteSheetCell(cell, rows, columns [, cellW, cellH])` | [`sprite_cell`]: the cell's texture coordinates (cells count from 1, row by row) |
//! | `SetVertexOffset(vertex, x, y)`, `GetVertexOffset(vertex)`, `ClearVertexOffsets` | kept per vertex 1..4 (`UPPER_LEFT_VERTEX`..`LOWER_RIGHT_VERTEX`); another index is an error |
//! | `SetSVG(asset)` (true for an asset), `ClearSVG` | kept |
//! | `SetSnapToPixelGrid(snap)`, `IsSnappingToPixelGrid` | kept; true until set (Blizzard's XML and Lua only ever turn it off) |
//! | `SetBlockingLoadsRequested(blocking)`, `IsBlockingLoadRequested` | kept; false until set |
//! | `ClearRadialProgressBar`, `ClearTextureSlice` | the `SetRadialProgressBar*` / `SetTextureSlice*` state pairs back to their initial values |
pub use wowsim_ui::texture_state::*;

use super::fields::FieldVal;
use super::scene_state::{bad_arg, load, method, store, A, C};
use super::util::{arg, get_field, num, ret, self_id, set_field, string, Method};
use mlua::{Lua, MultiValue, Value};

fn need_num(lua: &Lua, a: &MultiValue, pos: usize, m: &str) -> mlua::Result<f64> {
    let v = arg(a, pos);
    num(&v).ok_or_else(|| bad_arg(lua, pos, m, "number", &v))
}

fn vertex(lua: &Lua, a: &MultiValue, m: &str) -> mlua::Result<u8> {
    let v = need_num(lua, a, 1, m)?;
    if !(1.0..=4.0).contains(&v) || v.fract() != 0.0 {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!("{m}: invalid vertex index {v} (1 to 4)"),
        ));
    }
    Ok(v as u8)
}

/// Installs the methods of this file (only those the flavour has).
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, Method)] = &[
        ("SetSpriteSheetCell", set_sprite_sheet_cell),
        ("SetVertexOffset", set_vertex_offset),
        ("GetVertexOffset", get_vertex_offset),
        ("ClearVertexOffsets", clear_vertex_offsets),
        ("SetSVG", set_svg),
        ("ClearSVG", clear_svg),
    ];
    for (name, f) in methods {
        method(lua, T, name, *f)?;
    }
    store(
        lua,
        T,
        "SetSnapToPixelGrid",
        &[("texture.snap", A::BoolOr(false))],
    )?;
    load(
        lua,
        T,
        "IsSnappingToPixelGrid",
        &[("texture.snap", C::B(true))],
    )?;
    store(
        lua,
        T,
        "SetBlockingLoadsRequested",
        &[("texture.blocking", A::BoolOr(false))],
    )?;
    load(
        lua,
        T,
        "IsBlockingLoadRequested",
        &[("texture.blocking", C::B(false))],
    )?;
    method(lua, T, "ClearRadialProgressBar", clear_radial_progress_bar)?;
    method(lua, T, "ClearTextureSlice", clear_texture_slice)
}

/// `TextureBase:SetSpriteSheetCell`.
fn set_sprite_sheet_cell(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "SetSpriteSheetCell";
    let id = self_id(lua, &a, m)?;
    let cell = need_num(lua, &a, 1, m)?;
    let rows = need_num(lua, &a, 2, m)?;
    let cols = need_num(lua, &a, 3, m)?;
    if rows <= 0.0 || cols <= 0.0 {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!("{m}: rows and columns must be positive"),
        ));
    }
    let c = sprite_cell(cell, rows, cols, num(&arg(&a, 4)), num(&arg(&a, 5)));
    super::texture::set_coords(lua, id, c);
    ret(lua, ())
}

/// `TextureBase:SetVertexOffset`.
fn set_vertex_offset(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "SetVertexOffset";
    let id = self_id(lua, &a, m)?;
    let v = vertex(lua, &a, m)?;
    let x = need_num(lua, &a, 2, m)?;
    let y = need_num(lua, &a, 3, m)?;
    set_field(lua, id, &format!("vertexOffset{v}.x"), FieldVal::Num(x));
    set_field(lua, id, &format!("vertexOffset{v}.y"), FieldVal::Num(y));
    ret(lua, ())
}

/// `TextureBase:GetVertexOffset`.
fn get_vertex_offset(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "GetVertexOffset";
    let id = self_id(lua, &a, m)?;
    let v = vertex(lua, &a, m)?;
    ret(
        lua,
        (
            get_field(lua, id, &format!("vertexOffset{v}.x")).as_f64(),
            get_field(lua, id, &format!("vertexOffset{v}.y")).as_f64(),
        ),
    )
}

/// `TextureBase:ClearVertexOffsets`.
fn clear_vertex_offsets(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "ClearVertexOffsets")?;
    for v in 1..=4 {
        set_field(lua, id, &format!("vertexOffset{v}.x"), FieldVal::Nil);
        set_field(lua, id, &format!("vertexOffset{v}.y"), FieldVal::Nil);
    }
    ret(lua, ())
}

/// `TextureBase:SetSVG`.
fn set_svg(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "SetSVG")?;
    let v = arg(&a, 1);
    let asset = match &v {
        Value::Integer(n) => FieldVal::Num(*n as f64),
        Value::Number(n) => FieldVal::Num(*n),
        Value::String(_) => FieldVal::Str(string(&v).unwrap_or_default()),
        _ => return Err(bad_arg(lua, 1, "SetSVG", "string", &v)),
    };
    let ok = !matches!(&asset, FieldVal::Str(s) if s.is_empty());
    set_field(
        lua,
        id,
        "texture.svg",
        if ok { asset } else { FieldVal::Nil },
    );
    ret(lua, ok)
}

/// `TextureBase:ClearSVG`.
fn clear_svg(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "ClearSVG")?;
    set_field(lua, id, "texture.svg", FieldVal::Nil);
    ret(lua, ())
}

/// `TextureBase:ClearRadialProgressBar`.
fn clear_radial_progress_bar(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "ClearRadialProgressBar")?;
    for x in ["EndOffset", "Feather", "Percent", "Reverse", "StartOffset"] {
        set_field(
            lua,
            id,
            &format!("{T}:RadialProgressBar{x}.1"),
            FieldVal::Nil,
        );
    }
    ret(lua, ())
}

/// `TextureBase:ClearTextureSlice`.
fn clear_texture_slice(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "ClearTextureSlice")?;
    for i in 1..=4 {
        set_field(
            lua,
            id,
            &format!("{T}:TextureSliceMargins.{i}"),
            FieldVal::Nil,
        );
    }
    set_field(lua, id, &format!("{T}:TextureSliceMode.1"), FieldVal::Nil);
    ret(lua, ())
}
