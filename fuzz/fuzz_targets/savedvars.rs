//! Fuzz target: the SavedVariables reader must return a value or a `ParseError` for any bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = wowsim_savedvars::parse(data, &wowsim_savedvars::Limits::default());
});
