//! Taint: which addon the running code belongs to, tracked in the VM as the client does (the
//! patch is in `wowsim-lua-sys`; its model is in `c/ltaint.h` there).
//!
//! - The execution's taint is secure (Blizzard's code, wow-sim's own) or an addon's. Every
//!   top-level entry from the host (an event, a script handler, a timer, OnUpdate) starts
//!   secure, except the loading of an addon's own files, which starts with that addon's taint
//!   ([`run_as`]); nested entries (a handler a Lua call makes the host run) keep the caller's.
//! - Closures keep the taint they were created with; table slots the taint of the execution
//!   that wrote them; Lua code that reads a tainted slot or calls a tainted closure from a secure
//!   execution makes it tainted, until the host entry ends ([`Reason`] says how).
//! - Writes to globals that change a slot's taint are kept ([`last_write`]: "written where, by
//!   whom") and, with [`enable_log`], logged as the client's `taintLog` does.
//!
//! This module is the one owner of that state ([`Taint`], VM app data) and holds the unsafe
//! calls into the patch's C functions.
#![allow(unsafe_code)]

use mlua::{ffi, Function, Lua, Table, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::{Cell, RefCell};
use std::ffi::{c_char, c_int, c_void, CStr};
use std::rc::Rc;

extern "C-unwind" {
    fn wowsim_taint_global(state: *mut ffi::lua_State) -> *mut c_void;
    fn wowsim_taint_gget(global: *mut c_void) -> c_int;
    fn wowsim_taint_gset(global: *mut c_void, taint: c_int);
    fn wowsim_taint_ofslot(state: *mut ffi::lua_State, tidx: c_int) -> c_int;
    fn wowsim_taint_setslot(state: *mut ffi::lua_State, tidx: c_int, taint: c_int) -> c_int;
    fn wowsim_taint_offunction(state: *mut ffi::lua_State, idx: c_int) -> c_int;
    fn wowsim_taint_setfunction(state: *mut ffi::lua_State, idx: c_int, taint: c_int);
    fn wowsim_taint_greason(
        global: *mut c_void,
        key: *mut *const c_char,
        src: *mut *const c_char,
        line: *mut c_int,
    ) -> c_int;
    fn wowsim_taint_gsetreason(
        global: *mut c_void,
        kind: c_int,
        key: *const c_char,
        src: *const c_char,
        line: c_int,
    );
    fn wowsim_taint_onwrite(state: *mut ffi::lua_State, f: Option<WriteFn>, ud: *mut c_void);
}

type WriteFn = unsafe extern "C-unwind" fn(
    ud: *mut c_void,
    taint: c_int,
    old: c_int,
    key: *const c_char,
    src: *const c_char,
    line: c_int,
);

/// A taint: secure, or the addon (by its index in [`Taint`]'s names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TaintId(i32);

impl TaintId {
    /// Secure: Blizzard's code and wow-sim's own.
    pub const SECURE: TaintId = TaintId(0);

    pub fn is_secure(self) -> bool {
        self.0 == 0
    }
}

/// The taint `forceinsecure()` gives (the client's name for it).
pub(crate) const FORCED: &str = "*** ForceTaint_Strong ***";

/// How the running execution became tainted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Lua code read `key` (a slot the addon had written) at `source:line`.
    Read {
        key: String,
        source: String,
        line: u32,
    },
    /// Lua code called a function the addon made (defined at `source:line`).
    Call { source: String, line: u32 },
    /// It started tainted: the addon's own file, or `forceinsecure()`.
    Set,
}

/// A write to a global that changed its taint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalWrite {
    pub taint: TaintId,
    pub source: String,
    pub line: u32,
}

