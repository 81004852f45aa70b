//! Finds the client-provided globals that addon code (Blizzard's UI and the user's) reads: ALL_CAPS names that the
//! code references as globals but never assigns (in the client they come from the generated
//! `GlobalStrings.lua` and from the colour database). A small Lua tokenizer, no parser: what it
//! needs is which names are read, which are written, and which are only nil-checked.
//!
//! The caller (`global_strings.rs`) decides what to define; this file only reads text.

use super::tokens::{quoted, tokens};
use rustc_hash::{FxHashMap, FxHashSet};

/// What the scan learnt about ALL_CAPS globals over every file it saw.
#[derive(Default, Debug)]
pub struct GlobalUse {
    /// Read as a global (not a field, not a local), with the number of reads.
    pub read: FxHashMap<String, u32>,
    /// Assigned somewhere (`NAME =`, `function NAME`, a table key, an XML `name=`).
    pub assigned: FxHashSet<String>,
    /// Tested for nil (`if NAME then`, `not NAME`): the code expects it may be absent.
    pub nil_checked: FxHashSet<String>,
    /// Used as a colour object: `NAME:GetRGB()`, `NAME.r`, stored as `somethingColor = NAME`
    /// (or `xColor or NAME`), an XML `KeyValue` whose key ends in `Color`, or named by XML
    /// `<Color color="NAME"/>`. Colours of the
    /// client's database need not be named `*_COLOR` (`MANAPREDICTIONBLUE`).
    pub colors: FxHashSet<String>,
    /// Indexed as a table (`NAME.field`, `NAME[k]`, not a colour's `.r`): not a string.
    pub indexed: FxHashSet<String>,
    /// Shown as text: the first argument of `:SetText(`/`:SetFormattedText(` or of
    /// `format(`, or a part of a `..` concatenation. A `*_COLOR` name used so is one of the
    /// client's strings, not a colour (`EMBLEM_SYMBOL_COLOR`, the label "Emblem Color").
    pub texts: FxHashSet<String>,
    /// Used as a number: an operand of arithmetic (`+ - * / % ^`, unary `-`) or of an order
    /// comparison (`< > <= >=`), or a bound or step of a numeric `for` (`for i = 1, NAME do`).
    /// Not a string: the client's numeric constants (`MAX_BOSS_FRAMES`) are the UI's own Lua or
    /// the C side's, never global strings.
    pub numbers: FxHashSet<String>,
    /// Members read as `Enum.Name.Member`, by enumeration (sorted).
    pub enum_members: std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
}

/// Methods of `ColorMixin` that show a value is a colour.
const COLOR_METHODS: &[&str] = &[
    "GetRGB",
    "GetRGBA",
    "GetRGBAsBytes",
    "GetRGBAAsBytes",
    "GenerateHexColor",
    "GenerateHexColorMarkup",
    "WrapTextInColorCode",
];

/// A variable or key that holds a colour by its name (`fillColor`, `healthBarColorBG`).
fn is_color_holder(name: &str) -> bool {
    ["Color", "color", "ColorBG"]
        .iter()
        .any(|s| name.ends_with(s))
}

/// Whether the read `t[s..=e]` of `name` (the name or a `_G` form) uses the value as a colour.
fn used_as_color(t: &[&str], s: usize, e: usize, name: &str) -> bool {
    if name.ends_with("_CODE") {
        return false;
    }
    let next = t.get(e + 1).copied().unwrap_or("");
    let after = t.get(e + 2).copied().unwrap_or("");
    let prev = if s > 0 { t[s - 1] } else { "" };
    let holder = if s > 1 { t[s - 2] } else { "" };
    (next == ":" && COLOR_METHODS.contains(&after))
        || (next == "." && matches!(after, "r" | "g" | "b" | "a"))
        // A colour constant of the client is a name of several words (`ADVENTURES_BUFF_BLUE`);
        // a single word read into a `…Color` field is the global string of that word
        // (`L.TextShadowColor = COLOR`, the localized label "Color").
        || (matches!(prev, "=" | "or") && is_color_holder(holder) && name.contains('_'))
}

