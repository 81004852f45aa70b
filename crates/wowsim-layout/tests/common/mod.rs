//! Shared helpers for the table-driven layout tests: a root like UIParent and `check`.
#![allow(dead_code)]

use wowsim_layout::{Anchor, AnchorPoint, Layout, NodeId, Rect};

pub const W: f32 = 1000.0;
pub const H: f32 = 800.0;

/// Builds a layout case: gets the layout and the root, returns the node to check.
pub type Setup = Box<dyn Fn(&mut Layout, NodeId) -> NodeId>;

/// A case: name, setup, expected `[left, bottom, width, height]` (`None` = unresolved).
pub type Case = (&'static str, Setup, Option<[f32; 4]>);

/// A layout on a 1000x800 screen with a root region covering it.
pub fn layout() -> (Layout, NodeId) {
    let mut l = Layout::new(W, H);
    let root = l.add_node(None);
    l.set_rect_direct(root, Rect::new(0.0, 0.0, W, H));
    (l, root)
}

/// Parses a point name (test tables use the client's spelling).
pub fn p(s: &str) -> AnchorPoint {
    AnchorPoint::parse(s).unwrap_or_else(|| panic!("bad point {s}"))
}

/// `SetPoint(point, rel, relPoint, x, y)`, asserting it was accepted.
pub fn sp(l: &mut Layout, id: NodeId, point: &str, rel: Option<NodeId>, rp: &str, x: f32, y: f32) {
    l.set_point(id, Anchor::with(p(point), rel, p(rp), x, y))
        .unwrap_or_else(|e| panic!("set_point refused: {e}"));
}

/// A child of `parent` with an explicit size.
pub fn sized(l: &mut Layout, parent: NodeId, w: f32, h: f32) -> NodeId {
    let id = l.add_node(Some(parent));
    l.set_size(id, Some(w), Some(h));
    id
}

/// Asserts two rects are equal to within 1e-3.
pub fn assert_rect(name: &str, got: Option<Rect>, expect: Option<[f32; 4]>) {
    match (got, expect) {
        (None, None) => {}
        (Some(r), Some([x, y, w, h])) => {
            let ok = [r.left - x, r.bottom - y, r.width - w, r.height - h]
                .iter()
                .all(|d| d.abs() < 1e-3);
            assert!(ok, "{name}: got {r:?}, expected [{x}, {y}, {w}, {h}]");
        }
        _ => panic!("{name}: got {got:?}, expected {expect:?}"),
    }
}

/// Runs one case on a fresh layout.
pub fn check(name: &str, setup: &dyn Fn(&mut Layout, NodeId) -> NodeId, expect: Option<[f32; 4]>) {
    let (mut l, root) = layout();
    let id = setup(&mut l, root);
    let got = l.compute_frame_rect(id);
    assert_rect(name, got, expect);
    assert_eq!(l.is_rect_valid(id), expect.is_some(), "{name}: IsRectValid");
}

/// Runs every case of a table.
pub fn run(cases: Vec<Case>) {
    for (name, setup, expect) in &cases {
        check(name, setup.as_ref(), *expect);
    }
}
