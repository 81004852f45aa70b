//! `C_Timer` (After, NewTimer, NewTicker, Cancel, IsCancelled) on the virtual clock. The queue
//! of due times lives here; callbacks stay in Lua (`timers.lua`). Timers due at the same time
//! fire in creation order; a timer of 0 seconds fires on the next tick.

use mlua::{Function, Lua};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use wowsim_lua::clock::Clock;
use wowsim_lua::HostFns;

/// Due time in whole microseconds (exact ordering, no float compares), then creation order.
type Key = Reverse<(u64, u64)>;

/// The host-side timer queue (VM app data).
#[derive(Default)]
pub(crate) struct TimerQueue {
    heap: BinaryHeap<Key>,
    next_seq: u64,
}

fn micros(t: f64) -> u64 {
    (t.max(0.0) * 1e6).round() as u64
}

/// The Lua function that runs one timer by sequence number.
pub(crate) struct TimerRunner(pub Function);

/// Installs `C_Timer`.
pub fn install(lua: &Lua, host: &HostFns) -> mlua::Result<()> {
    lua.set_app_data(TimerQueue::default());
    let schedule = lua.create_function(|lua, delay: f64| {
        let now = lua.app_data_ref::<Clock>().map(|c| c.now()).unwrap_or(0.0);
        let mut q = lua.app_data_mut::<TimerQueue>().expect("timers");
        let seq = q.next_seq;
        q.next_seq += 1;
        q.heap.push(Reverse((micros(now + delay.max(0.0)), seq)));
        Ok(seq)
    })?;
    let runner: Function = lua
        .load(include_str!("timers.lua"))
        .set_name("=[wow-sim C_Timer]")
        .call((host.hostcall.clone(), schedule))?;
    lua.set_app_data(TimerRunner(runner));
    Ok(())
}

/// Runs every timer due at or before the clock's current time.
pub fn run_due(lua: &Lua) -> mlua::Result<()> {
    let now = micros(lua.app_data_ref::<Clock>().map(|c| c.now()).unwrap_or(0.0));
    let runner = lua.app_data_ref::<TimerRunner>().expect("timers").0.clone();
    let prev = wowsim_lua::errors::set_phase(lua, "timer");
    // Timers created while this tick runs them (even with 0 seconds) wait for the next tick,
    // as in the client; otherwise `C_Timer.After(0, f)` inside `f` would never end the tick.
    let limit = lua.app_data_ref::<TimerQueue>().expect("timers").next_seq;
    loop {
        let seq = {
            let mut q = lua.app_data_mut::<TimerQueue>().expect("timers");
            match q.heap.peek() {
                Some(Reverse((due, seq))) if *due <= now && *seq < limit => {
                    q.heap.pop().map(|Reverse((_, s))| s)
                }
                _ => None,
            }
        };
        let Some(seq) = seq else { break };
        wowsim_lua::budget::host_entry(lua, || runner.call::<()>(seq))?;
    }
    wowsim_lua::errors::restore_phase(lua, prev);
    Ok(())
}
