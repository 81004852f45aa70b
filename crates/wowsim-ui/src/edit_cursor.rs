//! EditBox's OnCursorChanged(self, x, y, width, height): where the edit cursor is, in the box's
//! own units from its top-left (y is 0 or negative, lines going down), fired at the end of a
//! frame in which the cursor moved (typing, arrow keys, `SetText`, `Insert`,
//! `SetCursorPosition`) when the reported place differs from the last one. Blizzard's scrolling
//! edit boxes read `y` and `height` to keep the cursor in view (`ScrollingEdit_OnCursorChanged`
//! in SecureUIPanelTemplates.lua).
//!
//! Our choices, not checked in game: `x` is the width of the cursor's line up to the cursor in
//! the box's font (no text insets), `y` is minus the lines above it times the line height
//! (wrapped to the box's width when multi-line), `height` the font height, `width` 1.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | the cursor moved (called by the edit paths) | [`moved`] |
//! | OnCursorChanged at the end of the frame | [`flush`] |

/// Edit boxes whose cursor moved this frame, and what OnCursorChanged last reported (VM app
/// data).
#[derive(Default)]
pub struct CursorReports {
    pub dirty: Vec<u32>,
    pub last: rustc_hash::FxHashMap<u32, [f64; 4]>,
}
