//! wowsim-render: what the UI draws, as plain data (a [`DrawList`]), plus the text layout that
//! both the simulator (string measurement, `GetStringWidth`) and the rasterizer rely on, so that
//! layout and pixels agree. No GPU, no image decoding, no Lua: the simulator produces a
//! `DrawList`, a rasterizer (`wowsim-raster`) or a window turns it into pixels.
//!
//! Coordinates are pixels of the target image, origin at the top-left, y down. Colours are
//! straight (not premultiplied) RGBA in 0..=1, in gamma space as the client blends them.
//!
//! | concept | type |
//! | --- | --- |
//! | one frame's worth of drawing, back to front | [`DrawList`], [`DrawItem`] |
//! | a textured, vertex-coloured rectangle (Texture, colour texture, gradient, inline icon) | [`Quad`] |
//! | mask textures multiplying a quad's alpha | [`Mask`] |
//! | a Line region (a band at any angle) | [`LineQuad`] |
//! | a Cooldown swipe (a sector of a quad) | [`Swipe`] |
//! | laid-out glyphs of a FontString | [`TextRun`], [`Glyph`] |
//! | `SetBlendMode` values | [`BlendMode`] |
//! | wrap modes (`CLAMP`, `REPEAT`, `MIRROR`, `CLAMPTOBLACK`, …) | [`Wrap`] |
//! | clipping (`SetClipsChildren`, scroll frames, `--crop`) | [`ClipRect`] |
//! | markup (`|c`, `|r`, `|n`, `||`, `|T`) and line layout, measurement, fonts | [`markup`], [`text`] |
//! | client paths → files (textures, fonts) | [`files`] |

pub use ab_glyph;

pub mod files;
pub mod markup;
pub mod text;

/// Straight RGBA, 0..=1.
pub type Rgba = [f32; 4];

/// Everything to draw, in order (first item at the back).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrawList {
    /// Target size in pixels.
    pub width: u32,
    pub height: u32,
    pub items: Vec<DrawItem>,
}

/// One drawing command.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawItem {
    Quad(Quad),
    Text(TextRun),
    /// A Line region: a textured band along a segment at any angle.
    Line(LineQuad),
    /// A Cooldown swipe: a quad of which only a sector around its centre is drawn.
    Swipe(Swipe),
}

/// How a source colour combines with what is already drawn (the client's `SetBlendMode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlendMode {
    /// Replace: the source is opaque.
    Disable,
    /// `src * a + dst * (1 - a)`.
    #[default]
    Blend,
    /// Alpha test: pixels with alpha below one half are discarded, the others are opaque.
    AlphaKey,
    /// `dst + src * a`.
    Add,
    /// `dst * src` (alpha ignored).
    Mod,
}

impl BlendMode {
    /// The client's name (`"BLEND"`, `"ADD"`, ...); unknown names are `None`.
    pub fn parse(s: &str) -> Option<BlendMode> {
        Some(match s.to_ascii_uppercase().as_str() {
            "DISABLE" => BlendMode::Disable,
            "BLEND" => BlendMode::Blend,
            "ALPHAKEY" => BlendMode::AlphaKey,
            "ADD" => BlendMode::Add,
            "MOD" => BlendMode::Mod,
            _ => return None,
        })
    }
}

/// How tex coords outside 0..1 sample an image on one axis (the client's wrap modes, given
/// to `SetTexture(file, hWrapMode, vWrapMode)` or as XML `hWrapMode`/`vWrapMode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Wrap {
    /// `CLAMP`: the edge texels continue.
    #[default]
    Clamp,
    /// `REPEAT`: the image repeats.
    Repeat,
    /// `MIRROR`: the image repeats, every other copy flipped.
    Mirror,
    /// `CLAMPTOBLACK`: opaque black outside the image.
    ClampToBlack,
    /// `CLAMPTOBLACKADDITIVE`: transparent black outside the image (adds nothing).
    ClampToBlackAdditive,
    /// `CLAMPTOWHITE`: opaque white outside the image.
    ClampToWhite,
}

impl Wrap {
    /// The client's name (`"REPEAT"`, any case); unknown names are `None`.
    pub fn parse(s: &str) -> Option<Wrap> {
        Some(match s.to_ascii_uppercase().as_str() {
            "CLAMP" => Wrap::Clamp,
            "REPEAT" => Wrap::Repeat,
            "MIRROR" => Wrap::Mirror,
            "CLAMPTOBLACK" => Wrap::ClampToBlack,
            "CLAMPTOBLACKADDITIVE" => Wrap::ClampToBlackAdditive,
            "CLAMPTOWHITE" => Wrap::ClampToWhite,
            _ => return None,
        })
    }

    /// The colour outside the image for the clamp-to-border modes.
    pub fn border(self) -> Option<Rgba> {
        match self {
            Wrap::ClampToBlack => Some([0.0, 0.0, 0.0, 1.0]),
            Wrap::ClampToBlackAdditive => Some([0.0, 0.0, 0.0, 0.0]),
            Wrap::ClampToWhite => Some([1.0, 1.0, 1.0, 1.0]),
            _ => None,
        }
    }
}

