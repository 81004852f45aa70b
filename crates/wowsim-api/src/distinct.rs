//! One function value per name, as in the client: each API of the reference and each UI object
//! type's method is its own C function (`Frame.Show` and `Button.Show` differ, and so do two
//! APIs that share one body here). The bindings install one function for a method of a base
//! type in every derived type's table, and sometimes one body under several API names; this
//! pass, run once every API is installed, gives each further name a clone of the function
//! ([`wowsim_lua::clone_fn`]): the same body, a new value. Typed stubs stay counted as stubs.
//! Names outside the reference (aliases, the base's helpers) are left as they are.

use crate::api::stubs::get_path;
use mlua::{Function, Lua, Table, Value};
use rustc_hash::FxHashSet;
use wowsim_data::ProductData;

/// Gives every reference API and every UI object type's method a function value of its own.
/// Returns how many values were cloned.
pub fn install(lua: &Lua, data: &ProductData) -> mlua::Result<usize> {
    let stubs: Option<Table> = match lua.named_registry_value::<Value>("wowsim.stubfns")? {
        Value::Table(t) => Some(t),
        _ => None,
    };
    let mut seen: FxHashSet<usize> = FxHashSet::default();
    let mut cloned = 0;
    let mut fresh = |f: &Function| -> mlua::Result<Option<Function>> {
        if seen.insert(f.to_pointer() as usize) {
            return Ok(None);
        }
        let Some(g) = wowsim_lua::clone_fn::clone_c_function(lua, f)? else {
            return Ok(None);
        };
        if let Some(s) = &stubs {
            if s.raw_get::<bool>(f.clone()).unwrap_or(false) {
                s.raw_set(g.clone(), true)?;
            }
        }
        seen.insert(g.to_pointer() as usize);
        cloned += 1;
        Ok(Some(g))
    };
    for api in data.apis() {
        let Value::Function(f) = get_path(lua, &api.name)? else {
            continue;
        };
        if let Some(g) = fresh(&f)? {
            let owner = match &api.namespace {
                Some(ns) => match get_path(lua, ns)? {
                    Value::Table(t) => t,
                    _ => continue,
                },
                None => lua.globals(),
            };
            owner.raw_set(api.short_name.as_str(), g)?;
        }
    }
    let tables: Vec<Table> = {
        let ui = lua
            .app_data_ref::<crate::widgets::UiLua>()
            .expect("ui installed");
        ui.metatable_list
            .iter()
            .map(|mt| mt.raw_get::<Table>("__index"))
            .collect::<mlua::Result<_>>()?
    };
    for methods in tables {
        let mut names: Vec<(String, Function)> = Vec::new();
        for pair in methods.pairs::<Value, Value>() {
            if let (Value::String(k), Value::Function(f)) = pair? {
                names.push((k.to_string_lossy(), f));
            }
        }
        names.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, f) in names {
            if let Some(g) = fresh(&f)? {
                methods.raw_set(name, g)?;
            }
        }
    }
    Ok(cloned)
}
