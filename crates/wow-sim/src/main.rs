//! The `wow-sim` command line: parses arguments, builds a `Simulator`, prints results, picks the
//! exit code. The only place that prints to stdout or exits.

#[cfg_attr(feature = "system-alloc", allow(dead_code))]
mod alloc;
mod cli;
mod config;
mod dump_tree;
mod lua_errors;
mod report;
mod scan;
mod screenshot;
mod test_cmd;
mod ui_cache;
mod ui_cmd;
#[cfg(unix)]
mod warm;
mod watchdog;
mod wow_dir;

use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;
use wowsim_core::{SimConfig, Simulator};

/// mimalloc instead of glibc's malloc, for Rust and (through mlua's allocator) the Lua heap:
/// a start-up allocates and frees millions of small Lua strings and tables, and glibc's free
/// lists (`malloc_consolidate`, `unlink_chunk`) cost a fifth of its CPU (BENCHMARKS.md).
/// Built with `no_thp`: asking for transparent huge pages cost ~25 MB of peak RSS and
/// the kernel's time to clear them, for no gain here. Wrapped (`alloc.rs`) so that Lua's
/// 16-aligned requests take aligned size classes and shrinking blocks move.
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOC: alloc::Allocator = alloc::Rounding(mimalloc::MiMalloc);

/// Stack of the thread that runs the simulation: deep Lua → host → Lua recursion (a handler
/// that fires a script that fires a script…) must end in Lua's "C stack overflow" error, not
/// in a crash of the process.
const SIM_STACK: usize = 256 << 20;

fn main() -> ExitCode {
    run_cli(Cli::parse(), false)
}

/// Runs a command line (a warm start's copy runs its client's, `warm/`).
#[cfg(unix)]
pub(crate) fn run_args(args: impl Iterator<Item = std::ffi::OsString>) -> ExitCode {
    match Cli::try_parse_from(args) {
        // On this thread: it is the simulation thread the template forked from.
        Ok(cli) => run_cli(cli, true),
        Err(e) => {
            let _ = e.print();
            ExitCode::from(2)
        }
    }
}

fn run_cli(cli: Cli, on_this_thread: bool) -> ExitCode {
    let what = cli.command.as_ref().map(|c| format!("{c:?}"));
    // A panic is a wow-sim bug: report it with context, exit 2, write no SavedVariables
    // (the unwind skips logout).
    // The window's event loop must own the main thread (winit); headless commands run on a
    // thread with a large stack.
    let outcome = if cli.command.is_none() || on_this_thread {
        Ok(std::panic::catch_unwind(std::panic::AssertUnwindSafe(
            move || run(cli).map_err(|e| format!("{e:#}")),
        )))
    } else {
        std::thread::Builder::new()
            .name("wow-sim".into())
            .stack_size(SIM_STACK)
            .spawn(move || run(cli).map_err(|e| format!("{e:#}")))
            .map(|h| h.join())
    };
    match outcome {
        Ok(Ok(Ok(code))) => code,
        Ok(Ok(Err(e))) => {
            eprintln!("wow-sim: {e}");
            ExitCode::from(2)
        }
        Ok(Err(panic)) => {
            let msg = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)");
            eprintln!(
                "wow-sim: internal error (a bug in wow-sim, please report it) while running {}: {msg}; \
                 SavedVariables were not written",
                what.as_deref().unwrap_or("the window")
            );
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("wow-sim: cannot start the simulation thread: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    // The cache commands need no simulator (and must not write the demo addons).
    match &cli.command {
        Some(Command::Ui { command }) => return ui_cmd::ui(&cli, command),
        Some(Command::Resources { command }) => return ui_cmd::resources(&cli, command),
        Some(Command::Scan(args)) => return scan::run(&cli, args),
        _ => {}
    }
    let resolved = config::resolve(&cli)?;
    if !in_warm_copy() {
        for n in &resolved.notes {
            eprintln!("wow-sim: note: {n}");
        }
    }
    let config = resolved.config;
    #[cfg(unix)]
    if cli.warm {
        if let Some(code) = warm::run_config(&cli, config.clone()).and_then(|c| warm::try_serve(&c))
        {
            return Ok(code);
        }
    }
    match &cli.command {
        Some(Command::LuaErrors(args)) => lua_errors::run(&cli, config, args),
        Some(Command::Screenshot(args)) => screenshot::run(&cli, config, args),
        Some(Command::DumpTree(args)) => dump_tree::run(&cli, config, args),
        Some(Command::Test(args)) => test_cmd::run(&cli, config, args),
        Some(Command::ApiCoverage(args)) => api_coverage(config, args),
        Some(Command::Ui { .. } | Command::Resources { .. } | Command::Scan(_)) => {
            unreachable!("handled above")
        }
        None => window(&cli, config),
    }
}

/// Whether this process is a warm start's copy of a template (`warm/`).
fn in_warm_copy() -> bool {
    #[cfg(unix)]
    return warm::in_copy();
    #[cfg(not(unix))]
    return false;
}

/// No subcommand: the interactive window (`--exec-lua` runs after its first frame).
#[cfg(feature = "gui")]
fn window(cli: &Cli, config: SimConfig) -> anyhow::Result<ExitCode> {
    let exec_lua = match &cli.exec_lua {
        Some(code) => Some(cli::exec_lua_source(code)?),
        None => None,
    };
    let opts = wowsim_gui::GuiOptions {
        config,
        exec_lua,
        size: (1024, 768),
        panel: std::env::var_os("WOW_SIM_NO_PANEL").is_none(),
    };
    wowsim_gui::run(opts).map_err(|e| anyhow::anyhow!(e))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "gui"))]
