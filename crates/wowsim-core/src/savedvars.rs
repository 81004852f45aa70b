//! SavedVariables at run time: restoring an addon's declared variables before its
//! `ADDON_LOADED`, and writing them at logout. The file format and durable writes are
//! `wowsim-savedvars`; this module builds Lua tables as the file is parsed (no tree of the
//! whole file) and writes Lua values back.
//!
//! A file that does not parse is reported (file and line), its variables stay nil, and it is
//! never overwritten: the addon's save is skipped and the user is told where the file is.

use crate::addons::record_at;
use mlua::{Lua, Table, Value};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use wowsim_savedvars::{Built, Emitter, FolderClaim, Limits, Scalar, SvValue, WriteOptions};

/// Where SavedVariables live and whose they are.
#[derive(Clone, Debug)]
pub struct SavedVarsConfig {
    pub wtf: PathBuf,
    pub account: String,
    pub realm: String,
    pub character: String,
    /// The largest file a save may write ([`DEFAULT_MAX_SAVED_FILE`]); a larger one is not
    /// written (the old file stays) and logout says so.
    pub max_file_bytes: u64,
}

/// 256 MiB: larger than any real addon's database, and a bound on what a table of shared
/// subtables (written once per reference, as the client writes them) can grow a file to.
pub const DEFAULT_MAX_SAVED_FILE: u64 = 256 << 20;

/// Files that failed to parse this session: never overwritten (VM app data).
#[derive(Default)]
pub struct BrokenFiles(pub HashSet<PathBuf>);

impl SavedVarsConfig {
    pub fn account_file(&self, addon: &str) -> PathBuf {
        wowsim_savedvars::account_path(&self.wtf, &self.account, addon)
    }
    pub fn character_file(&self, addon: &str) -> PathBuf {
        wowsim_savedvars::character_path(
            &self.wtf,
            &self.account,
            &self.realm,
            &self.character,
            addon,
        )
    }
}

/// Converts a parsed constant (or a tree) into Lua, consuming it.
pub fn to_lua(lua: &Lua, v: SvValue) -> mlua::Result<Value> {
    Ok(match v {
        SvValue::Nil => Value::Nil,
        SvValue::Bool(b) => Value::Boolean(b),
        SvValue::Number(n) => Value::Number(n),
        SvValue::Str(s) => Value::String(lua.create_string(s)?),
        SvValue::Table(t) => {
            let out = lua.create_table_with_capacity(t.array.len(), t.hash.len())?;
            for (i, v) in t.array.into_iter().enumerate() {
                out.raw_set(i + 1, to_lua(lua, v)?)?;
            }
            for (k, v) in t.hash {
                let k = to_lua(lua, k)?;
                if !k.is_nil() {
                    out.raw_set(k, to_lua(lua, v)?)?;
                }
            }
            Value::Table(out)
        }
    })
}

/// Makes Lua tables while the file is parsed, each when its constructor closes, sized and
/// filled as [`to_lua`] fills a tree's (positional entries, then keyed ones in file order),
/// so a large file never exists as a whole tree beside its Lua tables. A finished table
/// waits in `stage` (a Lua table used as a stack) until its parent closes.
struct LuaBuilder<'a> {
    lua: &'a Lua,
    stage: Table,
    top: usize,
}

impl LuaBuilder<'_> {
    fn value(&self, v: Built<usize>) -> mlua::Result<Value> {
        match v {
            Built::Const(c) => to_lua(self.lua, c),
            Built::Table(i) => self.stage.raw_get(i),
        }
    }
}

impl wowsim_savedvars::Builder for LuaBuilder<'_> {
    type Table = usize;
    type Error = mlua::Error;
    fn table(
        &mut self,
        array: Vec<Built<usize>>,
        hash: Vec<(SvValue, Built<usize>)>,
    ) -> mlua::Result<usize> {
        let out = self
            .lua
            .create_table_with_capacity(array.len(), hash.len())?;
        let mut children = 0;
        for (i, v) in array.into_iter().enumerate() {
            children += usize::from(matches!(v, Built::Table(_)));
            out.raw_set(i + 1, self.value(v)?)?;
        }
        for (k, v) in hash {
            children += usize::from(matches!(v, Built::Table(_)));
            let k = to_lua(self.lua, k)?;
            if !k.is_nil() {
                out.raw_set(k, self.value(v)?)?;
            }
        }
        // The children were the topmost staged tables; `out` holds them now.
        self.top = self.top - children + 1;
        self.stage.raw_set(self.top, out)?;
        Ok(self.top)
    }
}

/// The tables being written, outermost first: a table already on it is a cycle and is cut.
type Visiting = Vec<*const std::ffi::c_void>;

