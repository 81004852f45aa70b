//! "Only wowsim-gui depends on iced", checked from the manifests: no other crate lists iced,
//! winit or wgpu among its dependencies (under any name: `package = "iced"` counts), except
//! `iced_dynamic`, the shared-library shim that only wowsim-gui may use (optionally); and the
//! CLI's dependency on this crate is optional (the `gui` feature), so `cargo build
//! --no-default-features` stays headless.

fn dependency_lines(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let l = line.trim();
        if l.starts_with('[') {
            in_deps = l == "[dependencies]" || l.starts_with("[target.");
            continue;
        }
        if in_deps && !l.is_empty() && !l.starts_with('#') {
            out.push(l.to_string());
        }
    }
    out
}

fn name(line: &str) -> &str {
    line.split(['=', '.']).next().unwrap_or("").trim()
}

#[test]
fn only_the_gui_crate_knows_iced() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for e in std::fs::read_dir(&crates).expect("crates folder").flatten() {
        let dir = e.file_name().to_string_lossy().to_string();
        let Ok(text) = std::fs::read_to_string(e.path().join("Cargo.toml")) else {
            continue;
        };
        if dir == "wowsim-gui" || dir == "iced_dynamic" {
            continue;
        }
        checked += 1;
        for l in dependency_lines(&text) {
            let n = name(&l);
            for gui in ["iced", "winit", "wgpu", "softbuffer"] {
                assert!(
                    n != gui && !l.contains(&format!("package = \"{gui}\"")),
                    "{dir} depends on {gui}"
                );
            }
            assert!(n != "iced_dynamic", "{dir} depends on iced_dynamic");
            if n == "wowsim-gui" {
                assert!(
                    dir == "wow-sim" && l.contains("optional = true"),
                    "{dir} depends on wowsim-gui (only the CLI may, optionally)"
                );
            }
        }
    }
    assert!(checked >= 5, "found only {checked} other crates");
}

#[test]
fn the_gui_crate_uses_the_iced_dylib_only_optionally() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("manifest");
    let lines = dependency_lines(&manifest);
    let dylib = lines
        .iter()
        .find(|l| name(l) == "iced_dynamic")
        .expect("wowsim-gui lists iced_dynamic");
    assert!(dylib.contains("optional = true"), "{dylib}");
}
