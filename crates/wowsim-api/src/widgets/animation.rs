//! Animation groups and animations: creation, the play state on the virtual clock and the
//! scripts (OnPlay, OnFinished, OnStop, OnLoop). What they do to their targets while playing is
//! `animation_effect.rs`; at the end an Alpha animation of a group with `setToFinalAlpha` leaves
//! its target at `toAlpha`. XML `<Animations>` are loaded by `xmlui::animations`.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `CreateAnimationGroup(name, template)`, `GetAnimationGroups`, `StopAnimating` | [`install`] |
//! | `AnimationGroup:CreateAnimation(type, name, template)`, `GetAnimations`, `RemoveAnimations` | [`install`] |
//! | `Play`, `Stop`, `Pause`, `Finish`, `Restart`, `SetPlaying` | [`play`], [`stop`], [`complete`] |
//! | `IsPlaying`, `IsPaused`, `IsDone`, `IsPendingFinish`, `IsReverse`, `GetProgress`, `GetElapsed`, `GetDuration`, `GetLoopState` | [`install`] |
//! | `SetToFinalAlpha`, `IsSetToFinalAlpha` | [`install`] |
//! | `Animation:SetDuration`/`GetDuration`, `SetStartDelay`, `SetEndDelay`, `GetProgress`, `IsPlaying`, … | `animation_timing.rs` |
//! | ticking; OnUpdate(self, elapsed) on a playing group and its running animations (animations first, chosen) | [`tick`] (from `after_frame`) |
pub use wowsim_ui::animation::*;

use super::fields::FieldVal;
use super::util::{arg, get_field, install_methods, ret, self_id, set_field, string, truthy};
use super::{create_object, fire_script, object_table, types, widget_states, UiState};
use crate::widgets::fields::FieldValLua;
use mlua::{Lua, MultiValue, Value};
use wowsim_lua::clock::Clock;
use wowsim_lua::lua_error;

/// The run state of a group (default when never played).
pub fn run_of(lua: &Lua, id: u32) -> GroupRun {
    let ws = widget_states(lua);
    let a = ws.animations.borrow();
    a.groups.get(&id).copied().unwrap_or_default()
}

fn set_run(lua: &Lua, id: u32, f: impl FnOnce(&mut GroupRun)) {
    let ws = widget_states(lua);
    let mut a = ws.animations.borrow_mut();
    let r = a.groups.entry(id).or_default();
    f(r);
    let playing = r.playing;
    a.playing.retain(|g| *g != id);
    if playing {
        a.playing.push(id);
    }
}

