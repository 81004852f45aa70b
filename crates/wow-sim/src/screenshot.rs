//! The `screenshot` subcommand: run the simulator like `lua-errors` (start-up, `--seconds`,
//! `--exec-lua`), draw the UI with the CPU rasterizer, write a PNG or lossless WebP (by the
//! output's extension). Texture problems and font
//! files that could not be loaded are warnings on stderr (one per path, then a count; font
//! paths not found are one note); Lua errors go to stderr and make the exit
//! code 1, as for `lua-errors`.

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
    let mut sim = Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    for n in &sim.notes {
        eprintln!("wow-sim: note: {n}");
    }
    sim.start().map_err(lua_err)?;
    crate::print_cache_notes(&sim);
    sim.run_for(args.seconds).map_err(lua_err)?;
    if let Some(code) = &cli.exec_lua {
        let (code, name) = cli::exec_lua_source(code)?;
        sim.exec_lua(&code, &name).map_err(lua_err)?;
    }
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
    crate::log_out(&mut sim)?;
    for line in sim.output() {
        eprintln!("[chat] {line}");
    }
    let errors = sim.errors();
    for e in &errors {
        eprintln!(
            "wow-sim: Lua error ({}, x{}): {}",
            e.phase, e.count, e.message
        );
    }
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
