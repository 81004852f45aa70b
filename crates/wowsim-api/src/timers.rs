//! `C_Timer` (After, NewTimer, NewTicker, Cancel, IsCancelled) on the virtual clock. The queue
//! of due times lives here; callbacks stay in Lua (`timers.lua`); a timer's handle is a
//! function container (`api/funtainer.rs`), and its callback gets a proxy of it. Timers due at the same time
//! fire in creation order; a timer of 0 seconds fires on the next tick.

use mlua::{AnyUserData, Function, Lua, Table, Value};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use wowsim_lua::clock::Clock;
use wowsim_lua::HostFns;

/// Due time in whole milliseconds of the client's clock (exact ordering, no float compares),
/// then creation order.
type Key = Reverse<(u64, u64)>;

/// The host-side timer queue (VM app data).
#[derive(Default)]
pub(crate) struct TimerQueue {
    heap: BinaryHeap<Key>,
    next_seq: u64,
    /// The memory cap's count of host bytes (`wowsim_lua::budget::host_bytes`): each pending
    /// timer is [`TIMER_BYTES`] of it (its callback is in Lua's heap, counted there).
    host: std::rc::Rc<std::cell::Cell<usize>>,
}

/// What a pending timer holds outside Lua (its queue entry), for the memory cap.
const TIMER_BYTES: usize = std::mem::size_of::<Key>();

/// A virtual time as the client's clock shows it: whole milliseconds (`GetTime()` is this over
/// 1000), so a time the clock reached by adding frame times (`0.99999999999909`) reads as the
/// millisecond it is.
pub(crate) fn client_ms(t: f64) -> u64 {
    (t.max(0.0) * 1e3).round() as u64
}

/// A timer's delay in whole milliseconds, rounded up: a timer never fires before its delay has
/// passed as `GetTime()` sees it.
fn delay_ms(delay: f64) -> u64 {
    (delay.max(0.0) * 1e3 - 1e-6).ceil().max(0.0) as u64
}

/// The Lua function that runs one timer by sequence number.
pub(crate) struct TimerRunner(pub Function);

/// Installs `C_Timer`.
pub fn install(lua: &Lua, host: &HostFns) -> mlua::Result<()> {
    lua.set_app_data(TimerQueue {
        host: wowsim_lua::budget::host_bytes(lua),
        ..TimerQueue::default()
    });
    let schedule = lua.create_function(|lua, delay: f64| {
        let now = lua.app_data_ref::<Clock>().map(|c| c.now()).unwrap_or(0.0);
        let mut q = lua.app_data_mut::<TimerQueue>().expect("timers");
        let seq = q.next_seq;
        q.next_seq += 1;
        q.heap
            .push(Reverse((client_ms(now) + delay_ms(delay), seq)));
        q.host.set(q.host.get() + TIMER_BYTES);
        Ok(seq)
    })?;
    let runner: Function = lua
        .load(include_str!("timers.lua"))
        .set_name("=[wow-sim C_Timer]")
        .call((host.hostcall.clone(), schedule, container_fns(lua)?))?;
    lua.set_app_data(TimerRunner(runner));
    Ok(())
}

/// The function-container natives `timers.lua` uses: `callback(v)` (the Lua function a
/// callback argument stands for, or nil), `new(f)`, `of(handle)` (nil once cancelled),
/// `finish(handle)` (cancels it) and `proxy(handle)`.
fn container_fns(lua: &Lua) -> mlua::Result<Table> {
    use crate::api::{funtainer, lua_objects};
    let t = lua.create_table()?;
    let callback = lua.create_function(|lua, v: Value| match &v {
        Value::Function(f) if funtainer::is_lua_function(f) => Ok(Some(f.clone())),
        _ => match funtainer::as_container(lua, &v) {
            Some(ud) => funtainer::callback_of(lua, &ud),
            None => Ok(None),
        },
    })?;
    t.raw_set("callback", callback)?;
    t.raw_set(
        "new",
        lua.create_function(|lua, f: Function| funtainer::new(lua, f))?,
    )?;
    t.raw_set(
        "of",
        lua.create_function(|lua, ud: AnyUserData| funtainer::callback_of(lua, &ud))?,
    )?;
    t.raw_set(
        "finish",
        lua.create_function(|lua, ud: AnyUserData| funtainer::cancel(lua, &ud))?,
    )?;
    t.raw_set(
        "proxy",
        lua.create_function(|lua, ud: AnyUserData| lua_objects::proxy(lua, &ud))?,
    )?;
    Ok(t)
}

/// Runs every timer due at or before the clock's current time.
pub fn run_due(lua: &Lua) -> mlua::Result<()> {
    let now = client_ms(lua.app_data_ref::<Clock>().map(|c| c.now()).unwrap_or(0.0));
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
                    q.host.set(q.host.get().saturating_sub(TIMER_BYTES));
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

#[cfg(test)]
mod tests {
    use super::{client_ms, delay_ms};

    #[test]
    fn milliseconds_of_the_client_clock() {
        let frames: f64 = (0..60).map(|_| 1.0 / 60.0).sum();
        assert_eq!(client_ms(frames), 1000);
        assert_eq!(client_ms(0.0004), 0);
        assert_eq!(delay_ms(1.0), 1000);
        assert_eq!(delay_ms(0.0001), 1);
        assert_eq!(delay_ms(0.0), 0);
        assert_eq!(delay_ms(-2.0), 0);
    }
}
