//! What the on-disk caches (`lua/chunk_cache.rs`, `api/scan_cache.rs`, `api/docs_cache.rs`)
//! share: each one's folder, named by its build identity (`build.rs`: a hash of the code and
//! data that make its entries), pruning the folders of other identities, an entry's file name
//! from its key and contents, writing an entry whole or not at all, and reading one back.
//!
//! Pruning runs once per process and cache root, when the compiled-Lua cache is opened: it
//! stamps the current folders as used, renames each folder of another identity unused for
//! [`KEEP_UNUSED`] to `stale-<name>`, and removes the entries of `stale-*` folders (at most
//! [`PRUNE_BUDGET`] files a run; the rest in later runs), then the folders once empty. Only
//! entry files, temporary files and stamps are removed; nothing of it can fail a run.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A cache's folder prefix and build identity: compiled chunks.
pub const LUA: (&str, &str) = ("lua", env!("WOWSIM_CACHE_ID_LUA"));
/// The global-string scan's.
pub const SCAN: (&str, &str) = ("scan", env!("WOWSIM_CACHE_ID_SCAN"));
/// The API documentation's.
pub const DOCS: (&str, &str) = ("docs", env!("WOWSIM_CACHE_ID_DOCS"));

/// How long a folder of another identity is kept after its last use: a run of another build
/// may be using it (benchmarks alternate two builds over one cache).
pub(crate) const KEEP_UNUSED: Duration = Duration::from_secs(24 * 60 * 60);

/// The most files one run removes.
pub(crate) const PRUNE_BUDGET: usize = 10_000;

/// The file stamped on every run that opens a folder (its modification time is the last use).
const STAMP: &str = "last-used";

/// The folder of the cache `(prefix, identity)` under the cache root `root`.
pub fn folder(root: &Path, (prefix, identity): (&str, &str)) -> PathBuf {
    root.join(format!("{prefix}-{identity}"))
}

/// What a prune did: folders retired (renamed `stale-…`), files and folders removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub retired: usize,
    pub files: usize,
    pub folders: usize,
}

/// Stamps this build's folders under `root` as used and prunes the others, once per process
/// and root (later calls do nothing).
pub(crate) fn prune_once(root: &Path) -> Pruned {
    static DONE: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    {
        let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
        if done.iter().any(|d| d == root) {
            return Pruned::default();
        }
        done.push(root.to_path_buf());
    }
    let current = [LUA, SCAN, DOCS];
    for c in current {
        let dir = folder(root, c);
        let _ = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(dir.join(STAMP), b""));
    }
    prune(root, &current, KEEP_UNUSED, PRUNE_BUDGET, SystemTime::now())
}

/// Retires the folders under `root` of a prefix in `current` but another identity, last used
/// `keep` or longer before `now`, and removes up to `budget` entry files of retired folders.
pub fn prune(
    root: &Path,
    current: &[(&str, &str)],
    keep: Duration,
    budget: usize,
    now: SystemTime,
) -> Pruned {
    let mut done = Pruned::default();
    let Ok(entries) = std::fs::read_dir(root) else {
        return done;
    };
    let mut stale = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("stale-") {
            stale.push(path);
            continue;
        }
        let Some((prefix, identity)) = name.split_once('-') else {
            continue;
        };
        let other = current.iter().any(|&(p, id)| p == prefix && id != identity);
        if other && path.is_dir() && unused_for(&path, keep, now) {
            let retired = root.join(format!("stale-{name}"));
            if std::fs::rename(&path, &retired).is_ok() {
                done.retired += 1;
                stale.push(retired);
            }
        }
    }
    for dir in stale {
        remove_entries(&dir, budget, &mut done);
        if done.files >= budget {
            break;
        }
        if std::fs::remove_dir(&dir).is_ok() {
            done.folders += 1;
        }
    }
    done
}

/// Whether `dir` was last used (its stamp, else the folder itself) `keep` or longer before `now`.
fn unused_for(dir: &Path, keep: Duration, now: SystemTime) -> bool {
    let used = std::fs::metadata(dir.join(STAMP))
        .or_else(|_| std::fs::metadata(dir))
        .and_then(|m| m.modified());
    used.ok()
        .and_then(|t| now.duration_since(t).ok())
        .is_some_and(|age| age >= keep)
}

/// Removes the entry files, temporary files and stamp in `dir` while the budget lasts.
fn remove_entries(dir: &Path, budget: usize, done: &mut Pruned) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if done.files >= budget {
            return;
        }
        let path = entry.path();
        let ext = path.extension().map(|e| e.to_string_lossy().into_owned());
        let ours = entry.file_name() == STAMP
            || ext.is_some_and(|e| {
                matches!(e.as_str(), "luac" | "scan" | "docs") || e.starts_with("tmp")
            });
        if ours && path.is_file() && std::fs::remove_file(&path).is_ok() {
            done.files += 1;
        }
    }
}

