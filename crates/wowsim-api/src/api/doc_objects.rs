//! Object types the UI's API documentation describes and the reference lacks (12.x housing:
//! `HousingCatalogSearcher`, `HousingLayoutPinFrame`, ...): the `ScriptObject` systems named
//! `<Type>API` that are no widget type (`Simple…API`, `FrameAPI…` describe those).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | a documented `ScriptObject` system `<Type>API` | [`convert`] into a [`DocObject`] |
//! | its methods, e.g. `HousingCatalogSearcher:RunSearch` | [`install`]: a Lua object type of typed stubs |
//! | `C_HousingCatalog.CreateCatalogSearcher()` (documented to return one) | [`install`]: its stub returns an object |

use super::api_docs::DocData;
use mlua::Lua;
use std::rc::Rc;
use wowsim_data::{Api, ProductData, Ty};

/// One documented object type and its methods (as functions: name, arguments, returns).
#[derive(Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DocObject {
    pub name: String,
    pub methods: Vec<Api>,
}

/// The object type a `ScriptObject` system documents, if it is no widget type.
pub(crate) fn type_of_system(system_name: &str) -> Option<&str> {
    let t = system_name.strip_suffix("API")?;
    let widget = t.starts_with("Simple") || system_name.starts_with("FrameAPI");
    (!widget && !t.is_empty()).then_some(t)
}

/// The documented types the reference has as neither a Lua object nor a UI object.
fn new_types<'a>(
    docs: &'a DocData,
    data: &'a ProductData,
) -> impl Iterator<Item = (usize, &'a DocObject)> {
    docs.objects
        .iter()
        .enumerate()
        .filter(|(_, o)| data.luaobject(&o.name).is_none() && data.uiobject(&o.name).is_none())
}

/// Adds a Lua object type of typed stubs for each documented type the reference lacks, and
/// makes every documented function whose results include such an object (and that is still a
/// stub) return one. Returns the names of the functions it (re)installed.
pub fn install(
    lua: &Lua,
    docs: &Rc<DocData>,
    data: &'static ProductData,
) -> mlua::Result<Vec<String>> {
    let added: Vec<String> = new_types(docs, data).map(|(_, o)| o.name.clone()).collect();
    if added.is_empty() {
        return Ok(Vec::new());
    }
    for (i, o) in new_types(docs, data) {
        let t = lua.create_table()?;
        for (j, m) in o.methods.iter().enumerate() {
            t.raw_set(m.name.as_str(), method_stub(lua, docs, data, i, j)?)?;
        }
        super::lua_objects::add_type(lua, &o.name, t);
    }
    let returns_new = |api: &Api| {
        api.outputs
            .iter()
            .flatten()
            .any(|p| matches!(&p.ty, Ty::LuaObject(n) if added.contains(n)))
    };
    let mut replaced = Vec::new();
    for (i, api) in docs.apis.iter().enumerate() {
        if !returns_new(api) || !is_stub_or_nil(lua, &api.name)? {
            continue;
        }
        let docs = docs.clone();
        super::stubs::install_stub_with(lua, api, move |lua, args| {
            let api = &docs.apis[i];
            let inputs = api.inputs.as_deref().unwrap_or_default();
            let outputs = super::stubs::stub_outputs(api);
            super::stubs::stub_results(lua, data, inputs, &outputs, args, 0)
        })?;
        replaced.push(api.name.clone());
    }
    Ok(replaced)
}

/// Whether `path` names nothing or one of wow-sim's stubs (never a real implementation).
fn is_stub_or_nil(lua: &Lua, path: &str) -> mlua::Result<bool> {
    match super::stubs::get_path(lua, path)? {
        mlua::Value::Nil => Ok(true),
        mlua::Value::Function(f) => crate::coverage::is_stub(lua, &f),
        _ => Ok(false),
    }
}

/// The counted typed stub of method `j` of documented type `i`.
fn method_stub(
    lua: &Lua,
    docs: &Rc<DocData>,
    data: &'static ProductData,
    i: usize,
    j: usize,
) -> mlua::Result<mlua::Function> {
    let docs = docs.clone();
    let counted = format!(
        "{}:{}",
        docs.objects[i].name, docs.objects[i].methods[j].name
    );
    let f = lua.create_function(move |lua, args: mlua::MultiValue| {
        if let Some(mut s) = lua.app_data_mut::<super::stubs::StubStats>() {
            *s.calls.entry(counted.clone()).or_default() += 1;
        }
        let m = &docs.objects[i].methods[j];
        let inputs = m.inputs.as_deref().unwrap_or_default();
        let outputs = super::stubs::stub_outputs(m);
        super::stubs::stub_results(lua, data, inputs, &outputs, &args, 1)
    })?;
    crate::coverage::mark_stub(lua, &f)?;
    Ok(f)
}

/// The documented object types of `systems` (system name, its functions as [`Api`]s), sorted
/// by name.
pub(crate) fn collect(systems: Vec<(String, Vec<Api>)>) -> Vec<DocObject> {
    let mut out: Vec<DocObject> = systems
        .into_iter()
        .filter_map(|(sys, methods)| {
            type_of_system(&sys).map(|t| DocObject {
                name: t.to_string(),
                methods,
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}