/// The VM's taint state (app data; see the module docs).
pub(crate) struct Taint {
    /// The VM's global state (the patch's taint lives there; valid while the VM lives).
    global: *mut c_void,
    /// Addon names by taint (index 0 is secure: unused).
    names: RefCell<Vec<Rc<str>>>,
    ids: RefCell<FxHashMap<Rc<str>, TaintId>>,
    /// Addons whose files run secure (Blizzard's).
    secure: RefCell<FxHashSet<String>>,
    /// Nesting of host entries, and the taint the outermost starts with.
    depth: Cell<u32>,
    entry: Cell<TaintId>,
    /// The taint the next host entry starts with, whatever its depth ([`next_entry_as`]).
    next: Cell<Option<TaintId>>,
    /// The taint (and, when tainted, the reason) of each open host entry's caller.
    saved: RefCell<Vec<(TaintId, Option<RawReason>)>>,
    /// The last taint-changing write of each global.
    writes: RefCell<FxHashMap<String, GlobalWrite>>,
    /// The taint log's level (0: off) and its lines.
    log_level: Cell<u8>,
    log: RefCell<Vec<String>>,
}

fn state(lua: &Lua) -> Option<Rc<Taint>> {
    lua.app_data_ref::<Rc<Taint>>().map(|t| Rc::clone(&t))
}

/// Sets up the VM's taint state (once per VM).
pub fn install(lua: &Lua) -> mlua::Result<()> {
    // SAFETY: reads the global-state pointer off the running thread; it stays valid until the
    // VM closes, after which nothing here runs.
    let global = unsafe {
        lua.exec_raw::<usize>((), |s| {
            ffi::lua_pushinteger(s, wowsim_taint_global(s) as ffi::lua_Integer)
        })?
    };
    let t = Rc::new(Taint {
        global: global as *mut c_void,
        names: RefCell::new(vec![Rc::from("")]),
        ids: RefCell::default(),
        secure: RefCell::default(),
        depth: Cell::new(0),
        next: Cell::new(None),
        saved: RefCell::default(),
        entry: Cell::new(TaintId::SECURE),
        writes: RefCell::default(),
        log_level: Cell::new(0),
        log: RefCell::default(),
    });
    let ud = Rc::as_ptr(&t) as *mut c_void;
    lua.set_app_data(t);
    // SAFETY: `ud` is the app data's `Taint`, alive as long as the VM (app data is dropped with
    // it); the callback only runs inside Lua calls.
    unsafe { lua.exec_raw::<()>((), |s| wowsim_taint_onwrite(s, Some(on_write), ud))? };
    Ok(())
}

/// SAFETY: called by the patch with the `Taint` [`install`] registered and C strings it owns.
unsafe extern "C-unwind" fn on_write(
    ud: *mut c_void,
    taint: c_int,
    old: c_int,
    key: *const c_char,
    src: *const c_char,
    line: c_int,
) {
    let t = &*(ud as *const Taint);
    let key = CStr::from_ptr(key).to_string_lossy().into_owned();
    let source = chunk_file(&CStr::from_ptr(src).to_string_lossy());
    let w = GlobalWrite {
        taint: TaintId(taint),
        source,
        line: line.max(0) as u32,
    };
    if t.log_level.get() >= 1 && taint != 0 {
        let who = t.name(TaintId(taint)).unwrap_or_default();
        let was = if old == 0 {
            String::new()
        } else {
            format!(" (was {})", t.name(TaintId(old)).unwrap_or_default())
        };
        t.log.borrow_mut().push(format!(
            "Global variable {key} tainted by {who}{was} - {}:{}",
            w.source, w.line
        ));
    }
    t.writes.borrow_mut().insert(key, w);
}

/// A chunk name as a file (`@Interface/...` → `Interface/...`).
fn chunk_file(src: &str) -> String {
    src.strip_prefix('@').unwrap_or(src).to_string()
}

impl Taint {
    fn name(&self, id: TaintId) -> Option<String> {
        if id.is_secure() {
            return None;
        }
        self.names
            .borrow()
            .get(id.0 as usize)
            .map(|n| n.to_string())
    }

    fn get(&self) -> TaintId {
        // SAFETY: `global` is the live VM's global state.
        TaintId(unsafe { wowsim_taint_gget(self.global) })
    }

