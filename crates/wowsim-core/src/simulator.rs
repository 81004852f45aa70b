//! The `Simulator`: one VM, one UI tree, one clock. Every front end (`lua-errors`,
//! `screenshot`, `dump-tree`, the window, the test harness) drives the same type:
//! `new` → `start` (addons and the log-in events) → `run_for` / `tick` → `logout`.

use crate::addons::{self, AddonEntry, AddonSet, AfterLoad};
use crate::api;
use crate::clock::Clock;
use crate::errors::{restore_phase, set_phase, ErrorRecord, ErrorState};
use crate::events;
use crate::lua::budget::host_entry;
use crate::lua::{self, HostFns};
use crate::savedvars::{self, SavedVarsConfig};
use crate::widgets::{self, UiLua, UiState};
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::path::PathBuf;
use std::rc::Rc;
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
    /// Lua instructions allowed per host entry (each handler, timer, file); 0 = unlimited.
    pub script_budget: u64,
    /// Wall-clock bound for the whole run, counted from `Simulator::new`.
    pub timeout: Option<std::time::Duration>,
    /// Lua memory cap in bytes; 0 = unlimited.
    pub memory_limit: usize,
    /// A folder for compiled Lua files (`lua/chunk_cache.rs`); `None` = compile every file
    /// (the default; the CLI passes the user's cache folder unless `--no-lua-cache`).
    pub lua_cache: Option<PathBuf>,
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
            script_budget: lua::budget::DEFAULT_SCRIPT_BUDGET,
            timeout: None,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            lua_cache: None,
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
    #[error("Lua VM: {0}")]
    Lua(#[from] mlua::Error),
}

/// Lines printed to the chat frame (`print`), in order (VM app data).
#[derive(Default, Debug)]
pub struct Output(pub Vec<String>);

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
            let prev = set_phase(lua, "saved-variables");
            if !sv.is_empty() {
                savedvars::restore_file(lua, &cfg.account_file(&name), &sv)?;
            }
            if !svpc.is_empty() {
                savedvars::restore_file(lua, &cfg.character_file(&name), &svpc)?;
            }
            restore_phase(lua, prev);
        }
        events::fire_event(lua, "ADDON_LOADED", (name, false).into_lua_multi(lua)?)
    }
}

use mlua::IntoLuaMulti;

/// The simulated client.
pub struct Simulator {
    lua: Lua,
    host: HostFns,
    config: SimConfig,
    after: Rc<AfterAddon>,
    /// Notes from discovery and planning (skipped folders, missing dependencies), for logs.
    pub notes: Vec<String>,
    base_api: Option<Table>,
    logged_out: bool,
    /// This session is a `ReloadUI()` of an earlier one (`PLAYER_ENTERING_WORLD(false, true)`).
    reloading: bool,
}

/// Set by `ReloadUI()`; the simulator reloads at the end of the tick (VM app data).
#[derive(Default)]
struct ReloadRequest(bool);