thread_local! {
    /// The bound on the size of the file being saved (`SavedVarsConfig::max_file_bytes`).
    static SAVE_LIMIT: std::cell::Cell<u64> = const { std::cell::Cell::new(DEFAULT_MAX_SAVED_FILE) };
}

/// Tables nested deeper than this are left out.
const MAX_DEPTH: usize = 200;

/// Whether `v` is written when saving: functions, userdata, threads, nil, a table that closes
/// a cycle and tables nested too deep are left out (as nil).
fn is_saved(v: &Value, path: &Visiting) -> bool {
    match v {
        Value::Boolean(_) | Value::Integer(_) | Value::Number(_) | Value::String(_) => true,
        Value::Table(t) => !path.contains(&t.to_pointer()) && path.len() <= MAX_DEPTH,
        _ => false,
    }
}

/// Writes a Lua value for saving straight from the Lua heap (no copy as an `SvValue` tree,
/// which took ~7x the file's size in memory). What [`is_saved`] rejects is written as nil.
fn emit(em: &mut Emitter, v: &Value, path: &mut Visiting) -> mlua::Result<()> {
    match v {
        Value::Table(t) if is_saved(v, path) => {
            let limit = SAVE_LIMIT.with(std::cell::Cell::get);
            if em.written() > limit {
                return Err(mlua::Error::RuntimeError(format!(
                    "the file would be larger than {} MiB (tables shared by several keys are \
                     written once per key, as the client writes them); not saved, the old file is kept",
                    limit >> 20
                )));
            }
            path.push(t.to_pointer());
            let r = emit_table(em, t, path);
            path.pop();
            r
        }
        Value::String(s) => {
            em.scalar(Scalar::Str(&s.as_bytes()));
            Ok(())
        }
        other => {
            em.scalar(scalar(other));
            Ok(())
        }
    }
}

/// A non-table, non-string value as the writer's scalar (everything unsaved is nil).
fn scalar(v: &Value) -> Scalar<'static> {
    match v {
        Value::Boolean(b) => Scalar::Bool(*b),
        Value::Integer(i) => Scalar::Number(*i as f64),
        Value::Number(n) => Scalar::Number(*n),
        _ => Scalar::Nil,
    }
}

/// A table's entries: positions 1.. up to the first unsaved one positionally, then the later
/// positions and every other saved key as `[key] = value`, in `next` order.
fn emit_table(em: &mut Emitter, t: &Table, path: &mut Visiting) -> mlua::Result<()> {
    em.open_table();
    let n = t.raw_len();
    // Stop the array at the first nil so that indices stay exact.
    let mut array_len = n;
    for i in 1..=n {
        if !is_saved(&t.raw_get::<Value>(i)?, path) {
            array_len = i - 1;
            break;
        }
    }
    for i in 1..=array_len {
        em.array_entry(i);
        emit(em, &t.raw_get::<Value>(i)?, path)?;
    }
    for i in array_len + 1..=n {
        let v: Value = t.raw_get(i)?;
        if is_saved(&v, path) {
            em.hash_entry(Scalar::Number(i as f64));
            emit(em, &v, path)?;
        }
    }
    for pair in t.clone().pairs::<Value, Value>() {
        let (k, v) = pair?;
        let in_array = match &k {
            Value::Integer(i) => *i >= 1 && (*i as usize) <= n,
            Value::Number(f) => f.fract() == 0.0 && *f >= 1.0 && (*f as usize) <= n,
            _ => false,
        };
        if in_array || !is_saved(&v, path) {
            continue;
        }
        match &k {
            Value::String(s) => em.hash_entry(Scalar::Str(&s.as_bytes())),
            Value::Integer(_) | Value::Number(_) | Value::Boolean(_) => em.hash_entry(scalar(&k)),
            _ => continue,
        }
        emit(em, &v, path)?;
    }
    em.close_table();
    Ok(())
}

/// Reads one SavedVariables file and sets the declared variables it assigns as globals.
pub fn restore_file(lua: &Lua, path: &Path, declared: &[String]) -> mlua::Result<()> {
    let bytes = match wowsim_toc::read_regular(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            let shown = shown_path(path);
            record_at(
                lua,
                format!("{shown}: cannot read SavedVariables: {e}"),
                &shown,
                None,
            );
            mark_broken(lua, path);
            return Ok(());
        }
    };
    let mut builder = LuaBuilder {
        lua,
        stage: lua.create_table()?,
        top: 0,
    };
    let parsed = wowsim_savedvars::parse_with(&bytes, &Limits::default(), &mut builder)?;
    drop(bytes);
    match parsed {
        Ok(vars) => {
            let g = lua.globals();
            for (name, value) in vars {
                if declared.contains(&name) {
                    g.raw_set(name, builder.value(value)?)?;
                }
            }
        }
        Err(e) => {
            let shown = shown_path(path);
            record_at(
                lua,
                format!(
                    "{shown}:{}: {} (the file is kept unchanged and will not be overwritten)",
                    e.line, e.message
                ),
                &shown,
                Some(e.line),
            );
            mark_broken(lua, path);
        }
    }
    Ok(())
}

