//! Fuzz target: the UI XML parser must return a document with diagnostics for any text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = wowsim_xml::parse_document(&text, wowsim_xml::Flavor::Retail);
});
