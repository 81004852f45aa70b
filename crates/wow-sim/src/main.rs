//! The `wow-sim` command line: parses arguments, builds a `Simulator`, prints results, picks the
//! exit code. The only place that prints to stdout or exits.

mod alloc;
mod cli;
mod screenshot;

use anyhow::Context;
use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;
use wowsim_core::{SavedVarsConfig, SimConfig, Simulator};

/// mimalloc instead of glibc's malloc, for Rust and (through mlua's allocator) the Lua heap:
/// a start-up allocates and frees millions of small Lua strings and tables, and glibc's free
/// lists (`malloc_consolidate`, `unlink_chunk`) cost a fifth of its CPU (BENCHMARKS.md).
/// Built with `no_thp`: asking for transparent huge pages cost ~25 MB of peak RSS and
/// the kernel's time to clear them, for no gain here. Wrapped (`alloc.rs`) so that Lua's
/// 16-aligned requests take aligned size classes and shrinking blocks move.
#[global_allocator]
static ALLOC: alloc::Allocator = alloc::Rounding(mimalloc::MiMalloc);

/// Stack of the thread that runs the simulation: deep Lua → host → Lua recursion (a handler
/// that fires a script that fires a script…) must end in Lua's "C stack overflow" error, not
/// in a crash of the process.
const SIM_STACK: usize = 256 << 20;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let what = cli.command.as_ref().map(|c| format!("{c:?}"));
    // A panic is a wow-sim bug: report it with context, exit 2, write no SavedVariables
    // (the unwind skips logout).
    // The window's event loop must own the main thread (winit); headless commands run on a
    // thread with a large stack.
    let outcome = if cli.command.is_none() {
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
    let config = sim_config(&cli)?;
    match &cli.command {
        Some(Command::LuaErrors(args)) => {
            let mut config = config;
            config.timeout = args.timeout.map(std::time::Duration::from_secs_f64);
            config.script_budget = args.script_budget;
            config.memory_limit = args.memory_limit.saturating_mul(1024 * 1024);
            lua_errors(&cli, config, args.seconds)
        }
        Some(Command::Screenshot(args)) => screenshot::run(&cli, config, args),
        Some(Command::DumpTree(args)) => dump_tree(&cli, config, args),
        Some(Command::ApiCoverage) => api_coverage(config),
        None => window(&cli, config),
    }
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

/// Prints the compiled-Lua cache's notes (corrupt entries ignored, an unwritable folder).
fn print_cache_notes(sim: &Simulator) {
    for n in sim.lua_cache_report().map(|(n, _)| n).unwrap_or_default() {
        eprintln!("wow-sim: note: {n}");
    }
}

fn sim_config(cli: &Cli) -> anyhow::Result<SimConfig> {
    let mut c = SimConfig::new(cli.flavor);
    c.addon_dirs = if cli.addons.is_empty() {
        vec![cli::demo_addons_dir()?]
    } else {
        cli.addons.clone()
    };
    for d in &c.addon_dirs {
        anyhow::ensure!(
            d.is_dir(),
            "--addons {}: not a readable folder",
            d.display()
        );
    }
    if let Some(b) = &cli.blizzard_ui {
        anyhow::ensure!(
            b.is_dir(),
            "--blizzard-ui {}: not a readable folder",
            b.display()
        );
        c.blizzard_ui = Some(b.clone());
    }
    c.no_addons = cli.no_addons;
    if !cli.no_lua_cache {
        c.lua_cache = cli::default_cache_dir();
    }
    c.art_dirs = cli.art.clone();
    if let Some(d) = &cli.game_data {
        anyhow::ensure!(
            d.is_dir(),
            "--game-data {}: not a readable folder",
            d.display()
        );
        c.game_data = Some(d.clone());
    }
    c.account = cli.account.clone();
    c.realm = cli.realm.clone();
    c.character = cli.character.clone();
    if !cli.no_saved_vars {
        let wtf = match &cli.wtf {
            Some(w) => w.clone(),
            None => cli::default_wtf_dir()
                .context("cannot find a data folder for SavedVariables; pass --wtf DIR")?,
        };
        c.saved_vars = Some(SavedVarsConfig {
            wtf,
            account: cli.account.clone(),
            realm: cli.realm.clone(),
            character: cli.character.clone(),
        });
    }
    Ok(c)
}

/// Runs start-up, `seconds` of virtual time, `--exec-lua`, logout; prints the error records.
fn lua_errors(cli: &Cli, config: SimConfig, seconds: f64) -> anyhow::Result<ExitCode> {
    let mut sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    for n in &sim.notes {
        eprintln!("wow-sim: note: {n}");
    }
    let exec = match &cli.exec_lua {
        Some(code) => Some(cli::exec_lua_source(code)?),
        None => None,
    };
    let mut steps = || -> Result<(), wowsim_core::SimError> {
        sim.start()?;
        sim.run_for(seconds)?;
        if let Some((code, name)) = &exec {
            sim.exec_lua(code, name)?;
        }
        Ok(())
    };
    let result = steps();
    print_cache_notes(&sim);
    // A stopped run (timeout, memory cap) ends with its records and no logout: the addons'
    // state is not trustworthy, so SavedVariables are left as they were.
    let stop = sim.stopped();
    match (result, &stop) {
        (_, Some(reason)) => {
            sim.add_error_record(reason);
            eprintln!("wow-sim: {reason}");
        }
        (Err(e), None) => return Err(lua_err(e)),
        (Ok(()), None) => match (sim.logout(), sim.stopped()) {
            (Ok(messages), _) => {
                for msg in messages {
                    eprintln!("wow-sim: {msg}");
                }
            }
            (Err(_), Some(reason)) => {
                sim.add_error_record(&reason);
                eprintln!("wow-sim: {reason}");
            }
            (Err(e), None) => return Err(lua_err(e)),
        },
    }
    for line in sim.output() {
        eprintln!("[chat] {line}");
    }
    let xml_log = sim.blizzard_xml_log();
    if !xml_log.is_empty() {
        eprintln!(
            "wow-sim: note: {} XML warning(s) in the Blizzard UI's own files (the client writes them to FrameXML.log and carries on; not error records):",
            xml_log.len()
        );
        for line in &xml_log {
            eprintln!("wow-sim: note:   {line}");
        }
    }
    if sim.xml_not_applied() > 0 {
        let mut detail = sim.xml_not_applied_detail();
        detail.sort_by_key(|d| std::cmp::Reverse(d.1));
        let top: Vec<String> = detail
            .iter()
            .take(8)
            .map(|((tag, attr), n)| match attr.as_str() {
                "" => format!("<{tag}> x{n}"),
                a => format!("{tag} {a}= x{n}"),
            })
            .collect();
        eprintln!(
            "wow-sim: note: {} uses of XML tags/attributes were not applied (not implemented yet): {}",
            sim.xml_not_applied(),
            top.join(", ")
        );
    }
    if let Some(note) = sim.game_data_note() {
        eprintln!("wow-sim: note: {note}");
    }
    let errors = sim.errors();
    println!("{}", serde_json::to_string_pretty(&errors)?);
    // Everything is saved and printed: let the OS reclaim the VM instead of freeing every Lua
    // object one by one (9-16% of a large start-up's wall time in the profiles).
    std::mem::forget(sim);
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Runs start-up, `seconds` of virtual time and `--exec-lua`, then prints the frame tree.
fn dump_tree(cli: &Cli, config: SimConfig, args: &cli::DumpTreeArgs) -> anyhow::Result<ExitCode> {
    let mut sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    sim.start().map_err(lua_err)?;
    print_cache_notes(&sim);
    sim.run_for(args.seconds).map_err(lua_err)?;
    if let Some(code) = &cli.exec_lua {
        let (code, name) = cli::exec_lua_source(code)?;
        sim.exec_lua(&code, &name).map_err(lua_err)?;
    }
    let opts = wowsim_core::DumpOptions {
        filter: args.filter.clone(),
        visible_only: args.visible_only,
    };
    let text = sim.dump_tree(&opts).map_err(lua_err)?;
    print!("{text}");
    log_out(&mut sim)?;
    let errors = sim.errors();
    if !errors.is_empty() {
        eprintln!(
            "wow-sim: {} Lua error(s); run lua-errors for details",
            errors.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Ends a headless command as the client ends a session: `PLAYER_LOGOUT`, then SavedVariables
/// are written (unless `--no-saved-vars`); messages about skipped files go to stderr.
pub(crate) fn log_out(sim: &mut Simulator) -> anyhow::Result<()> {
    for msg in sim.logout().map_err(lua_err)? {
        eprintln!("wow-sim: {msg}");
    }
    Ok(())
}

/// Simulator errors hold mlua errors, which are not `Send`; keep their text.
pub(crate) fn lua_err(e: wowsim_core::SimError) -> anyhow::Error {
    anyhow::anyhow!("internal error in the Lua VM: {e}")
}

/// Prints the API coverage report (functions and UI object methods) as markdown.
fn api_coverage(mut config: SimConfig) -> anyhow::Result<ExitCode> {
    config.addon_dirs.clear();
    config.no_addons = true;
    config.saved_vars = None;
    let sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    print!("{}", sim.api_coverage_markdown().map_err(lua_err)?);
    Ok(ExitCode::SUCCESS)
}
