//! The crate boundaries of the drawing path, checked from the manifests: `wowsim-render`
//! depends on no other wow-sim crate, `wowsim-raster` only on `wowsim-render` (it knows
//! nothing of Lua or the simulator), and neither pulls in a Lua or GUI crate.

fn deps(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let l = line.trim();
        if l.starts_with('[') {
            in_deps = l == "[dependencies]";
            continue;
        }
        if in_deps && !l.is_empty() && !l.starts_with('#') {
            if let Some(name) = l.split(['=', '.']).next() {
                out.push(name.trim().to_string());
            }
        }
    }
    out
}

fn check(dir: &str, text: &str, allowed_internal: &[&str]) {
    // The manifests are read at compile time: a test binary reused from another checkout
    // (a shared target directory) still checks the manifests it was built from.
    for d in deps(text) {
        if d.starts_with("wowsim") || d == "wow-sim" {
            assert!(
                allowed_internal.contains(&d.as_str()),
                "{dir} depends on {d}"
            );
        }
        assert!(
            !["mlua", "iced", "wgpu", "winit"].contains(&d.as_str()),
            "{dir} depends on {d}"
        );
    }
}

#[test]
fn render_and_raster_stay_small() {
    check(
        "wowsim-render",
        include_str!("../../wowsim-render/Cargo.toml"),
        &[],
    );
    check(
        "wowsim-raster",
        include_str!("../Cargo.toml"),
        &["wowsim-render"],
    );
}
