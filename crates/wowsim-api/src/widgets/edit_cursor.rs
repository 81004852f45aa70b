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

use super::fields::FieldVal;
use super::fire_script;
use super::util::{get_field, with_ui_mut};
use mlua::Lua;

/// Notes that the cursor of edit box `id` may have moved.
pub fn moved(lua: &Lua, id: u32) {
    let ws = super::widget_states(lua);
    let mut r = ws.cursor_reports.borrow_mut();
    if !r.dirty.contains(&id) {
        r.dirty.push(id);
    }
}

/// (x, y, width, height) of the cursor of edit box `id`.
fn place(lua: &Lua, id: u32) -> [f64; 4] {
    let text = match get_field(lua, id, "editboxText") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    };
    let mut cur = (get_field(lua, id, "cursorPosition").as_f64().max(0.0) as usize).min(text.len());
    while !text.is_char_boundary(cur) {
        cur -= 1;
    }
    let before = &text[..cur];
    let multi = get_field(lua, id, "isMultiLine") == FieldVal::Bool(true);
    with_ui_mut(lua, |ui| {
        let width = if multi {
            super::region::rect_of(ui, id).map(|r| r.width)
        } else {
            None
        };
        let opts = wowsim_ui::draw::text::layout_opts(ui, id, width);
        let line_h = (opts.size + opts.spacing) as f64;
        let line = before.rsplit('\n').next().unwrap_or("");
        let x = wowsim_render::text::string_width_in(line, &opts.face, opts.size) as f64;
        let above = if multi && !before.is_empty() {
            let lines = wowsim_render::text::layout(before, &opts)
                .lines
                .len()
                .max(1);
            // A cursor right after a line break starts a line the layout does not count.
            lines - 1 + usize::from(before.ends_with('\n'))
        } else {
            0
        };
        // 0, not -0, on the first line.
        let y = if above == 0 {
            0.0
        } else {
            -(above as f64) * line_h
        };
        [x, y, 1.0, opts.size as f64]
    })
}

/// Fires OnCursorChanged on the edit boxes whose cursor moved to a new place this frame.
pub fn flush(lua: &Lua) -> mlua::Result<()> {
    let dirty = std::mem::take(&mut super::widget_states(lua).cursor_reports.borrow_mut().dirty);
    for id in dirty {
        if !with_ui_mut(lua, |ui| ui.get(id).is_some()) {
            continue;
        }
        let now = place(lua, id);
        let changed = {
            let ws = super::widget_states(lua);
            let mut r = ws.cursor_reports.borrow_mut();
            r.last.insert(id, now) != Some(now)
        };
        if changed {
            fire_script(lua, id, "OnCursorChanged", (now[0], now[1], now[2], now[3]))?;
        }
    }
    Ok(())
}