/// Whether the read `t[s..=e]` shows the value as text (see [`GlobalUse::texts`]).
fn used_as_text(t: &[&str], s: usize, e: usize) -> bool {
    let next = t.get(e + 1).copied().unwrap_or("");
    let prev = if s > 0 { t[s - 1] } else { "" };
    let callee = if s > 1 { t[s - 2] } else { "" };
    next == ".."
        || prev == ".."
        || (prev == "(" && matches!(callee, "SetText" | "SetFormattedText" | "format"))
}

/// Operators whose operands are numbers (Lua coerces a string only when it reads as one).
const NUMERIC_OPERATORS: &[&str] = &["+", "-", "*", "/", "%", "^", "<", ">", "<=", ">="];

/// Whether the read `t[s..=e]` uses the value as a number (see [`GlobalUse::numbers`]).
fn used_as_number(t: &[&str], s: usize, e: usize) -> bool {
    let next = t.get(e + 1).copied().unwrap_or("");
    let prev = if s > 0 { t[s - 1] } else { "" };
    // `#NAME > 0` compares the length, not the value.
    if prev == "#" {
        return false;
    }
    if NUMERIC_OPERATORS.contains(&prev) || NUMERIC_OPERATORS.contains(&next) {
        return true;
    }
    // A numeric `for`'s start, limit or step: `for NAME2 = a, NAME, c do`.
    if matches!(prev, "=" | ",") && matches!(next, "," | "do") {
        let mut k = s - 1;
        while k >= 2 {
            if t[k] == "=" && t[k - 2] == "for" {
                return true;
            }
            if matches!(
                t[k],
                "do" | "then" | "end" | "in" | "local" | "function" | ";" | "return"
            ) || t[k] == "="
            {
                return false;
            }
            k -= 1;
        }
    }
    false
}

impl GlobalUse {
    /// Names read but never assigned nor nil-checked, sorted.
    pub fn provided_by_client(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .read
            .keys()
            .filter(|n| !self.assigned.contains(*n) && !self.nil_checked.contains(*n))
            .cloned()
            .collect();
        v.sort();
        v
    }
}

/// Whether `s` looks like a client constant name: `[A-Z][A-Z0-9_]+`.
pub fn is_constant_name(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && b[0].is_ascii_uppercase()
        && b.iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
}

/// Where each name of a file becomes a local (a `local` declaration, a loop variable, a
/// parameter): the token index from which the name no longer means the global. Scopes are not
/// tracked (a name local from some point on stays local to the end of the file); a `local`
/// statement with values takes effect after its expressions, so `local X = X` and
/// `local L = strlower(L)` read the global (the Lua rule).
fn local_from<'a>(t_: &[&'a str]) -> (FxHashMap<&'a str, usize>, FxHashSet<usize>) {
    let mut from: FxHashMap<&'a str, usize> = FxHashMap::default();
    let mut declared = FxHashSet::default();
    let mut note = |name: &'a str, at: usize| {
        let e = from.entry(name).or_insert(at);
        *e = (*e).min(at);
    };
    for (i, tok) in t_.iter().enumerate() {
        match *tok {
            "local" | "for" => {
                let mut j = i + 1;
                let function = t_.get(j) == Some(&"function");
                if function {
                    j += 1;
                }
                let mut names = Vec::new();
                while let Some(name) = t_.get(j) {
                    names.push(*name);
                    declared.insert(j);
                    if t_.get(j + 1) == Some(&",") {
                        j += 2;
                    } else {
                        break;
                    }
                }
                // `local function f` and loop variables are local at once; a `local` with
                // values from the next line on.
                let at = if *tok == "local" && !function && t_.get(j + 1) == Some(&"=") {
                    expressions_end(t_, j + 2)
                } else {
                    j
                };
                for n in names {
                    note(n, at);
                }
            }
            "function" => {
                let mut j = i + 1;
                while t_.get(j).is_some_and(|s| *s != "(") {
                    j += 1;
                }
                j += 1;
                while let Some(p) = t_.get(j).filter(|s| **s != ")") {
                    note(p, j);
                    declared.insert(j);
                    j += 1;
                }
            }
            _ => {}
        }
    }
    (from, declared)
}

