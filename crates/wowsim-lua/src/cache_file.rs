//! What the on-disk caches (`lua/chunk_cache.rs`, `api/scan_cache.rs`) share: an entry's file
//! name from its key and contents, writing an entry whole or not at all, and reading one back.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The entry for `bytes` under `key` in `dir`: FxHash (fast, fixed seed) of both with the
/// CRC-32 of `bytes` beside it, then `.ext`; each entry's header checks the source again.
pub fn entry_path(dir: &Path, key: impl Hash, bytes: &[u8], ext: &str) -> PathBuf {
    let mut h = rustc_hash::FxHasher::default();
    (key, env!("CARGO_PKG_VERSION")).hash(&mut h);
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
