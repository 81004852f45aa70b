//! The Lua side of input: global queries and the frame methods that configure input.
//! Flags the reference describes as plain fields (`SetMouseClickEnabled`,
//! `SetMouseMotionEnabled`, `EnableMouseWheel`, `SetHitRectInsets`, `SetMovable`,
//! `SetPropagateKeyboardInput`...) stay generic (`widgets::fields`); these read them.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetCursorPosition()` (UI units at scale 1, origin bottom-left) | [`install`] |
//! | `GetMouseFoci()`, `GetMouseFocus()` (where the flavour has it) | [`install`] |
//! | `IsMouseButtonDown`, `IsShiftKeyDown`, `IsControlKeyDown`, `IsAltKeyDown`, `IsModifierKeyDown` | [`install`] |
//! | `Region:IsMouseOver`, `IsMouseMotionFocus`, `EnableMouseMotion`, `IsDragging` | [`install`] |
//! | `Frame:RegisterForDrag`, `EnableKeyboard`, `IsKeyboardEnabled` | [`install`] |
//! | `Frame:StartMoving`, `StartSizing`, `StopMovingOrSizing` | [`install`] |

use super::keyboard::modifier_down;
use super::{mouse, with_input, Moving};
use crate::widgets::fields::FieldVal;
use crate::widgets::util::{
    arg, get_field, install_methods, num, obj_value, ret, self_id, set_field, string, truthy,
    with_ui_mut, Method,
};
use mlua::{Lua, Value};
use wowsim_layout::AnchorPoint;

fn cursor(lua: &Lua) -> Option<(f32, f32)> {
    with_input(lua, |s| s.cursor)
}

/// The mouse focus, else WorldFrame (as the client answers over empty screen).
fn focus_or_world(lua: &Lua) -> mlua::Result<Value> {
    if let Some(f) = with_input(lua, |s| s.motion_focus) {
        return obj_value(lua, Some(f));
    }
    lua.globals().raw_get("WorldFrame")
}

fn global(lua: &Lua, name: &str, f: mlua::Function) -> mlua::Result<()> {
    lua.globals().raw_set(name, f)
}

fn install_globals(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    global(
        lua,
        "GetCursorPosition",
        lua.create_function(|lua, ()| {
            let (x, y) = cursor(lua).unwrap_or((0.0, 0.0));
            Ok((x as f64, y as f64))
        })?,
    )?;
    global(
        lua,
        "GetMouseFoci",
        lua.create_function(|lua, ()| {
            let t = lua.create_table()?;
            let f = focus_or_world(lua)?;
            if !f.is_nil() {
                t.raw_set(1, f)?;
            }
            // Frames below that have the mouse through motion propagation.
            for (i, id) in with_input(lua, |s| s.motion_below.clone())
                .into_iter()
                .enumerate()
            {
                t.raw_set(i + 2, obj_value(lua, Some(id))?)?;
            }
            Ok(t)
        })?,
    )?;
    if data.api("GetMouseFocus").is_some() {
        global(
            lua,
            "GetMouseFocus",
            lua.create_function(|lua, ()| focus_or_world(lua))?,
        )?;
    }
    global(
        lua,
        "IsMouseButtonDown",
        lua.create_function(|lua, b: Option<String>| Ok(mouse::is_button_down(lua, b.as_deref())))?,
    )?;
    for (name, m) in [
        ("IsShiftKeyDown", Some("SHIFT")),
        ("IsControlKeyDown", Some("CTRL")),
        ("IsAltKeyDown", Some("ALT")),
        ("IsModifierKeyDown", None),
    ] {
        global(
            lua,
            name,
            lua.create_function(move |lua, ()| Ok(modifier_down(lua, m)))?,
        )?;
    }
    Ok(())
}

/// `"LeftButton"`, `"LeftButtonUp"` → `"leftbutton"`.
fn drag_button(s: &str) -> String {
    let l = s.to_lowercase();
    let l = l
        .strip_suffix("up")
        .or_else(|| l.strip_suffix("down"))
        .unwrap_or(&l);
    l.to_string()
}