    fn set(&self, id: TaintId) {
        // SAFETY: as in `get`.
        unsafe { wowsim_taint_gset(self.global, id.0) }
    }

    fn intern(&self, name: &str) -> TaintId {
        if let Some(id) = self.ids.borrow().get(name) {
            return *id;
        }
        let mut names = self.names.borrow_mut();
        let id = TaintId(names.len() as i32);
        let name: Rc<str> = Rc::from(name);
        names.push(Rc::clone(&name));
        self.ids.borrow_mut().insert(name, id);
        id
    }
}

/// The taint of `addon`'s code (secure for the addons marked with [`mark_secure`]).
pub fn of_addon(lua: &Lua, addon: &str) -> TaintId {
    match state(lua) {
        Some(t) if !t.secure.borrow().contains(addon) => t.intern(addon),
        _ => TaintId::SECURE,
    }
}

/// Marks `addon`'s files as secure (Blizzard's own addons).
pub fn mark_secure(lua: &Lua, addon: &str) {
    if let Some(t) = state(lua) {
        t.secure.borrow_mut().insert(addon.to_string());
    }
}

/// The addon a taint names (`None`: secure).
pub fn name(lua: &Lua, id: TaintId) -> Option<String> {
    state(lua).and_then(|t| t.name(id))
}

/// The taint of a name (`None`: secure), interned.
pub fn named(lua: &Lua, name: Option<&str>) -> TaintId {
    match (name, state(lua)) {
        (Some(n), Some(t)) => t.intern(n),
        _ => TaintId::SECURE,
    }
}

/// The line the client appends to some errors raised for tainted code (`\nLua Taint: A`);
/// empty for secure code.
pub fn error_suffix(lua: &Lua) -> String {
    match name(lua, current(lua)) {
        Some(n) => format!("\nLua Taint: {n}"),
        None => String::new(),
    }
}

/// The running execution's taint.
pub fn current(lua: &Lua) -> TaintId {
    state(lua).map(|t| t.get()).unwrap_or_default()
}

/// Sets the running execution's taint.
pub fn set(lua: &Lua, id: TaintId) {
    if let Some(t) = state(lua) {
        t.set(id);
    }
}

/// Runs `f` with the execution tainted by `id`, also as the start of a top-level host entry
/// inside it; both are restored after.
pub fn run_as<R>(lua: &Lua, id: TaintId, f: impl FnOnce() -> R) -> R {
    let Some(t) = state(lua) else { return f() };
    let (entry, was, why) = (t.entry.replace(id), t.get(), t.raw_reason());
    t.set(id);
    let r = f();
    t.entry.set(entry);
    t.set(was);
    t.set_raw_reason(&why);
    r
}

/// The next host entry starts with `id`, also when nested (an addon's file loaded by a
/// `LoadAddOn` call from Lua runs with the addon's taint).
pub fn next_entry_as(lua: &Lua, id: TaintId) {
    if let Some(t) = state(lua) {
        t.next.set(Some(id));
    }
}

/// A host entry begins. The outermost starts with the entry taint (secure unless [`run_as`]);
/// a nested one (Lua that a host function runs: `OnAttributeChanged` from `SetAttribute`,
/// `OnShow` from `Show`, an event fired from Lua) starts secure, as the client's C side calls
/// scripts, and [`leave`] gives the caller its taint (and its reason) back.
pub(crate) fn enter(lua: &Lua) {
    if let Some(t) = state(lua) {
        let d = t.depth.get();
        let was = t.get();
        let why = (!was.is_secure()).then(|| t.raw_reason());
        t.saved.borrow_mut().push((was, why));
        let start = t.next.take().unwrap_or(if d == 0 {
            t.entry.get()
        } else {
            TaintId::SECURE
        });
        t.set(start);
        t.depth.set(d + 1);
    }
}

