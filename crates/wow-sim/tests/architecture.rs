//! The architecture rules of ARCHITECTURE.md, checked in one place from `cargo metadata` (the
//! resolved dependency graph) and from the sources:
//! - every crate depends only on the crates below it (the `LAYERS` table, edges downward only);
//! - the UI model, the parsers, the layout, the drawing path and the rasterizer know nothing of
//!   Lua (mlua is not in their dependency closure); only the runtime, the API and the loader
//!   (and the benchmarks, which measure the VM) depend on mlua; the CLI and the window do not;
//! - only the window crate depends on iced (or winit/wgpu/softbuffer), and the CLI's dependency
//!   on it is optional, so the headless build has none of them;
//! - unsafe code is allowed only in the runtime (the Lua C API), the process allocator, the
//!   spec runner's fork of the started client, and the window test's X11 support;
//! - no source file is over 800 lines and no function over 100 lines;
//! - the parts of the two grouped state owners (`WidgetStates` beside the UI arena, `GameState`
//!   of the game API) are reached only through their owner, never as VM app data of their own;
//! - the minimum Rust version is true: every crate declares the workspace's `rust-version`, no
//!   dependency (of this host's platform, as `cargo metadata` resolves them) needs a newer one,
//!   and the README states it.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Each workspace crate and the workspace crates it may depend on (normal dependencies).
const LAYERS: &[(&str, &[&str])] = &[
    ("wowsim-flavor", &[]),
    ("wowsim-toc", &["wowsim-flavor"]),
    ("wowsim-xml", &["wowsim-flavor"]),
    ("wowsim-data", &["wowsim-flavor"]),
    ("wowsim-layout", &[]),
    ("wowsim-savedvars", &[]),
    ("wowsim-render", &[]),
    ("wowsim-lua-sys", &[]),
    ("wowsim-lua", &["wowsim-lua-sys"]),
    (
        "wowsim-ui",
        &[
            "wowsim-flavor",
            "wowsim-toc",
            "wowsim-data",
            "wowsim-layout",
            "wowsim-render",
        ],
    ),
    ("wowsim-raster", &["wowsim-render"]),
    (
        "wowsim-api",
        &[
            "wowsim-flavor",
            "wowsim-toc",
            "wowsim-xml",
            "wowsim-data",
            "wowsim-layout",
            "wowsim-render",
            "wowsim-lua",
            "wowsim-ui",
        ],
    ),
    (
        "wowsim-core",
        &[
            "wowsim-flavor",
            "wowsim-toc",
            "wowsim-xml",
            "wowsim-data",
            "wowsim-layout",
            "wowsim-savedvars",
            "wowsim-render",
            "wowsim-lua",
            "wowsim-ui",
            "wowsim-api",
        ],
    ),
    ("iced_dynamic", &[]),
    (
        "wowsim-gui",
        &[
            "wowsim-core",
            "wowsim-raster",
            "wowsim-render",
            "iced_dynamic",
        ],
    ),
    (
        "wow-sim",
        &[
            "wowsim-core",
            "wowsim-raster",
            "wowsim-render",
            "wowsim-gui",
            "wowsim-savedvars",
            "wowsim-toc",
            "wowsim-data",
        ],
    ),
    (
        "wowsim-bench",
        &[
            "wowsim-core",
            "wowsim-api",
            "wowsim-ui",
            "wowsim-xml",
            "wowsim-lua",
            "wowsim-toc",
            "wowsim-data",
            "wowsim-savedvars",
            "wowsim-render",
            "wowsim-raster",
            "wowsim-layout",
        ],
    ),
];

/// Crates whose dependency closure must not contain mlua.
const WITHOUT_LUA: &[&str] = &[
    "wowsim-flavor",
    "wowsim-toc",
    "wowsim-xml",
    "wowsim-data",
    "wowsim-layout",
    "wowsim-savedvars",
    "wowsim-render",
    "wowsim-ui",
    "wowsim-raster",
];

/// Crates that may name mlua as a direct dependency.
const MAY_USE_MLUA: &[&str] = &["wowsim-lua", "wowsim-api", "wowsim-core", "wowsim-bench"];

const GUI_CRATES: &[&str] = &["iced", "winit", "wgpu", "softbuffer"];