/// Where the expression list that starts at `t[k]` ends: the first token, outside brackets and
/// function bodies, that starts a new statement after an operand (`local X = X if X then`).
fn expressions_end(t: &[&str], k: usize) -> usize {
    let (mut depth, mut blocks) = (0i32, 0i32);
    for m in k..t.len() {
        let tok = t[m];
        if depth == 0 && blocks == 0 && m > k {
            let prev = t[m - 1];
            let operand_end = matches!(prev, ")" | "]" | "}" | "end" | "...")
                || prev.starts_with(|c: char| {
                    c.is_alphanumeric() || c == '_' || c == '"' || c == '\''
                }) && !matches!(prev, "and" | "or" | "not" | "function" | "return" | "local");
            let starts_statement = tok == ";"
                || tok.starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    && !matches!(tok, "and" | "or");
            if operand_end && starts_statement {
                return m;
            }
        }
        match tok {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            "function" | "if" | "do" | "repeat" => blocks += 1,
            "end" | "until" => blocks -= 1,
            _ => {}
        }
        if depth < 0 || blocks < 0 {
            return m;
        }
    }
    t.len()
}

/// Whether the expression `t[s..=e]` (a name, `_G.X`, `_G["X"]`, `rawget(_G, "X")`) is tested
/// for nil: `if X then`, `if (X) then`, `not X`, `X and …`, `X or default` (but not
/// `c and X or y`, nor `a == X and`), `X == nil`, `X ~= nil` (either side), `type(X) == …`.
fn is_nil_test(t: &[&str], s: usize, e: usize) -> bool {
    // Grouping parentheses around the expression (`if (X) then`), not a call's (`f(X)`).
    let (mut p, mut n) = (s, e + 1);
    while p > 0 && t[p - 1] == "(" && t.get(n) == Some(&")") {
        let call = p > 1 && {
            let c = t[p - 2];
            matches!(c, ")" | "]")
                || c.starts_with(|ch: char| {
                    ch == '_' || ch.is_alphanumeric() || ch == '"' || ch == '\''
                }) && !is_keyword(c)
        };
        if call {
            break;
        }
        p -= 1;
        n += 1;
    }
    let at = |k: Option<usize>| k.and_then(|k| t.get(k)).copied().unwrap_or("");
    let prev = at(p.checked_sub(1));
    let next = at(Some(n));
    // Where an operand starts (not after `==`, `..`, …).
    let starts = matches!(
        prev,
        "if" | "elseif" | "while" | "not" | "(" | "=" | "," | "return" | "and" | "or" | "{"
    );
    let compared_to_nil = (matches!(next, "==" | "~=") && at(Some(n + 1)) == "nil")
        || (matches!(prev, "==" | "~=") && at(p.checked_sub(2)) == "nil");
    // `type(X)`: the name alone in the call's parentheses.
    let typed = s > 1 && t[s - 1] == "(" && t[s - 2] == "type" && at(Some(e + 1)) == ")";
    prev == "not"
        || (matches!(prev, "if" | "elseif") && matches!(next, "then" | "and" | "or"))
        // `X and …` tests X; `X or default` expects it may be absent (not `c and X or y`).
        || (starts && next == "and")
        || (starts && prev != "and" && next == "or")
        || compared_to_nil
        || typed
}

/// Lua keywords that can stand before a grouping parenthesis.
fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "if" | "elseif"
            | "while"
            | "until"
            | "not"
            | "and"
            | "or"
            | "return"
            | "then"
            | "do"
            | "else"
            | "in"
            | "local"
    )
}

/// Names of a file that the file tests for nil (locals among them: `local x = NAME ... if x
/// then`).
fn nil_tested_names<'a>(t: &[&'a str]) -> FxHashSet<&'a str> {
    (0..t.len())
        .filter(|&i| is_nil_test(t, i, i))
        .map(|i| t[i])
        .collect()
}

