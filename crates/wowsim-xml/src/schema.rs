//! The client's UI XML schema (tags, attributes, allowed children), loaded from the
//! generated `data/<flavor>.txt` files that are embedded in the crate, completed by
//! `data/overrides.txt` (what Blizzard's XML uses), `data/xsd_<flavor>.txt` (what the client's
//! UI.xsd accepts) and `data/script_args.txt` (the handlers' parameter names).

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use crate::Flavor;

/// The type of an attribute value, as the schema declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrType {
    /// Any text.
    String,
    /// A number (Lua `tonumber` syntax).
    Number,
    /// `xs:boolean`: `true`, `false`, `1` or `0` (see [`crate::parse_bool`]).
    Boolean,
    /// A comma- or space-separated list of names.
    StringList,
    /// One of the upper-case names of the named string enum (case-insensitive).
    StringEnum(String),
    /// A key (or numeric value) of the named `Enum.*` table.
    Enum(String),
}

/// One attribute of a tag.
#[derive(Clone, Debug)]
pub struct AttrDef {
    /// Lower-case attribute name.
    pub name: String,
    /// Declared value type.
    pub ty: AttrType,
    /// How the client applies it, flattened (e.g. `field=isClampedToScreen`, `method=SetAlpha`,
    /// `internal`, `loadfile`, `scope=layer`); `None` when the schema says nothing.
    pub impl_info: Option<String>,
    /// `early` or `late` when the attribute is applied outside the normal order.
    pub phase: Option<String>,
    /// The schema marks the attribute as required.
    pub required: bool,
    /// The client emits an "Invalid ... value" warning for a bad value.
    pub warns_on_invalid: bool,
}

/// What a tag makes when the client loads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagImpl {
    /// Creates a UI object of this type.
    UiObject(String),
    /// Only groups its children (e.g. `Frames`, `Layers`, `Anchors`).
    Transparent,
    /// A script handler; `args` is the parameter list when the schema gives one.
    Script {
        /// e.g. `self, button, down`.
        args: Option<String>,
    },
    /// Calls `parent_method` on the enclosing `parent_type` object with `argument`.
    Call {
        /// `self` or `lastkid`.
        argument: String,
        /// e.g. `SetNormalTexture`.
        parent_method: String,
        /// e.g. `Button`.
        parent_type: String,
    },
    /// Runs its text as Lua (the `Script` tag).
    LoadString,
    /// Anything else, flattened.
    Other(String),
}

/// One tag of the schema.
#[derive(Clone, Debug)]
pub struct TagDef {
    /// Canonical spelling, e.g. `FontString`.
    pub name: String,
    /// The tag it inherits attributes and contents from.
    pub extends: Option<String>,
    /// `extends`' position in the schema (set once every tag is read).
    pub(crate) extends_at: Option<usize>,
    /// What it makes, when declared on this tag itself (see [`Schema::tag_impl`]).
    pub impl_info: Option<TagImpl>,
    /// Abstract: cannot appear in XML itself.
    pub is_virtual: bool,
    /// Only allowed where named explicitly, never in place of the tag it extends.
    pub sealed: bool,
    /// May be the document root (`Ui`, `Bindings`).
    pub root: bool,
    /// Its contents are text (Lua code for `Script` and handlers).
    pub text: bool,
    /// `early`/`late` load phase when the schema gives one.
    pub phase: Option<String>,
    /// Attributes declared on this tag itself (not inherited).
    pub attributes: Vec<AttrDef>,
    /// Child tags declared on this tag itself (not inherited).
    pub children: Vec<String>,
}

/// The whole schema of one flavour.
#[derive(Debug)]
pub struct Schema {
    tags: Vec<TagDef>,
    index: HashMap<String, usize>,
    /// Per tag, the positions of the child tags it allows, its own and inherited (sorted):
    /// `is_allowed_child` runs for every element of every XML file.
    allowed: Vec<Vec<usize>>,
    enums: HashMap<String, Vec<(String, Option<i64>)>>,
}

const RETAIL: &str = include_str!("../data/retail.txt");
const CLASSIC: &str = include_str!("../data/classic.txt");
const CLASSIC_ERA: &str = include_str!("../data/classic_era.txt");
const OVERRIDES: &str = include_str!("../data/overrides.txt");
const SCRIPT_ARGS: &str = include_str!("../data/script_args.txt");
const XSD_RETAIL: &str = include_str!("../data/xsd_retail.txt");
const XSD_CLASSIC_ERA: &str = include_str!("../data/xsd_classic_era.txt");

