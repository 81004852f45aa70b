//! `wowsim.MatchScreenshot(name [, frame])` for specs: draws the UI (or one named frame,
//! cropped to its rectangle) and compares it pixel for pixel with the stored PNG
//! `__screenshots__/<name>.png` beside the spec file. A missing picture is written (the first
//! run records it); a different one fails with where it differs and writes
//! `<name>.actual.png` beside it; `wow-sim test --bless` rewrites them. Drawing is the
//! front end's (the rasterizer is not below this crate): it installs a [`Renderer`].

use mlua::{IntoLuaMulti, Lua, MultiValue, Value};
use std::path::{Path, PathBuf};
use wowsim_api::widgets::{self, UiState};

/// What a renderer is asked: draw `list`, crop to `crop` (w, h, x, y) when given, compare with
/// the PNG at `expected` (or write it: when missing, or `bless`). `Ok(None)` when it matched or
/// was written, `Ok(Some(why))` when it differs.
pub(crate) type RenderFn = dyn Fn(
    &wowsim_render::DrawList,
    Option<(u32, u32, u32, u32)>,
    &Path,
    bool,
) -> Result<Option<String>, String>;

/// The front end's renderer and whether to bless (VM app data).
pub(crate) struct Renderer {
    pub render: Box<RenderFn>,
    pub bless: bool,
}

/// The folder of stored pictures of the spec file running now (VM app data).
#[derive(Clone, Debug, Default)]
pub(crate) struct ScreenshotDir(pub Option<PathBuf>);

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 100
        && !name.contains("..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The pixel rectangle (w, h, x, y) of frame `id`, clipped to the screen.
fn frame_crop(lua: &Lua, id: u32) -> Option<(u32, u32, u32, u32)> {
    let (rect, scale, screen) = {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        let rect = widgets::region::rect_of(&mut ui, id)?;
        let scale = ui.layout.effective_scale(ui.get(id)?.node?);
        (rect, scale, ui.physical)
    };
    let (x0, y0) = wowsim_api::input::ui_to_pixels(lua, rect.left * scale, rect.top() * scale);
    let (x1, y1) = wowsim_api::input::ui_to_pixels(lua, rect.right() * scale, rect.bottom * scale);
    let clamp = |v: f32, max: u32| v.round().clamp(0.0, max as f32) as u32;
    let (l, t) = (clamp(x0, screen.0), clamp(y0, screen.1));
    let (r, b) = (clamp(x1, screen.0), clamp(y1, screen.1));
    (r > l && b > t).then(|| (r - l, b - t, l, t))
}

/// `wowsim.MatchScreenshot(name [, frame or frame name])` → `true`, or `false` and why.
pub(crate) fn match_screenshot(
    lua: &Lua,
    (name, frame): (Value, Value),
) -> mlua::Result<MultiValue> {
    let usage = "Usage: wowsim.MatchScreenshot(name [, frame])";
    let Value::String(name) = name else {
        return Err(wowsim_lua::lua_error(lua, usage));
    };
    let name = name.to_string_lossy();
    if !valid_name(&name) {
        return Err(wowsim_lua::lua_error(
            lua,
            format!("{usage}: the name may have letters, digits, '_', '-' and '.' only"),
        ));
    }
    let (filter, crop) = match &frame {
        Value::Nil => (None, None),
        v => {
            let id = super::helpers::frame_id(lua, v, "wowsim.MatchScreenshot")?;
            let global = lua
                .app_data_ref::<UiState>()
                .expect("ui")
                .get(id)
                .and_then(|o| o.name.clone());
            let Some(global) = global else {
                return Err(wowsim_lua::lua_error(
                    lua,
                    "wowsim.MatchScreenshot: the frame needs a global name",
                ));
            };
            (Some(global), frame_crop(lua, id))
        }
    };
    let dir = lua
        .app_data_ref::<ScreenshotDir>()
        .and_then(|d| d.0.clone());
    let Some(dir) = dir else {
        return Err(wowsim_lua::lua_error(
            lua,
            "wowsim.MatchScreenshot: only specs can compare pictures",
        ));
    };
    let path = dir.join(format!("{name}.png"));
    let list = crate::simulator::draw_list_vm(
        lua,
        &wowsim_ui::draw::DrawOptions {
            filter,
            ..Default::default()
        },
    );
    let outcome = match lua.app_data_ref::<Renderer>() {
        Some(r) => (r.render)(&list, crop, &path, r.bless),
        None => Err("this front end draws no pictures".into()),
    };
    match outcome {
        Ok(None) => true.into_lua_multi(lua),
        Ok(Some(why)) => (false, why).into_lua_multi(lua),
        Err(e) => Err(wowsim_lua::lua_error(
            lua,
            format!("wowsim.MatchScreenshot: {e}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn picture_names_cannot_leave_the_folder() {
        assert!(super::valid_name("panel-open_2.v1"));
        for bad in ["", "../x", "a/b", "a\\b", "..", "x y"] {
            assert!(!super::valid_name(bad), "{bad}");
        }
    }
}
