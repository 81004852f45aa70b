//! The dependency rules of ARCHITECTURE.md, checked from the crates' manifests: parsers and
//! leaf crates depend on no other wow-sim crate, the rasterizer knows nothing of the simulator,
//! only the GUI crate may depend on iced, and only the CLI (feature `fetch`) on network crates.

use std::collections::BTreeMap;
use std::path::PathBuf;

fn manifests() -> BTreeMap<String, toml::Table> {
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(&crates).unwrap() {
        let p = e.unwrap().path().join("Cargo.toml");
        if let Ok(text) = std::fs::read_to_string(&p) {
            let t: toml::Table = toml::from_str(&text).unwrap();
            let name = t["package"]["name"].as_str().unwrap().to_string();
            out.insert(name, t);
        }
    }
    out
}

/// Normal (non-dev) dependencies of a manifest, including target-specific ones.
fn deps(t: &toml::Table) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(d) = t.get("dependencies").and_then(|d| d.as_table()) {
        out.extend(d.keys().cloned());
    }
    if let Some(targets) = t.get("target").and_then(|d| d.as_table()) {
        for (_, v) in targets {
            if let Some(d) = v.get("dependencies").and_then(|d| d.as_table()) {
                out.extend(d.keys().cloned());
            }
        }
    }
    out
}

fn internal(d: &str) -> bool {
    d.starts_with("wowsim-") || d == "wow-sim"
}

#[test]
fn dependency_rules_hold() {
    let m = manifests();
    for leaf in [
        "wowsim-toc",
        "wowsim-xml",
        "wowsim-layout",
        "wowsim-savedvars",
        "wowsim-data",
        "wowsim-render",
    ] {
        let d = deps(&m[leaf]);
        assert!(
            d.iter().all(|d| !internal(d)),
            "{leaf} must not depend on other wow-sim crates: {d:?}"
        );
        assert!(
            !d.iter().any(|d| d == "mlua"),
            "{leaf} must know nothing of Lua"
        );
    }
    let raster = deps(&m["wowsim-raster"]);
    assert!(
        raster
            .iter()
            .filter(|d| internal(d))
            .all(|d| d == "wowsim-render"),
        "{raster:?}"
    );
    assert!(!raster.iter().any(|d| d == "mlua"));
    for (name, t) in &m {
        let d = deps(t);
        // `iced_dynamic` is iced re-exported as a shared library, for wowsim-gui only.
        if name != "wowsim-gui" && name != "iced_dynamic" {
            assert!(
                !d.iter().any(|d| d.starts_with("iced")),
                "only wowsim-gui (and its shim iced_dynamic) may depend on iced; {name} does"
            );
        }
    }
    // The network: only the CLI, only behind its optional `fetch` feature.
    let net = ["ureq", "tar", "flate2", "rustls", "reqwest", "hyper"];
    for (name, t) in &m {
        let d = deps(t);
        if name != "wow-sim" {
            assert!(
                !d.iter().any(|d| net.contains(&d.as_str())),
                "only wow-sim (feature fetch) may depend on network or archive crates; {name} does: {d:?}"
            );
        }
    }
    let cli_deps = m["wow-sim"]["dependencies"].as_table().unwrap();
    for n in net.iter().filter(|n| cli_deps.contains_key(**n)) {
        assert_eq!(
            cli_deps[*n].get("optional").and_then(|v| v.as_bool()),
            Some(true),
            "wow-sim's {n} must be optional (feature fetch)"
        );
    }
    let core = deps(&m["wowsim-core"]);
    assert!(
        !core
            .iter()
            .any(|d| d == "wowsim-gui" || d == "wowsim-raster"),
        "core stays headless: {core:?}"
    );
}
