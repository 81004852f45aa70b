//! The TOC text parser: lines, comments, `## Key: Value` metadata, file lines, variables and line filters.
//!
//! Rules (sources: warcraft.wiki.gg "TOC format"; the wowless TOC parser and its tests,
//! which are checked against the real client):
//! - A UTF-8 byte-order mark is skipped; lines end with LF, CRLF or a lone CR.
//! - `[Family]`, `[Game]` and `[TextLocale]` are replaced on every line (ASCII
//!   case-insensitively) by the flavour's family, game type and the context's locale.
//! - Line filters `[Name data]` or `[Name: data]` may appear anywhere on a metadata or file
//!   line; the line counts only if every filter passes. Known filters: `AllowLoad`
//!   (`Game`/`Both` pass, `Glue` fails), `AllowLoadGameType`, `ExcludeLoadGameType`,
//!   `AllowLoadTextLocale`; `AllowLoadEnvironment`, `LoadIntoEnvironment` and `Bootstrap`
//!   concern the secure environment and never reject a line; a file whose
//!   `AllowLoadEnvironment` list lacks `Secure` is marked (`TocFile::secure_env`) so it is not
//!   loaded again into the secure environment. Other bracketed text is
//!   left alone (it may be part of a file name or a title).
//! - A line starting with `##` is metadata if it has a `:`; key and value are trimmed.
//! - Any other line starting with `#` is a comment. The wiki notes that whitespace before `#`
//!   makes the line a file name, so ` # x` is kept as the file `# x` (with a warning).
//! - Every other non-blank line is a file, trimmed, with `\` turned into `/`.

use crate::flavor::{TocContext, KNOWN_GAME_TYPE_TOKENS};
use crate::toc::{split_list, Diagnostic, Toc, TocFile};

/// Parses TOC text (which may start with a byte-order mark) for `ctx`.
///
/// Never fails: problems are reported in [`Toc::diagnostics`].
pub fn parse_toc(text: &str, ctx: &TocContext) -> Toc {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut toc = Toc {
        context: Some(ctx.clone()),
        ..Toc::default()
    };
    for (line_no, raw) in split_lines(text) {
        parse_line(&mut toc, ctx, line_no, raw);
    }
    toc
}

/// Parses TOC bytes: invalid UTF-8 is replaced (and reported) rather than rejected.
pub fn parse_toc_bytes(bytes: &[u8], ctx: &TocContext) -> Toc {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_toc(text, ctx),
        Err(err) => {
            let text = String::from_utf8_lossy(bytes);
            let mut toc = parse_toc(&text, ctx);
            let line = bytes[..err.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count() as u32
                + 1;
            toc.diagnostics.insert(
                0,
                Diagnostic::new(line, "invalid UTF-8; bad bytes were replaced"),
            );
            toc
        }
    }
}

/// Splits text into `(1-based line number, line)` on LF, CRLF and lone CR.
fn split_lines(text: &str) -> Vec<(u32, &str)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let (mut start, mut i, mut line_no) = (0usize, 0usize, 1u32);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' | b'\r' => {
                out.push((line_no, &text[start..i]));
                if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                line_no += 1;
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < bytes.len() {
        out.push((line_no, &text[start..]));
    }
    out
}

fn parse_line(toc: &mut Toc, ctx: &TocContext, line_no: u32, raw: &str) {
    if raw.trim().is_empty() {
        return;
    }
    if raw.starts_with('#') && !raw.starts_with("##") {
        return; // plain comment
    }
    let line = substitute_variables(raw, ctx);
    let secure_env = allows_secure_environment(&line);
    let Some(line) = apply_filters(&line, ctx, line_no, &mut toc.diagnostics) else {
        return;
    };
    if let Some(rest) = line.strip_prefix("##") {
        let Some((key, value)) = rest.split_once(':') else {
            return; // `##` without a colon: a comment
        };
        let key = key.trim();
        if key.is_empty() {
            toc.diagnostics
                .push(Diagnostic::new(line_no, "metadata line without a key"));
            return;
        }
        let value = value.trim();
        if key.eq_ignore_ascii_case("Interface") {
            for item in split_list(value) {
                if item.parse::<u32>().is_err() {
                    toc.diagnostics.push(Diagnostic::new(
                        line_no,
                        format!("Interface value '{item}' is not a number"),
                    ));
                }
            }
        }
        toc.metadata.push((key.to_string(), value.to_string()));
        return;
    }
    let path = line.trim();
    if path.is_empty() {
        return;
    }
    if path.starts_with('#') {
        toc.diagnostics.push(Diagnostic::new(
            line_no,
            "whitespace before '#': the client reads this line as a file name, not a comment",
        ));
    }
    toc.files.push(TocFile {
        path: path.replace('\\', "/"),
        line: line_no,
        secure_env,
    });
}

