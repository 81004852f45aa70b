//! The frame tree as stable text (`wow-sim dump-tree`): one line per region, indented by
//! depth, starting at UIParent and then every other parentless region in creation order.
//! Numbers are rounded to 2 decimals so that dumps diff cleanly.
//!
//! | wow-sim concept | Rust |
//! | --- | --- |
//! | `dump-tree [--filter TEXT] [--visible-only]` | [`dump_tree`] |
pub use wowsim_ui::dump::*;

use super::types::{self};
use super::{object_table, UiState};
use mlua::{Lua, Value};
use rustc_hash::FxHashMap;

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
