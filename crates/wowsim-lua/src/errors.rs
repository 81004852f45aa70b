//! Structured Lua error records: what `lua-errors` prints and the GUI lists.
//!
//! Records are created by the error trampoline (`lua/bootstrap.lua` → `natives.record`) at the point
//! the error is raised, so the stack is the real one. This module only parses and de-duplicates;
//! it knows nothing of Lua.

use serde::{Deserialize, Serialize};

/// How bad a record is: an `error` (a Lua error, a file that could not be loaded) or a
/// `warning` (what the client only writes to FrameXML.log and carries on from, such as an XML
/// schema problem: the element or attribute is skipped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    #[default]
    Error,
    Warning,
}

/// One Lua error as the client would have shown it, plus where and when it happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorRecord {
    /// The message as the client shows it, e.g. `Interface/AddOns/Foo/Foo.lua:3: oops`.
    pub message: String,
    /// The addon the error is attributed to (from the file path), if any.
    pub addon: Option<String>,
    /// The file that raised it (`Interface/AddOns/Foo/Foo.lua`), if known.
    pub file: Option<String>,
    /// The 1-based line in `file`, if known.
    pub line: Option<u32>,
    /// What wow-sim was doing: `load`, `event:NAME`, `script:OnClick`, `OnUpdate`, `timer`, `exec-lua`, …
    pub phase: String,
    /// The Lua stack at the point of the error, innermost first.
    pub stack: Vec<String>,
    /// How many times this (file, line, message) happened.
    pub count: u32,
    /// `error` or `warning` (see [`Severity`]).
    pub severity: Severity,
    /// For a call refused to tainted code (phase `taint`): what was refused and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taint: Option<TaintInfo>,
}

/// A protected call refused to insecure code (an [`ErrorRecord`] with phase `taint`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaintInfo {
    /// `forbidden` (a protected function, at any time) or `blocked` (in combat).
    pub kind: String,
    /// What was refused: `CastSpellByName()`, `PlayerFrame:Show()`.
    pub function: String,
    /// The addon whose taint the execution carried (the record's addon too).
    pub addon: String,
    /// How the execution came to be tainted: the variable read, written where and by whom.
    pub chain: Vec<String>,
}

/// What the VM's error trampoline writes to (stored as the VM's app data).
#[derive(Debug, Default)]
pub struct ErrorState {
    pub log: ErrorLog,
    /// The phase attributed to errors raised now (`load`, `event:ADDON_LOADED`, …).
    pub phase: String,
    /// The stack depth at which the innermost direct host call entered (`direct_call`).
    pub direct_depth: Option<usize>,
    /// Messages whose error handler failed: `LUA_WARNING`s for the next frame
    /// ([`take_warnings`]).
    pub pending_warnings: Vec<String>,
    /// The warnings of UI XML files (location `file:line`, message), staged apart and delivered
    /// after `pending_warnings` ([`queue_xml_warning`]).
    pending_xml_warnings: Vec<(String, String)>,
}

/// The client delivers at most this many `LUA_WARNING`s a frame and drops the rest.
const WARNINGS_PER_FRAME: usize = 100;

/// `natives.queuewarning(msg)`: the bootstrap's report of an error handler that failed.
pub(crate) fn queue_warning(lua: &mlua::Lua, msg: mlua::Value) -> mlua::Result<()> {
    let msg = match &msg {
        mlua::Value::String(s) => s.to_string_lossy(),
        other => crate::error_value_message(other),
    };
    if let Some(mut state) = lua.app_data_mut::<ErrorState>() {
        state.pending_warnings.push(msg);
    }
    Ok(())
}

/// Queues a `LUA_WARNING` for the next frame that the client raises outside XML parsing (e.g.
/// binding a `<Scripts>` handler the object's type lacks): delivered before the staged XML
/// warnings and never prefixed with a location.
pub fn queue_lua_warning(lua: &mlua::Lua, message: String) {
    if let Some(mut state) = lua.app_data_mut::<ErrorState>() {
        state.pending_warnings.push(message);
    }
}

/// Stages a warning of a UI XML file (`location` is its `file:line`) for the next frame's
/// `LUA_WARNING`s, as the client delivers its XML warnings.
pub fn queue_xml_warning(lua: &mlua::Lua, location: String, message: String) {
    if let Some(mut state) = lua.app_data_mut::<ErrorState>() {
        state.pending_xml_warnings.push((location, message));
    }
}

