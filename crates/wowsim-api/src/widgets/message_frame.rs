//! MessageFrame and ScrollingMessageFrame: lists of coloured messages. The scrolling frame
//! is an intrinsic of the built-in base (not in the reference), so all its methods are here.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `AddMessage(text [, r, g, b, a, id])` | [`add_message`] |
//! | `Clear`, `GetNumMessages`, `GetMessageInfo(i)`, `HasMessageByID`, `ResetMessageFadeByID` (restarts the fade: `draw::messages` fades a message after the frame's `timeVisible` over its `fadeDuration`) | [`install`] |
//! | `SetMaxLines`, `GetMaxLines`, `ScrollUp`, `ScrollDown`, `ScrollToTop`, `ScrollToBottom`, `AtTop`, `AtBottom`, `GetScrollOffset`, `SetScrollOffset` | [`install`] |
//! | `SetFading`, `GetFading`, `SetTimeVisible`, `GetTimeVisible` (scrolling frame; MessageFrame's are generic) | [`install`] |
pub use wowsim_ui::message_frame::*;

use super::fields::FieldVal;
use super::util::{arg, get_field, install_methods, num, ret, self_id, set_field, truthy, Method};
use mlua::{Lua, MultiValue, Value};
use rustc_hash::FxHashMap;

fn with_msgs<R>(lua: &Lua, f: impl FnOnce(&mut FxHashMap<u32, Vec<Message>>) -> R) -> R {
    f(&mut super::widget_states(lua).messages.borrow_mut().0)
}

/// What one message costs outside Lua besides its text (its record in the frame's list), for
/// the memory cap: an addon chooses the line limit (`SetMaxLines`), so a frame's messages
/// count with Lua's heap (`budget::host_bytes`) while they are kept.
const MESSAGE_BYTES: usize = 64;

fn held(list: &[Message]) -> usize {
    list.iter().map(|m| m.text.len() + MESSAGE_BYTES).sum()
}

/// Counts `add` bytes more and `sub` fewer against the memory cap.
fn charge(lua: &Lua, add: usize, sub: usize) {
    let h = wowsim_lua::budget::host_bytes(lua);
    h.set((h.get() + add).saturating_sub(sub));
}

/// Drops every message of frame `id` (`Clear`, `SetMaxLines`).
fn remove_all(lua: &Lua, id: u32) {
    let gone = with_msgs(lua, |m| m.remove(&id)).map_or(0, |l| held(&l));
    charge(lua, 0, gone);
}

fn max_lines(lua: &Lua, id: u32) -> usize {
    match get_field(lua, id, "maxLines") {
        FieldVal::Num(n) if n > 0.0 => n as usize,
        _ => DEFAULT_MAX_LINES,
    }
}

/// `AddMessage`: appends (dropping the oldest past the line limit).
pub(crate) fn add_message(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "AddMessage")?;
    let text = match arg(&a, 1) {
        Value::Nil => {
            return Err(wowsim_lua::lua_error(
                lua,
                "Usage: AddMessage(text [, r, g, b, a, id])",
            ))
        }
        v => lua
            .coerce_string(v)?
            .map(|s| s.to_string_lossy())
            .unwrap_or_default(),
    };
    if crate::api::print::is_default_chat_frame(lua, &arg(&a, 0)) {
        crate::api::print::chat_line(lua, text.clone());
    }
    let color = [2, 3, 4, 5].map(|i| num(&arg(&a, i)).unwrap_or(1.0));
    let msg = Message {
        text,
        color,
        id: num(&arg(&a, 6)),
        added: lua
            .app_data_ref::<wowsim_lua::clock::Clock>()
            .map_or(0.0, |c| c.now()),
    };
    let max = max_lines(lua, id);
    let added = msg.text.len() + MESSAGE_BYTES;
    let dropped = with_msgs(lua, |m| {
        let list = m.entry(id).or_default();
        list.push(msg);
        if list.len() > max {
            let extra = list.len() - max;
            let gone = held(&list[..extra]);
            list.drain(..extra);
            return gone;
        }
        0
    });
    charge(lua, added, dropped);
    ret(lua, ())
}

