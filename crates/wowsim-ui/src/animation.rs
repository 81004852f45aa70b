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
use rustc_hash::FxHashMap;

/// The run state of one animation group.
#[derive(Clone, Copy, Debug, Default)]
pub struct GroupRun {
    pub elapsed: f64,
    pub playing: bool,
    pub paused: bool,
    pub done: bool,
    pub reverse: bool,
    pub final_alpha: bool,
}

/// Animation groups by id, and the clock reading of the last tick (VM app data).
#[derive(Default)]
pub struct Animations {
    pub groups: FxHashMap<u32, GroupRun>,
    pub playing: Vec<u32>,
    pub last_tick: Option<f64>,
}
