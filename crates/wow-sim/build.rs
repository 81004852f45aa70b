//! Embeds the demo addons (`demo/AddOns`) in the binary, so `wow-sim` with no `--addons` shows
//! something real wherever the binary is run from: generates `$OUT_DIR/demo_files.rs`, a list of
//! (relative path, bytes) pairs.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// With the `iced-dylib` feature the binary needs `libiced_dynamic.so` (beside it in the target
/// directory) and the toolchain's `libstd-*.so`: both are found through the binary's rpath, so it
/// starts without `LD_LIBRARY_PATH` (and with `LD_LIBRARY_PATH=target/release` as well).
fn dylib_rpath() {
    if std::env::var_os("CARGO_FEATURE_ICED_DYLIB").is_none() {
        return;
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = std::process::Command::new(rustc)
        .args(["--print", "target-libdir"])
        .output()
        .expect("rustc --print target-libdir");
    let libdir = String::from_utf8_lossy(&out.stdout).trim().to_string();
    println!("cargo:rustc-link-arg-bins=-Wl,-rpath,$ORIGIN:{libdir}");
}

fn main() {
    dylib_rpath();
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.join("../../demo/AddOns");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &mut files);
    let mut code = String::from("/// The demo addons: (path under AddOns/, contents).\npub const DEMO_FILES: &[(&str, &[u8])] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f
            .strip_prefix(&root)
            .expect("under root")
            .to_string_lossy()
            .replace('\\', "/");
        let abs = f.canonicalize().expect("readable demo file");
        code.push_str(&format!(
            "    ({rel:?}, include_bytes!({:?})),\n",
            abs.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("demo_files.rs");
    std::fs::write(out, code).expect("write demo_files.rs");
}
