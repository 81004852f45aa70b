//! Limits on what Lua may consume: an instruction budget per host entry ("script ran too
//! long", as the client says), a wall-clock deadline for the whole run and a memory cap.
//! The host wraps every call into Lua in [`host_entry`]; the outermost entry resets the budget.
//! What happens after a stop (printing, exit codes) is the front end's business.

use mlua::Lua;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Instructions between two calls of the count hook. The budget is counted in these steps,
/// so a budget is exact to within one step.
pub(crate) const HOOK_STEP: u32 = 10_000;

/// Default instructions per host entry in combat: about 1 s of tight Lua on the 2-core VM this
/// was measured on (docs/fuzzing.md); the client's own limit is a time, not a count.
pub const DEFAULT_SCRIPT_BUDGET: u64 = 400_000_000;

/// Out of combat the client sets no limit on a script's time (it hangs while the script runs:
/// players and authors see "script ran too long" only in combat, e.g. a log-in's long work that
/// fails only after a `/reload` in combat). wow-sim still ends every run, so out of combat it
/// stops a script at this many times the budget (the client would have hung that long or for
/// ever), with the same message.
pub(crate) const OUT_OF_COMBAT_FACTOR: u64 = 10;

/// The client's message for a script that exceeded its time (position prefix added).
pub(crate) const TOO_LONG: &str = "script ran too long";

/// Lua's message for an allocation that failed; the hook raises it when the cap is passed.
pub(crate) const MEMORY_ERROR: &str = "not enough memory";

/// Hook steps that wow-sim's own chunks may run on after the budget ran out or the run was
/// stopped, to record the error and return to the host (100,000 instructions: the error
/// trampoline needs a few hundred). Past them they are stopped as addon code is, so that a
/// loop in wow-sim's own Lua (or an addon's code it calls back) cannot escape the budget.
pub(crate) const GRACE_STEPS: u32 = 10;

/// Why the run was stopped before its end.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// `--timeout` seconds of wall-clock time passed.
    Timeout(Duration),
    /// Lua's memory use reached the cap (bytes).
    Memory(usize),
    /// Lua's memory and what the host holds for addon code outside it (UI objects, their
    /// string fields, event registrations, timers, error records, printed and message-frame lines:
    /// [`host_bytes`]) reached the cap together (bytes).
    Objects(usize),
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
            Stop::Objects(b) => write!(
                f,
                "not enough memory: Lua and what it made wow-sim keep outside Lua (UI objects, \
                 their fields, event registrations, timers, error records, printed and \
                 message-frame lines) used the limit of {} MB (--memory-limit); the run was \
                 stopped",
                b / (1024 * 1024)
            ),
        }
    }
}

/// The shared state of the hook and the host entries (also stored as VM app data).
#[derive(Debug)]
pub struct Budget {
    /// Instructions allowed per outermost host entry in combat; 0 = unlimited.
    pub limit: Cell<u64>,
    /// Whether the character is in combat (the client's limit applies only then).
    in_combat: Cell<bool>,
    used: Cell<u64>,
    /// Instructions run in the whole session, in hook steps (the precise clock reads it).
    total: Cell<u64>,
    depth: Cell<u32>,
    exceeded: Cell<bool>,
    /// Hook steps wow-sim's own chunks ran since `exceeded` was set.
    grace_used: Cell<u32>,
    start: Cell<Instant>,
    timeout: Cell<Option<Duration>>,
    memory_limit: Cell<usize>,
    /// Bytes the host holds for addon code outside Lua's heap, counted against the cap with it
    /// (the UI model adds and removes its share: [`host_bytes`]).
    host: Rc<Cell<usize>>,
    stop: RefCell<Option<Stop>>,
}

impl Budget {
    fn new() -> Budget {
        Budget {
            limit: Cell::new(DEFAULT_SCRIPT_BUDGET),
            in_combat: Cell::new(false),
            used: Cell::new(0),
            total: Cell::new(0),
            depth: Cell::new(0),
            exceeded: Cell::new(false),
            grace_used: Cell::new(0),
            start: Cell::new(Instant::now()),
            timeout: Cell::new(None),
            memory_limit: Cell::new(0),
            host: Rc::new(Cell::new(0)),
            stop: RefCell::new(None),
        }
    }

