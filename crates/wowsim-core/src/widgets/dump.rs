//! The frame tree as stable text (`wow-sim dump-tree`): one line per region, indented by
//! depth, starting at UIParent and then every other parentless region in creation order.
//! Numbers are rounded to 2 decimals so that dumps diff cleanly.
//!
//! | wow-sim concept | Rust |
//! | --- | --- |
//! | `dump-tree [--filter TEXT] [--visible-only]` | [`dump_tree`] |

use super::frame_strata::{effective_level, effective_strata, STRATA};
use super::region::rect_of;
use super::types::{self, TYPES};
use super::{object_table, UiState};
use mlua::{Lua, Value};
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

/// The keys under which each object is stored in its parent's table (`parentKey`).
fn parent_keys(lua: &Lua, ui: &UiState) -> mlua::Result<FxHashMap<u32, String>> {
    let mut out = FxHashMap::default();
    for (id, o) in ui.objects.iter().enumerate() {
        if o.children.is_empty() {
            continue;
        }
        let t = object_table(lua, id as u32)?;
        for pair in t.pairs::<Value, Value>() {
            let (k, v) = pair?;
            let (Value::String(k), Value::Table(v)) = (k, v) else {
                continue;
            };
            if let Some(h) = v
                .raw_get::<Value>(0)
                .ok()
                .as_ref()
                .and_then(super::handle_id)
            {
                if o.children.contains(&h) {
                    out.entry(h).or_insert_with(|| k.to_string_lossy());
                }
            }
        }
    }
    Ok(out)
}

fn label(ui: &UiState, keys: &FxHashMap<u32, String>, id: u32) -> String {
    let o = &ui.objects[id as usize];
    if let Some(n) = &o.name {
        return n.clone();
    }
    if let Some(k) = o.parent_key.as_ref().or_else(|| keys.get(&id)) {
        return format!("$parent.{k}");
    }
    format!("<anon {id}>")
}

fn line(ui: &mut UiState, keys: &FxHashMap<u32, String>, id: u32, depth: usize, out: &mut String) {
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

/// Prints the tree of regions (see the module documentation).
pub fn dump_tree(lua: &Lua, opts: &DumpOptions) -> mlua::Result<String> {
    let keys = {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        parent_keys(lua, &ui)?
    };
    let mut ui = lua.app_data_mut::<UiState>().expect("ui");
    let is_region =
        |ui: &UiState, id: u32| types::inherits_from(ui.objects[id as usize].type_index, "Region");
    let mut roots: Vec<u32> = ui.ui_parent.into_iter().collect();
    roots.extend(
        (0..ui.objects.len() as u32)
            .filter(|id| ui.objects[*id as usize].parent.is_none() && Some(*id) != ui.ui_parent),
    );
    roots.retain(|id| is_region(&ui, *id));
    let filter = opts.filter.as_ref().map(|f| f.to_lowercase());
    // Which objects match the filter, or have a matching descendant.
    let n = ui.objects.len();
    let mut keep = vec![filter.is_none(); n];
    if let Some(f) = &filter {
        for id in 0..n as u32 {
            if label(&ui, &keys, id).to_lowercase().contains(f.as_str()) {
                let mut cur = Some(id);
                while let Some(c) = cur {
                    keep[c as usize] = true;
                    cur = ui.objects[c as usize].parent;
                }
            }
        }
    }
    let mut out = String::new();
    let mut stack: Vec<(u32, usize)> = roots.iter().rev().map(|r| (*r, 0)).collect();
    while let Some((id, depth)) = stack.pop() {
        if !keep[id as usize] || (opts.visible_only && !ui.is_visible(id)) {
            continue;
        }
        line(&mut ui, &keys, id, depth, &mut out);
        let kids: Vec<u32> = ui.objects[id as usize]
            .children
            .iter()
            .copied()
            .filter(|k| is_region(&ui, *k))
            .collect();
        stack.extend(kids.into_iter().rev().map(|k| (k, depth + 1)));
    }
    Ok(out)
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
