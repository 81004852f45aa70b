//! The `test` subcommand: finds spec files (`discover`), starts the client once with the
//! addons loaded, runs each file from that same state (a forked child per file on Unix,
//! `fork`; a fresh client per file elsewhere), and prints the results (`output`). Exit code
//! 0 when every test passed, 1 when any failed (or a file could not run, or start-up raised
//! errors), 2 when nothing could run.

mod discover;
#[cfg(unix)]
mod fork;
pub mod output;
mod pictures;

use crate::cli::Cli;
use discover::SpecFile;
use output::{Summary, TestFormat};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use wowsim_core::spec::{SpecFileResult, SpecOptions, TestResult, TestStatus};
use wowsim_core::{SimConfig, Simulator};

#[derive(clap::Args, Debug)]
pub struct TestArgs {
    /// Spec files or folders (searched for `*_spec.lua`); default: each addon's `spec/` and
    /// `tests/` folders, or what its `.wowsim.toml` `[test]` table names.
    pub paths: Vec<PathBuf>,
    /// Run only tests whose full name (describe blocks and test, space-separated) matches this
    /// Lua pattern.
    #[arg(long, value_name = "PATTERN")]
    pub filter: Option<String>,
    /// How to print the results (default: text on a terminal, json on a pipe or into a file).
    #[arg(long, value_enum)]
    pub format: Option<TestFormat>,
    /// Write the results to FILE (whole: a temporary file, then a rename) instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Spec files run at once (child processes; Unix). Default: the number of CPUs.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Wall-clock bound per spec file in seconds; a file past it is stopped and fails.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0)]
    pub timeout: f64,
    /// Wall-clock bound in seconds for the start-up before the spec files (the client started
    /// once with the addons); past it nothing runs and the exit code says so.
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0)]
    pub startup_timeout: f64,
    /// Lua instructions allowed per entry into Lua (each test, handler, timer); 0 = unlimited.
    #[arg(long, value_name = "N", default_value_t = wowsim_core::DEFAULT_SCRIPT_BUDGET)]
    pub script_budget: u64,
    /// A Lua file run before each spec file, in its environment (busted's `--helper`); default:
    /// the `helper` of the addon's `.wowsim.toml`.
    #[arg(long, value_name = "FILE")]
    pub helper: Option<PathBuf>,
    /// Rewrite the stored pictures of `wowsim.MatchScreenshot` with what the specs draw now.
    #[arg(long)]
    pub bless: bool,
    /// Lua memory cap in MB. 0 = unlimited.
    #[arg(long, value_name = "MB", default_value_t = 1024)]
    pub memory_limit: usize,
}

