//! Benchmark: builds a ~50 MB SavedVariables file, then times `write` and `parse`
//! and reports peak resident memory (VmHWM from /proc/self/status).
//!
//! Run: `cargo run --release -p wowsim-savedvars --example sv_bench [target_mb]`

use std::time::Instant;
use wowsim_savedvars::{parse, write, Limits, SvTable, SvValue};

fn vm_hwm_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn s(text: String) -> SvValue {
    SvValue::Str(text.into_bytes())
}

/// One record shaped like real addon data (Details!/WeakAuras style): keyed
/// fields, a colour array, a nested settings table, a few floats and strings.
fn record(i: u32) -> SvValue {
    let f = f64::from(i);
    let mut settings = SvTable::default();
    for j in 0..6u32 {
        settings
            .hash
            .push((s(format!("option_{j}")), SvValue::Bool((i ^ j) & 1 == 0)));
    }
    let mut t = SvTable::default();
    t.hash
        .push((s("name".into()), s(format!("Player-{i}-Realm"))));
    t.hash.push((s("class".into()), s("WARRIOR".into())));
    t.hash
        .push((s("damage".into()), SvValue::Number(f * 1234.5678 + 0.1)));
    t.hash.push((s("time".into()), SvValue::Number(f / 7.0)));
    t.hash.push((
        s("spellId".into()),
        SvValue::Number(f64::from(100_000 + i % 5000)),
    ));
    t.hash.push((
        s("note".into()),
        s(format!("line one\nline \"two\" for {i}\\path")),
    ));
    t.hash.push((
        s("color".into()),
        SvValue::Table(SvTable {
            array: vec![
                SvValue::Number(0.1),
                SvValue::Number(f / 1e6),
                SvValue::Number(1.0),
                SvValue::Number(0.75),
            ],
            hash: vec![],
        }),
    ));
    t.hash
        .push((s("settings".into()), SvValue::Table(settings)));
    t.hash.push((SvValue::Number(f), SvValue::Bool(true)));
    SvValue::Table(t)
}

/// `sv_bench --parse FILE`: parse only, so VmHWM shows the parser's own peak.
fn parse_only(path: &str) {
    let text = std::fs::read(path).expect("read benchmark file");
    let read_kb = vm_hwm_kb().unwrap_or(0);
    let t = Instant::now();
    let parsed = parse(&text, &Limits::default()).expect("parses");
    let secs = t.elapsed().as_secs_f64();
    let kb = vm_hwm_kb().unwrap_or(0);
    println!(
        "parse-only process: {:.3} s, {} vars, VmHWM {} MB (file bytes alone {} MB)",
        secs,
        parsed.len(),
        kb / 1024,
        read_kb / 1024
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 && args[1] == "--parse" {
        return parse_only(&args[2]);
    }
    let target_mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let base_kb = vm_hwm_kb().unwrap_or(0);
    let mut root = SvTable::default();
    let mut approx = 0usize;
    let mut i = 0u32;
    while approx < target_mb * 1_000_000 {
        root.array.push(record(i));
        approx += 400; // measured average bytes per record in the flat layout
        i += 1;
    }
    let vars = vec![
        ("BenchDB".to_string(), SvValue::Table(root)),
        ("BenchVersion".to_string(), SvValue::Number(3.0)),
    ];
    let tree_kb = vm_hwm_kb().unwrap_or(0);

    let t0 = Instant::now();
    let text = write(&vars);
    let write_s = t0.elapsed().as_secs_f64();
    let after_write_kb = vm_hwm_kb().unwrap_or(0);
    drop(vars);

    let t1 = Instant::now();
    let parsed = parse(&text, &Limits::default()).expect("benchmark file parses");
    let parse_s = t1.elapsed().as_secs_f64();
    let after_parse_kb = vm_hwm_kb().unwrap_or(0);

    let mb = text.len() as f64 / 1e6;
    println!(
        "records: {i}, file: {:.1} MB ({} bytes), vars parsed: {}",
        mb,
        text.len(),
        parsed.len()
    );
    println!("write: {:.3} s ({:.0} MB/s)", write_s, mb / write_s);
    println!("parse: {:.3} s ({:.0} MB/s)", parse_s, mb / parse_s);
    println!(
        "VmHWM: start {} MB, tree built {} MB, after write {} MB, after parse {} MB",
        base_kb / 1024,
        tree_kb / 1024,
        after_write_kb / 1024,
        after_parse_kb / 1024
    );
    let file = std::env::temp_dir().join(format!("sv_bench_{}.lua", std::process::id()));
    std::fs::write(&file, &text).expect("write temp file");
    drop((text, parsed));
    let exe = std::env::current_exe().expect("own path");
    let status = std::process::Command::new(exe)
        .arg("--parse")
        .arg(&file)
        .status();
    let _ = std::fs::remove_file(&file);
    assert!(
        status.map(|s| s.success()).unwrap_or(false),
        "parse-only run failed"
    );
}
