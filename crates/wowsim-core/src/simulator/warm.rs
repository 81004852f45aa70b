//! The warm start's two halves (the CLI's `warm/` keeps the template process): a template
//! ([`Simulator::new_template`]) is a `Simulator` with the run's whole addon set that has
//! loaded the Blizzard addons at the head of the start-up order and stops there, in the
//! middle of the secure environment's batch, as a cold start stands before the first user
//! addon. What the Blizzard UI can see of the user's addons by then is their list and TOCs
//! (the CLI's identity of a template includes them); their files are read later. A copy of
//! it (a forked process) takes the run's own configuration ([`Simulator::attach_addons`]):
//! the addon set is discovered again (the Blizzard UI's addons keep their places and
//! states), the global strings the user's files read are added (`global_strings/user.rs`),
//! and [`Simulator::start`] goes on from there.

use super::*;

/// A configuration that cannot continue a template, and why.
#[derive(Debug)]
pub struct NotWarm(pub String);

impl Simulator {
    /// A template: [`Simulator::new`] with the whole addon set (the Blizzard UI can see the
    /// list of addons as it loads: the add-ons button of the game menu), but the global strings
    /// of the Blizzard UI's files only, then [`Simulator::start_blizzard`].
    pub fn new_template(config: SimConfig) -> Result<Simulator, SimError> {
        let mut sim = Simulator::build(config, false)?;
        sim.start_blizzard()?;
        Ok(sim)
    }

    /// Loads the Blizzard addons at the head of the start-up order and stops before the first
    /// other one; [`Simulator::start`] continues from there.
    fn start_blizzard(&mut self) -> Result<(), SimError> {
        let order = self
            .lua
            .app_data_ref::<StartupOrder>()
            .map(|o| o.0.clone())
            .unwrap_or_default();
        let blizzard: Vec<usize> = {
            let set = self.lua.app_data_ref::<AddonSet>().expect("addons");
            order
                .iter()
                .copied()
                .take_while(|&i| set.addons[i].info.blizzard)
                .collect()
        };
        self.begin_start()?;
        for i in blizzard {
            addons::load_addon(&self.lua, &self.host, i, self.after.as_ref())?;
            lua::tighten_gc_for_large_heap(&self.lua);
        }
        // The template does not hold the WTF folder while it waits (other runs would see it
        // taken); each copy claims it again.
        self.claimed_wtf = crate::savedvars::release_wtf(&self.lua);
        Ok(())
    }

    /// Takes `config` (the run's; the same as the template's but for the user's addons and
    /// the wall-clock bound) in a copy of a template; the new notes join [`Simulator::notes`].
    pub fn attach_addons(&mut self, config: SimConfig) -> Result<(), NotWarm> {
        if !self.started_blizzard {
            return Err(NotWarm(
                "the template has not loaded the Blizzard UI".into(),
            ));
        }
        let notes = self.rediscover(&config)?;
        let roots = file_roots(&config);
        self.lua
            .app_data_mut::<UiState>()
            .expect("ui")
            .fonts
            .set_roots(&roots);
        let lua_err = |e: mlua::Error| NotWarm(e.to_string());
        crate::scenario::install(&self.lua, &config.addon_dirs).map_err(lua_err)?;
        let note = crate::global_strings::user::install_user(&self.lua)
            .map_err(lua_err)?
            .map_err(NotWarm)?;
        if let (true, Some(cfg)) = (self.claimed_wtf, &config.saved_vars) {
            crate::savedvars::claim_wtf(&self.lua, &cfg.wtf);
        }
        if let Some(i) = self.strings_note {
            self.notes[i] = note;
        }
        lua::budget::configure(
            &self.lua,
            config.script_budget,
            config.timeout,
            config.memory_limit,
        )
        .map_err(lua_err)?;
        self.config = config;
        self.notes.extend(notes);
        Ok(())
    }

    /// Discovers the addons again with the user's folders. The Blizzard UI's addons must come
    /// out as the template has them (same places); they keep their load state. The start-up
    /// order left is the new plan's without what has loaded.
    fn rediscover(&mut self, config: &SimConfig) -> Result<Vec<String>, NotWarm> {
        let (found, plan, mut notes) = discover_set(config);
        let old = self.lua.remove_app_data::<AddonSet>().expect("addons");
        let mut set = AddonSet::default();
        for (i, info) in found.into_iter().enumerate() {
            let before = old.addons.get(i).filter(|a| a.info.blizzard);
            if info.blizzard != before.is_some() || before.is_some_and(|b| b.info.name != info.name)
            {
                self.lua.set_app_data(old);
                return Err(NotWarm(format!(
                    "the addon set differs from the template's at {}",
                    info.name
                )));
            }
            let (loading, loaded, enabled) = before
                .map_or((false, false, info.toc.default_enabled()), |b| {
                    (b.loading, b.loaded, b.enabled)
                });
            set.addons.push(AddonEntry {
                info,
                state: plan.states[i],
                reason: plan.reasons[i].clone(),
                enabled,
                loading,
                loaded,
            });
        }
        if old.addons.iter().filter(|a| a.info.blizzard).count()
            != set.addons.iter().filter(|a| a.info.blizzard).count()
        {
            self.lua.set_app_data(old);
            return Err(NotWarm("the Blizzard UI's addons differ".into()));
        }
        let order = plan
            .order
            .into_iter()
            .filter(|&i| !set.addons[i].loaded && !set.addons[i].loading)
            .collect();
        self.lua.set_app_data(set);
        self.lua.set_app_data(StartupOrder(order));
        notes.retain(|n| !self.notes.contains(n));
        Ok(notes)
    }
}

/// The addons of `config`'s folders (the Blizzard UI's first) and their load plan, with the
/// notes of both.
pub(super) fn discover_set(
    config: &SimConfig,
) -> (
    Vec<wowsim_toc::DiscoveredAddon>,
    wowsim_toc::LoadPlan,
    Vec<String>,
) {
    let mut ctx = TocContext::new(config.flavor);
    ctx.locale = config.locale.clone();
    let mut roots: Vec<(PathBuf, bool)> = Vec::new();
    if let Some(b) = &config.blizzard_ui {
        roots.push((b.clone(), true));
    }
    if !config.no_addons {
        roots.extend(config.addon_dirs.iter().map(|d| (d.clone(), false)));
    }
    let (found, mut notes) = wowsim_toc::discover_addons(&roots, &ctx);
    let plan = wowsim_toc::plan_load_order(&found, &|name| {
        found
            .iter()
            .find(|a| a.name == name)
            .is_none_or(|a| a.toc.default_enabled())
    });
    notes.extend(plan.notes.iter().cloned());
    (found, plan, notes)
}
