//! `--wow DIR` end to end on a game installation of our own (`tests/cli/wow/World of
//! Warcraft`: `_classic_era_` with `interface/Addons` and `wtf` in Windows-style casing, an
//! exported UI and art; `_retail_` with one addon), copied into a scratch folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn wow_sim(args: &[&str], envs: &[(&str, &Path)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wow-sim"));
    c.args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        .env_remove("WOW_SIM_FLAVOR")
        .env_remove("WOW_SIM_WTF")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-cli-no-cache"),
        );
    for (k, v) in envs {
        c.env(k, v);
    }
    c.output().expect("run wow-sim")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// A scratch copy of the installation; returns its root (`…/World of Warcraft`).
fn install(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wowsim-wow-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cli/wow");
    copy_dir(&src, &dir);
    dir.join("World of Warcraft")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const SAVED: &str = "_classic_era_/wtf/Account/PROBEACC/SavedVariables/WowDirProbe.lua";

#[test]
fn flavour_folder_gives_flavour_addons_wtf_ui_and_art() {
    let root = install("folder");
    let before = std::fs::read_to_string(root.join(SAVED)).unwrap();
    let folder = root.join("_classic_era_").display().to_string();
    let out = wow_sim(&["--wow", &folder, "lua-errors", "--seconds", "0"], &[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    for line in [
        "[chat] probe: runs 42",
        "[chat] probe: major 1",
        "[chat] probe: player Probechar of Probe Realm",
        "[chat] probe: blizzard from the exported UI",
        "[chat] probe: atlas width 48",
        "note: --wow: account PROBEACC (the WTF folder's only one)",
        "note: --wow: character Probechar of Probe Realm",
        "and not written (--write-wtf writes them)",
        "(exportInterfaceFiles code)",
        "(exportInterfaceFiles art)",
        "(flavour classic_era)",
    ] {
        assert!(err.contains(line), "missing {line:?} in:\n{err}");
    }
    // Read, not written.
    assert_eq!(std::fs::read_to_string(root.join(SAVED)).unwrap(), before);
    assert!(!root.join(format!("{SAVED}.bak")).exists());

    // --write-wtf writes back; the environment variable works as the flag.
    let out = wow_sim(
        &["--write-wtf", "lua-errors", "--seconds", "0"],
        &[("WOW_SIM_WOW_DIR", &root.join("_classic_era_"))],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = std::fs::read_to_string(root.join(SAVED)).unwrap();
    assert!(after.contains("[\"runs\"] = 42,"), "{after}");

    // Flags win over what the installation has.
    let out = wow_sim(
        &[
            "--wow",
            &folder,
            "--no-blizzard-ui",
            "--no-saved-vars",
            "lua-errors",
            "--seconds",
            "0",
        ],
        &[],
    );
    let err = stderr(&out);
    assert!(err.contains("[chat] probe: blizzard nil"), "{err}");
    assert!(err.contains("[chat] probe: runs 1"), "{err}");
    assert!(!err.contains("exportInterfaceFiles code"), "{err}");
    let _ = std::fs::remove_dir_all(root.parent().unwrap());
}

#[test]
fn install_root_with_flavor() {
    let root = install("root");
    let r = root.display().to_string();
    let run = |extra: &[&str]| {
        let mut args = vec!["--wow", &r];
        args.extend(extra);
        args.extend(["--no-saved-vars", "lua-errors", "--seconds", "0"]);
        wow_sim(&args, &[])
    };
    let out = run(&["--flavor", "classic_era"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("[chat] probe: major 1"));
    let out = run(&["--flavor", "retail"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("[chat] RetailOnly loaded"),
        "{}",
        stderr(&out)
    );
    // Two flavour folders and no --flavor: say so.
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("holds _retail_, _classic_era_; pick one with --flavor"),
        "{err}"
    );
    let out = run(&["--flavor", "classic"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no _classic_ folder for --flavor classic"));
    // A flavour folder and a different --flavor.
    let folder = root.join("_classic_era_").display().to_string();
    let out = wow_sim(&["--wow", &folder, "--flavor", "retail", "lua-errors"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("does not match --wow"),
        "{}",
        stderr(&out)
    );
    // Not an installation at all.
    let addons = root.join("_retail_/Interface").display().to_string();
    let out = wow_sim(&["--wow", &addons, "lua-errors"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("neither a flavour folder"));
    // --write-wtf means nothing without --wow.
    let out = wow_sim(&["--write-wtf", "lua-errors"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(root.parent().unwrap());
}
