//! One child process of `wow-sim scan`: spawned with `std::process::Command`, reaped with
//! `wait4` so that its own CPU time and peak resident set come back with its exit status
//! (`getrusage(RUSAGE_CHILDREN)` would mix the children that several workers run at once).
//! Past its wall-clock bound the child is killed. Elsewhere than on Unix the child is waited
//! for by the standard library and the figures are absent.

#![allow(unsafe_code)]

use std::process::Command;
use std::time::{Duration, Instant};

/// How a child ended and what it cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ended {
    /// The exit code; `None` when a signal ended it (the bound's kill included).
    pub code: Option<i32>,
    /// Whether the wall-clock bound passed and the child was killed.
    pub killed: bool,
    /// Wall-clock time from spawn to exit.
    pub wall: Duration,
    /// User plus system CPU time of the child (`None` where not measured).
    pub cpu: Option<Duration>,
    /// Peak resident set in KiB (`None` where not measured).
    pub peak_kib: Option<u64>,
}

/// How often a running child is looked at (its exit, its bound).
const POLL: Duration = Duration::from_millis(10);

/// Runs `cmd` to its end, killing it once `bound` has passed.
#[cfg(unix)]
pub fn run(cmd: &mut Command, bound: Duration) -> std::io::Result<Ended> {
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut killed = false;
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: all-zero bytes are a valid `rusage` (plain integers and timevals).
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `pid` is our own unreaped child (std has not waited for it: it is reaped
        // here only); `status` and `usage` are valid for writes.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if r == pid {
            let tv = |t: libc::timeval| {
                Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
            };
            let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
            return Ok(Ended {
                code,
                killed,
                wall: start.elapsed(),
                cpu: Some(tv(usage.ru_utime) + tv(usage.ru_stime)),
                // Linux reports KiB.
                peak_kib: Some(usage.ru_maxrss as u64),
            });
        }
        if !killed && start.elapsed() > bound {
            // Not reaped yet, so the pid is still ours.
            let _ = child.kill();
            killed = true;
        }
        std::thread::sleep(POLL);
    }
}

/// Runs `cmd` to its end, killing it once `bound` has passed (no CPU or memory figures).
#[cfg(not(unix))]
pub fn run(cmd: &mut Command, bound: Duration) -> std::io::Result<Ended> {
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let mut killed = false;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Ended {
                code: status.code(),
                killed,
                wall: start.elapsed(),
                cpu: None,
                peak_kib: None,
            });
        }
        if !killed && start.elapsed() > bound {
            let _ = child.kill();
            killed = true;
        }
        std::thread::sleep(POLL);
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_and_cpu_come_back() {
        let mut sh = Command::new("sh");
        sh.args([
            "-c",
            "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; exit 3",
        ]);
        let e = run(&mut sh, Duration::from_secs(60)).unwrap();
        assert_eq!(e.code, Some(3));
        assert!(!e.killed);
        assert!(e.cpu.unwrap() > Duration::ZERO, "{e:?}");
        assert!(e.peak_kib.unwrap() > 0, "{e:?}");
    }

    #[test]
    fn a_child_past_its_bound_is_killed() {
        let mut sleep = Command::new("sleep");
        sleep.arg("30");
        let e = run(&mut sleep, Duration::from_millis(100)).unwrap();
        assert!(e.killed);
        assert_eq!(e.code, None);
        assert!(e.wall < Duration::from_secs(20), "{e:?}");
    }
}
