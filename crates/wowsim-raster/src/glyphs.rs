//! Drawing text runs: glyph coverage from the run's face's outlines (`ab_glyph`'s scanline
//! rasterizer, plain `f32`, deterministic), cached per glyph, size and quarter-pixel offset;
//! then the shadow pass, the outline pass (coverage dilated by one or two pixels, in black) and
//! the glyphs, each blended like a BLEND texture (`MONOCHROME`: coverage rounded to 0 or 1).

use crate::canvas::Canvas;
use std::collections::HashMap;
use wowsim_render::ab_glyph::{point, Font, GlyphId, PxScale};
use wowsim_render::text::Face;
use wowsim_render::{BlendMode, ClipRect, Outline, Rgba, TextRun};

/// One glyph's coverage, placed relative to its integer pen position.
#[derive(Debug, Default)]
pub struct Coverage {
    pub left: i32,
    pub top: i32,
    pub width: u32,
    pub height: u32,
    pub cov: Vec<f32>,
}

type Key = (u32, u16, u32, u8, u8, u8);

/// Coverage bitmaps by (face, glyph, size, sub-pixel x, sub-pixel y, dilation).
#[derive(Default)]
pub struct GlyphCache {
    map: HashMap<Key, Coverage>,
}

fn rasterize(face: &Face, id: u16, px: f32, fx: f32, fy: f32) -> Coverage {
    let g = GlyphId(id).with_scale_and_position(PxScale::from(px), point(fx, fy));
    let Some(og) = face.font().outline_glyph(g) else {
        return Coverage::default();
    };
    let b = og.px_bounds();
    let (w, h) = ((b.max.x - b.min.x) as u32, (b.max.y - b.min.y) as u32);
    let mut cov = vec![0.0; w as usize * h as usize];
    og.draw(|x, y, c| {
        if x < w && y < h {
            cov[(y * w + x) as usize] = c.min(1.0);
        }
    });
    Coverage {
        left: b.min.x as i32,
        top: b.min.y as i32,
        width: w,
        height: h,
        cov,
    }
}

/// Grows coverage by `r` pixels (maximum over a square neighbourhood).
fn dilate(c: &Coverage, r: u32) -> Coverage {
    let (w, h) = (c.width + 2 * r, c.height + 2 * r);
    let mut cov = vec![0.0f32; w as usize * h as usize];
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            let mut m = 0.0f32;
            for dy in -(r as i64)..=r as i64 {
                for dx in -(r as i64)..=r as i64 {
                    let (sx, sy) = (x - r as i64 + dx, y - r as i64 + dy);
                    if sx >= 0 && sy >= 0 && sx < c.width as i64 && sy < c.height as i64 {
                        m = m.max(c.cov[(sy * c.width as i64 + sx) as usize]);
                    }
                }
            }
            cov[(y * w as i64 + x) as usize] = m;
        }
    }
    Coverage {
        left: c.left - r as i32,
        top: c.top - r as i32,
        width: w,
        height: h,
        cov,
    }
}

impl GlyphCache {
    fn get(&mut self, face: &Face, id: u16, px: f32, q: (u8, u8), grow: u8) -> &Coverage {
        let key = (face.id(), id, px.to_bits(), q.0, q.1, grow);
        self.map.entry(key).or_insert_with(|| {
            let base = rasterize(face, id, px, q.0 as f32 / 4.0, q.1 as f32 / 4.0);
            if grow > 0 {
                dilate(&base, grow as u32)
            } else {
                base
            }
        })
    }

