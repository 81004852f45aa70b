//! `wow-sim api-coverage --used-by DIR`: the names a folder's addons use that wow-sim lacks.
//! A small addon (`tests/used_by/`) always runs; the Blizzard UI trees run when their paths
//! are given (`WOWSIM_RETAIL_UI`, `WOWSIM_CLASSIC_ERA_UI`: an extracted `Interface/AddOns`)
//! and must list nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn used_by(flavor: &str, ui: Option<&Path>, dir: &Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wow-sim"));
    cmd.args(["--flavor", flavor, "--no-saved-vars"]);
    match ui {
        Some(ui) => {
            cmd.arg("--blizzard-ui").arg(ui);
        }
        None => {
            cmd.arg("--no-blizzard-ui");
        }
    }
    cmd.arg("api-coverage").arg("--used-by").arg(dir);
    cmd.env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        .env_remove("WOW_SIM_BLIZZARD_UI")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-used-by-no-cache"),
        )
        .output()
        .expect("run wow-sim")
}

#[test]
fn small_addon_lists_exactly_what_no_one_defines() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/used_by");
    let out = used_by("retail", None, &dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    assert_eq!(
        stdout,
        expected,
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1), "missing names exit 1");
}

#[test]
fn blizzard_ui_trees_use_nothing_wow_sim_lacks() {
    for (var, flavor) in [
        ("WOWSIM_RETAIL_UI", "retail"),
        ("WOWSIM_CLASSIC_ERA_UI", "classic_era"),
    ] {
        let Some(ui) = std::env::var_os(var).map(PathBuf::from) else {
            eprintln!("note: {var} not set: the {flavor} UI tree is not checked");
            continue;
        };
        let out = used_by(flavor, Some(&ui), &ui);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.is_empty() && out.status.success(),
            "{flavor}: the UI uses names wow-sim lacks:\n{stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
