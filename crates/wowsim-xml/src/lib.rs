//! wowsim-xml: parses the WoW client's UI XML into a document model with exact positions,
//! validated against the client's schema, with diagnostics worded like the client's.
//!
//! Entry points: [`parse_document`] for one file, [`Parser`] for a sequence of files that
//! share intrinsic tags, [`schema`] for the tag/attribute definitions of a flavour,
//! [`schema_with_xsd`] for that schema widened with a Blizzard UI's own `UI.xsd`.

mod model;
mod numbers;
mod parse;
mod schema;
mod schema_query;
mod schema_xsd;
mod validate;
mod xsd;

pub use model::{Attr, Element, Name};
pub use numbers::{parse_bool, parse_number};
pub use parse::{parse_document, Intrinsic, Parser};
pub use schema::{schema, schema_with_xsd, AttrDef, AttrType, Schema, TagDef, TagImpl};
pub use schema_xsd::XsdGap;
pub use xsd::{parse_xsd, Xsd, XsdElement, XsdError, XsdType};

/// Which client's schema to validate against (the workspace's one flavour type).
pub use wowsim_flavor::Flavor;

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The file (or part of it) could not be loaded.
    Error,
    /// The client warns and carries on.
    Warning,
}

/// What a diagnostic is about (for grouping and tests; the text is in `message`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DiagKind {
    /// The XML is not well-formed; the document is empty.
    Malformed,
    /// A tag unknown to the schema, virtual, or not allowed inside its parent.
    UnrecognizedTag,
    /// An attribute the tag does not have.
    UnrecognizedAttribute,
    /// An attribute value that does not fit the attribute's type.
    InvalidValue,
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where: the element's `<`, the attribute's name, or the malformed spot.
    pub pos: Pos,
    /// The client's wording, e.g. `Unrecognized XML attribute: bogus`.
    pub message: String,
    /// The category of the problem.
    pub kind: DiagKind,
    /// The client also delivers the warning as a `LUA_WARNING` event. Every schema warning is,
    /// except an invalid value of an enum attribute the schema does not mark `warnsoninvalid`:
    /// the client skips that value silently (wowless's in-client suite checks both; e.g. an
    /// `AnimationGroup`'s `looping` warns, a `FontString`'s `justifyH` does not).
    pub lua_warning: bool,
}

/// A parsed file: its root element (the `<Ui>` or `<Bindings>`) and what was found wrong.
#[derive(Clone, Debug, Default)]
pub struct Document {
    /// `None` when the file is not well-formed XML.
    pub root: Option<Element>,
    /// In document order.
    pub diagnostics: Vec<Diagnostic>,
}

/// `file:line:column: message`, e.g.
/// `Interface/AddOns/Foo/Foo.xml:12:4: Unrecognized XML attribute: bogus`.
pub fn format_diagnostic(file: &str, d: &Diagnostic) -> String {
    format!("{}:{}:{}: {}", file, d.pos.line, d.pos.column, d.message)
}

/// Exactly as the client prints it: `file:line message` for warnings (e.g.
/// `Interface/AddOns/Foo/Foo.xml:173 Unrecognized XML: Layer`) and the expat form
/// `file(line): error: message` for malformed XML.
pub fn format_diagnostic_client(file: &str, d: &Diagnostic) -> String {
    match d.kind {
        DiagKind::Malformed => format!("{}({}): error: {}", file, d.pos.line, d.message),
        _ => format!("{}:{} {}", file, d.pos.line, d.message),
    }
}
