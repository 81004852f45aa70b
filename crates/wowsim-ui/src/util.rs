//! Small helpers shared by the widget method files: reading `self` and arguments, short
//! borrows of the UI state, registering method tables. No WoW names live here.
//!
//! | helper | use |
//! | --- | --- |
//! | [`self_id`], [`arg`], [`num`], [`truthy`] | reading method arguments |
//! | [`with_ui`], [`with_ui_mut`] | a borrow of `UiState` that ends before Lua runs |
//! | [`install_methods`] | a `(owner, name, fn)` table → method tables |
use crate::arena::UiState;
use crate::types::TYPES;

/// How the client names an object in messages: its name, else its type.
pub fn display_name(ui: &UiState, id: u32) -> String {
    match ui.get(id) {
        Some(o) => o
            .name
            .clone()
            .unwrap_or_else(|| TYPES[o.type_index].object_type.to_string()),
        None => "?".into(),
    }
}
