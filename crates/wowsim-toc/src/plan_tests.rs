//! Tests for load planning: ordering, dependencies, load-on-demand, LoadWith, cycles and states.

use super::*;
use crate::flavor::{Flavor, TocContext};
use crate::parse::parse_toc;
use std::path::PathBuf;

/// `(name, blizzard, toc text)` for each addon.
type Spec<'a> = (&'a str, bool, &'a str);

fn addons(specs: &[Spec]) -> Vec<DiscoveredAddon> {
    let ctx = TocContext::new(Flavor::Retail);
    specs
        .iter()
        .map(|(name, blizzard, text)| DiscoveredAddon {
            name: name.to_string(),
            dir: PathBuf::from(name),
            toc_path: PathBuf::from(format!("{name}/{name}.toc")),
            toc: parse_toc(text, &ctx),
            blizzard: *blizzard,
        })
        .collect()
}

fn plan(specs: &[Spec], disabled: &[&str], opts: &PlanOptions) -> (Vec<DiscoveredAddon>, LoadPlan) {
    let list = addons(specs);
    let enabled = |n: &str| !disabled.iter().any(|d| d.eq_ignore_ascii_case(n));
    let p = plan_load_order_with(&list, &enabled, opts);
    (list, p)
}

/// Checks the start-up order and the reason token of every addon not loaded at start-up
/// (`(name, reason)`; addons not listed must be `Loadable`).
fn check(specs: &[Spec], disabled: &[&str], order: &[&str], not_loaded: &[(&str, &str)]) {
    let (list, p) = plan(specs, disabled, &PlanOptions::default());
    let got: Vec<&str> = p.order.iter().map(|&i| list[i].name.as_str()).collect();
    assert_eq!(got, order, "order; notes: {:?}", p.notes);
    for (i, a) in list.iter().enumerate() {
        let want = not_loaded
            .iter()
            .find(|(n, _)| *n == a.name)
            .map(|(_, r)| *r);
        assert_eq!(p.reasons[i].as_deref(), want, "reason of {}", a.name);
        assert_eq!(
            p.states[i].as_reason(),
            want.unwrap_or(""),
            "state of {}",
            a.name
        );
    }
}

#[test]
fn alphabetical_case_insensitive_blizzard_first() {
    check(
        &[
            ("beta", false, ""),
            ("Alpha", false, ""),
            ("!First", false, ""),
            ("Zed_UI", true, ""),
            ("Blizzard_A", true, ""),
        ],
        &[],
        &["Blizzard_A", "Zed_UI", "!First", "Alpha", "beta"],
        &[],
    );
}

#[test]
fn load_first_only_for_blizzard() {
    check(
        &[
            ("A", true, ""),
            ("Z", true, "## LoadFirst: 1"),
            ("B", false, ""),
            ("C", false, "## LoadFirst: 1"),
        ],
        &[],
        &["Z", "A", "B", "C"],
        &[],
    );
}

#[test]
fn secure_environment_addons_load_with_load_first_ones() {
    check(
        &[
            ("M_Cleanup", true, "## LoadFirst: 1"),
            ("B", true, ""),
            ("Shared", true, ""),
            (
                "Z_Shop",
                true,
                "## UseSecureEnvironment: 1\n## RequiredDep: Shared",
            ),
            ("A_Auth", true, "## UseSecureEnvironment: 1"),
            ("U", false, "## UseSecureEnvironment: 1"),
        ],
        &[],
        &["A_Auth", "M_Cleanup", "Shared", "Z_Shop", "B", "U"],
        &[],
    );
}

#[test]
fn dependencies_load_first() {
    check(
        &[
            ("A", false, "## Dependencies: Zlib, Mid"),
            ("Mid", false, "## RequiredDeps: Zlib2"),
            ("Zlib", false, ""),
            ("Zlib2", false, ""),
        ],
        &[],
        &["Zlib", "Zlib2", "Mid", "A"],
        &[],
    );
}

#[test]
fn optional_dependencies_load_first_when_usable() {
    check(
        &[
            ("A", false, "## OptionalDeps: Zopt, Gone, Off"),
            ("Off", false, ""),
            ("Zopt", false, ""),
        ],
        &["Off"],
        &["Zopt", "A"],
        &[("Off", "DISABLED")],
    );
}

