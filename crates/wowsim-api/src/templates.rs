//! Templates named at run time, as the API needs them: `CreateFrame(type, name, parent, "A, B")`,
//! intrinsic frame types, animation and model-scene templates. The template registry and XML
//! instantiation belong to the loader (`wowsim-core`), which installs a [`TemplateHost`] in the
//! VM; the API calls through it, so no edge points up. Without a host nothing is a template.

use mlua::{Lua, Table};

/// What the loader does for templates named at run time (plain function pointers: the loader
/// keeps its state in the VM).
#[derive(Clone, Copy)]
pub struct TemplateHost {
    /// For a `CreateFrame` type that is an intrinsic template: the object type it makes.
    pub intrinsic_type: fn(&Lua, &str) -> Option<usize>,
    /// Whether the name is an XML template.
    pub is_xml_template: fn(&Lua, &str) -> bool,
    /// Applies `intrinsic` (if any) and each comma-separated template to a new object, then
    /// fires OnLoad (and OnShow when visible) if any XML template was applied.
    pub apply: fn(&Lua, u32, &Table, &str, Option<&str>) -> mlua::Result<()>,
}

/// Installs the loader's template functions.
pub fn install_host(lua: &Lua, host: TemplateHost) {
    lua.set_app_data(host);
}

fn host(lua: &Lua) -> Option<TemplateHost> {
    lua.app_data_ref::<TemplateHost>().map(|h| *h)
}

/// [`TemplateHost::intrinsic_type`]; `None` without a host.
pub fn intrinsic_type(lua: &Lua, name: &str) -> Option<usize> {
    (host(lua)?.intrinsic_type)(lua, name)
}

/// [`TemplateHost::is_xml_template`]; false without a host.
pub fn is_xml_template(lua: &Lua, name: &str) -> bool {
    host(lua).is_some_and(|h| (h.is_xml_template)(lua, name))
}

/// [`TemplateHost::apply`]; an error without a host (a VM made without the loader).
pub fn apply_runtime_templates(
    lua: &Lua,
    id: u32,
    obj: &Table,
    templates: &str,
    intrinsic: Option<&str>,
) -> mlua::Result<()> {
    match host(lua) {
        Some(h) => (h.apply)(lua, id, obj, templates, intrinsic),
        None => Err(mlua::Error::runtime(
            "templates named at run time need the loader (no template host installed)",
        )),
    }
}

/// For the creators that take one template name, literally (regions, animation groups and
/// animations, control points, actors): a comma-separated list is not split as `CreateFrame`
/// splits it, so it names no template and raises the error of an unknown one.
pub(crate) fn check_single(lua: &Lua, method: &str, name: &str) -> mlua::Result<()> {
    if name.contains(',') && !is_xml_template(lua, name) {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!("{method}: Couldn't find inherited node \"{name}\""),
        ));
    }
    Ok(())
}
