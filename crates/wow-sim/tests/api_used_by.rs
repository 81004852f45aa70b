//! `wow-sim api-coverage --used-by DIR`: the names a folder's addons use that wow-sim lacks.
//! A small addon (`tests/used_by/`) always runs; the Blizzard UI trees run when their paths
//! are given (`WOWSIM_RETAIL_UI`, `WOWSIM_CLASSIC_ERA_UI`: an extracted `Interface/AddOns`)
//! and must list nothing: no name their client has that wow-sim lacks.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn used_by(flavor: &str, ui: Option<&Path>, dir: &Path, extra: &[&str]) -> Output {
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
    cmd.arg("api-coverage")
        .arg("--used-by")
        .arg(dir)
        .args(extra);
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
    let out = used_by("retail", None, &dir, &["--absent"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    assert_eq!(
        stdout,
        expected,
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // No client has these names: nothing wow-sim lacks, so success; without `--absent`
    // nothing is listed, and the summary counts them.
    assert_eq!(
        out.status.code(),
        Some(0),
        "names absent in the client exit 0"
    );
    let out = used_by("retail", None, &dir, &[]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("0 names used that the client has and wow-sim lacks; 5 more"),
        "{stderr}"
    );
}

#[test]
fn blizzard_ui_trees_use_nothing_wow_sim_lacks() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/used_by");
    for (var, flavor) in [
        ("WOWSIM_RETAIL_UI", "retail"),
        ("WOWSIM_CLASSIC_ERA_UI", "classic_era"),
    ] {
        let Some(ui) = std::env::var_os(var).map(PathBuf::from) else {
            eprintln!("note: {var} not set: the {flavor} UI tree is not checked");
            continue;
        };
        // What is still open, with the reason (`remaining-<flavor>.txt`), must be exactly what
        // the run lists: a new gap fails, and so does a closed one still listed.
        let remaining: Vec<String> =
            std::fs::read_to_string(dir.join(format!("remaining-{flavor}.txt")))
                .unwrap_or_default()
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(str::to_string)
                .collect();
        let out = used_by(flavor, Some(&ui), &ui, &[]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let mut listed: Vec<String> = stdout
            .lines()
            .filter_map(|l| l.split(": ").nth(1))
            .map(|l| l.split(" (client").next().unwrap_or(l).to_string())
            .collect();
        listed.sort();
        let mut expected = remaining.clone();
        expected.sort();
        assert_eq!(
            listed,
            expected,
            "{flavor}: the UI uses names its client has and wow-sim lacks:\n{stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            out.status.success(),
            remaining.is_empty(),
            "{flavor}: exit code"
        );
    }
}
