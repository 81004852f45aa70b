//! Anchor points, offsets, sizes from opposing anchors, SetAllPoints and point order.

mod common;
use common::*;
use wowsim_layout::{Anchor, AnchorPoint, Layout, NodeId};

/// Expected left/bottom of a 100x50 region whose `point` sits at (px, py).
fn placed(point: AnchorPoint, px: f32, py: f32) -> [f32; 4] {
    let s = point.as_str();
    let left = if s.ends_with("LEFT") {
        px
    } else if s.ends_with("RIGHT") {
        px - 100.0
    } else {
        px - 50.0
    };
    let bottom = if s.starts_with("TOP") {
        py - 50.0
    } else if s.starts_with("BOTTOM") {
        py
    } else {
        py - 25.0
    };
    [left, bottom, 100.0, 50.0]
}

/// Position of a root point on the 1000x800 screen.
fn root_point(rp: AnchorPoint) -> (f32, f32) {
    let s = rp.as_str();
    let x = if s.ends_with("LEFT") {
        0.0
    } else if s.ends_with("RIGHT") {
        W
    } else {
        W / 2.0
    };
    let y = if s.starts_with("TOP") {
        H
    } else if s.starts_with("BOTTOM") {
        0.0
    } else {
        H / 2.0
    };
    (x, y)
}

#[test]
fn every_point_to_every_relative_point_with_offset() {
    let mut cases: Vec<Case> = Vec::new();
    for point in AnchorPoint::ALL {
        for rp in AnchorPoint::ALL {
            let (x, y) = root_point(rp);
            let name: &'static str = Box::leak(format!("{point} -> {rp}").into_boxed_str());
            let setup: Setup = Box::new(move |l: &mut Layout, root: NodeId| {
                let f = sized(l, root, 100.0, 50.0);
                l.set_point(f, Anchor::with(point, Some(root), rp, 7.0, -3.0))
                    .unwrap();
                f
            });
            cases.push((name, setup, Some(placed(point, x + 7.0, y - 3.0))));
        }
    }
    run(cases);
}

#[test]
fn sizes_from_anchors() {
    run(vec![
        (
            "TOPLEFT+BOTTOMRIGHT insets",
            Box::new(|l, root| {
                let f = l.add_node(Some(root));
                sp(l, f, "TOPLEFT", Some(root), "TOPLEFT", 10.0, -20.0);
                sp(l, f, "BOTTOMRIGHT", Some(root), "BOTTOMRIGHT", -30.0, 40.0);
                f
            }),
            Some([10.0, 40.0, 960.0, 740.0]),
        ),
        (
            "LEFT+RIGHT give width, height explicit",
            Box::new(|l, root| {
                let f = sized(l, root, 5.0, 30.0);
                sp(l, f, "LEFT", Some(root), "LEFT", 100.0, 0.0);
                sp(l, f, "RIGHT", Some(root), "CENTER", 0.0, 0.0);
                f
            }),
            Some([100.0, 385.0, 400.0, 30.0]),
        ),
        (
            "TOP+BOTTOM give height, no width -> 0",
            Box::new(|l, root| {
                let f = l.add_node(Some(root));
                sp(l, f, "TOP", Some(root), "TOP", 0.0, -100.0);
                sp(l, f, "BOTTOM", Some(root), "BOTTOM", 0.0, 100.0);
                f
            }),
            Some([500.0, 100.0, 0.0, 600.0]),
        ),
        (
            "single anchor, no size -> zero extent",
            Box::new(|l, root| {
                let f = l.add_node(Some(root));
                sp(l, f, "CENTER", Some(root), "CENTER", 0.0, 0.0);
                f
            }),
            Some([500.0, 400.0, 0.0, 0.0]),
        ),
        (
            "edges beat centre: TOP + RIGHT sits at the corner",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "TOP", Some(root), "TOP", 0.0, 0.0);
                sp(l, f, "RIGHT", Some(root), "RIGHT", 0.0, 0.0);
                f
            }),
            Some([900.0, 700.0, 100.0, 100.0]),
        ),
        (
            "LEFT + CENTER without width stretch symmetrically",
            Box::new(|l, root| {
                let f = sized(l, root, 0.0, 10.0);
                sp(l, f, "LEFT", Some(root), "LEFT", 100.0, 0.0);
                sp(l, f, "CENTER", Some(root), "LEFT", 300.0, 0.0);
                f
            }),
            Some([100.0, 395.0, 400.0, 10.0]),
        ),
        (
            "opposing anchors beat the explicit size",
            Box::new(|l, root| {
                let f = sized(l, root, 10.0, 10.0);
                sp(l, f, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", 0.0, 0.0);
                sp(l, f, "TOPRIGHT", Some(root), "CENTER", 0.0, 0.0);
                f
            }),
            Some([0.0, 0.0, 500.0, 400.0]),
        ),
        (
            "anchored to the screen itself",
            Box::new(|l, root| {
                let f = sized(l, root, 20.0, 20.0);
                sp(l, f, "BOTTOMRIGHT", None, "BOTTOMRIGHT", -5.0, 5.0);
                f
            }),
            Some([975.0, 5.0, 20.0, 20.0]),
        ),
        (
            "no anchors -> no rect even with a size",
            Box::new(|l, root| sized(l, root, 5.0, 10.0)),
            None,
        ),
        (
            "sibling chain",
            Box::new(|l, root| {
                let a = sized(l, root, 40.0, 40.0);
                sp(l, a, "TOPLEFT", Some(root), "TOPLEFT", 10.0, -10.0);
                let b = sized(l, root, 40.0, 40.0);
                sp(l, b, "LEFT", Some(a), "RIGHT", 4.0, 0.0);
                let c = sized(l, root, 40.0, 40.0);
                sp(l, c, "TOP", Some(b), "BOTTOM", 0.0, -2.0);
                c
            }),
            Some([54.0, 708.0, 40.0, 40.0]),
        ),
    ]);
}

