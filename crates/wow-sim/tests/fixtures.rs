//! Tests as data: every directory under `tests/fixtures/<area>/<case>/` with a `test.toml` is a
//! test case, run through the same `Simulator` the CLI uses. A new case is a new directory.
//!
//! Files of a case (all optional except `test.toml`):
//! - `test.toml`: first line a comment saying what is checked; keys in [`Spec`] (unknown keys
//!   are refused).
//! - `AddOns/`: the fixture addons (the `--addons` folder). `Blizzard/`: a `--blizzard-ui` folder
//!   (`blizzard_names` in `test.toml` gives folders the client's names at run time).
//!   `Art/`: an `--art` folder (client art and fonts by client path, e.g. `Art/Fonts/…`).
//!   `GameData/`: a `--game-data` folder (CSV exports of spell, item and map databases, global
//!   strings; ours, made up).
//! - `WTF/`: SavedVariables present before the run (copied to a scratch folder).
//! - `output.txt`: the expected chat lines (`print` output), one per line.
//! - `errors.json`: the expected error records (every field but `stack`; `severity` only for
//!   warnings, an absent one is `error`); absent = no records.
//! - `saved.expected/`: the expected WTF tree after logout (files compared byte for byte).
//! - `main.expected.png`: the expected screenshot, drawn after the run (before logout) at the
//!   case's `screen`/`ui_scale`, cropped to `crop`; compared pixel for pixel.
//! - `xml_log.txt`: the expected XML warnings in the `Blizzard/` folder's own files (the
//!   client's FrameXML.log lines, which are notes, not error records), one per line; absent = none.
//! - `warnings.txt`: when present, the expected drawing warnings of the screenshot (fonts that
//!   could not be loaded, textures drawn as the placeholder), one per line, the case folder
//!   written as `<case>`.
//!
//! - `spec/*_spec.lua` with `spec.expected.json`: spec files (busted's API) run in name order
//!   after the input, `exec_lua` and chat lines (`Simulator::run_spec_file`); their results
//!   (each record as its message) compared with the expected JSON. `spec_addon` in
//!   `test.toml` names the addon whose `...` the specs get.
//! - `input = [...]` in `test.toml`: scripted input run after the ticks, before `exec_lua`
//!   (see [`run_input`]).
//!
//! `WOWSIM_FIXTURE_LUA_CACHE=DIR` runs every case with the compiled-Lua cache in DIR (off by
//! default; run twice, cold then warm, to check that cached chunks behave as compiled ones).
//!
//! `WOWSIM_BLESS=1` rewrites expectations from the actual results; otherwise a mismatch writes
//! `*.actual.*` beside the expected file and fails.
//!
//! Each case is a test of its own, named by its path (`events/addon_loaded_order`; a custom
//! harness, libtest-mimic, see [`main`]). `tests/fixtures/known-failures.txt` lists the cases
//! that must fail, one `<area>/<case> <reason>` a line: a ratchet, so a listed case that passes
//! fails (remove its line then), and so does a line naming no case.

