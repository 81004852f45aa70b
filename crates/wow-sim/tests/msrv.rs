//! The minimum Rust version is true: every crate of the workspace declares the workspace's
//! `rust-version`, no dependency (on this host's platform, as `cargo metadata` resolves them
//! from Cargo.lock; other platforms' packages are not downloaded by a build) needs a newer one,
//! and the README states it.

use std::path::PathBuf;

/// The host's target triple (`cargo -vV`).
fn host_triple() -> String {
    let out = std::process::Command::new(env!("CARGO"))
        .arg("-vV")
        .output()
        .expect("cargo -vV runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("cargo -vV names the host")
        .to_string()
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
    let out = std::process::Command::new(cargo)
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
