//! Texture (and MaskTexture / Line, which share TextureBase): what is drawn and how. The file
//! contents are not loaded here (the renderer does that); this keeps the state the getters
//! report. The plain getters/setters (`GetTexCoord`, `SetBlendMode`, `SetDrawLayer`...) are the
//! reference's generic ones (`fields`).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetTexture(asset)`, `GetTexture`, `GetTextureFilePath`, `GetTextureFileID` | [`set_texture`] |
//! | `SetColorTexture(r, g, b [, a])` | [`install`] |
//! | `SetAtlas(atlas [, useAtlasSize])` | [`set_atlas`] |
//! | `SetTexCoord(l, r, t, b)` / 8-value form, `ResetTexCoord` | [`set_tex_coord`] |
//! | `SetVertexColor(r, g, b [, a])` (LayeredRegion) | [`install`] |
//! | `SetDesaturated`, `IsDesaturated`, `SetRotation`, `GetRotation`, `SetGradient` | [`install`] |
//! | `AddMaskTexture`, `RemoveMaskTexture`, `GetNumMaskTextures`, `GetMaskTexture`; XML `<MaskedTextures>` | [`masks_of`]; XML masks are matched by the loader (`xmlui/props.rs`) |
pub use wowsim_ui::texture::*;

use super::fast_call::Args;
use super::fields::{fid, FieldVal};
use super::types::inherits_from;
use super::util::{
    arg, get_field, install_methods, need_num, num, ret, self_id, set_field, string, truthy,
    with_ui_mut, Method,
};
use super::UiState;
use crate::widgets::fields::FieldValLua;
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Value};
use wowsim_lua::lua_error;

/// Sets the texture file (a path or a file id); clears an atlas or colour. Returns whether
/// a texture is now set.
pub fn set_texture(lua: &Lua, id: u32, asset: &Value) -> bool {
    with_ui_mut(lua, |ui| set_texture_in(ui, id, asset))
}

/// [`set_texture`] inside a borrow of the UI state.
fn set_texture_in(ui: &mut UiState, id: u32, asset: &Value) -> bool {
    match asset {
        Value::String(s) => set_asset_in(ui, id, Asset::Path(&s.as_bytes())),
        Value::Integer(i) => set_asset_in(ui, id, Asset::File(*i as f64)),
        Value::Number(n) => set_asset_in(ui, id, Asset::File(*n)),
        _ => set_asset_in(ui, id, Asset::None),
    }
}

/// The fast path of `SetTexture(asset)` without wrap modes (see `fast_call`): returns whether
/// a texture is now set.
fn set_texture_fast(ui: &mut UiState, id: u32, a: &Args) -> bool {
    if !(a.is_nil(2) && a.is_nil(3)) {
        return false;
    }
    let asset = match (a.bytes(1), a.num(1)) {
        (Some(p), _) => Asset::Path(p),
        (None, Some(n)) => Asset::File(n),
        (None, None) if a.is_nil(1) => Asset::None,
        (None, None) => return false,
    };
    let set = set_asset_in(ui, id, asset);
    for f in fid::WRAP {
        ui.clear_field(id, f);
    }
    a.push_bool(set);
    true
}

/// The fast path of `SetVertexColor` with number arguments (see `fast_call`).
fn set_vertex_color_fast(ui: &mut UiState, id: u32, a: &Args) -> bool {
    let (Some(r), Some(g), Some(b)) = (a.num(1), a.num(2), a.num(3)) else {
        return false;
    };
    let alpha = match a.num(4) {
        Some(v) => v,
        None if a.is_nil(4) => 1.0,
        None => return false,
    };
    set_vertex_color_in(ui, id, [r, g, b, alpha]);
    true
}

