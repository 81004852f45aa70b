//! Specs inside the simulated client (`wow-sim test`'s engine): a spec file written against
//! busted's API (`busted.lua`) runs after start-up with the addons loaded; each test runs in
//! its own host entry (its own instruction budget), and `wowsim.Advance(seconds)` runs frames
//! at top level between the test's steps. Error records raised while a test runs (an event
//! handler it triggered) fail the test. The front end (`wow-sim test`) finds files, isolates
//! them and prints; this module runs one file in a started `Simulator`.

pub(crate) mod helpers;
pub mod screenshot;

use crate::simulator::{tick_vm, Simulator};
use crate::SimError;
use mlua::thread::ThreadStatus;
use mlua::{Function, Lua, MultiValue, Table, Value};
use serde::{Deserialize, Serialize};
use std::path::Path;
use wowsim_lua::budget::host_entry;
use wowsim_lua::errors::{restore_phase, set_phase, ErrorRecord, ErrorState};

/// How a test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TestStatus {
    Pass,
    /// An assertion failed.
    Fail,
    /// A Lua error in the test, its hooks, or in handlers it triggered (error records).
    Error,
    /// `pending(...)` or an `it` without a body.
    Pending,
}

/// One test's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    /// The names of its `describe` blocks and its own, joined by spaces.
    pub name: String,
    /// Where the `it` is (`file:line`).
    pub defined_at: Option<String>,
    pub status: TestStatus,
    /// The failure or error message, or the pending reason.
    pub message: Option<String>,
    /// Where the failing assertion is (`file:line`), when known.
    pub failed_at: Option<String>,
    /// Error records raised while it ran.
    pub records: Vec<ErrorRecord>,
}

/// One spec file's outcome.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpecFileResult {
    /// The file as shown to the user.
    pub file: String,
    /// Why the file could not run (unreadable, syntax error, an error at its top level).
    pub load_error: Option<String>,
    pub tests: Vec<TestResult>,
}

/// How to run a spec file.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpecOptions<'a> {
    /// The addon (folder name) whose `...` the file gets.
    pub addon: Option<&'a str>,
    /// A Lua pattern over full test names.
    pub filter: Option<&'a str>,
    /// A helper file run first in the same environment: (path, name shown).
    pub helper: Option<(&'a Path, &'a str)>,
}

/// Runs a helper file in `env` (errors are returned, not recorded).
fn run_helper(
    lua: &Lua,
    path: &Path,
    shown: &str,
    env: &Table,
    addon: Option<&str>,
) -> Result<(), String> {
    let src = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    if is_binary(&src) {
        return Err("binary chunks are not loaded".into());
    }
    let f = lua
        .load(&src[..])
        .set_name(format!("@{shown}"))
        .set_environment(env.clone())
        .into_function()
        .map_err(|e| wowsim_lua::host_error_message(&e))?;
    let mut args = Vec::new();
    if let Some(name) = addon {
        let to_err = |e: mlua::Error| wowsim_lua::host_error_message(&e);
        args.push(Value::String(lua.create_string(name).map_err(to_err)?));
        args.push(Value::Table(
            crate::addons::addon_table(lua, name).map_err(to_err)?,
        ));
    }
    host_entry(lua, || f.call::<()>(MultiValue::from_iter(args)))
        .map_err(|e| wowsim_lua::host_error_message(&e))
}

impl Simulator {
    /// Where the spec of `addon` may load files from: its folder first, the run's addon
    /// folders as a whole.
    fn spec_files(&self, addon: Option<&str>) -> helpers::SpecFiles {
        let base = addon.and_then(|name| {
            let set = self.lua.app_data_ref::<crate::addons::AddonSet>()?;
            let i = set.find(name)?;
            std::fs::canonicalize(&set.addons[i].info.dir).ok()
        });
        let roots = self
            .config
            .addon_dirs
            .iter()
            .filter_map(|d| std::fs::canonicalize(d).ok())
            .collect();
        helpers::SpecFiles { base, roots }
    }
}

/// The runner of a VM (`busted.lua`'s table), made once.
struct Runner(Table);

/// Frames run per second of virtual time by `wowsim.Advance`, as `Simulator::run_for`.
const FRAMES_PER_SECOND: f64 = 60.0;

