//! Mouse and keyboard input into the UI, headless: what the client's input layer does between
//! the operating system and the frames. Front ends (the window, the fixture harness) call the
//! `Simulator` methods, which land here; nothing in this module knows about windows.
//!
//! Coordinates: the `Simulator` methods take **screen pixels** of the simulated monitor
//! (`SimConfig::screen`, origin top-left, the same pixels a screenshot has). Inside, the
//! cursor is kept in **UI units at scale 1** (768 units high, origin bottom-left), which is
//! what `GetCursorPosition` returns; a region's own units are these divided by its effective
//! scale.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | the frame under the cursor (strata, level, mouse flags, hit-rect insets) | [`hit`] |
//! | OnEnter/OnLeave, OnMouseDown/Up, clicks, drags, moving, OnMouseWheel | [`mouse`] |
//! | OnKeyDown/OnKeyUp/OnChar with propagation, EditBox typing | [`keyboard`] |
//! | `GetCursorPosition`, `GetMouseFoci`, `IsMouseOver`, `RegisterForDrag`, `StartMoving`... | [`methods`] |

pub use wowsim_ui::hit;
pub(crate) mod hyperlink;
pub mod inspect;
pub mod keyboard;
pub(crate) mod methods;
pub mod mouse;

use crate::widgets::UiState;
use mlua::Lua;

/// A mouse button held down: which, on what frame, where it went down (UI units).
#[derive(Clone, Debug)]
pub struct Press {
    pub button: String,
    pub frame: Option<u32>,
    /// Frames below `frame` that got the press too, topmost first, because the frames above
    /// them propagate clicks (`SetPropagateMouseClicks`).
    pub below: Vec<u32>,
    pub start: (f32, f32),
    /// The frame is registered for dragging with this button.
    pub drag: bool,
}

/// A frame following the cursor after `StartMoving` / `StartSizing`.
#[derive(Clone, Copy, Debug)]
pub struct Moving {
    pub id: u32,
    /// Sizing from this corner or edge instead of moving.
    pub sizing: Option<wowsim_layout::AnchorPoint>,
}

/// The input state (VM app data).
#[derive(Default, Debug)]
pub struct InputState {
    /// The cursor in UI units at scale 1 (y up); `None` until the mouse first moves.
    pub cursor: Option<(f32, f32)>,
    /// The frame that has the mouse (OnEnter was fired on it).
    pub motion_focus: Option<u32>,
    /// Frames below it that have the mouse too, because the frames above them propagate
    /// motion (`SetPropagateMouseMotion`), topmost first.
    pub motion_below: Vec<u32>,
    pub presses: Vec<Press>,
    /// The frame being dragged (OnDragStart fired) and the button.
    pub dragging: Option<(u32, String)>,
    pub moving: Vec<Moving>,
    /// Keys held down (WoW key names: `LSHIFT`, `A`, `ENTER`...).
    pub keys: Vec<String>,
    /// The last down click and the last up click (frame, button and direction, virtual time)
    /// that could start a double click.
    pub last_click: [Option<(u32, String, f64)>; 2],
    /// The hyperlink the cursor is over (OnHyperlinkEnter was fired for it).
    pub hovered_link: Option<hyperlink::HoveredLink>,
}

/// How far (UI units) the cursor moves with a button held before a drag starts.
pub(crate) const DRAG_THRESHOLD: f32 = 4.0;

/// Runs `f` on the input state (never call Lua inside).
pub fn with_input<R>(lua: &Lua, f: impl FnOnce(&mut InputState) -> R) -> R {
    if lua.app_data_ref::<InputState>().is_none() {
        lua.set_app_data(InputState::default());
    }
    f(&mut lua.app_data_mut::<InputState>().expect("input state"))
}

/// Screen pixels (origin top-left) → UI units at scale 1 (origin bottom-left).
pub fn pixels_to_ui(lua: &Lua, x: f32, y: f32) -> (f32, f32) {
    let ui = lua.app_data_ref::<UiState>().expect("ui");
    let (_, ph) = ui.physical;
    let (_, uh) = ui.layout.screen_size();
    let per_px = uh / ph.max(1) as f32;
    (x * per_px, (ph as f32 - y) * per_px)
}

/// UI units at scale 1 → screen pixels (origin top-left).
pub fn ui_to_pixels(lua: &Lua, x: f32, y: f32) -> (f32, f32) {
    let ui = lua.app_data_ref::<UiState>().expect("ui");
    let (_, ph) = ui.physical;
    let (_, uh) = ui.layout.screen_size();
    let px = ph as f32 / uh.max(1.0);
    (x * px, ph as f32 - y * px)
}

/// Work after each tick: frames that moved, showed or hid under a still cursor change the
/// mouse focus (OnEnter/OnLeave with `motion = false`), and text that changed or moved under it
/// the hyperlink it is over.
pub fn after_tick(lua: &Lua) -> mlua::Result<()> {
    if with_input(lua, |s| s.cursor.is_none()) {
        return Ok(());
    }
    mouse::update_focus(lua, false)?;
    hyperlink::update(lua)
}

/// Installs the input API (globals and methods) into the VM.
pub fn install(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    lua.set_app_data(InputState::default());
    methods::install(lua, data)?;
    let hostcall: mlua::Function = lua.named_registry_value("wowsim.hostcall")?;
    let unknown = lua.create_function(|lua, action: String| {
        let mut s = lua.app_data_mut::<BindingStats>().expect("installed");
        *s.unrun.entry(action).or_default() += 1;
        Ok(())
    })?;
    lua.set_app_data(BindingStats::default());
    let has = lua.create_function(move |_, name: String| Ok(data.api(&name).is_some()))?;
    let (run, register, modified): (mlua::Function, mlua::Function, mlua::Function) = lua
        .load(include_str!("bindings.lua"))
        .set_name("=[wow-sim bindings]")
        .call((hostcall, unknown, has))?;
    lua.set_named_registry_value("wowsim.registerbinding", register)?;
    lua.set_named_registry_value("wowsim.registermodifiedclick", modified)?;
    lua.set_named_registry_value("wowsim.runbinding", run)
}

/// Bound commands that could not run (no Bindings.xml defines them), counted (VM app data).
#[derive(Default, Debug)]
pub(crate) struct BindingStats {
    pub unrun: rustc_hash::FxHashMap<String, u64>,
}

/// Runs the key binding for `key` (with modifier prefixes) on key `down` or up; true if a
/// binding existed.
pub(crate) fn run_binding(lua: &Lua, key: &str, down: bool) -> mlua::Result<bool> {
    let run: mlua::Function = lua.named_registry_value("wowsim.runbinding")?;
    run.call((key, if down { "down" } else { "up" }))
}
