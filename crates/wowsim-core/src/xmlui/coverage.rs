//! The XML coverage counter and report: every element or attribute that was not applied is
//! counted once per (tag, attribute) with a use count (VM app data, via `XmlState`), and
//! [`report_markdown`] lists every tag and attribute of the client's schema with its status.

use super::attrs::{self, Act};
use mlua::Lua;
use std::fmt::Write as _;
use wowsim_xml::{Schema, TagImpl};

/// Uses of XML the loader did not apply: (tag, attribute; `""` for the element) → count.
#[derive(Default, Debug)]
pub struct Coverage {
    keys: Vec<(String, String)>,
    counts: Vec<u64>,
    last: Option<usize>,
}

impl Coverage {
    /// Total uses not applied.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// (tag, attribute) → uses, sorted.
    pub fn entries(&self) -> Vec<((String, String), u64)> {
        let mut v: Vec<_> = self
            .keys
            .iter()
            .cloned()
            .zip(self.counts.iter().copied())
            .collect();
        v.sort();
        v
    }
}

/// Counts one use of (tag, attr) that was not applied.
pub(crate) fn not_implemented(lua: &Lua, tag: &str, attr: &str) {
    let Some(mut st) = lua.app_data_mut::<super::XmlState>() else {
        return;
    };
    let c = &mut st.coverage;
    let same = |(t, a): &(String, String)| t == tag && a == attr;
    let i = match c.last.filter(|i| same(&c.keys[*i])) {
        Some(i) => i,
        None => match c.keys.iter().position(same) {
            Some(i) => i,
            None => {
                c.keys.push((tag.to_string(), attr.to_string()));
                c.counts.push(0);
                c.keys.len() - 1
            }
        },
    };
    c.counts[i] += 1;
    c.last = Some(i);
}

/// Tags whose elements the loader builds or applies (besides frame and region types).
const HANDLED_TAGS: &[&str] = &[
    "Ui",
    "Script",
    "Include",
    "Frames",
    "Layers",
    "Layer",
    "Anchors",
    "Anchor",
    "Offset",
    "AbsDimension",
    "Size",
    "TexCoords",
    "Rect",
    "Color",
    "Gradient",
    "MinColor",
    "MaxColor",
    "Shadow",
    "FontHeight",
    "AbsValue",
    "KeyValues",
    "KeyValue",
    "Attributes",
    "Attribute",
    "Scripts",
    "Font",
    "FontFamily",
    "Member",
    "HitRectInsets",
    "TextInsets",
    "AbsInset",
    "ResizeBounds",
    "MinResize",
    "MaxResize",
    "PushedTextOffset",
    "BarColor",
    "HighlightColor",
    "ScrollChild",
    "ScopedModifier",
    "MaskedTextures",
    "MaskedTexture",
];

