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
/// the fully written new one.
///
/// Saves into one folder take turns (Unix): each holds an exclusive advisory lock
/// (`flock`) on the folder from step 1 to step 4, so two processes saving the same file
/// never share its `.tmp` or `.bak.tmp` (which would tear it); the later save wins, whole.
/// The lock goes with the process, also when it is killed. A save that had to wait says so
/// in [`Saved::waited`].
///
/// Crash tests can stop the process at each step: `WOWSIM_FAULT=savedvars.<point>[:<n>]`
/// aborts right after it (points in [`FAULT_POINTS`](crate::FAULT_POINTS)).
pub fn save_atomic(path: &Path, contents: &[u8]) -> io::Result<Saved> {
    save_atomic_with(path, |w| w.write_all(contents))
}

/// [`save_atomic`] with the contents written by `fill` into `<path>.tmp` (buffered) rather
/// than given whole, so a large file is never held in memory. When `fill` fails, the
/// temporary file is removed and `path` and its backup are untouched.
pub fn save_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<Saved> {
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
    let (_turn, waited) = take_turn(&dir)?;
    fault::create_fails()?;
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
    Ok(Saved { waited })
}

/// What a save met on the way, for the caller to tell the user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Saved {
    /// Another process was saving into the same folder: this save waited for it, then
    /// replaced what it wrote.
    pub waited: bool,
}

/// The folder's save lock, held until the returned file is dropped, and whether another
/// process held it first.
#[cfg(unix)]
fn take_turn(dir: &Path) -> io::Result<(File, bool)> {
    let lock = File::open(dir)?;
    match lock.try_lock() {
        Ok(()) => Ok((lock, false)),
        Err(fs::TryLockError::WouldBlock) => {
            lock.lock()?;
            Ok((lock, true))
        }
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Folders cannot be opened for locking on Windows: saves there do not take turns.
#[cfg(not(unix))]
fn take_turn(_dir: &Path) -> io::Result<((), bool)> {
    Ok(((), false))
}

/// A run's claim on a WTF folder: an exclusive advisory lock on it (Unix), held while the
/// claim lives, so that a second run on the same folder learns of the first ([`Self::shared`]).
/// Both still run and save (in turns, see [`save_atomic_with`]); the later logout's files win.
#[derive(Debug)]
pub struct FolderClaim {
    _lock: Option<File>,
    shared: bool,
}

impl FolderClaim {
    /// Claims `dir` (created if missing). A folder that cannot be opened or locked (read-only
    /// and missing, or a file system without locks) gives an unshared claim holding nothing.
    pub fn claim(dir: &Path) -> FolderClaim {
        #[cfg(unix)]
        {
            let lock = fs::create_dir_all(dir).and_then(|()| File::open(dir));
            if let Ok(lock) = lock {
                return match lock.try_lock() {
                    Ok(()) => FolderClaim {
                        _lock: Some(lock),
                        shared: false,
                    },
                    Err(fs::TryLockError::WouldBlock) => FolderClaim {
                        _lock: None,
                        shared: true,
                    },
                    Err(fs::TryLockError::Error(_)) => FolderClaim {
                        _lock: None,
                        shared: false,
                    },
                };
            }
        }
        let _ = dir;
        FolderClaim {
            _lock: None,
            shared: false,
        }
    }

    /// Whether another run held the folder when this one claimed it.
    pub fn shared(&self) -> bool {
        self.shared
    }
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
