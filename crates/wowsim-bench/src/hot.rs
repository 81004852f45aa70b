//! Hot paths that exist today, measured in one simulator with no addons: frame method calls
//! across the Lua/Rust boundary, `_G` lookups of named frames, one tick with 1,000 OnUpdate
//! handlers and one event dispatched to 1,000 frames. Each figure is the median of N samples;
//! host overhead subtracts what the same number of calls to empty Lua functions costs.

use crate::measure::{fmt_rate, fmt_time, median};
use mlua::Function;
use std::time::Instant;
use wowsim_core::{Flavor, SimConfig, Simulator};

/// Calls per sample for the per-call loops.
const CALLS: i64 = 2_000_000;
/// Frames for the OnUpdate and event benchmarks.
const FRAMES: usize = 1000;

fn lua(e: mlua::Error) -> anyhow::Error {
    anyhow::anyhow!("Lua VM: {e}")
}

/// A simulator with no addons, logged in.
fn simulator() -> anyhow::Result<Simulator> {
    let mut config = SimConfig::new(Flavor::Retail);
    config.no_addons = true;
    let mut sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    sim.start().map_err(lua)?;
    Ok(sim)
}

/// Compiles `code` (which returns a function) and returns that function.
fn func(sim: &Simulator, code: &str) -> anyhow::Result<Function> {
    sim.lua()
        .load(code)
        .set_name("=wowsim-bench")
        .call::<Function>(())
        .map_err(lua)
}

/// Median seconds of `runs` calls of `f(arg)`.
fn time_call(f: &Function, arg: i64, runs: usize) -> anyhow::Result<f64> {
    let mut v = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        f.call::<()>(arg).map_err(lua)?;
        v.push(t.elapsed().as_secs_f64());
    }
    Ok(median(&v))
}

