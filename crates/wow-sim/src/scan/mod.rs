//! `wow-sim scan DIR`: every addon of an AddOns folder loaded on its own (with the addons its
//! TOC requires, transitively, resolved among DIR's addons as the loader resolves them), per
//! flavour, each in a child process of this binary (`lua-errors --format json`), `--jobs` at a
//! time; then one table (records per addon and flavour, CPU and wall time, peak memory) or JSON.
//!
//! A child sees a folder of its own (`<temp>/wow-sim-scan-<pid>/<flavour>/<addon>/`) holding
//! links to the addon and its dependencies, so its load plan, records and file names are those
//! of a normal run over those addons. Addons that would not load at start-up on their own
//! (load on demand, a missing dependency, another game type) are listed with the loader's
//! reason and not run. What the children print is in `report.rs`; spawning and measuring one
//! in `child.rs`.

mod child;
mod report;

use crate::cli::Cli;
use clap::Args;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Mutex;
use std::time::Duration;
use wowsim_core::Flavor;
use wowsim_toc::{DiscoveredAddon, LoadState, TocContext};

#[derive(Args, Debug)]
pub struct ScanArgs {
    /// The AddOns folder whose addons are loaded one by one.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Child processes at once (default: the number of CPUs).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: Option<u16>,
    /// The flavours to load each addon in, comma-separated (default: `--flavor`, else retail).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = flavor)]
    pub flavors: Vec<Flavor>,
    /// A flavour's Blizzard UI, as FLAVOR=DIR (repeatable); a flavour without one uses
    /// `--blizzard-ui` when it is the only flavour, else what a normal run would use (the
    /// cache of `ui fetch`, else the built-in base).
    #[arg(long = "ui", value_name = "FLAVOR=DIR", value_parser = flavor_ui)]
    pub uis: Vec<(Flavor, PathBuf)>,
    /// Seconds of virtual time each child runs after start-up (`lua-errors --seconds`).
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Wall-clock bound of each child (`lua-errors --timeout`); a child still running a
    /// minute later is killed.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    pub timeout: f64,
    /// `text` (a table, the default) or `json` (one object per addon and flavour, with the
    /// records).
    #[arg(long, value_enum, default_value_t = report::ScanFormat::Text)]
    pub format: report::ScanFormat,
}

fn flavor(s: &str) -> Result<Flavor, String> {
    s.parse::<Flavor>().map_err(|e| e.to_string())
}

fn flavor_ui(s: &str) -> Result<(Flavor, PathBuf), String> {
    let (f, dir) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}' is not FLAVOR=DIR"))?;
    Ok((flavor(f)?, PathBuf::from(dir)))
}

/// One addon in one flavour: what to run, or why it is not run.
#[derive(Clone, Debug)]
pub struct Job {
    pub addon: String,
    pub flavor: Flavor,
    /// The addon's required dependencies found in DIR, transitively, in name order.
    pub deps: Vec<String>,
    /// The loader's reason when the addon would not load at start-up on its own.
    pub skipped: Option<String>,
}

/// A job's outcome.
#[derive(Debug, Default)]
pub struct Outcome {
    pub ended: Option<child::Ended>,
    /// The child's records (`lua-errors` JSON), when it printed them.
    pub records: Vec<serde_json::Value>,
    /// What went wrong with the child itself (could not start, no JSON, killed).
    pub failure: Option<String>,
}

/// Runs the subcommand.
pub fn run(cli: &Cli, args: &ScanArgs) -> anyhow::Result<ExitCode> {
    let flavors = if args.flavors.is_empty() {
        vec![cli.flavor.unwrap_or(Flavor::Retail)]
    } else {
        args.flavors
            .iter()
            .copied()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    };
    if cli.blizzard_ui.is_some() && flavors.len() > 1 {
        anyhow::bail!(
            "--blizzard-ui names one flavour's UI; with several --flavors give each one's as --ui FLAVOR=DIR"
        );
    }
    if !args.dir.is_dir() {
        anyhow::bail!("{}: not a folder", args.dir.display());
    }
    let state = client_state_args(cli)?;
    let ui_of = |f: Flavor| {
        let given = args
            .uis
            .iter()
            .rev()
            .find(|(g, _)| *g == f)
            .map(|(_, d)| d.clone());
        given.or_else(|| cli.blizzard_ui.clone())
    };
    let mut jobs = Vec::new();
    for &f in &flavors {
        jobs.extend(plan(&args.dir, f, ui_of(f).as_deref()));
    }
    let temp = std::env::temp_dir().join(format!("wow-sim-scan-{}", std::process::id()));
    let exe = std::env::current_exe()?;
    let workers = args
        .jobs
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = std::time::Instant::now();
    let outcomes = run_all(&jobs, workers, &|job| {
        let ui = ui_of(job.flavor);
        run_one(cli, args, &state, &exe, &temp, job, ui.as_deref())
    });
    let wall = started.elapsed();
    let _ = std::fs::remove_dir_all(&temp);
    let summary = report::Summary {
        jobs: &jobs,
        outcomes: &outcomes,
        wall,
        workers,
    };
    print!("{}", summary.render(args.format));
    Ok(ExitCode::from(summary.exit_code()))
}