fn window(_cli: &Cli, _config: SimConfig) -> anyhow::Result<ExitCode> {
    eprintln!(
        "wow-sim: this build has no window (built without the `gui` feature); run a subcommand such as `lua-errors`"
    );
    Ok(ExitCode::from(2))
}

/// The client a command runs with: a warm start's template in its copy, else a new one.
pub(crate) fn new_simulator(config: SimConfig) -> anyhow::Result<Simulator> {
    #[cfg(unix)]
    return warm::simulator(config);
    #[cfg(not(unix))]
    return Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"));
}

/// Starts the client, runs `seconds` of frames, then the `--exec-lua` code (if any): the
/// run-up that dump-tree and screenshot share before they look at the UI.
pub(crate) fn start_and_run(
    sim: &mut Simulator,
    exec: Option<&(String, String)>,
    seconds: f64,
) -> Result<(), wowsim_core::SimError> {
    sim.start()?;
    sim.run_for(seconds)?;
    if let Some((code, name)) = exec {
        sim.exec_lua(code, name)?;
    }
    Ok(())
}

/// Prints the compiled-Lua cache's notes (corrupt entries ignored, an unwritable folder).
pub(crate) fn print_cache_notes(sim: &Simulator) {
    for n in sim.lua_cache_report().map(|(n, _)| n).unwrap_or_default() {
        eprintln!("wow-sim: note: {n}");
    }
}

/// Ends a headless command as the client ends a session: `PLAYER_LOGOUT`, then SavedVariables
/// are written (unless `--no-saved-vars`); messages about skipped files go to stderr.
pub(crate) fn log_out(sim: &mut Simulator) -> anyhow::Result<()> {
    for msg in sim.logout().map_err(lua_err)? {
        eprintln!("wow-sim: {msg}");
    }
    Ok(())
}

/// `api-coverage --used-by DIR`: one line per name the client has and wow-sim lacks,
/// `file:line: kind name (client: evidence)`; with `absent` also the names the client lacks
/// too, `file:line: kind name (absent in the client too)`. Exit 1 if wow-sim lacks any.
fn api_used_by(
    mut config: SimConfig,
    dir: &std::path::Path,
    absent: bool,
) -> anyhow::Result<ExitCode> {
    let same = |p: &std::path::Path| {
        p.canonicalize()
            .ok()
            .is_some_and(|p| Some(p) == dir.canonicalize().ok())
    };
    if !config.blizzard_ui.as_deref().is_some_and(same)
        && !config.addon_dirs.iter().any(|d| same(d))
    {
        config.addon_dirs.push(dir.to_path_buf());
        config.no_addons = false;
    }
    config.saved_vars = None;
    let sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (mut missing, errors) = sim.api_used_by(dir).map_err(lua_err)?;
    missing.sort_by(|a, b| (&a.file, a.line, &a.name).cmp(&(&b.file, b.line, &b.name)));
    for e in &errors {
        eprintln!("wow-sim: note: not compiled: {e}");
    }
    let gaps = missing.iter().filter(|m| m.client.is_some()).count();
    for m in &missing {
        match m.client {
            Some(e) => println!(
                "{}:{}: {} {} (client: {})",
                m.file,
                m.line,
                m.kind,
                m.name,
                e.as_str()
            ),
            None if absent => println!(
                "{}:{}: {} {} (absent in the client too)",
                m.file, m.line, m.kind, m.name
            ),
            None => {}
        }
    }
    eprintln!(
        "wow-sim: {gaps} names used that the client has and wow-sim lacks; {} more used that \
         the client lacks too (in neither its reference, its API dump nor the UI's API \
         documentation{})",
        missing.len() - gaps,
        if absent { "" } else { "; --absent lists them" }
    );
    Ok(if gaps == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Simulator errors hold mlua errors, which are not `Send`; keep their text.
pub(crate) fn lua_err(e: wowsim_core::SimError) -> anyhow::Error {
    anyhow::anyhow!("internal error in the Lua VM: {e}")
}

/// Prints the API coverage report (functions and UI object methods) as markdown, or with
/// `--used-by` the names a folder's addons use that wow-sim lacks.
fn api_coverage(mut config: SimConfig, args: &cli::ApiCoverageArgs) -> anyhow::Result<ExitCode> {
    if let Some(dir) = &args.used_by {
        return api_used_by(config, dir, args.absent);
    }
    config.addon_dirs.clear();
    config.no_addons = true;
    config.saved_vars = None;
    let sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    print!("{}", sim.api_coverage_markdown().map_err(lua_err)?);
    Ok(ExitCode::SUCCESS)
}
