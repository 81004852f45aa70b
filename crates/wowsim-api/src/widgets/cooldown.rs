//! Cooldown: the swipe shown over buttons. Times are kept in milliseconds as the reference's
//! fields are; OnCooldownDone fires from the tick once the duration has passed.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetCooldown(start, duration [, modRate])`, `GetCooldownTimes` (generic) | [`install`] |
//! | `Clear`, `GetCooldownDuration`, `SetCooldownDuration(duration)` | [`install`] |
//! | `SetSwipeColor(r, g, b [, a])`, `SetSwipeTexture(file or texture [, r, g, b, a])` | [`install`] |
//! | `SetEdgeTexture(file or texture [, r, g, b, a])`, `SetBlingTexture(file or texture [, r, g, b, a])` | [`install`] |
//! | `SetCountdownFont(fontName)`: the named Font object draws the countdown numbers (a name that is no Font keeps the default) | [`install`] |
//! | `SetReverse`, `SetDrawSwipe`, `SetDrawEdge`, `SetDrawBling`, `SetEdgeScale`, `SetHideCountdownNumbers`, `SetCountdownAbbrevThreshold`, `SetCountdownMillisecondsThreshold`, `SetMinimumCountdownDuration` (drawn by `draw::cooldown`) | generic (`fields`) |
//! | OnCooldownDone | [`fire_done`] |
//! | `SetCooldownFromExpirationTime(end, duration [, modRate])`, `SetCooldownUNIX(start, duration [, modRate])` (Unix start on the virtual clock), `SetCooldownFromDurationObject(d [, clearIfZero])` (its start time and total duration) | [`install_extras`] |
//! | `GetCooldownDisplayDuration` (the duration in ms divided by the mod rate) | [`install_extras`] |
//! | `Pause`, `Resume` (the `SetPaused`/`IsPaused` state; the swipe is not frozen) | [`install_extras`] |
//! | `GetCountdownFontString` (a FontString child made on first use; no numbers are drawn), `SetCountdownFont`, `Set/GetCountdownFormatter` | [`install_extras`] |
//! | `SetEdgeColor`, `SetUseCircularEdge`, `SetTexCoordRange(low, high)` (kept; the edge is a plain line and the swipe uses the whole texture) | [`install_extras`] |

use super::fields::FieldVal;
use super::scene_state::{bad_arg, load, method, store, A, C};
use super::types::inherits_from;
use super::util::{
    arg, get_field, install_methods, need_num, num, obj_value, ret, self_id, string, with_ui_mut,
    Method,
};
use super::{fire_script, obj_id};
use mlua::{Lua, Value};
use wowsim_lua::clock::Clock;

fn now(lua: &Lua) -> f64 {
    lua.app_data_ref::<Clock>().map(|c| c.now()).unwrap_or(0.0)
}

fn set_mod_rate(lua: &Lua, id: u32, v: &Value) {
    let rate = num(v).filter(|r| *r > 0.0).unwrap_or(1.0);
    with_ui_mut(lua, |ui| {
        ui.set_field_by_name(id, "cooldown.modRate", FieldVal::Num(rate))
    });
}

fn set(lua: &Lua, id: u32, start: f64, duration: f64) {
    with_ui_mut(lua, |ui| {
        ui.set_field_by_name(id, "startTimeMillis", FieldVal::Num(start * 1000.0));
        ui.set_field_by_name(id, "durationMillis", FieldVal::Num(duration * 1000.0));
    });
    let ws = super::widget_states(lua);
    let mut r = ws.cooldowns.borrow_mut();
    r.0.retain(|x| *x != id);
    if duration > 0.0 {
        r.0.push(id);
    }
}

/// Fires OnCooldownDone on cooldowns whose time has passed (called once per tick).
pub fn fire_done(lua: &Lua) -> mlua::Result<()> {
    let t = now(lua) * 1000.0;
    let done: Vec<u32> = {
        let ids = std::mem::take(&mut super::widget_states(lua).cooldowns.borrow_mut().0);
        if ids.is_empty() {
            return Ok(());
        }
        let (done, left): (Vec<u32>, Vec<u32>) = ids.into_iter().partition(|id| {
            get_field(lua, *id, "startTimeMillis").as_f64()
                + get_field(lua, *id, "durationMillis").as_f64()
                <= t
        });
        super::widget_states(lua).cooldowns.borrow_mut().0 = left;
        done
    };
    for id in done {
        fire_script(lua, id, "OnCooldownDone", ())?;
    }
    Ok(())
}