use libtest_mimic::{Arguments, Failed, Trial};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use wowsim_core::{Flavor, SavedVarsConfig, SimConfig, Simulator};

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Spec {
    /// Folders of `Blizzard/` the run sees under another name (`{ FrameXML = "Blizzard_FrameXML" }`):
    /// the case's own stand-in for a folder the client names, copied to the scratch folder, so
    /// no tracked path of ours looks like a copy of Blizzard's code.
    blizzard_names: Option<BTreeMap<String, String>>,
    /// Seconds of virtual time after start-up (default 0.5).
    seconds: Option<f64>,
    /// `retail` (default), `classic`, `classic_era`.
    flavor: Option<String>,
    /// The client's locale (default enUS), as `--locale`.
    locale: Option<String>,
    /// Lua run after start-up and the ticks (phase `exec-lua`).
    exec_lua: Option<String>,
    /// Chat lines (slash commands) run after `exec_lua`.
    chat: Option<Vec<String>>,
    /// Read and write SavedVariables (default false).
    saved_vars: Option<bool>,
    /// Skip logout (default false).
    no_logout: Option<bool>,
    /// Screen size in pixels (default the simulator's 1920x1080; 1024x768 gives one UI unit
    /// per pixel at UI scale 1).
    screen: Option<[u32; 2]>,
    /// UI scale (default 1).
    ui_scale: Option<f32>,
    /// Part of the screenshot to compare: [width, height, x, y] from the top-left.
    crop: Option<[u32; 4]>,
    /// Scripted input steps (see [`run_input`]).
    input: Option<Vec<String>>,
    /// The addon whose name and private table the case's spec files get as `...`.
    spec_addon: Option<String>,
    /// A Lua pattern over full test names: only matching tests of the spec files run.
    spec_filter: Option<String>,
    /// A scenario file of the case (`--scenario`), relative to the case folder.
    scenario: Option<String>,
    /// A combat log of the case (`--combat-log`), relative to the case folder.
    combat_log: Option<String>,
    /// `--timeout` in seconds (a case that would hang without a bound sets a small one).
    timeout: Option<f64>,
    /// `--script-budget` in instructions per host entry (default the CLI's).
    script_budget: Option<u64>,
    /// `--memory-limit` in MB (default the CLI's).
    memory_limit: Option<usize>,
    /// The bound on a saved file's size in KiB (default `DEFAULT_MAX_SAVED_FILE`).
    saved_max_kb: Option<u64>,
}

/// Runs scripted input. Steps: `move NAME` (a named frame's centre) or `move X,Y` (pixels
/// from the top-left), `down [BUTTON]`, `up [BUTTON]`, `click [BUTTON]` (down then up),
/// `wheel DELTA`, `keydown KEY`, `keyup KEY`, `key KEY` (down then up), `type TEXT`,
/// `wait SECONDS` (ticks), `lua CODE` (phase exec-lua). Every step but `wait` ends its frame
/// (`Simulator::end_frame`) without advancing the clock.
fn run_input(sim: &mut Simulator, steps: &[String]) -> Result<(), String> {
    let ie = |e: wowsim_core::SimError| format!("internal error: {e}");
    for step in steps {
        let (verb, rest) = step.split_once(' ').unwrap_or((step.as_str(), ""));
        let button = if rest.is_empty() { "LeftButton" } else { rest };
        match verb {
            "move" => {
                let (x, y) = match rest.split_once(',') {
                    Some((x, y)) => (
                        x.trim().parse().map_err(|_| format!("bad step {step:?}"))?,
                        y.trim().parse().map_err(|_| format!("bad step {step:?}"))?,
                    ),
                    None => sim
                        .frame_center(rest)
                        .ok_or_else(|| format!("step {step:?}: no frame {rest} with a rect"))?,
                };
                sim.mouse_move(x, y).map_err(ie)?;
            }
            "down" => sim.mouse_down(button).map_err(ie)?,
            "up" => sim.mouse_up(button).map_err(ie)?,
            "click" => {
                sim.mouse_down(button).map_err(ie)?;
                sim.mouse_up(button).map_err(ie)?;
            }
            "wheel" => sim
                .mouse_wheel(rest.parse().map_err(|_| format!("bad step {step:?}"))?)
                .map_err(ie)?,
            "keydown" => sim.key_down(rest).map_err(ie)?,
            "keyup" => sim.key_up(rest).map_err(ie)?,
            "key" => {
                sim.key_down(rest).map_err(ie)?;
                sim.key_up(rest).map_err(ie)?;
            }
            "type" => sim.text_input(rest).map_err(ie)?,
            "wait" => sim
                .run_for(rest.parse().map_err(|_| format!("bad step {step:?}"))?)
                .map_err(ie)?,
            "lua" => sim.exec_lua(rest, "input").map_err(ie)?,
            _ => return Err(format!("unknown input step {step:?}")),
        }
        // Each step is an input event of its own frame: the frame ends before the next step.
        if verb != "wait" {
            sim.end_frame().map_err(ie)?;
        }
    }
    Ok(())
}

fn fixtures_root() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    root.canonicalize().unwrap_or(root)
}

