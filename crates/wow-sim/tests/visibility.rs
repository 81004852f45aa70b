//! Items are `pub` only when another crate uses them (ARCHITECTURE.md, "Invariants"): an item
//! that is `pub` in a module other crates can reach, yet named in no other crate, hides from
//! the dead-code lint. The scan is by name: an item counts as used when its name appears as a
//! word in the code (comments stripped) of another workspace package, or in the crate's own
//! tests, examples or benchmarks (separate crates too). A name shared with something used
//! elsewhere hides an unused item, so the scan can miss some, never flag a used one.
//!
//! Types that other crates reach through a public signature or field without naming them
//! stay `pub` (the compiler's `private_interfaces` lint asks for it): `IN_PUBLIC_SIGNATURES`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates checked (folder names under `crates/`).
const CRATES: &[&str] = &["wowsim-lua", "wowsim-ui", "wowsim-api", "wowsim-core"];

/// Types named by no other crate but reached through a public item of their own crate.
const IN_PUBLIC_SIGNATURES: &[&str] = &[
    // wowsim-lua: `budget::budget`, `cache_file::prune`, `ErrorState::log`.
    "Budget",
    "Pruned",
    "ErrorLog",
    // wowsim-lua: `taint::last_write`.
    "GlobalWrite",
    // wowsim-api: `api_docs::DocData::objects`.
    "DocObject",
    // wowsim-ui: `UiState::atlases`, `FontLibrary::problems`, the draw walk's helpers, `TYPES`.
    "AtlasDb",
    "FontProblem",
    "Viewport",
    "RegionCtx",
    "TypeDef",
    // wowsim-ui: the bound of `push_small`.
    "SmallList",
    // wowsim-api: `GameData::db`, the coverage counts, `input::with_input`.
    "DbItem",
    "DbCurrency",
    "Db",
    "Counts",
    "Press",
    "Moving",
    "InputState",
    // wowsim-ui: the parts of `WidgetStates`; wowsim-api: the parts of `GameState` the loader
    // reads (`login`, `colors`).
    "RunningCooldowns",
    "EditFocus",
    "PendingTextChanges",
    "CursorReports",
    "Messages",
    "SourceFiles",
    "ReportedRanges",
    "LoginState",
    "DbColors",
    // wowsim-core: `xmlui::attrs::Act::Method`.
    "Arg",
    // wowsim-api's world: the variants of `actions::Action`, `Unit::cast`, the errors of
    // `scenario::read` and `combat_log::read`.
    "CastEnd",
    "LogValue",
    "Cast",
    "UnitSpec",
    "LogError",
    "ScenarioError",
    // wowsim-api's world: `Action::Inventory`'s change and the currency it carries.
    "Change",
    "Currency",
];

const ITEM_KINDS: &[&str] = &[
    "fn", "struct", "enum", "trait", "type", "const", "static", "union",
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The text without `//` comments (line and doc comments; a `//` inside a string is rare
/// enough in this code to ignore).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The `pub` items (kind, name, line) declared in `text`: `pub` followed by an item keyword;
/// `pub(crate)`, `pub use`, `pub mod` and fields are not items here.
fn pub_items(text: &str) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("pub ") else {
            continue;
        };
        let mut parts = rest.split_whitespace().peekable();
        while parts
            .peek()
            .is_some_and(|w| matches!(*w, "unsafe" | "async" | "extern" | "\"C\"" | "\"C-unwind\""))
            || (parts.peek() == Some(&"const")
                && rest
                    .split_whitespace()
                    .nth(1)
                    .is_some_and(|w| w == "fn" || w == "unsafe"))
        {
            parts.next();
        }
        let (Some(kind), Some(name)) = (parts.next(), parts.next()) else {
            continue;
        };
        if !ITEM_KINDS.contains(&kind) {
            continue;
        }
        let name: String = name
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.push((kind.to_string(), name, i + 1));
        }
    }
    out
}

/// Whether the module of `file` (under `src`) can be reached from outside the crate: every
/// `mod` on the way from `lib.rs` is declared `pub mod`.
fn reachable(src: &Path, file: &Path) -> bool {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    let mut dir = src.to_path_buf();
    let mut parent = src.join("lib.rs");
    for name in parts {
        let text = std::fs::read_to_string(&parent).unwrap_or_default();
        let public = text.lines().any(|l| l.trim() == format!("pub mod {name};"));
        if !public {
            return false;
        }
        dir = dir.join(&name);
        parent = if dir.join("mod.rs").exists() {
            dir.join("mod.rs")
        } else {
            dir.with_extension("rs")
        };
    }
    true
}

/// For each crate of `CRATES`, its reachable `pub` items no other unit names.
fn unused_pub_items() -> BTreeMap<String, Vec<String>> {
    let root = workspace().join("crates");
    let mut units: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for e in std::fs::read_dir(&root).unwrap().flatten() {
        let krate = e.file_name().to_string_lossy().to_string();
        for sub in ["src", "tests", "examples", "benches", "build.rs"] {
            let mut files = Vec::new();
            let p = e.path().join(sub);
            if p.is_file() {
                files.push(p);
            } else {
                rust_files(&p, &mut files);
            }
            let unit = if sub == "src" || sub == "build.rs" {
                krate.clone()
            } else {
                format!("{krate}/{sub}")
            };
            let set = units.entry(unit).or_default();
            for f in files {
                set.extend(words(&code_of(&std::fs::read_to_string(f).unwrap())));
            }
        }
    }
    let mut out = BTreeMap::new();
    for krate in CRATES {
        let src = root.join(krate).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        let mut unused = Vec::new();
        for f in files.iter().filter(|f| reachable(&src, f)) {
            let text = code_of(&std::fs::read_to_string(f).unwrap());
            for (kind, name, line) in pub_items(&text) {
                let used = IN_PUBLIC_SIGNATURES.contains(&name.as_str())
                    || units
                        .iter()
                        .any(|(unit, set)| unit != krate && set.contains(&name));
                if !used {
                    let rel = f.strip_prefix(&root).unwrap().display();
                    unused.push(format!("{rel}:{line}: pub {kind} {name}"));
                }
            }
        }
        out.insert(krate.to_string(), unused);
    }
    out
}

#[test]
fn pub_items_are_used_by_another_crate() {
    let found = unused_pub_items();
    let problems: Vec<String> = found
        .iter()
        .filter(|(_, items)| !items.is_empty())
        .map(|(krate, items)| {
            format!(
                "{krate}: pub items no other crate names (make them pub(crate), or remove them \
                 when the dead-code lint then says so):\n  {}",
                items.join("\n  ")
            )
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scan_finds_items_and_their_visibility() {
    let text = "pub fn a() {}\npub(crate) fn b() {}\n    pub const C: u8 = 1;\npub const fn d() {}\npub use x::y;\npub mod m;\npub struct S { pub field: u8 }\npub unsafe extern \"C\" fn e() {}";
    let names: Vec<String> = pub_items(text)
        .into_iter()
        .map(|(k, n, _)| format!("{k} {n}"))
        .collect();
    assert_eq!(names, ["fn a", "const C", "fn d", "struct S", "fn e"]);
    assert_eq!(code_of("let a = 1; // b\n/// c\nd"), "let a = 1; \n\nd");
    let src = workspace().join("crates/wowsim-core/src");
    assert!(reachable(&src, &src.join("xmlui/coverage.rs")));
    assert!(!reachable(&src, &src.join("xmlui/calls.rs")));
    assert!(reachable(&src, &src.join("lib.rs")));
}
