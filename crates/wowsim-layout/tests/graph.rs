//! Cycles, unresolved anchors, removal, lazy validity and incremental invalidation.

mod common;
use common::*;
use wowsim_layout::{Anchor, AnchorError, AnchorPoint, NodeId, Rect};

fn center(rel: NodeId) -> Anchor {
    Anchor::new(AnchorPoint::Center, Some(rel))
}

#[test]
fn cycles_are_refused_with_the_client_texts() {
    let (mut l, root) = layout();
    let [f, g, h, i] = [(); 4].map(|_| l.add_node(Some(root)));
    let name = |n: NodeId| format!("n{}", n.0);

    let e = l.set_point(f, center(f)).unwrap_err();
    assert_eq!(e, AnchorError::SelfAnchor);
    assert_eq!(
        e.to_string(),
        "Action[SetPoint] failed because[Cannot anchor to itself]"
    );
    assert_eq!(
        e.client_message("Frame:SetPoint", name),
        "Action[SetPoint] failed because[Cannot anchor to itself]: attempted from: Frame:SetPoint."
    );

    l.set_point(g, center(f)).unwrap();
    let e = l.set_point(f, center(g)).unwrap_err();
    assert_eq!(
        e,
        AnchorError::Cycle {
            relative: g,
            dependent: g,
            ancestors: vec![]
        }
    );
    assert_eq!(
        e.client_message("Frame:SetPoint", name),
        format!(
            "Action[SetPoint] failed because[Cannot anchor to a region dependent on it]: \
             attempted from: Frame:SetPoint.\nRelative: [n{0}]\nDependent: [n{0}]",
            g.0
        )
    );

    l.set_point(h, center(g)).unwrap();
    l.set_point(i, center(h)).unwrap();
    let e = l.set_point(f, center(i)).unwrap_err();
    assert_eq!(
        e,
        AnchorError::Cycle {
            relative: i,
            dependent: g,
            ancestors: vec![h, i]
        }
    );
    assert!(e
        .client_message("Frame:SetAllPoints", name)
        .ends_with(&format!(
            "Relative: [n{i}]\nDependent: [n{g}]\nDependent ancestors:\n[n{h}]\n[n{i}]",
            i = i.0,
            g = g.0,
            h = h.0
        )));
    assert!(l.would_create_cycle(f, i) && l.would_create_cycle(f, f));
    assert!(!l.would_create_cycle(i, f) && !l.would_create_cycle(f, root));
    // A refused SetAllPoints leaves the node as it was.
    sp(&mut l, f, "TOPLEFT", Some(root), "TOPLEFT", 0.0, 0.0);
    assert!(matches!(
        l.set_all_points(f, Some(i)),
        Err(AnchorError::Cycle { .. })
    ));
    assert_eq!(l.anchors(f).len(), 1);
    assert!(l.compute_frame_rect(i).is_some());
}

#[test]
fn long_cycle_refused_and_deep_chains_do_not_recurse() {
    let (mut l, root) = layout();
    let first = sized(&mut l, root, 1.0, 1.0);
    sp(
        &mut l,
        first,
        "BOTTOMLEFT",
        Some(root),
        "BOTTOMLEFT",
        0.0,
        0.0,
    );
    let mut prev = first;
    for _ in 0..200_000 {
        let n = sized(&mut l, root, 1.0, 1.0);
        l.set_point(
            n,
            Anchor::with(
                AnchorPoint::BottomLeft,
                Some(prev),
                AnchorPoint::BottomLeft,
                0.001,
                0.0,
            ),
        )
        .unwrap();
        prev = n;
    }
    assert!(matches!(
        l.set_point(first, center(prev)),
        Err(AnchorError::Cycle { .. })
    ));
    let r = l.compute_frame_rect(prev).unwrap();
    assert!((r.left - 200.0).abs() < 1.0, "{r:?}");
}

