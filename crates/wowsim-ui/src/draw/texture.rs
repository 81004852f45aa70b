//! A Texture region → one quad. Reads the fields the widget methods keep (`widgets/texture.rs`
//! and the reference's generic setters): what is drawn (file, colour, atlas), tex coords,
//! vertex colour, gradient, rotation, blend mode, desaturation, tiling.
//!
//! | WoW name | field(s) | quad |
//! | --- | --- | --- |
//! | `SetTexture(path [, wrapH, wrapV])` / file id; XML `file` with `hWrapMode`/`vWrapMode` | `texture`, `wrapH`, `wrapV` | `TexSource::File` / `Missing` (file ids need a listfile); `wrap` (CLAMP, REPEAT, MIRROR, CLAMPTOBLACK, CLAMPTOBLACKADDITIVE, CLAMPTOWHITE) |
//! | `SetColorTexture(r, g, b, a)` | `colorTexture[RGBA]` | `TexSource::White`, colour |
//! | `SetAtlas(name)` | `atlas` | with atlas data (`crate::atlas`): `TexSource::File` of its file, tex coords mapped into its part; without: `TexSource::Missing("atlas:NAME")` |
//! | `SetTexCoord` (4 or 8 values) | `tlx`…`bry` | `uv` |
//! | `SetVertexColor`, `SetAlpha` | `vertexColor[RGB]`, `alpha` | `colors` (alpha through the effective alpha) |
//! | `SetGradient(orientation, min, max)` | `gradient*` | per-corner `colors` |
//! | `SetRotation(radians)` | `textureRotation` | `uv` rotated about its centre |
//! | `SetBlendMode`, `SetDesaturated`, `SetHorizTile`, `SetVertTile` | `blendMode`, `desaturation`, `horizTile`, `vertTile` | `blend`, `desaturate`, `tile` |
//! | `AddMaskTexture`, XML `<MaskedTextures>` (shown masks only) | `UiState::masks` | `masks` (each mask's rect, source, tex coords) |
//! | `SetMask(file)` | `maskName` | one more mask: the file over the texture's own rect |
//! | StatusBar `SetValue`, `SetMinMaxValues`, `SetOrientation`, `SetReverseFill`, `SetStatusBarColor` | the bar's `value`, `min`, `max`, … | the filled part of the bar texture |
use crate::arena::UiState;
use crate::draw::RegionCtx;
use crate::draw::Viewport;
use crate::fields::FieldVal;

use wowsim_render::{BlendMode, DrawItem, Mask, Quad, Rgba, TexSource, Wrap};

fn num(ui: &mut UiState, id: u32, name: &str, default: f32) -> f32 {
    match ui.field_by_name(id, name) {
        FieldVal::Num(n) => n as f32,
        _ => default,
    }
}

fn gradient(ui: &mut UiState, id: u32) -> Option<(bool, Rgba, Rgba)> {
    let FieldVal::Str(o) = ui.field_by_name(id, "gradientOrientation") else {
        return None;
    };
    let mut c = [[1.0f32; 4]; 2];
    for (i, prefix) in ["gradientMin", "gradientMax"].iter().enumerate() {
        for (k, ch) in ["R", "G", "B", "A"].iter().enumerate() {
            c[i][k] = num(ui, id, &format!("{prefix}{ch}"), 1.0);
        }
    }
    Some((o.eq_ignore_ascii_case("HORIZONTAL"), c[0], c[1]))
}

fn mul(a: Rgba, b: Rgba) -> Rgba {
    [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]]
}

/// Rotates the four tex coords about their centre by `r` radians (counter-clockwise on screen).
fn rotate(uv: &mut [[f32; 2]; 4], r: f32) {
    if r == 0.0 {
        return;
    }
    let cu = uv.iter().map(|p| p[0]).sum::<f32>() / 4.0;
    let cv = uv.iter().map(|p| p[1]).sum::<f32>() / 4.0;
    let (s, c) = r.sin_cos();
    for p in uv.iter_mut() {
        let (du, dv) = (p[0] - cu, p[1] - cv);
        *p = [cu + du * c - dv * s, cv + du * s + dv * c];
    }
}

