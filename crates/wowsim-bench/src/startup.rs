//! The start-up suite: for each input (demo addons, the synthetic large UI, a Blizzard UI
//! folder), N fresh processes run the full `lua-errors` start-up and N run the compile-only
//! lower bound; each child reports its time and its peak RSS. The release `wow-sim` binary is
//! also timed end to end when it sits next to this one.

use crate::bound::{self, Input};
use crate::measure::{
    self, fmt_mib, fmt_time, median, min_max, parse_phases, parse_result, print_result,
};
use anyhow::Context;
use std::collections::BTreeMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use std::time::Instant;
use wowsim_core::{Flavor, SavedVarsConfig, SimConfig, Simulator};

/// Seconds of virtual time `lua-errors` runs after start-up by default.
pub const LUA_ERRORS_SECONDS: f64 = 5.0;

/// A named input for the table.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub input: Input,
}

/// The child side: one full start-up, like `wow-sim lua-errors --seconds S`, phase by phase.
/// Each phase is reported as soon as it ends (see [`measure::print_phase`]).
pub fn child_startup(input: &Input, seconds: f64) -> anyhow::Result<()> {
    let t0 = Instant::now();
    let c0 = measure::cpu_secs().unwrap_or(0.0);
    let mut config = SimConfig::new(Flavor::Retail);
    config.addon_dirs = input.addon_dirs.clone();
    config.blizzard_ui = input.blizzard_ui.clone();
    config.no_addons = input.addon_dirs.is_empty();
    if let Some(wtf) = &input.wtf {
        config.saved_vars = Some(SavedVarsConfig {
            wtf: wtf.clone(),
            account: config.account.clone(),
            realm: config.realm.clone(),
            character: config.character.clone(),
            max_file_bytes: wowsim_core::DEFAULT_MAX_SAVED_FILE,
        });
    }
    let mut last = t0;
    let mut phase = |name: &str| {
        let now = Instant::now();
        measure::print_phase(name, (now - last).as_secs_f64().to_string());
        last = now;
    };
    let mut sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    phase("new");
    sim.start().map_err(lua)?;
    phase("start");
    sim.run_for(seconds).map_err(lua)?;
    phase("run");
    sim.logout().map_err(lua)?;
    phase("logout");
    let errors = sim.errors().len();
    let pending = sim.xml_not_applied();
    let loaded = sim.addon_states().iter().filter(|a| a.1).count();
    drop(sim);
    phase("close");
    let cpu = measure::cpu_secs().unwrap_or(f64::NAN) - c0;
    print_result(&[
        ("secs", t0.elapsed().as_secs_f64().to_string()),
        ("cpu", cpu.to_string()),
        ("errors", errors.to_string()),
        ("xml_pending", pending.to_string()),
        ("loaded", loaded.to_string()),
        ("hwm_kib", measure::peak_rss_kib().unwrap_or(0).to_string()),
    ]);
    Ok(())
}

/// The child side: one compile-only lower bound.
pub fn child_bound(input: &Input) -> anyhow::Result<()> {
    let c0 = measure::cpu_secs().unwrap_or(0.0);
    let r = bound::run(input)?;
    let cpu = measure::cpu_secs().unwrap_or(f64::NAN) - c0;
    print_result(&[
        ("secs", r.elapsed.as_secs_f64().to_string()),
        ("cpu", cpu.to_string()),
        ("lua_files", r.lua_files.to_string()),
        ("lua_bytes", r.lua_bytes.to_string()),
        ("lua_syntax_errors", r.lua_syntax_errors.to_string()),
        ("xml_files", r.xml_files.to_string()),
        ("xml_bytes", r.xml_bytes.to_string()),
        ("inline_scripts", r.inline_scripts.to_string()),
        ("handler_scripts", r.handler_scripts.to_string()),
        ("sv_files", r.sv_files.to_string()),
        ("sv_bytes", r.sv_bytes.to_string()),
        ("hwm_kib", measure::peak_rss_kib().unwrap_or(0).to_string()),
    ]);
    Ok(())
}

fn lua(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("Lua VM: {e}")
}

