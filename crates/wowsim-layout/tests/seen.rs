//! `IsRectValid` as the client reports it: a rect counts as seen once a caller resolved it (or
//! something anchored to it), not when change reporting recomputed it; `unseen` lists what the
//! heartbeat may resolve.

mod common;
use common::*;

#[test]
fn resolving_marks_the_node_and_what_it_anchors_to() {
    let (mut l, root) = layout();
    let a = sized(&mut l, root, 100.0, 100.0);
    sp(&mut l, a, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    let b = sized(&mut l, root, 50.0, 50.0);
    sp(&mut l, b, "TOPLEFT", Some(a), "BOTTOMLEFT", 0.0, 0.0);
    assert!(!l.is_rect_valid(a) && !l.is_rect_valid(b));
    l.compute_frame_rect(b);
    assert!(l.is_rect_valid(a) && l.is_rect_valid(b));
    l.set_size(a, Some(200.0), None);
    assert!(
        !l.is_rect_valid(a) && !l.is_rect_valid(b),
        "dependents go dirty too"
    );
    l.compute_frame_rect(a);
    assert!(
        l.is_rect_valid(a) && !l.is_rect_valid(b),
        "only what was resolved"
    );
}

#[test]
fn change_reports_do_not_count_as_seen() {
    let (mut l, root) = layout();
    let a = sized(&mut l, root, 100.0, 100.0);
    sp(&mut l, a, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    l.compute_frame_rect(a);
    l.set_size(a, Some(200.0), None);
    let changes = l.take_changes();
    assert_eq!(changes.len(), 1, "the size change is reported");
    assert!(!l.is_rect_valid(a), "still dirty for the client");
    assert_eq!(l.unseen(), vec![a]);
    l.compute_frame_rect(a);
    assert!(l.is_rect_valid(a));
    assert!(l.unseen().is_empty(), "seen nodes leave the list");
}

#[test]
fn unseen_lists_resolvable_nodes_until_seen() {
    let (mut l, root) = layout();
    let loose = sized(&mut l, root, 10.0, 10.0);
    let anchored = sized(&mut l, root, 10.0, 10.0);
    sp(&mut l, anchored, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    let listed = l.unseen();
    assert!(listed.contains(&root) && listed.contains(&anchored));
    assert!(!listed.contains(&loose), "no anchors: nothing to resolve");
    // Not resolved (a hidden region): listed again on the next frame.
    assert!(l.unseen().contains(&anchored));
    // Anchored later: listed again by the change.
    sp(&mut l, loose, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    assert!(l.unseen().contains(&loose));
}

#[test]
fn heartbeat_asks_about_hidden_nodes_again_only_on_a_recheck() {
    let (mut l, root) = layout();
    let shown = sized(&mut l, root, 10.0, 10.0);
    sp(&mut l, shown, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    let hidden = sized(&mut l, root, 10.0, 10.0);
    sp(&mut l, hidden, "CENTER", Some(root), "CENTER", 0.0, 0.0);
    let mut asked = Vec::new();
    l.heartbeat(true, |n| {
        asked.push(n);
        n != hidden
    });
    assert!(asked.contains(&hidden) && asked.contains(&shown));
    assert!(l.is_rect_valid(shown) && !l.is_rect_valid(hidden));
    // An idle frame asks nothing; a change lists the node again, and only it is asked about.
    asked.clear();
    l.heartbeat(false, |n| {
        asked.push(n);
        true
    });
    assert!(asked.is_empty(), "asked about {asked:?}");
    l.set_size(shown, Some(20.0), None);
    l.set_size(hidden, Some(20.0), None);
    l.heartbeat(false, |n| {
        asked.push(n);
        n != hidden
    });
    assert_eq!(asked, vec![shown], "the hidden node waits, already listed");
    assert!(l.is_rect_valid(shown) && !l.is_rect_valid(hidden));
    // Once visibility changed (the caller says so), the waiting node is asked about again.
    l.heartbeat(true, |_| true);
    assert!(l.is_rect_valid(hidden));
    assert_eq!(l.unseen_waiting().count(), 0);
}
