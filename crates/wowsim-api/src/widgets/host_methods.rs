//! The Rust body of each UI object method, by type and name, so host code (the XML loader)
//! calls a method directly, as the client's loader calls its C++ setters, instead of looking
//! the method up in the type's Lua method table and calling it through the trampoline. Lua
//! code that replaces an entry of a method table does not change what host code calls.
//!
//! | step | Rust |
//! | --- | --- |
//! | a method made from Rust (its Lua function and its body) | [`host_fn`] |
//! | filed under each type it is added to | `file` (from `add_method`) |
//! | the body of `obj`'s method `name` | [`method_body`] |

use super::UiState;
use mlua::{FromLuaMulti, Function, IntoLuaMulti, Lua, MultiValue, Table};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A method's body: `(lua, args with self first) → results`, the same conversions and errors as
/// when Lua calls the method.
pub type HostMethod = Rc<dyn Fn(&Lua, MultiValue) -> mlua::Result<MultiValue>>;

/// The bodies (VM app data, installed with the widgets).
#[derive(Default)]
pub(crate) struct HostMethods {
    /// Lua function address → (the function, kept so the address is never reused, its body).
    made: FxHashMap<usize, (Function, HostMethod)>,
    /// Type index → method name → body, for each method whose Lua function has one.
    by_type: Vec<FxHashMap<Box<str>, HostMethod>>,
}

/// Makes a Lua function of `f` (as `Lua::create_function` does) and keeps its body for
/// [`method_body`]; arguments convert as they do for a call from Lua (`from_lua_args`).
pub(crate) fn host_fn<A, R, F>(lua: &Lua, f: F) -> mlua::Result<Function>
where
    A: FromLuaMulti,
    R: IntoLuaMulti,
    F: Fn(&Lua, A) -> mlua::Result<R> + 'static,
{
    let f = Rc::new(f);
    let g = f.clone();
    let lua_fn = lua.create_function(move |lua, a: A| g(lua, a))?;
    let body: HostMethod = Rc::new(move |lua: &Lua, args: MultiValue| {
        f(lua, A::from_lua_args(args, 1, None, lua)?)?.into_lua_multi(lua)
    });
    let key = lua_fn.to_pointer() as usize;
    state(lua).made.insert(key, (lua_fn.clone(), body));
    Ok(lua_fn)
}

fn state(lua: &Lua) -> mlua::AppDataRefMut<'_, HostMethods> {
    if lua.app_data_ref::<HostMethods>().is_none() {
        lua.set_app_data(HostMethods::default());
    }
    lua.app_data_mut::<HostMethods>().expect("just set")
}

/// Files the body of `key` (a function made by [`host_fn`], or none) as method `name` of type
/// `type_index`: a later method of the same name replaces it, as in the method table.
pub(crate) fn file(lua: &Lua, type_index: usize, name: &str, key: &Function) {
    let mut s = state(lua);
    let body = s
        .made
        .get(&(key.to_pointer() as usize))
        .map(|(_, b)| b.clone());
    if s.by_type.len() <= type_index {
        s.by_type.resize_with(type_index + 1, FxHashMap::default);
    }
    match body {
        Some(b) => {
            s.by_type[type_index].insert(name.into(), b);
        }
        None => {
            s.by_type[type_index].remove(name);
        }
    }
}

/// The body of method `name` of the object `obj` stands for (by its table), if wow-sim has it
/// in Rust.
pub fn method_body(lua: &Lua, obj: &Table, name: &str) -> Option<HostMethod> {
    let ty = {
        let ui = lua.app_data_ref::<UiState>()?;
        let id = ui.by_table.get(&(obj.to_pointer() as usize))?;
        ui.get(*id)?.type_index
    };
    let s = lua.app_data_ref::<HostMethods>()?;
    s.by_type.get(ty)?.get(name).cloned()
}

/// The names of the methods of type `type_index` that have a body (for tests comparing them
/// with the method table).
pub fn names_with_body(lua: &Lua, type_index: usize) -> Vec<String> {
    lua.app_data_ref::<HostMethods>()
        .and_then(|s| {
            s.by_type
                .get(type_index)
                .map(|m| m.keys().map(|k| k.to_string()).collect())
        })
        .unwrap_or_default()
}
