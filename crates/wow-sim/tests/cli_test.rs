//! `wow-sim test` end to end: the demo's specs, exit codes, every format, isolation between
//! spec files, and the per-file wall-clock bound.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn wow_sim(dir: Option<&Path>, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wow-sim"));
    cmd.args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        .env_remove("WOW_SIM_FORMAT")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-cli-no-cache"),
        );
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    cmd.output().expect("run wow-sim")
}

fn fixture(rel: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    root.join(rel).to_string_lossy().into_owned()
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wowsim-cli-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// An addon `name` under `dir/AddOns` with a TOC listing `name.lua` (holding `lua`) and an empty
/// `spec/` folder; returns the addon's folder.
fn addon(dir: &Path, name: &str, lua: &str) -> PathBuf {
    let a = dir.join("AddOns").join(name);
    std::fs::create_dir_all(a.join("spec")).unwrap();
    let toc = format!("## Interface: 110100\n## Title: {name}\n{name}.lua\n");
    std::fs::write(a.join(format!("{name}.toc")), toc).unwrap();
    std::fs::write(a.join(format!("{name}.lua")), lua).unwrap();
    a
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn the_demo_addons_specs_pass() {
    let demo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../demo/AddOns");
    let out = wow_sim(
        None,
        &[
            "--no-saved-vars",
            "--addons",
            demo.to_str().unwrap(),
            "test",
            "--format",
            "json",
        ],
    );
    let v = json(&out);
    assert_eq!(out.status.code(), Some(0), "{v:#}");
    assert_eq!(v["summary"]["failed"], 0, "{v:#}");
    assert_eq!(v["summary"]["errors"], 0, "{v:#}");
    assert!(v["summary"]["passed"].as_u64().unwrap() >= 9, "{v:#}");
    assert!(v["summary"]["files"].as_u64().unwrap() >= 2, "{v:#}");
}

#[test]
fn failures_exit_1_in_every_format() {
    let addons = fixture("spec/records/AddOns");
    let spec = fixture("spec/records/spec/a_spec.lua");
    let base = [
        "--no-saved-vars",
        "--addons",
        &addons,
        "test",
        &spec,
        "--format",
    ];
    let run = |format: &str| {
        let mut args = base.to_vec();
        args.push(format);
        wow_sim(None, &args)
    };
    let out = run("json");
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["summary"]["passed"], 1, "{v:#}");
    assert_eq!(v["summary"]["errors"], 1, "{v:#}");
    let test = &v["files"][0]["tests"][0];
    assert_eq!(test["status"], "error");
    assert_eq!(test["records"][0]["file"], "Interface/AddOns/Boom/Boom.lua");

    let tap = String::from_utf8(run("tap").stdout).unwrap();
    assert!(tap.starts_with("TAP version 13\n1..2\n"), "{tap}");
    assert!(
        tap.contains("not ok 1 - records a handler's error fails the test"),
        "{tap}"
    );
    assert!(tap.contains("ok 2 - records a later test passes"), "{tap}");

    let junit = String::from_utf8(run("junit").stdout).unwrap();
    let doc = roxmltree::Document::parse(&junit).expect("JUnit XML parses");
    let errors: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("error"))
        .collect();
    assert_eq!(errors.len(), 1, "{junit}");
    assert!(errors[0].text().unwrap().contains("the target changed"));

    let text = run("text");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("✗ records a handler's error fails the test (error)"),
        "{text}"
    );
    assert!(text.contains("Boom.lua:5: the target changed"), "{text}");
    assert!(text.contains("1 passed, 0 failed, 1 errors"), "{text}");
}

