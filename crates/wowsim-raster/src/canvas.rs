//! The pixel buffer and the two primitives every drawing reduces to: blending one source colour
//! into a pixel (the client's blend modes, in gamma space, 8 bits per channel like its frame
//! buffer) and filling an axis-aligned textured quad. A pixel belongs to a quad (or clip) when
//! its centre lies inside `[x0, x1) × [y0, y1)`, as a GPU samples it: no edge antialiasing,
//! so pixel-aligned UI is crisp and the result depends only on the input (plain `f32`
//! arithmetic in a fixed order; no SIMD, no threads, no fused multiply-add).

use crate::decode::RgbaImage;
use crate::textures::Texture;
use wowsim_render::{BlendMode, ClipRect, LineQuad, Mask, Quad, Rgba, Swipe, Wrap};

/// A mask with its decoded texture.
pub struct MaskTex<'a> {
    pub mask: &'a Mask,
    pub tex: &'a Texture,
}

impl MaskTex<'_> {
    /// The mask's alpha at pixel centre (x, y): 0 outside its rect.
    #[inline]
    fn alpha(&self, x: f32, y: f32) -> f32 {
        let [x0, y0, x1, y1] = self.mask.rect;
        if x < x0 || x >= x1 || y < y0 || y >= y1 {
            return 0.0;
        }
        let (s, t) = ((x - x0) / (x1 - x0), (y - y0) / (y1 - y0));
        let uv = self.mask.uv;
        let p = lerp2(lerp2(uv[0], uv[1], s), lerp2(uv[2], uv[3], s), t);
        sample(self.tex, p[0], p[1], [Wrap::Clamp; 2])[3]
    }
}

/// An opaque RGB image being drawn into (stored RGBA8 with alpha 255).
pub struct Canvas {
    pub image: RgbaImage,
}

impl Canvas {
    /// A canvas filled with opaque black.
    pub fn new(width: u32, height: u32) -> Canvas {
        let mut image = RgbaImage::new(width, height);
        for px in image.pixels.chunks_exact_mut(4) {
            px[3] = 255;
        }
        Canvas { image }
    }

    /// The whole canvas as a clip.
    pub fn bounds(&self) -> ClipRect {
        ClipRect::new(0.0, 0.0, self.image.width as f32, self.image.height as f32)
    }

    /// Pixel index range `[start, end)` of the pixels whose centres lie in `[lo, hi)`.
    pub fn span(lo: f32, hi: f32, max: u32) -> (u32, u32) {
        let a = (lo - 0.5).ceil().max(0.0);
        let b = (hi - 0.5).ceil().clamp(0.0, max as f32);
        (a.min(b) as u32, b as u32)
    }

    /// Blends a straight-alpha source colour into pixel (x, y).
    #[inline]
    pub fn blend(&mut self, x: u32, y: u32, s: Rgba, mode: BlendMode) {
        let i = (y as usize * self.image.width as usize + x as usize) * 4;
        let d = &mut self.image.pixels[i..i + 3];
        let a = s[3];
        for k in 0..3 {
            let dv = d[k] as f32 / 255.0;
            let out = match mode {
                BlendMode::Disable => s[k],
                BlendMode::Blend => s[k] * a + dv * (1.0 - a),
                BlendMode::AlphaKey => {
                    if a < 0.5 {
                        return;
                    }
                    s[k]
                }
                BlendMode::Add => dv + s[k] * a,
                BlendMode::Mod => dv * s[k],
            };
            d[k] = to_u8(out);
        }
    }

