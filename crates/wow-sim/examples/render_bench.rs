//! Screenshot benchmark: a busy synthetic UI at 1920x1080 (400 frames, each with a background,
//! four border edges, an image icon and three FontStrings: 4,000 regions, 1,200 strings with
//! colour codes), timed in its phases: DrawList from the UI tree, rasterizing (cold and warm
//! texture cache), PNG encoding, lossless WebP encoding. Prints peak memory (VmHWM). No assertions: figures only.
//! Run with `cargo run --release -p wow-sim --example render_bench`.

use std::time::Instant;
use wowsim_core::DrawOptions;
use wowsim_core::{Flavor, SimConfig, Simulator};
use wowsim_raster::{Root, TextureStore};

const BUILD_UI: &str = r#"
local icon = "Interface\\AddOns\\RenderTextures\\Art\\quad"
for i = 0, 399 do
  local f = CreateFrame("Frame", "BenchFrame" .. i, UIParent)
  f:SetSize(90, 50)
  f:SetPoint("TOPLEFT", (i % 20) * 96 + 4, -math.floor(i / 20) * 54 - 4)
  f:SetFrameLevel(i % 7)
  local bg = f:CreateTexture(nil, "BACKGROUND"); bg:SetAllPoints()
  bg:SetColorTexture((i % 5) / 5, 0.2, 0.3, 0.8)
  for k, p in ipairs({{"TOPLEFT", "TOPRIGHT"}, {"BOTTOMLEFT", "BOTTOMRIGHT"}}) do
    local e = f:CreateTexture(nil, "BORDER"); e:SetHeight(1)
    e:SetPoint(p[1]); e:SetPoint(p[2]); e:SetColorTexture(1, 1, 1, 0.6)
  end
  for k, p in ipairs({{"TOPLEFT", "BOTTOMLEFT"}, {"TOPRIGHT", "BOTTOMRIGHT"}}) do
    local e = f:CreateTexture(nil, "BORDER"); e:SetWidth(1)
    e:SetPoint(p[1]); e:SetPoint(p[2]); e:SetColorTexture(1, 1, 1, 0.6)
  end
  local ic = f:CreateTexture(nil, "ARTWORK"); ic:SetSize(20, 20); ic:SetPoint("LEFT", 3, 0)
  ic:SetTexture(icon)
  local t = f:CreateFontString(nil, "OVERLAY"); t:SetFont("Fonts\\FRIZQT__.TTF", 11, "OUTLINE")
  t:SetPoint("TOPLEFT", 26, -3); t:SetText("Frame |cffffd100#" .. i .. "|r")
  local v = f:CreateFontString(nil, "OVERLAY"); v:SetFont("Fonts\\ARIALN.TTF", 10)
  v:SetPoint("LEFT", 26, 0); v:SetText(string.format("%d / %d", i * 37 % 1000, 1000))
  local w = f:CreateFontString(nil, "OVERLAY"); w:SetFont("Fonts\\ARIALN.TTF", 9)
  w:SetPoint("BOTTOMLEFT", 26, 3); w:SetWidth(60); w:SetJustifyH("LEFT")
  w:SetShadowOffset(1, -1); w:SetShadowColor(0, 0, 0, 1); w:SetText("status ok")
end
"#;

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

fn main() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut config = SimConfig::new(Flavor::Retail);
    config.addon_dirs = vec![root.join("tests/fixtures/render/textures/AddOns")];
    config.screen = (1920, 1080);
    let mut sim = Simulator::new(config).expect("simulator");
    sim.start().expect("start");
    sim.exec_lua(BUILD_UI, "render_bench").expect("exec");
    assert!(sim.errors().is_empty(), "{:?}", sim.errors());
    println!(
        "peak memory after start-up and building the UI: {} MiB",
        peak_kib() / 1024
    );
    let roots: Vec<Root> = sim
        .texture_roots()
        .into_iter()
        .map(|(p, d)| Root::new(&p, d))
        .collect();
    let mut store = TextureStore::new(roots);
    let runs = 10;
    let (mut t_list, mut t_raster, mut t_png) = (0.0, 0.0, 0.0);
    let mut items = 0;
    let mut bytes = 0;
    for i in 0..=runs {
        let t = Instant::now();
        let list = sim.draw_list(&DrawOptions::default());
        let a = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let img = wowsim_raster::render(&list, &mut store);
        let b = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let png = wowsim_raster::encode_png(&img).expect("png");
        let c = t.elapsed().as_secs_f64();
        if i == 0 {
            println!(
                "first frame (cold texture cache): list {:.1} ms, raster {:.1} ms, png {:.1} ms",
                a * 1e3,
                b * 1e3,
                c * 1e3
            );
            continue;
        }
        t_list += a;
        t_raster += b;
        t_png += c;
        items = list.items.len();
        bytes = png.len();
    }
    let n = runs as f64;
    println!(
        "1920x1080, {items} draw items: list {:.1} ms + raster {:.1} ms = {:.1} ms per frame; png encode {:.1} ms ({} KiB)",
        t_list / n * 1e3,
        t_raster / n * 1e3,
        (t_list + t_raster) / n * 1e3,
        t_png / n * 1e3,
        bytes / 1024
    );
    let img = wowsim_raster::render(&sim.draw_list(&DrawOptions::default()), &mut store);
    let t = Instant::now();
    let webp = wowsim_raster::encode_webp(&img).expect("webp");
    println!(
        "lossless webp encode {:.1} ms ({} KiB)",
        t.elapsed().as_secs_f64() * 1e3,
        webp.len() / 1024
    );
    println!("texture problems: {}", store.problems.len());
    println!("peak memory: {} MiB", peak_kib() / 1024);
}
