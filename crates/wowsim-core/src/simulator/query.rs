//! What a `Simulator` tells its front ends: records, chat output, drawing, notes and counts.

use super::*;

impl Simulator {
    /// The error records so far, first-seen order.
    pub fn errors(&self) -> Vec<ErrorRecord> {
        self.lua
            .app_data_ref::<ErrorState>()
            .map(|s| s.log.records().to_vec())
            .unwrap_or_default()
    }

    /// The taint log's lines since the last call (`SimConfig::taint_log`; empty when off).
    pub fn take_taint_log(&self) -> Vec<String> {
        wowsim_lua::taint::take_log(&self.lua)
    }

    /// The error records as another thread can read them while the simulation runs (kept
    /// up to date from now on): what `--timeout`'s watchdog prints when the run is stuck.
    pub fn share_records(&self) -> Option<lua::errors::SharedRecords> {
        self.lua
            .app_data_mut::<ErrorState>()
            .map(|mut s| s.log.share())
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
    pub fn draw_list(&self, opts: &wowsim_ui::draw::DrawOptions) -> wowsim_render::DrawList {
        draw_list_vm(&self.lua, opts)
    }

    /// Installs how specs draw pictures (`wowsim.MatchScreenshot`): the front end's
    /// rasterizer; `bless` rewrites stored pictures.
    pub fn set_screenshot_renderer(
        &self,
        render: Box<crate::spec::screenshot::RenderFn>,
        bless: bool,
    ) {
        self.lua
            .set_app_data(crate::spec::screenshot::Renderer { render, bless });
    }

    /// The simulated monitor size in pixels.
    pub fn screen(&self) -> (u32, u32) {
        self.config.screen
    }

    /// The monitor changed size (a window resize): UIParent follows, `DISPLAY_SIZE_CHANGED`
    /// fires. OnSizeChanged handlers run on the next tick.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<(), SimError> {
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
        wowsim_data::data(self.config.flavor)
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

    /// The typed stubs called so far, functions (`C_Foo.Bar`) and UI object methods
    /// (`Type:Method`), each with its number of calls, most called first.
    pub fn stub_calls(&self) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self
            .lua
            .app_data_ref::<api::stubs::StubStats>()
            .map(|s| s.calls.iter().map(|(k, v)| (k.clone(), *v)).collect())
            .unwrap_or_default();
        v.extend(wowsim_api::widgets::fields::method_stub_calls(&self.lua));
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
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

    /// The frame tree as text (`dump-tree`): name, type, rect, shown/visible, strata, level,
    /// anchors.
    pub fn dump_tree(&self, opts: &crate::DumpOptions) -> Result<String, SimError> {
        Ok(wowsim_api::widgets::dump::dump_tree(&self.lua, opts)?)
    }

    /// The API coverage report (`api-coverage`): what of the client's API is real, a typed
    /// stub or missing, per namespace and per UI object type, as markdown.
    pub fn api_coverage_markdown(&self) -> Result<String, SimError> {
        let data = self.data();
        let functions = wowsim_api::coverage::functions(&self.lua, data)?;
        let methods = wowsim_api::coverage::methods(&self.lua, data)?;
        Ok(wowsim_api::coverage::markdown(
            self.config.flavor.as_str(),
            &functions,
            &methods,
        ))
    }

    /// Whether the global `name` holds a table (a named frame, as `screenshot --filter` needs).
    pub fn has_global_table(&self, name: &str) -> bool {
        matches!(
            self.lua.globals().raw_get::<Value>(name),
            Ok(Value::Table(_))
        )
    }

    /// Evaluates Lua in the simulated client (an expression, or else a chunk) and returns its
    /// results as `tostring` shows them. Errors are returned, not recorded.
    pub fn eval(&self, code: &str) -> Result<Vec<String>, SimError> {
        let expr = format!("return {code}");
        let chunk = match self
            .lua
            .load(expr.as_str())
            .set_name("=eval")
            .into_function()
        {
            Ok(f) => f,
            Err(_) => lua::load_text(&self.lua, code.as_bytes(), "=eval")?,
        };
        let tostring: Function = self.lua.globals().raw_get("tostring")?;
        let mut out = Vec::new();
        for v in chunk.call::<MultiValue>(())? {
            out.push(tostring.call::<String>(v)?);
        }
        Ok(out)
    }

    /// The VM itself, for benchmarks and tests of the VM inside this workspace; front ends use
    /// the methods above instead (the CLI and the window do not depend on mlua).
    #[doc(hidden)]
    pub fn lua_vm(&self) -> &Lua {
        &self.lua
    }
}

/// [`Simulator::draw_list`] for callers that hold only the VM: at the screen size the UI has.
pub(crate) fn draw_list_vm(
    lua: &Lua,
    opts: &wowsim_ui::draw::DrawOptions,
) -> wowsim_render::DrawList {
    let mut opts = opts.clone();
    if opts.highlight.is_none() {
        opts.highlight = wowsim_api::input::with_input(lua, |s| s.motion_focus);
    }
    opts.now = lua.app_data_ref::<Clock>().map_or(0.0, |c| c.now());
    opts.cooldown_numbers = wowsim_api::api::misc::cvar_get(lua, "countdownForCooldowns")
        .is_some_and(|v| !v.is_empty() && v != "0");
    opts.messages = wowsim_api::widgets::message_frame::all(lua);
    let mut ui = lua.app_data_mut::<UiState>().expect("ui");
    let (w, h) = ui.physical;
    wowsim_ui::draw::build(&mut ui, w, h, &opts)
}
