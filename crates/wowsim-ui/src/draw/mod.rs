//! The UI tree → a `wowsim_render::DrawList` (what a screenshot or a window shows). Reads the
//! UI arena only (no Lua runs, nothing changes); pixels are the rasterizer's business.
//!
//! Order, as the client draws: visible frames sorted by strata, then frame level, then tree
//! order (parents before children, siblings in creation order); within a frame its shown
//! regions by draw layer (BACKGROUND, BORDER, ARTWORK, OVERLAY; HIGHLIGHT only while hovered
//! or locked by `LockHighlight`; a layer switched off by `DisableDrawLayer` draws nothing), then sublevel, then creation order. Hidden objects
//! draw nothing; alpha multiplies down the tree; `SetClipsChildren` and scroll frames clip
//! their descendants.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | a frame and its layered regions in draw order | [`build`] |
//! | Texture (file, colour, gradient, tex coords, rotation, blend, tiling) | [`texture::quad`] |
//! | FontString (font, colour, justification, shadow, outline, wrapping, markup) | [`text::run`] |
//! | Line (end points, thickness) | [`line::line`] |
//! | MessageFrame / ScrollingMessageFrame messages (insert mode, scroll offset, fading) | [`messages::run`] |
//! | Cooldown swipe, edge, countdown numbers and bling at the virtual time | [`cooldown::swipe`] |
//! | client font paths → faces (real client fonts from `--art`, else the embedded font) | [`fonts::FontLibrary`] |
use crate::arena::UiState;
use crate::frame_strata::effective_level;
use crate::frame_strata::effective_strata;
use crate::region::effective_alpha;
use crate::region::rect_of;
use crate::types::inherits_from;
use crate::types::TYPES;

pub mod cooldown;
pub mod fonts;
pub mod line;
pub mod messages;
pub mod text;
pub mod texture;

use wowsim_render::{ClipRect, DrawItem, DrawList};

/// What to draw.
#[derive(Clone, Debug, Default)]
pub struct DrawOptions {
    /// Only the frame with this global name and its descendants (`--filter`).
    pub filter: Option<String>,
    /// The frame under the mouse: its HIGHLIGHT layer is drawn.
    pub highlight: Option<u32>,
    /// The virtual time in seconds (`GetTime`): where Cooldown swipes are.
    pub now: f64,
    /// The `countdownForCooldowns` option: Cooldowns show their countdown numbers.
    pub cooldown_numbers: bool,
    /// The messages of MessageFrames and ScrollingMessageFrames, by frame id (oldest first).
    pub messages: rustc_hash::FxHashMap<u32, Vec<crate::message_frame::Message>>,
}

/// Draw layers in order; HIGHLIGHT is drawn only for a hovered frame.
pub const LAYERS: [&str; 5] = ["BACKGROUND", "BORDER", "ARTWORK", "OVERLAY", "HIGHLIGHT"];

/// Maps UI geometry to pixels for one target size.
#[derive(Clone, Copy, Debug)]
pub struct Viewport {
    pub width: u32,
    pub height: u32,
    /// Pixels per UI unit at effective scale 1.
    pub px_per_unit: f32,
}

impl Viewport {
    /// The viewport for an image the size of the simulated screen.
    pub fn new(ui: &UiState, width: u32, height: u32) -> Viewport {
        let (_, sh) = ui.layout.screen_size();
        Viewport {
            width,
            height,
            px_per_unit: height as f32 / sh.max(1.0),
        }
    }

    /// A region's rect (own units, y up) at effective scale `s` → `[x0, y0, x1, y1]` pixels.
    pub fn rect(&self, r: &wowsim_layout::Rect, s: f32) -> [f32; 4] {
        let f = s * self.px_per_unit;
        let h = self.height as f32;
        [
            r.left * f,
            h - (r.bottom + r.height) * f,
            (r.left + r.width) * f,
            h - r.bottom * f,
        ]
    }
}

/// Everything the walk needs about one region.
pub struct RegionCtx {
    pub id: u32,
    pub rect: [f32; 4],
    /// Own rect in UI units and effective scale (for text layout).
    pub units: wowsim_layout::Rect,
    pub scale: f32,
    pub alpha: f32,
    pub clip: Option<ClipRect>,
    /// Rotation added by a playing Rotation animation (radians).
    pub rotation: f32,
}

fn is_frame(ui: &UiState, id: u32) -> bool {
    ui.get(id)
        .is_some_and(|o| inherits_from(o.type_index, "Frame"))
}

fn named(ui: &UiState, name: &str) -> Option<u32> {
    ui.objects
        .iter()
        .position(|o| o.name.as_deref() == Some(name))
        .map(|i| i as u32)
}

