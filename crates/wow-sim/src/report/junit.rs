//! JUnit XML, as CI systems read it: one `<testsuite>` for the command and one `<testcase>`
//! per case (addon); a case with findings has one `<failure>` (type `error`, or `warning` when
//! it has only warnings) whose text lists them all with their stacks; a case that did not run
//! is `<skipped>`. Text and attributes are escaped, and characters XML 1.0 cannot carry are
//! written as `\xNN`.

use super::{Case, Report, Severity};
use std::fmt::Write;

/// Escapes text content or (with `attr`) an attribute value.
pub(crate) fn escape(s: &str, attr: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            '\n' if attr => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' if attr => out.push_str("&#9;"),
            '\t' | '\n' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

fn failure(case: &Case) -> String {
    let errors = case.count(Severity::Error);
    let kind = if errors > 0 { "error" } else { "warning" };
    let first = &case.findings[0].message;
    let mut text = String::new();
    for f in &case.findings {
        let _ = writeln!(text, "{}: {}", f.severity.as_str(), f.message);
        if let Some(loc) = f.location() {
            let _ = writeln!(text, "  at {loc}");
        }
        let _ = writeln!(text, "  during {}", f.context);
        if f.count > 1 {
            let _ = writeln!(text, "  {} times", f.count);
        }
        for frame in &f.stack {
            let _ = writeln!(text, "  | {frame}");
        }
    }
    format!(
        "      <failure type=\"{kind}\" message=\"{}\">{}</failure>\n",
        escape(first, true),
        escape(&text, false)
    )
}

pub fn render(report: &Report) -> String {
    let tests = report.cases.len();
    let failures = report
        .cases
        .iter()
        .filter(|c| !c.findings.is_empty())
        .count();
    let skipped = report
        .cases
        .iter()
        .filter(|c| c.skipped.is_some() && c.findings.is_empty())
        .count();
    let suite = escape(&report.suite, true);
    let counts =
        format!("tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\"");
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(out, "<testsuites name=\"wow-sim\" {counts}>");
    let _ = writeln!(out, "  <testsuite name=\"{suite}\" {counts}>");
    for case in &report.cases {
        let _ = write!(
            out,
            "    <testcase classname=\"{suite}\" name=\"{}\"",
            escape(&case.name, true)
        );
        if !case.findings.is_empty() {
            let _ = write!(out, ">\n{}    </testcase>\n", failure(case));
        } else if let Some(why) = &case.skipped {
            let _ = write!(
                out,
                ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                escape(why, true)
            );
        } else {
            out.push_str("/>\n");
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::{escape, render};
    use crate::report::sample;

    #[test]
    fn escaping() {
        for (input, attr, expect) in [
            ("a<b>&c", false, "a&lt;b&gt;&amp;c"),
            ("\"q\" 'a'\n", true, "&quot;q&quot; &apos;a&apos;&#10;"),
            ("\"q\"\n", false, "\"q\"\n"),
            ("bell\u{7}nul\u{0}", false, "bell\\x07nul\\x00"),
            ("\u{FFFF}é", true, "\\xFFFFé"),
        ] {
            assert_eq!(escape(input, attr), expect, "{input:?}");
        }
    }

    #[test]
    fn one_case_per_addon() {
        let xml = render(&sample::report());
        let expect = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<testsuites name=\"wow-sim\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">
  <testsuite name=\"lua-errors\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">
    <testcase classname=\"lua-errors\" name=\"Foo\">
      <failure type=\"error\" message=\"Interface/AddOns/Foo/Foo.lua:3: attempt to call a nil value &lt;&amp;&quot;&apos;&gt;\\x01\">error: Interface/AddOns/Foo/Foo.lua:3: attempt to call a nil value &lt;&amp;\"'&gt;\\x01
  at Interface/AddOns/Foo/Foo.lua:3
  during event:PLAYER_LOGIN
  2 times
  | Interface/AddOns/Foo/Foo.lua:3: in main chunk
warning: Interface/AddOns/Foo/Foo.xml:5:3: Unrecognized XML attribute: bogus
  at Interface/AddOns/Foo/Foo.xml:5
  during load
</failure>
    </testcase>
    <testcase classname=\"lua-errors\" name=\"Clean\"/>
    <testcase classname=\"lua-errors\" name=\"Off\">
      <skipped message=\"disabled\"/>
    </testcase>
  </testsuite>
</testsuites>
";
        assert_eq!(xml, expect);
    }
}