/// For each token, whether the innermost open construct around it is a table constructor
/// (`{ NAME = v }`: a key, not an assignment to the global). Blocks (`function`, `if`, `do`,
/// `repeat`) and brackets are tracked so a function body inside a constructor is a block.
fn in_table_constructor(t: &[&str]) -> Vec<bool> {
    let mut stack: Vec<&str> = Vec::new();
    let mut out = Vec::with_capacity(t.len());
    for tok in t {
        out.push(stack.last() == Some(&"{"));
        match *tok {
            "{" | "(" | "[" | "function" | "if" | "do" | "repeat" => stack.push(tok),
            "}" | ")" | "]" | "end" | "until" => {
                stack.pop();
            }
            _ => {}
        }
    }
    out
}

/// A global named through `_G` at token `i`: `_G.X` (i at `X`), `_G["X"]` (i at the string),
/// `rawget(_G, "X")`/`rawset(_G, "X", v)` (i at the string). Returns the name, the span of
/// the whole expression and whether it is an assignment (`_G.X = v`, `rawset`).
fn through_g<'a>(t: &[&'a str], i: usize) -> Option<(&'a str, usize, usize, bool)> {
    let at = |k: usize| t.get(k).copied().unwrap_or("");
    let g_at = |k: usize| at(k) == "_G" && (k == 0 || !matches!(at(k - 1), "." | ":"));
    let (name, s, e) = if i >= 2 && at(i - 1) == "." && g_at(i - 2) {
        (t[i], i - 2, i)
    } else if i >= 2 && at(i - 1) == "[" && g_at(i - 2) && at(i + 1) == "]" {
        (quoted(t[i])?, i - 2, i + 1)
    } else if i >= 4 && at(i - 1) == "," && g_at(i - 2) && at(i - 3) == "(" {
        let f = at(i - 4);
        let set = f == "rawset" && at(i + 1) == ",";
        if !(set || (f == "rawget" && at(i + 1) == ")")) {
            return None;
        }
        return Some((quoted(t[i])?, i - 4, i + 1, set));
    } else {
        return None;
    };
    Some((name, s, e, at(e + 1) == "="))
}

/// Adds what one Lua file reads and writes. A global named through `_G` (`_G.X`, `_G["X"]`,
/// `rawget(_G, "X")`) is the same global: assigned by `_G.X = v` or `rawset`, nil-tested by
/// the tests of [`is_nil_test`], else read (`local _G = _G ... _G.CURRENCY`), except that
/// `rawget(_G, "X")` outside a test is a probe and not a read. A read kept in a local that the file tests for nil
/// (`local x = NAME if x then`, `local X = X if X then`) counts as a nil test.
pub fn scan_lua(src: &str, out: &mut GlobalUse) {
    let tk = tokens(src);
    let t = &tk[..];
    enum_reads(t, out);
    let (locals, declared) = local_from(t);
    let tested = nil_tested_names(t);
    let in_table = in_table_constructor(t);
    for (i, tok) in t.iter().enumerate() {
        let prev = if i > 0 { t[i - 1] } else { "" };
        let (name, s, e) = match through_g(t, i) {
            Some((name, s, e, assigns)) => {
                if !is_constant_name(name) {
                    continue;
                }
                if assigns {
                    out.assigned.insert(name.to_string());
                    continue;
                }
                (name, s, e)
            }
            None => {
                let local = declared.contains(&i) || locals.get(tok).is_some_and(|&from| i >= from);
                if !is_constant_name(tok) || local || matches!(prev, "." | ":" | "goto") {
                    continue;
                }
                (*tok, i, i)
            }
        };
        let before = if s > 0 { t[s - 1] } else { "" };
        let next = t.get(e + 1).copied().unwrap_or("");
        let kept_then_tested = before == "="
            && s > 2
            && t[s - 3] == "local"
            && tested.contains(t[s - 2])
            && !matches!(next, "." | ":" | "[" | "(" | "..");
        if s == i && next == "=" && in_table[i] && matches!(prev, "{" | "," | ";") {
            // A key of a table constructor (`{ NONE = "NONE" }`) is neither read nor assigned.
            continue;
        }
        if s == i && (prev == "function" || next == "=") {
            out.assigned.insert(name.to_string());
        } else if is_nil_test(t, s, e) || kept_then_tested {
            out.nil_checked.insert(name.to_string());
        } else if t[s] == "rawget" {
            // `rawget(_G, "X")` is a probe for something optional: not a read that asks for
            // a stand-in.
        } else {
            *out.read.entry(name.to_string()).or_default() += 1;
            if used_as_text(t, s, e) {
                out.texts.insert(name.to_string());
            }
            if used_as_number(t, s, e) {
                out.numbers.insert(name.to_string());
            }
            if used_as_color(t, s, e, name) {
                out.colors.insert(name.to_string());
            } else if matches!(next, "." | "[") {
                out.indexed.insert(name.to_string());
            }
        }
    }
}

