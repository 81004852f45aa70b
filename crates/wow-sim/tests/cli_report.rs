//! `lua-errors --format json|text|github|junit` and `--output` end to end, on the addons of
//! `tests/cli/report` (an error at load, one in an event handler, an XML warning, a clean
//! addon and a load-on-demand one) copied into a scratch folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn wow_sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wow-sim"))
        .args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        .env_remove("WOW_SIM_FORMAT")
        .env_remove("NO_COLOR")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("wowsim-cli-no-cache"),
        )
        .output()
        .expect("run wow-sim")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// A scratch copy of the report addons: `<scratch>/ws/AddOns/{Broken,Clean,Later}`.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wowsim-report-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cli/report/AddOns");
    copy_dir(&src, &dir.join("ws/AddOns"));
    dir
}

fn run(dir: &Path, extra: &[&str]) -> Output {
    let addons = dir.join("ws/AddOns").display().to_string();
    let mut args = vec![
        "--addons",
        &addons,
        "--no-saved-vars",
        "lua-errors",
        "--seconds",
        "0",
    ];
    args.extend(extra);
    wow_sim(&args)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn github_annotations_point_into_the_repository() {
    let dir = scratch("github");
    // The addon is its own repository (checked out into AddOns/Broken).
    std::fs::create_dir_all(dir.join("ws/AddOns/Broken/.git")).unwrap();
    let out = run(&dir, &["--format", "github"]);
    assert_eq!(out.status.code(), Some(1), "records exit 1 in every format");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with(
            "::warning file=Broken.xml,line=2,title=Broken (load)::Interface/AddOns/Broken/Broken.xml:2:"
        ) && lines[0].contains("Unrecognized XML attribute: bogus"),
        "{text}"
    );
    assert!(
        lines[1].starts_with(
            "::error file=Broken.lua,line=6,title=Broken (load)::Interface/AddOns/Broken/Broken.lua:6: attempt to index"
        ),
        "{text}"
    );
    assert!(
        lines[2].starts_with(
            "::error file=Broken.lua,line=4,title=Broken (event%3APLAYER_LOGIN)::Interface/AddOns/Broken/Broken.lua:4: bad <tag> & \"quotes\"%0A"
        ),
        "{text}"
    );
    // An explicit root: paths from there.
    let root = dir.join("ws").display().to_string();
    let out = run(&dir, &["--format", "github", "--repo-root", &root]);
    assert!(
        stdout(&out).contains("::error file=AddOns/Broken/Broken.lua,line=6,"),
        "{}",
        stdout(&out)
    );
    // A root the files are not under: annotations without a file, the place in the text.
    let elsewhere = dir.join("ws/AddOns/Clean").display().to_string();
    let out = run(&dir, &["--format", "github", "--repo-root", &elsewhere]);
    let text = stdout(&out);
    assert!(!text.contains("file="), "{text}");
    assert!(
        text.contains("%0Aat Interface/AddOns/Broken/Broken.lua:6"),
        "{text}"
    );
    // No repository: relative to the --addons folder.
    std::fs::remove_dir_all(dir.join("ws/AddOns/Broken/.git")).unwrap();
    let out = run(&dir, &["--format", "github"]);
    assert!(
        stdout(&out).contains("::error file=Broken/Broken.lua,line=6,"),
        "{}",
        stdout(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn junit_one_case_per_addon_into_a_file() {
    let dir = scratch("junit");
    let json = run(&dir, &["--format", "json"]);
    let recs: Vec<serde_json::Value> = serde_json::from_slice(&json.stdout).unwrap();
    let file = dir.join("report.xml");
    let f = file.display().to_string();
    let out = run(&dir, &["--format", "junit", "--output", &f]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "the report goes to the file only");
    let xml = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}: {xml}"));
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(suite.attribute("name"), Some("lua-errors"));
    assert_eq!(suite.attribute("tests"), Some("3"), "{xml}");
    assert_eq!(suite.attribute("failures"), Some("1"), "{xml}");
    assert_eq!(suite.attribute("skipped"), Some("1"), "{xml}");
    let case = |name: &str| {
        suite
            .children()
            .find(|n| n.attribute("name") == Some(name))
            .unwrap_or_else(|| panic!("no test case {name}: {xml}"))
    };
    let failure = case("Broken")
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(failure.attribute("type"), Some("error"));
    // Escaped and read back: the same text as the JSON record.
    assert_eq!(
        failure.attribute("message"),
        recs[0]["message"].as_str(),
        "{xml}"
    );
    let body = failure.text().unwrap();
    assert!(
        body.contains("bad <tag> & \"quotes\"") && body.contains("  | "),
        "{body}"
    );
    assert_eq!(case("Clean").children().count(), 0);
    let skipped = case("Later")
        .children()
        .find(|n| n.has_tag_name("skipped"))
        .unwrap();
    assert!(skipped.attribute("message").is_some());
    // Written whole: nothing else beside it.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_file_is_left_alone_when_the_run_fails() {
    let dir = scratch("output");
    let file = dir.join("errors.json");
    std::fs::write(&file, "old").unwrap();
    let f = file.display().to_string();
    let out = run(
        &dir,
        &["--output", &f, "--format", "text", "--timeout", "x"],
    );
    assert_eq!(out.status.code(), Some(2));
    let addons = dir.join("ws/AddOns").display().to_string();
    let out = wow_sim(&[
        "--addons",
        &addons,
        "--no-saved-vars",
        "--exec-lua",
        "@/nonexistent/wowsim.lua",
        "lua-errors",
        "--output",
        &f,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
    // A good run replaces it; JSON is the default into a file.
    let out = run(&dir, &["--output", &f]);
    assert_eq!(out.status.code(), Some(1));
    let recs: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(recs.len(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn text_groups_by_addon_and_json_is_the_default_on_a_pipe() {
    let dir = scratch("text");
    let out = run(&dir, &["--format", "text"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with("Broken (2 errors, 1 warning)\n"), "{text}");
    assert!(text.contains("  error: Interface/AddOns/Broken/Broken.lua:6: attempt to index"));
    assert!(
        text.contains("    at Interface/AddOns/Broken/Broken.lua:4, during event:PLAYER_LOGIN\n")
    );
    assert!(text.contains("    | "), "the stack: {text}");
    assert!(text.contains("skipped Later\n"), "{text}");
    assert!(text.contains("clean: Clean\n"), "{text}");
    assert!(
        text.ends_with("2 errors, 1 warning in 1 of 3 cases\n"),
        "{text}"
    );
    assert!(!text.contains('\x1b'), "no colour on a pipe");
    // No --format on a pipe: the JSON array.
    let out = run(&dir, &[]);
    let recs: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(recs.len(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

/// On a terminal (a pseudo-terminal from util-linux `script`) the default is coloured text;
/// `NO_COLOR` keeps the text and drops the colour.
#[cfg(unix)]
#[test]
fn text_and_colour_on_a_terminal() {
    let dir = scratch("tty");
    let addons = dir.join("ws/AddOns").display().to_string();
    let cmd = format!(
        "'{}' --addons '{addons}' --no-saved-vars lua-errors --seconds 0",
        env!("CARGO_BIN_EXE_wow-sim")
    );
    let on_tty = |no_color: bool| {
        let mut c = Command::new("script");
        c.args(["-qec", &cmd, "/dev/null"])
            .env("WOW_SIM_NO_LUA_CACHE", "true")
            .env(
                "XDG_CACHE_HOME",
                std::env::temp_dir().join("wowsim-cli-no-cache"),
            )
            .env_remove("WOW_SIM_FORMAT");
        if no_color {
            c.env("NO_COLOR", "1");
        } else {
            c.env_remove("NO_COLOR");
        }
        let out = c
            .output()
            .expect("util-linux `script` runs a command on a terminal");
        (out.status.code(), stdout(&out))
    };
    let (code, text) = on_tty(false);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("\x1b[1;31merror\x1b[0m: Interface/AddOns/Broken"),
        "{text}"
    );
    assert!(
        text.contains("\x1b[1mBroken\x1b[0m (2 errors, 1 warning)"),
        "{text}"
    );
    let (_, plain) = on_tty(true);
    assert!(plain.contains("Broken (2 errors, 1 warning)"), "{plain}");
    assert!(!plain.contains("\x1b["), "{plain}");
    let _ = std::fs::remove_dir_all(&dir);
}