/// The status of a tag: `applied`, or why not.
pub fn tag_status(schema: &Schema, tag: &str) -> &'static str {
    let Some(def) = schema.tag(tag) else {
        return "unknown";
    };
    if def.is_virtual {
        return "abstract";
    }
    if HANDLED_TAGS.contains(&def.name.as_str()) {
        return "applied";
    }
    if schema.extends(tag, "Animation")
        || schema.extends(tag, "AnimationGroup")
        || def.name == "Animations"
    {
        return "applied (animations)";
    }
    if matches!(def.name.as_str(), "ControlPoints" | "ControlPoint") {
        return "applied (animation paths)";
    }
    if def.name == "Actor" {
        return "applied (templates of `CreateActor`)";
    }
    if def.name.starts_with("FontStringHeader") {
        return "applied (the SimpleHTML's `SetFontObject(\"hN\", font)`)";
    }
    if matches!(def.name.as_str(), "RelDimension" | "RelInset") {
        return "applied (fractions of the screen)";
    }
    if matches!(def.name.as_str(), "Mixins" | "Mixin") {
        return "applied (as `mixin`)";
    }
    if matches!(def.name.as_str(), "ForbiddenAspects" | "ForbiddenAspect") {
        return "applied (`AddForbiddenAspects`)";
    }
    if def.name == "ViewInsets" {
        return "applied (`SetViewInsets`)";
    }
    if def.name == "Origin" {
        return "applied (`SetOrigin`)";
    }
    if matches!(
        def.name.as_str(),
        "SwipeTexture" | "EdgeTexture" | "BlingTexture"
    ) {
        return "applied (parent method)";
    }
    if matches!(def.name.as_str(), "Bindings" | "Binding") {
        return "applied (Bindings.xml)";
    }
    if matches!(def.name.as_str(), "MaskedTextures" | "MaskedTexture") {
        return "applied (`AddMaskTexture`)";
    }
    match schema.tag_impl(tag) {
        Some(TagImpl::Script { .. }) => "applied (script handler)",
        Some(TagImpl::Call { .. }) => "applied (parent method)",
        Some(TagImpl::UiObject(_)) if schema.extends(tag, "LayoutFrame") => "applied",
        _ if schema.extends(tag, "Texture") || schema.extends(tag, "FontString") => {
            "applied (region)"
        }
        _ if schema.extends(tag, "ButtonFont") => "applied (font object)",
        _ => "not implemented",
    }
}

/// The status of an attribute, with the method it calls.
pub fn attr_status(schema: &Schema, tag: &str, attr: &str) -> String {
    match attrs::action(schema, tag, attr) {
        Act::Internal => "applied (loader)".into(),
        Act::Method(m, _) => format!("`{m}`"),
        Act::Late(m, _) => format!("`{m}` (late)"),
        Act::Store(f, _) if f.starts_with("xml:") => format!("stored (field `{f}`)"),
        Act::Store(f, _) => format!("stored (reference field `{f}`)"),
        Act::NotImplemented => match (tag, attr) {
            ("Origin", "point") => "applied (`SetOrigin`)".into(),
            (_, "point" | "relativeto" | "relativekey" | "relativepoint") => {
                "applied (`SetPoint`)".into()
            }
            ("Size" | "AbsDimension" | "Offset" | "Shadow" | "PushedTextOffset", "x" | "y") => {
                "applied".into()
            }
            ("Anchor", "x" | "y") => "applied (`SetPoint`)".into(),
            ("Layer", "level" | "texturesublevel") => "applied (`SetDrawLayer`)".into(),
            ("KeyValue" | "Attribute", _) => "applied".into(),
            (_, "function" | "method" | "inherit" | "intrinsicorder")
                if schema.extends(tag, "ScriptType") =>
            {
                "applied".into()
            }
            (
                "Color" | "MinColor" | "MaxColor" | "BarColor" | "HighlightColor",
                "r" | "g" | "b" | "a" | "color",
            ) => "applied".into(),
            ("TexCoords", _) | ("Rect", _) | ("AbsInset", _) | ("AbsValue", "val") => {
                "applied".into()
            }
            ("HitRectInsets" | "TextInsets" | "ViewInsets", _) => "applied".into(),
            ("Insets", _) => "applied (on `HitRectInsets`, `TextInsets`)".into(),
            ("RelDimension", "x") | ("RelInset", "left" | "right") => {
                "applied (fraction of the screen's width)".into()
            }
            ("RelDimension", "y") | ("RelInset", "top" | "bottom") => {
                "applied (fraction of the screen's height)".into()
            }
            ("Mixin", "key") => "applied (a global mixin table, as `mixin`)".into(),
            ("Mixin", a) => match super::props::MIXIN_STORED.iter().find(|(n, _)| *n == a) {
                Some((_, f)) => {
                    format!("stored (field `{f}`; taint partitions: no taint in wow-sim)")
                }
                None => "not implemented".into(),
            },
            ("ForbiddenAspect", "aspect") => "applied (`AddForbiddenAspects`)".into(),
            ("ScopedModifier", "forbidden") => "applied (objects inside are forbidden)".into(),
            ("ScopedModifier", "hidefromglobalenv") => {
                "applied (names of objects inside are not set in `_G`)".into()
            }
            ("ScopedModifier", "addtosecureenv") => {
                "applied (the secure environment reads `_G`; hidden names are set in it)".into()
            }
            ("ScopedModifier", "scriptsusegivenenv") => {
                "applied (inline handlers run in the addon's own table, `mixin=` and `function=` names are looked up there: fixture `xml/scoped_given_env`)".into()
            }
            ("ScopedModifier", "fulllockdown") => {
                "stored (field `xml:fullLockdown`; no taint in wow-sim)".into()
            }
            ("ScopedModifier", "useforbiddenobjecttable") => {
                "stored (field `xml:useForbiddenObjectTable`; no taint in wow-sim)".into()
            }
            (_, "autoenableinput") if schema.extends(tag, "ScriptType") => {
                "applied (mouse script handlers enable their input)".into()
            }
            ("MaskedTexture", "childkey") => "applied (`AddMaskTexture`)".into(),
            ("Gradient", "orientation") => "applied (`SetGradient`)".into(),
            ("Script" | "Include", "file") => "applied (loader)".into(),
            ("Member", "alphabet") => "applied (roman only)".into(),
            ("ControlPoint", "offsetx" | "offsety") => "applied (`SetOffset`)".into(),
            ("Binding", "name" | "runonup") => "applied (Bindings.xml)".into(),
            ("Binding", _) => "stored (command info)".into(),
            ("NormalFont" | "HighlightFont" | "DisabledFont" | "ButtonFont", "style") => {
                "applied".into()
            }
            _ => "not implemented".into(),
        },
    }
}

