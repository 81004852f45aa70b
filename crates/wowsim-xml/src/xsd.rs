//! The client's own UI schema (`Blizzard_SharedXML/UI.xsd` of a Blizzard UI tree) read as
//! facts: every element name it declares, the attributes each may carry and the elements
//! allowed inside it. [`Schema::with_xsd`](crate::Schema::with_xsd) widens a schema with
//! them; instantiation stays with the embedded schema's implementation facts, which the XSD
//! does not have.
//!
//! Only the parts of XML Schema that UI.xsd uses are read: named and inline complex types,
//! `extension` of a base type, `attributeGroup`s, `sequence`/`choice`/`all`, element `ref`s
//! and substitution groups (an element standing for every member of its group). Names are
//! taken without their namespace prefix (`ui:FrameType` is `FrameType`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use roxmltree::{Document, Node, ParsingOptions};

/// The kind of value the XSD gives an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum XsdType {
    /// `xs:string`, `xs:NMTOKEN` and the enumerations built on them.
    String,
    /// `xs:float`, `xs:int`, `xs:unsignedInt` and restrictions of them.
    Number,
    /// `xs:boolean`.
    Boolean,
}

/// What the XSD says of one element name (the union over its declarations: a local element
/// such as `<FontHeight>` may be declared in several types).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct XsdElement {
    /// Lower-case attribute name → its value kind.
    pub attributes: BTreeMap<String, XsdType>,
    /// The elements allowed directly inside it, as the XSD spells them.
    pub children: BTreeSet<String>,
    /// Declared `abstract="true"` (a substitution group head that never appears itself).
    pub is_abstract: bool,
    /// The complex type it is of (`type=`, or the base its inline type extends), if named.
    pub type_name: Option<String>,
}

/// A parsed UI.xsd.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Xsd {
    /// Element name (as spelled) → its facts.
    pub elements: BTreeMap<String, XsdElement>,
    /// Named complex type → the type it extends.
    pub bases: BTreeMap<String, String>,
}

impl Xsd {
    /// `ty` and the types it extends, nearest first.
    pub fn type_chain<'a>(&'a self, ty: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        let mut next = Some(ty);
        let mut steps = 0;
        std::iter::from_fn(move || {
            let cur = next?;
            steps += 1;
            next = if steps > MAX_NESTING {
                None
            } else {
                self.bases.get(cur).map(String::as_str)
            };
            Some(cur)
        })
    }
}

/// UI.xsd could not be read as XML.
#[derive(Debug)]
pub struct XsdError(pub String);

impl std::fmt::Display for XsdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "UI.xsd: {}", self.0)
    }
}

impl std::error::Error for XsdError {}

const XS: &str = "http://www.w3.org/2001/XMLSchema";

fn is_xs(n: &Node, local: &str) -> bool {
    n.is_element() && n.tag_name().name() == local && n.tag_name().namespace() == Some(XS)
}

/// `ui:FrameType` → `FrameType`; `xs:float` stays as it is.
fn local_name(s: &str) -> &str {
    match s.split_once(':') {
        Some(("xs", _)) => s,
        Some((_, rest)) => rest,
        None => s,
    }
}

/// The top-level definitions, by name.
struct Defs<'a, 'i> {
    complex: HashMap<&'a str, Node<'a, 'i>>,
    simple: HashMap<&'a str, Node<'a, 'i>>,
    attribute_groups: HashMap<&'a str, Node<'a, 'i>>,
    groups: HashMap<&'a str, Node<'a, 'i>>,
    /// Global elements: name → abstract.
    globals: HashMap<&'a str, bool>,
    /// Substitution group head → its members.
    members: HashMap<&'a str, Vec<&'a str>>,
}

/// Parses UI.xsd text.
pub fn parse_xsd(text: &str) -> Result<Xsd, XsdError> {
    let opts = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, opts).map_err(|e| XsdError(e.to_string()))?;
    let root = doc.root_element();
    if !is_xs(&root, "schema") {
        return Err(XsdError("the root element is not xs:schema".into()));
    }
    let mut defs = Defs {
        complex: HashMap::new(),
        simple: HashMap::new(),
        attribute_groups: HashMap::new(),
        groups: HashMap::new(),
        globals: HashMap::new(),
        members: HashMap::new(),
    };
    for n in root.children().filter(Node::is_element) {
        let Some(name) = n.attribute("name") else {
            continue;
        };
        match n.tag_name().name() {
            "complexType" => {
                defs.complex.insert(name, n);
            }
            "simpleType" => {
                defs.simple.insert(name, n);
            }
            "attributeGroup" => {
                defs.attribute_groups.insert(name, n);
            }
            "group" => {
                defs.groups.insert(name, n);
            }
            "element" => {
                defs.globals
                    .insert(name, n.attribute("abstract") == Some("true"));
                if let Some(head) = n.attribute("substitutionGroup") {
                    defs.members.entry(local_name(head)).or_default().push(name);
                }
            }
            _ => {}
        }
    }
    let mut out = Xsd::default();
    for (name, ct) in &defs.complex {
        let base = ct
            .descendants()
            .find(|d| is_xs(d, "extension"))
            .and_then(|e| e.attribute("base"));
        if let Some(b) = base {
            out.bases
                .insert(name.to_string(), local_name(b).to_string());
        }
    }
    for n in doc.descendants().filter(|n| is_xs(n, "element")) {
        let Some(name) = n.attribute("name") else {
            continue;
        };
        let mut facts = XsdElement {
            is_abstract: n.attribute("abstract") == Some("true"),
            ..XsdElement::default()
        };
        facts.type_name = n
            .attribute("type")
            .or_else(|| {
                n.descendants()
                    .find(|d| is_xs(d, "extension"))
                    .and_then(|e| e.attribute("base"))
            })
            .map(|t| local_name(t).to_string());
        match n.attribute("type").map(local_name) {
            Some(ty) => {
                if let Some(ct) = defs.complex.get(ty) {
                    defs.complex_type(*ct, &mut facts, 0);
                }
            }
            None => {
                for ct in n.children().filter(|c| is_xs(c, "complexType")) {
                    defs.complex_type(ct, &mut facts, 0);
                }
            }
        }
        let e = out.elements.entry(name.to_string()).or_default();
        e.attributes.extend(facts.attributes);
        e.children.extend(facts.children);
        e.is_abstract |= facts.is_abstract;
        if e.type_name.is_none() {
            e.type_name = facts.type_name;
        }
    }
    Ok(out)
}

