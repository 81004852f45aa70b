//! A cache of what a Blizzard UI's API documentation adds (`api_docs.rs`), on disk beside the
//! compiled-Lua cache (`lua/chunk_cache.rs`: the same root folder, on and off with it).
//!
//! Reading the documentation evaluates its ~600 generated files in a sandbox VM up to three
//! times and types what they record (~7% of the retail start-up's CPU). The result depends only
//! on the files (their paths, which notes name, and their text), the flavour, and this build's
//! reader and reference data; a warm run reads the files, to name the entry, and the typed
//! result instead of evaluating them.
//!
//! The entry lives in `docs-<identity>/`, the identity a hash of the reader's sources, the
//! embedded reference data and its types, and the Lua that evaluates the files (`build.rs`),
//! so another build never reads it. It is named by a hash of the files and the flavour (with
//! their CRC-32 beside it) and holds, after
//! the shared header (`cache_file::encode_entry`: the inputs' length and CRC-32, the payload's
//! length and CRC-32), the result and the notes of the files that failed, as JSON. An entry that
//! does not match in every part is ignored with a note and rewritten.

use super::api_docs::DocData;
use std::path::{Path, PathBuf};
use wowsim_lua::cache_file;

const MAGIC: &[u8; 8] = b"WSDOCS01";

/// The folder of the documentation cache under the cache root `root`: this build's
/// (`cache_file::DOCS`, a hash of the reader's sources and the reference data; other builds'
/// are pruned).
pub fn dir_under(root: &Path) -> PathBuf {
    cache_file::folder(root, cache_file::DOCS)
}

/// The inputs an entry is for: every file's path and text, in order, each with its length.
pub fn inputs(sources: &[(String, Vec<u8>)]) -> Vec<u8> {
    let total: usize = sources.iter().map(|(p, s)| p.len() + s.len() + 16).sum();
    let mut out = Vec::with_capacity(total);
    for (path, src) in sources {
        out.extend_from_slice(&(path.len() as u64).to_le_bytes());
        out.extend_from_slice(path.as_bytes());
        out.extend_from_slice(&(src.len() as u64).to_le_bytes());
        out.extend_from_slice(src);
    }
    out
}

/// The on-disk cache of documentation results.
#[derive(Debug)]
pub struct DocsCache {
    dir: PathBuf,
    /// `Hash` of the flavour the result is for.
    flavour: wowsim_data::Flavor,
    /// Problems met (a corrupt entry, a failed write), for the caller to show.
    pub notes: Vec<String>,
}

impl DocsCache {
    /// The cache in `dir` (created on first write) for `flavour`'s reference data.
    pub fn new(dir: PathBuf, flavour: wowsim_data::Flavor) -> DocsCache {
        DocsCache {
            dir,
            flavour,
            notes: Vec::new(),
        }
    }

    fn path_for(&self, inputs: &[u8]) -> PathBuf {
        cache_file::entry_path(&self.dir, (MAGIC, self.flavour), inputs, "docs")
    }

    /// The cached result and notes for `inputs` ([`inputs`]), if a valid entry exists.
    pub fn read(&mut self, inputs: &[u8]) -> Option<(DocData, Vec<String>)> {
        let path = self.path_for(inputs);
        let entry = std::fs::read(&path).ok()?;
        let found = cache_file::decode_entry(&entry, MAGIC, inputs)
            .and_then(|payload| serde_json::from_slice::<(DocData, Vec<String>)>(payload).ok());
        if found.is_none() {
            self.notes.push(format!(
                "ignoring the API documentation cache file {} (corrupt or not for these files); \
                 reading the documentation again",
                path.display()
            ));
        }
        found
    }

    /// Stores `docs` and `notes` as the result for `inputs`.
    pub fn write(&mut self, inputs: &[u8], docs: &DocData, notes: &[String]) {
        let path = self.path_for(inputs);
        let payload = match serde_json::to_vec(&(docs, notes)) {
            Ok(p) => p,
            Err(e) => {
                self.notes.push(format!(
                    "cannot store the API documentation in the cache: {e}"
                ));
                return;
            }
        };
        let out = cache_file::encode_entry(MAGIC, inputs, &payload);
        if let Err(e) = cache_file::write_whole(&self.dir, &path, &out) {
            self.notes.push(format!(
                "cannot write the API documentation cache in {}: {e}",
                self.dir.display()
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::api_docs;

    /// The documentation fixture's folder (a file in the shape of the client's tables).
    fn fixture_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/api/api_documentation/Blizzard/Blizzard_APIDocumentationGenerated")
    }

    #[test]
    fn a_warm_read_equals_evaluating_and_a_bad_entry_is_ignored() {
        let dir = std::env::temp_dir().join(format!("wowsim-docs-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let data = wowsim_data::data(wowsim_data::Flavor::Retail);
        let files = vec!["WidgetGadgetDocumentation.lua".to_string()];
        let (plain, plain_notes) = api_docs::read(&fixture_dir(), &files, data, None);
        assert!(plain
            .apis
            .iter()
            .any(|a| a.name == "C_WidgetGadget.GetGadgetInfo"));
        let mut cache = DocsCache::new(dir.clone(), wowsim_data::Flavor::Retail);
        let cold = api_docs::read(&fixture_dir(), &files, data, Some(&mut cache));
        let entries = || std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
        assert_eq!(entries(), 1, "the cold read stores its result");
        let warm = api_docs::read(&fixture_dir(), &files, data, Some(&mut cache));
        assert_eq!(cold, (plain, plain_notes));
        assert_eq!(warm, cold);
        // Looked up through the rebuilt indexes and split names, as stubs do.
        let api = (warm.0.apis.iter())
            .find(|a| a.name == "C_WidgetGadget.GetGadgetInfo")
            .unwrap();
        assert_eq!(api.namespace.as_deref(), Some("C_WidgetGadget"));
        assert!(warm.0.structure("GadgetInfo").is_some());
        assert!(cache.notes.is_empty(), "{:?}", cache.notes);
        // Another flavour is another entry.
        let mut era = DocsCache::new(dir.clone(), wowsim_data::Flavor::ClassicEra);
        assert!(era.read(&inputs(&[])).is_none());
        // Another build's folder is another cache: it misses (and stores its own entry).
        let other_dir = dir.with_extension("other-build");
        let mut other = DocsCache::new(other_dir.clone(), wowsim_data::Flavor::Retail);
        let from_other = api_docs::read(&fixture_dir(), &files, data, Some(&mut other));
        assert_eq!(from_other, cold);
        assert_eq!(
            std::fs::read_dir(&other_dir).map(|d| d.count()).ok(),
            Some(1)
        );
        let _ = std::fs::remove_dir_all(&other_dir);
        // A flipped byte: ignored with a note, evaluated again and rewritten.
        let entry = std::fs::read_dir(&dir)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let mut bytes = std::fs::read(&entry).unwrap();
        let last = bytes.len() - 2;
        bytes[last] ^= 0x20;
        std::fs::write(&entry, &bytes).unwrap();
        let again = api_docs::read(&fixture_dir(), &files, data, Some(&mut cache));
        assert_eq!(again, cold);
        assert_eq!(cache.notes.len(), 1, "{:?}", cache.notes);
        assert!(cache.notes[0].contains("ignoring the API documentation cache file"));
        assert_ne!(std::fs::read(&entry).unwrap(), bytes, "rewritten");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
