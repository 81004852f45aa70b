//! EditBox: text entry state (text, limits, numeric mode, focus). Typed input arrives later
//! from the window; here the programmatic side: `SetText` fires OnTextChanged(false).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetText(text)`, `Insert(text)`, `GetText` (generic), `GetNumLetters`, `HasText` | [`set_text`] |
//! | `SetNumber`, `GetNumber`, `SetNumeric`, `IsNumeric`, `SetPassword`, `IsPassword` | [`install`] |
//! | `SetFocus`, `ClearFocus`, `HasFocus`, `GetCurrentKeyBoardFocus()` | [`set_focus`] |
//! | `Enable`, `Disable`, `IsEnabled`, `SetEnabled` | `button::set_enabled` |
//! | `SetMaxLetters`, `SetAutoFocus`, `SetMultiLine`... | generic (`fields`) |

use super::button::{is_enabled, set_enabled};
use super::fields::FieldVal;
use super::fire_script;
use super::util::{
    arg, get_field, install_methods, num, obj_value, ret, self_id, set_field, string, truthy,
    Method,
};
use mlua::{Lua, Value};

/// The fields of `SetTextInsets` / `GetTextInsets` (left, right, top, bottom).
const INSETS: [&str; 4] = [
    "textInsetLeft",
    "textInsetRight",
    "textInsetTop",
    "textInsetBottom",
];

/// The edit box holding keyboard focus (VM app data).
#[derive(Default)]
pub struct EditFocus(pub Option<u32>);

fn text_of(lua: &Lua, id: u32) -> String {
    match get_field(lua, id, "editboxText") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    }
}

/// Sets the text after the box's rules (numeric: digits only; `maxLetters` when > 0) and
/// fires OnTextChanged(userInput = false) when it changed.
pub fn set_text(lua: &Lua, id: u32, text: &str) -> mlua::Result<()> {
    let mut t: String = if get_field(lua, id, "numeric") == FieldVal::Bool(true) {
        text.chars().filter(|c| c.is_ascii_digit()).collect()
    } else {
        text.to_string()
    };
    let max = get_field(lua, id, "maxLetters").as_f64() as usize;
    if max > 0 && t.chars().count() > max {
        t = t.chars().take(max).collect();
    }
    let old = text_of(lua, id);
    let len = t.len();
    set_field(lua, id, "editboxText", FieldVal::Str(t.clone()));
    set_field(lua, id, "cursorPosition", FieldVal::Num(len as f64));
    fire_script(lua, id, "OnTextSet", ())?;
    if old != t {
        fire_script(lua, id, "OnTextChanged", false)?;
    }
    Ok(())
}

/// Gives `id` the keyboard focus (None clears it); fires OnEditFocusLost / OnEditFocusGained.
pub fn set_focus(lua: &Lua, id: Option<u32>) -> mlua::Result<()> {
    let old = {
        let mut f = match lua.app_data_mut::<EditFocus>() {
            Some(f) => f,
            None => {
                lua.set_app_data(EditFocus::default());
                lua.app_data_mut::<EditFocus>().expect("just set")
            }
        };
        if f.0 == id {
            return Ok(());
        }
        std::mem::replace(&mut f.0, id)
    };
    if let Some(o) = old {
        fire_script(lua, o, "OnEditFocusLost", ())?;
    }
    if let Some(n) = id {
        fire_script(lua, n, "OnEditFocusGained", ())?;
    }
    Ok(())
}

fn focused(lua: &Lua) -> Option<u32> {
    lua.app_data_ref::<EditFocus>().and_then(|f| f.0)
}

