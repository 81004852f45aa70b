//! Text layout: glyph advances, explicit and word-wrapped lines, ellipsis truncation, and the
//! measurement the simulator answers `GetStringWidth`/`GetStringHeight` with. Sizes are in UI
//! units; a font of height `h` has lines `h` units high (ascent + descent), like the client.
//! Text is laid out in a [`Face`]: a client font file the user's art folder holds
//! (`Fonts\FRIZQT__.TTF`, …; the simulator loads it) or the embedded fallback font (DejaVu Sans
//! Condensed, Bitstream Vera licence, `fonts/LICENSE`) for every path it cannot load.
//!
//! | client behaviour | Rust |
//! | --- | --- |
//! | `GetStringWidth` / `GetUnboundedStringWidth` (widest explicit line, no wrap) | [`string_width`] |
//! | `GetStringHeight`, `GetNumLines`, `IsTruncated` (wrapped to the region width) | [`layout`] |
//! | `SetWordWrap(false)`: one line per explicit break, cut with `...` | [`LayoutOpts::word_wrap`] |
//! | `SetNonSpaceWrap`, `SetMaxLines`, `SetSpacing` | [`LayoutOpts`] |
//! | `SetFont(file, …)`: the face of the file | [`Face`] |

use crate::markup::{self, Token};
use crate::Rgba;
use ab_glyph::{Font, FontArc, FontRef, GlyphId, PxScale, ScaleFont};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock};

static FONT_DATA: &[u8] = include_bytes!("../fonts/DejaVuSansCondensed.ttf");
static FALLBACK: LazyLock<Face> = LazyLock::new(|| Face {
    id: 0,
    name: Arc::from("DejaVuSansCondensed.ttf (embedded)"),
    font: FontArc::new(FontRef::try_from_slice(FONT_DATA).expect("the embedded font parses")),
});
/// Ids of loaded faces (0 is the fallback).
static NEXT_ID: AtomicU32 = AtomicU32::new(1);

/// The embedded font file (for front ends that draw their own text, e.g. the window's panel).
pub fn font_bytes() -> &'static [u8] {
    FONT_DATA
}

/// A font to lay out and draw text with. Cheap to clone; two faces are equal when they are
/// the same load (each load gets its own id, which rasterizers key their glyph caches by).
#[derive(Clone)]
pub struct Face {
    id: u32,
    name: Arc<str>,
    font: FontArc,
}

impl PartialEq for Face {
    fn eq(&self, o: &Face) -> bool {
        self.id == o.id
    }
}

impl std::fmt::Debug for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Face({})", self.name)
    }
}

impl Default for Face {
    fn default() -> Face {
        Face::fallback()
    }
}

impl Face {
    /// The embedded fallback font.
    pub fn fallback() -> Face {
        FALLBACK.clone()
    }

    /// A face from the bytes of a TrueType/OpenType file (`name` says where it came from);
    /// an error when the bytes are not a font.
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Result<Face, String> {
        let font = FontArc::try_from_vec(bytes)
            .map_err(|e| format!("not a TrueType or OpenType font ({e})"))?;
        if font.glyph_count() == 0 || font.height_unscaled() <= 0.0 {
            return Err("the font has no glyphs or no height".into());
        }
        Ok(Face {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            name: Arc::from(name),
            font,
        })
    }

    /// The id rasterizers key glyph caches by (0 = the fallback).
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Where the face came from (a file path, or the embedded font).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The font, for rasterizers.
    pub fn font(&self) -> &FontArc {
        &self.font
    }

    /// Distance from a line's top to its baseline, for a font of height `size`.
    pub fn ascent(&self, size: f32) -> f32 {
        self.font.as_scaled(PxScale::from(size)).ascent()
    }

    fn glyph(&self, c: char) -> GlyphId {
        self.font.glyph_id(c)
    }

    fn advance(&self, id: GlyphId, size: f32) -> f32 {
        self.font.as_scaled(PxScale::from(size)).h_advance(id)
    }
}

/// The embedded font (for rasterizers).
pub fn font() -> Face {
    Face::fallback()
}