/// A StatusBar's bar texture covers the filled part only (value between min and max), with
/// its tex coords and corner colours cut to match, tinted by `SetStatusBarColor`.
fn status_bar_fill(ui: &mut UiState, id: u32, q: &mut Quad) {
    let Some(bar) = ui.get(id).and_then(|o| o.parent) else {
        return;
    };
    if ui.field_by_name(bar, "statusBarTexture") != FieldVal::Obj(id) {
        return;
    }
    let (min, max) = (num(ui, bar, "min", 0.0), num(ui, bar, "max", 0.0));
    let v = num(ui, bar, "value", 0.0);
    let frac = if max > min {
        ((v - min) / (max - min)).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let vertical = matches!(ui.field_by_name(bar, "orientation"), FieldVal::Str(o) if o.eq_ignore_ascii_case("VERTICAL"));
    let reverse = ui.field_by_name(bar, "reverseFill") == FieldVal::Bool(true);
    let [x0, y0, x1, y1] = q.rect;
    // Corners that move, each with the corner on the bar's start side it moves from.
    let moves: [(usize, usize); 2] = match (vertical, reverse) {
        (false, false) => {
            q.rect[2] = x0 + (x1 - x0) * frac;
            [(1, 0), (3, 2)]
        }
        (false, true) => {
            q.rect[0] = x1 - (x1 - x0) * frac;
            [(0, 1), (2, 3)]
        }
        (true, false) => {
            q.rect[1] = y1 - (y1 - y0) * frac;
            [(0, 2), (1, 3)]
        }
        (true, true) => {
            q.rect[3] = y0 + (y1 - y0) * frac;
            [(2, 0), (3, 1)]
        }
    };
    let (uv, colors) = (q.uv, q.colors);
    let cut = |a: f32, b: f32| b + (a - b) * frac;
    for (to, from) in moves {
        q.uv[to] = [cut(uv[to][0], uv[from][0]), cut(uv[to][1], uv[from][1])];
        let (c, f) = (colors[to], colors[from]);
        q.colors[to] = [
            cut(c[0], f[0]),
            cut(c[1], f[1]),
            cut(c[2], f[2]),
            cut(c[3], f[3]),
        ];
    }
    if let FieldVal::Num(r) = ui.field_by_name(bar, "barColorR") {
        let c = [
            r as f32,
            num(ui, bar, "barColorG", 1.0),
            num(ui, bar, "barColorB", 1.0),
            num(ui, bar, "barColorA", 1.0),
        ];
        for col in q.colors.iter_mut() {
            *col = mul(*col, c);
        }
    }
}

/// The part of an image an atlas covers: `[left, right, top, bottom]` in tex coords.
type AtlasRect = Option<[f32; 4]>;

/// An atlas by name: its file and part when the atlas data has it, else the placeholder.
fn atlas_source(ui: &UiState, name: &str) -> (TexSource, Rgba, AtlasRect) {
    match ui.atlases.get(name) {
        Some(e) => (
            TexSource::File(e.file.clone()),
            [1.0; 4],
            Some([e.left, e.right, e.top, e.bottom].map(|v| v as f32)),
        ),
        None => (TexSource::Missing(format!("atlas:{name}")), [1.0; 4], None),
    }
}

/// What a texture draws: a file, a colour (white), an atlas (its file and part from the atlas
/// data, else the placeholder) or a file id (the placeholder).
fn source_of(ui: &mut UiState, id: u32) -> Option<(TexSource, Rgba, AtlasRect)> {
    Some(
        match (
            ui.field_by_name(id, "colorTextureR"),
            ui.field_by_name(id, "texture"),
            ui.field_by_name(id, "atlas"),
        ) {
            (FieldVal::Num(r), _, _) => {
                let c = [
                    r as f32,
                    num(ui, id, "colorTextureG", 0.0),
                    num(ui, id, "colorTextureB", 0.0),
                    num(ui, id, "colorTextureA", 1.0),
                ];
                (TexSource::White, c.map(|v| v.clamp(0.0, 1.0)), None)
            }
            // A name with no folder is an atlas (the client's `SetTexture` takes atlas names,
            // e.g. `SetNormalTexture("ui-hud-calendar-1-up")`).
            (_, FieldVal::Str(path), _) if !path.is_empty() && !path.contains(['\\', '/']) => {
                atlas_source(ui, &path)
            }
            (_, FieldVal::Str(path), _) if !path.is_empty() => {
                (TexSource::File(path), [1.0; 4], None)
            }
            (_, FieldVal::Num(fid), _) => (
                TexSource::Missing(format!("file id {fid} (no listfile)")),
                [1.0; 4],
                None,
            ),
            (_, _, FieldVal::Str(atlas)) => atlas_source(ui, &atlas),
            _ => return None,
        },
    )
}

/// Maps tex coords over the whole texture into an atlas's part of its file.
fn in_atlas(uv: &mut [[f32; 2]; 4], rect: AtlasRect) {
    if let Some([l, r, t, b]) = rect {
        for p in uv.iter_mut() {
            p[0] = l + (r - l) * p[0];
            p[1] = t + (b - t) * p[1];
        }
    }
}

fn tex_coords(ui: &mut UiState, id: u32) -> [[f32; 2]; 4] {
    let mut corner = |x: &str, y: &str, dx: f32, dy: f32| [num(ui, id, x, dx), num(ui, id, y, dy)];
    [
        corner("tlx", "tly", 0.0, 0.0),
        corner("trx", "try", 1.0, 0.0),
        corner("blx", "bly", 0.0, 1.0),
        corner("brx", "bry", 1.0, 1.0),
    ]
}

/// The wrap mode given to `SetTexture` (or by XML `hWrapMode`/`vWrapMode` with its `file`);
/// `CLAMP` when none was given, as `SetTexture`'s default.
fn wrap(ui: &mut UiState, id: u32, field: &str) -> Wrap {
    match ui.field_by_name(id, field) {
        FieldVal::Str(m) => Wrap::parse(&m).unwrap_or_default(),
        _ => Wrap::Clamp,
    }
}

/// The shown masks of a texture, placed in pixels.
fn masks(ui: &mut UiState, vp: &Viewport, id: u32) -> Vec<Mask> {
    let mut out = Vec::new();
    for m in crate::texture::masks_of(ui, id) {
        if !ui.is_visible(m) {
            continue;
        }
        let (Some(r), Some(n)) = (
            crate::region::rect_of(ui, m),
            ui.get(m).and_then(|o| o.node),
        ) else {
            continue;
        };
        let rect = vp.rect(&r, ui.layout.effective_scale(n));
        let (source, _, atlas) = source_of(ui, m).unwrap_or((TexSource::White, [1.0; 4], None));
        let mut uv = tex_coords(ui, m);
        rotate(&mut uv, num(ui, m, "textureRotation", 0.0));
        in_atlas(&mut uv, atlas);
        out.push(Mask { rect, source, uv });
    }
    out
}

/// The quad of a texture region (None when it has nothing to draw).
pub fn quad(ui: &mut UiState, vp: &Viewport, ctx: &RegionCtx) -> Option<DrawItem> {
    let id = ctx.id;
    let anim = ui.anim_fx.get(&id).copied();
    let mut vertex = [
        num(ui, id, "vertexColorR", 1.0).clamp(0.0, 1.0),
        num(ui, id, "vertexColorG", 1.0).clamp(0.0, 1.0),
        num(ui, id, "vertexColorB", 1.0).clamp(0.0, 1.0),
        ctx.alpha.clamp(0.0, 1.0),
    ];
    // A playing VertexColor animation sets the vertex colour.
    if let Some(v) = anim.and_then(|a| a.vertex) {
        vertex = [
            (v[0] as f32).clamp(0.0, 1.0),
            (v[1] as f32).clamp(0.0, 1.0),
            (v[2] as f32).clamp(0.0, 1.0),
            vertex[3] * (v[3] as f32).clamp(0.0, 1.0),
        ];
    }
    let (source, base, atlas) = source_of(ui, id)?;
    let col = mul(base, vertex);
    let mut colors = [col; 4];
    if let Some((horizontal, min, max)) = gradient(ui, id) {
        // Corners: top-left, top-right, bottom-left, bottom-right.
        let g = if horizontal {
            [min, max, min, max]
        } else {
            [max, max, min, min]
        };
        for (c, g) in colors.iter_mut().zip(g) {
            *c = mul(*c, g);
        }
    }
    let mut uv = tex_coords(ui, id);
    // A playing FlipBook shows one cell of the coordinates.
    if let Some([u0, v0, u1, v1]) = anim.and_then(|a| a.uv_cell) {
        let (l, t) = (uv[0], uv[3]);
        for p in uv.iter_mut() {
            let fu = if (t[0] - l[0]).abs() > f32::EPSILON {
                (p[0] - l[0]) / (t[0] - l[0])
            } else {
                0.0
            };
            let fv = if (t[1] - l[1]).abs() > f32::EPSILON {
                (p[1] - l[1]) / (t[1] - l[1])
            } else {
                0.0
            };
            let (fu, fv) = (fu as f64, fv as f64);
            p[0] = l[0] + (t[0] - l[0]) * (u0 + (u1 - u0) * fu) as f32;
            p[1] = l[1] + (t[1] - l[1]) * (v0 + (v1 - v0) * fv) as f32;
        }
    }
    // A playing TextureCoordTranslation slides the image inside the region.
    if let Some([du, dv]) = anim.map(|a| a.uv_shift) {
        for p in uv.iter_mut() {
            p[0] += du as f32;
            p[1] += dv as f32;
        }
    }
    rotate(&mut uv, num(ui, id, "textureRotation", 0.0) + ctx.rotation);
    in_atlas(&mut uv, atlas);
    let blend = match ui.field_by_name(id, "blendMode") {
        FieldVal::Str(s) => BlendMode::parse(&s).unwrap_or_default(),
        _ => BlendMode::Blend,
    };
    let [x0, y0, x1, y1] = ctx.rect;
    let tile = |on: FieldVal, size: f32| (on == FieldVal::Bool(true)).then_some(size);
    let tile = [
        tile(ui.field_by_name(id, "horizTile"), x1 - x0),
        tile(ui.field_by_name(id, "vertTile"), y1 - y0),
    ];
    let mut q = Quad {
        rect: ctx.rect,
        source,
        uv,
        colors,
        blend,
        desaturate: num(ui, id, "desaturation", 0.0) > 0.0,
        tile,
        wrap: [wrap(ui, id, "wrapH"), wrap(ui, id, "wrapV")],
        clip: ctx.clip,
        masks: masks(ui, vp, id),
    };
    // `SetMask(file)`: a mask file over the texture's own rect.
    if let FieldVal::Str(file) = ui.field_by_name(id, "maskName") {
        if !file.is_empty() {
            q.masks.push(Mask {
                rect: ctx.rect,
                source: TexSource::File(file),
                uv: [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
            });
        }
    }
    status_bar_fill(ui, id, &mut q);
    Some(DrawItem::Quad(q))
}

#[cfg(test)]
mod tests {
    use super::rotate;

    #[test]
    fn quarter_turn_moves_the_top_right_corner_to_the_top_left() {
        let mut uv = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
        rotate(&mut uv, std::f32::consts::FRAC_PI_2);
        let r = |p: [f32; 2]| [p[0].round(), p[1].round()];
        assert_eq!(r(uv[0]), [1.0, 0.0]);
        assert_eq!(r(uv[1]), [1.0, 1.0]);
        assert_eq!(r(uv[2]), [0.0, 0.0]);
    }
}
