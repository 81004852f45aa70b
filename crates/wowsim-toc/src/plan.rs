//! Start-up load planning: each addon's load state (with the client's reason tokens) and the order addons load in.
//!
//! Rules (sources: wowpedia/warcraft.wiki.gg "AddOn loading process" and "TOC format";
//! the wowless loader; the reason tokens of `C_AddOns.IsAddOnLoadable` / `GetAddOnInfo`,
//! displayed through the `ADDON_<reason>` global strings):
//! - Blizzard addons load before user addons; among Blizzard addons, `LoadFirst: 1` ones and
//!   the secure-environment ones (`UseSecureEnvironment: 1`) load first (the client ignores
//!   both for user addons).
//! - Within a group addons go by name (ASCII case-insensitive), but each addon first loads
//!   its required dependencies, then its present, loadable optional dependencies
//!   (depth-first, in the order the TOC lists them). A dependency that is `LoadOnDemand`
//!   is loaded then too.
//! - `LoadOnDemand` addons (and addons whose `LoadManagers` include an enabled, loadable
//!   addon) do not load at start-up unless a dependent pulls them in or an addon named in
//!   their `LoadWith` loads; such an addon loads right after that addon. Otherwise their
//!   state is [`LoadState::DemandLoaded`].
//! - A missing or unloadable required dependency makes the dependent unloadable with the
//!   matching `DEP_*` reason; missing or unloadable optional dependencies are ignored.
//! - A required-dependency cycle blocks every addon on it: none of them can load after the
//!   others, so each gets `DEP_MISSING` (the client has no token of its own for cycles) and the
//!   cycle is reported in [`LoadPlan::notes`]. Cycles through optional dependencies only break
//!   the closing edge (noted) and load.
//! - Out-of-date addons ([`crate::Toc::is_out_of_date`]) are loadable by default, as with
//!   the client's "Load out of date AddOns" option; set [`PlanOptions::load_out_of_date`]
//!   to false to get `INTERFACE_VERSION` instead.

use crate::fs::DiscoveredAddon;
use std::collections::HashMap;

use crate::state::LoadState;

/// The result of [`plan_load_order`]. `states`, `reasons` are indexed like the input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadPlan {
    /// Indices of the addons that load at start-up, in load order.
    pub order: Vec<usize>,
    /// Every addon's state.
    pub states: Vec<LoadState>,
    /// The client's reason token (`"DEP_MISSING"`, ...) for addons not loaded at start-up.
    pub reasons: Vec<Option<String>>,
    /// Human-readable details: missing dependency names, dependency cycles.
    pub notes: Vec<String>,
}

/// Knobs for [`plan_load_order_with`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanOptions {
    /// Load addons whose Interface is out of date (the client's "Load out of date AddOns").
    pub load_out_of_date: bool,
}

impl Default for PlanOptions {
    fn default() -> Self {
        PlanOptions {
            load_out_of_date: true,
        }
    }
}

/// Orders addons as the client loads them at start-up with default [`PlanOptions`].
///
/// `enabled(name)` says whether the user enabled an addon; fold
/// [`crate::Toc::default_enabled`] into it for addons the user never toggled. Addon names
/// are expected to be unique (as [`crate::discover_addons`] makes them); with duplicates,
/// dependency names resolve to the first. Dependency chains are followed recursively, which
/// is fine for real addon sets (chains are a few addons deep).
pub fn plan_load_order(addons: &[DiscoveredAddon], enabled: &dyn Fn(&str) -> bool) -> LoadPlan {
    plan_load_order_with(addons, enabled, &PlanOptions::default())
}

struct Planner<'a> {
    addons: &'a [DiscoveredAddon],
    index: HashMap<String, usize>,
    deps: Vec<Vec<Result<usize, String>>>,
    states: Vec<Option<LoadState>>,
    resolving: Vec<bool>,
    lod: Vec<bool>,
    placed: Vec<bool>,
    visiting: Vec<bool>,
    order: Vec<usize>,
    notes: Vec<String>,
}