/// Installs `GetCurrentKeyBoardFocus` and the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    lua.globals().raw_set(
        "GetCurrentKeyBoardFocus",
        lua.create_function(|lua, ()| obj_value(lua, focused(lua)))?,
    )?;
    let methods: &[(&str, &str, Method)] = &[
        ("EditBox", "SetTextInsets", |lua, a| {
            let id = self_id(lua, &a, "SetTextInsets")?;
            for (i, f) in INSETS.iter().enumerate() {
                let v = num(&arg(&a, i + 1)).unwrap_or(0.0);
                set_field(lua, id, f, FieldVal::Num(v));
            }
            ret(lua, ())
        }),
        ("EditBox", "GetTextInsets", |lua, a| {
            let id = self_id(lua, &a, "GetTextInsets")?;
            let v: Vec<f64> = INSETS
                .iter()
                .map(|f| get_field(lua, id, f).as_f64())
                .collect();
            ret(lua, (v[0], v[1], v[2], v[3]))
        }),
        ("EditBox", "SetText", |lua, a| {
            let id = self_id(lua, &a, "SetText")?;
            let Some(t) = string(&arg(&a, 1)) else {
                return Err(crate::lua::lua_error(
                    lua,
                    "Usage: EditBox:SetText(\"text\")",
                ));
            };
            set_text(lua, id, &t)?;
            ret(lua, ())
        }),
        ("EditBox", "Insert", |lua, a| {
            let id = self_id(lua, &a, "Insert")?;
            let t = format!(
                "{}{}",
                text_of(lua, id),
                string(&arg(&a, 1)).unwrap_or_default()
            );
            set_text(lua, id, &t)?;
            ret(lua, ())
        }),
        ("EditBox", "GetNumLetters", |lua, a| {
            let id = self_id(lua, &a, "GetNumLetters")?;
            ret(lua, text_of(lua, id).chars().count() as i64)
        }),
        ("EditBox", "HasText", |lua, a| {
            let id = self_id(lua, &a, "HasText")?;
            ret(lua, !text_of(lua, id).is_empty())
        }),
        ("EditBox", "SetNumber", |lua, a| {
            let id = self_id(lua, &a, "SetNumber")?;
            let n = num(&arg(&a, 1)).unwrap_or(0.0);
            let s = lua
                .coerce_string(Value::Number(n))?
                .map(|s| s.to_string_lossy())
                .unwrap_or_default();
            set_text(lua, id, &s)?;
            ret(lua, ())
        }),
        ("EditBox", "GetNumber", |lua, a| {
            let id = self_id(lua, &a, "GetNumber")?;
            ret(lua, text_of(lua, id).trim().parse::<f64>().unwrap_or(0.0))
        }),
        ("EditBox", "SetNumeric", |lua, a| {
            let id = self_id(lua, &a, "SetNumeric")?;
            set_field(lua, id, "numeric", FieldVal::Bool(truthy(&arg(&a, 1))));
            ret(lua, ())
        }),
        ("EditBox", "IsNumeric", |lua, a| {
            let id = self_id(lua, &a, "IsNumeric")?;
            ret(lua, get_field(lua, id, "numeric") == FieldVal::Bool(true))
        }),
        ("EditBox", "SetPassword", |lua, a| {
            let id = self_id(lua, &a, "SetPassword")?;
            set_field(lua, id, "password", FieldVal::Bool(truthy(&arg(&a, 1))));
            ret(lua, ())
        }),
        ("EditBox", "IsPassword", |lua, a| {
            let id = self_id(lua, &a, "IsPassword")?;
            ret(lua, get_field(lua, id, "password") == FieldVal::Bool(true))
        }),
        ("EditBox", "SetFocus", |lua, a| {
            let id = self_id(lua, &a, "SetFocus")?;
            set_focus(lua, Some(id))?;
            ret(lua, ())
        }),
        ("EditBox", "ClearFocus", |lua, a| {
            let id = self_id(lua, &a, "ClearFocus")?;
            if focused(lua) == Some(id) {
                set_focus(lua, None)?;
            }
            ret(lua, ())
        }),
        ("EditBox", "HasFocus", |lua, a| {
            let id = self_id(lua, &a, "HasFocus")?;
            ret(lua, focused(lua) == Some(id))
        }),
        ("EditBox", "Enable", |lua, a| {
            set_enabled(lua, self_id(lua, &a, "Enable")?, true)?;
            ret(lua, ())
        }),
        ("EditBox", "Disable", |lua, a| {
            set_enabled(lua, self_id(lua, &a, "Disable")?, false)?;
            ret(lua, ())
        }),
        ("EditBox", "SetEnabled", |lua, a| {
            set_enabled(lua, self_id(lua, &a, "SetEnabled")?, truthy(&arg(&a, 1)))?;
            ret(lua, ())
        }),
        ("EditBox", "IsEnabled", |lua, a| {
            ret(lua, is_enabled(lua, self_id(lua, &a, "IsEnabled")?))
        }),
    ];
    install_methods(lua, methods)
}
