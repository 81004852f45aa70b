//! iced re-exported from a dylib, so changes to the window crate relink against one shared
//! library instead of every iced rlib.
pub use iced::*;
