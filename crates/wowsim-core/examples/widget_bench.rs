//! Widget benchmark: frame method calls across the Lua/Rust boundary, layout of 10,000
//! anchored frames (full and after moving one), and one tick with 1,000 OnUpdate frames.
//! Run with `cargo run --release -p wowsim-core --example widget_bench`.

use std::time::Instant;
use wowsim_core::{Flavor, SimConfig, Simulator};
use wowsim_layout::{Anchor, AnchorPoint};
use wowsim_ui::UiState;

fn sim() -> Simulator {
    let mut s = Simulator::new(SimConfig::new(Flavor::Retail)).expect("simulator");
    s.start().expect("start");
    s
}

/// Runs a Lua loop of `n` iterations of `body` (with `f` a frame, `fs` a FontString, `t` a
/// Texture) and
/// prints calls per second.
fn calls(s: &Simulator, label: &str, body: &str, n: u32) {
    calls_after(s, label, "", body, n)
}

/// [`calls`] with `prelude` run once before the loop (not timed).
fn calls_after(s: &Simulator, label: &str, prelude: &str, body: &str, n: u32) {
    let code = format!(
        "{prelude}
         local f = CreateFrame('Frame', nil, UIParent) f:SetSize(10, 10) f:SetPoint('CENTER')
         local fs = f:CreateFontString()
         local t = f:CreateTexture()
         return function() for i = 1, {n} do {body} end end"
    );
    let run: mlua::Function = s.lua_vm().load(code).call(()).expect("setup");
    let t = Instant::now();
    run.call::<()>(()).expect("loop");
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{label:<40} {:>12.0} calls/s ({:.1} ns/call)",
        n as f64 / dt,
        dt * 1e9 / n as f64
    );
}

fn main() {
    method_calls(&sim(), 1_000_000);
    layout();
    on_update_tick();
}

/// Frame, FontString and Texture method calls, `n` per loop.
fn method_calls(s: &Simulator, n: u32) {
    calls(s, "empty Lua loop (baseline)", "local _ = i", n);
    calls(
        s,
        "f:SetPoint('TOPLEFT', i % 100, 0)",
        "f:SetPoint('TOPLEFT', i % 100, 0)",
        n,
    );
    // As in a real UI, where UIParent has thousands of regions anchored to it.
    calls_after(
        s,
        "the same, 5,000 regions on UIParent",
        "for i = 1, 5000 do CreateFrame('Frame', nil, UIParent):SetPoint('CENTER') end",
        "f:SetPoint('TOPLEFT', i % 100, 0)",
        n,
    );
    calls(s, "f:GetWidth()", "f:GetWidth()", n);
    calls(s, "fs:SetText('x')", "fs:SetText('x')", n);
    calls(
        s,
        "fs:SetText(i % 2 == 0 and 'ab' or 'x')",
        "fs:SetText(i % 2 == 0 and 'ab' or 'x')",
        n,
    );
    calls(
        s,
        "fs:SetText('x') fs:GetStringWidth()",
        "fs:SetText('x') fs:GetStringWidth()",
        n,
    );
    calls(s, "f:SetSize(i % 100, 10)", "f:SetSize(i % 100, 10)", n);
    calls(s, "f:SetWidth(i % 100)", "f:SetWidth(i % 100)", n);
    calls(s, "f:SetShown(i % 2 == 0)", "f:SetShown(i % 2 == 0)", n);
    calls(s, "f:Show()", "f:Show()", n);
    calls(s, "f:Hide() f:Show() (2 calls)", "f:Hide() f:Show()", n);
    calls(
        s,
        "f:SetAlpha((i % 10) / 10)",
        "f:SetAlpha((i % 10) / 10)",
        n,
    );
    calls(
        s,
        "t:SetTexture('Interface\\Buttons\\WHITE8X8')",
        "t:SetTexture('Interface\\Buttons\\WHITE8X8')",
        n,
    );
    calls(
        s,
        "t:SetVertexColor(1, 0.5, 0, 1)",
        "t:SetVertexColor(1, 0.5, 0, 1)",
        n,
    );
    calls(s, "f:IsShown()", "f:IsShown()", n);
    calls(s, "f:GetBoundsRect() (typed stub)", "f:GetBoundsRect()", n);
}

/// Layout of 10,000 frames in chains of 100, each anchored below the previous one: all of
/// them, then after moving one chain head.
fn layout() {
    let s = sim();
    s.lua_vm()
        .load(
            "local prev
             for i = 1, 10000 do
               local f = CreateFrame('Frame', nil, UIParent)
               f:SetSize(10, 10)
               if i % 100 == 1 then f:SetPoint('TOPLEFT', math.floor(i / 100) * 12, 0) else f:SetPoint('TOP', prev, 'BOTTOM') end
               prev = f
             end",
        )
        .exec()
        .expect("create");
    let mut ui = s.lua_vm().app_data_mut::<UiState>().expect("ui");
    let t = Instant::now();
    ui.layout.invalidate_all();
    ui.layout.compute_all();
    let full = t.elapsed();
    let first = ui.objects[ui.objects.len() - 10000].node.expect("node");
    let root = ui.ui_parent.and_then(|p| ui.objects[p as usize].node);
    ui.layout.reset_stats();
    let t = Instant::now();
    ui.layout
        .set_point(
            first,
            Anchor::with(AnchorPoint::TopLeft, root, AnchorPoint::TopLeft, 5.0, -5.0),
        )
        .ok();
    ui.layout.compute_all();
    let moved = t.elapsed();
    let stats = ui.layout.stats();
    println!(
        "layout 10,000 anchored frames, full      {:>10.3} ms",
        full.as_secs_f64() * 1e3
    );
    println!(
        "layout after moving one chain head       {:>10.3} ms ({} rects recomputed)",
        moved.as_secs_f64() * 1e3,
        stats.recomputed
    );
    drop(ui);
}

/// One tick with 1,000 OnUpdate frames.
fn on_update_tick() {
    let mut s = sim();
    s.lua_vm()
        .load(
            "N = 0
             for i = 1, 1000 do
               local f = CreateFrame('Frame', nil, UIParent)
               f:SetScript('OnUpdate', function(self, elapsed) N = N + 1 end)
             end",
        )
        .exec()
        .expect("create");
    s.tick(1.0 / 60.0).expect("warm-up tick");
    let ticks = 200;
    let t = Instant::now();
    for _ in 0..ticks {
        s.tick(1.0 / 60.0).expect("tick");
    }
    let per = t.elapsed().as_secs_f64() / ticks as f64;
    println!(
        "one tick, 1,000 OnUpdate frames          {:>10.3} ms",
        per * 1e3
    );
}
