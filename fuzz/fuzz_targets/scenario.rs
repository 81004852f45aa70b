//! Fuzz target: the scenario reader (`--scenario`, `wowsim.LoadScenario`) must return a
//! scenario or a `ScenarioError` naming file and line for any text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = wowsim_api::world::scenario::read("fuzz.toml", &String::from_utf8_lossy(data));
});