/// A host entry ends: the caller's taint comes back (after the outermost, the host's).
pub(crate) fn leave(lua: &Lua) {
    if let Some(t) = state(lua) {
        t.depth.set(t.depth.get().saturating_sub(1));
        let saved = t.saved.borrow_mut().pop();
        match saved {
            Some((was, why)) => {
                t.set(was);
                if let Some(why) = why {
                    t.set_raw_reason(&why);
                }
            }
            None => t.set(t.entry.get()),
        }
    }
}

/// The taint of slot `t[key]` (raw; secure when absent).
pub fn slot(lua: &Lua, t: &Table, key: Value) -> mlua::Result<TaintId> {
    // SAFETY: the table and key are pushed by mlua; the C function pops the key and reads the
    // table at index 1.
    let n = unsafe {
        lua.exec_raw::<i64>((t, key), |s| {
            let n = wowsim_taint_ofslot(s, 1);
            ffi::lua_settop(s, 0);
            ffi::lua_pushinteger(s, ffi::lua_Integer::from(n));
        })?
    };
    Ok(TaintId(n as i32))
}

/// Sets the taint of the existing slot `t[key]` (nothing when absent).
pub(crate) fn set_slot(lua: &Lua, t: &Table, key: Value, id: TaintId) -> mlua::Result<()> {
    // SAFETY: as in `slot`.
    unsafe {
        lua.exec_raw::<()>((t, key), |s| {
            wowsim_taint_setslot(s, 1, id.0);
        })
    }
}

/// The taint of a Lua function (C functions are secure).
pub fn function(lua: &Lua, f: &Function) -> mlua::Result<TaintId> {
    // SAFETY: reads the closure pushed at index 1.
    let n = unsafe {
        lua.exec_raw::<i64>(f, |s| {
            let n = wowsim_taint_offunction(s, 1);
            ffi::lua_settop(s, 0);
            ffi::lua_pushinteger(s, ffi::lua_Integer::from(n));
        })?
    };
    Ok(TaintId(n as i32))
}

/// Sets the taint of a Lua function.
pub(crate) fn set_function(lua: &Lua, f: &Function, id: TaintId) -> mlua::Result<()> {
    // SAFETY: writes the closure pushed at index 1.
    unsafe { lua.exec_raw::<()>(f, |s| wowsim_taint_setfunction(s, 1, id.0)) }
}

/// The patch's record of why the execution is tainted, as it keeps it.
struct RawReason {
    kind: c_int,
    key: std::ffi::CString,
    src: std::ffi::CString,
    line: c_int,
}

impl Taint {
    fn raw_reason(&self) -> RawReason {
        let (mut key, mut src, mut line) = (std::ptr::null(), std::ptr::null(), 0);
        // SAFETY: `global` is the live VM's global state; the patch returns pointers into its
        // own buffers (NUL-terminated), copied at once.
        unsafe {
            let kind = wowsim_taint_greason(self.global, &mut key, &mut src, &mut line);
            RawReason {
                kind,
                key: CStr::from_ptr(key).to_owned(),
                src: CStr::from_ptr(src).to_owned(),
                line,
            }
        }
    }

    fn set_raw_reason(&self, r: &RawReason) {
        // SAFETY: as in `raw_reason`; the strings are copied into the patch's buffers.
        unsafe {
            wowsim_taint_gsetreason(self.global, r.kind, r.key.as_ptr(), r.src.as_ptr(), r.line)
        }
    }
}

/// Why the running execution is tainted (`None`: it is secure).
pub fn reason(lua: &Lua) -> mlua::Result<Option<Reason>> {
    let Some(t) = state(lua) else { return Ok(None) };
    let r = t.raw_reason();
    let key = r.key.to_string_lossy().into_owned();
    let source = chunk_file(&r.src.to_string_lossy());
    let line = r.line.max(0) as u32;
    Ok(match r.kind {
        1 => Some(Reason::Read { key, source, line }),
        2 => Some(Reason::Call { source, line }),
        3 => Some(Reason::Set),
        _ => None,
    })
}

