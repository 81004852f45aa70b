//! The rasterizer behind `wowsim.MatchScreenshot` in specs: draw, crop, compare pixel for pixel
//! with the stored PNG, write it when missing or blessed, or write `<name>.actual.png` beside it
//! when it differs.

use std::path::Path;
use wowsim_core::Simulator;
use wowsim_raster::{decode::decode_png, encode_png, Root, TextureStore};

/// Installs the renderer in `sim` (texture folders as the screenshot subcommand has them).
pub fn install(sim: &Simulator, bless: bool) {
    let roots = sim.texture_roots();
    let render = move |list: &wowsim_core::DrawList,
                       crop: Option<(u32, u32, u32, u32)>,
                       expected: &Path,
                       bless: bool|
          -> Result<Option<String>, String> {
        let roots = roots.iter().map(|(p, d)| Root::new(p, d.clone())).collect();
        let mut store = TextureStore::new(roots);
        let mut img = wowsim_raster::render(list, &mut store);
        if let Some((w, h, x, y)) = crop {
            img = wowsim_raster::crop(&img, w, h, x, y).map_err(|e| e.to_string())?;
        }
        let stored = std::fs::read(expected).ok();
        let old = stored.as_deref().and_then(|b| decode_png(b).ok());
        if old.as_ref() == Some(&img) {
            return Ok(None);
        }
        let bytes = encode_png(&img).map_err(|e| e.to_string())?;
        let write = |p: &Path| -> Result<(), String> {
            if let Some(dir) = p.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(p, &bytes).map_err(|e| format!("{}: {e}", p.display()))
        };
        if bless || stored.is_none() {
            write(expected)?;
            return Ok(None);
        }
        let actual = expected.with_extension("actual.png");
        write(&actual)?;
        Ok(Some(describe(old.as_ref(), &img, expected, &actual)))
    };
    sim.set_screenshot_renderer(Box::new(render), bless);
}

fn describe(
    old: Option<&wowsim_raster::RgbaImage>,
    img: &wowsim_raster::RgbaImage,
    expected: &Path,
    actual: &Path,
) -> String {
    let what = match old {
        None => "cannot be read as a PNG".to_string(),
        Some(e) if (e.width, e.height) != (img.width, img.height) => format!(
            "is {}x{}, the picture now {}x{}",
            e.width, e.height, img.width, img.height
        ),
        Some(e) => {
            let diff: Vec<usize> = (0..e.pixels.len() / 4)
                .filter(|i| e.pixels[i * 4..i * 4 + 4] != img.pixels[i * 4..i * 4 + 4])
                .collect();
            let first = diff.first().copied().unwrap_or(0);
            format!(
                "differs in {} pixels, the first at ({}, {})",
                diff.len(),
                first % e.width as usize,
                first / e.width as usize
            )
        }
    };
    format!(
        "{} {what}; the picture now is {} (wow-sim test --bless accepts it)",
        expected.display(),
        actual.display()
    )
}
