//! The wow-sim window: the simulated UI drawn live, with mouse and keyboard going into the
//! `Simulator`'s input API, and a side panel (errors, Lua console, frame inspector, chat line,
//! reload, frame time). The only crate that depends on iced.
//!
//! One rendering path: each frame the core's `DrawList` is rasterized on the CPU by
//! `wowsim-raster` (the same code as `wow-sim screenshot`) and shown as an image, so the
//! window and screenshots never disagree. iced only draws that image and the panel; its
//! tiny-skia backend is software rendering (`ICED_BACKEND=tiny-skia`), no GPU needed.
//!
//! | wow-sim concept | Rust |
//! | --- | --- |
//! | open the window and run until it closes | [`run`] |
//! | the application state, the frame loop, reload | `app` |
//! | iced events → `Simulator::mouse_*` / `key_*` / `text_input` | `input_map` |
//! | the side panel | `panel` |

#[cfg(feature = "iced-dylib")]
extern crate iced_dynamic as iced;
#[cfg(not(feature = "iced-dylib"))]
extern crate iced_static as iced;

mod app;
mod input_map;
mod panel;

use wowsim_core::SimConfig;

/// What the window runs.
#[derive(Clone, Debug)]
pub struct GuiOptions {
    /// The simulator's configuration (`screen` is replaced by the window's game area size).
    pub config: SimConfig,
    /// Lua run once after the first frame is drawn: (code, chunk name).
    pub exec_lua: Option<(String, String)>,
    /// The game area's initial size in pixels.
    pub size: (u32, u32),
    /// Show the side panel at start.
    pub panel: bool,
}

/// Opens the window and runs until it is closed (closing logs out: `PLAYER_LOGOUT`,
/// SavedVariables written). Chat output and notes go to stderr as they happen.
pub fn run(opts: GuiOptions) -> Result<(), String> {
    // The window is built for X11 only (iced's `x11` feature): without an X display winit
    // cannot start, so say what to do instead of failing inside it.
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        return Err(
            "the window needs an X display and DISPLAY is not set: run it on a desktop, \
                    or under a virtual display (`xvfb-run wow-sim`); headless commands such as \
                    `wow-sim lua-errors` or `wow-sim screenshot` need none"
                .into(),
        );
    }
    let (w, h) = opts.size;
    let panel_w = if opts.panel { panel::WIDTH } else { 0.0 };
    let boot_opts = opts.clone();
    iced::application(
        move || app::App::boot(boot_opts.clone()),
        app::App::update,
        app::App::view,
    )
    .title(|_: &app::App| "wow-sim".to_string())
    .subscription(app::App::subscription)
    .font(wowsim_render::text::font_bytes())
    .default_font(iced::Font::with_name("DejaVu Sans Condensed"))
    .window_size(iced::Size::new(w as f32 + panel_w, h as f32))
    .exit_on_close_request(false)
    .antialiasing(false)
    .run()
    .map_err(|e| format!("the window could not run: {e}"))
}
