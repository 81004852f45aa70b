//! The side panel (toggle with F12 or its button): frame time, reload, the live error list
//! (the same records `lua-errors` prints), a Lua console (runs code like `--exec-lua`, shows
//! what it printed and the errors it raised), the frame inspector (the frame under the mouse)
//! and a chat line that runs slash commands.
//!
//! | panel part | Rust |
//! | --- | --- |
//! | the panel's widgets | [`view`] |
//! | the console's Enter | [`run_console`] |
//! | the chat line's Enter | [`run_chat`] |

use crate::app::{App, Message};
use iced::widget::{button, column, container, row, scrollable, text, text_input, Column};
use iced::{Element, Length};

/// The panel's width in pixels.
pub const WIDTH: f32 = 380.0;

const SMALL: u32 = 13;

fn heading(s: &str) -> Element<'_, Message> {
    text(s).size(15).into()
}

fn lines<'a>(v: impl IntoIterator<Item = String>) -> Column<'a, Message> {
    Column::with_children(v.into_iter().map(|l| text(l).size(SMALL).into())).spacing(2)
}

/// Runs the console line as Lua; what it printed and the errors it raised go to the log.
pub fn run_console(app: &mut App) {
    let code = std::mem::take(&mut app.console_input);
    if code.trim().is_empty() {
        return;
    }
    app.console_log.push(format!("> {code}"));
    let before = app.sim.as_ref().map(|s| (s.output().len(), s.errors()));
    let Some((out_n, errs)) = before else { return };
    app.with_sim(|s| s.exec_lua(&code, "console"));
    if let Some(s) = app.sim.as_ref() {
        app.console_log
            .extend(s.output().into_iter().skip(out_n).map(|l| format!("  {l}")));
        for e in s.errors() {
            let old = errs
                .iter()
                .find(|o| o.message == e.message && o.file == e.file && o.line == e.line);
            if old.is_none_or(|o| o.count < e.count) {
                app.console_log.push(format!("  error: {}", e.message));
            }
        }
    }
    let keep = app.console_log.len().saturating_sub(200);
    app.console_log.drain(..keep);
}

/// Runs the chat line (a slash command, or a chat message).
pub fn run_chat(app: &mut App) {
    let line = std::mem::take(&mut app.chat_input);
    if line.trim().is_empty() {
        return;
    }
    if app.with_sim(|s| s.run_chat_line(&line)) == Some(false) {
        app.console_log
            .push(format!("chat: nothing handled {line:?}"));
    }
}

fn inspector(app: &App) -> Vec<String> {
    let Some(sim) = app.sim.as_ref() else {
        return Vec::new();
    };
    let Some((x, y)) = app.cursor else {
        return vec!["(move the mouse over the UI)".into()];
    };
    let mut v = vec![format!("cursor {x:.0},{y:.0} px")];
    if let Some(f) = sim.mouse_focus() {
        v.push(format!("mouse focus: {}", sim.describe_frame(f)[0]));
    }
    match sim.frame_at(x, y) {
        Some(id) => v.extend(sim.describe_frame(id)),
        None => v.push("no frame here".into()),
    }
    v
}

/// The panel.
pub fn view(app: &App) -> Element<'_, Message> {
    let t = app.timing;
    let (w, h) = app.game_size();
    let status = match &app.fatal {
        Some(f) => format!("stopped: {f}"),
        None => format!(
            "{w}x{h}  frame {:.1} ms (tick {:.1}, draw {:.1}, raster {:.1})",
            t.frame, t.tick, t.draw, t.raster
        ),
    };
    let errors: Vec<String> = app
        .sim
        .as_ref()
        .map(|s| s.errors())
        .unwrap_or_default()
        .into_iter()
        .rev()
        .take(30)
        .map(|e| format!("x{} [{}] {}", e.count, e.phase, e.message))
        .collect();
    let n_err = app.sim.as_ref().map_or(0, |s| s.errors().len());
    let console_tail = app.console_log.iter().rev().take(40).rev().cloned();
    let content = column![
        row![
            button(text("Reload UI").size(SMALL)).on_press(Message::Reload),
            button(text("Hide panel (F12)").size(SMALL)).on_press(Message::TogglePanel),
        ]
        .spacing(6),
        text(status).size(SMALL),
        heading(if n_err == 0 { "Errors: none" } else { "Errors" }),
        lines(errors),
        heading("Inspector"),
        lines(inspector(app)),
        heading("Lua console"),
        text_input("Lua code, Enter runs it", &app.console_input)
            .on_input(Message::ConsoleInput)
            .on_submit(Message::ConsoleSubmit)
            .size(SMALL),
        lines(console_tail),
        heading("Chat"),
        text_input("/command or message, Enter sends", &app.chat_input)
            .on_input(Message::ChatInput)
            .on_submit(Message::ChatSubmit)
            .size(SMALL),
    ]
    .spacing(8)
    .padding(8);
    container(scrollable(content))
        .width(Length::Fixed(WIDTH))
        .height(Length::Fill)
        .into()
}
