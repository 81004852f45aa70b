//! `--warm` end to end (Unix): a template process keeps the client after a Blizzard UI of our
//! own (`tests/cli/warm/ui`) has loaded, and later runs fork from it. A warm run's records
//! (JSON) and frame tree (`dump-tree`) must equal a cold run's byte for byte, and an edit of
//! the user's addon must show in the next warm run.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("wowsim-warm-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cli/warm");
        copy_dir(&src, &dir);
        Scratch { dir }
    }

    fn run(&self, warm: bool, args: &[&str]) -> Output {
        let mut c = Command::new(env!("CARGO_BIN_EXE_wow-sim"));
        c.arg("--no-saved-vars")
            .arg("--blizzard-ui")
            .arg(self.dir.join("ui"))
            .arg("--addons")
            .arg(self.dir.join("addons"));
        if warm {
            c.arg("--warm");
        }
        c.args(args)
            .env_remove("WOW_SIM_ADDONS")
            .env_remove("WOW_SIM_WOW_DIR")
            .env_remove("WOW_SIM_WARM")
            .env("WOW_SIM_FLAVOR", "retail")
            .env("WOW_SIM_WARM_REPORT", "1")
            .env("WOW_SIM_WARM_IDLE", "60")
            .env("XDG_CACHE_HOME", self.dir.join("cache"))
            .current_dir(&self.dir);
        c.output().expect("run wow-sim")
    }

    fn warm_dir(&self) -> PathBuf {
        self.dir.join("cache/wow-sim/warm")
    }

    /// The template's pid, once it has written it.
    fn template_pid(&self) -> Option<i32> {
        let entries = std::fs::read_dir(self.warm_dir()).ok()?;
        let pid = entries
            .flatten()
            .find(|e| e.path().extension().is_some_and(|x| x == "pid"))?;
        std::fs::read_to_string(pid.path())
            .ok()?
            .trim()
            .parse()
            .ok()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(pid) = self.template_pid() {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
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

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const RECORDS: &[&str] = &["lua-errors", "--format", "json", "--seconds", "1"];
const TREE: &[&str] = &["dump-tree", "--filter", "Warm"];

/// A warm run after the template is up (it binds its socket first, so a run waits for it).
fn served(s: &Scratch, args: &[&str]) -> Output {
    let start = Instant::now();
    while s.template_pid().is_none() {
        assert!(start.elapsed() < Duration::from_secs(60), "no template");
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = s.run(true, args);
    let err = text(&out.stderr);
    assert!(err.contains("wow-sim: warm start: template"), "{err}");
    out
}

#[test]
fn warm_runs_give_the_cold_records_and_tree() {
    let s = Scratch::new("same");
    let cold = s.run(false, RECORDS);
    assert_eq!(cold.status.code(), Some(1), "{}", text(&cold.stderr));
    let records = text(&cold.stdout);
    assert!(records.contains("WarmUser.lua:9"), "{records}");
    let cold_tree = s.run(false, TREE);
    assert!(text(&cold_tree.stdout).contains("WarmUserText"));
    let tree = text(&cold_tree.stdout);
    assert!(tree.contains("WARM_USER_ONLY_STRING 1"), "{tree}");
    // The base saw the user's addon load.
    assert!(tree.contains("\"Blizzard_WarmBase,WarmUser\""), "{tree}");

    // The first warm run starts the template and runs cold itself.
    let first = s.run(true, RECORDS);
    assert_eq!(text(&first.stdout), records);
    assert!(!text(&first.stderr).contains("warm start: template"));

    let warm = served(&s, RECORDS);
    assert_eq!(warm.status.code(), Some(1));
    assert_eq!(text(&warm.stdout), records);
    let warm_tree = served(&s, TREE);
    assert_eq!(text(&warm_tree.stdout), text(&cold_tree.stdout));

    // The user's addon is read by each run: an edit shows in the next warm run.
    let lua = s.dir.join("addons/WarmUser/WarmUser.lua");
    let src = std::fs::read_to_string(&lua).unwrap();
    std::fs::write(&lua, src.replace("WarmBase.missing.field", "nil")).unwrap();
    let fixed = served(&s, RECORDS);
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));
    assert_eq!(text(&fixed.stdout), text(&s.run(false, RECORDS).stdout));
}

#[test]
fn a_template_serves_only_its_own_configuration() {
    let s = Scratch::new("identity");
    s.run(true, RECORDS);
    served(&s, RECORDS);
    // Another flavour is another identity: no template yet, so this run is cold.
    let mut c = Command::new(env!("CARGO_BIN_EXE_wow-sim"));
    let other = c
        .args([
            "--no-saved-vars",
            "--flavor",
            "classic_era",
            "--blizzard-ui",
        ])
        .arg(s.dir.join("ui"))
        .arg("--addons")
        .arg(s.dir.join("addons"))
        .arg("--warm")
        .args(RECORDS)
        .env("WOW_SIM_WARM_REPORT", "1")
        .env("XDG_CACHE_HOME", s.dir.join("cache"))
        .env_remove("WOW_SIM_FLAVOR")
        .output()
        .unwrap();
    assert!(!text(&other.stderr).contains("warm start: template"));
    // It started a template of its own; end both.
    let pids = |s: &Scratch| -> Vec<String> {
        let entries = std::fs::read_dir(s.warm_dir()).unwrap().flatten();
        entries
            .filter(|e| e.path().extension().is_some_and(|x| x == "pid"))
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .collect()
    };
    let start = Instant::now();
    while pids(&s).len() < 2 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
    }
    for pid in pids(&s) {
        let _ = Command::new("kill").arg(pid.trim()).status();
    }
}
