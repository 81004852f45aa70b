//! Writes the small textures the render fixtures use (`tests/fixtures/render/*/AddOns/*/`),
//! with wow-sim's own encoders: PNG, TGA, and BLP2 (palettized, DXT1, DXT5, uncompressed).
//! Run from the repository root: `cargo run -p wowsim-raster --example fixture_textures`.
//! The outputs are committed; rerun only to change them (then re-bless the fixtures).

use std::path::Path;
use wowsim_raster::decode::{blp, tga};
use wowsim_raster::{encode_png, RgbaImage};

const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];
const YELLOW: [u8; 4] = [255, 255, 0, 255];

/// 16×16: red, green / blue, yellow quadrants; the yellow quadrant's right half is
/// half transparent so alpha shows.
fn quadrants() -> RgbaImage {
    let mut img = RgbaImage::new(16, 16);
    for y in 0..16u32 {
        for x in 0..16u32 {
            let mut c = match (x < 8, y < 8) {
                (true, true) => RED,
                (false, true) => GREEN,
                (true, false) => BLUE,
                (false, false) => YELLOW,
            };
            if x >= 12 && y >= 8 {
                c[3] = 128;
            }
            let o = ((y * 16 + x) * 4) as usize;
            img.pixels[o..o + 4].copy_from_slice(&c);
        }
    }
    img
}

/// 8×8 vertical stripes (white, dark grey), for tiling.
fn stripes() -> RgbaImage {
    let mut img = RgbaImage::new(8, 8);
    for (i, px) in img.pixels.chunks_exact_mut(4).enumerate() {
        let v = if (i % 8) < 4 { 255 } else { 64 };
        px.copy_from_slice(&[v, v, v, 255]);
    }
    img
}

fn rgb565(c: [u8; 4]) -> u16 {
    ((c[0] as u16 >> 3) << 11) | ((c[1] as u16 >> 2) << 5) | (c[2] as u16 >> 3)
}

/// DXT blocks of a 16×16 quadrant image: each block one solid colour (index 0).
fn dxt_blocks(img: &RgbaImage, alpha: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for by in 0..4 {
        for bx in 0..4 {
            let c = img.pixel(bx * 4, by * 4);
            if alpha {
                // DXT5: both alpha end points the block's alpha, all indices 0.
                out.extend_from_slice(&[c[3], c[3], 0, 0, 0, 0, 0, 0]);
            }
            let v = rgb565(c).to_le_bytes();
            out.extend_from_slice(&[v[0], v[1], 0, 0, 0, 0, 0, 0]);
        }
    }
    out
}

fn palettized(img: &RgbaImage) -> Vec<u8> {
    let mut pal: Vec<[u8; 4]> = Vec::new();
    let mut idx = Vec::new();
    let mut alpha = Vec::new();
    for px in img.pixels.chunks_exact(4) {
        let bgra = [px[2], px[1], px[0], 0];
        let i = pal.iter().position(|p| *p == bgra).unwrap_or_else(|| {
            pal.push(bgra);
            pal.len() - 1
        });
        idx.push(i as u8);
        alpha.push(px[3]);
    }
    idx.extend(alpha);
    blp::encode(1, 8, 8, (img.width, img.height), &pal, &idx)
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join(name), bytes).unwrap();
    println!("wrote {}", dir.join(name).display());
}

/// 32×32 transparent with an opaque pale-gold spoke from the centre up to 12 o'clock: a
/// Cooldown edge texture.
fn edge() -> RgbaImage {
    let mut img = RgbaImage::new(32, 32);
    for y in 0..16u32 {
        for x in 15..17u32 {
            let o = ((y * 32 + x) * 4) as usize;
            img.pixels[o..o + 4].copy_from_slice(&[255, 230, 140, 255]);
        }
    }
    img
}

/// 16×16 transparent with a white plus sign: a Cooldown bling texture.
fn bling() -> RgbaImage {
    let mut img = RgbaImage::new(16, 16);
    for y in 0..16u32 {
        for x in 0..16u32 {
            if (6..10).contains(&x) || (6..10).contains(&y) {
                let o = ((y * 16 + x) * 4) as usize;
                img.pixels[o..o + 4].copy_from_slice(&[255, 255, 255, 255]);
            }
        }
    }
    img
}

/// 128×16: a backdrop border file, eight 16×16 pieces (left, right, top, bottom edge; top-left,
/// top-right, bottom-left, bottom-right corner), each its own colour, bright at the piece's
/// left and dark at its right, so the drawing shows which way each piece is turned.
fn backdrop_edge() -> RgbaImage {
    let colors: [[u8; 3]; 8] = [
        [255, 0, 0],
        [0, 255, 0],
        [0, 128, 255],
        [255, 255, 0],
        [255, 0, 255],
        [0, 255, 255],
        [255, 128, 0],
        [255, 255, 255],
    ];
    let mut img = RgbaImage::new(128, 16);
    for y in 0..16u32 {
        for x in 0..128u32 {
            let c = colors[(x / 16) as usize];
            let k = 255 - (x % 16) * 12;
            let o = ((y * 128 + x) * 4) as usize;
            img.pixels[o..o + 4].copy_from_slice(&[
                (c[0] as u32 * k / 255) as u8,
                (c[1] as u32 * k / 255) as u8,
                (c[2] as u32 * k / 255) as u8,
                255,
            ]);
        }
    }
    img
}

fn main() {
    let q = quadrants();
    let tex = Path::new("tests/fixtures/render/textures/AddOns/RenderTextures/Art");
    write(tex, "quad.png", &encode_png(&q).unwrap());
    write(tex, "Quad.TGA", &tga::encode(&q));
    write(tex, "quad_pal.blp", &palettized(&q));
    write(
        tex,
        "quad_dxt1.blp",
        &blp::encode(2, 0, 0, (16, 16), &[], &dxt_blocks(&q, false)),
    );
    write(
        tex,
        "quad_dxt5.blp",
        &blp::encode(2, 8, 7, (16, 16), &[], &dxt_blocks(&q, true)),
    );
    let raw: Vec<u8> = q
        .pixels
        .chunks_exact(4)
        .flat_map(|p| [p[2], p[1], p[0], p[3]])
        .collect();
    write(
        tex,
        "quad_raw.blp",
        &blp::encode(3, 8, 0, (16, 16), &[], &raw),
    );
    let coords = Path::new("tests/fixtures/render/tex_coords/AddOns/RenderCoords");
    write(coords, "quad.png", &encode_png(&q).unwrap());
    write(coords, "stripes.tga", &tga::encode(&stripes()));
    for dir in [
        "tests/fixtures/render/cooldown/AddOns/RenderCooldown",
        "tests/fixtures/render/cooldown_parts/AddOns/RenderCooldownParts",
    ] {
        write(Path::new(dir), "edge.png", &encode_png(&edge()).unwrap());
        write(Path::new(dir), "bling.png", &encode_png(&bling()).unwrap());
    }
    let wrap = Path::new("tests/fixtures/render/wrap_modes/AddOns/RenderWrap");
    write(wrap, "quad.png", &encode_png(&q).unwrap());
    let backdrop = Path::new("tests/fixtures/render/backdrop/AddOns/RenderBackdrop");
    write(backdrop, "edge.png", &encode_png(&backdrop_edge()).unwrap());
    write(backdrop, "bg.tga", &tga::encode(&stripes()));
    let atlas = Path::new("tests/fixtures/render/atlases/Art/Interface/RenderAtlas");
    write(atlas, "Sheet.png", &encode_png(&q).unwrap());
}
