//! Inheritance-aware lookups: UI object bases (`inherits`) and XML tag `extends` chains.

use crate::objects::{Field, Method, UiObject, XmlAttr, XmlTag};
use crate::value::Value;
use crate::ProductData;

impl ProductData {
    /// `name` and all its bases, transitively, nearest first, each once.
    pub fn uiobject_ancestry(&self, name: &str) -> Vec<&UiObject> {
        let mut out: Vec<&UiObject> = Vec::new();
        let mut queue: Vec<&str> = vec![name];
        let mut i = 0;
        while i < queue.len() {
            if let Some(o) = self.uiobject(queue[i]) {
                if !out.iter().any(|x| x.name == o.name) {
                    out.push(o);
                    queue.extend(o.inherits.iter().map(String::as_str));
                }
            }
            i += 1;
        }
        out
    }

    /// Whether UI object type `name` is `base` or derives from it.
    pub fn uiobject_is_a(&self, name: &str, base: &str) -> bool {
        self.uiobject_ancestry(name)
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(base))
    }

    /// A method of a UI object type, looked up through its bases; returns the defining type too.
    pub fn uiobject_method(&self, obj: &str, method: &str) -> Option<(&UiObject, &Method)> {
        self.uiobject_ancestry(obj)
            .into_iter()
            .find_map(|o| o.method(method).map(|m| (o, m)))
    }

    /// An XML tag and the tags it extends, transitively, nearest first.
    pub fn xml_tag_chain(&self, name: &str) -> Vec<&XmlTag> {
        let mut out: Vec<&XmlTag> = Vec::new();
        let mut next = self.xml_tag(name);
        while let Some(tag) = next {
            if out.iter().any(|t| t.name == tag.name) {
                break;
            }
            out.push(tag);
            next = tag.extends.as_deref().and_then(|e| self.xml_tag(e));
        }
        out
    }

    /// An attribute of an XML tag (case-insensitive), including ones inherited via `extends`.
    pub fn xml_attribute(&self, tag: &str, attr: &str) -> Option<&XmlAttr> {
        self.xml_tag_chain(tag).into_iter().find_map(|t| {
            t.attributes
                .iter()
                .find(|a| a.name.eq_ignore_ascii_case(attr))
        })
    }

    /// All fields of a UI object type including its bases', nearest definition first.
    pub fn uiobject_fields(&self, name: &str) -> Vec<&Field> {
        let mut out: Vec<&Field> = Vec::new();
        for o in self.uiobject_ancestry(name) {
            for f in &o.fields {
                if !out.iter().any(|x| x.name == f.name) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// Initial value of field `field` for a new object of type `name`: the nearest
    /// `fieldinitoverrides` entry wins over the field's own `init`. `None` = starts as nil.
    pub fn uiobject_field_init(&self, name: &str, field: &str) -> Option<&Value> {
        let ancestry = self.uiobject_ancestry(name);
        let overridden = ancestry.iter().find_map(|o| {
            o.fieldinitoverrides
                .iter()
                .find(|(f, _)| f == field)
                .map(|(_, v)| v)
        });
        overridden.or_else(|| {
            ancestry
                .iter()
                .find_map(|o| o.field(field))
                .and_then(|f| f.init.as_ref())
        })
    }

    /// All script handlers a UI object type supports, including its bases', sorted.
    pub fn uiobject_scripts(&self, name: &str) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .uiobject_ancestry(name)
            .iter()
            .flat_map(|o| o.scripts.iter().map(String::as_str))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Child tags allowed inside `tag`, including those of the tags it extends.
    pub fn xml_children(&self, tag: &str) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .xml_tag_chain(tag)
            .iter()
            .flat_map(|t| t.children.iter().map(String::as_str))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether `child` may appear inside `parent`: directly listed, or `child` extends a listed
    /// tag (e.g. `Button` inside `Frames`, which lists `Frame`). Case-insensitive.
    pub fn xml_allows_child(&self, parent: &str, child: &str) -> bool {
        let allowed = self.xml_children(parent);
        self.xml_tag_chain(child)
            .iter()
            .any(|c| allowed.iter().any(|a| a.eq_ignore_ascii_case(&c.name)))
    }
}
