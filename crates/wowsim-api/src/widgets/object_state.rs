//! Region, Frame and UIObject methods the other files leave: an offset added to every anchor,
//! where an object was created, event callbacks, attribute snippets, handing a drag over,
//! forbidden aspects and resetting an object to its type's initial values.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `Region:SetPointsOffset(x, y)`, `ClearPointsOffset` | [`install`]: the offset is added to every anchor (replacing the previous one), so `GetPoint` and the rect include it |
//! | `Region:GetSourceLocation` | the `file:line` that created the object (the XML element, or the Lua line that called `CreateFrame`/`Create*`), kept by `record_source` |
//! | `Frame:RegisterEventCallback(event, cb)`, `RegisterUnitEventCallback(event, cb, units...)` | callbacks kept Lua-side (`event_callbacks.rs`), called after OnEvent as `cb(frame, ...)`; only the client's callback events, restricted ones answer `false` |
//! | `Frame:ExecuteAttribute(name, ...)` | runs the attribute's snippet (a string body with `self` and the arguments, or a function): true and its results; false when the attribute is no snippet or raises |
//! | `Frame:InterceptStartDrag(delegate)` | true and the drag moves to `delegate` while `self` is being dragged; false otherwise |
//! | `UIObject:GetInheritableForbiddenAspects(path)` | 0: nothing is forbidden (taint is not modelled) |
//! | `UIObject:SetToDefaults` | drops the fields the object set (back to the type's initial values: mouse flags, propagation, button state, as Blizzard's MenuTemplates.lua comments say it wipes); name, id, parent, children and anchors stay |
pub use wowsim_ui::object_state::*;

use super::fields::FieldVal;
use super::scene_state::{bad_arg, method, state_table};
use super::types::inherits_from;
use super::util::{
    arg, get_field, num, ret, self_id, set_field, string, with_ui, with_ui_mut, Method,
};
use mlua::{Lua, MultiValue, Value};

/// Keeps where an object was created (`GetSourceLocation`): a file and a line.
pub fn record_source(lua: &Lua, id: u32, file: &str, line: usize) {
    let idx = {
        let ws = super::widget_states(lua);
        let mut s = ws.source_files.borrow_mut();
        match s.index.get(file) {
            Some(i) => *i,
            None => {
                let i = s.names.len() as u32;
                s.names.push(file.to_string());
                s.index.insert(file.to_string(), i);
                i
            }
        }
    };
    let code = idx as f64 * LINE_BITS + (line as f64).min(LINE_BITS - 1.0);
    set_field(lua, id, SOURCE, FieldVal::Num(code));
}

/// Keeps the Lua line calling the running host function as the object's creation place.
pub(crate) fn record_lua_source(lua: &Lua, id: u32) {
    let at = lua
        .inspect_stack(1, |d| {
            let line = d.current_line()?;
            let src = d.source().source?.strip_prefix('@')?.to_string();
            Some((src, line))
        })
        .flatten();
    if let Some((file, line)) = at {
        record_source(lua, id, &file, line);
    }
}

/// `file:line` of an object's creation place, "" when unknown.
fn source_of(lua: &Lua, id: u32) -> String {
    let FieldVal::Num(code) = get_field(lua, id, SOURCE) else {
        return String::new();
    };
    let (idx, line) = ((code / LINE_BITS).floor(), code % LINE_BITS);
    let ws = super::widget_states(lua);
    let s = ws.source_files.borrow();
    s.names
        .get(idx as usize)
        .map(|f| format!("{f}:{line}"))
        .unwrap_or_default()
}

/// Moves every anchor of `id` by (dx, dy).
fn shift_points(lua: &Lua, id: u32, dx: f32, dy: f32) {
    with_ui_mut(lua, |ui| {
        let Some(n) = ui.get(id).and_then(|o| o.node) else {
            return;
        };
        for mut an in ui.layout.anchors(n).to_vec() {
            an.x += dx;
            an.y += dy;
            let _ = ui.layout.set_point(n, an);
        }
    });
}

fn set_points_offset(lua: &Lua, id: u32, x: f64, y: f64) {
    let (ox, oy) = (
        get_field(lua, id, OFFSET_X).as_f64(),
        get_field(lua, id, OFFSET_Y).as_f64(),
    );
    shift_points(lua, id, (x - ox) as f32, (y - oy) as f32);
    set_field(lua, id, OFFSET_X, FieldVal::Num(x));
    set_field(lua, id, OFFSET_Y, FieldVal::Num(y));
}

fn need_num(lua: &Lua, a: &MultiValue, pos: usize, m: &str) -> mlua::Result<f64> {
    let v = arg(a, pos);
    num(&v).ok_or_else(|| bad_arg(lua, pos, m, "number", &v))
}

/// `RegisterEventCallback`/`RegisterUnitEventCallback`: keeps `{frame, cb, units}`
/// (`event_callbacks.rs`); only the client's callback events are taken, restricted ones answer
/// `false`.
fn register_callback(lua: &Lua, a: &MultiValue, m: &str, units: bool) -> mlua::Result<MultiValue> {
    self_id(lua, a, m)?;
    let method = format!("Frame:{m}");
    let (event, allowed) =
        crate::events::callback_event(lua, &arg(a, 1), &method, &format!("{method}(): "))?;
    let cb = arg(a, 2);
    if !matches!(
        cb,
        Value::Function(_) | Value::UserData(_) | Value::Table(_)
    ) {
        return Err(bad_arg(lua, 2, m, "function", &cb));
    }
    if !allowed {
        return ret(lua, false);
    }
    let unit_list = if units {
        let u = lua.create_table()?;
        for (i, v) in a.iter().skip(3).enumerate() {
            let s = string(v).ok_or_else(|| bad_arg(lua, i + 3, m, "string", v))?;
            u.raw_set(i + 1, s)?;
        }
        Value::Table(u)
    } else {
        Value::Boolean(false)
    };
    crate::event_callbacks::add(lua, &event, arg(a, 0), cb, unit_list)?;
    ret(lua, true)
}