    /// Draws a text run.
    pub fn draw_run(&mut self, canvas: &mut Canvas, run: &TextRun, clip: ClipRect) {
        let c = run.clip.map_or(clip, |r| r.intersect(&clip));
        if c.is_empty() || run.px_size <= 0.0 {
            return;
        }
        let grow = match run.outline {
            Outline::None => 0,
            Outline::Normal => 1,
            Outline::Thick => 2,
        };
        if let Some((col, [dx, dy])) = run.shadow {
            for g in &run.glyphs {
                let a = col[3] * g.color[3];
                let color = [col[0], col[1], col[2], a];
                self.draw_glyph(
                    canvas,
                    &run.face,
                    g.id,
                    run.px_size,
                    g.x + dx,
                    g.y + dy,
                    color,
                    grow,
                    c,
                    run.monochrome,
                );
            }
        }
        if grow > 0 {
            for g in &run.glyphs {
                let color = [0.0, 0.0, 0.0, g.color[3]];
                self.draw_glyph(
                    canvas,
                    &run.face,
                    g.id,
                    run.px_size,
                    g.x,
                    g.y,
                    color,
                    grow,
                    c,
                    run.monochrome,
                );
            }
        }
        for g in &run.glyphs {
            self.draw_glyph(
                canvas,
                &run.face,
                g.id,
                run.px_size,
                g.x,
                g.y,
                g.color,
                0,
                c,
                run.monochrome,
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn draw_glyph(
        &mut self,
        canvas: &mut Canvas,
        face: &Face,
        id: u16,
        px: f32,
        x: f32,
        y: f32,
        color: Rgba,
        grow: u8,
        clip: ClipRect,
        mono: bool,
    ) {
        if color[3] <= 0.0 {
            return;
        }
        let (ix, qx) = quantize(x);
        let (iy, qy) = quantize(y);
        let (cx0, cx1) = Canvas::span(clip.x0, clip.x1, canvas.image.width);
        let (cy0, cy1) = Canvas::span(clip.y0, clip.y1, canvas.image.height);
        let cov = self.get(face, id, px, (qx, qy), grow);
        for gy in 0..cov.height {
            let py = iy + cov.top as i64 + gy as i64;
            if py < cy0 as i64 || py >= cy1 as i64 {
                continue;
            }
            for gx in 0..cov.width {
                let pxl = ix + cov.left as i64 + gx as i64;
                if pxl < cx0 as i64 || pxl >= cx1 as i64 {
                    continue;
                }
                let mut a = cov.cov[(gy * cov.width + gx) as usize];
                if mono {
                    a = if a >= 0.5 { 1.0 } else { 0.0 };
                }
                if a <= 0.0 {
                    continue;
                }
                let src = [color[0], color[1], color[2], color[3] * a];
                canvas.blend(pxl as u32, py as u32, src, BlendMode::Blend);
            }
        }
    }
}

/// Splits a coordinate into an integer pixel and a quarter-pixel step (0..=3).
fn quantize(v: f32) -> (i64, u8) {
    let q = (v * 4.0).round() as i64;
    (q.div_euclid(4), q.rem_euclid(4) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_render::Glyph;

    #[test]
    fn draws_a_glyph_in_its_colour_and_clips() {
        let mut canvas = Canvas::new(20, 20);
        let face = Face::fallback();
        let id = face.font().glyph_id('H').0;
        let run = TextRun {
            face,
            glyphs: vec![Glyph {
                id,
                x: 2.0,
                y: 15.0,
                color: [1.0, 0.0, 0.0, 1.0],
            }],
            px_size: 16.0,
            outline: Outline::None,
            monochrome: false,
            shadow: None,
            clip: None,
        };
        let b = canvas.bounds();
        GlyphCache::default().draw_run(&mut canvas, &run, b);
        let red = canvas.image.pixels.chunks(4).filter(|p| p[0] > 200).count();
        assert!(red > 10, "{red}");
        assert!(canvas
            .image
            .pixels
            .chunks(4)
            .all(|p| p[1] == 0 && p[2] == 0));
        let mut clipped = Canvas::new(20, 20);
        GlyphCache::default().draw_run(&mut clipped, &run, ClipRect::new(0.0, 0.0, 0.0, 0.0));
        assert!(clipped.image.pixels.chunks(4).all(|p| p[0] == 0));
    }
}