/// The animations of a group, in creation order.
pub fn animations_of(lua: &Lua, group: u32) -> Vec<u32> {
    let ui = lua.app_data_ref::<UiState>().expect("ui");
    ui.get(group)
        .map(|o| {
            o.children
                .iter()
                .copied()
                .filter(|c| {
                    ui.get(*c)
                        .is_some_and(|a| types::is_a(a.type_index, "Animation"))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// (start, end) of an animation inside one pass of its group: orders run one after the other.
pub fn window(lua: &Lua, anim: u32, group: u32) -> (f64, f64) {
    let (mut spans, mut mine) = (Vec::<(i64, f64)>::new(), (0, 0.0));
    for a in animations_of(lua, group) {
        let order = get_field(lua, a, "order").as_f64() as i64;
        let total = get_field(lua, a, "startDelay").as_f64()
            + get_field(lua, a, "duration").as_f64()
            + get_field(lua, a, "endDelay").as_f64();
        match spans.iter_mut().find(|(o, _)| *o == order) {
            Some(s) => s.1 = s.1.max(total),
            None => spans.push((order, total)),
        }
        if a == anim {
            mine = (order, total);
        }
    }
    spans.sort_by_key(|s| s.0);
    let start: f64 = spans.iter().filter(|s| s.0 < mine.0).map(|s| s.1).sum();
    (start, start + mine.1)
}

/// The length of one pass of a group.
pub fn group_duration(lua: &Lua, group: u32) -> f64 {
    animations_of(lua, group)
        .into_iter()
        .map(|a| window(lua, a, group).1)
        .fold(0.0, f64::max)
}

/// `AnimationGroup:Play([reverse, offset])`.
pub fn play(lua: &Lua, group: u32, reverse: bool) -> mlua::Result<()> {
    let run = run_of(lua, group);
    if run.playing && !run.paused {
        return Ok(());
    }
    let resume = run.paused;
    set_run(lua, group, |r| {
        if !resume {
            r.elapsed = 0.0;
            r.reverse = reverse;
        }
        r.playing = true;
        r.paused = false;
        r.done = false;
    });
    super::animation_effect::refresh(lua)?;
    fire_script(lua, group, "OnPlay", ())?;
    for a in animations_of(lua, group) {
        fire_script(lua, a, "OnPlay", ())?;
    }
    Ok(())
}

/// `AnimationGroup:Stop()`: OnStop on the animations and the group.
pub fn stop(lua: &Lua, group: u32) -> mlua::Result<()> {
    if !run_of(lua, group).playing {
        return Ok(());
    }
    set_run(lua, group, |r| {
        r.playing = false;
        r.paused = false;
    });
    super::animation_effect::refresh(lua)?;
    for a in animations_of(lua, group) {
        fire_script(lua, a, "OnStop", true)?;
    }
    fire_script(lua, group, "OnStop", true)
}

/// Ends a pass: final alpha, OnFinished on the animations then the group.
pub fn complete(lua: &Lua, group: u32, requested: bool) -> mlua::Result<()> {
    let run = run_of(lua, group);
    set_run(lua, group, |r| {
        r.playing = false;
        r.paused = false;
        r.done = true;
        r.elapsed = 0.0;
    });
    super::animation_effect::refresh(lua)?;
    let list = animations_of(lua, group);
    if run.final_alpha {
        for a in &list {
            let is_alpha = {
                let ui = lua.app_data_ref::<UiState>().expect("ui");
                ui.get(*a)
                    .is_some_and(|o| types::is_a(o.type_index, "Alpha"))
            };
            if is_alpha {
                let to = get_field(lua, *a, "toAlpha").as_f64();
                if let Value::Table(t) = super::animation_timing::target(lua, *a)? {
                    if let Ok(f) = t.get::<mlua::Function>("SetAlpha") {
                        f.call::<()>((t, to))?;
                    }
                }
            }
        }
    }
    for a in list {
        fire_script(lua, a, "OnFinished", requested)?;
    }
    fire_script(lua, group, "OnFinished", requested)
}

/// Advances every playing group to the clock (once per frame).
pub fn tick(lua: &Lua) -> mlua::Result<()> {
    let now = lua.app_data_ref::<Clock>().map(|c| c.now()).unwrap_or(0.0);
    let (dt, playing) = {
        let ws = widget_states(lua);
        let mut a = ws.animations.borrow_mut();
        let dt = now - a.last_tick.unwrap_or(now);
        a.last_tick = Some(now);
        (dt, a.playing.clone())
    };
    for g in playing {
        let run = run_of(lua, g);
        if !run.playing || run.paused {
            continue;
        }
        let total = group_duration(lua, g);
        let speed = match get_field(lua, g, "animationSpeedMultiplier") {
            FieldVal::Num(n) if n > 0.0 => n,
            _ => 1.0,
        };
        let elapsed = run.elapsed + dt * speed;
        // OnUpdate(self, elapsed) on the animations running at this point, then the group.
        if dt > 0.0 {
            let t = elapsed.min(total);
            for a in animations_of(lua, g) {
                let (start, end) = window(lua, a, g);
                if t >= start && run.elapsed < end {
                    fire_script(lua, a, "OnUpdate", dt * speed)?;
                }
            }
            fire_script(lua, g, "OnUpdate", dt * speed)?;
        }
        if elapsed < total {
            set_run(lua, g, |r| r.elapsed = elapsed);
            continue;
        }
        let looping = string(&get_field(lua, g, "looping").to_lua(lua)?).unwrap_or_default();
        if total > 0.0 && matches!(looping.as_str(), "REPEAT" | "BOUNCE") {
            let bounce = looping == "BOUNCE";
            set_run(lua, g, |r| {
                r.elapsed = elapsed % total;
                if bounce {
                    r.reverse = !r.reverse;
                }
            });
            let state = if bounce && !run.reverse {
                "REVERSE"
            } else {
                "FORWARD"
            };
            fire_script(lua, g, "OnLoop", state)?;
        } else {
            complete(lua, g, false)?;
        }
    }
    super::animation_effect::refresh(lua)
}

fn create_group(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "CreateAnimationGroup")?;
    let name = string(&arg(&a, 1)).map(|n| super::frame::expand_parent_name(lua, &n, Some(id)));
    let ty = types::find("AnimationGroup").expect("type");
    let (gid, t) = create_object(lua, ty, name, Some(id))?;
    if let Some(template) = string(&arg(&a, 2)) {
        crate::templates::check_single(lua, "CreateAnimationGroup", &template)?;
        crate::templates::apply_runtime_templates(lua, gid, &t, &template, None)?;
    }
    ret(lua, t)
}

fn create_animation(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "CreateAnimation")?;
    let kind = string(&arg(&a, 1)).unwrap_or_else(|| "Animation".into());
    let ty = types::find_ci(&kind)
        .filter(|t| types::is_a(*t, "Animation") && !types::TYPES[*t].is_virtual)
        .ok_or_else(|| {
            lua_error(
                lua,
                format_args!("CreateAnimation: Unknown animation type {kind}"),
            )
        })?;
    let name = string(&arg(&a, 2)).map(|n| super::frame::expand_parent_name(lua, &n, Some(id)));
    let (aid, t) = create_object(lua, ty, name, Some(id))?;
    if let Some(template) = string(&arg(&a, 3)) {
        crate::templates::check_single(lua, "CreateAnimation", &template)?;
        crate::templates::apply_runtime_templates(lua, aid, &t, &template, None)?;
    }
    ret(lua, t)
}

fn groups_of(lua: &Lua, id: u32) -> Vec<u32> {
    super::util::children_of_type(lua, id, "AnimationGroup")
}

/// `Path:CreateControlPoint([name [, template [, order]]])`.
fn tables(lua: &Lua, ids: Vec<u32>) -> mlua::Result<MultiValue> {
    let v: Vec<Value> = ids
        .into_iter()
        .map(|i| object_table(lua, i).map(Value::Table))
        .collect::<mlua::Result<_>>()?;
    Ok(MultiValue::from_vec(v))
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, super::util::Method)] = &[
        ("AnimatableObject", "CreateAnimationGroup", create_group),
        (
            "AnimatableObject",
            "GetAnimationGroups",
            get_animation_groups,
        ),
        ("AnimatableObject", "StopAnimating", stop_animating),
        ("AnimationGroup", "CreateAnimation", create_animation),
        ("AnimationGroup", "GetAnimations", get_animations),
        ("AnimationGroup", "RemoveAnimations", remove_animations),
        ("AnimationGroup", "Play", animation_group_play),
        ("AnimationGroup", "Restart", restart),
        ("AnimationGroup", "SetPlaying", set_playing),
        ("AnimationGroup", "Stop", animation_group_stop),
        ("AnimationGroup", "Pause", pause),
        ("AnimationGroup", "Finish", finish),
        ("AnimationGroup", "IsPlaying", is_playing),
        ("AnimationGroup", "IsPaused", is_paused),
        ("AnimationGroup", "IsDone", is_done),
        ("AnimationGroup", "IsPendingFinish", is_pending_finish),
        ("AnimationGroup", "IsReverse", is_reverse),
        ("AnimationGroup", "GetDuration", get_duration),
        ("AnimationGroup", "GetElapsed", get_elapsed),
        ("AnimationGroup", "GetProgress", get_progress),
        ("AnimationGroup", "GetLoopState", get_loop_state),
        ("AnimationGroup", "SetToFinalAlpha", set_to_final_alpha),
        ("AnimationGroup", "IsSetToFinalAlpha", is_set_to_final_alpha),
    ];
    install_methods(lua, methods)?;
    super::animation_timing::install(lua)?;
    super::animation_effect::install(lua)
}

/// The group an animation belongs to.
pub fn group_of(lua: &Lua, anim: u32) -> Option<u32> {
    lua.app_data_ref::<UiState>()?.get(anim)?.parent
}

/// Stores a number field (for the timing setters).
pub fn set_num(lua: &Lua, id: u32, field: &str, v: f64) {
    set_field(lua, id, field, FieldVal::Num(v));
}

/// The object table of an id, or nil.
pub fn table_or_nil(lua: &Lua, id: Option<u32>) -> mlua::Result<Value> {
    Ok(match id {
        Some(i) => Value::Table(object_table(lua, i)?),
        None => Value::Nil,
    })
}

/// `AnimatableObject:GetAnimationGroups`.
fn get_animation_groups(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetAnimationGroups")?;
    tables(lua, groups_of(lua, id))
}

/// `AnimatableObject:StopAnimating`.
fn stop_animating(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "StopAnimating")?;
    for g in groups_of(lua, id) {
        stop(lua, g)?;
    }
    ret(lua, ())
}

