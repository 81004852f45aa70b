//! UI objects: the arena of frames and regions (ids, not references), their Lua identity
//! (a table whose key `[0]` holds a userdata with the id; one metatable per type), and the
//! methods shared by every type. Script handlers live on the Lua side (`uicore.lua`).
//! Install order: reference stubs and generic getters/setters (`fields`), then the
//! hand-written methods of each type's file, which replace them.
use crate::animation_effect;
use crate::fields::FieldTable;
use crate::fields::FieldVal;
use crate::screen;
use crate::script_types;
use rustc_hash::FxHashMap;
use thin_vec::ThinVec;
use wowsim_layout::{Layout, NodeId};

/// One UI object's host-side state.
#[derive(Clone, Debug)]
pub struct ObjectData {
    pub type_index: usize,
    pub name: Option<String>,
    pub parent: Option<u32>,
    /// Child frames and regions in creation order (a `ThinVec`, as `events`: one pointer
    /// inline, nothing allocated while empty, which most objects' lists stay).
    pub children: ThinVec<u32>,
    pub shown: bool,
    pub has_on_update: bool,
    pub events: ThinVec<String>,
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

/// Up to this many entries [`push_small`] grows a list by one.
const SMALL_EXACT: usize = 16;

/// Pushes onto a per-object list that usually stays short (fields, events): grows by one
/// up to [`SMALL_EXACT`] entries instead of allocating room for four at the first push and
/// doubling, as `Vec` does. An object's fields are 6 on average (the retail UI: 291,000 in
/// 50,000 objects); doubling past four left a quarter of their room unused (~3 MB).
pub fn push_small<T, L: SmallList<T>>(v: &mut L, x: T) {
    v.push_small(x);
}

/// The growable lists [`push_small`] takes (`Vec`, `ThinVec`).
pub trait SmallList<T> {
    fn push_small(&mut self, x: T);
}

macro_rules! small_list {
    ($t:ident) => {
        impl<T> SmallList<T> for $t<T> {
            fn push_small(&mut self, x: T) {
                if self.len() == self.capacity() && self.len() < SMALL_EXACT {
                    self.reserve_exact(1);
                }
                self.push(x);
            }
        }
    };
}
small_list!(Vec);
small_list!(ThinVec);

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
    /// Frames with an OnUpdate handler, in the order they got one (OnUpdate runs from the
    /// end); entries of cleared handlers stay until the next tick drops them.
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
    /// Combat lockdown (the world's combat state, mirrored here for the methods' fast paths,
    /// which then leave every call to the ordinary functions that check protected frames).
    pub lockdown: bool,
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
    /// Bytes of text the FontStrings hold (`font_string::store_text`), outside Lua's heap:
    /// bounded by `font_string::MAX_TEXT_BYTES`.
    pub text_bytes: usize,
    /// Bytes this model holds for addon code outside Lua's heap: [`OBJECT_BYTES`] per object,
    /// the string fields' lengths, [`REGISTRATION_BYTES`] per event registration. Shared with
    /// the VM's memory cap (`wowsim_lua::budget::host_bytes`), which counts it with Lua's heap.
    pub host_bytes: std::rc::Rc<std::cell::Cell<usize>>,
    /// A generation bumped by every change of an object's `shown` flag or parent
    /// ([`UiState::set_shown_flag`], [`UiState::set_parent_link`]): the heartbeat asks about
    /// hidden regions again only when it moved ([`UiState::take_visibility_change`]).
    visibility_gen: u64,
    /// `visibility_gen` at the last heartbeat.
    heartbeat_gen: u64,
}

/// [`UiState::is_visible`] over an object list (for callers holding another part of the
/// state mutably: the heartbeat and the layout).
pub fn visible_in(objects: &[ObjectData], id: u32) -> bool {
    let mut cur = Some(id);
    while let Some(c) = cur {
        match objects.get(c as usize) {
            Some(o) if o.shown => cur = o.parent,
            _ => return false,
        }
    }
    true
}

/// What one UI object costs outside Lua's heap, for the memory cap: its record, layout node and
/// owner entry, table-address entry and first fields. Measured: 100,000 `CreateFrame("Frame")`
/// took 74 MB of RSS where Lua's heap grew 19 MB (debug build, 2026-12-01): about 550 bytes
/// each outside Lua.
pub const OBJECT_BYTES: usize = 512;

/// What one event registration costs outside Lua (the name in the frame's list, the frame in
/// the event's list), for the memory cap.
pub const REGISTRATION_BYTES: usize = 48;

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
            lockdown: false,
            anim_fx: FxHashMap::default(),
            scripts: Vec::new(),
            masks: FxHashMap::default(),
            fonts: Default::default(),
            atlases: Default::default(),
            stale_text: Vec::new(),
            text_bytes: 0,
            host_bytes: Default::default(),
            visibility_gen: 0,
            heartbeat_gen: 0,
        }
    }
}

impl UiState {
    /// Counts `add` bytes more and `sub` fewer outside Lua ([`UiState::host_bytes`]).
    pub fn charge_host(&self, add: usize, sub: usize) {
        let h = &self.host_bytes;
        h.set((h.get() + add).saturating_sub(sub));
    }

    /// The font face for a client font path ([`FontLibrary::face`]), counting what the library
    /// keeps for a new path against the memory cap ([`UiState::host_bytes`]).
    ///
    /// [`FontLibrary::face`]: crate::draw::fonts::FontLibrary::face
    pub fn face(&mut self, path: &str) -> wowsim_render::text::Face {
        let before = self.fonts.held_bytes;
        let face = self.fonts.face(path);
        self.charge_host(self.fonts.held_bytes - before, 0);
        face
    }

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

    /// Sets an object's own `shown` flag (nothing else: no scripts, no children). Every write
    /// of the flag goes through here, so that the heartbeat knows visibility changed.
    pub fn set_shown_flag(&mut self, id: u32, shown: bool) {
        if let Some(o) = self.objects.get_mut(id as usize) {
            if o.shown != shown {
                o.shown = shown;
                self.visibility_gen += 1;
            }
        }
    }

    /// Sets an object's `parent` link (nothing else: not the children lists, not the layout).
    /// Every write of the link goes through here, so that the heartbeat knows visibility
    /// changed.
    pub fn set_parent_link(&mut self, id: u32, parent: Option<u32>) {
        if let Some(o) = self.objects.get_mut(id as usize) {
            if o.parent != parent {
                o.parent = parent;
                self.visibility_gen += 1;
            }
        }
    }

    /// Whether some object's `shown` flag or parent changed since the last call (the
    /// heartbeat's question: its hidden regions may have become visible).
    pub fn take_visibility_change(&mut self) -> bool {
        let changed = self.visibility_gen != self.heartbeat_gen;
        self.heartbeat_gen = self.visibility_gen;
        changed
    }

    /// Shown and every ancestor shown.
    pub fn is_visible(&self, id: u32) -> bool {
        visible_in(&self.objects, id)
    }
}
