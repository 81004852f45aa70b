//! Parser for SavedVariables files: `Name = <constant>` statements, nothing else.
//!
//! Tables are parsed with an explicit stack, so nesting depth is bounded only by
//! [`Limits::max_depth`], never by the native stack. Accepted values: `nil`, `true`,
//! `false`, numerals with any number of unary minuses, strings, table constructors,
//! and the three non-finite spellings `n/0` (`1/0`, `-1/0`, `0/0`) that [`crate::write`]
//! emits. Everything else (calls, operators, variable references, `local`,
//! `function`) is an error: the file is data, never code.

use crate::lexer::{error, Lexer, Tok, Token};
use crate::{Limits, ParseError, SvTable, SvValue};

const KEYWORDS: &[&[u8]] = &[
    b"and",
    b"break",
    b"do",
    b"else",
    b"elseif",
    b"end",
    b"false",
    b"for",
    b"function",
    b"if",
    b"in",
    b"local",
    b"nil",
    b"not",
    b"or",
    b"repeat",
    b"return",
    b"then",
    b"true",
    b"until",
    b"while",
];

/// Parses a SavedVariables file into `(name, value)` pairs in file order.
///
/// Repeated names are all returned (when loading, the last one wins, as in Lua).
/// `Name = nil` yields `SvValue::Nil`. A UTF-8 byte order mark is skipped; UTF-16
/// and UTF-32 input is rejected with a clear message. Never panics.
pub fn parse(src: &[u8], limits: &Limits) -> Result<Vec<(String, SvValue)>, ParseError> {
    if src.len() > limits.max_bytes {
        let msg = format!(
            "file is {} bytes, over the limit of {}",
            src.len(),
            limits.max_bytes
        );
        return Err(error(1, 1, msg));
    }
    check_encoding(src)?;
    let start = if src.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let mut p = Parser {
        src,
        lex: Lexer::new(src, start),
        peeked: None,
        limits,
        nodes: 0,
    };
    let mut out = Vec::new();
    loop {
        let t = p.next()?;
        match t.kind {
            Tok::Eof => return Ok(out),
            Tok::Semi => continue,
            Tok::Name(s, e) => {
                let name = &src[s..e];
                if KEYWORDS.contains(&name) {
                    let name = String::from_utf8_lossy(name);
                    let msg = format!("'{name}' is not allowed here; expected Name = value");
                    return Err(error(t.line, t.col, msg));
                }
                let eq = p.next()?;
                if eq.kind != Tok::Eq {
                    let msg = format!(
                        "expected '=' after variable name, found {}",
                        p.describe(&eq)
                    );
                    return Err(error(eq.line, eq.col, msg));
                }
                let value = p.value()?;
                out.push((String::from_utf8_lossy(name).into_owned(), value));
            }
            _ => {
                let msg = format!(
                    "expected a variable name (Name = value), found {}",
                    p.describe(&t)
                );
                return Err(error(t.line, t.col, msg));
            }
        }
    }
}

fn check_encoding(src: &[u8]) -> Result<(), ParseError> {
    let utf32 = src.starts_with(b"\xFF\xFE\0\0") || src.starts_with(b"\0\0\xFE\xFF");
    if utf32 {
        return Err(error(
            1,
            1,
            "file is UTF-32; SavedVariables must be UTF-8/ASCII",
        ));
    }
    let bom16 = src.starts_with(b"\xFF\xFE") || src.starts_with(b"\xFE\xFF");
    // Without a BOM, ASCII text in UTF-16 has a NUL in every other byte.
    let bare16 = src.len() >= 4
        && ((src[1] == 0 && src[3] == 0 && src[0] != 0)
            || (src[0] == 0 && src[2] == 0 && src[1] != 0));
    if bom16 || bare16 {
        return Err(error(
            1,
            1,
            "file is UTF-16; SavedVariables must be UTF-8/ASCII",
        ));
    }
    Ok(())
}

/// One open table constructor on the explicit stack.
struct Frame {
    table: SvTable,
    /// Key of the keyed field whose value is being parsed, if any.
    key: Option<SvValue>,
}

struct Parser<'a, 'l> {
    src: &'a [u8],
    lex: Lexer<'a>,
    peeked: Option<Token>,
    limits: &'l Limits,
    nodes: usize,
}

impl Parser<'_, '_> {
    fn next(&mut self) -> Result<Token, ParseError> {
        match self.peeked.take() {
            Some(t) => Ok(t),
            None => self.lex.next_token(),
        }
    }

