//! Events: frame registration (`RegisterEvent` and friends) and dispatch in registration order.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `Frame:RegisterEvent(event)` | [`register`] |
//! | `Frame:RegisterUnitEvent(event, unit1 [, unit2])` | [`register`] with a unit filter |
//! | `Frame:UnregisterEvent(event)`, `UnregisterAllEvents`, `RegisterAllEvents` | [`install_methods`] |
//! | `Frame:IsEventRegistered(event)` | [`install_methods`]; false for an event the client does not know |
//! | `GetFramesRegisteredForEvent(event)` | [`install_methods`]: the frames in dispatch order |
//! | `wowsim.FireEvent(event, ...)`: not the client's; lets `--exec-lua` and fixtures fire an event with a payload, checked against `events.yaml` ([`check_payload`]) | [`install_methods`] |
//!
//! Dispatch takes a snapshot of the registered frames (the event's list, then the all-events
//! list; unregistering moves a list's last frame into the freed place, as the client does); a
//! frame unregistered during the dispatch is skipped, one registered during it waits for the
//! next event. `RegisterEvent` refuses callback-only events and answers `false` for
//! restricted ones (`script_event`); callbacks take only callback events (`callback_event`).

use crate::widgets::frame::add_method;
use crate::widgets::host_methods::host_fn;
use crate::widgets::{obj_id, UiLua, UiState};
use mlua::{IntoLuaMulti, Lua, MultiValue, Value};
use wowsim_lua::budget::host_entry;
use wowsim_lua::errors::{restore_phase, set_phase};
use wowsim_lua::lua_error;

/// Whether `name` is an event of the emulated client (set by the simulator from the reference).
pub struct KnownEvents(pub Box<dyn Fn(&str) -> bool>);

/// The flavour's reference, for the payloads `wowsim.FireEvent` checks (VM app data).
pub struct EventReference(pub &'static wowsim_data::ProductData);

/// Checks a payload given to `wowsim.FireEvent` against the reference's `events.yaml`: a value
/// whose Lua type contradicts the declared one (number, string or boolean) is refused, naming
/// the payload entry. Nil and omitted values pass (many payload entries are optional in
/// practice), as do events the reference does not describe.
fn check_payload(lua: &Lua, event: &str, payload: &MultiValue) -> mlua::Result<()> {
    use wowsim_data::Ty;
    let Some(r) = lua.app_data_ref::<EventReference>().map(|r| r.0) else {
        return Ok(());
    };
    let Some(ev) = r.event(event) else {
        return Ok(());
    };
    for (i, (p, v)) in ev.payload.iter().zip(payload.iter()).enumerate() {
        let want = match &p.ty {
            Ty::Number | Ty::Enum(_) => "number",
            Ty::String | Ty::Unit | Ty::StringEnum(_) => "string",
            Ty::Boolean => "boolean",
            _ => continue,
        };
        let got = wowsim_lua::type_name(v);
        let ok = matches!(
            (want, v),
            (_, Value::Nil)
                | ("number", Value::Integer(_) | Value::Number(_))
                | ("string", Value::String(_))
                | ("boolean", Value::Boolean(_))
        );
        if !ok {
            let name = p.name.as_deref().unwrap_or("?");
            return Err(lua_error(
                lua,
                format_args!(
                    "wowsim.FireEvent(): {event} payload #{} ({name}) is a {want}, got {got}",
                    i + 1
                ),
            ));
        }
    }
    Ok(())
}

pub(crate) fn check_event(lua: &Lua, v: &Value, method: &str) -> mlua::Result<String> {
    let Value::String(s) = v else {
        return Err(lua_error(lua, format_args!("Usage: {method}(\"event\")")));
    };
    let mut name = s.to_string_lossy();
    let is_known = |n: &str| lua.app_data_ref::<KnownEvents>().is_none_or(|k| (k.0)(n));
    let mut known = is_known(&name);
    // The client's frame methods take event names in any case (`"player_login"` registers
    // PLAYER_LOGIN), as wowless does; Classic's EventRegistry relies on it, registering the
    // lower-cased attribute names OnAttributeChanged hands it.
    if !known && !method.starts_with("wowsim") {
        let upper = name.to_ascii_uppercase();
        if is_known(&upper) {
            name = upper;
            known = true;
        }
    }
    if !known && method.starts_with("wowsim") {
        return Err(lua_error(
            lua,
            format_args!("{method}(): unknown event \"{name}\""),
        ));
    }
    if !known {
        return Err(lua_error(
            lua,
            format_args!("{method}(): Attempt to register unknown event \"{name}\""),
        ));
    }
    Ok(name)
}

/// The reference's entry for `event`, if the flavour's reference has one.
fn reference_event(lua: &Lua, event: &str) -> Option<&'static wowsim_data::Event> {
    lua.app_data_ref::<EventReference>()
        .and_then(|r| r.0.event(event))
}

