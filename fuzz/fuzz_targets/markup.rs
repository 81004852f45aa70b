//! Fuzz target: the client's text escape codes (`|c`, `|r`, `|T`, `|A`, `|H`, `|n`, `||`) must
//! parse any string into tokens without a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = wowsim_render::markup::parse(&text);
});