/// `SetAtlas(atlas, useAtlasSize)`: keeps the atlas name (drawn from the atlas data of an
/// `--art` export, else the placeholder); with `useAtlasSize` and atlas data, the region takes
/// the atlas's size. Clears the texture file and colour.
pub fn set_atlas(lua: &Lua, id: u32, atlas: Option<String>, use_size: bool) {
    set_texture(lua, id, &Value::Nil);
    let size = atlas
        .as_deref()
        .and_then(|a| with_ui_mut(lua, |ui| ui.atlases.get(a).map(|e| (e.width, e.height))));
    set_field(lua, id, "atlas", atlas.map_or(FieldVal::Nil, FieldVal::Str));
    reset_tex_coord(lua, id);
    if let (true, Some((w, h))) = (use_size, size) {
        super::region::set_size_axes(lua, id, Some(Some(w)), Some(Some(h)));
    }
}

/// Sets the eight corner coordinates (UL, LL, UR, LR; x then y), as `SetTexCoord` does.
pub fn set_coords(lua: &Lua, id: u32, vals: [f64; 8]) {
    with_ui_mut(lua, |ui| {
        for (f, v) in COORDS.iter().zip(vals) {
            ui.set_field_by_name(id, f, FieldVal::Num(v));
        }
    });
}

fn reset_tex_coord(lua: &Lua, id: u32) {
    let vals = [0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0];
    with_ui_mut(lua, |ui| {
        for (f, v) in COORDS.iter().zip(vals) {
            let fid = ui.fields.id(f);
            ui.set_field_to_default(id, fid, FieldVal::Num(v));
        }
    });
}

/// `SetTexCoord(left, right, top, bottom)` or the 8 corner values
/// `(ULx, ULy, LLx, LLy, URx, URy, LRx, LRy)`.
pub fn set_tex_coord(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "SetTexCoord")?;
    let n: Vec<Option<f64>> = (1..=8).map(|i| num(&arg(&args, i))).collect();
    let vals: [f64; 8] = if n.iter().all(Option::is_some) {
        let v: Vec<f64> = n.iter().map(|x| x.unwrap_or(0.0)).collect();
        [v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]]
    } else if n[..4].iter().all(Option::is_some) && n[4].is_none() {
        let (l, r, t, b) = (
            n[0].unwrap_or(0.0),
            n[1].unwrap_or(0.0),
            n[2].unwrap_or(0.0),
            n[3].unwrap_or(0.0),
        );
        [l, t, l, b, r, t, r, b]
    } else {
        return Err(lua_error(
            lua,
            "Usage: Texture:SetTexCoord(minX, maxX, minY, maxY) or SetTexCoord(ULx, ULy, LLx, LLy, URx, URy, LRx, LRy)",
        ));
    };
    with_ui_mut(lua, |ui| {
        for (f, v) in COORDS.iter().zip(vals) {
            ui.set_field_by_name(id, f, FieldVal::Num(v));
        }
    });
    ret(lua, ())
}

/// The MaskTexture argument of `AddMaskTexture` / `RemoveMaskTexture`.
fn mask_arg(lua: &Lua, a: &MultiValue, method: &str) -> mlua::Result<(u32, u32)> {
    let id = self_id(lua, a, method)?;
    let usage = format!("Usage: Texture:{method}(mask)");
    let mask = match arg(a, 1) {
        Value::Table(_) => super::obj_id(lua, &arg(a, 1), method)?,
        _ => return Err(lua_error(lua, usage)),
    };
    let is_mask = super::util::with_ui(lua, |ui| {
        ui.get(mask)
            .is_some_and(|o| inherits_from(o.type_index, "MaskTexture"))
    });
    if !is_mask {
        return Err(lua_error(lua, usage));
    }
    Ok((id, mask))
}

