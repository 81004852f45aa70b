//! Running a `Simulator`: the log-in, frames and virtual time, Lua and chat lines, reload, logout.

use super::*;

impl Simulator {
    /// Loads every start-up addon in order, then fires the log-in events.
    pub fn start(&mut self) -> Result<(), SimError> {
        let order = self
            .lua
            .app_data_ref::<StartupOrder>()
            .map(|o| o.0.clone())
            .unwrap_or_default();
        let secure_env = self.config.blizzard_ui.is_some();
        if !self.started_blizzard {
            self.begin_start()?;
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
        // The chat windows' settings arrive before the log-in (Blizzard's chat code notes that
        // the event can come before the settings download; ChatFrame1 gets its name only from
        // it, and addons format `ChatFrame1.name` at PLAYER_LOGIN); they come again after it.
        self.fire("UPDATE_CHAT_WINDOWS", ())?;
        wowsim_api::game_state::game(lua)
            .login
            .borrow_mut()
            .logged_in = true;
        self.fire("PLAYER_LOGIN", ())?;
        let (initial_login, reloading_ui) = (!self.reloading, self.reloading);
        self.fire("PLAYER_ENTERING_WORLD", (initial_login, reloading_ui))?;
        for ev in STARTUP_STATE_EVENTS {
            self.fire(ev, ())?;
        }
        Ok(widgets::after_frame(&self.lua)?)
    }

    /// What comes before the first addon: the secure environment and its batch (with a
    /// Blizzard UI).
    pub(super) fn begin_start(&mut self) -> Result<(), SimError> {
        if self.config.blizzard_ui.is_some() {
            addons::secure_env::prepare(&self.lua)?;
            addons::secure_env::begin_batch(&self.lua);
        }
        self.started_blizzard = true;
        Ok(())
    }

    /// Fires an event with a payload to every registered frame.
    pub fn fire(&self, event: &str, args: impl IntoLuaMulti) -> Result<(), SimError> {
        let args = args.into_lua_multi(&self.lua)?;
        Ok(events::fire_event(&self.lua, event, args)?)
    }

    /// One frame: advance the clock, run due timers, then OnUpdate on visible frames.
    pub fn tick(&mut self, dt: f64) -> Result<(), SimError> {
        tick_vm(&self.lua, dt)?;
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
        let mut errors = self.lua.remove_app_data::<ErrorState>().unwrap_or_default();
        let output = self.lua.remove_app_data::<Output>().unwrap_or_default();
        let mut next = Simulator::new(self.config.clone())?;
        next.reloading = true;
        // What is kept counts against the new VM's memory cap.
        let host = lua::budget::host_bytes(&next.lua);
        errors.log.count_in(host.clone());
        host.set(host.get() + output.bytes());
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
    pub fn end_frame(&mut self) -> Result<(), SimError> {
        Ok(widgets::after_frame(&self.lua)?)
    }

    /// Lifts the wall-clock deadline (`SimConfig::timeout`) from here on, keeping the budget
    /// and the memory cap: for a front end that bounded start-up with it and bounds what
    /// follows from outside (`wow-sim test` kills each spec file's child past its own bound).
    pub fn clear_timeout(&mut self) -> Result<(), SimError> {
        self.config.timeout = None;
        let c = &self.config;
        lua::budget::configure(&self.lua, c.script_budget, None, c.memory_limit)?;
        Ok(())
    }

    /// Runs `seconds` of virtual time at 60 ticks a second.
    pub fn run_for(&mut self, seconds: f64) -> Result<(), SimError> {
        let ticks = (seconds * 60.0).round() as u64;
        for _ in 0..ticks {
            self.tick(1.0 / 60.0)?;
        }
        Ok(())
    }

    /// Runs Lua code as `--exec-lua` does (phase `exec-lua`); errors become records.
    pub fn exec_lua(&mut self, code: &str, chunk_name: &str) -> Result<(), SimError> {
        let prev = set_phase(&self.lua, "exec-lua");
        match lua::load_text(&self.lua, code.as_bytes(), &format!("@{chunk_name}")) {
            Ok(f) => {
                host_entry(&self.lua, || self.host.hostcall.call::<MultiValue>(f))?;
            }
            Err(e) => self.host.report.call::<()>(lua::host_error_message(&e))?,
        }
        restore_phase(&self.lua, prev);
        Ok(())
    }

    /// Runs a chat line (a slash command) through the built-in base's chat handling.
    pub fn run_chat_line(&mut self, line: &str) -> Result<bool, SimError> {
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
    pub fn logout(&mut self) -> Result<Vec<String>, SimError> {
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
        messages.extend(savedvars::shared_wtf_note(&self.lua, &cfg.wtf));
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
                match savedvars::save_file(&self.lua, &path, &vars, cfg.max_file_bytes) {
                    Ok(Some(msg)) => messages.push(msg),
                    Ok(None) => {}
                    Err(e) => messages.push(format!("could not save {e}")),
                }
            }
        }
        Ok(messages)
    }
}

/// One frame of [`Simulator::tick`] without the reload step, for callers that hold only the VM
/// (`wowsim.Advance` in specs): the clock, auras, addon messages, item data, due timers, the
/// end-of-frame work, input, OnUpdate on visible frames, then the layout of visible regions.
pub(crate) fn tick_vm(lua: &Lua, dt: f64) -> mlua::Result<()> {
    lua::budget::check_stop(lua)?;
    let instructions = lua::budget::instructions(lua);
    lua.app_data_mut::<Clock>()
        .expect("clock")
        .advance(dt, instructions);
    // First in the frame, as the client: the LUA_WARNINGs queued by failed error handlers, then
    // the XML files' warnings.
    let located =
        wowsim_api::api::misc::cvar_get(lua, "enableSourceLocationLookup").is_none_or(|v| v != "0");
    let warnings = wowsim_lua::errors::take_warnings(lua, located);
    if !warnings.is_empty() {
        let typed = lua_warning_has_type(lua);
        for w in warnings {
            let args = if typed {
                (1, w).into_lua_multi(lua)?
            } else {
                (w,).into_lua_multi(lua)?
            };
            wowsim_api::events::fire_event(lua, "LUA_WARNING", args)?;
        }
    }
    wowsim_api::api::auras::expire(lua)?;
    wowsim_api::api::misc::deliver_addon_messages(lua)?;
    wowsim_api::api::game_data::deliver_items(lua)?;
    wowsim_api::timers::run_due(lua)?;
    wowsim_api::world::run_due(lua)?;
    widgets::after_frame(lua)?;
    wowsim_api::input::after_tick(lua)?;
    let ids: Vec<u32> = {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        let mut list = std::mem::take(&mut ui.update_frames);
        list.retain(|id| ui.get(*id).is_some_and(|o| o.has_on_update));
        let ids = list
            .iter()
            .rev()
            .copied()
            .filter(|id| ui.is_visible(*id))
            .collect();
        ui.update_frames = list;
        ids
    };
    if !ids.is_empty() {
        let fire: Function = lua.app_data_ref::<UiLua>().expect("ui").fire.clone();
        let prev = set_phase(lua, "OnUpdate");
        for id in ids {
            host_entry(lua, || fire.call::<()>((id, "OnUpdate", dt)))?;
        }
        restore_phase(lua, prev);
    }
    widgets::end_of_frame(lua);
    Ok(())
}

/// Whether the Blizzard UI's own documentation gives `LUA_WARNING` the older payload
/// `warnType, warningText` (Classic Era 1.15.4: its `HandleLuaWarning(warnType, warningMessage)`
/// reads both); the current clients send `warningText` alone. The type sent is 1: not that UI's
/// `LUA_WARNING_TREAT_AS_ERROR` (0), so its handler files it under `scriptWarnings`.
fn lua_warning_has_type(lua: &Lua) -> bool {
    let Some(docs) = lua.app_data_ref::<wowsim_api::api::api_docs::Docs>() else {
        return false;
    };
    let typed = docs
        .0
        .events
        .iter()
        .find(|e| e.name == "LUA_WARNING")
        .is_some_and(|e| e.payload.len() == 2 && e.payload[0].name.as_deref() == Some("warnType"));
    typed
}
