//! The window's state and frame loop. Each frame: the virtual clock advances by the wall-clock
//! time since the last frame (one `Simulator::tick`), the UI is drawn to a `DrawList`, and when
//! that list changed it is rasterized (wowsim-raster, as screenshots are) into the image the
//! window shows. New chat lines go to stderr. Reload logs out (SavedVariables saved) and
//! builds a fresh `Simulator`; closing the window logs out and exits.
//!
//! | wow-sim concept | Rust |
//! | --- | --- |
//! | start (and reload) a simulator at the game area's size | [`App::start_sim`] |
//! | one frame: tick, draw, raster, timings | [`App::frame`] |
//! | resize: the simulated monitor follows the game area | [`App::fit`] |
//! | window close: logout, then exit | [`App::close`] |

use crate::input_map::{self, SimInput};
use crate::{panel, GuiOptions};
use iced::widget::{container, image, row};
use iced::{event, keyboard, mouse, window, Element, Length, Size, Subscription, Task};
use std::time::Instant;
use wowsim_core::DrawOptions;
use wowsim_core::{SimError, Simulator};
use wowsim_raster::{Root, TextureStore};
use wowsim_render::DrawList;

/// Everything the window reacts to.
#[derive(Debug, Clone)]
pub enum Message {
    Frame(Instant),
    Mouse(mouse::Event),
    Key(keyboard::Event),
    Resized(Size),
    CloseRequested,
    TogglePanel,
    ConsoleInput(String),
    ConsoleSubmit,
    ChatInput(String),
    ChatSubmit,
    Reload,
}

/// Frame time figures in milliseconds: smoothed for the panel, summed for the report at exit.
#[derive(Default, Debug, Clone, Copy)]
pub struct Timing {
    pub tick: f64,
    pub draw: f64,
    /// Only frames whose picture changed are rasterized; this is their raster time.
    pub raster: f64,
    pub frame: f64,
    pub rasters: u64,
    sums: [f64; 3],
}

impl Timing {
    fn add(&mut self, tick: f64, draw: f64, raster: Option<f64>) {
        self.tick = smooth(self.tick, tick);
        self.draw = smooth(self.draw, draw);
        self.sums[0] += tick;
        self.sums[1] += draw;
        if let Some(r) = raster {
            self.raster = smooth(self.raster, r);
            self.sums[2] += r;
            self.rasters += 1;
        }
        self.frame = smooth(self.frame, tick + draw + raster.unwrap_or(0.0));
    }

    /// Mean tick and draw per frame, mean raster per rasterized frame.
    pub fn means(&self, frames: u64) -> (f64, f64, f64) {
        let f = frames.max(1) as f64;
        let r = self.rasters.max(1) as f64;
        (self.sums[0] / f, self.sums[1] / f, self.sums[2] / r)
    }
}

fn smooth(old: f64, new: f64) -> f64 {
    if old == 0.0 {
        new
    } else {
        old * 0.9 + new * 0.1
    }
}

/// The frame rate the loop keeps to (it sleeps off the rest of each frame).
const FPS: f64 = 60.0;

/// The window's state.
pub struct App {
    pub opts: GuiOptions,
    pub sim: Option<Simulator>,
    pub fatal: Option<String>,
    store: TextureStore,
    image: Option<image::Handle>,
    last_list: Option<DrawList>,
    last_frame: Option<Instant>,
    pub frames: u64,
    exec_pending: bool,
    pub panel: bool,
    window: Size,
    pub cursor: Option<(f32, f32)>,
    pub console_input: String,
    pub console_log: Vec<String>,
    pub chat_input: String,
    printed: usize,
    pub timing: Timing,
}

impl App {
    /// Creates the state and starts the first simulator.
    pub fn boot(opts: GuiOptions) -> App {
        let (w, h) = opts.size;
        let panel_w = if opts.panel { panel::WIDTH } else { 0.0 };
        let mut app = App {
            exec_pending: opts.exec_lua.is_some(),
            panel: opts.panel,
            opts,
            sim: None,
            fatal: None,
            store: TextureStore::new(Vec::new()),
            image: None,
            last_list: None,
            last_frame: None,
            frames: 0,
            window: Size::new(w as f32 + panel_w, h as f32),
            cursor: None,
            console_input: String::new(),
            console_log: Vec::new(),
            chat_input: String::new(),
            printed: 0,
            timing: Timing::default(),
        };
        app.start_sim();
        app
    }

    /// The game area in pixels (the window less the panel).
    pub fn game_size(&self) -> (u32, u32) {
        let panel_w = if self.panel { panel::WIDTH } else { 0.0 };
        let w = (self.window.width - panel_w).max(1.0) as u32;
        (w, self.window.height.max(1.0) as u32)
    }

