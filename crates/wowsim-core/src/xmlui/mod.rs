//! Native instantiation of UI XML (frames, regions, templates, fonts, scripts) from the parsed
//! model of `wowsim-xml`: no Lua source is generated. Objects are configured by calling the
//! Rust bodies of their methods directly (the methods the client's `impl: method` names), so
//! a method the widgets do not have yet is counted in [`coverage`] instead of failing. XML file reading, `<Script>` and
//! `<Include>` stay in `addons::xmlload`.
//!
//! | Part | File |
//! | --- | --- |
//! | state, templates, intrinsics | [`registry`] |
//! | frames and the inheritance chain | [`frame`] |
//! | regions in `<Layers>`, special children | [`layers`] |
//! | size, anchors, key values, insets | [`props`] |
//! | colours, tex-coords, gradients, fonts of regions | [`visual`] |
//! | attribute → method table | [`attrs`] |
//! | `<Scripts>` handlers | [`scripts`] |
//! | `<Animations>`, animation groups and animations | [`animations`] |
//! | `<Font>` objects | [`fonts`] |
//! | method calls and the not-implemented counter | [`calls`], [`coverage`] |
//! | per-tag answers of the schema (extends `Frame`, late child, ...) | [`tag_kinds`] |

pub(crate) mod animations;
pub mod attrs;
pub(crate) mod c_xml_util;
pub(crate) mod calls;
pub mod coverage;
pub(crate) mod fonts;
pub(crate) mod frame;
pub(crate) mod layers;
pub(crate) mod props;
pub(crate) mod registry;
pub(crate) mod scripts;
pub(crate) mod tag_kinds;
pub(crate) mod visual;

use mlua::Lua;
use registry::Src;
use wowsim_lua::HostFns;
use wowsim_xml::Element;

pub use coverage::Coverage;
pub use registry::XmlState;

/// The schema the files of a run are validated against: the flavour's, widened with the
/// client's own `Blizzard_SharedXML/UI.xsd` when a Blizzard UI is given (so no addon gets a
/// warning for markup the client accepts); a UI.xsd that cannot be read is a note, and the
/// flavour's schema is used alone.
pub(crate) fn schema_for(
    flavor: wowsim_xml::Flavor,
    blizzard_ui: Option<&std::path::Path>,
) -> (&'static wowsim_xml::Schema, Option<String>) {
    let plain = wowsim_xml::schema(flavor);
    let Some(ui) = blizzard_ui else {
        return (plain, None);
    };
    let Some(path) = wowsim_toc::resolve_path_ci(ui, "Blizzard_SharedXML/UI.xsd") else {
        return (plain, None);
    };
    let text = match std::fs::read(&path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => return (plain, Some(format!("{}: {e}", path.display()))),
    };
    match wowsim_xml::schema_with_xsd(flavor, &text) {
        Ok(s) => (s, None),
        Err(e) => (
            plain,
            Some(format!(
                "{}: {e}; XML is validated against the embedded schema alone",
                path.display()
            )),
        ),
    }
}

/// Sets up the XML state of a VM (call once, after the widgets); `schema` is
/// [`schema_for`]'s.
pub fn install(
    lua: &Lua,
    host: &HostFns,
    flavor: wowsim_xml::Flavor,
    schema: &'static wowsim_xml::Schema,
) -> mlua::Result<()> {
    let mut state = XmlState::new(flavor, schema);
    // The built-in base's stand-ins for Blizzard's XML intrinsics are tags too (an XML
    // definition of the same name, e.g. from Blizzard_SharedXML, takes over when loaded).
    if let Some(p) = state.parser.as_mut() {
        for (i, ty) in wowsim_api::widgets::types::TYPES.iter().enumerate() {
            if ty.intrinsic && schema.tag(ty.name).is_none() {
                if let Some(base) = frame::base_of_builtin(schema, i) {
                    p.add_intrinsic(ty.name, base);
                }
            }
        }
    }
    lua.set_app_data(state);
    lua.set_named_registry_value("wowsim.hostcall", host.hostcall.clone())?;
    calls::install(lua, host);
    lua.set_named_registry_value("wowsim.report", host.report.clone())?;
    lua.set_named_registry_value("wowsim.xmlhandlers", lua.create_table()?)?;
    fonts::install(lua)
}

/// Instantiates a top-level element of a `<Ui>` file of `addon` (`file` is its client path).
pub(crate) fn instantiate_top_level(
    lua: &Lua,
    _host: &HostFns,
    addon: &str,
    file: &str,
    el: &Element,
) -> mlua::Result<()> {
    let src = registry::source(lua, addon, file);
    top_level(lua, &src, el)
}

fn top_level(lua: &Lua, src: &Src, el: &Element) -> mlua::Result<()> {
    let schema = registry::schema_of(lua);
    match el.tag.as_str() {
        "Font" | "FontFamily" => fonts::load_font(lua, src, el),
        "ScopedModifier" => {
            let prev = registry::enter_scope(lua, registry::Scope::of(el));
            let r = el.children.iter().try_for_each(|c| match c.tag.as_str() {
                // `<Script>`/`<Include>` load through `addons::xmlload`, which handles the
                // modifier itself; they cannot come here.
                "Script" | "Include" => {
                    coverage::not_implemented(lua, &c.tag, "");
                    Ok(())
                }
                _ => top_level(lua, src, c),
            });
            registry::leave_scope(lua, prev);
            r
        }
        "AnimationGroup" if el.bool_attr("virtual") == Some(true) => {
            animations::load_group(lua, 0, el, src)
        }
        // An actor template for `ModelScene:CreateActor(name, template)`.
        "Actor" if el.bool_attr("virtual") == Some(true) => {
            match el.attr("name") {
                Some(n) => registry::register(lua, n, el, src, false),
                None => coverage::not_implemented(lua, "Actor", "virtual"),
            }
            Ok(())
        }
        // A virtual animation (`<Animation name="X" virtual="true">`) is a template that
        // animations in groups inherit.
        _ if animations::is_animation(&el.tag, lua) && el.bool_attr("virtual") == Some(true) => {
            animations::load_animation(lua, 0, el, src)
        }
        _ if frame::is_layout_tag(lua, schema, &el.tag) => {
            frame::load_element(lua, src, el, None, None).map(|_| ())
        }
        other => {
            coverage::not_implemented(lua, other, "");
            Ok(())
        }
    }
}
