//! Fault points in the durable save, for crash tests: `WOWSIM_FAULT=savedvars.<point>[:<n>]`
//! makes the process abort (`std::process::abort`) exactly at that point of
//! [`save_atomic_with`](crate::save_atomic_with). Two more make a step fail as a full disk or a
//! read-only folder would, without aborting: `savedvars.full:<n>` (the n-th piece written to
//! the temporary file fails with `StorageFull`) and `savedvars.readonly` (creating the temporary
//! file fails with `ReadOnlyFilesystem`). Leaves running the child process and checking the
//! file afterwards to the tests.
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
/// no old file) does nothing. Nor are the two failures (`full:N`, `readonly`), which return
/// an error from the save instead of aborting.
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
    /// `full:N`: the N-th piece fails as on a full disk.
    Full(u64),
    /// `readonly`: the temporary file cannot be created.
    ReadOnly,
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
    for (prefix, make) in [
        ("write:", Armed::Pieces as fn(u64) -> Armed),
        ("full:", Armed::Full),
    ] {
        if let Some(n) = point.strip_prefix(prefix) {
            return match n.parse::<u64>() {
                Ok(n) if n >= 1 => Ok(Some(make(n))),
                _ => Err(format!("{prefix}N needs a whole number N ≥ 1, not {n:?}")),
            };
        }
    }
    if point == "readonly" {
        return Ok(Some(Armed::ReadOnly));
    }
    FAULT_POINTS
        .iter()
        .find(|p| **p == point)
        .map(|p| Some(Armed::Point(p)))
        .ok_or_else(|| {
            format!(
                "no fault point {point:?} (points: {}, write:N, full:N, readonly)",
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

/// Fails as a read-only folder would when `readonly` is armed (before the temporary file is
/// created).
pub(crate) fn create_fails() -> std::io::Result<()> {
    match armed() {
        Some(Armed::ReadOnly) => Err(std::io::Error::new(
            std::io::ErrorKind::ReadOnlyFilesystem,
            format!("read-only file system ({FAULT_VAR}=savedvars.readonly)"),
        )),
        _ => Ok(()),
    }
}

/// A writer that counts the pieces handed to the file, for `write:N` and `full:N`.
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
        if let Some(Armed::Full(n)) = armed() {
            if *n == self.count + 1 {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::StorageFull,
                    format!("no space left on device ({FAULT_VAR}=savedvars.full:{n})"),
                ));
            }
        }
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
                Armed::Full(n) => format!("full:{n}"),
                Armed::ReadOnly => "readonly".to_string(),
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
        check("savedvars.full:2", Ok(Some("full:2")));
        check("savedvars.full:0", Err("full:N needs"));
        check("savedvars.readonly", Ok(Some("readonly")));
    }
}