/// The coverage table of the schema as Markdown.
pub fn report_markdown(schema: &Schema, title: &str) -> String {
    let mut out = String::new();
    let (mut tags, mut tags_ok, mut nattrs, mut attrs_ok, mut stored) = (0, 0, 0, 0, 0);
    let mut body = String::new();
    for t in schema.tags() {
        if t.name.starts_with("On") || t.name.ends_with("Click") {
            continue;
        }
        tags += 1;
        let status = tag_status(schema, &t.name);
        if status.starts_with("applied") || status == "abstract" {
            tags_ok += 1;
        }
        let _ = writeln!(body, "| `{}` | | {} |", t.name, status);
        let mut names: Vec<&str> = t.attributes.iter().map(|a| a.name.as_str()).collect();
        names.sort_unstable();
        for a in names {
            nattrs += 1;
            let s = attr_status(schema, &t.name, a);
            if s.starts_with("stored") {
                stored += 1;
            } else if !s.starts_with("not") {
                attrs_ok += 1;
            }
            let _ = writeln!(body, "| | `{a}` | {s} |");
        }
    }
    let handlers = schema
        .tags()
        .filter(|t| schema.extends(&t.name, "ScriptType"))
        .count();
    let _ = writeln!(out, "# XML coverage: {title}\n");
    let _ = writeln!(
        out,
        "Generated by `cargo test -p wowsim-core --test xml_coverage` (bless with \
         `WOWSIM_BLESS=1`) from the client's schema (`wowsim-xml`, from wowless `xml.yaml`) and \
         the loader's tables (`crates/wowsim-core/src/xmlui/`). A `Method` status means the \
         loader calls that method by name; if the widget has no such method yet, each use is \
         counted at run time (`Simulator::xml_not_applied`). A `stored` attribute has nothing \
         to emulate: its value is kept in the object's field (a reference field where the \
         client has a getter for it).\n"
    );
    let _ = writeln!(
        out,
        "Tags: {tags_ok} of {tags} applied; attributes: {attrs_ok} of {nattrs} applied and \
         {stored} stored; {handlers} script handler tags (all applied, not listed).\n"
    );
    out.push_str("| Tag | Attribute | Status |\n| --- | --- | --- |\n");
    out.push_str(&body);
    out
}
