//! The `lua-errors` subcommand: start-up, virtual time, `--exec-lua`, logout; then the error
//! records in the chosen format (`report`) on stdout or in `--output`. Exit code 1 with any
//! record of severity `error` (with `--strict`, with any record at all), else 0. Also the
//! mapping of records to a `Report`: one case per user addon, then the other addons that have
//! records, each with its severity, and each file's path inside its repository for
//! annotations.

use crate::cli::{self, Cli, LuaErrorsArgs};
use crate::report::{self, Case, Finding, Format, Report, Severity};
use crate::{lua_err, print_cache_notes};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use wowsim_core::{ErrorRecord, RecordSeverity, SimConfig, Simulator};

/// Runs the subcommand.
pub fn run(cli: &Cli, mut config: SimConfig, args: &LuaErrorsArgs) -> anyhow::Result<ExitCode> {
    apply_args(&mut config, args);
    let to_file = args.output.is_some();
    let format = args
        .format
        .unwrap_or_else(|| report::default_format(to_file));
    // Where the addons are on disk, for the formats that name files in the repository.
    let folders = (format != Format::Json).then(|| Folders::of(&config));
    let timeout = config.timeout;
    let mut sim = crate::new_simulator(config)?;
    for n in &sim.notes {
        eprintln!("wow-sim: note: {n}");
    }
    // Outside the VM: ends a run stuck where the VM's own deadline checks do not reach.
    let watchdog = match (timeout, sim.share_records()) {
        (Some(t), Some(records)) => {
            let folders = folders.clone();
            let states = sim.addon_states();
            let (output, root) = (args.output.clone(), args.repo_root.clone());
            let print = move |errors: &[ErrorRecord]| {
                let text = render(
                    errors,
                    &states,
                    folders.as_ref(),
                    format,
                    root.as_deref(),
                    to_file,
                );
                let _ = report::emit(&text, output.as_deref());
            };
            Some(crate::watchdog::start(t, records, Box::new(print)))
        }
        _ => None,
    };
    let exec = match &cli.exec_lua {
        Some(code) => Some(cli::exec_lua_source(code)?),
        None => None,
    };
    let mut steps = || -> Result<(), wowsim_core::SimError> {
        sim.start()?;
        sim.run_for(args.seconds)?;
        if let Some((code, name)) = &exec {
            sim.exec_lua(code, name)?;
        }
        Ok(())
    };
    let result = steps();
    print_cache_notes(&sim);
    end_run(&mut sim, result)?;
    for line in sim.take_taint_log() {
        eprintln!("[taint] {line}");
    }
    // The run is over (logout included): the rest is Rust that ends on its own.
    drop(watchdog);
    print_run_notes(&sim);
    let errors = sim.errors();
    let root = args.repo_root.as_deref();
    let text = render(
        &errors,
        &sim.addon_states(),
        folders.as_ref(),
        format,
        root,
        to_file,
    );
    report::emit(&text, args.output.as_deref()).map_err(|e| match &args.output {
        Some(p) => anyhow::anyhow!("--output {}: {e}", p.display()),
        None => anyhow::anyhow!("cannot write to stdout: {e}"),
    })?;
    // Everything is saved and printed: let the OS reclaim the VM instead of freeing every Lua
    // object one by one (9-16% of a large start-up's wall time in the profiles).
    std::mem::forget(sim);
    // Warnings (what the client only logs) fail the run only with `--strict`.
    let failing = errors
        .iter()
        .any(|r| args.strict || r.severity == RecordSeverity::Error);
    Ok(if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The run's bounds from the subcommand's flags.
pub fn apply_args(config: &mut SimConfig, args: &LuaErrorsArgs) {
    config.timeout = args.timeout.map(std::time::Duration::from_secs_f64);
    config.script_budget = args.script_budget;
    config.memory_limit = args.memory_limit.saturating_mul(1024 * 1024);
}

/// The end of a run: a stopped run (timeout, memory cap) ends with its records and no logout
/// (the addons' state is not trustworthy, so SavedVariables are left as they were); otherwise
/// logout, whose messages go to stderr.
fn end_run(sim: &mut Simulator, result: Result<(), wowsim_core::SimError>) -> anyhow::Result<()> {
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
    Ok(())
}

/// The records in `format` (JSON when there are no folders to name files by).
fn render(
    errors: &[ErrorRecord],
    states: &[(String, bool, Option<String>)],
    folders: Option<&Folders>,
    format: Format,
    root: Option<&Path>,
    to_file: bool,
) -> String {
    let rendered = folders.and_then(|folders| {
        let rep = build_report(errors, states, folders, root);
        report::render(format, &rep, report::use_color(to_file))
    });
    rendered.unwrap_or_else(|| {
        let json = serde_json::to_string_pretty(errors).unwrap_or_else(|e| format!("\"{e}\""));
        format!("{json}\n")
    })
}

/// Chat output, the Blizzard UI's FrameXML.log lines, XML not applied, game data: stderr.
fn print_run_notes(sim: &Simulator) {
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
    if let Some(note) = stub_note(&sim.stub_calls()) {
        eprintln!("wow-sim: note: {note}");
    }
}

/// The run's typed-stub calls as one note: how many functions and methods wow-sim has only as
/// typed stubs were called, and the most called.
fn stub_note(calls: &[(String, u64)]) -> Option<String> {
    if calls.is_empty() {
        return None;
    }
    let total: u64 = calls.iter().map(|c| c.1).sum();
    let top: Vec<String> = calls
        .iter()
        .take(8)
        .map(|(name, n)| format!("{name} x{n}"))
        .collect();
    Some(format!(
        "{} functions and methods wow-sim has only as typed stubs were called ({total} calls; \
         each answers values of its documented types, not the client's): {}{} \
         (`wow-sim api-coverage` lists every stub)",
        calls.len(),
        top.join(", "),
        if calls.len() > top.len() { ", …" } else { "" }
    ))
}

/// Where the user addons of a run live on disk, by name (the first root that has a name
/// wins, as in discovery).
#[derive(Clone)]
pub struct Folders {
    /// Lower-case name → (the addon's folder, the `--addons` root holding it).
    user: Vec<(String, PathBuf, PathBuf)>,
}

impl Folders {
    pub fn of(config: &SimConfig) -> Folders {
        let mut user: Vec<(String, PathBuf, PathBuf)> = Vec::new();
        if !config.no_addons {
            for root in &config.addon_dirs {
                let Ok(rd) = std::fs::read_dir(root) else {
                    continue;
                };
                let mut names: Vec<(String, PathBuf)> = rd
                    .flatten()
                    .filter(|e| e.path().is_dir())
                    .map(|e| (e.file_name().to_string_lossy().to_lowercase(), e.path()))
                    .collect();
                names.sort();
                for (name, dir) in names {
                    if !user.iter().any(|u| u.0 == name) {
                        user.push((name, dir, root.clone()));
                    }
                }
            }
        }
        Folders { user }
    }

    fn user_addon(&self, name: &str) -> Option<&(String, PathBuf, PathBuf)> {
        let lower = name.to_lowercase();
        self.user.iter().find(|u| u.0 == lower)
    }
}

/// `Interface/AddOns/<addon>/<rest>` → the file's real path, for a user addon.
fn real_path(folders: &Folders, file: &str) -> Option<(PathBuf, PathBuf)> {
    let rest = file
        .strip_prefix("Interface/AddOns/")
        .or_else(|| file.strip_prefix("Interface\\AddOns\\"))?;
    let (addon, rel) = rest.split_once(['/', '\\'])?;
    let (_, dir, root) = folders.user_addon(addon)?;
    let path = wowsim_toc::resolve_path_ci(dir, rel).unwrap_or_else(|| dir.join(rel));
    Some((path, root.clone()))
}

/// `path` relative to `base`, `/`-separated, when it is inside.
fn relative(path: &Path, base: &Path) -> Option<String> {
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let rel = canon(path).strip_prefix(canon(base)).ok()?.to_path_buf();
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Some(parts.join("/"))
}

/// The nearest folder above `path` that holds `.git` (a folder, or a file for worktrees and
/// submodules).
fn git_root(path: &Path) -> Option<PathBuf> {
    let start = std::fs::canonicalize(path).ok()?;
    start
        .ancestors()
        .skip(1)
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
}

/// Where an annotation points: relative to `--repo-root` when given (nothing for a file
/// outside it); else to the git repository holding the file; else to the `--addons` folder.
fn repo_path(folders: &Folders, file: &str, repo_root: Option<&Path>) -> Option<String> {
    let (path, addons_root) = real_path(folders, file)?;
    match repo_root {
        Some(root) => relative(&path, root),
        None => match git_root(&path) {
            Some(root) => relative(&path, &root),
            None => relative(&path, &addons_root),
        },
    }
}

fn finding(rec: &ErrorRecord, folders: &Folders, repo_root: Option<&Path>) -> Finding {
    Finding {
        severity: match rec.severity {
            RecordSeverity::Error => Severity::Error,
            RecordSeverity::Warning => Severity::Warning,
        },
        message: rec.message.clone(),
        context: rec.phase.clone(),
        file: rec.file.clone(),
        line: rec.line,
        repo_path: rec
            .file
            .as_deref()
            .and_then(|f| repo_path(folders, f, repo_root)),
        stack: rec.stack.clone(),
        count: rec.count,
    }
}

/// The name of the case for records attributed to no addon (`--exec-lua`, a stopped run).
const NO_ADDON: &str = "(no addon)";

/// One case per user addon (in load order; a not-loaded one is skipped with its reason), then
/// a case for every other addon (Blizzard's) or no addon that has records.
pub fn build_report(
    errors: &[ErrorRecord],
    states: &[(String, bool, Option<String>)],
    folders: &Folders,
    repo_root: Option<&Path>,
) -> Report {
    let mut cases: Vec<Case> = states
        .iter()
        .filter(|(name, _, _)| folders.user_addon(name).is_some())
        .map(|(name, loaded, reason)| Case {
            name: name.clone(),
            skipped: (!loaded).then(|| reason.clone().unwrap_or_else(|| "not loaded".into())),
            findings: Vec::new(),
        })
        .collect();
    for rec in errors {
        let name = rec.addon.as_deref().unwrap_or(NO_ADDON);
        let i = match cases.iter().position(|c| c.name.eq_ignore_ascii_case(name)) {
            Some(i) => i,
            None => {
                cases.push(Case {
                    name: name.to_string(),
                    ..Case::default()
                });
                cases.len() - 1
            }
        };
        cases[i].findings.push(finding(rec, folders, repo_root));
    }
    Report {
        suite: "lua-errors".into(),
        cases,
    }
}
