//! Crash safety of `save_atomic`: a child process saves alternating large contents
//! in a loop while this test SIGKILLs it at random moments, 200 times. After every
//! kill the file must hold exactly one of the two contents and parse.
//!
//! The child is this same test binary re-executed with `SV_CRASH_CHILD` set, running
//! only the `crash_child` test.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use wowsim_savedvars::{backup_path, parse, save_atomic, write, Limits, SvTable, SvValue};

const ENV: &str = "SV_CRASH_CHILD";

/// Two distinct ~0.9 MB files.
fn contents(which: u8) -> Vec<u8> {
    let mut table = SvTable::default();
    for i in 0..25_000u32 {
        let key = SvValue::Str(format!("key{i}").into_bytes());
        let value = SvValue::Number(f64::from(i) * 0.25 + f64::from(which));
        table.hash.push((key, value));
    }
    write(&[
        ("CrashDB".to_string(), SvValue::Table(table)),
        ("Which".to_string(), SvValue::Number(f64::from(which))),
    ])
}

/// Child side: save A, B, A, B, ... until killed.
#[test]
fn crash_child() {
    let Some(path) = std::env::var_os(ENV) else {
        return;
    };
    let path = PathBuf::from(path);
    let (a, b) = (contents(0), contents(1));
    println!("READY");
    loop {
        for c in [&a, &b] {
            save_atomic(&path, c).expect("save");
        }
    }
}

fn check(path: &Path, a: &[u8], b: &[u8], round: u32) -> u8 {
    let got =
        std::fs::read(path).unwrap_or_else(|e| panic!("round {round}: final file unreadable: {e}"));
    let which = if got == a {
        0
    } else if got == b {
        1
    } else {
        panic!(
            "round {round}: final file is neither old nor new ({} bytes)",
            got.len()
        );
    };
    parse(&got, &Limits::default()).unwrap_or_else(|e| panic!("round {round}: {e}"));
    if let Ok(bak) = std::fs::read(backup_path(path)) {
        assert!(
            bak == a || bak == b,
            "round {round}: .bak is torn ({} bytes)",
            bak.len()
        );
    }
    which
}

#[test]
fn killed_saves_leave_old_or_new() {
    if std::env::var_os(ENV).is_some() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("sv-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("CrashAddon.lua");
    let (a, b) = (contents(0), contents(1));
    save_atomic(&path, &a).expect("initial save");
    let exe = std::env::current_exe().expect("test binary");
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut seen = [0u32; 2];
    for round in 0..200 {
        let mut child = Command::new(&exe)
            .args(["--exact", "crash_child", "--nocapture", "--test-threads=1"])
            .env(ENV, &path)
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn child");
        // Wait until the child has built its contents and starts saving.
        let mut out = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut line = String::new();
        while out.read_line(&mut line).expect("child output") > 0 && !line.contains("READY") {
            line.clear();
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(Duration::from_micros(seed % 40_000));
        child.kill().expect("SIGKILL child"); // Child::kill sends SIGKILL on Unix.
        child.wait().expect("reap child");
        seen[usize::from(check(&path, &a, &b, round))] += 1;
    }
    eprintln!("after 200 kills: old/new content seen {seen:?}");
    assert!(
        seen[0] > 0 && seen[1] > 0,
        "the child never got to save: {seen:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
