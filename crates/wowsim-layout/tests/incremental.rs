//! Incremental invalidation: only what depends on a change is recomputed and reported.

mod common;
use common::*;
use wowsim_layout::{Layout, NodeId};

/// Three windows under the root, each with ten textures anchored to it or chained.
fn windows() -> (Layout, NodeId, Vec<(NodeId, Vec<NodeId>)>) {
    let (mut l, root) = layout();
    let mut out = Vec::new();
    for w in 0..3 {
        let win = sized(&mut l, root, 200.0, 100.0);
        sp(
            &mut l,
            win,
            "TOPLEFT",
            Some(root),
            "TOPLEFT",
            10.0 + 250.0 * w as f32,
            -10.0,
        );
        let mut kids = Vec::new();
        let bg = l.add_node(Some(win));
        l.set_all_points(bg, Some(win)).unwrap();
        kids.push(bg);
        let mut prev = win;
        for k in 0..9 {
            let t = sized(&mut l, win, 16.0, 16.0);
            if k == 0 {
                sp(&mut l, t, "TOPLEFT", Some(win), "TOPLEFT", 4.0, -4.0);
            } else {
                sp(&mut l, t, "LEFT", Some(prev), "RIGHT", 2.0, 0.0);
            }
            prev = t;
            kids.push(t);
        }
        out.push((win, kids));
    }
    l.compute_all();
    l.take_changed();
    l.reset_stats();
    (l, root, out)
}

#[test]
fn moving_one_window_recomputes_only_its_dependents() {
    let (mut l, root, wins) = windows();
    let (a, ref a_kids) = wins[0];
    sp(&mut l, a, "TOPLEFT", Some(root), "TOPLEFT", 20.0, -10.0);
    for (w, kids) in &wins[1..] {
        assert!(l.is_rect_valid(*w));
        assert!(kids.iter().all(|k| l.is_rect_valid(*k)));
    }
    assert!(!l.is_rect_valid(a) && a_kids.iter().all(|k| !l.is_rect_valid(*k)));
    l.compute_all();
    assert_eq!(l.stats().recomputed, 11);
    let mut expect = vec![a];
    expect.extend(a_kids);
    expect.sort();
    l.reset_stats();
    assert_eq!(l.take_changed(), expect);
    assert_eq!(l.stats().recomputed, 0, "already recomputed lazily");
    assert!(l.take_changed().is_empty());
}

#[test]
fn take_changes_reports_moves_and_resizes() {
    let (mut l, root, wins) = windows();
    let (a, ref kids) = wins[1];
    // Moving: the window and everything on it move, no size changes.
    sp(&mut l, a, "TOPLEFT", Some(root), "TOPLEFT", 300.0, -50.0);
    let ch = l.take_changes();
    assert_eq!(ch.len(), 11);
    assert!(ch.iter().all(|c| !c.size_changed()));
    assert_eq!(l.stats().recomputed, 11);
    // Resizing: the window and its background change size; the textures with a
    // TOPLEFT anchor do not move at all, so they are recomputed but not reported.
    l.set_size(a, Some(300.0), Some(100.0));
    let ch = l.take_changes();
    let ids: Vec<_> = ch.iter().map(|c| c.id).collect();
    assert_eq!(ids, vec![a, kids[0]]);
    assert!(ch.iter().all(|c| c.size_changed()));
    // A change and its undo before the next report: nothing to report.
    l.set_size(a, Some(1.0), Some(1.0));
    l.compute_all();
    l.set_size(a, Some(300.0), Some(100.0));
    assert!(l.take_changes().is_empty());
    // Losing the rect is a change too.
    l.clear_all_points(a);
    let ch = l.take_changes();
    assert_eq!(ch.len(), 11);
    assert!(ch.iter().all(|c| c.new.is_none() && c.size_changed()));
}

#[test]
fn scale_change_invalidates_subtree_only() {
    let (mut l, root, wins) = windows();
    let (a, ref a_kids) = wins[2];
    l.set_scale(a, 0.5);
    assert!(wins[0].1.iter().all(|k| l.is_rect_valid(*k)));
    assert!(l.is_rect_valid(root));
    let changed = l.take_changed();
    assert_eq!(changed.len(), 1 + a_kids.len());
    assert_eq!(l.stats().recomputed, 11);
}

#[test]
fn root_change_reaches_everything() {
    let (mut l, root, _) = windows();
    l.set_rect_direct(root, wowsim_layout::Rect::new(0.0, 0.0, W, H - 100.0));
    assert_eq!(l.take_changed().len(), 1 + 33);
}
