//! StatusBar: a value bar (health, casting). The value logic is the Slider's; the bar's
//! texture comes from the reference's settexture method (`SetStatusBarTexture`, in `button`).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetMinMaxValues(min, max)`, `SetValue(value)` | `slider::set_min_max`, `slider::set_value` |
//! | `SetStatusBarColor(r, g, b [, a])`, `GetStatusBarColor` | [`install`] |
//! | `SetTimerDuration(duration [, interpolation, direction])`, `GetTimerDuration` (the object given) | [`install`] |
//! | `GetValue`, `GetMinMaxValues`, `GetStatusBarTexture`, `SetOrientation`, `SetReverseFill` | generic (`fields`) |

use super::fields::FieldVal;
use super::slider::{set_min_max, set_value};
use super::util::{
    arg, get_field, install_methods, need_num, num, ret, self_id, set_field, with_ui_mut, Method,
};
use mlua::Lua;

const COLOR: [&str; 4] = ["barColorR", "barColorG", "barColorB", "barColorA"];

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        // The duration object a timer bar follows, kept as given (with its interpolation and
        // direction); before any, a new duration object, as the client's zero timer.
        ("StatusBar", "SetTimerDuration", set_timer_duration),
        ("StatusBar", "GetTimerDuration", get_timer_duration),
        ("StatusBar", "SetMinMaxValues", set_min_max_values),
        ("StatusBar", "SetValue", status_bar_set_value),
        ("StatusBar", "SetStatusBarColor", set_status_bar_color),
        ("StatusBar", "GetStatusBarColor", get_status_bar_color),
    ];
    install_methods(lua, methods)
}

/// `StatusBar:SetTimerDuration`.
fn set_timer_duration(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetTimerDuration")?;
    let d = arg(&a, 1);
    if !matches!(d, mlua::Value::UserData(_) | mlua::Value::Table(_)) {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!(
                "bad argument #1 to 'SetTimerDuration' (LuaDurationObject expected, got {})",
                wowsim_lua::type_name(&d)
            ),
        ));
    }
    super::scene_state::lua_set(lua, id, "statusbar.timer", d)?;
    for (i, f) in [
        (2, "statusbar.timerInterpolation"),
        (3, "statusbar.timerDirection"),
    ] {
        set_field(lua, id, f, FieldVal::Num(num(&arg(&a, i)).unwrap_or(0.0)));
    }
    ret(lua, ())
}

/// `StatusBar:GetTimerDuration`.
fn get_timer_duration(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTimerDuration")?;
    match super::scene_state::lua_get(lua, id, "statusbar.timer")? {
        mlua::Value::Nil => {
            let create: Option<mlua::Function> = lua
                .globals()
                .get::<Option<mlua::Table>>("C_DurationUtil")?
                .map(|t| t.get("CreateDuration"))
                .transpose()?;
            match create {
                Some(f) => ret(lua, f.call::<mlua::Value>(())?),
                None => ret(lua, mlua::Value::Nil),
            }
        }
        v => ret(lua, v),
    }
}

/// `StatusBar:SetMinMaxValues`.
fn set_min_max_values(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetMinMaxValues")?;
    let min = need_num(lua, &a, 1, "StatusBar:SetMinMaxValues(min, max)")?;
    let max = need_num(lua, &a, 2, "StatusBar:SetMinMaxValues(min, max)")?;
    set_min_max(lua, id, min, max, "StatusBar:SetMinMaxValues")?;
    ret(lua, ())
}

/// `StatusBar:SetValue`.
fn status_bar_set_value(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetValue")?;
    let v = need_num(lua, &a, 1, "StatusBar:SetValue(value)")?;
    set_value(lua, id, v, false)?;
    ret(lua, ())
}

/// `StatusBar:SetStatusBarColor`.
fn set_status_bar_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetStatusBarColor")?;
    let usage = "StatusBar:SetStatusBarColor(r, g, b [, a])";
    let c = [
        need_num(lua, &a, 1, usage)?,
        need_num(lua, &a, 2, usage)?,
        need_num(lua, &a, 3, usage)?,
        num(&arg(&a, 4)).unwrap_or(1.0),
    ];
    with_ui_mut(lua, |ui| {
        for (f, v) in COLOR.iter().zip(c) {
            ui.set_field_by_name(id, f, FieldVal::Num(v));
        }
    });
    ret(lua, ())
}

/// `StatusBar:GetStatusBarColor`.
fn get_status_bar_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetStatusBarColor")?;
    let c: Vec<f64> = COLOR
        .iter()
        .map(|f| match get_field(lua, id, f) {
            FieldVal::Num(n) => n,
            _ => 1.0,
        })
        .collect();
    ret(lua, (c[0], c[1], c[2], c[3]))
}
