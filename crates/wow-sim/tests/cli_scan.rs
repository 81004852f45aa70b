//! `wow-sim scan` end to end on the addons of `tests/scan/AddOns`: each addon alone with its
//! required dependencies, per flavour; the records per addon in the table and the JSON, the
//! addons that would not load on their own, and the exit code.

use std::path::PathBuf;
use std::process::{Command, Output};

fn scan(args: &[&str]) -> Output {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scan/AddOns");
    Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .arg("--no-blizzard-ui")
        .arg("scan")
        .arg(&dir)
        .args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        .env_remove("WOW_SIM_BLIZZARD_UI")
        .env_remove("WOW_SIM_FLAVOR")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-cli-no-cache"),
        )
        .output()
        .expect("run wow-sim")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The run of `addon` in `flavor` from the JSON report.
fn row<'a>(report: &'a serde_json::Value, addon: &str, flavor: &str) -> &'a serde_json::Value {
    report["runs"]
        .as_array()
        .expect("runs")
        .iter()
        .find(|r| r["addon"] == addon && r["flavor"] == flavor)
        .unwrap_or_else(|| panic!("no run of {addon} in {flavor}: {report:#}"))
}

#[test]
fn each_addon_runs_alone_with_its_dependencies() {
    let out = scan(&[
        "--jobs",
        "2",
        "--flavors",
        "retail,classic_era",
        "--format",
        "json",
        "--seconds",
        "0.5",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(&out)));
    for flavor in ["retail", "classic_era"] {
        // Alpha errs if Beta's global is there: it ran without Beta.
        let alpha = row(&report, "Alpha", flavor);
        assert_eq!(alpha["status"], "ok", "{alpha:#}");
        assert_eq!(alpha["records_by_addon"], serde_json::json!({}));
        assert!(
            alpha["cpu_seconds"].as_f64().is_some_and(|s| s > 0.0),
            "{alpha:#}"
        );
        assert!(
            alpha["peak_rss_kib"].as_u64().is_some_and(|k| k > 1024),
            "{alpha:#}"
        );
        let beta = row(&report, "Beta", flavor);
        assert_eq!(beta["status"], "errors");
        assert_eq!(beta["records_by_addon"], serde_json::json!({"Beta": 1}));
        let msg = beta["records"][0]["message"].as_str().unwrap_or("");
        assert!(msg.contains("Beta breaks on purpose"), "{beta:#}");
        // Gamma requires Beta: Beta loads first (its record is there), then Gamma's own error.
        let gamma = row(&report, "Gamma", flavor);
        assert_eq!(gamma["dependencies"], serde_json::json!(["Beta"]));
        assert_eq!(
            gamma["records_by_addon"],
            serde_json::json!({"Beta": 1, "Gamma": 1})
        );
        let delta = row(&report, "Delta", flavor);
        assert_eq!(delta["not_loaded"], "DEMAND_LOADED", "{delta:#}");
        assert!(delta["records"].as_array().unwrap().is_empty());
        let epsilon = row(&report, "Epsilon", flavor);
        assert_eq!(epsilon["not_loaded"], "DEP_MISSING", "{epsilon:#}");
    }
    assert_eq!(row(&report, "ClassicOnly", "classic_era")["status"], "ok");
    let retail_only = report["runs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["addon"] == "ClassicOnly" && r["flavor"] == "retail")
        .count();
    assert_eq!(retail_only, 0, "ClassicOnly has no retail TOC");
}

#[test]
fn the_table_has_a_row_per_addon_with_its_records() {
    let out = scan(&["--jobs", "1", "--seconds", "0"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let cells = |addon: &str| -> Vec<String> {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(addon))
            .unwrap_or_else(|| panic!("no row for {addon}:\n{text}"));
        line.split_whitespace().map(str::to_string).collect()
    };
    // addon, flavour, own, other, cpu, wall, peak, status
    let alpha = cells("Alpha");
    assert_eq!(
        (&alpha[1][..], &alpha[2][..], &alpha[3][..], &alpha[7][..]),
        ("retail", "0", "0", "ok")
    );
    let gamma = cells("Gamma");
    assert_eq!(
        (&gamma[2][..], &gamma[3][..], &gamma[7][..]),
        ("1", "1", "errors")
    );
    let delta = cells("Delta");
    assert_eq!(delta[2..].join(" "), "- - - - - not loaded (DEMAND_LOADED)");
    assert!(!text.contains("ClassicOnly"), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap_or("")
            .starts_with("3 runs of 5 addon-flavour pairs"),
        "{text}"
    );
}

#[test]
fn a_clean_folder_exits_0() {
    let dir = std::env::temp_dir().join(format!("wowsim-scan-clean-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let a = dir.join("Clean");
    std::fs::create_dir_all(&a).unwrap();
    std::fs::write(a.join("Clean.toc"), "## Interface: 110200\nClean.lua\n").unwrap();
    std::fs::write(a.join("Clean.lua"), "CleanLoaded = true\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .args(["--no-blizzard-ui", "scan"])
        .arg(&dir)
        .args(["--seconds", "0"])
        .env_remove("WOW_SIM_ADDONS")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-cli-no-cache"),
        )
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out)
        .lines()
        .any(|l| l.starts_with("Clean ") && l.ends_with(" ok")));
}

/// `--scenario` reaches every child: an addon that reports where it is sees the scenario's
/// location; a scenario that does not exist stops the scan before any child runs.
#[test]
fn every_child_gets_the_scenario() {
    let dir = std::env::temp_dir().join(format!("wowsim-scan-scenario-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let a = dir.join("AddOns/Where");
    std::fs::create_dir_all(&a).unwrap();
    std::fs::write(a.join("Where.toc"), "## Interface: 110200\nWhere.lua\n").unwrap();
    std::fs::write(
        a.join("Where.lua"),
        "local f = CreateFrame('Frame')\nf:RegisterEvent('PLAYER_ENTERING_WORLD')\n\
         f:SetScript('OnEvent', function()\n  local _, kind = GetInstanceInfo()\n  \
         error('in ' .. kind .. ' ' .. GetRealZoneText())\nend)\n",
    )
    .unwrap();
    let scenario = dir.join("raid.toml");
    std::fs::write(
        &scenario,
        "[location]\nzone = \"Molten Core\"\ninstance_id = 409\ndifficulty = 9\n",
    )
    .unwrap();
    let run = |scenario: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_wow-sim"))
            .arg("--no-blizzard-ui")
            .arg("--scenario")
            .arg(scenario)
            .arg("scan")
            .arg(dir.join("AddOns"))
            .args(["--seconds", "0", "--format", "json"])
            .env_remove("WOW_SIM_ADDONS")
            .env("WOW_SIM_NO_LUA_CACHE", "true")
            .env(
                "XDG_CACHE_HOME",
                std::env::temp_dir().join("wowsim-cli-no-cache"),
            )
            .output()
            .unwrap()
    };
    let out = run(&scenario);
    let report: serde_json::Value = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(&out)));
    let where_ = row(&report, "Where", "retail");
    let msg = where_["records"][0]["message"].as_str().unwrap_or("");
    assert!(msg.contains("in raid Molten Core"), "{where_:#}");
    let out = run(&dir.join("missing.toml"));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--scenario") && err.contains("missing.toml"),
        "{err}"
    );
}
