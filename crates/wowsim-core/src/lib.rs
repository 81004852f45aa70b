//! wowsim-core: the simulated WoW client. One [`Simulator`] owns the Lua VM, the UI object
//! arena, the event registry, the timer queue and the clock; front ends drive it.

pub mod addons;
pub use wowsim_api::api;
pub use wowsim_api::coverage;
pub use wowsim_api::events;
pub use wowsim_api::input;
pub use wowsim_lua as lua;
pub use wowsim_lua::clock;
pub use wowsim_lua::errors;
pub use wowsim_ui::atlas;
pub use wowsim_ui::draw;
pub mod global_strings;
pub mod savedvars;
pub mod simulator;
pub mod templates;
pub use wowsim_api::timers;
pub use wowsim_api::widgets;
pub mod xmlui;

pub use errors::ErrorRecord;
pub use savedvars::SavedVarsConfig;
pub use simulator::{Output, SimConfig, SimError, Simulator};
pub use wowsim_toc::Flavor;
