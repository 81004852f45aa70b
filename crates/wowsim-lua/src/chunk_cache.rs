//! A cache of compiled Lua files on disk (opt-in: `SimConfig::lua_cache`; the CLI turns it on
//! under the user's cache folder unless `--no-lua-cache`).
//!
//! Compiling the Lua an addon set loads is a large part of start-up (the retail UI: ~17% of
//! the samples in `luaY_parser`, most of the lexer's string interning). A cached file holds
//! the compiled chunk as `string.dump` writes it, debug information included: the chunk name
//! (`@Interface/AddOns/…`), line numbers and local names are the ones the source gives, so
//! error messages and tracebacks are unchanged. Files whose source does not compile are
//! never cached (their error comes from the compiler every time).
//!
//! The files live in `lua-<identity>/`, the identity a hash of what compiles them (`build.rs`:
//! the locked mlua, mlua-sys and lua-src versions, the target, this file and the entry format),
//! so a build with another compiler never reads them; opening the cache prunes the folders of
//! other identities (`cache_file::prune_once`). A cache file is named by a hash of what the
//! compiled code depends on (the source as run, including the padding lines of Lua inside
//! XML; the chunk name; this format; the flavour) and holds, after a header, the chunk name,
//! the source's length and CRC-32, and the bytecode with its own length and CRC-32. A file
//! that does not match in every part (corrupt, truncated, another source with the same hash)
//! is ignored with a note, recompiled and rewritten; a file that cannot be written is skipped
//! with a note. Files are written to a temporary name and renamed, so a concurrent run never
//! reads half a file.

use super::cache_file::{self, Reader};
use mlua::chunk::ChunkMode;
use mlua::{Function, Lua, Table};
use std::cell::RefCell;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"WSLUAC01";

/// The cache of one VM (app data), when enabled.
#[derive(Debug)]
pub struct ChunkCache {
    root: PathBuf,
    dir: PathBuf,
    flavour: String,
    /// Problems met (corrupt files, write failures), for the caller to show once.
    notes: RefCell<Vec<String>>,
    stats: RefCell<Stats>,
}

/// Counts of one run, for benchmarks and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub hits: usize,
    pub misses: usize,
    pub rejected: usize,
    /// Folders of other build identities removed when the cache was opened.
    pub pruned: usize,
}

impl ChunkCache {
    /// A cache under `root` for `flavour`, in this build's folder; the first in a process to
    /// open `root` prunes the folders of other builds there.
    pub fn new(root: &Path, flavour: &str) -> ChunkCache {
        let pruned = cache_file::prune_once(root);
        let cache = ChunkCache::in_folder(root, cache_file::folder(root, cache_file::LUA), flavour);
        cache.stats.borrow_mut().pruned = pruned.folders;
        cache
    }

    /// A cache under `root` whose entries are in `dir` (created on first write).
    fn in_folder(root: &Path, dir: PathBuf, flavour: &str) -> ChunkCache {
        ChunkCache {
            root: root.to_path_buf(),
            dir,
            flavour: flavour.to_string(),
            notes: RefCell::new(Vec::new()),
            stats: RefCell::new(Stats::default()),
        }
    }

    /// The cache's root folder (other caches, `api/scan_cache.rs`, live beside this one's).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Adds notes of another cache under the same root, shown with this one's.
    pub fn add_notes(&self, notes: Vec<String>) {
        self.notes.borrow_mut().extend(notes);
    }

    /// Takes the notes gathered so far.
    pub fn take_notes(&self) -> Vec<String> {
        std::mem::take(&mut self.notes.borrow_mut())
    }

    pub fn stats(&self) -> Stats {
        *self.stats.borrow()
    }

    fn path_for(&self, name: &str, code: &[u8]) -> PathBuf {
        cache_file::entry_path(&self.dir, (MAGIC, &self.flavour, name), code, "luac")
    }

    /// The cached bytecode of `code` named `name`, if a valid entry exists.
    fn read(&self, path: &Path, name: &str, code: &[u8]) -> Option<Vec<u8>> {
        let mut bytes = std::fs::read(path).ok()?;
        match parse(&bytes, name, code) {
            Some(range) => {
                bytes.truncate(range.end);
                bytes.drain(..range.start);
                Some(bytes)
            }
            None => {
                self.stats.borrow_mut().rejected += 1;
                self.notes.borrow_mut().push(format!(
                    "ignoring the Lua cache file {} (corrupt or not for {name}); compiling again",
                    path.display()
                ));
                None
            }
        }
    }

