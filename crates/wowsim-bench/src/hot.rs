//! Hot paths that exist today, measured in one simulator with no addons: frame method calls
//! across the Lua/Rust boundary, `_G` lookups of named frames, one tick with 1,000 OnUpdate
//! handlers and one event dispatched to 1,000 frames. Each figure is the median of N samples
//! (the best sample is shown too: on a shared machine it is the less disturbed one); host
//! overhead subtracts what the same number of calls to the same empty Lua handlers costs.

use crate::measure::{fmt_rate, fmt_time, loadavg, median, min_max};
use mlua::Function;
use std::time::Instant;
use wowsim_core::{Flavor, SimConfig, Simulator};

/// Calls per sample for the per-call loops.
const CALLS: i64 = 1_000_000;
/// Frames for the OnUpdate and event benchmarks.
const FRAMES: usize = 1000;

fn lua(e: impl std::fmt::Display) -> anyhow::Error {
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

/// Runs `code` (a chunk that returns a function) and returns that function.
fn func(sim: &Simulator, code: &str) -> anyhow::Result<Function> {
    sim.lua_vm()
        .load(code)
        .set_name("=wowsim-bench")
        .call::<Function>(())
        .map_err(lua)
}

/// (median, best) seconds of `samples` runs of `f`.
fn sample(samples: usize, mut f: impl FnMut() -> anyhow::Result<()>) -> anyhow::Result<(f64, f64)> {
    let mut v = Vec::with_capacity(samples);
    for _ in 0..samples {
        let t = Instant::now();
        f()?;
        v.push(t.elapsed().as_secs_f64());
    }
    Ok((median(&v), min_max(&v).0))
}

/// (median, best) seconds of one call of `f(arg)`.
fn time_call(f: &Function, arg: i64, samples: usize) -> anyhow::Result<(f64, f64)> {
    sample(samples, || f.call::<()>(arg).map_err(lua))
}

fn row(name: &str, figure: String, per: String, note: &str) {
    println!("| {name} | {figure} | {per} | {note} |");
}

/// A per-call loop: rate (median, best) and time per call.
fn rate_row(name: &str, (med, best): (f64, f64), calls: f64, note: &str) {
    row(
        name,
        format!(
            "{} (best {})",
            fmt_rate(calls / med),
            fmt_rate(calls / best)
        ),
        fmt_time(med / calls),
        note,
    );
}

/// Runs every hot-path benchmark and prints a Markdown report.
pub fn run(samples: usize) -> anyhow::Result<()> {
    let samples = samples.max(1);
    let mut sim = simulator()?;
    let load_before = loadavg();
    println!(
        "### Hot paths (median of {samples} samples, best in brackets; release build; one simulator, no addons)\n"
    );
    println!("| benchmark | figure | per call / item | notes |");
    println!("| --- | --- | --- | --- |");
    let empty = baselines(&sim, samples)?;
    frame_methods(&sim, samples, empty)?;
    global_lookups(&sim, samples, empty)?;
    on_update_tick(&mut sim, samples)?;
    event_dispatch(&mut sim, samples)?;
    println!();
    println!(
        "Load average before / after: {load_before} / {} (on a shared machine, compare the best figures).\n",
        loadavg()
    );
    let errors = sim.errors();
    anyhow::ensure!(
        errors.is_empty(),
        "the benchmarks raised Lua errors: {:?}",
        errors.iter().map(|e| &e.message).collect::<Vec<_>>()
    );
    Ok(())
}

/// Loop baselines, so the boundary cost can be told apart from the VM's own. Returns the
/// empty loop's (median, best).
fn baselines(sim: &Simulator, samples: usize) -> anyhow::Result<(f64, f64)> {
    let n = CALLS as f64;
    let empty_loop = func(sim, "return function(n) for i = 1, n do end end")?;
    let e = time_call(&empty_loop, CALLS, samples)?;
    rate_row("empty Lua `for` loop (baseline)", e, n, "");
    let lua_method = func(
        sim,
        "local t = { m = function(self) return true end } return function(n) for i = 1, n do t:m() end end",
    )?;
    let m = time_call(&lua_method, CALLS, samples)?;
    rate_row(
        "Lua method `t:m()` (pure Lua baseline)",
        m,
        n,
        "a Lua function through a table",
    );
    let print_fn = func(
        sim,
        "local f = type return function(n) for i = 1, n do f(i) end end",
    )?;
    let c = time_call(&print_fn, CALLS, samples)?;
    rate_row(
        "C function `type(i)` (Lua's own C API baseline)",
        c,
        n,
        "the cheapest call into C",
    );
    Ok(e)
}

/// Frame methods across the boundary; `e` is the empty loop's time.
fn frame_methods(sim: &Simulator, samples: usize, e: (f64, f64)) -> anyhow::Result<()> {
    let n = CALLS as f64;
    let setup = "local f = CreateFrame(\"Frame\", \"WowsimBenchFrame\", UIParent)\n";
    for (method, note) in [
        ("IsShown", "returns a boolean"),
        ("GetName", "returns a string"),
        ("GetObjectType", "returns a static string"),
    ] {
        let f = func(
            sim,
            &format!("{setup}return function(n) for i = 1, n do f:{method}() end end"),
        )?;
        let t = time_call(&f, CALLS, samples)?;
        rate_row(
            &format!("frame method `f:{method}()`"),
            t,
            n,
            &format!(
                "{note}; {:.0} ns per call over the empty loop",
                (t.0 - e.0) / n * 1e9
            ),
        );
    }
    Ok(())
}

/// `_G` lookups of 1,000 named frames, alone and with a method call; `e` is the empty loop's
/// time.
fn global_lookups(sim: &Simulator, samples: usize, e: (f64, f64)) -> anyhow::Result<()> {
    let n = CALLS as f64;
    let g = func(
        sim,
        &format!(
            "local names = {{}}\nfor i = 1, {FRAMES} do names[i] = \"WowsimBenchG\" .. i; CreateFrame(\"Frame\", names[i], UIParent) end\n\
             return function(n) local G = _G for r = 1, n / {FRAMES} do for i = 1, {FRAMES} do local x = G[names[i]] end end end"
        ),
    )?;
    let t = time_call(&g, CALLS, samples)?;
    rate_row(
        "`_G[name]` of 1,000 named frames",
        t,
        n,
        &format!(
            "{:.0} ns per lookup over the empty loop",
            (t.0 - e.0) / n * 1e9
        ),
    );
    let gm = func(
        sim,
        &format!(
            "local names = {{}}\nfor i = 1, {FRAMES} do names[i] = \"WowsimBenchG\" .. i end\n\
             return function(n) for r = 1, n / {FRAMES} do for i = 1, {FRAMES} do _G[names[i]]:IsShown() end end end"
        ),
    )?;
    let t = time_call(&gm, CALLS, samples)?;
    rate_row(
        "`_G[name]:IsShown()`",
        t,
        n,
        "global lookup plus a frame method call",
    );
    Ok(())
}

/// One tick with no OnUpdate handlers, then with 1,000 empty ones, against the same handlers
/// called from Lua.
fn on_update_tick(sim: &mut Simulator, samples: usize) -> anyhow::Result<()> {
    let ticks = samples * 20;
    let idle = sample(ticks, || sim.tick(1.0 / 60.0).map_err(lua))?;
    let calls = func(
        sim,
        &format!(
            "local fs, objs = {{}}, {{}}\nfor i = 1, {FRAMES} do\n  local f = CreateFrame(\"Frame\", nil, UIParent)\n  local h = function(self, elapsed) end\n  f:SetScript(\"OnUpdate\", h)\n  fs[i], objs[i] = h, f\nend\n\
             return function(reps) for r = 1, reps do for i = 1, {FRAMES} do fs[i](objs[i], 0.016) end end end"
        ),
    )?;
    let busy = sample(ticks, || sim.tick(1.0 / 60.0).map_err(lua))?;
    let (lua_med, lua_best) = time_call(&calls, 100, samples)?;
    let (lua_med, lua_best) = (lua_med / 100.0, lua_best / 100.0);
    row(
        "tick, no OnUpdate handlers",
        format!("{} (best {})", fmt_time(idle.0), fmt_time(idle.1)),
        "—".into(),
        "timers and the visible-frame scan only",
    );
    row(
        "tick with 1,000 empty OnUpdate handlers",
        format!("{} (best {})", fmt_time(busy.0), fmt_time(busy.1)),
        format!("{} per handler", fmt_time(busy.0 / FRAMES as f64)),
        &format!(
            "the same 1,000 handlers called from Lua cost {} (best {}); **host overhead {} per tick** (best {}), {} per handler",
            fmt_time(lua_med),
            fmt_time(lua_best),
            fmt_time(busy.0 - lua_med),
            fmt_time(busy.1 - lua_best),
            fmt_time((busy.0 - lua_med) / FRAMES as f64)
        ),
    );
    Ok(())
}

/// One event to 1,000 frames, against the same handlers called from Lua.
fn event_dispatch(sim: &mut Simulator, samples: usize) -> anyhow::Result<()> {
    let ticks = samples * 20;
    let ev = func(
        sim,
        &format!(
            "local fs, objs = {{}}, {{}}\nfor i = 1, {FRAMES} do\n  local f = CreateFrame(\"Frame\", nil, UIParent)\n  local h = function(self, event, bag) end\n  f:RegisterEvent(\"BAG_UPDATE\")\n  f:SetScript(\"OnEvent\", h)\n  fs[i], objs[i] = h, f\nend\n\
             return function(reps) for r = 1, reps do for i = 1, {FRAMES} do fs[i](objs[i], \"BAG_UPDATE\", 0) end end end"
        ),
    )?;
    let fire = sample(ticks, || sim.fire("BAG_UPDATE", 0).map_err(lua))?;
    let (lua_med, lua_best) = time_call(&ev, 100, samples)?;
    let (lua_med, lua_best) = (lua_med / 100.0, lua_best / 100.0);
    row(
        "event `BAG_UPDATE` to 1,000 frames",
        format!("{} (best {})", fmt_time(fire.0), fmt_time(fire.1)),
        format!("{} per frame", fmt_time(fire.0 / FRAMES as f64)),
        &format!(
            "the same 1,000 handlers called from Lua cost {} (best {}); host overhead {} per dispatch (best {}), {} per frame",
            fmt_time(lua_med),
            fmt_time(lua_best),
            fmt_time(fire.0 - lua_med),
            fmt_time(fire.1 - lua_best),
            fmt_time((fire.0 - lua_med) / FRAMES as f64)
        ),
    );
    Ok(())
}