/// Frames in tree order (parents first, children in creation order).
fn tree_order(ui: &UiState, root: Option<u32>) -> Vec<u32> {
    let mut out = Vec::new();
    let mut stack: Vec<u32> = match root {
        Some(r) => vec![r],
        None => (0..ui.objects.len() as u32)
            .rev()
            .filter(|&i| ui.objects[i as usize].parent.is_none())
            .collect(),
    };
    while let Some(id) = stack.pop() {
        if !is_frame(ui, id) {
            continue;
        }
        out.push(id);
        if let Some(o) = ui.get(id) {
            stack.extend(o.children.iter().rev().copied());
        }
    }
    out
}

/// The clip of everything a frame draws: the intersection of the rects of it and its
/// ancestors that clip their children.
fn clip_of(ui: &mut UiState, vp: &Viewport, id: u32) -> Option<ClipRect> {
    let mut clip: Option<ClipRect> = None;
    let mut cur = Some(id);
    while let Some(c) = cur {
        let clips = ui.field_by_name(c, "clipsChildren") == crate::fields::FieldVal::Bool(true)
            || ui
                .get(c)
                .is_some_and(|o| TYPES[o.type_index].name == "ScrollFrame");
        if clips {
            let r = match (rect_of(ui, c), ui.get(c).and_then(|o| o.node)) {
                (Some(r), Some(n)) => {
                    let p = vp.rect(&r, ui.layout.effective_scale(n));
                    ClipRect::new(p[0], p[1], p[2], p[3])
                }
                _ => ClipRect::new(0.0, 0.0, 0.0, 0.0),
            };
            clip = Some(clip.map_or(r, |k| k.intersect(&r)));
        }
        cur = ui.get(c).and_then(|o| o.parent);
    }
    clip
}

/// The text an EditBox shows (`*` per letter for a password box), if any.
fn edit_box_text(ui: &mut UiState, id: u32) -> Option<String> {
    if !ui
        .get(id)
        .is_some_and(|o| inherits_from(o.type_index, "EditBox"))
    {
        return None;
    }
    let crate::fields::FieldVal::Str(t) = ui.field_by_name(id, "editboxText") else {
        return None;
    };
    if t.is_empty() {
        return None;
    }
    if ui.field_by_name(id, "password") == crate::fields::FieldVal::Bool(true) {
        return Some("*".repeat(t.chars().count()));
    }
    Some(t)
}

fn layer_index(ui: &mut UiState, id: u32) -> usize {
    match ui.field_by_name(id, "layer") {
        crate::fields::FieldVal::Str(s) => LAYERS
            .iter()
            .position(|l| l.eq_ignore_ascii_case(&s))
            .unwrap_or(2),
        _ => 2,
    }
}

/// The drawing context of a region with a rect.
fn region_ctx(
    ui: &mut UiState,
    vp: &Viewport,
    id: u32,
    clip: Option<ClipRect>,
) -> Option<RegionCtx> {
    let r = rect_of(ui, id)?;
    let n = ui.get(id).and_then(|o| o.node)?;
    let scale = ui.layout.effective_scale(n);
    Some(RegionCtx {
        id,
        rect: vp.rect(&r, scale),
        units: r,
        scale,
        alpha: effective_alpha(ui, id) as f32,
        clip,
        rotation: 0.0,
    })
}

/// Builds the draw list of the UI at `width × height` pixels.
pub fn build(ui: &mut UiState, width: u32, height: u32, opts: &DrawOptions) -> DrawList {
    let vp = Viewport::new(ui, width, height);
    let mut list = DrawList {
        width,
        height,
        items: Vec::new(),
    };
    let root = match &opts.filter {
        Some(name) => match named(ui, name) {
            Some(id) => Some(id),
            None => return list,
        },
        None => None,
    };
    for fid in frames_in_draw_order(ui, root) {
        draw_frame(ui, &vp, fid, opts, &mut list.items);
    }
    list
}

/// The visible frames under `root` (or all), by strata, frame level, then tree order.
fn frames_in_draw_order(ui: &mut UiState, root: Option<u32>) -> Vec<u32> {
    let order = tree_order(ui, root);
    let mut frames: Vec<(u8, i32, usize, u32)> = order
        .iter()
        .enumerate()
        .filter(|(_, &id)| ui.is_visible(id))
        .map(|(i, &id)| (effective_strata(ui, id), effective_level(ui, id), i, id))
        .collect();
    frames.sort_unstable();
    frames.into_iter().map(|(_, _, _, id)| id).collect()
}

/// One frame while it is drawn: its clip, and the text it draws itself (an EditBox's).
struct FrameDraw {
    id: u32,
    clip: Option<ClipRect>,
    edit_text: Option<String>,
}

