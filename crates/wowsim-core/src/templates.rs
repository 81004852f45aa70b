//! Templates named at run time: `CreateFrame(type, name, parent, "A, B")` and intrinsic frame
//! types (`CreateFrame("MyIntrinsic")`). XML templates go through the same code path as XML
//! `inherits` (`xmlui::frame::apply`, then OnLoad); names that are not XML templates fall back
//! to the built-in base's Lua templates (functions in the private `wowsim.templates` table).

use crate::xmlui::{frame, registry};
use mlua::{Function, Lua, Table, Value};
use wowsim_api::widgets::{types, UiState};
use wowsim_lua::lua_error;

/// Installs these functions as the API's [`wowsim_api::templates::TemplateHost`].
pub fn install(lua: &Lua) {
    wowsim_api::templates::install_host(
        lua,
        wowsim_api::templates::TemplateHost {
            intrinsic_type,
            is_xml_template: |lua, name| registry::find(lua, name).is_some(),
            apply: apply_runtime_templates,
        },
    );
}

/// The registry of Lua-defined templates (`name` → function(object)), used by the built-in base.
pub fn lua_registry(lua: &Lua) -> mlua::Result<Table> {
    match lua.named_registry_value::<Value>("wowsim.templates")? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value("wowsim.templates", t.clone())?;
            Ok(t)
        }
    }
}

/// The built-in base's Lua template of a name, if any: names are case-insensitive, as the
/// client's template names are (`BackDropTemplate` is `BackdropTemplate`).
pub fn lua_template(lua: &Lua, name: &str) -> mlua::Result<Option<Function>> {
    lua_registry(lua)?.raw_get(name.to_ascii_lowercase())
}

/// For a `CreateFrame` type that is an intrinsic template: the object type it makes.
pub fn intrinsic_type(lua: &Lua, name: &str) -> Option<usize> {
    let t = registry::find(lua, name).filter(|t| t.intrinsic)?;
    let schema = registry::schema_of(lua);
    let (base, _) = frame::resolve_tag(lua, schema, &t.el.tag)?;
    let i = frame::type_for_tag(lua, schema, &base);
    types::TYPES[i].frame.then_some(i)
}

/// Applies `intrinsic` (if any) and each comma-separated template to a new object, then fires
/// OnLoad (and OnShow when visible) if any XML template was applied.
pub fn apply_runtime_templates(
    lua: &Lua,
    id: u32,
    obj: &Table,
    templates: &str,
    intrinsic: Option<&str>,
) -> mlua::Result<()> {
    let mut links = Vec::new();
    let n_intrinsic = usize::from(intrinsic.is_some());
    for (i, name) in intrinsic
        .into_iter()
        .chain(registry::split_list(templates))
        .enumerate()
    {
        if let Some(t) = registry::find(lua, name) {
            frame::flatten(lua, t, &mut links, 0);
            continue;
        }
        match lua_template(lua, name)? {
            Some(f) => {
                // A Lua template applies as the client applies an XML template's structure:
                // with the template's own taint (the base's are secure), so the handlers and
                // hooks it sets are its own, whoever creates the frame.
                let taint = wowsim_lua::taint::function(lua, &f)?;
                wowsim_lua::taint::run_as(lua, taint, || f.call::<()>(obj.clone()))?;
            }
            // An intrinsic type of the base without a template of its name has nothing to add.
            _ if i < n_intrinsic => {}
            _ => {
                return Err(lua_error(
                    lua,
                    format_args!("CreateFrame: Couldn't find inherited node \"{name}\""),
                ));
            }
        }
    }
    if links.is_empty() {
        return Ok(());
    }
    let (parent, type_index) = {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        let o = ui.get(id).expect("object exists");
        (o.parent, o.type_index)
    };
    let schema = registry::schema_of(lua);
    // A type that is no schema tag (an intrinsic such as `ContainedAlertFrame`) takes its
    // attributes as its nearest schema base does (`Button`).
    let tag = schema
        .tag(types::TYPES[type_index].name)
        .map(|t| t.name.as_str())
        .or_else(|| frame::base_of_builtin(schema, type_index))
        .unwrap_or("Frame");
    frame::apply(lua, id, obj, tag, &links, parent)?;
    frame::finish(lua, id)
}
