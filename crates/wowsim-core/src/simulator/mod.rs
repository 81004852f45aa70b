//! The `Simulator`: one VM, one UI tree, one clock. Every front end (`lua-errors`,
//! `screenshot`, `dump-tree`, the window, the test harness) drives the same type:
//! `new` → `start` (addons and the log-in events) → `run_for` / `tick` → `logout`.

mod input;
mod query;
mod run;
mod setup;
mod used_by;
mod warm;

pub(crate) use query::draw_list_vm;
pub(crate) use run::tick_vm;
pub use warm::NotWarm;

use crate::addons::{self, AddonEntry, AddonSet, AfterLoad};
use crate::savedvars::{self, SavedVarsConfig};
use mlua::IntoLuaMulti;
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::path::PathBuf;
use std::rc::Rc;
use wowsim_api::api;
use wowsim_api::events;
use wowsim_api::widgets::{self, UiLua, UiState};
use wowsim_lua::budget::host_entry;
use wowsim_lua::clock::Clock;
use wowsim_lua::errors::{restore_phase, set_phase, ErrorRecord, ErrorState};
use wowsim_lua::{self as lua, HostFns};
use wowsim_toc::{Flavor, TocContext};

/// Everything a run is configured with.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Folders that hold user addon folders (like `Interface/AddOns`).
    pub addon_dirs: Vec<PathBuf>,
    /// A folder of Blizzard's `Blizzard_*` addons, loaded first.
    pub blizzard_ui: Option<PathBuf>,
    pub flavor: Flavor,
    /// Load no user addons (the Blizzard UI, if given, still loads).
    pub no_addons: bool,
    /// Where SavedVariables are read and written; `None` = neither.
    pub saved_vars: Option<SavedVarsConfig>,
    /// Whether logout writes SavedVariables to `saved_vars` (false: read only, as for a game
    /// installation's WTF folder unless the user asks for writes).
    pub write_saved_vars: bool,
    pub account: String,
    pub realm: String,
    pub character: String,
    pub locale: String,
    /// The monitor in pixels (UIParent is 768 units high at UI scale 1) and the UI scale.
    pub screen: (u32, u32),
    pub ui_scale: f32,
    /// Folders of client art (`Interface/Icons/...` under each) for drawing textures.
    pub art_dirs: Vec<PathBuf>,
    /// A folder of the user's CSV exports of the client's spell and item databases
    /// (`api/game_data_csv.rs`); without it, spell and item ids answer counted stand-ins.
    pub game_data: Option<PathBuf>,
    /// The user's copy of the client's global strings: a `GlobalStrings.lua` or wago.tools
    /// `GlobalStrings.csv` file, or a folder holding one (or the BlizzardInterfaceResources
    /// layout, `GlobalStrings/<locale>.lua`). `None`: looked for in `game_data` and `art_dirs`
    /// (`global_strings/real.rs`); without one, every key is a stand-in.
    pub global_strings: Option<PathBuf>,
    /// Lua instructions allowed per host entry (each handler, timer, file); 0 = unlimited.
    pub script_budget: u64,
    /// Wall-clock bound for the whole run, counted from `Simulator::new`.
    pub timeout: Option<std::time::Duration>,
    /// Lua memory cap in bytes; 0 = unlimited.
    pub memory_limit: usize,
    /// A folder for compiled Lua files (`lua/chunk_cache.rs`); `None` = compile every file
    /// (the default; the CLI passes the user's cache folder unless `--no-lua-cache`).
    pub lua_cache: Option<PathBuf>,
    /// A scenario file (`docs/scenarios.md`): the start state, then its timeline.
    pub scenario: Option<PathBuf>,
    /// A combat log (`WoWCombatLog.txt`) replayed from the start of the run.
    pub combat_log: Option<PathBuf>,
    /// The taint log's level, as the client's `taintLog` CVar: 0 off, 1 globals tainted and
    /// refused actions, 2 also how each refused call's execution was tainted.
    pub taint_log: u8,
}

impl SimConfig {
    pub fn new(flavor: Flavor) -> SimConfig {
        SimConfig {
            addon_dirs: Vec::new(),
            blizzard_ui: None,
            flavor,
            no_addons: false,
            saved_vars: None,
            write_saved_vars: true,
            account: "WOWSIM".into(),
            realm: "Simulated Realm".into(),
            character: "Simplayer".into(),
            locale: "enUS".into(),
            screen: widgets::screen::PHYSICAL_SIZE,
            ui_scale: 1.0,
            art_dirs: Vec::new(),
            game_data: None,
            global_strings: None,
            script_budget: lua::budget::DEFAULT_SCRIPT_BUDGET,
            timeout: None,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            lua_cache: None,
            scenario: None,
            combat_log: None,
            taint_log: 0,
        }
    }
}

/// Default Lua memory cap: far above any real UI (the client's whole Lua heap is a few
/// hundred MB with Blizzard's UI and large addons).
pub const DEFAULT_MEMORY_LIMIT: usize = 1 << 30;

