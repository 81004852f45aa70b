//! GameTooltip: an owner, an anchor type and lines of text. Each line is a pair of
//! FontStrings, named `<tooltip>TextLeft<i>` / `<tooltip>TextRight<i>` when the tooltip has a
//! name (addons read lines back through those globals, as in the client).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetOwner(owner [, anchor, x, y])`, `GetOwner` (generic), `IsOwned(frame)`, `SetAnchorType` | [`install`] |
//! | `AddLine(text [, r, g, b, wrap])`, `AddDoubleLine(left, right [, colours...])`, `SetText` | [`add_line`] |
//! | `ClearLines` (OnTooltipCleared), `NumLines` (generic), `GetLeftLine(i)`, `GetRightLine(i)` | [`clear_lines`] |
//! | `AppendText(text)`, `AddFontStrings(left, right)`, `AddTexture`/`AddAtlas` (counted per line) | [`install`] |
//! | `SetCustomLineSpacing`/`GetCustomLineSpacing`, `SetAllowShowWithNoLines`, `SetCustomWordWrapMinWidth`, `SetShrinkToFitWrapped`, `ClearPadding`, `FadeOut` (hides at once) | [`install`] |
//! | `SetUnit`, `SetSpellByID`, `SetItemByID`, `SetHyperlink` and their getters on retail | `base/base.lua` (`GameTooltipTemplate`, as the client's Lua mixin) |

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
        ("GameTooltip", "SetOwner", set_owner),
        ("GameTooltip", "IsOwned", is_owned),
        ("GameTooltip", "SetAnchorType", set_anchor_type),
        ("GameTooltip", "AddLine", game_tooltip_add_line),
        ("GameTooltip", "AddDoubleLine", add_double_line),
        ("GameTooltip", "SetText", game_tooltip_set_text),
        ("GameTooltip", "ClearLines", game_tooltip_clear_lines),
        ("GameTooltip", "GetLeftLine", get_left_line),
        ("GameTooltip", "GetRightLine", get_right_line),
        ("GameTooltip", "AppendText", append_text),
        // Gives the tooltip a further pair of line FontStrings (no line is added).
        ("GameTooltip", "AddFontStrings", add_font_strings),
        ("GameTooltip", "AddTexture", add_texture),
        ("GameTooltip", "AddAtlas", add_atlas),
        (
            "GameTooltip",
            "SetCustomLineSpacing",
            set_custom_line_spacing,
        ),
        (
            "GameTooltip",
            "GetCustomLineSpacing",
            get_custom_line_spacing,
        ),
        (
            "GameTooltip",
            "SetAllowShowWithNoLines",
            set_allow_show_with_no_lines,
        ),
        (
            "GameTooltip",
            "SetCustomWordWrapMinWidth",
            set_custom_word_wrap_min_width,
        ),
        (
            "GameTooltip",
            "SetShrinkToFitWrapped",
            set_shrink_to_fit_wrapped,
        ),
        ("GameTooltip", "ClearPadding", clear_padding),
        // The client fades the tooltip out before hiding it; here it hides at once.
        ("GameTooltip", "FadeOut", fade_out),
    ];
    install_methods(lua, methods)
}

/// `GameTooltip:SetOwner`.
fn set_owner(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetOwner")?;
    let owner = obj_id(lua, &arg(&a, 1), "SetOwner")?;
    let anchor = string(&arg(&a, 2)).map_or("ANCHOR_LEFT".into(), |s| s.to_uppercase());
    // An anchor type the client does not know is `ANCHOR_LEFT` (wowless's in-client suite).
    let anchor = match ANCHOR_TYPES.contains(&anchor.as_str()) {
        true => anchor,
        false => "ANCHOR_LEFT".into(),
    };
    clear_lines(lua, id)?;
    set_field(lua, id, "tooltipOwner", FieldVal::Obj(owner));
    set_field(lua, id, "tooltipAnchorType", FieldVal::Str(anchor));
    ret(lua, ())
}

/// The anchor types `SetOwner` takes (the suite's list, and `ANCHOR_CURSOR_RIGHT`, which the
/// Blizzard UI passes).
const ANCHOR_TYPES: [&str; 12] = [
    "ANCHOR_BOTTOM",
    "ANCHOR_BOTTOMLEFT",
    "ANCHOR_BOTTOMRIGHT",
    "ANCHOR_CURSOR",
    "ANCHOR_CURSOR_RIGHT",
    "ANCHOR_LEFT",
    "ANCHOR_NONE",
    "ANCHOR_PRESERVE",
    "ANCHOR_RIGHT",
    "ANCHOR_TOP",
    "ANCHOR_TOPLEFT",
    "ANCHOR_TOPRIGHT",
];

/// `GameTooltip:IsOwned`.
fn is_owned(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsOwned")?;
    let f = obj_id(lua, &arg(&a, 1), "IsOwned")?;
    ret(lua, get_field(lua, id, "tooltipOwner") == FieldVal::Obj(f))
}

/// `GameTooltip:SetAnchorType`.
fn set_anchor_type(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetAnchorType")?;
    let anchor = string(&arg(&a, 1)).unwrap_or_else(|| "ANCHOR_LEFT".into());
    set_field(
        lua,
        id,
        "tooltipAnchorType",
        FieldVal::Str(anchor.to_uppercase()),
    );
    ret(lua, ())
}

/// `GameTooltip:AddLine`.
fn game_tooltip_add_line(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddLine")?;
    add_line(lua, id, &arg(&a, 1), rgb(&a, 2), &Value::Nil, [1.0; 3])?;
    ret(lua, ())
}