impl Simulator {
    /// Builds the VM, the API and the addon list. Nothing runs yet.
    pub fn new(config: SimConfig) -> Result<Simulator, SimError> {
        for d in config.addon_dirs.iter().chain(config.blizzard_ui.iter()) {
            if !d.is_dir() {
                return Err(SimError::AddonDir(d.clone(), "not a folder".into()));
            }
        }
        let product = match config.flavor {
            Flavor::Retail => wowsim_data::Product::Retail,
            Flavor::Classic => wowsim_data::Product::Classic,
            Flavor::ClassicEra => wowsim_data::Product::ClassicEra,
        };
        let data = wowsim_data::data(product);
        let (lua, host) = lua::new_vm()?;
        lua::budget::configure(
            &lua,
            config.script_budget,
            config.timeout,
            config.memory_limit,
        )?;
        let deadline = lua::budget::pause_deadline(&lua);
        crate::lua::keys::install(&lua);
        if let Some(dir) = &config.lua_cache {
            let flavour = format!("{:?}", config.flavor);
            lua.set_app_data(lua::chunk_cache::ChunkCache::new(dir, &flavour));
        }
        lua.set_app_data(Clock::default());
        lua.set_app_data(Output::default());
        lua.set_app_data(api::misc::LoginState::default());
        let mut identity = api::identity::Identity::new(
            &config.account,
            &config.realm,
            &config.character,
            max_level(config.flavor),
        );
        identity.locale = config.locale.clone();
        lua.set_app_data(identity);
        let known: std::collections::HashSet<String> =
            data.events().iter().map(|e| e.name.clone()).collect();
        lua.set_app_data(events::KnownEvents(Box::new(move |n| known.contains(n))));
        lua.set_app_data(events::EventReference(data));
        widgets::install(&lua, &host, data)?;
        {
            let mut ui = lua.app_data_mut::<UiState>().expect("ui");
            ui.set_screen(config.screen, config.ui_scale);
            ui.fonts = crate::draw::fonts::FontLibrary::new(&file_roots(&config));
        }
        let (atlases, atlas_notes) = crate::atlas::load(&config.art_dirs);
        lua.app_data_mut::<UiState>().expect("ui").atlases = atlases;
        let xml_flavor = match config.flavor {
            Flavor::Retail => wowsim_xml::Flavor::Retail,
            Flavor::Classic => wowsim_xml::Flavor::Classic,
            Flavor::ClassicEra => wowsim_xml::Flavor::ClassicEra,
        };
        crate::xmlui::install(&lua, &host, xml_flavor)?;
        crate::timers::install(&lua, &host)?;
        api::identity::install(&lua)?;
        api::auras::install(&lua, data)?;
        crate::input::install(&lua, data)?;
        api::misc::install(&lua, data)?;
        api::install_client(&lua, data)?;
        let game_data_notes = match &config.game_data {
            Some(dir) => {
                let (db, notes) = api::game_data_csv::load(dir);
                if let Some(mut gd) = lua.app_data_mut::<api::game_data::GameData>() {
                    gd.db = db;
                }
                notes
            }
            None => Vec::new(),
        };
        if config.flavor != Flavor::Retail {
            load_aliases(&lua)?;
        }

        let after = Rc::new(AfterAddon {
            saved: config.saved_vars.clone(),
        });
        let legacy: Vec<&str> = [
            "GetNumAddOns",
            "GetAddOnInfo",
            "GetAddOnMetadata",
            "IsAddOnLoaded",
            "LoadAddOn",
            "EnableAddOn",
            "DisableAddOn",
            "IsAddOnLoadOnDemand",
            "GetAddOnDependencies",
            "GetAddOnEnableState",
        ]
        .into_iter()
        .filter(|n| data.api(n).is_some())
        .collect();
        addons::c_addons::install(&lua, &host, after.clone(), &legacy)?;
        api::install_constants(&lua, data)?;

        let mut sim = Simulator {
            lua,
            host,
            config,
            after,
            notes: Vec::new(),
            base_api: None,
            logged_out: false,
            reloading: false,
        };
        sim.discover();
        let global_scan = api::global_strings::scan_in_background(&sim.lua);
        let docs = sim.read_api_docs(data)?;
        if sim.config.blizzard_ui.is_none() {
            sim.load_base()?;
        }
        sim.lua.set_app_data(ReloadRequest::default());
        sim.lua.globals().raw_set(
            "ReloadUI",
            sim.lua.create_function(|lua, ()| {
                if let Some(mut r) = lua.app_data_mut::<ReloadRequest>() {
                    r.0 = true;
                }
                Ok(())
            })?,
        )?;
        api::stubs::install(&sim.lua, &sim.host, data)?;
        if let Some(docs) = docs {
            let added = api::api_docs::install_functions(&sim.lua, &docs, data)?;
            if let Some(mut st) = sim.lua.app_data_mut::<api::stubs::StubStats>() {
                st.stubbed.extend(added);
            }
        }
        if sim.config.flavor == Flavor::ClassicEra {
            // After the typed stubs: these point at namespaced functions.
            sim.lua
                .load(include_str!("lua/classic_era_legacy.lua"))
                .set_name("=[wow-sim classic_era_legacy]")
                .exec()?;
        }
        sim.notes.extend(atlas_notes);
        sim.notes.extend(game_data_notes);
        sim.notes
            .extend(api::global_strings::install(&sim.lua, global_scan)?);
        lua::budget::resume_deadline(&sim.lua, deadline);
        Ok(sim)
    }