/// Whether a file line may load into the secure environment: true unless it carries an
/// `[AllowLoadEnvironment list]` filter whose list does not name `Secure`.
fn allows_secure_environment(line: &str) -> bool {
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else {
            break;
        };
        let inner = &rest[open + 1..close];
        let name_end = inner
            .find(|c: char| c == ':' || c.is_whitespace())
            .unwrap_or(inner.len());
        if inner[..name_end].eq_ignore_ascii_case("AllowLoadEnvironment") {
            let data = inner[name_end..].trim_start_matches(':').trim();
            return split_list(data)
                .iter()
                .any(|e| e.eq_ignore_ascii_case("Secure"));
        }
        rest = &rest[close + 1..];
    }
    true
}

/// Replaces `[Family]`, `[Game]` and `[TextLocale]` (ASCII case-insensitively).
fn substitute_variables(line: &str, ctx: &TocContext) -> String {
    let vars = [
        ("[family]", ctx.flavor.family()),
        ("[game]", ctx.flavor.game_type()),
        ("[textlocale]", ctx.locale.as_str()),
    ];
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    'outer: while !rest.is_empty() {
        if rest.starts_with('[') {
            for (name, value) in vars {
                if rest.len() >= name.len()
                    && rest.is_char_boundary(name.len())
                    && rest[..name.len()].eq_ignore_ascii_case(name)
                {
                    out.push_str(value);
                    rest = &rest[name.len()..];
                    continue 'outer;
                }
            }
        }
        let ch = rest.chars().next().unwrap_or_default();
        out.push(ch);
        rest = &rest[ch.len_utf8()..];
    }
    out
}

/// A `file=` of an XML `<Script>` or `<Include>` with the TOC's load filters after the path
/// (`Data_Mainline.lua [AllowLoadGameType: mainline]`, as LibRPMedia's `lib.xml` writes it):
/// the path without its filters, or `None` when one rejects the file for `ctx`.
pub fn filter_file_reference(file: &str, ctx: &TocContext) -> Option<String> {
    let mut diags = Vec::new();
    apply_filters(file, ctx, 0, &mut diags).map(|s| s.trim().to_string())
}

/// Removes known `[Filter data]` groups from `line`; `None` if any of them rejects the line.
fn apply_filters(
    line: &str,
    ctx: &TocContext,
    line_no: u32,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    let mut keep = true;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else {
            break;
        };
        let inner = &rest[open + 1..close];
        let name_end = inner
            .find(|c: char| c == ':' || c.is_whitespace())
            .unwrap_or(inner.len());
        let name = &inner[..name_end];
        let data = inner[name_end..].trim_start_matches(':').trim();
        match eval_filter(name, data, ctx, line_no, diags) {
            Some(pass) => {
                keep &= pass;
                out.push_str(&rest[..open]);
            }
            None => out.push_str(&rest[..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    keep.then_some(out)
}

/// `Some(pass)` for a known filter, `None` for bracketed text that is not a filter.
fn eval_filter(
    name: &str,
    data: &str,
    ctx: &TocContext,
    line_no: u32,
    diags: &mut Vec<Diagnostic>,
) -> Option<bool> {
    let is = |n: &str| name.eq_ignore_ascii_case(n);
    let pass = if is("AllowLoad") {
        allow_load_passes(data)
    } else if is("AllowLoadGameType") {
        game_type_listed(data, ctx, line_no, diags)
    } else if is("ExcludeLoadGameType") {
        !game_type_listed(data, ctx, line_no, diags)
    } else if is("AllowLoadTextLocale") {
        split_list(data)
            .iter()
            .any(|l| l.eq_ignore_ascii_case(&ctx.locale))
    } else if is("AllowLoadEnvironment") || is("LoadIntoEnvironment") || is("Bootstrap") {
        true
    } else {
        return None;
    };
    Some(pass)
}

/// `AllowLoad` values: empty, `Both` or `Game` allow the in-game UI; `Glue` does not.
pub(crate) fn allow_load_passes(data: &str) -> bool {
    let v = data.trim();
    v.is_empty() || v.eq_ignore_ascii_case("game") || v.eq_ignore_ascii_case("both")
}

/// Whether a game-type list names the context's flavour; unknown words are reported.
fn game_type_listed(
    data: &str,
    ctx: &TocContext,
    line_no: u32,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let mut hit = false;
    for token in split_list(data) {
        let lower = token.to_ascii_lowercase();
        if !KNOWN_GAME_TYPE_TOKENS.contains(&lower.as_str()) {
            diags.push(Diagnostic::new(
                line_no,
                format!("unknown game type '{token}'"),
            ));
        }
        hit |= ctx.flavor.matches_game_type_token(&lower);
    }
    hit
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