fn find_cases(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.join("test.toml").is_file() {
            out.push(p);
        } else if p.is_dir() {
            find_cases(&p, out);
        }
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.path().is_dir() {
            copy_tree(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

fn list_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            list_files(root, &p, out);
        } else {
            out.push(p.strip_prefix(root).unwrap().to_path_buf());
        }
    }
    out.sort();
}

fn bless() -> bool {
    std::env::var_os("WOWSIM_BLESS").is_some()
}

/// Compares text with its expectation; returns a failure message.
fn compare(expected_path: &Path, actual: &str) -> Option<String> {
    let expected = std::fs::read_to_string(expected_path).unwrap_or_default();
    if expected == actual {
        let _ = std::fs::remove_file(actual_path(expected_path));
        return None;
    }
    if bless() {
        std::fs::write(expected_path, actual).unwrap();
        return None;
    }
    std::fs::write(actual_path(expected_path), actual).unwrap();
    Some(format!(
        "{} differs (see {})\n--- expected\n{expected}\n--- actual\n{actual}",
        expected_path.display(),
        actual_path(expected_path).display()
    ))
}

fn actual_path(p: &Path) -> PathBuf {
    let name = p.file_name().unwrap().to_string_lossy();
    let (stem, ext) = name.rsplit_once('.').unwrap_or((&name, "txt"));
    let stem = stem.strip_suffix(".expected").unwrap_or(stem);
    p.with_file_name(format!("{stem}.actual.{ext}"))
}

/// Draws the UI and compares it with `main.expected.png`; returns a failure message.
fn compare_screenshot(
    sim: &Simulator,
    spec: &Spec,
    expected_path: &Path,
    warnings: &mut Vec<String>,
) -> Option<String> {
    use wowsim_raster::{decode::decode_png, encode_png, Root, TextureStore};
    let list = sim.draw_list(&Default::default());
    let roots = sim
        .texture_roots()
        .into_iter()
        .map(|(p, d)| Root::new(&p, d))
        .collect();
    let mut store = TextureStore::new(roots);
    let mut img = wowsim_raster::render(&list, &mut store);
    warnings.extend(sim.font_problems().0);
    warnings.extend(store.problems.iter().map(|p| p.to_string()));
    if let Some([w, h, x, y]) = spec.crop {
        img = match wowsim_raster::crop(&img, w, h, x, y) {
            Ok(c) => c,
            Err(e) => return Some(format!("crop: {e}")),
        };
    }
    let expected = std::fs::read(expected_path)
        .ok()
        .and_then(|b| decode_png(&b).ok());
    let actual_file = actual_path(expected_path);
    if expected.as_ref() == Some(&img) {
        let _ = std::fs::remove_file(&actual_file);
        return None;
    }
    let bytes = encode_png(&img).unwrap();
    if bless() {
        std::fs::write(expected_path, bytes).unwrap();
        return None;
    }
    std::fs::write(&actual_file, bytes).unwrap();
    let what = match &expected {
        None => "cannot be read".to_string(),
        Some(e) if (e.width, e.height) != (img.width, img.height) => format!(
            "is {}x{}, the screenshot {}x{}",
            e.width, e.height, img.width, img.height
        ),
        Some(e) => {
            let diff: Vec<usize> = (0..e.pixels.len() / 4)
                .filter(|i| e.pixels[i * 4..i * 4 + 4] != img.pixels[i * 4..i * 4 + 4])
                .collect();
            let first = diff[0];
            format!(
                "differs in {} pixels, first at ({}, {})",
                diff.len(),
                first % e.width as usize,
                first / e.width as usize
            )
        }
    };
    Some(format!(
        "{} {what} (see {})",
        expected_path.display(),
        actual_file.display()
    ))
}

