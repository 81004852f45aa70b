//! `CreateFrame` and the methods of ScriptObject, Region and Frame that the event loop needs:
//! names, parents, scripts, visibility, events.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `CreateFrame(type, name, parent, template, id)` | [`create_frame`] |
//! | `GetName`, `GetObjectType`, `IsObjectType`, `IsForbidden` | [`install`] |
//! | `SetScript`, `GetScript`, `HookScript`, `HasScript` | [`install`] |
//! | `Show`, `Hide`, `SetShown`, `IsShown`, `IsVisible`; EditBox `autoFocus` on show, focus lost on hide | [`set_shown`] |
//! | `GetParent`, `SetParent`, `GetChildren`, `GetNumChildren`, `GetRegions` | [`install`] |
//! | `SetParentKey(key, clearOtherKeys)`, `GetParentKey`, `ClearParentKey` | [`install`]: `parent[key] = self` |
//! | `RegisterEvent`, `UnregisterEvent`, `UnregisterAllEvents`, `RegisterAllEvents`, `RegisterUnitEvent`, `IsEventRegistered` | `crate::events` |
//! | `SetID`, `GetID` | [`install`] |
pub use wowsim_ui::frame::*;

use super::types::{self, TYPES};
use super::{create_object, fire_script, obj_id, object_table, UiLua, UiState};
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Table, Value};
use wowsim_lua::{lua_error, type_name};

mod methods;
use methods::*;

type Method = fn(&Lua, MultiValue) -> mlua::Result<MultiValue>;

pub(crate) use super::add_method;

fn self_id(lua: &Lua, args: &MultiValue, method: &str) -> mlua::Result<u32> {
    obj_id(lua, args.front().unwrap_or(&Value::Nil), method)
}

/// The Lua table of an object's parent, if it has one.
fn parent_table(lua: &Lua, id: u32) -> mlua::Result<Option<Table>> {
    let p = lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .and_then(|o| o.parent);
    p.map(|p| object_table(lua, p)).transpose()
}

/// Removes every key of `parent` that holds `me` (`ClearParentKey`).
fn clear_parent_keys(parent: &Table, me: &Table) -> mlua::Result<()> {
    let keys: Vec<Value> = parent
        .pairs::<Value, Value>()
        .filter_map(Result::ok)
        .filter(|(k, v)| k.is_string() && matches!(v, Value::Table(t) if t == me))
        .map(|(k, _)| k)
        .collect();
    for k in keys {
        parent.raw_set(k, Value::Nil)?;
    }
    Ok(())
}

fn arg(args: &MultiValue, i: usize) -> Value {
    args.get(i).cloned().unwrap_or(Value::Nil)
}

fn ret(lua: &Lua, v: impl mlua::IntoLuaMulti) -> mlua::Result<MultiValue> {
    v.into_lua_multi(lua)
}

/// Whether `script` is a handler this object's type supports (see `script_types`).
pub fn has_script_type(lua: &Lua, type_index: usize, script: &str) -> bool {
    let ui = lua.app_data_ref::<UiState>().expect("ui");
    super::script_types::has(&ui.scripts, type_index, script)
}

fn check_script(lua: &Lua, id: u32, script: &Value, method: &str) -> mlua::Result<String> {
    let Value::String(s) = script else {
        return Err(lua_error(
            lua,
            format_args!("Usage: {method}(\"type\", function)"),
        ));
    };
    let s = s.to_string_lossy();
    let type_index = type_of(lua, id);
    if !has_script_type(lua, type_index, &s) {
        return Err(lua_error(
            lua,
            format_args!(
                "{}:{method}(): {} does not have a \"{s}\" script",
                TYPES[type_index].name, TYPES[type_index].name
            ),
        ));
    }
    Ok(s)
}

fn set_script(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "SetScript")?;
    let script = check_script(lua, id, &arg(&args, 1), "SetScript")?;
    let handler = arg(&args, 2);
    if !matches!(handler, Value::Nil | Value::Function(_)) {
        return Err(lua_error(lua, "Usage: SetScript(\"type\", function)"));
    }
    set_handler(lua, id, &script, handler)?;
    ret(lua, ())
}

/// Sets a script handler (a function or nil) without the checks of `SetScript`: the XML
/// loader's way, which also reaches objects without a `SetScript` method (Actor).
pub fn set_handler(lua: &Lua, id: u32, script: &str, handler: Value) -> mlua::Result<()> {
    let f = lua.app_data_ref::<UiLua>().expect("ui").setscript.clone();
    let has = !handler.is_nil();
    f.call::<()>((id, script, handler))?;
    if has {
        note_script(lua, id, script);
    }
    if script == "OnUpdate" {
        note_on_update(lua, id, has);
    }
    if script == "OnSizeChanged" && has {
        super::region::watch_size(lua, id);
    }
    Ok(())
}

