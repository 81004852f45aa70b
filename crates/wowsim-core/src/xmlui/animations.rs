//! `<Animations>`: animation groups of a frame or region and their animations (`<Alpha>`,
//! `<Scale>`, `<Translation>`, `<Rotation>`, ...), with templates (`virtual`/`inherits`),
//! parentKey, mixins, key values and scripts as for frames. Groups are created while the
//! owner's plain children are applied, so they exist when its OnLoad runs. The play state is
//! the widgets' (`widgets::animation`).

use super::frame::{apply, chain, finish, type_for_tag};
use super::registry::{self, Src};
use super::{calls::call, coverage};
use mlua::{Lua, Table};
use wowsim_api::widgets::{self, frame::expand_parent_name, types};
use wowsim_xml::{parse_number, Element};

/// Whether a tag is one of the animation elements (`Animation` and what extends it).
pub fn is_animation(tag: &str, lua: &Lua) -> bool {
    super::tag_kinds::is(registry::schema_of(lua), tag, super::tag_kinds::ANIMATION)
}

/// Loads the groups of an `<Animations>` element under object `owner`.
pub fn load_groups(lua: &Lua, owner: u32, el: &Element, src: &Src) -> mlua::Result<()> {
    for g in &el.children {
        if g.tag == "AnimationGroup" {
            load_group(lua, owner, g, src)?;
        } else {
            coverage::not_implemented(lua, &g.tag, "");
        }
    }
    Ok(())
}

/// Registers a virtual group as a template, or creates the group under `owner`.
pub fn load_group(lua: &Lua, owner: u32, el: &Element, src: &Src) -> mlua::Result<()> {
    if el.bool_attr("virtual") == Some(true) {
        match el.attr("name") {
            Some(n) => registry::register(lua, n, el, src, false),
            None => coverage::not_implemented(lua, &el.tag, "virtual"),
        }
        return Ok(());
    }
    let ty = types::find("AnimationGroup").expect("type");
    let name = el
        .attr("name")
        .map(|n| expand_parent_name(lua, n, Some(owner)));
    let (id, obj) = widgets::create_object(lua, ty, name, Some(owner))?;
    let links = chain(lua, el, src, None);
    apply(lua, id, &obj, "AnimationGroup", &links, Some(owner))?;
    finish(lua, id)
}

/// Creates one animation element under group `group` (its chain applied, then OnLoad).
pub fn load_animation(lua: &Lua, group: u32, el: &Element, src: &Src) -> mlua::Result<()> {
    if el.bool_attr("virtual") == Some(true) {
        if let Some(n) = el.attr("name") {
            registry::register(lua, n, el, src, false);
        }
        return Ok(());
    }
    let schema = registry::schema_of(lua);
    let ty = type_for_tag(lua, schema, &el.tag);
    let name = el
        .attr("name")
        .map(|n| expand_parent_name(lua, n, Some(group)));
    let (id, obj) = widgets::create_object(lua, ty, name, Some(group))?;
    let links = chain(lua, el, src, None);
    apply(lua, id, &obj, &el.tag, &links, Some(group))?;
    let els: Vec<&Element> = links.iter().filter_map(|l| l.el()).collect();
    pairs(lua, &obj, &el.tag, &els)?;
    finish(lua, id)
}

/// The attributes that come in x/y pairs (`fromScaleX`/`fromScaleY`, `offsetX`/`offsetY`).
fn pairs(lua: &Lua, obj: &Table, tag: &str, els: &[&Element]) -> mlua::Result<()> {
    const PAIRS: &[(&str, &str, &str, f64)] = &[
        ("scalex", "scaley", "SetScale", 1.0),
        ("fromscalex", "fromscaley", "SetScaleFrom", 1.0),
        ("toscalex", "toscaley", "SetScaleTo", 1.0),
        ("offsetx", "offsety", "SetOffset", 0.0),
        ("offsetu", "offsetv", "SetOffset", 0.0),
    ];
    // Only attributes the schema gives the element's tag (an unrecognized one, such as
    // `scaleX` on a LineScale, has the parser's warning and is not applied).
    let schema = super::registry::schema_of(lua);
    let get = |k: &str| {
        els.iter()
            .rev()
            .filter(|e| schema.attribute(&e.tag, k).is_some())
            .find_map(|e| e.attr(k))
            .and_then(parse_number)
    };
    for (x, y, method, default) in PAIRS {
        let (vx, vy) = (get(x), get(y));
        if vx.is_some() || vy.is_some() {
            let args = (vx.unwrap_or(*default), vy.unwrap_or(*default));
            call(lua, obj, tag, x, method, args)?;
        }
    }
    Ok(())
}

/// `<ControlPoints>` of a `<Path>`: each `<ControlPoint name offsetX offsetY>` becomes a
/// ControlPoint object of the path, in order.
pub fn control_points(lua: &Lua, path: u32, el: &Element) -> mlua::Result<()> {
    let ty = types::find("ControlPoint").expect("type");
    for (i, cp) in el.children_named("ControlPoint").enumerate() {
        let name = cp
            .attr("name")
            .map(|n| expand_parent_name(lua, n, Some(path)));
        let (_, obj) = widgets::create_object(lua, ty, name, Some(path))?;
        let x = cp.attr("offsetx").and_then(parse_number).unwrap_or(0.0);
        let y = cp.attr("offsety").and_then(parse_number).unwrap_or(0.0);
        call(lua, &obj, "ControlPoint", "offsetx", "SetOffset", (x, y))?;
        call(
            lua,
            &obj,
            "ControlPoint",
            "order",
            "SetOrder",
            i as f64 + 1.0,
        )?;
    }
    Ok(())
}
