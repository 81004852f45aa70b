//! A MessageFrame's or ScrollingMessageFrame's messages → text runs, above the frame's regions.
//!
//! Each message is laid out on its own, wrapped to the frame's width, in the frame's font,
//! shadow and horizontal justification and in the message's colour. With `insertMode` BOTTOM
//! (the default) the newest message sits on the frame's bottom edge and older ones stack
//! upwards; with TOP the newest sits on the top edge and older ones stack downwards. A
//! ScrollingMessageFrame's scroll offset (`ScrollUp`) leaves out that many of the newest. A
//! message that does not fit whole in the frame's height is not drawn, nor any older one.
//! With `fading` on (the default), a message is drawn fully for `timeVisible` seconds after it
//! was added (10 by default) and then fades out over `fadeDuration` (3), on the virtual clock.
use crate::arena::UiState;
use crate::draw::text::{layout_opts, push_lines, rstr, LinesAt};
use crate::draw::RegionCtx;
use crate::draw::Viewport;
use crate::fields::FieldVal;
use crate::message_frame::Message;

use wowsim_render::text;
use wowsim_render::DrawItem;

fn num(ui: &mut UiState, id: u32, name: &str, default: f64) -> f64 {
    match ui.field_by_name(id, name) {
        FieldVal::Num(n) => n,
        _ => default,
    }
}

fn upper(ui: &mut UiState, id: u32, name: &str, default: &str) -> String {
    match ui.field_by_name(id, name) {
        FieldVal::Str(s) if !s.is_empty() => s.to_ascii_uppercase(),
        _ => default.to_string(),
    }
}

/// How visible a message added at `added` is at `now` (1 = fully, 0 = faded out).
fn fade(ui: &mut UiState, id: u32, added: f64, now: f64) -> f64 {
    if ui.field_by_name(id, "fading") == FieldVal::Bool(false) {
        return 1.0;
    }
    let visible = num(ui, id, "timeVisible", 10.0);
    let duration = num(ui, id, "fadeDuration", 3.0);
    let age = now - added;
    if age <= visible {
        1.0
    } else if duration <= 0.0 || age >= visible + duration {
        0.0
    } else {
        1.0 - (age - visible) / duration
    }
}

/// Appends the drawing of `msgs` (oldest first) in the frame `ctx.id` at virtual time `now`.
pub fn run(
    ui: &mut UiState,
    vp: &Viewport,
    ctx: &RegionCtx,
    msgs: &[Message],
    now: f64,
    out: &mut Vec<DrawItem>,
) {
    let (id, r) = (ctx.id, ctx.units);
    let opts = layout_opts(ui, id, Some(r.width));
    if opts.size <= 0.0 || r.width <= 0.0 || r.height <= 0.0 {
        return;
    }
    let from_top = upper(ui, id, "insertMode", "BOTTOM") == "TOP";
    let justify = match rstr(ui, id, "justifyh") {
        j if j.is_empty() => "CENTER".to_string(),
        j => j,
    };
    let skip = num(ui, id, "scrollOffset", 0.0).max(0.0) as usize;
    let top = r.bottom + r.height;
    // The edge the next (older) message starts from.
    let mut edge = if from_top { top } else { r.bottom };
    for m in msgs.iter().rev().skip(skip) {
        if m.text.is_empty() {
            continue;
        }
        let lay = text::layout(&m.text, &opts);
        let (line_top, next) = if from_top {
            (edge, edge - lay.height)
        } else {
            (edge + lay.height, edge + lay.height)
        };
        if line_top > top + 0.01 || line_top - lay.height < r.bottom - 0.01 {
            break;
        }
        edge = next;
        let a = fade(ui, id, m.added, now) * m.color[3];
        if a <= 0.0 {
            continue;
        }
        let at = LinesAt {
            left: r.left,
            width: r.width,
            top: line_top,
            justify: &justify,
            color: [
                m.color[0] as f32,
                m.color[1] as f32,
                m.color[2] as f32,
                a as f32 * ctx.alpha,
            ],
        };
        push_lines(ui, vp, ctx, &opts, &lay, &at, out);
    }
}