/// Runs every hot-path benchmark and prints a Markdown report.
pub fn run(runs: usize) -> anyhow::Result<()> {
    let mut sim = simulator()?;
    println!("### Hot paths (median of {runs} samples; release build; one simulator, no addons)\n");
    println!("| benchmark | figure | per call / item | notes |");
    println!("| --- | --- | --- | --- |");

    // Loop baselines, so the boundary cost can be told apart from the VM's own.
    let empty_loop = func(&sim, "return function(n) for i = 1, n do end end")?;
    let lua_method = func(
        &sim,
        "local t = { m = function(self) return true end } return function(n) for i = 1, n do t:m() end end",
    )?;
    let e = time_call(&empty_loop, CALLS, runs)?;
    let m = time_call(&lua_method, CALLS, runs)?;
    row(
        "empty Lua `for` loop (baseline)",
        CALLS as f64 / e,
        e / CALLS as f64,
        "",
    );
    row(
        "Lua method `t:m()` (pure Lua baseline)",
        CALLS as f64 / m,
        m / CALLS as f64,
        "",
    );

    // Frame methods across the boundary.
    let setup = "local f = CreateFrame(\"Frame\", \"WowsimBenchFrame\", UIParent)\n";
    for (method, note) in [
        ("IsShown", "returns a boolean"),
        ("GetName", "returns a string (interned per call)"),
        ("GetObjectType", "returns a static string"),
    ] {
        let f = func(
            &sim,
            &format!("{setup}return function(n) for i = 1, n do f:{method}() end end"),
        )?;
        let t = time_call(&f, CALLS, runs)?;
        row(
            &format!("frame method `f:{method}()`"),
            CALLS as f64 / t,
            t / CALLS as f64,
            &format!(
                "{note}; {:.0} ns over the loop",
                (t - e) / CALLS as f64 * 1e9
            ),
        );
    }

    // _G lookups of 1,000 named frames.
    let g = func(
        &sim,
        &format!(
            "local names = {{}}\nfor i = 1, {FRAMES} do names[i] = \"WowsimBenchG\" .. i; CreateFrame(\"Frame\", names[i], UIParent) end\n\
             return function(n) local G = _G for r = 1, n / {FRAMES} do for i = 1, {FRAMES} do local x = G[names[i]] end end end"
        ),
    )?;
    let t = time_call(&g, CALLS, runs)?;
    row(
        "`_G[name]` of 1,000 named frames",
        CALLS as f64 / t,
        t / CALLS as f64,
        &format!("{:.0} ns over the loop", (t - e) / CALLS as f64 * 1e9),
    );
    let gm = func(
        &sim,
        &format!(
            "local names = {{}}\nfor i = 1, {FRAMES} do names[i] = \"WowsimBenchG\" .. i end\n\
             return function(n) for r = 1, n / {FRAMES} do for i = 1, {FRAMES} do _G[names[i]]:IsShown() end end end"
        ),
    )?;
    let t = time_call(&gm, CALLS, runs)?;
    row(
        "`_G[name]:IsShown()`",
        CALLS as f64 / t,
        t / CALLS as f64,
        "global lookup plus a method call",
    );

    // One tick with 1,000 OnUpdate handlers.
    let tick = |sim: &mut Simulator| -> anyhow::Result<f64> {
        let mut v = Vec::new();
        for _ in 0..runs.max(1) * 20 {
            let t = Instant::now();
            sim.tick(1.0 / 60.0).map_err(lua)?;
            v.push(t.elapsed().as_secs_f64());
        }
        Ok(median(&v))
    };
    let idle = tick(&mut sim)?;
    let calls = func(
        &sim,
        &format!(
            "local fs, objs = {{}}, {{}}\nfor i = 1, {FRAMES} do\n  local f = CreateFrame(\"Frame\", nil, UIParent)\n  local h = function(self, elapsed) end\n  f:SetScript(\"OnUpdate\", h)\n  fs[i], objs[i] = h, f\nend\n\
             return function(reps) for r = 1, reps do for i = 1, {FRAMES} do fs[i](objs[i], 0.016) end end end"
        ),
    )?;
    let busy = tick(&mut sim)?;
    let lua_only = time_call(&calls, 100, runs)? / 100.0;
    row_time(
        "tick, no OnUpdate handlers",
        idle,
        "timers and the visible-frame scan only",
    );
    row_time(
        "tick with 1,000 empty OnUpdate handlers",
        busy,
        &format!(
            "1,000 empty Lua calls cost {}; **host overhead {} per tick** ({:.0} ns per handler)",
            fmt_time(lua_only),
            fmt_time(busy - lua_only),
            (busy - lua_only) / FRAMES as f64 * 1e9
        ),
    );

    // One event to 1,000 frames.
    let ev = func(
        &sim,
        &format!(
            "local fs, objs = {{}}, {{}}\nfor i = 1, {FRAMES} do\n  local f = CreateFrame(\"Frame\", nil, UIParent)\n  local h = function(self, event, ...) end\n  f:RegisterEvent(\"BAG_UPDATE\")\n  f:SetScript(\"OnEvent\", h)\n  fs[i], objs[i] = h, f\nend\n\
             return function(reps) for r = 1, reps do for i = 1, {FRAMES} do fs[i](objs[i], \"BAG_UPDATE\", 0) end end end"
        ),
    )?;
    let mut v = Vec::new();
    for _ in 0..runs.max(1) * 20 {
        let t = Instant::now();
        sim.fire("BAG_UPDATE", 0).map_err(lua)?;
        v.push(t.elapsed().as_secs_f64());
    }
    let fire = median(&v);
    let lua_only = time_call(&ev, 100, runs)? / 100.0;
    row_time(
        "event `BAG_UPDATE` to 1,000 frames",
        fire,
        &format!(
            "1,000 empty Lua calls cost {}; host overhead {} ({:.0} ns per frame)",
            fmt_time(lua_only),
            fmt_time(fire - lua_only),
            (fire - lua_only) / FRAMES as f64 * 1e9
        ),
    );
    println!();
    let errors = sim.errors();
    anyhow::ensure!(
        errors.is_empty(),
        "the benchmarks raised Lua errors: {:?}",
        errors.iter().map(|e| &e.message).collect::<Vec<_>>()
    );
    Ok(())
}

fn row(name: &str, rate: f64, per: f64, note: &str) {
    println!(
        "| {name} | {} | {} | {note} |",
        fmt_rate(rate),
        fmt_time(per)
    );
}

/// A row whose figure is a duration (ticks, dispatches) rather than a rate.
fn row_time(name: &str, per: f64, note: &str) {
    println!(
        "| {name} | {} | {} | {note} |",
        fmt_time(per),
        fmt_time(per)
    );
}
