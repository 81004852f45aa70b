//! Validation against the schema: which tag an element is, whether it may appear where it
//! is, and whether its attributes exist and have values of the right type. Messages use the
//! client's wording.

use std::collections::HashMap;

use crate::model::Attr;
use crate::numbers::{parse_bool, parse_number};
use crate::parse::Intrinsic;
use crate::schema::{AttrType, Schema, TagDef};
use crate::{DiagKind, Diagnostic, Pos, Severity};

/// Where an element sits, as far as validation cares.
#[derive(Clone, Copy)]
pub(crate) enum Ctx<'s> {
    /// The document element.
    Root,
    /// Inside a recognized element with this (resolved) definition.
    Known(&'s TagDef),
    /// Inside an unrecognized element: everything below is unrecognized too.
    Unrecognized,
}

/// A recognized element: its canonical tag name and the definition that governs it.
pub(crate) struct Resolved<'s> {
    pub canonical: String,
    pub def: &'s TagDef,
}

pub(crate) fn warning(pos: Pos, kind: DiagKind, message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Warning,
        pos,
        message,
        kind,
        lua_warning: true,
    }
}

/// Resolves `raw` (as written) in context; `None` means "Unrecognized XML".
pub(crate) fn resolve<'s>(
    schema: &'s Schema,
    intrinsics: &HashMap<String, Intrinsic>,
    ctx: Ctx<'s>,
    raw: &str,
) -> Option<Resolved<'s>> {
    let (canonical, def) = match schema.tag(raw) {
        Some(def) => (def.name.clone(), def),
        None => {
            let i = intrinsics.get(&raw.to_ascii_lowercase())?;
            (i.name.clone(), schema.tag(&i.base)?)
        }
    };
    let ok = match ctx {
        Ctx::Root => def.root,
        Ctx::Known(parent) => schema.is_allowed_child(&parent.name, &def.name),
        Ctx::Unrecognized => false,
    };
    ok.then_some(Resolved { canonical, def })
}

/// The message for an element that is not recognized where it is.
pub(crate) fn unrecognized_tag(raw: &str, pos: Pos) -> Diagnostic {
    warning(
        pos,
        DiagKind::UnrecognizedTag,
        format!("Unrecognized XML: {raw}"),
    )
}

/// The message for an attribute the element does not have.
pub(crate) fn unrecognized_attr(a: &Attr) -> Diagnostic {
    warning(
        a.pos,
        DiagKind::UnrecognizedAttribute,
        format!("Unrecognized XML attribute: {}", a.raw_name),
    )
}

/// Whether `value` fits `ty`.
pub(crate) fn value_ok(schema: &Schema, ty: &AttrType, value: &str) -> bool {
    match ty {
        AttrType::String | AttrType::StringList => true,
        AttrType::Number => parse_number(value).is_some(),
        AttrType::Boolean => parse_bool(value).is_some(),
        AttrType::StringEnum(name) => match schema.enum_values(name) {
            Some(vals) => vals
                .iter()
                .any(|(v, _)| v.eq_ignore_ascii_case(value.trim())),
            None => true,
        },
        AttrType::Enum(name) => match schema.enum_values(name) {
            Some(vals) => {
                let num = parse_number(value);
                vals.iter().any(|(k, n)| {
                    k.eq_ignore_ascii_case(value.trim())
                        || matches!((n, num), (Some(n), Some(x)) if (*n as f64) == x)
                })
            }
            None => true,
        },
    }
}

/// Checks every attribute of a recognized element. Namespaced attributes
/// (`xsi:schemaLocation`) belong to XML itself and are not checked.
pub(crate) fn check_attrs(
    schema: &Schema,
    def: &TagDef,
    raw_tag: &str,
    attrs: &[Attr],
    out: &mut Vec<Diagnostic>,
) {
    for a in attrs {
        if a.raw_name.contains(':') {
            continue;
        }
        let Some(ad) = schema.attribute(&def.name, &a.name) else {
            out.push(unrecognized_attr(a));
            continue;
        };
        if !value_ok(schema, &ad.ty, &a.value) {
            let name = attrs
                .iter()
                .find(|n| n.name == "name")
                .map_or(raw_tag, |n| n.value.as_str());
            // The client reports a bad enum value only for the attributes the schema marks
            // `warnsoninvalid` (wowless's in-client suite: `looping` warns, `justifyH`,
            // `alphaMode`, `orientation` do not); a bad number or boolean is reported.
            let is_enum = matches!(ad.ty, AttrType::StringEnum(_) | AttrType::Enum(_));
            out.push(Diagnostic {
                lua_warning: ad.warns_on_invalid || !is_enum,
                ..warning(
                    a.pos,
                    DiagKind::InvalidValue,
                    format!(
                        "{raw_tag} {name}: Invalid {} value: {}",
                        a.raw_name, a.value
                    ),
                )
            });
        }
    }
}

/// Flags every attribute of an unrecognized element, as the client does.
pub(crate) fn flag_attrs(attrs: &[Attr], out: &mut Vec<Diagnostic>) {
    for a in attrs.iter().filter(|a| !a.raw_name.contains(':')) {
        out.push(unrecognized_attr(a));
    }
}

/// The intrinsic an element declares (`intrinsic="true"` with a `name`), if any.
pub(crate) fn declared_intrinsic(
    schema: &Schema,
    intrinsics: &HashMap<String, Intrinsic>,
    resolved: &Resolved<'_>,
    attrs: &[Attr],
) -> Option<Intrinsic> {
    let on = attrs
        .iter()
        .any(|a| a.name == "intrinsic" && parse_bool(&a.value) == Some(true));
    let name = attrs.iter().find(|a| a.name == "name")?.value.trim();
    if !on || name.is_empty() || schema.tag(name).is_some() {
        return None;
    }
    let base = match intrinsics.get(&resolved.canonical.to_ascii_lowercase()) {
        Some(i) => i.base.clone(),
        None => resolved.def.name.clone(),
    };
    Some(Intrinsic {
        name: name.to_string(),
        base,
    })
}
