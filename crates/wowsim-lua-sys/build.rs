//! Builds `libwowsim_lua51.a`: Lua 5.1.5's sources from the lua-src crate's package, with the
//! taint patch (`patch.rs`, `c/`) applied, compiled as lua-src would compile them. mlua-sys
//! links the library by the name `.cargo/config.toml` gives it (`LUA_LIB_NAME`); this script
//! adds the folder to the link search path.

#[path = "budget_patch.rs"]
mod budget_patch;
#[path = "compat_patch.rs"]
mod compat_patch;
#[path = "patch.rs"]
mod patch;

use std::path::{Path, PathBuf};
use std::{env, fs};

/// The lua-src package whose sources are patched (the build dependency's exact version).
const LUA_SRC_PACKAGE: &str = "lua-src-551.0.2";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=patch.rs");
    println!("cargo:rerun-if-changed=budget_patch.rs");
    println!("cargo:rerun-if-changed=compat_patch.rs");
    println!("cargo:rerun-if-changed=c");
    println!("cargo:rerun-if-env-changed=WOWSIM_LUA51_SRC");
    let upstream = find_upstream().unwrap_or_else(|e| panic!("{e}"));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
    let src = out.join("lua-5.1.5");
    let _ = fs::remove_dir_all(&src);
    fs::create_dir_all(&src).expect("create the source folder");
    copy_sources(&upstream, &src);
    apply_edits(&src);
    compile(&src, &out.join("lib"));
}

/// Where lua-src's Lua 5.1.5 sources are: `WOWSIM_LUA51_SRC`, else the lua-src package in
/// cargo's registry (`$CARGO_HOME`, default `~/.cargo`).
fn find_upstream() -> Result<PathBuf, String> {
    if let Some(dir) = env::var_os("WOWSIM_LUA51_SRC") {
        return Ok(PathBuf::from(dir));
    }
    let home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| home_dir().map(|h| h.join(".cargo")))
        .ok_or("neither CARGO_HOME nor a home folder is set")?;
    let registry = home.join("registry").join("src");
    let entries =
        fs::read_dir(&registry).map_err(|e| format!("cannot read {}: {e}", registry.display()))?;
    for entry in entries.flatten() {
        let dir = entry.path().join(LUA_SRC_PACKAGE).join("lua-5.1.5");
        if dir.join("lvm.c").is_file() {
            return Ok(dir);
        }
    }
    Err(format!(
        "the Lua 5.1.5 sources of {LUA_SRC_PACKAGE} are not under {} (set WOWSIM_LUA51_SRC to \
         the lua-5.1.5 folder of that package)",
        registry.display()
    ))
}

fn home_dir() -> Option<PathBuf> {
    env::var_os("HOME")
        .or_else(|| env::var_os("USERPROFILE"))
        .map(PathBuf::from)
}

/// Copies the upstream `.c`/`.h` files (not the stand-alone interpreter and compiler) and ours.
fn copy_sources(upstream: &Path, to: &Path) {
    println!("cargo:rerun-if-changed={}", upstream.display());
    for entry in fs::read_dir(upstream)
        .expect("read the Lua sources")
        .flatten()
    {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let wanted = name.ends_with(".c") || name.ends_with(".h");
        if wanted && name != "lua.c" && name != "luac.c" {
            fs::copy(&path, to.join(&name)).expect("copy a Lua source");
        }
    }
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("c");
    for entry in fs::read_dir(&ours).expect("read c/").flatten() {
        fs::copy(entry.path(), to.join(entry.file_name())).expect("copy a patch file");
    }
}

fn apply_edits(src: &Path) {
    for edit in patch::EDITS
        .iter()
        .chain(budget_patch::EDITS)
        .chain(compat_patch::EDITS)
    {
        let path = src.join(edit.file);
        let text = fs::read_to_string(&path).expect("read a Lua source");
        let count = text.matches(edit.from).count();
        assert!(
            count == 1,
            "patch: {} has {count} copies of {:?} (expected exactly one)",
            edit.file,
            edit.from
        );
        fs::write(&path, text.replacen(edit.from, edit.to, 1)).expect("write a Lua source");
    }
    let lapi = src.join("lapi.c");
    let mut text = fs::read_to_string(&lapi).expect("read lapi.c");
    text.push_str(patch::LAPI_TAIL);
    fs::write(&lapi, text).expect("write lapi.c");
}

/// Compiles the library with lua-src's flags for Lua 5.1 and tells cargo where it is.
fn compile(src: &Path, lib_dir: &Path) {
    let target = env::var("TARGET").expect("TARGET");
    let mut cc = cc::Build::new();
    cc.warnings(false).include(src).out_dir(lib_dir);
    if target.contains("linux") || target.contains("bsd") || target.contains("apple-darwin") {
        cc.define("LUA_USE_LINUX", None);
    }
    cc.flag_if_supported("-fno-common");
    let mut files: Vec<PathBuf> = fs::read_dir(src)
        .expect("read the patched sources")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    cc.files(&files);
    cc.cargo_metadata(false);
    cc.compile("wowsim_lua51");
    println!("cargo:rustc-link-search=native={}", lib_dir.display());
}
