//! iced's mouse and keyboard events → the `Simulator` input API. Mouse positions are window
//! pixels; the game area starts at the window's top-left, so they are the simulated screen's
//! pixels as they are. Key names become the client's (`ENTER`, `LSHIFT`, `A`...).
//!
//! | iced | Simulator |
//! | --- | --- |
//! | `CursorMoved`, `ButtonPressed`, `ButtonReleased`, `WheelScrolled` | `mouse_move`, `mouse_down`, `mouse_up`, `mouse_wheel` |
//! | `KeyPressed` (and its text), `KeyReleased` | `key_down` + `text_input`, `key_up` |

use iced::keyboard::key::Named;
use iced::keyboard::{self, Key, Location};
use iced::mouse;

/// One input event for the simulator.
#[derive(Clone, Debug)]
pub enum SimInput {
    Move(f32, f32),
    Down(&'static str),
    Up(&'static str),
    Wheel(f64),
    KeyDown(String, Option<String>),
    KeyUp(String),
}

/// The client's name of a mouse button.
pub fn button_name(b: mouse::Button) -> Option<&'static str> {
    Some(match b {
        mouse::Button::Left => "LeftButton",
        mouse::Button::Right => "RightButton",
        mouse::Button::Middle => "MiddleButton",
        mouse::Button::Back => "Button4",
        mouse::Button::Forward => "Button5",
        mouse::Button::Other(_) => return None,
    })
}

/// The client's name of a key, if it has one.
pub fn key_name(key: &Key, location: Location) -> Option<String> {
    let side = |l: &str, r: &str| {
        if location == Location::Right {
            r.to_string()
        } else {
            l.to_string()
        }
    };
    Some(match key {
        Key::Character(c) => c.to_uppercase(),
        Key::Named(n) => match n {
            Named::Enter => "ENTER".into(),
            Named::Escape => "ESCAPE".into(),
            Named::Tab => "TAB".into(),
            Named::Space => "SPACE".into(),
            Named::Backspace => "BACKSPACE".into(),
            Named::Delete => "DELETE".into(),
            Named::Insert => "INSERT".into(),
            Named::ArrowLeft => "LEFT".into(),
            Named::ArrowRight => "RIGHT".into(),
            Named::ArrowUp => "UP".into(),
            Named::ArrowDown => "DOWN".into(),
            Named::Home => "HOME".into(),
            Named::End => "END".into(),
            Named::PageUp => "PAGEUP".into(),
            Named::PageDown => "PAGEDOWN".into(),
            Named::Shift => side("LSHIFT", "RSHIFT"),
            Named::Control => side("LCTRL", "RCTRL"),
            Named::Alt => side("LALT", "RALT"),
            Named::F1 => "F1".into(),
            Named::F2 => "F2".into(),
            Named::F3 => "F3".into(),
            Named::F4 => "F4".into(),
            Named::F5 => "F5".into(),
            Named::F6 => "F6".into(),
            Named::F7 => "F7".into(),
            Named::F8 => "F8".into(),
            Named::F9 => "F9".into(),
            Named::F10 => "F10".into(),
            Named::F11 => "F11".into(),
            Named::F12 => "F12".into(),
            _ => return None,
        },
        Key::Unidentified => return None,
    })
}

/// A key press → the simulator's key and the text it typed (controls dropped).
pub fn key_pressed(ev: &keyboard::Event) -> Option<SimInput> {
    match ev {
        keyboard::Event::KeyPressed {
            key,
            location,
            text,
            ..
        } => {
            let name = key_name(key, *location)?;
            let text = text
                .as_ref()
                .map(|t| t.to_string())
                .filter(|t| !t.chars().any(char::is_control));
            Some(SimInput::KeyDown(name, text))
        }
        keyboard::Event::KeyReleased { key, location, .. } => {
            Some(SimInput::KeyUp(key_name(key, *location)?))
        }
        _ => None,
    }
}

/// A wheel movement → notches (up positive).
pub fn wheel_delta(d: mouse::ScrollDelta) -> f64 {
    match d {
        mouse::ScrollDelta::Lines { y, .. } => y as f64,
        mouse::ScrollDelta::Pixels { y, .. } => (y / 40.0).signum() as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_get_client_names() {
        let loc = Location::Standard;
        let check = |k: Key, want: Option<&str>| assert_eq!(key_name(&k, loc).as_deref(), want);
        check(Key::Named(Named::Enter), Some("ENTER"));
        check(Key::Named(Named::ArrowLeft), Some("LEFT"));
        check(Key::Character("a".into()), Some("A"));
        check(Key::Unidentified, None);
        assert_eq!(
            key_name(&Key::Named(Named::Shift), Location::Right).as_deref(),
            Some("RSHIFT")
        );
    }
}
