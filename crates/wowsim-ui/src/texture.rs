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
use crate::arena::UiState;
use crate::fields::fid;
use crate::fields::FieldVal;

pub const COORDS: [&str; 8] = ["tlx", "tly", "blx", "bly", "trx", "try", "brx", "bry"];

/// What `SetTexture` is given.
pub enum Asset<'a> {
    Path(&'a [u8]),
    File(f64),
    None,
}

/// [`set_texture_in`] on an asset however it was read.
pub fn set_asset_in(ui: &mut UiState, id: u32, asset: Asset) -> bool {
    let set = match asset {
        // The same path again (icons refreshed on every update) keeps the stored string.
        Asset::Path(p) => {
            ui.set_field_str(id, fid::TEXTURE, p);
            true
        }
        Asset::File(n) => {
            ui.set_field(id, fid::TEXTURE, FieldVal::Num(n));
            true
        }
        Asset::None => {
            ui.set_field(id, fid::TEXTURE, FieldVal::Nil);
            false
        }
    };
    ui.clear_field(id, fid::ATLAS);
    for c in fid::COLOR_TEXTURE {
        ui.clear_field(id, c);
    }
    set
}

/// `SetVertexColor(r, g, b [, a])` inside a borrow.
pub fn set_vertex_color_in(ui: &mut UiState, id: u32, c: [f64; 4]) {
    let [fr, fg, fb] = fid::VERTEX_COLOR;
    for (f, v) in [fr, fg, fb, fid::ALPHA].into_iter().zip(c) {
        ui.set_field(id, f, FieldVal::Num(v.clamp(0.0, 1.0)));
    }
}

pub fn add_mask(ui: &mut UiState, tex: u32, mask: u32) {
    let v = ui.masks.entry(tex).or_default();
    if !v.contains(&mask) {
        v.push(mask);
    }
}

/// The mask textures of a texture, in the order added.
pub fn masks_of(ui: &mut UiState, tex: u32) -> Vec<u32> {
    ui.masks.get(&tex).cloned().unwrap_or_default()
}
