//! Runaway scripts and resource limits: the instruction budget per host entry (file main
//! chunk, event handler, OnUpdate, timer), the memory cap, the wall-clock timeout, and a huge
//! string literal. Each ends in records with the right phase, and the run goes on (budget) or
//! stops cleanly (memory, timeout).

use std::path::PathBuf;
use std::time::Duration;
use wowsim_core::{Flavor, SimConfig, Simulator};

/// Writes one addon `Name` with the given Lua file into a fresh folder; returns the folder.
fn addon(tag: &str, lua: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wowsim-limits-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.join("Runaway");
    std::fs::create_dir_all(&d).expect("dir");
    std::fs::write(d.join("Runaway.toc"), "## Interface: 110000\nRunaway.lua\n").expect("toc");
    std::fs::write(d.join("Runaway.lua"), lua).expect("lua");
    dir
}

/// Runs the addon folder for `seconds` on a large stack; `tune` adjusts the config.
fn run(
    dir: PathBuf,
    seconds: f64,
    tune: fn(&mut SimConfig),
) -> (Vec<String>, Vec<(String, String)>, Option<String>) {
    let out = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut config = SimConfig::new(Flavor::Retail);
            config.addon_dirs.push(dir.clone());
            config.script_budget = 5_000_000;
            tune(&mut config);
            let mut sim = Simulator::new(config).expect("simulator");
            let r = sim.start().and_then(|_| sim.run_for(seconds));
            let stopped = sim.stopped();
            assert!(r.is_ok() || stopped.is_some(), "{r:?}");
            let _ = std::fs::remove_dir_all(&dir);
            let errors = sim
                .errors()
                .into_iter()
                .map(|e| (e.message, e.phase))
                .collect();
            (sim.output(), errors, stopped)
        })
        .expect("thread")
        .join()
        .expect("no panic");
    out
}

const RUNAWAY: &str = "\
print('main chunk')\n\
local f = CreateFrame('Frame')\n\
f:RegisterEvent('PLAYER_LOGIN')\n\
f:SetScript('OnEvent', function() print('login') while true do end end)\n\
local n = 0\n\
f:SetScript('OnUpdate', function() n = n + 1 if n == 2 then print('update 2') while true do end end end)\n\
C_Timer.After(0.1, function() print('timer') pcall(function() while true do end end) print('after pcall') end)\n\
C_Timer.After(0.2, function() print('still running') end)\n\
while true do end\n";

