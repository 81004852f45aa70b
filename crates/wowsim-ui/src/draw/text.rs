//! A FontString → a text run (plus one quad per inline `|T` texture), laid out with
//! `wowsim_render::text` exactly as `GetStringWidth`/`GetStringHeight` measure it. A FontString
//! with no width of its own (one anchor) is as wide as its text and placed by its anchor point
//! (LEFT-side points grow right, RIGHT-side points grow left, others are centred); the same for
//! height. Line origins are snapped to whole pixels, as the client snaps text.
//!
//! | WoW name | field(s) |
//! | --- | --- |
//! | `SetText`, `SetFormattedText` | `text` (markup: `wowsim_render::markup`) |
//! | `SetFont(file, height, flags)`, `SetFontObject` | `fontFile` (the face: `super::fonts`), `fontHeight`, `fontFlags` (`OUTLINE`, `THICKOUTLINE`, `MONOCHROME`) |
//! | `SetTextColor`, `SetShadowColor`, `SetShadowOffset` | `text[RGBA]`, `shadow[RGBA]`, `shadow[XY]` |
//! | `SetJustifyH`, `SetJustifyV`, `SetSpacing`, `SetWordWrap`, `SetNonSpaceWrap`, `SetMaxLines` | `justifyh`, `justifyv`, `spacing`, `wordWrap`, `nonSpaceWrap`, `maxLines` |
use crate::arena::UiState;
use crate::draw::RegionCtx;
use crate::draw::Viewport;
use crate::fields::FieldVal;
use crate::font::font_height;
use crate::font::resolve;

use wowsim_layout::{AnchorPoint, Rect};
use wowsim_render::text::{self, Item, LayoutOpts};
use wowsim_render::{DrawItem, Glyph, Outline, Quad, Rgba, TexSource, TextRun};

fn rnum(ui: &UiState, id: u32, name: &str, default: f32) -> f32 {
    match resolve(ui, id, name) {
        Some(FieldVal::Num(n)) => n as f32,
        _ => default,
    }
}

pub(super) fn rstr(ui: &mut UiState, id: u32, name: &str) -> String {
    match resolve(ui, id, name) {
        Some(FieldVal::Str(s)) => s.to_ascii_uppercase(),
        _ => match ui.field_by_name(id, name) {
            FieldVal::Str(s) => s.to_ascii_uppercase(),
            _ => String::new(),
        },
    }
}

/// The layout options a FontString measures and draws with, in its own units.
pub fn layout_opts(ui: &mut UiState, id: u32, max_width: Option<f32>) -> LayoutOpts {
    let mut o = LayoutOpts::new(font_height(ui, id) as f32);
    if let Some(FieldVal::Str(file)) = resolve(ui, id, "fontFile") {
        o.face = ui.face(&file);
    }
    o.spacing = rnum(ui, id, "spacing", 0.0);
    o.max_width = max_width.filter(|w| *w > 0.0);
    o.word_wrap = ui.field_by_name(id, "wordWrap") != FieldVal::Bool(false);
    o.non_space_wrap = ui.field_by_name(id, "nonSpaceWrap") == FieldVal::Bool(true);
    o.max_lines = ui.field_by_name(id, "maxLines").as_f64().max(0.0) as usize;
    o
}

/// -1 = grows towards +axis from the anchor (left/bottom side), 0 = centred, 1 = grows towards
/// −axis (right/top side), for the first anchor's point.
fn anchor_side(ui: &UiState, id: u32) -> (i8, i8) {
    let Some(n) = ui.get(id).and_then(|o| o.node) else {
        return (0, 0);
    };
    let Some(a) = ui.layout.anchors(n).first() else {
        return (0, 0);
    };
    use AnchorPoint::*;
    let h = match a.point {
        TopLeft | Left | BottomLeft => -1,
        TopRight | Right | BottomRight => 1,
        _ => 0,
    };
    let v = match a.point {
        BottomLeft | Bottom | BottomRight => -1,
        TopLeft | Top | TopRight => 1,
        _ => 0,
    };
    (h, v)
}

/// Where laid-out text sits in a FontString's rect `r` (own units).
struct Placement {
    /// Left edge and width of the box lines are justified in.
    left: f32,
    width: f32,
    /// Top of the first line.
    top: f32,
    /// `justifyh`, upper case.
    justify: String,
}