/// `AnimationGroup:GetAnimations`.
fn get_animations(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetAnimations")?;
    tables(lua, animations_of(lua, id))
}

/// `AnimationGroup:RemoveAnimations`.
fn remove_animations(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "RemoveAnimations")?;
    let list = animations_of(lua, id);
    super::util::with_ui_mut(lua, |ui| {
        if let Some(o) = ui.get_mut(id) {
            o.children.retain(|c| !list.contains(c));
        }
    });
    ret(lua, ())
}

/// `AnimationGroup:Play`.
fn animation_group_play(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Play")?;
    play(lua, id, truthy(&arg(&a, 1)))?;
    ret(lua, ())
}

/// `AnimationGroup:Restart`.
fn restart(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Restart")?;
    stop(lua, id)?;
    play(lua, id, truthy(&arg(&a, 1)))?;
    ret(lua, ())
}

/// `AnimationGroup:SetPlaying`.
fn set_playing(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetPlaying")?;
    if truthy(&arg(&a, 1)) {
        play(lua, id, false)?;
    } else {
        stop(lua, id)?;
    }
    ret(lua, ())
}

/// `AnimationGroup:Stop`.
fn animation_group_stop(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Stop")?;
    stop(lua, id)?;
    ret(lua, ())
}

/// `AnimationGroup:Pause`.
fn pause(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Pause")?;
    if run_of(lua, id).playing {
        set_run(lua, id, |r| r.paused = true);
        fire_script(lua, id, "OnPause", ())?;
    }
    ret(lua, ())
}