    /// With a Blizzard UI: reads its API documentation (`api_docs.rs`), adds the enumerations,
    /// constants and events it documents that the reference lacks, and keeps it for stubs.
    fn read_api_docs(
        &mut self,
        data: &'static wowsim_data::ProductData,
    ) -> mlua::Result<Option<Rc<api::api_docs::DocData>>> {
        let found = {
            let set = self.lua.app_data_ref::<AddonSet>().expect("addons");
            set.find("Blizzard_APIDocumentationGenerated")
                .map(|i| &set.addons[i].info)
                .filter(|a| a.blizzard)
                .map(|a| {
                    let files: Vec<String> = a.toc.files.iter().map(|f| f.path.clone()).collect();
                    (a.dir.clone(), files)
                })
        };
        let Some((dir, files)) = found else {
            return Ok(None);
        };
        let mut cache = (self.lua.app_data_ref::<lua::chunk_cache::ChunkCache>())
            .map(|c| api::docs_cache::dir_under(c.root()))
            .map(|dir| api::docs_cache::DocsCache::new(dir, data.product()));
        let (docs, notes) = api::api_docs::read(&dir, &files, data, cache.as_mut());
        self.notes.extend(notes);
        if let (Some(cache), Some(chunks)) = (
            cache,
            self.lua.app_data_ref::<lua::chunk_cache::ChunkCache>(),
        ) {
            chunks.add_notes(cache.notes);
        }
        let docs = Rc::new(docs);
        api::api_docs::install_enums(&self.lua, &docs)?;
        let mut known: std::collections::HashSet<String> =
            data.events().iter().map(|e| e.name.clone()).collect();
        known.extend(docs.events.iter().map(|e| e.name.clone()));
        self.lua
            .set_app_data(events::KnownEvents(Box::new(move |n| known.contains(n))));
        self.lua.set_app_data(api::api_docs::Docs(docs.clone()));
        Ok(Some(docs))
    }

    fn discover(&mut self) {
        let mut ctx = TocContext::new(self.config.flavor);
        ctx.locale = self.config.locale.clone();
        let mut roots: Vec<(PathBuf, bool)> = Vec::new();
        if let Some(b) = &self.config.blizzard_ui {
            roots.push((b.clone(), true));
        }
        if !self.config.no_addons {
            roots.extend(self.config.addon_dirs.iter().map(|d| (d.clone(), false)));
        }
        let (found, notes) = wowsim_toc::discover_addons(&roots, &ctx);
        self.notes.extend(notes);
        let plan = wowsim_toc::plan_load_order(&found, &|name| {
            found
                .iter()
                .find(|a| a.name == name)
                .is_none_or(|a| a.toc.default_enabled())
        });
        self.notes.extend(plan.notes.iter().cloned());
        let mut set = AddonSet::default();
        for (i, info) in found.into_iter().enumerate() {
            let enabled = info.toc.default_enabled();
            set.addons.push(AddonEntry {
                info,
                state: plan.states[i],
                reason: plan.reasons[i].clone(),
                enabled,
                loading: false,
                loaded: false,
            });
        }
        self.lua.set_app_data(set);
        self.lua.set_app_data(StartupOrder(plan.order));
    }