    /// The instructions an outermost host entry may run now: the budget in combat, the hang
    /// bound ([`OUT_OF_COMBAT_FACTOR`] times it) out of combat; 0 = unlimited.
    fn current_limit(&self) -> u64 {
        let limit = self.limit.get();
        if self.in_combat.get() {
            limit
        } else {
            limit.saturating_mul(OUT_OF_COMBAT_FACTOR)
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
    pub(crate) fn check_deadline(&self) -> bool {
        if let Some(t) = self.timeout.get() {
            if self.start.get().elapsed() >= t {
                self.set_stop(Stop::Timeout(t));
                return true;
            }
        }
        self.stop.borrow().is_some()
    }

    /// Whether Lua's `memory` (bytes) with what the host holds for addon code outside it
    /// passed the cap; records the memory stop when it has.
    pub(crate) fn check_memory(&self, memory: usize) -> bool {
        let limit = self.memory_limit.get();
        if limit == 0 {
            return false;
        }
        if memory > limit {
            self.set_stop(Stop::Memory(limit));
            return true;
        }
        if memory.saturating_add(self.host.get()) > limit {
            self.set_stop(Stop::Objects(limit));
            return true;
        }
        false
    }

    /// Whether the run was stopped because memory passed the cap.
    pub(crate) fn memory_stopped(&self) -> bool {
        matches!(
            *self.stop.borrow(),
            Some(Stop::Memory(_) | Stop::Objects(_))
        )
    }

    /// While the budget is spent (or the run stopped) inside a host entry: the message that a
    /// `pcall`, `xpcall` or `coroutine.resume` started then raises at once (the bootstrap), so
    /// that `while true do pcall(busy) end` ends, and whether it takes the position of that
    /// call (`file:line: `), as the hook's raise takes the running line: "script ran too long"
    /// and the timeout do; Lua's memory error has none. The position is that call's, not the
    /// first raise's: a record then names the line that went on after the budget was spent.
    pub(crate) fn too_long(&self) -> Option<(String, bool)> {
        if !self.exceeded.get() {
            return None;
        }
        Some(match self.stopped() {
            Some(s @ Stop::Timeout(_)) => (s.to_string(), true),
            Some(Stop::Memory(_) | Stop::Objects(_)) => (MEMORY_ERROR.to_string(), false),
            None => (TOO_LONG.to_string(), true),
        })
    }

    /// Called when Lua reported a memory error: the run stops.
    pub(crate) fn note_memory_error(&self) {
        if self.memory_limit.get() > 0 {
            self.set_stop(Stop::Memory(self.memory_limit.get()));
        }
    }
}

/// The budget handle kept in the VM's app data.
#[derive(Clone)]
pub(crate) struct BudgetHandle(pub Rc<Budget>);

/// Registry key of the leaked `Budget` pointer the raw hook reads.
const REGISTRY_KEY: &std::ffi::CStr = c"wowsim.budget";

/// Registry key of the table whose `[1]` is true while the budget is spent (`Budget::exceeded`),
/// which the bootstrap's protected calls read without calling into the host.
const SPENT_KEY: &std::ffi::CStr = c"wowsim.budgetspent";

/// The table `{ [1] = spent }` (made once; `[1]` is in its array part, so the hook sets it
/// without allocating).
pub(crate) fn spent_flag(lua: &Lua) -> mlua::Result<mlua::Table> {
    let key = SPENT_KEY.to_str().unwrap_or_default();
    if let Ok(t) = lua.named_registry_value::<mlua::Table>(key) {
        return Ok(t);
    }
    let t = lua.create_sequence_from([false])?;
    lua.set_named_registry_value(key, t.clone())?;
    Ok(t)
}

/// Clears the spent flag (a host entry ended).
fn clear_spent(lua: &Lua) -> mlua::Result<()> {
    spent_flag(lua)?.raw_set(1, false)
}

/// Installs the count hook with the default budget. Coroutines inherit it (Lua 5.1 copies a
/// thread's hook into the threads it creates), so it covers them as a global hook would.
///
/// The hook is a raw C hook, not mlua's `set_global_hook`: an error returned from an mlua hook
/// is raised by mlua's callback machinery, which treats the running Lua function's registers
/// as its own C stack and overwrites the first of them. Open upvalues of that function then
/// close over the wrong value (found by `tests/limits.rs`). Raising from a raw hook is what
/// the standalone `lua` does for Ctrl-C: push the message above the registers, `lua_error`.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let b = Rc::new(Budget::new());
    // One leaked reference per VM keeps the pointer valid even while `lua_close` runs
    // finalizers after the app data is gone.
    let ptr = Rc::into_raw(b.clone()) as *mut std::ffi::c_void;
    raw_hook::set(lua, ptr)?;
    lua.set_app_data(BudgetHandle(b));
    Ok(())
}

/// What the hook does each `HOOK_STEP` instructions, with the bytes Lua holds now;
/// `Some(message)` raises it. Every instruction counts, wow-sim's own chunks' too.
fn on_step(b: &Budget, memory: usize, source: &str, short_src: &str, line: i32) -> Option<String> {
    let used = b.used.get() + u64::from(HOOK_STEP);
    b.used.set(used);
    b.total.set(b.total.get() + u64::from(HOOK_STEP));
    if !b.exceeded.get() {
        let limit = b.current_limit();
        let over = limit != 0 && used > limit;
        if !over && !b.check_memory(memory) && !b.check_deadline() {
            return None;
        }
        b.exceeded.set(true);
        b.grace_used.set(0);
    } else {
        // The deadline still counts while the budget is spent.
        b.check_deadline();
    }
    // Exceeded: raise in addon code until control is back in the host, so that a `pcall` in
    // the script cannot swallow it. wow-sim's own chunks run on for a few steps, so that the
    // error is recorded and the dispatcher returns; then they are raised too.
    if crate::sandbox::is_internal_source(source.as_bytes()) {
        let g = b.grace_used.get() + 1;
        b.grace_used.set(g);
        if g <= GRACE_STEPS {
            return None;
        }
    }
    let file = source.strip_prefix('@').unwrap_or(short_src);
    let pos = if line > 0 && !file.is_empty() {
        format!("{file}:{line}: ")
    } else {
        String::new()
    };
    Some(match b.too_long() {
        Some((text, true)) => format!("{pos}{text}"),
        // Lua's own text for a failed allocation, without a position, as Lua raises it.
        Some((text, false)) => text,
        None => format!("{pos}{TOO_LONG}"),
    })
}

/// Unsafe code: installing and running the raw count hook; the memory cap of large requests.
#[allow(unsafe_code)]
mod raw_hook {
    use super::{on_step, Budget, HOOK_STEP, REGISTRY_KEY, SPENT_KEY};
    use mlua::ffi;
    use std::ffi::{c_void, CStr};

