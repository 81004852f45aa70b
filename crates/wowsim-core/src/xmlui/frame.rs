//! Frames and regions from XML: object creation (name with `$parent`, `parent`, top-level
//! virtual and intrinsic elements become templates), the inheritance chain (`inherits`,
//! intrinsic bases, later templates winning), and the application order the client uses:
//! parentKey and parentArray, mixins, attributes, plain children (size, anchors, key values,
//! scripts), then `<Layers>` and `<Frames>`, then OnLoad (children before parents) and OnShow
//! if visible.

use super::registry::{self, Src, Template};
use super::{attrs, coverage, layers, props, scripts};
use crate::addons::record_at;
use mlua::{Lua, Table, Value};
use std::rc::Rc;
use wowsim_api::widgets::{self, frame::expand_parent_name, types, UiState};
use wowsim_xml::{Element, Schema};

/// Deepest template nesting followed (guards against `inherits` cycles).
const MAX_CHAIN_DEPTH: usize = 32;

/// One element of an inheritance chain with the file it came from.
pub enum Link<'a> {
    Own(&'a Element, &'a Src),
    Template(Rc<Template>),
    /// A `<Font>` named in a font string's `inherits` (applied with `SetFontObject`).
    Font(String),
    /// A template of the built-in base, written in Lua (a function applied to the object).
    LuaTemplate(String),
}

impl Link<'_> {
    pub fn el(&self) -> Option<&Element> {
        match self {
            Link::Own(e, _) => Some(e),
            Link::Template(t) => Some(&t.el),
            Link::Font(_) | Link::LuaTemplate(_) => None,
        }
    }
    pub fn src(&self) -> Option<&Src> {
        match self {
            Link::Own(_, s) => Some(s),
            Link::Template(t) => Some(&t.src),
            Link::Font(_) | Link::LuaTemplate(_) => None,
        }
    }
}

/// The schema tag an element stands for (an intrinsic's base tag) and its intrinsic template.
pub fn resolve_tag(
    lua: &Lua,
    schema: &Schema,
    tag: &str,
) -> Option<(String, Option<Rc<Template>>)> {
    if let Some(t) = schema.tag(tag) {
        return Some((t.name.clone(), None));
    }
    if let Some(t) = registry::find(lua, tag).filter(|t| t.intrinsic) {
        let (base, _) = resolve_tag(lua, schema, &t.el.tag)?;
        return Some((base, Some(t)));
    }
    let i = builtin_intrinsic(schema, tag)?;
    Some((base_of_builtin(schema, i)?.to_string(), None))
}

/// A type of the built-in base that Blizzard's UI defines as an XML intrinsic (`EventFrame`,
/// `ItemButton`, ...), usable as a tag when no XML defines it.
pub fn builtin_intrinsic(schema: &Schema, tag: &str) -> Option<usize> {
    if schema.tag(tag).is_some() {
        return None;
    }
    types::find_ci(tag).filter(|i| types::TYPES[*i].intrinsic)
}

/// The nearest base of a built-in intrinsic type that is a schema tag (`Frame`, `Button`).
pub fn base_of_builtin(schema: &Schema, i: usize) -> Option<&'static str> {
    types::TYPES[i]
        .ancestry
        .iter()
        .skip(1)
        .map(|a| types::TYPES[*a].name)
        .find(|n| schema.tag(n).is_some())
}

/// Whether a tag makes a frame or region (LayoutFrame and what extends it, intrinsics).
pub fn is_layout_tag(lua: &Lua, schema: &Schema, tag: &str) -> bool {
    resolve_tag(lua, schema, tag).is_some_and(|(b, _)| schema.extends(&b, "LayoutFrame"))
}

/// The wow-sim type index of the object a schema tag makes.
pub fn type_for_tag(lua: &Lua, schema: &Schema, tag: &str) -> usize {
    let ui = schema.supertypes(tag).find_map(|t| match &t.impl_info {
        Some(wowsim_xml::TagImpl::UiObject(u)) => Some(u.clone()),
        _ => None,
    });
    match ui.as_deref().and_then(types::find) {
        Some(i) => i,
        None => {
            coverage::not_implemented(lua, tag, "");
            let fallback = if schema.extends(tag, "Texture") {
                "Texture"
            } else {
                "Frame"
            };
            types::find(fallback).expect("base type")
        }
    }
}

