//! `--wow DIR`: what a game installation offers. DIR is a flavour folder (`_retail_`,
//! `_classic_`, `_classic_era_`, or a PTR/beta one) or the install root holding them (then
//! `--flavor`, or the only flavour folder there, picks one). Inside it: `Interface/AddOns`, `WTF`
//! and what the client's `exportInterfaceFiles code|art` writes (`BlizzardInterfaceCode/
//! Interface/AddOns`, `BlizzardInterfaceArt/Interface`). Names are matched in any case, as on
//! Windows and macOS. Only finds; `config` decides what to use.

use crate::cli::FlavorArg;
use std::path::{Path, PathBuf};
use wowsim_toc::resolve_path_ci;

/// Flavour folder names (lower case) and the flavour each runs.
const FLAVOUR_FOLDERS: &[(&str, FlavorArg)] = &[
    ("_retail_", FlavorArg::Retail),
    ("_ptr_", FlavorArg::Retail),
    ("_xptr_", FlavorArg::Retail),
    ("_beta_", FlavorArg::Retail),
    ("_classic_", FlavorArg::Classic),
    ("_classic_ptr_", FlavorArg::Classic),
    ("_classic_beta_", FlavorArg::Classic),
    ("_classic_era_", FlavorArg::ClassicEra),
    ("_classic_era_ptr_", FlavorArg::ClassicEra),
];

/// The folder an install root has for each flavour (the live client's).
fn main_folder(f: FlavorArg) -> &'static str {
    match f {
        FlavorArg::Retail => "_retail_",
        FlavorArg::Classic => "_classic_",
        FlavorArg::ClassicEra => "_classic_era_",
    }
}

/// What was found in one flavour folder.
#[derive(Debug)]
pub struct WowDir {
    /// The flavour folder.
    pub dir: PathBuf,
    pub flavor: FlavorArg,
    /// `Interface/AddOns`.
    pub addons: Option<PathBuf>,
    /// `WTF`.
    pub wtf: Option<PathBuf>,
    /// `BlizzardInterfaceCode/Interface/AddOns` (`exportInterfaceFiles code`).
    pub blizzard_ui: Option<PathBuf>,
    /// `BlizzardInterfaceArt`, when it holds `Interface` (`exportInterfaceFiles art`).
    pub art: Option<PathBuf>,
}

fn flavour_of_folder(dir: &Path) -> Option<FlavorArg> {
    let name = dir.file_name()?.to_str()?.to_ascii_lowercase();
    FLAVOUR_FOLDERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
}

/// Finds the flavour folder for `dir` and what it holds; `flavor` is `--flavor` if given.
pub fn locate(dir: &Path, flavor: Option<FlavorArg>) -> Result<WowDir, String> {
    let shown = dir.display();
    if !dir.is_dir() {
        return Err(format!("--wow {shown}: not a readable folder"));
    }
    let (folder, folder_flavor) = match flavour_of_folder(dir) {
        Some(f) => (dir.to_path_buf(), f),
        None => {
            let present: Vec<FlavorArg> =
                [FlavorArg::Retail, FlavorArg::Classic, FlavorArg::ClassicEra]
                    .into_iter()
                    .filter(|f| resolve_path_ci(dir, main_folder(*f)).is_some_and(|p| p.is_dir()))
                    .collect();
            let names = |fs: &[FlavorArg]| {
                fs.iter()
                    .map(|f| main_folder(*f))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let pick = match (flavor, present.as_slice()) {
                (_, []) => {
                    return Err(format!(
                        "--wow {shown}: neither a flavour folder (_retail_, _classic_, _classic_era_) nor an installation holding one"
                    ))
                }
                (Some(f), _) if present.contains(&f) => f,
                (Some(f), _) => {
                    return Err(format!(
                        "--wow {shown}: no {} folder for --flavor {}; it has {}",
                        main_folder(f),
                        crate::config::flavor_name(f),
                        names(&present)
                    ))
                }
                (None, [only]) => *only,
                (None, _) => {
                    return Err(format!(
                        "--wow {shown}: holds {}; pick one with --flavor",
                        names(&present)
                    ))
                }
            };
            let folder = resolve_path_ci(dir, main_folder(pick)).expect("checked above");
            (folder, pick)
        }
    };
    let sub = |rel: &str| resolve_path_ci(&folder, rel).filter(|p| p.is_dir());
    Ok(WowDir {
        addons: sub("Interface/AddOns"),
        wtf: sub("WTF"),
        blizzard_ui: sub("BlizzardInterfaceCode/Interface/AddOns"),
        art: sub("BlizzardInterfaceArt/Interface").and_then(|p| p.parent().map(Path::to_path_buf)),
        dir: folder,
        flavor: folder_flavor,
    })
}

/// The sub-folders of `dir` (names as on disk), sorted, without `skip` (any case).
fn folders(dir: &Path, skip: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.eq_ignore_ascii_case(skip))
        .collect();
    v.sort();
    v
}

/// The accounts of a WTF folder (`WTF/Account/<NAME>`).
pub fn accounts(wtf: &Path) -> Vec<String> {
    match resolve_path_ci(wtf, "Account") {
        Some(d) => folders(&d, "SavedVariables"),
        None => Vec::new(),
    }
}

/// (realm, character) pairs of an account (`WTF/Account/<NAME>/<Realm>/<Character>`).
pub fn characters(wtf: &Path, account: &str) -> Vec<(String, String)> {
    let Some(acc) = resolve_path_ci(wtf, &format!("Account/{account}")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for realm in folders(&acc, "SavedVariables") {
        for ch in folders(&acc.join(&realm), "SavedVariables") {
            out.push((realm.clone(), ch));
        }
    }
    out
}
