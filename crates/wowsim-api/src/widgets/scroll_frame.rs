//! ScrollFrame: shows part of its scroll child, offset by the scroll position. The child is
//! reparented to the scroll frame and anchored by its TOPLEFT at (-horizontal, vertical).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetScrollChild(frame)`, `GetScrollChild` (generic) | [`install`] |
//! | `SetVerticalScroll`, `SetHorizontalScroll` (OnVerticalScroll / OnHorizontalScroll) | [`set_scroll`] |
//! | `GetVerticalScrollRange`, `GetHorizontalScrollRange`, `UpdateScrollChildRect` | [`scroll_range`] |
//! | OnScrollRangeChanged(self, xrange, yrange) when the range changes | [`flush_range_changes`] |

use super::fields::FieldVal;
use super::region::size_of;
use super::util::{
    arg, get_field, install_methods, need_num, ret, self_id, set_field, with_ui_mut, Method,
};
use super::{fire_script, frame, obj_id, object_table, region};
use mlua::{Lua, MultiValue, Value};

fn child_of(lua: &Lua, id: u32) -> Option<u32> {
    match get_field(lua, id, "scrollChild") {
        FieldVal::Obj(c) => Some(c),
        _ => None,
    }
}

fn place_child(lua: &Lua, id: u32) -> mlua::Result<()> {
    let Some(c) = child_of(lua, id) else {
        return Ok(());
    };
    let h = get_field(lua, id, "horizontalScroll").as_f64();
    let v = get_field(lua, id, "verticalScroll").as_f64();
    let (ct, st) = (object_table(lua, c)?, object_table(lua, id)?);
    with_ui_mut(lua, |ui| {
        if let Some(n) = ui.get(c).and_then(|o| o.node) {
            ui.layout.clear_all_points(n);
        }
    });
    let tl = Value::String(lua.create_string("TOPLEFT")?);
    region::set_point(
        lua,
        MultiValue::from_vec(vec![
            Value::Table(ct),
            tl.clone(),
            Value::Table(st),
            tl,
            Value::Number(-h),
            Value::Number(v),
        ]),
    )?;
    Ok(())
}

/// How far the child extends past the frame: (horizontal, vertical), never negative.
pub fn scroll_range(lua: &Lua, id: u32) -> (f64, f64) {
    let Some(c) = child_of(lua, id) else {
        return (0.0, 0.0);
    };
    with_ui_mut(lua, |ui| {
        let (fw, fh) = size_of(ui, id, false);
        let (cw, ch) = size_of(ui, c, true);
        ((cw - fw).max(0.0) as f64, (ch - fh).max(0.0) as f64)
    })
}

fn watch_range(lua: &Lua, id: u32) {
    super::widget_states(lua)
        .scroll_ranges
        .borrow_mut()
        .0
        .insert(id, None);
}

/// At the end of a frame: fires OnScrollRangeChanged(self, xrange, yrange) on every scroll
/// frame whose range changed since its last report (the first report follows
/// `SetScrollChild`), as the client does when the scroll child's rect changes; Blizzard's
/// scroll frame templates rely on it to show or hide their scroll bars. A scroll frame that is
/// not visible is not laid out, so its report waits until it is shown (addons set up what the
/// script reads when they first show their panel).
pub fn flush_range_changes(lua: &Lua) -> mlua::Result<()> {
    let ids: Vec<u32> = {
        let ws = super::widget_states(lua);
        let r = ws.scroll_ranges.borrow();
        if r.0.is_empty() {
            return Ok(());
        }
        r.0.keys().copied().collect()
    };
    let mut due = Vec::new();
    for id in ids {
        let (exists, visible) = with_ui_mut(lua, |ui| (ui.get(id).is_some(), ui.is_visible(id)));
        if !exists {
            super::widget_states(lua)
                .scroll_ranges
                .borrow_mut()
                .0
                .remove(&id);
            continue;
        }
        // A hidden frame is not laid out: its range is reported once it is shown.
        if !visible {
            continue;
        }
        let now = scroll_range(lua, id);
        let ws = super::widget_states(lua);
        let mut r = ws.scroll_ranges.borrow_mut();
        if let Some(old) = r.0.get_mut(&id) {
            if *old != Some(now) {
                *old = Some(now);
                due.push((id, now));
            }
        }
    }
    due.sort_unstable_by_key(|d| d.0);
    for (id, (h, v)) in due {
        fire_script(lua, id, "OnScrollRangeChanged", (h, v))?;
    }
    Ok(())
}

