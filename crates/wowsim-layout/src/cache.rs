//! Lazy, cached rect resolution (iterative, never recursive) and change reporting.

use crate::node::{Layout, State};
use crate::rect::{clamp_rect, rect_from_axes, Axis, Rect};
use crate::{NodeId, RectChange};

impl Layout {
    /// Resolves the node's rect in its own units, computing whatever it depends on
    /// first. Cached until something it depends on changes. `None` when the node
    /// has no anchors (and no direct rect), when something it is anchored to cannot
    /// be resolved, or for an unknown id.
    /// The rect (and what it depends on) counts as seen by the client from then on
    /// (`IsRectValid`).
    pub fn compute_frame_rect(&mut self, id: NodeId) -> Option<Rect> {
        let r = self.resolve(id);
        self.mark_seen(id);
        r
    }

    /// [`Layout::compute_frame_rect`] without marking anything seen (change reporting).
    fn resolve(&mut self, id: NodeId) -> Option<Rect> {
        match self.node(id)?.state {
            State::Done(r) => return r,
            State::Dirty => {}
            State::InProgress => return None,
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push((id, false));
        while let Some((cur, expanded)) = stack.pop() {
            let Some(n) = self.node_mut(cur) else {
                continue;
            };
            match (n.state, expanded) {
                (State::Done(_), _) => {}
                // Seen again before it finished: only possible through a cycle,
                // which `set_point` refuses; the dependency stays unresolved.
                (State::InProgress, false) => {}
                (State::Dirty, false) => {
                    n.state = State::InProgress;
                    stack.push((cur, true));
                    if n.direct().is_none() {
                        for a in &n.anchors {
                            if let Some(r) = a.relative {
                                stack.push((r, false));
                            }
                        }
                    }
                }
                (_, true) => self.finish(cur),
            }
        }
        self.stack = stack;
        match self.node(id)?.state {
            State::Done(r) => r,
            _ => None,
        }
    }

    /// Computes one node whose dependencies are settled, and stores the result.
    fn finish(&mut self, id: NodeId) {
        let eff = self.ensure_eff_scale(id);
        let r = self.rect_of(id, eff);
        self.stats.recomputed += 1;
        if let Some(n) = self.node_mut(id) {
            n.state = State::Done(r);
            if n.baseline.is_none() {
                n.baseline = Some(r);
            }
        }
    }

    /// The rect of `id` from its direct rect or its (settled) anchors.
    fn rect_of(&self, id: NodeId, eff: f32) -> Option<Rect> {
        let n = self.node(id)?;
        if let Some(d) = n.direct() {
            return Some(d);
        }
        if n.anchors.is_empty() {
            return None;
        }
        let mut x = Axis::default();
        let mut y = Axis::default();
        for a in &n.anchors {
            let (px, py) = match a.relative {
                None => {
                    let (sx, sy) = self.screen_rect().point(a.relative_point);
                    (sx / eff, sy / eff)
                }
                Some(r) => {
                    let rn = self.node(r)?;
                    let State::Done(Some(rr)) = rn.state else {
                        return None;
                    };
                    let (rx, ry) = rr.point(a.relative_point);
                    let k = rn.eff_scale / eff;
                    (rx * k, ry * k)
                }
            };
            x.put_h(a.point.h(), px + a.x);
            y.put_v(a.point.v(), py + a.y);
        }
        let r = rect_from_axes(
            &x,
            &y,
            n.width.or(n.intrinsic.0),
            n.height.or(n.intrinsic.1),
        )?;
        Some(match n.clamp() {
            Some(insets) => clamp_rect(r, insets, self.screen_rect().scaled(1.0 / eff)),
            None => r,
        })
    }

    /// The screen in units of effective scale 1.
    pub fn screen_rect(&self) -> Rect {
        Rect::new(0.0, 0.0, self.screen_w, self.screen_h)
    }

    /// Brings the cached effective scale of `id` (and its dirty ancestors) up to date.
    fn ensure_eff_scale(&mut self, id: NodeId) -> f32 {
        let mut chain = std::mem::take(&mut self.scratch);
        chain.clear();
        let mut cur = Some(id);
        let mut base = 1.0;
        while let Some(c) = cur {
            let Some(n) = self.node(c) else { break };
            if !n.scale_dirty {
                base = n.eff_scale;
                break;
            }
            if chain.len() > self.nodes.len() {
                break;
            }
            chain.push(c);
            cur = n.parent;
        }
        for &c in chain.iter().rev() {
            if let Some(n) = self.node_mut(c) {
                base *= n.scale;
                n.eff_scale = base;
                n.scale_dirty = false;
            }
        }
        self.scratch = chain;
        self.node(id).map_or(1.0, |n| n.eff_scale)
    }

    /// Whether the node holds a resolved rect that nothing has invalidated since
    /// (`IsRectValid`). Does not compute anything.
    pub fn is_rect_valid(&self, id: NodeId) -> bool {
        self.node(id)
            .is_some_and(|n| n.seen && matches!(n.state, State::Done(Some(_))))
    }

    /// The cached rect when it is valid, without computing anything.
    pub fn cached_rect(&self, id: NodeId) -> Option<Rect> {
        match self.node(id)?.state {
            State::Done(r) => r,
            _ => None,
        }
    }

    /// Resolves every node (a full layout pass).
    pub fn compute_all(&mut self) {
        for i in 0..self.nodes.len() {
            self.compute_frame_rect(NodeId(i as u32));
        }
    }

    /// Throws away every cached rect and effective scale (for benchmarks and for
    /// callers that changed something global).
    pub fn invalidate_all(&mut self) {
        for i in 0..self.nodes.len() {
            let id = NodeId(i as u32);
            let Some(n) = self.node_mut(id) else { continue };
            n.scale_dirty = true;
            if !matches!(n.state, State::Done(_)) {
                continue;
            }
            n.state = State::Dirty;
            n.seen = false;
            let relist = !std::mem::replace(&mut n.unseen_listed, true);
            let listed = n.baseline.is_some() && !n.pending;
            n.pending |= listed;
            if relist {
                self.unseen.push(id);
            }
            self.stats.invalidated += 1;
            if listed {
                self.pending.push(id);
            }
        }
    }

    /// Recomputes every node invalidated since the last call that had been computed
    /// before, and returns those whose rect differs from the last reported one
    /// (sorted by id). A node's first computation sets its baseline silently.
    pub fn take_changes(&mut self) -> Vec<RectChange> {
        let pending = std::mem::take(&mut self.pending);
        let mut out = Vec::new();
        for &id in &pending {
            let new = self.resolve(id);
            let Some(n) = self.node_mut(id) else { continue };
            n.pending = false;
            let old = n.baseline.flatten();
            if n.baseline != Some(new) {
                n.baseline = Some(new);
                out.push(RectChange { id, old, new });
            }
        }
        self.pending = pending;
        self.pending.clear();
        out.sort_by_key(|c| c.id);
        out
    }

    /// Like [`Layout::take_changes`], ids only.
    pub fn take_changed(&mut self) -> Vec<NodeId> {
        self.take_changes().into_iter().map(|c| c.id).collect()
    }

    /// How many nodes wait to be rechecked by `take_changes`.
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }
}
