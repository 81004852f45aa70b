//! The mouse: focus (OnEnter/OnLeave), buttons (OnMouseDown/OnMouseUp, a Button's pushed
//! state and clicks as registered with `RegisterForClicks`), dragging (`RegisterForDrag`,
//! OnDragStart/OnDragStop/OnReceiveDrag), frames moved or sized with the cursor, the wheel.
//! Every script runs with no borrow of the VM's app data held.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | OnEnter(self, motion) / OnLeave(self, motion) | [`update_focus`] |
//! | OnMouseDown(self, button), pushed state, clicks on "…Down"; a toplevel frame raised | [`mouse_down`] |
//! | OnMouseUp(self, button, upInside), clicks on "…Up" (default `LeftButtonUp`), OnDragStop | [`mouse_up`] |
//! | `SetPropagateMouseClicks`: the frames below get the press and release too | [`mouse_down`], [`mouse_up`] |
//! | OnDragStart(self, button) after the cursor moves past a threshold; `StartMoving` | [`mouse_move`] |
//! | OnMouseWheel(self, delta) | [`mouse_wheel`] |
//! | a Slider pressed or dragged with the left button takes the value under the cursor | `widgets::slider::drag_to` |
//! | OnDoubleClick(self, button): a second click within 0.3 s | `click` |
//! | OnHyperlinkEnter / OnHyperlinkLeave / OnHyperlinkClick | `super::hyperlink` |

use super::hit::{self, Purpose};
use super::{with_input, Press, DRAG_THRESHOLD};
use crate::widgets::button::{self, is_enabled};
use crate::widgets::fields::FieldVal;
use crate::widgets::types::inherits_from;
use crate::widgets::util::{get_field, with_ui, with_ui_mut};
use crate::widgets::{edit_box, fire_script, object_table, UiState};
use mlua::{Lua, MultiValue, Value};
use wowsim_layout::{Anchor, AnchorPoint};

fn is_type(lua: &Lua, id: u32, ty: &str) -> bool {
    with_ui(lua, |ui| {
        ui.get(id).is_some_and(|o| inherits_from(o.type_index, ty))
    })
}

fn exists(lua: &Lua, id: u32) -> bool {
    with_ui(lua, |ui| ui.get(id).is_some())
}

/// Whether motion scripts run on `id` (a disabled Button gets them only with
/// `SetMotionScriptsWhileDisabled(true)`).
fn motion_scripts(lua: &Lua, id: u32) -> bool {
    !is_type(lua, id, "Button")
        || is_enabled(lua, id)
        || get_field(lua, id, "motionScriptsWhileDisabled") == FieldVal::Bool(true)
}

/// Recomputes the mouse focus; fires OnLeave on the old and OnEnter on the new focus.
pub(crate) fn update_focus(lua: &Lua, motion: bool) -> mlua::Result<()> {
    let Some(cursor) = with_input(lua, |s| s.cursor) else {
        return Ok(());
    };
    let foci = with_ui_mut(lua, |ui| hit::foci_at(ui, cursor, Purpose::Any));
    let old: Vec<u32> = with_input(lua, |s| {
        let mut old: Vec<u32> = s.motion_focus.into_iter().collect();
        old.append(&mut s.motion_below);
        s.motion_focus = foci.first().copied();
        s.motion_below = foci.iter().skip(1).copied().collect();
        old
    });
    if old == foci {
        return Ok(());
    }
    for &o in old.iter().filter(|o| !foci.contains(o)) {
        if exists(lua, o) && motion_scripts(lua, o) {
            fire_script(lua, o, "OnLeave", motion)?;
        }
    }
    for &n in foci.iter().filter(|n| !old.contains(n)) {
        if motion_scripts(lua, n) {
            fire_script(lua, n, "OnEnter", motion)?;
        }
    }
    Ok(())
}