fn color_args(lua: &Lua, a: &MultiValue, usage: &str) -> mlua::Result<[f64; 4]> {
    let r = need_num(lua, a, 1, usage)?;
    let g = need_num(lua, a, 2, usage)?;
    let b = need_num(lua, a, 3, usage)?;
    let al = num(&arg(a, 4)).unwrap_or(1.0);
    Ok([r, g, b, al])
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("TextureBase", "GetTexture", get_texture),
        ("TextureBase", "GetTextureFilePath", get_texture_file_path),
        ("TextureBase", "GetTextureFileID", get_texture_file_id),
        ("TextureBase", "SetColorTexture", set_color_texture),
        ("TextureBase", "SetAtlas", texture_base_set_atlas),
        ("TextureBase", "SetTexCoord", set_tex_coord),
        ("TextureBase", "ResetTexCoord", texture_base_reset_tex_coord),
        ("TextureBase", "SetDesaturated", set_desaturated),
        ("TextureBase", "IsDesaturated", is_desaturated),
        ("TextureBase", "SetRotation", set_rotation),
        ("TextureBase", "GetRotation", get_rotation),
        ("Texture", "AddMaskTexture", add_mask_texture),
        ("Texture", "RemoveMaskTexture", remove_mask_texture),
        ("Texture", "GetNumMaskTextures", get_num_mask_textures),
        ("Texture", "GetMaskTexture", get_mask_texture),
        ("TextureBase", "SetGradient", set_gradient),
    ];
    install_methods(lua, methods)?;
    // Hot setters with typed signatures (no argument/result lists to build).
    let f = host_fn(
        lua,
        |lua, (this, asset, h, v): (Value, Value, Value, Value)| {
            if !matches!(
                asset,
                Value::Nil | Value::String(_) | Value::Integer(_) | Value::Number(_)
            ) {
                super::obj_id(lua, &this, "SetTexture")?;
                return Err(lua_error(
                    lua,
                    "Usage: Texture:SetTexture(asset [, wrapModeHorizontal, wrapModeVertical, filterMode])",
                ));
            }
            // One borrow of the UI state for `self`, the path and both wrap modes.
            super::with_obj_mut(lua, &this, "SetTexture", |ui, id| {
                let set = set_texture_in(ui, id, &asset);
                for (f, m) in fid::WRAP.into_iter().zip([h, v]) {
                    match string(&m) {
                        Some(m) => ui.set_field(id, f, FieldVal::Str(m)),
                        None => ui.clear_field(id, f),
                    }
                }
                set
            })
        },
    )?;
    super::fast_call::add_method(lua, "TextureBase", "SetTexture", f, set_texture_fast)?;
    let f = host_fn(
        lua,
        |lua, (this, r, g, b, a): (Value, Value, Value, Value, Value)| {
            let id = super::obj_id(lua, &this, "SetVertexColor")?;
            let usage = || lua_error(lua, "Usage: SetVertexColor(r, g, b [, a])");
            let c = [
                num(&r).ok_or_else(usage)?,
                num(&g).ok_or_else(usage)?,
                num(&b).ok_or_else(usage)?,
                num(&a).unwrap_or(1.0),
            ];
            with_ui_mut(lua, |ui| set_vertex_color_in(ui, id, c));
            Ok(())
        },
    )?;
    super::fast_call::add_method(
        lua,
        "LayeredRegion",
        "SetVertexColor",
        f,
        set_vertex_color_fast,
    )
}

/// `TextureBase:GetTexture`.
fn get_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTexture")?;
    get_field(lua, id, "texture")
        .to_lua(lua)
        .and_then(|v| ret(lua, v))
}

/// `TextureBase:GetTextureFilePath`.
fn get_texture_file_path(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTextureFilePath")?;
    get_field(lua, id, "texture")
        .to_lua(lua)
        .and_then(|v| ret(lua, v))
}

/// `TextureBase:GetTextureFileID`.
fn get_texture_file_id(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTextureFileID")?;
    match get_field(lua, id, "texture") {
        FieldVal::Num(n) => ret(lua, n),
        _ => ret(lua, 0),
    }
}

/// `TextureBase:SetColorTexture`.
fn set_color_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetColorTexture")?;
    let c = color_args(lua, &a, "Texture:SetColorTexture(r, g, b [, a])")?;
    set_texture(lua, id, &Value::Nil);
    with_ui_mut(lua, |ui| {
        for (f, v) in [
            "colorTextureR",
            "colorTextureG",
            "colorTextureB",
            "colorTextureA",
        ]
        .iter()
        .zip(c)
        {
            ui.set_field_by_name(id, f, FieldVal::Num(v));
        }
    });
    ret(lua, ())
}

