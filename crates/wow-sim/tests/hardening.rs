//! Attacks that a fixture cannot hold, run through the real command line: a run stuck where
//! the VM's own checks never come (a looping `__gc` finalizer put with `rawset`, which Lua runs
//! with hooks off) ends by `--timeout`'s watchdog with the records so far and exit code 1 (for
//! `screenshot` too, which then writes no image); a backtracking pattern match in C, charged to
//! the count hook, ends at the deadline by the VM's own check even with no budget; a FIFO
//! listed in a TOC is refused, not read for ever; a symlinked addon folder (what developers
//! make) is followed; `dump-tree --timeout` and the `test` parent's start-up are bounded;
//! bytecode given on the command line (`--exec-lua @FILE`, a spec file) is refused.
//! Each child is killed after a generous bound, so a regression fails the test instead of
//! hanging the suite.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a finished child left: its exit code (None when the guard killed it), stdout, stderr.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `wow-sim` and kills it after `bound` (then `code` is None).
fn wow_sim(args: &[&str], bound: Duration) -> Ran {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-hardening-no-cache"),
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wow-sim");
    // Both pipes are drained while the child runs: a dump larger than the pipe's buffer
    // (64 KiB) would otherwise block the child until the bound killed it.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut text);
            }
            text
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if start.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = out.join().expect("stdout reader");
    let stderr = err.join().expect("stderr reader");
    Ran {
        code,
        stdout,
        stderr,
    }
}

/// A fresh folder of addons for `tag`.
fn addons(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wowsim-hardening-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes addon `name` with one Lua file under `root`.
fn addon(root: &Path, name: &str, lua: &str) {
    let d = root.join(name);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        d.join(format!("{name}.toc")),
        format!("## Interface: 110207\n{name}.lua\n"),
    )
    .unwrap();
    std::fs::write(d.join(format!("{name}.lua")), lua).unwrap();
}