    fn load_base(&mut self) -> mlua::Result<()> {
        let natives = self.lua.create_table()?;
        natives.set(
            "output",
            self.lua.create_function(|lua, text: String| {
                lua.app_data_mut::<Output>().expect("output").0.push(text);
                Ok(())
            })?,
        )?;
        let registry = crate::templates::lua_registry(&self.lua)?;
        natives.set(
            "template",
            self.lua
                .create_function(move |_, (name, f): (String, Option<Function>)| {
                    // `template(name, f)` defines a template; `template(name)` answers one
                    // defined before, for templates that inherit it.
                    match f {
                        Some(f) => registry.raw_set(name, f).map(|()| None),
                        None => registry.raw_get::<Option<Function>>(name),
                    }
                })?,
        )?;
        if self.config.flavor == Flavor::Retail {
            load_aliases(&self.lua)?;
        }
        let prev = set_phase(&self.lua, "load");
        let f = self
            .lua
            .load(include_str!("base/base.lua"))
            .set_name("@Interface/wow-sim/base.lua")
            .into_function()?;
        let r: MultiValue =
            host_entry(&self.lua, || self.host.hostcall.call((f, natives.clone())))?;
        // The utilities of the client's shared UI code (`base/base_util.lua`).
        let util = self
            .lua
            .load(include_str!("base/base_util.lua"))
            .set_name("@Interface/wow-sim/base_util.lua")
            .into_function()?;
        host_entry(&self.lua, || {
            self.host
                .hostcall
                .call::<MultiValue>((util, natives.clone()))
        })?;
        // Secure templates and snippets (`base/base_secure.lua`), the client's controls addons
        // use at load time (`base/base_controls.lua`), then anchors, grid layouts and options
        // controls (`base/base_options.lua`); each receives `template`.
        let template: Function = natives.get("template")?;
        for (src, name) in [
            (
                include_str!("base/base_secure.lua"),
                "@Interface/wow-sim/base_secure.lua",
            ),
            (
                include_str!("base/base_controls.lua"),
                "@Interface/wow-sim/base_controls.lua",
            ),
            (
                include_str!("base/base_options.lua"),
                "@Interface/wow-sim/base_options.lua",
            ),
        ] {
            let f = self.lua.load(src).set_name(name).into_function()?;
            host_entry(&self.lua, || {
                self.host.hostcall.call::<MultiValue>((f, template.clone()))
            })?;
        }
        restore_phase(&self.lua, prev);
        if let Some(Value::Table(t)) = r.get(1) {
            self.base_api = Some(t.clone());
        }
        Ok(())
    }

    /// Loads every start-up addon in order, then fires the log-in events.
    pub fn start(&mut self) -> mlua::Result<()> {
        let order = self
            .lua
            .app_data_ref::<StartupOrder>()
            .map(|o| o.0.clone())
            .unwrap_or_default();
        let secure_env = self.config.blizzard_ui.is_some();
        if secure_env {
            addons::secure_env::prepare(&self.lua)?;
            addons::secure_env::begin_batch(&self.lua);
        }
        let loaded = order.into_iter().try_for_each(|i| {
            addons::load_addon(&self.lua, &self.host, i, self.after.as_ref())?;
            lua::tighten_gc_for_large_heap(&self.lua);
            Ok::<(), mlua::Error>(())
        });
        if secure_env {
            addons::secure_env::end_batch(&self.lua)?;
        }
        loaded?;
        let lua = &self.lua;
        self.fire("VARIABLES_LOADED", ())?;
        self.fire("DISPLAY_SIZE_CHANGED", ())?;
        self.fire("UI_SCALE_CHANGED", ())?;
        lua.app_data_mut::<api::misc::LoginState>()
            .expect("login")
            .logged_in = true;
        self.fire("PLAYER_LOGIN", ())?;
        let (initial_login, reloading_ui) = (!self.reloading, self.reloading);
        self.fire("PLAYER_ENTERING_WORLD", (initial_login, reloading_ui))?;
        for ev in STARTUP_STATE_EVENTS {
            self.fire(ev, ())?;
        }
        widgets::after_frame(&self.lua)
    }

    /// Fires an event with a payload to every registered frame.
    pub fn fire(&self, event: &str, args: impl IntoLuaMulti) -> mlua::Result<()> {
        let args = args.into_lua_multi(&self.lua)?;
        events::fire_event(&self.lua, event, args)
    }

