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
use crate::draw::text::LinkBox;

/// A link under the cursor: the frame, its FontString and the link's box there.
#[derive(Clone, Debug, PartialEq)]
pub struct HoveredLink {
    pub frame: u32,
    pub region: u32,
    pub rel: LinkBox,
}