fn messages(out: &str) -> Vec<String> {
    let v: Vec<serde_json::Value> =
        serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    v.iter()
        .map(|r| r["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn lua_errors(root: &Path, extra: &[&str], bound: Duration) -> Ran {
    let root = root.to_string_lossy().into_owned();
    let mut args = vec!["--addons", &root, "--no-saved-vars", "lua-errors"];
    args.extend_from_slice(extra);
    wow_sim(&args, bound)
}

/// Long enough for start-up (a debug build on a busy machine) to reach the stuck addon.
const TIMEOUT: &str = "5";

/// A run stuck in C: the watchdog ends it after the grace period with the records so far.
fn assert_watchdog_ended(ran: &Ran, earlier: &str) {
    assert_eq!(
        ran.code,
        Some(1),
        "exit code (None: killed by the test's bound)\n{}",
        ran.stderr
    );
    let msgs = messages(&ran.stdout);
    assert!(msgs.iter().any(|m| m.contains(earlier)), "{msgs:?}");
    let last = msgs.last().expect("records");
    assert!(
        last.contains("timed out after 5 s (--timeout)") && last.contains("the process was ended"),
        "{msgs:?}"
    );
}

/// The finalizer that runs with hooks off (`rawset` passes the guard that runs `__gc` in a
/// coroutine, fixture `bound_gc_finalizer_loop`): only the watchdog ends it.
const STUCK_FINALIZER: &str = "local p = newproxy(true)\n\
     rawset(getmetatable(p), '__gc', function() while true do end end)\n\
     p = nil\n\
     collectgarbage()\n";

#[test]
fn a_backtracking_pattern_ends_at_the_deadline_without_a_budget() {
    let root = addons("pattern");
    addon(&root, "Match", "error('before the match')\n");
    addon(
        &root,
        "Stuck",
        "local s = string.rep('a', 60)\nprint(string.find(s, string.rep('a*', 60) .. 'b'))\n",
    );
    let extra = ["--timeout", TIMEOUT, "--script-budget", "0"];
    let ran = lua_errors(&root, &extra, Duration::from_secs(60));
    assert_eq!(
        ran.code,
        Some(1),
        "None: killed by the test's bound\n{}",
        ran.stderr
    );
    let msgs = messages(&ran.stdout);
    assert!(
        msgs.iter().any(|m| m.contains("before the match")),
        "{msgs:?}"
    );
    let last = msgs.last().expect("records");
    // The VM's own stop (the matcher charges the count hook), not the watchdog's.
    assert!(
        last.contains("timed out after 5 s (--timeout); it was stopped"),
        "{msgs:?}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_screenshot_stuck_in_a_finalizer_ends_by_the_watchdog_and_writes_nothing() {
    let root = addons("shot");
    addon(&root, "Match", "error('before the match')\n");
    addon(&root, "Stuck", STUCK_FINALIZER);
    let png = root.join("shot.png");
    let args = [
        "--addons",
        root.to_str().unwrap(),
        "--no-saved-vars",
        "screenshot",
        "-o",
        png.to_str().unwrap(),
        "--timeout",
        TIMEOUT,
    ];
    let ran = wow_sim(&args, Duration::from_secs(60));
    assert_eq!(
        ran.code,
        Some(1),
        "None: killed by the test's bound\n{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("before the match"), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("timed out after 5 s (--timeout)")
            && ran.stderr.contains("the process was ended"),
        "{}",
        ran.stderr
    );
    assert!(!png.exists(), "no image from a stopped run");
    // Without the stuck addon the same command draws.
    std::fs::remove_dir_all(root.join("Stuck")).unwrap();
    let ran = wow_sim(&args, Duration::from_secs(60));
    assert_eq!(ran.code, Some(1), "the other addon's error\n{}", ran.stderr);
    assert!(png.is_file(), "{}", ran.stderr);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_looping_gc_finalizer_ends_by_the_watchdog() {
    let root = addons("gc");
    addon(&root, "Early", "error('before the finalizer')\n");
    addon(&root, "Final", STUCK_FINALIZER);
    let ran = lua_errors(&root, &["--timeout", TIMEOUT], Duration::from_secs(60));
    assert_watchdog_ended(&ran, "before the finalizer");
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_toc_is_refused_and_a_linked_addon_folder_is_followed() {
    let root = addons("fifo");
    addon(&root, "Pipe", "print('pipe: loaded')\n");
    let pipe = root.join("Pipe");
    std::fs::write(
        pipe.join("Pipe.toc"),
        "## Interface: 110207\nFifo.lua\nPipe.lua\n",
    )
    .unwrap();
    let made = Command::new("mkfifo").arg(pipe.join("Fifo.lua")).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available: skipped");
        return;
    }
    // A developer's addon folder linked into AddOns from elsewhere.
    let elsewhere = addons("fifo-linked");
    addon(&elsewhere, "Linked", "error('linked: loaded')\n");
    std::os::unix::fs::symlink(elsewhere.join("Linked"), root.join("Linked")).unwrap();
    let ran = lua_errors(&root, &[], Duration::from_secs(60));
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    let msgs = messages(&ran.stdout);
    assert!(
        msgs.iter().any(
            |m| m.contains("Couldn't open Interface/AddOns/Pipe/Fifo.lua")
                && m.contains("not a regular file")
        ),
        "{msgs:?}"
    );
    assert!(
        msgs.iter().any(|m| m.contains("linked: loaded")),
        "{msgs:?}"
    );
    assert!(ran.stderr.contains("pipe: loaded"), "{}", ran.stderr);
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// `dump-tree --timeout`: a run stuck in a finalizer ends by the watchdog, one that is long in
/// the host's tick loop (a day of virtual time) by the VM's own deadline; each prints its
/// records on stderr, no tree, exit code 1. Without the stuck addon the tree is printed.
#[test]
fn dump_tree_ends_at_its_timeout() {
    let root = addons("dump");
    addon(&root, "Early", "error('before the finalizer')\n");
    addon(&root, "Final", STUCK_FINALIZER);
    let dir = root.to_string_lossy().into_owned();
    let base = ["--addons", &dir, "--no-saved-vars", "dump-tree"];
    let stuck = [&base[..], &["--timeout", TIMEOUT]].concat();
    let ran = wow_sim(&stuck, Duration::from_secs(60));
    assert_eq!(
        ran.code,
        Some(1),
        "None: killed by the test's bound\n{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("before the finalizer"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("timed out after 5 s (--timeout)")
            && ran.stderr.contains("the process was ended"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stdout.is_empty(),
        "no tree from a stopped run: {}",
        ran.stdout
    );
    std::fs::remove_dir_all(root.join("Final")).unwrap();
    let long = [&base[..], &["--timeout", TIMEOUT, "--seconds", "86400"]].concat();
    let ran = wow_sim(&long, Duration::from_secs(60));
    assert_eq!(
        ran.code,
        Some(1),
        "None: killed by the test's bound\n{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("timed out after 5 s (--timeout); it was stopped")
            && ran.stderr.contains("no tree printed"),
        "{}",
        ran.stderr
    );
    assert!(ran.stdout.is_empty(), "{}", ran.stdout);
    let ran = wow_sim(&base, Duration::from_secs(60));
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.stdout.contains("UIParent"), "{}", ran.stdout);
    let _ = std::fs::remove_dir_all(&root);
}

/// `wow-sim test`: the parent's start-up (before any spec file's child) is bounded by
/// `--startup-timeout`: a start-up loop by the VM's deadline (exit 2, nothing could run), one stuck
/// in a finalizer by the watchdog (exit 1); both say so on stderr.
#[test]
fn the_test_command_bounds_its_start_up() {
    let root = addons("test-startup");
    addon(&root, "Looping", "error('before the loop')\n");
    let spec = root.join("Looping/spec");
    std::fs::create_dir_all(&spec).unwrap();
    std::fs::write(
        spec.join("a_spec.lua"),
        "describe('a', function() it('runs', function() end) end)\n",
    )
    .unwrap();
    addon(&root, "Stuck", "while true do end\n");
    let dir = root.to_string_lossy().into_owned();
    let args = ["--addons", &dir, "test", "--startup-timeout", TIMEOUT];
    let looped = [&args[..], &["--script-budget", "0"]].concat();
    let ran = wow_sim(&looped, Duration::from_secs(60));
    assert_eq!(
        ran.code,
        Some(2),
        "None: killed by the test's bound\n{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("start-up was stopped (--startup-timeout 5 s)")
            && ran.stderr.contains("timed out after 5 s (--timeout)")
            && ran.stderr.contains("before the loop"),
        "{}",
        ran.stderr
    );
    addon(&root, "Stuck", STUCK_FINALIZER);
    let ran = wow_sim(&args, Duration::from_secs(60));
    assert_eq!(
        ran.code,
        Some(1),
        "None: killed by the test's bound\n{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("start-up did not finish within --startup-timeout")
            && ran.stderr.contains("the process was ended")
            && ran.stderr.contains("before the loop"),
        "{}",
        ran.stderr
    );
    std::fs::remove_dir_all(root.join("Stuck")).unwrap();
    let ran = wow_sim(&args, Duration::from_secs(60));
    assert_eq!(
        ran.code,
        Some(1),
        "start-up's record fails the run\n{}",
        ran.stderr
    );
    assert!(ran.stdout.contains("runs"), "{}", ran.stdout);
    let _ = std::fs::remove_dir_all(&root);
}

/// Bytecode that arrives through the command line: `--exec-lua @FILE` and a spec file of
/// `wow-sim test` are refused with the client's message, never handed to Lua's undump.
#[test]
fn bytecode_from_the_command_line_is_refused() {
    let root = addons("bytecode-cli");
    addon(&root, "Plain", "print('plain: loaded')\n");
    // A Lua 5.1 header and garbage, valid UTF-8 (`--exec-lua @FILE` reads text): undump would
    // read it as a chunk.
    let chunk = b"\x1bLuaQ\x00\x01\x04\x08\x04\x08\x00garbage\x7f\x7f";
    let file = root.join("exec.luac");
    std::fs::write(&file, chunk).unwrap();
    let exec = format!("@{}", file.display());
    let dir = root.to_string_lossy().into_owned();
    let args = [
        "--addons",
        &dir,
        "--no-saved-vars",
        "--exec-lua",
        &exec,
        "lua-errors",
    ];
    let ran = wow_sim(&args, Duration::from_secs(60));
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    let msgs = messages(&ran.stdout);
    assert!(
        msgs.iter()
            .any(|m| m.contains("binary chunks are not allowed")),
        "{msgs:?}"
    );
    let spec = root.join("Plain/spec");
    std::fs::create_dir_all(&spec).unwrap();
    std::fs::write(spec.join("a_spec.lua"), chunk).unwrap();
    let ran = wow_sim(&["--addons", &dir, "test"], Duration::from_secs(60));
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    // The spec runner's own text (a spec file is wow-sim's, not the client's).
    assert!(
        ran.stdout
            .contains("a_spec.lua: binary chunks are not loaded"),
        "{}",
        ran.stdout
    );
    let _ = std::fs::remove_dir_all(&root);
}
