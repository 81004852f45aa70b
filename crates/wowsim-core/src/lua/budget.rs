//! Limits on what Lua may consume: an instruction budget per host entry ("script ran too
//! long", as the client says), a wall-clock deadline for the whole run and a memory cap.
//! The host wraps every call into Lua in [`host_entry`]; the outermost entry resets the budget.
//! What happens after a stop (printing, exit codes) is the front end's business.

use mlua::{HookTriggers, Lua, VmState};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Instructions between two calls of the count hook. The budget is counted in these steps,
/// so a budget is exact to within one step.
pub const HOOK_STEP: u32 = 10_000;

/// Default instructions per host entry (see BENCHMARKS.md: about 1–2 s of Lua here).
pub const DEFAULT_SCRIPT_BUDGET: u64 = 400_000_000;

/// The client's message for a script that exceeded its time (position prefix added).
pub const TOO_LONG: &str = "script ran too long";

/// Why the run was stopped before its end.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// `--timeout` seconds of wall-clock time passed.
    Timeout(Duration),
    /// Lua's memory use reached the cap (bytes).
    Memory(usize),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Timeout(d) => write!(
                f,
                "wow-sim: the run timed out after {} s (--timeout); it was stopped",
                d.as_secs_f64()
            ),
            Stop::Memory(b) => write!(
                f,
                "not enough memory: Lua used its limit of {} MB (--memory-limit); the run was stopped",
                b / (1024 * 1024)
            ),
        }
    }
}

/// The shared state of the hook and the host entries (also stored as VM app data).
#[derive(Debug)]
pub struct Budget {
    /// Instructions allowed per outermost host entry; 0 = unlimited.
    pub limit: Cell<u64>,
    used: Cell<u64>,
    depth: Cell<u32>,
    exceeded: Cell<bool>,
    start: Cell<Instant>,
    timeout: Cell<Option<Duration>>,
    memory_limit: Cell<usize>,
    stop: RefCell<Option<Stop>>,
}

impl Budget {
    fn new() -> Budget {
        Budget {
            limit: Cell::new(DEFAULT_SCRIPT_BUDGET),
            used: Cell::new(0),
            depth: Cell::new(0),
            exceeded: Cell::new(false),
            start: Cell::new(Instant::now()),
            timeout: Cell::new(None),
            memory_limit: Cell::new(0),
            stop: RefCell::new(None),
        }
    }

    /// Why the run stopped, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stop.borrow().clone()
    }

    fn set_stop(&self, s: Stop) {
        let mut cur = self.stop.borrow_mut();
        if cur.is_none() {
            *cur = Some(s);
        }
    }

    /// Checks the wall clock; records a timeout stop when it has passed.
    pub fn check_deadline(&self) -> bool {
        if let Some(t) = self.timeout.get() {
            if self.start.get().elapsed() >= t {
                self.set_stop(Stop::Timeout(t));
                return true;
            }
        }
        self.stop.borrow().is_some()
    }

    /// Called when Lua reported a memory error: the run stops.
    pub fn note_memory_error(&self) {
        if self.memory_limit.get() > 0 {
            self.set_stop(Stop::Memory(self.memory_limit.get()));
        }
    }
}

/// The budget handle kept in the VM's app data.
#[derive(Clone)]
pub struct BudgetHandle(pub Rc<Budget>);

/// Installs the count hook (global: coroutines inherit it) with the default budget.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let b = Rc::new(Budget::new());
    let state = b.clone();
    let step = u64::from(HOOK_STEP);
    lua.set_global_hook(
        HookTriggers::new().every_nth_instruction(HOOK_STEP),
        move |_, dbg| {
            let b = &*state;
            if !b.exceeded.get() {
                let used = b.used.get() + step;
                b.used.set(used);
                let over = b.limit.get() != 0 && used > b.limit.get();
                if !over && !b.check_deadline() {
                    return Ok(VmState::Continue);
                }
                b.exceeded.set(true);
            }
            // Exceeded: raise in addon code until control is back in the host, so that a
            // `pcall` in the script cannot swallow it. wow-sim's own chunks run on, so that
            // the error is recorded and the dispatcher returns.
            let src = dbg.source();
            let source = src.source.as_deref().unwrap_or("");
            if source.starts_with("=[wow-sim") {
                return Ok(VmState::Continue);
            }
            let file = source
                .strip_prefix('@')
                .map(str::to_string)
                .or_else(|| src.short_src.as_deref().map(str::to_string))
                .unwrap_or_default();
            let pos = match dbg.current_line() {
                Some(l) if !file.is_empty() => format!("{file}:{l}: "),
                _ => String::new(),
            };
            let msg = match b.stopped() {
                Some(s @ Stop::Timeout(_)) => s.to_string(),
                _ => TOO_LONG.to_string(),
            };
            Err(mlua::Error::RuntimeError(format!("{pos}{msg}")))
        },
    )?;
    lua.set_app_data(BudgetHandle(b));
    Ok(())
}

/// Sets the limits of a run: instructions per entry (0 = unlimited), wall-clock time for the
/// whole run (from now), Lua memory in bytes (0 = unlimited).
pub fn configure(
    lua: &Lua,
    script_budget: u64,
    timeout: Option<Duration>,
    memory_limit: usize,
) -> mlua::Result<()> {
    let Some(h) = budget(lua) else { return Ok(()) };
    h.limit.set(script_budget);
    h.timeout.set(timeout);
    h.start.set(Instant::now());
    h.memory_limit.set(memory_limit);
    lua.set_memory_limit(memory_limit)?;
    if script_budget == 0 && timeout.is_none() {
        // Nothing for the hook to enforce: run without it.
        lua.remove_global_hook();
    }
    Ok(())
}

/// The VM's budget, if installed.
pub fn budget(lua: &Lua) -> Option<Rc<Budget>> {
    lua.app_data_ref::<BudgetHandle>().map(|h| h.0.clone())
}

/// Runs `f` as a host entry into Lua: the outermost entry starts a fresh budget, and when it
/// ends the "ran too long" state is cleared. Returns an error once the run was stopped
/// (timeout, memory), after a full collection so that the VM stays usable.
pub fn host_entry<R>(lua: &Lua, f: impl FnOnce() -> mlua::Result<R>) -> mlua::Result<R> {
    let Some(b) = budget(lua) else { return f() };
    if let Some(s) = b.stopped() {
        return Err(mlua::Error::RuntimeError(s.to_string()));
    }
    let depth = b.depth.get();
    if depth == 0 {
        b.used.set(0);
        b.exceeded.set(false);
    }
    b.depth.set(depth + 1);
    let r = f();
    b.depth.set(depth);
    if depth == 0 {
        b.exceeded.set(false);
    }
    match b.stopped() {
        Some(s) => {
            if matches!(s, Stop::Memory(_)) && depth == 0 {
                // Lua 5.1 needs a full collection after a memory error before it runs again.
                let limit = b.memory_limit.get();
                let _ = lua.set_memory_limit(0);
                let _ = lua.gc_collect();
                let _ = lua.set_memory_limit(limit);
            }
            Err(mlua::Error::RuntimeError(s.to_string()))
        }
        None => r,
    }
}

/// Whether the run was stopped (checked by loops in the host between entries).
pub fn check_stop(lua: &Lua) -> mlua::Result<()> {
    match budget(lua) {
        Some(b) if b.check_deadline() => Err(mlua::Error::RuntimeError(
            b.stopped().map(|s| s.to_string()).unwrap_or_default(),
        )),
        _ => Ok(()),
    }
}