/// Appends the chain of template `t` (its own bases first) to `out`.
pub fn flatten(lua: &Lua, t: Rc<Template>, out: &mut Vec<Link<'_>>, depth: usize) {
    if depth > MAX_CHAIN_DEPTH {
        return;
    }
    if let Some(list) = t.el.attr("inherits") {
        let names: Vec<String> = registry::split_list(list).map(str::to_string).collect();
        for n in names {
            push_named(lua, &n, &t.el, &t.src, out, depth + 1);
        }
    }
    out.push(Link::Template(t));
}

fn push_named(
    lua: &Lua,
    name: &str,
    el: &Element,
    src: &Src,
    out: &mut Vec<Link<'_>>,
    depth: usize,
) {
    if let Some(t) = registry::find(lua, name) {
        flatten(lua, t, out, depth);
    } else if let Some(f) = registry::find_font(lua, name) {
        out.push(Link::Font(f));
    } else if crate::templates::lua_template(lua, name).is_ok_and(|f| f.is_some()) {
        out.push(Link::LuaTemplate(name.to_string()));
    } else {
        let line = el.attr_pos("inherits").unwrap_or(el.pos).line;
        record_at(
            lua,
            format!(
                "{}:{line}: Couldn't find inherited node \"{name}\"",
                src.file
            ),
            &src.file,
            Some(line),
        );
    }
}

/// The full chain of an element: intrinsic base, inherited templates in order, itself.
pub fn chain<'a>(
    lua: &Lua,
    el: &'a Element,
    src: &'a Src,
    intrinsic: Option<Rc<Template>>,
) -> Vec<Link<'a>> {
    let mut out = Vec::new();
    if let Some(t) = intrinsic {
        flatten(lua, t, &mut out, 0);
    }
    if let Some(list) = el.attr("inherits") {
        for n in registry::split_list(list) {
            push_named(lua, n, el, src, &mut out, 1);
        }
    }
    out.push(Link::Own(el, src));
    out
}

/// Loads a frame or region element under `parent`; `layer` is the draw layer of a region in
/// `<Layers>`. Returns the object, or `None` for templates.
pub fn load_element(
    lua: &Lua,
    src: &Src,
    el: &Element,
    parent: Option<u32>,
    layer: Option<(&str, f64)>,
) -> mlua::Result<Option<(u32, Table)>> {
    // An element the parser did not recognize where it stands (an intrinsic used in the file
    // that declares it: the client fixes a file's tags when it starts parsing it) has its
    // warning and is not made.
    if !el.recognized {
        return Ok(None);
    }
    let schema = registry::schema_of(lua);
    let Some((tag, intrinsic)) = resolve_tag(lua, schema, &el.tag) else {
        coverage::not_implemented(lua, &el.tag, "");
        return Ok(None);
    };
    let is_intrinsic = el.bool_attr("intrinsic") == Some(true);
    // `virtual` makes a template only at the top of a file: on a child of a frame the client
    // ignores it and creates the child (RecruitAFriend's `EditBox`, used by its parent's OnLoad).
    let template = el.bool_attr("virtual") == Some(true) && parent.is_none();
    if template || is_intrinsic {
        match el.attr("name") {
            Some(n) => registry::register(lua, n, el, src, is_intrinsic),
            None => coverage::not_implemented(lua, &el.tag, "virtual"),
        }
        return Ok(None);
    }
    let builtin = builtin_intrinsic(schema, &el.tag).filter(|_| intrinsic.is_none());
    let type_index = builtin.unwrap_or_else(|| type_for_tag(lua, schema, &tag));
    let mut links = chain(lua, el, src, intrinsic);
    // A type of the built-in base (`<DropdownButton>`) takes the base's Lua template of its
    // name first, as `CreateFrame` gives it, where an XML intrinsic gives its mixin.
    if let Some(i) = builtin {
        let name = types::TYPES[i].name;
        if crate::templates::lua_template(lua, name).is_ok_and(|f| f.is_some()) {
            links.insert(0, Link::LuaTemplate(name.to_string()));
        }
    }
    // `parent=` may come from a template (ContainerFrameTemplate's `parent=`): the last of the
    // chain that gives one wins over the lexical parent.
    let parent_attr = links
        .iter()
        .rev()
        .filter_map(Link::el)
        .find_map(|e| e.attr("parent"));
    let parent = match parent_attr {
        Some(p) => parent_by_name(lua, p, parent)?.or(parent),
        None => parent,
    };
    let name = el.attr("name").map(|n| expand_parent_name(lua, n, parent));
    // Under `hideFromGlobalEnv` the global of that name stays what it was.
    let prev_global = match &name {
        Some(n) => lua.globals().raw_get::<Value>(n.as_str())?,
        None => Value::Nil,
    };
    let (id, obj) = widgets::create_object(lua, type_index, name.clone(), parent)?;
    widgets::object_state::record_source(lua, id, &src.file, el.pos.line as usize);
    if let Some((level, sub)) = layer {
        super::calls::call(lua, &obj, "Layer", "level", "SetDrawLayer", (level, sub))?;
    }
    apply(lua, id, &obj, &tag, &links, parent)?;
    if let Some(n) = &name {
        let g = lua.globals();
        if prev_global != Value::Nil && g.raw_get::<Value>(n.as_str())? == Value::Nil {
            g.raw_set(n.as_str(), prev_global)?;
        }
    }
    finish(lua, id)?;
    Ok(Some((id, obj)))
}