/// `AnimationGroup:Finish`.
fn finish(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Finish")?;
    if run_of(lua, id).playing {
        complete(lua, id, true)?;
    }
    ret(lua, ())
}

/// `AnimationGroup:IsPlaying`.
fn is_playing(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let r = run_of(lua, self_id(lua, &a, "IsPlaying")?);
    ret(lua, r.playing && !r.paused)
}

/// `AnimationGroup:IsPaused`.
fn is_paused(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, run_of(lua, self_id(lua, &a, "IsPaused")?).paused)
}

/// `AnimationGroup:IsDone`.
fn is_done(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, run_of(lua, self_id(lua, &a, "IsDone")?).done)
}

/// `AnimationGroup:IsPendingFinish`.
fn is_pending_finish(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "IsPendingFinish")?;
    ret(lua, false)
}

/// `AnimationGroup:IsReverse`.
fn is_reverse(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, run_of(lua, self_id(lua, &a, "IsReverse")?).reverse)
}

/// `AnimationGroup:GetDuration`.
fn get_duration(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, group_duration(lua, self_id(lua, &a, "GetDuration")?))
}

/// `AnimationGroup:GetElapsed`.
fn get_elapsed(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, run_of(lua, self_id(lua, &a, "GetElapsed")?).elapsed)
}

/// `AnimationGroup:GetProgress`.
fn get_progress(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetProgress")?;
    let total = group_duration(lua, id);
    let e = run_of(lua, id).elapsed;
    ret(
        lua,
        if total > 0.0 {
            (e / total).min(1.0)
        } else {
            0.0
        },
    )
}

/// `AnimationGroup:GetLoopState`.
fn get_loop_state(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let r = run_of(lua, self_id(lua, &a, "GetLoopState")?);
    let s = match (r.playing, r.reverse) {
        (false, _) => "NONE",
        (true, false) => "FORWARD",
        (true, true) => "REVERSE",
    };
    ret(lua, s)
}

/// `AnimationGroup:SetToFinalAlpha`.
fn set_to_final_alpha(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetToFinalAlpha")?;
    let on = truthy(&arg(&a, 1));
    set_run(lua, id, |r| r.final_alpha = on);
    ret(lua, ())
}

/// `AnimationGroup:IsSetToFinalAlpha`.
fn is_set_to_final_alpha(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(
        lua,
        run_of(lua, self_id(lua, &a, "IsSetToFinalAlpha")?).final_alpha,
    )
}
