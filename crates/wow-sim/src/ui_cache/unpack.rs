//! Safe extraction of a repository archive (`.tar.gz` as GitHub's codeload serves it): every
//! entry sits under one top folder (`<repo>-<ref>/`); only the part under `<top>/<subdir>/` is
//! written, to `dest`. Refused, whole: a path that is absolute or has `..`, a link or special
//! file in the selected part, entries under more than one top folder, more than the size or
//! file limits. The commit comes from the pax global header (`comment=<sha>`) that `git
//! archive` writes.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// What the extraction found.
#[derive(Debug, Default)]
pub struct Unpacked {
    /// The archive's top folder.
    pub top: String,
    /// The commit named by the pax global header, if any.
    pub commit: Option<String>,
    pub files: u64,
    pub bytes: u64,
}

/// Bounds on what an archive may unpack to (a hostile archive cannot fill the disk).
const MAX_BYTES: u64 = 8 << 30;
const MAX_FILES: u64 = 500_000;

/// Why an archive was refused.
#[derive(Debug, thiserror::Error)]
pub enum UnpackError {
    #[error("reading the archive: {0}")]
    Io(#[from] std::io::Error),
    #[error("archive entry {0:?}: {1}; the archive is refused")]
    Refused(String, &'static str),
    #[error("the archive has no {0}/ folder under its top folder")]
    Missing(String),
}

/// The path's normal components; `Err` for an absolute path or one with `..`.
fn clean(path: &Path) -> Result<Vec<String>, &'static str> {
    let mut parts = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir => return Err("a path with '..'"),
            Component::RootDir | Component::Prefix(_) => return Err("an absolute path"),
        }
    }
    Ok(parts)
}

/// The `comment` record of a pax header's data (`<len> comment=<value>\n`).
fn pax_comment(data: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(data).ok()?;
    text.lines().find_map(|l| {
        let (_, kv) = l.split_once(' ')?;
        let v = kv.strip_prefix("comment=")?;
        (v.len() >= 7 && v.bytes().all(|b| b.is_ascii_hexdigit())).then(|| v.to_string())
    })
}

/// Extracts `<top>/<subdir>/…` of the gzip'd tar `reader` into `dest` (which must exist).
pub fn unpack(reader: impl Read, dest: &Path, subdir: &str) -> Result<Unpacked, UnpackError> {
    let gz = flate2::read::GzDecoder::new(reader);
    let mut archive = tar::Archive::new(gz);
    let mut out = Unpacked::default();
    let mut found = false;
    for entry in archive.entries()? {
        let mut entry = entry?;
        let kind = entry.header().entry_type();
        if kind.is_pax_global_extensions() {
            let mut data = Vec::new();
            entry.by_ref().take(1 << 16).read_to_end(&mut data)?;
            if let Some(c) = pax_comment(&data) {
                out.commit = Some(c);
            }
            continue;
        }
        let raw = entry.path()?.into_owned();
        let shown = raw.display().to_string();
        let parts = clean(&raw).map_err(|why| UnpackError::Refused(shown.clone(), why))?;
        let Some((top, rest)) = parts.split_first() else {
            continue;
        };
        if out.top.is_empty() {
            out.top = top.clone();
        } else if *top != out.top {
            return Err(UnpackError::Refused(shown, "a second top folder"));
        }
        let Some(rest) = rest.strip_prefix(&[subdir.to_string()][..]) else {
            continue;
        };
        found = true;
        let target: PathBuf = rest.iter().fold(dest.to_path_buf(), |p, c| p.join(c));
        if kind.is_dir() {
            std::fs::create_dir_all(&target)?;
        } else if kind.is_file() {
            out.files += 1;
            out.bytes += entry.header().size()?;
            if out.files > MAX_FILES || out.bytes > MAX_BYTES {
                return Err(UnpackError::Refused(shown, "past the size limit"));
            }
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            let mut f = std::fs::File::create(&target)?;
            std::io::copy(&mut entry, &mut f)?;
        } else if kind.is_symlink() || kind.is_hard_link() {
            return Err(UnpackError::Refused(shown, "a link"));
        } else {
            return Err(UnpackError::Refused(shown, "not a file or folder"));
        }
    }
    if !found {
        return Err(UnpackError::Missing(subdir.to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{clean, pax_comment};
    use std::path::Path;

    #[test]
    fn paths() {
        for (p, ok) in [
            ("top/Interface/a.lua", true),
            ("./top/a", true),
            ("top/../../etc/passwd", false),
            ("/etc/passwd", false),
        ] {
            assert_eq!(clean(Path::new(p)).is_ok(), ok, "{p}");
        }
    }

    #[test]
    fn commit_from_pax_header() {
        let sha = "0123456789abcdef0123456789abcdef01234567";
        assert_eq!(
            pax_comment(format!("52 comment={sha}\n").as_bytes()),
            Some(sha.to_string())
        );
        assert_eq!(pax_comment(b"20 path=whatever\n"), None);
        assert_eq!(pax_comment(b"15 comment=zz\n"), None);
    }
}
