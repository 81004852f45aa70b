//! GitHub Actions workflow commands: one `::error` or `::warning` annotation per finding, at
//! its file and line when the file is inside the repository (`Finding::repo_path`), otherwise
//! without a file (the annotation then names the place in its text). Values are escaped as
//! the runner expects (`%25`, `%0D`, `%0A`, and in properties also `%3A`, `%2C`).

use super::{Finding, Report, Severity};
use std::fmt::Write;

/// The stack frames kept in an annotation (the full stack is in the log's other formats).
const STACK_LINES: usize = 12;

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn annotation(case: &str, f: &Finding) -> String {
    let kind = match f.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut props = Vec::new();
    if let Some(path) = &f.repo_path {
        props.push(format!("file={}", escape_property(path)));
        if let Some(line) = f.line {
            props.push(format!("line={line}"));
        }
    }
    props.push(format!(
        "title={}",
        escape_property(&format!("{case} ({})", f.context))
    ));
    let mut body = f.message.clone();
    if f.repo_path.is_none() {
        if let Some(loc) = f.location() {
            let _ = write!(body, "\nat {loc}");
        }
    }
    if f.count > 1 {
        let _ = write!(body, "\n({} times)", f.count);
    }
    for frame in f.stack.iter().take(STACK_LINES) {
        let _ = write!(body, "\n  {frame}");
    }
    if f.stack.len() > STACK_LINES {
        let _ = write!(body, "\n  … {} more", f.stack.len() - STACK_LINES);
    }
    format!("::{kind} {}::{}", props.join(","), escape_data(&body))
}

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for case in &report.cases {
        for f in &case.findings {
            out.push_str(&annotation(&case.name, f));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::render;
    use crate::report::sample;

    #[test]
    fn annotations_with_escaping() {
        let text = render(&sample::report());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "::error file=Foo.lua,line=3,title=Foo (event%3APLAYER_LOGIN)::\
                 Interface/AddOns/Foo/Foo.lua:3: attempt to call a nil value <&\"'>\u{1}\
                 %0A(2 times)%0A  Interface/AddOns/Foo/Foo.lua:3: in main chunk",
                // Outside the repository: no file property, the place in the text.
                "::warning title=Foo (load)::Interface/AddOns/Foo/Foo.xml:5:3: Unrecognized \
                 XML attribute: bogus%0Aat Interface/AddOns/Foo/Foo.xml:5",
            ]
        );
    }

    #[test]
    fn percent_and_newlines_are_escaped() {
        let mut r = sample::report();
        r.cases[0].findings.truncate(1);
        let f = &mut r.cases[0].findings[0];
        f.message = "100% done\r\nnext".into();
        f.stack.clear();
        f.count = 1;
        f.repo_path = Some("a,b:c.lua".into());
        assert_eq!(
            render(&r),
            "::error file=a%2Cb%3Ac.lua,line=3,title=Foo (event%3APLAYER_LOGIN)::100%25 done%0D%0Anext\n"
        );
    }
}
