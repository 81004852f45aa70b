//! wow-sim aborted at each fault point of its SavedVariables save (`WOWSIM_FAULT`, see
//! `wowsim-savedvars`) while it writes a large file at logout, once per point: the file must
//! always be whole (it parses, and it is one complete generation: its last key is present),
//! the old generation when the abort came before the rename, the new one from the rename on.
//! `crates/wowsim-savedvars/tests/crash.rs` does the same for every piece of a streamed write;
//! here after the first piece and one in the middle.
#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use wowsim_savedvars::{SvValue, FAULT_POINTS, FAULT_VAR};

fn addons() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/kill_save/AddOns")
        .display()
        .to_string()
}

/// The generation of the saved file, after checking that it is whole.
fn generation(path: &Path, fault: &str) -> u64 {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{fault}: no file: {e}"));
    let vars = wowsim_savedvars::parse(&bytes, &Default::default())
        .unwrap_or_else(|e| panic!("{fault}: {} does not parse: {e}", path.display()));
    let (_, db) = vars
        .iter()
        .find(|(n, _)| n == "BigSaveDB")
        .expect("BigSaveDB saved");
    let SvValue::Table(t) = db else {
        panic!("BigSaveDB is not a table")
    };
    let get = |k: &str| {
        t.hash
            .iter()
            .find(|(key, _)| *key == SvValue::str(k))
            .map(|(_, v)| v.clone())
    };
    let Some(SvValue::Number(gen)) = get("generation") else {
        panic!("{fault}: no generation")
    };
    let want = SvValue::str(format!("generation {gen} complete"));
    assert_eq!(get("last"), Some(want), "{fault}: a whole generation");
    gen as u64
}

/// Runs wow-sim once (start-up, no ticks, logout) with `fault` armed (none when empty): `true`
/// when it aborted there, `false` when it ran to the end. Core dumps are off for the child.
fn run(wtf: &Path, fault: &str) -> bool {
    let mut cmd = Command::new("sh");
    cmd.args(["-c", "ulimit -c 0; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_wow-sim"))
        .args(["--addons", &addons(), "--wtf"])
        .arg(wtf)
        .args(["lua-errors", "--seconds", "0"])
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env("WOW_SIM_NO_BLIZZARD_UI", "true")
        .env_remove(FAULT_VAR);
    if !fault.is_empty() {
        cmd.env(FAULT_VAR, format!("savedvars.{fault}"));
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.signal() {
        Some(6) => {
            assert!(stderr.contains("aborting"), "{fault}: {stderr}");
            true
        }
        None if out.status.code() == Some(0) => false,
        _ => panic!(
            "{fault}: wow-sim failed otherwise ({}): {stderr}",
            out.status
        ),
    }
}

#[test]
fn aborted_while_saving_leaves_a_whole_file() {
    let wtf = std::env::temp_dir().join(format!("wowsim-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&wtf);
    let file = wtf.join("Account/WOWSIM/SavedVariables/BigSave.lua");
    assert!(!run(&wtf, ""));
    assert_eq!(generation(&file, "first run"), 1);
    // The file streams in pieces of about a chunk each (each generation's size is close to
    // the first's); `flush` comes after the last piece.
    let pieces = std::fs::metadata(&file).unwrap().len() as usize / wowsim_savedvars::STREAM_CHUNK;
    assert!(
        pieces >= 4,
        "{pieces} pieces: too small a file to stream in pieces"
    );
    let mut faults: Vec<String> = vec!["create".into()];
    faults.extend([1, pieces / 2].map(|n| format!("write:{n}")));
    faults.extend(FAULT_POINTS[1..].iter().map(|p| p.to_string()));
    let rename = faults.iter().position(|p| p == "rename").unwrap();
    let mut gen = 1;
    for (i, fault) in faults.iter().enumerate() {
        assert!(run(&wtf, fault), "{fault} not reached");
        let want = if i >= rename { gen + 1 } else { gen };
        assert_eq!(generation(&file, fault), want, "{fault}: after {gen}");
        gen = want;
    }
    eprintln!(
        "{} aborted saves, generation {gen} reached; the file was whole after each",
        faults.len()
    );
    let _ = std::fs::remove_dir_all(&wtf);
}
