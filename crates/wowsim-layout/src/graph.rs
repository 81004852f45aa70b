//! The anchor graph: adding and removing anchors, cycle refusal and invalidation.

use crate::anchor::{Anchor, AnchorError, AnchorPoint};
use crate::node::{remove_one, Layout, State};
use crate::NodeId;
use std::collections::HashMap;

impl Layout {
    /// `SetPoint`: adds `a`, replacing an anchor of the same point. Refuses anchors
    /// to the node itself or to a region that (transitively) depends on it.
    pub fn set_point(&mut self, id: NodeId, a: Anchor) -> Result<(), AnchorError> {
        let Some(n) = self.node(id) else {
            return Err(AnchorError::UnknownNode(id));
        };
        let pos = n
            .anchors
            .binary_search_by_key(&a.point.index(), |x| x.point.index());
        // Replacing an anchor with one to the same region (a new offset, the common case of
        // moving a region) keeps the graph as it is: no cycle check, no relinking.
        let same_relative = pos.is_ok_and(|i| n.anchors[i].relative == a.relative);
        if let (Some(rel), false) = (a.relative, same_relative) {
            if rel == id {
                return Err(AnchorError::SelfAnchor);
            }
            if !self.contains(rel) {
                return Err(AnchorError::UnknownNode(rel));
            }
            if let Some(path) = self.cycle_path(id, rel) {
                let dependent = path[0];
                return Err(AnchorError::Cycle {
                    relative: rel,
                    dependent,
                    ancestors: path[1..].to_vec(),
                });
            }
        }
        let Some(n) = self.node_mut(id) else {
            return Err(AnchorError::UnknownNode(id));
        };
        let old = match pos {
            Ok(i) if n.anchors[i] == a => return Ok(()),
            Ok(i) => Some(std::mem::replace(&mut n.anchors[i], a)),
            Err(i) => {
                // Most regions have one or two anchors: grow by one, not to four.
                n.anchors.reserve_exact(1);
                n.anchors.insert(i, a);
                None
            }
        };
        if !same_relative {
            if let Some(o) = old {
                self.unlink(id, o.relative);
            }
            self.link(id, a.relative);
        }
        self.invalidate_rect(id);
        Ok(())
    }

    /// `SetAllPoints(rel)`: clears the anchors, then TOPLEFT and BOTTOMRIGHT to `rel`'s.
    pub fn set_all_points(&mut self, id: NodeId, rel: Option<NodeId>) -> Result<(), AnchorError> {
        if rel == Some(id) {
            return Err(AnchorError::SelfAnchor);
        }
        let tl = Anchor::new(AnchorPoint::TopLeft, rel);
        let br = Anchor::new(AnchorPoint::BottomRight, rel);
        if let Some(r) = rel {
            // Check before clearing so a refused call leaves the node untouched.
            if let Some(path) = self.cycle_path(id, r) {
                return Err(AnchorError::Cycle {
                    relative: r,
                    dependent: path[0],
                    ancestors: path[1..].to_vec(),
                });
            }
        }
        self.clear_all_points(id);
        self.set_point(id, tl)?;
        self.set_point(id, br)
    }

    /// `ClearPoint(point)`: removes the anchor of that point, if any.
    pub fn clear_point(&mut self, id: NodeId, point: AnchorPoint) {
        let Some(n) = self.node_mut(id) else { return };
        let Some(i) = n.anchors.iter().position(|a| a.point == point) else {
            return;
        };
        let old = n.anchors.remove(i);
        self.unlink(id, old.relative);
        self.invalidate_rect(id);
    }

    /// `ClearAllPoints`.
    pub fn clear_all_points(&mut self, id: NodeId) {
        let Some(n) = self.node_mut(id) else { return };
        if n.anchors.is_empty() {
            return;
        }
        let old = std::mem::take(&mut n.anchors);
        for a in &old {
            self.unlink(id, a.relative);
        }
        self.invalidate_rect(id);
    }

    /// The node's anchors in the client's `GetPoint(i)` order (by point, TOPLEFT first).
    pub fn anchors(&self, id: NodeId) -> &[Anchor] {
        self.node(id).map_or(&[], |n| &n.anchors)
    }

    /// The anchor of a given point (`GetPointByName`).
    pub fn anchor(&self, id: NodeId, point: AnchorPoint) -> Option<Anchor> {
        self.anchors(id).iter().find(|a| a.point == point).copied()
    }

