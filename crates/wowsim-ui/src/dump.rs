//! The frame tree as stable text (`wow-sim dump-tree`): one line per region, indented by
//! depth, starting at UIParent and then every other parentless region in creation order.
//! Numbers are rounded to 2 decimals so that dumps diff cleanly.
//!
//! | wow-sim concept | Rust |
//! | --- | --- |
//! | `dump-tree [--filter TEXT] [--visible-only]` | [`dump_tree`] |
use crate::arena::UiState;
use crate::frame_strata::effective_level;
use crate::frame_strata::effective_strata;
use crate::frame_strata::STRATA;
use crate::region::rect_of;
use crate::types;
use crate::types::TYPES;
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// What to print.
#[derive(Clone, Debug, Default)]
pub struct DumpOptions {
    /// Keep only regions whose label contains this text (case-insensitive), with their
    /// ancestors for context.
    pub filter: Option<String>,
    /// Skip regions that are not visible (and their subtrees).
    pub visible_only: bool,
}

/// `12`, `12.5`, `-0.33`.
pub fn fmt_num(v: f32) -> String {
    let r = (v as f64 * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub fn label(ui: &UiState, keys: &FxHashMap<u32, String>, id: u32) -> String {
    let o = &ui.objects[id as usize];
    if let Some(n) = &o.name {
        return n.clone();
    }
    if let Some(k) = o.parent_key.as_ref().or_else(|| keys.get(&id)) {
        return format!("$parent.{k}");
    }
    format!("<anon {id}>")
}

pub fn line(
    ui: &mut UiState,
    keys: &FxHashMap<u32, String>,
    id: u32,
    depth: usize,
    out: &mut String,
) {
    let name = label(ui, keys, id);
    let rect = rect_of(ui, id);
    let visible = ui.is_visible(id);
    let o = &ui.objects[id as usize];
    let ty = TYPES[o.type_index].object_type;
    let _ = write!(out, "{}{name} {ty}", "  ".repeat(depth));
    match rect {
        Some(r) => {
            let _ = write!(
                out,
                " rect=({},{} {}x{})",
                fmt_num(r.left),
                fmt_num(r.bottom),
                fmt_num(r.width),
                fmt_num(r.height)
            );
        }
        None => out.push_str(" rect=none"),
    }
    let _ = write!(
        out,
        " shown={} visible={}",
        if o.shown { "yes" } else { "no" },
        if visible { "yes" } else { "no" }
    );
    if types::inherits_from(o.type_index, "Frame") {
        let _ = write!(
            out,
            " strata={} level={}",
            STRATA[effective_strata(ui, id) as usize],
            effective_level(ui, id)
        );
    } else if let super::fields::FieldVal::Str(l) = ui.field_by_name(id, "layer") {
        let _ = write!(out, " layer={l}");
    }
    if let Some(n) = ui.objects[id as usize].node {
        let anchors: Vec<String> = ui
            .layout
            .anchors(n)
            .iter()
            .map(|a| {
                let rel = match a.relative {
                    Some(r) => label(ui, keys, ui.node_owner[r.0 as usize]),
                    None => "screen".into(),
                };
                format!(
                    "{}->{rel}:{}({},{})",
                    a.point,
                    a.relative_point,
                    fmt_num(a.x),
                    fmt_num(a.y)
                )
            })
            .collect();
        if !anchors.is_empty() {
            let _ = write!(out, " anchors=[{}]", anchors.join(" "));
        }
    }
    if let super::fields::FieldVal::Str(t) = ui.field_by_name(id, "text") {
        let _ = write!(out, " text={t:?}");
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_short_and_stable() {
        for (v, s) in [
            (12.0, "12"),
            (12.5, "12.5"),
            (-0.333, "-0.33"),
            (-0.001, "0"),
            (1365.3334, "1365.33"),
        ] {
            assert_eq!(super::fmt_num(v), s);
        }
    }
}