#[test]
fn unresolved_anchors() {
    run(vec![
        (
            "anchored to a region without anchors",
            Box::new(|l, root| {
                let a = sized(l, root, 10.0, 10.0);
                let b = sized(l, root, 10.0, 10.0);
                sp(l, b, "CENTER", Some(a), "CENTER", 0.0, 0.0);
                b
            }),
            None,
        ),
        (
            "one of two anchors unresolved",
            Box::new(|l, root| {
                let a = sized(l, root, 10.0, 10.0);
                let b = l.add_node(Some(root));
                sp(l, b, "TOPLEFT", Some(root), "TOPLEFT", 0.0, 0.0);
                sp(l, b, "BOTTOMRIGHT", Some(a), "BOTTOMRIGHT", 0.0, 0.0);
                b
            }),
            None,
        ),
        (
            "unresolved two levels up",
            Box::new(|l, root| {
                let a = sized(l, root, 10.0, 10.0);
                let b = sized(l, root, 10.0, 10.0);
                sp(l, b, "CENTER", Some(a), "CENTER", 0.0, 0.0);
                let c = sized(l, root, 10.0, 10.0);
                sp(l, c, "CENTER", Some(b), "CENTER", 0.0, 0.0);
                c
            }),
            None,
        ),
        (
            "anchored to a removed region",
            Box::new(|l, root| {
                let a = sized(l, root, 10.0, 10.0);
                sp(l, a, "CENTER", Some(root), "CENTER", 0.0, 0.0);
                let b = sized(l, root, 10.0, 10.0);
                sp(l, b, "CENTER", Some(a), "CENTER", 0.0, 0.0);
                l.compute_frame_rect(b);
                l.remove_node(a);
                b
            }),
            None,
        ),
        (
            "resolves once the base gets an anchor",
            Box::new(|l, root| {
                let a = sized(l, root, 10.0, 10.0);
                let b = sized(l, root, 10.0, 10.0);
                sp(l, b, "LEFT", Some(a), "RIGHT", 0.0, 0.0);
                assert!(l.compute_frame_rect(b).is_none());
                sp(l, a, "BOTTOMLEFT", Some(root), "BOTTOMLEFT", 0.0, 0.0);
                b
            }),
            Some([10.0, 0.0, 10.0, 10.0]),
        ),
    ]);
}

#[test]
fn remove_node_and_bad_ids() {
    let (mut l, root) = layout();
    let a = sized(&mut l, root, 10.0, 10.0);
    sp(&mut l, a, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    l.set_scale(a, 2.0);
    let child = sized(&mut l, a, 10.0, 10.0);
    sp(&mut l, child, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    let dep = sized(&mut l, root, 10.0, 10.0);
    sp(&mut l, dep, "CENTER", Some(a), "CENTER", 0.0, 0.0);
    assert_eq!(l.dependents(a), vec![dep]);
    assert_eq!(l.effective_scale(child), 2.0);
    l.compute_all();
    l.remove_node(a);
    assert!(!l.contains(a));
    assert_eq!(l.compute_frame_rect(dep), None);
    assert_eq!(l.parent(child), None);
    assert_eq!(l.effective_scale(child), 1.0);
    assert_rect(
        "child",
        l.compute_frame_rect(child),
        Some([495.0, 395.0, 10.0, 10.0]),
    );
    assert!(!l.children(root).contains(&a));
    assert_eq!(l.dependents(root), vec![child]);
    let fresh = l.add_node(None);
    assert!(fresh.0 > dep.0, "ids are not reused");
    // Nothing panics on dead or unknown ids.
    let bad = NodeId(12345);
    for id in [a, bad] {
        l.remove_node(id);
        l.set_size(id, Some(1.0), None);
        l.set_scale(id, 2.0);
        l.set_parent(id, Some(root));
        l.set_clamped(id, true, [0.0; 4]);
        l.set_rect_direct(id, Rect::default());
        l.clear_all_points(id);
        assert_eq!(l.compute_frame_rect(id), None);
        assert!(!l.is_rect_valid(id));
        assert!(l.anchors(id).is_empty());
        assert_eq!(
            l.set_point(id, center(root)),
            Err(AnchorError::UnknownNode(id))
        );
    }
    assert_eq!(
        l.set_point(dep, center(bad)),
        Err(AnchorError::UnknownNode(bad))
    );
}

#[test]
fn rect_validity_is_lazy_like_the_client() {
    let (mut l, root) = layout();
    let f = l.add_node(Some(root));
    assert!(!l.is_rect_valid(f));
    l.set_size(f, Some(5.0), Some(10.0));
    assert_eq!(l.compute_frame_rect(f), None);
    assert_eq!(l.size(f), (Some(5.0), Some(10.0)));
    l.set_all_points(f, None).unwrap();
    assert!(!l.is_rect_valid(f), "not valid until asked for");
    assert_rect("f", l.compute_frame_rect(f), Some([0.0, 0.0, W, H]));
    assert!(l.is_rect_valid(f));
    l.set_size(f, Some(5.0), Some(10.0));
    assert!(l.is_rect_valid(f), "same size: nothing to invalidate");
    l.set_size(f, Some(6.0), Some(10.0));
    assert!(!l.is_rect_valid(f));
}