    /// One frame: advance the clock, run due timers, then OnUpdate on visible frames.
    pub fn tick(&mut self, dt: f64) -> mlua::Result<()> {
        lua::budget::check_stop(&self.lua)?;
        self.lua.app_data_mut::<Clock>().expect("clock").advance(dt);
        crate::api::auras::expire(&self.lua)?;
        crate::api::misc::deliver_addon_messages(&self.lua)?;
        crate::api::game_data::deliver_items(&self.lua)?;
        crate::timers::run_due(&self.lua)?;
        widgets::after_frame(&self.lua)?;
        crate::input::after_tick(&self.lua)?;
        let ids: Vec<u32> = {
            let ui = self.lua.app_data_ref::<UiState>().expect("ui");
            ui.update_frames
                .iter()
                .copied()
                .filter(|id| ui.is_visible(*id))
                .collect()
        };
        if !ids.is_empty() {
            let fire: Function = self.lua.app_data_ref::<UiLua>().expect("ui").fire.clone();
            let prev = set_phase(&self.lua, "OnUpdate");
            for id in ids {
                host_entry(&self.lua, || fire.call::<()>((id, "OnUpdate", dt)))?;
            }
            restore_phase(&self.lua, prev);
        }
        if self.reload_requested() {
            for msg in self
                .reload()
                .map_err(|e| mlua::Error::RuntimeError(e.to_string()))?
            {
                eprintln!("wow-sim: {msg}");
            }
        }
        Ok(())
    }

    /// Notes of the compiled-Lua cache since the last call (corrupt entries ignored, a folder
    /// that cannot be written), and its counts.
    pub fn lua_cache_report(&self) -> Option<(Vec<String>, lua::chunk_cache::Stats)> {
        let cache = self.lua.app_data_ref::<lua::chunk_cache::ChunkCache>()?;
        Some((cache.take_notes(), cache.stats()))
    }

    /// Whether Lua called `ReloadUI()` and the reload has not happened yet.
    pub fn reload_requested(&self) -> bool {
        self.lua
            .app_data_ref::<ReloadRequest>()
            .is_some_and(|r| r.0)
    }

    /// `ReloadUI()`: logs out (SavedVariables are written), then builds the client again from
    /// the same configuration and starts it with `PLAYER_ENTERING_WORLD(false, true)`. Error
    /// records and chat output of the earlier session are kept. Returns the logout messages.
    pub fn reload(&mut self) -> Result<Vec<String>, SimError> {
        let messages = self.logout()?;
        let errors = self.lua.remove_app_data::<ErrorState>().unwrap_or_default();
        let output = self.lua.remove_app_data::<Output>().unwrap_or_default();
        let mut next = Simulator::new(self.config.clone())?;
        next.reloading = true;
        next.lua.set_app_data(errors);
        next.lua.set_app_data(output);
        next.notes.clear();
        *self = next;
        self.start()?;
        Ok(messages)
    }

    /// Ends the current frame without advancing the clock: what the client does after a frame's
    /// input and scripts (OnSizeChanged, deferred OnTextChanged, finished cooldowns, animation
    /// state). Scripted input calls it after each step, as each input event is a frame of its own.
    pub fn end_frame(&mut self) -> mlua::Result<()> {
        widgets::after_frame(&self.lua)
    }

    /// Runs `seconds` of virtual time at 60 ticks a second.
    pub fn run_for(&mut self, seconds: f64) -> mlua::Result<()> {
        let ticks = (seconds * 60.0).round() as u64;
        for _ in 0..ticks {
            self.tick(1.0 / 60.0)?;
        }
        Ok(())
    }

    /// Runs Lua code as `--exec-lua` does (phase `exec-lua`); errors become records.
    pub fn exec_lua(&mut self, code: &str, chunk_name: &str) -> mlua::Result<()> {
        let prev = set_phase(&self.lua, "exec-lua");
        match self
            .lua
            .load(code)
            .set_name(format!("@{chunk_name}"))
            .into_function()
        {
            Ok(f) => {
                host_entry(&self.lua, || self.host.hostcall.call::<MultiValue>(f))?;
            }
            Err(e) => self.host.report.call::<()>(lua::host_error_message(&e))?,
        }
        restore_phase(&self.lua, prev);
        Ok(())
    }

    /// Runs a chat line (a slash command) through the built-in base's chat handling.
    pub fn run_chat_line(&mut self, line: &str) -> mlua::Result<bool> {
        let Some(api) = &self.base_api else {
            return Ok(false);
        };
        let f: Function = api.get("runchatline")?;
        let prev = set_phase(&self.lua, "chat");
        let r: MultiValue = host_entry(&self.lua, || self.host.hostcall.call((f, line)))?;
        restore_phase(&self.lua, prev);
        Ok(matches!(r.get(1), Some(Value::Boolean(true))))
    }

