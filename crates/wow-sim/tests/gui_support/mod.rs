//! Helpers for the window test: a private Xvfb display, the wow-sim process with its stderr
//! in a file, screenshots through ImageMagick's `import`, input through `xdotool`, and a
//! polite close (the WM_DELETE_WINDOW message a window manager sends for the close button).
#![allow(unsafe_code)] // Xlib calls for the close message, nothing else

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use wowsim_raster::RgbaImage;

/// Whether a program is on PATH.
pub fn on_path(prog: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(prog).is_file()))
}

/// A virtual X display, killed when dropped.
pub struct Xvfb {
    child: Child,
    pub display: String,
}

impl Xvfb {
    /// Starts Xvfb on the first free display number from 60 up.
    pub fn start() -> Xvfb {
        for n in 60..120 {
            let sock = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
            if sock.exists() || Path::new(&format!("/tmp/.X{n}-lock")).exists() {
                continue;
            }
            let child = Command::new("Xvfb")
                .args([
                    &format!(":{n}"),
                    "-screen",
                    "0",
                    "1600x900x24",
                    "-nolisten",
                    "tcp",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start Xvfb");
            let mut x = Xvfb {
                child,
                display: format!(":{n}"),
            };
            if wait_until(Duration::from_secs(15), || sock.exists()) {
                return x;
            }
            let _ = x.child.kill();
        }
        panic!("no free X display between :60 and :119, or Xvfb does not start");
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Polls `f` every 100 ms until it is true or `limit` passes.
pub fn wait_until(limit: Duration, mut f: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if f() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    f()
}

/// The wow-sim process, killed when dropped if still running.
pub struct Window {
    pub child: Child,
    pub stderr: PathBuf,
    pub display: String,
    pub id: String,
}

impl Window {
    /// Starts `wow-sim ARGS` (the window) on `display`, waits for its first frame.
    pub fn open(display: &str, args: &[&str], stderr: PathBuf) -> Window {
        let child = Command::new(env!("CARGO_BIN_EXE_wow-sim"))
            .args(args)
            .env("DISPLAY", display)
            .env("ICED_BACKEND", "tiny-skia")
            .env("WOW_SIM_NO_LUA_CACHE", "true")
            .env_remove("WOW_SIM_ADDONS")
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&stderr).expect("stderr file"))
            .spawn()
            .expect("start wow-sim");
        let mut w = Window {
            child,
            stderr,
            display: display.to_string(),
            id: String::new(),
        };
        let ready = wait_until(Duration::from_secs(180), || {
            w.log().contains("window ready") || w.exited()
        });
        assert!(
            ready && !w.exited(),
            "the window did not come up:\n{}",
            w.log()
        );
        let found = wait_until(Duration::from_secs(20), || {
            w.id = w.xdotool(&["search", "--onlyvisible", "--name", "^wow-sim$"]);
            !w.id.is_empty()
        });
        assert!(found, "no visible window named wow-sim:\n{}", w.log());
        w.id = w.id.lines().next().unwrap_or_default().to_string();
        // No window manager gives focus on Xvfb: take it, or key events go nowhere.
        w.xdotool(&["windowfocus", "--sync", &w.id]);
        w
    }

    fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// What wow-sim wrote to stderr so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// Waits until stderr holds `text`; panics with the log otherwise.
    pub fn expect_log(&mut self, text: &str) {
        let ok = wait_until(Duration::from_secs(30), || self.log().contains(text));
        assert!(ok, "wow-sim never wrote {text:?}; stderr:\n{}", self.log());
    }

    /// Runs xdotool on the display; returns its stdout.
    pub fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .expect("run xdotool");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Moves the pointer to window pixels and clicks the left button.
    pub fn click(&self, x: u32, y: u32) {
        let (x, y) = (x.to_string(), y.to_string());
        self.xdotool(&["mousemove", "--window", &self.id, &x, &y]);
        std::thread::sleep(Duration::from_millis(200));
        self.xdotool(&["click", "1"]);
    }

    /// A screenshot of the window (ImageMagick `import`).
    pub fn screenshot(&self, path: &Path) -> RgbaImage {
        let st = Command::new("import")
            .args(["-window", &self.id, &format!("png:{}", path.display())])
            .env("DISPLAY", &self.display)
            .status()
            .expect("run import");
        assert!(st.success(), "import failed");
        let bytes = std::fs::read(path).expect("read screenshot");
        wowsim_raster::decode::decode_png(&bytes).expect("decode screenshot")
    }

    /// Asks the window to close, as a window manager's close button does.
    pub fn request_close(&self) {
        let id: u64 = self.id.parse().expect("window id");
        send_delete_window(&self.display, id);
    }

    /// Waits for the process to end; returns whether it exited with success.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<bool> {
        let mut status = None;
        wait_until(limit, || {
            status = self.child.try_wait().ok().flatten();
            status.is_some()
        });
        status.map(|s| s.success())
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        if !self.exited() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A pixel of an image (RGBA).
pub fn pixel(img: &RgbaImage, x: u32, y: u32) -> [u8; 4] {
    let i = ((y * img.width + x) * 4) as usize;
    [
        img.pixels[i],
        img.pixels[i + 1],
        img.pixels[i + 2],
        img.pixels[i + 3],
    ]
}

/// Sends WM_DELETE_WINDOW to a window through Xlib (loaded at run time by x11-dl).
fn send_delete_window(display: &str, window: u64) {
    use std::ffi::CString;
    use x11_dl::xlib;
    let x = xlib::Xlib::open().expect("load libX11");
    let name = CString::new(display).expect("display name");
    let protocols = CString::new("WM_PROTOCOLS").expect("atom name");
    let delete = CString::new("WM_DELETE_WINDOW").expect("atom name");
    // SAFETY: plain Xlib calls on a display we open and close here; the event is a
    // fully initialised ClientMessage.
    unsafe {
        let d = (x.XOpenDisplay)(name.as_ptr());
        assert!(!d.is_null(), "cannot open display {display}");
        let mut data = xlib::ClientMessageData::new();
        data.set_long(
            0,
            (x.XInternAtom)(d, delete.as_ptr(), 0) as std::os::raw::c_long,
        );
        let msg = xlib::XClientMessageEvent {
            type_: xlib::ClientMessage,
            serial: 0,
            send_event: 1,
            display: d,
            window,
            message_type: (x.XInternAtom)(d, protocols.as_ptr(), 0),
            format: 32,
            data,
        };
        let mut ev: xlib::XEvent = msg.into();
        (x.XSendEvent)(d, window, 0, xlib::NoEventMask, &mut ev);
        (x.XFlush)(d);
        (x.XCloseDisplay)(d);
    }
}
