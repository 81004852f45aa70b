//! The `dump-tree` subcommand: start-up, `--seconds` of virtual time and `--exec-lua`, then the
//! frame tree on stdout and logout. `--timeout` bounds the run as for `lua-errors` (the VM's
//! deadline and the watchdog, `watchdog.rs`): a run stopped so prints its records on stderr and
//! no tree, and exits with 1.

use crate::cli::{self, Cli, DumpTreeArgs};
use crate::{lua_err, print_cache_notes};
use std::process::ExitCode;
use wowsim_core::SimConfig;

/// The run's bounds from the subcommand's flags.
pub fn apply_args(config: &mut SimConfig, args: &DumpTreeArgs) {
    config.timeout = args.timeout.map(std::time::Duration::from_secs_f64);
}

/// Runs the subcommand.
pub fn run(cli: &Cli, mut config: SimConfig, args: &DumpTreeArgs) -> anyhow::Result<ExitCode> {
    apply_args(&mut config, args);
    let timeout = config.timeout;
    let mut sim = crate::new_simulator(config)?;
    // Outside the VM: ends a run stuck where the VM's own deadline checks do not reach.
    let watchdog = crate::watchdog::guard(
        timeout,
        sim.share_records(),
        Box::new(crate::screenshot::print_errors),
    );
    let exec = cli
        .exec_lua
        .as_deref()
        .map(cli::exec_lua_source)
        .transpose()?;
    let steps = crate::start_and_run(&mut sim, exec.as_ref(), args.seconds);
    print_cache_notes(&sim);
    if let Some(reason) = sim.stopped() {
        return Ok(stopped(&mut sim, &reason));
    }
    steps.map_err(lua_err)?;
    let opts = wowsim_core::DumpOptions {
        filter: args.filter.clone(),
        visible_only: args.visible_only,
    };
    let text = sim.dump_tree(&opts).map_err(lua_err)?;
    let logged_out = sim.logout();
    if let Some(reason) = sim.stopped() {
        return Ok(stopped(&mut sim, &reason));
    }
    // The run is over: printing is Rust that ends on its own.
    drop(watchdog);
    print!("{text}");
    for msg in logged_out.map_err(lua_err)? {
        eprintln!("wow-sim: {msg}");
    }
    let errors = sim.errors();
    if !errors.is_empty() {
        eprintln!(
            "wow-sim: {} Lua error(s); run lua-errors for details",
            errors.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A run stopped by a bound: its records on stderr, no tree, exit code 1.
fn stopped(sim: &mut wowsim_core::Simulator, reason: &str) -> ExitCode {
    sim.add_error_record(reason);
    crate::screenshot::print_errors(&sim.errors());
    eprintln!("wow-sim: {reason}; no tree printed");
    ExitCode::from(1)
}
