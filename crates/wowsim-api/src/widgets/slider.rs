//! Slider: a value between a minimum and a maximum, with a step for dragging.
//! StatusBar shares the value logic ([`set_min_max`], [`set_value`]).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetMinMaxValues(min, max)` (OnMinMaxChanged; the value is clamped) | [`set_min_max`] |
//! | `SetValue(value)` (clamped; OnValueChanged(value, userInput) when it changes) | [`set_value`] |
//! | `GetValue`, `GetMinMaxValues`, `SetValueStep`, `SetObeyStepOnDrag`, `SetOrientation` | generic (`fields`) |
//! | `Enable`, `Disable`, `IsEnabled`, `SetEnabled` | `button::set_enabled` |
//! | the mouse: a left press or drag sets the value from the cursor, OnValueChanged(value, true) | [`drag_to`] |

use super::button;
use super::fields::FieldVal;
use super::fire_script;
use super::util::{
    arg, get_field, install_methods, need_num, ret, self_id, set_field, truthy, Method,
};
use mlua::Lua;

/// Sets the range; refuses min > max like the client; clamps the value into it.
pub fn set_min_max(lua: &Lua, id: u32, min: f64, max: f64, method: &str) -> mlua::Result<()> {
    if min > max {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!("{method}(): Min value must be less than or equal to max value"),
        ));
    }
    let (omin, omax) = (
        get_field(lua, id, "min").as_f64(),
        get_field(lua, id, "max").as_f64(),
    );
    set_field(lua, id, "min", FieldVal::Num(min));
    set_field(lua, id, "max", FieldVal::Num(max));
    if (omin, omax) != (min, max) {
        fire_script(lua, id, "OnMinMaxChanged", (min, max))?;
    }
    let v = get_field(lua, id, "value").as_f64();
    if v < min || v > max {
        set_value(lua, id, v, false)?;
    }
    Ok(())
}

/// Sets the value (clamped into the range); fires OnValueChanged when it changed.
pub fn set_value(lua: &Lua, id: u32, v: f64, user_input: bool) -> mlua::Result<()> {
    let (min, max) = (
        get_field(lua, id, "min").as_f64(),
        get_field(lua, id, "max").as_f64(),
    );
    let v = v.clamp(min, max.max(min));
    let old = get_field(lua, id, "value").as_f64();
    set_field(lua, id, "value", FieldVal::Num(v));
    if old != v {
        fire_script(lua, id, "OnValueChanged", (v, user_input))?;
    }
    Ok(())
}

/// Sets a slider's value from the cursor (UI units at scale 1) as a press or drag on it does:
/// the fraction along the track (left to right; top to bottom for the default VERTICAL
/// orientation) of the range, snapped to `valueStep` when `SetObeyStepOnDrag(true)`; fires
/// OnValueChanged(value, true). The thumb's own size is not taken off the track.
pub fn drag_to(lua: &Lua, id: u32, cursor: (f32, f32)) -> mlua::Result<()> {
    let rect = super::util::with_ui_mut(lua, |ui| {
        let r = super::region::rect_of(ui, id)?;
        let s = ui
            .get(id)?
            .node
            .map_or(1.0, |n| ui.layout.effective_scale(n));
        Some((r, s))
    });
    let Some((r, s)) = rect else { return Ok(()) };
    let (x, y) = (cursor.0 / s.max(1e-6), cursor.1 / s.max(1e-6));
    let horizontal = matches!(get_field(lua, id, "orientation"), FieldVal::Str(o) if o.eq_ignore_ascii_case("HORIZONTAL"));
    let frac = if horizontal {
        (x - r.left) / r.width.max(1e-6)
    } else {
        (r.bottom + r.height - y) / r.height.max(1e-6)
    }
    .clamp(0.0, 1.0) as f64;
    let (min, max) = (
        get_field(lua, id, "min").as_f64(),
        get_field(lua, id, "max").as_f64(),
    );
    let mut v = min + frac * (max - min);
    let step = get_field(lua, id, "valueStep").as_f64();
    if get_field(lua, id, "obeyStepOnDrag") == FieldVal::Bool(true) && step > 0.0 {
        v = min + ((v - min) / step).round() * step;
    }
    set_value(lua, id, v, true)
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("Slider", "SetMinMaxValues", set_min_max_values),
        ("Slider", "SetValue", slider_set_value),
        ("Slider", "Enable", button::enable),
        ("Slider", "Disable", button::disable),
        ("Slider", "SetEnabled", button::button_set_enabled),
        ("Slider", "IsEnabled", button::button_is_enabled),
    ];
    install_methods(lua, methods)
}

/// `Slider:SetMinMaxValues`.
fn set_min_max_values(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetMinMaxValues")?;
    let min = need_num(lua, &a, 1, "Slider:SetMinMaxValues(min, max)")?;
    let max = need_num(lua, &a, 2, "Slider:SetMinMaxValues(min, max)")?;
    set_min_max(lua, id, min, max, "Slider:SetMinMaxValues")?;
    ret(lua, ())
}

/// `Slider:SetValue`.
fn slider_set_value(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetValue")?;
    let v = need_num(lua, &a, 1, "Slider:SetValue(value [, treatAsMouseEvent])")?;
    set_value(lua, id, v, truthy(&arg(&a, 2)))?;
    ret(lua, ())
}
