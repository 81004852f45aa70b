//! Queries on the schema that follow `extends` chains: effective attributes and children,
//! what a tag makes, and whether a tag may appear inside another.

use crate::schema::{AttrDef, Schema, TagDef, TagImpl};

/// Longest `extends` chain followed; guards against cycles in hand-edited data.
pub(crate) const MAX_CHAIN: usize = 32;

impl Schema {
    /// The definition of a tag, looked up case-insensitively.
    pub fn tag(&self, name: &str) -> Option<&TagDef> {
        self.tag_index(name).map(|i| self.tag_at(i))
    }

    pub(crate) fn tag_index(&self, name: &str) -> Option<usize> {
        if !name.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.index_get(name);
        }
        // Tag names are short: lower-case them on the stack (this runs for every element).
        let mut buf = [0u8; 64];
        match buf.get_mut(..name.len()) {
            Some(lower) => {
                lower.copy_from_slice(name.as_bytes());
                lower.make_ascii_lowercase();
                self.index_get(std::str::from_utf8(lower).ok()?)
            }
            None => self.index_get(&name.to_ascii_lowercase()),
        }
    }

    /// Every tag of the schema, in alphabetical order (for coverage reports).
    pub fn tags(&self) -> impl Iterator<Item = &TagDef> {
        self.all_tags().iter()
    }

    /// The tag itself followed by the tags it extends, nearest first.
    pub fn supertypes<'a>(&'a self, tag: &str) -> impl Iterator<Item = &'a TagDef> + 'a {
        let mut next = self.tag(tag);
        let mut steps = 0;
        std::iter::from_fn(move || {
            let cur = next?;
            steps += 1;
            next = if steps >= MAX_CHAIN {
                None
            } else {
                cur.extends_at.map(|i| self.tag_at(i))
            };
            Some(cur)
        })
    }

    /// True when `tag` is `ancestor` or extends it (case-insensitive).
    pub fn extends(&self, tag: &str, ancestor: &str) -> bool {
        self.supertypes(tag)
            .any(|t| t.name.eq_ignore_ascii_case(ancestor))
    }

    /// True for tags that make a frame: `Frame` and every tag extending it with a
    /// `uiobject` implementation (Button, EditBox, ...).
    pub fn is_frame_type(&self, tag: &str) -> bool {
        self.uiobject_for_tag(tag).is_some() && self.extends(tag, "Frame")
    }

    /// The UI object type a tag makes, e.g. `Button` for `<Button>` and `<CheckButton>` →
    /// `CheckButton`; `None` for transparent and other tags.
    pub fn uiobject_for_tag(&self, tag: &str) -> Option<&str> {
        match self.tag(tag)?.impl_info.as_ref()? {
            TagImpl::UiObject(u) => Some(u),
            _ => None,
        }
    }

    /// What a tag makes, following `extends` when the tag declares nothing itself.
    pub fn tag_impl(&self, tag: &str) -> Option<&TagImpl> {
        self.supertypes(tag).find_map(|t| t.impl_info.as_ref())
    }

    /// True when the tag's contents are text (Script, handlers, Binding), following `extends`.
    pub fn is_text_tag(&self, tag: &str) -> bool {
        self.supertypes(tag).any(|t| t.text)
    }

    /// The child tags named by the tag and the tags it extends (canonical spelling).
    /// A named base type also admits every tag extending it; see [`Schema::is_allowed_child`].
    pub fn allowed_children(&self, tag: &str) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for t in self.supertypes(tag) {
            for c in &t.children {
                if !out.contains(&c.as_str()) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The attribute `attr` of `tag` (both case-insensitive), following `extends`.
    pub fn attribute(&self, tag: &str, attr: &str) -> Option<&AttrDef> {
        let lower;
        let attr = if attr.bytes().any(|b| b.is_ascii_uppercase()) {
            lower = attr.to_ascii_lowercase();
            &lower
        } else {
            attr
        };
        self.supertypes(tag)
            .find_map(|t| t.attributes.iter().find(|a| a.name == attr))
    }

    /// Every attribute of `tag`, its own first, then inherited ones.
    pub fn attributes<'a>(&'a self, tag: &str) -> Vec<&'a AttrDef> {
        let mut out: Vec<&AttrDef> = Vec::new();
        for t in self.supertypes(tag) {
            for a in &t.attributes {
                if !out.iter().any(|o| o.name == a.name) {
                    out.push(a);
                }
            }
        }
        out
    }

    /// Whether `child` may appear directly inside `parent`: the parent (or a tag it extends)
    /// names the child or a tag the child extends. A `sealed` tag stands only for itself,
    /// so the walk up the child's chain stops after it. Virtual tags never appear.
    pub fn is_allowed_child(&self, parent: &str, child: &str) -> bool {
        let Some(c) = self.tag_index(child) else {
            return false;
        };
        if self.tag_at(c).is_virtual {
            return false;
        }
        // Unknown parents allow nothing (they have no supertypes).
        let Some(p) = self.tag_index(parent) else {
            return false;
        };
        let allowed = self.allowed_at(p);
        // The child itself, then the tags it extends, as `supertypes` walks them.
        let mut cur = Some(c);
        for _ in 0..MAX_CHAIN {
            let Some(i) = cur else {
                break;
            };
            if allowed.binary_search(&i).is_ok() {
                return true;
            }
            let t = self.tag_at(i);
            if t.sealed {
                break;
            }
            cur = t.extends_at;
        }
        false
    }

    /// The root tags (`Ui`, `Bindings`).
    pub fn root_tags(&self) -> impl Iterator<Item = &TagDef> {
        self.tags().filter(|t| t.root)
    }
}
