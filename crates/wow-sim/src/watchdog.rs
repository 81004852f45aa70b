//! The wall-clock bound of `--timeout` outside the VM: a thread that, if the run has not
//! finished a grace period after its deadline, prints the records so far with one saying so
//! and ends the process with the timeout's exit code (1, as any run with records).
//!
//! The VM checks the deadline itself (the count hook each 10,000 instructions and the host
//! between entries; the C library's loops charge the hook too) and stops a run that is in Lua or
//! in such a loop. What no check inside reaches is a run stuck in a `__gc` finalizer with hooks
//! off (Lua turns them off there), in C work no loop charges, or in Rust: this thread ends those. It never touches the VM: it
//! reads the shared copy of the records (`Simulator::share_records`).

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Duration;
use wowsim_core::{ErrorRecord, SharedRecords};

/// How long after the deadline the VM's own checks get before the process is ended.
pub fn grace(timeout: Duration) -> Duration {
    Duration::from_secs(2).max(timeout / 10)
}

/// Renders and writes the records of a stuck run.
pub type PrintRecords = Box<dyn FnOnce(&[ErrorRecord]) + Send>;

/// Dropping (or sending on) it tells the watchdog that the run finished in time.
pub struct Watchdog {
    _done: Sender<()>,
}

/// The watchdog of a run with a `--timeout` whose records can be shared; `None` otherwise.
pub fn guard(
    timeout: Option<Duration>,
    records: Option<SharedRecords>,
    print: PrintRecords,
) -> Option<Watchdog> {
    match (timeout, records) {
        (Some(t), Some(records)) => Some(start(t, records, print)),
        _ => None,
    }
}

/// Starts the watchdog of a run that began `timeout` before its deadline. `print` renders and
/// writes the records (the same report the run would print); then the process exits with 1.
pub fn start(timeout: Duration, records: SharedRecords, print: PrintRecords) -> Watchdog {
    let (done, wait) = mpsc::channel::<()>();
    let spawned = std::thread::Builder::new()
        .name("wow-sim watchdog".into())
        .spawn(move || {
            let grace = grace(timeout);
            match wait.recv_timeout(timeout + grace) {
                Err(RecvTimeoutError::Timeout) => {}
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
            }
            let mut recs = records.lock().unwrap_or_else(|p| p.into_inner()).clone();
            let message = format!(
                "wow-sim: the run timed out after {} s (--timeout) and was still running {} s later, \
                 outside any check (in a C function such as a pattern match, a __gc finalizer, or \
                 wow-sim itself); the process was ended",
                timeout.as_secs_f64(),
                grace.as_secs_f64()
            );
            eprintln!("{message}");
            recs.push(ErrorRecord {
                message,
                addon: None,
                file: None,
                line: None,
                phase: "timeout".to_string(),
                stack: Vec::new(),
                count: 1,
                severity: Default::default(),
                taint: None,
            });
            print(&recs);
            std::process::exit(1);
        });
    if let Err(e) = spawned {
        eprintln!("wow-sim: note: cannot start the --timeout watchdog ({e}); only the VM's own checks bound the run");
    }
    Watchdog { _done: done }
}
