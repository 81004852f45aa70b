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
    let vars = match parse_with(src, limits, &mut TreeBuilder) {
        Ok(r) => r?,
        Err(never) => match never {},
    };
    Ok(vars
        .into_iter()
        .map(|(name, v)| (name, TreeBuilder::value(v)))
        .collect())
}

/// A value as a [`Builder`] receives it: a constant (never [`SvValue::Table`]), or a table
/// the builder made.
#[derive(Debug)]
pub enum Built<T> {
    Const(SvValue),
    Table(T),
}

/// Builds tables as their constructors close, so that a caller can make its own
/// representation (Lua tables) without a tree of the whole file: only the entries of the
/// tables still open are held.
pub trait Builder {
    /// What the builder makes of a table.
    type Table;
    /// A failure of the builder, which stops the parse.
    type Error;
    /// A table constructor closed: its positional entries and its keyed entries (keys are
    /// constants, never nil or NaN), each in file order.
    fn table(
        &mut self,
        array: Vec<Built<Self::Table>>,
        hash: Vec<(SvValue, Built<Self::Table>)>,
    ) -> Result<Self::Table, Self::Error>;
}

/// [`parse`] with tables made by `builder` as they close. The outer error is the builder's,
/// the inner one the file's; the limits and errors are those of [`parse`].
pub fn parse_with<B: Builder>(
    src: &[u8],
    limits: &Limits,
    builder: &mut B,
) -> Result<Result<Vars<B>, ParseError>, B::Error> {
    match parse_inner(src, limits, builder) {
        Ok(v) => Ok(Ok(v)),
        Err(Fail::Parse(e)) => Ok(Err(e)),
        Err(Fail::Build(e)) => Err(e),
    }
}

/// The variables of a file as [`parse_with`] returns them, in file order.
pub type Vars<B> = Vec<(String, Built<<B as Builder>::Table>)>;

/// The tree of [`parse`]: tables become [`SvTable`]s.
struct TreeBuilder;

impl TreeBuilder {
    fn value(v: Built<SvTable>) -> SvValue {
        match v {
            Built::Const(c) => c,
            Built::Table(t) => SvValue::Table(t),
        }
    }
}

impl Builder for TreeBuilder {
    type Table = SvTable;
    type Error = std::convert::Infallible;
    fn table(
        &mut self,
        array: Vec<Built<SvTable>>,
        hash: Vec<(SvValue, Built<SvTable>)>,
    ) -> Result<SvTable, Self::Error> {
        Ok(SvTable {
            array: array.into_iter().map(TreeBuilder::value).collect(),
            hash: hash
                .into_iter()
                .map(|(k, v)| (k, TreeBuilder::value(v)))
                .collect(),
        })
    }
}

/// Why parsing stopped: the file, or the builder.
enum Fail<E> {
    Parse(ParseError),
    Build(E),
}

impl<E> From<ParseError> for Fail<E> {
    fn from(e: ParseError) -> Self {
        Fail::Parse(e)
    }
}

fn parse_inner<B: Builder>(
    src: &[u8],
    limits: &Limits,
    builder: &mut B,
) -> Result<Vars<B>, Fail<B::Error>> {
    if src.len() > limits.max_bytes {
        let msg = format!(
            "file is {} bytes, over the limit of {}",
            src.len(),
            limits.max_bytes
        );
        return Err(error(1, 1, msg).into());
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
                    return Err(error(t.line, t.col, msg).into());
                }
                let eq = p.next()?;
                if eq.kind != Tok::Eq {
                    let msg = format!(
                        "expected '=' after variable name, found {}",
                        p.describe(&eq)
                    );
                    return Err(error(eq.line, eq.col, msg).into());
                }
                let value = p.value(builder)?;
                out.push((String::from_utf8_lossy(name).into_owned(), value));
            }
            _ => {
                let msg = format!(
                    "expected a variable name (Name = value), found {}",
                    p.describe(&t)
                );
                return Err(error(t.line, t.col, msg).into());
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
struct Frame<T> {
    array: Vec<Built<T>>,
    hash: Vec<(SvValue, Built<T>)>,
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
    fn value<B: Builder>(&mut self, builder: &mut B) -> Result<Built<B::Table>, Fail<B::Error>> {
        let mut stack: Vec<Frame<B::Table>> = Vec::new();
        let close = |builder: &mut B, f: Frame<B::Table>| {
            builder
                .table(f.array, f.hash)
                .map(Built::Table)
                .map_err(Fail::Build)
        };
        let mut tok = self.next()?;
        loop {
            // `tok` starts a value.
            self.count_node(&tok)?;
            let mut done = if tok.kind == Tok::LBrace {
                if stack.len() >= self.limits.max_depth {
                    let msg = format!("tables nested deeper than {} levels", self.limits.max_depth);
                    return Err(error(tok.line, tok.col, msg).into());
                }
                stack.push(Frame {
                    array: Vec::new(),
                    hash: Vec::new(),
                    key: None,
                });
                None
            } else {
                Some(Built::Const(self.scalar(tok)?))
            };
            // Attach finished values to their parents until a new value must be read.
            loop {
                if let Some(v) = done.take() {
                    let Some(frame) = stack.last_mut() else {
                        return Ok(v);
                    };
                    match frame.key.take() {
                        Some(k) => frame.hash.push((k, v)),
                        None => frame.array.push(v),
                    }
                    let sep = self.next()?;
                    match sep.kind {
                        Tok::Comma | Tok::Semi => {}
                        Tok::RBrace => {
                            let f = stack.pop().expect("inside a table");
                            done = Some(close(builder, f)?);
                            continue;
                        }
                        _ => {
                            let msg = format!(
                                "expected ',' or '}}' after table entry, found {}",
                                self.describe(&sep)
                            );
                            return Err(error(sep.line, sep.col, msg).into());
                        }
                    }
                }
                // At the start of a field (after '{' or a separator).
                let t = self.next()?;
                match t.kind {
                    Tok::RBrace => {
                        let f = stack.pop().expect("inside a table");
                        done = Some(close(builder, f)?);
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