    extern "C-unwind" {
        /// `c/lbudget.c` of wowsim-lua-sys: the cap Lua's allocation routine holds for large
        /// requests (0: none).
        fn wowsim_setmemcap(state: *mut ffi::lua_State, cap: usize);
    }

    /// Makes Lua's allocation routine refuse a growth of 1 MiB or more (`WOWSIM_LARGE_REQUEST`
    /// of `c/lbudget.h`) that would take its heap past `cap` bytes (0: no cap): Lua raises its
    /// own "not enough memory" where the code asked for it (a `string.rep`, a concatenation, a
    /// `table.concat`, a buffer of `string.format` or `gsub`). Smaller requests are left to
    /// the hook (each `HOOK_STEP` instructions) and host entries, which stop the run past the
    /// cap: mlua creates the host's own strings and tables without a protected call, where a
    /// failed allocation would end the process, and those are small.
    pub(super) fn set_memory_cap(lua: &mlua::Lua, cap: usize) -> mlua::Result<()> {
        // SAFETY: runs protected on the main state; sets one field of its global state.
        unsafe { lua.exec_raw::<()>((), |state| wowsim_setmemcap(state, cap)) }
    }

    pub(super) fn set(lua: &mlua::Lua, budget: *mut c_void) -> mlua::Result<()> {
        // SAFETY: runs protected on the main state; pushes one value and stores it.
        unsafe {
            lua.exec_raw::<()>((), |state| {
                ffi::lua_pushlightuserdata(state, budget);
                ffi::lua_setfield(state, ffi::LUA_REGISTRYINDEX, REGISTRY_KEY.as_ptr());
                ffi::lua_sethook(state, Some(hook), ffi::LUA_MASKCOUNT, HOOK_STEP as i32);
            })
        }
    }