/// The file (or nil) and colour of a texture argument: a path, or a texture object as XML's
/// `<SwipeTexture>`/`<EdgeTexture>`/`<BlingTexture>` pass it (a region made only to carry the
/// file and colour: it is hidden, the cooldown draws it itself). `None` for other values.
fn texture_arg(lua: &Lua, v: &Value) -> mlua::Result<Option<(FieldVal, Option<[f64; 4]>)>> {
    if let Some(path) = string(v) {
        return Ok(Some((FieldVal::Str(path), None)));
    }
    if !matches!(v, Value::Table(_)) {
        return Ok(None);
    }
    let tex = obj_id(lua, v, "SetSwipeTexture")?;
    let found = with_ui_mut(lua, |ui| {
        if !ui
            .get(tex)
            .is_some_and(|o| inherits_from(o.type_index, "TextureBase"))
        {
            return None;
        }
        ui.set_shown_flag(tex, false);
        let file = match ui.field_by_name(tex, "texture") {
            FieldVal::Str(p) => FieldVal::Str(p),
            _ => FieldVal::Nil,
        };
        let color = match ui.field_by_name(tex, "colorTextureR") {
            FieldVal::Num(r) => Some([
                r,
                ui.field_by_name(tex, "colorTextureG").as_f64(),
                ui.field_by_name(tex, "colorTextureB").as_f64(),
                match ui.field_by_name(tex, "colorTextureA") {
                    FieldVal::Num(a) => a,
                    _ => 1.0,
                },
            ]),
            _ => None,
        };
        Some((file, color))
    });
    Ok(found)
}

/// Sets the colour fields `{prefix}R`, `…G`, `…B`, `…A`.
fn set_color_of(lua: &Lua, id: u32, prefix: &str, c: [f64; 4]) {
    with_ui_mut(lua, |ui| {
        for (k, v) in ["R", "G", "B", "A"].iter().zip(c) {
            ui.set_field_by_name(
                id,
                &format!("{prefix}{k}"),
                FieldVal::Num(v.clamp(0.0, 1.0)),
            );
        }
    });
}

fn set_color(lua: &Lua, id: u32, c: [f64; 4]) {
    set_color_of(lua, id, "swipeColor", c);
}

/// `SetEdgeTexture`/`SetBlingTexture`: the file into `field`, the colour (of a texture object,
/// then the optional r, g, b, a arguments) into `{field}Color*`.
fn set_texture_and_color(
    lua: &Lua,
    a: &mlua::MultiValue,
    method: &str,
    field: &str,
) -> mlua::Result<()> {
    let id = self_id(lua, a, method)?;
    if let Some((file, color)) = texture_arg(lua, &arg(a, 1))? {
        with_ui_mut(lua, |ui| ui.set_field_by_name(id, field, file));
        if let Some(c) = color {
            set_color_of(lua, id, &format!("{field}Color"), c);
        }
    }
    if let Some(r) = num(&arg(a, 2)) {
        let c = [
            r,
            num(&arg(a, 3)).unwrap_or(1.0),
            num(&arg(a, 4)).unwrap_or(1.0),
            num(&arg(a, 5)).unwrap_or(1.0),
        ];
        set_color_of(lua, id, &format!("{field}Color"), c);
    }
    Ok(())
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("Cooldown", "SetCooldown", set_cooldown),
        ("Cooldown", "SetCooldownDuration", set_cooldown_duration),
        ("Cooldown", "Clear", clear),
        ("Cooldown", "SetSwipeColor", set_swipe_color),
        ("Cooldown", "SetSwipeTexture", set_swipe_texture),
        ("Cooldown", "SetEdgeTexture", set_edge_texture),
        ("Cooldown", "SetBlingTexture", set_bling_texture),
        ("Cooldown", "SetCountdownFont", set_countdown_font),
        ("Cooldown", "GetCooldownDuration", get_cooldown_duration),
    ];
    install_methods(lua, methods)
}

/// A duration object's `name()` result as a number (0 when it has no such method).
fn duration_value(lua: &Lua, d: &Value, name: &str) -> mlua::Result<f64> {
    let f: Value = match d {
        Value::Table(t) => t.get(name)?,
        Value::UserData(u) => mlua::ObjectLike::get(u, name).unwrap_or(Value::Nil),
        _ => Value::Nil,
    };
    let _ = lua;
    Ok(match f {
        Value::Function(f) => num(&f.call::<Value>(d.clone())?).unwrap_or(0.0),
        _ => 0.0,
    })
}

