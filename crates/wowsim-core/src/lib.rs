//! wowsim-core: the simulated WoW client. One [`Simulator`] owns the Lua VM, the UI object
//! arena, the event registry, the timer queue and the clock; front ends drive it.

pub mod addons;
pub mod global_strings;
pub mod savedvars;
pub mod scenario;
pub mod simulator;
pub mod spec;
pub mod templates;
pub mod xmlui;

pub use savedvars::{SavedVarsConfig, DEFAULT_MAX_SAVED_FILE};
pub use simulator::{Output, SimConfig, SimError, Simulator};
pub use wowsim_api::widgets::dump::DumpOptions;
pub use wowsim_lua::budget::DEFAULT_SCRIPT_BUDGET;
pub use wowsim_lua::errors::Severity as RecordSeverity;
pub use wowsim_lua::errors::{ErrorRecord, SharedRecords};
pub use wowsim_render::DrawList;
pub use wowsim_toc::Flavor;
pub use wowsim_ui::draw::DrawOptions;