/// Sets one scroll offset and fires the matching script when it changed.
pub fn set_scroll(lua: &Lua, id: u32, vertical: bool, offset: f64) -> mlua::Result<()> {
    let (field, script) = if vertical {
        ("verticalScroll", "OnVerticalScroll")
    } else {
        ("horizontalScroll", "OnHorizontalScroll")
    };
    // The client fires the script only when the offset changes: scroll bars that follow the
    // frame and set it back would otherwise recurse without end.
    let old = get_field(lua, id, field).as_f64();
    set_field(lua, id, field, FieldVal::Num(offset));
    place_child(lua, id)?;
    if old == offset {
        return Ok(());
    }
    fire_script(lua, id, script, offset)
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("ScrollFrame", "SetScrollChild", set_scroll_child),
        ("ScrollFrame", "SetVerticalScroll", set_vertical_scroll),
        ("ScrollFrame", "SetHorizontalScroll", set_horizontal_scroll),
        (
            "ScrollFrame",
            "GetVerticalScrollRange",
            get_vertical_scroll_range,
        ),
        (
            "ScrollFrame",
            "GetHorizontalScrollRange",
            get_horizontal_scroll_range,
        ),
        (
            "ScrollFrame",
            "UpdateScrollChildRect",
            update_scroll_child_rect,
        ),
    ];
    install_methods(lua, methods)
}

/// `ScrollFrame:SetScrollChild`.
fn set_scroll_child(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetScrollChild")?;
    let c = obj_id(lua, &arg(&a, 1), "SetScrollChild")?;
    if frame::is_self_or_descendant(lua, c, id) {
        // The scroll child becomes the scroll frame's child: a cycle hung the run for ever.
        // The wording is ours; the client's text was not found.
        return Err(wowsim_lua::lua_error(
            lua,
            "SetScrollChild(): cannot make a frame the scroll child of itself or of one of its descendants",
        ));
    }
    frame::set_parent(lua, c, Some(id))?;
    set_field(lua, id, "scrollChild", FieldVal::Obj(c));
    place_child(lua, id)?;
    watch_range(lua, id);
    ret(lua, ())
}

/// `ScrollFrame:SetVerticalScroll`.
fn set_vertical_scroll(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetVerticalScroll")?;
    let v = need_num(lua, &a, 1, "ScrollFrame:SetVerticalScroll(offset)")?;
    set_scroll(lua, id, true, v)?;
    ret(lua, ())
}

/// `ScrollFrame:SetHorizontalScroll`.
fn set_horizontal_scroll(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetHorizontalScroll")?;
    let v = need_num(lua, &a, 1, "ScrollFrame:SetHorizontalScroll(offset)")?;
    set_scroll(lua, id, false, v)?;
    ret(lua, ())
}

/// `ScrollFrame:GetVerticalScrollRange`.
fn get_vertical_scroll_range(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    ret(
        lua,
        scroll_range(lua, self_id(lua, &a, "GetVerticalScrollRange")?).1,
    )
}

/// `ScrollFrame:GetHorizontalScrollRange`.
fn get_horizontal_scroll_range(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    ret(
        lua,
        scroll_range(lua, self_id(lua, &a, "GetHorizontalScrollRange")?).0,
    )
}

/// `ScrollFrame:UpdateScrollChildRect`.
fn update_scroll_child_rect(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "UpdateScrollChildRect")?;
    let (h, v) = scroll_range(lua, id);
    if let Some(old) = super::widget_states(lua)
        .scroll_ranges
        .borrow_mut()
        .0
        .get_mut(&id)
    {
        *old = Some((h, v));
    }
    fire_script(lua, id, "OnScrollRangeChanged", (h, v))?;
    ret(lua, ())
}
