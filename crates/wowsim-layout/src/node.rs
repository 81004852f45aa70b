//! The node arena: creating, removing and reparenting regions and their plain properties.

use crate::anchor::Anchor;
use crate::rect::{ClampInsets, Rect};
use crate::{LayoutStats, NodeId};
use thin_vec::ThinVec;

/// Cache state of a node's rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum State {
    Dirty,
    InProgress,
    Done(Option<Rect>),
}

/// One region's layout state. Kept small (a UI has tens of thousands): the lists are
/// `ThinVec`s (one pointer, the length and capacity in the allocation; empty ones allocate
/// nothing) and the rarely set direct rect and clamp insets live in [`Node::rare`].
pub(crate) struct Node {
    pub parent: Option<NodeId>,
    pub children: ThinVec<NodeId>,
    pub scale: f32,
    pub eff_scale: f32,
    pub scale_dirty: bool,
    pub width: Option<f32>,
    pub height: Option<f32>,
    /// The size the content asks for (a FontString's text), used on axes without an explicit
    /// size.
    pub intrinsic: (Option<f32>, Option<f32>),
    /// Sorted by point; at most one per point.
    pub anchors: ThinVec<Anchor>,
    /// One entry per anchor of another node that names this node.
    pub dependents: ThinVec<NodeId>,
    /// The direct rect and clamp insets; `None` while both are unset.
    pub rare: Option<Box<Rare>>,
    pub state: State,
    /// The rect last reported by `take_changes` (or first computed); `None` = never computed.
    pub baseline: Option<Option<Rect>>,
    /// Listed in `Layout::pending`.
    pub pending: bool,
    /// The client has seen the rect since it last changed (`IsRectValid`): set when a caller
    /// resolves the node or something anchored to it, cleared when it is invalidated.
    pub seen: bool,
    /// Listed in `Layout::unseen`.
    pub unseen_listed: bool,
}

/// The fields of a [`Node`] that few nodes set.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Rare {
    /// `set_rect_direct`'s rect (own units), overriding the anchors.
    pub direct: Option<Rect>,
    /// `set_clamped`'s insets when the node is clamped to the screen.
    pub clamp: Option<ClampInsets>,
}

impl Node {
    /// The rect set by `set_rect_direct`, if any.
    pub fn direct(&self) -> Option<Rect> {
        self.rare.as_ref().and_then(|r| r.direct)
    }

    /// The clamp insets, when clamped to the screen.
    pub fn clamp(&self) -> Option<ClampInsets> {
        self.rare.as_ref().and_then(|r| r.clamp)
    }

    /// Changes the rare fields; drops their box when both end unset.
    fn set_rare(&mut self, f: impl FnOnce(&mut Rare)) {
        let mut r = self.rare.as_deref().copied().unwrap_or_default();
        f(&mut r);
        self.rare = (r != Rare::default()).then(|| Box::new(r));
    }

    fn new(parent: Option<NodeId>) -> Self {
        Self {
            parent,
            children: ThinVec::new(),
            scale: 1.0,
            eff_scale: 1.0,
            scale_dirty: true,
            width: None,
            height: None,
            intrinsic: (None, None),
            anchors: ThinVec::new(),
            dependents: ThinVec::new(),
            rare: None,
            state: State::Dirty,
            baseline: None,
            pending: false,
            seen: false,
            unseen_listed: true,
        }
    }
}

/// The layout arena. See the crate documentation.
pub struct Layout {
    pub(crate) nodes: Vec<Option<Node>>,
    pub(crate) screen_w: f32,
    pub(crate) screen_h: f32,
    /// Nodes anchored to the screen or clamped to it (one entry per reason).
    pub(crate) screen_deps: ThinVec<NodeId>,
    /// Nodes computed at least once and invalidated since the last `take_changes`.
    pub(crate) pending: Vec<NodeId>,
    /// Nodes whose rect the client may not have seen since it changed (see `seen.rs`).
    pub(crate) unseen: Vec<NodeId>,
    /// How many of `unseen`'s first entries the last heartbeat found hidden (see `seen.rs`).
    pub(crate) unseen_hidden: usize,
    pub(crate) stack: Vec<(NodeId, bool)>,
    pub(crate) scratch: Vec<NodeId>,
    pub(crate) stats: LayoutStats,
}