/// Failures that stop wow-sim itself from running (not Lua errors, which are records).
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error("cannot read addon folder {0}: {1}")]
    AddonDir(PathBuf, String),
    /// A scenario file or combat log that cannot be read (the message names file and line).
    #[error("{0}")]
    Scenario(String),
    #[error("Lua VM: {0}")]
    Lua(#[from] mlua::Error),
    #[error(transparent)]
    GlobalStrings(#[from] crate::global_strings::real::ReadError),
}

pub use wowsim_api::api::print::Output;

/// Runs SavedVariables and `ADDON_LOADED` after an addon's files.
struct AfterAddon {
    saved: Option<SavedVarsConfig>,
}

impl AfterLoad for AfterAddon {
    fn after_files(&self, lua: &Lua, index: usize) -> mlua::Result<()> {
        let (name, sv, svpc) = {
            let set = lua.app_data_ref::<AddonSet>().expect("addons");
            let a = &set.addons[index];
            (
                a.info.name.clone(),
                a.info.toc.saved_variables(),
                a.info.toc.saved_variables_per_character(),
            )
        };
        if let Some(cfg) = &self.saved {
            savedvars::claim_wtf(lua, &cfg.wtf);
            let prev = set_phase(lua, "saved-variables");
            // The addon's saved variables are its own: written with its taint.
            let taint = wowsim_lua::taint::of_addon(lua, &name);
            wowsim_lua::taint::run_as(lua, taint, || -> mlua::Result<()> {
                if !sv.is_empty() {
                    savedvars::restore_file(lua, &cfg.account_file(&name), &sv)?;
                }
                if !svpc.is_empty() {
                    savedvars::restore_file(lua, &cfg.character_file(&name), &svpc)?;
                }
                Ok(())
            })?;
            restore_phase(lua, prev);
        }
        events::fire_event(lua, "ADDON_LOADED", (name, false).into_lua_multi(lua)?)
    }
}

/// The simulated client.
pub struct Simulator {
    pub(crate) lua: Lua,
    host: HostFns,
    pub(crate) config: SimConfig,
    after: Rc<AfterAddon>,
    /// Notes from discovery and planning (skipped folders, missing dependencies), for logs.
    pub notes: Vec<String>,
    base_api: Option<Table>,
    logged_out: bool,
    /// This session is a `ReloadUI()` of an earlier one (`PLAYER_ENTERING_WORLD(false, true)`).
    reloading: bool,
    /// The Blizzard addons at the head of the start-up order have loaded (a warm start's
    /// template, `warm.rs`): `start` goes on from there.
    started_blizzard: bool,
    /// Where the global strings' note is in `notes` (a warm start replaces it).
    strings_note: Option<usize>,
    /// A template claimed the WTF folder as it loaded and gave it up (`warm.rs`).
    claimed_wtf: bool,
}

/// Set by `ReloadUI()`; the simulator reloads at the end of the tick (VM app data).
#[derive(Default)]
struct ReloadRequest(bool);

/// The start-up load order computed at discovery (VM app data).
struct StartupOrder(Vec<usize>);

/// State events a fresh log-in fires after `PLAYER_ENTERING_WORLD` (see ARCHITECTURE.md).
const STARTUP_STATE_EVENTS: &[&str] = &[
    "PET_UI_UPDATE",
    "BAG_UPDATE_DELAYED",
    "QUEST_LOG_UPDATE",
    "GROUP_ROSTER_UPDATE",
    "ACTIONBAR_UPDATE_STATE",
    "ACTIONBAR_UPDATE_COOLDOWN",
    "UPDATE_BINDINGS",
    "UPDATE_CHAT_WINDOWS",
    "SPELLS_CHANGED",
    // The log-in's loading screen goes away last (boss mods check the instance on it).
    "LOADING_SCREEN_DISABLED",
];

fn max_level(f: Flavor) -> i64 {
    match f {
        Flavor::Retail => 80,
        Flavor::Classic => 90,
        Flavor::ClassicEra => 60,
    }
}

/// Defines the Lua library's short global aliases: the C side of Classic clients has them; for
/// retail only the built-in base needs them (Blizzard's UI defines them).
fn load_aliases(lua: &Lua) -> mlua::Result<()> {
    wowsim_api::api::install_aliases(lua)
}

/// Where texture and font files are looked up: (client path prefix, folder), in order: the
/// Blizzard UI and addon folders serve `Interface/AddOns/...`, the `--art` folders any path.
fn file_roots(c: &SimConfig) -> Vec<(String, PathBuf)> {
    let addons = c.blizzard_ui.iter().chain(c.addon_dirs.iter());
    let mut v: Vec<(String, PathBuf)> = addons
        .map(|d| ("Interface/AddOns".to_string(), d.clone()))
        .collect();
    v.extend(c.art_dirs.iter().map(|d| (String::new(), d.clone())));
    v
}