/// Arguments that hand an input to a child.
fn input_args(input: &Input) -> Vec<String> {
    let mut a = Vec::new();
    for d in &input.addon_dirs {
        a.push("--addons".into());
        a.push(d.display().to_string());
    }
    if let Some(b) = &input.blizzard_ui {
        a.push("--blizzard-ui".into());
        a.push(b.display().to_string());
    }
    if let Some(w) = &input.wtf {
        a.push("--wtf".into());
        a.push(w.display().to_string());
    }
    a
}

/// What a child reported: its RESULT fields, or (when it was killed at the time limit) the
/// phases it finished.
enum Outcome {
    Done(BTreeMap<String, String>),
    TimedOut(BTreeMap<String, String>),
}

/// Runs this binary as a child (`__child <kind> …`), killing it after `limit`.
fn run_child(kind: &str, input: &Input, seconds: f64, limit: Duration) -> anyhow::Result<Outcome> {
    let exe = std::env::current_exe().context("finding wowsim-bench's own path")?;
    let mut child = Command::new(&exe)
        .arg("__child")
        .arg(kind)
        .arg("--seconds")
        .arg(seconds.to_string())
        .args(input_args(input))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("running {}", exe.display()))?;
    let mut stdout = child.stdout.take().context("child stdout")?;
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break Some(st);
        }
        if Instant::now() >= deadline {
            child
                .kill()
                .context("killing a child that ran out of time")?;
            child.wait()?;
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let out = reader.join().unwrap_or_default();
    match status {
        None => Ok(Outcome::TimedOut(parse_phases(&out))),
        Some(st) => {
            anyhow::ensure!(st.success(), "child `{kind}` failed ({st}): {out}");
            let mut fields = parse_phases(&out);
            fields.extend(
                parse_result(&out)
                    .with_context(|| format!("child `{kind}` printed no RESULT line"))?,
            );
            Ok(Outcome::Done(fields))
        }
    }
}

fn done(o: Outcome) -> anyhow::Result<BTreeMap<String, String>> {
    match o {
        Outcome::Done(m) => Ok(m),
        Outcome::TimedOut(_) => anyhow::bail!("a measurement ran out of time"),
    }
}

fn num(m: &BTreeMap<String, String>, k: &str) -> f64 {
    m.get(k).and_then(|v| v.parse().ok()).unwrap_or(f64::NAN)
}

/// The release `wow-sim` next to this binary, if built.
fn wow_sim_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.join("wow-sim");
    p.is_file().then_some(p)
}

/// Times the real binary end to end (`wow-sim … lua-errors`); peak RSS via `/usr/bin/time`.
fn run_wow_sim(bin: &Path, input: &Input, seconds: f64) -> anyhow::Result<(f64, Option<f64>)> {
    let mut args: Vec<String> = Vec::new();
    match &input.wtf {
        Some(w) => {
            args.push("--wtf".into());
            args.push(w.display().to_string());
        }
        None => args.push("--no-saved-vars".into()),
    }
    if input.addon_dirs.is_empty() {
        args.push("--no-addons".into());
    }
    for d in &input.addon_dirs {
        args.push("--addons".into());
        args.push(d.display().to_string());
    }
    if let Some(b) = &input.blizzard_ui {
        args.push("--blizzard-ui".into());
        args.push(b.display().to_string());
    }
    args.push("lua-errors".into());
    args.push("--seconds".into());
    args.push(seconds.to_string());
    let time_bin = Path::new("/usr/bin/time");
    let rss_file = std::env::temp_dir().join(format!("wowsim-bench-rss-{}", std::process::id()));
    let mut cmd = if time_bin.is_file() {
        let mut c = Command::new(time_bin);
        c.arg("-f").arg("%M").arg("-o").arg(&rss_file).arg(bin);
        c
    } else {
        Command::new(bin)
    };
    cmd.args(&args)
        .env_remove("WOW_SIM_ADDONS")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let t = Instant::now();
    let status = cmd
        .status()
        .with_context(|| format!("running {}", bin.display()))?;
    let secs = t.elapsed().as_secs_f64();
    // Exit 1 means "there were Lua errors", which is a normal outcome here.
    anyhow::ensure!(
        matches!(status.code(), Some(0 | 1)),
        "{} {} failed: {status}",
        bin.display(),
        args.join(" ")
    );
    let rss = std::fs::read_to_string(&rss_file)
        .ok()
        .and_then(|s| s.lines().last().and_then(|l| l.trim().parse::<f64>().ok()));
    let _ = std::fs::remove_file(&rss_file);
    Ok((secs, rss))
}