/// The jobs of one flavour: every addon of `dir` that has a TOC for it, in name order.
fn plan(dir: &Path, flavor: Flavor, ui: Option<&Path>) -> Vec<Job> {
    let mut ctx = TocContext::new(flavor);
    ctx.locale = "enUS".into();
    let (user, _) = wowsim_toc::discover_addons(&[(dir.to_path_buf(), false)], &ctx);
    let blizzard = match ui {
        Some(u) => wowsim_toc::discover_addons(&[(u.to_path_buf(), true)], &ctx).0,
        None => Vec::new(),
    };
    user.iter()
        .map(|a| {
            let deps = closure(&user, a);
            let skipped = alone_state(&blizzard, &user, &a.name, &deps);
            Job {
                addon: a.name.clone(),
                flavor,
                deps,
                skipped,
            }
        })
        .collect()
}

/// The required dependencies of `a` among `user`, transitively (names as the folders spell
/// them, sorted; `a` itself excluded). Names found nowhere in `user` are left to the loader.
fn closure(user: &[DiscoveredAddon], a: &DiscoveredAddon) -> Vec<String> {
    let find = |n: &str| user.iter().find(|u| u.name.eq_ignore_ascii_case(n));
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut todo: Vec<&DiscoveredAddon> = vec![a];
    while let Some(cur) = todo.pop() {
        for d in cur.toc.required_deps() {
            if let Some(dep) = find(&d) {
                if dep.name != a.name && seen.insert(dep.name.clone()) {
                    todo.push(dep);
                }
            }
        }
    }
    seen.into_iter().collect()
}

/// The loader's reason when `name` would not load at start-up with only `deps` beside it and
/// the Blizzard UI (`None`: it loads).
fn alone_state(
    blizzard: &[DiscoveredAddon],
    user: &[DiscoveredAddon],
    name: &str,
    deps: &[String],
) -> Option<String> {
    let mut set: Vec<DiscoveredAddon> = blizzard.to_vec();
    set.extend(
        user.iter()
            .filter(|u| u.name == name || deps.contains(&u.name))
            .cloned(),
    );
    let plan = wowsim_toc::plan_load_order(&set, &|n| {
        set.iter()
            .find(|a| a.name == n)
            .is_none_or(|a| a.toc.default_enabled())
    });
    let i = set.iter().position(|a| a.name == name)?;
    match plan.states[i] {
        LoadState::Loadable => None,
        s => Some(
            plan.reasons[i]
                .clone()
                .unwrap_or_else(|| s.as_reason().to_string()),
        ),
    }
}

