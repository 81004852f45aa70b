//! A schema measured against, and widened with, the client's own UI.xsd ([`crate::xsd`]):
//! what the XSD accepts that the schema does not ([`Schema::xsd_gaps`]), and the schema with
//! those gaps closed ([`Schema::with_xsd`]) for validating the addons of a run that has a
//! Blizzard UI. The schema's implementation facts are kept; a tag only the XSD knows makes
//! nothing (instantiation counts it as not applied), but it is no longer a warning.

use crate::schema::{AttrDef, AttrType, Schema, TagDef, TagImpl};
use crate::xsd::{Xsd, XsdType};

/// One thing the XSD accepts and the schema does not.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum XsdGap {
    /// An element the schema has no tag for.
    Tag(String),
    /// An element the schema has no tag for, of the type (or a type extending the type) of an
    /// element that makes a UI object (`<EventFrame>` is a `FrameType`): one of Blizzard's
    /// intrinsics, which the Blizzard UI declares itself (`intrinsic="true"`), or an object
    /// type the reference lacks. A plain tag of that name would hide the declaration and make
    /// nothing, so it is not added.
    Intrinsic(String),
    /// An attribute (lower-case) of a tag, with the XSD's value kind.
    Attribute(String, String, XsdType),
    /// A child element allowed inside a tag.
    Child(String, String),
}

impl std::fmt::Display for XsdGap {
    /// `tag FontHeight`, `attribute Texture rotation`, `child Font FontHeight`: the form the
    /// list of known differences uses.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            XsdGap::Tag(t) => write!(f, "tag {t}"),
            XsdGap::Intrinsic(t) => write!(f, "intrinsic {t}"),
            XsdGap::Attribute(t, a, _) => write!(f, "attribute {t} {a}"),
            XsdGap::Child(t, c) => write!(f, "child {t} {c}"),
        }
    }
}

fn attr_type(t: XsdType) -> AttrType {
    match t {
        XsdType::String => AttrType::String,
        XsdType::Number => AttrType::Number,
        XsdType::Boolean => AttrType::Boolean,
    }
}

impl Schema {
    /// What `xsd` accepts that this schema does not, in a stable order: element names it has
    /// no tag for, attributes a tag lacks (its `extends` chain included) and children it does
    /// not allow. Abstract XSD elements are left out (they never appear in a file).
    pub fn xsd_gaps(&self, xsd: &Xsd) -> Vec<XsdGap> {
        let mut gaps = Vec::new();
        // The XSD types of the elements that make UI objects here.
        let object_types: Vec<&str> = xsd
            .elements
            .iter()
            .filter(|(name, _)| self.uiobject_for_tag(name).is_some())
            .filter_map(|(_, e)| e.type_name.as_deref())
            .collect();
        let intrinsic = |name: &str| {
            self.tag(name).is_none()
                && xsd.elements.get(name).is_some_and(|e| {
                    e.type_name
                        .as_deref()
                        .is_some_and(|t| xsd.type_chain(t).any(|t| object_types.contains(&t)))
                })
        };
        for (name, e) in xsd.elements.iter().filter(|(_, e)| !e.is_abstract) {
            let tag = match self.tag(name) {
                Some(t) => t.name.clone(),
                None if intrinsic(name) => {
                    gaps.push(XsdGap::Intrinsic(name.clone()));
                    continue;
                }
                None => {
                    gaps.push(XsdGap::Tag(name.clone()));
                    name.clone()
                }
            };
            for (attr, ty) in &e.attributes {
                if self.attribute(&tag, attr).is_none() {
                    gaps.push(XsdGap::Attribute(tag.clone(), attr.clone(), *ty));
                }
            }
            for child in &e.children {
                // Where an intrinsic may stand follows from its declaration.
                let concrete = xsd.elements.get(child).is_some_and(|c| !c.is_abstract);
                if concrete && !intrinsic(child) && !self.is_allowed_child(&tag, child) {
                    gaps.push(XsdGap::Child(tag.clone(), child.clone()));
                }
            }
        }
        gaps.sort();
        gaps.dedup();
        gaps
    }

    /// This schema with every [`Schema::xsd_gaps`] closed but intrinsics: new tags (plain, no
    /// implementation), new attributes (typed as the XSD types them, without the schema's
    /// enumerations) and new allowed children. A child the schema declares virtual stays
    /// refused (it cannot be made).
    pub fn with_xsd(&self, xsd: &Xsd) -> Schema {
        let mut tags: Vec<TagDef> = self.all_tags().to_vec();
        let find = |tags: &[TagDef], name: &str| {
            tags.iter().position(|t| t.name.eq_ignore_ascii_case(name))
        };
        for gap in self.xsd_gaps(xsd) {
            match gap {
                XsdGap::Tag(name) => {
                    let mut t = TagDef::plain(&name);
                    // A new script element is a script handler, its values in `...`.
                    let in_scripts = xsd
                        .elements
                        .get("Scripts")
                        .is_some_and(|s| s.children.contains(&name));
                    if in_scripts && self.tag("ScriptType").is_some() {
                        t.extends = Some("ScriptType".into());
                        t.impl_info = Some(TagImpl::Script {
                            args: Some("self, ...".into()),
                        });
                    }
                    tags.push(t);
                }
                XsdGap::Intrinsic(_) => {}
                XsdGap::Attribute(tag, attr, ty) => {
                    if let Some(i) = find(&tags, &tag) {
                        tags[i].attributes.push(AttrDef {
                            name: attr,
                            ty: attr_type(ty),
                            impl_info: None,
                            phase: None,
                            required: false,
                            warns_on_invalid: false,
                        });
                    }
                }
                XsdGap::Child(tag, child) => {
                    if let Some(i) = find(&tags, &tag) {
                        tags[i].children.push(child);
                    }
                }
            }
        }
        self.rebuilt(tags)
    }
}

impl TagDef {
    /// A tag with no attributes, children or implementation yet.
    pub(crate) fn plain(name: &str) -> TagDef {
        TagDef {
            name: name.to_string(),
            extends: None,
            extends_at: None,
            impl_info: None,
            is_virtual: false,
            sealed: false,
            root: false,
            text: false,
            phase: None,
            attributes: Vec::new(),
            children: Vec::new(),
        }
    }
}