    /// Fills a quad sampling `tex` (`None` = white), its alpha multiplied by `masks`, only
    /// inside `sector` when given (a Cooldown swipe).
    pub fn fill_quad(
        &mut self,
        q: &Quad,
        tex: Option<&Texture>,
        clip: ClipRect,
        masks: &[MaskTex],
        sector: Option<&Swipe>,
    ) {
        let [x0, y0, x1, y1] = q.rect;
        if x1 <= x0 || y1 <= y0 {
            return;
        }
        let c = ClipRect::new(x0, y0, x1, y1).intersect(&clip);
        let (ix0, ix1) = Canvas::span(c.x0, c.x1, self.image.width);
        let (iy0, iy1) = Canvas::span(c.y0, c.y1, self.image.height);
        if ix0 >= ix1 || iy0 >= iy1 {
            return;
        }
        let uniform = q.colors.iter().all(|c| *c == q.colors[0]);
        let skip_clear = matches!(q.blend, BlendMode::Blend | BlendMode::Add);
        if uniform && skip_clear && q.colors[0][3] <= 0.0 {
            return;
        }
        let (w, h) = (x1 - x0, y1 - y0);
        let scale = tex.map_or([1.0, 1.0], |t| {
            [
                q.tile[0].map_or(1.0, |u| u / t.image.width as f32),
                q.tile[1].map_or(1.0, |u| u / t.image.height as f32),
            ]
        });
        // The placeholder's cells: 8 pixels, smaller on small quads (two cells a side at least).
        let cell = (w.min(h) * 0.5).clamp(2.0, 8.0);
        let wrap = [
            if q.tile[0].is_some() {
                Wrap::Repeat
            } else {
                q.wrap[0]
            },
            if q.tile[1].is_some() {
                Wrap::Repeat
            } else {
                q.wrap[1]
            },
        ];
        for y in iy0..iy1 {
            let t = (y as f32 + 0.5 - y0) / h;
            let uv_l = lerp2(q.uv[0], q.uv[2], t);
            let uv_r = lerp2(q.uv[1], q.uv[3], t);
            let (col_l, col_r) = (
                lerp4(q.colors[0], q.colors[2], t),
                lerp4(q.colors[1], q.colors[3], t),
            );
            for x in ix0..ix1 {
                let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                if sector.is_some_and(|sw| !sw.covers(cx, cy)) {
                    continue;
                }
                let s = (cx - x0) / w;
                let vc = if uniform {
                    q.colors[0]
                } else {
                    lerp4(col_l, col_r, s)
                };
                let mut src = match tex {
                    None => vc,
                    Some(t) => {
                        let uv = lerp2(uv_l, uv_r, s);
                        let mut texel = if t.checker {
                            checker(cx - x0, cy - y0, cell)
                        } else {
                            sample(t, uv[0] * scale[0], uv[1] * scale[1], wrap)
                        };
                        if q.desaturate {
                            let g = texel[0] * 0.299 + texel[1] * 0.587 + texel[2] * 0.114;
                            texel = [g, g, g, texel[3]];
                        }
                        [
                            texel[0] * vc[0],
                            texel[1] * vc[1],
                            texel[2] * vc[2],
                            texel[3] * vc[3],
                        ]
                    }
                };
                if tex.is_none() && q.desaturate {
                    let g = src[0] * 0.299 + src[1] * 0.587 + src[2] * 0.114;
                    src = [g, g, g, src[3]];
                }
                for m in masks {
                    src[3] *= m.alpha(cx, cy);
                }
                if skip_clear && src[3] <= 0.0 {
                    continue;
                }
                self.blend(x, y, src, q.blend);
            }
        }
    }
}

impl Canvas {
    /// Fills a Line region's band: pixels whose centres lie within `thickness / 2` of the
    /// segment (measured across it) and between its ends (measured along it).
    pub fn fill_line(&mut self, l: &LineQuad, tex: Option<&Texture>, clip: ClipRect) {
        let (dx, dy) = (l.to[0] - l.from[0], l.to[1] - l.from[1]);
        let len = (dx * dx + dy * dy).sqrt();
        if len <= 0.0 || l.thickness <= 0.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let (nx, ny) = (-uy, ux);
        let half = l.thickness * 0.5;
        let xs = [l.from[0], l.to[0]];
        let ys = [l.from[1], l.to[1]];
        let (ex, ey) = (nx.abs() * half, ny.abs() * half);
        let bx0 = xs[0].min(xs[1]) - ex;
        let bx1 = xs[0].max(xs[1]) + ex;
        let by0 = ys[0].min(ys[1]) - ey;
        let by1 = ys[0].max(ys[1]) + ey;
        let c = ClipRect::new(bx0, by0, bx1 + 1.0, by1 + 1.0).intersect(&clip);
        let (ix0, ix1) = Canvas::span(c.x0, c.x1, self.image.width);
        let (iy0, iy1) = Canvas::span(c.y0, c.y1, self.image.height);
        for y in iy0..iy1 {
            for x in ix0..ix1 {
                let (px, py) = (x as f32 + 0.5 - l.from[0], y as f32 + 0.5 - l.from[1]);
                let along = px * ux + py * uy;
                let across = px * nx + py * ny;
                if along < 0.0 || along >= len || across < -half || across >= half {
                    continue;
                }
                let (s, t) = (along / len, (across + half) / l.thickness);
                let src = match tex {
                    None => l.color,
                    Some(tx) => {
                        let uv = l.uv;
                        let p = lerp2(lerp2(uv[0], uv[1], s), lerp2(uv[2], uv[3], s), t);
                        let k = sample(tx, p[0], p[1], l.wrap);
                        [
                            k[0] * l.color[0],
                            k[1] * l.color[1],
                            k[2] * l.color[2],
                            k[3] * l.color[3],
                        ]
                    }
                };
                if matches!(l.blend, BlendMode::Blend | BlendMode::Add) && src[3] <= 0.0 {
                    continue;
                }
                self.blend(x, y, src, l.blend);
            }
        }
    }
}