/// [`plan_load_order`] with explicit options.
pub fn plan_load_order_with(
    addons: &[DiscoveredAddon],
    enabled: &dyn Fn(&str) -> bool,
    opts: &PlanOptions,
) -> LoadPlan {
    let n = addons.len();
    let mut index = HashMap::new();
    for (i, a) in addons.iter().enumerate() {
        index.entry(a.name.to_ascii_lowercase()).or_insert(i);
    }
    let lookup = |name: &str| index.get(&name.to_ascii_lowercase()).copied();
    let deps = addons
        .iter()
        .map(|a| {
            let names = a.toc.required_deps().into_iter();
            names.map(|d| lookup(&d).ok_or(d)).collect()
        })
        .collect();
    let mut p = Planner {
        addons,
        index: index.clone(),
        deps,
        states: vec![None; n],
        resolving: vec![false; n],
        lod: vec![false; n],
        placed: vec![false; n],
        visiting: vec![false; n],
        order: Vec::new(),
        notes: Vec::new(),
    };
    let own: Vec<LoadState> = addons.iter().map(|a| own_state(a, enabled, opts)).collect();
    for i in 0..n {
        p.resolve(i, &own);
    }
    let states: Vec<LoadState> = p
        .states
        .iter()
        .map(|s| s.unwrap_or(LoadState::Loadable))
        .collect();
    for (i, a) in addons.iter().enumerate() {
        let managed = a.toc.load_managers().iter().any(|m| {
            p.index
                .get(&m.to_ascii_lowercase())
                .is_some_and(|&j| j != i && states[j].is_loadable())
        });
        p.lod[i] = a.toc.load_on_demand() || managed;
    }
    let mut sorted: Vec<usize> = (0..n).collect();
    sorted.sort_by_cached_key(|&i| {
        (
            addons[i].name.to_ascii_lowercase(),
            addons[i].name.clone(),
            i,
        )
    });
    let groups: [&dyn Fn(&DiscoveredAddon) -> bool; 3] = [
        &|a| a.blizzard && (a.toc.load_first() || a.toc.use_secure_environment()),
        &|a| a.blizzard,
        &|_| true,
    ];
    for in_group in groups {
        for &i in &sorted {
            if in_group(&addons[i]) && states[i] == LoadState::Loadable && !p.lod[i] {
                p.visit(i, &states, &sorted);
            }
        }
    }
    let mut final_states = states;
    for (i, s) in final_states.iter_mut().enumerate() {
        if *s == LoadState::Loadable && !p.placed[i] {
            *s = LoadState::DemandLoaded;
        }
    }
    let reasons = final_states
        .iter()
        .map(|s| (*s != LoadState::Loadable).then(|| s.as_reason().to_string()))
        .collect();
    LoadPlan {
        order: p.order,
        states: final_states,
        reasons,
        notes: p.notes,
    }
}

/// The state an addon has on its own, before looking at dependencies.
fn own_state(a: &DiscoveredAddon, enabled: &dyn Fn(&str) -> bool, opts: &PlanOptions) -> LoadState {
    if let Some(ctx) = &a.toc.context {
        if let Some(s) = a.toc.restriction_for(ctx) {
            return s;
        }
    }
    if !enabled(&a.name) {
        return LoadState::Disabled;
    }
    if let Some(ctx) = &a.toc.context {
        if !opts.load_out_of_date && a.toc.is_out_of_date(ctx.flavor.interface_version()) {
            return LoadState::Interface;
        }
    }
    LoadState::Loadable
}

impl Planner<'_> {
    /// Computes `states[i]` from its own state and its required dependencies.
    fn resolve(&mut self, i: usize, own: &[LoadState]) -> LoadState {
        if let Some(s) = self.states[i] {
            return s;
        }
        if self.resolving[i] {
            // A required dependency leads back here: nothing on the cycle can load first.
            self.notes.push(format!(
                "dependency cycle through {}: the addons on it cannot load",
                self.addons[i].name
            ));
            return LoadState::Missing;
        }
        self.resolving[i] = true;
        let mut state = own[i];
        if state.is_loadable() {
            for dep in self.deps[i].clone() {
                let dep_state = match dep {
                    Err(name) => {
                        self.notes.push(format!(
                            "{}: required dependency {name} is missing",
                            self.addons[i].name
                        ));
                        LoadState::Missing
                    }
                    Ok(j) => self.resolve(j, own),
                };
                if !dep_state.is_loadable() {
                    state = dep_state.as_dependency();
                    break;
                }
            }
        }
        self.resolving[i] = false;
        self.states[i] = Some(state);
        state
    }

    /// Places `i` in the start-up order after its dependencies, then its `LoadWith` addons.
    fn visit(&mut self, i: usize, states: &[LoadState], sorted: &[usize]) {
        if self.placed[i] || self.visiting[i] {
            return;
        }
        self.visiting[i] = true;
        let required = self.deps[i].iter().filter_map(|d| d.as_ref().ok().copied());
        let optional = self.addons[i]
            .toc
            .optional_deps()
            .into_iter()
            .filter_map(|d| {
                let j = *self.index.get(&d.to_ascii_lowercase())?;
                states[j].is_loadable().then_some(j)
            });
        let all: Vec<usize> = required
            .collect::<Vec<_>>()
            .into_iter()
            .chain(optional)
            .collect();
        for j in all {
            if self.visiting[j] && !self.placed[j] {
                self.notes.push(format!(
                    "dependency cycle: {} depends on {}, which is still waiting for it; {} loads first",
                    self.addons[i].name, self.addons[j].name, self.addons[i].name
                ));
                continue;
            }
            self.visit(j, states, sorted);
        }
        self.visiting[i] = false;
        self.placed[i] = true;
        self.order.push(i);
        let name = &self.addons[i].name;
        let with: Vec<usize> = sorted
            .iter()
            .copied()
            .filter(|&k| {
                !self.placed[k]
                    && states[k].is_loadable()
                    && self.addons[k]
                        .toc
                        .load_with()
                        .iter()
                        .any(|w| w.eq_ignore_ascii_case(name))
            })
            .collect();
        for k in with {
            self.visit(k, states, sorted);
        }
    }
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
