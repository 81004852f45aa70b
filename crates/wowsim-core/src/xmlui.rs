//! Native instantiation of UI XML elements (frames, templates, fonts). This first version only
//! counts the elements it does not build yet, so the gap is visible (`xml_pending` in the run
//! summary); the full instantiator replaces it.

use crate::lua::HostFns;
use mlua::Lua;
use wowsim_xml::Element;

/// How many top-level XML elements were not instantiated (VM app data).
#[derive(Default)]
pub struct XmlPending {
    pub count: u64,
    pub tags: std::collections::BTreeMap<String, u64>,
}

/// Instantiates a top-level element of a `<Ui>` file.
pub fn instantiate_top_level(
    lua: &Lua,
    _host: &HostFns,
    _addon: &str,
    _file: &str,
    el: &Element,
) -> mlua::Result<()> {
    if lua.app_data_ref::<XmlPending>().is_none() {
        lua.set_app_data(XmlPending::default());
    }
    let mut p = lua.app_data_mut::<XmlPending>().expect("set above");
    p.count += 1;
    *p.tags.entry(el.tag.clone()).or_default() += 1;
    Ok(())
}
