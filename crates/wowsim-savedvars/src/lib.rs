//! wowsim-savedvars: the client's SavedVariables file format, read and written in pure Rust.
//!
//! A SavedVariables file is the client's own serialisation of the globals an addon
//! declares with `## SavedVariables:` / `## SavedVariablesPerCharacter:` in its `.toc`.
//! This crate never runs Lua: [`parse`] reads the file as *data* (constant
//! expressions only) into an [`SvValue`] tree, [`write`] renders a tree in the client's
//! layout, and [`save_atomic`] stores it crash-safely. The simulator core converts
//! between live Lua values and this tree.
//!
//! For crash tests, the environment variable `WOWSIM_FAULT=savedvars.<point>[:<n>]`
//! ([`FAULT_VAR`]) makes the process abort at one step of a save: after creating the
//! temporary file, after its n-th written piece (`write:<n>`), after the last write, its
//! fsync, each backup step, the rename and the directory's fsync ([`FAULT_POINTS`]);
//! `full:<n>` and `readonly` make the save fail as on a full disk or a read-only folder. It
//! is read once per process; unset, it costs nothing measurable. Saves into one folder take
//! turns under a lock, and [`FolderClaim`] tells a run that another holds its WTF folder.
//!
//! # File layout (verified against real client files; sources in `README.md`)
//!
//! * Locations: `WTF/Account/<ACCOUNT>/SavedVariables/<Addon>.lua` (account) and
//!   `WTF/Account/<ACCOUNT>/<Realm>/<Character>/SavedVariables/<Addon>.lua`
//!   (character); the previous version is kept next to it as `<Addon>.lua.bak`.
//! * The file starts with one line break, then every declared variable in
//!   declaration order as `Name = value` plus a line break, no blank lines between.
//!   Variables that are `nil` are written as `Name = nil`.
//! * Since client 10.2.7 ([`Style::Flat`], the default) table entries are written one
//!   per line without indentation and without index comments; older clients
//!   ([`Style::Indented`]) indent with one tab per depth and annotate array entries
//!   with `-- [n]`. Array entries come first, then `["key"] = value,` / `[n] = value,`.
//! * Windows clients end lines with CRLF ([`LineEnding::Crlf`]).
//!
//! # Tree model
//!
//! [`SvTable::array`] holds the positional entries (`{a, b}` → indices 1, 2) and
//! [`SvTable::hash`] the keyed ones in file order, exactly as written; nothing is
//! merged or deduplicated. To apply a table with Lua semantics, assign `hash`
//! entries in order, then `array[i]` to key `i + 1` (later assignments win; a `Nil`
//! array entry is a hole).

mod fault;
mod lexer;
mod parser;
mod store;
mod writer;

pub use fault::{FAULT_POINTS, FAULT_VAR};
pub use parser::{parse, parse_with, Builder, Built};
pub use store::{
    account_path, backup_path, character_path, save_atomic, save_atomic_with, FolderClaim, Saved,
};
pub use writer::{
    write, write_with, Emitter, LineEnding, Scalar, Style, WriteOptions, STREAM_CHUNK,
};

/// A value that can live in a SavedVariables file.
#[derive(Clone, Debug, PartialEq)]
pub enum SvValue {
    /// `nil`.
    Nil,
    /// `true` / `false`.
    Bool(bool),
    /// Every Lua 5.1 number is an `f64`.
    Number(f64),
    /// Lua strings are byte strings; they need not be UTF-8.
    Str(Vec<u8>),
    /// A table constructor.
    Table(SvTable),
}

/// A table: positional entries plus keyed entries in file / insertion order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SvTable {
    /// Entries 1..=n, written positionally. `Nil` marks a hole (written as `nil,`).
    pub array: Vec<SvValue>,
    /// Keyed entries in insertion / file order.
    pub hash: Vec<(SvValue, SvValue)>,
}

/// Where and why [`parse`] rejected its input. `line` and `column` are 1-based;
/// the column counts bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    /// 1-based line (CR, LF and CRLF each end one line).
    pub line: u32,
    /// 1-based byte column.
    pub column: u32,
    /// Human-readable reason.
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Resource bounds for [`parse`]; exceeding one is a [`ParseError`], never a crash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest table nesting accepted (a top-level table is depth 1).
    pub max_depth: usize,
    /// Largest input accepted, in bytes.
    pub max_bytes: usize,
    /// Most values (keys, values, tables) accepted in one file.
    pub max_nodes: usize,
}

impl Default for Limits {
    /// 512 levels (the client's Lua parser stops near 200), 1 GiB, 100 million nodes.
    fn default() -> Self {
        Limits {
            max_depth: 512,
            max_bytes: 1 << 30,
            max_nodes: 100_000_000,
        }
    }
}

impl SvValue {
    /// Convenience constructor for string values.
    pub fn str(s: impl AsRef<[u8]>) -> SvValue {
        SvValue::Str(s.as_ref().to_vec())
    }

    /// Structural equality that also treats NaN as equal to NaN and tells `-0.0`
    /// from `0.0` (compares numbers by bits, except all NaNs are equal). This is the
    /// equality a write→parse round trip preserves.
    pub fn same(&self, other: &SvValue) -> bool {
        match (self, other) {
            (SvValue::Number(a), SvValue::Number(b)) => {
                (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
            }
            (SvValue::Table(a), SvValue::Table(b)) => a.same(b),
            (a, b) => a == b,
        }
    }
}

impl SvTable {
    /// See [`SvValue::same`].
    pub fn same(&self, other: &SvTable) -> bool {
        self.array.len() == other.array.len()
            && self.hash.len() == other.hash.len()
            && self.array.iter().zip(&other.array).all(|(a, b)| a.same(b))
            && self
                .hash
                .iter()
                .zip(&other.hash)
                .all(|((ka, va), (kb, vb))| ka.same(kb) && va.same(vb))
    }
}