    /// Starts the count of the running (main) state afresh: the hook then fires
    /// `HOOK_STEP` instructions from here, whatever ran before.
    pub(super) fn restart_count(lua: &mlua::Lua) -> mlua::Result<()> {
        // SAFETY: runs protected on the main state; only sets the hook again (as `set` does).
        unsafe {
            lua.exec_raw::<()>((), |state| {
                ffi::lua_sethook(state, Some(hook), ffi::LUA_MASKCOUNT, HOOK_STEP as i32);
            })
        }
    }

    fn text(p: *const std::ffi::c_char) -> String {
        if p.is_null() {
            return String::new();
        }
        // SAFETY: Lua's debug strings are NUL-terminated and live while the hook runs.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    /// Returns the message to raise, with every Rust value dropped before `lua_error`.
    ///
    /// SAFETY: called from `hook` with its arguments.
    unsafe fn decide(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) -> Option<Vec<u8>> {
        ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, REGISTRY_KEY.as_ptr());
        let ptr = ffi::lua_touserdata(state, -1) as *const Budget;
        ffi::lua_settop(state, -2);
        if ptr.is_null() {
            return None;
        }
        let budget = &*ptr;
        ffi::lua_getinfo(state, c"Sl".as_ptr(), ar);
        let source = text((*ar).source);
        let short = text((*ar).short_src.as_ptr());
        let kb = ffi::lua_gc(state, ffi::LUA_GCCOUNT, 0);
        let rest = ffi::lua_gc(state, ffi::LUA_GCCOUNTB, 0);
        let memory = usize::try_from(kb).unwrap_or(0) * 1024 + usize::try_from(rest).unwrap_or(0);
        let was = budget.exceeded.get();
        let msg = on_step(budget, memory, &source, &short, (*ar).currentline);
        if !was && budget.exceeded.get() {
            // `[1]` of the spent table (array part: no allocation, nothing raised).
            ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, SPENT_KEY.as_ptr());
            if ffi::lua_type(state, -1) == ffi::LUA_TTABLE {
                ffi::lua_pushboolean(state, 1);
                ffi::lua_rawseti(state, -2, 1);
            }
            ffi::lua_settop(state, -2);
        }
        msg.map(String::into_bytes)
    }

    unsafe extern "C-unwind" fn hook(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) {
        let Some(msg) = decide(state, ar) else { return };
        ffi::lua_pushlstring(state, msg.as_ptr().cast(), msg.len());
        drop(msg);
        // Nothing with a destructor is alive here: the jump skips no Rust cleanup.
        ffi::lua_error(state);
    }
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
    // The cap is wow-sim's, not mlua's: with a limit of its own, mlua runs every string and
    // table it creates for the host as a protected call (a C closure and `lua_pcall` each), a
    // fifth of the retail start-up's CPU. Without one its allocator never fails short of the
    // machine's memory, and the hook (each `HOOK_STEP` instructions) and every host entry
    // compare Lua's heap with the cap instead; Lua's allocation routine (patched) refuses one
    // large request past it. mlua's own allocator stays in place: with another one, mlua no
    // longer finds its memory state and pushes every protected call's C functions through a
    // `lua_cpcall` and the registry (three C closures of garbage a call instead of two).
    lua.set_memory_limit(0)?;
    raw_hook::set_memory_cap(lua, memory_limit)?;
    // The hook stays even with nothing to enforce: its count of instructions is the precise
    // clock's work within a frame (`clock::Clock::precise_ms`).
    Ok(())
}

