//! Crash safety of `save_atomic_with`: a child process saves a large file (streamed in pieces,
//! as the simulator does) and aborts at one fault point (`WOWSIM_FAULT=savedvars.<point>`),
//! once per point, in the order a save reaches them: every named point and every piece of the
//! streamed write. After each abort the file must be exactly the old contents (aborted before
//! the rename) or exactly the new ones (from the rename on), and parse; `.bak` must be whole.
//!
//! The child is this same test binary re-executed with `SV_CRASH_CHILD` set, running only the
//! `crash_child` test.
#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use wowsim_savedvars::{
    backup_path, parse, save_atomic, save_atomic_with, write, Emitter, Limits, Scalar, SvTable,
    SvValue, WriteOptions, FAULT_POINTS, FAULT_VAR,
};

const CHILD: &str = "SV_CRASH_CHILD";
const WHICH: &str = "SV_CRASH_WHICH";
const KEYS: u32 = 25_000;

/// Two distinct ~0.9 MB files.
fn contents(which: u8) -> Vec<u8> {
    let mut table = SvTable::default();
    for i in 0..KEYS {
        let key = SvValue::Str(format!("key{i}").into_bytes());
        table.hash.push((key, SvValue::Number(value(i, which))));
    }
    write(&[
        ("CrashDB".to_string(), SvValue::Table(table)),
        ("Which".to_string(), SvValue::Number(f64::from(which))),
    ])
}

fn value(i: u32, which: u8) -> f64 {
    f64::from(i) * 0.25 + f64::from(which)
}

/// Child side: one streamed save of contents `SV_CRASH_WHICH` (the same bytes as
/// [`contents`]), aborted by the fault point the parent armed.
#[test]
fn crash_child() {
    let Some(path) = std::env::var_os(CHILD) else {
        return;
    };
    let which: u8 = std::env::var(WHICH).unwrap().parse().unwrap();
    save_atomic_with(Path::new(&path), |w| {
        let mut em = Emitter::streaming(&WriteOptions::default(), w);
        em.var("CrashDB");
        em.open_table();
        for i in 0..KEYS {
            em.hash_entry(Scalar::Str(format!("key{i}").as_bytes()));
            em.scalar(Scalar::Number(value(i, which)));
        }
        em.close_table();
        em.var("Which");
        em.scalar(Scalar::Number(f64::from(which)));
        em.finish_streaming()
    })
    .expect("save");
}

/// Runs the child once with `fault` armed: `true` when it aborted there, `false` when it
/// finished the save without reaching the point. Core dumps are off for the child.
fn run_child(path: &Path, which: u8, fault: &str) -> bool {
    let exe = std::env::current_exe().expect("test binary");
    let out = Command::new("sh")
        .args(["-c", "ulimit -c 0; exec \"$0\" \"$@\""])
        .arg(exe)
        .args(["--exact", "crash_child", "--nocapture", "--test-threads=1"])
        .env(CHILD, path)
        .env(WHICH, which.to_string())
        .env(FAULT_VAR, format!("savedvars.{fault}"))
        .output()
        .expect("spawn child");
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.signal() {
        Some(6) => {
            assert!(stderr.contains("aborting"), "{fault}: {stderr}");
            true
        }
        None if out.status.success() => false,
        _ => panic!(
            "{fault}: the child failed otherwise ({}): {stderr}",
            out.status
        ),
    }
}

/// Which contents the file holds (0 or 1), after checking that it is whole and parses.
fn whole(path: &Path, a: &[u8], b: &[u8], fault: &str) -> u8 {
    let got = std::fs::read(path).unwrap_or_else(|e| panic!("{fault}: file unreadable: {e}"));
    let which = if got == a {
        0
    } else if got == b {
        1
    } else {
        panic!(
            "{fault}: the file is neither old nor new ({} bytes)",
            got.len()
        );
    };
    parse(&got, &Limits::default()).unwrap_or_else(|e| panic!("{fault}: {e}"));
    if let Ok(bak) = std::fs::read(backup_path(path)) {
        assert!(
            bak == a || bak == b,
            "{fault}: .bak is torn ({} bytes)",
            bak.len()
        );
    }
    which
}

/// The fault points in the order a save reaches them, with `write:N` for every piece:
/// `(point, whether the new file is in place after an abort there)`. The pieces are counted
/// by running the child until `write:N` is past the last one (it then saves whole).
#[test]
fn aborted_saves_leave_old_or_new() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    let dir: PathBuf = std::env::temp_dir().join(format!("sv-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("CrashAddon.lua");
    let (a, b) = (contents(0), contents(1));
    save_atomic(&path, &a).expect("initial save");
    let mut current = 0u8;
    let mut aborts = 0;
    let mut step = |fault: &str, expect_new: bool| -> bool {
        let new = 1 - current;
        let aborted = run_child(&path, new, fault);
        let got = whole(&path, &a, &b, fault);
        let want = if aborted && !expect_new { current } else { new };
        assert_eq!(got, want, "{fault}: old is {current}, new {new}");
        current = got;
        aborts += usize::from(aborted);
        aborted
    };
    let rename = FAULT_POINTS.iter().position(|p| *p == "rename").unwrap();
    let mut pieces = 0;
    for (i, point) in FAULT_POINTS.iter().enumerate() {
        assert!(step(point, i >= rename), "{point} not reached");
        if *point == "create" {
            // The pieces of the write come right after the temporary file is created.
            while step(&format!("write:{}", pieces + 1), false) {
                pieces += 1;
                assert!(pieces < 10_000, "write:N never ends");
            }
        }
    }
    let chunks = a.len() / wowsim_savedvars::STREAM_CHUNK;
    assert!(
        pieces >= chunks,
        "{pieces} pieces for {} bytes: the write was not streamed",
        a.len()
    );
    eprintln!(
        "{aborts} aborted saves ({} named points, {pieces} pieces); the file was whole after each",
        FAULT_POINTS.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
