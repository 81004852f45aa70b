//! Tests for TOC file choice, case-insensitive path resolution and addon discovery, on temporary folders.

use super::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// A temporary folder removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("wowsim-toc-{}-{tag}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    /// Creates `rel` (with '/' separators) holding `text`, making parent folders.
    fn file(&self, rel: &str, text: &str) -> PathBuf {
        let path = self.0.join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, text).expect("write");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn file_name(p: Option<PathBuf>) -> Option<String> {
    p.and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
}

/// Puts `tocs` into folder `Addon` and checks which one each flavour picks.
fn check(tocs: &[&str], expect: [Option<&str>; 3]) {
    let tmp = TempDir::new("choose");
    for t in tocs {
        tmp.file(&format!("Addon/{t}"), "## Title: x\n");
    }
    let dir = tmp.0.join("Addon");
    std::fs::create_dir_all(&dir).expect("mkdir");
    for (flavor, want) in Flavor::ALL.into_iter().zip(expect) {
        let got = file_name(choose_toc_file(&dir, flavor));
        assert_eq!(got.as_deref(), want, "{tocs:?} for {flavor}");
    }
}

#[test]
fn toc_choice_per_flavour() {
    check(&[], [None, None, None]);
    check(&["Addon.toc"], [Some("Addon.toc"); 3]);
    check(&["Other.toc"], [None, None, None]);
    check(
        &["Addon.toc", "Addon_Mainline.toc", "Addon_Classic.toc"],
        [
            Some("Addon_Mainline.toc"),
            Some("Addon_Classic.toc"),
            Some("Addon_Classic.toc"),
        ],
    );
    check(
        &[
            "Addon.toc",
            "Addon_Classic.toc",
            "Addon_Vanilla.toc",
            "Addon_Mists.toc",
        ],
        [
            Some("Addon.toc"),
            Some("Addon_Mists.toc"),
            Some("Addon_Vanilla.toc"),
        ],
    );
    check(
        &[
            "Addon-Standard.toc",
            "Addon_Mainline.toc",
            "Addon-Classic.toc",
        ],
        [
            Some("Addon-Standard.toc"),
            Some("Addon-Classic.toc"),
            Some("Addon-Classic.toc"),
        ],
    );
    check(
        &["Addon_TBC.toc", "Addon_Cata.toc", "Addon_Wrath.toc"],
        [None, None, None],
    );
}

#[test]
fn toc_choice_ignores_case() {
    check(
        &["addon_mainline.TOC", "ADDON.toc"],
        [
            Some("addon_mainline.TOC"),
            Some("ADDON.toc"),
            Some("ADDON.toc"),
        ],
    );
}

#[test]
fn toc_choice_skips_folders_named_like_tocs() {
    let tmp = TempDir::new("tocdir");
    std::fs::create_dir_all(tmp.0.join("Addon/Addon_Mainline.toc")).expect("mkdir");
    tmp.file("Addon/Addon.toc", "");
    let got = file_name(choose_toc_file(&tmp.0.join("Addon"), Flavor::Retail));
    assert_eq!(got.as_deref(), Some("Addon.toc"));
}

#[test]
fn resolve_case_insensitively() {
    let tmp = TempDir::new("resolve");
    tmp.file("Libs/LibStub/LibStub.lua", "");
    tmp.file("Core.lua", "");
    let cases = [
        ("Core.lua", Some("Core.lua")),
        ("core.LUA", Some("Core.lua")),
        (
            "libs\\libstub\\LIBSTUB.lua",
            Some("Libs/LibStub/LibStub.lua"),
        ),
        (
            "./Libs//LibStub/../LibStub/LibStub.lua",
            Some("Libs/LibStub/LibStub.lua"),
        ),
        ("Libs/LibStub", Some("Libs/LibStub")),
        ("", Some("")),
        ("Missing.lua", None),
        ("Core.lua/inner.lua", None),
        ("Libs/Nope/LibStub.lua", None),
    ];
    for (rel, expect) in cases {
        let got = resolve_path_ci(&tmp.0, rel);
        let want = expect.map(|e| {
            if e.is_empty() {
                tmp.0.clone()
            } else {
                tmp.0.join(e)
            }
        });
        assert_eq!(got, want, "{rel}");
    }
}

#[test]
fn resolve_prefers_exact_spelling() {
    let tmp = TempDir::new("exact");
    tmp.file("a.lua", "");
    tmp.file("A.lua", "");
    // On case-insensitive file systems only one of these exists; either way the exact one wins.
    assert_eq!(resolve_path_ci(&tmp.0, "A.lua"), Some(tmp.0.join("A.lua")));
}

