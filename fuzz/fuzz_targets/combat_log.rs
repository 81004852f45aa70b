//! Fuzz target: the combat-log reader (`--combat-log`, `wowsim.ReplayCombatLog`) must return
//! timeline actions or a `LogError` naming file and line for any text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = wowsim_api::world::combat_log::read("WoWCombatLog.txt", &text, 0.0);
});
