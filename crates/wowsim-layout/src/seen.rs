//! Which rects the client has seen (`IsRectValid`): a region's rect counts once a caller
//! resolved it or the heartbeat did, and the heartbeat resolves only regions that are visible
//! (and, through their anchors, what they depend on). Hidden regions keep their dirty bit.

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
            if n.direct.is_none() {
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
        list.retain(|&id| {
            let Some(n) = self.node_mut(id) else {
                return false;
            };
            let keep = !n.seen
                && !matches!(n.state, State::Done(None))
                && (n.direct.is_some() || !n.anchors.is_empty());
            n.unseen_listed = keep;
            keep
        });
        let out = list.clone();
        self.unseen = list;
        out
    }
}
