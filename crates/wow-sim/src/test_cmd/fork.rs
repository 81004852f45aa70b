//! A child process per spec file on Unix: the parent loads the client once; each child is a
//! copy of it (`fork`) that runs one file and sends its result back through a pipe, so every
//! file starts from the same state without paying for start-up again. The parent bounds each
//! child's wall time and kills it past the bound; a child that dies is reported, not trusted.
//!
//! The parent has no other threads when it forks (the global-string scan has joined by the
//! end of start-up), so the child's copy of the allocator and the VM is consistent.

#![allow(unsafe_code)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::FromRawFd;
use std::time::{Duration, Instant};

/// A running child and the read end of its result pipe.
pub struct Child {
    pid: libc::pid_t,
    pipe: File,
}

/// Forks; the child runs `f`, writes what it returns to the pipe and exits without running
/// the parent's destructors or exit handlers.
pub fn spawn(f: impl FnOnce() -> Vec<u8>) -> std::io::Result<Child> {
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: `fds` has room for the two descriptors pipe() writes.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: fork() has no preconditions; the child only runs Rust code of this process
    // and leaves through _exit.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        let e = std::io::Error::last_os_error();
        // SAFETY: both descriptors came from pipe() above and are closed once.
        unsafe {
            libc::close(fds[0]);
            libc::close(fds[1]);
        }
        return Err(e);
    }
    if pid == 0 {
        // SAFETY: the read end is the parent's; the write end is owned by `out` from here.
        unsafe { libc::close(fds[0]) };
        let mut out = unsafe { File::from_raw_fd(fds[1]) };
        let bytes = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_default();
        let code = if out.write_all(&bytes).is_ok() { 0 } else { 3 };
        drop(out);
        let _ = std::io::stderr().flush();
        // SAFETY: ends the child at once, as a forked child must.
        unsafe { libc::_exit(code) }
    }
    // SAFETY: the write end is the child's; the read end is owned by the `File` from here.
    unsafe { libc::close(fds[1]) };
    Ok(Child {
        pid,
        pipe: unsafe { File::from_raw_fd(fds[0]) },
    })
}

impl Child {
    /// Reads the child's result until it closes the pipe, then reaps it. Past `limit` of wall
    /// time (from now) the child is killed. Errors say what happened to the child.
    pub fn finish(mut self, limit: Duration) -> Result<Vec<u8>, String> {
        let deadline = Instant::now() + limit;
        let mut bytes = Vec::new();
        let mut buf = [0u8; 65536];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || !self.readable(left) {
                self.kill();
                return Err(format!(
                    "the spec file did not finish within {} s (--timeout); it was stopped",
                    limit.as_secs_f64()
                ));
            }
            match self.pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => bytes.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.kill();
                    return Err(format!("cannot read the spec file's result: {e}"));
                }
            }
        }
        match self.wait() {
            0 => Ok(bytes),
            status => Err(describe_status(status)),
        }
    }

    /// Waits up to `left` for data or the end of the pipe.
    fn readable(&self, left: Duration) -> bool {
        use std::os::fd::AsRawFd;
        let mut pfd = libc::pollfd {
            fd: self.pipe.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = left.as_millis().min(i32::MAX as u128) as libc::c_int;
        loop {
            // SAFETY: one valid pollfd.
            let n = unsafe { libc::poll(&mut pfd, 1, ms.max(1)) };
            if n >= 0 {
                return n > 0;
            }
            if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                return false;
            }
        }
    }

    fn kill(&mut self) {
        // SAFETY: the pid is our own child, not yet reaped.
        unsafe { libc::kill(self.pid, libc::SIGKILL) };
        self.wait();
    }

    /// Reaps the child; its raw wait status.
    fn wait(&mut self) -> libc::c_int {
        let mut status = 0;
        loop {
            // SAFETY: the pid is our own child; `status` is a valid out pointer.
            let r = unsafe { libc::waitpid(self.pid, &mut status, 0) };
            if r >= 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                return status;
            }
        }
    }
}

fn describe_status(status: libc::c_int) -> String {
    if libc::WIFSIGNALED(status) {
        format!(
            "the process running the spec file died (signal {})",
            libc::WTERMSIG(status)
        )
    } else {
        format!(
            "the process running the spec file failed (exit code {})",
            libc::WEXITSTATUS(status)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_sends_its_result() {
        let child = spawn(|| b"hello from the child".to_vec()).unwrap();
        assert_eq!(
            child.finish(Duration::from_secs(30)).unwrap(),
            b"hello from the child"
        );
    }

    #[test]
    fn a_child_past_its_limit_is_killed() {
        let child = spawn(|| {
            std::thread::sleep(Duration::from_secs(30));
            Vec::new()
        })
        .unwrap();
        let err = child.finish(Duration::from_millis(200)).unwrap_err();
        assert!(err.contains("did not finish"), "{err}");
    }

    #[test]
    fn a_child_that_dies_is_reported() {
        let child = spawn(|| {
            // SAFETY: ends this test's child process with a signal.
            unsafe { libc::raise(libc::SIGKILL) };
            Vec::new()
        })
        .unwrap();
        let err = child.finish(Duration::from_secs(30)).unwrap_err();
        assert!(err.contains("signal 9"), "{err}");
    }
}