struct Graph {
    /// Workspace package name → its normal dependencies (package names), with `optional`.
    direct: BTreeMap<String, Vec<(String, bool)>>,
    /// Package id → normal dependency ids, from the resolve graph (all features of the build).
    resolve: BTreeMap<String, Vec<String>>,
    /// Workspace package name → its id.
    ids: BTreeMap<String, String>,
}

/// The host's target triple (`cargo -vV`): the resolve is read for it, so that no package of
/// another platform (which a build here never downloads) is needed offline.
fn host_triple() -> String {
    let out = Command::new(env!("CARGO"))
        .arg("-vV")
        .output()
        .expect("cargo -vV runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("cargo -vV names the host")
        .to_string()
}

fn metadata() -> Graph {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let host = host_triple();
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--filter-platform",
        ])
        .arg(&host)
        .current_dir(&root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let members: BTreeSet<&str> = v["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut direct = BTreeMap::new();
    let mut ids = BTreeMap::new();
    for p in v["packages"].as_array().unwrap() {
        let id = p["id"].as_str().unwrap();
        if !members.contains(id) {
            continue;
        }
        let name = p["name"].as_str().unwrap().to_string();
        let deps = p["dependencies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"].is_null())
            .map(|d| {
                (
                    d["name"].as_str().unwrap().to_string(),
                    d["optional"].as_bool().unwrap_or(false),
                )
            })
            .collect();
        ids.insert(name.clone(), id.to_string());
        direct.insert(name, deps);
    }
    let mut resolve = BTreeMap::new();
    for n in v["resolve"]["nodes"].as_array().unwrap() {
        let normal = n["deps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                d["dep_kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|k| k["kind"].is_null())
            })
            .map(|d| d["pkg"].as_str().unwrap().to_string())
            .collect();
        resolve.insert(n["id"].as_str().unwrap().to_string(), normal);
    }
    Graph {
        direct,
        resolve,
        ids,
    }
}

/// The names of every package in `id`'s normal-dependency closure.
fn closure(g: &Graph, id: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![id.to_string()];
    while let Some(i) = stack.pop() {
        for d in g.resolve.get(&i).into_iter().flatten() {
            if seen.insert(d.clone()) {
                stack.push(d.clone());
            }
        }
    }
    // Package ids name the package first (`registry+…#name@1.0` or `path+file:///…#name@…`,
    // or the older `name 1.0 (…)` form).
    seen.iter()
        .map(|i| {
            let tail = i.rsplit('#').next().unwrap_or(i);
            tail.split(['@', ' ']).next().unwrap_or(tail).to_string()
        })
        .collect()
}

#[test]
fn every_crate_depends_only_on_the_layers_below_it() {
    let g = metadata();
    let layers: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    for (name, deps) in &g.direct {
        let allowed = layers
            .get(name.as_str())
            .unwrap_or_else(|| panic!("{name} is not in LAYERS: give it its place"));
        for (d, _) in deps {
            if g.direct.contains_key(d) {
                assert!(
                    allowed.contains(&d.as_str()),
                    "{name} depends on {d}, which is not below it (LAYERS)"
                );
            }
        }
    }
    assert!(g.direct.len() >= 12, "found only {} crates", g.direct.len());
}

#[test]
fn the_model_the_parsers_and_the_drawing_path_know_no_lua() {
    let g = metadata();
    for name in WITHOUT_LUA {
        let Some(id) = g.ids.get(*name) else {
            continue;
        };
        let c = closure(&g, id);
        assert!(
            !c.contains("mlua") && !c.contains("mlua-sys"),
            "{name} reaches mlua through its dependencies"
        );
    }
    for (name, deps) in &g.direct {
        if deps.iter().any(|(d, _)| d == "mlua") {
            assert!(
                MAY_USE_MLUA.contains(&name.as_str()),
                "{name} depends on mlua directly: only {MAY_USE_MLUA:?} may (front ends use Simulator)"
            );
        }
    }
    assert!(g.ids.contains_key("wowsim-ui"), "the UI model crate exists");
    // The closure does find mlua where it is (the check above can fail).
    assert!(closure(&g, &g.ids["wowsim-api"]).contains("mlua"));
}

