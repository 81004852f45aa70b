//! The UI object types, derived from the API reference (the union of every product's
//! `uiobjects`, so type indices are the same whatever the flavour) plus the few intrinsic
//! types the built-in base provides. What a product really has is `available_in`.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | type names, `objectType` (`GetObjectType`) | [`TypeDef`], [`TYPES`] |
//! | `CreateFrame` accepted types (Frame subtypes, not virtual) | [`TypeDef::frame`] |
//! | `IsObjectType` | [`is_a`] |
use std::sync::LazyLock;
use wowsim_data::{data, Flavor, ProductData};

/// One UI object type.
pub struct TypeDef {
    pub name: &'static str,
    /// What `GetObjectType` returns (the reference's `objectType` where it differs).
    pub object_type: &'static str,
    /// The type and every base, nearest first (indices into [`TYPES`]).
    pub ancestry: Vec<usize>,
    /// `CreateFrame` accepts it: a Frame subtype that is not virtual.
    pub frame: bool,
    pub is_virtual: bool,
    /// Not in the reference: an intrinsic of the built-in base.
    pub intrinsic: bool,
    /// `is_a(idx, "Frame")`, precomputed (hot: visibility changes walk children by it).
    pub is_frame: bool,
    /// `is_a(idx, "EditBox")`, precomputed (hot: every Show checks it for autofocus).
    pub is_edit_box: bool,
}

/// Intrinsic frame types the built-in base provides (XML intrinsics in Blizzard's UI):
/// (name, bases, what `GetObjectType` returns).
pub(crate) const INTRINSICS: &[(&str, &[&str], &str)] = &[
    (
        "ScrollingMessageFrame",
        &["FontInstance", "Frame"],
        "ScrollingMessageFrame",
    ),
    ("ItemButton", &["Button"], "Button"),
    ("DropdownButton", &["Button"], "Button"),
    ("DropDownToggleButton", &["Button"], "Button"),
    ("EventFrame", &["Frame"], "Frame"),
];

/// Every type: the reference's (first seen in retail, classic, classic era) then intrinsics.
pub static TYPES: LazyLock<Vec<TypeDef>> = LazyLock::new(build);

pub fn build() -> Vec<TypeDef> {
    let mut names: Vec<&'static str> = Vec::new();
    let mut bases: Vec<Vec<&'static str>> = Vec::new();
    let mut objtypes: Vec<&'static str> = Vec::new();
    let mut virt: Vec<bool> = Vec::new();
    for p in Flavor::ALL {
        let d: &'static ProductData = data(p);
        for o in d.uiobjects() {
            if names.contains(&o.name.as_str()) {
                continue;
            }
            names.push(o.name.as_str());
            bases.push(o.inherits.iter().map(String::as_str).collect());
            objtypes.push(o.object_type.as_deref().unwrap_or(o.name.as_str()));
            virt.push(o.is_virtual);
        }
    }
    let n_ref = names.len();
    for (name, b, ot) in INTRINSICS {
        names.push(name);
        bases.push(b.to_vec());
        objtypes.push(ot);
        virt.push(false);
    }
    let index = |n: &str| names.iter().position(|x| *x == n);
    let mut out = Vec::with_capacity(names.len());
    for i in 0..names.len() {
        let mut ancestry = vec![i];
        let mut k = 0;
        while k < ancestry.len() {
            for b in &bases[ancestry[k]] {
                if let Some(j) = index(b) {
                    if !ancestry.contains(&j) {
                        ancestry.push(j);
                    }
                }
            }
            k += 1;
        }
        out.push(TypeDef {
            name: names[i],
            object_type: objtypes[i],
            ancestry,
            frame: false,
            is_virtual: virt[i],
            intrinsic: i >= n_ref,
            is_frame: false,
            is_edit_box: false,
        });
    }
    let frame = index("Frame");
    for t in out.iter_mut() {
        t.frame = !t.is_virtual && frame.is_some_and(|f| t.ancestry.contains(&f));
    }
    for i in 0..out.len() {
        out[i].is_frame = is_a_in(&out, i, "Frame");
        out[i].is_edit_box = is_a_in(&out, i, "EditBox");
    }
    out
}

pub(crate) fn is_a_in(types: &[TypeDef], idx: usize, ancestor: &str) -> bool {
    types[idx].ancestry.iter().any(|&a| {
        types[a].name.eq_ignore_ascii_case(ancestor)
            || types[a].object_type.eq_ignore_ascii_case(ancestor)
    })
}

/// Index of a type by exact name.
pub fn find(name: &str) -> Option<usize> {
    TYPES.iter().position(|t| t.name == name)
}

/// Case-insensitive lookup, as `CreateFrame("button")` works in the client.
pub fn find_ci(name: &str) -> Option<usize> {
    TYPES.iter().position(|t| t.name.eq_ignore_ascii_case(name))
}

/// Whether type `idx` is `ancestor` (a type name or an `objectType`, any case) or derives
/// from it: `IsObjectType`.
pub fn is_a(idx: usize, ancestor: &str) -> bool {
    is_a_in(&TYPES, idx, ancestor)
}

/// Whether type `idx` is the type named `owner` (exact) or derives from it: which types
/// receive a method defined on `owner`.
pub fn inherits_from(idx: usize, owner: &str) -> bool {
    TYPES[idx].ancestry.iter().any(|&a| TYPES[a].name == owner)
}

/// Whether the product knows the type (intrinsics always exist).
pub fn available_in(idx: usize, d: &ProductData) -> bool {
    TYPES[idx].intrinsic || d.uiobject(TYPES[idx].name).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(name: &str, frame: bool, object_type: &str) {
        let i = find(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!(
            (TYPES[i].frame, TYPES[i].object_type),
            (frame, object_type),
            "{name}"
        );
    }

    #[test]
    fn types_come_from_the_reference() {
        check("Frame", true, "Frame");
        check("Button", true, "Button");
        check("CheckButton", true, "CheckButton");
        check("Texture", false, "Texture");
        check("Region", false, "Region");
        check("Checkout", true, "BlizzardCheckout");
        check("ItemButton", true, "Button");
        check("ScrollingMessageFrame", true, "ScrollingMessageFrame");
        let cb = find("CheckButton").unwrap();
        assert!(is_a(cb, "Button") && is_a(cb, "frame") && is_a(cb, "Region"));
        assert!(!is_a(cb, "Texture"));
        let mask = find("MaskTexture").unwrap();
        assert!(is_a(mask, "Texture") && !inherits_from(mask, "Texture"));
    }
}
