//! SavedVariables when saving goes wrong, through the real command line with the addon of
//! `kill_save.rs` (a large file with a generation number): a full disk and a read-only folder
//! (`WOWSIM_FAULT=savedvars.full:N` / `savedvars.readonly`, and a real read-only folder when
//! the tests do not run as root) leave the old file whole and say why; two runs on one WTF
//! folder take turns saving, the second is told, and the file is never torn.
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use wowsim_savedvars::{FolderClaim, SvValue, FAULT_VAR};

fn addons() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/kill_save/AddOns")
}

/// A fresh WTF folder of this test.
fn wtf(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wowsim-svfault-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn saved_file(wtf: &Path) -> PathBuf {
    wtf.join("Account/WOWSIM/SavedVariables/BigSave.lua")
}

/// The generation of the saved file, after checking that it is whole.
fn generation(wtf: &Path, what: &str) -> u64 {
    let path = saved_file(wtf);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{what}: no file: {e}"));
    let vars = wowsim_savedvars::parse(&bytes, &Default::default())
        .unwrap_or_else(|e| panic!("{what}: {} does not parse: {e}", path.display()));
    let Some((_, SvValue::Table(t))) = vars.iter().find(|(n, _)| n == "BigSaveDB") else {
        panic!("{what}: BigSaveDB is not a saved table")
    };
    let get = |k: &str| {
        t.hash
            .iter()
            .find(|(key, _)| *key == SvValue::str(k))
            .map(|(_, v)| v.clone())
    };
    let Some(SvValue::Number(gen)) = get("generation") else {
        panic!("{what}: no generation")
    };
    let want = SvValue::str(format!("generation {gen} complete"));
    assert_eq!(get("last"), Some(want), "{what}: a whole generation");
    gen as u64
}

/// wow-sim on `wtf` (start-up, logout), `fault` armed unless empty.
fn command(wtf: &Path, fault: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wow-sim"));
    cmd.arg("--addons")
        .arg(addons())
        .arg("--wtf")
        .arg(wtf)
        .args(["lua-errors", "--seconds", "0"])
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env("WOW_SIM_NO_BLIZZARD_UI", "true")
        .env_remove(FAULT_VAR)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if !fault.is_empty() {
        cmd.env(FAULT_VAR, format!("savedvars.{fault}"));
    }
    cmd
}

/// Runs to the end; returns its stderr after checking that it exited with 0.
fn run(wtf: &Path, fault: &str) -> String {
    finish(command(wtf, fault).output().unwrap(), fault)
}

fn finish(out: Output, what: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{what}: {}: {stderr}", out.status);
    stderr
}

/// No temporary file of a save is left beside the saved file.
fn no_leftovers(wtf: &Path, what: &str) {
    let dir = saved_file(wtf).parent().unwrap().to_path_buf();
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.ends_with(".tmp")),
        "{what}: left {names:?}"
    );
}

#[test]
fn a_full_disk_keeps_the_old_file() {
    let wtf = wtf("full");
    run(&wtf, "");
    assert_eq!(generation(&wtf, "first run"), 1);
    for piece in [1, 3] {
        let fault = format!("full:{piece}");
        let stderr = run(&wtf, &fault);
        assert!(
            stderr.contains("could not save") && stderr.contains("no space left on device"),
            "{fault}: {stderr}"
        );
        assert_eq!(generation(&wtf, &fault), 1, "{fault}: the old file stays");
        no_leftovers(&wtf, &fault);
    }
    run(&wtf, "");
    assert_eq!(generation(&wtf, "after the disk has room"), 2);
    let _ = std::fs::remove_dir_all(&wtf);
}

#[test]
fn a_read_only_folder_keeps_the_old_file() {
    let wtf = wtf("readonly");
    run(&wtf, "");
    let stderr = run(&wtf, "readonly");
    assert!(
        stderr.contains("could not save") && stderr.contains("read-only file system"),
        "{stderr}"
    );
    assert_eq!(generation(&wtf, "readonly"), 1);
    // A folder without write permission, where that holds (not for root).
    let dir = saved_file(&wtf).parent().unwrap().to_path_buf();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let probe = dir.join("probe");
    if std::fs::write(&probe, b"").is_ok() {
        let _ = std::fs::remove_file(&probe);
        eprintln!("running as root: the folder's permissions do not stop writes; fault only");
    } else {
        let stderr = run(&wtf, "");
        assert!(
            stderr.contains("could not save") && stderr.contains("ermission denied"),
            "{stderr}"
        );
        assert_eq!(generation(&wtf, "no write permission"), 1);
    }
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    run(&wtf, "");
    assert_eq!(generation(&wtf, "writable again"), 2);
    let _ = std::fs::remove_dir_all(&wtf);
}

#[test]
fn a_second_run_on_the_same_folder_is_told() {
    let wtf = wtf("told");
    run(&wtf, "");
    let claim = FolderClaim::claim(&wtf);
    assert!(!claim.shared());
    let stderr = run(&wtf, "");
    assert!(
        stderr.contains("another wow-sim run was using this WTF folder"),
        "{stderr}"
    );
    assert_eq!(generation(&wtf, "second run"), 2, "it still saves");
    drop(claim);
    let stderr = run(&wtf, "");
    assert!(!stderr.contains("another wow-sim run"), "{stderr}");
    let _ = std::fs::remove_dir_all(&wtf);
}

/// Whether `/proc/locks` shows a process blocked on a lock (a line with `->`).
#[cfg(target_os = "linux")]
fn someone_waits_for_a_lock(pid: u32) -> bool {
    let locks = std::fs::read_to_string("/proc/locks").unwrap_or_default();
    locks
        .lines()
        .any(|l| l.contains("->") && l.split_whitespace().any(|w| w == pid.to_string()))
}

#[cfg(target_os = "linux")]
#[test]
fn saves_into_one_folder_take_turns() {
    let wtf = wtf("turns");
    run(&wtf, "");
    let dir = saved_file(&wtf).parent().unwrap().to_path_buf();
    // Another process saving into the folder, as the test holds its lock.
    let held = FolderClaim::claim(&dir);
    let child: Child = command(&wtf, "").spawn().unwrap();
    let start = Instant::now();
    while !someone_waits_for_a_lock(child.id()) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "wow-sim never waited for the folder's lock"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(generation(&wtf, "while it waits"), 1, "nothing written yet");
    drop(held);
    let stderr = finish(child.wait_with_output().unwrap(), "after the turn");
    assert!(stderr.contains("saved after it"), "{stderr}");
    assert_eq!(generation(&wtf, "after its turn"), 2);
    no_leftovers(&wtf, "after its turn");
    let _ = std::fs::remove_dir_all(&wtf);
}

#[test]
fn runs_at_once_never_tear_the_file() {
    let wtf = wtf("together");
    run(&wtf, "");
    let mut before = 1;
    for _ in 0..2 {
        let children: Vec<Child> = (0..3).map(|_| command(&wtf, "").spawn().unwrap()).collect();
        for c in children {
            finish(c.wait_with_output().unwrap(), "a run among three");
        }
        // Each run read the file of an earlier one (or the one before all three) and saved
        // the next generation, whole.
        let gen = generation(&wtf, "three runs at once");
        assert!((before + 1..=before + 3).contains(&gen), "{before} → {gen}");
        no_leftovers(&wtf, "three runs at once");
        before = gen;
    }
    let _ = std::fs::remove_dir_all(&wtf);
}
