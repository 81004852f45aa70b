//! Value syntax shared by validation and the model accessors: numbers as Lua's `tonumber`
//! reads them, booleans as the client reads them.

/// Parses a number the way Lua 5.1's `tonumber` does for a string: surrounding whitespace,
/// decimal with optional fraction/exponent, or `0x` hex; no `inf`/`nan` words.
pub fn parse_number(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    if t.is_empty() {
        return None;
    }
    let (neg, body) = match t.as_bytes()[0] {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let v = hex.bytes().fold(0f64, |acc, b| {
            acc * 16.0 + f64::from((b as char).to_digit(16).unwrap_or(0))
        });
        return Some(if neg { -v } else { v });
    }
    let ok = body
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'));
    let has_digit = body
        .bytes()
        .take_while(|b| !matches!(b, b'e' | b'E'))
        .any(|b| b.is_ascii_digit());
    if !ok || !has_digit {
        return None;
    }
    t.parse::<f64>().ok()
}

/// A boolean attribute value. The client's `UI.xsd` types these attributes `xs:boolean`, whose
/// lexical space is `true`, `false`, `1` and `0` (surrounding whitespace collapsed); Blizzard's
/// own files use `1` (`ignoreParentAlpha="1"`). `true`/`false` are also read case-insensitively,
/// as wowless reads them. Anything else is not a boolean (the caller warns or ignores it).
pub fn parse_bool(s: &str) -> Option<bool> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    if t.eq_ignore_ascii_case("true") || t == "1" {
        Some(true)
    } else if t.eq_ignore_ascii_case("false") || t == "0" {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_like_lua() {
        let cases: &[(&str, Option<f64>)] = &[
            ("1", Some(1.0)),
            (" -2.5 ", Some(-2.5)),
            (".5", Some(0.5)),
            ("5.", Some(5.0)),
            ("1e3", Some(1000.0)),
            ("0x10", Some(16.0)),
            ("-0x10", Some(-16.0)),
            ("+3", Some(3.0)),
            ("", None),
            ("abc", None),
            ("inf", None),
            ("nan", None),
            ("1.2.3", None),
            ("e5", None),
            ("0x", None),
            ("12px", None),
        ];
        for (s, want) in cases {
            assert_eq!(parse_number(s), *want, "{s:?}");
        }
    }

    #[test]
    fn booleans() {
        let cases = [
            ("true", Some(true)),
            ("TRUE", Some(true)),
            ("False", Some(false)),
            ("1", Some(true)),
            ("0", Some(false)),
            (" 1 ", Some(true)),
            ("01", None),
            ("2", None),
            ("yes", None),
            ("1.0", None),
            ("", None),
        ];
        for (s, want) in cases {
            assert_eq!(parse_bool(s), want, "{s:?}");
        }
    }
}