/// `GameTooltip:AddDoubleLine`.
fn add_double_line(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddDoubleLine")?;
    add_line(lua, id, &arg(&a, 1), rgb(&a, 3), &arg(&a, 2), rgb(&a, 6))?;
    ret(lua, ())
}

/// `GameTooltip:SetText`.
fn game_tooltip_set_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetText")?;
    clear_lines(lua, id)?;
    add_line(lua, id, &arg(&a, 1), rgb(&a, 2), &Value::Nil, [1.0; 3])?;
    ret(lua, ())
}

/// `GameTooltip:ClearLines`.
fn game_tooltip_clear_lines(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    clear_lines(lua, self_id(lua, &a, "ClearLines")?)?;
    ret(lua, ())
}

/// `GetLeftLine(i)` / `GetRightLine(i)`: line `i`'s font string on `side`, nil past the lines.
fn side_line(
    lua: &mlua::Lua,
    a: &mlua::MultiValue,
    method: &str,
    side: &str,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, a, method)?;
    let i = num(&arg(a, 1)).unwrap_or(0.0) as usize;
    let n = get_field(lua, id, "tooltipLines").as_f64() as usize;
    let fs = if (1..=n).contains(&i) {
        Some(line(lua, id, i, side)?)
    } else {
        None
    };
    ret(lua, obj_value(lua, fs)?)
}

/// `GameTooltip:GetLeftLine`.
fn get_left_line(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    side_line(lua, &a, "GetLeftLine", "Left")
}

/// `GameTooltip:GetRightLine`.
fn get_right_line(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    side_line(lua, &a, "GetRightLine", "Right")
}

/// `GameTooltip:AppendText`.
fn append_text(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AppendText")?;
    let add = string(&arg(&a, 1)).unwrap_or_default();
    if get_field(lua, id, "tooltipLines").as_f64() < 1.0 {
        add_line(lua, id, &arg(&a, 1), [1.0; 3], &Value::Nil, [1.0; 3])?;
        return ret(lua, ());
    }
    let fs = line(lua, id, 1, "Left")?;
    let old = match get_field(lua, fs, "text") {
        FieldVal::Str(s) => s,
        _ => String::new(),
    };
    let v = Value::String(lua.create_string(format!("{old}{add}"))?);
    super::font_string::set_text(lua, fs, &v)?;
    ret(lua, ())
}

/// `GameTooltip:AddFontStrings`.
fn add_font_strings(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddFontStrings")?;
    let l = obj_id(lua, &arg(&a, 1), "AddFontStrings")?;
    let r = obj_id(lua, &arg(&a, 2), "AddFontStrings")?;
    let mut i = 1;
    while matches!(
        get_field(lua, id, &format!("lineLeft{i}")),
        FieldVal::Obj(_)
    ) {
        i += 1;
    }
    set_field(lua, id, &format!("lineLeft{i}"), FieldVal::Obj(l));
    set_field(lua, id, &format!("lineRight{i}"), FieldVal::Obj(r));
    ret(lua, ())
}

/// `GameTooltip:AddTexture`.
fn add_texture(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddTexture")?;
    let n = get_field(lua, id, "tooltipTextures").as_f64();
    set_field(lua, id, "tooltipTextures", FieldVal::Num(n + 1.0));
    ret(lua, ())
}

/// `GameTooltip:AddAtlas`.
fn add_atlas(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddAtlas")?;
    let n = get_field(lua, id, "tooltipTextures").as_f64();
    set_field(lua, id, "tooltipTextures", FieldVal::Num(n + 1.0));
    ret(lua, ())
}

/// `GameTooltip:SetCustomLineSpacing`.
fn set_custom_line_spacing(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCustomLineSpacing")?;
    let v = num(&arg(&a, 1)).unwrap_or(0.0);
    set_field(lua, id, "customLineSpacing", FieldVal::Num(v));
    ret(lua, ())
}

/// `GameTooltip:GetCustomLineSpacing`.
fn get_custom_line_spacing(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetCustomLineSpacing")?;
    ret(lua, get_field(lua, id, "customLineSpacing").as_f64())
}

/// `GameTooltip:SetAllowShowWithNoLines`.
fn set_allow_show_with_no_lines(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetAllowShowWithNoLines")?;
    let on = FieldVal::Bool(super::util::truthy(&arg(&a, 1)));
    set_field(lua, id, "allowShowWithNoLines", on);
    ret(lua, ())
}

/// `GameTooltip:SetCustomWordWrapMinWidth`.
fn set_custom_word_wrap_min_width(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCustomWordWrapMinWidth")?;
    let v = num(&arg(&a, 1)).unwrap_or(0.0);
    set_field(lua, id, "customWordWrapMinWidth", FieldVal::Num(v));
    ret(lua, ())
}

/// `GameTooltip:SetShrinkToFitWrapped`.
fn set_shrink_to_fit_wrapped(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetShrinkToFitWrapped")?;
    let on = FieldVal::Bool(super::util::truthy(&arg(&a, 1)));
    set_field(lua, id, "shrinkToFitWrapped", on);
    ret(lua, ())
}

/// `GameTooltip:ClearPadding`.
fn clear_padding(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearPadding")?;
    for i in 1..=4 {
        set_field(lua, id, &format!("GameTooltip:Padding.{i}"), FieldVal::Nil);
    }
    ret(lua, ())
}

/// `GameTooltip:FadeOut`.
fn fade_out(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "FadeOut")?;
    frame::set_shown(lua, id, false)?;
    ret(lua, ())
}