    /// Builds and starts a simulator at the game area's size.
    pub fn start_sim(&mut self) {
        let mut config = self.opts.config.clone();
        config.screen = self.game_size();
        self.printed = 0;
        self.last_list = None;
        self.last_frame = None;
        let mut sim = match Simulator::new(config) {
            Ok(s) => s,
            Err(e) => return self.fail(format!("cannot start: {e}")),
        };
        for n in &sim.notes {
            eprintln!("wow-sim: note: {n}");
        }
        if let Err(e) = sim.start() {
            return self.fail(format!("internal error in the Lua VM: {e}"));
        }
        let roots = sim
            .texture_roots()
            .into_iter()
            .map(|(p, d)| Root::new(&p, d))
            .collect();
        self.store = TextureStore::new(roots);
        self.sim = Some(sim);
    }

    fn fail(&mut self, msg: String) {
        eprintln!("wow-sim: {msg}");
        self.fatal = Some(msg);
        self.sim = None;
    }

    /// Runs `f` on the simulator; an internal error stops it (shown in the panel).
    pub fn with_sim<R>(
        &mut self,
        f: impl FnOnce(&mut Simulator) -> Result<R, SimError>,
    ) -> Option<R> {
        let sim = self.sim.as_mut()?;
        match f(sim) {
            Ok(r) => Some(r),
            Err(e) => {
                self.fail(format!("internal error in the Lua VM: {e}"));
                None
            }
        }
    }

    /// The simulated monitor follows the game area.
    fn fit(&mut self) {
        let (w, h) = self.game_size();
        self.with_sim(|s| s.resize(w, h));
    }

    /// One frame of the loop.
    fn frame(&mut self, _presented: Instant) {
        if let Some(last) = self.last_frame {
            let budget = std::time::Duration::from_secs_f64(1.0 / FPS);
            if let Some(rest) = budget.checked_sub(last.elapsed()) {
                std::thread::sleep(rest);
            }
        }
        let now = Instant::now();
        let t0 = now;
        let dt = self
            .last_frame
            .map_or(0.0, |l| now.saturating_duration_since(l).as_secs_f64())
            .min(0.25);
        self.last_frame = Some(now);
        if dt > 0.0 {
            self.with_sim(|s| s.tick(dt));
        }
        if self.exec_pending && self.frames >= 1 {
            self.exec_pending = false;
            if let Some((code, name)) = self.opts.exec_lua.clone() {
                self.with_sim(|s| s.exec_lua(&code, &name));
            }
        }
        let t1 = Instant::now();
        let Some(sim) = self.sim.as_ref() else {
            return;
        };
        let list = sim.draw_list(&DrawOptions::default());
        let t2 = Instant::now();
        let rastered = self.last_list.as_ref() != Some(&list);
        if rastered {
            let img = wowsim_raster::render(&list, &mut self.store);
            self.image = Some(image::Handle::from_rgba(img.width, img.height, img.pixels));
            self.last_list = Some(list);
        }
        let t3 = Instant::now();
        let out = sim.output();
        for line in out.iter().skip(self.printed) {
            eprintln!("[chat] {line}");
        }
        self.printed = out.len();
        if self.frames == 0 {
            let (w, h) = self.game_size();
            eprintln!("wow-sim: window ready ({w}x{h})");
        }
        self.frames += 1;
        let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1000.0;
        let raster = rastered.then(|| ms(t2, t3));
        self.timing.add(ms(t0, t1), ms(t1, t2), raster);
    }

    fn input(&mut self, i: SimInput) {
        match i {
            SimInput::Move(x, y) => self.with_sim(|s| s.mouse_move(x, y)),
            SimInput::Down(b) => self.with_sim(|s| s.mouse_down(b)),
            SimInput::Up(b) => self.with_sim(|s| s.mouse_up(b)),
            SimInput::Wheel(d) => self.with_sim(|s| s.mouse_wheel(d)),
            SimInput::KeyDown(k, text) => self.with_sim(|s| {
                s.key_down(&k)?;
                match text {
                    Some(t) => s.text_input(&t),
                    None => Ok(()),
                }
            }),
            SimInput::KeyUp(k) => self.with_sim(|s| s.key_up(&k)),
        };
    }

    fn mouse(&mut self, ev: mouse::Event) {
        let (gw, gh) = self.game_size();
        let in_game = |x: f32, y: f32| x >= 0.0 && y >= 0.0 && x < gw as f32 && y < gh as f32;
        match ev {
            mouse::Event::CursorMoved { position: p } => {
                if in_game(p.x, p.y) {
                    self.cursor = Some((p.x, p.y));
                    self.input(SimInput::Move(p.x, p.y));
                } else {
                    self.cursor = None;
                }
            }
            mouse::Event::ButtonPressed(b) if self.cursor.is_some() => {
                if let Some(n) = input_map::button_name(b) {
                    self.input(SimInput::Down(n));
                }
            }
            mouse::Event::ButtonReleased(b) => {
                if let Some(n) = input_map::button_name(b) {
                    self.input(SimInput::Up(n));
                }
            }
            mouse::Event::WheelScrolled { delta } if self.cursor.is_some() => {
                self.input(SimInput::Wheel(input_map::wheel_delta(delta)));
            }
            _ => {}
        }
    }

