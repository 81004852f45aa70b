//! Which rects the client has seen (`IsRectValid`): a region's rect counts once a caller
//! resolved it or the heartbeat did, and the heartbeat resolves only regions that are visible
//! (and, through their anchors, what they depend on). Hidden regions keep their dirty bit.
//!
//! The list is kept in two parts: its first `unseen_hidden` entries are those the last
//! [`Layout::heartbeat`] found hidden, the rest were listed since. A heartbeat told that no
//! visibility changed since the last one asks only about the rest: an idle frame costs nothing
//! however many hidden regions wait (most of a UI's regions are in closed panels).

use crate::node::State;
use crate::{Layout, NodeId};

impl Layout {
    /// Marks `id` and everything it is anchored to, transitively, as seen. Stops at nodes
    /// already seen: a seen node's anchors are always seen too, since invalidating a node
    /// also invalidates what is anchored to it.
    pub(crate) fn mark_seen(&mut self, id: NodeId) {
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        stack.push(id);
        while let Some(cur) = stack.pop() {
            let Some(n) = self.node_mut(cur) else {
                continue;
            };
            if n.seen || !matches!(n.state, State::Done(_)) {
                continue;
            }
            n.seen = true;
            if n.direct().is_none() {
                stack.extend(n.anchors.iter().filter_map(|a| a.relative));
            }
        }
        self.scratch = stack;
    }

    /// The nodes the heartbeat should consider: not seen since they last changed, and
    /// resolvable (anchored, or given a direct rect). The caller resolves those that are
    /// visible with [`Layout::compute_frame_rect`]. Nodes seen, dead, resolved to no rect or
    /// without anchors leave the list (any change to them lists them again); the others, the
    /// hidden ones, stay for a later frame.
    pub fn unseen(&mut self) -> Vec<NodeId> {
        let mut list = std::mem::take(&mut self.unseen);
        list.retain(|&id| self.still_unseen(id));
        let out = list.clone();
        self.unseen = list;
        // The caller decides what is hidden: the next heartbeat asks about every entry.
        self.unseen_hidden = 0;
        out
    }

    /// Whether a listed node stays listed ([`Layout::unseen`]'s rule); updates its
    /// `unseen_listed` bit to match.
    fn still_unseen(&mut self, id: NodeId) -> bool {
        let keep = self.waits(id);
        if let Some(n) = self.node_mut(id) {
            n.unseen_listed = keep;
        }
        keep
    }

    /// [`Layout::unseen`]'s rule for one node: live, not seen, resolvable.
    fn waits(&self, id: NodeId) -> bool {
        self.node(id).is_some_and(|n| {
            !n.seen
                && !matches!(n.state, State::Done(None))
                && (n.direct().is_some() || !n.anchors.is_empty())
        })
    }

    /// The listed nodes that [`Layout::unseen`] would return, without changing anything
    /// (for checks: after a [`Layout::heartbeat`], the nodes it found hidden).
    pub fn unseen_waiting(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.unseen.iter().copied().filter(|&id| self.waits(id))
    }

    /// The once-a-frame pass: resolves (with [`Layout::compute_frame_rect`]) each listed node
    /// that [`Layout::unseen`] would return and `visible` says is visible; the others stay
    /// listed for a later frame, in the same order. `recheck` says whether visibility may have
    /// changed since the last call: when it is false, the nodes that call found hidden are taken
    /// to be hidden still and `visible` is asked only about the nodes listed since. Resolves
    /// the same nodes as calling `compute_frame_rect` on each node of `unseen()` that is
    /// visible.
    pub fn heartbeat(&mut self, recheck: bool, mut visible: impl FnMut(NodeId) -> bool) {
        let mut list = std::mem::take(&mut self.unseen);
        let start = if recheck {
            0
        } else {
            self.unseen_hidden.min(list.len())
        };
        let mut kept = start;
        let mut retry = false;
        for i in start..list.len() {
            let id = list[i];
            if !self.still_unseen(id) {
                continue;
            }
            if visible(id) {
                self.compute_frame_rect(id);
                // Resolved nodes are seen (or resolve to no rect): they leave the list, and a
                // later change lists them again.
                if !self.still_unseen(id) {
                    continue;
                }
                // Not expected (resolving settles a node); asked about again next time.
                retry = true;
            }
            list[kept] = id;
            kept += 1;
        }
        list.truncate(kept);
        self.unseen_hidden = if retry { 0 } else { kept };
        self.unseen = list;
    }
}
