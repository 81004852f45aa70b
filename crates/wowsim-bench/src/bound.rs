//! The compile-only lower bound of a start-up: read every Lua file the start-up addons load
//! and compile it (`Lua::load(..).into_function()`, never run), parse every UI XML file
//! (`wowsim_xml::parse_document`, following `<Include>` and `<Script file=…>`), and parse the
//! SavedVariables files the simulator would read. No frame is created and no code runs.

use mlua::Lua;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use wowsim_toc::{DiscoveredAddon, Flavor, TocContext};

/// One input to start up: the same folders a `wow-sim lua-errors` run would use.
#[derive(Clone, Debug, Default)]
pub struct Input {
    pub addon_dirs: Vec<PathBuf>,
    pub blizzard_ui: Option<PathBuf>,
    /// WTF folder with SavedVariables (`None` = `--no-saved-vars`).
    pub wtf: Option<PathBuf>,
}

/// What the lower bound touched, and how long it took.
#[derive(Clone, Debug, Default)]
pub struct BoundReport {
    pub elapsed: Duration,
    pub lua_files: usize,
    pub lua_bytes: usize,
    pub lua_syntax_errors: usize,
    pub xml_files: usize,
    pub xml_bytes: usize,
    pub inline_scripts: usize,
    /// Inline handler bodies inside frames (compiled although not instantiated yet).
    pub handler_scripts: usize,
    pub sv_files: usize,
    pub sv_bytes: usize,
}

/// The start-up addons in load order, as the simulator plans them.
pub fn startup_addons(input: &Input) -> Vec<DiscoveredAddon> {
    let ctx = TocContext::new(Flavor::Retail);
    let mut roots: Vec<(PathBuf, bool)> = Vec::new();
    if let Some(b) = &input.blizzard_ui {
        roots.push((b.clone(), true));
    }
    roots.extend(input.addon_dirs.iter().map(|d| (d.clone(), false)));
    let (found, _notes) = wowsim_toc::discover_addons(&roots, &ctx);
    let plan = wowsim_toc::plan_load_order(&found, &|name| {
        found
            .iter()
            .find(|a| a.name == name)
            .is_none_or(|a| a.toc.default_enabled())
    });
    plan.order.iter().map(|&i| found[i].clone()).collect()
}

/// Runs the lower bound once (addon discovery and planning are not timed).
pub fn run(input: &Input) -> anyhow::Result<BoundReport> {
    let addons = startup_addons(input);
    let mut r = BoundReport::default();
    let start = Instant::now();
    let lua = Lua::new();
    for a in &addons {
        for f in &a.toc.files {
            let Some(path) = wowsim_toc::resolve_path_ci(&a.dir, &f.path) else {
                continue;
            };
            let lower = f.path.to_ascii_lowercase();
            if lower.ends_with(".lua") {
                compile_file(&lua, &path, &mut r);
            } else if lower.ends_with(".xml") {
                parse_xml(&lua, &a.dir, &path, &mut r, 0);
            }
        }
        if let Some(wtf) = &input.wtf {
            let file = wowsim_savedvars::account_path(wtf, "WOWSIM", &a.name);
            if let Ok(bytes) = std::fs::read(&file) {
                r.sv_files += 1;
                r.sv_bytes += bytes.len();
                let _ = wowsim_savedvars::parse(&bytes, &wowsim_savedvars::Limits::default());
            }
        }
    }
    drop(lua);
    r.elapsed = start.elapsed();
    Ok(r)
}

fn compile(lua: &Lua, name: &Path, bytes: &[u8], r: &mut BoundReport) {
    let code = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let ok = lua
        .load(code)
        .set_name(format!("@{}", name.display()))
        .into_function()
        .is_ok();
    if !ok {
        r.lua_syntax_errors += 1;
    }
}

fn compile_file(lua: &Lua, path: &Path, r: &mut BoundReport) {
    if let Ok(bytes) = std::fs::read(path) {
        r.lua_files += 1;
        r.lua_bytes += bytes.len();
        compile(lua, path, &bytes, r);
    }
}

fn parse_xml(lua: &Lua, addon_dir: &Path, path: &Path, r: &mut BoundReport, depth: usize) {
    if depth > 64 {
        return;
    }
    let Ok(bytes) = std::fs::read(path) else {
        return;
    };
    r.xml_files += 1;
    r.xml_bytes += bytes.len();
    let text = String::from_utf8_lossy(&bytes);
    let doc = wowsim_xml::parse_document(&text, wowsim_xml::Flavor::Retail);
    let Some(root) = doc.root else { return };
    let rel_dir = path
        .parent()
        .and_then(|p| p.strip_prefix(addon_dir).ok())
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let resolve = |file: &str| {
        let here = if rel_dir.is_empty() {
            None
        } else {
            wowsim_toc::resolve_path_ci(addon_dir, &format!("{rel_dir}/{file}"))
        };
        here.or_else(|| wowsim_toc::resolve_path_ci(addon_dir, file))
    };
    for el in &root.children {
        match el.tag.as_str() {
            "Include" => {
                if let Some(p) = el.attr("file").and_then(resolve) {
                    parse_xml(lua, addon_dir, &p, r, depth + 1);
                }
            }
            "Script" => {
                if let Some(p) = el.attr("file").and_then(resolve) {
                    compile_file(lua, &p, r);
                }
                if let Some((code, _)) = el.text.as_deref() {
                    if !code.trim().is_empty() {
                        r.inline_scripts += 1;
                        compile(lua, path, code.as_bytes(), r);
                    }
                }
            }
            _ => compile_handlers(lua, path, el, r),
        }
    }
}

/// Compiles the inline script handlers (`<Scripts><OnLoad>…`) of a frame element's subtree,
/// as the XML instantiator will (a function of `self` and the handler's arguments).
fn compile_handlers(lua: &Lua, path: &Path, el: &wowsim_xml::Element, r: &mut BoundReport) {
    for scripts in el.walk().filter(|e| e.tag == "Scripts") {
        for h in &scripts.children {
            if let Some((code, _)) = h.text.as_deref() {
                if !code.trim().is_empty() {
                    r.handler_scripts += 1;
                    let wrapped = format!("return function(self, ...) {code}\nend");
                    compile(lua, path, wrapped.as_bytes(), r);
                }
            }
        }
    }
}