fn run_case(case: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(case.join("test.toml")).map_err(|e| e.to_string())?;
    if !text.starts_with('#') {
        return Err("test.toml must open with a comment saying what the case checks".into());
    }
    let spec: Spec = toml::from_str(&text).map_err(|e| format!("test.toml: {e}"))?;
    let scratch = std::env::temp_dir().join(format!(
        "wowsim-fixture-{}-{}",
        std::process::id(),
        case.strip_prefix(fixtures_root())
            .unwrap_or(case)
            .display()
            .to_string()
            .replace('/', "_")
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    let config = case_config(case, &spec, &scratch)?;
    let mut sim = Simulator::new(config).map_err(|e| e.to_string())?;
    let driven = drive(&mut sim, &spec);
    // A stopped run (timeout, memory cap) ends as `lua-errors` ends it: its records plus the
    // reason, no logout.
    let stopped = sim.stopped();
    match &stopped {
        Some(reason) => sim.add_error_record(reason),
        None => driven?,
    }
    let mut failures = Vec::new();
    check_specs(&mut sim, case, &spec, &mut failures)?;
    check_screenshot(&sim, case, &spec, &mut failures);
    if !spec.no_logout.unwrap_or(false) && stopped.is_none() {
        sim.logout().map_err(|e| format!("internal error: {e}"))?;
    }
    check_records(&sim, case, &mut failures);
    check_saved(case, &scratch, &mut failures);
    let _ = std::fs::remove_dir_all(&scratch);
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// The case's configuration: its folders, flavour, screen, SavedVariables in `scratch`.
fn case_config(case: &Path, spec: &Spec, scratch: &Path) -> Result<SimConfig, String> {
    let flavor = Flavor::parse(spec.flavor.as_deref().unwrap_or("retail")).ok_or("bad flavor")?;
    let mut config = SimConfig::new(flavor);
    if let Some(l) = &spec.locale {
        config.locale = l.clone();
    }
    if case.join("AddOns").is_dir() {
        config.addon_dirs = vec![case.join("AddOns")];
    }
    if case.join("Blizzard").is_dir() {
        config.blizzard_ui = Some(case.join("Blizzard"));
    }
    if case.join("GameData").is_dir() {
        config.game_data = Some(case.join("GameData"));
    }
    if case.join("Art").is_dir() {
        config.art_dirs = vec![case.join("Art")];
    }
    if let Some(names) = &spec.blizzard_names {
        let blizzard = scratch.join("Blizzard");
        for e in std::fs::read_dir(case.join("Blizzard")).map_err(|e| e.to_string())? {
            let name = e.map_err(|e| e.to_string())?.file_name();
            let to = names
                .get(name.to_string_lossy().as_ref())
                .map_or_else(|| name.clone(), |n| n.into());
            copy_tree(&case.join("Blizzard").join(&name), &blizzard.join(to));
        }
        config.blizzard_ui = Some(blizzard);
    }
    if spec.saved_vars.unwrap_or(false) {
        let wtf = scratch.join("WTF");
        std::fs::create_dir_all(&wtf).unwrap();
        if case.join("WTF").is_dir() {
            copy_tree(&case.join("WTF"), &wtf);
        }
        config.saved_vars = Some(SavedVarsConfig {
            wtf,
            account: config.account.clone(),
            realm: config.realm.clone(),
            character: config.character.clone(),
            max_file_bytes: spec
                .saved_max_kb
                .map_or(wowsim_core::DEFAULT_MAX_SAVED_FILE, |kb| kb << 10),
        });
    }
    if let Some([w, h]) = spec.screen {
        config.screen = (w, h);
    }
    config.ui_scale = spec.ui_scale.unwrap_or(1.0);
    config.scenario = spec.scenario.as_ref().map(|p| case.join(p));
    config.combat_log = spec.combat_log.as_ref().map(|p| case.join(p));
    config.timeout = spec.timeout.map(std::time::Duration::from_secs_f64);
    if let Some(n) = spec.script_budget {
        config.script_budget = n;
    }
    if let Some(mb) = spec.memory_limit {
        config.memory_limit = mb << 20;
    }
    config.lua_cache = std::env::var_os("WOWSIM_FIXTURE_LUA_CACHE").map(PathBuf::from);
    Ok(config)
}

/// Start-up, the case's virtual seconds, its scripted input, Lua and chat lines.
fn drive(sim: &mut Simulator, spec: &Spec) -> Result<(), String> {
    sim.start().map_err(|e| format!("internal error: {e}"))?;
    sim.run_for(spec.seconds.unwrap_or(0.5))
        .map_err(|e| format!("internal error: {e}"))?;
    run_input(sim, spec.input.as_deref().unwrap_or(&[]))?;
    if let Some(code) = &spec.exec_lua {
        sim.exec_lua(code, "exec-lua")
            .map_err(|e| format!("internal error: {e}"))?;
    }
    for line in spec.chat.iter().flatten() {
        sim.run_chat_line(line)
            .map_err(|e| format!("internal error: {e}"))?;
    }
    Ok(())
}

/// The case's spec files (`spec/*_spec.lua`) against `spec.expected.json`.
fn check_specs(
    sim: &mut Simulator,
    case: &Path,
    spec: &Spec,
    failures: &mut Vec<String>,
) -> Result<(), String> {
    let dir = case.join("spec");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(());
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.retain(|p| p.to_string_lossy().ends_with("_spec.lua"));
    files.sort();
    let mut results = Vec::new();
    for f in &files {
        let shown = format!("spec/{}", f.file_name().unwrap().to_string_lossy());
        let r = sim
            .run_spec_file(
                f,
                &shown,
                spec.spec_addon.as_deref(),
                spec.spec_filter.as_deref(),
            )
            .map_err(|e| format!("internal error: {e}"))?;
        let mut v = serde_json::to_value(&r).unwrap();
        for t in v["tests"].as_array_mut().unwrap() {
            let messages: Vec<serde_json::Value> = t["records"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["message"].clone())
                .collect();
            t["records"] = serde_json::Value::Array(messages);
        }
        results.push(v);
    }
    let text = serde_json::to_string_pretty(&results).unwrap() + "\n";
    failures.extend(compare(&case.join("spec.expected.json"), &text));
    Ok(())
}

/// The screenshot (and its drawing warnings) against the expected files, when the case has them.
fn check_screenshot(sim: &Simulator, case: &Path, spec: &Spec, failures: &mut Vec<String>) {
    let png_path = case.join("main.expected.png");
    // A new case with a `screen` gets its first screenshot from the bless step.
    if png_path.exists() || (bless() && spec.screen.is_some()) {
        let mut warnings = Vec::new();
        failures.extend(compare_screenshot(sim, spec, &png_path, &mut warnings));
        let warn_path = case.join("warnings.txt");
        if warn_path.exists() {
            let text: String = warnings
                .iter()
                .map(|w| format!("{}\n", w.replace(&case.display().to_string(), "<case>")))
                .collect();
            failures.extend(compare(&warn_path, &text));
        }
    }
}

/// Chat output, error records and the Blizzard UI's XML log against the expected files.
fn check_records(sim: &Simulator, case: &Path, failures: &mut Vec<String>) {
    let output: String = sim.output().iter().map(|l| format!("{l}\n")).collect();
    let out_path = case.join("output.txt");
    if out_path.exists() || !output.is_empty() {
        failures.extend(compare(&out_path, &output));
    }
    let errors: Vec<serde_json::Value> = sim
        .errors()
        .into_iter()
        .map(|r| {
            let mut v = serde_json::to_value(&r).unwrap();
            let o = v.as_object_mut().unwrap();
            o.remove("stack");
            // Most records are errors: only a warning's severity is written out.
            if o.get("severity").and_then(|s| s.as_str()) == Some("error") {
                o.remove("severity");
            }
            v
        })
        .collect();
    let err_path = case.join("errors.json");
    if err_path.exists() || !errors.is_empty() {
        let text = serde_json::to_string_pretty(&errors).unwrap() + "\n";
        failures.extend(compare(&err_path, &text));
    }
    let xml_log: String = sim
        .blizzard_xml_log()
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let xml_log_path = case.join("xml_log.txt");
    if xml_log_path.exists() || !xml_log.is_empty() {
        failures.extend(compare(&xml_log_path, &xml_log));
    }
}

/// The WTF tree after logout against `saved.expected/`, when the case has one.
fn check_saved(case: &Path, scratch: &Path, failures: &mut Vec<String>) {
    let saved_expected = case.join("saved.expected");
    if saved_expected.is_dir() {
        let wtf = scratch.join("WTF");
        let (mut want, mut got) = (Vec::new(), Vec::new());
        list_files(&saved_expected, &saved_expected, &mut want);
        list_files(&wtf, &wtf, &mut got);
        got.retain(|p| !p.to_string_lossy().ends_with(".bak") || want.contains(p));
        if want != got {
            failures.push(format!(
                "saved files differ: expected {want:?}, got {got:?}"
            ));
        }
        for f in want.iter().filter(|f| got.contains(f)) {
            let actual = std::fs::read_to_string(wtf.join(f)).unwrap_or_default();
            failures.extend(compare(&saved_expected.join(f), &actual));
        }
    }
}

/// The known failures (`tests/fixtures/known-failures.txt`): case path → reason, and the
/// problems of the file itself (bad lines, duplicates), each naming its line.
fn known_failures(path: &Path) -> (BTreeMap<String, String>, Vec<String>) {
    let (mut known, mut problems) = (BTreeMap::new(), Vec::new());
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return (known, vec![format!("{}: {e}", path.display())]),
    };
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        match line.split_once(char::is_whitespace) {
            Some((case, why)) if !why.trim().is_empty() => {
                if known
                    .insert(case.to_string(), why.trim().to_string())
                    .is_some()
                {
                    problems.push(format!("{at}: {case} is listed twice"));
                }
            }
            _ => problems.push(format!(
                "{at}: expected `<area>/<case> <reason>`, got {line:?}"
            )),
        }
    }
    (known, problems)
}

/// Runs one case; a case listed as a known failure must fail (and passes the trial then).
fn run_trial(name: &str, case: &Path, known: Option<&str>) -> Result<(), Failed> {
    // Each case runs on a thread with the CLI's large stack, so that deep recursion through
    // host functions ends in Lua's "C stack overflow" here too.
    let case = case.to_path_buf();
    let result = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || run_case(&case))
        .map_err(|e| e.to_string())
        .and_then(|h| h.join().unwrap_or_else(|_| Err("panicked".into())));
    match (result, known) {
        (Ok(()), None) => Ok(()),
        (Err(e), None) => Err(e.into()),
        (Err(e), Some(why)) => {
            let first = e.lines().next().unwrap_or("");
            eprintln!("known failure {name}: {why} ({first})");
            Ok(())
        }
        (Ok(()), Some(why)) => Err(format!(
            "listed in tests/fixtures/{KNOWN_FAILURES} ({why}) but passes now: remove its line"
        )
        .into()),
    }
}

