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

/// Cooldowns running, by object id (VM app data).
#[derive(Default)]
pub struct RunningCooldowns(pub Vec<u32>);
