//! A cache of the global-string scan's per-file results on disk, beside the compiled-Lua cache
//! (`lua/chunk_cache.rs`: the same root folder, turned on and off with it).
//!
//! The scan (`global_strings.rs`) reads every Lua and XML file the addons load and tokenizes
//! it (a tenth of the retail start-up's CPU). What one file contributes depends only on its
//! text and on whether it is Lua or XML, so a warm run reads each file's result instead of
//! scanning it again; the file itself is still read, to name its entry.
//!
//! The entries live in `scan-<identity>/`, the identity a hash of the scanner's sources
//! (`build.rs`), so a build that scans differently never reads them. An entry is named by a
//! hash of the file's bytes and its kind (with the bytes' CRC-32 beside it), and holds, after a
//! header, the length and CRC-32 of the file's bytes and a payload (the file's [`GlobalUse`]
//! and emote tokens) with its own length and CRC-32. An entry that does not match in every
//! part is ignored with a note and rewritten.

use super::scan::GlobalUse;
use std::path::{Path, PathBuf};
use wowsim_lua::cache_file::{self, Reader};

const MAGIC: &[u8; 8] = b"WSSCAN02";

/// The kind of a scanned file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Lua,
    Xml,
}

/// What one file contributes to the scan: its uses of globals and its emote tokens.
pub type FileScan = (GlobalUse, Vec<(u32, String)>);

/// The on-disk cache of per-file scan results.
#[derive(Debug)]
pub struct ScanCache {
    dir: PathBuf,
    /// Problems met (corrupt entries, write failures), for the caller to show.
    pub notes: Vec<String>,
}

impl ScanCache {
    /// The cache in `dir` (created on first write).
    pub fn new(dir: PathBuf) -> ScanCache {
        ScanCache {
            dir,
            notes: Vec::new(),
        }
    }

    fn path_for(&self, kind: Kind, bytes: &[u8]) -> PathBuf {
        cache_file::entry_path(&self.dir, (MAGIC, kind), bytes, "scan")
    }

    /// The cached result for a file of `kind` holding `bytes`, if a valid entry exists; a
    /// corrupt one is reported in [`ScanCache::notes`].
    pub fn read(&mut self, kind: Kind, bytes: &[u8]) -> Option<FileScan> {
        let path = self.path_for(kind, bytes);
        let entry = std::fs::read(&path).ok()?;
        let found = decode(&entry, bytes);
        if found.is_none() {
            self.notes.push(format!(
                "ignoring the global-string scan cache file {} (corrupt or not for this file); \
                 scanning again",
                path.display()
            ));
        }
        found
    }

    /// Stores `scan` as the result for a file of `kind` holding `bytes`.
    pub fn write(&mut self, kind: Kind, bytes: &[u8], scan: &FileScan) {
        let path = self.path_for(kind, bytes);
        let out = encode(bytes, scan);
        if let Err(e) = cache_file::write_whole(&self.dir, &path, &out) {
            if self
                .notes
                .iter()
                .all(|n| !n.starts_with("cannot write the global-string scan cache"))
            {
                self.notes.push(format!(
                    "cannot write the global-string scan cache in {}: {e}",
                    self.dir.display()
                ));
            }
        }
    }
}

/// The folder of the scan cache under the cache root `root`: this build's
/// (`cache_file::SCAN`, a hash of the scanner's sources; other builds' are pruned).
pub fn dir_under(root: &Path) -> PathBuf {
    cache_file::folder(root, cache_file::SCAN)
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

fn put_set<'a>(out: &mut Vec<u8>, names: impl ExactSizeIterator<Item = &'a String>) {
    out.extend_from_slice(&(names.len() as u32).to_le_bytes());
    for n in names {
        put_str(out, n);
    }
}

/// An entry's bytes for a file holding `source`.
fn encode(source: &[u8], (usage, emotes): &FileScan) -> Vec<u8> {
    let mut p = Vec::new();
    p.extend_from_slice(&(usage.read.len() as u32).to_le_bytes());
    for (n, c) in &usage.read {
        put_str(&mut p, n);
        p.extend_from_slice(&c.to_le_bytes());
    }
    put_set(&mut p, usage.assigned.iter());
    put_set(&mut p, usage.nil_checked.iter());
    put_set(&mut p, usage.colors.iter());
    put_set(&mut p, usage.indexed.iter());
    put_set(&mut p, usage.texts.iter());
    put_set(&mut p, usage.numbers.iter());
    p.extend_from_slice(&(usage.enum_members.len() as u32).to_le_bytes());
    for (e, members) in &usage.enum_members {
        put_str(&mut p, e);
        put_set(&mut p, members.iter());
    }
    p.extend_from_slice(&(emotes.len() as u32).to_le_bytes());
    for (i, t) in emotes {
        p.extend_from_slice(&i.to_le_bytes());
        put_str(&mut p, t);
    }
    cache_file::encode_entry(MAGIC, source, &p)
}

/// The result an entry holds, if it is whole and is the one for `source`.
fn decode(entry: &[u8], source: &[u8]) -> Option<FileScan> {
    let p = cache_file::decode_entry(entry, MAGIC, source)?;
    let mut r = Reader::new(p);
    let mut usage = GlobalUse::default();
    for _ in 0..r.u32()? {
        let n = r.string()?;
        usage.read.insert(n, r.u32()?);
    }
    for set in [
        &mut usage.assigned,
        &mut usage.nil_checked,
        &mut usage.colors,
        &mut usage.indexed,
        &mut usage.texts,
        &mut usage.numbers,
    ] {
        for _ in 0..r.u32()? {
            set.insert(r.string()?);
        }
    }
    for _ in 0..r.u32()? {
        let e = r.string()?;
        let members = usage.enum_members.entry(e).or_default();
        for _ in 0..r.u32()? {
            members.insert(r.string()?);
        }
    }
    let mut emotes = Vec::new();
    for _ in 0..r.u32()? {
        let i = r.u32()?;
        emotes.push((i, r.string()?));
    }
    (r.at == p.len()).then_some((usage, emotes))
}

