//! UI objects: the arena of frames and regions (ids, not references), their Lua identity
//! (a table whose key `[0]` holds a userdata with the id; one metatable per type), and the
//! methods shared by every type. Script handlers live on the Lua side (`uicore.lua`).

pub mod frame;
pub mod types;

use crate::lua::{lua_error, HostFns};
use mlua::{AnyUserData, Function, Lua, Table, UserData, Value};
use rustc_hash::FxHashMap;

/// The userdata stored at `[0]` of every object table.
#[derive(Clone, Copy, Debug)]
pub struct ObjHandle(pub u32);
impl UserData for ObjHandle {}

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
    pub unit_filters: FxHashMap<String, Vec<String>>,
    pub attributes: FxHashMap<String, ()>,
    pub id: i64,
}

/// The arena of UI objects and the event registry (stored in the VM's app data).
#[derive(Default)]
pub struct UiState {
    pub objects: Vec<ObjectData>,
    /// event name → frame ids in registration order.
    pub event_frames: FxHashMap<String, Vec<u32>>,
    /// Frames registered with `RegisterAllEvents`.
    pub all_event_frames: Vec<u32>,
    /// Frames with an OnUpdate handler, in creation order.
    pub update_frames: Vec<u32>,
    pub ui_parent: Option<u32>,
}

impl UiState {
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
    /// type name → metatable
    pub metatables: FxHashMap<&'static str, Table>,
}

/// Installs the UI object machinery into the VM.
pub fn install(lua: &Lua, host: &HostFns) -> mlua::Result<()> {
    let m: Table = lua
        .load(include_str!("uicore.lua"))
        .set_name("=[wow-sim uicore]")
        .call(host.hostcall.clone())?;
    let mut metatables = FxHashMap::default();
    for ty in types::TYPES {
        let methods = lua.create_table()?;
        let mt = lua.create_table()?;
        mt.raw_set("__index", methods)?;
        metatables.insert(ty.name, mt);
    }
    let ui_lua = UiLua {
        objects: m.get("objects")?,
        fire: m.get("fire")?,
        dispatch: m.get("dispatch")?,
        setscript: m.get("setscript")?,
        getscript: m.get("getscript")?,
        hookscript: m.get("hookscript")?,
        metatables,
    };
    lua.set_app_data(ui_lua);
    lua.set_app_data(UiState::default());
    frame::install(lua)?;
    Ok(())
}

/// The method table of a type (the metatable's `__index`).
pub fn methods_of(lua: &Lua, type_name: &str) -> mlua::Result<Table> {
    let ui = lua.app_data_ref::<UiLua>().expect("ui installed");
    let mt = ui.metatables.get(type_name).expect("known type");
    mt.raw_get("__index")
}

/// Reads the object id from a method's `self`, with the client's error when it is not one.
pub fn obj_id(lua: &Lua, this: &Value, method: &str) -> mlua::Result<u32> {
    if let Value::Table(t) = this {
        if let Ok(ud) = t.raw_get::<AnyUserData>(0) {
            if let Ok(h) = ud.borrow::<ObjHandle>() {
                return Ok(h.0);
            }
        }
    }
    Err(lua_error(
        lua,
        format_args!("Attempt to find 'this' in non-table object (used '.' instead of ':' ?) calling {method}"),
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
    let id = {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui installed");
        let id = ui.objects.len() as u32;
        ui.objects.push(ObjectData {
            type_index,
            name: name.clone(),
            parent,
            children: Vec::new(),
            shown: true,
            has_on_update: false,
            events: Vec::new(),
            all_events: false,
            unit_filters: FxHashMap::default(),
            attributes: FxHashMap::default(),
            id: 0,
        });
        if let Some(p) = parent.and_then(|p| ui.get_mut(p)) {
            p.children.push(id);
        }
        id
    };
    let t = lua.create_table()?;
    t.raw_set(0, lua.create_userdata(ObjHandle(id))?)?;
    let (mt, objects) = {
        let ui = lua.app_data_ref::<UiLua>().expect("ui installed");
        (
            ui.metatables[types::TYPES[type_index].name].clone(),
            ui.objects.clone(),
        )
    };
    t.set_metatable(Some(mt))?;
    objects.raw_set(id, t.clone())?;
    if let Some(n) = name {
        lua.globals().raw_set(n, t.clone())?;
    }
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
