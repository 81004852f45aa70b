//! Lua 5.1 tokenizer over bytes, restricted to what constant data needs.
//!
//! Follows the Lua 5.1 lexer's rules: CR, LF, CRLF and LFCR each end one line;
//! `--` comments and `--[==[ ]==]` long comments; `"`/`'` strings with the 5.1
//! escapes (`\ddd` is decimal, unknown escapes yield the character itself); long
//! strings `[[..]]` / `[==[..]==]` drop a first newline and normalise newlines to LF;
//! numerals are decimal (with `.`/exponent) or hexadecimal integers.

use crate::ParseError;

/// One token kind. Names are byte ranges into the source.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Name(usize, usize),
    Number(f64),
    Str(Vec<u8>),
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Eq,
    Comma,
    Semi,
    Minus,
    Slash,
    /// Any other punctuation (operators, parentheses, dots...).
    Other(u8),
    Eof,
}

/// A token with the 1-based position of its first byte.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub kind: Tok,
    pub line: u32,
    pub col: u32,
}

pub(crate) struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
}

pub(crate) fn error(line: u32, col: u32, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        column: col,
        message: message.into(),
    }
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8], start: usize) -> Self {
        Lexer {
            src,
            pos: start,
            line: 1,
            line_start: 0,
        }
    }

    fn col_at(&self, pos: usize) -> u32 {
        u32::try_from(pos - self.line_start + 1).unwrap_or(u32::MAX)
    }

    fn peek_at(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.src.len()
    }

    /// Consumes one line break (CR, LF, CRLF or LFCR) at `pos`.
    fn newline(&mut self) {
        let first = self.src[self.pos];
        self.pos += 1;
        if let Some(&next) = self.src.get(self.pos) {
            if (next == b'\n' || next == b'\r') && next != first {
                self.pos += 1;
            }
        }
        self.line = self.line.saturating_add(1);
        self.line_start = self.pos;
    }

    /// If `pos` is at `[` starting a long bracket, returns its level (count of `=`).
    fn long_bracket_level(&self) -> Option<usize> {
        let mut n = 1;
        while self.peek_at(n) == b'=' {
            n += 1;
        }
        (self.peek_at(n) == b'[').then_some(n - 1)
    }

    pub fn next_token(&mut self) -> Result<Token, ParseError> {
        self.skip_space_and_comments()?;
        let (line, col) = (self.line, self.col_at(self.pos));
        let tok = |kind| Ok(Token { kind, line, col });
        if self.at_end() {
            return tok(Tok::Eof);
        }
        let c = self.src[self.pos];
        let single = match c {
            b'{' => Some(Tok::LBrace),
            b'}' => Some(Tok::RBrace),
            b']' => Some(Tok::RBracket),
            b'=' => Some(Tok::Eq),
            b',' => Some(Tok::Comma),
            b';' => Some(Tok::Semi),
            b'-' => Some(Tok::Minus),
            b'/' => Some(Tok::Slash),
            _ => None,
        };
        if let Some(kind) = single {
            self.pos += 1;
            return tok(kind);
        }
        match c {
            b'[' => match self.long_bracket_level() {
                Some(level) => {
                    let s = self.long_string(level, line, col, "string")?;
                    tok(Tok::Str(s))
                }
                None if self.peek_at(1) == b'=' => {
                    Err(error(line, col, "invalid long string delimiter"))
                }
                None => {
                    self.pos += 1;
                    tok(Tok::LBracket)
                }
            },
            b'"' | b'\'' => tok(Tok::Str(self.quoted(c, line, col)?)),
            b'0'..=b'9' => tok(Tok::Number(self.numeral(line, col)?)),
            b'.' if self.peek_at(1).is_ascii_digit() => tok(Tok::Number(self.numeral(line, col)?)),
            b'A'..=b'Z' | b'a'..=b'z' | b'_' => {
                let start = self.pos;
                while matches!(self.peek_at(0), b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_') {
                    self.pos += 1;
                }
                tok(Tok::Name(start, self.pos))
            }
            0x21..=0x7e => {
                self.pos += 1;
                tok(Tok::Other(c))
            }
            _ => Err(error(
                line,
                col,
                format!("unexpected byte 0x{c:02X} outside a string"),
            )),
        }
    }

    fn skip_space_and_comments(&mut self) -> Result<(), ParseError> {
        while !self.at_end() {
            match self.src[self.pos] {
                b'\n' | b'\r' => self.newline(),
                b' ' | b'\t' | 0x0b | 0x0c => self.pos += 1,
                b'-' if self.peek_at(1) == b'-' => {
                    let (line, col) = (self.line, self.col_at(self.pos));
                    self.pos += 2;
                    if self.peek_at(0) == b'[' {
                        if let Some(level) = self.long_bracket_level() {
                            self.long_string(level, line, col, "comment")?;
                            continue;
                        }
                    }
                    while !self.at_end() && !matches!(self.src[self.pos], b'\n' | b'\r') {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// Reads `[==[ ... ]==]` starting at the opening `[`.
    fn long_string(
        &mut self,
        level: usize,
        line: u32,
        col: u32,
        what: &str,
    ) -> Result<Vec<u8>, ParseError> {
        self.pos += level + 2;
        if !self.at_end() && matches!(self.src[self.pos], b'\n' | b'\r') {
            self.newline();
        }
        let mut out = Vec::new();
        let mut seg = self.pos;
        while !self.at_end() {
            match self.src[self.pos] {
                b']' => {
                    let mut n = 1;
                    while self.peek_at(n) == b'=' {
                        n += 1;
                    }
                    if n - 1 == level && self.peek_at(n) == b']' {
                        out.extend_from_slice(&self.src[seg..self.pos]);
                        self.pos += n + 1;
                        return Ok(out);
                    }
                    self.pos += 1;
                }
                b'\n' | b'\r' => {
                    out.extend_from_slice(&self.src[seg..self.pos]);
                    out.push(b'\n');
                    self.newline();
                    seg = self.pos;
                }
                _ => self.pos += 1,
            }
        }
        Err(error(line, col, format!("unfinished long {what}")))
    }

    /// Reads a quoted string starting at the opening quote.
    fn quoted(&mut self, quote: u8, line: u32, col: u32) -> Result<Vec<u8>, ParseError> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let start = self.pos;
            while !self.at_end()
                && !matches!(self.src[self.pos], b'\\' | b'\n' | b'\r')
                && self.src[self.pos] != quote
            {
                self.pos += 1;
            }
            out.extend_from_slice(&self.src[start..self.pos]);
            if self.at_end() {
                return Err(error(line, col, "unfinished string"));
            }
            let c = self.src[self.pos];
            if c == quote {
                self.pos += 1;
                return Ok(out);
            }
            if c != b'\\' {
                return Err(error(
                    line,
                    col,
                    "unfinished string (line break inside quotes)",
                ));
            }
            let (eline, ecol) = (self.line, self.col_at(self.pos));
            self.pos += 1;
            if self.at_end() {
                return Err(error(line, col, "unfinished string"));
            }
            let e = self.src[self.pos];
            let simple = match e {
                b'a' => Some(7),
                b'b' => Some(8),
                b'f' => Some(12),
                b'n' => Some(b'\n'),
                b'r' => Some(b'\r'),
                b't' => Some(b'\t'),
                b'v' => Some(11),
                _ => None,
            };
            if let Some(b) = simple {
                out.push(b);
                self.pos += 1;
            } else if e == b'\n' || e == b'\r' {
                out.push(b'\n');
                self.newline();
            } else if e.is_ascii_digit() {
                let mut v: u32 = 0;
                let mut n = 0;
                while n < 3 && self.peek_at(0).is_ascii_digit() {
                    v = v * 10 + u32::from(self.src[self.pos] - b'0');
                    self.pos += 1;
                    n += 1;
                }
                let b =
                    u8::try_from(v).map_err(|_| error(eline, ecol, "escape sequence too large"))?;
                out.push(b);
            } else {
                out.push(e);
                self.pos += 1;
            }
        }
    }

    /// Reads a numeral the way Lua 5.1's `read_numeral` + `luaO_str2d` do.
    fn numeral(&mut self, line: u32, col: u32) -> Result<f64, ParseError> {
        let start = self.pos;
        while self.peek_at(0).is_ascii_digit() || self.peek_at(0) == b'.' {
            self.pos += 1;
        }
        if matches!(self.peek_at(0), b'e' | b'E') {
            self.pos += 1;
            if matches!(self.peek_at(0), b'+' | b'-') {
                self.pos += 1;
            }
        }
        while self.peek_at(0).is_ascii_alphanumeric() || self.peek_at(0) == b'_' {
            self.pos += 1;
        }
        let text = &self.src[start..self.pos];
        let malformed = || {
            let shown = String::from_utf8_lossy(text);
            error(line, col, format!("malformed number near '{shown}'"))
        };
        if text.len() > 2 && text[0] == b'0' && (text[1] | 0x20) == b'x' {
            let mut v = 0.0f64;
            for &d in &text[2..] {
                let digit = (d as char).to_digit(16).ok_or_else(malformed)?;
                v = v * 16.0 + f64::from(digit);
            }
            return Ok(v);
        }
        // Only ASCII digits, '.', letters, '_' and one sign can be in `text`, and it
        // starts with a digit or '.', so Rust's "inf"/"nan" spellings cannot occur.
        std::str::from_utf8(text)
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .ok_or_else(malformed)
    }
}