    fn write(&self, path: &Path, name: &str, code: &[u8], bytecode: &[u8]) {
        let mut out = Vec::with_capacity(bytecode.len() + name.len() + 40);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(name.len() as u32).to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&(code.len() as u64).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(code).to_le_bytes());
        out.extend_from_slice(&(bytecode.len() as u64).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(bytecode).to_le_bytes());
        out.extend_from_slice(bytecode);
        if let Err(e) = cache_file::write_whole(&self.dir, path, &out) {
            let mut notes = self.notes.borrow_mut();
            // One note per run is enough for an unwritable folder.
            if notes
                .iter()
                .all(|n| !n.starts_with("cannot write the Lua cache"))
            {
                notes.push(format!(
                    "cannot write the Lua cache in {}: {e}",
                    self.dir.display()
                ));
            }
        }
    }
}

/// Where the bytecode is in a cache file's `bytes`, if the file is whole and is the one for
/// `name` and `code`.
fn parse(bytes: &[u8], name: &str, code: &[u8]) -> Option<std::ops::Range<usize>> {
    let mut r = Reader::new(bytes);
    if r.take(8)? != MAGIC {
        return None;
    }
    let name_len = r.u32()? as usize;
    if r.take(name_len)? != name.as_bytes() {
        return None;
    }
    let (code_len, code_crc) = (r.u64()?, r.u32()?);
    if code_len != code.len() as u64 || code_crc != crc32fast::hash(code) {
        return None;
    }
    let (bc_len, bc_crc) = (usize::try_from(r.u64()?).ok()?, r.u32()?);
    let start = r.at;
    let bc = r.take(bc_len)?;
    // Lua's own header: a binary chunk of Lua 5.1, and nothing after it.
    if r.at != bytes.len() || crc32fast::hash(bc) != bc_crc || !bc.starts_with(b"\x1bLua\x51") {
        return None;
    }
    Some(start..r.at)
}

/// Compiles `code` as the chunk `name` (with `env`, if any), from the VM's cache when it has
/// one: a valid cached entry is loaded instead of compiling; after a compile the entry is
/// written. Compile errors are the compiler's, as without a cache.
///
/// `code` must be text: a binary chunk is refused (`crate::refuse_binary`) before the cache or
/// the VM sees it; only this cache's own entries are loaded as bytecode.
pub fn load(lua: &Lua, code: &[u8], name: &str, env: Option<Table>) -> mlua::Result<Function> {
    crate::refuse_binary(code, name)?;
    let cached = lua.app_data_ref::<ChunkCache>().map(|cache| {
        let path = cache.path_for(name, code);
        let bytecode = cache.read(&path, name, code);
        (path, bytecode)
    });
    match cached {
        None => with_env(
            lua.load(code).set_name(name).set_mode(ChunkMode::Text),
            &env,
        )
        .into_function(),
        Some((path, Some(bytecode))) => {
            let f = with_env(
                lua.load(bytecode.as_slice())
                    .set_name(name)
                    .set_mode(ChunkMode::Binary),
                &env,
            )
            .into_function();
            if let Some(cache) = lua.app_data_ref::<ChunkCache>() {
                if f.is_ok() {
                    cache.stats.borrow_mut().hits += 1;
                } else {
                    // Lua refused it (a file of a different Lua build): compile from source.
                    cache.stats.borrow_mut().rejected += 1;
                    cache.notes.borrow_mut().push(format!(
                        "ignoring the Lua cache file {} (Lua refused it); compiling again",
                        path.display()
                    ));
                }
            }
            match f {
                Ok(f) => Ok(f),
                Err(_) => compile_and_store(lua, code, name, env, &path),
            }
        }
        Some((path, None)) => compile_and_store(lua, code, name, env, &path),
    }
}

fn with_env<'a>(chunk: mlua::chunk::Chunk<'a>, env: &Option<Table>) -> mlua::chunk::Chunk<'a> {
    match env {
        Some(env) => chunk.set_environment(env.clone()),
        None => chunk,
    }
}

