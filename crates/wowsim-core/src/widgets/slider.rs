//! Slider: a value between a minimum and a maximum, with a step for dragging.
//! StatusBar shares the value logic ([`set_min_max`], [`set_value`]).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetMinMaxValues(min, max)` (OnMinMaxChanged; the value is clamped) | [`set_min_max`] |
//! | `SetValue(value)` (clamped; OnValueChanged(value, userInput) when it changes) | [`set_value`] |
//! | `GetValue`, `GetMinMaxValues`, `SetValueStep`, `SetObeyStepOnDrag`, `SetOrientation` | generic (`fields`) |
//! | `Enable`, `Disable`, `IsEnabled`, `SetEnabled` | `button::set_enabled` |

use super::button::{is_enabled, set_enabled};
use super::fields::FieldVal;
use super::fire_script;
use super::util::{
    arg, get_field, install_methods, need_num, ret, self_id, set_field, truthy, Method,
};
use mlua::Lua;

/// Sets the range; refuses min > max like the client; clamps the value into it.
pub fn set_min_max(lua: &Lua, id: u32, min: f64, max: f64, method: &str) -> mlua::Result<()> {
    if min > max {
        return Err(crate::lua::lua_error(
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

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("Slider", "SetMinMaxValues", |lua, a| {
            let id = self_id(lua, &a, "SetMinMaxValues")?;
            let min = need_num(lua, &a, 1, "Slider:SetMinMaxValues(min, max)")?;
            let max = need_num(lua, &a, 2, "Slider:SetMinMaxValues(min, max)")?;
            set_min_max(lua, id, min, max, "Slider:SetMinMaxValues")?;
            ret(lua, ())
        }),
        ("Slider", "SetValue", |lua, a| {
            let id = self_id(lua, &a, "SetValue")?;
            let v = need_num(lua, &a, 1, "Slider:SetValue(value [, treatAsMouseEvent])")?;
            set_value(lua, id, v, truthy(&arg(&a, 2)))?;
            ret(lua, ())
        }),
        ("Slider", "Enable", |lua, a| {
            set_enabled(lua, self_id(lua, &a, "Enable")?, true)?;
            ret(lua, ())
        }),
        ("Slider", "Disable", |lua, a| {
            set_enabled(lua, self_id(lua, &a, "Disable")?, false)?;
            ret(lua, ())
        }),
        ("Slider", "SetEnabled", |lua, a| {
            set_enabled(lua, self_id(lua, &a, "SetEnabled")?, truthy(&arg(&a, 1)))?;
            ret(lua, ())
        }),
        ("Slider", "IsEnabled", |lua, a| {
            ret(lua, is_enabled(lua, self_id(lua, &a, "IsEnabled")?))
        }),
    ];
    install_methods(lua, methods)
}