/// The `LUA_WARNING` messages to deliver this frame, emptying the queues: the queued ones, then
/// the staged XML warnings (each prefixed with its `file:line` when `with_location`, as the
/// client does while its CVar `enableSourceLocationLookup` is on); at most 100, the rest are
/// dropped, as the client drops them.
pub fn take_warnings(lua: &mlua::Lua, with_location: bool) -> Vec<String> {
    match lua.app_data_mut::<ErrorState>() {
        Some(mut s) => {
            let mut w = std::mem::take(&mut s.pending_warnings);
            let xml = std::mem::take(&mut s.pending_xml_warnings);
            w.extend(xml.into_iter().map(|(loc, msg)| match with_location {
                true => format!("{loc} {msg}"),
                false => msg,
            }));
            w.truncate(WARNINGS_PER_FRAME);
            w
        }
        None => Vec::new(),
    }
}

/// Sets the phase for errors raised from now on; returns the previous one for `restore_phase`.
pub fn set_phase(lua: &mlua::Lua, phase: &str) -> String {
    match lua.app_data_mut::<ErrorState>() {
        Some(mut s) => std::mem::replace(&mut s.phase, phase.to_string()),
        None => String::new(),
    }
}

/// Puts back the phase returned by `set_phase`.
pub fn restore_phase(lua: &mlua::Lua, prev: String) {
    if let Some(mut s) = lua.app_data_mut::<ErrorState>() {
        s.phase = prev;
    }
}

/// A copy of the records that another thread can read while the VM runs (the watchdog of
/// `--timeout` prints it when the run is stuck where no check reaches).
pub type SharedRecords = std::sync::Arc<std::sync::Mutex<Vec<ErrorRecord>>>;

/// The ordered, de-duplicated set of error records of one run.
#[derive(Clone, Debug, Default)]
pub struct ErrorLog {
    records: Vec<ErrorRecord>,
    /// (file, line, message) → index in `records`, so de-duplication stays O(1) per error.
    index: rustc_hash::FxHashMap<(Option<String>, Option<u32>, String), usize>,
    /// Kept equal to `records` once [`ErrorLog::share`] was called.
    shared: Option<SharedRecords>,
    /// The memory cap's count of bytes the host holds for addon code
    /// (`budget::host_bytes`), which the records' bytes are part of ([`ErrorLog::count_in`]).
    counter: Option<std::rc::Rc<std::cell::Cell<usize>>>,
    /// What the records hold outside Lua ([`held_bytes`]), added to `counter`.
    bytes: usize,
}

/// What one record costs outside Lua's heap, for the memory cap: its strings (the message
/// twice, with the de-duplication key's copy; three times once shared with the watchdog) and
/// about 200 bytes of record, key and table entry. Addon code makes a record per distinct
/// message (`geterrorhandler()(text .. i)` in a loop), and the message's Lua string is garbage
/// at once: without this count a million 1 KB messages held gigabytes the cap never saw.
fn held_bytes(r: &ErrorRecord, shared: bool) -> usize {
    let copies = if shared { 3 } else { 2 };
    let strings = r.message.len() * copies
        + r.file.as_ref().map_or(0, |f| f.len() * copies)
        + r.phase.len()
        + r.stack.iter().map(|s| s.len() + 24).sum::<usize>();
    strings + 200
}

impl ErrorLog {
    /// Adds an error; a repeat of the same (file, line, message) only bumps the count.
    pub fn push(&mut self, message: String, phase: &str, stack: Vec<String>) {
        self.push_with(message, phase, stack, Severity::Error);
    }