    /// Logs out: `PLAYER_LEAVING_WORLD`, `PLAYER_LOGOUT`, then SavedVariables are written.
    /// Returns messages for the user (files skipped because they were unreadable, write errors).
    pub fn logout(&mut self) -> mlua::Result<Vec<String>> {
        if self.logged_out {
            return Ok(Vec::new());
        }
        self.logged_out = true;
        self.fire("PLAYER_LEAVING_WORLD", ())?;
        self.fire("PLAYER_LOGOUT", ())?;
        let mut messages = Vec::new();
        let Some(cfg) = self.config.saved_vars.clone() else {
            return Ok(messages);
        };
        if !self.config.write_saved_vars {
            return Ok(messages);
        }
        let loaded: Vec<(String, Vec<String>, Vec<String>)> = {
            let set = self.lua.app_data_ref::<AddonSet>().expect("addons");
            set.addons
                .iter()
                .filter(|a| a.loaded)
                .map(|a| {
                    (
                        a.info.name.clone(),
                        a.info.toc.saved_variables(),
                        a.info.toc.saved_variables_per_character(),
                    )
                })
                .collect()
        };
        for (name, sv, svpc) in loaded {
            for (path, vars) in [
                (cfg.account_file(&name), sv),
                (cfg.character_file(&name), svpc),
            ] {
                if vars.is_empty() {
                    continue;
                }
                match savedvars::save_file(&self.lua, &path, &vars) {
                    Ok(Some(msg)) => messages.push(msg),
                    Ok(None) => {}
                    Err(e) => messages.push(format!("could not save {e}")),
                }
            }
        }
        Ok(messages)
    }

    /// The error records so far, first-seen order.
    pub fn errors(&self) -> Vec<ErrorRecord> {
        self.lua
            .app_data_ref::<ErrorState>()
            .map(|s| s.log.records().to_vec())
            .unwrap_or_default()
    }

    /// Lines printed to the chat frame so far.
    pub fn output(&self) -> Vec<String> {
        self.lua
            .app_data_ref::<Output>()
            .map(|o| o.0.clone())
            .unwrap_or_default()
    }

    /// What the UI draws now, at the configured screen size (see `draw`). The frame under
    /// the mouse draws its HIGHLIGHT layer.
    pub fn draw_list(&self, opts: &crate::draw::DrawOptions) -> wowsim_render::DrawList {
        let (w, h) = self.config.screen;
        let mut opts = opts.clone();
        if opts.highlight.is_none() {
            opts.highlight = crate::input::with_input(&self.lua, |s| s.motion_focus);
        }
        opts.now = self.lua.app_data_ref::<Clock>().map_or(0.0, |c| c.now());
        opts.cooldown_numbers = crate::api::misc::cvar_get(&self.lua, "countdownForCooldowns")
            .is_some_and(|v| !v.is_empty() && v != "0");
        opts.messages = crate::widgets::message_frame::all(&self.lua);
        let mut ui = self.lua.app_data_mut::<UiState>().expect("ui");
        crate::draw::build(&mut ui, w, h, &opts)
    }

    /// The simulated monitor size in pixels.
    pub fn screen(&self) -> (u32, u32) {
        self.config.screen
    }

    /// The monitor changed size (a window resize): UIParent follows, `DISPLAY_SIZE_CHANGED`
    /// fires. OnSizeChanged handlers run on the next tick.
    pub fn resize(&mut self, width: u32, height: u32) -> mlua::Result<()> {
        let (width, height) = (width.max(1), height.max(1));
        if self.config.screen == (width, height) {
            return Ok(());
        }
        self.config.screen = (width, height);
        self.lua
            .app_data_mut::<UiState>()
            .expect("ui")
            .set_screen((width, height), self.config.ui_scale);
        self.fire("DISPLAY_SIZE_CHANGED", ())
    }

