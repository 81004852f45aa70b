//! The `screenshot` subcommand: run the simulator like `lua-errors` (start-up, `--seconds`,
//! `--exec-lua`), draw the UI with the CPU rasterizer, write a PNG or lossless WebP (by the
//! output's extension). Texture problems and font
//! files that could not be loaded are warnings on stderr (one per path, then a count; font
//! paths not found are one note); Lua errors go to stderr and make the exit
//! code 1, as for `lua-errors`. `--timeout` bounds the run as there (the VM's deadline and
//! the watchdog, `watchdog.rs`); a run stopped so draws nothing.

use crate::cli::{self, Cli, ScreenshotArgs};
use crate::lua_err;
use anyhow::Context;
use std::process::ExitCode;
use wowsim_core::DrawOptions;
use wowsim_core::{SimConfig, Simulator};
use wowsim_raster::{Root, TextureStore};

/// Runs the subcommand.
pub fn run(cli: &Cli, mut config: SimConfig, args: &ScreenshotArgs) -> anyhow::Result<ExitCode> {
    config.screen = (args.width, args.height);
    config.ui_scale = args.ui_scale;
    config.timeout = args.timeout.map(std::time::Duration::from_secs_f64);
    let timeout = config.timeout;
    let mut sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    for n in &sim.notes {
        eprintln!("wow-sim: note: {n}");
    }
    let watchdog = crate::watchdog::guard(timeout, sim.share_records(), Box::new(print_errors));
    let exec = cli
        .exec_lua
        .as_deref()
        .map(cli::exec_lua_source)
        .transpose()?;
    let steps = crate::start_and_run(&mut sim, exec.as_ref(), args.seconds);
    crate::print_cache_notes(&sim);
    if let Some(reason) = sim.stopped() {
        sim.add_error_record(&reason);
        print_errors(&sim.errors());
        eprintln!("wow-sim: {reason}; no image written");
        return Ok(ExitCode::from(1));
    }
    steps.map_err(lua_err)?;
    // Drawing and encoding are Rust that ends on its own.
    drop(watchdog);
    if let Some(name) = &args.filter {
        anyhow::ensure!(
            sim.has_global_table(name),
            "--filter {name}: there is no frame with that global name"
        );
    }
    let list = sim.draw_list(&DrawOptions {
        filter: args.filter.clone(),
        ..DrawOptions::default()
    });
    let roots = sim
        .texture_roots()
        .into_iter()
        .map(|(prefix, dir)| Root::new(&prefix, dir))
        .collect();
    let mut store = TextureStore::new(roots);
    let mut image = wowsim_raster::render(&list, &mut store);
    if let Some((w, h, x, y)) = args.crop {
        image = wowsim_raster::crop(&image, w, h, x, y)?;
    }
    let bytes = match cli::image_format(&args.output) {
        Some(cli::ImageFormat::Webp) => wowsim_raster::encode_webp(&image)?,
        _ => wowsim_raster::encode_png(&image)?,
    };
    std::fs::write(&args.output, bytes)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    print_draw_warnings(&store, &sim);
    crate::log_out(&mut sim)?;
    for line in sim.output() {
        eprintln!("[chat] {line}");
    }
    let errors = sim.errors();
    print_errors(&errors);
    eprintln!(
        "wow-sim: wrote {} ({}x{}, {} draw items)",
        args.output.display(),
        image.width,
        image.height,
        list.items.len()
    );
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The records on stderr, one line each.
pub(crate) fn print_errors(errors: &[wowsim_core::ErrorRecord]) {
    for e in errors {
        eprintln!(
            "wow-sim: Lua error ({}, x{}): {}",
            e.phase, e.count, e.message
        );
    }
}

/// Textures that could not be drawn and fonts that could not be loaded, on stderr.
fn print_draw_warnings(store: &TextureStore, sim: &Simulator) {
    for p in &store.problems {
        eprintln!("wow-sim: warning: {p} (drawn as a magenta/black placeholder)");
    }
    if !store.problems.is_empty() {
        eprintln!(
            "wow-sim: {} texture(s) could not be drawn",
            store.problems.len()
        );
    }
    let (font_problems, fonts_not_found) = sim.font_problems();
    for p in &font_problems {
        eprintln!("wow-sim: warning: {p}");
    }
    if !fonts_not_found.is_empty() {
        eprintln!(
            "wow-sim: note: {} font file(s) not in the --art folders, drawn with the bundled font: {}",
            fonts_not_found.len(),
            fonts_not_found.join(", ")
        );
    }
}