#[test]
fn every_entry_has_its_own_budget_and_the_run_goes_on() {
    let (out, errors, stopped) = run(addon("budget", RUNAWAY.as_bytes()), 0.5, |_| {});
    assert_eq!(stopped, None);
    assert_eq!(
        out,
        [
            "main chunk",
            "login",
            "update 2",
            "timer",
            "after pcall",
            "still running"
        ]
    );
    let want = [
        (
            "Interface/AddOns/Runaway/Runaway.lua:9: script ran too long",
            "load",
        ),
        (
            "Interface/AddOns/Runaway/Runaway.lua:4: script ran too long",
            "event:PLAYER_LOGIN",
        ),
        (
            "Interface/AddOns/Runaway/Runaway.lua:6: script ran too long",
            "OnUpdate",
        ),
    ];
    let got: Vec<(&str, &str)> = errors
        .iter()
        .map(|(m, p)| (m.as_str(), p.as_str()))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn the_memory_cap_stops_the_run_with_a_record() {
    let code = b"local t = {} for i = 1, 1e8 do t[i] = {i} end print('never')\n";
    let (out, errors, stopped) = run(addon("memory", code), 0.1, |c| {
        c.memory_limit = 64 << 20;
        c.script_budget = 0;
    });
    assert!(out.is_empty(), "{out:?}");
    let reason = stopped.expect("stopped");
    assert!(reason.contains("not enough memory"), "{reason}");
    assert!(
        errors.iter().any(|(m, _)| m.contains("not enough memory")),
        "{errors:?}"
    );
}

/// Printed lines are kept outside Lua until the run's end, each string garbage in Lua at once:
/// 200,000 distinct lines of 1 KB (200 MB) once ran to the end under a 32 MB cap. They count
/// with Lua's heap now, so the run stops near the cap.
#[test]
fn printed_lines_count_against_the_memory_cap() {
    let code = b"local s = string.rep('p', 1000) for i = 1, 200000 do print(s .. i) end\n";
    let (out, errors, stopped) = run(addon("lines", code), 0.0, |c| {
        c.memory_limit = 32 << 20;
        c.script_budget = 0;
    });
    let reason = stopped.expect("stopped");
    assert!(
        reason.contains("printed and message-frame lines"),
        "{reason}"
    );
    let held: usize = out.iter().map(|l| l.len()).sum();
    assert!(held < 32 << 20, "{} lines, {held} bytes", out.len());
    assert!(out.len() > 1000, "{} lines", out.len());
    assert!(
        errors.iter().any(|(m, _)| m.contains("not enough memory")),
        "{errors:?}"
    );
}

/// Error records are kept outside Lua until the run's end, one per distinct message, and the
/// message's Lua string is garbage at once: 200,000 distinct 1 KB messages handed to the error
/// handler once ran to the end under a 32 MB cap (the record list grew without a bound). They
/// count with Lua's heap now, so the run stops near the cap.
#[test]
fn error_records_count_against_the_memory_cap() {
    let code = b"local h = geterrorhandler() local s = string.rep('e', 1000)\n\
        for i = 1, 200000 do h(s .. i) end print('never')\n";
    let (out, errors, stopped) = run(addon("records", code), 0.0, |c| {
        c.memory_limit = 32 << 20;
        c.script_budget = 0;
    });
    assert!(out.is_empty(), "{out:?}");
    let reason = stopped.expect("stopped");
    assert!(reason.contains("error records"), "{reason}");
    let held: usize = errors.iter().map(|(m, _)| m.len()).sum();
    assert!(held < 16 << 20, "{} records, {held} bytes", errors.len());
    assert!(errors.len() > 1000, "{} records", errors.len());
}

/// A message frame keeps its messages up to the line limit the addon sets: with
/// `SetMaxLines(1e9)`, 200,000 distinct 1 KB messages once ran to the end under a 32 MB cap.
/// They count with Lua's heap now; `Clear` gives them back, so a frame cleared after each
/// message runs to the end.
#[test]
fn message_frame_lines_count_against_the_memory_cap() {
    let code = b"local f = CreateFrame('ScrollingMessageFrame') f:SetMaxLines(1e9)\n\
        local s = string.rep('m', 1000)\n\
        for i = 1, 200000 do f:AddMessage(s .. i) end print('never')\n";
    let (out, _, stopped) = run(addon("messages", code), 0.0, |c| {
        c.memory_limit = 32 << 20;
        c.script_budget = 0;
    });
    assert!(out.is_empty(), "{out:?}");
    let reason = stopped.expect("stopped");
    assert!(reason.contains("message-frame lines"), "{reason}");
    let code = b"local f = CreateFrame('ScrollingMessageFrame') f:SetMaxLines(1e9)\n\
        local s = string.rep('m', 1000)\n\
        for i = 1, 100000 do f:AddMessage(s .. i) f:Clear() end print(f:GetNumMessages())\n";
    let (out, errors, stopped) = run(addon("cleared", code), 0.0, |c| {
        c.memory_limit = 32 << 20;
        c.script_budget = 0;
    });
    assert_eq!((out, stopped), (vec!["0".to_string()], None), "{errors:?}");
}

#[test]
fn the_timeout_stops_an_unbudgeted_loop() {
    let (_, errors, stopped) = run(addon("timeout", b"while true do end\n"), 0.1, |c| {
        c.script_budget = 0;
        // Long enough for the built-in base to load in a debug build on a loaded machine (the
        // clock starts with the simulator): the timeout must fire in the addon's endless loop.
        c.timeout = Some(Duration::from_millis(2000));
    });
    assert!(stopped.expect("stopped").contains("timed out"));
    assert!(
        errors
            .iter()
            .any(|(m, p)| m.contains("timed out") && p == "load"),
        "{errors:?}"
    );
}

#[test]
fn a_huge_string_literal_loads_or_fails_cleanly() {
    let mut code = b"local s = \"".to_vec();
    code.resize(code.len() + (24 << 20), b'x');
    code.extend_from_slice(b"\" print(#s)\n");
    let (out, errors, _) = run(addon("bigstring", &code), 0.0, |_| {});
    assert_eq!(out, [(24 << 20).to_string()]);
    assert!(errors.is_empty(), "{errors:?}");
    let (_, errors, stopped) = run(addon("bigstring2", &code), 0.0, |c| {
        c.memory_limit = 16 << 20
    });
    assert!(
        stopped.is_some() || errors.iter().any(|(m, _)| m.contains("memory")),
        "{errors:?}"
    );
}
