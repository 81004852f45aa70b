//! Which spec files `wow-sim test` runs: the paths given (files, or folders searched for
//! `*_spec.lua`), else each addon folder's `spec/` and `tests/` folders, or the folders its
//! `.wowsim.toml` names:
//!
//! ```toml
//! [test]
//! paths = ["spec"]          # folders (or files) relative to the addon folder
//! suffix = "_spec.lua"      # file names that are specs
//! helper = "spec/helper.lua" # run before each spec file, in its environment (busted's --helper)
//! ```

use std::path::{Path, PathBuf};

/// One spec file to run, and the addon it belongs to (its folder name), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecFile {
    pub path: PathBuf,
    /// How it is shown and named in records: relative to the working folder when inside it.
    pub shown: String,
    pub addon: Option<String>,
    /// The helper file of its addon's `.wowsim.toml`, if any.
    pub helper: Option<PathBuf>,
}

/// The settings of an addon's `.wowsim.toml` `[test]` table.
#[derive(Debug, PartialEq, Eq)]
struct TestSettings {
    paths: Vec<String>,
    suffix: String,
    helper: Option<String>,
}

const DEFAULT_SUFFIX: &str = "_spec.lua";

impl Default for TestSettings {
    fn default() -> Self {
        TestSettings {
            paths: vec!["spec".into(), "tests".into()],
            suffix: DEFAULT_SUFFIX.into(),
            helper: None,
        }
    }
}

fn read_settings(addon_dir: &Path) -> anyhow::Result<TestSettings> {
    let file = addon_dir.join(".wowsim.toml");
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Ok(TestSettings::default());
    };
    let value: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| anyhow::anyhow!("{}: {}", file.display(), e))?;
    let mut settings = TestSettings::default();
    let Some(test) = value.get("test") else {
        return Ok(settings);
    };
    let bad = |what: &str| anyhow::anyhow!("{}: [test] {what}", file.display());
    let test = test.as_table().ok_or_else(|| bad("must be a table"))?;
    if let Some(paths) = test.get("paths") {
        let list = paths
            .as_array()
            .ok_or_else(|| bad("paths must be a list of strings"))?;
        settings.paths = list
            .iter()
            .map(|p| p.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or_else(|| bad("paths must be a list of strings"))?;
    }
    if let Some(helper) = test.get("helper") {
        settings.helper = Some(
            helper
                .as_str()
                .ok_or_else(|| bad("helper must be a string"))?
                .to_string(),
        );
    }
    if let Some(suffix) = test.get("suffix") {
        settings.suffix = suffix
            .as_str()
            .ok_or_else(|| bad("suffix must be a string"))?
            .to_string();
    }
    Ok(settings)
}

/// Spec files under `dir` (recursively, sorted, hidden folders skipped).
fn specs_under(dir: &Path, suffix: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') {
            continue;
        }
        if p.is_dir() {
            specs_under(&p, suffix, out);
        } else if name.ends_with(suffix) && p.is_file() {
            out.push(p);
        }
    }
}

fn shown(path: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let rel = cwd
        .as_deref()
        .and_then(|c| path.strip_prefix(c).ok())
        .unwrap_or(path);
    rel.to_string_lossy().replace('\\', "/")
}

/// The addon folder a spec belongs to: the folder directly under one of `addon_dirs` that
/// holds it.
fn addon_of(path: &Path, addon_dirs: &[PathBuf]) -> Option<PathBuf> {
    let abs = std::fs::canonicalize(path).ok()?;
    addon_dirs.iter().find_map(|d| {
        let d = std::fs::canonicalize(d).ok()?;
        let rest = abs.strip_prefix(&d).ok()?;
        let first = rest.components().next()?;
        Some(d.join(first))
    })
}

/// The spec files to run: `paths` if given, else every addon's under `addon_dirs`.
pub fn find(paths: &[PathBuf], addon_dirs: &[PathBuf]) -> anyhow::Result<Vec<SpecFile>> {
    let mut files = Vec::new();
    if paths.is_empty() {
        for dir in addon_dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut addons: Vec<PathBuf> =
                entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            addons.sort();
            for addon in addons.iter().filter(|a| a.is_dir()) {
                let settings = read_settings(addon)?;
                for p in &settings.paths {
                    let p = addon.join(p);
                    if p.is_file() {
                        files.push(p);
                    } else {
                        specs_under(&p, &settings.suffix, &mut files);
                    }
                }
            }
        }
    } else {
        for p in paths {
            if p.is_dir() {
                specs_under(p, DEFAULT_SUFFIX, &mut files);
            } else if p.is_file() {
                files.push(p.clone());
            } else {
                anyhow::bail!("{}: no such spec file or folder", p.display());
            }
        }
    }
    files
        .into_iter()
        .map(|path| {
            let dir = addon_of(&path, addon_dirs);
            let helper = match &dir {
                Some(d) => read_settings(d)?.helper.map(|h| d.join(h)),
                None => None,
            };
            Ok(SpecFile {
                shown: shown(&path),
                addon: dir.and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned())),
                helper,
                path,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("wowsim-discover-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn touch(p: &Path) {
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, "").unwrap();
    }

    #[test]
    fn default_folders_and_toml_settings() {
        let root = temp("toml");
        touch(&root.join("A/spec/core_spec.lua"));
        touch(&root.join("A/spec/helper.lua"));
        touch(&root.join("A/tests/deep/ui_spec.lua"));
        touch(&root.join("B/checks/one_test.lua"));
        touch(&root.join("B/spec/ignored_spec.lua"));
        std::fs::write(
            root.join("B/.wowsim.toml"),
            "[test]\npaths = [\"checks\"]\nsuffix = \"_test.lua\"\nhelper = \"checks/h.lua\"\n",
        )
        .unwrap();
        let found = find(&[], std::slice::from_ref(&root)).unwrap();
        let names: Vec<_> = found
            .iter()
            .map(|f| {
                let rel = f.path.strip_prefix(&root).unwrap();
                (rel.to_string_lossy().into_owned(), f.addon.clone().unwrap())
            })
            .collect();
        assert_eq!(
            names,
            vec![
                ("A/spec/core_spec.lua".to_string(), "A".to_string()),
                ("A/tests/deep/ui_spec.lua".to_string(), "A".to_string()),
                ("B/checks/one_test.lua".to_string(), "B".to_string()),
            ]
        );
        let canonical = std::fs::canonicalize(&root).unwrap();
        assert_eq!(found[0].helper, None);
        assert_eq!(found[2].helper, Some(canonical.join("B/checks/h.lua")));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn bad_toml_names_the_file() {
        let root = temp("bad");
        touch(&root.join("A/spec/x_spec.lua"));
        std::fs::write(root.join("A/.wowsim.toml"), "[test]\npaths = 3\n").unwrap();
        let err = find(&[], std::slice::from_ref(&root))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(".wowsim.toml") && err.contains("paths"),
            "{err}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_missing_path_is_an_error() {
        let err = find(&[PathBuf::from("no/such/spec_dir")], &[]).unwrap_err();
        assert!(err.to_string().contains("no/such/spec_dir"));
    }
}
