//! The real command line end to end: exit codes, JSON on stdout only, flags and their errors.

use std::path::PathBuf;
use std::process::{Command, Output};

fn wow_sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        // Tests leave the user's cache folder alone (and do not use a UI fetched there);
        // `lua_cache_*` turn the Lua cache on in a folder of their own.
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-cli-no-cache"),
        )
        .output()
        .expect("run wow-sim")
}

/// `wow-sim` with the compiled-Lua cache under `cache` (as `$XDG_CACHE_HOME`).
fn wow_sim_cached(cache: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_NO_LUA_CACHE")
        .env("XDG_CACHE_HOME", cache)
        .output()
        .expect("run wow-sim")
}

/// The files of the compiled-Lua cache under `cache`.
fn cache_files(cache: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for d in std::fs::read_dir(cache.join("wow-sim"))
        .into_iter()
        .flatten()
    {
        for f in std::fs::read_dir(d.unwrap().path()).into_iter().flatten() {
            let path = f.unwrap().path();
            // Entries only, not the folders' `last-used` stamps.
            if path.extension().is_some() {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn lua_cache_gives_the_same_records_cold_warm_and_corrupt() {
    let cache = std::env::temp_dir().join(format!("wowsim-cli-lua-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let args = [
        "--addons",
        &fixture("errors/phases/AddOns"),
        "--no-saved-vars",
        "lua-errors",
        "--seconds",
        "0.1",
    ];
    let plain = wow_sim(&args);
    assert_eq!(plain.status.code(), Some(1));
    let off = wow_sim_cached(&cache, &[&["--no-lua-cache"], &args[..]].concat());
    assert_eq!(off.stdout, plain.stdout);
    assert!(
        cache_files(&cache).is_empty(),
        "--no-lua-cache wrote the cache"
    );
    let cold = wow_sim_cached(&cache, &args);
    let files = cache_files(&cache);
    assert!(!files.is_empty(), "no cache written");
    let warm = wow_sim_cached(&cache, &args);
    for out in [&cold, &warm] {
        assert_eq!(out.status.code(), Some(1));
        // Same records: messages, files, line numbers, stacks.
        assert_eq!(out.stdout, plain.stdout);
        assert_eq!(out.stderr, plain.stderr);
    }
    std::fs::write(&files[0], b"not a cache file").unwrap();
    let corrupt = wow_sim_cached(&cache, &args);
    assert_eq!(corrupt.stdout, plain.stdout);
    let err = String::from_utf8_lossy(&corrupt.stderr);
    assert!(err.contains("note: ignoring the Lua cache file"), "{err}");
    let _ = std::fs::remove_dir_all(&cache);
}

fn fixture(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(path)
        .display()
        .to_string()
}

fn records(out: &Output) -> Vec<serde_json::Value> {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

#[test]
fn no_addons_prints_empty_array_and_exits_0() {
    let out = wow_sim(&["--no-addons", "--no-saved-vars", "lua-errors"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[]");
}

#[test]
fn demo_addons_run_clean() {
    let out = wow_sim(&["--no-saved-vars", "lua-errors", "--seconds", "2"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Hello, Simplayer of Simulated Realm!"),
        "{stderr}"
    );
}

#[test]
fn errors_exit_1_with_records() {
    let out = wow_sim(&[
        "--addons",
        &fixture("errors/phases/AddOns"),
        "--no-saved-vars",
        "lua-errors",
        "--seconds",
        "0.1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let recs = records(&out);
    assert!(
        recs.iter()
            .any(|r| r["phase"] == "timer" && r["line"] == 19),
        "{recs:?}"
    );
    assert!(
        recs.iter()
            .any(|r| r["phase"] == "OnUpdate" && r["count"] == 6),
        "{recs:?}"
    );
}

/// Warnings (XML schema problems, which the client only logs) are in the JSON with their
/// severity but fail the run only with `--strict`.
#[test]
fn warnings_exit_0_unless_strict() {
    let dir = fixture("xml/ui_xsd_schema/AddOns");
    let args = [
        "--addons",
        &dir,
        "--no-saved-vars",
        "lua-errors",
        "--seconds",
        "0",
    ];
    let out = wow_sim(&args);
    assert_eq!(out.status.code(), Some(0), "{:?}", records(&out));
    let recs = records(&out);
    assert!(!recs.is_empty(), "the fixture has warnings");
    assert!(recs.iter().all(|r| r["severity"] == "warning"), "{recs:?}");
    let strict = wow_sim(&[&args[..], &["--strict"]].concat());
    assert_eq!(strict.status.code(), Some(1));
    assert_eq!(records(&strict), recs);
    let errors = wow_sim(&[
        "--addons",
        &fixture("xml/record_severity/AddOns"),
        "--no-saved-vars",
        "lua-errors",
        "--seconds",
        "0",
    ]);
    assert_eq!(errors.status.code(), Some(1), "a Lua error is an error");
    assert!(records(&errors).iter().any(|r| r["severity"] == "error"));
}

#[test]
fn exec_lua_code_and_file() {
    let out = wow_sim(&[
        "--no-addons",
        "--no-saved-vars",
        "--exec-lua",
        "error('from exec')",
        "lua-errors",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let recs = records(&out);
    assert_eq!(recs[0]["phase"], "exec-lua");
    assert_eq!(recs[0]["message"], "exec-lua:1: from exec");

    let file = std::env::temp_dir().join(format!("wowsim-exec-{}.lua", std::process::id()));
    std::fs::write(&file, "print('from file')\nlocal x = nil + 1\n").unwrap();
    let arg = format!("@{}", file.display());
    let out = wow_sim(&[
        "--no-addons",
        "--no-saved-vars",
        "--exec-lua",
        &arg,
        "lua-errors",
    ]);
    let recs = records(&out);
    assert_eq!(recs[0]["line"], 2, "{recs:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("from file"));
    let _ = std::fs::remove_file(file);
}

#[test]
fn bad_flags_and_folders_exit_2() {
    let out = wow_sim(&["--bogus", "lua-errors"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bogus"));
    let out = wow_sim(&["--flavor", "wotlk", "lua-errors"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("wotlk"));
    let out = wow_sim(&["--addons", "/nonexistent/wowsim", "lua-errors"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/wowsim"));
    let out = wow_sim(&[
        "--exec-lua",
        "@/nonexistent/x.lua",
        "--no-addons",
        "--no-saved-vars",
        "lua-errors",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stdout.is_empty(),
        "nothing on stdout when wow-sim cannot run"
    );
}

#[test]
fn saved_variables_written_to_wtf() {
    let wtf = std::env::temp_dir().join(format!("wowsim-cli-wtf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&wtf);
    let w = wtf.display().to_string();
    for _ in 0..2 {
        let out = wow_sim(&[
            "--wtf",
            &w,
            "--account",
            "ACC",
            "lua-errors",
            "--seconds",
            "0",
        ]);
        assert_eq!(out.status.code(), Some(0));
    }
    let saved =
        std::fs::read_to_string(wtf.join("Account/ACC/SavedVariables/HelloSim.lua")).unwrap();
    assert!(saved.contains("[\"logins\"] = 2,"), "{saved}");
    assert!(wtf
        .join("Account/ACC/SavedVariables/HelloSim.lua.bak")
        .exists());
    let _ = std::fs::remove_dir_all(&wtf);
}

#[test]
fn every_headless_command_logs_out_and_saves() {
    for (i, cmd) in [vec!["dump-tree"], vec!["screenshot", "-o"]]
        .into_iter()
        .enumerate()
    {
        let wtf =
            std::env::temp_dir().join(format!("wowsim-cli-logout-{}-{i}", std::process::id()));
        let _ = std::fs::remove_dir_all(&wtf);
        std::fs::create_dir_all(&wtf).unwrap();
        let png = wtf.join("shot.png").display().to_string();
        let w = wtf.display().to_string();
        let mut args = vec!["--wtf", &w];
        args.extend(cmd.iter().copied());
        if cmd[0] == "screenshot" {
            args.push(&png);
        }
        let out = wow_sim(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{cmd:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let saved = wtf.join("Account/WOWSIM/SavedVariables/HelloSim.lua");
        assert!(
            saved.exists(),
            "{cmd:?} must write SavedVariables at the end"
        );
        let _ = std::fs::remove_dir_all(&wtf);
    }
}

/// The window without an X display is a clear error (exit 2) that says what to do, not an
/// internal error from inside the windowing library.
#[cfg(feature = "gui")]
#[test]
fn window_without_a_display_says_what_to_do() {
    let out = Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .args(["--no-saved-vars", "--no-addons"])
        .env_remove("DISPLAY")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run wow-sim");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISPLAY is not set"), "{err}");
    assert!(err.contains("xvfb-run"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
}

/// `screenshot` writes PNG or lossless WebP by the output's extension and refuses others
/// before running anything.
#[test]
fn screenshot_formats_by_extension() {
    let dir = std::env::temp_dir().join(format!("wowsim-cli-formats-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, magic) in [("a.png", &b"\x89PNG"[..]), ("b.WebP", &b"RIFF"[..])] {
        let p = dir.join(name).display().to_string();
        let out = wow_sim(&["--no-saved-vars", "--no-addons", "screenshot", "-o", &p]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        let bytes = std::fs::read(&p).unwrap();
        assert!(bytes.starts_with(magic), "{name}");
    }
    let p = dir.join("c.jpg").display().to_string();
    let out = wow_sim(&["--no-saved-vars", "--no-addons", "screenshot", "-o", &p]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(".png or .webp"), "{err}");
    assert!(!std::path::Path::new(&p).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `screenshot` size, UI scale, `--filter` (one frame's subtree) and `--crop` end to end.
#[test]
fn screenshot_size_scale_filter_and_crop() {
    let dir = std::env::temp_dir().join(format!("wowsim-cli-shot-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let lua = "local function box(name, x, r, g) \
        local f = CreateFrame('Frame', name, UIParent); f:SetPoint('TOPLEFT', x, 0); f:SetSize(10, 10) \
        local t = f:CreateTexture(); t:SetAllPoints(); t:SetColorTexture(r, g, 0) end \
        box('ShotRed', 0, 1, 0); box('ShotGreen', 20, 0, 1)";
    let shot = |name: &str, extra: &[&str]| {
        let p = dir.join(name).display().to_string();
        let mut args = vec!["--no-saved-vars", "--no-addons", "--exec-lua", lua];
        args.extend(["screenshot", "-o", &p, "--width", "512", "--height", "384"]);
        args.extend(extra);
        let out = wow_sim(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        wowsim_raster::decode::decode_png(&std::fs::read(&p).unwrap()).unwrap()
    };
    let red = [255, 0, 0, 255];
    let green = [0, 255, 0, 255];
    let black = [0, 0, 0, 255];
    // UI scale 2 on a 384-pixel screen: one unit per pixel.
    let all = shot("all.png", &["--ui-scale", "2"]);
    assert_eq!((all.width, all.height), (512, 384));
    assert_eq!(
        [all.pixel(9, 9), all.pixel(10, 9), all.pixel(25, 5)],
        [red, black, green]
    );
    // UI scale 1: two units per pixel.
    let half = shot("half.png", &[]);
    assert_eq!(
        [half.pixel(4, 4), half.pixel(5, 4), half.pixel(12, 2)],
        [red, black, green]
    );
    // Only the red frame, cropped to 16x8 from (4, 0).
    let one = shot(
        "one.png",
        &[
            "--ui-scale",
            "2",
            "--filter",
            "ShotRed",
            "--crop",
            "24x8+4+0",
        ],
    );
    assert_eq!((one.width, one.height), (24, 8));
    assert_eq!(
        [
            one.pixel(0, 0),
            one.pixel(5, 7),
            one.pixel(6, 0),
            one.pixel(21, 5)
        ],
        [red, red, black, black]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn global_strings_file_and_locale() {
    let dir = std::env::temp_dir().join(format!("wowsim-cli-gs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("GlobalStrings.lua");
    std::fs::write(&good, "OKAY = \"made-up okay\";\n").unwrap();
    let shown = "print(GetLocale(), OKAY, ITEM_LEVEL)";
    let out = wow_sim(&[
        "--no-addons",
        "--no-saved-vars",
        "--locale",
        "frFR",
        "--global-strings",
        good.to_str().unwrap(),
        "--exec-lua",
        shown,
        "lua-errors",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("frFR made-up okay ITEM_LEVEL %d"),
        "{stderr}"
    );
    // A malformed file stops the run, naming the file and the line.
    let bad = dir.join("Bad.lua");
    std::fs::write(&bad, "OKAY = \"x\";\nlocal y = 1\n").unwrap();
    let out = wow_sim(&[
        "--no-addons",
        "--no-saved-vars",
        "--global-strings",
        bad.to_str().unwrap(),
        "lua-errors",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{}:2:", bad.display())),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    let out = wow_sim(&["--locale", "xxXX", "--no-addons", "lua-errors"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}

/// The typed stubs an addon called are named on stderr, with their call counts, most called
/// first; a run without the addon does not name them.
#[test]
fn lua_errors_names_the_typed_stubs_called() {
    let dir = std::env::temp_dir().join(format!("wowsim-cli-stubs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let addon = dir.join("StubUser");
    std::fs::create_dir_all(&addon).unwrap();
    std::fs::write(
        addon.join("StubUser.toc"),
        "## Interface: 120001\n## Title: StubUser\nStubUser.lua\n",
    )
    .unwrap();
    std::fs::write(
        addon.join("StubUser.lua"),
        "C_PetJournal.GetNumPets()\nC_PetJournal.GetNumPets()\nC_PetJournal.GetNumPets()\n\
         C_Garrison.GetGarrisonInfo(1)\nprint(type(C_PetJournal.GetNumPets()))\n",
    )
    .unwrap();
    let root = dir.display().to_string();
    let out = wow_sim(&["--no-saved-vars", "--addons", &root, "lua-errors"]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    let note = err
        .lines()
        .find(|l| l.contains("typed stubs were called"))
        .unwrap_or_else(|| panic!("no stub note in:\n{err}"));
    let pets = note.find("C_PetJournal.GetNumPets x4").expect(note);
    let garrison = note.find("C_Garrison.GetGarrisonInfo x1").expect(note);
    assert!(pets < garrison, "most called first: {note}");
    // The stub answers a value of its documented type (a number), not nil.
    assert!(err.contains("[chat] number"), "{err}");
    // Without the addon its stubs are not named, and the totals are 2 functions and 5 calls
    // fewer (the built-in base itself may call stubs: its objective tracker reads the quest
    // watches, which wow-sim has only as stubs).
    let clean = wow_sim(&["--no-saved-vars", "--no-addons", "lua-errors"]);
    let clean_err = String::from_utf8_lossy(&clean.stderr);
    let clean_note = clean_err
        .lines()
        .find(|l| l.contains("typed stubs were called"))
        .unwrap_or("");
    assert!(!clean_note.contains("C_PetJournal"), "{clean_note}");
    assert!(!clean_note.contains("C_Garrison"), "{clean_note}");
    let totals = |n: &str| -> (u64, u64) {
        let num = |after: &str| -> u64 {
            n.split(after)
                .next()
                .and_then(|h| {
                    h.split(|c: char| !c.is_ascii_digit())
                        .rfind(|w| !w.is_empty())
                })
                .map_or(0, |w| w.parse().unwrap())
        };
        if n.is_empty() {
            return (0, 0);
        }
        (num(" functions and methods"), num(" calls;"))
    };
    let (fns, calls) = totals(note);
    let (clean_fns, clean_calls) = totals(clean_note);
    assert_eq!(
        (fns, calls),
        (clean_fns + 2, clean_calls + 5),
        "{note} / {clean_note}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