/// Installs the Cooldown methods that only some flavours have (through `scene_state::reg`).
pub fn install_extras(lua: &Lua) -> mlua::Result<()> {
    let c = "Cooldown";
    let methods: &[(&str, Method)] = &[
        (
            "SetCooldownFromExpirationTime",
            set_cooldown_from_expiration_time,
        ),
        ("SetCooldownUNIX", set_cooldown_unix),
        (
            "SetCooldownFromDurationObject",
            set_cooldown_from_duration_object,
        ),
        ("GetCooldownDisplayDuration", get_cooldown_display_duration),
        ("Pause", pause),
        ("Resume", resume),
        ("GetCountdownFontString", get_countdown_font_string),
    ];
    for (name, f) in methods {
        method(lua, c, name, *f)?;
    }
    store(
        lua,
        c,
        "SetCountdownFormatter",
        &[("cooldown.formatter", A::Any)],
    )?;
    load(
        lua,
        c,
        "GetCountdownFormatter",
        &[("cooldown.formatter", C::Lua)],
    )?;
    store(
        lua,
        c,
        "SetEdgeColor",
        &[
            ("cooldown.edgeR", A::Num),
            ("cooldown.edgeG", A::Num),
            ("cooldown.edgeB", A::Num),
            ("cooldown.edgeA", A::NumOr(1.0)),
        ],
    )?;
    store(
        lua,
        c,
        "SetUseCircularEdge",
        &[("cooldown.circularEdge", A::BoolOr(false))],
    )?;
    method(lua, c, "SetTexCoordRange", set_tex_coord_range)
}

/// `Cooldown:SetCooldownFromExpirationTime`.
fn set_cooldown_from_expiration_time(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCooldownFromExpirationTime")?;
    let usage = "Cooldown:SetCooldownFromExpirationTime(expirationTime, duration [, modRate])";
    let end = need_num(lua, &a, 1, usage)?;
    let duration = need_num(lua, &a, 2, usage)?;
    set(lua, id, end - duration, duration);
    set_mod_rate(lua, id, &arg(&a, 3));
    ret(lua, ())
}

/// `Cooldown:SetCooldownUNIX`.
fn set_cooldown_unix(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCooldownUNIX")?;
    let usage = "Cooldown:SetCooldownUNIX(start, duration [, modRate])";
    let start = need_num(lua, &a, 1, usage)?;
    let duration = need_num(lua, &a, 2, usage)?;
    let start = lua
        .app_data_ref::<Clock>()
        .map(|c| c.gettime_at_unix(start))
        .unwrap_or(start);
    set(lua, id, start, duration);
    set_mod_rate(lua, id, &arg(&a, 3));
    ret(lua, ())
}

/// `Cooldown:SetCooldownFromDurationObject`.
fn set_cooldown_from_duration_object(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let m = "SetCooldownFromDurationObject";
    let id = self_id(lua, &a, m)?;
    let d = arg(&a, 1);
    if !matches!(d, Value::Table(_) | Value::UserData(_)) {
        return Err(bad_arg(lua, 1, m, "LuaDurationObject", &d));
    }
    let start = duration_value(lua, &d, "GetStartTime")?;
    let total = duration_value(lua, &d, "GetTotalDuration")?;
    let clear_if_zero = !matches!(arg(&a, 2), Value::Boolean(false));
    if total <= 0.0 && clear_if_zero {
        set(lua, id, 0.0, 0.0);
    } else {
        set(lua, id, start, total);
    }
    ret(lua, ())
}

/// `Cooldown:GetCooldownDisplayDuration`.
fn get_cooldown_display_duration(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetCooldownDisplayDuration")?;
    let rate = match get_field(lua, id, "cooldown.modRate") {
        FieldVal::Num(r) if r > 0.0 => r,
        _ => 1.0,
    };
    ret(lua, get_field(lua, id, "durationMillis").as_f64() / rate)
}

/// `Cooldown:Pause`.
fn pause(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Pause")?;
    with_ui_mut(lua, |ui| {
        ui.set_field_by_name(id, "Cooldown:Paused.1", FieldVal::Bool(true))
    });
    ret(lua, ())
}

/// `Cooldown:Resume`.
fn resume(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Resume")?;
    with_ui_mut(lua, |ui| {
        ui.set_field_by_name(id, "Cooldown:Paused.1", FieldVal::Bool(false))
    });
    ret(lua, ())
}