fn parent_by_name(lua: &Lua, name: &str, lexical: Option<u32>) -> mlua::Result<Option<u32>> {
    let name = expand_parent_name(lua, name, lexical);
    let v: Value = lua.globals().get(name.as_str())?;
    Ok(widgets::obj_id(lua, &v, "parent").ok())
}

/// Applies a chain to an object: everything but OnLoad. The `<ScopedModifier>` flags of the
/// load in progress and of the chain's templates apply to the object and its children.
pub fn apply(
    lua: &Lua,
    id: u32,
    obj: &Table,
    tag: &str,
    links: &[Link<'_>],
    parent: Option<u32>,
) -> mlua::Result<()> {
    let scope = links
        .iter()
        .filter_map(|l| match l {
            Link::Template(t) => Some(t.scope),
            _ => None,
        })
        .fold(registry::scope(lua), registry::Scope::union);
    let prev = registry::enter_object_scope(lua, scope);
    let r = apply_scope(lua, id, obj, scope)
        .and_then(|_| apply_chain(lua, id, obj, tag, links, parent));
    registry::leave_scope(lua, prev);
    r
}

/// What `<ScopedModifier>` flags do to a new object.
fn apply_scope(lua: &Lua, id: u32, obj: &Table, scope: registry::Scope) -> mlua::Result<()> {
    use wowsim_api::widgets::{fields::FieldVal, util::set_field};
    if scope == registry::Scope::default() {
        return Ok(());
    }
    if scope.forbidden {
        wowsim_api::widgets::forbidden::make_forbidden(lua, id)?;
    }
    if scope.full_lockdown {
        set_field(lua, id, "xml:fullLockdown", FieldVal::Bool(true));
    }
    if scope.use_forbidden_object_table {
        set_field(lua, id, "xml:useForbiddenObjectTable", FieldVal::Bool(true));
    }
    if scope.hide_from_global {
        let name = lua
            .app_data_ref::<UiState>()
            .expect("ui")
            .get(id)
            .and_then(|o| o.name.clone());
        if let Some(name) = name {
            let g = lua.globals();
            if g.raw_get::<Value>(name.as_str())? == Value::Table(obj.clone()) {
                g.raw_set(name.as_str(), Value::Nil)?;
            }
            if scope.add_to_secure_env {
                if let Some(env) = crate::addons::secure_env::table(lua) {
                    env.raw_set(name.as_str(), obj.clone())?;
                }
            }
        }
    }
    Ok(())
}

fn apply_chain(
    lua: &Lua,
    id: u32,
    obj: &Table,
    tag: &str,
    links: &[Link<'_>],
    parent: Option<u32>,
) -> mlua::Result<()> {
    let els: Vec<&Element> = links.iter().filter_map(Link::el).collect();
    let merged = attrs::merged(&els);
    let get = |n: &str| attrs::get(&merged, n);
    if let Some(p) = parent {
        props::parent_key(lua, p, obj, get("parentkey"), get("parentarray"))?;
    }
    let written = registry::lexical_given_env(lua);
    let in_link = |link: &Link<'_>, f: &mut dyn FnMut() -> mlua::Result<()>| {
        let prev = registry::set_lexical_given_env(lua, link_given_env(link, written));
        let r = f();
        registry::set_lexical_given_env(lua, prev);
        r
    };
    for link in links {
        if let (Some(el), Some(src)) = (link.el(), link.src()) {
            in_link(link, &mut || props::mixins(lua, obj, el, src))?;
        }
    }
    if get("hidden").and_then(wowsim_xml::parse_bool) == Some(true) {
        lua.app_data_mut::<UiState>()
            .expect("ui")
            .set_shown_flag(id, false);
    }
    props::special_attrs(lua, obj, tag, &merged)?;
    attrs::apply(lua, obj, tag, &merged, false)?;
    let mut order = scripts::Order::default();
    for link in links {
        match link {
            Link::Font(f) => {
                let font: Value = lua.globals().get(f.as_str())?;
                super::calls::call(lua, obj, tag, "inherits", "SetFontObject", font)?;
            }
            Link::LuaTemplate(name) => {
                let f = crate::templates::lua_template(lua, name)?.ok_or_else(|| {
                    mlua::Error::runtime(format!("template {name} is no longer defined"))
                })?;
                super::calls::hostcall(lua)?.call::<mlua::MultiValue>((f, obj.clone()))?;
            }
            _ => {
                let (el, src) = (link.el().expect("element"), link.src().expect("src"));
                let from_intrinsic = matches!(link, Link::Template(t) if t.intrinsic);
                in_link(link, &mut || {
                    props::plain_children(lua, id, obj, tag, el, src, &mut order, from_intrinsic)
                })?;
            }
        }
    }
    props::font_attrs(lua, obj, tag, &merged, &els)?;
    if get("setallpoints").and_then(wowsim_xml::parse_bool) == Some(true) {
        super::calls::call(lua, obj, tag, "setallpoints", "SetAllPoints", ())?;
    }
    for link in links {
        if let (Some(el), Some(src)) = (link.el(), link.src()) {
            in_link(link, &mut || {
                layers::late_children(lua, id, obj, tag, el, src)
            })?;
        }
    }
    props::resolve_pending_masks(lua, id)?;
    attrs::apply(lua, obj, tag, &merged, true)
}

/// Whether a link's elements were written under `scriptsUseGivenEnv`: a template's where it
/// was defined, the object's own where it is being made (`written`).
fn link_given_env(link: &Link<'_>, written: bool) -> bool {
    match link {
        Link::Template(t) => t.scope.scripts_use_given_env,
        _ => written,
    }
}

/// Fires OnLoad, then OnShow when the object is visible (frames only). Only an object that
/// ever got a handler or hook for the script can have one (see
/// [`widgets::ObjectData::script_flags`]): the others, most of them, make no call into Lua.
pub fn finish(lua: &Lua, id: u32) -> mlua::Result<()> {
    let has = |lua: &Lua, bit: u8| {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        ui.get(id).is_some_and(|o| o.script_flags & bit != 0)
    };
    if has(lua, widgets::SCRIPT_ON_LOAD) {
        widgets::fire_script(lua, id, "OnLoad", ())?;
    }
    let show = {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        ui.get(id).is_some_and(|o| {
            o.script_flags & widgets::SCRIPT_ON_SHOW != 0 && types::TYPES[o.type_index].is_frame
        }) && ui.is_visible(id)
    };
    if show {
        widgets::fire_script(lua, id, "OnShow", ())?;
    }
    Ok(())
}
