//! The Lua tokenizer of the global-string scan: tokens without comments.
//!
//! Short string literals keep their quotes and text (`"X"`, so `_G["X"]` and
//! `rawget(_G, "X")` can be read); long strings become `"` and numbers `0`.

/// The name inside a short string literal token (`"X"` or `'X'`), if it is one.
pub fn quoted(tok: &str) -> Option<&str> {
    let b = tok.as_bytes();
    let q = *b.first()?;
    ((q == b'"' || q == b'\'') && b.len() >= 2 && b[b.len() - 1] == q)
        .then(|| &tok[1..tok.len() - 1])
}

/// Tokenizes `src`.
pub fn tokens(src: &str) -> Vec<&str> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'-' && b.get(i + 1) == Some(&b'-') {
            i += 2;
            if let Some(end) = long_bracket_end(b, i) {
                i = end;
            } else {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            continue;
        }
        let tok = if c == b'[' && long_bracket_end(b, i).is_some() {
            i = long_bracket_end(b, i).unwrap_or(b.len());
            "\""
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            src.get(start..i).unwrap_or("\"")
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            &src[start..i]
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                i += 1;
            }
            "0"
        } else {
            let two = src.get(i..i + 2).unwrap_or("");
            let n = if matches!(two, "==" | "~=" | "<=" | ">=" | "..") {
                2
            } else {
                1
            };
            // Multi-byte characters outside literals are not Lua; skip them whole.
            let n = (n..=4).find(|k| src.is_char_boundary(i + k)).unwrap_or(1);
            i += n;
            src.get(start..i).unwrap_or("")
        };
        out.push(tok);
    }
    out
}

/// If a long bracket (`[[`, `[==[`) opens at `i`, the index just past its closing bracket.
fn long_bracket_end(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i) != Some(&b'[') {
        return None;
    }
    let mut j = i + 1;
    while b.get(j) == Some(&b'=') {
        j += 1;
    }
    if b.get(j) != Some(&b'[') {
        return None;
    }
    let level = j - i - 1;
    let mut k = j + 1;
    while k < b.len() {
        if b[k] == b']' {
            let mut m = k + 1;
            while b.get(m) == Some(&b'=') {
                m += 1;
            }
            if m - k - 1 == level && b.get(m) == Some(&b']') {
                return Some(m + 1);
            }
        }
        k += 1;
    }
    Some(b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_comments() {
        let t = tokens("a = \"X\" -- c\n--[[ x\ny ]] b[[\nq]] 'Y'\n1.5");
        assert_eq!(t, ["a", "=", "\"X\"", "b", "\"", "'Y'", "0"]);
        assert_eq!(quoted("\"X\""), Some("X"));
        assert_eq!(quoted("\""), None);
        assert_eq!(quoted("X"), None);
    }
}