/// The schema of a flavour (parsed once, then shared).
pub fn schema(flavor: Flavor) -> &'static Schema {
    static CELLS: [OnceLock<Schema>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    // What the client's UI.xsd of the flavour's Blizzard UI adds (none is compared for Classic).
    let (i, src, xsd) = match flavor {
        Flavor::Retail => (0, RETAIL, XSD_RETAIL),
        Flavor::Classic => (1, CLASSIC, ""),
        Flavor::ClassicEra => (2, CLASSIC_ERA, XSD_CLASSIC_ERA),
    };
    CELLS[i].get_or_init(|| {
        let mut text = String::with_capacity(src.len() + OVERRIDES.len() + xsd.len() + 2);
        text.push_str(src);
        text.push('\n');
        text.push_str(OVERRIDES);
        text.push('\n');
        text.push_str(xsd);
        let mut s = Schema::from_text(&text);
        s.fill_script_args(SCRIPT_ARGS);
        if flavor == Flavor::ClassicEra {
            s.adopt_classic_types();
        }
        s
    })
}

impl Schema {
    /// Classic Era's schema has frame tags wowless could not type there (`unknowntype`:
    /// `ArchaeologyDigSiteFrame`, `QuestPOIFrame`, `ScenarioPOIFrame`); they make the type the
    /// Classic schema names, which the reference data adopts for Classic Era too
    /// (`wowsim_data::ProductData::uiobjects`).
    fn adopt_classic_types(&mut self) {
        let classic = schema(Flavor::Classic);
        for t in self.tags.iter_mut() {
            if !matches!(&t.impl_info, Some(TagImpl::Other(o)) if o == "unknowntype") {
                continue;
            }
            if let Some(TagImpl::UiObject(u)) =
                classic.tag(&t.name).and_then(|c| c.impl_info.as_ref())
            {
                t.impl_info = Some(TagImpl::UiObject(u.clone()));
            }
        }
    }
}

/// The schema of a flavour widened with a Blizzard UI's own `UI.xsd` (its text): everything
/// the client's schema accepts is accepted ([`Schema::with_xsd`]). Parsed once per distinct
/// text and flavour, then shared for the life of the process like [`schema`].
pub fn schema_with_xsd(flavor: Flavor, xsd_text: &str) -> Result<&'static Schema, crate::XsdError> {
    type Cache = Vec<(Flavor, String, &'static Schema)>;
    static CACHE: std::sync::Mutex<Cache> = std::sync::Mutex::new(Vec::new());
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, _, s)) = cache
        .iter()
        .find(|(f, text, _)| *f == flavor && text == xsd_text)
    {
        return Ok(s);
    }
    let xsd = crate::parse_xsd(xsd_text)?;
    let widened: &'static Schema = Box::leak(Box::new(schema(flavor).with_xsd(&xsd)));
    cache.push((flavor, xsd_text.to_string(), widened));
    Ok(widened)
}

fn parse_impl(s: &str) -> TagImpl {
    let parts: Vec<(&str, &str)> = s
        .split(';')
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .collect();
    let get = |k: &str| {
        parts
            .iter()
            .find(|(pk, _)| *pk == k)
            .map(|(_, v)| v.to_string())
    };
    match parts.first().map(|(k, _)| *k) {
        Some("uiobject") => TagImpl::UiObject(get("uiobject").unwrap_or_default()),
        Some("transparent") => TagImpl::Transparent,
        Some("loadstring") => TagImpl::LoadString,
        Some(k) if k == "script" || k.starts_with("script.") => TagImpl::Script {
            args: get("script.args"),
        },
        Some(k) if k.starts_with("call.") => TagImpl::Call {
            argument: get("call.argument").unwrap_or_default(),
            parent_method: get("call.parentmethod").unwrap_or_default(),
            parent_type: get("call.parenttype").unwrap_or_default(),
        },
        _ => TagImpl::Other(s.to_string()),
    }
}

fn parse_type(s: &str) -> AttrType {
    match s.split_once(':') {
        Some(("stringenum", n)) => AttrType::StringEnum(n.to_string()),
        Some(("enum", n)) => AttrType::Enum(n.to_string()),
        _ => match s {
            "number" => AttrType::Number,
            "boolean" => AttrType::Boolean,
            "stringlist" => AttrType::StringList,
            _ => AttrType::String,
        },
    }
}

