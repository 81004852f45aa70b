//! `--wow DIR`: what a game installation offers. DIR is a flavour folder (`_retail_`,
//! `_classic_`, `_classic_era_`, or a PTR/beta one) or the install root holding them (then
//! `--flavor`, or the only flavour folder there, picks one). Inside it: `Interface/AddOns`, `WTF`
//! and what the client's `exportInterfaceFiles code|art` writes (`BlizzardInterfaceCode/
//! Interface/AddOns`, `BlizzardInterfaceArt/Interface`). Names are matched in any case, as on
//! Windows and macOS. Only finds; `config` decides what to use.

use std::path::{Path, PathBuf};
use wowsim_core::Flavor;
use wowsim_toc::resolve_path_ci;

/// Flavour folder names (lower case) and the flavour each runs.
const FLAVOUR_FOLDERS: &[(&str, Flavor)] = &[
    ("_retail_", Flavor::Retail),
    ("_ptr_", Flavor::Retail),
    ("_xptr_", Flavor::Retail),
    ("_beta_", Flavor::Retail),
    ("_classic_", Flavor::Classic),
    ("_classic_ptr_", Flavor::Classic),
    ("_classic_beta_", Flavor::Classic),
    ("_classic_era_", Flavor::ClassicEra),
    ("_classic_era_ptr_", Flavor::ClassicEra),
];

/// The folder an install root has for each flavour (the live client's).
fn main_folder(f: Flavor) -> &'static str {
    match f {
        Flavor::Retail => "_retail_",
        Flavor::Classic => "_classic_",
        Flavor::ClassicEra => "_classic_era_",
    }
}

/// What was found in one flavour folder.
#[derive(Debug)]
pub struct WowDir {
    /// The flavour folder.
    pub dir: PathBuf,
    pub flavor: Flavor,
    /// `Interface/AddOns`.
    pub addons: Option<PathBuf>,
    /// `WTF`.
    pub wtf: Option<PathBuf>,
    /// `BlizzardInterfaceCode/Interface/AddOns` (`exportInterfaceFiles code`).
    pub blizzard_ui: Option<PathBuf>,
    /// `BlizzardInterfaceArt`, when it holds `Interface` (`exportInterfaceFiles art`).
    pub art: Option<PathBuf>,
}

fn flavour_of_folder(dir: &Path) -> Option<Flavor> {
    let name = dir.file_name()?.to_str()?.to_ascii_lowercase();
    FLAVOUR_FOLDERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
}

/// Finds the flavour folder for `dir` and what it holds; `flavor` is `--flavor` if given.
pub fn locate(dir: &Path, flavor: Option<Flavor>) -> Result<WowDir, String> {
    let shown = dir.display();
    if !dir.is_dir() {
        return Err(format!("--wow {shown}: not a readable folder"));
    }
    let (folder, folder_flavor) = match flavour_of_folder(dir) {
        Some(f) => (dir.to_path_buf(), f),
        None => {
            let present: Vec<Flavor> = [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra]
                .into_iter()
                .filter(|f| resolve_path_ci(dir, main_folder(*f)).is_some_and(|p| p.is_dir()))
                .collect();
            let names = |fs: &[Flavor]| {
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
