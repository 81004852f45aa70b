//! Making a `Simulator`: the VM, the API, the addon set, the built-in base or the Blizzard UI.

use super::*;

impl Simulator {
    /// Builds the VM, the API and the addon list. Nothing runs yet.
    pub fn new(config: SimConfig) -> Result<Simulator, SimError> {
        Simulator::build(config, true)
    }

    /// [`Simulator::new`]; without `user_strings` the global-string scan reads only the
    /// Blizzard UI's files (a warm start's template: `warm.rs` adds the user's later).
    pub(super) fn build(config: SimConfig, user_strings: bool) -> Result<Simulator, SimError> {
        check_dirs(&config)?;
        let real_strings =
            crate::global_strings::real::find_and_read(&crate::global_strings::real::Sources {
                explicit: config.global_strings.as_deref(),
                game_data: config.game_data.as_deref(),
                art_dirs: &config.art_dirs,
                locale: &config.locale,
            })?;
        let data = wowsim_data::data(config.flavor);
        let (lua, host, deadline) = new_lua(&config)?;
        let atlas_notes = install_widgets(&lua, &host, &config, data)?;
        let game_data_notes = install_game_api(&lua, &host, &config, data)?;
        let after = Rc::new(AfterAddon {
            saved: config.saved_vars.clone(),
        });
        install_c_addons(&lua, &host, after.clone(), data)?;
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
            started_blizzard: false,
            strings_note: None,
            claimed_wtf: false,
        };
        let global_scan = sim.load_ui(data, user_strings)?;
        sim.notes.extend(atlas_notes);
        sim.notes.extend(game_data_notes);
        sim.strings_note = Some(sim.notes.len());
        sim.notes.extend(crate::global_strings::install(
            &sim.lua,
            global_scan,
            real_strings.as_ref(),
            sim.config.flavor,
        )?);
        if sim.config.blizzard_ui.is_none() {
            sim.run_base_chunk(
                include_str!("../base/base_strings.lua"),
                "@Interface/wow-sim/base_strings.lua",
            )?;
        }
        sim.load_game_state()?;
        lua::budget::resume_deadline(&sim.lua, deadline);
        Ok(sim)
    }

    /// `--scenario` and `--combat-log`: the start state before any addon loads, the timeline
    /// from virtual time 0.
    fn load_game_state(&mut self) -> Result<(), SimError> {
        if let Some(p) = self.config.scenario.clone() {
            crate::scenario::load_scenario(&self.lua, &p, &p.display().to_string())
                .map_err(SimError::Scenario)?;
        }
        if let Some(p) = self.config.combat_log.clone() {
            let now = self.lua.app_data_ref::<Clock>().map_or(0.0, |c| c.now());
            crate::scenario::replay(&self.lua, &p, &p.display().to_string(), now)
                .map_err(SimError::Scenario)?;
        }
        Ok(())
    }

    /// The addon list, the global-string scan (started here, installed by the caller), the
    /// API documentation, the built-in base (without a Blizzard UI), `ReloadUI`, the typed
    /// stubs, the stubs of what the client's own dump adds, the guards of the protected
    /// functions, then one function value per API and method name, in that order.
    fn load_ui(
        &mut self,
        data: &'static wowsim_data::ProductData,
        user_strings: bool,
    ) -> Result<crate::global_strings::PendingScan, SimError> {
        self.discover();
        let global_scan = crate::global_strings::scan_in_background(&self.lua, user_strings);
        let docs = self.read_api_docs(data)?;
        if self.config.blizzard_ui.is_none() {
            self.load_base()?;
        }
        self.lua.set_app_data(ReloadRequest::default());
        self.lua
            .globals()
            .raw_set("ReloadUI", self.lua.create_function(reload_ui)?)?;
        api::stubs::install(&self.lua, &self.host, data)?;
        let roots: Vec<PathBuf> = self.config.addon_dirs.clone();
        crate::scenario::install(&self.lua, &roots)?;
        if let Some(docs) = docs {
            let added = api::api_docs::install_functions(&self.lua, &docs, data)?;
            if let Some(mut st) = self.lua.app_data_mut::<api::stubs::StubStats>() {
                st.stubbed.extend(added);
            }
        }
        if self.config.flavor == Flavor::ClassicEra {
            // After the typed stubs: these point at namespaced functions.
            wowsim_api::api::install_classic_era_legacy(&self.lua)?;
        }
        let added = api::stubs::install_client_api(&self.lua, data)?;
        if let Some(mut st) = self.lua.app_data_mut::<api::stubs::StubStats>() {
            st.stubbed.extend(added);
        }
        if self.config.blizzard_ui.is_none() {
            self.run_base_chunk(
                include_str!("../base/base_late.lua"),
                "@Interface/wow-sim/base_late.lua",
            )?;
        }
        // The protected functions the stubs do not cover get their guard.
        wowsim_api::protection::guard_functions(&self.lua, data)?;
        // Last: every API is in place, so each name of the reference gets its own value.
        wowsim_api::distinct::install(&self.lua, data)?;
        api::stubs::alias_moved_client_api(&self.lua, data)?;
        // The world's answers over functions the documentation, the late stubs and the
        // aliases of moved names defined (each keeps its own value: a new function).
        wowsim_api::world::install_late(&self.lua, data)?;
        if self.config.blizzard_ui.is_none() {
            // No Blizzard UI runs the client's environment clean-up: wow-sim does it.
            wowsim_api::api::environment::remove_capsule(&self.lua, data)?;
        }
        Ok(global_scan)
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
        let (found, plan, notes) = super::warm::discover_set(&self.config);
        self.notes.extend(notes);
        let mut set = AddonSet::default();
        for (i, info) in found.into_iter().enumerate() {
            let enabled = info.toc.default_enabled();
            // Blizzard's own addons run secure; every other addon's code carries its name.
            if info.blizzard {
                wowsim_lua::taint::mark_secure(&self.lua, &info.name);
            }
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
                api::print::chat_line(lua, text);
                Ok(())
            })?,
        )?;
        let registry = crate::templates::lua_registry(&self.lua)?;
        natives.set(
            "template",
            self.lua
                .create_function(move |_, (name, f): (String, Option<Function>)| {
                    // `template(name, f)` defines a template; `template(name)` answers one
                    // defined before, for templates that inherit it. Names are
                    // case-insensitive (`templates::lua_template`).
                    let name = name.to_ascii_lowercase();
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
        // The named font objects first (`base/base_fonts.lua`): the base's templates use them.
        let fonts = self
            .lua
            .load(include_str!("../base/base_fonts.lua"))
            .set_name("@Interface/wow-sim/base_fonts.lua")
            .into_function()?;
        host_entry(&self.lua, || self.host.hostcall.call::<MultiValue>(fonts))?;
        let f = self
            .lua
            .load(include_str!("../base/base.lua"))
            .set_name("@Interface/wow-sim/base.lua")
            .into_function()?;
        let r: MultiValue =
            host_entry(&self.lua, || self.host.hostcall.call((f, natives.clone())))?;
        // The utilities of the client's shared UI code (`base/base_util.lua`).
        let util = self
            .lua
            .load(include_str!("../base/base_util.lua"))
            .set_name("@Interface/wow-sim/base_util.lua")
            .into_function()?;
        host_entry(&self.lua, || {
            self.host
                .hostcall
                .call::<MultiValue>((util, natives.clone()))
        })?;
        // The sound kit ids (`base/base_soundkit.lua`), secure templates and snippets
        // (`base/base_secure.lua`), the client's controls addons
        // use at load time (`base/base_controls.lua`), then anchors, grid layouts and options
        // controls (`base/base_options.lua`), then what the corpus scan found missing (shared
        // functions, scroll boxes, more templates, named frames: `base/base_shared.lua`,
        // `base_scroll.lua`, `base_widgets.lua`, `base_layout.lua`, `base_tracker.lua`,
        // `base_frames.lua`, `base_chat.lua`, `base_panels.lua`, `base_tooltip.lua`,
        // `base_game_panels.lua`, `base_pieces.lua`); each receives
        // `template`.
        let template: Function = natives.get("template")?;
        let protect = wowsim_api::protection::protect_fn(&self.lua)?;
        for (src, name) in BASE_FILES {
            let f = self.lua.load(*src).set_name(*name).into_function()?;
            host_entry(&self.lua, || {
                self.host
                    .hostcall
                    .call::<MultiValue>((f, template.clone(), protect.clone()))
            })?;
        }
        restore_phase(&self.lua, prev);
        if let Some(Value::Table(t)) = r.get(1) {
            self.base_api = Some(t.clone());
        }
        Ok(())
    }

    /// Runs one of the built-in base's later parts: `base/base_late.lua` (the deprecation
    /// fallbacks and the tables the client's UI fills from the API) after the typed stubs, and
    /// `base/base_strings.lua` (what the UI builds from its global strings) once the global
    /// strings are defined.
    fn run_base_chunk(&mut self, src: &str, name: &str) -> mlua::Result<()> {
        let prev = set_phase(&self.lua, "load");
        let f = self.lua.load(src).set_name(name).into_function()?;
        host_entry(&self.lua, || self.host.hostcall.call::<MultiValue>(f))?;
        restore_phase(&self.lua, prev);
        Ok(())
    }
}

/// The built-in base's files after `base.lua` and `base_util.lua`, in load order (each gets
/// `template` and `protect`).
const BASE_FILES: &[(&str, &str)] = &[
    (
        include_str!("../base/base_soundkit.lua"),
        "@Interface/wow-sim/base_soundkit.lua",
    ),
    (
        include_str!("../base/base_secure.lua"),
        "@Interface/wow-sim/base_secure.lua",
    ),
    (
        include_str!("../base/base_controls.lua"),
        "@Interface/wow-sim/base_controls.lua",
    ),
    (
        include_str!("../base/base_options.lua"),
        "@Interface/wow-sim/base_options.lua",
    ),
    (
        include_str!("../base/base_shared.lua"),
        "@Interface/wow-sim/base_shared.lua",
    ),
    (
        include_str!("../base/base_scroll.lua"),
        "@Interface/wow-sim/base_scroll.lua",
    ),
    (
        include_str!("../base/base_widgets.lua"),
        "@Interface/wow-sim/base_widgets.lua",
    ),
    (
        include_str!("../base/base_layout.lua"),
        "@Interface/wow-sim/base_layout.lua",
    ),
    (
        include_str!("../base/base_tracker.lua"),
        "@Interface/wow-sim/base_tracker.lua",
    ),
    (
        include_str!("../base/base_frames.lua"),
        "@Interface/wow-sim/base_frames.lua",
    ),
    (
        include_str!("../base/base_chat.lua"),
        "@Interface/wow-sim/base_chat.lua",
    ),
    (
        include_str!("../base/base_panels.lua"),
        "@Interface/wow-sim/base_panels.lua",
    ),
    (
        include_str!("../base/base_tooltip.lua"),
        "@Interface/wow-sim/base_tooltip.lua",
    ),
    (
        include_str!("../base/base_game_panels.lua"),
        "@Interface/wow-sim/base_game_panels.lua",
    ),
    (
        include_str!("../base/base_pieces.lua"),
        "@Interface/wow-sim/base_pieces.lua",
    ),
];

/// Every addon folder and the Blizzard UI folder must be folders.
fn check_dirs(config: &SimConfig) -> Result<(), SimError> {
    for d in config.addon_dirs.iter().chain(config.blizzard_ui.iter()) {
        if !d.is_dir() {
            return Err(SimError::AddonDir(d.clone(), "not a folder".into()));
        }
    }
    Ok(())
}

/// The VM with its budget (the wall-clock deadline paused until start-up ends: returned),
/// the compiled-chunk cache, the clock, the output, the log-in state and the identity.
fn new_lua(config: &SimConfig) -> Result<(Lua, HostFns, Option<std::time::Duration>), SimError> {
    let (lua, host) = lua::new_vm()?;
    lua::budget::configure(
        &lua,
        config.script_budget,
        config.timeout,
        config.memory_limit,
    )?;
    let deadline = lua::budget::pause_deadline(&lua);
    wowsim_lua::taint::enable_log(&lua, config.taint_log);
    wowsim_lua::keys::install(&lua);
    if let Some(dir) = &config.lua_cache {
        let flavour = format!("{:?}", config.flavor);
        lua.set_app_data(lua::chunk_cache::ChunkCache::new(dir, &flavour));
    }
    lua.set_app_data(Clock::default());
    lua.set_app_data(Output::default());
    let mut identity = api::identity::Identity::new(
        &config.account,
        &config.realm,
        &config.character,
        max_level(config.flavor),
    );
    identity.locale = config.locale.clone();
    wowsim_api::game_state::install(&lua, identity);
    Ok((lua, host, deadline))
}

/// The events of the reference and the UI objects: the screen, the fonts and the atlases
/// (whose notes are returned).
fn install_widgets(
    lua: &Lua,
    host: &HostFns,
    config: &SimConfig,
    data: &'static wowsim_data::ProductData,
) -> Result<Vec<String>, SimError> {
    let known: std::collections::HashSet<String> =
        data.events().iter().map(|e| e.name.clone()).collect();
    lua.set_app_data(events::KnownEvents(Box::new(move |n| known.contains(n))));
    lua.set_app_data(events::EventReference(data));
    widgets::install(lua, host, data)?;
    {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        ui.set_screen(config.screen, config.ui_scale);
        ui.fonts = wowsim_ui::draw::fonts::FontLibrary::new(&file_roots(config));
    }
    let (atlases, atlas_notes) = wowsim_ui::atlas::load(&config.art_dirs);
    lua.app_data_mut::<UiState>().expect("ui").atlases = atlases;
    Ok(atlas_notes)
}

/// XML instantiation (against the Blizzard UI's UI.xsd too, when given), run-time templates,
/// timers and the game API; the game data (whose notes are returned, after UI.xsd's) and, outside retail, the old global aliases.
fn install_game_api(
    lua: &Lua,
    host: &HostFns,
    config: &SimConfig,
    data: &'static wowsim_data::ProductData,
) -> Result<Vec<String>, SimError> {
    let (schema, schema_note) =
        crate::xmlui::schema_for(config.flavor, config.blizzard_ui.as_deref());
    crate::xmlui::install(lua, host, config.flavor, schema)?;
    crate::templates::install(lua);
    wowsim_api::timers::install(lua, host)?;
    api::identity::install(lua)?;
    api::auras::install(lua, data)?;
    wowsim_api::input::install(lua, data)?;
    api::misc::install(lua, data)?;
    api::install_client(lua, data)?;
    crate::xmlui::c_xml_util::install(lua)?;
    let game_data_notes = match &config.game_data {
        Some(dir) => {
            let (db, notes) = api::game_data_csv::load(dir);
            wowsim_api::game_state::game(lua).data.borrow_mut().db = db;
            notes
        }
        None => Vec::new(),
    };
    if config.flavor != Flavor::Retail {
        load_aliases(lua)?;
    }
    Ok(schema_note.into_iter().chain(game_data_notes).collect())
}

/// `C_AddOns`, with the old global names the flavour's reference still has.
fn install_c_addons(
    lua: &Lua,
    host: &HostFns,
    after: Rc<AfterAddon>,
    data: &'static wowsim_data::ProductData,
) -> Result<(), SimError> {
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
    addons::c_addons::install(lua, host, after, &legacy, data.build().tocversion)?;
    Ok(())
}

/// `ReloadUI`: asks for a reload, which the simulator does at the end of the tick.
fn reload_ui(lua: &Lua, (): ()) -> mlua::Result<()> {
    if let Some(mut r) = lua.app_data_mut::<ReloadRequest>() {
        r.0 = true;
    }
    Ok(())
}
