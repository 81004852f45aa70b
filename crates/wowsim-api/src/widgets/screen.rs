//! The screen: physical resolution and the UI coordinate space derived from it (768 units
//! high at UI scale 1, width from the aspect ratio), which sizes UIParent.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetScreenWidth()`, `GetScreenHeight()` | [`ui_screen_size`] |
//! | `GetPhysicalScreenSize()` | [`PHYSICAL_SIZE`] |
pub use wowsim_ui::screen::*;

use super::UiState;
use mlua::Lua;

/// Installs the screen globals.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.raw_set(
        "GetScreenWidth",
        lua.create_function(|lua, ()| {
            let ui = lua.app_data_ref::<UiState>().expect("ui");
            Ok((ui.layout.screen_size().0 / ui.ui_scale) as f64)
        })?,
    )?;
    g.raw_set(
        "GetScreenHeight",
        lua.create_function(|lua, ()| {
            let ui = lua.app_data_ref::<UiState>().expect("ui");
            Ok((ui.layout.screen_size().1 / ui.ui_scale) as f64)
        })?,
    )?;
    g.raw_set(
        "GetPhysicalScreenSize",
        lua.create_function(|lua, ()| {
            let ui = lua.app_data_ref::<UiState>().expect("ui");
            Ok(ui.physical)
        })?,
    )?;
    Ok(())
}