/// The entry for `bytes` under `key` in `dir`: FxHash (fast, fixed seed) of both with the
/// CRC-32 of `bytes` beside it, then `.ext`; each entry's header checks the source again (the
/// folder is the build's, [`folder`]).
pub fn entry_path(dir: &Path, key: impl Hash, bytes: &[u8], ext: &str) -> PathBuf {
    let mut h = rustc_hash::FxHasher::default();
    key.hash(&mut h);
    bytes.hash(&mut h);
    let crc = crc32fast::hash(bytes);
    dir.join(format!("{:016x}{crc:08x}.{ext}", h.finish()))
}

/// Writes `out` to `path` through a temporary file and a rename, so a reader never sees half an
/// entry; creates `dir` first.
pub fn write_whole(dir: &Path, path: &Path, out: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let result = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&tmp, out))
        .and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// An entry of the caches that store one result per source (`api/scan_cache.rs`,
/// `api/docs_cache.rs`): `magic`, the length and CRC-32 of the source it is for, then the
/// length and CRC-32 of `payload` and `payload` itself.
pub fn encode_entry(magic: &[u8; 8], source: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(payload.len() + 32);
    out.extend_from_slice(magic);
    out.extend_from_slice(&(source.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(source).to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// The payload of an [`encode_entry`] entry, if it is whole and is the one for `source`.
pub fn decode_entry<'a>(entry: &'a [u8], magic: &[u8; 8], source: &[u8]) -> Option<&'a [u8]> {
    let mut r = Reader::new(entry);
    if r.take(8)? != magic {
        return None;
    }
    if r.u64()? != source.len() as u64 || r.u32()? != crc32fast::hash(source) {
        return None;
    }
    let (len, crc) = (usize::try_from(r.u64()?).ok()?, r.u32()?);
    let payload = r.take(len)?;
    (r.at == entry.len() && crc32fast::hash(payload) == crc).then_some(payload)
}

/// Reads an entry's fields in order; every read answers `None` past the end.
pub struct Reader<'a> {
    pub bytes: &'a [u8],
    pub at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    pub fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    pub fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    /// A string written as its u32 length and UTF-8 bytes.
    pub fn string(&mut self) -> Option<String> {
        let n = self.u32()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("wowsim-cache-file-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    /// A folder `name` under `root` holding `files`.
    fn folder_with(root: &Path, name: &str, files: &[&str]) -> PathBuf {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        for f in files {
            std::fs::write(dir.join(f), b"x").unwrap();
        }
        dir
    }

    fn names(root: &Path) -> Vec<String> {
        let mut n: Vec<String> = std::fs::read_dir(root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    }

    #[test]
    fn other_identities_are_retired_and_removed_within_the_budget() {
        let root = scratch("prune");
        let current = [("lua", "new"), ("scan", "new")];
        folder_with(&root, "lua-new", &["a.luac"]);
        folder_with(&root, "lua-old", &["a.luac", "b.luac", "c.tmp42", STAMP]);
        folder_with(&root, "scan-0.1.0", &["a.scan"]);
        // Not ours to remove: another kind's prefix, and a file that is no entry.
        folder_with(&root, "target-x", &["a.luac"]);
        folder_with(&root, "lua-odd", &["a.luac", "notes.txt"]);
        let now = SystemTime::now();
        // Used within `keep`: kept.
        let kept = prune(&root, &current, Duration::from_secs(3600), 100, now);
        assert_eq!(kept, Pruned::default());
        // A budget of 3 files: retires all three, removes three files.
        let first = prune(&root, &current, Duration::ZERO, 3, now);
        assert_eq!((first.retired, first.files), (3, 3), "{first:?}");
        // The next run finishes the rest, whatever the folders' times now are.
        let next = prune(&root, &current, Duration::from_secs(3600), 100, now);
        assert_eq!((next.retired, next.files + first.files), (0, 6), "{next:?}");
        assert_eq!(names(&root), ["lua-new", "stale-lua-odd", "target-x"]);
        assert_eq!(names(&root.join("stale-lua-odd")), ["notes.txt"]);
        assert_eq!(names(&root.join("lua-new")), ["a.luac"]);
        // A root that does not exist prunes nothing and fails nothing.
        let none = prune(&root.join("absent"), &current, Duration::ZERO, 100, now);
        assert_eq!(none, Pruned::default());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn prune_once_stamps_this_builds_folders_and_runs_once_per_root() {
        let root = scratch("once");
        let old = folder_with(&root, "lua-0.1.0", &["a.luac", STAMP]);
        let long_ago = SystemTime::now() - 2 * KEEP_UNUSED;
        let stamp = std::fs::File::options()
            .write(true)
            .open(old.join(STAMP))
            .unwrap();
        stamp.set_modified(long_ago).unwrap();
        let done = prune_once(&root);
        assert_eq!(
            (done.retired, done.files, done.folders),
            (1, 2, 1),
            "{done:?}"
        );
        let mut want: Vec<String> = [LUA, SCAN, DOCS].map(|c| format!("{}-{}", c.0, c.1)).into();
        want.sort();
        assert_eq!(names(&root), want);
        assert!(folder(&root, LUA).join(STAMP).is_file());
        folder_with(&root, "lua-0.1.0", &["a.luac"]);
        assert_eq!(prune_once(&root), Pruned::default(), "once per root");
        let _ = std::fs::remove_dir_all(&root);
    }
}
