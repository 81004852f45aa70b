//! The methods of single animations: timing (duration, delays, progress within the group's
//! pass), targets (`childKey`, `targetKey`, `target`, `SetTarget`) and the parameters of Scale
//! and Translation. Playing is the group's (`animation.rs`).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetDuration`, `GetDuration`, `SetStartDelay`, `SetEndDelay` | [`install`] (fields `duration`, `startDelay`, `endDelay`) |
//! | `GetElapsed`, `GetProgress`, `IsPlaying`, `IsDone`, `IsPaused`, `IsStopped`, `IsDelaying` | [`install`] |
//! | `Play`, `Stop`, `Pause`, `Restart`, `SetPlaying` | the group's |
//! | `SetChildKey`, `SetTargetKey`, `SetTargetName`, `SetTarget`, `SetTargetParent`, `GetTarget`, `GetRegionParent` | [`target`] |
//! | `Scale:SetScale`/`SetScaleFrom`/`SetScaleTo` and getters, `Translation:SetOffset`/`GetOffset` | [`install`] |

use super::animation::{self, group_of, run_of, set_num, table_or_nil, window};
use super::fields::FieldVal;
use super::util::{arg, get_field, install_methods, num, ret, self_id, set_field, string, truthy};
use super::{obj_id, object_table, UiState};
use mlua::{Lua, MultiValue, Value};

fn region_parent(lua: &Lua, anim: u32) -> Option<u32> {
    let g = group_of(lua, anim)?;
    lua.app_data_ref::<UiState>()?.get(g)?.parent
}

/// Follows a dotted key (`$parent` steps to the parent) from object `from`.
fn follow(lua: &Lua, from: Option<u32>, path: &str) -> mlua::Result<Value> {
    let mut cur = table_or_nil(lua, from)?;
    for part in path.split('.') {
        cur = if part.eq_ignore_ascii_case("$parent") {
            let id = obj_id(lua, &cur, "targetKey").ok();
            let p = id.and_then(|i| lua.app_data_ref::<UiState>()?.get(i)?.parent);
            table_or_nil(lua, p)?
        } else {
            match &cur {
                Value::Table(t) => t.get(part)?,
                _ => Value::Nil,
            }
        };
    }
    Ok(cur)
}

/// The region an animation changes.
pub fn target(lua: &Lua, anim: u32) -> mlua::Result<Value> {
    if let FieldVal::Num(id) = get_field(lua, anim, "targetId") {
        return Ok(Value::Table(object_table(lua, id as u32)?));
    }
    let parent = region_parent(lua, anim);
    let text = |f: &str| match get_field(lua, anim, f) {
        FieldVal::Str(s) if !s.is_empty() => Some(s),
        _ => None,
    };
    if let Some(n) = text("targetName") {
        let n = super::frame::expand_parent_name(lua, &n, parent);
        return lua.globals().get(n.as_str());
    }
    if let Some(k) = text("childKey").or_else(|| text("targetKey")) {
        return follow(lua, parent, &k);
    }
    table_or_nil(lua, parent)
}

fn elapsed_in(lua: &Lua, anim: u32) -> (f64, f64, f64) {
    let Some(g) = group_of(lua, anim) else {
        return (0.0, 0.0, 0.0);
    };
    let (start, _) = window(lua, anim, g);
    let delay = get_field(lua, anim, "startDelay").as_f64();
    let dur = get_field(lua, anim, "duration").as_f64();
    let e = run_of(lua, g).elapsed - start - delay;
    (e, delay, dur)
}

fn with_group(
    lua: &Lua,
    a: &MultiValue,
    m: &str,
    f: fn(&Lua, u32) -> mlua::Result<()>,
) -> mlua::Result<MultiValue> {
    let id = self_id(lua, a, m)?;
    if let Some(g) = group_of(lua, id) {
        f(lua, g)?;
    }
    ret(lua, ())
}

fn set_pair(lua: &Lua, a: &MultiValue, m: &str, fx: &str, fy: &str) -> mlua::Result<MultiValue> {
    let id = self_id(lua, a, m)?;
    set_num(lua, id, fx, num(&arg(a, 1)).unwrap_or(0.0));
    set_num(lua, id, fy, num(&arg(a, 2)).unwrap_or(0.0));
    ret(lua, ())
}

