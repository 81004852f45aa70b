//! What playing animations do to their targets: Alpha multiplies the target's alpha,
//! Translation and Path move it, Scale scales it about its origin, Rotation turns a texture,
//! VertexColor tints a texture, FlipBook shows one cell of a texture grid. The
//! effects of every playing (or paused) group are worked out after each animation tick and on
//! Play/Stop/Finish, and kept in [`UiState::anim_fx`]; drawing and `GetEffectiveAlpha` read them.
//!
//! Layout does not see animations: `GetLeft`, `GetPoint`, `GetRect`... keep reporting the
//! anchored position while a Translation or Scale plays, and `GetAlpha` keeps the value
//! `SetAlpha` gave; this is why a frame slid by a Translation snaps back when the group ends
//! unless the addon re-anchors it in OnFinished (the client's well-known behaviour). Hit-testing
//! uses the layout too: public descriptions of the client say animations are visual only, the
//! anchor layout and the hit area staying in place (fixture `input/animation_hit_rect`). Choices not checked against the game: `GetEffectiveAlpha` includes the
//! animated alpha; smoothing `IN` is p², `OUT` is 1-(1-p)², `IN_OUT` joins the two at ½; several
//! animations on one target combine (alphas and scales multiply, offsets and angles add); a
//! Path goes through its control points in order (the first at p = 0; `SMOOTH` curves are
//! Catmull-Rom splines, others straight lines, each segment taking the same time); a FlipBook
//! divides the texture's coordinates into `rows × columns` cells and shows cell
//! ⌊p·frames⌋ in reading order.
//!
//! Timing per animation, within a pass of its group (`reverse` runs the pass backwards): before
//! its start (order and `startDelay`) it does nothing; while it runs it interpolates; once done it
//! holds its end value until the group stops or finishes.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | effects of the playing groups | [`refresh`] → [`AnimFx`] |
//! | a region's drawn rect (own and ancestors' translations and scales) | [`drawn_rect`] |
//! | the alpha factor of a region | [`alpha_factor`] |
//! | `VertexColor:SetStartColor`/`SetEndColor` and getters; `Path:CreateControlPoint`, `GetControlPoints`, `GetMaxControlPointOrder` | [`install`] |
use crate::arena::UiState;
use wowsim_layout::Rect;

/// The combined effect of the animations playing on one region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnimFx {
    pub alpha: f64,
    /// Translation in the target's own units.
    pub dx: f64,
    pub dy: f64,
    pub sx: f64,
    pub sy: f64,
    /// The scale origin: fractions of the rect (0 = left/bottom) and an offset in own units.
    pub origin: (f64, f64, f64, f64),
    /// Rotation in radians (textures).
    pub rotation: f64,
    /// Vertex colour set by a VertexColor animation (textures).
    pub vertex: Option<[f64; 4]>,
    /// The part of the texture's coordinates shown (u0, v0, u1, v1), from a FlipBook.
    pub uv_cell: Option<[f64; 4]>,
    /// Added to the texture's coordinates (u, v), from a TextureCoordTranslation.
    pub uv_shift: [f64; 2],
}

impl Default for AnimFx {
    fn default() -> Self {
        AnimFx {
            alpha: 1.0,
            dx: 0.0,
            dy: 0.0,
            sx: 1.0,
            sy: 1.0,
            origin: (0.5, 0.5, 0.0, 0.0),
            rotation: 0.0,
            vertex: None,
            uv_cell: None,
            uv_shift: [0.0, 0.0],
        }
    }
}

pub fn smooth(kind: &str, p: f64) -> f64 {
    match kind {
        "IN" => p * p,
        "OUT" => 1.0 - (1.0 - p) * (1.0 - p),
        "IN_OUT" if p < 0.5 => 2.0 * p * p,
        "IN_OUT" => 1.0 - 2.0 * (1.0 - p) * (1.0 - p),
        _ => p,
    }
}

pub fn point_fractions(point: &str) -> (f64, f64) {
    let p = point.to_ascii_uppercase();
    let x = if p.ends_with("LEFT") {
        0.0
    } else if p.ends_with("RIGHT") {
        1.0
    } else {
        0.5
    };
    let y = if p.starts_with("TOP") {
        1.0
    } else if p.starts_with("BOTTOM") {
        0.0
    } else {
        0.5
    };
    (x, y)
}

/// The animated alpha factor of one object (1 when nothing plays on it).
pub(crate) fn alpha_factor(ui: &UiState, id: u32) -> f64 {
    ui.anim_fx.get(&id).map_or(1.0, |f| f.alpha)
}

/// Where a region is drawn: its layout rect `r` (own units at effective scale `es`) moved and
/// scaled by the animations playing on it and its ancestors (nearest first). Returns the rect
/// in own units of the returned scale, the scale (effective scale times the animated scale)
/// and the added rotation.
pub(crate) fn drawn_rect(ui: &mut UiState, id: u32, r: Rect, es: f32) -> (Rect, f32, f32) {
    if ui.anim_fx.is_empty() {
        return (r, es, 0.0);
    }
    // Screen units (effective scale 1): left, bottom, right, top.
    let (mut l, mut b) = ((r.left * es) as f64, (r.bottom * es) as f64);
    let (mut rr, mut t) = (
        ((r.left + r.width) * es) as f64,
        ((r.bottom + r.height) * es) as f64,
    );
    let (mut scale, mut rot) = (1.0f64, 0.0f64);
    let mut cur = Some(id);
    while let Some(c) = cur {
        if let Some(fx) = ui.anim_fx.get(&c).copied() {
            let node = ui.get(c).and_then(|o| o.node);
            let ces = node.map_or(1.0, |n| ui.layout.effective_scale(n)) as f64;
            if let Some(cr) = super::region::rect_of(ui, c) {
                let (cl, cb) = (cr.left as f64 * ces, cr.bottom as f64 * ces);
                let (cw, ch) = (cr.width as f64 * ces, cr.height as f64 * ces);
                let ox = cl + cw * fx.origin.0 + fx.origin.2 * ces;
                let oy = cb + ch * fx.origin.1 + fx.origin.3 * ces;
                l = ox + (l - ox) * fx.sx;
                rr = ox + (rr - ox) * fx.sx;
                b = oy + (b - oy) * fx.sy;
                t = oy + (t - oy) * fx.sy;
            }
            l += fx.dx * ces;
            rr += fx.dx * ces;
            b += fx.dy * ces;
            t += fx.dy * ces;
            scale *= fx.sy;
            if c == id {
                rot += fx.rotation;
            }
        }
        cur = ui.get(c).and_then(|o| o.parent);
    }
    let s = es as f64 * scale;
    if s <= 0.0 {
        return (Rect::new(0.0, 0.0, 0.0, 0.0), es, rot as f32);
    }
    let out = Rect::new(
        (l / s) as f32,
        (b / s) as f32,
        ((rr - l) / s) as f32,
        ((t - b) / s) as f32,
    );
    (out, s as f32, rot as f32)
}