/// Every message frame's messages, oldest first (for drawing: `draw::messages`).
pub fn all(lua: &Lua) -> FxHashMap<u32, Vec<Message>> {
    super::widget_states(lua).messages.borrow().0.clone()
}

/// The newest message of frame `id` with the message id `want`.
pub(crate) fn message_by_id(lua: &Lua, id: u32, want: f64) -> Option<Message> {
    with_msgs(lua, |ms| {
        ms.get(&id)?
            .iter()
            .rev()
            .find(|x| x.id == Some(want))
            .cloned()
    })
}

fn count(lua: &Lua, id: u32) -> usize {
    with_msgs(lua, |m| m.get(&id).map_or(0, Vec::len))
}

fn scroll(lua: &Lua, id: u32, to: i64) {
    let max = count(lua, id).saturating_sub(1) as i64;
    set_field(
        lua,
        id,
        "scrollOffset",
        FieldVal::Num(to.clamp(0, max.max(0)) as f64),
    );
}

fn offset(lua: &Lua, id: u32) -> i64 {
    get_field(lua, id, "scrollOffset").as_f64() as i64
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("MessageFrame", "AddMessage", add_message),
        ("MessageFrame", "Clear", clear),
        ("MessageFrame", "HasMessageByID", has_message_by_id),
        // Restarts the fade of the messages with this id: they count as added now.
        (
            "MessageFrame",
            "ResetMessageFadeByID",
            reset_message_fade_by_id,
        ),
        ("ScrollingMessageFrame", "AddMessage", add_message),
        (
            "ScrollingMessageFrame",
            "Clear",
            scrolling_message_frame_clear,
        ),
        ("ScrollingMessageFrame", "GetNumMessages", get_num_messages),
        ("ScrollingMessageFrame", "GetMessageInfo", get_message_info),
        ("ScrollingMessageFrame", "SetMaxLines", set_max_lines),
        ("ScrollingMessageFrame", "GetMaxLines", get_max_lines),
        ("ScrollingMessageFrame", "ScrollUp", scroll_up),
        ("ScrollingMessageFrame", "ScrollDown", scroll_down),
        ("ScrollingMessageFrame", "ScrollToTop", scroll_to_top),
        ("ScrollingMessageFrame", "ScrollToBottom", scroll_to_bottom),
        (
            "ScrollingMessageFrame",
            "SetScrollOffset",
            set_scroll_offset,
        ),
        (
            "ScrollingMessageFrame",
            "GetScrollOffset",
            get_scroll_offset,
        ),
        ("ScrollingMessageFrame", "AtBottom", at_bottom),
        ("ScrollingMessageFrame", "AtTop", at_top),
        ("ScrollingMessageFrame", "SetFading", set_fading),
        ("ScrollingMessageFrame", "GetFading", get_fading),
        ("ScrollingMessageFrame", "SetTimeVisible", set_time_visible),
        ("ScrollingMessageFrame", "GetTimeVisible", get_time_visible),
    ];
    install_methods(lua, methods)
}

/// `MessageFrame:Clear`.
fn clear(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Clear")?;
    remove_all(lua, id);
    ret(lua, ())
}

/// `MessageFrame:HasMessageByID`.
fn has_message_by_id(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasMessageByID")?;
    let v = arg(&a, 1);
    let Some(mid) = num(&v) else {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!(
                "bad argument #1 to 'HasMessageByID' (number expected, got {})",
                wowsim_lua::type_name(&v)
            ),
        ));
    };
    let has = with_msgs(lua, |m| {
        m.get(&id)
            .is_some_and(|l| l.iter().any(|x| x.id == Some(mid)))
    });
    ret(lua, has)
}

/// `MessageFrame:ResetMessageFadeByID`.
fn reset_message_fade_by_id(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ResetMessageFadeByID")?;
    let Some(mid) = num(&arg(&a, 1)) else {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!(
                "bad argument #1 to 'ResetMessageFadeByID' (number expected, got {})",
                wowsim_lua::type_name(&arg(&a, 1))
            ),
        ));
    };
    let now = lua
        .app_data_ref::<wowsim_lua::clock::Clock>()
        .map_or(0.0, |c| c.now());
    with_msgs(lua, |m| {
        for msg in m.get_mut(&id).into_iter().flatten() {
            if msg.id == Some(mid) {
                msg.added = now;
            }
        }
    });
    ret(lua, ())
}