fn placement(ui: &mut UiState, id: u32, r: Rect, lay: &text::TextLayout) -> Placement {
    let (side_h, side_v) = anchor_side(ui, id);
    let (bw, left) = if r.width > 0.0 {
        (r.width, r.left)
    } else {
        let off = match side_h {
            -1 => 0.0,
            1 => lay.width,
            _ => lay.width / 2.0,
        };
        (lay.width, r.left - off)
    };
    let (bh, top) = if r.height > 0.0 {
        (r.height, r.bottom + r.height)
    } else {
        let off = match side_v {
            -1 => lay.height,
            1 => 0.0,
            _ => lay.height / 2.0,
        };
        (lay.height, r.bottom + off)
    };
    let jv = rstr(ui, id, "justifyv");
    let text_top = top
        - match jv.as_str() {
            "TOP" => 0.0,
            "BOTTOM" => bh - lay.height,
            _ => (bh - lay.height) / 2.0,
        };
    Placement {
        left,
        width: bw,
        top: text_top,
        justify: rstr(ui, id, "justifyh"),
    }
}

fn line_left(left: f32, box_width: f32, justify: &str, line_width: f32) -> f32 {
    left + match justify {
        "LEFT" => 0.0,
        "RIGHT" => box_width - line_width,
        _ => (box_width - line_width) / 2.0,
    }
}

/// One line's part of a hyperlink's shown text, in the FontString's own units.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkBox {
    /// The link string (`item:123` of `|Hitem:123|h[Sword]|h`).
    pub link: String,
    /// The link's markup, `|Hitem:123|h[Sword]|h`.
    pub text: String,
    /// The box, in the FontString's own units.
    pub left: f32,
    pub bottom: f32,
    pub width: f32,
    pub height: f32,
}

/// The hyperlinks of FontString `id` drawn in rect `r`, laid out as [`run_text`] draws them.
pub fn link_boxes(ui: &mut UiState, id: u32, r: Rect) -> Vec<LinkBox> {
    let FieldVal::Str(s) = ui.field_by_name(id, "text") else {
        return Vec::new();
    };
    if !s.contains("|H") {
        return Vec::new();
    }
    let opts = layout_opts(ui, id, Some(r.width));
    if opts.size <= 0.0 {
        return Vec::new();
    }
    let lay = text::layout(&s, &opts);
    let texts = link_texts(&s);
    let p = placement(ui, id, r, &lay);
    let mut out = Vec::new();
    for (i, line) in lay.lines.iter().enumerate() {
        let lx = line_left(p.left, p.width, &p.justify, line.width);
        let line_top = p.top - i as f32 * (opts.size + opts.spacing);
        let mut k = 0;
        while k < line.items.len() {
            let Some(l) = line.items[k].link else {
                k += 1;
                continue;
            };
            let start = line.items[k].x;
            let mut end = start;
            while k < line.items.len() && line.items[k].link == Some(l) {
                end = line.items[k].x + line.items[k].advance;
                k += 1;
            }
            out.push(LinkBox {
                link: lay.links[l].clone(),
                text: texts.get(l).cloned().unwrap_or_default(),
                left: lx + start,
                bottom: line_top - opts.size,
                width: end - start,
                height: opts.size,
            });
        }
    }
    out
}

/// Each hyperlink's whole markup, `|Hlink|htext|h`, in order (the `text` the client passes to
/// the OnHyperlink scripts, what `GetFixedLink` and `ChatEdit_InsertLink` take).
fn link_texts(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(i) = rest.find("|H") {
        let Some(open) = rest[i + 2..].find("|h") else {
            break;
        };
        let body = i + 2 + open + 2;
        let end = rest[body..].find("|h").map_or(rest.len(), |c| body + c + 2);
        out.push(rest[i..end].to_string());
        rest = &rest[end..];
    }
    out
}

/// Appends the drawing of a FontString.
pub fn run(ui: &mut UiState, vp: &Viewport, ctx: &RegionCtx, out: &mut Vec<DrawItem>) {
    if let FieldVal::Str(s) = ui.field_by_name(ctx.id, "text") {
        run_text(ui, vp, ctx, &s, out);
    }
}

