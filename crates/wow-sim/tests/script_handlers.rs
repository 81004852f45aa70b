//! Every script handler of every flavour's `scripttypes.yaml` is accounted for by the
//! `widgets/script_handlers` fixture and, for the Classic-only ones,
//! `widgets/script_handlers_classic_era`: their expected outputs have, for each handler, a line
//! `fired NAME on TRIGGER: arguments` (the simulator fires it), `no-trigger NAME: why` (the
//! headless simulator has nothing to fire it with) or `gap NAME: why` (not fired yet). A handler
//! added to the reference fails this test until the fixture covers it; a handler listed as
//! no-trigger or gap that the fixture also sees fire fails it too.

use std::collections::BTreeSet;
use wowsim_data::{data, Flavor};

#[test]
fn every_script_handler_is_fired_or_listed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/widgets/");
    let text: String = ["script_handlers", "script_handlers_classic_era"]
        .iter()
        .map(|case| {
            std::fs::read_to_string(format!("{dir}{case}/output.txt")).expect("fixture output")
        })
        .collect();
    let (mut fired, mut listed) = (BTreeSet::new(), BTreeSet::new());
    for line in text.lines() {
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        let name = rest.split([' ', ':']).next().unwrap_or("").to_string();
        match kind {
            "fired" => fired.insert(name),
            "no-trigger" | "gap" => listed.insert(name),
            _ => panic!("unexpected fixture line {line:?}"),
        };
    }
    let both: Vec<_> = fired.intersection(&listed).collect();
    assert!(both.is_empty(), "listed as not fired but fired: {both:?}");
    let mut missing = Vec::new();
    for p in Flavor::ALL {
        for h in data(p).script_types() {
            if !fired.contains(h) && !listed.contains(h) {
                missing.push(format!("{h} ({})", p.as_str()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "handlers neither fired nor listed: {missing:?}"
    );
    let known: BTreeSet<&str> = Flavor::ALL
        .into_iter()
        .flat_map(|p| data(p).script_types().iter().map(String::as_str))
        .collect();
    let stray: Vec<_> = fired
        .iter()
        .chain(&listed)
        .filter(|h| !known.contains(h.as_str()))
        .collect();
    assert!(stray.is_empty(), "not in any scripttypes.yaml: {stray:?}");
}
