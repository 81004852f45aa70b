//! Fault points in the durable save, for crash tests: `WOWSIM_FAULT=savedvars.<point>[:<n>]`
//! makes the process abort (`std::process::abort`) exactly at that point of
//! [`save_atomic_with`](crate::save_atomic_with). Leaves running the child process and checking
//! the file afterwards to the tests.
//!
//! The variable is read once per process; unset, each point costs one load of a `OnceLock`.

use std::sync::OnceLock;

/// The environment variable that arms a fault point.
pub const FAULT_VAR: &str = "WOWSIM_FAULT";

/// Every fault point of a save, in the order a save reaches them (see
/// [`save_atomic_with`](crate::save_atomic_with)). The abort comes right after the step named:
///
/// | point | the save has just |
/// | --- | --- |
/// | `create` | created (or truncated) `<path>.tmp`, nothing written to it |
/// | `write:N` | written N pieces to `<path>.tmp` (N ≥ 1; a piece is one write of the buffer, at most [`STREAM_CHUNK`](crate::STREAM_CHUNK) bytes unless the caller hands over a larger slice at once) |
/// | `flush` | written the whole contents to `<path>.tmp`, not yet synced |
/// | `fsync` | synced `<path>.tmp` |
/// | `backup_link` | made `<path>.bak.tmp`, a link to (or copy of) the old file |
/// | `backup_rename` | renamed `<path>.bak.tmp` over `<path>.bak` |
/// | `rename` | renamed `<path>.tmp` over `path` |
/// | `dir_fsync` | synced the directory: the save is complete |
///
/// `write:N` is not in this list: how many pieces there are depends on the contents. A
/// point the save does not reach (`write:N` past the last piece, `backup_*` when there was
/// no old file) does nothing.
pub const FAULT_POINTS: &[&str] = &[
    "create",
    "flush",
    "fsync",
    "backup_link",
    "backup_rename",
    "rename",
    "dir_fsync",
];

/// The armed point, parsed from [`FAULT_VAR`] once: `(point, pieces)`, with `pieces` only
/// for `write:N`.
enum Armed {
    Point(&'static str),
    Pieces(u64),
}

fn armed() -> Option<&'static Armed> {
    static ARMED: OnceLock<Option<Armed>> = OnceLock::new();
    ARMED
        .get_or_init(|| {
            let value = std::env::var(FAULT_VAR).ok()?;
            parse(&value).unwrap_or_else(|why| panic!("{FAULT_VAR}={value}: {why}"))
        })
        .as_ref()
}

/// `None` for a point of another component (not `savedvars.`); an error for a `savedvars.`
/// point that does not exist, so a mistyped name never passes as a run without faults.
fn parse(value: &str) -> Result<Option<Armed>, String> {
    let Some(point) = value.strip_prefix("savedvars.") else {
        return Ok(None);
    };
    if let Some(n) = point.strip_prefix("write:") {
        return match n.parse::<u64>() {
            Ok(n) if n >= 1 => Ok(Some(Armed::Pieces(n))),
            _ => Err(format!("write:N needs a whole number N ≥ 1, not {n:?}")),
        };
    }
    FAULT_POINTS
        .iter()
        .find(|p| **p == point)
        .map(|p| Some(Armed::Point(p)))
        .ok_or_else(|| {
            format!(
                "no fault point {point:?} (points: {}, write:N)",
                FAULT_POINTS.join(", ")
            )
        })
}

fn abort(what: &str) -> ! {
    eprintln!("wowsim-savedvars: {FAULT_VAR}=savedvars.{what}: aborting");
    std::process::abort()
}

/// Aborts when `point` (one of [`FAULT_POINTS`]) is armed.
pub(crate) fn point(point: &str) {
    if let Some(Armed::Point(p)) = armed() {
        if *p == point {
            abort(p)
        }
    }
}

/// Aborts when `write:pieces` is armed.
pub(crate) fn pieces_written(pieces: u64) {
    if let Some(Armed::Pieces(n)) = armed() {
        if *n == pieces {
            abort(&format!("write:{n}"))
        }
    }
}

/// A writer that counts the pieces handed to the file, for `write:N`.
pub(crate) struct Pieces<W> {
    pub inner: W,
    count: u64,
}

impl<W> Pieces<W> {
    pub fn new(inner: W) -> Self {
        Pieces { inner, count: 0 }
    }
}

impl<W: std::io::Write> std::io::Write for Pieces<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.count += 1;
        pieces_written(self.count);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(value: &str, expect: Result<Option<&str>, &str>) {
        let got = parse(value).map(|a| {
            a.map(|a| match a {
                Armed::Point(p) => p.to_string(),
                Armed::Pieces(n) => format!("write:{n}"),
            })
        });
        match (got, expect) {
            (Ok(g), Ok(e)) => assert_eq!(g.as_deref(), e, "{value}"),
            (Err(g), Err(e)) => assert!(g.contains(e), "{value}: {g}"),
            (g, e) => panic!("{value}: got {g:?}, expected {e:?}"),
        }
    }

    #[test]
    fn fault_specs() {
        check("savedvars.rename", Ok(Some("rename")));
        check("savedvars.dir_fsync", Ok(Some("dir_fsync")));
        check("savedvars.write:3", Ok(Some("write:3")));
        check("core.something", Ok(None));
        check("", Ok(None));
        check("savedvars.renam", Err("no fault point \"renam\""));
        check("savedvars.write:0", Err("N ≥ 1"));
        check("savedvars.write:x", Err("N ≥ 1"));
    }
}