fn start(lua: &Lua, id: u32, sizing: Option<AnchorPoint>) {
    with_input(lua, |s| {
        s.moving.retain(|m| m.id != id);
        s.moving.push(Moving { id, sizing });
    });
}

/// Installs the globals and methods of this file.
pub fn install(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    install_globals(lua, data)?;
    let methods: &[(&str, &str, Method)] = &[
        ("Region", "IsMouseOver", |lua, a| {
            let id = self_id(lua, &a, "IsMouseOver")?;
            let off = [1, 2, 3, 4].map(|i| num(&arg(&a, i)).unwrap_or(0.0) as f32);
            let over = cursor(lua)
                .is_some_and(|c| with_ui_mut(lua, |ui| super::hit::is_over(ui, id, c, off)));
            ret(lua, over)
        }),
        ("Region", "IsMouseMotionFocus", |lua, a| {
            let id = self_id(lua, &a, "IsMouseMotionFocus")?;
            ret(
                lua,
                with_input(lua, |s| {
                    s.motion_focus == Some(id) || s.motion_below.contains(&id)
                }),
            )
        }),
        ("Region", "EnableMouseMotion", |lua, a| {
            let id = self_id(lua, &a, "EnableMouseMotion")?;
            set_field(
                lua,
                id,
                "mouseMotionEnabled",
                FieldVal::Bool(truthy(&arg(&a, 1))),
            );
            ret(lua, ())
        }),
        ("Region", "IsDragging", |lua, a| {
            let id = self_id(lua, &a, "IsDragging")?;
            ret(
                lua,
                with_input(lua, |s| s.dragging.as_ref().is_some_and(|d| d.0 == id)),
            )
        }),
        ("Frame", "RegisterForDrag", |lua, a| {
            let id = self_id(lua, &a, "RegisterForDrag")?;
            let list: Vec<String> = a
                .iter()
                .skip(1)
                .filter_map(string)
                .map(|s| drag_button(&s))
                .collect();
            set_field(lua, id, "dragButtons", FieldVal::Str(list.join(",")));
            ret(lua, ())
        }),
        ("Frame", "EnableKeyboard", |lua, a| {
            let id = self_id(lua, &a, "EnableKeyboard")?;
            set_field(
                lua,
                id,
                "keyboardEnabled",
                FieldVal::Bool(truthy(&arg(&a, 1))),
            );
            ret(lua, ())
        }),
        ("Frame", "IsKeyboardEnabled", |lua, a| {
            let id = self_id(lua, &a, "IsKeyboardEnabled")?;
            ret(
                lua,
                get_field(lua, id, "keyboardEnabled") == FieldVal::Bool(true),
            )
        }),
        ("Frame", "StartMoving", |lua, a| {
            let id = self_id(lua, &a, "StartMoving")?;
            if get_field(lua, id, "movable") == FieldVal::Bool(true) {
                set_field(lua, id, "isUserPlaced", FieldVal::Bool(true));
                start(lua, id, None);
            }
            ret(lua, ())
        }),
        ("Frame", "StartSizing", |lua, a| {
            let id = self_id(lua, &a, "StartSizing")?;
            if get_field(lua, id, "resizable") == FieldVal::Bool(true) {
                let p = string(&arg(&a, 1))
                    .and_then(|s| AnchorPoint::parse(&s))
                    .unwrap_or(AnchorPoint::BottomRight);
                start(lua, id, Some(p));
            }
            ret(lua, ())
        }),
        ("Frame", "StopMovingOrSizing", |lua, a| {
            let id = self_id(lua, &a, "StopMovingOrSizing")?;
            with_input(lua, |s| s.moving.retain(|m| m.id != id));
            ret(lua, ())
        }),
    ];
    install_methods(lua, methods)
}

#[cfg(test)]
mod tests {
    #[test]
    fn drag_buttons_drop_direction() {
        for (i, o) in [
            ("LeftButton", "leftbutton"),
            ("RightButtonUp", "rightbutton"),
            ("AnyDown", "any"),
        ] {
            assert_eq!(super::drag_button(i), o);
        }
    }
}
