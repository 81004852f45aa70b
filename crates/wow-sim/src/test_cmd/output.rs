//! `wow-sim test`'s report formats: text for a terminal (coloured there), JSON, JUnit XML
//! (one suite per spec file) and TAP version 13.

use crate::report::junit::escape;
use std::fmt::Write;
use wowsim_core::spec::{SpecFileResult, TestResult, TestStatus};

/// `--format` of `wow-sim test`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TestFormat {
    /// Per file and test, failures with file:line and the values (default on a terminal).
    Text,
    /// `{ "files": [...], "summary": {...} }` (default on a pipe or into a file).
    Json,
    /// JUnit XML: a `<testsuite>` per spec file, a `<testcase>` per test.
    Junit,
    /// TAP version 13, a test point per test.
    Tap,
}

/// Counts over every file; a file that could not run counts as one error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    pub files: usize,
    pub passed: usize,
    pub failed: usize,
    pub errors: usize,
    pub pending: usize,
}

impl Summary {
    pub fn of(files: &[SpecFileResult]) -> Summary {
        let mut s = Summary {
            files: files.len(),
            ..Default::default()
        };
        for f in files {
            if f.load_error.is_some() {
                s.errors += 1;
            }
            for t in &f.tests {
                match t.status {
                    TestStatus::Pass => s.passed += 1,
                    TestStatus::Fail => s.failed += 1,
                    TestStatus::Error => s.errors += 1,
                    TestStatus::Pending => s.pending += 1,
                }
            }
        }
        s
    }

    pub fn ok(&self) -> bool {
        self.failed == 0 && self.errors == 0
    }
}

pub fn render(format: TestFormat, files: &[SpecFileResult], color: bool) -> String {
    match format {
        TestFormat::Text => text(files, color),
        TestFormat::Json => json(files),
        TestFormat::Junit => junit(files),
        TestFormat::Tap => tap(files),
    }
}

fn paint(color: bool, code: &str, s: &str) -> String {
    if color {
        format!("\x1b[{code}m{s}\x1b[0m")
    } else {
        s.to_string()
    }
}

fn indent(text: &str, by: &str) -> String {
    text.lines().map(|l| format!("{by}{l}\n")).collect()
}

fn details(t: &TestResult) -> String {
    let mut out = String::new();
    if let Some(at) = t.failed_at.as_ref().or(t.defined_at.as_ref()) {
        let _ = writeln!(out, "{at}:");
    }
    if let Some(m) = &t.message {
        out.push_str(&indent(m, "  "));
    }
    for r in &t.records {
        let _ = writeln!(out, "  Lua error ({}x): {}", r.count, r.message);
        for frame in r.stack.iter().take(8) {
            let _ = writeln!(out, "    {frame}");
        }
    }
    out
}

fn text(files: &[SpecFileResult], color: bool) -> String {
    let mut out = String::new();
    for f in files {
        let _ = writeln!(out, "{}", paint(color, "1", &f.file));
        if let Some(e) = &f.load_error {
            let _ = writeln!(out, "  {} could not run", paint(color, "31", "✗"));
            out.push_str(&indent(e, "      "));
        }
        for t in &f.tests {
            let (mark, code) = match t.status {
                TestStatus::Pass => ("✓", "32"),
                TestStatus::Fail => ("✗", "31"),
                TestStatus::Error => ("✗", "31"),
                TestStatus::Pending => ("-", "33"),
            };
            let _ = write!(out, "  {} {}", paint(color, code, mark), t.name);
            match t.status {
                TestStatus::Pending => out.push_str(" (pending)\n"),
                TestStatus::Error => out.push_str(" (error)\n"),
                _ => out.push('\n'),
            }
            if matches!(t.status, TestStatus::Fail | TestStatus::Error) {
                out.push_str(&indent(&details(t), "      "));
            }
        }
    }
    let s = Summary::of(files);
    let line = format!(
        "{} passed, {} failed, {} errors, {} pending ({} files)",
        s.passed, s.failed, s.errors, s.pending, s.files
    );
    let _ = writeln!(
        out,
        "\n{}",
        paint(color, if s.ok() { "32" } else { "31" }, &line)
    );
    out
}

fn json(files: &[SpecFileResult]) -> String {
    let v = serde_json::json!({ "files": files, "summary": Summary::of(files) });
    format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
}

