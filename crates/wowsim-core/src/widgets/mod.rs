//! UI objects: the arena of frames and regions (ids, not references), their Lua identity
//! (a table whose key `[0]` holds a userdata with the id; one metatable per type), and the
//! methods shared by every type. Script handlers live on the Lua side (`uicore.lua`).
//! Install order: reference stubs and generic getters/setters (`fields`), then the
//! hand-written methods of each type's file, which replace them.

pub mod animation;
pub mod animation_effect;
pub mod animation_timing;
pub mod button;
pub mod color_select;
pub mod cooldown;
pub mod dump;
pub mod edit_box;
pub mod edit_cursor;
pub mod fast_call;
pub mod fields;
pub mod font;
pub mod font_string;
pub mod frame;
pub mod frame_state;
pub mod frame_strata;
pub mod game_tooltip;
pub mod line;
pub mod message_frame;
pub mod model;
pub mod model_scene;
pub mod object_state;
pub mod region;
pub mod scene_state;
pub mod screen;
pub mod script_types;
pub mod scroll_frame;
pub mod slider;
pub mod status_bar;
pub mod text_state;
pub mod texture;
pub mod texture_state;
pub mod tooltip_data;
pub mod types;
pub mod ui_object;
pub mod util;

use crate::lua::{lua_error, HostFns};
use fields::{FieldTable, FieldVal};
use mlua::{Function, Lua, Table, Value};
use rustc_hash::FxHashMap;
use wowsim_layout::{Layout, NodeId};

/// One UI object's host-side state.
#[derive(Clone, Debug)]
pub struct ObjectData {
    pub type_index: usize,
    pub name: Option<String>,
    pub parent: Option<u32>,
    pub children: Vec<u32>,
    pub shown: bool,
    pub has_on_update: bool,
    pub events: Vec<String>,
    pub all_events: bool,
    /// `RegisterUnitEvent` filters: event name → units (boxed: few objects have one).
    pub unit_filters: Option<Box<FxHashMap<String, Vec<String>>>>,
    pub id: i64,
    /// The layout node of a Region (frames, textures, font strings); `None` for others.
    pub node: Option<NodeId>,
    /// Field values that differ from the type's initial values (see `fields`).
    pub fields: Vec<(u16, FieldVal)>,
    /// `SetFrameStrata` value; `None` = inherited from the parent.
    pub strata: Option<u8>,
    /// `SetFrameLevel` value; `None` = parent's level + 1.
    pub level: Option<i32>,
    /// The `parentKey` under which the object is known to its parent (for dumps).
    pub parent_key: Option<String>,
    /// Size last reported through OnSizeChanged (or first seen).
    pub reported_size: Option<(f32, f32)>,
    /// Whether the object's text was measured for layout, and whether that is current.
    pub text_measure: TextMeasure,
    /// Scripts that got a handler or hook at some time ([`SCRIPT_ON_SHOW`], [`SCRIPT_ON_HIDE`],
    /// [`SCRIPT_ON_LOAD`]): showing, hiding and the XML loader's OnLoad call into Lua only for
    /// objects that may have one.
    pub script_flags: u8,
}

/// Pushes onto a per-object list that usually stays short (fields, events): grows by one
/// up to four entries instead of allocating room for four at the first push, as `Vec` does.
pub fn push_small<T>(v: &mut Vec<T>, x: T) {
    if v.len() == v.capacity() && v.len() < 4 {
        v.reserve_exact(1);
    }
    v.push(x);
}

impl ObjectData {
    /// The units `event` is filtered to (`RegisterUnitEvent`), if it is.
    pub fn unit_filter(&self, event: &str) -> Option<&Vec<String>> {
        self.unit_filters.as_ref()?.get(event)
    }

    /// Filters `event` to `units`, or removes its filter (`None`).
    pub fn set_unit_filter(&mut self, event: &str, units: Option<Vec<String>>) {
        match units {
            Some(u) => {
                self.unit_filters
                    .get_or_insert_with(Default::default)
                    .insert(event.to_string(), u);
            }
            None => {
                if let Some(m) = self.unit_filters.as_mut() {
                    m.remove(event);
                    if m.is_empty() {
                        self.unit_filters = None;
                    }
                }
            }
        }
    }
}

/// The state of a FontString's measured text extent (its layout node's content size).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextMeasure {
    /// No text set yet: no content size to keep up to date.
    #[default]
    None,
    /// Measured with the current text and font.
    Current,
    /// Text, font, wrapping or width changed since: measured again before layout is read.
    Stale,
}

/// [`ObjectData::script_flags`] bit: an OnShow handler or hook was set.
pub const SCRIPT_ON_SHOW: u8 = 1;
/// [`ObjectData::script_flags`] bit: an OnHide handler or hook was set.
pub const SCRIPT_ON_HIDE: u8 = 2;
/// [`ObjectData::script_flags`] bit: an OnLoad handler or hook was set.
pub const SCRIPT_ON_LOAD: u8 = 4;