    /// [`ErrorLog::push`] with a severity (a repeat keeps the first record's severity).
    pub fn push_with(
        &mut self,
        message: String,
        phase: &str,
        stack: Vec<String>,
        severity: Severity,
    ) {
        let (file, line) = location_of(&message, &stack);
        let key = (file.clone(), line, message.clone());
        if let Some(&i) = self.index.get(&key) {
            self.records[i].count += 1;
            if let Some(shared) = &self.shared {
                if let Some(r) = shared.lock().unwrap_or_else(|p| p.into_inner()).get_mut(i) {
                    r.count += 1;
                }
            }
            return;
        }
        self.index.insert(key, self.records.len());
        let addon = file.as_deref().and_then(addon_of_file);
        let record = ErrorRecord {
            message,
            addon,
            file,
            line,
            phase: phase.to_string(),
            stack,
            count: 1,
            severity,
            taint: None,
        };
        let bytes = held_bytes(&record, self.shared.is_some());
        self.bytes += bytes;
        if let Some(c) = &self.counter {
            c.set(c.get() + bytes);
        }
        self.records.push(record);
        if let Some(shared) = &self.shared {
            let r = self.records.last().cloned();
            shared.lock().unwrap_or_else(|p| p.into_inner()).extend(r);
        }
    }

    /// Adds a refused protected call (phase `taint`), blamed on the tainting addon; a repeat
    /// of the same (place, message) only bumps the count.
    pub fn push_taint(&mut self, message: String, stack: Vec<String>, info: TaintInfo) {
        let before = self.records.len();
        self.push(message, "taint", stack);
        if self.records.len() > before {
            let addon = Some(info.addon.clone());
            if let Some(r) = self.records.last_mut() {
                r.addon = addon.clone();
                r.taint = Some(info.clone());
            }
            if let Some(shared) = &self.shared {
                if let Some(r) = shared.lock().unwrap_or_else(|p| p.into_inner()).last_mut() {
                    r.addon = addon;
                    r.taint = Some(info);
                }
            }
        }
    }

    /// A copy of the records that stays equal to them from now on, readable by other threads.
    pub fn share(&mut self) -> SharedRecords {
        let shared = self
            .shared
            .get_or_insert_with(|| std::sync::Arc::new(std::sync::Mutex::new(Vec::new())));
        *shared.lock().unwrap_or_else(|p| p.into_inner()) = self.records.clone();
        let shared = shared.clone();
        // The records now have a third copy.
        let bytes: usize = self.records.iter().map(|r| held_bytes(r, true)).sum();
        if let Some(c) = &self.counter {
            c.set((c.get() + bytes).saturating_sub(self.bytes));
        }
        self.bytes = bytes;
        shared
    }

    /// Counts the records' bytes in `counter` from now on (the memory cap's count of what the
    /// host holds for addon code, `budget::host_bytes`), moving them out of the counter they
    /// were in (a `ReloadUI` keeps the records in a new VM).
    pub fn count_in(&mut self, counter: std::rc::Rc<std::cell::Cell<usize>>) {
        if let Some(old) = &self.counter {
            old.set(old.get().saturating_sub(self.bytes));
        }
        counter.set(counter.get() + self.bytes);
        self.counter = Some(counter);
    }

    /// The records in first-seen order.
    pub fn records(&self) -> &[ErrorRecord] {
        &self.records
    }

    /// Total number of errors including repeats.
    pub fn total(&self) -> u32 {
        self.records.iter().map(|r| r.count).sum()
    }

    /// Removes every record (used by `ReloadUI` in the window, and tests).
    pub fn clear(&mut self) {
        self.records.clear();
        self.index.clear();
        if let Some(c) = &self.counter {
            c.set(c.get().saturating_sub(self.bytes));
        }
        self.bytes = 0;
        if let Some(shared) = &self.shared {
            shared.lock().unwrap_or_else(|p| p.into_inner()).clear();
        }
    }
}

/// Splits `path:line: rest` at the start of a message; returns (path, line).
pub(crate) fn split_location(message: &str) -> Option<(&str, u32)> {
    // Paths contain ':' only after a Windows drive letter (`C:\x.lua`, a chunk named by
    // `--exec-lua @FILE` on Windows); addon chunk names never do.
    let drive = match message.as_bytes() {
        [d, b':', b'\\' | b'/', ..] if d.is_ascii_alphabetic() => 2,
        _ => 0,
    };
    let mut parts = message[drive..].splitn(3, ':');
    let path = &message[..drive + parts.next()?.len()];
    let line = parts.next()?;
    parts.next()?;
    if path.is_empty() || path.contains('\n') {
        return None;
    }
    let line: u32 = line.trim().parse().ok()?;
    Some((path, line))
}

