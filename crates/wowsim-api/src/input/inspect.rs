//! The frame inspector's facts about one frame (the window shows them for the frame under the
//! mouse): name, type, rect, anchors, strata and level, shown/visible, mouse flags, scripts.
//! Reads the arena with short borrows; asks the Lua side which scripts are set.
//!
//! | wow-sim concept | Rust |
//! | --- | --- |
//! | the inspector's lines for a frame | [`describe`] |
//! | a frame's name, else its parent's name and its type | [`label`] |
pub use wowsim_ui::inspect::*;

use crate::widgets::dump::fmt_num;
use crate::widgets::frame_strata::{effective_level, effective_strata, STRATA};
use crate::widgets::region::rect_of;
use crate::widgets::types::TYPES;
use crate::widgets::util::{with_ui, with_ui_mut};
use crate::widgets::UiLua;
use mlua::{Lua, Value};

/// Lines describing a frame, for the inspector.
pub fn describe(lua: &Lua, id: u32) -> mlua::Result<Vec<String>> {
    let mut out = with_ui_mut(lua, |ui| {
        let mut out = Vec::new();
        let Some(o) = ui.get(id).cloned() else {
            return out;
        };
        out.push(format!(
            "{} ({})",
            label(ui, id),
            TYPES[o.type_index].object_type
        ));
        match rect_of(ui, id) {
            Some(r) => out.push(format!(
                "rect: left {} bottom {} size {}x{}",
                fmt_num(r.left),
                fmt_num(r.bottom),
                fmt_num(r.width),
                fmt_num(r.height)
            )),
            None => out.push("rect: none (no anchors)".into()),
        }
        if let Some(n) = o.node {
            for a in ui.layout.anchors(n).to_vec() {
                let rel = match a.relative {
                    Some(r) => label(ui, ui.node_owner[r.0 as usize]),
                    None => "screen".into(),
                };
                out.push(format!(
                    "anchor: {} -> {rel} {} ({}, {})",
                    a.point,
                    a.relative_point,
                    fmt_num(a.x),
                    fmt_num(a.y)
                ));
            }
            out.push(format!("scale: {}", fmt_num(ui.layout.effective_scale(n))));
        }
        out.push(format!(
            "strata {} level {}",
            STRATA[effective_strata(ui, id) as usize],
            effective_level(ui, id)
        ));
        out.push(format!(
            "shown {} visible {}",
            if o.shown { "yes" } else { "no" },
            if ui.is_visible(id) { "yes" } else { "no" }
        ));
        let (c, m, w) = (
            flag(ui, id, "mouseClickEnabled"),
            flag(ui, id, "mouseMotionEnabled"),
            flag(ui, id, "mouseWheelEnabled"),
        );
        out.push(format!("mouse: click {c} motion {m} wheel {w}"));
        if let Some(p) = o.parent {
            out.push(format!("parent: {}", label(ui, p)));
        }
        out
    });
    let getscript = lua.app_data_ref::<UiLua>().expect("ui").getscript.clone();
    let ty = with_ui(lua, |ui| ui.get(id).map(|o| o.type_index));
    let mut set = Vec::new();
    if ty.is_some() {
        for s in SCRIPTS {
            if let Ok(Value::Function(_)) = getscript.call::<Value>((id, *s)) {
                set.push(*s);
            }
        }
    }
    out.push(format!(
        "scripts: {}",
        if set.is_empty() {
            "none".into()
        } else {
            set.join(", ")
        }
    ));
    Ok(out)
}
