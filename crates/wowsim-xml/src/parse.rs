//! Reading XML text into the model: roxmltree does the XML, this module computes
//! positions, collects inline text and runs validation in the same single pass.

use std::collections::HashMap;

use roxmltree::{Node, ParsingOptions};

use crate::model::{Attr, Element, Name};
use crate::schema::{schema, Schema};
use crate::validate::{self, Ctx};
use crate::{DiagKind, Diagnostic, Document, Flavor, Pos, Severity};

/// Files nested deeper than this are refused before parsing: the XML parser and the
/// walker recurse, and hostile input must not overflow the stack. Real UI XML stays
/// below 40.
const MAX_DEPTH: usize = 200;

/// A tag declared by `<Frame name="X" intrinsic="true">`: later files may write `<X>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intrinsic {
    /// The declared name, as written.
    pub name: String,
    /// The canonical schema tag it is based on (e.g. `Button`).
    pub base: String,
}

/// Parses a sequence of files for one flavour, remembering intrinsic tags: an intrinsic
/// declared in one file is recognized in files parsed after it (not in the same file, as in
/// the client, whose parser for a file is fixed when the file starts).
#[derive(Clone, Debug)]
pub struct Parser {
    flavor: Flavor,
    schema: &'static Schema,
    intrinsics: HashMap<String, Intrinsic>,
}

/// Parses one file (BOM stripped) with no intrinsics known. Never panics; a file that is not
/// well-formed yields `root: None` and one error.
pub fn parse_document(src: &str, flavor: Flavor) -> Document {
    Parser::new(flavor).parse(src)
}

impl Parser {
    /// A parser with no intrinsics yet.
    pub fn new(flavor: Flavor) -> Parser {
        Parser::with_schema(flavor, schema(flavor))
    }

    /// A parser validating against `schema` (e.g. [`crate::schema_with_xsd`]'s).
    pub fn with_schema(flavor: Flavor, schema: &'static Schema) -> Parser {
        Parser {
            flavor,
            schema,
            intrinsics: HashMap::new(),
        }
    }

    /// The schema files are validated against.
    pub fn schema(&self) -> &'static Schema {
        self.schema
    }

    /// The flavour whose schema is used.
    pub fn flavor(&self) -> Flavor {
        self.flavor
    }

    /// An intrinsic tag by name (case-insensitive).
    pub fn intrinsic(&self, name: &str) -> Option<&Intrinsic> {
        self.intrinsics.get(&name.to_ascii_lowercase())
    }

    /// Every intrinsic declared so far.
    pub fn intrinsics(&self) -> impl Iterator<Item = &Intrinsic> {
        self.intrinsics.values()
    }

    /// Declares an intrinsic by hand (`base` must be a schema tag to take effect).
    pub fn add_intrinsic(&mut self, name: &str, base: &str) {
        let base = self
            .schema
            .tag(base)
            .map_or_else(|| base.to_string(), |t| t.name.clone());
        self.intrinsics.insert(
            name.to_ascii_lowercase(),
            Intrinsic {
                name: name.to_string(),
                base,
            },
        );
    }

    /// Parses and validates one file; intrinsics it declares become known afterwards.
    pub fn parse(&mut self, src: &str) -> Document {
        let src = src.strip_prefix('\u{feff}').unwrap_or(src);
        if let Some(off) = too_deep(src) {
            return Document {
                root: None,
                diagnostics: vec![Diagnostic {
                    severity: Severity::Error,
                    pos: LineIndex::new(src).pos(src, off),
                    message: "elements nested too deeply".to_string(),
                    kind: DiagKind::Malformed,
                    lua_warning: false,
                }],
            };
        }
        let opts = ParsingOptions {
            allow_dtd: true,
            ..ParsingOptions::default()
        };
        // The client reads a prefix nobody declared (Questie's `<Ui xsi:schemaLocation=...>`
        // without `xmlns:xsi`): declare such prefixes on the root element and read again. The
        // declarations go on the root's own line, so line numbers do not move.
        let mut patched: Option<String> = None;
        let mut tries = 0;
        let doc = loop {
            let text = patched.as_deref().unwrap_or(src);
            match roxmltree::Document::parse_with_options(text, opts) {
                Err(roxmltree::Error::UnknownNamespace(prefix, pos)) if tries < 8 => {
                    tries += 1;
                    match declare_prefix(text, &prefix) {
                        Some(t) => patched = Some(t),
                        None => break Err(roxmltree::Error::UnknownNamespace(prefix, pos)),
                    }
                }
                r => break r,
            }
        };
        let src = patched.as_deref().unwrap_or(src);
        let doc = match doc {
            Ok(d) => d,
            Err(e) => {
                let mut d = malformed(&e);
                if matches!(e, roxmltree::Error::UnclosedRootNode) {
                    d.pos = LineIndex::new(src).pos(src, src.len());
                }
                return Document {
                    root: None,
                    diagnostics: vec![d],
                };
            }
        };
        let mut w = Walker {
            src,
            lines: LineIndex::new(src),
            schema: self.schema,
            intrinsics: &self.intrinsics,
            diags: Vec::new(),
            declared: Vec::new(),
        };
        let root = w.element(doc.root_element(), Ctx::Root);
        let Walker {
            diags, declared, ..
        } = w;
        for i in declared {
            self.intrinsics.insert(i.name.to_ascii_lowercase(), i);
        }
        Document {
            root: Some(root),
            diagnostics: diags,
        }
    }
}

