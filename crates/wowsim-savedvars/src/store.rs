//! Where SavedVariables files live, and a crash-safe way to replace one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::{fault, STREAM_CHUNK};

/// `<wtf>/Account/<account>/SavedVariables/<addon>.lua` (`## SavedVariables:`).
pub fn account_path(wtf: &Path, account: &str, addon: &str) -> PathBuf {
    wtf.join("Account")
        .join(account)
        .join("SavedVariables")
        .join(format!("{addon}.lua"))
}

/// `<wtf>/Account/<account>/<realm>/<character>/SavedVariables/<addon>.lua`
/// (`## SavedVariablesPerCharacter:`).
pub fn character_path(
    wtf: &Path,
    account: &str,
    realm: &str,
    character: &str,
    addon: &str,
) -> PathBuf {
    wtf.join("Account")
        .join(account)
        .join(realm)
        .join(character)
        .join("SavedVariables")
        .join(format!("{addon}.lua"))
}

/// The backup the client keeps next to a file: `<path>.bak` (e.g. `Addon.lua.bak`).
pub fn backup_path(path: &Path) -> PathBuf {
    with_suffix(path, ".bak")
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// Durably replaces `path` with `contents`, keeping the previous file as `<path>.bak`.
///
/// Steps, in this order:
/// 1. Write `contents` to `<path>.tmp` (same directory, so the final rename cannot
///    cross file systems; created or truncated), then `fsync` it. A kill here
///    leaves only a stray `.tmp` (overwritten by the next save); `path` is untouched.
/// 2. If `path` exists, make `<path>.bak` a copy of it without ever touching
///    `path`: hard-link `path` to `<path>.bak.tmp` (or, where hard links are not
///    supported, copy it there and `fsync`), then rename that over `<path>.bak`.
///    Renames replace atomically, so `.bak` is always a complete file too.
/// 3. Rename `<path>.tmp` over `path`. POSIX `rename` replaces the target atomically:
///    every observer (and every crash point) sees either the complete old file or
///    the complete new file, never a missing or partial one.
/// 4. `fsync` the directory (Unix) so the renames themselves survive power loss.
///
/// Why not "rename old to .bak, then rename tmp to final": between those two renames
/// `path` would not exist, so a crash there would lose the file. The data is synced
/// before the rename, so after power loss the name points at either the old inode or
/// the fully written new one. Concurrent saves of one path are not supported (they
/// share the `.tmp` name).
///
/// Crash tests can stop the process at each step: `WOWSIM_FAULT=savedvars.<point>[:<n>]`
/// aborts right after it (points in [`FAULT_POINTS`](crate::FAULT_POINTS)).
pub fn save_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    save_atomic_with(path, |w| w.write_all(contents))
}

/// [`save_atomic`] with the contents written by `fill` into `<path>.tmp` (buffered) rather
/// than given whole, so a large file is never held in memory. When `fill` fails, the
/// temporary file is removed and `path` and its backup are untouched.
pub fn save_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "save_atomic needs a file path",
        ));
    }
    let tmp = with_suffix(path, ".tmp");
    {
        let f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        fault::point("create");
        let mut buf = io::BufWriter::with_capacity(STREAM_CHUNK, fault::Pieces::new(f));
        let filled = fill(&mut buf).and_then(|()| buf.flush());
        if let Err(e) = filled {
            drop(buf);
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
        fault::point("flush");
        // Everything is flushed: `buf` holds no bytes, and the file is synced through it.
        buf.get_ref().inner.sync_all()?;
        fault::point("fsync");
    }
    if path.exists() {
        let bak = backup_path(path);
        let bak_tmp = with_suffix(path, ".bak.tmp");
        match fs::remove_file(&bak_tmp) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        if fs::hard_link(path, &bak_tmp).is_err() {
            fs::copy(path, &bak_tmp)?;
            File::open(&bak_tmp)?.sync_all()?;
        }
        fault::point("backup_link");
        fs::rename(&bak_tmp, &bak)?;
        fault::point("backup_rename");
    }
    fs::rename(&tmp, path)?;
    fault::point("rename");
    sync_dir(&dir)?;
    fault::point("dir_fsync");
    Ok(())
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Directories cannot be opened for syncing on Windows; MoveFileEx-based
    // rename is already durable enough there.
    Ok(())
}