#[test]
fn missing_and_disabled_dependencies() {
    check(
        &[
            ("A", false, "## Dependencies: Gone"),
            ("B", false, "## Dependencies: Off"),
            ("C", false, "## Dependencies: A"),
            ("D", false, "## Dependencies: b"),
            ("E", false, ""),
            ("Off", false, ""),
        ],
        &["Off"],
        &["E"],
        &[
            ("A", "DEP_MISSING"),
            ("B", "DEP_DISABLED"),
            ("C", "DEP_MISSING"),
            ("D", "DEP_DISABLED"),
            ("Off", "DISABLED"),
        ],
    );
}

#[test]
fn load_on_demand() {
    check(
        &[
            ("A", false, "## Dependencies: LodLib"),
            ("LodAlone", false, "## LoadOnDemand: 1"),
            ("LodLib", false, "## LoadOnDemand: 1"),
            ("LodOff", false, "## LoadOnDemand: 1"),
        ],
        &["LodOff"],
        &["LodLib", "A"],
        &[("LodAlone", "DEMAND_LOADED"), ("LodOff", "DISABLED")],
    );
}

#[test]
fn load_with_pulls_in_after_target() {
    check(
        &[
            ("Blizzard_Target", true, "## LoadOnDemand: 1"),
            ("Blizzard_UI", true, ""),
            (
                "Plugin",
                false,
                "## LoadOnDemand: 1\n## LoadWith: Blizzard_UI",
            ),
            (
                "Plugin2",
                false,
                "## LoadOnDemand: 1\n## LoadWith: Blizzard_Target",
            ),
            ("User", false, ""),
        ],
        &[],
        &["Blizzard_UI", "Plugin", "User"],
        &[
            ("Blizzard_Target", "DEMAND_LOADED"),
            ("Plugin2", "DEMAND_LOADED"),
        ],
    );
}

#[test]
fn load_managers_make_addons_on_demand() {
    check(
        &[
            ("A", false, "## LoadManagers: Manager"),
            ("B", false, "## LoadManagers: Absent"),
            ("Manager", false, ""),
        ],
        &[],
        &["B", "Manager"],
        &[("A", "DEMAND_LOADED")],
    );
    check(
        &[
            ("A", false, "## LoadManagers: Manager"),
            ("Manager", false, ""),
        ],
        &["Manager"],
        &["A"],
        &[("Manager", "DISABLED")],
    );
}

#[test]
fn required_cycles_block_their_addons() {
    let specs = [
        ("A", false, "## Dependencies: B"),
        ("B", false, "## Dependencies: A"),
        ("C", false, ""),
    ];
    check(
        &specs,
        &[],
        &["C"],
        &[("A", "DEP_MISSING"), ("B", "DEP_MISSING")],
    );
    let (_, p) = plan(&specs, &[], &PlanOptions::default());
    assert!(p.notes.iter().any(|n| n.contains("cycle")), "{:?}", p.notes);
    check(
        &[
            ("A", false, "## Dependencies: B"),
            ("B", false, "## Dependencies: A, Gone"),
        ],
        &[],
        &[],
        &[("A", "DEP_MISSING"), ("B", "DEP_MISSING")],
    );
}

#[test]
fn restrictions_and_interface() {
    let specs = [
        ("A", false, "## Interface: 120100"),
        ("Old", false, "## Interface: 110207"),
        (
            "NeedsOld",
            false,
            "## Interface: 120100\n## Dependencies: Old",
        ),
        (
            "Classic",
            false,
            "## Interface: 120100\n## AllowLoadGameType: classic",
        ),
        ("Glue", false, "## Interface: 120100\n## AllowLoad: Glue"),
        (
            "NeedsClassic",
            false,
            "## Interface: 120100\n## Dep: Classic",
        ),
    ];
    let restricted = [
        ("Classic", "WRONG_GAME_TYPE"),
        ("Glue", "WRONG_LOAD_PHASE"),
        ("NeedsClassic", "DEP_WRONG_GAME_TYPE"),
    ];
    check(&specs, &[], &["A", "Old", "NeedsOld"], &restricted);
    let strict = PlanOptions {
        load_out_of_date: false,
    };
    let (list, p) = plan(&specs, &[], &strict);
    let got: Vec<&str> = p.order.iter().map(|&i| list[i].name.as_str()).collect();
    assert_eq!(got, ["A"]);
    assert_eq!(p.states[1], LoadState::Interface);
    assert_eq!(p.states[2], LoadState::DepInterface);
}

#[test]
fn empty_input() {
    let p = plan_load_order(&[], &|_| true);
    assert_eq!(p, LoadPlan::default());
}
