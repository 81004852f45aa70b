//! wowsim-layout: the anchor layout engine of the WoW UI (regions placed by `SetPoint`).
//!
//! A [`Layout`] is an arena of regions ("nodes"). Each node has a parent (for the
//! scale chain), an optional explicit size, a scale, up to one [`Anchor`] per
//! [`AnchorPoint`], and optionally a directly set rectangle (the root, UIParent).
//! [`Layout::compute_frame_rect`] resolves a node's rectangle lazily and caches it;
//! every mutation invalidates only the node and what transitively depends on it
//! (regions anchored to it, and for scale / parent changes its descendants).
//!
//! Coordinates: origin at the bottom-left of the screen, y up. The screen is given
//! in units of effective scale 1. Every node's rectangle is stored in the node's own
//! units: `screen_coordinate = own_coordinate * effective_scale`, so `GetLeft()` is
//! the screen x divided by the effective scale. Anchor offsets and sizes are in the
//! anchored node's own units; anchoring across scales goes through screen space.
//!
//! Client behaviours modelled (see the crate README in the final report):
//! * `GetPoint(i)` lists anchors in point order (TOPLEFT, TOP, ... BOTTOMRIGHT),
//!   not insertion order; setting a point that exists replaces it.
//! * Anchor cycles are refused with "Cannot anchor to itself" / "Cannot anchor to a
//!   region dependent on it" ([`AnchorError`]).
//! * A region without anchors has no rect; a region whose anchor target cannot be
//!   resolved has none either. An axis without a second edge or a size has extent 0.
//! * `IsRectValid` is true only once the rect has been resolved for the client (a rect
//!   getter, or the once-a-frame heartbeat for visible regions, [`Layout::heartbeat`]) and
//!   until the next change that affects it. Resolving for change reports
//!   ([`Layout::take_changes`]) does not count.
//!
//! ```
//! use wowsim_layout::{Anchor, AnchorPoint, Layout, Rect};
//!
//! let mut l = Layout::new(1024.0, 768.0);
//! let ui_parent = l.add_node(None);
//! l.set_rect_direct(ui_parent, Rect::new(0.0, 0.0, 1024.0, 768.0));
//! let frame = l.add_node(Some(ui_parent));
//! l.set_size(frame, Some(200.0), Some(100.0));
//! l.set_point(frame, Anchor::with(AnchorPoint::TopLeft, Some(ui_parent),
//!     AnchorPoint::TopLeft, 10.0, -10.0)).unwrap();
//! let bg = l.add_node(Some(frame));
//! l.set_all_points(bg, Some(frame)).unwrap();
//! assert_eq!(l.compute_frame_rect(bg), Some(Rect::new(10.0, 658.0, 200.0, 100.0)));
//!
//! // Refused like the client refuses it.
//! let err = l.set_point(frame, Anchor::new(AnchorPoint::Center, Some(bg))).unwrap_err();
//! assert_eq!(err.reason(), "Cannot anchor to a region dependent on it");
//!
//! // Moving the frame invalidates it and `bg` only; `take_changed` reports both.
//! l.take_changed();
//! l.set_point(frame, Anchor::with(AnchorPoint::TopLeft, Some(ui_parent),
//!     AnchorPoint::TopLeft, 20.0, -10.0)).unwrap();
//! assert_eq!(l.take_changed(), vec![frame, bg]);
//! ```

mod anchor;
mod cache;
mod graph;
mod node;
mod rect;
mod seen;

pub use anchor::{Anchor, AnchorError, AnchorPoint};
pub use node::Layout;
pub use rect::{ClampInsets, Rect};

/// Identifies a region in a [`Layout`]. Ids are never reused after removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    pub(crate) fn idx(self) -> usize {
        self.0 as usize
    }
}

/// Counters for tests and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayoutStats {
    /// How many times a node's rectangle was (re)computed.
    pub recomputed: u64,
    /// How many times a resolved rectangle was thrown away by an invalidation.
    pub invalidated: u64,
}

/// One entry of [`Layout::take_changes`]: a node whose resolved rect differs from
/// the one last reported (or first computed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RectChange {
    pub id: NodeId,
    pub old: Option<Rect>,
    pub new: Option<Rect>,
}

impl RectChange {
    /// True when the width or height changed (or the rect appeared / vanished):
    /// the condition for firing `OnSizeChanged`.
    pub fn size_changed(&self) -> bool {
        match (self.old, self.new) {
            (Some(a), Some(b)) => a.size_differs(&b),
            (None, None) => false,
            _ => true,
        }
    }
}
