//! The per-widget states kept beside the arena: one owner, [`WidgetStates`], a sibling of
//! [`UiState`](crate::UiState) with a cell per part, so a borrow of one part (an edit box's
//! history while a cooldown finishes, say) never blocks another, as when each part was its own
//! VM app data.
//!
//! The Lua bindings install it with the UI state and reach a part only through it.

use std::cell::RefCell;

use crate::animation::Animations;
use crate::cooldown::RunningCooldowns;
use crate::edit_box::{EditFocus, History, PendingTextChanges};
use crate::edit_cursor::CursorReports;
use crate::fields::MethodStubStats;
use crate::message_frame::Messages;
use crate::object_state::SourceFiles;
use crate::scroll_frame::ReportedRanges;

/// Every per-widget state beside the arena, a cell per part.
#[derive(Default)]
pub struct WidgetStates {
    /// Animation groups' run state and the playing list.
    pub animations: RefCell<Animations>,
    /// Cooldowns whose swipe is running (their `OnCooldownDone` is due).
    pub cooldowns: RefCell<RunningCooldowns>,
    /// The edit box with the keyboard focus.
    pub edit_focus: RefCell<EditFocus>,
    /// Edit boxes' history lines.
    pub history: RefCell<History>,
    /// Edit boxes whose `OnTextChanged` is due next frame.
    pub pending_text: RefCell<PendingTextChanges>,
    /// Edit boxes' cursor positions last reported to `OnCursorChanged`.
    pub cursor_reports: RefCell<CursorReports>,
    /// Message frames' messages.
    pub messages: RefCell<Messages>,
    /// Scroll frames' ranges last reported to `OnScrollRangeChanged`.
    pub scroll_ranges: RefCell<ReportedRanges>,
    /// Where each object was created (file and line).
    pub source_files: RefCell<SourceFiles>,
    /// Calls of widget methods that only have a stub.
    pub method_stubs: RefCell<MethodStubStats>,
}
