//! Writer for SavedVariables files in the client's layout.
//!
//! Layout (both styles): a leading line break, then per variable `Name = value`
//! and a line break. A table is `{`, a line break, one entry per line ending in `,`
//! (array entries first, positionally, then `[key] = value,`), and `}` on its own
//! line. [`Style::Flat`] (client 10.2.7 and later) uses no indentation and no
//! comments; [`Style::Indented`] (older clients) indents with one tab per depth and
//! appends ` -- [n]` to array entries.
//!
//! Values: strings in `"` with `\\`, `\"`, `\n`, `\r` escaped, other control bytes
//! (except tab, which the client writes raw) as three-digit `\ddd`, all other bytes
//! raw. Numbers: integral values below 2^63 as plain integers; others as the
//! shortest decimal that reads back bit-exactly (closest to the exact value, ties
//! to even), in C `%g` layout (fixed, or `3.0517578125e-05` below 1e-4, `1e+300`
//! for huge integers) -- the same text real client files show. `-0.0` is `-0`. Infinities and NaN
//! are `1/0`, `-1/0`, `0/0`: valid Lua that the client evaluates to the same values
//! and that [`crate::parse`] accepts (the client itself writes unreadable text such
//! as `inf`/`nan(ind)` there). Hash entries with a `nil` value, or a `nil`, NaN or
//! table key are skipped (Lua tables cannot hold them); `Nil` array entries are holes
//! and are written as `nil,` so later positions keep their index.
//!
//! Trees are walked with an explicit stack, so any depth writes without recursion.

use crate::{SvTable, SvValue};
use std::io::Write as _;

/// Table layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// No indentation, no index comments: what clients since 10.2.7 write.
    #[default]
    Flat,
    /// One tab per depth and `-- [n]` after array entries: older clients.
    Indented,
}

/// Line terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LineEnding {
    /// `\n` (macOS clients, and the canonical form here).
    #[default]
    Lf,
    /// `\r\n` (Windows clients).
    Crlf,
}

/// Options for [`write_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WriteOptions {
    /// Table layout.
    pub style: Style,
    /// Line terminator.
    pub line_ending: LineEnding,
}

/// Writes `vars` (declaration order) with the default options: flat, LF.
///
/// `Nil` variables are written as `Name = nil`, as the client does. Names are
/// written as given; they must be Lua identifiers for the file to load.
pub fn write(vars: &[(String, SvValue)]) -> Vec<u8> {
    write_with(vars, &WriteOptions::default())
}

/// Writes `vars` with explicit layout options.
pub fn write_with(vars: &[(String, SvValue)], opts: &WriteOptions) -> Vec<u8> {
    let mut w = Writer::new(opts);
    w.out.extend_from_slice(w.eol);
    for (name, value) in vars {
        w.out.extend_from_slice(name.as_bytes());
        w.out.extend_from_slice(b" = ");
        w.value(value);
        w.out.extend_from_slice(w.eol);
    }
    w.out
}

/// A scalar for [`Emitter`]: what [`SvValue`] holds besides tables, borrowed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar<'a> {
    /// `nil`.
    Nil,
    /// `true` / `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A byte string.
    Str(&'a [u8]),
}

/// Writes a file piece by piece, in the layout of [`write_with`], for callers whose values
/// are not an [`SvValue`] tree (the simulator walks its Lua tables directly instead of
/// copying them into a tree first, which took ~7x the file's size in memory).
///
/// Call order: per variable [`Emitter::var`], then one value; a value is a
/// [`Emitter::scalar`] or [`Emitter::open_table`] … [`Emitter::close_table`]; inside a
/// table each entry is [`Emitter::array_entry`] or [`Emitter::hash_entry`] followed by one
/// value. The caller leaves out what [`write_with`] skips (`nil` values, unwritable keys).
///
/// Made with [`Emitter::streaming`], it hands its bytes to a writer in pieces of about
/// [`STREAM_CHUNK`] bytes, so a large file is never held whole in memory.
pub struct Emitter<'a> {
    w: Writer,
    /// For each open table: its array position in the parent (for `-- [n]`).
    open: Vec<Option<usize>>,
    /// The array position of the entry being written, if it is an array entry.
    pos: Option<usize>,
    /// Where a streaming emitter's bytes go, and the first error writing them.
    sink: Option<&'a mut dyn std::io::Write>,
    error: Option<std::io::Error>,
    /// Bytes already handed to the sink.
    flushed: u64,
}

/// How many bytes a streaming [`Emitter`] gathers before handing them to its writer.
pub const STREAM_CHUNK: usize = 64 << 10;

