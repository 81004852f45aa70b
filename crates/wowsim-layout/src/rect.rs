//! Rectangles and the pure geometry of turning resolved anchor positions into one.

use crate::anchor::{AnchorPoint, HPos, VPos};

/// A resolved rectangle, in the owning region's own (scaled) units.
/// Origin is the bottom-left of the screen, y grows upwards.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    pub left: f32,
    pub bottom: f32,
    pub width: f32,
    pub height: f32,
}

impl Rect {
    /// A rectangle from its left, bottom, width and height.
    pub fn new(left: f32, bottom: f32, width: f32, height: f32) -> Self {
        Self {
            left,
            bottom,
            width,
            height,
        }
    }

    /// The right edge (`GetRight`).
    pub fn right(&self) -> f32 {
        self.left + self.width
    }

    /// The top edge (`GetTop`).
    pub fn top(&self) -> f32 {
        self.bottom + self.height
    }

    /// The centre (`GetCenter`).
    pub fn center(&self) -> (f32, f32) {
        (
            self.left + self.width / 2.0,
            self.bottom + self.height / 2.0,
        )
    }

    /// The position of a named point of this rectangle.
    pub fn point(&self, p: AnchorPoint) -> (f32, f32) {
        let x = match p.h() {
            HPos::Left => self.left,
            HPos::Center => self.left + self.width / 2.0,
            HPos::Right => self.left + self.width,
        };
        let y = match p.v() {
            VPos::Top => self.bottom + self.height,
            VPos::Middle => self.bottom + self.height / 2.0,
            VPos::Bottom => self.bottom,
        };
        (x, y)
    }

    /// This rectangle multiplied by `k` (used to change coordinate spaces).
    pub fn scaled(&self, k: f32) -> Self {
        Self::new(
            self.left * k,
            self.bottom * k,
            self.width * k,
            self.height * k,
        )
    }

    /// Whether the two rectangles differ in size (what `OnSizeChanged` cares about).
    pub fn size_differs(&self, other: &Rect) -> bool {
        self.width != other.width || self.height != other.height
    }
}

/// The constraints gathered on one axis: the low edge (left / bottom), the middle
/// and the high edge (right / top), each from the first anchor (in point order)
/// that supplies it, plus the explicit size on that axis.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Axis {
    pub lo: Option<f32>,
    pub mid: Option<f32>,
    pub hi: Option<f32>,
}

impl Axis {
    fn set(slot: &mut Option<f32>, v: f32) {
        if slot.is_none() {
            *slot = Some(v);
        }
    }

    pub fn put_h(&mut self, h: HPos, v: f32) {
        match h {
            HPos::Left => Self::set(&mut self.lo, v),
            HPos::Center => Self::set(&mut self.mid, v),
            HPos::Right => Self::set(&mut self.hi, v),
        }
    }

    pub fn put_v(&mut self, p: VPos, v: f32) {
        match p {
            VPos::Bottom => Self::set(&mut self.lo, v),
            VPos::Middle => Self::set(&mut self.mid, v),
            VPos::Top => Self::set(&mut self.hi, v),
        }
    }

    /// Start and extent on this axis.
    ///
    /// Edges beat the middle: an edge anchor (`LEFT`, `TOPRIGHT`, ...) fixes that
    /// edge, and a middle component (from `TOP`, `CENTER`, `BOTTOM` on the x axis)
    /// only counts when the edges and the size do not already settle the axis: it
    /// is "pulled to the centre" only if the points are insufficient. A size of 0
    /// counts as no size (the client does not tell `SetSize(0, 0)` from unset);
    /// with nothing to give an extent, the extent is 0.
    pub fn resolve(&self, size: Option<f32>) -> Option<(f32, f32)> {
        let size = size.filter(|s| *s != 0.0);
        Some(match (self.lo, self.mid, self.hi, size) {
            (Some(lo), _, Some(hi), _) => (lo, hi - lo),
            (Some(lo), _, None, Some(s)) => (lo, s),
            (None, _, Some(hi), Some(s)) => (hi - s, s),
            (Some(lo), Some(mid), None, None) => (lo, 2.0 * (mid - lo)),
            (None, Some(mid), Some(hi), None) => (2.0 * mid - hi, 2.0 * (hi - mid)),
            (Some(lo), None, None, None) => (lo, 0.0),
            (None, None, Some(hi), None) => (hi, 0.0),
            (None, Some(mid), None, Some(s)) => (mid - s / 2.0, s),
            (None, Some(mid), None, None) => (mid, 0.0),
            (None, None, None, _) => return None,
        })
    }
}

/// Builds a rectangle from the two axes, or `None` when an axis has no anchor.
pub(crate) fn rect_from_axes(
    x: &Axis,
    y: &Axis,
    width: Option<f32>,
    height: Option<f32>,
) -> Option<Rect> {
    let (left, w) = x.resolve(width)?;
    let (bottom, h) = y.resolve(height)?;
    Some(Rect::new(left, bottom, w, h))
}

/// Clamp insets as `SetClampRectInsets(left, right, top, bottom)` takes them: offsets
/// from the region's own edges to the edges of the box that is kept on screen
/// (negative left / positive right grow the box, keeping the region further in).
pub type ClampInsets = [f32; 4];

/// Moves `r` (own units) so that its clamp box lies inside `screen` (same units).
/// When the box is larger than the screen, the left and top edges win.
pub(crate) fn clamp_rect(r: Rect, insets: ClampInsets, screen: Rect) -> Rect {
    let [il, ir, it, ib] = insets;
    let mut out = r;
    let box_right = r.right() + ir;
    if box_right > screen.right() {
        out.left -= box_right - screen.right();
    }
    let box_left = out.left + il;
    if box_left < screen.left {
        out.left += screen.left - box_left;
    }
    let box_bottom = r.bottom + ib;
    if box_bottom < screen.bottom {
        out.bottom += screen.bottom - box_bottom;
    }
    let box_top = out.top() + it;
    if box_top > screen.top() {
        out.bottom -= box_top - screen.top();
    }
    out
}