#[test]
fn only_the_window_knows_iced_and_the_cli_has_it_optionally() {
    let g = metadata();
    for (name, deps) in &g.direct {
        for (d, optional) in deps {
            if GUI_CRATES.contains(&d.as_str()) {
                assert!(
                    name == "wowsim-gui" || name == "iced_dynamic",
                    "{name} depends on {d}"
                );
            }
            if d == "wowsim-gui" {
                assert!(
                    name == "wow-sim" && *optional,
                    "{name} depends on wowsim-gui (only the CLI may, optionally)"
                );
            }
            if d == "iced_dynamic" {
                assert!(
                    name == "wowsim-gui" && *optional,
                    "{name} depends on iced_dynamic"
                );
            }
        }
    }
    let core = closure(&g, &g.ids["wowsim-core"]);
    for gui in GUI_CRATES {
        assert!(!core.contains(*gui), "wowsim-core reaches {gui}");
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Functions longer than `max` lines: from a line that declares `fn` to the line at the same
/// indentation that closes it.
fn long_functions(text: &str, max: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let indent = &l[..l.len() - t.len()];
        let decl = t
            .trim_start_matches("pub ")
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("const ")
            .trim_start_matches("unsafe ")
            .trim_start_matches("extern \"C-unwind\" ")
            .trim_start_matches("extern \"C\" ");
        let Some(rest) = decl.strip_prefix("fn ") else {
            continue;
        };
        if t.ends_with(';') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(len) = lines[i..].iter().position(|x| x.trim_end() == close) {
            if len + 1 > max {
                out.push((i + 1, name, len + 1));
            }
        }
    }
    out
}

#[test]
fn no_file_over_800_lines_and_no_function_over_100() {
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    assert!(files.len() > 100, "found only {} files", files.len());
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let rel = f.strip_prefix(&crates).unwrap_or(f).display().to_string();
        let n = text.lines().count();
        if n > 800 {
            problems.push(format!("{rel}: {n} lines (split past 800)"));
        }
        for (line, name, len) in long_functions(&text, 100) {
            problems.push(format!(
                "{rel}:{line}: fn {name} is {len} lines (at most 100)"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "over the size limits:\n{}",
        problems.join("\n")
    );
}

/// The part types of an owner: every `RefCell<T>` field of its file.
fn owner_parts(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    text.split("RefCell<")
        .skip(1)
        .filter_map(|rest| {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// Places in `text` that reach `part` as VM app data of its own: `app_data_ref::<…part>`,
/// `app_data_mut::<…part>`, `set_app_data(…part…`.
fn direct_uses(text: &str, part: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let generic = ["app_data_ref::<", "app_data_mut::<", "remove_app_data::<"]
            .iter()
            .any(|call| {
                line.split(call).skip(1).any(|rest| {
                    let ty = rest.split('>').next().unwrap_or("");
                    ty.rsplit("::").next() == Some(part)
                })
            });
        let set = line.split("set_app_data(").skip(1).any(|rest| {
            let arg: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            arg.split("::").any(|seg| seg == part)
        });
        if generic || set {
            out.push(n + 1);
        }
    }
    out
}

#[test]
fn grouped_state_is_reached_only_through_its_owner() {
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let owners = [
        crates.join("wowsim-ui/src/widget_states.rs"),
        crates.join("wowsim-api/src/game_state.rs"),
    ];
    let parts: Vec<String> = owners.iter().flat_map(|o| owner_parts(o)).collect();
    assert!(parts.len() >= 18, "owner parts found: {parts:?}");
    assert!(parts.iter().any(|p| p == "Animations") && parts.iter().any(|p| p == "GameData"));
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    let mut problems = Vec::new();
    for f in files
        .iter()
        .filter(|f| !f.ends_with("wow-sim/tests/architecture.rs"))
    {
        let text = std::fs::read_to_string(f).unwrap();
        for part in &parts {
            for line in direct_uses(&text, part) {
                let rel = f.strip_prefix(&crates).unwrap_or(f).display();
                problems.push(format!("{rel}:{line}: {part} as app data of its own"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "reach these through their owner (WidgetStates or GameState):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_owner_check_finds_direct_uses() {
    let text = "let a = lua.app_data_mut::<wowsim_ui::animation::Animations>();\n\
                lua.set_app_data(GameData::default());\n\
                lua.app_data_ref::<AnimationsLater>();\n";
    assert_eq!(direct_uses(text, "Animations"), vec![1]);
    assert_eq!(direct_uses(text, "GameData"), vec![2]);
    assert!(direct_uses(text, "Clock").is_empty());
}

#[test]
fn the_length_check_finds_long_functions() {
    let long = format!("fn big() {{\n{}}}\n", "    x();\n".repeat(120));
    let short = "pub fn small() {\n    y();\n}\n";
    let found = long_functions(&format!("{short}{long}"), 100);
    assert_eq!(found, vec![(4, "big".to_string(), 122)]);
    assert!(long_functions(short, 100).is_empty());
}

/// Where `#![allow(unsafe_code)]` (the workspace denies unsafe code) may appear, under `crates/`.
const UNSAFE_ALLOWED: &[&str] = &[
    "wowsim-lua/src/",
    "wow-sim/src/alloc.rs",
    "wow-sim/src/test_cmd/fork.rs",
    "wow-sim/src/scan/child.rs",
    "wow-sim/src/warm/sys.rs",
    "wow-sim/tests/gui_support/",
];

#[test]
fn unsafe_code_lives_in_the_runtime() {
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    let mut found = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let allows = text.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with("#![allow(unsafe_code)]") || l.starts_with("#[allow(unsafe_code)]")
        });
        if !allows {
            continue;
        }
        found += 1;
        let rel = f.strip_prefix(&crates).unwrap_or(f).display().to_string();
        assert!(
            UNSAFE_ALLOWED.iter().any(|a| rel.starts_with(a)),
            "{rel} allows unsafe code: Lua C API calls belong in wowsim-lua, behind safe functions"
        );
    }
    assert!(found >= 3, "found only {found} files with unsafe code");
}

/// Network and archive crates: only the CLI may have them, behind its optional `fetch` feature.
const NET_CRATES: &[&str] = &["ureq", "tar", "flate2", "rustls", "reqwest", "hyper"];

#[test]
fn only_the_cli_reaches_the_network_and_optionally() {
    let g = metadata();
    for (name, deps) in &g.direct {
        for (d, optional) in deps {
            if NET_CRATES.contains(&d.as_str()) {
                assert!(
                    name == "wow-sim" && *optional,
                    "{name} depends on {d}: only wow-sim may, optionally (feature fetch)"
                );
            }
        }
    }
}

/// `"1.88"` or `"1.88.0"` → `(1, 88, 0)`.
fn rust_version(v: &str) -> (u32, u32, u32) {
    let mut parts = v.split('.').map(|p| {
        p.parse()
            .unwrap_or_else(|_| panic!("bad rust-version {v:?}"))
    });
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
}

#[test]
fn minimum_rust_version_covers_every_dependency() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    let declared = manifest["workspace"]["package"]["rust-version"]
        .as_str()
        .expect("[workspace.package] rust-version");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| env!("CARGO").to_string());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .args(["--filter-platform", &host_triple()])
        .current_dir(&root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let members: Vec<&str> = meta["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let (mut too_new, mut undeclared) = (Vec::new(), Vec::new());
    let packages = meta["packages"].as_array().unwrap();
    for p in packages {
        let name = p["name"].as_str().unwrap();
        let needs = p["rust_version"].as_str();
        if members.contains(&p["id"].as_str().unwrap()) {
            if needs != Some(declared) {
                undeclared.push(format!("{name} ({needs:?})"));
            }
        } else if let Some(v) = needs.filter(|v| rust_version(v) > rust_version(declared)) {
            too_new.push(format!(
                "{name} {} needs {v}",
                p["version"].as_str().unwrap_or("?")
            ));
        }
    }
    assert!(
        packages.len() > members.len(),
        "cargo metadata lists no dependencies"
    );
    assert!(
        undeclared.is_empty(),
        "crates without `rust-version.workspace = true`: {undeclared:?}"
    );
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("Rust {declared}")),
        "README.md must state the minimum version (\"Rust {declared}\")"
    );
    assert!(
        too_new.is_empty(),
        "the workspace says rust-version {declared}, but {too_new:?}: raise it (Cargo.toml, README)"
    );
}
