//! GameTooltip: an owner, an anchor type and lines of text. Each line is a pair of
//! FontStrings, named `<tooltip>TextLeft<i>` / `<tooltip>TextRight<i>` when the tooltip has a
//! name (addons read lines back through those globals, as in the client).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetOwner(owner [, anchor, x, y])`, `GetOwner` (generic), `IsOwned(frame)`, `SetAnchorType` | [`install`] |
//! | `AddLine(text [, r, g, b, wrap])`, `AddDoubleLine(left, right [, colours...])`, `SetText` | [`add_line`] |
//! | `ClearLines` (OnTooltipCleared), `NumLines` (generic), `GetLeftLine(i)`, `GetRightLine(i)` | [`clear_lines`] |

use super::fields::FieldVal;
use super::types;
use super::util::{
    arg, get_field, install_methods, num, obj_value, ret, self_id, set_field, string, with_ui,
    Method,
};
use super::{create_object, fire_script, frame, obj_id};
use mlua::{Lua, Value};

fn line(lua: &Lua, id: u32, i: usize, side: &str) -> mlua::Result<u32> {
    let field = format!("line{side}{i}");
    if let FieldVal::Obj(fs) = get_field(lua, id, &field) {
        return Ok(fs);
    }
    let name = with_ui(lua, |ui| ui.get(id).and_then(|o| o.name.clone()))
        .map(|n| format!("{n}Text{side}{i}"));
    let ty = types::find("FontString").expect("FontString type");
    let (fs, _) = create_object(lua, ty, name, Some(id))?;
    set_field(lua, id, &field, FieldVal::Obj(fs));
    Ok(fs)
}

fn set_line(lua: &Lua, fs: u32, text: &Value, rgb: [f64; 3]) -> mlua::Result<()> {
    super::font_string::set_text(lua, fs, text)?;
    for (f, v) in ["textR", "textG", "textB"].iter().zip(rgb) {
        set_field(lua, fs, f, FieldVal::Num(v));
    }
    frame::set_shown(lua, fs, !text.is_nil())
}

fn rgb(a: &mlua::MultiValue, from: usize) -> [f64; 3] {
    [0, 1, 2].map(|k| num(&arg(a, from + k)).unwrap_or(1.0))
}

/// Adds a line (left text, optional right text).
pub fn add_line(
    lua: &Lua,
    id: u32,
    left: &Value,
    lc: [f64; 3],
    right: &Value,
    rc: [f64; 3],
) -> mlua::Result<()> {
    let n = get_field(lua, id, "tooltipLines").as_f64() as usize + 1;
    let l = line(lua, id, n, "Left")?;
    let r = line(lua, id, n, "Right")?;
    set_line(lua, l, left, lc)?;
    set_line(lua, r, right, rc)?;
    set_field(lua, id, "tooltipLines", FieldVal::Num(n as f64));
    Ok(())
}

/// Empties the tooltip; fires OnTooltipCleared.
pub fn clear_lines(lua: &Lua, id: u32) -> mlua::Result<()> {
    let n = get_field(lua, id, "tooltipLines").as_f64() as usize;
    for i in 1..=n {
        for side in ["Left", "Right"] {
            let fs = line(lua, id, i, side)?;
            set_line(lua, fs, &Value::Nil, [1.0; 3])?;
        }
    }
    set_field(lua, id, "tooltipLines", FieldVal::Num(0.0));
    fire_script(lua, id, "OnTooltipCleared", ())
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("GameTooltip", "SetOwner", |lua, a| {
            let id = self_id(lua, &a, "SetOwner")?;
            let owner = obj_id(lua, &arg(&a, 1), "SetOwner")?;
            let anchor = string(&arg(&a, 2)).unwrap_or_else(|| "ANCHOR_LEFT".into());
            clear_lines(lua, id)?;
            set_field(lua, id, "tooltipOwner", FieldVal::Obj(owner));
            set_field(
                lua,
                id,
                "tooltipAnchorType",
                FieldVal::Str(anchor.to_uppercase()),
            );
            ret(lua, ())
        }),
        ("GameTooltip", "IsOwned", |lua, a| {
            let id = self_id(lua, &a, "IsOwned")?;
            let f = obj_id(lua, &arg(&a, 1), "IsOwned")?;
            ret(lua, get_field(lua, id, "tooltipOwner") == FieldVal::Obj(f))
        }),
        ("GameTooltip", "SetAnchorType", |lua, a| {
            let id = self_id(lua, &a, "SetAnchorType")?;
            let anchor = string(&arg(&a, 1)).unwrap_or_else(|| "ANCHOR_LEFT".into());
            set_field(
                lua,
                id,
                "tooltipAnchorType",
                FieldVal::Str(anchor.to_uppercase()),
            );
            ret(lua, ())
        }),
        ("GameTooltip", "AddLine", |lua, a| {
            let id = self_id(lua, &a, "AddLine")?;
            add_line(lua, id, &arg(&a, 1), rgb(&a, 2), &Value::Nil, [1.0; 3])?;
            ret(lua, ())
        }),
        ("GameTooltip", "AddDoubleLine", |lua, a| {
            let id = self_id(lua, &a, "AddDoubleLine")?;
            add_line(lua, id, &arg(&a, 1), rgb(&a, 3), &arg(&a, 2), rgb(&a, 6))?;
            ret(lua, ())
        }),
        ("GameTooltip", "SetText", |lua, a| {
            let id = self_id(lua, &a, "SetText")?;
            clear_lines(lua, id)?;
            add_line(lua, id, &arg(&a, 1), rgb(&a, 2), &Value::Nil, [1.0; 3])?;
            ret(lua, ())
        }),
        ("GameTooltip", "ClearLines", |lua, a| {
            clear_lines(lua, self_id(lua, &a, "ClearLines")?)?;
            ret(lua, ())
        }),
        ("GameTooltip", "GetLeftLine", |lua, a| {
            let id = self_id(lua, &a, "GetLeftLine")?;
            let i = num(&arg(&a, 1)).unwrap_or(0.0) as usize;
            let n = get_field(lua, id, "tooltipLines").as_f64() as usize;
            let fs = if (1..=n).contains(&i) {
                Some(line(lua, id, i, "Left")?)
            } else {
                None
            };
            ret(lua, obj_value(lua, fs)?)
        }),
        ("GameTooltip", "GetRightLine", |lua, a| {
            let id = self_id(lua, &a, "GetRightLine")?;
            let i = num(&arg(&a, 1)).unwrap_or(0.0) as usize;
            let n = get_field(lua, id, "tooltipLines").as_f64() as usize;
            let fs = if (1..=n).contains(&i) {
                Some(line(lua, id, i, "Right")?)
            } else {
                None
            };
            ret(lua, obj_value(lua, fs)?)
        }),
    ];
    install_methods(lua, methods)
}
