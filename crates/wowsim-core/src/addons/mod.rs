//! Addons at run time: the discovered set, the start-up load plan, loading one addon's files
//! (Lua, and XML through `xmlload`; secure-environment addons through `secure_env.rs`), and the
//! `C_AddOns` namespace (`c_addons.rs`).

pub(crate) mod bindings_xml;
pub(crate) mod c_addons;
pub(crate) mod secure_env;
pub(crate) mod xmlload;

use mlua::{Lua, Table, Value};
use std::path::Path;
use wowsim_lua::errors::{restore_phase, set_phase, ErrorState, Severity};
use wowsim_lua::HostFns;
use wowsim_toc::{DiscoveredAddon, LoadState};

/// One addon known to the client this session.
#[derive(Clone, Debug)]
pub struct AddonEntry {
    pub info: DiscoveredAddon,
    pub state: LoadState,
    pub reason: Option<String>,
    pub enabled: bool,
    pub loading: bool,
    pub loaded: bool,
}

/// Every known addon (VM app data), Blizzard's first.
#[derive(Default)]
pub struct AddonSet {
    pub addons: Vec<AddonEntry>,
}

impl AddonSet {
    pub fn find(&self, name: &str) -> Option<usize> {
        self.addons
            .iter()
            .position(|a| a.info.name.eq_ignore_ascii_case(name))
    }
}

/// Hooks the loader calls after an addon's files ran (SavedVariables, then `ADDON_LOADED`).
pub trait AfterLoad {
    fn after_files(&self, lua: &Lua, index: usize) -> mlua::Result<()>;
}

/// The logical client path of a file of an addon: `Interface/AddOns/Name/sub/file.lua`.
pub fn logical_path(addon: &str, rel: &str) -> String {
    join_logical(&format!("Interface/AddOns/{addon}"), rel)
}