    fn peek(&mut self) -> Result<&Token, ParseError> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lex.next_token()?);
        }
        Ok(self.peeked.as_ref().expect("just filled"))
    }

    fn describe(&self, t: &Token) -> String {
        match &t.kind {
            Tok::Name(s, e) => format!("'{}'", String::from_utf8_lossy(&self.src[*s..*e])),
            Tok::Number(_) => "a number".into(),
            Tok::Str(_) => "a string".into(),
            Tok::LBrace => "'{'".into(),
            Tok::RBrace => "'}'".into(),
            Tok::LBracket => "'['".into(),
            Tok::RBracket => "']'".into(),
            Tok::Eq => "'='".into(),
            Tok::Comma => "','".into(),
            Tok::Semi => "';'".into(),
            Tok::Minus => "'-'".into(),
            Tok::Slash => "'/'".into(),
            Tok::Other(c) => format!("'{}'", *c as char),
            Tok::Eof => "end of file".into(),
        }
    }

    fn count_node(&mut self, t: &Token) -> Result<(), ParseError> {
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            let msg = format!("more than {} values (node limit)", self.limits.max_nodes);
            return Err(error(t.line, t.col, msg));
        }
        Ok(())
    }

    /// Parses one value (possibly a deeply nested table) without recursion.
    fn value(&mut self) -> Result<SvValue, ParseError> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut tok = self.next()?;
        loop {
            // `tok` starts a value.
            self.count_node(&tok)?;
            let mut done = if tok.kind == Tok::LBrace {
                if stack.len() >= self.limits.max_depth {
                    let msg = format!("tables nested deeper than {} levels", self.limits.max_depth);
                    return Err(error(tok.line, tok.col, msg));
                }
                stack.push(Frame {
                    table: SvTable::default(),
                    key: None,
                });
                None
            } else {
                Some(self.scalar(tok)?)
            };
            // Attach finished values to their parents until a new value must be read.
            loop {
                if let Some(v) = done.take() {
                    let Some(frame) = stack.last_mut() else {
                        return Ok(v);
                    };
                    match frame.key.take() {
                        Some(k) => frame.table.hash.push((k, v)),
                        None => frame.table.array.push(v),
                    }
                    let sep = self.next()?;
                    match sep.kind {
                        Tok::Comma | Tok::Semi => {}
                        Tok::RBrace => {
                            done = stack.pop().map(|f| SvValue::Table(f.table));
                            continue;
                        }
                        _ => {
                            let msg = format!(
                                "expected ',' or '}}' after table entry, found {}",
                                self.describe(&sep)
                            );
                            return Err(error(sep.line, sep.col, msg));
                        }
                    }
                }
                // At the start of a field (after '{' or a separator).
                let t = self.next()?;
                match t.kind {
                    Tok::RBrace => {
                        done = stack.pop().map(|f| SvValue::Table(f.table));
                    }
                    Tok::LBracket => {
                        let key = self.key()?;
                        stack.last_mut().expect("inside a table").key = Some(key);
                        tok = self.next()?;
                        break;
                    }
                    Tok::Name(s, e) if matches!(self.peek()?.kind, Tok::Eq) => {
                        self.next()?;
                        self.count_node(&t)?;
                        let key = SvValue::Str(self.src[s..e].to_vec());
                        stack.last_mut().expect("inside a table").key = Some(key);
                        tok = self.next()?;
                        break;
                    }
                    _ => {
                        tok = t;
                        break;
                    }
                }
            }
        }
    }

    /// Parses `<constant> ] =` after a `[`.
    fn key(&mut self) -> Result<SvValue, ParseError> {
        let t = self.next()?;
        let (line, col) = (t.line, t.col);
        if t.kind == Tok::LBrace {
            return Err(error(
                line,
                col,
                "table keys are not supported in SavedVariables",
            ));
        }
        self.count_node(&t)?;
        let key = self.scalar(t)?;
        match key {
            SvValue::Nil => return Err(error(line, col, "table index is nil")),
            SvValue::Number(n) if n.is_nan() => return Err(error(line, col, "table index is NaN")),
            _ => {}
        }
        for (want, what) in [(Tok::RBracket, "']'"), (Tok::Eq, "'='")] {
            let t = self.next()?;
            if t.kind != want {
                let msg = format!("expected {what} in table key, found {}", self.describe(&t));
                return Err(error(t.line, t.col, msg));
            }
        }
        Ok(key)
    }

    /// Parses a non-table constant starting at `t`.
    fn scalar(&mut self, t: Token) -> Result<SvValue, ParseError> {
        match t.kind {
            Tok::Str(s) => Ok(SvValue::Str(s)),
            Tok::Number(n) => self.maybe_division(n),
            Tok::Minus => {
                let mut negate = true;
                let mut n = self.next()?;
                while n.kind == Tok::Minus {
                    negate = !negate;
                    n = self.next()?;
                }
                match n.kind {
                    Tok::Number(v) => self.maybe_division(if negate { -v } else { v }),
                    _ => {
                        let msg = format!(
                            "unary minus must be followed by a number, found {}",
                            self.describe(&n)
                        );
                        Err(error(n.line, n.col, msg))
                    }
                }
            }
            Tok::Name(s, e) => match &self.src[s..e] {
                b"nil" => Ok(SvValue::Nil),
                b"true" => Ok(SvValue::Bool(true)),
                b"false" => Ok(SvValue::Bool(false)),
                b"function" => Err(error(
                    t.line,
                    t.col,
                    "functions are not allowed in SavedVariables",
                )),
                name => {
                    let name = String::from_utf8_lossy(name);
                    let hint = match name.as_ref() {
                        "inf" | "nan" | "INF" | "NAN" | "IND" => {
                            " (a non-finite number? write 1/0, -1/0 or 0/0)"
                        }
                        _ => "",
                    };
                    let msg = format!("'{name}' is a variable reference; SavedVariables hold only constants{hint}");
                    Err(error(t.line, t.col, msg))
                }
            },
            _ => {
                let msg = format!("expected a value, found {}", self.describe(&t));
                Err(error(t.line, t.col, msg))
            }
        }
    }

    /// Accepts `n/0` (the only operator allowed: it spells infinities and NaN).
    fn maybe_division(&mut self, n: f64) -> Result<SvValue, ParseError> {
        if self.peek()?.kind != Tok::Slash {
            return Ok(SvValue::Number(n));
        }
        let slash = self.next()?;
        let d = self.next()?;
        match d.kind {
            Tok::Number(0.0) => Ok(SvValue::Number(n / 0.0)),
            _ => Err(error(
                slash.line,
                slash.col,
                "operators are not allowed; only 1/0, -1/0 and 0/0 may use '/'",
            )),
        }
    }
}
