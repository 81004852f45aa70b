//! UI objects: the arena of frames and regions (ids, not references), their Lua identity
//! (a table whose key `[0]` holds a userdata with the id; one metatable per type), and the
//! methods shared by every type. Script handlers live on the Lua side (`uicore.lua`).
//! Install order: reference stubs and generic getters/setters (`fields`), then the
//! hand-written methods of each type's file, which replace them.
pub use wowsim_ui::arena::*;

pub(crate) mod animation;
pub(crate) mod animation_effect;
pub(crate) mod animation_timing;
pub(crate) mod button;
pub(crate) mod color_select;
pub(crate) mod cooldown;
pub mod dump;
pub(crate) mod edit_box;
pub(crate) mod edit_cursor;
pub(crate) mod fast_call;
pub mod fields;
pub(crate) mod font;
pub(crate) mod font_string;
pub mod forbidden;
pub mod frame;
pub(crate) mod frame_state;
pub(crate) mod frame_strata;
pub(crate) mod game_tooltip;
pub mod host_methods;
pub(crate) mod line;
pub mod message_frame;
pub(crate) mod model;
pub(crate) mod model_scene;
pub mod object_state;
pub mod region;
pub(crate) mod scene_state;
pub mod screen;
pub(crate) mod script_types;
pub(crate) mod scroll_frame;
pub(crate) mod slider;
pub(crate) mod status_bar;
pub(crate) mod text_state;
pub(crate) mod texture;
pub(crate) mod texture_state;
pub(crate) mod tooltip_data;
pub mod types;
pub(crate) mod ui_object;
pub mod util;

use mlua::{Function, Lua, Table, Value};
use rustc_hash::FxHashMap;
use wowsim_lua::{lua_error, HostFns};
use wowsim_ui::widget_states::WidgetStates;

/// Lua-side handles the widget code calls (cloned from the uicore module table).
#[derive(Clone)]
pub struct UiLua {
    pub objects: Table,
    pub fire: Function,
    pub dispatch: Function,
    pub setscript: Function,
    pub getscript: Function,
    pub hookscript: Function,
    pub scriptnames: Function,
    /// type name → metatable
    pub metatables: FxHashMap<&'static str, Table>,
    /// type index → metatable
    pub metatable_list: Vec<Table>,
    /// frame → its attribute table (`SetAttribute`/`GetAttribute`, `frame_strata`)
    pub(crate) attributes: Table,
    /// type index + 1 → the type's forbidden metatable, made on first use (`forbidden`)
    pub(crate) forbidden: Table,
}

/// The per-widget states beside the arena (one owner, installed with the UI state).
pub(crate) fn widget_states(lua: &Lua) -> mlua::AppDataRef<'_, WidgetStates> {
    lua.app_data_ref::<WidgetStates>()
        .expect("the widget states are installed with the UI state")
}

/// Installs the UI object machinery into the VM.
pub fn install(
    lua: &Lua,
    host: &HostFns,
    data: &'static wowsim_data::ProductData,
) -> mlua::Result<()> {
    let m: Table = lua
        .load(include_str!("uicore.lua"))
        .set_name("=[wow-sim uicore]")
        .call(host.hostcall.clone())?;
    let mut metatables = FxHashMap::default();
    let mut metatable_list = Vec::new();
    for ty in types::TYPES.iter() {
        let methods = lua.create_table()?;
        let mt = lua.create_table()?;
        mt.raw_set("__index", methods)?;
        metatables.insert(ty.name, mt.clone());
        metatable_list.push(mt);
    }
    let ui_lua = UiLua {
        objects: m.get("objects")?,
        fire: m.get("fire")?,
        dispatch: m.get("dispatch")?,
        setscript: m.get("setscript")?,
        getscript: m.get("getscript")?,
        hookscript: m.get("hookscript")?,
        scriptnames: m.get("scriptnames")?,
        metatables,
        metatable_list,
        attributes: lua.create_table()?,
        forbidden: lua.create_table()?,
    };
    lua.set_app_data(ui_lua);
    lua.set_app_data(WidgetStates::default());
    // Field by field: `UiState` has private fields (its visibility generation).
    let mut state = UiState::default();
    state.available = (0..types::TYPES.len())
        .map(|i| types::available_in(i, data))
        .collect();
    state.scripts = script_types::build(data);
    state.host_bytes = wowsim_lua::budget::host_bytes(lua);
    lua.set_app_data(state);
    fields::install(lua, data)?;
    frame::install(lua, data)?;
    region::install(lua)?;
    frame_strata::install(lua)?;
    frame_state::install(lua, data)?;
    texture::install(lua)?;
    font::install(lua)?;
    font_string::install(lua)?;
    button::install(lua, data)?;
    edit_box::install(lua)?;
    slider::install(lua)?;
    status_bar::install(lua)?;
    scroll_frame::install(lua)?;
    cooldown::install(lua)?;
    line::install(lua)?;
    game_tooltip::install(lua)?;
    message_frame::install(lua)?;
    model_scene::install(lua)?;
    screen::install(lua)?;
    animation::install(lua)?;
    ui_object::install(lua)?;
    model::install(lua)?;
    scene_state::install(lua, data)?;
    color_select::install(lua)?;
    crate::event_callbacks::install(lua, data)?;
    install_widget_tests(lua, data)
}