/// Records `Enum.Name.Member` reads (not `x.Enum`, not assignments to the member).
fn enum_reads(t: &[&str], out: &mut GlobalUse) {
    for (i, w) in t.windows(5).enumerate() {
        let global = i == 0 || !matches!(t[i - 1], "." | ":");
        let assigned = t.get(i + 5) == Some(&"=");
        if w[0] == "Enum" && w[1] == "." && w[3] == "." && global && !assigned {
            let ident = |s: &str| s.starts_with(|c: char| c.is_ascii_alphabetic());
            if ident(w[2]) && ident(w[4]) {
                out.enum_members
                    .entry(w[2].to_string())
                    .or_default()
                    .insert(w[4].to_string());
            }
        }
    }
}

/// The Lua text of an XML file: element text (script handler bodies, `<Script>` bodies; the
/// only UI XML elements with text) with the five XML entities decoded, comments left out.
fn xml_inline_lua(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = src;
    while let Some(gt) = rest.find('>') {
        rest = &rest[gt + 1..];
        let end = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..end];
        if !text.trim().is_empty() {
            out.push(
                text.replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&apos;", "'")
                    .replace("&amp;", "&"),
            );
        }
        rest = &rest[end..];
        // A comment's text is not code: skip to its end. A CDATA section is code, verbatim.
        if rest.starts_with("<!--") {
            match rest.find("-->") {
                Some(e) => rest = &rest[e + 2..],
                None => break,
            }
        } else if let Some(body) = rest.strip_prefix("<![CDATA[") {
            let e = body.find("]]>").unwrap_or(body.len());
            out.push(body[..e].to_string());
            rest = &body[(e + 2).min(body.len())..];
        }
    }
    out
}

/// Adds the global names an XML file defines (`name="..."` of frames, fonts, templates) and
/// the ones it reads: the value of a `KeyValue`/`Attribute` of `type="global"` (`PAGE_NUMBER`),
/// the colours it names (`<Color color="NORMAL_FONT_COLOR"/>`), and what its inline Lua (script
/// handler and `<Script>` bodies) reads, as for a Lua file (`CHARACTER_SPECIFIC_MACROS`, read
/// only in an OnLoad of `Blizzard_MacroUI.xml`).
pub fn scan_xml(src: &str, out: &mut GlobalUse) {
    for lua in xml_inline_lua(src) {
        scan_lua(&lua, out);
    }
    for (_, name) in attr_values(src, "color") {
        if is_constant_name(name) {
            *out.read.entry(name.to_string()).or_default() += 1;
            out.colors.insert(name.to_string());
        }
    }
    for (pos, ty) in attr_values(src, "type") {
        if ty != "global" {
            continue;
        }
        let tag_start = src[..pos].rfind('<').unwrap_or(0);
        let tag_end = src[pos..].find('>').map_or(src.len(), |e| pos + e);
        let tag = &src[tag_start..tag_end];
        let Some((_, name)) = attr_values(tag, "value").next() else {
            continue;
        };
        if is_constant_name(name) {
            *out.read.entry(name.to_string()).or_default() += 1;
            if attr_values(tag, "key").any(|(_, k)| is_color_holder(k)) {
                out.colors.insert(name.to_string());
            }
        }
    }
    for (_, name) in attr_values(src, "name") {
        if is_constant_name(name) {
            out.assigned.insert(name.to_string());
        }
    }
}

