//! The build identities of the on-disk caches: a hash of the code and data that produce each
//! cache's entries, so that an entry written by other code is never read (each cache keeps its
//! entries in a folder named by its identity; `cache_file.rs` prunes the others).
//!
//! | identity | what it hashes |
//! | --- | --- |
//! | `WOWSIM_CACHE_ID_LUA` (compiled chunks, `chunk_cache.rs`) | the locked versions of mlua, mlua-sys and lua-src (the vendored compiler), the target, the chunk cache's and the entry format's sources, our edits of Lua's sources (`wowsim-lua-sys`'s `*patch.rs`) |
//! | `WOWSIM_CACHE_ID_SCAN` (global-string scan, `wowsim-core`'s `global_strings/scan_cache.rs`) | the scanner's sources, the shipped list of global-string names and the entry format's |
//! | `WOWSIM_CACHE_ID_DOCS` (API documentation, `wowsim-api`'s `api/docs_cache.rs`) | the Lua identity's inputs (the documentation is evaluated in Lua), the docs reader's sources, the entry format's, and wowsim-data's sources and embedded reference data |
//!
//! The runtime owns the cache folders and their pruning, so all three identities are made here;
//! the scan's and the docs reader's sources are read from the crates that hold them (a hash of
//! their text, not a dependency).
//!
//! A listed file that is missing fails the build: a file moved or renamed must be listed again
//! where it now is, or the caches would stop following its changes.

use std::path::{Path, PathBuf};

/// The entry format shared by every cache.
const ENTRY_FORMAT: &str = "src/cache_file.rs";

/// The compiled-chunk cache's sources (the compiler itself is in the locked versions).
const LUA_FILES: &[&str] = &[
    "src/chunk_cache.rs",
    ENTRY_FORMAT,
    // Our edits of the compiler's sources (the parser's configuration among them).
    "../wowsim-lua-sys/patch.rs",
    "../wowsim-lua-sys/budget_patch.rs",
    "../wowsim-lua-sys/compat_patch.rs",
];

/// The global-string scanner: what one file's entry holds is made here (the tokenizer, the
/// scan, the entry format). The shipped list of the client's names does not change an entry
/// but decides what the entries lead to, so a new list starts a new folder too.
const SCAN_FILES: &[&str] = &[
    "../wowsim-core/src/global_strings/scan.rs",
    "../wowsim-core/src/global_strings/mod.rs",
    "../wowsim-core/src/global_strings/scan_cache.rs",
    "../wowsim-core/src/global_strings/tokens.rs",
    "../wowsim-core/data/global_strings.tsv",
    ENTRY_FORMAT,
];

/// The API documentation reader (with the reference values it puts in its sandbox).
const DOCS_FILES: &[&str] = &[
    "../wowsim-api/src/api/api_docs.rs",
    "../wowsim-api/src/api/doc_objects.rs",
    "../wowsim-api/src/api/docs_cache.rs",
    "../wowsim-api/src/api/mod.rs",
    ENTRY_FORMAT,
];

/// The embedded reference data and the code that types it (folders, every file in them).
const DOCS_DIRS: &[&str] = &["../wowsim-data/src", "../wowsim-data/data"];

/// The packages of the vendored Lua compiler, whose locked versions are part of the identity.
const LUA_PACKAGES: &[&str] = &["mlua", "mlua-sys", "lua-src"];

/// FNV-1a, 64 bits: enough to tell builds apart (not a defence against anyone).
struct Id(u64);

impl Id {
    fn new(tag: &str) -> Id {
        let mut id = Id(0xcbf2_9ce4_8422_2325);
        id.add(tag.as_bytes());
        id
    }

    /// Adds `bytes` with their length, so that two inputs cannot run into each other.
    fn add(&mut self, bytes: &[u8]) {
        for b in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// Adds a file's path (relative to the crate) and contents, and asks for a rebuild when it
    /// changes.
    fn file(&mut self, manifest: &Path, rel: &str) {
        let path = manifest.join(rel);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| {
            panic!(
                "cache identity: cannot read {} ({e}); list the file where it now is in build.rs",
                path.display()
            )
        });
        println!("cargo:rerun-if-changed={}", path.display());
        self.add(rel.as_bytes());
        self.add(&bytes);
    }

    /// Adds every file under a folder, in a fixed (sorted) order.
    fn dir(&mut self, manifest: &Path, rel: &str) {
        let root = manifest.join(rel);
        println!("cargo:rerun-if-changed={}", root.display());
        let mut files = Vec::new();
        walk(&root, &mut files);
        assert!(
            !files.is_empty(),
            "cache identity: no files under {}",
            root.display()
        );
        files.sort();
        for f in files {
            let name = f.strip_prefix(manifest).unwrap_or(&f).to_string_lossy();
            let bytes = std::fs::read(&f)
                .unwrap_or_else(|e| panic!("cache identity: cannot read {} ({e})", f.display()));
            self.add(name.as_bytes());
            self.add(&bytes);
        }
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cache identity: cannot list {} ({e})", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// `name version` of each of `packages` as Cargo.lock locks them, one a line.
fn locked_versions(lock: &Path, packages: &[&str]) -> String {
    let text = std::fs::read_to_string(lock)
        .unwrap_or_else(|e| panic!("cache identity: cannot read {} ({e})", lock.display()));
    println!("cargo:rerun-if-changed={}", lock.display());
    let mut out = String::new();
    for package in packages {
        let quoted = format!("name = \"{package}\"");
        let mut lines = text.lines();
        let mut found = Vec::new();
        while let Some(line) = lines.next() {
            if line.trim() == quoted {
                if let Some(v) = lines
                    .next()
                    .and_then(|l| l.trim().strip_prefix("version = "))
                {
                    found.push(v.trim_matches('"').to_string());
                }
            }
        }
        assert!(
            !found.is_empty(),
            "cache identity: {package} is not in {}",
            lock.display()
        );
        out.push_str(&format!("{package} {}\n", found.join(" ")));
    }
    out
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-changed=build.rs");
    let lock = manifest.join("../../Cargo.lock");
    let compiler = locked_versions(&lock, LUA_PACKAGES);
    let target = std::env::var("TARGET").unwrap_or_default();

    let mut lua = Id::new("lua");
    lua.add(compiler.as_bytes());
    lua.add(target.as_bytes());
    for f in LUA_FILES {
        lua.file(&manifest, f);
    }

    let mut scan = Id::new("scan");
    for f in SCAN_FILES {
        scan.file(&manifest, f);
    }

    let mut docs = Id::new("docs");
    docs.add(compiler.as_bytes());
    docs.add(target.as_bytes());
    for f in DOCS_FILES {
        docs.file(&manifest, f);
    }
    for d in DOCS_DIRS {
        docs.dir(&manifest, d);
    }

    println!("cargo:rustc-env=WOWSIM_CACHE_ID_LUA={}", lua.hex());
    println!("cargo:rustc-env=WOWSIM_CACHE_ID_SCAN={}", scan.hex());
    println!("cargo:rustc-env=WOWSIM_CACHE_ID_DOCS={}", docs.hex());
}