/// How `RegisterEvent` and `RegisterUnitEvent` take `v`: the event's name, and whether it
/// registers (a restricted event answers `false` to addon code). Events the client does not
/// know, and those it delivers to callbacks only (`noscript`), are refused with the client's
/// message, whose prefix is doubled (`Frame:RegisterEvent(): Frame:RegisterEvent(): Attempt to
/// register unknown event "E"`).
pub(crate) fn script_event(lua: &Lua, v: &Value, method: &str) -> mlua::Result<(String, bool)> {
    let prefix = format!("{method}(): {method}(): ");
    let name = check_event(lua, v, method).map_err(|e| match v {
        Value::String(_) => unknown_event(lua, &prefix, &event_text(v)),
        _ => e,
    })?;
    match reference_event(lua, &name) {
        Some(e) if e.noscript && !ordinary_in_ui_docs(lua, &name) => {
            Err(unknown_event(lua, &prefix, &name))
        }
        Some(e) => Ok((name, registers(lua, e.restricted))),
        None => Ok((name, true)),
    }
}

/// Whether the given Blizzard UI's API documentation describes `event` as an ordinary event
/// (not a `CallbackEvent`): the client of an older UI tree (Classic Era 1.15.4's Minimap
/// registers `MINIMAP_PING`) took it with `RegisterEvent`, and an older tree only adds.
fn ordinary_in_ui_docs(lua: &Lua, event: &str) -> bool {
    lua.app_data_ref::<crate::api::api_docs::Docs>()
        .is_some_and(|d| d.0.events.iter().any(|e| e.name == event && !e.callback))
}

/// How the callback registrations take `v` (`Frame:RegisterEventCallback` with `prefix`
/// `"Frame:RegisterEventCallback(): "`, the global `RegisterEventCallback` with
/// `"RegisterEventCallback "`): the event's name, and whether it registers (restricted events
/// answer `false`). Only events the client marks as callback events take callbacks; any
/// other is "unknown" to them.
pub(crate) fn callback_event(
    lua: &Lua,
    v: &Value,
    method: &str,
    prefix: &str,
) -> mlua::Result<(String, bool)> {
    let name = check_event(lua, v, method).map_err(|e| match v {
        Value::String(_) => unknown_event(lua, prefix, &event_text(v)),
        _ => e,
    })?;
    match reference_event(lua, &name) {
        Some(e) if e.callback => Ok((name, registers(lua, e.restricted))),
        _ => Err(unknown_event(lua, prefix, &name)),
    }
}

fn event_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string_lossy(),
        _ => String::new(),
    }
}

/// Whether a registration for an event registers: a restricted event only for secure code.
fn registers(lua: &Lua, restricted: bool) -> bool {
    !restricted || wowsim_lua::taint::current(lua).is_secure()
}

/// The client's error for an event a registration does not take (the global
/// `RegisterEventCallback`'s ends with the caller's taint line, as the client's does).
fn unknown_event(lua: &Lua, prefix: &str, name: &str) -> mlua::Error {
    let taint = if prefix.starts_with("RegisterEventCallback") {
        wowsim_lua::taint::error_suffix(lua)
    } else {
        String::new()
    };
    lua_error(
        lua,
        format_args!("{prefix}Attempt to register unknown event \"{name}\"{taint}"),
    )
}

/// Registers frame `id` for `event`, optionally only for the given units.
pub fn register(ui: &mut UiState, id: u32, event: &str, units: Option<Vec<String>>) -> bool {
    let Some(o) = ui.get_mut(id) else {
        return false;
    };
    o.set_unit_filter(event, units);
    if o.events.iter().any(|e| e == event) {
        return false;
    }
    crate::widgets::push_small(&mut o.events, event.to_string());
    ui.event_frames
        .entry(event.to_string())
        .or_default()
        .push(id);
    ui.charge_host(wowsim_ui::arena::REGISTRATION_BYTES, 0);
    true
}