/// Distance from a line's top to its baseline in the fallback font.
pub fn ascent(size: f32) -> f32 {
    FALLBACK.ascent(size)
}

/// How to lay text out.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutOpts {
    /// The font.
    pub face: Face,
    /// Font height in UI units.
    pub size: f32,
    /// Extra space between lines (`SetSpacing`).
    pub spacing: f32,
    /// Width to wrap or cut at (`None` or 0 = unbounded).
    pub max_width: Option<f32>,
    pub word_wrap: bool,
    /// `SetNonSpaceWrap`: kept for callers; a word wider than the line is always broken
    /// where it stops fitting (the client's long-word behaviour is not modelled further).
    pub non_space_wrap: bool,
    /// At most this many lines (0 = any); the last shown line ends with `...` when cut.
    pub max_lines: usize,
}

impl LayoutOpts {
    pub fn new(size: f32) -> LayoutOpts {
        LayoutOpts {
            face: Face::fallback(),
            size,
            spacing: 0.0,
            max_width: None,
            word_wrap: true,
            non_space_wrap: false,
            max_lines: 0,
        }
    }
}

/// What sits at a place on a line.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Glyph {
        id: u16,
        color: Option<Rgba>,
    },
    /// An inline texture: size in UI units.
    Icon {
        path: String,
        width: f32,
        height: f32,
    },
}

/// An item with its pen position (UI units from the line start).
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub item: Item,
    pub x: f32,
    pub advance: f32,
    space: bool,
    /// The hyperlink this item is shown for: an index into [`TextLayout::links`].
    pub link: Option<usize>,
}

/// One laid-out line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Line {
    pub items: Vec<Placed>,
    /// Width without trailing spaces.
    pub width: f32,
}

/// Laid-out text: lines top to bottom, positions in UI units.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextLayout {
    pub lines: Vec<Line>,
    /// The widest line.
    pub width: f32,
    /// `lines × size + (lines − 1) × spacing` (0 without text).
    pub height: f32,
    /// Some text was cut (ellipsis or line limit).
    pub truncated: bool,
    /// The link strings of the text's hyperlinks (`|Hlink|htext|h`), in order.
    pub links: Vec<String>,
}

/// The glyphs and advances of one face at one size, looked up once per ASCII character: a
/// text of megabytes (an EditBox's, whose cursor is measured each frame it moves) looked each
/// character up in the font's tables again.
struct Glyphs<'a> {
    face: &'a Face,
    size: f32,
    ascii: [Option<(GlyphId, f32)>; 128],
}