    /// Logs out (SavedVariables written) and ends the program.
    fn close(&mut self) -> Task<Message> {
        let (tick, draw, raster) = self.timing.means(self.frames);
        eprintln!(
            "wow-sim: {} frames, {} rasterized; mean tick {tick:.2} ms, draw list {draw:.2} ms, raster {raster:.2} ms (per rasterized frame)",
            self.frames, self.timing.rasters
        );
        if let Some(msgs) = self.with_sim(|s| s.logout()) {
            for m in msgs {
                eprintln!("wow-sim: {m}");
            }
            eprintln!("wow-sim: logged out");
        }
        iced::exit()
    }

    pub fn update(&mut self, msg: Message) -> Task<Message> {
        match msg {
            Message::Frame(now) => self.frame(now),
            Message::Mouse(ev) => self.mouse(ev),
            Message::Key(ev) => {
                if let keyboard::Event::KeyPressed {
                    key: keyboard::Key::Named(keyboard::key::Named::F12),
                    ..
                } = ev
                {
                    return self.update(Message::TogglePanel);
                }
                if let Some(i) = input_map::key_pressed(&ev) {
                    self.input(i);
                }
            }
            Message::Resized(size) => {
                self.window = size;
                self.fit();
            }
            Message::CloseRequested => return self.close(),
            Message::TogglePanel => {
                self.panel = !self.panel;
                self.fit();
            }
            Message::ConsoleInput(s) => self.console_input = s,
            Message::ConsoleSubmit => panel::run_console(self),
            Message::ChatInput(s) => self.chat_input = s,
            Message::ChatSubmit => panel::run_chat(self),
            Message::Reload => {
                if let Some(msgs) = self.with_sim(|s| s.logout()) {
                    msgs.iter().for_each(|m| eprintln!("wow-sim: {m}"));
                }
                eprintln!("wow-sim: reloading the UI");
                self.start_sim();
            }
        }
        Task::none()
    }

    pub fn view(&self) -> Element<'_, Message> {
        let (w, h) = self.game_size();
        let game: Element<'_, Message> = match &self.image {
            Some(handle) => image(handle.clone())
                .width(Length::Fixed(w as f32))
                .height(Length::Fixed(h as f32))
                .content_fit(iced::ContentFit::None)
                .filter_method(image::FilterMethod::Nearest)
                .into(),
            None => container("").width(w as f32).height(h as f32).into(),
        };
        if self.panel {
            row![game, panel::view(self)].into()
        } else {
            game
        }
    }

    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            window::frames().map(Message::Frame),
            window::resize_events().map(|(_, s)| Message::Resized(s)),
            window::close_requests().map(|_| Message::CloseRequested),
            event::listen_with(|ev, status, _| match ev {
                iced::Event::Mouse(m) => Some(Message::Mouse(m)),
                iced::Event::Keyboard(k) if status == event::Status::Ignored => {
                    Some(Message::Key(k))
                }
                _ => None,
            }),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_core::{Flavor, SimConfig};

    /// The window's simulator with `--scenario FILE` (no display needed to boot the state).
    fn boot_with_scenario(name: &str, toml: &str) -> App {
        let dir = std::env::temp_dir().join(format!("wowsim-gui-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("{name}.toml"));
        std::fs::write(&file, toml).unwrap();
        let mut config = SimConfig::new(Flavor::Retail);
        config.scenario = Some(file);
        let app = App::boot(GuiOptions {
            config,
            exec_lua: None,
            size: (640, 480),
            panel: false,
        });
        let _ = std::fs::remove_dir_all(&dir);
        app
    }

    /// `--scenario` applies in the window as in the headless commands: its start state is what
    /// the window's client reports, its timeline runs on the window's clock, and a wrong file
    /// stops the start with its file and line.
    #[test]
    fn the_window_takes_a_scenario() {
        let mut app = boot_with_scenario(
            "raid",
            "[location]\nzone = \"Molten Core\"\ninstance_id = 409\ndifficulty = 9\n\n\
             [target]\nname = \"Lucifron\"\nhostile = true\n\n\
             [[timeline]]\nat = 0.5\ndo = \"enter_combat\"\n",
        );
        assert!(app.fatal.is_none(), "{:?}", app.fatal);
        let sim = app.sim.as_mut().expect("started");
        let eval = |sim: &Simulator, code: &str| sim.eval(code).unwrap().join(" ");
        assert_eq!(eval(sim, "(UnitName('target'))"), "Lucifron");
        assert_eq!(eval(sim, "GetRealZoneText()"), "Molten Core");
        assert_eq!(eval(sim, "(select(2, GetInstanceInfo()))"), "raid");
        assert_eq!(eval(sim, "InCombatLockdown()"), "false");
        sim.run_for(1.0).unwrap();
        assert_eq!(eval(sim, "InCombatLockdown()"), "true");

        let bad = boot_with_scenario("bad", "[location]\nsubzone = \"no zone\"\n");
        assert!(bad.sim.is_none());
        let msg = bad.fatal.unwrap_or_default();
        assert!(msg.contains("bad.toml:1: 'zone'"), "{msg}");
    }
}