/// The last write that changed the taint of global `key`.
pub fn last_write(lua: &Lua, key: &str) -> Option<GlobalWrite> {
    state(lua).and_then(|t| t.writes.borrow().get(key).cloned())
}

/// Turns the taint log on at `level` (1: globals tainted; 2: also each execution tainted).
pub fn enable_log(lua: &Lua, level: u8) {
    if let Some(t) = state(lua) {
        t.log_level.set(level);
    }
}

/// The taint log's level (0: off).
pub fn log_level(lua: &Lua) -> u8 {
    state(lua).map(|t| t.log_level.get()).unwrap_or(0)
}

/// Adds a line to the taint log (when it is on).
pub fn log_line(lua: &Lua, line: String) {
    if let Some(t) = state(lua) {
        if t.log_level.get() > 0 {
            t.log.borrow_mut().push(line);
        }
    }
}

/// The taint log's lines so far (emptied).
pub fn take_log(lua: &Lua) -> Vec<String> {
    state(lua)
        .map(|t| std::mem::take(&mut *t.log.borrow_mut()))
        .unwrap_or_default()
}

/// The natives `clientlib.lua` builds the client's secure functions from (`issecure`,
/// `issecurevariable`, `securecall`, `hooksecurefunc`, `forceinsecure`, …): taints as addon
/// names (`nil`: secure), read without tainting the caller.
pub(crate) fn add_natives(lua: &Lua, natives: &Table) -> mlua::Result<()> {
    natives.set(
        "gettaint",
        lua.create_function(|lua, ()| Ok(current(lua).0))?,
    )?;
    natives.set(
        "settaint",
        lua.create_function(|lua, id: i32| {
            set(lua, TaintId(id));
            Ok(())
        })?,
    )?;
    natives.set(
        "taintname",
        lua.create_function(|lua, id: i32| Ok(name(lua, TaintId(id))))?,
    )?;
    natives.set(
        "forcedtaint",
        lua.create_function(|lua, ()| Ok(named(lua, Some(FORCED)).0))?,
    )?;
    natives.set(
        "slottaint",
        lua.create_function(|lua, (t, k): (Table, Value)| Ok(slot(lua, &t, k)?.0))?,
    )?;
    natives.set(
        "setslottaint",
        lua.create_function(|lua, (t, k, id): (Table, Value, i32)| {
            set_slot(lua, &t, k, TaintId(id))
        })?,
    )?;
    natives.set(
        "functaint",
        lua.create_function(|lua, f: Function| Ok(function(lua, &f)?.0))?,
    )?;
    natives.set(
        "setfunctaint",
        lua.create_function(|lua, (f, id): (Function, i32)| set_function(lua, &f, TaintId(id)))?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::host_entry;

    /// Runs `code` as a top-level host entry (as `addon`'s file when given); returns its
    /// results as strings.
    fn run(lua: &Lua, addon: Option<&str>, code: &str) -> Vec<String> {
        let id = addon.map(|a| of_addon(lua, a)).unwrap_or_default();
        let name = format!(
            "@Interface/AddOns/{}/x.lua",
            addon.unwrap_or("Blizzard_Test")
        );
        // Compiled with the addon's taint, as the loader compiles an addon's files: the chunk
        // (and its constants) carry it.
        let out: mlua::MultiValue = run_as(lua, id, || {
            let f = crate::load_text(lua, code.as_bytes(), &name)?;
            host_entry(lua, || f.call(()))
        })
        .unwrap();
        out.iter().map(|v| v.to_string().unwrap()).collect()
    }

    #[test]
    fn reads_calls_and_writes_carry_the_addon() {
        let (lua, _) = crate::new_vm().unwrap();
        mark_secure(&lua, "Blizzard_Test");
        run(
            &lua,
            None,
            "SecureValue = 1; function SecureFn() return issecure() end",
        );
        run(
            &lua,
            Some("A"),
            "AddonValue = 2; function AddonFn() return 1 end; SecureValue = 3",
        );
        // A fresh entry is secure; reading what A wrote or calling its function taints it.
        assert_eq!(run(&lua, None, "return issecure()"), ["true"]);
        assert_eq!(
            run(&lua, None, "local x = AddonValue; return issecure()"),
            ["false"]
        );
        assert_eq!(run(&lua, None, "AddonFn(); return issecure()"), ["false"]);
        assert_eq!(run(&lua, None, "return SecureFn()"), ["true"]);
        // The slot A overwrote is A's now: issecurevariable names it, without tainting.
        assert_eq!(
            run(
                &lua,
                None,
                "local a, b = issecurevariable('SecureValue'); return a, b, issecure()"
            ),
            ["false", "A", "true"]
        );
        assert_eq!(
            run(&lua, None, "return issecurevariable('SecureFn')"),
            ["true", "nil"]
        );
        assert_eq!(
            last_write(&lua, "SecureValue").map(|w| w.taint),
            Some(of_addon(&lua, "A"))
        );
        // The reason of the taint names the key and where it was read.
        let f = crate::load_text(
            &lua,
            b"local x = AddonValue\nreturn issecure()",
            "@Interface/AddOns/Blizzard_Test/y.lua",
        )
        .unwrap();
        let r = host_entry(&lua, || {
            f.call::<bool>(())?;
            reason(&lua)
        });
        assert_eq!(
            r.unwrap(),
            Some(Reason::Read {
                key: "AddonValue".into(),
                source: "Interface/AddOns/Blizzard_Test/y.lua".into(),
                line: 1
            })
        );
    }

    #[test]
    fn secure_calls_and_hooks_restore_the_caller() {
        let (lua, _) = crate::new_vm().unwrap();
        run(&lua, None, "function Target() return 'orig' end");
        run(
            &lua,
            Some("A"),
            "function Insecure() end; hooksecurefunc('Target', function() HookRan = true end)",
        );
        // securecall by name of an insecure function leaves a secure caller secure; reading
        // the global to pass the function itself taints the caller first (as in the client,
        // which is why the name form exists).
        assert_eq!(
            run(&lua, None, "securecall('Insecure'); return issecure()"),
            ["true"]
        );
        assert_eq!(
            run(&lua, None, "securecall(Insecure); return issecure()"),
            ["false"]
        );
        // The hooked function is still secure: calling it runs the hook but keeps the caller's
        // taint, and the slot is still secure.
        assert_eq!(
            run(
                &lua,
                None,
                "local r = Target(); return r, issecure(), issecurevariable('Target')"
            ),
            ["orig", "true", "true", "nil"]
        );
        assert_eq!(run(&lua, None, "return HookRan"), ["true"]);
        // forceinsecure taints; an addon's replacement by assignment taints the slot.
        assert_eq!(
            run(&lua, None, "forceinsecure(); return issecure()"),
            ["false"]
        );
        run(&lua, Some("B"), "Target = function() end");
        assert_eq!(
            run(&lua, None, "return issecurevariable('Target')"),
            ["false", "B"]
        );
        assert_eq!(run(&lua, None, "Target(); return issecure()"), ["false"]);
    }

    #[test]
    fn rawget_next_and_ipairs_read_as_lua_code() {
        let (lua, _) = crate::new_vm().unwrap();
        run(&lua, None, "T = {}");
        run(&lua, Some("A"), "T[1] = 'a'; T.k = 'v'");
        assert_eq!(
            run(&lua, None, "local x = rawget(T, 'k'); return issecure()"),
            ["false"]
        );
        assert_eq!(
            run(&lua, None, "for _ in ipairs(T) do end; return issecure()"),
            ["false"]
        );
        assert_eq!(
            run(&lua, None, "for _ in pairs(T) do end; return issecure()"),
            ["false"]
        );
        assert_eq!(
            run(
                &lua,
                None,
                "local x = rawget(T, 'absent'); return issecure()"
            ),
            ["true"]
        );
    }
}