fn runner(lua: &Lua) -> mlua::Result<Table> {
    if let Some(r) = lua.app_data_ref::<Runner>() {
        return Ok(r.0.clone());
    }
    let host = lua.create_table()?;
    host.raw_set(
        "caller",
        lua.create_function(|lua, ()| Ok(spec_caller(lua)))?,
    )?;
    host.raw_set("loadfile", lua.create_function(helpers::spec_loadfile)?)?;
    let t: Table = lua
        .load(include_str!("busted.lua"))
        .set_name("=[wow-sim spec]")
        .call(host.clone())?;
    t.raw_set("host", host)?;
    helpers::install(lua)?;
    lua.set_app_data(Runner(t.clone()));
    Ok(t)
}

/// `file:line` of the innermost Lua frame that is not wow-sim's own (the spec's line).
fn spec_caller(lua: &Lua) -> Option<String> {
    (1..64).find_map(|level| {
        lua.inspect_stack(level, |d| {
            let src = d.source();
            let source = src.source.as_deref()?;
            let file = source.strip_prefix('@')?;
            Some(format!("{file}:{}", d.current_line()?))
        })
        .flatten()
    })
}

/// A binary chunk is refused as the client refuses it, whatever path it comes by.
fn is_binary(src: &[u8]) -> bool {
    let body = src.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(src);
    body.first() == Some(&0x1B)
}

impl Simulator {
    /// Runs the spec file at `path` (shown to the user as `shown`) in this started client.
    /// `filter` is a Lua pattern over full test names. Tests run in the order they are
    /// defined; the file shares one client state, as busted's tests share one Lua state.
    ///
    /// A spec of an addon (`addon` = its folder name) gets what the addon's files get as `...`:
    /// the name and the addon's private table, so it can reach the addon's locals it exports.
    pub fn run_spec_file(
        &mut self,
        path: &Path,
        shown: &str,
        addon: Option<&str>,
        filter: Option<&str>,
    ) -> Result<SpecFileResult, SimError> {
        self.run_spec_file_with(
            path,
            shown,
            &SpecOptions {
                addon,
                filter,
                helper: None,
            },
        )
    }

    /// [`Simulator::run_spec_file`] with a helper: a file run first in the spec's environment
    /// (busted's `--helper`), e.g. to define the functions a suite's own test set-up had.
    pub fn run_spec_file_with(
        &mut self,
        path: &Path,
        shown: &str,
        opts: &SpecOptions,
    ) -> Result<SpecFileResult, SimError> {
        let (addon, filter) = (opts.addon, opts.filter);
        let lua = &self.lua;
        let mut result = SpecFileResult {
            file: shown.to_string(),
            ..Default::default()
        };
        let src = match std::fs::read(path) {
            Ok(s) => s,
            Err(e) => {
                result.load_error = Some(format!("cannot read {shown}: {e}"));
                return Ok(result);
            }
        };
        if is_binary(&src) {
            result.load_error = Some(format!("{shown}: binary chunks are not loaded"));
            return Ok(result);
        }
        let runner = runner(lua)?;
        set_filter(&runner, filter)?;
        lua.set_app_data(self.spec_files(addon));
        let dir = path.parent().map(|d| d.join("__screenshots__"));
        lua.set_app_data(screenshot::ScreenshotDir(dir));
        let env: Table = runner.get::<Function>("env")?.call(lua.globals())?;
        if let Some((helper, helper_shown)) = opts.helper {
            if let Err(e) = run_helper(lua, helper, helper_shown, &env, addon) {
                result.load_error = Some(format!("helper {helper_shown}: {e}"));
                return Ok(result);
            }
        }
        let chunk = match lua
            .load(&src[..])
            .set_name(format!("@{shown}"))
            .set_environment(env)
            .into_function()
        {
            Ok(f) => f,
            Err(e) => {
                result.load_error = Some(wowsim_lua::host_error_message(&e));
                return Ok(result);
            }
        };
        let collect: Function = runner.get("collect")?;
        let prev = set_phase(lua, &format!("spec:{shown}"));
        let mut args = vec![Value::Function(chunk)];
        if let Some(name) = addon {
            args.push(Value::String(lua.create_string(name)?));
            args.push(Value::Table(crate::addons::addon_table(lua, name)?));
        }
        let (ok, msg, at) =
            drive(lua, &collect, MultiValue::from_iter(args)).and_then(collect_result)?;
        restore_phase(lua, prev);
        if !ok {
            result.load_error = Some(match at {
                Some(at) => format!("{at}: {msg}"),
                None => msg,
            });
            return Ok(result);
        }
        let count: usize = runner.get::<Function>("count")?.call(())?;
        let run: Function = runner.get("run")?;
        for i in 1..=count {
            result.tests.push(run_test(lua, &runner, &run, i)?);
        }
        Ok(result)
    }
}