#[test]
fn discovery() {
    let tmp = TempDir::new("discover");
    tmp.file("blizz/Blizzard_UI/Blizzard_UI.toc", "## Title: UI\n");
    tmp.file("user/Zeta/Zeta_Mainline.toc", "## Title: Z retail\n");
    tmp.file("user/Zeta/Zeta.toc", "## Title: Z\n");
    tmp.file("user/alpha/Alpha.toc", "## Title: a\nA.lua\n");
    tmp.file("user/blizzard_ui/blizzard_ui.toc", "## Title: shadow\n");
    tmp.file("user/NoToc/readme.txt", "");
    tmp.file("user/loose.toc", "");
    let roots = [
        (tmp.0.join("blizz"), true),
        (tmp.0.join("user"), false),
        (tmp.0.join("nonexistent"), false),
    ];
    let (addons, notes) = discover_addons(&roots, &TocContext::new(Flavor::Retail));
    let got: Vec<(&str, Option<&str>, bool)> = addons
        .iter()
        .map(|a| (a.name.as_str(), a.toc.get("Title"), a.blizzard))
        .collect();
    assert_eq!(
        got,
        [
            ("Blizzard_UI", Some("UI"), true),
            ("alpha", Some("a"), false),
            ("Zeta", Some("Z retail"), false),
        ]
    );
    assert_eq!(addons[1].toc.files[0].path, "A.lua");
    assert_eq!(addons[1].toc_path, tmp.0.join("user/alpha/Alpha.toc"));
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(notes[0].contains("blizzard_ui") && notes[0].contains("already found"));
    assert!(notes[1].contains("NoToc"));
    assert!(notes[2].contains("nonexistent"));
}

#[test]
fn discovery_then_plan() {
    let tmp = TempDir::new("pipeline");
    tmp.file(
        "blizz/Blizzard_Lod/Blizzard_Lod.toc",
        "## LoadOnDemand: 1\n",
    );
    tmp.file(
        "user/MyAddon/MyAddon_Mainline.toc",
        "## Dependencies: LibThing\n## OptionalDeps: Blizzard_Lod\n[Family]\\x.lua\n",
    );
    tmp.file("user/MyAddon/MyAddon.toc", "## Dependencies: Nothing\n");
    tmp.file("user/LibThing/LibThing.toc", "## Interface: 120100\n");
    tmp.file(
        "user/Classic/Classic.toc",
        "## AllowLoadGameType: classic\n",
    );
    let roots = [(tmp.0.join("blizz"), true), (tmp.0.join("user"), false)];
    let (addons, _) = discover_addons(&roots, &TocContext::new(Flavor::Retail));
    let plan = crate::plan_load_order(&addons, &|_| true);
    let order: Vec<&str> = plan
        .order
        .iter()
        .map(|&i| addons[i].name.as_str())
        .collect();
    assert_eq!(order, ["LibThing", "Blizzard_Lod", "MyAddon"]);
    let my = addons
        .iter()
        .find(|a| a.name == "MyAddon")
        .expect("MyAddon");
    assert_eq!(my.toc.files[0].path, "Mainline/x.lua");
    let classic = addons
        .iter()
        .position(|a| a.name == "Classic")
        .expect("Classic");
    assert_eq!(plan.reasons[classic].as_deref(), Some("WRONG_GAME_TYPE"));
}

#[test]
fn addon_files_stay_inside_the_addons_folder() {
    let tmp = TempDir::new("inside");
    tmp.file("AddOns/A/Core.lua", "");
    tmp.file("AddOns/A/Libs/L.lua", "");
    tmp.file("AddOns/B/Shared.lua", "");
    tmp.file("canary.lua", "");
    let addon = tmp.0.join("AddOns/A");
    let cases: &[(&str, Result<&str, RefusedRef>)] = &[
        ("Core.lua", Ok("AddOns/A/Core.lua")),
        ("Libs\\..\\Core.lua", Ok("AddOns/A/Core.lua")),
        ("..\\B\\Shared.lua", Ok("AddOns/B/Shared.lua")),
        ("../../canary.lua", Err(RefusedRef::LeavesAddOns)),
        ("Libs/../../../canary.lua", Err(RefusedRef::LeavesAddOns)),
        ("/Core.lua", Err(RefusedRef::Absolute)),
        ("\\Core.lua", Err(RefusedRef::Absolute)),
        ("C:\\Core.lua", Err(RefusedRef::Absolute)),
        ("Missing.lua", Err(RefusedRef::Missing)),
    ];
    for (rel, want) in cases {
        let got = resolve_addon_file(&addon, rel);
        let want = want.map(|p| {
            let joined = p.split('/').fold(tmp.0.clone(), |acc, c| acc.join(c));
            joined
        });
        // `..` is resolved lexically by `resolve_path_ci`, so compare canonical forms.
        let canon = |r: Result<PathBuf, RefusedRef>| r.map(|p| p.canonicalize().unwrap_or(p));
        assert_eq!(canon(got), canon(want), "{rel}");
    }
}

#[test]
fn only_regular_files_are_read() {
    let tmp = TempDir::new("regular");
    let f = tmp.file("A.lua", "x = 1");
    assert_eq!(read_regular(&f).unwrap(), b"x = 1");
    let err = read_regular(&tmp.0).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput, "{err}");
    assert!(read_regular(&tmp.0.join("missing")).is_err());
}
