//! ColorSelect: the colour picker's state. The colour is kept as RGB; `GetColorHSV` and
//! `SetColorHSV` convert (hue in degrees 0–360, saturation and value 0–1, as the client).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetColorRGB(r, g, b)` (fires OnColorSelect), `GetColorRGB` | [`install`] |
//! | `SetColorHSV(h, s, v)`, `GetColorHSV` | [`rgb_to_hsv`], [`hsv_to_rgb`] |
//! | `ClearColorWheelTexture` | [`install`] |
//! | `SetColorAlpha`, textures | generic (`fields`, `button`) |
pub use wowsim_ui::color_select::*;

use super::fields::FieldVal;
use super::util::{get_field, install_methods, need_num, ret, self_id, set_field, Method};
use mlua::Lua;

fn rgb(lua: &Lua, id: u32) -> (f64, f64, f64) {
    let c = |f: &str| match get_field(lua, id, f) {
        FieldVal::Num(n) => n,
        _ => 1.0,
    };
    (c("colorR"), c("colorG"), c("colorB"))
}

fn set_rgb(lua: &Lua, id: u32, (r, g, b): (f64, f64, f64)) {
    for (f, v) in [("colorR", r), ("colorG", g), ("colorB", b)] {
        set_field(lua, id, f, FieldVal::Num(v.clamp(0.0, 1.0)));
    }
}

/// Fires OnColorSelect(self, r, g, b) with the colour now held. The client fires it when a
/// script sets the colour too: Blizzard's ColorPickerFrame sets the colour last because,
/// as its comment says, `SetColorRGB` calls the swatch function (run from OnColorSelect).
fn color_selected(lua: &Lua, id: u32) -> mlua::Result<()> {
    let (r, g, b) = rgb(lua, id);
    super::fire_script(lua, id, "OnColorSelect", (r, g, b))
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("ColorSelect", "SetColorRGB", set_color_rgb),
        ("ColorSelect", "GetColorRGB", get_color_rgb),
        ("ColorSelect", "SetColorHSV", set_color_hsv),
        ("ColorSelect", "GetColorHSV", get_color_hsv),
        (
            "ColorSelect",
            "ClearColorWheelTexture",
            clear_color_wheel_texture,
        ),
    ];
    install_methods(lua, methods)
}

/// `ColorSelect:SetColorRGB`.
fn set_color_rgb(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetColorRGB")?;
    let u = "ColorSelect:SetColorRGB(r, g, b)";
    let c = (
        need_num(lua, &a, 1, u)?,
        need_num(lua, &a, 2, u)?,
        need_num(lua, &a, 3, u)?,
    );
    set_rgb(lua, id, c);
    color_selected(lua, id)?;
    ret(lua, ())
}

/// `ColorSelect:GetColorRGB`.
fn get_color_rgb(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetColorRGB")?;
    let (r, g, b) = rgb(lua, id);
    ret(lua, (r, g, b))
}

/// `ColorSelect:SetColorHSV`.
fn set_color_hsv(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetColorHSV")?;
    let u = "ColorSelect:SetColorHSV(h, s, v)";
    let (h, s, v) = (
        need_num(lua, &a, 1, u)?,
        need_num(lua, &a, 2, u)?,
        need_num(lua, &a, 3, u)?,
    );
    set_rgb(lua, id, hsv_to_rgb(h, s.clamp(0.0, 1.0), v.clamp(0.0, 1.0)));
    color_selected(lua, id)?;
    ret(lua, ())
}

/// `ColorSelect:GetColorHSV`.
fn get_color_hsv(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetColorHSV")?;
    let (r, g, b) = rgb(lua, id);
    let (h, s, v) = rgb_to_hsv(r, g, b);
    ret(lua, (h, s, v))
}

/// `ColorSelect:ClearColorWheelTexture`.
fn clear_color_wheel_texture(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearColorWheelTexture")?;
    set_field(lua, id, "colorWheelTexture", FieldVal::Nil);
    ret(lua, ())
}
