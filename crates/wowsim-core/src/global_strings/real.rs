//! The user's own copy of the client's global strings, for the locale being played
//! (`SimConfig::locale`, `--locale`): every key gets its real value instead of a stand-in.
//! Never shipped; read as data (no Lua runs), from the first of:
//!
//! | where | file |
//! | --- | --- |
//! | `SimConfig::global_strings` (`--global-strings PATH`) | that file (`.lua` or `.csv`), or a folder holding one of the files below |
//! | `--game-data DIR` | `GlobalStrings.csv` (a wago.tools export: columns `BaseTag`, `TagText_lang`), `GlobalStrings.lua` |
//! | an `--art` folder (the cache `wow-sim resources fetch` fills is one) | `GlobalStrings/<locale>.lua`, `Resources/GlobalStrings/<locale>.lua` (the BlizzardInterfaceResources layout) |
//!
//! A `.lua` file holds one assignment a line, `NAME = "text";` or `_G["NAME"] = "text";`
//! (blank lines and `--` comments allowed), as the client's own `GlobalStrings.lua` and the
//! public export are written. Anything else is an error naming the file and line.

use std::path::{Path, PathBuf};

/// What is wrong with a global-strings file.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("global strings: cannot read {0}: {1}")]
    Io(PathBuf, String),
    #[error("global strings: {0}:{1}: {2}")]
    Malformed(PathBuf, usize, String),
    #[error("global strings: {0} holds no GlobalStrings.lua, GlobalStrings.csv or GlobalStrings/{1}.lua")]
    NotFound(PathBuf, String),
}

/// Real strings read from a file.
#[derive(Debug)]
pub struct RealStrings {
    pub file: PathBuf,
    /// (name, value), in the file's order.
    pub values: Vec<(String, String)>,
}

/// Where to look, from the configuration.
pub struct Sources<'a> {
    pub explicit: Option<&'a Path>,
    pub game_data: Option<&'a Path>,
    pub art_dirs: &'a [PathBuf],
    pub locale: &'a str,
}

/// The file of real strings the sources offer, read; `None` when there is none.
pub fn find_and_read(src: &Sources) -> Result<Option<RealStrings>, ReadError> {
    let file = match src.explicit {
        Some(p) if p.is_file() => Some(p.to_path_buf()),
        Some(p) => Some(
            in_folder(p, src.locale)
                .ok_or_else(|| ReadError::NotFound(p.to_path_buf(), src.locale.to_string()))?,
        ),
        None => src
            .game_data
            .and_then(in_data_folder)
            .or_else(|| src.art_dirs.iter().find_map(|d| in_layout(d, src.locale))),
    };
    file.map(|f| read(&f)).transpose()
}

/// `GlobalStrings.csv` or `GlobalStrings.lua` at the top of a folder.
fn in_data_folder(d: &Path) -> Option<PathBuf> {
    ["GlobalStrings.csv", "GlobalStrings.lua"]
        .iter()
        .find_map(|f| wowsim_toc::resolve_path_ci(d, f))
}

/// `GlobalStrings/<locale>.lua` or `Resources/GlobalStrings/<locale>.lua` under a folder.
fn in_layout(d: &Path, locale: &str) -> Option<PathBuf> {
    let f = format!("GlobalStrings/{locale}.lua");
    wowsim_toc::resolve_path_ci(d, &f)
        .or_else(|| wowsim_toc::resolve_path_ci(d, &format!("Resources/{f}")))
}

fn in_folder(d: &Path, locale: &str) -> Option<PathBuf> {
    in_data_folder(d).or_else(|| in_layout(d, locale))
}

/// Reads a `.csv` or `.lua` file of global strings.
pub fn read(file: &Path) -> Result<RealStrings, ReadError> {
    let bytes = std::fs::read(file).map_err(|e| ReadError::Io(file.into(), e.to_string()))?;
    let text = String::from_utf8_lossy(wowsim_lua::strip_bom(&bytes));
    let csv = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    let values = if csv {
        parse_csv(&text)
    } else {
        parse_lua(&text)
    }
    .map_err(|(line, why)| ReadError::Malformed(file.into(), line, why))?;
    Ok(RealStrings {
        file: file.into(),
        values,
    })
}

type Parsed = Result<Vec<(String, String)>, (usize, String)>;

/// `NAME = "text";` / `_G["NAME"] = "text";` lines.
pub fn parse_lua(text: &str) -> Parsed {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with("--") {
            continue;
        }
        out.push(lua_line(l).map_err(|why| (n + 1, why))?);
    }
    Ok(out)
}

fn lua_line(l: &str) -> Result<(String, String), String> {
    let bad = || "not a global-string assignment (NAME = \"text\";)".to_string();
    let (name, rest) = if let Some(r) = l.strip_prefix("_G[") {
        let (name, after) = literal(r.trim_start()).ok_or_else(bad)?;
        let after = after.trim_start().strip_prefix(']').ok_or_else(bad)?;
        (name, after)
    } else {
        let end = l
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(l.len());
        if end == 0 || l.as_bytes()[0].is_ascii_digit() {
            return Err(bad());
        }
        (l[..end].to_string(), &l[end..])
    };
    let rest = rest.trim_start().strip_prefix('=').ok_or_else(bad)?;
    let (value, after) = literal(rest.trim_start())
        .ok_or_else(|| format!("the value of {name} is not one string literal on its line"))?;
    let after = after.trim();
    if !(after.is_empty() || after == ";") {
        return Err(format!(
            "unexpected text after the value of {name}: {after}"
        ));
    }
    Ok((name, value))
}