/// Installs the methods of this file (through `scene_state::reg`: only those the flavour has).
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("Region", "SetPointsOffset", region_set_points_offset),
        ("Region", "ClearPointsOffset", clear_points_offset),
        ("Region", "GetSourceLocation", get_source_location),
        ("Frame", "RegisterEventCallback", register_event_callback),
        (
            "Frame",
            "RegisterUnitEventCallback",
            register_unit_event_callback,
        ),
        ("Frame", "ExecuteAttribute", execute_attribute),
        ("Frame", "InterceptStartDrag", intercept_start_drag),
        (
            "UIObject",
            "GetInheritableForbiddenAspects",
            get_inheritable_forbidden_aspects,
        ),
        ("UIObject", "SetToDefaults", set_to_defaults),
    ];
    for (owner, name, f) in methods {
        method(lua, owner, name, *f)?;
    }
    Ok(())
}

/// `Region:SetPointsOffset`.
fn region_set_points_offset(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "SetPointsOffset")?;
    let x = need_num(lua, &a, 1, "SetPointsOffset")?;
    let y = need_num(lua, &a, 2, "SetPointsOffset")?;
    set_points_offset(lua, id, x, y);
    ret(lua, ())
}

/// `Region:ClearPointsOffset`.
fn clear_points_offset(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "ClearPointsOffset")?;
    set_points_offset(lua, id, 0.0, 0.0);
    ret(lua, ())
}

/// `Region:GetSourceLocation`.
fn get_source_location(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "GetSourceLocation")?;
    ret(lua, source_of(lua, id))
}

/// `Frame:RegisterEventCallback`.
fn register_event_callback(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    register_callback(lua, &a, "RegisterEventCallback", false)
}

/// `Frame:RegisterUnitEventCallback`.
fn register_unit_event_callback(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    register_callback(lua, &a, "RegisterUnitEventCallback", true)
}

/// `Frame:ExecuteAttribute`.
fn execute_attribute(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "ExecuteAttribute";
    self_id(lua, &a, m)?;
    let name = arg(&a, 1);
    string(&name).ok_or_else(|| bad_arg(lua, 1, m, "string", &name))?;
    let this = arg(&a, 0);
    let Value::Table(t) = &this else {
        return ret(lua, false);
    };
    let get: mlua::Function = t.get("GetAttribute")?;
    let f = match get.call::<Value>((this.clone(), name))? {
        Value::Function(f) => f,
        Value::String(body) => {
            let src = format!("local self = ...\n{}", body.to_string_lossy());
            match lua.load(src).set_name("=ExecuteAttribute").into_function() {
                Ok(f) => f,
                Err(_) => return ret(lua, false),
            }
        }
        _ => return ret(lua, false),
    };
    let mut call = MultiValue::new();
    call.push_back(this.clone());
    call.extend(a.iter().skip(2).cloned());
    match f.call::<MultiValue>(call) {
        Ok(r) => {
            let mut out = MultiValue::new();
            out.push_back(Value::Boolean(true));
            out.extend(r);
            Ok(out)
        }
        Err(_) => ret(lua, false),
    }
}

/// `Frame:InterceptStartDrag`.
fn intercept_start_drag(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let m = "InterceptStartDrag";
    let id = self_id(lua, &a, m)?;
    let d = arg(&a, 1);
    let to = match &d {
        Value::Table(_) => super::obj_id(lua, &d, m).ok(),
        _ => None,
    }
    .filter(|t| {
        with_ui(lua, |ui| {
            ui.get(*t)
                .is_some_and(|o| inherits_from(o.type_index, "Frame"))
        })
    })
    .ok_or_else(|| bad_arg(lua, 1, m, "Frame", &d))?;
    let moved = crate::input::with_input(lua, |s| match &mut s.dragging {
        Some((who, _)) if *who == id => {
            *who = to;
            true
        }
        _ => false,
    });
    ret(lua, moved)
}

/// `UIObject:GetInheritableForbiddenAspects`.
fn get_inheritable_forbidden_aspects(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    self_id(lua, &a, "GetInheritableForbiddenAspects")?;
    need_num(lua, &a, 1, "GetInheritableForbiddenAspects")?;
    ret(lua, 0)
}

/// `UIObject:SetToDefaults`.
fn set_to_defaults(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "SetToDefaults")?;
    with_ui_mut(lua, |ui| {
        let src = ui.fields.id(SOURCE);
        if let Some(o) = ui.get_mut(id) {
            o.fields.retain(|(k, _)| *k == src);
            if o.text_measure == super::TextMeasure::Current {
                super::font_string::mark_stale(ui, id);
            }
        }
    });
    let st = state_table(lua, id)?;
    let keys: Vec<Value> = st
        .pairs::<Value, Value>()
        .map(|p| p.map(|(k, _)| k))
        .collect::<mlua::Result<_>>()?;
    for k in keys {
        st.raw_set(k, Value::Nil)?;
    }
    ret(lua, ())
}
