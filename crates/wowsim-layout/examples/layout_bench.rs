//! Layout benchmark: 50,000 regions in realistic frame trees; full and incremental passes.
//!
//! Run: `cargo run --release -p wowsim-layout --example layout_bench`

use std::time::{Duration, Instant};
use wowsim_layout::{Anchor, AnchorPoint as P, Layout, NodeId, Rect};

const TARGET: usize = 50_000;

fn pt(l: &mut Layout, id: NodeId, p: P, rel: NodeId, rp: P, x: f32, y: f32) {
    l.set_point(id, Anchor::with(p, Some(rel), rp, x, y))
        .expect("bench anchors are acyclic");
}

fn sized(l: &mut Layout, parent: NodeId, w: f32, h: f32) -> NodeId {
    let id = l.add_node(Some(parent));
    l.set_size(id, Some(w), Some(h));
    id
}

/// A button: icon and highlight covering it, a count string in a corner, a
/// cooldown frame covering it, and a border texture outset on all sides.
fn button(l: &mut Layout, parent: NodeId) -> NodeId {
    let b = sized(l, parent, 36.0, 36.0);
    for _ in 0..2 {
        let t = l.add_node(Some(b));
        l.set_all_points(t, Some(b)).unwrap();
    }
    let count = sized(l, b, 20.0, 12.0);
    pt(l, count, P::BottomRight, b, P::BottomRight, -2.0, 2.0);
    let cd = l.add_node(Some(b));
    l.set_all_points(cd, Some(b)).unwrap();
    let border = l.add_node(Some(b));
    pt(l, border, P::TopLeft, b, P::TopLeft, -3.0, 3.0);
    pt(l, border, P::BottomRight, b, P::BottomRight, 3.0, -3.0);
    b
}

/// A window: background, title, close button, and rows of chained buttons.
/// Returns the window and one of its deepest buttons.
fn window(l: &mut Layout, root: NodeId, i: usize) -> (NodeId, NodeId) {
    let w = sized(l, root, 420.0, 300.0);
    if matches!(i % 5, 0) {
        l.set_scale(w, 0.8);
    }
    let (x, y) = ((i % 20) as f32 * 40.0, ((i / 20) % 20) as f32 * -30.0);
    pt(l, w, P::TopLeft, root, P::TopLeft, x, y);
    let bg = l.add_node(Some(w));
    l.set_all_points(bg, Some(w)).unwrap();
    let title = sized(l, w, 200.0, 14.0);
    pt(l, title, P::Top, w, P::Top, 0.0, -6.0);
    let close = sized(l, w, 24.0, 24.0);
    pt(l, close, P::TopRight, w, P::TopRight, -2.0, -2.0);
    let inset = l.add_node(Some(w));
    pt(l, inset, P::TopLeft, w, P::TopLeft, 8.0, -24.0);
    pt(l, inset, P::BottomRight, w, P::BottomRight, -8.0, 8.0);
    let mut prev_row = None;
    let mut last = inset;
    for _ in 0..7 {
        let row = l.add_node(Some(inset));
        l.set_size(row, None, Some(38.0));
        match prev_row {
            None => pt(l, row, P::TopLeft, inset, P::TopLeft, 0.0, 0.0),
            Some(p) => pt(l, row, P::TopLeft, p, P::BottomLeft, 0.0, -2.0),
        }
        pt(l, row, P::Right, inset, P::Right, 0.0, 0.0);
        let label = l.add_node(Some(row));
        pt(l, label, P::Left, row, P::Left, 2.0, 0.0);
        let mut prev = label;
        for _ in 0..4 {
            let b = button(l, row);
            pt(l, b, P::Left, prev, P::Right, 4.0, 0.0);
            prev = b;
        }
        last = prev;
        prev_row = Some(row);
    }
    (w, last)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.4} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let t = Instant::now();
    let mut l = Layout::new(1366.0, 768.0);
    let root = l.add_node(None);
    l.set_rect_direct(root, Rect::new(0.0, 0.0, 1366.0, 768.0));
    let mut windows = Vec::new();
    while l.len() < TARGET {
        let i = windows.len();
        windows.push(window(&mut l, root, i));
    }
    let n = l.len();
    println!(
        "built {n} regions in {} windows: {}",
        windows.len(),
        ms(t.elapsed())
    );

    let t = Instant::now();
    l.compute_all();
    println!("first full layout (cold): {}", ms(t.elapsed()));
    let resolved = l.ids().filter(|id| l.is_rect_valid(*id)).count();
    assert_eq!(resolved, n, "every region resolves");

    let mut full = Vec::new();
    for _ in 0..9 {
        l.reset_stats();
        let t = Instant::now();
        l.invalidate_all();
        l.compute_all();
        full.push(t.elapsed());
        assert_eq!(l.stats().recomputed as usize, n, "recomputed");
        assert!(l.take_changed().is_empty(), "same inputs, same rects");
    }
    println!(
        "full layout (invalidate_all + compute_all), median of 9: {} ({n} rects)",
        ms(median(full))
    );

    let (w, deep) = windows[windows.len() / 2];
    let mut runs = Vec::new();
    let mut changed = 0;
    for k in 0..101 {
        l.reset_stats();
        let t = Instant::now();
        pt(
            &mut l,
            w,
            P::TopLeft,
            root,
            P::TopLeft,
            100.0 + (k % 2) as f32,
            -50.0,
        );
        changed = l.take_changed().len();
        runs.push(t.elapsed());
    }
    let rec = l.stats().recomputed;
    println!(
        "incremental, move one window + take_changed, median of 101: {} ({changed} changed, {rec} recomputed)",
        ms(median(runs))
    );

    let mut runs = Vec::new();
    for k in 0..101 {
        l.reset_stats();
        let t = Instant::now();
        l.set_size(deep, Some(36.0 + (k % 2) as f32), Some(36.0));
        changed = l.take_changed().len();
        runs.push(t.elapsed());
    }
    let rec = l.stats().recomputed;
    println!(
        "incremental, resize one button + take_changed, median of 101: {} ({changed} changed, {rec} recomputed)",
        ms(median(runs))
    );

    let mut runs = Vec::new();
    for k in 0..101 {
        let t = Instant::now();
        l.set_scale(w, 1.0 + (k % 2) as f32 * 0.25);
        l.compute_frame_rect(deep);
        runs.push(t.elapsed());
    }
    println!(
        "incremental, rescale one window + lazy query of one button, median of 101: {}",
        ms(median(runs))
    );
}