/// Remembers that an object got an OnShow, OnHide or OnLoad handler or hook (never forgotten:
/// a cleared handler only costs a call into Lua that finds nothing).
fn note_script(lua: &Lua, id: u32, script: &str) {
    let bit = match script {
        "OnShow" => super::SCRIPT_ON_SHOW,
        "OnHide" => super::SCRIPT_ON_HIDE,
        "OnLoad" => super::SCRIPT_ON_LOAD,
        _ => return,
    };
    if let Some(o) = lua.app_data_mut::<UiState>().expect("ui").get_mut(id) {
        o.script_flags |= bit;
    }
}

fn note_on_update(lua: &Lua, id: u32, has: bool) {
    let mut ui = lua.app_data_mut::<UiState>().expect("ui");
    let Some(o) = ui.get_mut(id) else { return };
    // Only frames are in the per-tick OnUpdate list; animations run theirs while playing.
    if !types::is_a(o.type_index, "Frame") {
        return;
    }
    if o.has_on_update == has {
        return;
    }
    o.has_on_update = has;
    // The client's list: a frame that gets a handler while not in it goes first (the list runs
    // from its end); a cleared handler leaves its entry until the next tick's walk drops it, so
    // clearing and setting again before that keeps the frame's place.
    if has && !ui.update_frames.contains(&id) {
        ui.update_frames.push(id);
    }
}

fn get_script(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "GetScript")?;
    let script = check_script(lua, id, &arg(&args, 1), "GetScript")?;
    let f = lua.app_data_ref::<UiLua>().expect("ui").getscript.clone();
    ret(lua, f.call::<Value>((id, script))?)
}

fn hook_script(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "HookScript")?;
    let script = check_script(lua, id, &arg(&args, 1), "HookScript")?;
    let Value::Function(h) = arg(&args, 2) else {
        return Err(lua_error(lua, "Usage: HookScript(\"type\", function)"));
    };
    let f = lua.app_data_ref::<UiLua>().expect("ui").hookscript.clone();
    f.call::<()>((id, script.as_str(), h))?;
    note_script(lua, id, &script);
    if script == "OnUpdate" {
        note_on_update(lua, id, true);
    }
    if script == "OnSizeChanged" {
        super::region::watch_size(lua, id);
    }
    ret(lua, ())
}

/// The type index of object `id` (0 for an unknown id).
fn type_of(lua: &Lua, id: u32) -> usize {
    lua.app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .map_or(0, |o| o.type_index)
}

fn has_script(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "HasScript")?;
    // a number converts as Lua's string arguments do: addons ask for every key of a frame's
    // table, its `[0]` slot included (Immersion's mixin helper does so at load)
    let Some(s) = super::util::string(&arg(&args, 1)) else {
        return Err(lua_error(lua, "Usage: HasScript(\"type\")"));
    };
    let ty = type_of(lua, id);
    let has = has_script_type(lua, ty, &s);
    ret(lua, has)
}

/// Shows or hides an object and fires OnShow/OnHide on every object whose visibility changed.
pub(crate) fn set_shown(lua: &Lua, id: u32, shown: bool) -> mlua::Result<()> {
    let bit = script_bit(shown);
    let (changed, handlers) = {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        let Some(o) = ui.get(id) else { return Ok(()) };
        if o.shown == shown {
            return Ok(());
        }
        let parent_visible = o.parent.is_none_or(|p| ui.is_visible(p));
        ui.set_shown_flag(id, shown);
        if !parent_visible {
            (Vec::new(), Vec::new())
        } else if ui.get(id).is_some_and(|o| o.children.is_empty()) {
            let has = ui.get(id).is_some_and(|o| o.script_flags & bit != 0);
            (vec![id], if has { vec![id] } else { Vec::new() })
        } else {
            // The object and its shown descendants change visibility together (all of them
            // before any script runs); the scripts fire in the client's order.
            let mut out = Vec::new();
            visibility_order(&ui, id, &mut out);
            let handlers = out
                .iter()
                .copied()
                .filter(|c| ui.get(*c).is_some_and(|o| o.script_flags & bit != 0))
                .collect();
            (out, handlers)
        }
    };
    // Only objects that ever had a handler or hook for the script can have one now.
    let script = if shown { "OnShow" } else { "OnHide" };
    for c in &handlers {
        fire_script(lua, *c, script, ())?;
    }
    autofocus(lua, &changed, shown)
}

