//! Font objects (`CreateFont`) and the FontInstance methods shared by Font, FontString,
//! EditBox and the message frames. An object follows its font object (`SetFontObject`) for
//! every font property it has not set itself, so changing a Font changes its users.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `CreateFont(name)` | [`install`] |
//! | `SetFont(file, height [, flags])`, `GetFont` | [`resolve`] |
//! | `SetFontObject(font or name)`, `GetFontObject` | [`set_font_object`] |
//! | `SetTextColor`, `GetTextColor`, `SetShadowColor`, `GetShadowColor`, `SetShadowOffset`, `GetShadowOffset` | [`install`] |
//! | `SetFontHeight`, `GetFontHeight`, `Font:CopyFontObject(font or name)` | [`install`] |
use crate::arena::UiState;
use crate::fields::FieldVal;

/// Font properties an object may set itself or take from its font object.
pub const PROPS: [&str; 11] = [
    "fontFile",
    "fontHeight",
    "fontFlags",
    "textR",
    "textG",
    "textB",
    "textA",
    "shadowR",
    "shadowG",
    "shadowB",
    "shadowA",
];
pub const SHADOW_OFFSET: [&str; 2] = ["shadowX", "shadowY"];

pub fn own(ui: &UiState, id: u32, name: &str) -> Option<FieldVal> {
    let fid = *ui.fields.ids.get(name)?;
    ui.get(id)?
        .fields
        .iter()
        .find(|(k, _)| *k == fid)
        .map(|(_, v)| v.clone())
}

/// A font property: the object's own value, else its font object's (transitively).
pub fn resolve(ui: &UiState, id: u32, name: &str) -> Option<FieldVal> {
    let mut cur = Some(id);
    for _ in 0..32 {
        let c = cur?;
        if let Some(v) = own(ui, c, name) {
            return Some(v);
        }
        cur = match own(ui, c, "fontObject") {
            Some(FieldVal::Obj(f)) => Some(f),
            _ => button_font(ui, c),
        };
    }
    None
}

/// A Button's text without a font object of its own draws with the button's font for its
/// state: `SetDisabledFontObject`'s while disabled, else `SetNormalFontObject`'s.
pub(crate) fn button_font(ui: &UiState, id: u32) -> Option<u32> {
    let parent = ui.get(id)?.parent?;
    if own(ui, parent, "fontstring") != Some(FieldVal::Obj(id)) {
        return None;
    }
    let disabled = own(ui, parent, "buttonState") == Some(FieldVal::Str("DISABLED".into()));
    let pick = |name: &str| match own(ui, parent, name) {
        Some(FieldVal::Obj(f)) => Some(f),
        _ => None,
    };
    disabled
        .then(|| pick("disabledFontObject"))
        .flatten()
        .or_else(|| pick("normalFontObject"))
}

pub fn resolve_num(ui: &UiState, id: u32, name: &str, default: f64) -> f64 {
    match resolve(ui, id, name) {
        Some(FieldVal::Num(n)) => n,
        _ => default,
    }
}

/// The font height an object draws with (0 when no font is set).
pub fn font_height(ui: &UiState, id: u32) -> f64 {
    resolve_num(ui, id, "fontHeight", 0.0)
}
