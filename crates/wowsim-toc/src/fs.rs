//! File-system side: picking an addon's TOC file, case-insensitive path lookup, and scanning addon folders.
//!
//! The client runs on case-insensitive file systems, so every lookup here matches names
//! ASCII case-insensitively; when several entries differ only by case, the exact spelling
//! wins, then the first in sorted order, so results do not depend on directory order.

use crate::flavor::{Flavor, TocContext};
use crate::parse::parse_toc_bytes;
use crate::toc::Toc;
use std::path::{Path, PathBuf};

/// An addon folder with its chosen, parsed TOC.
#[derive(Clone, Debug)]
pub struct DiscoveredAddon {
    /// The folder name, which is the addon's name.
    pub name: String,
    /// The addon folder.
    pub dir: PathBuf,
    /// The TOC file used.
    pub toc_path: PathBuf,
    /// The parsed TOC.
    pub toc: Toc,
    /// Whether it came from a Blizzard (secure) root.
    pub blizzard: bool,
}

/// Directory entries of `dir` as `(name, path)`, sorted by name (ASCII case-insensitive,
/// then exact); empty if unreadable.
fn sorted_entries(dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<(String, PathBuf)> = rd
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path())))
        .collect();
    entries.sort_by_cached_key(|(n, _)| (n.to_ascii_lowercase(), n.clone()));
    entries
}

/// The entry of `dir` named `name`, case-insensitively (exact spelling preferred).
fn find_ci(dir: &Path, name: &str) -> Option<PathBuf> {
    let exact = dir.join(name);
    if exact.exists() {
        return Some(exact);
    }
    sorted_entries(dir)
        .into_iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, p)| p)
}

/// Finds the TOC file the client would use for addon folder `dir` (folder name = addon
/// name), case-insensitively: `Name_<Game>.toc`, `Name-<Game>.toc`, `Name_<Family>.toc`,
/// `Name-<Family>.toc`, then `Name.toc` (see [`Flavor::toc_suffixes`]).
pub fn choose_toc_file(dir: &Path, flavor: Flavor) -> Option<PathBuf> {
    let name = dir.file_name()?.to_str()?;
    let entries = sorted_entries(dir);
    flavor.toc_suffixes().iter().find_map(|suffix| {
        let want = format!("{name}{suffix}.toc");
        let mut hits = entries
            .iter()
            .filter(|(n, p)| n.eq_ignore_ascii_case(&want) && p.is_file());
        let first = hits.next()?;
        let exact = entries.iter().find(|(n, p)| *n == want && p.is_file());
        Some(exact.unwrap_or(first).1.clone())
    })
}

/// Resolves a relative path with '/' or '\\' separators under `base`, matching each
/// component case-insensitively (as on Windows). Empty and `.` components are skipped and
/// `..` goes up one level. Returns None if not found.
pub fn resolve_path_ci(base: &Path, rel: &str) -> Option<PathBuf> {
    let mut cur = base.to_path_buf();
    // Whether `cur` is known to exist: `find_ci` found it. (A component under a file finds
    // nothing: neither the joined path exists nor can the file be listed.)
    let mut found = false;
    for comp in rel.split(['/', '\\']) {
        match comp {
            "" | "." => continue,
            ".." => {
                cur = cur.parent()?.to_path_buf();
                found = false;
            }
            _ => {
                cur = find_ci(&cur, comp)?;
                found = true;
            }
        }
    }
    (found || cur.exists()).then_some(cur)
}

/// Why a file an addon names (a TOC line, an XML `file=`) is not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusedRef {
    /// An absolute path (`/x`, `\\x`, `C:\x`).
    Absolute,
    /// `..` climbs out of the AddOns folder that holds the addon.
    LeavesAddOns,
    /// No such file.
    Missing,
}

impl std::fmt::Display for RefusedRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RefusedRef::Absolute => "an absolute path is not allowed",
            RefusedRef::LeavesAddOns => "the path leaves the AddOns folder",
            RefusedRef::Missing => "no such file",
        })
    }
}

/// Resolves a file that the addon in `addon_dir` names (as [`resolve_path_ci`] does), refusing
/// what would read outside the AddOns folder holding it: absolute paths, and `..` past that
/// folder (`..` to a sibling addon stays inside). Checked on the text, so a symlink inside the
/// addon (a developer's linked folder) is followed wherever it points.
pub fn resolve_addon_file(addon_dir: &Path, rel: &str) -> Result<PathBuf, RefusedRef> {
    let b = rel.as_bytes();
    if b.first().is_some_and(|c| *c == b'/' || *c == b'\\') || b.get(1) == Some(&b':') {
        return Err(RefusedRef::Absolute);
    }
    let mut depth: i64 = 0;
    for comp in rel.split(['/', '\\']) {
        match comp {
            "" | "." => {}
            ".." => {
                depth -= 1;
                if depth < -1 {
                    return Err(RefusedRef::LeavesAddOns);
                }
            }
            _ => depth += 1,
        }
    }
    resolve_path_ci(addon_dir, rel).ok_or(RefusedRef::Missing)
}

/// Reads a file the client would load, only if it is a regular file (after symlinks): a FIFO
/// or a device listed by an addon would block the read for ever or never end.
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a FIFO, socket or device)"
        };
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, what));
    }
    std::fs::read(path)
}

/// Scans each root (a folder of addon folders) in order; folders without a usable TOC are
/// skipped with a note. The same addon name (case-insensitive) in two roots: the first
/// wins, and the later one is noted. Folders within a root are taken in name order
/// (case-insensitive).
///
/// Returns the addons and human-readable notes (skipped folders, duplicates, unreadable
/// roots or TOC files).
pub fn discover_addons(
    roots: &[(PathBuf, bool)],
    ctx: &TocContext,
) -> (Vec<DiscoveredAddon>, Vec<String>) {
    let mut addons: Vec<DiscoveredAddon> = Vec::new();
    let mut notes = Vec::new();
    for (root, blizzard) in roots {
        if !root.is_dir() {
            notes.push(format!("{}: not a folder, skipped", root.display()));
            continue;
        }
        for (name, dir) in sorted_entries(root) {
            if !dir.is_dir() {
                continue;
            }
            if let Some(prev) = addons.iter().find(|a| a.name.eq_ignore_ascii_case(&name)) {
                notes.push(format!(
                    "{}: addon {name} already found in {}, ignored",
                    dir.display(),
                    prev.dir.display()
                ));
                continue;
            }
            let Some(toc_path) = choose_toc_file(&dir, ctx.flavor) else {
                notes.push(format!(
                    "{}: no {name}.toc for {} in the folder, skipped",
                    dir.display(),
                    ctx.flavor
                ));
                continue;
            };
            let bytes = match read_regular(&toc_path) {
                Ok(b) => b,
                Err(e) => {
                    notes.push(format!("{}: cannot read: {e}", toc_path.display()));
                    continue;
                }
            };
            let toc = parse_toc_bytes(&bytes, ctx);
            addons.push(DiscoveredAddon {
                name,
                dir,
                toc_path,
                toc,
                blizzard: *blizzard,
            });
        }
    }
    (addons, notes)
}

#[cfg(test)]
#[path = "fs_tests.rs"]
mod tests;
