//! Scale, effective scale, anchoring across scales, and clamping to the screen.

mod common;
use common::*;
use wowsim_layout::{Layout, NodeId, Rect};

fn scaled_child(l: &mut Layout, parent: NodeId, scale: f32, w: f32, h: f32) -> NodeId {
    let id = sized(l, parent, w, h);
    l.set_scale(id, scale);
    id
}

#[test]
fn scaled_rects() {
    run(vec![
        (
            "offsets and size in own units at scale 0.5",
            Box::new(|l, root| {
                let f = scaled_child(l, root, 0.5, 100.0, 100.0);
                sp(l, f, "TOPLEFT", Some(root), "TOPLEFT", 10.0, -10.0);
                f
            }),
            Some([10.0, 1490.0, 100.0, 100.0]),
        ),
        (
            "scale 2 centred",
            Box::new(|l, root| {
                let f = scaled_child(l, root, 2.0, 50.0, 50.0);
                sp(l, f, "CENTER", Some(root), "CENTER", 0.0, 0.0);
                f
            }),
            Some([225.0, 175.0, 50.0, 50.0]),
        ),
        (
            "anchoring across scales goes through the screen",
            Box::new(|l, root| {
                let a = scaled_child(l, root, 2.0, 50.0, 50.0);
                sp(l, a, "CENTER", Some(root), "CENTER", 0.0, 0.0);
                let b = scaled_child(l, root, 0.5, 20.0, 20.0);
                sp(l, b, "TOPLEFT", Some(a), "BOTTOMRIGHT", 0.0, 0.0);
                b
            }),
            Some([1100.0, 680.0, 20.0, 20.0]),
        ),
        (
            "SetAllPoints across scales keeps the same screen box",
            Box::new(|l, root| {
                let a = scaled_child(l, root, 2.0, 50.0, 50.0);
                sp(l, a, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", 10.0, 10.0);
                let holder = scaled_child(l, root, 4.0, 0.0, 0.0);
                let t = l.add_node(Some(holder));
                l.set_all_points(t, Some(a)).unwrap();
                t
            }),
            Some([5.0, 5.0, 25.0, 25.0]),
        ),
        (
            "screen anchors at scale 2",
            Box::new(|l, root| {
                let f = scaled_child(l, root, 2.0, 10.0, 10.0);
                sp(l, f, "TOPRIGHT", None, "TOPRIGHT", 0.0, 0.0);
                f
            }),
            Some([490.0, 390.0, 10.0, 10.0]),
        ),
    ]);
}

#[test]
fn effective_scale_is_the_product_up_the_chain() {
    let (mut l, root) = layout();
    let a = scaled_child(&mut l, root, 2.0, 1.0, 1.0);
    let b = scaled_child(&mut l, a, 0.5, 1.0, 1.0);
    let c = scaled_child(&mut l, b, 3.0, 1.0, 1.0);
    assert_eq!(l.effective_scale(c), 3.0);
    assert_eq!(l.scale(c), 3.0);
    l.set_scale(root, 0.5);
    assert_eq!(l.effective_scale(c), 1.5);
    l.set_scale(c, 0.0); // ignored
    assert_eq!(l.scale(c), 3.0);
    l.set_parent(c, Some(root));
    assert_eq!(l.effective_scale(c), 1.5);
    l.set_parent(root, Some(c)); // would make a loop: ignored
    assert_eq!(l.parent(root), None);
    assert_eq!(l.effective_scale(NodeId(999)), 1.0);
}

#[test]
fn scale_change_moves_descendants_and_dependents() {
    let (mut l, root) = layout();
    let a = scaled_child(&mut l, root, 1.0, 100.0, 100.0);
    sp(
        &mut l,
        a,
        "BOTTOMLEFT",
        Some(root),
        "BOTTOMLEFT",
        100.0,
        100.0,
    );
    let t = l.add_node(Some(a));
    l.set_all_points(t, Some(a)).unwrap();
    let other = sized(&mut l, root, 10.0, 10.0);
    sp(&mut l, other, "BOTTOMLEFT", Some(t), "TOPRIGHT", 0.0, 0.0);
    l.compute_all();
    l.set_scale(a, 2.0);
    // a: offsets and size in its own units; screen box = [200, 200, 200, 200].
    assert_rect(
        "a",
        l.compute_frame_rect(a),
        Some([100.0, 100.0, 100.0, 100.0]),
    );
    assert_rect(
        "t",
        l.compute_frame_rect(t),
        Some([100.0, 100.0, 100.0, 100.0]),
    );
    assert_rect(
        "other",
        l.compute_frame_rect(other),
        Some([400.0, 400.0, 10.0, 10.0]),
    );
}

#[test]
fn clamping() {
    run(vec![
        (
            "pushed back from bottom-left",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", -50.0, -20.0);
                l.set_clamped(f, true, [0.0; 4]);
                f
            }),
            Some([0.0, 0.0, 100.0, 100.0]),
        ),
        (
            "pushed back from top-right",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "TOPRIGHT", Some(root), "TOPRIGHT", 30.0, 30.0);
                l.set_clamped(f, true, [0.0; 4]);
                f
            }),
            Some([900.0, 700.0, 100.0, 100.0]),
        ),
        (
            "growing insets keep it further in",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", 0.0, 0.0);
                l.set_clamped(f, true, [-10.0, 10.0, 10.0, -10.0]);
                f
            }),
            Some([10.0, 10.0, 100.0, 100.0]),
        ),
        (
            "shrinking insets allow half off screen",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", -80.0, 0.0);
                l.set_clamped(f, true, [50.0, -50.0, 0.0, 0.0]);
                f
            }),
            Some([-50.0, 0.0, 100.0, 100.0]),
        ),
        (
            "inside the screen: untouched",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "CENTER", Some(root), "CENTER", 0.0, 0.0);
                l.set_clamped(f, true, [0.0; 4]);
                f
            }),
            Some([450.0, 350.0, 100.0, 100.0]),
        ),
        (
            "clamped at scale 2 uses the screen in own units",
            Box::new(|l, root| {
                let f = scaled_child(l, root, 2.0, 100.0, 100.0);
                sp(l, f, "TOPRIGHT", None, "TOPRIGHT", 20.0, 0.0);
                l.set_clamped(f, true, [0.0; 4]);
                f
            }),
            Some([400.0, 300.0, 100.0, 100.0]),
        ),
        (
            "dependents see the clamped rect",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", -50.0, -50.0);
                l.set_clamped(f, true, [0.0; 4]);
                let t = sized(l, f, 10.0, 10.0);
                sp(l, t, "BOTTOMLEFT", Some(f), "TOPRIGHT", 0.0, 0.0);
                t
            }),
            Some([100.0, 100.0, 10.0, 10.0]),
        ),
        (
            "clamp switched off again",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", -50.0, -20.0);
                l.set_clamped(f, true, [0.0; 4]);
                l.compute_frame_rect(f);
                l.set_clamped(f, false, [0.0; 4]);
                f
            }),
            Some([-50.0, -20.0, 100.0, 100.0]),
        ),
    ]);
}

#[test]
fn screen_resize_reaches_screen_anchored_and_clamped_nodes() {
    let (mut l, root) = layout();
    let f = sized(&mut l, root, 10.0, 10.0);
    sp(&mut l, f, "TOPRIGHT", None, "TOPRIGHT", 0.0, 0.0);
    let c = sized(&mut l, root, 10.0, 10.0);
    sp(
        &mut l,
        c,
        "BOTTOMLEFT",
        Some(root),
        "BOTTOMLEFT",
        995.0,
        0.0,
    );
    l.set_clamped(c, true, [0.0; 4]);
    l.compute_all();
    l.set_screen_size(500.0, 400.0);
    assert!(!l.is_rect_valid(f) && !l.is_rect_valid(c));
    assert!(l.is_rect_valid(root));
    assert_rect(
        "f",
        l.compute_frame_rect(f),
        Some([490.0, 390.0, 10.0, 10.0]),
    );
    assert_rect("c", l.compute_frame_rect(c), Some([490.0, 0.0, 10.0, 10.0]));
    assert_eq!(l.screen_rect(), Rect::new(0.0, 0.0, 500.0, 400.0));
}
