//! EditBox: text entry state (text, limits, numeric mode, focus). Typed input arrives later
//! from the window; here the programmatic side: `SetText` changes the text at once and
//! OnTextChanged(self, false) follows at the end of the frame ([`flush_text_changes`]), as the
//! client does (see the fixture `widgets/editbox_text_changed_timing` for the evidence).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetText(text)`, `Insert(text)`, `GetText` (generic), `GetNumLetters`, `HasText` | [`set_text`] |
//! | `SetNumber`, `GetNumber`, `SetNumeric`, `IsNumeric`, `SetPassword`, `IsPassword` | [`install`] |
//! | `SetFocus`, `ClearFocus`, `HasFocus`, `GetCurrentKeyBoardFocus()` | [`set_focus`] |
//! | `Enable`, `Disable`, `IsEnabled`, `SetEnabled` | `button::set_enabled` |
//! | OnCursorChanged(self, x, y, w, h) when the cursor moved | `edit_cursor` |
//! | `SetCursorPosition` (clamped to the text), `GetUTF8CursorPosition`, `HighlightText(start, stop)`, `ClearHighlightText` | [`install`], [`highlight`] |
//! | `AddHistoryLine`, `ClearHistory` (Up/Down walk the history: `input::keyboard`) | [`History`] |
//! | `GetDisplayText`, `GetNumLines`, `GetInputLanguage`, `IsInIMECompositionMode`, input-mode no-ops | [`install`] |
//! | `SetMaxLetters`, `SetAutoFocus`, `SetMultiLine`... | generic (`fields`) |

/// Each edit box's history lines (oldest first) and where Up/Down stand in them (VM app data).
#[derive(Default)]
pub struct History {
    pub lines: rustc_hash::FxHashMap<u32, Vec<String>>,
    /// Index into `lines` after Up/Down; `None` = past the newest (the text being typed).
    pub pos: rustc_hash::FxHashMap<u32, usize>,
}

/// The edit box holding keyboard focus (VM app data).
#[derive(Default)]
pub struct EditFocus(pub Option<u32>);

/// Edit boxes whose text code changed this frame, in the order of their first change; each
/// gets one OnTextChanged(self, false) at the end of the frame (VM app data).
#[derive(Default)]
pub struct PendingTextChanges(pub Vec<u32>);