impl Schema {
    /// Parses the generated line format (see `gen-schema.py`); unknown lines are skipped.
    pub fn from_text(src: &str) -> Schema {
        let mut tags: Vec<TagDef> = Vec::new();
        let mut enums = HashMap::default();
        // A T line for a tag seen before reopens it (used by the overrides file).
        let mut current: Option<usize> = None;
        for line in src.lines() {
            let mut f = line.split('\t');
            match (f.next(), f.next()) {
                (Some("T"), Some(name)) => {
                    if let Some(i) = tags.iter().position(|t| t.name == name) {
                        current = Some(i);
                        continue;
                    }
                    let mut t = TagDef::plain(name);
                    for field in f {
                        match field.split_once('=') {
                            Some(("extends", v)) => t.extends = Some(v.to_string()),
                            Some(("impl", v)) => t.impl_info = Some(parse_impl(v)),
                            Some(("phase", v)) => t.phase = Some(v.to_string()),
                            _ => match field {
                                "virtual" => t.is_virtual = true,
                                "sealed" => t.sealed = true,
                                "root" => t.root = true,
                                "text" => t.text = true,
                                _ => {}
                            },
                        }
                    }
                    tags.push(t);
                    current = Some(tags.len() - 1);
                }
                (Some("A"), Some(name)) => {
                    let mut a = AttrDef {
                        name: name.to_ascii_lowercase(),
                        ty: parse_type(f.next().unwrap_or("string")),
                        impl_info: None,
                        phase: None,
                        required: false,
                        warns_on_invalid: false,
                    };
                    for field in f {
                        match field.split_once('=') {
                            Some(("impl", v)) => a.impl_info = Some(v.to_string()),
                            Some(("phase", v)) => a.phase = Some(v.to_string()),
                            _ => match field {
                                "required" => a.required = true,
                                "warnsoninvalid" => a.warns_on_invalid = true,
                                _ => {}
                            },
                        }
                    }
                    if let Some(t) = current.and_then(|i| tags.get_mut(i)) {
                        t.attributes.retain(|o| o.name != a.name);
                        t.attributes.push(a);
                    }
                }
                (Some("C"), Some(name)) => {
                    if let Some(t) = current.and_then(|i| tags.get_mut(i)) {
                        if !t.children.iter().any(|c| c == name) {
                            t.children.push(name.to_string());
                        }
                    }
                }
                (Some("E"), Some(name)) => {
                    let vals = f
                        .map(|v| match v.split_once('=') {
                            Some((k, n)) => (k.to_string(), n.parse().ok()),
                            None => (v.to_string(), None),
                        })
                        .collect();
                    enums.insert(name.to_string(), vals);
                }
                _ => {}
            }
        }
        Schema::indexed(tags, enums)
    }

    /// A schema of these tags and the enums of this one (see [`Schema::with_xsd`]).
    pub(crate) fn rebuilt(&self, tags: Vec<TagDef>) -> Schema {
        Schema::indexed(tags, self.enums.clone())
    }

    fn indexed(
        mut tags: Vec<TagDef>,
        enums: HashMap<String, Vec<(String, Option<i64>)>>,
    ) -> Schema {
        let index: HashMap<String, usize> = tags
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.to_ascii_lowercase(), i))
            .collect();
        for t in &mut tags {
            let lower = t.extends.as_deref().map(str::to_ascii_lowercase);
            t.extends_at = lower.and_then(|e| index.get(&e).copied());
        }
        let allowed = (0..tags.len())
            .map(|i| allowed_at(&tags, &index, i))
            .collect();
        Schema {
            tags,
            index,
            allowed,
            enums,
        }
    }

    /// The positions of the child tags tag `i` allows (see [`Schema::allowed`]).
    pub(crate) fn allowed_at(&self, i: usize) -> &[usize] {
        &self.allowed[i]
    }

    /// Gives every script tag without a parameter list in the schema the one `list` names
    /// (`data/script_args.txt`: `OnValueChanged<TAB>self, value, userInput` lines; `#`
    /// comments). A list the schema gives is kept.
    pub fn fill_script_args(&mut self, list: &str) {
        for line in list.lines().filter(|l| !l.starts_with('#')) {
            let Some((name, args)) = line.split_once('\t') else {
                continue;
            };
            let Some(i) = self.index_get(&name.to_ascii_lowercase()) else {
                continue;
            };
            if let Some(TagImpl::Script { args: a @ None }) = &mut self.tags[i].impl_info {
                *a = Some(args.trim().to_string());
            }
        }
    }

    pub(crate) fn index_get(&self, lower: &str) -> Option<usize> {
        self.index.get(lower).copied()
    }

    pub(crate) fn tag_at(&self, i: usize) -> &TagDef {
        &self.tags[i]
    }

    pub(crate) fn all_tags(&self) -> &[TagDef] {
        &self.tags
    }

    /// The values of a string enum or `Enum.*` table named by an attribute type
    /// (`(name, Some(number))` for numeric enums).
    pub fn enum_values(&self, name: &str) -> Option<&[(String, Option<i64>)]> {
        self.enums.get(name).map(Vec::as_slice)
    }
}

/// The known child tags of tag `i` and of the tags it extends (the chain as
/// `Schema::supertypes` follows it), as sorted positions.
fn allowed_at(tags: &[TagDef], index: &HashMap<String, usize>, i: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut cur = Some(i);
    for _ in 0..crate::schema_query::MAX_CHAIN {
        let Some(t) = cur.map(|c| &tags[c]) else {
            break;
        };
        out.extend(
            t.children
                .iter()
                .filter_map(|c| index.get(&c.to_ascii_lowercase()).copied()),
        );
        cur = t.extends_at;
    }
    out.sort_unstable();
    out.dedup();
    out
}
