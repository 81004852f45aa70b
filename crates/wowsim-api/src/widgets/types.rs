//! The UI object types, derived from the API reference (the union of every product's
//! `uiobjects`, so type indices are the same whatever the flavour) plus the few intrinsic
//! types the built-in base provides. What a product really has is `available_in`.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | type names, `objectType` (`GetObjectType`) | [`TypeDef`], [`TYPES`] |
//! | `CreateFrame` accepted types (Frame subtypes, not virtual) | [`TypeDef::frame`] |
//! | `IsObjectType` | [`is_a`] |
pub use wowsim_ui::types::*;