fn set_filter(runner: &Table, filter: Option<&str>) -> mlua::Result<()> {
    runner.raw_get::<Table>("host")?.raw_set("filter", filter)
}

/// Runs `f(args)` as a coroutine in host entries; each `wowsim.Advance(s)` it yields runs the
/// frames at top level, then the coroutine goes on. Returns what `f` returned.
fn drive(lua: &Lua, f: &Function, args: MultiValue) -> mlua::Result<MultiValue> {
    let thread = lua.create_thread(f.clone())?;
    let mut args = args;
    loop {
        let r: MultiValue = host_entry(lua, || thread.resume(args))?;
        if thread.status() != ThreadStatus::Resumable {
            return Ok(r);
        }
        let seconds = match r.get(1) {
            Some(Value::Number(n)) => *n,
            Some(Value::Integer(n)) => *n as f64,
            _ => 0.0,
        };
        let frames = (seconds * FRAMES_PER_SECOND).round() as u64;
        for _ in 0..frames {
            tick_vm(lua, 1.0 / FRAMES_PER_SECOND)?;
        }
        args = MultiValue::new();
    }
}

fn collect_result(r: MultiValue) -> mlua::Result<(bool, String, Option<String>)> {
    let ok = matches!(r.front(), Some(Value::Boolean(true)));
    let text = |v: Option<&Value>| match v {
        Some(Value::String(s)) => Some(s.to_string_lossy()),
        Some(Value::Integer(n)) => Some(n.to_string()),
        _ => None,
    };
    Ok((ok, text(r.get(1)).unwrap_or_default(), text(r.get(2))))
}

/// Error-record counts now, to find what a test added.
fn record_counts(lua: &Lua) -> Vec<u32> {
    lua.app_data_ref::<ErrorState>()
        .map(|s| s.log.records().iter().map(|r| r.count).collect())
        .unwrap_or_default()
}

fn records_since(lua: &Lua, before: &[u32]) -> Vec<ErrorRecord> {
    let Some(state) = lua.app_data_ref::<ErrorState>() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, r) in state.log.records().iter().enumerate() {
        let old = before.get(i).copied().unwrap_or(0);
        if r.count > old {
            let mut r = r.clone();
            r.count -= old;
            out.push(r);
        }
    }
    out
}

fn run_test(lua: &Lua, runner: &Table, run: &Function, i: usize) -> mlua::Result<TestResult> {
    let tests: Table = runner.get("tests")?;
    let name = tests
        .get::<Table>(i)?
        .get::<mlua::LuaString>("name")?
        .to_string_lossy();
    let before = record_counts(lua);
    let prev = set_phase(lua, "test");
    let r = drive(lua, run, MultiValue::from_iter([Value::Integer(i as i64)]));
    restore_phase(lua, prev);
    let records = records_since(lua, &before);
    let text = |v: Option<&Value>| match v {
        Some(Value::String(s)) => Some(s.to_string_lossy()),
        _ => None,
    };
    let mut result = match r {
        Ok(r) => TestResult {
            name: text(r.front()).unwrap_or_default(),
            defined_at: text(r.get(1)),
            status: match text(r.get(2)).as_deref() {
                Some("pass") => TestStatus::Pass,
                Some("fail") => TestStatus::Fail,
                Some("pending") => TestStatus::Pending,
                _ => TestStatus::Error,
            },
            message: text(r.get(3)),
            failed_at: text(r.get(4)),
            records: Vec::new(),
        },
        // The run was stopped (budget, memory, timeout) while the test ran.
        Err(e) => TestResult {
            name,
            defined_at: None,
            status: TestStatus::Error,
            message: Some(wowsim_lua::host_error_message(&e)),
            failed_at: None,
            records: Vec::new(),
        },
    };
    if !records.is_empty() && result.status == TestStatus::Pass {
        result.status = TestStatus::Error;
        result.message = Some(format!(
            "{} Lua error(s) while the test ran: {}",
            records.len(),
            records[0].message
        ));
    }
    result.records = records;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::is_binary;

    #[test]
    fn binary_chunks_are_recognised_after_a_bom_too() {
        assert!(is_binary(b"\x1bLua\x51"));
        assert!(is_binary(b"\xEF\xBB\xBF\x1bLua"));
        assert!(!is_binary(b"describe('x', function() end)"));
        assert!(!is_binary(b"\xEF\xBB\xBFlocal x = 1"));
    }
}