/// `src` with `xmlns:prefix` declared on its root element, or `None` without a root start tag.
fn declare_prefix(src: &str, prefix: &str) -> Option<String> {
    let bytes = src.as_bytes();
    let mut i = 0;
    while let Some(off) = src[i..].find('<') {
        let at = i + off;
        let next = *bytes.get(at + 1)?;
        if next.is_ascii_alphabetic() || next == b'_' {
            let name_end = src[at + 1..]
                .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
                .map(|n| at + 1 + n)?;
            let uri = if prefix == "xsi" {
                "http://www.w3.org/2001/XMLSchema-instance"
            } else {
                "urn:wow-sim:undeclared"
            };
            return Some(format!(
                "{} xmlns:{prefix}=\"{uri}\"{}",
                &src[..name_end],
                &src[name_end..]
            ));
        }
        i = at + 1;
    }
    None
}

/// Byte offset → line/column.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(src: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            src.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    fn pos(&self, src: &str, off: usize) -> Pos {
        let line = self.starts.partition_point(|&s| s <= off).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        let column = src.get(start..off).map_or(off - start, |s| {
            if s.is_ascii() {
                s.len()
            } else {
                s.chars().count()
            }
        });
        Pos {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        }
    }
}

struct Walker<'a, 's> {
    src: &'a str,
    lines: LineIndex,
    schema: &'s Schema,
    intrinsics: &'a HashMap<String, Intrinsic>,
    diags: Vec<Diagnostic>,
    declared: Vec<Intrinsic>,
}

impl<'s> Walker<'_, 's> {
    fn pos(&self, off: usize) -> Pos {
        self.lines.pos(self.src, off)
    }

    fn attrs(&self, node: Node<'_, '_>) -> Vec<Attr> {
        node.attributes()
            .map(|a| {
                let raw = self.src.get(a.range_qname()).unwrap_or(a.name());
                let raw_name = Name::new(raw);
                let name = if raw.bytes().any(|b| b.is_ascii_uppercase()) {
                    Name::new(&raw.to_ascii_lowercase())
                } else {
                    raw_name
                };
                Attr {
                    name,
                    raw_name,
                    value: a.value().to_string(),
                    pos: self.pos(a.range().start),
                }
            })
            .collect()
    }

    /// Inner text: all text children joined, positioned at the first one's first character.
    fn text(&self, node: Node<'_, '_>, keep_blank: bool) -> Option<(String, Pos)> {
        let mut out: Option<(String, Pos)> = None;
        for t in node.children().filter(Node::is_text) {
            let s = t.text().unwrap_or("");
            match &mut out {
                Some((acc, _)) => acc.push_str(s),
                None => {
                    let mut off = t.range().start;
                    if self
                        .src
                        .get(off..)
                        .is_some_and(|r| r.starts_with("<![CDATA["))
                    {
                        off += "<![CDATA[".len();
                    }
                    out = Some((s.to_string(), self.pos(off)));
                }
            }
        }
        out.filter(|(s, _)| keep_blank || !s.trim().is_empty())
    }

    fn element(&mut self, node: Node<'_, '_>, ctx: Ctx<'s>) -> Element {
        let raw_tag = self
            .src
            .get(node.range().start + 1..)
            .and_then(|r| {
                r.split(|c: char| c.is_whitespace() || c == '/' || c == '>')
                    .next()
            })
            .filter(|r| !r.is_empty())
            .unwrap_or(node.tag_name().name());
        let raw_tag = Name::new(raw_tag);
        let pos = self.pos(node.range().start);
        let attrs = self.attrs(node);
        let resolved = validate::resolve(self.schema, self.intrinsics, ctx, &raw_tag);
        let (tag, child_ctx, is_text) = match &resolved {
            Some(r) => {
                validate::check_attrs(self.schema, r.def, &raw_tag, &attrs, &mut self.diags);
                if let Some(i) =
                    validate::declared_intrinsic(self.schema, self.intrinsics, r, &attrs)
                {
                    self.declared.push(i);
                }
                let text = self.schema.is_text_tag(&r.def.name);
                (Name::new(&r.canonical), Ctx::Known(r.def), text)
            }
            None => {
                self.diags.push(validate::unrecognized_tag(&raw_tag, pos));
                validate::flag_attrs(&attrs, &mut self.diags);
                (raw_tag, Ctx::Unrecognized, false)
            }
        };
        let mut children = Vec::new();
        for c in node.children().filter(Node::is_element) {
            children.push(self.element(c, child_ctx));
        }
        Element {
            tag,
            text: self.text(node, is_text).map(Box::new),
            raw_tag,
            pos,
            attrs,
            children,
            recognized: resolved.is_some(),
        }
    }
}

