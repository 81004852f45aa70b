//! wowsim-ui: the UI model without Lua — the object arena (ids, not references), every object's
//! host-side state, layout through `wowsim-layout`, strata and levels, fonts and atlases, hit-testing
//! and the draw-list walk. Plain Rust functions over [`UiState`]; the Lua bindings live in `wowsim-core`.

pub mod animation;
pub mod animation_effect;
pub mod arena;
pub mod atlas;
pub mod color_select;
pub mod cooldown;
pub mod draw;
pub mod dump;
pub mod edit_box;
pub mod edit_cursor;
pub mod fields;
pub mod font;
pub mod font_string;
pub mod frame;
pub mod frame_state;
pub mod frame_strata;
pub mod hit;
pub mod hyperlink;
pub mod inspect;
pub mod line;
pub mod message_frame;
pub mod model_scene;
pub mod object_state;
pub mod region;
pub mod scene_state;
pub mod screen;
pub mod script_types;
pub mod scroll_frame;
pub mod text_state;
pub mod texture;
pub mod texture_state;
pub mod types;
pub mod util;
pub mod widget_states;

pub use arena::*;