/// `Cooldown:GetCountdownFontString`.
fn get_countdown_font_string(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetCountdownFontString")?;
    let fs = match get_field(lua, id, "cooldown.countdown") {
        FieldVal::Obj(fs) => fs,
        _ => {
            let ty = super::types::find("FontString").expect("FontString type");
            let (fs, _) = super::create_object(lua, ty, None, Some(id))?;
            with_ui_mut(lua, |ui| {
                ui.set_field_by_name(id, "cooldown.countdown", FieldVal::Obj(fs))
            });
            fs
        }
    };
    ret(lua, obj_value(lua, Some(fs))?)
}

/// `Cooldown:SetTexCoordRange`.
fn set_tex_coord_range(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let m = "SetTexCoordRange";
    let id = self_id(lua, &a, m)?;
    for i in 1..=2 {
        let v = arg(&a, i);
        if !matches!(v, Value::Table(_)) {
            return Err(bad_arg(lua, i, m, "table", &v));
        }
    }
    super::scene_state::lua_set(lua, id, "cooldown.texCoordLow", arg(&a, 1))?;
    super::scene_state::lua_set(lua, id, "cooldown.texCoordHigh", arg(&a, 2))?;
    ret(lua, ())
}

/// `Cooldown:SetCooldown`.
fn set_cooldown(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCooldown")?;
    let usage = "Cooldown:SetCooldown(start, duration [, modRate])";
    let start = need_num(lua, &a, 1, usage)?;
    let duration = need_num(lua, &a, 2, usage)?;
    set(lua, id, start, duration);
    set_mod_rate(lua, id, &arg(&a, 3));
    ret(lua, ())
}

/// `Cooldown:SetCooldownDuration`.
fn set_cooldown_duration(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCooldownDuration")?;
    let duration = need_num(lua, &a, 1, "Cooldown:SetCooldownDuration(duration)")?;
    set(lua, id, now(lua), duration);
    ret(lua, ())
}

/// `Cooldown:Clear`.
fn clear(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Clear")?;
    set(lua, id, 0.0, 0.0);
    ret(lua, ())
}

/// `Cooldown:SetSwipeColor`.
fn set_swipe_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetSwipeColor")?;
    let usage = "Cooldown:SetSwipeColor(r, g, b [, a])";
    let c = [
        need_num(lua, &a, 1, usage)?,
        need_num(lua, &a, 2, usage)?,
        need_num(lua, &a, 3, usage)?,
        num(&arg(&a, 4)).unwrap_or(1.0),
    ];
    set_color(lua, id, c);
    ret(lua, ())
}

/// `Cooldown:SetSwipeTexture`.
fn set_swipe_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetSwipeTexture")?;
    if let Some((file, color)) = texture_arg(lua, &arg(&a, 1))? {
        with_ui_mut(lua, |ui| ui.set_field_by_name(id, "swipeTexture", file));
        if let Some(c) = color {
            set_color(lua, id, c);
        }
    }
    if let Some(r) = num(&arg(&a, 2)) {
        let c = [
            r,
            num(&arg(&a, 3)).unwrap_or(1.0),
            num(&arg(&a, 4)).unwrap_or(1.0),
            num(&arg(&a, 5)).unwrap_or(1.0),
        ];
        set_color(lua, id, c);
    }
    ret(lua, ())
}

/// `Cooldown:SetEdgeTexture`.
fn set_edge_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_texture_and_color(lua, &a, "SetEdgeTexture", "edgeTexture")?;
    ret(lua, ())
}

/// `Cooldown:SetBlingTexture`.
fn set_bling_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_texture_and_color(lua, &a, "SetBlingTexture", "blingTexture")?;
    ret(lua, ())
}

/// `Cooldown:SetCountdownFont`.
fn set_countdown_font(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCountdownFont")?;
    let first = arg(&a, 1);
    let name = string(&first)
        .ok_or_else(|| super::scene_state::bad_arg(lua, 1, "SetCountdownFont", "string", &first))?;
    let font = lua.globals().raw_get::<Value>(name.as_str())?;
    let fid = match font {
        Value::Table(_) => obj_id(lua, &font, "SetCountdownFont").ok(),
        _ => None,
    };
    let is_font = fid.is_some_and(|f| {
        with_ui_mut(lua, |ui| {
            ui.get(f)
                .is_some_and(|o| inherits_from(o.type_index, "Font"))
        })
    });
    // A name that is no Font object keeps the default countdown font.
    if let Some(f) = fid.filter(|_| is_font) {
        with_ui_mut(lua, |ui| {
            ui.set_field_by_name(id, "countdownFontObject", FieldVal::Obj(f))
        });
    }
    ret(lua, ())
}

/// `Cooldown:GetCooldownDuration`.
fn get_cooldown_duration(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetCooldownDuration")?;
    ret(lua, get_field(lua, id, "durationMillis").as_f64())
}
