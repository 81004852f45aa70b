//! Report formats for the commands that end in a list of findings (`lua-errors` now, `test`
//! next): JSON (the command's own records, which it serializes), text for people, GitHub workflow
//! annotations and JUnit XML; and writing the result whole, to stdout or to a file (temp file
//! and rename). What the findings are and how they map to exit codes is the command's business.

mod github;
pub(crate) mod junit;
mod text;

use std::io::{IsTerminal, Write};
use std::path::Path;

/// How a report is printed (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The command's records as a JSON array (the default on a pipe or into a file).
    Json,
    /// Grouped by addon, with the stack (the default on a terminal; coloured there).
    Text,
    /// GitHub Actions workflow commands: `::error file=…,line=…::…`.
    Github,
    /// JUnit XML: one test case per addon.
    Junit,
}

/// How bad a finding is: errors stop an addon; warnings are what the client logs and carries
/// on from (XML schema warnings). Both count for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One thing that went wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub severity: Severity,
    /// The message as the client shows it.
    pub message: String,
    /// What was running (`load`, `event:PLAYER_LOGIN`, …).
    pub context: String,
    /// The file as the client names it (`Interface/AddOns/Foo/Foo.lua`) and the line.
    pub file: Option<String>,
    pub line: Option<u32>,
    /// The file relative to the repository root, `/`-separated, for annotations; `None` for a
    /// file outside it.
    pub repo_path: Option<String>,
    /// The Lua stack, innermost first.
    pub stack: Vec<String>,
    /// How often it happened.
    pub count: u32,
}

impl Finding {
    /// `file:line`, `file`, or `None`.
    pub fn location(&self) -> Option<String> {
        match (&self.file, self.line) {
            (Some(f), Some(l)) => Some(format!("{f}:{l}")),
            (Some(f), None) => Some(f.clone()),
            _ => None,
        }
    }
}

/// One unit that passes or fails: an addon for `lua-errors`, a test for `test`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Case {
    pub name: String,
    /// Why it did not run (an addon that was not loaded), if it did not.
    pub skipped: Option<String>,
    pub findings: Vec<Finding>,
}

impl Case {
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }
}

/// Everything a command found, in the order the cases ran.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The command, used as the JUnit suite name (`lua-errors`).
    pub suite: String,
    pub cases: Vec<Case>,
}

impl Report {
    pub fn count(&self, severity: Severity) -> usize {
        self.cases.iter().map(|c| c.count(severity)).sum()
    }
}

/// Renders `report` in `format`; `None` for `Format::Json`, which is each command's own
/// records (serialized by the command, so its JSON keeps every field it has).
pub fn render(format: Format, report: &Report, color: bool) -> Option<String> {
    match format {
        Format::Json => None,
        Format::Text => Some(text::render(report, color)),
        Format::Github => Some(github::render(report)),
        Format::Junit => Some(junit::render(report)),
    }
}

/// The format when `--format` is not given: text for a person at a terminal, JSON for a pipe
/// or a file.
pub fn default_format(to_file: bool) -> Format {
    if !to_file && std::io::stdout().is_terminal() {
        Format::Text
    } else {
        Format::Json
    }
}

/// Colour only on a terminal and only when `NO_COLOR` is unset or empty.
pub fn use_color(to_file: bool) -> bool {
    !to_file
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Writes `text` to stdout, or whole to `path`: a temporary file beside it, then a rename, so
/// a reader never sees half a report and a failed run leaves the old file alone.
pub fn emit(text: &str, path: Option<&Path>) -> std::io::Result<()> {
    let Some(path) = path else {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        return out.flush();
    };
    write_whole(path, text.as_bytes())
}

/// `bytes` to `path` through a temporary file in the same folder and a rename.
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?
        .to_string_lossy();
    let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
pub(crate) mod sample {
    //! A report with every shape the renderers handle, for their unit tests.
    use super::*;

    pub fn report() -> Report {
        let err = Finding {
            severity: Severity::Error,
            message: "Interface/AddOns/Foo/Foo.lua:3: attempt to call a nil value <&\"'>\u{1}"
                .into(),
            context: "event:PLAYER_LOGIN".into(),
            file: Some("Interface/AddOns/Foo/Foo.lua".into()),
            line: Some(3),
            repo_path: Some("Foo.lua".into()),
            stack: vec!["Interface/AddOns/Foo/Foo.lua:3: in main chunk".into()],
            count: 2,
        };
        let warn = Finding {
            severity: Severity::Warning,
            message: "Interface/AddOns/Foo/Foo.xml:5:3: Unrecognized XML attribute: bogus".into(),
            context: "load".into(),
            file: Some("Interface/AddOns/Foo/Foo.xml".into()),
            line: Some(5),
            repo_path: None,
            stack: Vec::new(),
            count: 1,
        };
        Report {
            suite: "lua-errors".into(),
            cases: vec![
                Case {
                    name: "Foo".into(),
                    skipped: None,
                    findings: vec![err, warn],
                },
                Case {
                    name: "Clean".into(),
                    ..Case::default()
                },
                Case {
                    name: "Off".into(),
                    skipped: Some("disabled".into()),
                    findings: Vec::new(),
                },
            ],
        }
    }
}
