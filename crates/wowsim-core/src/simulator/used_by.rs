//! `api-coverage --used-by DIR`: the names the Lua and XML of the addons under a folder use
//! that wow-sim lacks (`wowsim_api::used_by`). The files are the ones the loader would load for
//! the flavour (each TOC's files for the flavour, following XML includes, load-on-demand addons
//! too); they are compiled, never run, in a VM of their own, and looked up in the simulator's
//! globals before any addon ran.

use super::*;
use std::path::{Path, PathBuf};
use wowsim_api::used_by::{Missing, Uses};

impl Simulator {
    /// What the addons whose folders lie under `dir` use that neither they nor wow-sim define,
    /// and the files that failed to compile. Call it on a simulator that has not started.
    pub fn api_used_by(&self, dir: &Path) -> Result<(Vec<Missing>, Vec<String>), SimError> {
        let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let roots: Vec<(PathBuf, Vec<String>)> = {
            let set = self.lua.app_data_ref::<AddonSet>().expect("addons");
            set.addons
                .iter()
                .filter(|a| {
                    // Only what the in-game UI of the flavour loads (not the log-in screens'
                    // addons, not other game types').
                    let loads = matches!(
                        a.state,
                        wowsim_toc::LoadState::Loadable | wowsim_toc::LoadState::DemandLoaded
                    );
                    let d = a
                        .info
                        .dir
                        .canonicalize()
                        .unwrap_or_else(|_| a.info.dir.clone());
                    loads && d.starts_with(&dir)
                })
                .map(|a| {
                    let files = a.info.toc.files.iter().map(|f| f.path.clone()).collect();
                    (a.info.dir.clone(), files)
                })
                .collect()
        };
        let compiler = mlua::Lua::new();
        let mut uses = Uses::default();
        for path in files_of(roots) {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let src = String::from_utf8_lossy(&bytes);
            let full = path.canonicalize().unwrap_or_else(|_| path.clone());
            let shown = full
                .strip_prefix(&dir)
                .unwrap_or(&full)
                .display()
                .to_string();
            if is_ext(&path, "xml") {
                uses.scan_xml(&compiler, self.config.flavor, &shown, &src);
            } else if is_ext(&path, "lua") {
                uses.scan_lua(&compiler, &shown, &src, 1);
            }
        }
        let data = wowsim_data::data(self.config.flavor);
        let missing = wowsim_api::used_by::missing(&self.lua, &mut uses, data)?;
        Ok((missing, uses.errors))
    }
}

/// Every Lua and XML file of the given addons (folder, TOC files) in load order, following XML
/// includes (a `file=` next to the XML file, then in the addon folder, as the loader does).
fn files_of(roots: Vec<(PathBuf, Vec<String>)>) -> Vec<PathBuf> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    for (dir, files) in roots {
        let mut queue: Vec<(PathBuf, String)> =
            files.into_iter().rev().map(|f| (dir.clone(), f)).collect();
        while let Some((base, rel)) = queue.pop() {
            let Some(path) = wowsim_toc::resolve_path_ci(&base, &rel)
                .or_else(|| wowsim_toc::resolve_path_ci(&dir, &rel))
            else {
                continue;
            };
            if !seen.insert(path.clone()) {
                continue;
            }
            if is_ext(&path, "xml") {
                if let (Ok(src), Some(parent)) = (std::fs::read_to_string(&path), path.parent()) {
                    for r in crate::global_strings::scan::xml_file_refs(&src)
                        .into_iter()
                        .rev()
                    {
                        queue.push((parent.to_path_buf(), r));
                    }
                }
            }
            out.push(path);
        }
    }
    out
}

fn is_ext(p: &Path, ext: &str) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
}