#[test]
fn set_all_points_and_replacement() {
    run(vec![
        (
            "SetAllPoints(parent)",
            Box::new(|l, root| {
                let f = sized(l, root, 100.0, 100.0);
                sp(l, f, "TOPLEFT", Some(root), "TOPLEFT", 10.0, -10.0);
                let t = l.add_node(Some(f));
                l.set_all_points(t, Some(f)).unwrap();
                t
            }),
            Some([10.0, 690.0, 100.0, 100.0]),
        ),
        (
            "SetAllPoints(screen)",
            Box::new(|l, root| {
                let f = sized(l, root, 5.0, 10.0);
                l.set_all_points(f, None).unwrap();
                f
            }),
            Some([0.0, 0.0, W, H]),
        ),
        (
            "setting a point again replaces it",
            Box::new(|l, root| {
                let f = sized(l, root, 10.0, 10.0);
                sp(l, f, "CENTER", Some(root), "CENTER", 0.0, 0.0);
                sp(l, f, "CENTER", Some(root), "BOTTOMLEFT", 5.0, 5.0);
                f
            }),
            Some([0.0, 0.0, 10.0, 10.0]),
        ),
        (
            "clear_point leaves the rest",
            Box::new(|l, root| {
                let f = sized(l, root, 10.0, 10.0);
                sp(l, f, "TOPLEFT", Some(root), "TOPLEFT", 0.0, 0.0);
                sp(l, f, "BOTTOMRIGHT", Some(root), "BOTTOMRIGHT", 0.0, 0.0);
                l.clear_point(f, AnchorPoint::BottomRight);
                f
            }),
            Some([0.0, 790.0, 10.0, 10.0]),
        ),
        (
            "clear_all_points -> no rect",
            Box::new(|l, root| {
                let f = sized(l, root, 10.0, 10.0);
                sp(l, f, "TOPLEFT", Some(root), "TOPLEFT", 0.0, 0.0);
                l.clear_all_points(f);
                f
            }),
            None,
        ),
    ]);
}

#[test]
fn anchors_are_listed_in_point_order() {
    let (mut l, root) = layout();
    let f = l.add_node(Some(root));
    for name in [
        "TOPRIGHT",
        "LEFT",
        "BOTTOM",
        "TOP",
        "RIGHT",
        "BOTTOMLEFT",
        "CENTER",
        "TOPLEFT",
        "BOTTOMRIGHT",
    ] {
        sp(&mut l, f, name, Some(root), name, 0.0, 0.0);
    }
    let got: Vec<_> = l.anchors(f).iter().map(|a| a.point).collect();
    assert_eq!(got, AnchorPoint::ALL.to_vec());
    l.clear_point(f, AnchorPoint::TopLeft);
    assert_eq!(l.anchors(f)[0].point, AnchorPoint::Top);
    assert_eq!(
        l.anchor(f, AnchorPoint::Center).map(|a| a.relative),
        Some(Some(root))
    );
}

#[test]
fn point_names() {
    for p in AnchorPoint::ALL {
        assert_eq!(AnchorPoint::parse(p.as_str()), Some(p));
        assert_eq!(AnchorPoint::parse(&p.as_str().to_lowercase()), Some(p));
    }
    assert_eq!(AnchorPoint::parse("nonsense"), None);
    assert_eq!(AnchorPoint::parse("TopLeft"), Some(AnchorPoint::TopLeft));
}
