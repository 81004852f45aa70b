//! wowsim-toc: reads World of Warcraft addon TOC files, finds addons on disk and plans their start-up load order.
//!
//! - [`parse_toc`] turns TOC text into a [`Toc`] (metadata, files, diagnostics) for a
//!   [`TocContext`] (flavour and locale), applying `[Family]`/`[Game]`/`[TextLocale]`
//!   variables and `[AllowLoad…]` line filters.
//! - [`choose_toc_file`], [`resolve_path_ci`] and [`discover_addons`] deal with the file
//!   system the way the (case-insensitive) client does.
//! - [`plan_load_order`] gives every addon a [`LoadState`] with the client's reason token
//!   and the order addons load in at start-up.
//!
//! Parsers never fail: problems become [`Diagnostic`]s or notes.

mod flavor;
mod fs;
mod parse;
mod plan;
mod state;
mod toc;

pub use flavor::{Flavor, TocContext};
pub use fs::{
    choose_toc_file, discover_addons, read_regular, resolve_addon_file, resolve_path_ci,
    DiscoveredAddon, RefusedRef,
};
pub use parse::{filter_file_reference, parse_toc, parse_toc_bytes};
pub use plan::{plan_load_order, plan_load_order_with, LoadPlan, PlanOptions};
pub use state::LoadState;
pub use toc::{Diagnostic, Toc, TocFile};