/// Adds one file's result to the merged one, as scanning the file into it would have.
pub fn merge(
    into: &mut GlobalUse,
    emotes: &mut Vec<(u32, String)>,
    (usage, file_emotes): FileScan,
) {
    for (n, c) in usage.read {
        *into.read.entry(n).or_default() += c;
    }
    into.assigned.extend(usage.assigned);
    into.nil_checked.extend(usage.nil_checked);
    into.colors.extend(usage.colors);
    into.indexed.extend(usage.indexed);
    into.texts.extend(usage.texts);
    into.numbers.extend(usage.numbers);
    for (e, members) in usage.enum_members {
        into.enum_members.entry(e).or_default().extend(members);
    }
    for (i, t) in file_emotes {
        if !emotes.iter().any(|(j, _)| *j == i) {
            emotes.push((i, t));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::global_strings::scan::scan_lua;

    fn sample() -> FileScan {
        let mut u = GlobalUse::default();
        scan_lua(
            "X = OKAY .. CLOSE\nif MAYBE then print(Enum.VasError.HasMail) end\n\
             COLOR_NAME:GetRGB()\nPLAYER_TABLE.Horde = 1\nDONE = 1\nprint(OKAY)\nfor i = 1, MAX_ROWS do end",
            &mut u,
        );
        (u, vec![(3, "WAVE".to_string())])
    }

    fn same(a: &FileScan, b: &FileScan) {
        assert_eq!(a.0.read, b.0.read);
        assert_eq!(a.0.assigned, b.0.assigned);
        assert_eq!(a.0.nil_checked, b.0.nil_checked);
        assert_eq!(a.0.colors, b.0.colors);
        assert_eq!(a.0.indexed, b.0.indexed);
        assert_eq!(a.0.texts, b.0.texts);
        assert_eq!(a.0.numbers, b.0.numbers);
        assert_eq!(a.0.enum_members, b.0.enum_members);
        assert_eq!(a.1, b.1);
    }

    #[test]
    fn round_trip_and_corrupt_entries() {
        let dir = std::env::temp_dir().join(format!("wowsim-scan-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let source = b"some file text";
        let scan = sample();
        assert_eq!(scan.0.read.get("OKAY"), Some(&2));
        let mut cache = ScanCache::new(dir.clone());
        assert!(cache.read(Kind::Lua, source).is_none());
        cache.write(Kind::Lua, source, &scan);
        same(&cache.read(Kind::Lua, source).expect("cached"), &scan);
        // Another kind or another text is another entry.
        assert!(cache.read(Kind::Xml, source).is_none());
        assert!(cache.read(Kind::Lua, b"other text").is_none());
        assert!(cache.notes.is_empty(), "{:?}", cache.notes);
        // A flipped byte in the payload, or a truncated entry, is ignored with a note.
        let path = cache.path_for(Kind::Lua, source);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x20;
        std::fs::write(&path, &bytes).unwrap();
        assert!(cache.read(Kind::Lua, source).is_none());
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert!(cache.read(Kind::Lua, source).is_none());
        assert_eq!(cache.notes.len(), 2, "{:?}", cache.notes);
        assert!(cache.notes[0].contains("ignoring the global-string scan cache file"));
        // Rewritten, it is read again.
        cache.write(Kind::Lua, source, &scan);
        same(&cache.read(Kind::Lua, source).expect("rewritten"), &scan);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_build_misses_and_its_old_folder_is_pruned() {
        let root = std::env::temp_dir().join(format!("wowsim-scan-ids-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (source, scan) = (b"X = OKAY", sample());
        let mut old = ScanCache::new(cache_file::folder(&root, ("scan", "aaaa")));
        old.write(Kind::Lua, source, &scan);
        assert!(old.read(Kind::Lua, source).is_some());
        let mut new = ScanCache::new(cache_file::folder(&root, ("scan", "bbbb")));
        assert!(
            new.read(Kind::Lua, source).is_none(),
            "another build's entry is not read"
        );
        new.write(Kind::Lua, source, &scan);
        let now = std::time::SystemTime::now();
        let current = [("scan", "bbbb")];
        let pruned = cache_file::prune(&root, &current, std::time::Duration::ZERO, 100, now);
        assert_eq!((pruned.retired, pruned.files, pruned.folders), (1, 1, 1));
        assert!(old.read(Kind::Lua, source).is_none(), "pruned");
        assert!(new.read(Kind::Lua, source).is_some(), "kept");
        assert!(old.notes.is_empty() && new.notes.is_empty());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn merging_files_equals_scanning_them_together() {
        let (a, b) = (
            "A = OKAY\nprint(B_STR, OKAY)",
            "if A then print(OKAY, Enum.X.Y) end",
        );
        let mut together = GlobalUse::default();
        scan_lua(a, &mut together);
        scan_lua(b, &mut together);
        let (mut merged, mut emotes) = (GlobalUse::default(), Vec::new());
        for src in [a, b] {
            let mut u = GlobalUse::default();
            scan_lua(src, &mut u);
            merge(&mut merged, &mut emotes, (u, vec![(1, src.to_string())]));
        }
        same(&(merged, emotes), &(together, vec![(1, a.to_string())]));
    }
}
