//! Hyperlinks under the mouse: a frame with `SetHyperlinksEnabled(true)` (XML
//! `hyperlinksEnabled`) that has the mouse gets OnHyperlinkEnter / OnHyperlinkLeave as the cursor
//! moves onto and off the shown text of a `|Hlink|htext|h` in one of its shown FontStrings, and
//! OnHyperlinkClick when a button is released over one. Link boxes come from the same text
//! layout that draws and measures the text (`draw::text::link_boxes`).
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | OnHyperlinkEnter(self, link, text, region, left, bottom, width, height) | [`update`] |
//! | OnHyperlinkLeave(self) | [`update`] |
//! | OnHyperlinkClick(self, link, text, button, region, left, bottom, width, height) | [`click`] |
//!
//! `text` is the link's whole markup (`|Hitem:1|h[Sword]|h`); `region` is the FontString;
//! left, bottom, width and height are the link's box relative to the FontString's bottom-left
//! corner, in its units (Blizzard anchors tooltips with them to the region's BOTTOMLEFT).
//! ScrollingMessageFrame / MessageFrame messages are not hit-tested: they are laid out only
//! when drawn (`draw::messages`), so their links have no boxes yet.
pub use wowsim_ui::hyperlink::*;

use super::with_input;
use crate::widgets::fields::FieldVal;
use crate::widgets::types::is_a;
use crate::widgets::util::{get_field, with_ui, with_ui_mut};
use crate::widgets::{fire_script, object_table};
use mlua::Lua;
use wowsim_ui::draw::text::{link_boxes, LinkBox};

/// The link of `frame` under the cursor, when the frame has hyperlinks enabled.
fn link_at(lua: &Lua, frame: u32, cursor: (f32, f32)) -> Option<HoveredLink> {
    if get_field(lua, frame, "hyperlinksEnabled") != FieldVal::Bool(true) {
        return None;
    }
    with_ui_mut(lua, |ui| {
        crate::widgets::font_string::flush_text(ui);
        let regions: Vec<u32> = ui.get(frame)?.children.to_vec();
        for fs in regions {
            let is_text = ui.get(fs).is_some_and(|o| is_a(o.type_index, "FontString"));
            if !is_text || !ui.is_visible(fs) {
                continue;
            }
            let Some(n) = ui.get(fs).and_then(|o| o.node) else {
                continue;
            };
            let Some(r) = ui.layout.compute_frame_rect(n) else {
                continue;
            };
            let s = ui.layout.effective_scale(n);
            let (x, y) = (cursor.0 / s, cursor.1 / s);
            for b in link_boxes(ui, fs, r) {
                if x >= b.left && x < b.left + b.width && y >= b.bottom && y < b.bottom + b.height {
                    let rel = LinkBox {
                        left: b.left - r.left,
                        bottom: b.bottom - r.bottom,
                        ..b
                    };
                    return Some(HoveredLink {
                        frame,
                        region: fs,
                        rel,
                    });
                }
            }
        }
        None
    })
}

fn exists(lua: &Lua, id: u32) -> bool {
    with_ui(lua, |ui| ui.get(id).is_some())
}

/// After the cursor moved, and after each tick (text changed or moved under a still cursor):
/// OnHyperlinkLeave on the frame whose link the
/// cursor left, OnHyperlinkEnter on the frame whose link it is now over.
pub fn update(lua: &Lua) -> mlua::Result<()> {
    let (cursor, focus) = with_input(lua, |s| (s.cursor, s.motion_focus));
    let now = match (cursor, focus) {
        (Some(c), Some(f)) => link_at(lua, f, c),
        _ => None,
    };
    let old = with_input(lua, |s| s.hovered_link.clone());
    if old == now {
        return Ok(());
    }
    with_input(lua, |s| s.hovered_link = now.clone());
    if let Some(o) = old.filter(|o| exists(lua, o.frame)) {
        fire_script(lua, o.frame, "OnHyperlinkLeave", ())?;
    }
    if let Some(h) = now {
        let b = &h.rel;
        let region = object_table(lua, h.region)?;
        fire_script(
            lua,
            h.frame,
            "OnHyperlinkEnter",
            (
                b.link.as_str(),
                b.text.as_str(),
                region,
                b.left,
                b.bottom,
                b.width,
                b.height,
            ),
        )?;
    }
    Ok(())
}

/// A mouse button released over a link of the frame that has the mouse: OnHyperlinkClick.
pub fn click(lua: &Lua, button: &str) -> mlua::Result<()> {
    let (cursor, focus) = with_input(lua, |s| (s.cursor, s.motion_focus));
    let (Some(c), Some(f)) = (cursor, focus) else {
        return Ok(());
    };
    let Some(h) = link_at(lua, f, c) else {
        return Ok(());
    };
    let b = &h.rel;
    let region = object_table(lua, h.region)?;
    fire_script(
        lua,
        h.frame,
        "OnHyperlinkClick",
        (
            b.link.as_str(),
            b.text.as_str(),
            button,
            region,
            b.left,
            b.bottom,
            b.width,
            b.height,
        ),
    )
}