/// How the suite runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Fresh processes per measurement.
    pub runs: usize,
    /// Virtual seconds after start-up (`lua-errors --seconds`).
    pub seconds: f64,
    /// A start-up child still running after this long is killed and reported as hanging.
    pub limit: Duration,
}

fn ms(m: &BTreeMap<String, String>, k: &str) -> String {
    m.get(k)
        .and_then(|v| v.parse::<f64>().ok())
        .map_or_else(|| "—".to_string(), fmt_time)
}

/// Runs the suite and prints a Markdown report.
pub fn run(cases: &[Case], opts: &Options) -> anyhow::Result<()> {
    let bin = wow_sim_binary();
    let runs = opts.runs;
    println!("### Start-up (median of {runs} fresh processes after one warm-up; release build)\n");
    println!("| input | `--seconds` | start-up wall | min–max | start-up CPU | peak RSS | compile-only bound wall | bound CPU | bound peak RSS | start-up / bound (wall, CPU) | `wow-sim` binary wall | binary peak RSS |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut details = Vec::new();
    for case in cases {
        details.push(measure_case(case, opts, bin.as_deref())?);
    }
    println!();
    for d in details {
        println!("{d}");
    }
    println!();
    if bin.is_none() {
        println!("(`wow-sim` was not found next to `wowsim-bench`; build it with `cargo build --release --bin wow-sim` to time the binary too.)\n");
    }
    Ok(())
}

/// The RESULT fields of several children.
type Reports = [BTreeMap<String, String>];

/// Measures one input: prints its row of the table and returns its line of details.
fn measure_case(case: &Case, opts: &Options, bin: Option<&Path>) -> anyhow::Result<String> {
    eprintln!("wowsim-bench: start-up `{}` …", case.name);
    let (seconds, hang_note) = warm_up(case, opts)?;
    let mut st = Vec::new();
    let mut bd = Vec::new();
    for _ in 0..opts.runs {
        st.push(done(run_child(
            "startup",
            &case.input,
            seconds,
            opts.limit,
        )?)?);
        bd.push(done(run_child("bound", &case.input, seconds, opts.limit)?)?);
    }
    let (bin_wall, bin_rss) = match bin {
        Some(b) => time_binary(b, case, seconds, opts.runs)?,
        None => ("not built".to_string(), "n/a".to_string()),
    };
    print_row(case, seconds, &st, &bd, (&bin_wall, &bin_rss));
    Ok(detail_line(case, seconds, &st, &bd, &hang_note))
}

/// Warm-up: page cache, and the first rewrite of SavedVariables in the client's layout. A
/// start-up that does not finish within the limit is measured with `--seconds 0` instead:
/// returns the seconds to measure with and a note saying so (empty when it finished).
fn warm_up(case: &Case, opts: &Options) -> anyhow::Result<(f64, String)> {
    let mut seconds = opts.seconds;
    let mut hang_note = String::new();
    if let Outcome::TimedOut(p) = run_child("startup", &case.input, seconds, opts.limit)? {
        hang_note = format!(
            " **With `--seconds {seconds}` the run did not finish within {} s** (phases done: `new` {}, `start` {}, `run_for` {}); it was killed and the figures below use `--seconds 0` (start-up events only, no ticks).",
            opts.limit.as_secs(),
            ms(&p, "new"),
            ms(&p, "start"),
            ms(&p, "run"),
        );
        eprintln!(
            "wowsim-bench: `{}` hangs with --seconds {seconds}; measuring with --seconds 0",
            case.name
        );
        seconds = 0.0;
        done(run_child("startup", &case.input, seconds, opts.limit)?)?;
    }
    done(run_child("bound", &case.input, seconds, opts.limit)?)?;
    Ok((seconds, hang_note))
}

/// The median wall time and peak RSS of `runs` runs of the `wow-sim` binary, formatted.
fn time_binary(
    bin: &Path,
    case: &Case,
    seconds: f64,
    runs: usize,
) -> anyhow::Result<(String, String)> {
    let mut walls = Vec::new();
    let mut rss = Vec::new();
    for _ in 0..runs {
        let (w, r) = run_wow_sim(bin, &case.input, seconds)?;
        walls.push(w);
        rss.extend(r);
    }
    Ok((
        fmt_time(median(&walls)),
        if rss.is_empty() {
            "n/a".to_string()
        } else {
            fmt_mib(median(&rss))
        },
    ))
}

/// One field of every report, as numbers.
fn col(v: &Reports, k: &str) -> Vec<f64> {
    v.iter().map(|m| num(m, k)).collect()
}

/// A CPU time: schedstat is updated at context switches and scheduler ticks, so below a few
/// ms it reads 0.
fn cpu_time(c: f64) -> String {
    if c >= 0.005 {
        fmt_time(c)
    } else {
        "< 5 ms".to_string()
    }
}

/// Prints the table row of one input: start-up (`st`) and bound (`bd`) reports and the
/// binary's (wall, RSS).
fn print_row(case: &Case, seconds: f64, st: &Reports, bd: &Reports, bin: (&str, &str)) {
    let st_secs = col(st, "secs");
    let (lo, hi) = min_max(&st_secs);
    let st_med = median(&st_secs);
    let st_cpu = median(&col(st, "cpu"));
    let bd_med = median(&col(bd, "secs"));
    let bd_cpu = median(&col(bd, "cpu"));
    let cpu_ratio = if bd_cpu >= 0.005 {
        format!("{:.1}x", st_cpu / bd_cpu)
    } else {
        "—".to_string()
    };
    println!(
        "| {} | {seconds} | {} | {}–{} | {} | {} | {} | {} | {} | {:.1}x, {} | {} | {} |",
        case.name,
        fmt_time(st_med),
        fmt_time(lo),
        fmt_time(hi),
        cpu_time(st_cpu),
        fmt_mib(median(&col(st, "hwm_kib"))),
        fmt_time(bd_med),
        cpu_time(bd_cpu),
        fmt_mib(median(&col(bd, "hwm_kib"))),
        st_med / bd_med,
        cpu_ratio,
        bin.0,
        bin.1,
    );
}

/// The line of details of one input: phase times, counts of the first start-up, the bound's
/// input sizes.
fn detail_line(case: &Case, seconds: f64, st: &Reports, bd: &Reports, hang_note: &str) -> String {
    let phase = |k: &str| fmt_time(median(&col(st, k)));
    let b = &bd[0];
    let s = &st[0];
    let get = |m: &BTreeMap<String, String>, k: &str| m.get(k).cloned().unwrap_or_default();
    format!(
        "- **{}**: wall time by phase (median): `Simulator::new` {}, `start` {}, `run_for({seconds} s)` {}, `logout` {}, VM close {}; \
         {} addons loaded, {} Lua error records, {} XML elements not instantiated yet. \
         Bound input: {} Lua files ({:.1} MiB, {} failed to compile), {} XML files ({:.1} MiB, {} inline `<Script>`s, {} handler bodies), \
         {} SavedVariables files ({:.1} MiB).{hang_note}",
        case.name,
        phase("new"),
        phase("start"),
        phase("run"),
        phase("logout"),
        phase("close"),
        get(s, "loaded"),
        get(s, "errors"),
        get(s, "xml_pending"),
        get(b, "lua_files"),
        num(b, "lua_bytes") / 1048576.0,
        get(b, "lua_syntax_errors"),
        get(b, "xml_files"),
        num(b, "xml_bytes") / 1048576.0,
        get(b, "inline_scripts"),
        get(b, "handler_scripts"),
        get(b, "sv_files"),
        num(b, "sv_bytes") / 1048576.0,
    )
}