/// Draws one frame: a Cooldown's swipe, then its regions in order, then what it draws itself.
fn draw_frame(
    ui: &mut UiState,
    vp: &Viewport,
    fid: u32,
    opts: &DrawOptions,
    items: &mut Vec<DrawItem>,
) {
    let clip = clip_of(ui, vp, fid);
    if clip.is_some_and(|c| c.is_empty()) {
        return;
    }
    let mut regions = layered_regions(ui, fid, opts);
    let mut edit_text: Option<String> = None;
    if let Some(t) = edit_box_text(ui, fid) {
        // An EditBox draws its own text above its regions (inset by its text insets).
        regions.push((usize::MAX, 0, fid));
        edit_text = Some(t);
    } else if opts.messages.get(&fid).is_some_and(|m| !m.is_empty()) {
        // So do message frames their messages.
        regions.push((usize::MAX, 0, fid));
    }
    if ui
        .get(fid)
        .is_some_and(|o| inherits_from(o.type_index, "Cooldown"))
    {
        if let Some(ctx) = region_ctx(ui, vp, fid, clip) {
            cooldown::swipe(ui, vp, &ctx, opts.now, opts.cooldown_numbers, items);
        }
    }
    let frame = FrameDraw {
        id: fid,
        clip,
        edit_text,
    };
    for (_, _, rid) in regions {
        draw_region(ui, vp, &frame, rid, opts, items);
    }
}

/// A frame's shown layered regions as (layer, sublevel, id), sorted: no masks, HIGHLIGHT
/// only while hovered or locked, no layer switched off.
fn layered_regions(ui: &mut UiState, fid: u32, opts: &DrawOptions) -> Vec<(usize, i64, u32)> {
    let children = ui.get(fid).map(|o| o.children.clone()).unwrap_or_default();
    // `LockHighlight` draws the HIGHLIGHT layer without the mouse.
    let highlight_locked =
        ui.field_by_name(fid, "highlightLocked") == crate::fields::FieldVal::Bool(true);
    let mut regions: Vec<(usize, i64, u32)> = Vec::new();
    for c in children {
        let Some(o) = ui.get(c) else { continue };
        if !o.shown || !inherits_from(o.type_index, "LayeredRegion") {
            continue;
        }
        if TYPES[o.type_index].name == "MaskTexture" {
            continue;
        }
        let layer = layer_index(ui, c);
        if layer == 4 && opts.highlight != Some(fid) && !highlight_locked {
            continue;
        }
        if !crate::frame_state::layer_enabled(ui, fid, LAYERS[layer]) {
            continue;
        }
        let sub = ui.field_by_name(c, "sublevel").as_f64() as i64;
        regions.push((layer, sub, c));
    }
    regions.sort_unstable();
    regions
}

/// Draws one region of `frame` (or, when `rid` is the frame, its own text or messages).
fn draw_region(
    ui: &mut UiState,
    vp: &Viewport,
    frame: &FrameDraw,
    rid: u32,
    opts: &DrawOptions,
    items: &mut Vec<DrawItem>,
) {
    let fid = frame.id;
    let ty = ui.get(rid).map(|o| o.type_index).unwrap_or(0);
    if rid != fid && TYPES[ty].name == "Line" {
        draw_line(ui, vp, rid, frame.clip, items);
        return;
    }
    let Some(r) = rect_of(ui, rid) else { return };
    let Some(n) = ui.get(rid).and_then(|o| o.node) else {
        return;
    };
    let scale = ui.layout.effective_scale(n);
    // Playing animations move, scale and turn what is drawn (not the layout).
    let (r, scale, rotation) = crate::animation_effect::drawn_rect(ui, rid, r, scale);
    let ctx = RegionCtx {
        id: rid,
        rect: vp.rect(&r, scale),
        units: r,
        scale,
        alpha: effective_alpha(ui, rid) as f32,
        clip: frame.clip,
        rotation,
    };
    if ctx.alpha <= 0.0 {
        return;
    }
    if rid == fid {
        if let Some(t) = &frame.edit_text {
            text::run_text(ui, vp, &ctx, t, items);
        }
        if let Some(msgs) = opts.messages.get(&fid) {
            messages::run(ui, vp, &ctx, msgs, opts.now, items);
        }
    } else if inherits_from(ty, "TextureBase") {
        items.extend(texture::quad(ui, vp, &ctx));
    } else if inherits_from(ty, "FontString") {
        text::run(ui, vp, &ctx, items);
    }
}

/// Draws a Line (from its two end points, not a rect).
fn draw_line(
    ui: &mut UiState,
    vp: &Viewport,
    rid: u32,
    clip: Option<ClipRect>,
    items: &mut Vec<DrawItem>,
) {
    let Some(n) = ui.get(rid).and_then(|o| o.node) else {
        return;
    };
    let scale = ui.layout.effective_scale(n);
    let ctx = RegionCtx {
        id: rid,
        rect: [0.0; 4],
        units: wowsim_layout::Rect::new(0.0, 0.0, 0.0, 0.0),
        scale,
        alpha: effective_alpha(ui, rid) as f32,
        clip,
        rotation: 0.0,
    };
    if ctx.alpha > 0.0 {
        items.extend(line::line(ui, vp, &ctx));
    }
}