/// `C_Widget.IsWidget(value)` and `C_Widget.IsFrameWidget(value)` (where the flavour has
/// them): whether the value is a UI object, and one of a Frame type. Any other value (an
/// addon's table, a namespace such as `C_TooltipInfo`) is not; the reference's stub answers
/// true for everything, which made addons that sweep `_G` for frames take namespace tables
/// for action buttons.
fn install_widget_tests(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    let has = |n: &str| data.api(n).is_some();
    if !has("C_Widget.IsWidget") && !has("C_Widget.IsFrameWidget") {
        return Ok(());
    }
    let g = lua.globals();
    let ns = match g.raw_get::<Value>("C_Widget")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    let type_index = |lua: &Lua, v: &Value| {
        let id = object_id_of(lua, v)?;
        lua.app_data_ref::<UiState>()?.get(id).map(|o| o.type_index)
    };
    if has("C_Widget.IsWidget") {
        let f = lua.create_function(move |lua, v: Value| Ok(type_index(lua, &v).is_some()))?;
        ns.raw_set("IsWidget", f)?;
    }
    if has("C_Widget.IsFrameWidget") {
        let f = lua.create_function(move |lua, v: Value| {
            Ok(type_index(lua, &v).is_some_and(|t| types::TYPES[t].is_frame))
        })?;
        ns.raw_set("IsFrameWidget", f)?;
    }
    g.raw_set("C_Widget", ns)
}

/// Work done once per frame before OnUpdate: OnSizeChanged for resized regions,
/// OnCooldownDone for finished cooldowns, then animation groups advance. Errors in handlers are records, not failures.
pub fn after_frame(lua: &Lua) -> mlua::Result<()> {
    region::flush_size_changes(lua)?;
    scroll_frame::flush_range_changes(lua)?;
    edit_box::flush_text_changes(lua)?;
    edit_cursor::flush(lua)?;
    cooldown::fire_done(lua)?;
    animation::tick(lua)
}

/// Work done at the end of each frame, after OnUpdate (where the client renders): the layout
/// of visible regions whose rect changed.
pub fn end_of_frame(lua: &Lua) {
    region::heartbeat(lua);
}

/// Registers `f` as method `name` on type `owner` and every type derived from it (with its
/// body for host calls when [`host_methods::host_fn`] made it).
pub(crate) fn add_method(lua: &Lua, owner: &str, name: &str, f: Function) -> mlua::Result<()> {
    add_method_as(lua, owner, name, f.clone(), &f)
}

/// [`add_method`] of `f`, filing the body of `key` (the function `f` wraps, if any).
pub(crate) fn add_method_as(
    lua: &Lua,
    owner: &str,
    name: &str,
    f: Function,
    key: &Function,
) -> mlua::Result<()> {
    let tables: Vec<(usize, Table)> = {
        let ui = lua.app_data_ref::<UiLua>().expect("ui installed");
        let mut out = Vec::new();
        for (i, mt) in ui.metatable_list.iter().enumerate() {
            if types::inherits_from(i, owner) {
                out.push((i, mt.raw_get::<Table>("__index")?));
            }
        }
        out
    };
    for (i, methods) in tables {
        methods.raw_set(name, f.clone())?;
        host_methods::file(lua, i, name, key);
    }
    Ok(())
}

/// The method table of a type (the metatable's `__index`).
pub fn methods_of(lua: &Lua, type_name: &str) -> mlua::Result<Table> {
    let ui = lua.app_data_ref::<UiLua>().expect("ui installed");
    let mt = ui.metatables.get(type_name).expect("known type");
    mt.raw_get("__index")
}

/// The value stored at `[0]` of an object's table: a light userdata carrying the id. Lua code
/// cannot create light userdata, so a table can only pose as an object by copying a real `[0]`
/// (as in the client); reading it back costs no allocation on the hot method-call path.
pub(crate) fn handle_value(id: u32) -> Value {
    Value::LightUserData(mlua::LightUserData(
        (id as usize + 1) as *mut std::ffi::c_void,
    ))
}

/// The id in a `[0]` value made by [`handle_value`].
pub fn handle_id(v: &Value) -> Option<u32> {
    match v {
        Value::LightUserData(p) if !p.0.is_null() => u32::try_from(p.0 as usize - 1).ok(),
        _ => None,
    }
}

/// The object id a value stands for: a UI object's table, or a table that carries a copy of
/// an object's [0] (which acts as that object, as in the client).
pub(crate) fn object_id_of(lua: &Lua, this: &Value) -> Option<u32> {
    let Value::Table(t) = this else {
        return None;
    };
    let known = lua
        .app_data_ref::<UiState>()
        .and_then(|ui| ui.by_table.get(&(t.to_pointer() as usize)).copied());
    known.or_else(|| t.raw_get::<Value>(0).ok().as_ref().and_then(handle_id))
}