#[test]
fn nothing_to_run_exits_2() {
    let empty = temp("empty");
    let out = wow_sim(
        None,
        &[
            "--no-saved-vars",
            "--addons",
            empty.to_str().unwrap(),
            "test",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no spec files found"));
    let out = wow_sim(None, &["--no-saved-vars", "test", "no/such/file_spec.lua"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/file_spec.lua"));
}

/// Two files that each change the client and expect the start-up state: they pass only when
/// each file starts from the same state (in either order, and in parallel).
#[test]
fn every_spec_file_starts_from_the_same_state() {
    let dir = temp("isolation");
    let addons = dir.join("AddOns");
    addon(&dir, "Counter", "CounterValue = 0\n");
    for name in ["a", "b", "c"] {
        std::fs::write(
            addons.join(format!("Counter/spec/{name}_spec.lua")),
            format!(
                "describe('{name}', function()\n  it('starts fresh', function()\n    \
                 assert.are.equal(0, CounterValue)\n    assert.is_nil(TouchedBy)\n    \
                 CounterValue = CounterValue + 1\n    TouchedBy = '{name}'\n    \
                 CreateFrame('Frame', 'Made_{name}')\n  end)\n  it('keeps state within the file', \
                 function()\n    assert.are.equal(1, CounterValue)\n  end)\nend)\n"
            ),
        )
        .unwrap();
    }
    for jobs in ["1", "3"] {
        let out = wow_sim(
            Some(&dir),
            &[
                "--no-saved-vars",
                "--addons",
                "AddOns",
                "test",
                "--jobs",
                jobs,
                "--format",
                "json",
            ],
        );
        let v = json(&out);
        assert_eq!(out.status.code(), Some(0), "{v:#}");
        assert_eq!(v["summary"]["passed"], 6, "{v:#}");
        // Files are shown relative to the working folder.
        assert_eq!(
            v["files"][0]["file"], "AddOns/Counter/spec/a_spec.lua",
            "{v:#}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_spec_file_past_its_timeout_is_stopped() {
    let dir = temp("timeout");
    let spec = dir.join("slow_spec.lua");
    // A day of virtual time, frame by frame: far past the bound, inside the host (no budget).
    std::fs::write(
        &spec,
        "describe('slow', function() it('runs a day', function() wowsim.Advance(86400) end) end)\n",
    )
    .unwrap();
    let ok = dir.join("ok_spec.lua");
    std::fs::write(
        &ok,
        "describe('ok', function() it('passes', function() end) end)\n",
    )
    .unwrap();
    let out = wow_sim(
        None,
        &[
            "--no-saved-vars",
            "test",
            spec.to_str().unwrap(),
            ok.to_str().unwrap(),
            "--timeout",
            "3",
            "--format",
            "json",
        ],
    );
    let v = json(&out);
    assert_eq!(out.status.code(), Some(1), "{v:#}");
    let slow = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["file"].as_str().unwrap().ends_with("slow_spec.lua"))
        .unwrap();
    assert!(
        slow["load_error"]
            .as_str()
            .unwrap()
            .contains("did not finish within 3 s"),
        "{v:#}"
    );
    assert_eq!(v["summary"]["passed"], 1, "{v:#}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_scenario_names_its_file_and_line_and_nothing_runs() {
    let dir = temp("scenario");
    let file = dir.join("bad.toml");
    std::fs::write(
        &file,
        "[player]\nname = \"A\"\n\n[[timeline]]\nat = 1\ndo = \"dance\"\n",
    )
    .unwrap();
    let out = wow_sim(
        None,
        &[
            "--no-saved-vars",
            "--scenario",
            file.to_str().unwrap(),
            "lua-errors",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("bad.toml:4: unknown action 'dance'"), "{err}");
    // The character's belongings: an item both equipped and in a bag, a slot that is no
    // equipment slot, a timeline loot entry with a bag.
    let cases = [
        (
            "[[items]]\nid = 1\nslot = 16\nbag = 0\n",
            "bad.toml:1: an item is equipped",
        ),
        (
            "\n[[items]]\nid = 1\nslot = \"Elbow\"\n",
            "bad.toml:2: 'slot' = \"Elbow\" is not an equipment slot",
        ),
        (
            "[[timeline]]\nat = 1\ndo = \"loot\"\nid = 5\nbag = 1\n",
            "bad.toml:1: loot goes to the first free bag slot",
        ),
        (
            "[player]\nclass = \"MAGE\"\nspec = 71\n",
            "bad.toml:1: spec 71 is a WARRIOR spec, not MAGE's",
        ),
        ("\n[player]\nspec = 7\n", "bad.toml:2: unknown spec 7"),
    ];
    for (src, want) in cases {
        std::fs::write(&file, src).unwrap();
        let args = [
            "--no-saved-vars",
            "--scenario",
            file.to_str().unwrap(),
            "lua-errors",
        ];
        let out = wow_sim(None, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{src}: {err}");
        assert!(err.contains(want), "{src}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A spec drives the game state: it loads a scenario from its addon's folder, and a path
/// outside the addon folders is refused.
#[test]
fn specs_load_scenarios_from_their_addon_only() {
    let dir = temp("spec-scenario");
    let addon = addon(
        &dir,
        "Fighter",
        "local f = CreateFrame('Frame')\nf:RegisterEvent('PLAYER_REGEN_DISABLED')\n\
         f:SetScript('OnEvent', function() FighterPulled = GetTime() end)\n",
    );
    std::fs::write(
        addon.join("spec/pull.toml"),
        "[target]\nname = \"Boss\"\nhostile = true\n\n[[timeline]]\nat = 2\ndo = \"enter_combat\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("outside.toml"), "[target]\nname = \"X\"\n").unwrap();
    std::fs::write(
        addon.join("spec/pull_spec.lua"),
        "describe('pull', function()\n  it('reacts to combat', function()\n    \
         wowsim.LoadScenario('AddOns/Fighter/spec/pull.toml')\n    \
         assert.are.equal('Boss', UnitName('target'))\n    assert.is_nil(FighterPulled)\n    \
         wowsim.Advance(2.5)\n    assert.is_true(InCombatLockdown())\n    \
         assert.is_number(FighterPulled)\n  end)\n  it('names it from its addon folder too', function()\n    \
         wowsim.LoadScenario('spec/pull.toml')\n    assert.are.equal('Boss', (UnitName('target')))\n  \
         end)\n  it('cannot read outside', function()\n    \
         assert.error_matches(function() wowsim.LoadScenario('outside.toml') end, \
         'not a file inside the addon folders')\n  end)\nend)\n",
    )
    .unwrap();
    let out = wow_sim(
        Some(&dir),
        &[
            "--no-saved-vars",
            "--addons",
            "AddOns",
            "test",
            "--format",
            "json",
        ],
    );
    let v = json(&out);
    assert_eq!(out.status.code(), Some(0), "{v:#}");
    assert_eq!(v["summary"]["passed"], 3, "{v:#}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A suite's helper (busted's `--helper`, here `.wowsim.toml`'s `helper`) runs before each spec
/// file in its environment; an error in it is the file's error.
#[test]
fn the_helper_of_an_addon_runs_before_each_spec_file() {
    let dir = temp("helper");
    let addon = addon(&dir, "Helped", "HelpedValue = 41\n");
    std::fs::write(
        addon.join(".wowsim.toml"),
        "[test]\nhelper = \"spec/setup.lua\"\n",
    )
    .unwrap();
    std::fs::write(
        addon.join("spec/setup.lua"),
        "local name = ...\nfunction LoadModule(path) return name .. ':' .. path end\n\
         HelpedValue = HelpedValue + 1\n",
    )
    .unwrap();
    for n in ["a", "b"] {
        std::fs::write(
            addon.join(format!("spec/{n}_spec.lua")),
            "describe('helped', function() it('sees the helper', function()\n  \
             assert.are.equal('Helped:x.lua', LoadModule('x.lua'))\n  \
             assert.are.equal(42, HelpedValue)\nend) end)\n",
        )
        .unwrap();
    }
    let out = wow_sim(
        Some(&dir),
        &[
            "--no-saved-vars",
            "--addons",
            "AddOns",
            "test",
            "--format",
            "json",
        ],
    );
    let v = json(&out);
    assert_eq!(out.status.code(), Some(0), "{v:#}");
    assert_eq!(v["summary"]["passed"], 2, "{v:#}");
    std::fs::write(addon.join("spec/setup.lua"), "error('no set-up here')\n").unwrap();
    let out = wow_sim(
        Some(&dir),
        &[
            "--no-saved-vars",
            "--addons",
            "AddOns",
            "test",
            "--format",
            "json",
        ],
    );
    let v = json(&out);
    assert_eq!(out.status.code(), Some(1), "{v:#}");
    let err = v["files"][0]["load_error"].as_str().unwrap();
    assert!(
        err.contains("helper") && err.contains("no set-up here"),
        "{v:#}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `wowsim.MatchScreenshot`: the first run stores the picture, the next compares it pixel for
/// pixel; a change fails with where it differs and the picture now beside it; `--bless` accepts.
#[test]
fn specs_compare_pictures_of_frames() {
    let dir = temp("pictures");
    let lua = |r: f32| {
        format!(
            "local f = CreateFrame('Frame', 'BoxFrame', UIParent)\nf:SetSize(40, 20)\n\
             f:SetPoint('CENTER')\nlocal t = f:CreateTexture()\nt:SetAllPoints()\n\
             t:SetColorTexture({r}, 0.5, 0.25)\n"
        )
    };
    let addon = addon(&dir, "Boxes", &lua(1.0));
    std::fs::write(
        addon.join("spec/box_spec.lua"),
        "describe('box', function() it('looks the same', function()\n  \
         assert(wowsim.MatchScreenshot('box', BoxFrame))\nend) end)\n",
    )
    .unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--no-saved-vars",
            "--addons",
            "AddOns",
            "test",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let out = wow_sim(Some(&dir), &args);
        (out.status.code(), json(&out))
    };
    let stored = addon.join("spec/__screenshots__/box.png");
    let (code, v) = run(&[]);
    assert_eq!(code, Some(0), "{v:#}");
    let first = std::fs::read(&stored).expect("the first run stores the picture");
    // 40x20 UI units at the default 1080p screen: the frame's own rectangle, cropped.
    assert!(first.len() > 60, "a PNG");
    let (code, v) = run(&[]);
    assert_eq!(code, Some(0), "{v:#}");
    std::fs::write(addon.join("Boxes.lua"), lua(0.0)).unwrap();
    let (code, v) = run(&[]);
    assert_eq!(code, Some(1), "{v:#}");
    let msg = v["files"][0]["tests"][0]["message"].as_str().unwrap();
    assert!(
        msg.contains("differs in") && msg.contains("box.actual.png"),
        "{msg}"
    );
    assert!(addon.join("spec/__screenshots__/box.actual.png").is_file());
    assert_eq!(
        std::fs::read(&stored).unwrap(),
        first,
        "a failed compare keeps the stored picture"
    );
    let (code, v) = run(&["--bless"]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_ne!(
        std::fs::read(&stored).unwrap(),
        first,
        "--bless rewrites it"
    );
    let (code, v) = run(&[]);
    assert_eq!(code, Some(0), "{v:#}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--scenario` is a global flag: every subcommand that starts the client reads it (a wrong
/// file stops each with exit 2), and its state is what the addons see (dump-tree shows a frame
/// named after the scenario's instance type).
#[test]
fn every_client_subcommand_takes_a_scenario() {
    let dir = temp("scenario-everywhere");
    addon(
        &dir,
        "Where",
        "local f = CreateFrame('Frame')\nf:RegisterEvent('PLAYER_ENTERING_WORLD')\n\
         f:SetScript('OnEvent', function()\n  local _, kind = GetInstanceInfo()\n  \
         CreateFrame('Frame', 'WhereIn_' .. kind .. '_' .. GetRealZoneText():gsub(' ', ''))\nend)\n",
    );
    std::fs::write(
        dir.join("AddOns/Where/spec/where_spec.lua"),
        "describe('where', function() it('is', function() end) end)\n",
    )
    .unwrap();
    let good = dir.join("raid.toml");
    std::fs::write(
        &good,
        "[location]\nzone = \"Molten Core\"\ninstance_id = 409\ndifficulty = 9\n",
    )
    .unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[location]\nsubzone = \"no zone\"\n").unwrap();
    let addons = dir.join("AddOns");
    let run = |scenario: &Path, cmd: &[&str]| {
        let mut args = vec![
            "--no-saved-vars",
            "--addons",
            addons.to_str().unwrap(),
            "--scenario",
            scenario.to_str().unwrap(),
        ];
        args.extend_from_slice(cmd);
        wow_sim(Some(&dir), &args)
    };
    let png = dir.join("out.png");
    for cmd in [
        &["lua-errors"][..],
        &["dump-tree"],
        &["screenshot", "-o", png.to_str().unwrap()],
        &["test"],
    ] {
        let out = run(&bad, cmd);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd:?}: {err}");
        assert!(err.contains("bad.toml:1: 'zone'"), "{cmd:?}: {err}");
    }
    let out = run(&good, &["dump-tree"]);
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(tree.contains("WhereIn_raid_MoltenCore"), "{tree}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A damage meter's spec replays a fight of our own (`wowsim.ReplayCombatLog` from its addon
/// folder, Classic Era where addons read the combat log): the sums it counts from
/// `CombatLogGetCurrentEventInfo`, the encounter and the boss's health the log implies. The
/// run's report goes to `--output`, and `--filter` runs only the matching test.
#[test]
fn a_spec_replays_a_combat_log_and_the_report_goes_to_a_file() {
    let dir = temp("spec-replay");
    let meter = addon(
        &dir,
        "Meter",
        "MeterSums, MeterEncounter = {}, nil\nlocal f = CreateFrame('Frame')\n\
         f:RegisterEvent('COMBAT_LOG_EVENT_UNFILTERED')\nf:RegisterEvent('ENCOUNTER_START')\n\
         f:SetScript('OnEvent', function(_, event, id)\n  \
         if event == 'ENCOUNTER_START' then MeterEncounter = id return end\n  \
         local _, sub, _, _, source, _, _, _, _, _, _, spellId, _, _, amount = \
         CombatLogGetCurrentEventInfo()\n  \
         if sub == 'SPELL_DAMAGE' then MeterSums[source] = (MeterSums[source] or 0) + amount end\n\
         end)\n",
    );
    let log = "11/30/2026 20:00:00.000  COMBAT_LOG_VERSION,22,ADVANCED_LOG_ENABLED,1,BUILD_VERSION,1.15.4,PROJECT_ID,2\n\
        11/30/2026 20:00:00.500  ENCOUNTER_START,663,\"Lucifron\",9,40,409\n\
        11/30/2026 20:00:01.000  SPELL_DAMAGE,Player-1-0000AAAA,\"Tess\",0x511,0x0,Creature-0-1-409-1-12118-0000000001,\"Lucifron\",0x10a48,0x0,133,\"Fireball\",0x4,Creature-0-1-409-1-12118-0000000001,0000000000000000,595000,600000,0,0,0,0,0,0,0,0,0.0,0.0,232,0.0,63,5000,5000,-1,4,0,0,0,nil,nil,nil\n\
        11/30/2026 20:00:02.000  SPELL_DAMAGE,Player-1-0000AAAA,\"Tess\",0x511,0x0,Creature-0-1-409-1-12118-0000000001,\"Lucifron\",0x10a48,0x0,133,\"Fireball\",0x4,Creature-0-1-409-1-12118-0000000001,0000000000000000,590000,600000,0,0,0,0,0,0,0,0,0.0,0.0,232,0.0,63,5000,5000,-1,4,0,0,0,nil,nil,nil\n";
    std::fs::write(meter.join("spec/fight.txt"), log).unwrap();
    std::fs::write(
        meter.join("spec/meter_spec.lua"),
        "describe('meter', function()\n  it('counts the replayed fight', function()\n    \
         wowsim.ReplayCombatLog('AddOns/Meter/spec/fight.txt')\n    wowsim.Advance(3)\n    \
         assert.are.equal(663, MeterEncounter)\n    \
         assert.are.equal(10000, MeterSums['Tess'])\n    \
         assert.are.equal(590000, UnitHealth('boss1'))\n  end)\n  \
         it('is left out by the filter', function() error('ran') end)\nend)\n",
    )
    .unwrap();
    let report = dir.join("report.xml");
    let out = wow_sim(
        Some(&dir),
        &[
            "--no-saved-vars",
            "--flavor",
            "classic_era",
            "--addons",
            "AddOns",
            "test",
            "--filter",
            "counts",
            "--format",
            "junit",
            "--output",
            report.to_str().unwrap(),
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(out.stdout.is_empty(), "the report is in the file");
    let xml = std::fs::read_to_string(&report).expect("--output writes the report");
    let doc = roxmltree::Document::parse(&xml).expect("JUnit XML parses");
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .map(|n| n.attribute("name").unwrap_or("").to_string())
        .collect();
    assert_eq!(cases, ["meter counts the replayed fight"], "{xml}");
    assert!(
        !xml.contains("<failure") && !xml.contains("<error"),
        "{xml}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
