//! The text format, for a person at a terminal: findings grouped by case (addon), each with
//! where, when and how often, and its stack; clean and skipped cases in one line each; a
//! closing count. ANSI colours only when asked (the caller decides: a terminal, no NO_COLOR).

use super::{Report, Severity};
use std::fmt::Write;

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const GREEN: &str = "\x1b[32m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// Paints `s` with `code` when colour is on.
struct Paint {
    color: bool,
}

impl Paint {
    fn p(&self, code: &str, s: &str) -> String {
        if self.color {
            format!("{code}{s}{RESET}")
        } else {
            s.to_string()
        }
    }
}

fn plural(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        _ => format!("{n} {what}s"),
    }
}

pub fn render(report: &Report, color: bool) -> String {
    let paint = Paint { color };
    let mut out = String::new();
    let mut clean = Vec::new();
    let mut failing = 0;
    for case in &report.cases {
        if let Some(why) = &case.skipped {
            if case.findings.is_empty() {
                let _ = writeln!(out, "{} {}", paint.p(DIM, "skipped"), case.name);
                let _ = writeln!(out, "  {}", paint.p(DIM, why));
                continue;
            }
        }
        if case.findings.is_empty() {
            clean.push(case.name.as_str());
            continue;
        }
        failing += 1;
        let (e, w) = (case.count(Severity::Error), case.count(Severity::Warning));
        let mut counts = Vec::new();
        if e > 0 {
            counts.push(plural(e, "error"));
        }
        if w > 0 {
            counts.push(plural(w, "warning"));
        }
        let _ = writeln!(out, "{} ({})", paint.p(BOLD, &case.name), counts.join(", "));
        for f in &case.findings {
            let label = match f.severity {
                Severity::Error => paint.p(RED, "error"),
                Severity::Warning => paint.p(YELLOW, "warning"),
            };
            let _ = writeln!(out, "  {label}: {}", f.message);
            let mut at = Vec::new();
            if let Some(loc) = f.location() {
                at.push(format!("at {loc}"));
            }
            at.push(format!("during {}", f.context));
            if f.count > 1 {
                at.push(format!("{} times", f.count));
            }
            let _ = writeln!(out, "    {}", paint.p(DIM, &at.join(", ")));
            for frame in &f.stack {
                let _ = writeln!(out, "    {}", paint.p(DIM, &format!("| {frame}")));
            }
        }
    }
    if !clean.is_empty() {
        let _ = writeln!(out, "{} {}", paint.p(GREEN, "clean:"), clean.join(", "));
    }
    let (e, w) = (
        report.count(Severity::Error),
        report.count(Severity::Warning),
    );
    let summary = format!(
        "{}, {} in {} of {}",
        plural(e, "error"),
        plural(w, "warning"),
        failing,
        plural(report.cases.len(), "case")
    );
    let code = if e > 0 {
        RED
    } else if w > 0 {
        YELLOW
    } else {
        GREEN
    };
    let _ = writeln!(out, "{}", paint.p(code, &summary));
    out
}

#[cfg(test)]
mod tests {
    use super::render;
    use crate::report::sample;

    #[test]
    fn groups_by_case_with_stack_and_counts() {
        let text = render(&sample::report(), false);
        let expect = "\
Foo (1 error, 1 warning)
  error: Interface/AddOns/Foo/Foo.lua:3: attempt to call a nil value <&\"'>\u{1}
    at Interface/AddOns/Foo/Foo.lua:3, during event:PLAYER_LOGIN, 2 times
    | Interface/AddOns/Foo/Foo.lua:3: in main chunk
  warning: Interface/AddOns/Foo/Foo.xml:5:3: Unrecognized XML attribute: bogus
    at Interface/AddOns/Foo/Foo.xml:5, during load
skipped Off
  disabled
clean: Clean
1 error, 1 warning in 1 of 3 cases
";
        assert_eq!(text, expect);
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn colour_only_when_asked() {
        let text = render(&sample::report(), true);
        assert!(text.contains("\x1b[1;31merror\x1b[0m: Interface"), "{text}");
        assert!(text.contains("\x1b[1;33mwarning\x1b[0m"), "{text}");
        assert!(text.contains("\x1b[32mclean:\x1b[0m Clean"), "{text}");
    }
}