/// How a SavedVariables path appears in error records: from the `WTF` folder on, as the
/// client's own paths are relative (`WTF/Account/NAME/SavedVariables/Addon.lua`); the full
/// path when there is no `WTF` component. Records stay the same on every machine.
fn shown_path(path: &Path) -> String {
    let parts: Vec<_> = path.components().collect();
    match parts
        .iter()
        .rposition(|c| c.as_os_str().eq_ignore_ascii_case("WTF"))
    {
        Some(i) => parts[i..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        None => path.display().to_string(),
    }
}

fn mark_broken(lua: &Lua, path: &Path) {
    if lua.app_data_ref::<BrokenFiles>().is_none() {
        lua.set_app_data(BrokenFiles::default());
    }
    lua.app_data_mut::<BrokenFiles>()
        .expect("set")
        .0
        .insert(path.to_path_buf());
}

/// Writes the declared variables (as they are now in the globals) to `path`, durably.
/// Returns a message when the file was skipped because it failed to parse at load, or when
/// the save waited for another run's.
pub fn save_file(
    lua: &Lua,
    path: &Path,
    declared: &[String],
    max_bytes: u64,
) -> Result<Option<String>, String> {
    SAVE_LIMIT.with(|l| l.set(max_bytes));
    if lua
        .app_data_ref::<BrokenFiles>()
        .is_some_and(|b| b.0.contains(path))
    {
        return Ok(Some(format!(
            "{}: not saved because it could not be read at start-up; fix or remove it",
            path.display()
        )));
    }
    let g = lua.globals();
    // A name that is not a Lua variable name (`## SavedVariables: ../x, a.b()`) would make a
    // file the reader refuses (`../x = 1`), and every variable of the file would be lost on the
    // next start: such names are left out, and logout says so.
    let (declared, unnamed): (Vec<&String>, Vec<&String>) =
        declared.iter().partition(|n| is_lua_name(n));
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    // Written to the file as it is made (a 20 MiB variable never exists whole in memory); a
    // Lua error while walking the tables leaves the old file and its backup as they were.
    let mut lua_error = None;
    let saved = wowsim_savedvars::save_atomic_with(path, |w| {
        let mut em = Emitter::streaming(&WriteOptions::default(), w);
        for name in &declared {
            let walked = g.raw_get::<Value>(name.as_str()).and_then(|v| {
                em.var(name);
                emit(&mut em, &v, &mut Vec::new())
            });
            if let Err(e) = walked {
                lua_error = Some(e.to_string());
                return Err(std::io::Error::other("Lua error"));
            }
        }
        em.finish_streaming()
    });
    if let Some(e) = lua_error {
        return Err(e);
    }
    let saved = saved.map_err(|e| format!("{}: {e}", path.display()))?;
    let mut notes = Vec::new();
    if !unnamed.is_empty() {
        let names: Vec<String> = unnamed.iter().map(|n| format!("'{n}'")).collect();
        notes.push(format!(
            "{}: {} not saved: not a Lua variable name (the file would not load with it)",
            path.display(),
            names.join(", ")
        ));
    }
    if saved.waited {
        notes.push(format!(
            "{}: another wow-sim run was saving into the same folder; saved after it, over its file",
            path.display()
        ));
    }
    Ok((!notes.is_empty()).then(|| notes.join("; ")))
}

/// Whether `name` can stand on the left of `name = value` in Lua: a name, not a keyword.
fn is_lua_name(name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ];
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !KEYWORDS.contains(&name)
}

/// Claims the run's WTF folder once (VM app data), so that logout can tell the user when
/// another run held it ([`wowsim_savedvars::FolderClaim`]).
pub(crate) fn claim_wtf(lua: &Lua, wtf: &Path) {
    if lua.app_data_ref::<FolderClaim>().is_none() {
        lua.set_app_data(FolderClaim::claim(wtf));
    }
}

/// Gives up the claim of the WTF folder; whether there was one.
pub(crate) fn release_wtf(lua: &Lua) -> bool {
    lua.remove_app_data::<FolderClaim>().is_some()
}

/// Logout's note when another run held the WTF folder as this one started.
pub(crate) fn shared_wtf_note(lua: &Lua, wtf: &Path) -> Option<String> {
    lua.app_data_ref::<FolderClaim>()
        .is_some_and(|c| c.shared())
        .then(|| {
            format!(
                "{}: another wow-sim run was using this WTF folder when this one started; \
                 saves took turns, each file is whole and the last save's is kept",
                wtf.display()
            )
        })
}
