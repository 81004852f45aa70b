//! wowsim-raster: turns a `wowsim_render::DrawList` into RGBA pixels on the CPU, exactly and
//! deterministically (the same list gives the same bytes on every machine: scalar `f32` in a
//! fixed order, no SIMD paths, no threads), and writes PNG or lossless WebP. It knows nothing of Lua or of the
//! simulator: textures come by client path through a [`TextureStore`].
//!
//! | piece | where |
//! | --- | --- |
//! | blending (BLEND, ADD, MOD, ALPHAKEY, DISABLE) and textured quads | [`canvas`] |
//! | glyphs, shadow, outline | [`glyphs`] |
//! | client paths → files, cache, placeholder, problems | [`textures`] |
//! | PNG / TGA / BLP (DXT1/3/5) decoding, PNG and lossless WebP encoding | [`decode`] |
//! | the whole list → image; cropping | [`render`], [`crop`] |

pub mod canvas;
pub mod decode;
pub mod glyphs;
pub mod textures;

pub use decode::{encode_png, encode_webp, DecodeError, RgbaImage};
pub use textures::{Root, TextureProblem, TextureStore};

use canvas::{Canvas, MaskTex};
use glyphs::GlyphCache;
use std::sync::Arc;
use textures::Texture;
use wowsim_render::{DrawItem, DrawList, Quad, TexSource};

/// The texture of a source (`None` = plain white).
fn texture_of(store: &mut TextureStore, source: &TexSource) -> Option<Arc<Texture>> {
    match source {
        TexSource::White => None,
        TexSource::File(path) => Some(store.get(path)),
        TexSource::Missing(what) => Some(store.missing(TextureProblem::Unsupported(what.clone()))),
    }
}

fn draw_quad(
    canvas: &mut Canvas,
    store: &mut TextureStore,
    q: &Quad,
    bounds: wowsim_render::ClipRect,
    sector: Option<&wowsim_render::Swipe>,
) {
    let clip = q.clip.map_or(bounds, |c| c.intersect(&bounds));
    let tex = texture_of(store, &q.source);
    let mask_tex: Vec<Arc<Texture>> = q
        .masks
        .iter()
        .map(|m| texture_of(store, &m.source).unwrap_or_else(|| Arc::new(Texture::white())))
        .collect();
    let masks: Vec<MaskTex> = q
        .masks
        .iter()
        .zip(&mask_tex)
        .map(|(mask, t)| MaskTex { mask, tex: t })
        .collect();
    canvas.fill_quad(q, tex.as_deref(), clip, &masks, sector);
}

/// Draws a list onto an opaque black image of the list's size.
pub fn render(list: &DrawList, store: &mut TextureStore) -> RgbaImage {
    let mut canvas = Canvas::new(list.width, list.height);
    let bounds = canvas.bounds();
    let mut glyphs = GlyphCache::default();
    for item in &list.items {
        match item {
            DrawItem::Quad(q) => draw_quad(&mut canvas, store, q, bounds, None),
            DrawItem::Swipe(s) => draw_quad(&mut canvas, store, &s.quad, bounds, Some(s)),
            DrawItem::Line(l) => {
                let clip = l.clip.map_or(bounds, |c| c.intersect(&bounds));
                let tex = texture_of(store, &l.source);
                canvas.fill_line(l, tex.as_deref(), clip);
            }
            DrawItem::Text(run) => glyphs.draw_run(&mut canvas, run, bounds),
        }
    }
    canvas.image
}

/// Why a crop was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("crop {w}x{h}+{x}+{y} does not fit in the {iw}x{ih} image")]
pub struct CropError {
    pub w: u32,
    pub h: u32,
    pub x: u32,
    pub y: u32,
    pub iw: u32,
    pub ih: u32,
}

/// The `w × h` part of an image at (x, y) from the top-left.
pub fn crop(img: &RgbaImage, w: u32, h: u32, x: u32, y: u32) -> Result<RgbaImage, CropError> {
    let fits = w > 0
        && h > 0
        && x.checked_add(w).is_some_and(|r| r <= img.width)
        && y.checked_add(h).is_some_and(|b| b <= img.height);
    if !fits {
        return Err(CropError {
            w,
            h,
            x,
            y,
            iw: img.width,
            ih: img.height,
        });
    }
    let mut out = RgbaImage::new(w, h);
    for row in 0..h {
        let s = ((y + row) as usize * img.width as usize + x as usize) * 4;
        let d = row as usize * w as usize * 4;
        out.pixels[d..d + w as usize * 4].copy_from_slice(&img.pixels[s..s + w as usize * 4]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_render::{BlendMode, Quad};

    #[test]
    fn draws_in_order_with_placeholder_and_crop() {
        let mut list = DrawList {
            width: 16,
            height: 16,
            items: Vec::new(),
        };
        // The placeholder is a checker of 8-pixel screen cells, whatever the quad's tex coords.
        let mut missing = Quad::new(
            [0.0, 0.0, 16.0, 16.0],
            TexSource::Missing("atlas:Foo".into()),
            [1.0; 4],
        );
        missing.uv = [[0.0, 0.0], [0.01, 0.0], [0.0, 0.01], [0.01, 0.01]];
        list.items.push(DrawItem::Quad(missing));
        let mut q = Quad::new([0.0, 0.0, 4.0, 4.0], TexSource::White, [0.0, 1.0, 0.0, 1.0]);
        q.blend = BlendMode::Disable;
        list.items.push(DrawItem::Quad(q));
        let mut store = TextureStore::new(Vec::new());
        let img = render(&list, &mut store);
        assert_eq!(img.pixel(0, 0), [0, 255, 0, 255]);
        assert_eq!(img.pixel(4, 0), [255, 0, 255, 255]);
        assert_eq!(img.pixel(8, 0), [0, 0, 0, 255]);
        assert_eq!(img.pixel(0, 8), [0, 0, 0, 255]);
        assert_eq!(img.pixel(8, 8), [255, 0, 255, 255]);
        assert_eq!(store.problems.len(), 1);
        let c = crop(&img, 2, 2, 3, 3).unwrap();
        assert_eq!(c.pixel(0, 0), [0, 255, 0, 255]);
        assert_eq!(c.pixel(1, 1), [255, 0, 255, 255]);
        assert!(crop(&img, 16, 16, 1, 0).is_err());
    }
}