/// The placeholder's colour at (x, y) pixels from the quad's top-left: magenta and black
/// cells of `cell` pixels, magenta first.
#[inline]
fn checker(x: f32, y: f32, cell: f32) -> Rgba {
    if ((x / cell).floor() as i64 + (y / cell).floor() as i64) % 2 == 0 {
        [1.0, 0.0, 1.0, 1.0]
    } else {
        [0.0, 0.0, 0.0, 1.0]
    }
}

/// `0..=1` → `0..=255`, rounded to nearest.
#[inline]
pub fn to_u8(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

#[inline]
fn lerp2(a: [f32; 2], b: [f32; 2], t: f32) -> [f32; 2] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

#[inline]
fn lerp4(a: Rgba, b: Rgba, t: f32) -> Rgba {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
        a[3] + (b[3] - a[3]) * t,
    ]
}

/// The texel index `i` samples on an axis of `n` texels (`None` = the border colour).
#[inline]
fn index(i: i64, n: u32, wrap: Wrap) -> Option<u32> {
    let n = n as i64;
    Some(match wrap {
        Wrap::Repeat => i.rem_euclid(n),
        Wrap::Mirror => {
            let m = i.rem_euclid(2 * n);
            if m >= n {
                2 * n - 1 - m
            } else {
                m
            }
        }
        Wrap::Clamp => i.clamp(0, n - 1),
        _ if (0..n).contains(&i) => i,
        _ => return None,
    } as u32)
}

#[inline]
fn texel(img: &RgbaImage, x: u32, y: u32) -> Rgba {
    let p = img.pixel(x, y);
    [
        p[0] as f32 / 255.0,
        p[1] as f32 / 255.0,
        p[2] as f32 / 255.0,
        p[3] as f32 / 255.0,
    ]
}

/// The texel at (x, y) by wrapped indices, or the border colour when either is outside (the
/// border of the axis that is outside; horizontal first).
#[inline]
fn texel_at(img: &RgbaImage, x: i64, y: i64, wrap: [Wrap; 2]) -> Rgba {
    match (index(x, img.width, wrap[0]), index(y, img.height, wrap[1])) {
        (Some(x), Some(y)) => texel(img, x, y),
        (None, _) => wrap[0].border().unwrap_or_default(),
        (_, None) => wrap[1].border().unwrap_or_default(),
    }
}