fn compile_and_store(
    lua: &Lua,
    code: &[u8],
    name: &str,
    env: Option<Table>,
    path: &Path,
) -> mlua::Result<Function> {
    let mut chunk = lua.load(code).set_name(name).set_mode(ChunkMode::Text);
    if let Some(env) = env {
        chunk = chunk.set_environment(env);
    }
    let f = chunk.into_function()?;
    if let Some(cache) = lua.app_data_ref::<ChunkCache>() {
        cache.stats.borrow_mut().misses += 1;
        cache.write(path, name, code, &f.dump(false));
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("wowsim-chunk-cache-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn error_of(lua: &Lua, code: &[u8], name: &str) -> String {
        let f = load(lua, code, name, None).expect("compiles");
        f.call::<()>(()).unwrap_err().to_string()
    }

    #[test]
    fn a_cached_chunk_keeps_its_name_and_lines() {
        let dir = scratch("lines");
        let code = b"local x = 1\n\nlocal function f()\n  error('boom')\nend\nf()\n";
        let name = "@Interface/AddOns/A/A.lua";
        let plain = Lua::new();
        let want = error_of(&plain, code, name);
        assert!(want.contains("Interface/AddOns/A/A.lua:4: boom"), "{want}");
        for round in 0..2 {
            let lua = Lua::new();
            lua.set_app_data(ChunkCache::new(&dir, "retail"));
            assert_eq!(error_of(&lua, code, name), want, "round {round}");
            let stats = lua.app_data_ref::<ChunkCache>().unwrap().stats();
            let expected = if round == 0 { (0, 1) } else { (1, 0) };
            assert_eq!((stats.hits, stats.misses), expected, "round {round}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_syntax_error_is_the_compilers_and_is_not_cached() {
        let dir = scratch("syntax");
        let lua = Lua::new();
        lua.set_app_data(ChunkCache::new(&dir, "retail"));
        let name = "@Interface/AddOns/A/Bad.lua";
        let plain = Lua::new()
            .load(&b"x = = 1"[..])
            .set_name(name)
            .into_function();
        let cached = load(&lua, b"x = = 1", name, None);
        assert_eq!(
            cached.unwrap_err().to_string(),
            plain.unwrap_err().to_string()
        );
        let entries = std::fs::read_dir(cache_file::folder(&dir, cache_file::LUA)).unwrap();
        let luac = entries.filter(|e| {
            let path = e.as_ref().unwrap().path();
            path.extension().is_some_and(|x| x == "luac")
        });
        assert_eq!(luac.count(), 0);
    }

    #[test]
    fn a_corrupt_file_is_ignored_with_a_note_and_rewritten() {
        let dir = scratch("corrupt");
        let code = b"return 1 + 2";
        let name = "@Interface/AddOns/A/A.lua";
        {
            let lua = Lua::new();
            lua.set_app_data(ChunkCache::new(&dir, "retail"));
            load(&lua, code, name, None).unwrap();
        }
        let file = std::fs::read_dir(cache_file::folder(&dir, cache_file::LUA))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let good = std::fs::read(&file).unwrap();
        let mut flipped = good.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x55;
        for bad in [
            flipped,
            good[..good.len() / 2].to_vec(),
            b"garbage".to_vec(),
        ] {
            std::fs::write(&file, &bad).unwrap();
            let lua = Lua::new();
            lua.set_app_data(ChunkCache::new(&dir, "retail"));
            let v: i64 = load(&lua, code, name, None).unwrap().call(()).unwrap();
            assert_eq!(v, 3);
            let cache = lua.app_data_ref::<ChunkCache>().unwrap();
            let notes = cache.take_notes();
            assert_eq!(notes.len(), 1, "{notes:?}");
            assert!(
                notes[0].contains("ignoring the Lua cache file"),
                "{notes:?}"
            );
            assert_eq!(cache.stats().rejected, 1);
            assert_eq!(std::fs::read(&file).unwrap(), good, "rewritten");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_build_misses_and_its_old_folder_is_pruned() {
        let dir = scratch("identity");
        let (code, name) = (b"return 40 + 2", "@Interface/AddOns/A/A.lua");
        let run = |identity: &str| {
            let lua = Lua::new();
            let folder = cache_file::folder(&dir, ("lua", identity));
            lua.set_app_data(ChunkCache::in_folder(&dir, folder, "retail"));
            let v: i64 = load(&lua, code, name, None).unwrap().call(()).unwrap();
            assert_eq!(v, 42);
            let stats = lua.app_data_ref::<ChunkCache>().unwrap().stats();
            (stats.hits, stats.misses)
        };
        assert_eq!(run("aaaa"), (0, 1));
        assert_eq!(run("aaaa"), (1, 0));
        assert_eq!(run("bbbb"), (0, 1), "another build's entries are not read");
        let now = std::time::SystemTime::now();
        let current = [("lua", "bbbb")];
        let pruned = cache_file::prune(&dir, &current, std::time::Duration::ZERO, 100, now);
        assert_eq!((pruned.retired, pruned.files, pruned.folders), (1, 1, 1));
        assert!(!dir.join("lua-aaaa").exists() && !dir.join("stale-lua-aaaa").exists());
        assert_eq!(run("bbbb"), (1, 0), "this build's entries are kept");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_name_or_flavour_is_another_entry() {
        let dir = scratch("keys");
        let lua = Lua::new();
        let a = ChunkCache::new(&dir, "retail");
        let b = ChunkCache::new(&dir, "classic_era");
        let code = b"return 1";
        assert_ne!(a.path_for("@A.lua", code), a.path_for("@B.lua", code));
        assert_ne!(a.path_for("@A.lua", code), b.path_for("@A.lua", code));
        assert_ne!(
            a.path_for("@A.lua", code),
            a.path_for("@A.lua", b"return 2")
        );
        drop(lua);
    }
}
