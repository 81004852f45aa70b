//! MessageFrame and ScrollingMessageFrame: lists of coloured messages. The scrolling frame
//! is an intrinsic of the built-in base (not in the reference), so all its methods are here.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `AddMessage(text [, r, g, b, a, id])` | [`add_message`] |
//! | `Clear`, `GetNumMessages`, `GetMessageInfo(i)`, `HasMessageByID`, `ResetMessageFadeByID` (restarts the fade: `draw::messages` fades a message after the frame's `timeVisible` over its `fadeDuration`) | [`install`] |
//! | `SetMaxLines`, `GetMaxLines`, `ScrollUp`, `ScrollDown`, `ScrollToTop`, `ScrollToBottom`, `AtTop`, `AtBottom`, `GetScrollOffset`, `SetScrollOffset` | [`install`] |
//! | `SetFading`, `GetFading`, `SetTimeVisible`, `GetTimeVisible` (scrolling frame; MessageFrame's are generic) | [`install`] |
use rustc_hash::FxHashMap;

/// One message.
#[derive(Clone, Debug)]
pub struct Message {
    pub text: String,
    pub color: [f64; 4],
    pub id: Option<f64>,
    /// When it was added (virtual seconds, `GetTime`): where its fade is.
    pub added: f64,
}

/// Messages by frame id (VM app data).
#[derive(Default)]
pub struct Messages(pub FxHashMap<u32, Vec<Message>>);

pub const DEFAULT_MAX_LINES: usize = 120;