/// Samples a texture at (u, v): bilinear between texel centres, texels outside the image given
/// by each axis's wrap mode (clamped, repeated, mirrored or a border colour, as a GPU's
/// sampler); nearest for the placeholder.
pub fn sample(t: &Texture, u: f32, v: f32, wrap: [Wrap; 2]) -> Rgba {
    let img = &t.image;
    let (w, h) = (img.width, img.height);
    let (fx, fy) = (u * w as f32, v * h as f32);
    if t.nearest {
        return texel_at(img, fx.floor() as i64, fy.floor() as i64, wrap);
    }
    let (fx, fy) = (fx - 0.5, fy - 0.5);
    let (bx, by) = (fx.floor(), fy.floor());
    let (ax, ay) = (fx - bx, fy - by);
    let (bx, by) = (bx as i64, by as i64);
    // Inside the image (the usual case) the wrap modes do not matter.
    if bx >= 0 && by >= 0 && bx + 1 < w as i64 && by + 1 < h as i64 {
        let (x, y) = (bx as u32, by as u32);
        let top = lerp4(texel(img, x, y), texel(img, x + 1, y), ax);
        let bottom = lerp4(texel(img, x, y + 1), texel(img, x + 1, y + 1), ax);
        return lerp4(top, bottom, ay);
    }
    let top = lerp4(
        texel_at(img, bx, by, wrap),
        texel_at(img, bx + 1, by, wrap),
        ax,
    );
    let bottom = lerp4(
        texel_at(img, bx, by + 1, wrap),
        texel_at(img, bx + 1, by + 1, wrap),
        ax,
    );
    lerp4(top, bottom, ay)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_render::TexSource;

    fn px(c: &Canvas, x: u32, y: u32) -> [u8; 4] {
        c.image.pixel(x, y)
    }

    #[test]
    fn pixel_centres_decide_coverage() {
        let mut c = Canvas::new(4, 4);
        let q = Quad::new([0.5, 0.0, 2.4, 1.0], TexSource::White, [1.0, 0.0, 0.0, 1.0]);
        let b = c.bounds();
        c.fill_quad(&q, None, b, &[], None);
        assert_eq!(px(&c, 0, 0), [255, 0, 0, 255]);
        assert_eq!(px(&c, 1, 0), [255, 0, 0, 255]);
        assert_eq!(px(&c, 2, 0), [0, 0, 0, 255]);
        assert_eq!(px(&c, 0, 1), [0, 0, 0, 255]);
    }

    #[test]
    fn masks_clip_to_their_rect() {
        let mut c = Canvas::new(4, 1);
        let q = Quad::new([0.0, 0.0, 4.0, 1.0], TexSource::White, [1.0, 1.0, 1.0, 1.0]);
        let mask = Mask {
            rect: [0.0, 0.0, 2.0, 1.0],
            source: TexSource::White,
            uv: [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        };
        let white = Texture::white();
        let b = c.bounds();
        c.fill_quad(
            &q,
            None,
            b,
            &[MaskTex {
                mask: &mask,
                tex: &white,
            }],
            None,
        );
        let row: Vec<u8> = (0..4).map(|x| px(&c, x, 0)[0]).collect();
        assert_eq!(row, [255, 255, 0, 0]);
    }

    #[test]
    fn swipe_covers_the_sector_from_its_start_clockwise() {
        let sw = Swipe {
            quad: Quad::new([0.0, 0.0, 10.0, 10.0], TexSource::White, [1.0; 4]),
            from: 0.25,
            to: 1.0,
        };
        for (x, y, inside) in [
            (7.0, 2.0, false),
            (8.0, 7.0, true),
            (2.0, 7.0, true),
            (2.0, 2.0, true),
            (5.5, 1.0, false),
        ] {
            assert_eq!(sw.covers(x, y), inside, "({x}, {y})");
        }
    }

    #[test]
    fn lines_fill_their_band() {
        let mut c = Canvas::new(6, 5);
        let l = LineQuad {
            from: [1.0, 2.0],
            to: [5.0, 2.0],
            thickness: 2.0,
            source: TexSource::White,
            uv: [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
            wrap: [Wrap::Clamp; 2],
            color: [1.0, 1.0, 1.0, 1.0],
            blend: BlendMode::Blend,
            clip: None,
        };
        let b = c.bounds();
        c.fill_line(&l, None, b);
        let col: Vec<u8> = (0..5).map(|y| px(&c, 3, y)[0]).collect();
        assert_eq!(col, [0, 255, 255, 0, 0]);
        let row: Vec<u8> = (0..6).map(|x| px(&c, x, 2)[0]).collect();
        assert_eq!(row, [0, 255, 255, 255, 255, 0]);
    }

    #[test]
    fn wrap_modes_sample_outside_the_image() {
        let mut image = RgbaImage::new(2, 1);
        image.pixels = vec![255, 0, 0, 255, 0, 0, 255, 255];
        let t = Texture {
            image,
            nearest: true,
            checker: false,
        };
        let at = |u: f32, w: Wrap| sample(&t, u, 0.5, [w, Wrap::Clamp]);
        let (red, blue) = ([1.0, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0]);
        for (u, w, want) in [
            (1.25, Wrap::Clamp, blue),
            (1.25, Wrap::Repeat, red),
            (1.25, Wrap::Mirror, blue),
            (1.75, Wrap::Mirror, red),
            (-0.25, Wrap::Mirror, red),
            (1.25, Wrap::ClampToBlack, [0.0, 0.0, 0.0, 1.0]),
            (1.25, Wrap::ClampToBlackAdditive, [0.0; 4]),
            (-0.25, Wrap::ClampToWhite, [1.0; 4]),
            (0.75, Wrap::ClampToWhite, blue),
        ] {
            assert_eq!(at(u, w), want, "{u} {w:?}");
        }
    }

    #[test]
    fn blend_modes() {
        let mut c = Canvas::new(1, 1);
        c.blend(0, 0, [0.4, 0.4, 0.4, 1.0], BlendMode::Disable);
        c.blend(0, 0, [1.0, 1.0, 1.0, 0.5], BlendMode::Blend);
        assert_eq!(px(&c, 0, 0), [179, 179, 179, 255]);
        c.blend(0, 0, [0.5, 1.0, 0.0, 1.0], BlendMode::Mod);
        assert_eq!(px(&c, 0, 0), [90, 179, 0, 255]);
        c.blend(0, 0, [1.0, 0.0, 1.0, 0.5], BlendMode::Add);
        assert_eq!(px(&c, 0, 0), [218, 179, 128, 255]);
        c.blend(0, 0, [0.0, 0.0, 0.0, 0.4], BlendMode::AlphaKey);
        assert_eq!(px(&c, 0, 0), [218, 179, 128, 255]);
        c.blend(0, 0, [0.0, 0.0, 0.0, 0.6], BlendMode::AlphaKey);
        assert_eq!(px(&c, 0, 0), [0, 0, 0, 255]);
    }
}