    /// Where texture files are looked up: (client path prefix, folder), in order.
    pub fn texture_roots(&self) -> Vec<(String, PathBuf)> {
        file_roots(&self.config)
    }

    /// Font files that were found but could not be loaded (each drawn with the bundled font),
    /// and the font paths no folder has (the bundled font draws them; normal without `--art`).
    pub fn font_problems(&self) -> (Vec<String>, Vec<String>) {
        let ui = self.lua.app_data_ref::<UiState>().expect("ui");
        (
            ui.fonts.problems.iter().map(|p| p.to_string()).collect(),
            ui.fonts.not_found.clone(),
        )
    }

    /// The reference data of the emulated flavour.
    pub fn data(&self) -> &'static wowsim_data::ProductData {
        wowsim_data::data(match self.config.flavor {
            Flavor::Retail => wowsim_data::Product::Retail,
            Flavor::Classic => wowsim_data::Product::Classic,
            Flavor::ClassicEra => wowsim_data::Product::ClassicEra,
        })
    }

    /// Adds a record that did not come from Lua (e.g. "the run timed out"), in the current phase.
    pub fn add_error_record(&self, message: &str) {
        if let Some(mut s) = self.lua.app_data_mut::<ErrorState>() {
            // The hook may have raised the same text in Lua already (with a position).
            if s.log.records().iter().any(|r| r.message.ends_with(message)) {
                return;
            }
            let phase = s.phase.clone();
            s.log.push(message.to_string(), &phase, Vec::new());
        }
    }

    /// Why the run was stopped early (`--timeout`, memory cap), if it was. Once stopped, every
    /// further call into Lua fails; the records so far stay readable.
    pub fn stopped(&self) -> Option<String> {
        lua::budget::budget(&self.lua)
            .and_then(|b| b.stopped())
            .map(|s| s.to_string())
    }

    /// The VM, for front ends that need more (tests, the window).
    pub fn lua(&self) -> &Lua {
        &self.lua
    }

    /// Schema warnings in the Blizzard UI's own XML files (`--blizzard-ui`): what the client
    /// writes to `FrameXML.log` (`file:line message`) and then ignores. They are notes, not
    /// error records: no addon author can fix them. The same warnings in the user's addons
    /// stay records.
    pub fn blizzard_xml_log(&self) -> Vec<String> {
        self.lua
            .app_data_ref::<crate::xmlui::XmlState>()
            .map(|s| s.blizzard_log.clone())
            .unwrap_or_default()
    }

    /// Uses of XML elements and attributes that were not applied (not implemented yet).
    pub fn xml_not_applied(&self) -> u64 {
        self.lua
            .app_data_ref::<crate::xmlui::XmlState>()
            .map(|s| s.coverage.total())
            .unwrap_or(0)
    }

    /// The XML not applied, per (tag, attribute; empty for the element itself), with counts.
    pub fn xml_not_applied_detail(&self) -> Vec<((String, String), u64)> {
        self.lua
            .app_data_ref::<crate::xmlui::XmlState>()
            .map(|s| s.coverage.entries())
            .unwrap_or_default()
    }

    /// How many spell and item ids were answered with stand-ins, as a note (none when none).
    pub fn game_data_note(&self) -> Option<String> {
        api::game_data::note(&self.lua)
    }

    /// (stubbed function names called, total stub calls).
    pub fn stub_calls(&self) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self
            .lua
            .app_data_ref::<api::stubs::StubStats>()
            .map(|s| s.calls.iter().map(|(k, v)| (k.clone(), *v)).collect())
            .unwrap_or_default();
        v.sort();
        v
    }

    /// Names and load state of every addon: (name, loaded, reason).
    pub fn addon_states(&self) -> Vec<(String, bool, Option<String>)> {
        let set = self.lua.app_data_ref::<AddonSet>().expect("addons");
        set.addons
            .iter()
            .map(|a| (a.info.name.clone(), a.loaded, a.reason.clone()))
            .collect()
    }
}