/// A Lua short string literal at the start of `s` (with Lua 5.1's escapes), and the rest.
fn literal(s: &str) -> Option<(String, &str)> {
    let q = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let mut out = String::new();
    let mut chars = s[1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c == q => return Some((out, &s[1 + i + 1..])),
            '\\' => {
                let (_, e) = chars.next()?;
                match e {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    'a' => out.push('\u{7}'),
                    'b' => out.push('\u{8}'),
                    'f' => out.push('\u{c}'),
                    'v' => out.push('\u{b}'),
                    d if d.is_ascii_digit() => {
                        let mut v = d.to_digit(10)?;
                        for _ in 0..2 {
                            let rest = chars.as_str();
                            match rest.chars().next().and_then(|c| c.to_digit(10)) {
                                Some(x) => {
                                    v = v * 10 + x;
                                    chars.next();
                                }
                                None => break,
                            }
                        }
                        out.push(char::from_u32(v).filter(|_| v < 256)?);
                    }
                    other => out.push(other),
                }
            }
            c => out.push(c),
        }
    }
    None
}

/// A wago.tools `GlobalStrings.csv`: a header naming `BaseTag` and `TagText_lang` (or
/// `TagText`), then records (RFC 4180; a quoted field may hold line breaks).
pub fn parse_csv(text: &str) -> Parsed {
    let mut records = Records {
        chars: text.chars().peekable(),
        line: 1,
    };
    let header = records.next().ok_or((1, "no header row".to_string()))??;
    let col = |names: &[&str]| {
        header
            .iter()
            .position(|h| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
    };
    let (Some(tag), Some(txt)) = (col(&["BaseTag"]), col(&["TagText_lang", "TagText"])) else {
        return Err((
            1,
            "the header has no BaseTag and TagText_lang columns".into(),
        ));
    };
    let mut out = Vec::new();
    loop {
        let line = records.line;
        let Some(rec) = records.next() else {
            break;
        };
        let rec = rec?;
        if rec.len() == 1 && rec[0].is_empty() {
            continue;
        }
        match (rec.get(tag), rec.get(txt)) {
            (Some(t), Some(v)) if !t.is_empty() => out.push((t.clone(), v.clone())),
            _ => {
                return Err((
                    line,
                    format!(
                        "a record without BaseTag or TagText_lang ({} fields)",
                        rec.len()
                    ),
                ))
            }
        }
    }
    Ok(out)
}

/// CSV records over a text, counting lines.
struct Records<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl Iterator for Records<'_> {
    type Item = Result<Vec<String>, (usize, String)>;

    fn next(&mut self) -> Option<Self::Item> {
        self.chars.peek()?;
        let start = self.line;
        let (mut fields, mut cur, mut quoted) = (Vec::new(), String::new(), false);
        while let Some(c) = self.chars.next() {
            match (quoted, c) {
                (true, '"') if self.chars.peek() == Some(&'"') => {
                    self.chars.next();
                    cur.push('"');
                }
                (true, '"') => quoted = false,
                (_, '\n') if !quoted => {
                    self.line += 1;
                    break;
                }
                (true, c) => {
                    self.line += usize::from(c == '\n');
                    cur.push(c);
                }
                (false, '"') if cur.is_empty() => quoted = true,
                (false, ',') => fields.push(std::mem::take(&mut cur)),
                (false, '\r') if self.chars.peek() == Some(&'\n') => {}
                (false, c) => cur.push(c),
            }
        }
        if quoted {
            return Some(Err((start, "a quoted field is not closed".into())));
        }
        fields.push(cur);
        Some(Ok(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lua_lines() {
        let got = parse_lua(
            "-- a comment\n\nOKAY = \"Okay\";\n_G[\"1_X\"] = 'a\\\"b\\n\\65';\nFMT = \"%d of %s\"\n",
        )
        .unwrap();
        assert_eq!(
            got,
            [
                ("OKAY".to_string(), "Okay".to_string()),
                ("1_X".to_string(), "a\"b\nA".to_string()),
                ("FMT".to_string(), "%d of %s".to_string()),
            ]
        );
        for (src, line) in [
            ("OKAY = \"x\";\nlocal y = 1\n", 2),
            ("A = \"x\" .. B\n", 1),
            ("\n\nA = \"unterminated\n", 3),
            ("A = 5\n", 1),
        ] {
            assert_eq!(parse_lua(src).unwrap_err().0, line, "{src:?}");
        }
    }

    #[test]
    fn csv_records() {
        let got = parse_csv(
            "ID,BaseTag,TagText_lang,Flags\r\n1,OKAY,Okay,0\r\n2,MULTI,\"two\nlines, \"\"quoted\"\"\",0\n3,FMT,%d of %s,1\n",
        )
        .unwrap();
        assert_eq!(
            got,
            [
                ("OKAY".to_string(), "Okay".to_string()),
                ("MULTI".to_string(), "two\nlines, \"quoted\"".to_string()),
                ("FMT".to_string(), "%d of %s".to_string()),
            ]
        );
        assert_eq!(parse_csv("ID,Name\n1,x\n").unwrap_err().0, 1);
        assert_eq!(
            parse_csv("ID,BaseTag,TagText_lang\n1,A,x\n2,B,\"open\n")
                .unwrap_err()
                .0,
            3
        );
        assert_eq!(
            parse_csv("BaseTag,TagText_lang\nA,x\nB\n").unwrap_err().0,
            3
        );
    }
}