/// The cursor moved to `(x, y)` UI units: moving frames follow, a pending drag may start,
/// the focus is updated.
pub fn mouse_move(lua: &Lua, x: f32, y: f32) -> mlua::Result<()> {
    let old = with_input(lua, |s| s.cursor.replace((x, y)));
    if let Some(old) = old {
        move_frames(lua, (x - old.0, y - old.1));
    }
    let start = with_input(lua, |s| {
        if s.dragging.is_some() {
            return None;
        }
        let p = s.presses.iter().find(|p| {
            p.drag && p.frame.is_some() && {
                let (dx, dy) = (x - p.start.0, y - p.start.1);
                (dx * dx + dy * dy).sqrt() >= DRAG_THRESHOLD
            }
        })?;
        let d = (p.frame.expect("checked"), p.button.clone());
        s.dragging = Some(d.clone());
        Some(d)
    });
    if let Some((id, b)) = start {
        fire_script(lua, id, "OnDragStart", b.as_str())?;
    }
    // A slider held with the left button follows the cursor.
    let held = with_input(lua, |s| {
        s.presses
            .iter()
            .filter(|p| p.button == "LeftButton")
            .find_map(|p| p.frame)
    });
    if let Some(h) = held.filter(|h| is_type(lua, *h, "Slider") && is_enabled(lua, *h)) {
        crate::widgets::slider::drag_to(lua, h, (x, y))?;
    }
    update_focus(lua, true)?;
    super::hyperlink::update(lua)
}

/// Moves (or sizes) every frame in `StartMoving` by a cursor delta in UI units.
fn move_frames(lua: &Lua, (dx, dy): (f32, f32)) {
    let moving = with_input(lua, |s| s.moving.clone());
    for m in moving {
        with_ui_mut(lua, |ui| {
            let Some(n) = ui.get(m.id).and_then(|o| o.node) else {
                return;
            };
            let Some(r) = crate::widgets::region::rect_of(ui, m.id) else {
                return;
            };
            let s = ui.layout.effective_scale(n).max(1e-6);
            let (dx, dy) = (dx / s, dy / s);
            let (mut left, mut bottom, mut w, mut h) = (r.left, r.bottom, r.width, r.height);
            match m.sizing {
                None => {
                    left += dx;
                    bottom += dy;
                }
                Some(p) => {
                    let name = p.as_str();
                    if name.contains("RIGHT") {
                        w = (w + dx).max(1.0);
                    } else if name.contains("LEFT") {
                        left += dx.min(w - 1.0);
                        w = (w - dx).max(1.0);
                    }
                    if name.contains("TOP") {
                        h = (h + dy).max(1.0);
                    } else if name.contains("BOTTOM") {
                        bottom += dy.min(h - 1.0);
                        h = (h - dy).max(1.0);
                    }
                }
            }
            place(ui, n, left, bottom, w, h);
        });
    }
}

/// Anchors a frame by its bottom-left corner to the screen at a size (own units).
pub fn place(ui: &mut UiState, n: wowsim_layout::NodeId, left: f32, bottom: f32, w: f32, h: f32) {
    ui.layout.clear_all_points(n);
    ui.layout.set_size(n, Some(w), Some(h));
    let a = Anchor::with(
        AnchorPoint::BottomLeft,
        None,
        AnchorPoint::BottomLeft,
        left,
        bottom,
    );
    let _ = ui.layout.set_point(n, a);
}

fn registered(lua: &Lua, id: u32, field: &str, default: &str, want: &[String]) -> bool {
    let list = match get_field(lua, id, field) {
        FieldVal::Str(s) => s,
        _ => default.to_string(),
    };
    list.split(',').any(|c| want.iter().any(|w| w == c.trim()))
}

/// How close (seconds) a second click must follow the first to be a double click.
pub(crate) const DOUBLE_CLICK_TIME: f64 = 0.3;

fn has_script(lua: &Lua, id: u32, script: &str) -> mlua::Result<bool> {
    let names = lua
        .app_data_ref::<crate::widgets::UiLua>()
        .expect("ui installed")
        .scriptnames
        .clone();
    let names: Vec<String> = names.call(id)?;
    Ok(names.iter().any(|n| n == script))
}