/// Runs the subcommand.
pub fn run(_cli: &Cli, mut config: SimConfig, args: &TestArgs) -> anyhow::Result<ExitCode> {
    let specs = match discover::find(&args.paths, &config.addon_dirs) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("wow-sim test: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    if specs.is_empty() {
        eprintln!(
            "wow-sim test: no spec files found (give paths, or put *_spec.lua files in an \
             addon's spec/ or tests/ folder)"
        );
        return Ok(ExitCode::from(2));
    }
    config.script_budget = args.script_budget;
    config.memory_limit = args.memory_limit.saturating_mul(1024 * 1024);
    // Start-up is bounded by `--startup-timeout` (`started`); each file then by `--timeout`.
    // Specs must not change the user's saved state.
    config.write_saved_vars = false;
    let limit = Duration::from_secs_f64(args.timeout.max(0.001));
    config.timeout = Some(Duration::from_secs_f64(args.startup_timeout.max(0.001)));
    let mut results = match run_all(config, &specs, args, limit) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("wow-sim test: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    results.retain(|r| r.load_error.is_some() || !r.tests.is_empty() || args.filter.is_none());
    let to_file = args.output.is_some();
    let format = args
        .format
        .unwrap_or_else(|| match crate::report::default_format(to_file) {
            crate::report::Format::Text => TestFormat::Text,
            _ => TestFormat::Json,
        });
    let text = output::render(format, &results, crate::report::use_color(to_file));
    crate::report::emit(&text, args.output.as_deref()).map_err(|e| match &args.output {
        Some(p) => anyhow::anyhow!("--output {}: {e}", p.display()),
        None => anyhow::anyhow!("cannot write to stdout: {e}"),
    })?;
    Ok(if Summary::of(&results).ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A started client, or why start-up failed. Start-up is bounded by `config.timeout`
/// (`--startup-timeout`): the VM's own deadline, and the watchdog for a start-up stuck
/// where no check reaches (it prints the records so far on stderr and exits with 1). The
/// deadline is then lifted: each spec file's child is bounded by the parent.
fn started(config: SimConfig, bless: bool) -> anyhow::Result<Simulator> {
    let timeout = config.timeout;
    let mut sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    let print = |records: &[wowsim_core::ErrorRecord]| {
        eprintln!("wow-sim test: start-up did not finish within --startup-timeout");
        crate::screenshot::print_errors(records);
    };
    let watchdog = crate::watchdog::guard(timeout, sim.share_records(), Box::new(print));
    let result = sim.start();
    drop(watchdog);
    if let Some(reason) = sim.stopped() {
        crate::screenshot::print_errors(&sim.errors());
        // The stop's text names `--timeout`, the flag of the other commands.
        let bound = match timeout {
            Some(t) if reason.contains("timed out") => {
                format!(" (--startup-timeout {} s)", t.as_secs_f64())
            }
            _ => String::new(),
        };
        anyhow::bail!("start-up was stopped{bound}: {reason}");
    }
    result.map_err(|e| anyhow::anyhow!("start-up: {e}"))?;
    sim.clear_timeout().map_err(|e| anyhow::anyhow!("{e}"))?;
    pictures::install(&sim, bless);
    Ok(sim)
}

/// Start-up's error records as a result of their own, so they are not hidden by passing tests.
fn startup_result(sim: &Simulator) -> Option<SpecFileResult> {
    let records = sim.errors();
    if records.is_empty() {
        return None;
    }
    Some(SpecFileResult {
        file: "(start-up)".into(),
        load_error: None,
        tests: vec![TestResult {
            name: "start-up raised no Lua errors".into(),
            defined_at: None,
            status: TestStatus::Error,
            message: Some(format!("{} Lua error(s) during start-up", records.len())),
            failed_at: None,
            records,
        }],
    })
}

fn run_one(sim: &mut Simulator, spec: &SpecFile, args: &TestArgs) -> SpecFileResult {
    let helper = args.helper.as_ref().or(spec.helper.as_ref());
    let helper_shown = helper.map(|h| h.display().to_string());
    let opts = SpecOptions {
        addon: spec.addon.as_deref(),
        filter: args.filter.as_deref(),
        helper: helper
            .zip(helper_shown.as_deref())
            .map(|(p, s)| (p.as_path(), s)),
    };
    match sim.run_spec_file_with(&spec.path, &spec.shown, &opts) {
        Ok(r) => r,
        Err(e) => SpecFileResult {
            file: spec.shown.clone(),
            load_error: Some(e.to_string()),
            tests: Vec::new(),
        },
    }
}

#[cfg(unix)]
fn run_all(
    config: SimConfig,
    specs: &[SpecFile],
    args: &TestArgs,
    limit: Duration,
) -> anyhow::Result<Vec<SpecFileResult>> {
    let mut sim = started(config, args.bless)?;
    let mut results: Vec<SpecFileResult> = startup_result(&sim).into_iter().collect();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut running = std::collections::VecDeque::new();
    let finish = |(spec, child): (&SpecFile, std::io::Result<fork::Child>)| {
        let outcome = child
            .map_err(|e| format!("cannot start a process for the spec file: {e}"))
            .and_then(|c| c.finish(limit))
            .and_then(|bytes| {
                serde_json::from_slice::<SpecFileResult>(&bytes)
                    .map_err(|e| format!("the spec file's process sent no result ({e})"))
            });
        outcome.unwrap_or_else(|e| SpecFileResult {
            file: spec.shown.clone(),
            load_error: Some(e),
            tests: Vec::new(),
        })
    };
    for spec in specs {
        if running.len() >= jobs {
            results.push(finish(running.pop_front().expect("running")));
        }
        let child = fork::spawn(|| {
            let r = run_one(&mut sim, spec, args);
            serde_json::to_vec(&r).unwrap_or_default()
        });
        running.push_back((spec, child));
    }
    results.extend(running.into_iter().map(finish));
    Ok(results)
}

#[cfg(not(unix))]
fn run_all(
    config: SimConfig,
    specs: &[SpecFile],
    args: &TestArgs,
    _limit: Duration,
) -> anyhow::Result<Vec<SpecFileResult>> {
    // No fork: a fresh client per file keeps files isolated, at the cost of start-up each.
    let mut results = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let mut sim = started(config.clone(), args.bless)?;
        if i == 0 {
            results.extend(startup_result(&sim));
        }
        results.push(run_one(&mut sim, spec, args));
    }
    Ok(results)
}