/// The offset of the first start tag deeper than [`MAX_DEPTH`], by a quick scan that skips
/// comments, CDATA, declarations and quoted attribute values.
fn too_deep(src: &str) -> Option<usize> {
    let b = src.as_bytes();
    let skip_to = |from: usize, end: &[u8]| -> usize {
        b.get(from..)
            .and_then(|r| r.windows(end.len()).position(|w| w == end))
            .map_or(b.len(), |i| from + i + end.len())
    };
    let (mut i, mut depth) = (0usize, 0usize);
    while i < b.len() {
        if b[i] != b'<' {
            i += 1;
            continue;
        }
        let rest = &b[i..];
        if rest.starts_with(b"<!--") {
            i = skip_to(i + 4, b"-->");
        } else if rest.starts_with(b"<![CDATA[") {
            i = skip_to(i + 9, b"]]>");
        } else if rest.starts_with(b"<?") {
            i = skip_to(i + 2, b"?>");
        } else if rest.starts_with(b"<!") {
            i = skip_to(i + 2, b">");
        } else if rest.starts_with(b"</") {
            depth = depth.saturating_sub(1);
            i = skip_to(i + 2, b">");
        } else {
            let start = i;
            let mut quote = None;
            i += 1;
            while i < b.len() {
                match (quote, b[i]) {
                    (None, b'"' | b'\'') => quote = Some(b[i]),
                    (Some(q), c) if c == q => quote = None,
                    (None, b'>') => break,
                    _ => {}
                }
                i += 1;
            }
            if b.get(i.wrapping_sub(1)) != Some(&b'/') {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(start);
                }
            }
            i += 1;
        }
    }
    None
}

/// The expat wording the client prints for a file that is not well-formed.
fn malformed(e: &roxmltree::Error) -> Diagnostic {
    use roxmltree::Error as E;
    let message = match e {
        E::UnexpectedCloseTag(..) => "mismatched tag".to_string(),
        E::UnclosedRootNode => "no element found".to_string(),
        E::NoRootNode => "no element found".to_string(),
        E::DuplicatedAttribute(..) => "duplicate attribute".to_string(),
        E::UnknownEntityReference(..) => "undefined entity".to_string(),
        E::UnknownNamespace(..) => "unbound prefix".to_string(),
        E::UnexpectedDeclaration(..) => {
            "XML or text declaration not at start of entity".to_string()
        }
        E::NodesLimitReached | E::AttributesLimitReached | E::NamespacesLimitReached => {
            "out of memory".to_string()
        }
        other => {
            let s = other.to_string();
            let detail = s.rsplit_once(" at ").map_or(s.as_str(), |(d, _)| d);
            format!("not well-formed (invalid token) [{detail}]")
        }
    };
    let p = e.pos();
    Diagnostic {
        severity: Severity::Error,
        pos: Pos {
            line: p.row,
            column: p.col,
        },
        message,
        kind: DiagKind::Malformed,
        lua_warning: false,
    }
}