/// The (file, line) of an error: from its message, else from the first stack frame that has one.
fn location_of(message: &str, stack: &[String]) -> (Option<String>, Option<u32>) {
    if let Some((file, line)) = split_location(message) {
        // An error raised in wow-sim's own Lua is placed at the addon's frame that called it.
        if !file.starts_with('[') || stack.iter().all(|f| split_location(f).is_none()) {
            return (Some(file.to_string()), Some(line));
        }
    }
    for frame in stack {
        if let Some((file, line)) = split_location(frame) {
            if !file.starts_with('[') {
                return (Some(file.to_string()), Some(line));
            }
        }
    }
    (None, None)
}

/// `Interface/AddOns/Foo/Bar.lua` → `Foo`.
pub(crate) fn addon_of_file(file: &str) -> Option<String> {
    let rest = file
        .strip_prefix("Interface/AddOns/")
        .or_else(|| file.strip_prefix("Interface\\AddOns\\"))?;
    let name = rest.split(['/', '\\']).next()?;
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records count against the memory cap's counter of host bytes: a new record adds its
    /// bytes, a repeat nothing, sharing adds the third copy, `count_in` moves them to another
    /// counter (a reload's new VM) and `clear` gives them back.
    #[test]
    fn records_count_their_bytes_in_the_host_counter() {
        use std::{cell::Cell, rc::Rc};
        let first = Rc::new(Cell::new(100));
        let mut log = ErrorLog::default();
        log.count_in(first.clone());
        let big = "x".repeat(10_000);
        log.push(format!("Interface/AddOns/A/a.lua:1: {big}"), "load", vec![]);
        let one = first.get() - 100;
        assert!(one > 20_000 && one < 21_000, "{one}");
        log.push(format!("Interface/AddOns/A/a.lua:1: {big}"), "load", vec![]);
        assert_eq!(first.get() - 100, one, "a repeat only counts");
        log.push(format!("Interface/AddOns/A/a.lua:2: {big}"), "load", vec![]);
        assert_eq!(first.get() - 100, 2 * one);
        let _shared = log.share();
        let three = first.get() - 100;
        assert!(three > 2 * one + 20_000, "{three}");
        let second = Rc::new(Cell::new(7));
        log.count_in(second.clone());
        assert_eq!((first.get(), second.get()), (100, 7 + three));
        log.clear();
        assert_eq!(second.get(), 7);
    }

    fn check_loc(msg: &str, expect: Option<(&str, u32)>) {
        assert_eq!(split_location(msg), expect, "{msg}");
    }

    #[test]
    fn locations() {
        check_loc(
            "Interface/AddOns/A/a.lua:12: boom",
            Some(("Interface/AddOns/A/a.lua", 12)),
        );
        check_loc(
            "Interface/AddOns/A/a.xml:3: x: y",
            Some(("Interface/AddOns/A/a.xml", 3)),
        );
        check_loc("C:\\Temp\\x.lua:2: attempt", Some(("C:\\Temp\\x.lua", 2)));
        check_loc("C:/x.lua:2: y", Some(("C:/x.lua", 2)));
        check_loc("plain message", None);
        check_loc("a:b: c", None);
    }

    #[test]
    fn dedup_counts_and_keeps_order() {
        let mut log = ErrorLog::default();
        log.push("Interface/AddOns/A/a.lua:1: x".into(), "load", vec![]);
        log.push("Interface/AddOns/B/b.lua:2: y".into(), "timer", vec![]);
        log.push("Interface/AddOns/A/a.lua:1: x".into(), "OnUpdate", vec![]);
        let r = log.records();
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].count, 2);
        assert_eq!(r[0].phase, "load");
        assert_eq!(r[0].addon.as_deref(), Some("A"));
        assert_eq!(r[1].line, Some(2));
        assert_eq!(log.total(), 3);
    }

    #[test]
    fn location_from_stack_when_message_has_none() {
        let mut log = ErrorLog::default();
        log.push(
            "table error".into(),
            "load",
            vec![
                "[C]: in function 'error'".into(),
                "Interface/AddOns/C/c.lua:7: in main chunk".into(),
            ],
        );
        assert_eq!(
            log.records()[0].file.as_deref(),
            Some("Interface/AddOns/C/c.lua")
        );
        assert_eq!(log.records()[0].line, Some(7));
    }
}
