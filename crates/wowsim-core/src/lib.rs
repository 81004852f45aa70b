//! wowsim-core: the simulated WoW client. One [`Simulator`] owns the Lua VM, the UI object
//! arena, the event registry, the timer queue and the clock; front ends drive it.

pub(crate) mod addons;
pub(crate) mod global_strings;
pub(crate) mod savedvars;
pub(crate) mod scenario;
pub(crate) mod simulator;
pub mod spec;
pub(crate) mod templates;
pub mod xmlui;

pub use savedvars::{SavedVarsConfig, DEFAULT_MAX_SAVED_FILE};
pub use simulator::{NotWarm, Output, SimConfig, SimError, Simulator};
pub use wowsim_api::widgets::dump::DumpOptions;
pub use wowsim_lua::budget::DEFAULT_SCRIPT_BUDGET;
pub use wowsim_lua::errors::Severity as RecordSeverity;
pub use wowsim_lua::errors::{ErrorRecord, SharedRecords};
pub use wowsim_render::DrawList;
pub use wowsim_toc::Flavor;
pub use wowsim_ui::draw::DrawOptions;
