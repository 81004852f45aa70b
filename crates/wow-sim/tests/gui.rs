//! The window end to end under a virtual X display: wow-sim opens with a fixture addon, xdotool
//! clicks a button (its colour texture turns from red to green on screen, its OnClick prints)
//! and types into an EditBox (the text appears on screen, OnTextChanged/OnEnterPressed print),
//! then the window is closed as a window manager would (logout: SavedVariables written).
//!
//! Needs `Xvfb`, `xdotool` and ImageMagick's `import` (`apt-get install xvfb xdotool
//! imagemagick`), so it runs only with `WOWSIM_GUI_TEST=1` (`.ci/run` installs them and sets
//! it); otherwise the test is reported as ignored, never as passed, and a line on stderr says
//! how to run it. With the variable set and a tool missing, it fails naming the tool. A custom
//! harness (libtest-mimic), so "ignored" can depend on the environment.

mod gui_support;

use gui_support::{on_path, pixel, Window, Xvfb};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use std::time::Duration;

const TOC: &str =
    "## Interface: 110200\n## Title: GuiTest\n## SavedVariables: GuiTestDB\nGuiTest.lua\n";

const LUA: &str = r#"
GuiTestDB = GuiTestDB or {}
local b = CreateFrame("Button", "GuiTestButton", UIParent)
b:SetPoint("TOPLEFT", 100, -100)
b:SetSize(120, 60)
local t = b:CreateTexture(nil, "BACKGROUND")
t:SetAllPoints()
t:SetColorTexture(1, 0, 0)
b:SetScript("OnClick", function(self, button)
  t:SetColorTexture(0, 1, 0)
  GuiTestDB.clicks = (GuiTestDB.clicks or 0) + 1
  print("clicked " .. button)
end)
local e = CreateFrame("EditBox", "GuiTestEdit", UIParent)
e:SetPoint("TOPLEFT", 100, -250)
e:SetSize(300, 30)
e:SetAutoFocus(false)
e:SetFontObject(GameFontNormal)
local bg = e:CreateTexture(nil, "BACKGROUND")
bg:SetAllPoints()
bg:SetColorTexture(0, 0, 0.4)
e:SetScript("OnTextChanged", function(self, user)
  if user then print("typed " .. self:GetText()) end
end)
e:SetScript("OnEnterPressed", function(self)
  GuiTestDB.text = self:GetText()
  print("entered " .. self:GetText())
  self:ClearFocus()
end)
"#;

fn is_red(p: [u8; 4]) -> bool {
    p[0] > 200 && p[1] < 60 && p[2] < 60
}

fn is_green(p: [u8; 4]) -> bool {
    p[1] > 200 && p[0] < 60 && p[2] < 60
}

/// GameFontNormal's gold text on the edit box's dark blue.
fn text_pixels(img: &wowsim_raster::RgbaImage) -> usize {
    let mut n = 0;
    for y in 250..280 {
        for x in 100..400 {
            let p = pixel(img, x, y);
            if p[0] > 120 && p[1] > 90 && p[2] < 100 {
                n += 1;
            }
        }
    }
    n
}

fn write_addon(dir: &Path) {
    let a = dir.join("AddOns/GuiTest");
    std::fs::create_dir_all(&a).unwrap();
    std::fs::write(a.join("GuiTest.toc"), TOC).unwrap();
    std::fs::write(a.join("GuiTest.lua"), LUA).unwrap();
}

fn find_file(dir: &Path, name: &str) -> Option<std::path::PathBuf> {
    for e in std::fs::read_dir(dir).ok()?.flatten() {
        let p = e.path();
        if p.is_dir() {
            if let Some(f) = find_file(&p, name) {
                return Some(f);
            }
        } else if p.file_name().is_some_and(|n| n == name) {
            return Some(p);
        }
    }
    None
}

const ENABLE: &str = "WOWSIM_GUI_TEST";

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let enabled = std::env::var_os(ENABLE).is_some_and(|v| v == "1");
    if !enabled && !args.list {
        eprintln!(
            "gui: the window test was not run (ignored): set {ENABLE}=1 to run it; it needs \
             Xvfb, xdotool and ImageMagick (apt-get install xvfb xdotool imagemagick)"
        );
    }
    let trial = Trial::test(
        "window_takes_mouse_and_keyboard",
        window_takes_mouse_and_keyboard,
    )
    .with_ignored_flag(!enabled);
    libtest_mimic::run(&args, vec![trial]).exit_code()
}

fn window_takes_mouse_and_keyboard() -> Result<(), Failed> {
    let missing: Vec<&str> = ["Xvfb", "xdotool", "import"]
        .into_iter()
        .filter(|p| !on_path(p))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} not installed (apt-get install -y xvfb xdotool imagemagick)",
            missing.join(", ")
        )
        .into());
    }
    let dir = std::env::temp_dir().join(format!("wowsim-gui-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    write_addon(&dir);
    let wtf = dir.join("WTF");
    let addons = dir.join("AddOns");
    let xvfb = Xvfb::start();
    let mut win = Window::open(
        &xvfb.display,
        &[
            "--addons",
            addons.to_str().unwrap(),
            "--wtf",
            wtf.to_str().unwrap(),
            "--no-blizzard-ui",
            "--no-resources",
        ],
        dir.join("stderr.txt"),
    );
    let shot = dir.join("shot.png");

    let mut first = [0; 4];
    let red = gui_support::wait_until(Duration::from_secs(30), || {
        first = pixel(&win.screenshot(&shot), 160, 130);
        is_red(first)
    });
    assert!(red, "the button should show red, got {first:?}");

    win.click(160, 130);
    win.expect_log("[chat] clicked LeftButton");
    let turned = gui_support::wait_until(Duration::from_secs(20), || {
        is_green(pixel(&win.screenshot(&shot), 160, 130))
    });
    assert!(turned, "the button did not turn green on screen");

    win.click(250, 265);
    std::thread::sleep(Duration::from_millis(300));
    win.xdotool(&["type", "--delay", "60", "hello"]);
    win.expect_log("[chat] typed hello");
    let shown = gui_support::wait_until(Duration::from_secs(20), || {
        text_pixels(&win.screenshot(&shot)) > 30
    });
    assert!(shown, "the typed text does not show in the edit box");
    win.xdotool(&["key", "Return"]);
    win.expect_log("[chat] entered hello");

    win.request_close();
    let exit = win.wait_exit(Duration::from_secs(60));
    assert_eq!(
        exit,
        Some(true),
        "wow-sim did not exit cleanly:\n{}",
        win.log()
    );
    assert!(win.log().contains("logged out"), "{}", win.log());
    let saved = find_file(&wtf, "GuiTest.lua").expect("GuiTest SavedVariables written at logout");
    let text = std::fs::read_to_string(saved).unwrap();
    assert!(
        text.contains("\"hello\"") && text.contains("clicks"),
        "{text}"
    );
    drop(xvfb);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
