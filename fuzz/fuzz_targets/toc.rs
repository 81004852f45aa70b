//! Fuzz target: the TOC parser must return (a `Toc` plus diagnostics) for any bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let ctx = wowsim_toc::TocContext::new(wowsim_toc::Flavor::Retail);
    let _ = wowsim_toc::parse_toc_bytes(data, &ctx);
});
