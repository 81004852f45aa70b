//! Anchor points, anchors and the errors the client raises when an anchor is refused.

use crate::NodeId;
use std::fmt;

/// One of the nine named points of a region's rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnchorPoint {
    TopLeft,
    Top,
    TopRight,
    Left,
    Center,
    Right,
    BottomLeft,
    Bottom,
    BottomRight,
}

/// Where a point lies on the horizontal axis of a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HPos {
    Left,
    Center,
    Right,
}

/// Where a point lies on the vertical axis of a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VPos {
    Top,
    Middle,
    Bottom,
}

impl AnchorPoint {
    /// Every point, in the client's order (the order `GetPoint(i)` reports them in).
    pub const ALL: [Self; 9] = [
        Self::TopLeft,
        Self::Top,
        Self::TopRight,
        Self::Left,
        Self::Center,
        Self::Right,
        Self::BottomLeft,
        Self::Bottom,
        Self::BottomRight,
    ];

    /// Parses a point name such as `"topleft"` or `"CENTER"` (case-insensitive).
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// The client's spelling of this point, e.g. `"TOPLEFT"`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::TopLeft => "TOPLEFT",
            Self::Top => "TOP",
            Self::TopRight => "TOPRIGHT",
            Self::Left => "LEFT",
            Self::Center => "CENTER",
            Self::Right => "RIGHT",
            Self::BottomLeft => "BOTTOMLEFT",
            Self::Bottom => "BOTTOM",
            Self::BottomRight => "BOTTOMRIGHT",
        }
    }

    /// Position of this point in [`AnchorPoint::ALL`] (0..9).
    pub fn index(&self) -> usize {
        *self as usize
    }

    /// The horizontal component of this point.
    pub(crate) fn h(&self) -> HPos {
        match self {
            Self::TopLeft | Self::Left | Self::BottomLeft => HPos::Left,
            Self::Top | Self::Center | Self::Bottom => HPos::Center,
            Self::TopRight | Self::Right | Self::BottomRight => HPos::Right,
        }
    }

    /// The vertical component of this point.
    pub(crate) fn v(&self) -> VPos {
        match self {
            Self::TopLeft | Self::Top | Self::TopRight => VPos::Top,
            Self::Left | Self::Center | Self::Right => VPos::Middle,
            Self::BottomLeft | Self::Bottom | Self::BottomRight => VPos::Bottom,
        }
    }
}

impl fmt::Display for AnchorPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `SetPoint(point, relative, relative_point, x, y)`: this region's `point` sits at
/// `relative`'s `relative_point` plus `(x, y)` in this region's own (scaled) units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Anchor {
    pub point: AnchorPoint,
    /// `None` anchors to the screen itself.
    pub relative: Option<NodeId>,
    pub relative_point: AnchorPoint,
    pub x: f32,
    pub y: f32,
}

impl Anchor {
    /// An anchor of `point` to the same point of `relative`, without offset.
    pub fn new(point: AnchorPoint, relative: Option<NodeId>) -> Self {
        Self::with(point, relative, point, 0.0, 0.0)
    }

    /// An anchor with every field given.
    pub fn with(
        point: AnchorPoint,
        relative: Option<NodeId>,
        relative_point: AnchorPoint,
        x: f32,
        y: f32,
    ) -> Self {
        Self {
            point,
            relative,
            relative_point,
            x,
            y,
        }
    }
}

/// Why `set_point` refused an anchor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnchorError {
    /// The region was asked to anchor to itself.
    SelfAnchor,
    /// `relative` (transitively) depends on the region being anchored.
    ///
    /// `dependent` is the region on the chain that anchors directly to the region
    /// being anchored; `ancestors` continue the chain up to `relative` (empty when
    /// `dependent == relative`). This is the order the client lists them in.
    Cycle {
        relative: NodeId,
        dependent: NodeId,
        ancestors: Vec<NodeId>,
    },
    /// The region, or the relative region, does not exist (or was removed).
    UnknownNode(NodeId),
}

impl AnchorError {
    /// The bracketed reason as the client writes it, e.g. `Cannot anchor to itself`.
    pub fn reason(&self) -> &'static str {
        match self {
            Self::SelfAnchor => "Cannot anchor to itself",
            Self::Cycle { .. } => "Cannot anchor to a region dependent on it",
            Self::UnknownNode(_) => "Unknown region",
        }
    }

    /// The full client error text. `attempted_from` is e.g. `"Frame:SetPoint"` or
    /// `"Frame:SetAllPoints"`; `name` renders a region the way the client shows it.
    pub fn client_message(&self, attempted_from: &str, name: impl Fn(NodeId) -> String) -> String {
        let mut s = format!("{self}: attempted from: {attempted_from}.");
        if let Self::Cycle {
            relative,
            dependent,
            ancestors,
        } = self
        {
            s.push_str(&format!("\nRelative: [{}]", name(*relative)));
            s.push_str(&format!("\nDependent: [{}]", name(*dependent)));
            if !ancestors.is_empty() {
                s.push_str("\nDependent ancestors:");
                for a in ancestors {
                    s.push_str(&format!("\n[{}]", name(*a)));
                }
            }
        }
        s
    }
}

impl fmt::Display for AnchorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Action[SetPoint] failed because[{}]", self.reason())
    }
}

impl std::error::Error for AnchorError {}