fn get_pair(
    lua: &Lua,
    a: &MultiValue,
    m: &str,
    fx: &str,
    fy: &str,
    d: f64,
) -> mlua::Result<MultiValue> {
    let id = self_id(lua, a, m)?;
    let v = |f: &str| match get_field(lua, id, f) {
        FieldVal::Num(n) => n,
        _ => d,
    };
    ret(lua, (v(fx), v(fy)))
}

fn set_text(lua: &Lua, a: &MultiValue, m: &str, field: &str) -> mlua::Result<MultiValue> {
    let id = self_id(lua, a, m)?;
    let v = string(&arg(a, 1)).unwrap_or_default();
    set_field(lua, id, field, FieldVal::Str(v));
    set_field(lua, id, "targetId", FieldVal::Nil);
    ret(lua, ())
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, super::util::Method)] = &[
        ("Animation", "SetDuration", set_duration),
        ("Animation", "GetDuration", get_duration),
        ("Animation", "SetStartDelay", set_start_delay),
        ("Animation", "SetEndDelay", set_end_delay),
        ("Animation", "GetElapsed", get_elapsed),
        ("Animation", "GetProgress", get_progress),
        ("Animation", "IsPlaying", is_playing),
        ("Animation", "IsDelaying", is_delaying),
        ("Animation", "IsDone", is_done),
        ("Animation", "IsPaused", is_paused),
        ("Animation", "IsStopped", is_stopped),
        ("Animation", "Play", animation_play),
        ("Animation", "Restart", restart),
        ("Animation", "Stop", animation_stop),
        ("Animation", "Pause", pause),
        ("Animation", "SetPlaying", set_playing),
        ("Animation", "SetChildKey", set_child_key),
        ("Animation", "SetTargetKey", set_target_key),
        ("Animation", "SetTargetName", set_target_name),
        ("Animation", "SetTargetParent", set_target_parent),
        ("Animation", "SetTarget", set_target),
        ("Animation", "GetTarget", get_target),
        ("Animation", "GetRegionParent", get_region_parent),
        ("Scale", "SetScale", set_scale),
        ("Scale", "GetScale", get_scale),
        ("Scale", "SetScaleFrom", set_scale_from),
        ("Scale", "GetScaleFrom", get_scale_from),
        ("Scale", "SetScaleTo", set_scale_to),
        ("Scale", "GetScaleTo", get_scale_to),
        ("Translation", "SetOffset", set_offset),
        ("Translation", "GetOffset", get_offset),
    ];
    install_methods(lua, methods)
}

/// `Animation:SetDuration`.
fn set_duration(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetDuration")?;
    set_num(
        lua,
        id,
        "duration",
        num(&arg(&a, 1)).unwrap_or(0.0).max(0.0),
    );
    ret(lua, ())
}

/// `Animation:GetDuration`.
fn get_duration(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(
        lua,
        get_field(lua, self_id(lua, &a, "GetDuration")?, "duration").as_f64(),
    )
}

/// `Animation:SetStartDelay`.
fn set_start_delay(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetStartDelay")?;
    set_num(
        lua,
        id,
        "startDelay",
        num(&arg(&a, 1)).unwrap_or(0.0).max(0.0),
    );
    ret(lua, ())
}

/// `Animation:SetEndDelay`.
fn set_end_delay(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetEndDelay")?;
    set_num(
        lua,
        id,
        "endDelay",
        num(&arg(&a, 1)).unwrap_or(0.0).max(0.0),
    );
    ret(lua, ())
}

/// `Animation:GetElapsed`.
fn get_elapsed(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let (e, delay, dur) = elapsed_in(lua, self_id(lua, &a, "GetElapsed")?);
    ret(lua, (e + delay).clamp(0.0, delay + dur))
}

/// `Animation:GetProgress`.
fn get_progress(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let (e, _, dur) = elapsed_in(lua, self_id(lua, &a, "GetProgress")?);
    ret(
        lua,
        if dur > 0.0 {
            (e / dur).clamp(0.0, 1.0)
        } else {
            0.0
        },
    )
}

/// `Animation:IsPlaying`.
fn is_playing(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsPlaying")?;
    let r = group_of(lua, id)
        .map(|g| run_of(lua, g))
        .unwrap_or_default();
    let (e, _, dur) = elapsed_in(lua, id);
    ret(lua, r.playing && !r.paused && e >= 0.0 && e < dur)
}