/// Definitions nest far less deep than this; a cycle stops here.
const MAX_NESTING: usize = 64;

impl<'a, 'i> Defs<'a, 'i> {
    /// The attributes and children of a complex type (its base type's included).
    fn complex_type(&self, ct: Node<'a, 'i>, out: &mut XsdElement, depth: usize) {
        if depth > MAX_NESTING {
            return;
        }
        for c in ct.children().filter(Node::is_element) {
            match c.tag_name().name() {
                "attribute" | "attributeGroup" => self.attribute(c, out, depth),
                "sequence" | "choice" | "all" | "group" => self.content(c, out, depth),
                "complexContent" | "simpleContent" => {
                    for ext in c.children().filter(Node::is_element) {
                        if let Some(base) = ext.attribute("base").map(local_name) {
                            if let Some(b) = self.complex.get(base) {
                                self.complex_type(*b, out, depth + 1);
                            }
                        }
                        self.complex_type(ext, out, depth + 1);
                    }
                }
                _ => {}
            }
        }
    }

    /// An `attribute` declaration or an `attributeGroup` reference.
    fn attribute(&self, n: Node<'a, 'i>, out: &mut XsdElement, depth: usize) {
        if depth > MAX_NESTING {
            return;
        }
        if n.tag_name().name() == "attributeGroup" {
            let group = n.attribute("ref").map(local_name);
            if let Some(g) = group.and_then(|g| self.attribute_groups.get(g)) {
                for c in g.children().filter(Node::is_element) {
                    self.attribute(c, out, depth + 1);
                }
            }
            return;
        }
        if let Some(name) = n.attribute("name") {
            let ty = match n.attribute("type") {
                Some(t) => self.value_type(local_name(t), 0),
                None => n
                    .descendants()
                    .find(|d| is_xs(d, "restriction"))
                    .and_then(|r| r.attribute("base"))
                    .map_or(XsdType::String, |b| self.value_type(local_name(b), 0)),
            };
            out.attributes.insert(name.to_ascii_lowercase(), ty);
        }
    }

    /// The kind of a simple type by name, following restrictions to a built-in type.
    fn value_type(&self, name: &str, depth: usize) -> XsdType {
        match name {
            "xs:float" | "xs:double" | "xs:decimal" | "xs:int" | "xs:integer"
            | "xs:unsignedInt" | "xs:short" | "xs:unsignedShort" | "xs:byte"
            | "xs:unsignedByte" | "xs:long" => XsdType::Number,
            "xs:boolean" => XsdType::Boolean,
            _ if depth > MAX_NESTING => XsdType::String,
            _ => self
                .simple
                .get(name)
                .and_then(|s| s.descendants().find(|d| is_xs(d, "restriction")))
                .and_then(|r| r.attribute("base"))
                .map_or(XsdType::String, |b| {
                    self.value_type(local_name(b), depth + 1)
                }),
        }
    }

    /// The elements a content model allows.
    fn content(&self, n: Node<'a, 'i>, out: &mut XsdElement, depth: usize) {
        if depth > MAX_NESTING {
            return;
        }
        match n.tag_name().name() {
            "element" => match (n.attribute("name"), n.attribute("ref").map(local_name)) {
                (Some(name), _) => {
                    out.children.insert(name.to_string());
                }
                (None, Some(r)) => self.element_ref(r, out, depth + 1),
                _ => {}
            },
            "group" => {
                let def = n.attribute("ref").map(local_name);
                if let Some(g) = def.and_then(|g| self.groups.get(g)) {
                    for c in g.children().filter(Node::is_element) {
                        self.content(c, out, depth + 1);
                    }
                }
            }
            "sequence" | "choice" | "all" => {
                for c in n.children().filter(Node::is_element) {
                    self.content(c, out, depth + 1);
                }
            }
            _ => {}
        }
    }

    /// A referenced global element: itself unless abstract, and every member of the
    /// substitution group it heads.
    fn element_ref(&self, name: &'a str, out: &mut XsdElement, depth: usize) {
        if depth > MAX_NESTING {
            return;
        }
        if self.globals.get(name) == Some(&false) {
            out.children.insert(name.to_string());
        }
        for m in self.members.get(name).into_iter().flatten() {
            self.element_ref(m, out, depth + 1);
        }
    }
}
