//! The screen: physical resolution and the UI coordinate space derived from it (768 units
//! high at UI scale 1, width from the aspect ratio), which sizes UIParent.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetScreenWidth()`, `GetScreenHeight()` | [`ui_screen_size`] |
//! | `GetPhysicalScreenSize()` | [`PHYSICAL_SIZE`] |

/// The simulated monitor by default, in pixels (`SimConfig::screen` changes it).
pub const PHYSICAL_SIZE: (u32, u32) = (1920, 1080);

/// The UI is 768 units high; its width follows the aspect ratio.
pub(crate) const UI_HEIGHT: f32 = 768.0;

/// UI units of the whole screen at effective scale 1.
pub(crate) fn ui_screen_size((w, h): (u32, u32)) -> (f32, f32) {
    (UI_HEIGHT * w as f32 / h as f32, UI_HEIGHT)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ui_space_is_768_high() {
        let (w, h) = super::ui_screen_size((1920, 1080));
        assert_eq!(h, 768.0);
        assert!((w - 1365.333).abs() < 0.01);
    }
}