impl<'a> Glyphs<'a> {
    fn new(face: &'a Face, size: f32) -> Glyphs<'a> {
        Glyphs {
            face,
            size,
            ascii: [None; 128],
        }
    }

    /// The glyph of `c` and its advance.
    fn get(&mut self, c: char) -> (GlyphId, f32) {
        let look = |face: &Face| {
            let g = face.glyph(c);
            (g, face.advance(g, self.size))
        };
        match self.ascii.get_mut(c as usize) {
            Some(Some(hit)) => *hit,
            Some(slot) => *slot.insert(look(self.face)),
            None => look(self.face),
        }
    }
}

fn item_of(tok: Token, glyphs: &mut Glyphs, size: f32) -> Option<Placed> {
    Some(match tok {
        Token::Char(c, color) => {
            let (g, advance) = glyphs.get(c);
            Placed {
                item: Item::Glyph { id: g.0, color },
                x: 0.0,
                advance,
                space: c == ' ' || c == '\t',
                link: None,
            }
        }
        Token::Icon {
            path,
            height,
            width,
        } => {
            let h = if height > 0.0 { height } else { size };
            let w = if width > 0.0 { width } else { h };
            Placed {
                item: Item::Icon {
                    path,
                    width: w,
                    height: h,
                },
                x: 0.0,
                advance: w,
                space: false,
                link: None,
            }
        }
        Token::Newline | Token::LinkStart(_) | Token::LinkEnd => return None,
    })
}

fn finish(mut items: Vec<Placed>) -> Line {
    let mut x = 0.0;
    for p in items.iter_mut() {
        p.x = x;
        x += p.advance;
    }
    let width = items
        .iter()
        .rposition(|p| !p.space)
        .map_or(0.0, |i| items[i].x + items[i].advance);
    Line { items, width }
}

/// Cuts a line to `max` with a trailing `...`.
fn ellipsize(line: Line, max: f32, face: &Face, size: f32) -> Line {
    let dot = face.glyph('.');
    let dots = face.advance(dot, size) * 3.0;
    let mut items = line.items;
    while let Some(last) = items.last() {
        if last.x + last.advance + dots <= max && !last.space {
            break;
        }
        items.pop();
    }
    for _ in 0..3 {
        let color = items.iter().rev().find_map(|p| match p.item {
            Item::Glyph { color, .. } => Some(color),
            _ => None,
        });
        items.push(Placed {
            item: Item::Glyph {
                id: dot.0,
                color: color.flatten(),
            },
            x: 0.0,
            advance: face.advance(dot, size),
            space: false,
            link: None,
        });
    }
    finish(items)
}

/// Splits one explicit line into wrapped lines of at most `max` units.
fn wrap(items: Vec<Placed>, max: f32, out: &mut Vec<Line>) {
    let mut cur: Vec<Placed> = Vec::new();
    let mut width = 0.0f32;
    // Index in `cur` just after the last space (a break opportunity).
    let mut brk: Option<usize> = None;
    for p in items {
        if p.space {
            width += p.advance;
            cur.push(p);
            brk = Some(cur.len());
            continue;
        }
        if width + p.advance > max + 1e-3 && !cur.is_empty() {
            match brk.filter(|&b| b > 0) {
                Some(b) => {
                    let rest = cur.split_off(b);
                    out.push(finish(std::mem::take(&mut cur)));
                    cur = rest;
                }
                None => out.push(finish(std::mem::take(&mut cur))),
            }
            brk = None;
            width = cur.iter().map(|q| q.advance).sum();
        }
        width += p.advance;
        cur.push(p);
    }
    out.push(finish(cur));
}

/// Lays text out.
pub fn layout(text: &str, o: &LayoutOpts) -> TextLayout {
    let size = o.size.max(0.0);
    let mut explicit: Vec<Vec<Placed>> = vec![Vec::new()];
    let (mut links, mut link) = (Vec::new(), None);
    let mut glyphs = Glyphs::new(&o.face, size);
    for tok in markup::parse(text) {
        match tok {
            Token::LinkStart(l) => {
                link = Some(links.len());
                links.push(l);
                continue;
            }
            Token::LinkEnd => {
                link = None;
                continue;
            }
            _ => {}
        }
        match item_of(tok, &mut glyphs, size) {
            Some(p) => explicit
                .last_mut()
                .expect("one line")
                .push(Placed { link, ..p }),
            None => explicit.push(Vec::new()),
        }
    }
    if explicit.len() == 1 && explicit[0].is_empty() {
        return TextLayout::default();
    }
    let max = o.max_width.filter(|w| *w > 0.0);
    let mut lines = Vec::new();
    let mut truncated = false;
    for items in explicit {
        match max {
            Some(m) if o.word_wrap => wrap(items, m, &mut lines),
            Some(m) => {
                let l = finish(items);
                if l.width > m + 1e-3 {
                    truncated = true;
                    lines.push(ellipsize(l, m, &o.face, size));
                } else {
                    lines.push(l);
                }
            }
            None => lines.push(finish(items)),
        }
    }
    if o.max_lines > 0 && lines.len() > o.max_lines {
        lines.truncate(o.max_lines);
        truncated = true;
        let last = lines.pop().expect("max_lines > 0");
        let cut = max.unwrap_or(last.width).max(0.0);
        lines.push(ellipsize(last, cut, &o.face, size));
    }
    let width = lines.iter().map(|l| l.width).fold(0.0, f32::max);
    let n = lines.len() as f32;
    TextLayout {
        lines,
        width,
        height: n * size + (n - 1.0).max(0.0) * o.spacing,
        truncated,
        links,
    }
}

/// The width of the widest explicit line in `face`, without wrapping (`GetStringWidth`).
/// The same as `layout`'s width without wrapping, summed as `finish` sums a line (the same
/// order, so the same value), without placing the items.
pub fn string_width_in(text: &str, face: &Face, size: f32) -> f32 {
    let size = size.max(0.0);
    let mut glyphs = Glyphs::new(face, size);
    // The widest line so far; the pen; the pen after the line's last item that is no space.
    let (mut widest, mut x, mut line) = (0.0f32, 0.0f32, 0.0f32);
    for tok in markup::parse(text) {
        if matches!(tok, Token::Newline) {
            widest = widest.max(line);
            (x, line) = (0.0, 0.0);
            continue;
        }
        if let Some(p) = item_of(tok, &mut glyphs, size) {
            x += p.advance;
            if !p.space {
                line = x;
            }
        }
    }
    widest.max(line)
}

/// The width of the widest explicit line in the fallback font, without wrapping.
pub fn string_width(text: &str, size: f32) -> f32 {
    string_width_in(text, &FALLBACK, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_width_alone_is_the_layouts_width() {
        let texts = [
            "",
            "Hello",
            "Hello   ",
            "  lead",
            "Hello\nHi there\n",
            "\n\n",
            "|cffff0000red|r and |Hitem:1|h[link]|h",
            "an |TInterface\\Icons\\X:0|t icon |T:20:30|t",
            "Grüße, ½ ✓ 漢字\t",
            "|n|n  |r",
        ];
        for t in texts {
            for size in [0.0, 7.5, 12.0, 31.0] {
                let mut o = LayoutOpts::new(size);
                o.face = Face::fallback();
                assert_eq!(
                    string_width_in(t, &o.face, size),
                    layout(t, &o).width,
                    "{t:?} at {size}"
                );
            }
        }
    }

    #[test]
    fn widths_grow_with_text_and_size() {
        assert_eq!(string_width("", 12.0), 0.0);
        let a = string_width("Hello", 12.0);
        assert!(a > 20.0 && a < 40.0, "{a}");
        assert!((string_width("Hello", 24.0) - 2.0 * a).abs() < 1e-3);
        assert_eq!(string_width("|cffff0000Hello|r", 12.0), a);
        assert_eq!(string_width("Hello\nHi", 12.0), a);
        assert_eq!(string_width("Hello   ", 12.0), a);
    }

    #[test]
    fn wraps_at_spaces() {
        let mut o = LayoutOpts::new(10.0);
        let one = layout("aaa bbb ccc", &o);
        assert_eq!((one.lines.len(), one.height), (1, 10.0));
        o.max_width = Some(string_width("aaa bbb", 10.0) + 0.5);
        o.spacing = 2.0;
        let l = layout("aaa bbb ccc", &o);
        assert_eq!(l.lines.len(), 2);
        assert_eq!(l.height, 22.0);
        assert_eq!(l.lines[1].items.len(), 3);
        o.word_wrap = false;
        let cut = layout("aaa bbb ccc", &o);
        assert_eq!(cut.lines.len(), 1);
        assert!(cut.truncated && cut.width <= o.max_width.unwrap());
    }

    #[test]
    fn faces_load_or_say_why() {
        let bad = Face::from_bytes("junk.ttf", b"not a font at all".to_vec());
        assert!(bad.is_err());
        let again = Face::from_bytes("copy.ttf", font_bytes().to_vec()).unwrap();
        assert_ne!(again, Face::fallback());
        assert_ne!(again.id(), 0);
        assert_eq!(
            string_width_in("Hello", &again, 12.0),
            string_width("Hello", 12.0)
        );
    }

    #[test]
    fn max_lines_and_icons() {
        let mut o = LayoutOpts::new(10.0);
        o.max_lines = 1;
        let l = layout("a|nb", &o);
        assert_eq!((l.lines.len(), l.truncated), (1, true));
        let icon = layout("|Tfoo:0|t", &LayoutOpts::new(14.0));
        assert_eq!(icon.width, 14.0);
    }
}