/// The values of an XML attribute `attr` wherever it stands after white space, quoted with
/// `"` or `'` (`file='a.lua'`, as some addons write), each with the position of its name.
fn attr_values<'a>(src: &'a str, attr: &'a str) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    src.match_indices(attr).filter_map(move |(pos, _)| {
        if !src[..pos].ends_with(|c: char| c.is_ascii_whitespace()) {
            return None;
        }
        let rest = src[pos + attr.len()..].strip_prefix('=')?;
        let q = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
        let body = &rest[1..];
        body.find(q).map(|end| (pos, &body[..end]))
    })
}

/// Paths of Lua and XML files in an XML file's `file="..."` attributes (`<Script>` and
/// `<Include>`). Other files (a texture's `file=`, thousands in Blizzard's UI) are left out:
/// they are not code, and looking each up case-insensitively read a whole folder.
pub fn xml_file_refs(src: &str) -> Vec<String> {
    attr_values(src, "file")
        .map(|(_, file)| file)
        .filter(|file| {
            file.len() > 4 && {
                let ext = &file.as_bytes()[file.len() - 4..];
                ext.eq_ignore_ascii_case(b".lua") || ext.eq_ignore_ascii_case(b".xml")
            }
        })
        .map(|file| file.replace('\\', "/"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_colour_names_are_reads() {
        let mut u = GlobalUse::default();
        scan_xml(
            r#"<Color color="DARKYELLOW_FONT_COLOR"/><Frame name="MY_FRAME"/>"#,
            &mut u,
        );
        assert_eq!(u.provided_by_client(), ["DARKYELLOW_FONT_COLOR"]);
        assert!(u.colors.contains("DARKYELLOW_FONT_COLOR"));
    }

    fn check(src: &str, expect: &[&str]) {
        let mut u = GlobalUse::default();
        scan_lua(src, &mut u);
        assert_eq!(u.provided_by_client(), expect, "{src}");
    }

    #[test]
    fn reads_writes_and_nil_checks() {
        check("print(OKAY)", &["OKAY"]);
        check("FOO = 1 print(FOO)", &[]);
        check("local BAR = 1 print(BAR)", &[]);
        check("local a, BAR = 1 print(BAR)", &[]);
        check("function f(X_Y) return X_Y end", &[]);
        check("for I = 1, 2 do end", &[]);
        check("t.CLOSE = 1 print(t.CLOSE, t:NEXT())", &[]);
        check(
            "if DEFAULT_CHAT_FRAME then end print(DEFAULT_CHAT_FRAME)",
            &[],
        );
        check("x = not MAYBE or 1", &[]);
        check(
            "-- COMMENTED\nprint(\"QUOTED\", 'ALSO', [[LONG]], A_B)",
            &["A_B"],
        );
        check("--[==[ BLOCK ]] X ]==] print(C_D)", &["C_D"]);
        check("print(1.5e3, lowerCase, Mixed_Case, X)", &[]);
        check("function SETUP() end print(SETUP)", &[]);
        // A table key is not an assignment: `NONE` of `{ NONE = "NONE" }` is still the
        // client's global string when read; a function body inside a constructor assigns.
        check("t = { KEY = 1 } print(KEY)", &["KEY"]);
        check(
            "t = { 1, KEY2 = 2; KEY3 = 3 } print(KEY2, KEY3)",
            &["KEY2", "KEY3"],
        );
        check(
            "t = { f = function() SET_IN_F = 1 end } print(SET_IN_F)",
            &[],
        );
        check(
            "t = { [1] = 2, g = function() if x then SET_IN_IF = 1 end end } print(SET_IN_IF)",
            &[],
        );
        check("s = A_STRING .. B_STRING", &["A_STRING", "B_STRING"]);
        check(
            "_G.SET_HERE = 1 print(SET_HERE, _G.READ_VIA_G, _G.PROBE and 1)",
            &["READ_VIA_G"],
        );
        check("if (IN_PARENS) then end print(IN_PARENS)", &[]);
        check("print(f(CALLED)) if (g(ARG)) then end", &["ARG", "CALLED"]);
        check("local v = KEPT if (v) then end", &[]);
        let mut u = GlobalUse::default();
        scan_lua(
            "print(A_TABLE.x, B_TABLE[1], C_STRING:lower(), D_COLOR.r)",
            &mut u,
        );
        let mut v: Vec<&str> = u.indexed.iter().map(String::as_str).collect();
        v.sort();
        assert_eq!(v, ["A_TABLE", "B_TABLE"]);
        check("x = (PROBE and PROBE.f) y = NUMBER_ID or 2", &[]);
        check(
            "x = c and TERNARY or OTHER z = a == COMPARED and 1",
            &["COMPARED", "OTHER", "TERNARY"],
        );
        check("local v = USED:lower() if v then end", &["USED"]);
    }

    #[test]
    fn nil_tests_of_every_form() {
        check(
            "if A_ONE ~= nil then end if nil == A_TWO then end x = A_THREE == nil",
            &[],
        );
        check(
            "if rawget(_G, 'B_ONE') then end x = _G['B_TWO'] or 4 if _G.B_THREE then end",
            &[],
        );
        check(
            "if type(C_ONE) == 'table' then end x = type(C_TWO, 1)",
            &["C_TWO"],
        );
        check("local C_THREE = C_THREE\nif C_THREE then end", &[]);
        check("local v = _G.C_FOUR\nif not v then end", &[]);
        check("x = pairs(C_FIVE or C_SIX)", &["C_SIX"]);
        // Reads through `_G` are reads, but `rawget` is a probe; the value of a caching
        // `local X = X` is a global read; a test through `_G` is a nil test of a name read
        // elsewhere.
        check(
            "print(_G['D_ONE'], rawget(_G, \"D_TWO\"), _G.D_THREE)",
            &["D_ONE", "D_THREE"],
        );
        check("print(D_FIVE) if _G['D_FIVE'] then end", &[]);
        check("local D_FOUR, x = D_FOUR, 1\nprint(D_FOUR)", &["D_FOUR"]);
        check(
            "local L = strlower(L_ONE) local L_ONE = 1\nprint(L_ONE)",
            &["L_ONE"],
        );
        check(
            "rawset(_G, 'E_ONE', 1) _G['E_TWO'] = 2 print(E_ONE, E_TWO)",
            &[],
        );
        check("local function F_ONE() end print(F_ONE)", &[]);
        check(
            "function f(G_ONE) print(G_ONE) end print(G_TWO)",
            &["G_TWO"],
        );
    }

    #[test]
    fn enum_member_reads() {
        let mut u = GlobalUse::default();
        scan_lua(
            "local a = Enum.VasError.HasMail; t[Enum.VasError.CharLocked] = 1\n\
             Enum.Mine.X = 3; local b = x.Enum.Other.Y; local c = Enum.Plain",
            &mut u,
        );
        let got: Vec<(String, Vec<String>)> = u
            .enum_members
            .iter()
            .map(|(k, v)| (k.clone(), v.iter().cloned().collect()))
            .collect();
        assert_eq!(
            got,
            vec![(
                "VasError".to_string(),
                vec!["CharLocked".to_string(), "HasMail".to_string()]
            )]
        );
    }

    #[test]
    fn colours_by_use() {
        let mut u = GlobalUse::default();
        scan_lua(
            "local a = X_ONE:GetRGBA() print(X_TWO.r) local predictionColor = X_THREE \
             t = { healthBarColorBG = X_FOUR } y = o.fillColor or X_FIVE \
             local s = RED_CODE:GetRGB() colorblindMode = X_TEXT print(X_SIX:lower()) \
             L.TextShadowColor = COLOR",
            &mut u,
        );
        scan_xml(
            r#"<KeyValue key="fillColor" value="X_SEVEN" type="global"/>"#,
            &mut u,
        );
        let mut c: Vec<&str> = u.colors.iter().map(String::as_str).collect();
        c.sort();
        assert_eq!(
            c,
            ["X_FIVE", "X_FOUR", "X_ONE", "X_SEVEN", "X_THREE", "X_TWO"]
        );
    }

    /// Operands of arithmetic and order comparisons and numeric `for` bounds are numbers; a
    /// length, an equality, an argument or a generic `for`'s list is not.
    #[test]
    fn numbers_by_use() {
        let mut u = GlobalUse::default();
        scan_lua(
            "for i = 1, MAX_A do end for i = MAX_B, 1, -1 do end local x = MAX_C + 1 \
             if y > MAX_D then end local z = -MAX_E if #NOT_A > 0 then end \
             if w == NOT_B then end print(NOT_C) for k, v in NOT_D, t do end \
             for i = 1, 10, MAX_F do end local n = NOT_E, 3",
            &mut u,
        );
        let mut n: Vec<&str> = u.numbers.iter().map(String::as_str).collect();
        n.sort();
        assert_eq!(n, ["MAX_A", "MAX_B", "MAX_C", "MAX_D", "MAX_E", "MAX_F"]);
    }

    #[test]
    fn xml_names_and_files() {
        let mut u = GlobalUse::default();
        scan_lua("print(MY_FRAME, OTHER)", &mut u);
        scan_xml(
            r#"<Frame name="MY_FRAME" parentKey="X"><Script file="a\b.lua"/></Frame>"#,
            &mut u,
        );
        assert_eq!(u.provided_by_client(), ["OTHER"]);
        let mut u = GlobalUse::default();
        scan_xml(
            r#"<KeyValue key="a" value="PAGE_TEXT" type="global"/><KeyValue key="b" value="Enum.X.Y" type="global"/><KeyValue key="c" value="NOT_READ"/><KeyValue type="global" key="d" value="AFTER"/>"#,
            &mut u,
        );
        assert_eq!(u.provided_by_client(), ["AFTER", "PAGE_TEXT"]);
        let mut u = GlobalUse::default();
        scan_xml(
            r#"<Button><!-- NOT_CODE --><Scripts><OnLoad>self:SetFormattedText(MY_FORMAT, UnitName("player")) if a &lt; 2 then x = MAYBE end</OnLoad></Scripts></Button><Script>print(IN_SCRIPT) if OPTIONAL then end</Script><Script><![CDATA[print(IN_CDATA > 1)]]></Script>"#,
            &mut u,
        );
        assert_eq!(
            u.provided_by_client(),
            ["IN_CDATA", "IN_SCRIPT", "MAYBE", "MY_FORMAT"]
        );
        let mut u = GlobalUse::default();
        scan_lua(
            "a:SetText(LABEL_COLOR) b:SetFormattedText(F_COLOR, 1) c = format(G_COLOR) d = H_COLOR .. 'x' e = PLAIN_COLOR",
            &mut u,
        );
        let mut texts: Vec<&String> = u.texts.iter().collect();
        texts.sort();
        assert_eq!(texts, ["F_COLOR", "G_COLOR", "H_COLOR", "LABEL_COLOR"]);
        assert_eq!(
            xml_file_refs(
                r#"<Include file="x.xml"/><Texture file="Interface\Buttons\Y"/><Script file="a\b.LUA"/><Texture file="t.tga"/><Script file='..\q.lua'/>"#
            ),
            ["x.xml", "a/b.LUA", "../q.lua"]
        );
        let mut u = GlobalUse::default();
        scan_xml(
            "<Frame name='SINGLE_QUOTED'><KeyValue key='k' value='SQ_GLOBAL' type='global'/></Frame>",
            &mut u,
        );
        assert!(u.assigned.contains("SINGLE_QUOTED"));
        assert_eq!(u.provided_by_client(), ["SQ_GLOBAL"]);
    }
}