/// Appends the drawing of `s` in the font, colour and justification of `ctx.id` (a
/// FontString, or an EditBox drawing its own text).
pub(crate) fn run_text(
    ui: &mut UiState,
    vp: &Viewport,
    ctx: &RegionCtx,
    s: &str,
    out: &mut Vec<DrawItem>,
) {
    let id = ctx.id;
    let r = ctx.units;
    let opts = layout_opts(ui, id, Some(r.width));
    if s.is_empty() || opts.size <= 0.0 {
        return;
    }
    let lay = text::layout(s, &opts);
    let Placement {
        left,
        width: bw,
        top: text_top,
        justify: jh,
    } = placement(ui, id, r, &lay);
    let color: Rgba = [
        rnum(ui, id, "textR", 1.0),
        rnum(ui, id, "textG", 1.0),
        rnum(ui, id, "textB", 1.0),
        rnum(ui, id, "textA", 1.0) * ctx.alpha,
    ];
    let at = LinesAt {
        left,
        width: bw,
        top: text_top,
        justify: &jh,
        color,
    };
    push_lines(ui, vp, ctx, &opts, &lay, &at, out);
}

/// Where and in which colour [`push_lines`] draws laid-out text (own units; `color`'s alpha
/// already includes the region's).
pub(crate) struct LinesAt<'a> {
    pub left: f32,
    pub width: f32,
    /// Top of the first line.
    pub top: f32,
    /// `justifyh`, upper case.
    pub justify: &'a str,
    pub color: Rgba,
}

/// Appends the text run (and inline textures) of `lay`, laid out with `opts`, in the shadow
/// and outline of `ctx.id`'s font.
pub(crate) fn push_lines(
    ui: &mut UiState,
    vp: &Viewport,
    ctx: &RegionCtx,
    opts: &LayoutOpts,
    lay: &text::TextLayout,
    at: &LinesAt,
    out: &mut Vec<DrawItem>,
) {
    let id = ctx.id;
    let (a, color) = (ctx.alpha, at.color);
    let f = ctx.scale * vp.px_per_unit;
    let shadow_c = [
        rnum(ui, id, "shadowR", 0.0),
        rnum(ui, id, "shadowG", 0.0),
        rnum(ui, id, "shadowB", 0.0),
        rnum(ui, id, "shadowA", 0.0),
    ];
    let (sx, sy) = (rnum(ui, id, "shadowX", 0.0), rnum(ui, id, "shadowY", 0.0));
    let shadow = (shadow_c[3] > 0.0 && (sx != 0.0 || sy != 0.0))
        .then_some((shadow_c, [(sx * f).round(), (-sy * f).round()]));
    let flags = rstr(ui, id, "fontFlags");
    let outline = if flags.contains("THICK") {
        Outline::Thick
    } else if flags.contains("OUTLINE") {
        Outline::Normal
    } else {
        Outline::None
    };
    let px_size = opts.size * f;
    let ascent = opts.face.ascent(px_size);
    let mut glyphs = Vec::new();
    let mut icons = Vec::new();
    for (i, line) in lay.lines.iter().enumerate() {
        let lx = line_left(at.left, at.width, at.justify, line.width);
        let line_top = at.top - i as f32 * (opts.size + opts.spacing);
        let ox = (lx * f).round();
        let oy = (vp.height as f32 - line_top * f).round();
        for p in &line.items {
            match &p.item {
                Item::Glyph { id: gid, color: c } => glyphs.push(Glyph {
                    id: *gid,
                    x: ox + p.x * f,
                    y: oy + ascent,
                    color: c.map_or(color, |c| [c[0], c[1], c[2], color[3]]),
                }),
                Item::Icon {
                    path,
                    width,
                    height,
                } => {
                    let x0 = ox + p.x * f;
                    let y0 = oy + (opts.size - height) / 2.0 * f;
                    let src = match path.strip_prefix("atlas:") {
                        Some(_) => TexSource::Missing(path.clone()),
                        None => TexSource::File(path.clone()),
                    };
                    let mut q = Quad::new(
                        [x0, y0, x0 + width * f, y0 + height * f],
                        src,
                        [1.0, 1.0, 1.0, a],
                    );
                    q.clip = ctx.clip;
                    icons.push(DrawItem::Quad(q));
                }
            }
        }
    }
    out.push(DrawItem::Text(TextRun {
        face: opts.face.clone(),
        glyphs,
        px_size,
        outline,
        monochrome: flags.contains("MONOCHROME"),
        shadow,
        clip: ctx.clip,
    }));
    out.extend(icons);
}
