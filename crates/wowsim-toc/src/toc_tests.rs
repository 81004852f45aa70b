//! Tests for `Toc` accessors: lookup rules, lists, flags, interface checks and restrictions.

use super::*;
use crate::flavor::Flavor;
use crate::parse::parse_toc;

fn toc(text: &str) -> Toc {
    parse_toc(text, &TocContext::new(Flavor::Retail))
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn get_is_case_insensitive_and_last_wins() {
    let t = toc("## Notes: first\n## Title: A\n## notes: second\n## Title-deDE: B");
    let cases = [
        ("Notes", Some("second")),
        ("NOTES", Some("second")),
        ("title", Some("A")),
        ("Title-dede", Some("B")),
        ("Author", None),
    ];
    for (key, expect) in cases {
        assert_eq!(t.get(key), expect, "{key}");
    }
    assert_eq!(t.get_localized("Title", "deDE"), Some("B"));
    assert_eq!(t.get_localized("Title", "frFR"), Some("A"));
    assert_eq!(t.get_localized("Version", "frFR"), None);
}

#[test]
fn interfaces() {
    let cases: [(&str, &[u32]); 5] = [
        ("", &[]),
        ("## Interface: 120001", &[120001]),
        ("## Interface: 120001, 110207", &[120001, 110207]),
        ("## Interface: 120001,50504 11509", &[120001, 50504, 11509]),
        ("## Interface: 1\n## Interface: bad, 2", &[2]),
    ];
    for (text, expect) in cases {
        assert_eq!(toc(text).interfaces(), expect, "{text}");
    }
}

#[test]
fn out_of_date() {
    let cases = [
        ("", 120100, true),
        ("## Interface: 120100", 120100, false),
        ("## Interface: 120105", 120100, false),
        ("## Interface: 120001", 120100, true),
        ("## Interface: 120001, 120100", 120100, false),
        ("## Interface: 120100", 50504, true),
        ("## Interface: 120100, 50504, 11509", 50504, false),
        ("## Interface: 11508", 11509, true),
    ];
    for (text, client, expect) in cases {
        assert_eq!(
            toc(text).is_out_of_date(client),
            expect,
            "{text} on {client}"
        );
    }
}

#[test]
fn dependencies() {
    let t = toc("\
## Dependencies: A, B
## RequiredDeps: C
## Dep: D E,a
## DepAnything: F
## OptionalDeps: G, H
## OptionalDep: I
## X-Dep: NotADep");
    assert_eq!(t.required_deps(), strings(&["A", "B", "C", "D", "E", "F"]));
    assert_eq!(t.optional_deps(), strings(&["G", "H", "I"]));
    assert!(toc("## Title: x").required_deps().is_empty());
}

#[test]
fn lists_and_flags() {
    let t = toc("\
## SavedVariables: DB1, DB2
## SavedVariablesPerCharacter: CharDB
## LoadWith: Blizzard_Foo, Blizzard_Bar
## LoadManagers: AddonLoader
## LoadOnDemand: 1
## LoadFirst: 0");
    assert_eq!(t.saved_variables(), strings(&["DB1", "DB2"]));
    assert_eq!(t.saved_variables_per_character(), strings(&["CharDB"]));
    assert_eq!(t.load_with(), strings(&["Blizzard_Foo", "Blizzard_Bar"]));
    assert_eq!(t.load_managers(), strings(&["AddonLoader"]));
    assert!(t.load_on_demand());
    assert!(!t.load_first());
    let flags = [
        ("1", true),
        ("0", false),
        ("", false),
        ("yes", false),
        (" 2 ", true),
    ];
    for (value, expect) in flags {
        let t = toc(&format!("## LoadOnDemand: {value}\n## LoadFirst: {value}"));
        assert_eq!(
            (t.load_on_demand(), t.load_first()),
            (expect, expect),
            "{value:?}"
        );
    }
}

#[test]
fn default_state() {
    let cases = [
        ("", true),
        ("## DefaultState: enabled", true),
        ("## DefaultState: disabled", false),
        ("## DefaultState: Disabled", false),
    ];
    for (text, expect) in cases {
        assert_eq!(toc(text).default_enabled(), expect, "{text}");
    }
}

#[test]
fn restrictions() {
    let de_classic = TocContext {
        flavor: Flavor::Classic,
        locale: "deDE".to_string(),
    };
    let retail = TocContext::new(Flavor::Retail);
    let cases = [
        ("", None, None),
        ("## AllowLoad: Game", None, None),
        (
            "## AllowLoad: Glue",
            Some(LoadState::WrongLoadPhase),
            Some(LoadState::WrongLoadPhase),
        ),
        (
            "## AllowLoadGameType: mainline",
            None,
            Some(LoadState::WrongGameType),
        ),
        (
            "## AllowLoadGameType: classic",
            Some(LoadState::WrongGameType),
            None,
        ),
        (
            "## AllowLoadGameType: vanilla, mists",
            Some(LoadState::WrongGameType),
            None,
        ),
        (
            "## ExcludeLoadGameType: mists",
            None,
            Some(LoadState::WrongGameType),
        ),
        (
            "## AllowLoadTextLocale: deDE",
            Some(LoadState::NotAvailable),
            None,
        ),
    ];
    for (text, on_retail, on_classic_de) in cases {
        let t = toc(text);
        assert_eq!(t.restriction_for(&retail), on_retail, "{text} retail");
        assert_eq!(
            t.restriction_for(&de_classic),
            on_classic_de,
            "{text} classic"
        );
        assert_eq!(t.allowed_for(&retail), on_retail.is_none());
    }
}

#[test]
fn diagnostic_display() {
    assert_eq!(Diagnostic::new(3, "bad").to_string(), "line 3: bad");
    assert_eq!(Diagnostic::new(0, "bad").to_string(), "bad");
}