fn junit(files: &[SpecFileResult]) -> String {
    let s = Summary::of(files);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"wow-sim test\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        s.passed + s.failed + s.errors + s.pending,
        s.failed,
        s.errors,
        s.pending
    );
    for f in files {
        let fs = Summary::of(std::slice::from_ref(f));
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            escape(&f.file, true),
            fs.passed + fs.failed + fs.errors + fs.pending,
            fs.failed,
            fs.errors,
            fs.pending
        );
        if let Some(e) = &f.load_error {
            let _ = writeln!(
                out,
                "    <testcase name=\"(load)\" classname=\"{}\">\n      <error message=\"{}\">{}</error>\n    </testcase>",
                escape(&f.file, true),
                escape(e.lines().next().unwrap_or(""), true),
                escape(e, false)
            );
        }
        for t in &f.tests {
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\"",
                escape(&t.name, true),
                escape(&f.file, true)
            );
            let body = details(t);
            let first = t
                .message
                .as_deref()
                .unwrap_or("")
                .lines()
                .next()
                .unwrap_or("");
            match t.status {
                TestStatus::Pass => out.push_str("/>\n"),
                TestStatus::Pending => out.push_str(">\n      <skipped/>\n    </testcase>\n"),
                TestStatus::Fail | TestStatus::Error => {
                    let tag = if t.status == TestStatus::Fail {
                        "failure"
                    } else {
                        "error"
                    };
                    let _ = write!(
                        out,
                        ">\n      <{tag} message=\"{}\">{}</{tag}>\n    </testcase>\n",
                        escape(first, true),
                        escape(&body, false)
                    );
                }
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn tap(files: &[SpecFileResult]) -> String {
    let total: usize = files
        .iter()
        .map(|f| f.tests.len() + usize::from(f.load_error.is_some()))
        .sum();
    let mut out = format!("TAP version 13\n1..{total}\n");
    let mut n = 0;
    let name = |s: &str| s.replace('#', "\\#");
    for f in files {
        if let Some(e) = &f.load_error {
            n += 1;
            let _ = writeln!(out, "not ok {n} - {} (load)", name(&f.file));
            out.push_str("  ---\n  message: |\n");
            out.push_str(&indent(e, "    "));
            out.push_str("  ...\n");
        }
        for t in &f.tests {
            n += 1;
            match t.status {
                TestStatus::Pass => {
                    let _ = writeln!(out, "ok {n} - {}", name(&t.name));
                }
                TestStatus::Pending => {
                    let _ = writeln!(out, "ok {n} - {} # SKIP pending", name(&t.name));
                }
                TestStatus::Fail | TestStatus::Error => {
                    let _ = writeln!(out, "not ok {n} - {}", name(&t.name));
                    out.push_str("  ---\n  message: |\n");
                    out.push_str(&indent(&details(t), "    "));
                    let sev = if t.status == TestStatus::Fail {
                        "fail"
                    } else {
                        "error"
                    };
                    let _ = writeln!(out, "  severity: {sev}\n  ...");
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<SpecFileResult> {
        let t = |name: &str, status, message: Option<&str>| TestResult {
            name: name.into(),
            defined_at: Some("spec/a_spec.lua:3".into()),
            status,
            message: message.map(str::to_string),
            failed_at: message.map(|_| "spec/a_spec.lua:4".to_string()),
            records: Vec::new(),
        };
        vec![
            SpecFileResult {
                file: "spec/a_spec.lua".into(),
                load_error: None,
                tests: vec![
                    t("adds <one>", TestStatus::Pass, None),
                    t(
                        "fails #1",
                        TestStatus::Fail,
                        Some("Expected objects to be equal."),
                    ),
                    t("later", TestStatus::Pending, Some("pending")),
                ],
            },
            SpecFileResult {
                file: "spec/b_spec.lua".into(),
                load_error: Some("spec/b_spec.lua:1: unexpected symbol".into()),
                tests: Vec::new(),
            },
        ]
    }

    #[test]
    fn summary_counts_a_file_that_could_not_run_as_an_error() {
        let s = Summary::of(&sample());
        assert_eq!(
            (s.passed, s.failed, s.errors, s.pending, s.files),
            (1, 1, 1, 1, 2)
        );
        assert!(!s.ok());
    }

    #[test]
    fn tap_numbers_every_point_and_escapes_hashes() {
        let out = tap(&sample());
        assert!(out.starts_with("TAP version 13\n1..4\n"), "{out}");
        assert!(out.contains("ok 1 - adds <one>\n"));
        assert!(out.contains("not ok 2 - fails \\#1\n"));
        assert!(out.contains("ok 3 - later # SKIP pending\n"));
        assert!(out.contains("not ok 4 - spec/b_spec.lua (load)\n"));
        assert!(out.contains("spec/a_spec.lua:4:"));
    }

    #[test]
    fn junit_is_well_formed_with_a_suite_per_file() {
        let out = junit(&sample());
        let doc = roxmltree::Document::parse(&out).expect("well-formed XML");
        let suites: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("testsuite"))
            .collect();
        assert_eq!(suites.len(), 2);
        assert_eq!(suites[0].attribute("failures"), Some("1"));
        assert!(doc.descendants().any(|n| n.has_tag_name("skipped")));
        assert!(doc
            .descendants()
            .any(|n| n.has_tag_name("testcase") && n.attribute("name") == Some("adds <one>")));
    }

    #[test]
    fn text_marks_each_test_and_sums_up() {
        let out = text(&sample(), false);
        assert!(out.contains("✓ adds <one>"));
        assert!(out.contains("✗ fails #1"));
        assert!(out.contains("spec/a_spec.lua:4:"));
        assert!(out.contains("could not run"));
        assert!(out.contains("1 passed, 1 failed, 1 errors, 1 pending (2 files)"));
        assert!(!out.contains('\x1b'));
    }
}
