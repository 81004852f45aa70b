//! The frame inspector's facts about one frame (the window shows them for the frame under the
//! mouse): name, type, rect, anchors, strata and level, shown/visible, mouse flags, scripts.
//! Reads the arena with short borrows; asks the Lua side which scripts are set.
//!
//! | wow-sim concept | Rust |
//! | --- | --- |
//! | the inspector's lines for a frame | [`describe`] |
//! | a frame's name, else its parent's name and its type | [`label`] |
use crate::arena::UiState;
use crate::fields::FieldVal;
use crate::types::TYPES;

/// Scripts the inspector looks for.
pub const SCRIPTS: &[&str] = &[
    "OnLoad",
    "OnShow",
    "OnHide",
    "OnEvent",
    "OnUpdate",
    "OnEnter",
    "OnLeave",
    "OnMouseDown",
    "OnMouseUp",
    "OnMouseWheel",
    "OnClick",
    "PreClick",
    "PostClick",
    "OnDragStart",
    "OnDragStop",
    "OnReceiveDrag",
    "OnKeyDown",
    "OnKeyUp",
    "OnChar",
    "OnSizeChanged",
    "OnTextChanged",
    "OnEnterPressed",
    "OnEscapePressed",
    "OnEditFocusGained",
    "OnEditFocusLost",
    "OnValueChanged",
];

/// A frame's global name, else `<Type in Parent>`.
pub fn label(ui: &UiState, id: u32) -> String {
    let Some(o) = ui.get(id) else {
        return "?".into();
    };
    if let Some(n) = &o.name {
        return n.clone();
    }
    let ty = TYPES[o.type_index].object_type;
    match o.parent.map(|p| label(ui, p)) {
        Some(p) => format!("<{ty} #{id} in {p}>"),
        None => format!("<{ty} #{id}>"),
    }
}

pub fn flag(ui: &mut UiState, id: u32, f: &str) -> &'static str {
    if ui.field_by_name(id, f) == FieldVal::Bool(true) {
        "yes"
    } else {
        "no"
    }
}