/// Tells the budget whether the character is in combat (the combat state's owner calls it on
/// entering and leaving combat): the client's limit on a script's time applies only then.
pub fn set_in_combat(lua: &Lua, on: bool) {
    if let Some(b) = budget(lua) {
        b.in_combat.set(on);
    }
}

/// Holds the wall-clock deadline off while wow-sim sets the VM up (its own code, which cannot
/// hang): a deadline passing there would fail `Simulator::new` half-way instead of stopping the
/// run with a record. The clock keeps running from `configure`; [`resume_deadline`] puts the
/// deadline back, and the first check after it stops the run if it has passed.
pub fn pause_deadline(lua: &Lua) -> Option<Duration> {
    budget(lua).and_then(|b| b.timeout.take())
}

/// Puts back the deadline [`pause_deadline`] held off.
pub fn resume_deadline(lua: &Lua, timeout: Option<Duration>) {
    if let Some(b) = budget(lua) {
        b.timeout.set(timeout);
    }
}

/// The counter of bytes the host holds for addon code outside Lua's heap (shared: the UI model
/// keeps it up to date), which the memory cap counts with Lua's heap at every check (each
/// hook step and each host entry's end). Without a budget, a counter nobody reads.
pub fn host_bytes(lua: &Lua) -> Rc<Cell<usize>> {
    budget(lua).map_or_else(|| Rc::new(Cell::new(0)), |b| b.host.clone())
}

/// `toolong()` of the bootstrap's protected calls: the message a protected call started while
/// the budget is spent raises, and whether it takes the caller's position (`Budget::too_long`);
/// `nil, false` while it is not spent.
pub(crate) fn spent_message(lua: &Lua) -> (Option<String>, bool) {
    let spent = budget(lua).and_then(|b| b.too_long());
    spent.map_or((None, false), |(m, at)| (Some(m), at))
}

/// The VM's budget, if installed.
pub fn budget(lua: &Lua) -> Option<Rc<Budget>> {
    lua.app_data_ref::<BudgetHandle>().map(|h| h.0.clone())
}

/// Lua instructions run in the session so far, counted in hook steps of [`HOOK_STEP`] (an
/// entry's last partial step is not counted); 0 without a budget.
pub fn instructions(lua: &Lua) -> u64 {
    budget(lua).map_or(0, |b| b.total.get())
}

/// Runs `f` as a host entry into Lua: the outermost entry starts a fresh budget, and when it
/// ends the "ran too long" state is cleared. Returns an error once the run was stopped
/// (timeout, memory), after a full collection so that the VM stays usable. The outermost entry
/// also starts and ends with the entry taint (`taint::run_as`; secure by default).
pub fn host_entry<R>(lua: &Lua, f: impl FnOnce() -> mlua::Result<R>) -> mlua::Result<R> {
    crate::taint::enter(lua);
    let r = budgeted_entry(lua, f);
    crate::taint::leave(lua);
    r
}

fn budgeted_entry<R>(lua: &Lua, f: impl FnOnce() -> mlua::Result<R>) -> mlua::Result<R> {
    let Some(b) = budget(lua) else { return f() };
    if let Some(s) = b.stopped() {
        return Err(mlua::Error::RuntimeError(s.to_string()));
    }
    let depth = b.depth.get();
    if depth == 0 {
        b.used.set(0);
        if b.exceeded.replace(false) {
            clear_spent(lua)?;
        }
        // Each entry counts from the start of a hook step, so where the hook fires in it does
        // not depend on how many instructions earlier entries ran (a script that goes on after
        // a coroutine ran out of budget behaves the same whatever loaded before it).
        raw_hook::restart_count(lua)?;
    }
    b.depth.set(depth + 1);
    let r = f();
    b.depth.set(depth);
    if depth == 0 {
        if b.exceeded.replace(false) {
            clear_spent(lua)?;
        }
        // What the host itself made Lua allocate (strings, tables, compiled chunks) counts too.
        b.check_memory(lua.used_memory());
    }
    match b.stopped() {
        Some(s) => Err(mlua::Error::RuntimeError(s.to_string())),
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