/// A click from the mouse: the second click of the same button on the same frame within
/// [`DOUBLE_CLICK_TIME`] fires OnDoubleClick(self, button) instead of PreClick/OnClick/PostClick
/// when the frame has an OnDoubleClick script (without one it is an ordinary click); a third
/// click starts over. A button registered for both down and up clicks gets one OnDoubleClick,
/// on the second press, and no click on its release.
fn click(lua: &Lua, id: u32, button: &str, down: bool) -> mlua::Result<()> {
    let now = lua
        .app_data_ref::<wowsim_lua::clock::Clock>()
        .map_or(0.0, |c| c.now());
    // A button registered for both down and up clicks pairs downs with downs, ups with ups.
    let key = format!("{button}{}", if down { "Down" } else { "Up" });
    let dir = if down { 0 } else { 1 };
    // The release of a press that was a double click does not click again.
    let held_double = with_input(lua, |s| {
        let hit = !down
            && s.last_click[0]
                .as_ref()
                .is_some_and(|(f, b, _)| *f == id && b == "double");
        if hit {
            s.last_click[0] = None;
        }
        hit
    });
    if held_double {
        return Ok(());
    }
    let last = with_input(lua, |s| s.last_click[dir].take());
    let double =
        last.is_some_and(|(f, b, t)| f == id && b == key && now - t <= DOUBLE_CLICK_TIME + 1e-9);
    if double && has_script(lua, id, "OnDoubleClick")? {
        if down {
            with_input(lua, |s| s.last_click[0] = Some((id, "double".into(), now)));
        }
        return fire_script(lua, id, "OnDoubleClick", button);
    }
    with_input(lua, |s| s.last_click[dir] = Some((id, key, now)));
    plain_click(lua, id, button, down)
}

/// A Button click as `Button:Click` does it (PreClick, OnClick, PostClick; CheckButtons toggle).
fn plain_click(lua: &Lua, id: u32, button: &str, down: bool) -> mlua::Result<()> {
    let t = object_table(lua, id)?;
    let args = MultiValue::from_vec(vec![
        Value::Table(t),
        Value::String(lua.create_string(button)?),
        Value::Boolean(down),
    ]);
    button::click(lua, args).map(|_| ())
}

fn click_names(button: &str, down: bool) -> Vec<String> {
    let dir = if down { "down" } else { "up" };
    vec![
        format!("{}{dir}", button.to_lowercase()),
        format!("any{dir}"),
    ]
}

/// A press on a frame raises the nearest toplevel frame (`SetToplevel(true)`) among it and its
/// ancestors, as `Raise` does.
fn raise_toplevel(lua: &Lua, id: u32) {
    with_ui_mut(lua, |ui| {
        let mut cur = Some(id);
        while let Some(c) = cur {
            if ui.field_by_name(c, "toplevel") == FieldVal::Bool(true) {
                crate::widgets::frame_strata::raise(ui, c);
                return;
            }
            cur = ui.get(c).and_then(|o| o.parent);
        }
    });
}

/// A mouse button went down at the cursor. The press goes to the topmost click-enabled frame
/// and, through frames that propagate clicks, to the frames below it (each gets OnMouseDown,
/// a Button its pushed state and down-clicks); keyboard focus, raising and dragging follow
/// the topmost only.
pub fn mouse_down(lua: &Lua, button: &str) -> mlua::Result<()> {
    let cursor = with_input(lua, |s| s.cursor).unwrap_or((0.0, 0.0));
    if with_input(lua, |s| s.presses.iter().any(|p| p.button == button)) {
        return Ok(());
    }
    let chain = with_ui_mut(lua, |ui| hit::press_chain(ui, cursor, button));
    let target = chain.first().copied();
    let drag = target.is_some_and(|t| {
        registered(
            lua,
            t,
            "dragButtons",
            "",
            &[button.to_lowercase(), "any".into()],
        )
    });
    with_input(lua, |s| {
        s.presses.push(Press {
            button: button.to_string(),
            frame: target,
            below: chain.iter().skip(1).copied().collect(),
            start: cursor,
            drag,
        })
    });
    let focused = edit_box::focused(lua);
    match target {
        Some(t) if is_type(lua, t, "EditBox") && is_enabled(lua, t) => {
            edit_box::set_focus(lua, Some(t))?;
        }
        _ if focused.is_some() => edit_box::set_focus(lua, None)?,
        _ => {}
    }
    let Some(t) = target else { return Ok(()) };
    raise_toplevel(lua, t);
    for t in chain {
        if exists(lua, t) {
            press_one(lua, t, button, cursor)?;
        }
    }
    Ok(())
}

