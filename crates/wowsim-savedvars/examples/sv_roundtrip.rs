//! Parses SavedVariables files and checks that writing them back is byte-identical.
//!
//! Usage: `cargo run --release -p wowsim-savedvars --example sv_roundtrip -- FILE...`
//! The layout (flat or indented, LF or CRLF) is guessed from each file, then the
//! parsed tree is written with it and compared byte for byte.

use wowsim_savedvars::{parse, write_with, Limits, LineEnding, Style, WriteOptions};

fn main() {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let src = match std::fs::read(&path) {
            Ok(s) => s,
            Err(e) => {
                println!("{path}: read error: {e}");
                failed = true;
                continue;
            }
        };
        let vars = match parse(&src, &Limits::default()) {
            Ok(v) => v,
            Err(e) => {
                println!("{path}: parse error {e}");
                failed = true;
                continue;
            }
        };
        let opts = WriteOptions {
            style: if src.windows(2).any(|w| w == b"\n\t") {
                Style::Indented
            } else {
                Style::Flat
            },
            line_ending: if src.starts_with(b"\r\n") {
                LineEnding::Crlf
            } else {
                LineEnding::Lf
            },
        };
        let out = write_with(&vars, &opts);
        if out == src {
            println!(
                "{path}: identical ({} bytes, {} vars)",
                src.len(),
                vars.len()
            );
        } else {
            failed = true;
            let at = out
                .iter()
                .zip(&src)
                .position(|(a, b)| a != b)
                .unwrap_or(out.len().min(src.len()));
            let lo = at.saturating_sub(60);
            println!(
                "{path}: DIFFERS at byte {at}\n  file:  {:?}\n  wrote: {:?}",
                String::from_utf8_lossy(&src[lo..(at + 60).min(src.len())]),
                String::from_utf8_lossy(&out[lo..(at + 60).min(out.len())])
            );
        }
    }
    std::process::exit(i32::from(failed));
}