/// `rel` (either separator, `.` and `..` allowed) joined to the client folder `dir`, as the
/// client resolves a path relative to the file that names it: `..` may leave the addon folder
/// (`Interface/AddOns/Bagnon/src` + `..\..\BagBrother\core.xml` is
/// `Interface/AddOns/BagBrother/core.xml`), never `Interface` itself.
pub fn join_logical(dir: &str, rel: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for p in rel.split(['/', '\\']) {
        match p {
            "" | "." => {}
            ".." => {
                if parts.len() > 1 {
                    parts.pop();
                }
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}

/// Records an error that did not come from Lua (missing file, XML problem) with its location.
pub fn record_at(lua: &Lua, message: String, file: &str, line: Option<u32>) {
    record_severity_at(lua, message, file, line, Severity::Error);
}

/// [`record_at`] with a severity: XML schema problems are warnings (the client writes them to
/// FrameXML.log and skips the element).
pub fn record_severity_at(
    lua: &Lua,
    message: String,
    file: &str,
    line: Option<u32>,
    severity: Severity,
) {
    if let Some(mut s) = lua.app_data_mut::<ErrorState>() {
        let phase = s.phase.clone();
        let frame = match line {
            Some(l) => format!("{file}:{l}:"),
            None => format!("{file}:0:"),
        };
        s.log.push_with(message, &phase, vec![frame], severity);
    }
}

/// The per-addon table passed as the second value of `...` to every file of the addon.
pub fn addon_table(lua: &Lua, name: &str) -> mlua::Result<Table> {
    let tables: Table = match lua.named_registry_value::<Value>("wowsim.addontables")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value("wowsim.addontables", t.clone())?;
            t
        }
    };
    let key = name.to_ascii_lowercase();
    if let Value::Table(t) = tables.raw_get::<Value>(key.as_str())? {
        return Ok(t);
    }
    let t = lua.create_table()?;
    tables.raw_set(key, t.clone())?;
    Ok(t)
}

pub use wowsim_lua::strip_bom;

/// Compiles and runs Lua source as a file of `addon`; errors are recorded, never propagated.
/// `first_line` > 1 shifts line numbers (Lua inside XML reports the XML line).
pub fn run_lua_source(
    lua: &Lua,
    host: &HostFns,
    addon: &str,
    chunk_path: &str,
    source: &[u8],
    first_line: u32,
) -> mlua::Result<()> {
    let mut code = Vec::with_capacity(source.len() + first_line as usize);
    code.resize(first_line.saturating_sub(1) as usize, b'\n');
    code.extend_from_slice(strip_bom(source));
    let name = format!("@{chunk_path}");
    let env = secure_env::current(lua);
    let func = match wowsim_lua::chunk_cache::load(lua, &code, &name, env) {
        Ok(f) => f,
        Err(e) => {
            let msg = wowsim_lua::host_error_message(&e);
            host.report.call::<()>(msg)?;
            return Ok(());
        }
    };
    let table = addon_table(lua, addon)?;
    // The file runs with its addon's taint, also when a call from Lua loads it.
    wowsim_lua::taint::next_entry_as(lua, wowsim_lua::taint::of_addon(lua, addon));
    wowsim_lua::budget::host_entry(lua, || {
        host.hostcall.call::<mlua::MultiValue>((func, addon, table))
    })?;
    Ok(())
}

/// Runs a Lua file of an addon (from disk).
pub fn run_lua_file(
    lua: &Lua,
    host: &HostFns,
    addon: &str,
    logical: &str,
    path: &Path,
) -> mlua::Result<()> {
    match wowsim_toc::read_regular(path) {
        Ok(bytes) => run_lua_source(lua, host, addon, logical, &bytes, 1),
        Err(e) => {
            record_at(lua, format!("Couldn't open {logical}: {e}"), logical, None);
            Ok(())
        }
    }
}

/// Runs again, in the secure environment (entered by the caller), the Lua files of the loaded
/// Blizzard addons the secure addon `index` requires, dependencies of dependencies first
/// (`secure_env.rs` says why). Files marked global-only and XML files are skipped.
fn rerun_dependencies(lua: &Lua, host: &HostFns, index: usize) -> mlua::Result<()> {
    let order = {
        let set = lua.app_data_ref::<AddonSet>().expect("addons");
        let mut order = Vec::new();
        let mut seen = vec![false; set.addons.len()];
        seen[index] = true;
        for dep in set.addons[index].info.toc.required_deps() {
            collect_dependency(&set, &dep, &mut seen, &mut order);
        }
        order
            .into_iter()
            .map(|i| {
                let a = &set.addons[i].info;
                (a.name.clone(), a.dir.clone(), a.toc.files.clone())
            })
            .collect::<Vec<_>>()
    };
    secure_env::set_dependency_mode(lua, true)?;
    for (name, dir, files) in order {
        if !secure_env::first_rerun(lua, &name)? {
            continue;
        }
        for f in files.iter().filter(|f| f.secure_env) {
            if !f.path.to_ascii_lowercase().ends_with(".lua") {
                continue;
            }
            if let Ok(path) = wowsim_toc::resolve_addon_file(&dir, &f.path) {
                run_lua_file(lua, host, &name, &logical_path(&name, &f.path), &path)?;
            }
        }
    }
    secure_env::set_dependency_mode(lua, false)
}

fn collect_dependency(set: &AddonSet, name: &str, seen: &mut [bool], order: &mut Vec<usize>) {
    let Some(i) = set.find(name) else { return };
    let a = &set.addons[i];
    if seen[i] || !a.loaded || !a.info.blizzard {
        return;
    }
    seen[i] = true;
    for dep in a.info.toc.required_deps() {
        collect_dependency(set, &dep, seen, order);
    }
    order.push(i);
}

/// Loads one addon: every file of its TOC in order, then the `after` hook (SavedVariables and
/// `ADDON_LOADED`). Returns false if it was already loaded.
pub fn load_addon(
    lua: &Lua,
    host: &HostFns,
    index: usize,
    after: &dyn AfterLoad,
) -> mlua::Result<bool> {
    let (name, dir, files, secure, load_first) = {
        let mut set = lua.app_data_mut::<AddonSet>().expect("addons");
        let a = &mut set.addons[index];
        if a.loaded || a.loading {
            return Ok(false);
        }
        a.loading = true;
        (
            a.info.name.clone(),
            a.info.dir.clone(),
            a.info.toc.files.clone(),
            a.info.blizzard && a.info.toc.use_secure_environment(),
            a.info.blizzard && a.info.toc.load_first(),
        )
    };
    let prev = set_phase(lua, "load");
    // The secure environment keeps what `_G` had before a `LoadFirst` addon (such as
    // `Blizzard_EnvironmentCleanup`) could remove it, and what secure addons define.
    if secure || load_first {
        secure_env::refresh(lua)?;
    }
    // The addon's files, and every function they make, carry its taint.
    let taint = wowsim_lua::taint::of_addon(lua, &name);
    wowsim_lua::taint::run_as(lua, taint, || {
        load_files(lua, host, index, &name, &dir, &files, secure)
    })?;
    restore_phase(lua, prev);
    {
        let mut set = lua.app_data_mut::<AddonSet>().expect("addons");
        let a = &mut set.addons[index];
        a.loading = false;
        a.loaded = true;
    }
    after.after_files(lua, index)?;
    Ok(true)
}

/// The files of `load_addon` in TOC order (in the secure environment for a secure addon), then
/// its key bindings.
fn load_files(
    lua: &Lua,
    host: &HostFns,
    index: usize,
    name: &str,
    dir: &Path,
    files: &[wowsim_toc::TocFile],
    secure: bool,
) -> mlua::Result<()> {
    let prev_env = secure_env::enter(lua, secure)?;
    if secure {
        rerun_dependencies(lua, host, index)?;
    }
    for f in files {
        let logical = logical_path(name, &f.path);
        let path = match wowsim_toc::resolve_addon_file(dir, &f.path) {
            Ok(path) => path,
            Err(why) => {
                let toc_name = format!("Interface/AddOns/{name}/{name}.toc");
                let message = match why {
                    wowsim_toc::RefusedRef::Missing => {
                        format!("{toc_name}:{}: Couldn't open {logical}", f.line)
                    }
                    // Never read: the file named is outside the AddOns folder.
                    refused => {
                        format!("{toc_name}:{}: Couldn't open {}: {refused}", f.line, f.path)
                    }
                };
                record_at(lua, message, &toc_name, Some(f.line));
                continue;
            }
        };
        let lower = f.path.to_ascii_lowercase();
        if lower.ends_with(".xml") {
            xmlload::load_xml_file(lua, host, name, dir, &logical, &path)?;
        } else if lower.ends_with(".lua") {
            run_lua_file(lua, host, name, &logical, &path)?;
        } else {
            record_at(
                lua,
                format!("{logical}: unsupported file type in TOC"),
                &logical,
                None,
            );
        }
    }
    secure_env::restore(lua, prev_env)?;
    if secure {
        secure_env::refresh_after(lua)?;
    }
    bindings_xml::load(lua, name, dir)
}