/// A press reaching one frame: OnMouseDown, a slider taking the value, a Button pushed and
/// clicked when registered for down-clicks.
fn press_one(lua: &Lua, t: u32, button: &str, cursor: (f32, f32)) -> mlua::Result<()> {
    let is_button = is_type(lua, t, "Button");
    if is_button && !is_enabled(lua, t) {
        return Ok(());
    }
    fire_script(lua, t, "OnMouseDown", button)?;
    if button == "LeftButton" && is_type(lua, t, "Slider") && is_enabled(lua, t) && exists(lua, t) {
        crate::widgets::slider::drag_to(lua, t, cursor)?;
    }
    if is_button && exists(lua, t) {
        if get_field(lua, t, "buttonLocked") != FieldVal::Bool(true) {
            button::set_button_state(lua, t, "PUSHED")?;
        }
        if registered(
            lua,
            t,
            "registeredClicksList",
            "leftbuttonup",
            &click_names(button, true),
        ) {
            click(lua, t, button, true)?;
        }
    }
    Ok(())
}

/// A mouse button went up at the cursor: every frame the press went to gets OnMouseUp (with
/// whether the release is over it, through the same click propagation) and, when it is, its
/// up-click.
pub fn mouse_up(lua: &Lua, button: &str) -> mlua::Result<()> {
    let cursor = with_input(lua, |s| s.cursor).unwrap_or((0.0, 0.0));
    let Some(press) = with_input(lua, |s| {
        let i = s.presses.iter().position(|p| p.button == button)?;
        Some(s.presses.remove(i))
    }) else {
        return Ok(());
    };
    let dragged = with_input(lua, |s| match &s.dragging {
        Some((_, b)) if b == button => s.dragging.take(),
        _ => None,
    });
    let under = with_ui_mut(lua, |ui| hit::press_chain(ui, cursor, button));
    if let Some((id, _)) = dragged {
        if exists(lua, id) {
            fire_script(lua, id, "OnDragStop", ())?;
        }
        if let Some(u) = under.first().copied().filter(|u| *u != id) {
            fire_script(lua, u, "OnReceiveDrag", ())?;
        }
    }
    for t in press.frame.into_iter().chain(press.below) {
        if exists(lua, t) {
            release_one(lua, t, button, under.contains(&t), dragged.is_some())?;
        }
    }
    if dragged.is_none() {
        super::hyperlink::click(lua, button)?;
    }
    Ok(())
}

/// A release reaching one frame: a Button back to normal, OnMouseUp(self, button, upInside),
/// the up-click when the release is inside and no drag happened.
fn release_one(lua: &Lua, t: u32, button: &str, inside: bool, dragged: bool) -> mlua::Result<()> {
    let is_button = is_type(lua, t, "Button");
    if is_button && !is_enabled(lua, t) {
        return Ok(());
    }
    if is_button && get_field(lua, t, "buttonLocked") != FieldVal::Bool(true) {
        button::set_button_state(lua, t, "NORMAL")?;
    }
    fire_script(lua, t, "OnMouseUp", (button, inside))?;
    let wants = is_button
        && inside
        && !dragged
        && registered(
            lua,
            t,
            "registeredClicksList",
            "leftbuttonup",
            &click_names(button, false),
        );
    if wants && exists(lua, t) {
        click(lua, t, button, false)?;
    }
    Ok(())
}

/// The wheel turned by `delta` notches (positive = away from the user, "up").
pub fn mouse_wheel(lua: &Lua, delta: f64) -> mlua::Result<()> {
    let Some(cursor) = with_input(lua, |s| s.cursor) else {
        return Ok(());
    };
    let target = with_ui_mut(lua, |ui| hit::topmost_at(ui, cursor, Purpose::Wheel));
    match target {
        Some(t) => fire_script(lua, t, "OnMouseWheel", delta),
        None => Ok(()),
    }
}

/// Whether a mouse button is held (`IsMouseButtonDown`; any when `None`).
pub(crate) fn is_button_down(lua: &Lua, button: Option<&str>) -> bool {
    with_input(lua, |s| match button {
        Some(b) => s.presses.iter().any(|p| p.button.eq_ignore_ascii_case(b)),
        None => !s.presses.is_empty(),
    })
}