/// Reads the object id from a method's `self`, with the client's error when it is not one.
pub fn obj_id(lua: &Lua, this: &Value, method: &str) -> mlua::Result<u32> {
    if let Some(id) = object_id_of(lua, this) {
        return Ok(id);
    }
    Err(lua_error(
        lua,
        format_args!("Attempt to find 'this' in non-table object (used '.' instead of ':' ?) calling {method}"),
    ))
}

/// [`obj_id`] and a mutable borrow of the UI state in one borrow (the hot setters: each
/// borrow of the app data is a hash lookup and a downcast).
pub(crate) fn with_obj_mut<R>(
    lua: &Lua,
    this: &Value,
    method: &str,
    f: impl FnOnce(&mut UiState, u32) -> R,
) -> mlua::Result<R> {
    if let Value::Table(t) = this {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui installed");
        if let Some(id) = ui.by_table.get(&(t.to_pointer() as usize)).copied() {
            return Ok(f(&mut ui, id));
        }
    }
    let id = obj_id(lua, this, method)?;
    Ok(f(
        &mut lua.app_data_mut::<UiState>().expect("ui installed"),
        id,
    ))
}

/// The Lua table of an object.
pub fn object_table(lua: &Lua, id: u32) -> mlua::Result<Table> {
    let objects = lua
        .app_data_ref::<UiLua>()
        .expect("ui installed")
        .objects
        .clone();
    objects.raw_get(id)
}

/// Creates an object of the given type (host state, Lua table, global name).
pub fn create_object(
    lua: &Lua,
    type_index: usize,
    name: Option<String>,
    parent: Option<u32>,
) -> mlua::Result<(u32, Table)> {
    // The table first, sized for its `[0]` (no rehash on the first field), so that one borrow
    // of the host state records both the object and the table's address.
    let t = lua.create_table_with_capacity(0, 1)?;
    if let Some(n) = name.as_deref() {
        lua.globals().raw_set(n, &t)?;
    }
    let id = {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui installed");
        let id = ui.objects.len() as u32;
        let node = if types::inherits_from(type_index, "Region") {
            let pnode = parent.and_then(|p| ui.get(p)).and_then(|p| p.node);
            let n = ui.layout.add_node(pnode);
            if ui.node_owner.len() <= n.0 as usize {
                ui.node_owner.resize(n.0 as usize + 1, u32::MAX);
            }
            ui.node_owner[n.0 as usize] = id;
            Some(n)
        } else {
            None
        };
        let root = match (parent, name.as_deref()) {
            (None, Some(n @ ("UIParent" | "WorldFrame"))) => Some(n == "UIParent"),
            _ => None,
        };
        ui.objects.push(ObjectData {
            type_index,
            name,
            parent,
            children: Default::default(),
            shown: true,
            has_on_update: false,
            events: Default::default(),
            all_events: false,
            unit_filters: None,
            id: 0,
            node,
            fields: Vec::new(),
            strata: None,
            level: None,
            parent_key: None,
            reported_size: None,
            text_measure: TextMeasure::None,
            script_flags: 0,
        });
        ui.charge_host(wowsim_ui::arena::OBJECT_BYTES, 0);
        if let Some(is_ui_parent) = root {
            // The roots cover the screen (Blizzard's XML says setAllPoints; the base relies on it).
            if let Some(n) = node {
                let _ = ui.layout.set_all_points(n, None);
            }
            if is_ui_parent {
                ui.ui_parent = Some(id);
                let scale = ui.ui_scale;
                if let (Some(n), true) = (node, scale != 1.0) {
                    ui.layout.set_scale(n, scale);
                    let s = fields::FieldVal::Num(scale as f64);
                    ui.set_field_by_name(id, "scale", s);
                }
            }
        }
        if let Some(p) = parent.and_then(|p| ui.get_mut(p)) {
            p.children.push(id);
        }
        ui.by_table.insert(t.to_pointer() as usize, id);
        id
    };
    t.raw_set(0, handle_value(id))?;
    let (mt, objects) = {
        let ui = lua.app_data_ref::<UiLua>().expect("ui installed");
        (ui.metatable_list[type_index].clone(), ui.objects.clone())
    };
    t.set_metatable(Some(mt))?;
    objects.raw_set(id, &t)?;
    Ok((id, t))
}

/// Fires a script on an object: its handler, then its hooks, each protected.
pub fn fire_script(
    lua: &Lua,
    id: u32,
    script: &str,
    args: impl mlua::IntoLuaMulti,
) -> mlua::Result<()> {
    let fire = lua
        .app_data_ref::<UiLua>()
        .expect("ui installed")
        .fire
        .clone();
    let prev = wowsim_lua::errors::set_phase(lua, &format!("script:{script}"));
    let r = wowsim_lua::budget::host_entry(lua, || fire.call::<()>((id, script, args)));
    wowsim_lua::errors::restore_phase(lua, prev);
    r
}