impl<'a> Emitter<'a> {
    /// Starts a file (its leading line break).
    pub fn new(opts: &WriteOptions) -> Emitter<'a> {
        let mut w = Writer::new(opts);
        w.out.extend_from_slice(w.eol);
        Emitter {
            w,
            open: Vec::new(),
            pos: None,
            sink: None,
            error: None,
            flushed: 0,
        }
    }

    /// Starts a file whose bytes go to `sink` as they are made; end it with
    /// [`Emitter::finish_streaming`].
    pub fn streaming(opts: &WriteOptions, sink: &'a mut dyn std::io::Write) -> Emitter<'a> {
        let mut em = Emitter::new(opts);
        em.sink = Some(sink);
        em
    }

    /// Hands the gathered bytes to the sink once there are enough of them.
    fn maybe_flush(&mut self) {
        if self.w.out.len() >= STREAM_CHUNK {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let Some(sink) = self.sink.as_mut() else {
            return;
        };
        if self.error.is_none() {
            if let Err(e) = sink.write_all(&self.w.out) {
                self.error = Some(e);
            }
        }
        self.flushed += self.w.out.len() as u64;
        self.w.out.clear();
    }

    /// Bytes of the file made so far (a writer's bound on the file's size reads it).
    pub fn written(&self) -> u64 {
        self.flushed + self.w.out.len() as u64
    }

    /// Ends a streaming file: writes the rest, or returns the first error writing it.
    pub fn finish_streaming(mut self) -> std::io::Result<()> {
        self.flush();
        match self.error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Starts the variable `name = `.
    pub fn var(&mut self, name: &str) {
        self.w.out.extend_from_slice(name.as_bytes());
        self.w.out.extend_from_slice(b" = ");
    }

    /// Starts the array entry at 1-based position `pos` of the open table.
    pub fn array_entry(&mut self, pos: usize) {
        self.w.indent(self.open.len());
        self.pos = Some(pos);
    }

    /// Starts the entry `[key] = ` of the open table.
    pub fn hash_entry(&mut self, key: Scalar) {
        self.w.indent(self.open.len());
        self.w.out.push(b'[');
        self.w.scalar(key);
        self.w.out.extend_from_slice(b"] = ");
        self.pos = None;
    }

    /// Writes a scalar value and ends its entry or variable.
    pub fn scalar(&mut self, v: Scalar) {
        self.w.scalar(v);
        self.end_value(self.pos);
    }

    /// Opens a table value.
    pub fn open_table(&mut self) {
        self.w.out.push(b'{');
        self.w.out.extend_from_slice(self.w.eol);
        self.open.push(self.pos);
    }

    /// Closes the innermost open table and ends its entry or variable.
    pub fn close_table(&mut self) {
        let pos = self.open.pop().flatten();
        self.w.indent(self.open.len());
        self.w.out.push(b'}');
        self.end_value(pos);
    }

    fn end_value(&mut self, pos: Option<usize>) {
        if self.open.is_empty() {
            self.w.out.extend_from_slice(self.w.eol);
        } else {
            self.w.entry_end(pos);
        }
        if self.sink.is_some() {
            self.maybe_flush();
        }
    }

    /// The bytes of the file (of a streaming emitter: those not handed to its sink yet).
    pub fn finish(self) -> Vec<u8> {
        self.w.out
    }
}

struct Writer {
    out: Vec<u8>,
    indented: bool,
    eol: &'static [u8],
}

/// An open table while writing: the next entry to write is `next` (array entries
/// first, then hash entries); `pos` is the 1-based array position the table itself
/// occupies in its parent, if any (for the `-- [n]` comment).
struct Frame<'a> {
    table: &'a SvTable,
    next: usize,
    pos: Option<usize>,
}

fn writable_key(k: &SvValue) -> bool {
    match k {
        SvValue::Bool(_) | SvValue::Str(_) => true,
        SvValue::Number(n) => !n.is_nan(),
        SvValue::Nil | SvValue::Table(_) => false,
    }
}

impl Writer {
    fn new(opts: &WriteOptions) -> Writer {
        Writer {
            out: Vec::with_capacity(4096),
            indented: opts.style == Style::Indented,
            eol: match opts.line_ending {
                LineEnding::Lf => b"\n",
                LineEnding::Crlf => b"\r\n",
            },
        }
    }

    fn indent(&mut self, depth: usize) {
        if self.indented {
            self.out.resize(self.out.len() + depth, b'\t');
        }
    }

    /// Ends an entry: `,`, the optional index comment, and the line break.
    fn entry_end(&mut self, pos: Option<usize>) {
        self.out.push(b',');
        if let (true, Some(n)) = (self.indented, pos) {
            let _ = write!(self.out, " -- [{n}]");
        }
        self.out.extend_from_slice(self.eol);
    }

    fn value(&mut self, v: &SvValue) {
        let SvValue::Table(root) = v else {
            self.sv_scalar(v);
            return;
        };
        self.out.push(b'{');
        self.out.extend_from_slice(self.eol);
        let mut stack = vec![Frame {
            table: root,
            next: 0,
            pos: None,
        }];
        while let Some(top) = stack.last() {
            let (t, i, depth) = (top.table, top.next, stack.len());
            if i >= t.array.len() + t.hash.len() {
                let pos = stack.pop().and_then(|f| f.pos);
                self.indent(depth - 1);
                self.out.push(b'}');
                if !stack.is_empty() {
                    self.entry_end(pos);
                }
                continue;
            }
            if let Some(top) = stack.last_mut() {
                top.next += 1;
            }
            let (pos, value) = if i < t.array.len() {
                self.indent(depth);
                (Some(i + 1), &t.array[i])
            } else {
                let (k, v) = &t.hash[i - t.array.len()];
                if matches!(v, SvValue::Nil) || !writable_key(k) {
                    continue;
                }
                self.indent(depth);
                self.out.push(b'[');
                self.sv_scalar(k);
                self.out.extend_from_slice(b"] = ");
                (None, v)
            };
            match value {
                SvValue::Table(child) => {
                    self.out.push(b'{');
                    self.out.extend_from_slice(self.eol);
                    stack.push(Frame {
                        table: child,
                        next: 0,
                        pos,
                    });
                }
                scalar => {
                    self.sv_scalar(scalar);
                    self.entry_end(pos);
                }
            }
        }
    }

    fn scalar(&mut self, v: Scalar) {
        match v {
            Scalar::Nil => self.out.extend_from_slice(b"nil"),
            Scalar::Bool(true) => self.out.extend_from_slice(b"true"),
            Scalar::Bool(false) => self.out.extend_from_slice(b"false"),
            Scalar::Number(n) => write_number(&mut self.out, n),
            Scalar::Str(s) => write_string(&mut self.out, s),
        }
    }

    fn sv_scalar(&mut self, v: &SvValue) {
        self.scalar(match v {
            SvValue::Nil | SvValue::Table(_) => Scalar::Nil,
            SvValue::Bool(b) => Scalar::Bool(*b),
            SvValue::Number(n) => Scalar::Number(*n),
            SvValue::Str(s) => Scalar::Str(s),
        });
    }
}

/// Appends `n` so that Lua (and [`crate::parse`]) reads back the identical `f64`.
pub(crate) fn write_number(out: &mut Vec<u8>, n: f64) {
    if n.is_nan() {
        out.extend_from_slice(b"0/0");
    } else if n.is_infinite() {
        out.extend_from_slice(if n > 0.0 { b"1/0" } else { b"-1/0" });
    } else if n == n.trunc() && n.abs() < 9.2e18 {
        if n == 0.0 && n.is_sign_negative() {
            out.extend_from_slice(b"-0");
        } else {
            // Integral and below 2^63 in magnitude, so the conversion is exact.
            let _ = write!(out, "{}", n as i64);
        }
    } else {
        // The shortest digits that read back exactly; among candidates of that
        // length the one closest to the exact value, ties to even (Rust's
        // shortest mode may round a tie up, so recheck with exact rounding).
        let short = format!("{n:e}");
        let k = short
            .split('e')
            .next()
            .unwrap_or("")
            .bytes()
            .filter(u8::is_ascii_digit)
            .count();
        let exact = format!("{n:.prec$e}", prec = k.saturating_sub(1));
        let chosen = if exact != short && exact.parse::<f64>().map(f64::to_bits) == Ok(n.to_bits())
        {
            exact
        } else {
            short
        };
        write_g(out, &chosen, 17);
    }
}

/// Renders Rust's `d.ddde±x` output the way C's `%.<precision>g` does: trailing
/// zeros dropped, fixed notation for exponents in `-4..precision`, otherwise
/// `d.ddde±xx` with at least two exponent digits.
fn write_g(out: &mut Vec<u8>, sci: &str, precision: i32) {
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (neg, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mantissa),
    };
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    let len = digits.iter().rposition(|&d| d != b'0').map_or(1, |p| p + 1);
    let digits = &digits[..len];
    if neg {
        out.push(b'-');
    }
    if (-4..precision).contains(&exp) {
        if exp < 0 {
            out.extend_from_slice(b"0.");
            out.resize(out.len() + (-exp - 1) as usize, b'0');
            out.extend_from_slice(digits);
        } else {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                out.extend_from_slice(digits);
                out.resize(out.len() + (int_len - digits.len()), b'0');
            } else {
                out.extend_from_slice(&digits[..int_len]);
                out.push(b'.');
                out.extend_from_slice(&digits[int_len..]);
            }
        }
    } else {
        out.push(digits[0]);
        if digits.len() > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        let sign = if exp < 0 { '-' } else { '+' };
        let _ = write!(out, "e{sign}{:02}", exp.unsigned_abs());
    }
}

/// Appends `s` as a double-quoted Lua string literal.
pub(crate) fn write_string(out: &mut Vec<u8>, s: &[u8]) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        let esc: &[u8] = match b {
            b'\\' => b"\\\\",
            b'"' => b"\\\"",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => continue,
            0..=0x1f | 0x7f => b"",
            _ => continue,
        };
        out.extend_from_slice(&s[start..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\{b:03}");
        } else {
            out.extend_from_slice(esc);
        }
        start = i + 1;
    }
    out.extend_from_slice(&s[start..]);
    out.push(b'"');
}
