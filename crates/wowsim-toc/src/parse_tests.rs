//! Tests for the TOC text parser: line kinds, encodings, variables and line filters.

use super::*;
use crate::flavor::Flavor;

fn ctx(flavor: Flavor, locale: &str) -> TocContext {
    TocContext {
        flavor,
        locale: locale.to_string(),
    }
}

/// Parses `input` for retail/enUS and compares metadata, file paths and diagnostic lines.
fn check(input: &str, meta: &[(&str, &str)], files: &[&str], diag_lines: &[u32]) {
    check_in(&ctx(Flavor::Retail, "enUS"), input, meta, files, diag_lines);
}

fn check_in(
    ctx: &TocContext,
    input: &str,
    meta: &[(&str, &str)],
    files: &[&str],
    diag_lines: &[u32],
) {
    let toc = parse_toc(input, ctx);
    let got_meta: Vec<(&str, &str)> = toc
        .metadata
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(got_meta, meta, "metadata of {input:?}");
    let got_files: Vec<&str> = toc.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(got_files, files, "files of {input:?}");
    let got_diags: Vec<u32> = toc.diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(
        got_diags, diag_lines,
        "diagnostics of {input:?}: {:?}",
        toc.diagnostics
    );
}

#[test]
fn line_kinds() {
    check("", &[], &[], &[]);
    check("## Title: Foo", &[("Title", "Foo")], &[], &[]);
    check(
        "##   Title  :   Foo Bar  ",
        &[("Title", "Foo Bar")],
        &[],
        &[],
    );
    check("##Title:Foo", &[("Title", "Foo")], &[], &[]);
    check("## Notes: a: b", &[("Notes", "a: b")], &[], &[]);
    check("## Empty:", &[("Empty", "")], &[], &[]);
    check("# a comment\n#another", &[], &[], &[]);
    check("## no colon here", &[], &[], &[]);
    check("## : value", &[], &[], &[1]);
    check("a.lua\n\n   \nb.xml", &[], &["a.lua", "b.xml"], &[]);
    check("  padded.lua  ", &[], &["padded.lua"], &[]);
    check("\tspaced # name.lua", &[], &["spaced # name.lua"], &[]);
    check(" # not a comment", &[], &["# not a comment"], &[1]);
}

#[test]
fn encodings_and_line_ends() {
    let expect_meta = [("Title", "T")];
    check("\u{feff}## Title: T\nx.lua", &expect_meta, &["x.lua"], &[]);
    check("## Title: T\r\nx.lua\r\n", &expect_meta, &["x.lua"], &[]);
    check("## Title: T\rx.lua\r", &expect_meta, &["x.lua"], &[]);
    let toc = parse_toc(
        "a.lua\r\n\r\nb.lua\rc.lua\n",
        &TocContext::new(Flavor::Retail),
    );
    let lines: Vec<u32> = toc.files.iter().map(|f| f.line).collect();
    assert_eq!(lines, [1, 3, 4]);
}

#[test]
fn invalid_utf8_is_replaced_and_reported() {
    let toc = parse_toc_bytes(
        b"## Title: ok\nbad\xff.lua\n",
        &TocContext::new(Flavor::Retail),
    );
    assert_eq!(toc.get("Title"), Some("ok"));
    assert_eq!(toc.files[0].path, "bad\u{fffd}.lua");
    assert_eq!(toc.diagnostics[0].line, 2);
}

#[test]
fn backslashes_become_slashes() {
    check(
        r"libs\LibStub\LibStub.lua",
        &[],
        &["libs/LibStub/LibStub.lua"],
        &[],
    );
    check("mixed\\a/b.xml", &[], &["mixed/a/b.xml"], &[]);
}

#[test]
fn interface_values_are_checked() {
    check(
        "## Interface: 120001, 110207",
        &[("Interface", "120001, 110207")],
        &[],
        &[],
    );
    check(
        "\n## Interface: 1200x1",
        &[("Interface", "1200x1")],
        &[],
        &[2],
    );
}

#[test]
fn variables() {
    let input =
        "[Family]\\core.lua\nLocales\\[TextLocale].lua\n[game]/x.lua\n## X-[Family]: [Game]";
    let cases = [
        (
            Flavor::Retail,
            "deDE",
            ["Mainline/core.lua", "Locales/deDE.lua", "Standard/x.lua"],
            ("X-Mainline", "Standard"),
        ),
        (
            Flavor::Classic,
            "enUS",
            ["Classic/core.lua", "Locales/enUS.lua", "Mists/x.lua"],
            ("X-Classic", "Mists"),
        ),
        (
            Flavor::ClassicEra,
            "frFR",
            ["Classic/core.lua", "Locales/frFR.lua", "Vanilla/x.lua"],
            ("X-Classic", "Vanilla"),
        ),
    ];
    for (flavor, locale, files, meta) in cases {
        check_in(&ctx(flavor, locale), input, &[meta], &files, &[]);
    }
}

#[test]
fn game_type_filters() {
    let input = "\
a.lua [AllowLoadGameType mainline]
b.lua [AllowLoadGameType classic]
c.lua [AllowLoadGameType mists, vanilla]
d.lua [AllowLoadGameType: standard]
e.lua [ExcludeLoadGameType vanilla]
[AllowLoadGameType vanilla,tbc] f.lua
g.lua [AllowLoadGameType tbc]";
    let cases = [
        (Flavor::Retail, vec!["a.lua", "d.lua", "e.lua"]),
        (Flavor::Classic, vec!["b.lua", "c.lua", "e.lua"]),
        (Flavor::ClassicEra, vec!["b.lua", "c.lua", "f.lua"]),
    ];
    for (flavor, files) in cases {
        check_in(&ctx(flavor, "enUS"), input, &[], &files, &[]);
    }
}

#[test]
fn other_filters() {
    let de = ctx(Flavor::Retail, "deDE");
    let input = "\
l.lua [AllowLoadTextLocale enUS, deDE]
m.lua [AllowLoadTextLocale frFR]
n.lua [AllowLoad Game]
o.lua [AllowLoad Glue]
p.lua [AllowLoad Both] [AllowLoadEnvironment Global] [Bootstrap]
q.lua [AllowLoadGameType mainline] [AllowLoadTextLocale frFR]
## Dep: Foo [AllowLoad Glue]
## X-Keep: [Brackets] stay
r[1].lua";
    let meta = [("X-Keep", "[Brackets] stay")];
    check_in(
        &de,
        input,
        &meta,
        &["l.lua", "n.lua", "p.lua", "r[1].lua"],
        &[],
    );
}

#[test]
fn unknown_game_type_is_reported() {
    check("x.lua [AllowLoadGameType mainlin]", &[], &[], &[1]);
    check(
        "\ny.lua [AllowLoadGameType mainline, cata, wrath]",
        &[],
        &["y.lua"],
        &[],
    );
}

#[test]
fn allow_load_environment_marks_global_only_files() {
    let c = ctx(Flavor::Retail, "enUS");
    let toc = parse_toc(
        "a.lua\nb.lua [AllowLoadEnvironment Global]\nc.lua [AllowLoadEnvironment: Global, Secure]\n",
        &c,
    );
    let flags: Vec<(&str, bool)> = toc
        .files
        .iter()
        .map(|f| (f.path.as_str(), f.secure_env))
        .collect();
    assert_eq!(flags, [("a.lua", true), ("b.lua", false), ("c.lua", true)]);
}
