//! Finding files by the client's path, shared by texture loading (`wowsim-raster`) and font
//! loading (the simulator): a client path (`Interface\AddOns\MyAddon\Art\Bar`,
//! `Fonts\FRIZQT__.TTF`; any case, `\` or `/`) is looked up under each [`Root`] whose prefix it
//! starts with, the rest matched component by component ignoring case. Directory listings are
//! cached, so a folder is read once however many paths are looked up in it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A folder that serves client paths starting with `prefix` (components, any case).
#[derive(Clone, Debug)]
pub struct Root {
    pub prefix: Vec<String>,
    pub dir: PathBuf,
}

impl Root {
    /// `prefix` like `"Interface/AddOns"` (empty = serves every path from the folder root).
    pub fn new(prefix: &str, dir: impl Into<PathBuf>) -> Root {
        Root {
            prefix: split(prefix),
            dir: dir.into(),
        }
    }
}

/// A client path's components (`\` and `/` separate; empty and `.` components dropped).
pub fn split(p: &str) -> Vec<String> {
    p.split(['\\', '/'])
        .filter(|c| !c.is_empty() && *c != ".")
        .map(str::to_string)
        .collect()
}

/// The cache key of a client path: its components, lower case, joined by `/`.
pub fn key(p: &str) -> String {
    split(p).join("/").to_ascii_lowercase()
}

/// Client path → file lookup over roots, with cached directory listings.
#[derive(Clone, Debug, Default)]
pub struct FileFinder {
    roots: Vec<Root>,
    dirs: HashMap<PathBuf, Vec<String>>,
}

impl FileFinder {
    pub fn new(roots: Vec<Root>) -> FileFinder {
        FileFinder {
            roots,
            dirs: HashMap::new(),
        }
    }

    /// The file a client path names: the first root that has it. When the named file is absent
    /// (or the path has no extension), the same stem with each of `exts` is tried in order.
    pub fn find(&mut self, client_path: &str, exts: &[&str]) -> Option<PathBuf> {
        let parts = split(client_path);
        if parts.is_empty() {
            return None;
        }
        for i in 0..self.roots.len() {
            let r = &self.roots[i];
            if parts.len() <= r.prefix.len()
                || !r
                    .prefix
                    .iter()
                    .zip(&parts)
                    .all(|(a, b)| a.eq_ignore_ascii_case(b))
            {
                continue;
            }
            let (dir, skip) = (r.dir.clone(), r.prefix.len());
            if let Some(p) = self.resolve(&dir, &parts[skip..], exts) {
                return Some(p);
            }
        }
        None
    }

    fn listing(&mut self, dir: &Path) -> &[String] {
        self.dirs.entry(dir.to_path_buf()).or_insert_with(|| {
            let mut v: Vec<String> = std::fs::read_dir(dir)
                .map(|rd| {
                    rd.flatten()
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            v
        })
    }

    fn child(&mut self, dir: &Path, name: &str) -> Option<PathBuf> {
        let found = self
            .listing(dir)
            .iter()
            .find(|n| n.eq_ignore_ascii_case(name))?
            .clone();
        Some(dir.join(found))
    }

    fn resolve(&mut self, root: &Path, rest: &[String], exts: &[&str]) -> Option<PathBuf> {
        let mut dir = root.to_path_buf();
        let (last, folders) = rest.split_last()?;
        for f in folders {
            dir = self.child(&dir, f).filter(|p| p.is_dir())?;
        }
        if let Some(p) = self.child(&dir, last).filter(|p| p.is_file()) {
            return Some(p);
        }
        let stem = match last.rsplit_once('.') {
            Some((s, ext)) if ext.len() <= 4 => s,
            _ => last.as_str(),
        };
        for ext in exts {
            if let Some(p) = self
                .child(&dir, &format!("{stem}.{ext}"))
                .filter(|p| p.is_file())
            {
                return Some(p);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_by_prefix_any_case_and_extension() {
        let dir = std::env::temp_dir().join(format!("wowsim-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("Fonts")).unwrap();
        std::fs::write(dir.join("Fonts").join("frizqt__.ttf"), b"x").unwrap();
        std::fs::write(dir.join("Fonts").join("Bar.tga"), b"x").unwrap();
        let mut f = FileFinder::new(vec![
            Root::new("Interface/AddOns", dir.join("nope")),
            Root::new("", &dir),
        ]);
        let want = dir.join("Fonts").join("frizqt__.ttf");
        assert_eq!(f.find("Fonts\\FRIZQT__.TTF", &[]), Some(want.clone()));
        assert_eq!(f.find("fonts/Frizqt__.ttf", &[]), Some(want));
        assert_eq!(
            f.find("Fonts\\Bar", &["blp", "tga"]),
            Some(dir.join("Fonts/Bar.tga"))
        );
        assert_eq!(f.find("Fonts\\Bar", &["blp"]), None);
        assert_eq!(f.find("Fonts", &[]), None);
        assert_eq!(key("Fonts\\\\FRIZQT__.TTF"), "fonts/frizqt__.ttf");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
