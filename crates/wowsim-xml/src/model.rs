//! The document model: elements with their attributes, children, inline text and positions.

use crate::numbers::{parse_bool, parse_number};
use crate::Pos;
use rustc_hash::FxHashSet;
use std::sync::Mutex;

/// A tag or attribute name, interned: every element and attribute of every file holds one
/// or two, and a UI has few distinct names (the schema's and some misspellings), so each
/// distinct name is stored once for the process (leaked, never freed: the set is bounded by
/// the distinct names of the files read) and a `Name` is a reference to it. Reads as a
/// `&str` (`Deref`, `as_str`, `==` with strings).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name(&'static str);

static NAMES: Mutex<Option<FxHashSet<&'static str>>> = Mutex::new(None);

impl Name {
    /// The interned copy of `s`.
    pub fn new(s: &str) -> Name {
        let mut set = NAMES.lock().unwrap_or_else(|e| e.into_inner());
        let set = set.get_or_insert_with(FxHashSet::default);
        if let Some(&n) = set.get(s) {
            return Name(n);
        }
        let n: &'static str = Box::leak(s.into());
        set.insert(n);
        Name(n)
    }

    pub fn as_str(&self) -> &'static str {
        self.0
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl std::borrow::Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0, f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, o: &str) -> bool {
        self.0 == o
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, o: &&str) -> bool {
        self.0 == *o
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, o: &String) -> bool {
        self.0 == o.as_str()
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, o: &Name) -> bool {
        *self == o.0
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, o: &Name) -> bool {
        self == o.0
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, o: &Name) -> bool {
        self.as_str() == o.0
    }
}

/// One attribute as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Attr {
    /// Lower-case name (the client is case-insensitive).
    pub name: Name,
    /// The name as written, for messages (includes a namespace prefix such as `xsi:`).
    pub raw_name: Name,
    /// The value with XML entities decoded.
    pub value: String,
    /// Position of the attribute's name.
    pub pos: Pos,
}

/// One element as written. Unrecognized elements are kept too (with a diagnostic), so the
/// model holds everything in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    /// Canonical schema spelling (`Frame`, `FontString`, `Anchor`); for an intrinsic tag its
    /// declared name; for an unrecognized tag the name as written.
    pub tag: Name,
    /// The name as written.
    pub raw_tag: Name,
    /// Position of the `<`.
    pub pos: Pos,
    /// In document order.
    pub attrs: Vec<Attr>,
    /// Child elements in document order (text and comments are not elements).
    pub children: Vec<Element>,
    /// Inner text (Lua for `Script` and handlers) and the position of its first character,
    /// so that Lua line N is XML line `pos.line + N - 1`. Set for text tags whenever they
    /// contain text, and for other elements when their text is not just whitespace (boxed: most
    /// elements have none).
    pub text: Option<Box<(String, Pos)>>,
    /// Whether the schema (or an intrinsic declared in an earlier file) knows the tag where
    /// it stands. An unrecognized element has its diagnostic and the client skips it.
    pub recognized: bool,
}

impl Element {
    fn find(&self, name_lowercase: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name_lowercase)
    }

    /// The value of an attribute, by lower-case name.
    pub fn attr(&self, name_lowercase: &str) -> Option<&str> {
        self.find(name_lowercase).map(|a| a.value.as_str())
    }

    /// The position of an attribute's name, by lower-case name.
    pub fn attr_pos(&self, name_lowercase: &str) -> Option<Pos> {
        self.find(name_lowercase).map(|a| a.pos)
    }

    /// An attribute read as a boolean (`xs:boolean`: `true`/`false`/`1`/`0`, see
    /// [`crate::parse_bool`]); `None` when absent or not a boolean.
    pub fn bool_attr(&self, name_lowercase: &str) -> Option<bool> {
        self.attr(name_lowercase).and_then(parse_bool)
    }

    /// An attribute read as a number (Lua `tonumber` syntax); `None` when absent or invalid.
    pub fn num_attr(&self, name_lowercase: &str) -> Option<f64> {
        self.attr(name_lowercase).and_then(parse_number)
    }

    /// Children whose canonical tag equals `tag` (case-insensitive).
    pub fn children_named<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a Element> {
        self.children
            .iter()
            .filter(move |c| c.tag.eq_ignore_ascii_case(tag))
    }

    /// The first child with this tag (case-insensitive).
    pub fn child(&self, tag: &str) -> Option<&Element> {
        self.children
            .iter()
            .find(|c| c.tag.eq_ignore_ascii_case(tag))
    }

    /// The inner text without its position.
    pub fn text_str(&self) -> Option<&str> {
        self.text.as_deref().map(|(t, _)| t.as_str())
    }

    /// Number of elements in this subtree, this one included.
    pub fn count(&self) -> usize {
        1 + self.children.iter().map(Element::count).sum::<usize>()
    }

    /// Depth-first, pre-order walk over this subtree.
    pub fn walk(&self) -> impl Iterator<Item = &Element> {
        let mut stack = vec![self];
        std::iter::from_fn(move || {
            let e = stack.pop()?;
            stack.extend(e.children.iter().rev());
            Some(e)
        })
    }
}