/// Input. Positions are pixels of the simulated monitor (`SimConfig::screen`), origin at
/// the top-left, the same pixels a screenshot has; see `crate::input` for the rules.
impl Simulator {
    /// The cursor moved to `(x, y)` pixels: OnEnter/OnLeave, drags, moving frames.
    pub fn mouse_move(&mut self, x: f32, y: f32) -> mlua::Result<()> {
        let (ux, uy) = crate::input::pixels_to_ui(&self.lua, x, y);
        crate::input::mouse::mouse_move(&self.lua, ux, uy)
    }

    /// A mouse button went down (`LeftButton`, `RightButton`, `MiddleButton`, `Button4`...).
    pub fn mouse_down(&mut self, button: &str) -> mlua::Result<()> {
        crate::input::mouse::mouse_down(&self.lua, button)
    }

    /// A mouse button went up (clicks, OnMouseUp, OnDragStop).
    pub fn mouse_up(&mut self, button: &str) -> mlua::Result<()> {
        crate::input::mouse::mouse_up(&self.lua, button)
    }

    /// The wheel turned (`delta` notches, positive = up).
    pub fn mouse_wheel(&mut self, delta: f64) -> mlua::Result<()> {
        crate::input::mouse::mouse_wheel(&self.lua, delta)
    }

    /// A key went down (client key names: `A`, `ENTER`, `ESCAPE`, `LSHIFT`...).
    pub fn key_down(&mut self, key: &str) -> mlua::Result<()> {
        crate::input::keyboard::key_down(&self.lua, key)
    }

    /// A key went up.
    pub fn key_up(&mut self, key: &str) -> mlua::Result<()> {
        crate::input::keyboard::key_up(&self.lua, key)
    }

    /// Typed text (into the focused EditBox, else OnChar on keyboard-enabled frames).
    pub fn text_input(&mut self, text: &str) -> mlua::Result<()> {
        crate::input::keyboard::text_input(&self.lua, text)
    }

    /// The cursor in pixels, if the mouse has moved.
    pub fn cursor(&self) -> Option<(f32, f32)> {
        let c = crate::input::with_input(&self.lua, |s| s.cursor)?;
        Some(crate::input::ui_to_pixels(&self.lua, c.0, c.1))
    }

    /// The frame that has the mouse (OnEnter was fired on it).
    pub fn mouse_focus(&self) -> Option<u32> {
        crate::input::with_input(&self.lua, |s| s.motion_focus)
    }

    /// The topmost visible frame at `(x, y)` pixels, mouse-enabled or not (for inspecting).
    pub fn frame_at(&self, x: f32, y: f32) -> Option<u32> {
        let c = crate::input::pixels_to_ui(&self.lua, x, y);
        let mut ui = self.lua.app_data_mut::<UiState>().expect("ui");
        crate::input::hit::topmost_visible_at(&mut ui, c)
    }

    /// The inspector's lines about a frame (name, type, rect, anchors, strata, scripts...).
    pub fn describe_frame(&self, id: u32) -> Vec<String> {
        crate::input::inspect::describe(&self.lua, id).unwrap_or_default()
    }

    /// The pixel position of a named frame's centre (for scripted input), if it has a rect.
    pub fn frame_center(&self, name: &str) -> Option<(f32, f32)> {
        let c = {
            let mut ui = self.lua.app_data_mut::<UiState>().expect("ui");
            let id = ui
                .objects
                .iter()
                .position(|o| o.name.as_deref() == Some(name))? as u32;
            let r = crate::widgets::region::rect_of(&mut ui, id)?;
            let s = ui.layout.effective_scale(ui.get(id)?.node?);
            (r.center().0 * s, r.center().1 * s)
        };
        Some(crate::input::ui_to_pixels(&self.lua, c.0, c.1))
    }
}

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
];

fn max_level(f: Flavor) -> i64 {
    match f {
        Flavor::Retail => 80,
        Flavor::Classic => 90,
        Flavor::ClassicEra => 60,
    }
}

/// Defines the Lua library's short global aliases (`lua/aliases.lua`): the C side of Classic
/// clients has them; for retail only the built-in base needs them (Blizzard's UI defines them).
fn load_aliases(lua: &Lua) -> mlua::Result<()> {
    lua.load(include_str!("lua/aliases.lua"))
        .set_name("=[wow-sim aliases]")
        .exec()
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