impl Layout {
    /// A layout for a screen of the given size (in units of effective scale 1).
    pub fn new(screen_width: f32, screen_height: f32) -> Self {
        Self {
            nodes: Vec::new(),
            screen_w: screen_width,
            screen_h: screen_height,
            screen_deps: ThinVec::new(),
            pending: Vec::new(),
            unseen: Vec::new(),
            unseen_hidden: 0,
            stack: Vec::new(),
            scratch: Vec::new(),
            stats: LayoutStats::default(),
        }
    }

    pub(crate) fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.idx()).and_then(Option::as_ref)
    }

    pub(crate) fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id.idx()).and_then(Option::as_mut)
    }

    /// Whether `id` names a live node.
    pub fn contains(&self, id: NodeId) -> bool {
        self.node(id).is_some()
    }

    /// Number of live nodes.
    pub fn len(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_some()).count()
    }

    /// True when there is no live node.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every live node id, in creation order.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.is_some())
            .map(|(i, _)| NodeId(i as u32))
    }

    /// The screen size given to `new` / `set_screen_size`.
    pub fn screen_size(&self) -> (f32, f32) {
        (self.screen_w, self.screen_h)
    }

    /// Changes the screen size; invalidates nodes anchored or clamped to the screen.
    pub fn set_screen_size(&mut self, w: f32, h: f32) {
        if (w, h) == (self.screen_w, self.screen_h) {
            return;
        }
        self.screen_w = w;
        self.screen_h = h;
        let deps = std::mem::take(&mut self.screen_deps);
        for &d in &deps {
            self.invalidate_rect(d);
        }
        self.screen_deps = deps;
    }

    /// Adds a node under `parent` (a dead parent counts as none). Ids are never reused.
    pub fn add_node(&mut self, parent: Option<NodeId>) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        let parent = parent.filter(|p| self.contains(*p));
        self.nodes.push(Some(Node::new(parent)));
        self.unseen.push(id);
        if let Some(p) = parent.and_then(|p| self.node_mut(p)) {
            p.children.push(id);
        }
        id
    }

    /// Removes a node. Its anchors are dropped; regions anchored to it keep their
    /// anchors but become unresolved; its children lose their parent.
    pub fn remove_node(&mut self, id: NodeId) {
        if !self.contains(id) {
            return;
        }
        self.clear_all_points(id);
        self.set_clamped(id, false, [0.0; 4]);
        self.invalidate_rect(id);
        let Some(node) = self.nodes[id.idx()].take() else {
            return;
        };
        for d in node.dependents {
            self.invalidate_rect(d);
        }
        for c in node.children {
            if let Some(cn) = self.node_mut(c) {
                cn.parent = None;
            }
            self.invalidate_scale(c);
        }
        if let Some(p) = node.parent.and_then(|p| self.node_mut(p)) {
            p.children.retain(|c| *c != id);
        }
    }

    /// The node's parent.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(|n| n.parent)
    }

    /// The node's children, in the order they were attached.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.node(id).map_or(&[], |n| &n.children)
    }

    /// Reparents a node. Ignored when it would make a node its own ancestor.
    pub fn set_parent(&mut self, id: NodeId, parent: Option<NodeId>) {
        let Some(old) = self.node(id).map(|n| n.parent) else {
            return;
        };
        let parent = parent.filter(|p| self.contains(*p));
        if old == parent || parent.is_some_and(|p| self.is_ancestor_or_self(id, p)) {
            return;
        }
        if let Some(o) = old.and_then(|o| self.node_mut(o)) {
            o.children.retain(|c| *c != id);
        }
        if let Some(p) = parent.and_then(|p| self.node_mut(p)) {
            p.children.push(id);
        }
        if let Some(n) = self.node_mut(id) {
            n.parent = parent;
        }
        self.invalidate_scale(id);
    }

    /// True when `a` is `b` or one of `b`'s ancestors (bounded walk).
    fn is_ancestor_or_self(&self, a: NodeId, b: NodeId) -> bool {
        let mut cur = Some(b);
        for _ in 0..=self.nodes.len() {
            match cur {
                Some(c) if c == a => return true,
                Some(c) => cur = self.parent(c),
                None => return false,
            }
        }
        true
    }

    /// Sets the node's own scale (non-positive or non-finite values are ignored).
    pub fn set_scale(&mut self, id: NodeId, scale: f32) {
        if !(scale.is_finite() && scale > 0.0) {
            return;
        }
        match self.node_mut(id) {
            Some(n) if n.scale != scale => n.scale = scale,
            _ => return,
        }
        self.invalidate_scale(id);
    }

    /// The node's own scale (1 for unknown ids).
    pub fn scale(&self, id: NodeId) -> f32 {
        self.node(id).map_or(1.0, |n| n.scale)
    }

    /// Product of the scales up the parent chain (1 for unknown ids).
    pub fn effective_scale(&self, id: NodeId) -> f32 {
        let mut s = 1.0;
        let mut cur = self.node(id);
        for _ in 0..=self.nodes.len() {
            let Some(n) = cur else { break };
            if !n.scale_dirty {
                return s * n.eff_scale;
            }
            s *= n.scale;
            cur = n.parent.and_then(|p| self.node(p));
        }
        s
    }

    /// Sets the explicit size; `None` leaves that axis unsized (as does 0).
    pub fn set_size(&mut self, id: NodeId, w: Option<f32>, h: Option<f32>) {
        match self.node_mut(id) {
            Some(n) if (n.width, n.height) != (w, h) => {
                n.width = w;
                n.height = h;
            }
            _ => return,
        }
        self.invalidate_rect(id);
    }

    /// Sets the content size (a FontString's text extent): what an axis without an explicit
    /// size resolves to. `None` = no content size on that axis.
    pub fn set_intrinsic_size(&mut self, id: NodeId, w: Option<f32>, h: Option<f32>) {
        match self.node_mut(id) {
            Some(n) if n.intrinsic != (w, h) => n.intrinsic = (w, h),
            _ => return,
        }
        self.invalidate_rect(id);
    }

    /// The explicit size (`GetSize(true)`), not the resolved one.
    pub fn size(&self, id: NodeId) -> (Option<f32>, Option<f32>) {
        self.node(id).map_or((None, None), |n| (n.width, n.height))
    }

    /// Gives the node a fixed rect (own units), overriding its anchors: the root.
    pub fn set_rect_direct(&mut self, id: NodeId, r: Rect) {
        match self.node_mut(id) {
            Some(n) if n.direct() != Some(r) => n.set_rare(|x| x.direct = Some(r)),
            _ => return,
        }
        self.invalidate_rect(id);
    }

    /// Drops a rect set by `set_rect_direct`; the node goes back to its anchors.
    pub fn clear_rect_direct(&mut self, id: NodeId) {
        match self.node_mut(id) {
            Some(n) if n.direct().is_some() => n.set_rare(|x| x.direct = None),
            _ => return,
        }
        self.invalidate_rect(id);
    }

    /// `SetClampedToScreen(on)` with `SetClampRectInsets(left, right, top, bottom)`.
    pub fn set_clamped(&mut self, id: NodeId, on: bool, insets: ClampInsets) {
        let new = on.then_some(insets);
        let Some(n) = self.node_mut(id) else { return };
        let old = n.clamp();
        if old == new {
            return;
        }
        n.set_rare(|x| x.clamp = new);
        match (old.is_some(), new.is_some()) {
            (false, true) => self.screen_deps.push(id),
            (true, false) => remove_one(&mut self.screen_deps, id),
            _ => {}
        }
        self.invalidate_rect(id);
    }

    /// The clamp insets when the node is clamped to the screen.
    pub fn clamped(&self, id: NodeId) -> Option<ClampInsets> {
        self.node(id).and_then(Node::clamp)
    }

    /// Counters (recomputations, invalidations) since creation or `reset_stats`.
    pub fn stats(&self) -> LayoutStats {
        self.stats
    }

    /// Zeroes the counters.
    pub fn reset_stats(&mut self) {
        self.stats = LayoutStats::default();
    }
}

/// Removes one occurrence of `id` from `v` (order is not kept).
pub(crate) fn remove_one(v: &mut ThinVec<NodeId>, id: NodeId) {
    if let Some(i) = v.iter().position(|x| *x == id) {
        v.swap_remove(i);
    }
}