/// An axis-aligned clip rectangle in pixels: a pixel is drawn when its centre lies inside
/// `[x0, x1) × [y0, y1)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipRect {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl ClipRect {
    pub fn new(x0: f32, y0: f32, x1: f32, y1: f32) -> ClipRect {
        ClipRect { x0, y0, x1, y1 }
    }

    /// The overlap of two clips (empty when they do not meet).
    pub fn intersect(&self, o: &ClipRect) -> ClipRect {
        ClipRect {
            x0: self.x0.max(o.x0),
            y0: self.y0.max(o.y0),
            x1: self.x1.min(o.x1).max(self.x0.max(o.x0)),
            y1: self.y1.min(o.y1).max(self.y0.max(o.y0)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.x1 <= self.x0 || self.y1 <= self.y0
    }
}

/// What a quad samples.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TexSource {
    /// Plain white: the quad's vertex colours are the colour (`SetColorTexture`, gradients).
    White,
    /// An image file by the client's path (`Interface\\Icons\\Foo`, any case, with or without
    /// extension). The rasterizer finds and decodes it, or draws its placeholder.
    File(String),
    /// Something that cannot be drawn (an atlas without atlas data): the placeholder, counted.
    Missing(String),
}

/// A textured rectangle. Corner order everywhere: top-left, top-right, bottom-left,
/// bottom-right (screen corners; tex coords and colours follow the screen corners).
#[derive(Clone, Debug, PartialEq)]
pub struct Quad {
    /// `[x0, y0, x1, y1]` in pixels, x0 <= x1, y0 <= y1.
    pub rect: [f32; 4],
    pub source: TexSource,
    /// Texture coordinates at the four corners (0..1 across the image, v down).
    pub uv: [[f32; 2]; 4],
    /// Vertex colours at the four corners (vertex colour × gradient × effective alpha).
    pub colors: [Rgba; 4],
    pub blend: BlendMode,
    /// `SetDesaturated`: draw the texture in grey.
    pub desaturate: bool,
    /// `SetHorizTile` / `SetVertTile`: the size of the rect in UI units on tiled axes, so the
    /// image repeats once per its own size (`None` = stretch).
    pub tile: [Option<f32>; 2],
    /// Wrap modes (horizontal, vertical): what tex coords outside 0..1 sample. A tiled axis
    /// repeats whatever its mode.
    pub wrap: [Wrap; 2],
    pub clip: Option<ClipRect>,
    /// Mask textures (`AddMaskTexture`, XML `<MaskedTextures>`): each multiplies the alpha.
    pub masks: Vec<Mask>,
}

/// A mask texture placed on the screen: the alpha of `source` sampled at `rect` (with tex
/// coords `uv`, corners as in [`Quad`]) multiplies what it masks; outside `rect` the masked
/// texture is not drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Mask {
    pub rect: [f32; 4],
    pub source: TexSource,
    pub uv: [[f32; 2]; 4],
}

/// A Line region (`CreateLine`): a band `thickness` pixels wide centred on the segment
/// `from` → `to` (pixels). Tex coords run along the line (u from `from` to `to`) and across it
/// (v from the left side of the direction of travel to the right); corners as in [`Quad`]:
/// start-left, end-left, start-right, end-right.
#[derive(Clone, Debug, PartialEq)]
pub struct LineQuad {
    pub from: [f32; 2],
    pub to: [f32; 2],
    pub thickness: f32,
    pub source: TexSource,
    pub uv: [[f32; 2]; 4],
    /// As [`Quad::wrap`].
    pub wrap: [Wrap; 2],
    pub color: Rgba,
    pub blend: BlendMode,
    pub clip: Option<ClipRect>,
}

/// A Cooldown swipe: the part of `quad` whose angle around the quad's centre, as a fraction of
/// a turn clockwise from 12 o'clock, lies in `[from, to)` (0 <= from <= to <= 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Swipe {
    pub quad: Quad,
    pub from: f32,
    pub to: f32,
}

impl Swipe {
    /// Whether the pixel centre (x, y) is inside the swept sector.
    #[inline]
    pub fn covers(&self, x: f32, y: f32) -> bool {
        let [x0, y0, x1, y1] = self.quad.rect;
        let (dx, dy) = (x - (x0 + x1) * 0.5, y - (y0 + y1) * 0.5);
        let mut a = dx.atan2(-dy) / std::f32::consts::TAU;
        if a < 0.0 {
            a += 1.0;
        }
        a >= self.from && a < self.to
    }
}

impl Quad {
    /// A quad covering `rect` with the whole image, one colour.
    pub fn new(rect: [f32; 4], source: TexSource, color: Rgba) -> Quad {
        Quad {
            rect,
            source,
            uv: [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
            colors: [color; 4],
            blend: BlendMode::Blend,
            desaturate: false,
            tile: [None, None],
            wrap: [Wrap::Clamp; 2],
            clip: None,
            masks: Vec::new(),
        }
    }
}

/// `OUTLINE` / `THICKOUTLINE` font flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Outline {
    #[default]
    None,
    Normal,
    Thick,
}

/// One glyph to draw: a glyph id of the run's face at a pen position (pixels, baseline).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    pub id: u16,
    pub x: f32,
    pub y: f32,
    pub color: Rgba,
}

/// Laid-out text of one FontString, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct TextRun {
    /// The font the glyph ids belong to.
    pub face: text::Face,
    pub glyphs: Vec<Glyph>,
    /// Font size in pixels (the line height).
    pub px_size: f32,
    pub outline: Outline,
    /// `MONOCHROME`: glyphs without antialiasing (coverage is all or nothing).
    pub monochrome: bool,
    /// Shadow colour and offset in pixels (x right, y down), drawn under the glyphs.
    pub shadow: Option<(Rgba, [f32; 2])>,
    pub clip: Option<ClipRect>,
}