/// Unregisters frame `id` from `event`. As in the client, the event's last registered frame
/// takes the freed place in its list (dispatch follows the list).
/// Returns whether it was registered (for the event itself, not through `RegisterAllEvents`).
pub(crate) fn unregister(ui: &mut UiState, id: u32, event: &str) -> bool {
    let Some(o) = ui.get_mut(id) else {
        return false;
    };
    let was = o.events.iter().any(|e| e == event);
    o.events.retain(|e| e != event);
    o.set_unit_filter(event, None);
    if let Some(list) = ui.event_frames.get_mut(event) {
        if let Some(pos) = list.iter().position(|x| *x == id) {
            list.swap_remove(pos);
        }
    }
    if was {
        ui.charge_host(0, wowsim_ui::arena::REGISTRATION_BYTES);
    }
    was
}

/// The frames `event` is dispatched to, in dispatch order: those registered for it, then
/// those registered for all events.
fn dispatch_list(ui: &UiState, event: &str) -> Vec<u32> {
    let mut ids = ui.event_frames.get(event).cloned().unwrap_or_default();
    for id in &ui.all_event_frames {
        if !ids.contains(id) {
            ids.push(*id);
        }
    }
    ids
}

/// `GetFramesRegisteredForEvent(event)`: the frames, in dispatch order.
fn frames_registered_for_event(lua: &Lua, ev: Value) -> mlua::Result<MultiValue> {
    let ev = check_event(lua, &ev, "GetFramesRegisteredForEvent")?;
    let ids = dispatch_list(&lua.app_data_ref::<UiState>().expect("ui"), &ev);
    let mut out = MultiValue::with_capacity(ids.len());
    for id in ids {
        out.push_back(crate::widgets::util::obj_value(lua, Some(id))?);
    }
    Ok(out)
}

fn is_registered(ui: &UiState, id: u32, event: &str) -> bool {
    ui.get(id)
        .is_some_and(|o| o.all_events || o.events.iter().any(|e| e == event))
}

/// Installs the event methods on Frame.
pub(crate) fn install_methods(lua: &Lua) -> mlua::Result<()> {
    let frame = |name: &str, f: mlua::Function| add_method(lua, "Frame", name, f);
    frame("RegisterEvent", host_fn(lua, register_event)?)?;
    frame("RegisterUnitEvent", host_fn(lua, register_unit_event)?)?;
    frame("UnregisterEvent", host_fn(lua, unregister_event)?)?;
    frame("UnregisterAllEvents", host_fn(lua, unregister_all_events)?)?;
    frame("RegisterAllEvents", host_fn(lua, register_all_events)?)?;
    frame("IsEventRegistered", host_fn(lua, is_event_registered)?)?;
    // wow-sim's own table: fires an event as the client would (unknown names are refused).
    let fire = lua.create_function(wowsim_fire_event)?;
    let t = match lua.globals().raw_get::<Value>("wowsim")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    t.raw_set("FireEvent", fire)?;
    lua.globals().raw_set("wowsim", t)?;
    let frames = lua.create_function(frames_registered_for_event)?;
    lua.globals()
        .raw_set("GetFramesRegisteredForEvent", frames)?;
    Ok(())
}

/// `Frame:RegisterEvent`.
fn register_event(lua: &Lua, (this, ev): (Value, Value)) -> mlua::Result<bool> {
    let id = obj_id(lua, &this, "RegisterEvent")?;
    let (ev, allowed) = script_event(lua, &ev, "Frame:RegisterEvent")?;
    if !allowed {
        return Ok(false);
    }
    Ok(register(
        &mut lua.app_data_mut::<UiState>().expect("ui"),
        id,
        &ev,
        None,
    ))
}

