//! Parses every `.xml` file under a directory and prints file/element counts, diagnostics
//! grouped by kind and message, and the total parse time.
//!
//! Usage: `cargo run --release -p wowsim-xml --example parse_all -- DIR [retail|classic|classic_era] [-v]`
//! A `Blizzard_SharedXML/UI.xsd` in DIR widens the schema, as with `--blizzard-ui DIR`.
//! Files are parsed in path order with one [`Parser`], after a first pass that only
//! collects intrinsic tags, so an intrinsic used before (in path order) the file that
//! declares it is still recognized, as it is in the client's real load order.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use wowsim_xml::{format_diagnostic, DiagKind, Element, Flavor, Parser, Pos};

/// Root causes only: unrecognized elements whose parent was recognized (as `Parent>Child`)
/// and unknown attributes of recognized elements (as `Tag@attr`).
fn root_causes(
    e: &Element,
    parent_ok: bool,
    parent: &str,
    bad: &std::collections::HashSet<Pos>,
    out: &mut BTreeMap<String, usize>,
) {
    let ok = !bad.contains(&e.pos);
    if parent_ok && !ok {
        *out.entry(format!("{parent}>{}", e.raw_tag)).or_default() += 1;
    }
    if ok {
        for a in e.attrs.iter().filter(|a| bad.contains(&a.pos)) {
            *out.entry(format!("{}@{}", e.tag, a.raw_name)).or_default() += 1;
        }
    }
    for c in &e.children {
        root_causes(c, ok, &e.tag, bad, out);
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("xml")) {
            out.push(p);
        }
    }
}

/// The flavour's schema, widened with the folder's own `Blizzard_SharedXML/UI.xsd` when it has
/// one, as a run with `--blizzard-ui DIR` reads it (timed: read once per process, it costs
/// less than a cache file would).
fn folder_schema(dir: &Path, flavor: Flavor) -> &'static wowsim_xml::Schema {
    let xsd_path = dir.join("Blizzard_SharedXML").join("UI.xsd");
    let Ok(text) = std::fs::read_to_string(&xsd_path) else {
        return wowsim_xml::schema(flavor);
    };
    let t = Instant::now();
    let s = wowsim_xml::schema_with_xsd(flavor, &text).unwrap_or_else(|e| {
        eprintln!("{}: {e}", xsd_path.display());
        std::process::exit(1);
    });
    println!(
        "{}: read as facts and the schema widened in {:.2} ms",
        xsd_path.display(),
        t.elapsed().as_secs_f64() * 1000.0
    );
    s
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: parse_all DIR [retail|classic|classic_era] [-v]");
        std::process::exit(2);
    };
    let flavor = args
        .get(1)
        .and_then(|a| Flavor::parse(a))
        .unwrap_or(Flavor::Retail);
    let verbose = args.iter().any(|a| a == "-v");
    let causes = args.iter().any(|a| a == "-r");
    let mut cause_counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut files = Vec::new();
    collect(Path::new(dir), &mut files);
    files.sort();
    let sources: Vec<(PathBuf, String)> = files
        .into_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            Some((p, String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect();

    let schema = folder_schema(Path::new(dir), flavor);
    // Pass 1: learn intrinsics (a real client loads files in TOC order instead).
    let mut parser = Parser::with_schema(flavor, schema);
    for (_, src) in &sources {
        parser.parse(src);
    }
    // Pass 2: measured.
    let mut elements = 0usize;
    let mut bytes = 0usize;
    let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_message: BTreeMap<String, usize> = BTreeMap::new();
    let mut total = Duration::ZERO;
    let mut slowest = (Duration::ZERO, String::new());
    for (path, src) in &sources {
        let t = Instant::now();
        let doc = parser.parse(src);
        let dt = t.elapsed();
        total += dt;
        if dt > slowest.0 {
            slowest = (dt, format!("{} ({} bytes)", path.display(), src.len()));
        }
        bytes += src.len();
        elements += doc.root.as_ref().map_or(0, |r| r.count());
        if causes {
            let bad = doc
                .diagnostics
                .iter()
                .filter(|d| d.kind != DiagKind::InvalidValue)
                .map(|d| d.pos)
                .collect();
            if let Some(r) = &doc.root {
                root_causes(r, true, "", &bad, &mut cause_counts);
            }
        }
        for d in &doc.diagnostics {
            *by_kind.entry(format!("{:?}", d.kind)).or_default() += 1;
            *by_message.entry(d.message.clone()).or_default() += 1;
            if verbose {
                println!("{}", format_diagnostic(&path.display().to_string(), d));
            }
        }
    }
    let ndiag: usize = by_kind.values().sum();
    println!(
        "files: {}  bytes: {}  elements: {}  diagnostics: {}  parse time: {:.1} ms  intrinsics: {}",
        sources.len(),
        bytes,
        elements,
        ndiag,
        total.as_secs_f64() * 1000.0,
        parser.intrinsics().count()
    );
    println!(
        "slowest file: {:.2} ms {}",
        slowest.0.as_secs_f64() * 1000.0,
        slowest.1
    );
    for (k, n) in &by_kind {
        println!("  {k}: {n}");
    }
    let mut cc: Vec<_> = cause_counts.into_iter().collect();
    cc.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (m, n) in &cc {
        println!("  cause {n:6}  {m}");
    }
    let mut msgs: Vec<_> = by_message.into_iter().collect();
    msgs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (m, n) in msgs.iter().take(40) {
        println!("  {n:6}  {m}");
    }
}