/// `TextureBase:SetAtlas`.
fn texture_base_set_atlas(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetAtlas")?;
    set_atlas(lua, id, string(&arg(&a, 1)), truthy(&arg(&a, 2)));
    ret(lua, ())
}

/// `TextureBase:ResetTexCoord`.
fn texture_base_reset_tex_coord(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    reset_tex_coord(lua, self_id(lua, &a, "ResetTexCoord")?);
    ret(lua, ())
}

/// `TextureBase:SetDesaturated`.
fn set_desaturated(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetDesaturated")?;
    let d = if truthy(&arg(&a, 1)) { 1.0 } else { 0.0 };
    set_field(lua, id, "desaturation", FieldVal::Num(d));
    ret(lua, ())
}

/// `TextureBase:IsDesaturated`.
fn is_desaturated(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsDesaturated")?;
    ret(lua, get_field(lua, id, "desaturation").as_f64() > 0.0)
}

/// `TextureBase:SetRotation`.
fn set_rotation(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetRotation")?;
    let r = need_num(
        lua,
        &a,
        1,
        "Texture:SetRotation(radians [, normalizedRotationPoint])",
    )?;
    set_field(lua, id, "textureRotation", FieldVal::Num(r));
    ret(lua, ())
}

/// `TextureBase:GetRotation`.
fn get_rotation(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetRotation")?;
    let r = get_field(lua, id, "textureRotation").as_f64();
    let center = lua.create_table()?;
    center.raw_set("x", 0.5)?;
    center.raw_set("y", 0.5)?;
    ret(lua, (r, center))
}

/// `Texture:AddMaskTexture`.
fn add_mask_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let (id, mask) = mask_arg(lua, &a, "AddMaskTexture")?;
    with_ui_mut(lua, |ui| add_mask(ui, id, mask));
    ret(lua, ())
}

/// `Texture:RemoveMaskTexture`.
fn remove_mask_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let (id, mask) = mask_arg(lua, &a, "RemoveMaskTexture")?;
    with_ui_mut(lua, |ui| {
        if let Some(v) = ui.masks.get_mut(&id) {
            v.retain(|m| *m != mask);
        }
    });
    ret(lua, ())
}

/// `Texture:GetNumMaskTextures`.
fn get_num_mask_textures(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetNumMaskTextures")?;
    ret(lua, with_ui_mut(lua, |ui| masks_of(ui, id).len()))
}

/// `Texture:GetMaskTexture`.
fn get_mask_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetMaskTexture")?;
    let i = need_num(lua, &a, 1, "Texture:GetMaskTexture(index)")? as usize;
    let m = with_ui_mut(lua, |ui| masks_of(ui, id).get(i.wrapping_sub(1)).copied());
    ret(lua, super::util::obj_value(lua, m)?)
}

/// `TextureBase:SetGradient`.
fn set_gradient(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetGradient")?;
    let (Some(orientation), Value::Table(min), Value::Table(max)) =
        (string(&arg(&a, 1)), arg(&a, 2), arg(&a, 3))
    else {
        return Err(lua_error(
            lua,
            "Usage: Texture:SetGradient(orientation, minColor, maxColor)",
        ));
    };
    let mut vals = vec![(
        "gradientOrientation".to_string(),
        FieldVal::Str(orientation.to_uppercase()),
    )];
    for (prefix, t) in [("gradientMin", min), ("gradientMax", max)] {
        for k in ["r", "g", "b", "a"] {
            let v = num(&t.get::<Value>(k)?).unwrap_or(1.0);
            vals.push((format!("{prefix}{}", k.to_uppercase()), FieldVal::Num(v)));
        }
    }
    with_ui_mut(lua, |ui| {
        for (f, v) in vals {
            ui.set_field_by_name(id, &f, v);
        }
    });
    ret(lua, ())
}