/// `Animation:IsDelaying`.
fn is_delaying(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsDelaying")?;
    let r = group_of(lua, id)
        .map(|g| run_of(lua, g))
        .unwrap_or_default();
    let (e, delay, _) = elapsed_in(lua, id);
    ret(lua, r.playing && e < 0.0 && e + delay >= 0.0)
}

/// `Animation:IsDone`.
fn is_done(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsDone")?;
    ret(lua, group_of(lua, id).is_some_and(|g| run_of(lua, g).done))
}

/// `Animation:IsPaused`.
fn is_paused(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsPaused")?;
    ret(
        lua,
        group_of(lua, id).is_some_and(|g| run_of(lua, g).paused),
    )
}

/// `Animation:IsStopped`.
fn is_stopped(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsStopped")?;
    ret(
        lua,
        group_of(lua, id).is_none_or(|g| !run_of(lua, g).playing),
    )
}

/// `Animation:Play`.
fn animation_play(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    with_group(lua, &a, "Play", |lua, g| animation::play(lua, g, false))
}

/// `Animation:Restart`.
fn restart(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    with_group(lua, &a, "Restart", |lua, g| {
        animation::stop(lua, g)?;
        animation::play(lua, g, false)
    })
}

/// `Animation:Stop`.
fn animation_stop(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    with_group(lua, &a, "Stop", animation::stop)
}

/// `Animation:Pause`.
fn pause(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    with_group(lua, &a, "Pause", |_, _| Ok(()))
}

/// `Animation:SetPlaying`.
fn set_playing(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    if truthy(&arg(&a, 1)) {
        with_group(lua, &a, "SetPlaying", |lua, g| {
            animation::play(lua, g, false)
        })
    } else {
        with_group(lua, &a, "SetPlaying", animation::stop)
    }
}

/// `Animation:SetChildKey`.
fn set_child_key(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_text(lua, &a, "SetChildKey", "childKey")
}

/// `Animation:SetTargetKey`.
fn set_target_key(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_text(lua, &a, "SetTargetKey", "targetKey")
}

/// `Animation:SetTargetName`.
fn set_target_name(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_text(lua, &a, "SetTargetName", "targetName")
}

/// `Animation:SetTargetParent`.
fn set_target_parent(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetTargetParent")?;
    set_field(lua, id, "targetId", FieldVal::Nil);
    set_field(lua, id, "childKey", FieldVal::Nil);
    set_field(lua, id, "targetKey", FieldVal::Nil);
    set_field(lua, id, "targetName", FieldVal::Nil);
    ret(lua, ())
}

/// `Animation:SetTarget`.
fn set_target(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetTarget")?;
    match arg(&a, 1) {
        Value::String(_) => return set_text(lua, &a, "SetTarget", "targetName"),
        v => {
            let t = obj_id(lua, &v, "SetTarget")?;
            set_field(lua, id, "targetId", FieldVal::Num(t as f64));
        }
    }
    ret(lua, ())
}

/// `Animation:GetTarget`.
fn get_target(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTarget")?;
    ret(lua, target(lua, id)?)
}

/// `Animation:GetRegionParent`.
fn get_region_parent(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetRegionParent")?;
    ret(lua, table_or_nil(lua, region_parent(lua, id))?)
}

/// `Scale:SetScale`.
fn set_scale(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_pair(lua, &a, "SetScale", "scaleX", "scaleY")
}

/// `Scale:GetScale`.
fn get_scale(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_pair(lua, &a, "GetScale", "scaleX", "scaleY", 1.0)
}

/// `Scale:SetScaleFrom`.
fn set_scale_from(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_pair(lua, &a, "SetScaleFrom", "fromScaleX", "fromScaleY")
}

/// `Scale:GetScaleFrom`.
fn get_scale_from(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_pair(lua, &a, "GetScaleFrom", "fromScaleX", "fromScaleY", 1.0)
}

/// `Scale:SetScaleTo`.
fn set_scale_to(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_pair(lua, &a, "SetScaleTo", "toScaleX", "toScaleY")
}

/// `Scale:GetScaleTo`.
fn get_scale_to(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_pair(lua, &a, "GetScaleTo", "toScaleX", "toScaleY", 1.0)
}

/// `Translation:SetOffset`.
fn set_offset(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_pair(lua, &a, "SetOffset", "offsetX", "offsetY")
}

/// `Translation:GetOffset`.
fn get_offset(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_pair(lua, &a, "GetOffset", "offsetX", "offsetY", 0.0)
}
