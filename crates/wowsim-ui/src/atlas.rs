//! Atlas data from a user-provided export: an `AtlasInfo.lua` in an `--art` folder, in the
//! layout of the public BlizzardInterfaceResources export (generated from the client):
//!
//! ```lua
//! local AtlasInfo = {
//!     ["interface/folder/file"] = { -- file id
//!         ["AtlasName"] = {width, height, left, right, top, bottom, tilesH, tilesV},
//!     },
//! }
//! ```
//!
//! With it, `SetAtlas` draws the atlas's part of its file (`useAtlasSize` sizes the region) and
//! `C_Texture.GetAtlasInfo` answers the real numbers; without it atlases stay placeholders.
//! The file is read as data, never run: each entry is one line, and a line that looks like an
//! entry but does not parse is reported with its file and line number.

use std::collections::HashMap;
use std::path::PathBuf;

/// One atlas: its part of a file, in tex coords, and its size in UI units.
#[derive(Clone, Debug, PartialEq)]
pub struct AtlasEntry {
    /// The name as the export spells it.
    pub name: String,
    /// The client path of the file holding it (`interface/folder/file`).
    pub file: String,
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
    pub tiles_h: bool,
    pub tiles_v: bool,
}

/// Atlases by name (any case).
#[derive(Clone, Debug, Default)]
pub struct AtlasDb {
    map: HashMap<String, AtlasEntry>,
}

impl AtlasDb {
    /// Whether any atlas data was loaded.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn get(&self, name: &str) -> Option<&AtlasEntry> {
        self.map.get(&name.to_ascii_lowercase())
    }

    /// Adds the entries of one export's text; returns the lines that could not be read
    /// (`name:line: why`).
    pub fn parse(&mut self, text: &str, name: &str) -> Vec<String> {
        let mut problems = Vec::new();
        let mut file: Option<String> = None;
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            let Some(rest) = t.strip_prefix("[\"") else {
                continue;
            };
            let Some((key, value)) = rest.split_once("\"]") else {
                problems.push(format!("{name}:{}: no closing \"] after the key", i + 1));
                continue;
            };
            let value = value.trim_start().trim_start_matches('=').trim();
            let body = value.strip_prefix('{').map(str::trim);
            match body {
                // A file block: `["interface/x/y"] = { -- 1234`.
                Some(b) if b.is_empty() || b.starts_with("--") => file = Some(key.to_string()),
                Some(b) => match (&file, entry(key, b)) {
                    (Some(f), Some(mut e)) => {
                        e.file = f.clone();
                        self.map.insert(key.to_ascii_lowercase(), e);
                    }
                    (None, _) => {
                        problems.push(format!("{name}:{}: atlas {key} outside a file block", i + 1))
                    }
                    (_, None) => problems.push(format!(
                        "{name}:{}: atlas {key}: expected {{width, height, left, right, top, bottom, tilesH, tilesV}}",
                        i + 1
                    )),
                },
                None => {}
            }
        }
        problems
    }
}

/// `w, h, l, r, t, b, tilesH, tilesV},` → an entry (file filled in by the caller).
fn entry(name: &str, body: &str) -> Option<AtlasEntry> {
    let inner = body.split('}').next()?;
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    if parts.len() < 6 {
        return None;
    }
    let n: Vec<f64> = parts[..6]
        .iter()
        .map(|p| p.parse::<f64>().ok())
        .collect::<Option<_>>()?;
    let flag = |i: usize| parts.get(i).is_some_and(|p| *p == "true");
    Some(AtlasEntry {
        name: name.to_string(),
        file: String::new(),
        width: n[0],
        height: n[1],
        left: n[2],
        right: n[3],
        top: n[4],
        bottom: n[5],
        tiles_h: flag(6),
        tiles_v: flag(7),
    })
}

/// Loads the exports of the art folders; returns the data and notes (what was loaded, what
/// could not be read).
pub fn load(art_dirs: &[PathBuf]) -> (AtlasDb, Vec<String>) {
    let mut db = AtlasDb::default();
    let mut notes = Vec::new();
    for dir in art_dirs {
        // `AtlasInfo.lua` in any case, at the top of the folder.
        let Some(path) = wowsim_toc::resolve_path_ci(dir, "AtlasInfo.lua") else {
            continue;
        };
        let shown = path.display().to_string();
        match std::fs::read(&path) {
            Ok(bytes) => {
                let before = db.len();
                let problems = db.parse(&String::from_utf8_lossy(&bytes), &shown);
                notes.push(format!(
                    "atlas data: {} atlases from {shown}",
                    db.len() - before
                ));
                let n = problems.len();
                notes.extend(problems.into_iter().take(10));
                if n > 10 {
                    notes.push(format!("{shown}: {} more lines could not be read", n - 10));
                }
            }
            Err(e) => notes.push(format!("atlas data: cannot read {shown}: {e}")),
        }
    }
    (db, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_export_and_says_which_lines_are_bad() {
        let text = r#"-- comment
local AtlasInfo = {
	["interface/test/art"] = { -- 123
		["Test-Box"] = {32, 16, 0.0, 0.5, 0.25, 0.5, false, true},
		["test-bad"] = {32, x, 0, 1, 0, 1, false, false},
	},
}
"#;
        let mut db = AtlasDb::default();
        let problems = db.parse(text, "AtlasInfo.lua");
        let e = db.get("TEST-box").unwrap();
        assert_eq!(e.file, "interface/test/art");
        assert_eq!((e.width, e.height, e.right, e.top), (32.0, 16.0, 0.5, 0.25));
        assert_eq!((e.tiles_h, e.tiles_v), (false, true));
        assert_eq!(db.len(), 1);
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].starts_with("AtlasInfo.lua:5: atlas test-bad"),
            "{problems:?}"
        );
    }
}