/// The arena of UI objects and the event registry (stored in the VM's app data).
pub struct UiState {
    pub objects: Vec<ObjectData>,
    /// event name → frame ids in registration order.
    pub event_frames: FxHashMap<String, Vec<u32>>,
    /// Frames registered with `RegisterAllEvents`.
    pub all_event_frames: Vec<u32>,
    /// Frames with an OnUpdate handler, in creation order.
    pub update_frames: Vec<u32>,
    pub ui_parent: Option<u32>,
    /// Anchors → rects, one node per Region.
    pub layout: Layout,
    /// Layout node → object id.
    pub node_owner: Vec<u32>,
    /// Field names and each type's initial values.
    pub fields: FieldTable,
    /// Objects with an OnSizeChanged script, in id order.
    pub size_watch: Vec<u32>,
    /// Whether each type index exists in this product (`CreateFrame` refuses the others).
    pub available: Vec<bool>,
    /// The simulated monitor in pixels (`GetPhysicalScreenSize`) and the UI scale UIParent
    /// gets when it is created (see [`UiState::set_screen`]).
    pub physical: (u32, u32),
    pub ui_scale: f32,
    /// Address of each object's Lua table → its id: the fast path of `obj_id` (object tables
    /// are never collected, so an address is never reused while the VM lives).
    pub by_table: FxHashMap<usize, u32>,
    /// What playing animations do to each target (`animation_effect`).
    pub anim_fx: FxHashMap<u32, animation_effect::AnimFx>,
    /// Each type's script handlers in this product (`script_types`).
    pub scripts: script_types::ScriptTable,
    /// Texture id → its mask textures in the order added (`AddMaskTexture`).
    pub masks: FxHashMap<u32, Vec<u32>>,
    /// Client font paths → faces (text measurement and drawing).
    pub fonts: crate::draw::fonts::FontLibrary,
    /// Atlas data from an `AtlasInfo.lua` export in an `--art` folder (empty without one).
    pub atlases: crate::atlas::AtlasDb,
    /// FontStrings whose measurement is stale ([`TextMeasure::Stale`]), measured again by
    /// `font_string::flush_text` before any layout read.
    pub stale_text: Vec<u32>,
}

impl Default for UiState {
    fn default() -> Self {
        let (w, h) = screen::ui_screen_size(screen::PHYSICAL_SIZE);
        UiState {
            objects: Vec::new(),
            event_frames: FxHashMap::default(),
            all_event_frames: Vec::new(),
            update_frames: Vec::new(),
            ui_parent: None,
            layout: Layout::new(w, h),
            node_owner: Vec::new(),
            fields: FieldTable::default(),
            size_watch: Vec::new(),
            available: Vec::new(),
            physical: screen::PHYSICAL_SIZE,
            ui_scale: 1.0,
            by_table: FxHashMap::default(),
            anim_fx: FxHashMap::default(),
            scripts: Vec::new(),
            masks: FxHashMap::default(),
            fonts: Default::default(),
            atlases: Default::default(),
            stale_text: Vec::new(),
        }
    }
}

impl UiState {
    /// Sets the monitor size (pixels) and UI scale: the screen is 768 units high at scale 1.
    pub fn set_screen(&mut self, physical: (u32, u32), ui_scale: f32) {
        self.physical = (physical.0.max(1), physical.1.max(1));
        self.ui_scale = if ui_scale > 0.0 { ui_scale } else { 1.0 };
        let (w, h) = screen::ui_screen_size(self.physical);
        self.layout.set_screen_size(w, h);
        if let Some(n) = self
            .ui_parent
            .and_then(|p| self.get(p))
            .and_then(|o| o.node)
        {
            self.layout.set_scale(n, self.ui_scale);
        }
    }

    pub fn get(&self, id: u32) -> Option<&ObjectData> {
        self.objects.get(id as usize)
    }
    pub fn get_mut(&mut self, id: u32) -> Option<&mut ObjectData> {
        self.objects.get_mut(id as usize)
    }

    /// Shown and every ancestor shown.
    pub fn is_visible(&self, id: u32) -> bool {
        let mut cur = Some(id);
        while let Some(c) = cur {
            match self.get(c) {
                Some(o) if o.shown => cur = o.parent,
                _ => return false,
            }
        }
        true
    }
}

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
    };
    lua.set_app_data(ui_lua);
    let state = UiState {
        available: (0..types::TYPES.len())
            .map(|i| types::available_in(i, data))
            .collect(),
        scripts: script_types::build(data),
        ..UiState::default()
    };
    lua.set_app_data(state);
    fields::install(lua, data)?;
    frame::install(lua)?;
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
    Ok(())
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

/// Registers `f` as method `name` on type `owner` and every type derived from it.
pub fn add_method(lua: &Lua, owner: &str, name: &str, f: Function) -> mlua::Result<()> {
    let ui = lua.app_data_ref::<UiLua>().expect("ui installed");
    for (i, mt) in ui.metatable_list.iter().enumerate() {
        if types::inherits_from(i, owner) {
            mt.raw_get::<Table>("__index")?.raw_set(name, f.clone())?;
        }
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
pub fn handle_value(id: u32) -> Value {
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

/// Reads the object id from a method's `self`, with the client's error when it is not one.
pub fn obj_id(lua: &Lua, this: &Value, method: &str) -> mlua::Result<u32> {
    if let Value::Table(t) = this {
        let known = lua
            .app_data_ref::<UiState>()
            .and_then(|ui| ui.by_table.get(&(t.to_pointer() as usize)).copied());
        if let Some(id) = known {
            return Ok(id);
        }
        // A table that carries a copy of an object's [0] acts as that object, as in the client.
        if let Some(id) = t.raw_get::<Value>(0).ok().as_ref().and_then(handle_id) {
            return Ok(id);
        }
    }
    Err(lua_error(
        lua,
        format_args!("Attempt to find 'this' in non-table object (used '.' instead of ':' ?) calling {method}"),
    ))
}

/// [`obj_id`] and a mutable borrow of the UI state in one borrow (the hot setters: each
/// borrow of the app data is a hash lookup and a downcast).
pub fn with_obj_mut<R>(
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
            children: Vec::new(),
            shown: true,
            has_on_update: false,
            events: Vec::new(),
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
    let prev = crate::errors::set_phase(lua, &format!("script:{script}"));
    let r = crate::lua::budget::host_entry(lua, || fire.call::<()>((id, script, args)));
    crate::errors::restore_phase(lua, prev);
    r
}
