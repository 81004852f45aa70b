//! Mouse and keyboard input to a `Simulator`, and what the window asks about frames.

use super::*;

/// Input. Positions are pixels of the simulated monitor (`SimConfig::screen`), origin at
/// the top-left, the same pixels a screenshot has; see `wowsim_api::input` for the rules.
impl Simulator {
    /// The cursor moved to `(x, y)` pixels: OnEnter/OnLeave, drags, moving frames.
    pub fn mouse_move(&mut self, x: f32, y: f32) -> Result<(), SimError> {
        let (ux, uy) = wowsim_api::input::pixels_to_ui(&self.lua, x, y);
        Ok(wowsim_api::input::mouse::mouse_move(&self.lua, ux, uy)?)
    }

    /// A mouse button went down (`LeftButton`, `RightButton`, `MiddleButton`, `Button4`...).
    pub fn mouse_down(&mut self, button: &str) -> Result<(), SimError> {
        Ok(wowsim_api::input::mouse::mouse_down(&self.lua, button)?)
    }

    /// A mouse button went up (clicks, OnMouseUp, OnDragStop).
    pub fn mouse_up(&mut self, button: &str) -> Result<(), SimError> {
        Ok(wowsim_api::input::mouse::mouse_up(&self.lua, button)?)
    }

    /// The wheel turned (`delta` notches, positive = up).
    pub fn mouse_wheel(&mut self, delta: f64) -> Result<(), SimError> {
        Ok(wowsim_api::input::mouse::mouse_wheel(&self.lua, delta)?)
    }

    /// A key went down (client key names: `A`, `ENTER`, `ESCAPE`, `LSHIFT`...).
    pub fn key_down(&mut self, key: &str) -> Result<(), SimError> {
        Ok(wowsim_api::input::keyboard::key_down(&self.lua, key)?)
    }

    /// A key went up.
    pub fn key_up(&mut self, key: &str) -> Result<(), SimError> {
        Ok(wowsim_api::input::keyboard::key_up(&self.lua, key)?)
    }

    /// Typed text (into the focused EditBox, else OnChar on keyboard-enabled frames).
    pub fn text_input(&mut self, text: &str) -> Result<(), SimError> {
        Ok(wowsim_api::input::keyboard::text_input(&self.lua, text)?)
    }

    /// The cursor in pixels, if the mouse has moved.
    pub fn cursor(&self) -> Option<(f32, f32)> {
        let c = wowsim_api::input::with_input(&self.lua, |s| s.cursor)?;
        Some(wowsim_api::input::ui_to_pixels(&self.lua, c.0, c.1))
    }

    /// The frame that has the mouse (OnEnter was fired on it).
    pub fn mouse_focus(&self) -> Option<u32> {
        wowsim_api::input::with_input(&self.lua, |s| s.motion_focus)
    }

    /// The topmost visible frame at `(x, y)` pixels, mouse-enabled or not (for inspecting).
    pub fn frame_at(&self, x: f32, y: f32) -> Option<u32> {
        let c = wowsim_api::input::pixels_to_ui(&self.lua, x, y);
        let mut ui = self.lua.app_data_mut::<UiState>().expect("ui");
        wowsim_api::input::hit::topmost_visible_at(&mut ui, c)
    }

    /// The inspector's lines about a frame (name, type, rect, anchors, strata, scripts...).
    pub fn describe_frame(&self, id: u32) -> Vec<String> {
        wowsim_api::input::inspect::describe(&self.lua, id).unwrap_or_default()
    }

    /// The pixel position of a named frame's centre (for scripted input), if it has a rect.
    pub fn frame_center(&self, name: &str) -> Option<(f32, f32)> {
        let c = {
            let mut ui = self.lua.app_data_mut::<UiState>().expect("ui");
            let id = ui
                .objects
                .iter()
                .position(|o| o.name.as_deref() == Some(name))? as u32;
            let r = wowsim_api::widgets::region::rect_of(&mut ui, id)?;
            let s = ui.layout.effective_scale(ui.get(id)?.node?);
            (r.center().0 * s, r.center().1 * s)
        };
        Some(wowsim_api::input::ui_to_pixels(&self.lua, c.0, c.1))
    }
}