/// `Frame:RegisterUnitEvent`.
fn register_unit_event(lua: &Lua, args: MultiValue) -> mlua::Result<bool> {
    let this = args.front().cloned().unwrap_or(Value::Nil);
    let id = obj_id(lua, &this, "RegisterUnitEvent")?;
    let (ev, allowed) = script_event(
        lua,
        args.get(1).unwrap_or(&Value::Nil),
        "Frame:RegisterUnitEvent",
    )?;
    if !allowed {
        return Ok(false);
    }
    let units: Vec<String> = args
        .iter()
        .skip(2)
        .filter_map(|v| match v {
            Value::String(s) => Some(s.to_string_lossy().to_lowercase()),
            _ => None,
        })
        .collect();
    let units = (!units.is_empty()).then_some(units);
    Ok(register(
        &mut lua.app_data_mut::<UiState>().expect("ui"),
        id,
        &ev,
        units,
    ))
}

/// `Frame:UnregisterEvent`.
fn unregister_event(lua: &Lua, (this, ev): (Value, Value)) -> mlua::Result<bool> {
    let id = obj_id(lua, &this, "UnregisterEvent")?;
    let ev = check_event(lua, &ev, "Frame:UnregisterEvent")?;
    Ok(unregister(
        &mut lua.app_data_mut::<UiState>().expect("ui"),
        id,
        &ev,
    ))
}

/// `Frame:UnregisterAllEvents`.
fn unregister_all_events(lua: &Lua, this: Value) -> mlua::Result<()> {
    let id = obj_id(lua, &this, "UnregisterAllEvents")?;
    let mut ui = lua.app_data_mut::<UiState>().expect("ui");
    let events = ui.get(id).map(|o| o.events.clone()).unwrap_or_default();
    for e in events {
        unregister(&mut ui, id, &e);
    }
    if let Some(o) = ui.get_mut(id) {
        o.all_events = false;
    }
    if let Some(pos) = ui.all_event_frames.iter().position(|x| *x == id) {
        ui.all_event_frames.swap_remove(pos);
    }
    Ok(())
}

/// `Frame:RegisterAllEvents`.
fn register_all_events(lua: &Lua, this: Value) -> mlua::Result<()> {
    let id = obj_id(lua, &this, "RegisterAllEvents")?;
    let mut ui = lua.app_data_mut::<UiState>().expect("ui");
    if let Some(o) = ui.get_mut(id) {
        if !o.all_events {
            o.all_events = true;
            ui.all_event_frames.push(id);
        }
    }
    Ok(())
}

/// `Frame:IsEventRegistered`.
fn is_event_registered(lua: &Lua, (this, ev): (Value, Value)) -> mlua::Result<MultiValue> {
    let id = obj_id(lua, &this, "IsEventRegistered")?;
    // An event the client does not know is not registered: asking is no error (boss mods ask
    // the Classic clients about retail's garrison events at every pull).
    let known = |n: &str| lua.app_data_ref::<KnownEvents>().is_none_or(|k| (k.0)(n));
    if let Value::String(s) = &ev {
        let name = s.to_string_lossy();
        if !known(&name) && !known(&name.to_ascii_uppercase()) {
            return (false, Value::Nil).into_lua_multi(lua);
        }
    }
    let ev = check_event(lua, &ev, "Frame:IsEventRegistered")?;
    let ui = lua.app_data_ref::<UiState>().expect("ui");
    let units = ui.get(id).and_then(|o| o.unit_filter(&ev).cloned());
    // The event's own registration: `RegisterAllEvents` does not make it true.
    let reg = ui.get(id).is_some_and(|o| o.events.contains(&ev));
    drop(ui);
    let mut out = MultiValue::new();
    out.push_back(Value::Boolean(reg));
    let units = units.unwrap_or_default();
    if units.is_empty() {
        out.push_back(Value::Nil);
    }
    for u in units {
        out.push_back(Value::String(lua.create_string(u)?));
    }
    Ok(out)
}

/// `wowsim.FireEvent` (wow-sim's own): fires an event with a payload, checked against the
/// reference.
fn wowsim_fire_event(lua: &Lua, args: MultiValue) -> mlua::Result<()> {
    let ev = check_event(lua, args.front().unwrap_or(&Value::Nil), "wowsim.FireEvent")?;
    let payload: MultiValue = args.iter().skip(1).cloned().collect();
    check_payload(lua, &ev, &payload)?;
    fire_event(lua, &ev, payload)
}