/// Runs `one` over the jobs that are not skipped, `workers` at a time; outcomes in job order.
fn run_all(jobs: &[Job], workers: usize, one: &(dyn Fn(&Job) -> Outcome + Sync)) -> Vec<Outcome> {
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(jobs.iter().map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..workers.max(1) {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    let i = *n;
                    *n += 1;
                    i
                };
                let Some(job) = jobs.get(i) else { break };
                if job.skipped.is_some() {
                    continue;
                }
                let out = one(job);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(out);
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.into_iter().map(Option::unwrap_or_default).collect()
}

/// The global flags that set the client's state and facts (`--scenario`, `--combat-log`,
/// `--game-data`, `--global-strings`, `--art`), as arguments every child gets: absolute paths,
/// each checked to exist first, so a wrong one stops the scan instead of failing every child.
fn client_state_args(cli: &Cli) -> anyhow::Result<Vec<std::ffi::OsString>> {
    let mut out = Vec::new();
    let files = [
        ("--scenario", cli.scenario.as_ref()),
        ("--combat-log", cli.combat_log.as_ref()),
        ("--game-data", cli.game_data.as_ref()),
        ("--global-strings", cli.global_strings.as_ref()),
    ];
    let art = cli.art.iter().map(|a| ("--art", Some(a)));
    for (flag, path) in files.into_iter().chain(art) {
        let Some(p) = path else { continue };
        anyhow::ensure!(p.exists(), "{flag} {}: no such file or folder", p.display());
        out.push(flag.into());
        out.push(std::path::absolute(p)?.into_os_string());
    }
    Ok(out)
}

/// Lays out the job's folder of links and runs `lua-errors` over it in a child.
fn run_one(
    cli: &Cli,
    args: &ScanArgs,
    state: &[std::ffi::OsString],
    exe: &Path,
    temp: &Path,
    job: &Job,
    ui: Option<&Path>,
) -> Outcome {
    let fail = |what: String| Outcome {
        failure: Some(what),
        ..Outcome::default()
    };
    let folder = temp.join(job.flavor.as_str()).join(safe_name(&job.addon));
    let addons = folder.join("AddOns");
    if let Err(e) = link_addons(&args.dir, &addons, job) {
        return fail(format!("cannot lay out {}: {e}", addons.display()));
    }
    let out_file = folder.join("records.json");
    let err_file = folder.join("stderr.txt");
    let mut cmd = Command::new(exe);
    cmd.args([
        "--no-saved-vars",
        "--flavor",
        job.flavor.as_str(),
        "--locale",
    ])
    .arg(&cli.locale)
    .arg("--addons")
    .arg(&addons);
    match ui {
        Some(u) => {
            cmd.arg("--blizzard-ui").arg(u);
        }
        None if cli.no_blizzard_ui => {
            cmd.arg("--no-blizzard-ui");
        }
        None => {}
    }
    if cli.no_lua_cache {
        cmd.arg("--no-lua-cache");
    }
    cmd.args(state);
    cmd.args(["lua-errors", "--format", "json", "--seconds"])
        .arg(args.seconds.to_string())
        .arg("--timeout")
        .arg(args.timeout.to_string())
        .arg("--output")
        .arg(&out_file)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_EXEC_LUA")
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    match std::fs::File::create(&err_file) {
        Ok(f) => cmd.stderr(f),
        Err(_) => cmd.stderr(Stdio::null()),
    };
    let bound = Duration::from_secs_f64(args.timeout + 60.0);
    let ended = match child::run(&mut cmd, bound) {
        Ok(e) => e,
        Err(e) => return fail(format!("cannot run {}: {e}", exe.display())),
    };
    let mut out = Outcome {
        ended: Some(ended),
        ..Outcome::default()
    };
    match std::fs::read(&out_file).map(|b| serde_json::from_slice::<Vec<serde_json::Value>>(&b)) {
        Ok(Ok(records)) => out.records = records,
        _ => {
            let stderr = std::fs::read_to_string(&err_file).unwrap_or_default();
            let last = stderr.lines().last().unwrap_or("").to_string();
            out.failure = Some(match (ended.killed, ended.code) {
                (true, _) => format!("killed after {:.0} s", bound.as_secs_f64()),
                (false, Some(c)) => format!("exit {c}, no records: {last}"),
                (false, None) => format!("ended by a signal: {last}"),
            });
        }
    }
    out
}

/// A folder name for an addon (addon names are folder names already; this only guards
/// against a separator).
fn safe_name(name: &str) -> String {
    name.replace(['/', '\\'], "_")
}

/// Makes `addons` hold links to the job's addon and its dependencies in `dir`.
fn link_addons(dir: &Path, addons: &Path, job: &Job) -> std::io::Result<()> {
    let _ = std::fs::remove_dir_all(addons);
    std::fs::create_dir_all(addons)?;
    for name in std::iter::once(&job.addon).chain(&job.deps) {
        let target = std::path::absolute(dir.join(name))?;
        link_dir(&target, &addons.join(name))?;
    }
    Ok(())
}

#[cfg(unix)]
fn link_dir(target: &Path, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(windows)]
fn link_dir(target: &Path, link: &Path) -> std::io::Result<()> {
    std::os::windows::fs::symlink_dir(target, link)
}
