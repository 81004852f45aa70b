//! The cache of downloaded client files: Blizzard's UI source (`ui`) and client resources
//! (`resources`: global strings, atlas info, in the BlizzardInterfaceResources layout), one
//! folder per flavour under `$XDG_CACHE_HOME/wow-sim/<kind>/<flavor>/`:
//!
//! ```text
//! ui/classic_era/classic_era-0123456789ab/Interface/AddOns/Blizzard_*/…
//! ui/classic_era/classic_era-0123456789ab/wow-sim-source.json   (source, ref, commit, url)
//! ui/classic_era/current                                        (the entry later runs use)
//! resources/retail/mainline-…/AtlasInfo.lua, GlobalStrings/enUS.lua, …
//! ```
//!
//! An entry appears only whole (built in a `.tmp-*` folder, then renamed), and `current` is
//! replaced by a rename, so a broken download never leaves an entry that runs would use.
//! Reading the cache needs no network code; `fetch` (the `fetch` feature) adds entries.

#[cfg(feature = "fetch")]
pub mod fetch;
#[cfg(feature = "fetch")]
mod unpack;

use std::path::{Path, PathBuf};
use wowsim_core::Flavor;

/// What a cache entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Blizzard's UI source: `Interface/AddOns/Blizzard_*`.
    Ui,
    /// Client resources: `AtlasInfo.lua`, `GlobalStrings/<locale>.lua`, ….
    Resources,
}

impl Kind {
    pub fn folder(self) -> &'static str {
        match self {
            Kind::Ui => "ui",
            Kind::Resources => "resources",
        }
    }
}

/// The archive server used when none is given: GitHub's, `BASE/OWNER/NAME/tar.gz/REF`.
pub const DEFAULT_MIRROR: &str = "https://codeload.github.com";

/// The record file of an entry.
pub const RECORD: &str = "wow-sim-source.json";
/// The file naming the entry in use.
const CURRENT: &str = "current";

/// `<cache>/<kind>/<flavor>`.
pub fn flavour_dir(cache: &Path, kind: Kind, flavor: Flavor) -> PathBuf {
    cache
        .join(kind.folder())
        .join(crate::config::flavor_name(flavor))
}

/// One complete entry.
#[derive(Clone, Debug)]
pub struct Entry {
    pub path: PathBuf,
    pub source: String,
    pub reference: String,
    pub commit: Option<String>,
    pub current: bool,
}

impl Entry {
    /// What runs load: `Interface/AddOns` of a UI entry, the entry itself for resources (an
    /// `--art` folder with `AtlasInfo.lua` at its top).
    pub fn load_dir(&self, kind: Kind) -> PathBuf {
        match kind {
            Kind::Ui => self.path.join("Interface").join("AddOns"),
            Kind::Resources => self.path.clone(),
        }
    }

    /// `source@ref (commit)` for notes.
    pub fn describe(&self) -> String {
        match &self.commit {
            Some(c) => format!("{}@{} (commit {c})", self.source, self.reference),
            None => format!("{}@{}", self.source, self.reference),
        }
    }
}

fn read_entry(dir: &Path, name: &str, current: bool) -> Option<Entry> {
    let path = dir.join(name);
    let text = std::fs::read_to_string(path.join(RECORD)).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
    Some(Entry {
        source: s("source")?,
        reference: s("ref")?,
        commit: s("commit"),
        current,
        path,
    })
}

fn current_name(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join(CURRENT)).ok()?;
    let name = text.trim();
    (!name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\']))
        .then(|| name.to_string())
}

/// The entry later runs use, when it is there and complete.
pub fn current(cache: &Path, kind: Kind, flavor: Flavor) -> Option<Entry> {
    let dir = flavour_dir(cache, kind, flavor);
    let entry = read_entry(&dir, &current_name(&dir)?, true)?;
    entry.load_dir(kind).is_dir().then_some(entry)
}

/// Every complete entry of a flavour, by name.
pub fn list(cache: &Path, kind: Kind, flavor: Flavor) -> Vec<Entry> {
    let dir = flavour_dir(cache, kind, flavor);
    let cur = current_name(&dir);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    names
        .iter()
        .filter_map(|n| read_entry(&dir, n, cur.as_deref() == Some(n.as_str())))
        .collect()
}