/// `ScrollingMessageFrame:Clear`.
fn scrolling_message_frame_clear(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "Clear")?;
    remove_all(lua, id);
    scroll(lua, id, 0);
    ret(lua, ())
}

/// `ScrollingMessageFrame:GetNumMessages`.
fn get_num_messages(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, count(lua, self_id(lua, &a, "GetNumMessages")?) as i64)
}

/// `ScrollingMessageFrame:GetMessageInfo`.
fn get_message_info(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetMessageInfo")?;
    let i = num(&arg(&a, 1)).unwrap_or(0.0) as usize;
    let m = with_msgs(lua, |m| {
        m.get(&id).and_then(|l| l.get(i.wrapping_sub(1)).cloned())
    });
    match m {
        Some(m) => ret(
            lua,
            (m.text, m.color[0], m.color[1], m.color[2], m.color[3], m.id),
        ),
        None => ret(lua, ()),
    }
}

/// `ScrollingMessageFrame:SetMaxLines`.
fn set_max_lines(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetMaxLines")?;
    let n = num(&arg(&a, 1)).unwrap_or(0.0);
    set_field(lua, id, "maxLines", FieldVal::Num(n));
    remove_all(lua, id);
    ret(lua, ())
}

/// `ScrollingMessageFrame:GetMaxLines`.
fn get_max_lines(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, max_lines(lua, self_id(lua, &a, "GetMaxLines")?) as i64)
}

/// `ScrollingMessageFrame:ScrollUp`.
fn scroll_up(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ScrollUp")?;
    scroll(lua, id, offset(lua, id) + 1);
    ret(lua, ())
}

/// `ScrollingMessageFrame:ScrollDown`.
fn scroll_down(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ScrollDown")?;
    scroll(lua, id, offset(lua, id) - 1);
    ret(lua, ())
}

/// `ScrollingMessageFrame:ScrollToTop`.
fn scroll_to_top(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ScrollToTop")?;
    scroll(lua, id, i64::MAX);
    ret(lua, ())
}

/// `ScrollingMessageFrame:ScrollToBottom`.
fn scroll_to_bottom(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ScrollToBottom")?;
    scroll(lua, id, 0);
    ret(lua, ())
}

/// `ScrollingMessageFrame:SetScrollOffset`.
fn set_scroll_offset(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetScrollOffset")?;
    scroll(lua, id, num(&arg(&a, 1)).unwrap_or(0.0) as i64);
    ret(lua, ())
}

/// `ScrollingMessageFrame:GetScrollOffset`.
fn get_scroll_offset(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, offset(lua, self_id(lua, &a, "GetScrollOffset")?))
}

/// `ScrollingMessageFrame:AtBottom`.
fn at_bottom(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    ret(lua, offset(lua, self_id(lua, &a, "AtBottom")?) == 0)
}

/// `ScrollingMessageFrame:AtTop`.
fn at_top(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AtTop")?;
    ret(
        lua,
        offset(lua, id) >= count(lua, id).saturating_sub(1) as i64,
    )
}

/// `ScrollingMessageFrame:SetFading`.
fn set_fading(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetFading")?;
    set_field(lua, id, "fading", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `ScrollingMessageFrame:GetFading`.
fn get_fading(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetFading")?;
    ret(lua, get_field(lua, id, "fading") != FieldVal::Bool(false))
}

/// `ScrollingMessageFrame:SetTimeVisible`.
fn set_time_visible(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetTimeVisible")?;
    set_field(
        lua,
        id,
        "timeVisible",
        FieldVal::Num(num(&arg(&a, 1)).unwrap_or(10.0)),
    );
    ret(lua, ())
}

/// `ScrollingMessageFrame:GetTimeVisible`.
fn get_time_visible(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetTimeVisible")?;
    match get_field(lua, id, "timeVisible") {
        FieldVal::Num(n) => ret(lua, n),
        _ => ret(lua, 10.0),
    }
}