/// Fires `event` with `args` to every registered frame, in registration order.
pub fn fire_event(lua: &Lua, event: &str, args: MultiValue) -> mlua::Result<()> {
    // A unit event of a unit with a nameplate fires for its nameplate token too.
    let alias = crate::world::nameplates::alias(lua, event, &args);
    let again = alias.as_ref().map(|_| args.clone());
    fire_event_once(lua, event, args)?;
    if let (Some(token), Some(mut args)) = (alias, again) {
        args.pop_front();
        args.push_front(Value::String(lua.create_string(&token)?));
        fire_event_once(lua, event, args)?;
    }
    Ok(())
}

fn fire_event_once(lua: &Lua, event: &str, args: MultiValue) -> mlua::Result<()> {
    let ids: Vec<u32> = {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        let mut ids = dispatch_list(&ui, event);
        // Unit filters: the first payload value is the unit.
        let unit = match args.front() {
            Some(Value::String(s)) => Some(s.to_string_lossy().to_lowercase()),
            _ => None,
        };
        ids.retain(|id| {
            ui.get(*id)
                .and_then(|o| o.unit_filter(event))
                .is_none_or(|units| unit.as_ref().is_some_and(|u| units.contains(u)))
        });
        ids
    };
    if ids.is_empty() {
        let prev = set_phase(lua, &format!("event:{event}"));
        let r = fire_callbacks(lua, event, &args);
        restore_phase(lua, prev);
        return r;
    }
    let fire = lua.app_data_ref::<UiLua>().expect("ui").fire.clone();
    let prev = set_phase(lua, &format!("event:{event}"));
    let mut result = Ok(());
    for id in ids {
        let still = is_registered(&lua.app_data_ref::<UiState>().expect("ui"), id, event);
        if !still {
            continue;
        }
        let mut call_args = MultiValue::with_capacity(args.len() + 3);
        call_args.push_back(Value::Integer(id as i64));
        call_args.push_back(Value::String(lua.create_string("OnEvent")?));
        call_args.push_back(Value::String(lua.create_string(event)?));
        call_args.extend(args.iter().cloned());
        if let Err(e) = host_entry(lua, || fire.call::<()>(call_args)) {
            result = Err(e);
            break;
        }
    }
    if result.is_ok() {
        result = fire_callbacks(lua, event, &args);
    }
    restore_phase(lua, prev);
    result
}

/// The callbacks `Frame:RegisterEventCallback`/`RegisterUnitEventCallback` keep per event: a
/// Lua table `event → { {frame, cb, units or false}, ... }` in the registry (Rust holds no Lua
/// functions). Called after the frames' OnEvent, in registration order, as
/// `cb(frame, ...payload)` (the owner first, as Blizzard's `Event.RegisterCallback` wrapper
/// expects of the global form).
pub(crate) const CALLBACKS_KEY: &str = "wowsim.eventcallbacks";

fn fire_callbacks(lua: &Lua, event: &str, args: &MultiValue) -> mlua::Result<()> {
    let Ok(mlua::Value::Table(all)) = lua.named_registry_value::<Value>(CALLBACKS_KEY) else {
        return Ok(());
    };
    let Value::Table(list) = all.raw_get::<Value>(event)? else {
        return Ok(());
    };
    let entries: Vec<mlua::Table> = list.sequence_values().collect::<mlua::Result<_>>()?;
    if entries.is_empty() {
        return Ok(());
    }
    let hostcall: mlua::Function = lua.named_registry_value("wowsim.hostcall")?;
    let unit = match args.front() {
        Some(Value::String(s)) => Some(s.to_string_lossy().to_lowercase()),
        _ => None,
    };
    for e in entries {
        if let Value::Table(units) = e.raw_get::<Value>(3)? {
            let mut hit = false;
            for u in units.sequence_values::<String>() {
                hit |= unit.as_deref() == Some(u?.to_lowercase().as_str());
            }
            if !hit {
                continue;
            }
        }
        let Value::Function(cb) = e.raw_get::<Value>(2)? else {
            continue;
        };
        let mut call = MultiValue::with_capacity(args.len() + 2);
        call.push_back(Value::Function(cb));
        call.push_back(e.raw_get::<Value>(1)?);
        call.extend(args.iter().cloned());
        host_entry(lua, || hostcall.call::<()>(call))?;
    }
    Ok(())
}