const KNOWN_FAILURES: &str = "known-failures.txt";

/// One test per case, named by its path under `tests/fixtures` (`events/addon_loaded_order`),
/// plus `known-failures.txt`, which checks that file: its lines are well formed and each names
/// an existing case. `cargo test -p wow-sim --test fixtures -- NAME` filters by substring
/// (`--exact` for one case); cases run in parallel (`--test-threads`).
fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let root = fixtures_root();
    let mut cases = Vec::new();
    find_cases(&root, &mut cases);
    if cases.is_empty() {
        eprintln!("no fixture cases found under {}", root.display());
        return std::process::ExitCode::FAILURE;
    }
    let (known, mut problems) = known_failures(&root.join(KNOWN_FAILURES));
    let names: Vec<String> = cases
        .iter()
        .map(|c| {
            c.strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    for case in known.keys().filter(|k| !names.contains(k)) {
        problems.push(format!(
            "{KNOWN_FAILURES}: {case} is not a fixture case: remove its line"
        ));
    }
    let known = Arc::new(known);
    let mut trials = vec![Trial::test(KNOWN_FAILURES, move || {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n").into())
        }
    })];
    for (name, case) in names.into_iter().zip(cases) {
        let known = Arc::clone(&known);
        trials.push(Trial::test(name.clone(), move || {
            run_trial(&name, &case, known.get(&name).map(String::as_str))
        }));
    }
    libtest_mimic::run(&args, trials).exit_code()
}