/// Keyboard focus follows visibility: an EditBox with `autoFocus` (on by default) that becomes
/// visible takes the focus; the focused box loses it when it is hidden (OnEditFocusLost).
fn autofocus(lua: &Lua, changed: &[u32], shown: bool) -> mlua::Result<()> {
    let focus = super::edit_box::focused(lua);
    if !shown {
        if focus.is_some_and(|f| changed.contains(&f)) {
            super::edit_box::set_focus(lua, None)?;
        }
        return Ok(());
    }
    let want = {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        changed.iter().copied().find(|c| {
            ui.get(*c)
                .is_some_and(|o| types::TYPES[o.type_index].is_edit_box)
                && ui.field_by_name(*c, "isAutoFocus") == super::fields::FieldVal::Bool(true)
                && ui.is_visible(*c)
        })
    };
    match want {
        Some(w) if Some(w) != focus => super::edit_box::set_focus(lua, Some(w)),
        _ => Ok(()),
    }
}

fn children_of(lua: &Lua, id: u32, frames: bool) -> mlua::Result<MultiValue> {
    let kids: Vec<u32> = {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        ui.get(id)
            .map(|o| {
                o.children
                    .iter()
                    .copied()
                    .filter(|k| {
                        // Animation groups are children too, but neither frames nor regions.
                        ui.get(*k).is_some_and(|k| {
                            let frame = types::is_a(k.type_index, "Frame");
                            frame == frames && (frame || types::is_a(k.type_index, "Region"))
                        })
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut out = MultiValue::new();
    for k in kids {
        out.push_back(Value::Table(object_table(lua, k)?));
    }
    Ok(out)
}

/// Moves an object under a new parent (or none). A parent that is the object or one of its
/// descendants is refused: the cycle would hang every walk up the tree (visibility, scale,
/// layout), and the methods that reparent (`SetParent`, `SetScrollChild`) say so first.
pub fn set_parent(lua: &Lua, id: u32, parent: Option<u32>) -> mlua::Result<()> {
    if parent.is_some_and(|p| is_self_or_descendant(lua, id, p)) {
        return Err(lua_error(
            lua,
            "cannot parent an object to itself or to one of its descendants",
        ));
    }
    let mut ui = lua.app_data_mut::<UiState>().expect("ui");
    let old = ui.get(id).and_then(|o| o.parent);
    if old == parent {
        return Ok(());
    }
    if let Some(o) = old.and_then(|p| ui.get_mut(p)) {
        o.children.retain(|c| *c != id);
    }
    if let Some(p) = parent.and_then(|p| ui.get_mut(p)) {
        p.children.push(id);
    }
    ui.set_parent_link(id, parent);
    let node = ui.get(id).and_then(|o| o.node);
    let pnode = parent.and_then(|p| ui.get(p)).and_then(|p| p.node);
    if let Some(n) = node {
        ui.layout.set_parent(n, pnode);
    }
    Ok(())
}

/// Whether `candidate` is `id` or below it (bounded, so a corrupt tree cannot hang it).
pub(crate) fn is_self_or_descendant(lua: &Lua, id: u32, candidate: u32) -> bool {
    let Some(ui) = lua.app_data_ref::<UiState>() else {
        return false;
    };
    let mut cur = Some(candidate);
    for _ in 0..=ui.objects.len() {
        match cur {
            Some(c) if c == id => return true,
            Some(c) => cur = ui.get(c).and_then(|o| o.parent),
            None => return false,
        }
    }
    true
}

fn parent_arg(lua: &Lua, v: &Value, method: &str) -> mlua::Result<Option<u32>> {
    match v {
        Value::Nil => Ok(None),
        Value::String(s) => {
            let t: Value = lua.globals().get(s.clone())?;
            if t.is_nil() {
                return Err(lua_error(
                    lua,
                    format_args!(
                        "{method}(): Couldn't find region named '{}'",
                        s.to_string_lossy()
                    ),
                ));
            }
            obj_id(lua, &t, method).map(Some)
        }
        other => obj_id(lua, other, method).map(Some),
    }
}

/// `CreateFrame(frameType [, name, parent, template, id])`.
pub(crate) fn create_frame(lua: &Lua, args: MultiValue) -> mlua::Result<Table> {
    let Value::String(ty) = arg(&args, 0) else {
        return Err(lua_error(
            lua,
            format_args!(
                "CreateFrame: Invalid frame type '{}'",
                type_name(&arg(&args, 0))
            ),
        ));
    };
    let ty = ty.to_string_lossy();
    let available = |i: usize| {
        TYPES[i].frame
            && lua
                .app_data_ref::<UiState>()
                .expect("ui")
                .available
                .get(i)
                .copied()
                .unwrap_or(false)
    };
    // An XML intrinsic of that name (Blizzard's `EventFrame`, `ItemButton`…) wins over the
    // built-in base's stand-in of the same name, as it does for XML elements.
    let intrinsic = types::find_ci(&ty)
        .is_none_or(|i| TYPES[i].intrinsic)
        .then(|| crate::templates::intrinsic_type(lua, &ty))
        .flatten();
    let Some(type_index) = intrinsic.or(types::find_ci(&ty).filter(|i| available(*i))) else {
        if lua
            .app_data_ref::<UnknownTypeWarners>()
            .is_some_and(|w| w.0.iter().any(|n| n.eq_ignore_ascii_case(&ty)))
        {
            wowsim_lua::errors::queue_lua_warning(lua, format!("Unknown frame type: {ty}"));
        }
        return Err(lua_error(
            lua,
            format_args!("CreateFrame: Unknown frame type '{ty}'"),
        ));
    };
    let parent = parent_arg(lua, &arg(&args, 2), "CreateFrame")?;
    let name = match arg(&args, 1) {
        Value::String(s) => Some(expand_parent_name(lua, &s.to_string_lossy(), parent)),
        Value::Nil => None,
        other => {
            return Err(lua_error(
                lua,
                format_args!("CreateFrame: bad name ({})", type_name(&other)),
            ))
        }
    };
    let (id, t) = create_object(lua, type_index, name, parent)?;
    super::object_state::record_lua_source(lua, id);
    if let Some(n) = match arg(&args, 4) {
        Value::Integer(i) => Some(i),
        Value::Number(n) => Some(n as i64),
        _ => None,
    } {
        if let Some(o) = lua.app_data_mut::<UiState>().expect("ui").get_mut(id) {
            o.id = n;
        }
    }
    let template = match arg(&args, 3) {
        Value::String(s) => s.to_string_lossy(),
        _ => String::new(),
    };
    // The base's own intrinsics (`DropdownButton`) take the Lua template of their name, when
    // the base defines one, as XML intrinsics take their mixin.
    let intrinsic_name = intrinsic.map(|_| ty.as_str()).or_else(|| {
        TYPES[type_index]
            .intrinsic
            .then_some(TYPES[type_index].name)
    });
    if !template.is_empty() || intrinsic_name.is_some() {
        crate::templates::apply_runtime_templates(lua, id, &t, &template, intrinsic_name)?;
    }
    Ok(t)
}

/// A name with `$parent` expanded as the client expands it: only a leading `$parent` (in any
/// case), once, becomes the name of the nearest named ancestor, or `Top` when there is none;
/// a `$parent` later in the name stays as written (wowless's in-client `$parent` checks).
pub fn expand_parent_name(lua: &Lua, name: &str, parent: Option<u32>) -> String {
    const PARENT: &[u8] = b"$parent";
    let leading = name
        .as_bytes()
        .get(..PARENT.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(PARENT));
    if !leading {
        return name.to_string();
    }
    let ui = lua.app_data_ref::<UiState>().expect("ui");
    let mut cur = parent;
    let mut found = None;
    // Bounded walk (a parent chain never loops, but stay safe).
    for _ in 0..256 {
        let Some(o) = cur.and_then(|p| ui.get(p)) else {
            break;
        };
        if let Some(n) = &o.name {
            found = Some(n.as_str());
            break;
        }
        cur = o.parent;
    }
    format!("{}{}", found.unwrap_or("Top"), &name[PARENT.len()..])
}

pub(crate) fn create_region(
    lua: &Lua,
    args: MultiValue,
    ty: &str,
    method: &str,
) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, method)?;
    let name = match arg(&args, 1) {
        Value::String(s) => Some(expand_parent_name(lua, &s.to_string_lossy(), Some(id))),
        _ => None,
    };
    let (rid, t) = create_object(lua, types::find(ty).expect("region type"), name, Some(id))?;
    super::object_state::record_lua_source(lua, rid);
    // (name, drawLayer, templateName, subLevel): the layer is kept; a FontString's template
    // names a Font object to follow; other templates go through the template registry.
    if let Value::String(layer) = arg(&args, 2) {
        let layer = layer.to_string_lossy().to_uppercase();
        super::util::set_field(lua, rid, "layer", super::fields::FieldVal::Str(layer));
    }
    if let Some(n) = super::util::num(&arg(&args, 4)) {
        super::util::set_field(lua, rid, "sublevel", super::fields::FieldVal::Num(n));
    }
    if let Value::String(template) = arg(&args, 3) {
        let template = template.to_string_lossy();
        crate::templates::check_single(lua, method, &template)?;
        let font: Value = lua.globals().raw_get(template.as_str())?;
        let font_id = match &font {
            Value::Table(_) => obj_id(lua, &font, method).ok().filter(|f| {
                let ui = lua.app_data_ref::<UiState>().expect("ui");
                ui.get(*f)
                    .is_some_and(|o| types::inherits_from(o.type_index, "Font"))
            }),
            _ => None,
        };
        match font_id {
            Some(f) if ty == "FontString" => super::font::set_font_object(lua, rid, Some(f)),
            // A virtual FontString/Texture XML template applies; the client ignores a font
            // template it does not know.
            _ if crate::templates::is_xml_template(lua, &template) => {
                crate::templates::apply_runtime_templates(lua, rid, &t, &template, None)?
            }
            _ if ty == "FontString" => {}
            _ => crate::templates::apply_runtime_templates(lua, rid, &t, &template, None)?,
        }
    }
    ret(lua, t)
}

/// The type names for which the client's `CreateFrame` queues a `LUA_WARNING` ("Unknown frame
/// type: T") before it raises: object types it knows but will not make as a frame (`Texture`,
/// `FontString`, `WorldFrame`, …), as the reference's `runtime.warners` lists them per product.
struct UnknownTypeWarners(Vec<String>);

/// Installs `CreateFrame` and the methods of this file.
pub fn install(lua: &Lua, data: &wowsim_data::ProductData) -> mlua::Result<()> {
    let warners = data
        .config()
        .get("runtime")
        .and_then(|r| r.get("warners"))
        .and_then(|w| w.as_table())
        .map(|t| {
            t.iter()
                .filter_map(|(k, _)| k.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    lua.set_app_data(UnknownTypeWarners(warners));
    lua.globals()
        .raw_set("CreateFrame", lua.create_function(create_frame)?)?;
    let methods: &[(&str, &str, Method)] = &[
        ("UIObject", "IsObjectType", is_object_type),
        ("ScriptObject", "SetScript", set_script),
        ("ScriptObject", "GetScript", get_script),
        ("ScriptObject", "HookScript", hook_script),
        ("ScriptObject", "HasScript", has_script),
        ("ParentedObjectBase", "GetParent", get_parent),
        ("ParentedObjectBase", "SetParentKey", set_parent_key),
        ("ParentedObjectBase", "GetParentKey", get_parent_key),
        ("ParentedObjectBase", "ClearParentKey", clear_parent_key),
        ("ParentedObject", "SetParent", parented_object_set_parent),
        ("Frame", "GetChildren", get_children),
        ("Frame", "GetRegions", get_regions),
        ("Frame", "GetNumChildren", get_num_children),
        ("Frame", "GetNumRegions", get_num_regions),
        ("Frame", "SetID", set_id),
        // Protected frames: `explicitlyProtected` (the XML `protected` attribute) is the only
        // source wow-sim knows, so both results are that flag.
        ("Region", "IsProtected", is_protected),
        ("Frame", "GetID", get_id),
        ("Frame", "CreateTexture", create_texture),
        ("Frame", "CreateMaskTexture", create_mask_texture),
        ("Frame", "CreateLine", create_line),
        ("Frame", "CreateFontString", create_font_string),
    ];
    for (owner, name, f) in methods {
        add_method(lua, owner, name, host_fn(lua, *f)?)?;
    }
    // The hottest getters take `self` alone and return one value: typed signatures spare mlua
    // the argument and result lists (`MultiValue`) of the generic form above.
    let fast = |name: &str, general: mlua::Function, f: super::fast_call::Fast| {
        super::fast_call::add_method(lua, "RegionBase", name, general, f)
    };
    fast("IsShown", host_fn(lua, is_shown)?, is_shown_fast)?;
    fast("IsVisible", host_fn(lua, is_visible)?, is_visible_fast)?;
    add_method(lua, "UIObject", "GetName", host_fn(lua, get_name)?)?;
    let get_object_type = host_fn(lua, get_object_type)?;
    add_method(lua, "UIObject", "GetObjectType", get_object_type)?;
    // Show, Hide and SetShown: typed signatures too (hot in addons' update code), with a fast
    // path for changes that run no script.
    fast("Show", host_fn(lua, show)?, show_fast)?;
    fast("Hide", host_fn(lua, hide)?, hide_fast)?;
    fast("SetShown", host_fn(lua, region_set_shown)?, set_shown_fast)?;
    crate::events::install_methods(lua)
}
