//! Kills wow-sim at random moments while it runs and saves a large SavedVariables file, many
//! times, and checks that the file is always whole: it parses, and it is a complete generation
//! (its last key is present), never a mix of two.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn addons() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/kill_save/AddOns")
        .display()
        .to_string()
}

/// A small deterministic generator, so a failure can be replayed.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn check_whole(path: &std::path::Path) -> Option<u64> {
    let bytes = std::fs::read(path).ok()?;
    let vars = wowsim_savedvars::parse(&bytes, &Default::default())
        .unwrap_or_else(|e| panic!("{} does not parse after a kill: {e}", path.display()));
    let (_, db) = vars
        .iter()
        .find(|(n, _)| n == "BigSaveDB")
        .expect("BigSaveDB saved");
    let wowsim_savedvars::SvValue::Table(t) = db else {
        panic!("BigSaveDB is not a table")
    };
    let get = |k: &str| {
        t.hash
            .iter()
            .find(|(key, _)| *key == wowsim_savedvars::SvValue::str(k))
            .map(|(_, v)| v.clone())
    };
    let Some(wowsim_savedvars::SvValue::Number(gen)) = get("generation") else {
        panic!("no generation")
    };
    let want = wowsim_savedvars::SvValue::str(format!("generation {gen} complete"));
    assert_eq!(get("last"), Some(want), "a whole generation");
    Some(gen as u64)
}

#[test]
fn killed_while_saving_leaves_a_whole_file() {
    let wtf = std::env::temp_dir().join(format!("wowsim-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&wtf);
    let file = wtf.join("Account/WOWSIM/SavedVariables/BigSave.lua");
    let args = [
        "--addons",
        &addons(),
        "--wtf",
        &wtf.display().to_string(),
        "lua-errors",
        "--seconds",
        "0",
    ];
    let out = Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .args(args)
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env("WOW_SIM_NO_BLIZZARD_UI", "true")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(check_whole(&file), Some(1));
    let tmp = file.with_extension("lua.tmp");
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let (mut killed, mut completed) = (0, 0);
    let mut last_gen = 1;
    for _ in 0..20 {
        let _ = std::fs::remove_file(&tmp);
        let mut child = Command::new(env!("CARGO_BIN_EXE_wow-sim"))
            .args(args)
            .env("WOW_SIM_NO_LUA_CACHE", "true")
            .env("WOW_SIM_NO_BLIZZARD_UI", "true")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait until the save has begun (its temporary file appears), then kill at a random
        // moment of it: while the temporary file is written, synced, or renamed into place.
        let start = Instant::now();
        while !tmp.exists()
            && child.try_wait().unwrap().is_none()
            && start.elapsed() < Duration::from_secs(60)
        {
            std::thread::sleep(Duration::from_micros(200));
        }
        std::thread::sleep(Duration::from_micros(next(&mut seed) % 8_000));
        match child.try_wait().unwrap() {
            Some(_) => completed += 1,
            None => {
                child.kill().unwrap();
                child.wait().unwrap();
                killed += 1;
            }
        }
        let gen = check_whole(&file).expect("the file never disappears");
        assert!(
            gen == last_gen || gen == last_gen + 1,
            "generation {gen} after {last_gen}"
        );
        last_gen = gen;
    }
    eprintln!("{killed} runs killed, {completed} completed, generation {last_gen} reached; the file was whole after each");
    assert!(
        killed > 5,
        "the test must actually kill runs ({killed} killed)"
    );
    let _ = std::fs::remove_dir_all(&wtf);
}