    /// Nodes with at least one anchor naming `id`, sorted, without duplicates.
    pub fn dependents(&self, id: NodeId) -> Vec<NodeId> {
        let mut v = self
            .node(id)
            .map_or_else(Vec::new, |n| n.dependents.to_vec());
        v.sort_unstable();
        v.dedup();
        v
    }

    /// True when anchoring `node` to `relative` would be refused (self or cycle).
    pub fn would_create_cycle(&self, node: NodeId, relative: NodeId) -> bool {
        node == relative || self.cycle_path(node, relative).is_some()
    }

    /// When `relative` depends on `node` through anchors, the chain from the node
    /// anchored directly to `node` back up to `relative`.
    fn cycle_path(&self, node: NodeId, relative: NodeId) -> Option<Vec<NodeId>> {
        // Nothing anchored to `node`: nothing can depend on it (the common case of
        // a freshly created region), so skip the walk.
        if self.node(node).is_none_or(|n| n.dependents.is_empty()) {
            return None;
        }
        // Depth-first over "X is anchored to Y" edges, starting at `relative`.
        let mut came_from: HashMap<NodeId, NodeId> = HashMap::new();
        let mut stack = vec![relative];
        came_from.insert(relative, relative);
        while let Some(cur) = stack.pop() {
            for a in self.anchors(cur) {
                let Some(next) = a.relative else { continue };
                if next == node {
                    let mut path = vec![cur];
                    let mut at = cur;
                    while at != relative {
                        at = came_from[&at];
                        path.push(at);
                    }
                    return Some(path);
                }
                if let std::collections::hash_map::Entry::Vacant(e) = came_from.entry(next) {
                    e.insert(cur);
                    stack.push(next);
                }
            }
        }
        None
    }

    /// Records that `id` has an anchor naming `rel` (the screen when `None`).
    fn link(&mut self, id: NodeId, rel: Option<NodeId>) {
        match rel {
            None => self.screen_deps.push(id),
            Some(r) => {
                if let Some(rn) = self.node_mut(r) {
                    rn.dependents.push(id);
                }
            }
        }
    }

    /// Forgets one anchor of `id` naming `rel`.
    fn unlink(&mut self, id: NodeId, rel: Option<NodeId>) {
        match rel {
            None => remove_one(&mut self.screen_deps, id),
            Some(r) => {
                if let Some(rn) = self.node_mut(r) {
                    remove_one(&mut rn.dependents, id);
                }
            }
        }
    }

    /// Throws away the cached rect of `id` and of everything anchored to it,
    /// transitively. Stops at nodes already dirty: a dirty node's dependents are
    /// always dirty too, since a node is only computed after what it anchors to.
    pub(crate) fn invalidate_rect(&mut self, id: NodeId) {
        // The changed node itself is listed for the heartbeat even when it was dirty already
        // (a new node getting its first anchor).
        if let Some(n) = self.node_mut(id) {
            if !std::mem::replace(&mut n.unseen_listed, true) {
                self.unseen.push(id);
            }
        }
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        stack.push(id);
        while let Some(cur) = stack.pop() {
            let Some(n) = self.node_mut(cur) else {
                continue;
            };
            if !matches!(n.state, State::Done(_)) {
                continue;
            }
            n.state = State::Dirty;
            let listed = n.baseline.is_some() && !n.pending;
            if listed {
                n.pending = true;
            }
            n.seen = false;
            let relist = !std::mem::replace(&mut n.unseen_listed, true);
            stack.extend_from_slice(&n.dependents);
            if relist {
                self.unseen.push(cur);
            }
            self.stats.invalidated += 1;
            if listed {
                self.pending.push(cur);
            }
        }
        self.scratch = stack;
    }

    /// Invalidates the effective scale of `id` and its descendants, and with it
    /// their rects (and, through `invalidate_rect`, whatever is anchored to them).
    pub(crate) fn invalidate_scale(&mut self, id: NodeId) {
        let mut stack = vec![id];
        let mut first = true;
        while let Some(cur) = stack.pop() {
            let Some(n) = self.node_mut(cur) else {
                continue;
            };
            if n.scale_dirty && !first {
                continue;
            }
            first = false;
            n.scale_dirty = true;
            stack.extend_from_slice(&n.children);
            self.invalidate_rect(cur);
        }
    }
}
