//! wowsim-data: the WoW API reference (from wowless, MIT; see NOTICE), embedded in the binary.
//!
//! `tools/gen-data.py` converts the wowless YAML into compact JSON under `data/<flavor>/`;
//! this crate embeds those files and parses each kind lazily, once, on first use:
//!
//! ```
//! use wowsim_data::{data, Flavor};
//! let retail = data(Flavor::Retail);
//! let after = retail.api("C_Timer.After").unwrap();
//! assert_eq!(after.inputs.as_ref().unwrap().len(), 2);
//! ```

mod api;
mod hierarchy;
mod objects;
mod value;

use std::sync::OnceLock;

use serde::de::DeserializeOwned;

pub use api::{Api, BuildInfo, CVar, EnumDef, Event, Param, StringEnum, Structure};
pub use objects::{
    CallImpl, Field, LuaObject, Method, MethodImpl, ScriptImpl, SetTextureImpl, UiObject, XmlAttr,
    XmlAttrImpl, XmlTag, XmlTagImpl,
};
pub use value::{Ty, Value};

/// A game flavour (wowless "product"): the workspace's one flavour type.
pub use wowsim_flavor::Flavor;

/// The reference data of one product (parsed lazily per kind, cached for the process).
pub fn data(p: Flavor) -> &'static ProductData {
    static DATA: [ProductData; 3] = [
        ProductData::new(Flavor::Retail),
        ProductData::new(Flavor::Classic),
        ProductData::new(Flavor::ClassicEra),
    ];
    &DATA[p as usize]
}

/// The embedded JSON of one product.
struct Files {
    build: &'static str,
    apis: &'static str,
    events: &'static str,
    enums: &'static str,
    stringenums: &'static str,
    structures: &'static str,
    globals: &'static str,
    cvars: &'static str,
    uiobjects: &'static str,
    luaobjects: &'static str,
    xml: &'static str,
    scripttypes: &'static str,
    config: &'static str,
}

macro_rules! embed {
    ($flavor:literal) => {
        Files {
            build: embed!($flavor, "build"),
            apis: embed!($flavor, "apis"),
            events: embed!($flavor, "events"),
            enums: embed!($flavor, "enums"),
            stringenums: embed!($flavor, "stringenums"),
            structures: embed!($flavor, "structures"),
            globals: embed!($flavor, "globals"),
            cvars: embed!($flavor, "cvars"),
            uiobjects: embed!($flavor, "uiobjects"),
            luaobjects: embed!($flavor, "luaobjects"),
            xml: embed!($flavor, "xml"),
            scripttypes: embed!($flavor, "scripttypes"),
            config: embed!($flavor, "config"),
        }
    };
    ($flavor:literal, $kind:literal) => {
        include_str!(concat!("../data/", $flavor, "/", $kind, ".json"))
    };
}

/// `data/client_api.tsv`: see [`ProductData::client_api`].
static CLIENT_API: &str = include_str!("../data/client_api.tsv");

static FILES: [Files; 3] = [embed!("retail"), embed!("classic"), embed!("classic_era")];

fn parse<T: DeserializeOwned>(json: &str) -> T {
    serde_json::from_str(json).expect("embedded data is valid")
}

/// A list kind, without the spare capacity a growing `Vec` keeps (the data lives for the
/// whole run).
fn parse_list<T: DeserializeOwned>(json: &str) -> Vec<T> {
    let mut v: Vec<T> = parse(json);
    v.shrink_to_fit();
    v
}

/// Reads a list field without spare capacity: serde grows a `Vec` by doubling, which left
/// the retail API catalogue's parameter lists at three times their length (BENCHMARKS.md,
/// round 9).
pub(crate) fn exact<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let mut v = <Vec<T> as serde::Deserialize>::deserialize(d)?;
    v.shrink_to_fit();
    Ok(v)
}

/// [`exact`] for an optional list (`null` or absent is `None`).
pub(crate) fn exact_opt<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    d: D,
) -> Result<Option<Vec<T>>, D::Error> {
    let mut v = <Option<Vec<T>> as serde::Deserialize>::deserialize(d)?;
    if let Some(v) = v.as_mut() {
        v.shrink_to_fit();
    }
    Ok(v)
}

/// One product's reference data. Every accessor parses its kind on first call only.
pub struct ProductData {
    product: Flavor,
    build: OnceLock<BuildInfo>,
    apis: OnceLock<Vec<Api>>,
    events: OnceLock<Vec<Event>>,
    enums: OnceLock<Vec<EnumDef>>,
    string_enums: OnceLock<Vec<StringEnum>>,
    structures: OnceLock<Vec<Structure>>,
    globals: OnceLock<Vec<(String, Value)>>,
    cvars: OnceLock<Vec<CVar>>,
    uiobjects: OnceLock<Vec<UiObject>>,
    luaobjects: OnceLock<Vec<LuaObject>>,
    xml_tags: OnceLock<Vec<XmlTag>>,
    script_types: OnceLock<Vec<String>>,
    config: OnceLock<Value>,
}

/// Binary search in a list sorted by `name` (all lists are sorted by the generator).
fn by_name<'a, T>(list: &'a [T], name: &str, key: impl Fn(&T) -> &str) -> Option<&'a T> {
    list.binary_search_by(|x| key(x).cmp(name))
        .ok()
        .map(|i| &list[i])
}

impl ProductData {
    const fn new(product: Flavor) -> Self {
        ProductData {
            product,
            build: OnceLock::new(),
            apis: OnceLock::new(),
            events: OnceLock::new(),
            enums: OnceLock::new(),
            string_enums: OnceLock::new(),
            structures: OnceLock::new(),
            globals: OnceLock::new(),
            cvars: OnceLock::new(),
            uiobjects: OnceLock::new(),
            luaobjects: OnceLock::new(),
            xml_tags: OnceLock::new(),
            script_types: OnceLock::new(),
            config: OnceLock::new(),
        }
    }

    fn files(&self) -> &'static Files {
        &FILES[self.product as usize]
    }

    /// Which product this is.
    pub fn product(&self) -> Flavor {
        self.product
    }

    /// Client build.
    pub fn build(&self) -> &BuildInfo {
        self.build.get_or_init(|| parse(self.files().build))
    }

    /// All functions, sorted by full name.
    pub fn apis(&self) -> &[Api] {
        self.apis.get_or_init(|| {
            let mut apis: Vec<Api> = parse_list(self.files().apis);
            apis.iter_mut().for_each(Api::split_name);
            apis
        })
    }

    /// All events, sorted by name.
    pub fn events(&self) -> &[Event] {
        self.events.get_or_init(|| parse_list(self.files().events))
    }

    /// All `Enum.*` tables, sorted by name.
    pub fn enums(&self) -> &[EnumDef] {
        self.enums.get_or_init(|| parse_list(self.files().enums))
    }

    /// All string enums, sorted by name.
    pub fn string_enums(&self) -> &[StringEnum] {
        self.string_enums
            .get_or_init(|| parse_list(self.files().stringenums))
    }

    /// All structures, sorted by name.
    pub fn structures(&self) -> &[Structure] {
        self.structures
            .get_or_init(|| parse_list(self.files().structures))
    }

    /// Global constants (`Constants`, `LE_*`, ...), sorted by name.
    pub fn globals(&self) -> &[(String, Value)] {
        self.globals
            .get_or_init(|| parse_list(self.files().globals))
    }

    /// All cvars, sorted by lower-case name.
    pub fn cvars(&self) -> &[CVar] {
        self.cvars.get_or_init(|| parse_list(self.files().cvars))
    }

    /// All UI object types, sorted by name.
    pub fn uiobjects(&self) -> &[UiObject] {
        self.uiobjects.get_or_init(|| {
            let mut list: Vec<UiObject> = parse_list(self.files().uiobjects);
            self.adopt_schema_types(&mut list);
            list
        })
    }

    /// Classic Era's reference lacks frame types whose XML tags its own schema has (wowless
    /// marks them `unknowntype`: `ArchaeologyDigSiteFrame`, `QuestPOIFrame`,
    /// `ScenarioPOIFrame`) and whose methods its UI's API documentation lists
    /// (`FrameAPIBlob`, which Blizzard's Classic Era `DigSiteDataProvider.lua` calls). A flavour
    /// never loses what its client has, so they come from the Classic reference, with the
    /// bases they need (`POIFrame`).
    fn adopt_schema_types(&self, list: &mut Vec<UiObject>) {
        if self.product != Flavor::ClassicEra {
            return;
        }
        let classic = data(Flavor::Classic);
        // The tags are read with `adopted_tag` applied: theirs now name their own type.
        let mut wanted: Vec<String> = (self.xml_tags().iter())
            .filter_map(|t| match &t.impl_ {
                Some(XmlTagImpl::UiObject(n)) if classic.uiobject(n).is_some() => Some(n.clone()),
                _ => None,
            })
            .collect();
        while let Some(name) = wanted.pop() {
            if list.iter().any(|o| o.name == name) {
                continue;
            }
            let Some(o) = classic.uiobject(&name) else {
                continue;
            };
            wanted.extend(o.inherits.iter().cloned());
            list.push(o.clone());
        }
        list.sort_by(|a, b| a.name.cmp(&b.name));
    }

    /// Whether `tag` is a frame tag of Classic Era's schema without a type in its reference
    /// that the Classic reference has (see [`Self::adopt_schema_types`]).
    fn adopted_tag(&self, tag: &XmlTag) -> bool {
        self.product == Flavor::ClassicEra
            && matches!(tag.impl_, Some(XmlTagImpl::UnknownType))
            && data(Flavor::Classic).uiobject(&tag.name).is_some()
    }

    /// All Lua object types, sorted by name.
    pub fn luaobjects(&self) -> &[LuaObject] {
        self.luaobjects
            .get_or_init(|| parse_list(self.files().luaobjects))
    }

    /// All XML tags, sorted by name.
    pub fn xml_tags(&self) -> &[XmlTag] {
        self.xml_tags.get_or_init(|| {
            let mut tags: Vec<XmlTag> = parse_list(self.files().xml);
            for t in tags.iter_mut().filter(|t| self.adopted_tag(t)) {
                t.impl_ = Some(XmlTagImpl::UiObject(t.name.clone()));
            }
            tags
        })
    }

    /// All script handler names (`OnLoad`, ...), sorted.
    pub fn script_types(&self) -> &[String] {
        self.script_types
            .get_or_init(|| parse_list(self.files().scripttypes))
    }

    /// wowless product settings (`config.yaml`) as a table, e.g. `addon.capsule.globalapis`.
    pub fn config(&self) -> &Value {
        self.config.get_or_init(|| parse(self.files().config))
    }

    /// Parses every kind now (e.g. at startup, or to measure).
    pub fn load_all(&self) {
        self.build();
        self.apis();
        self.events();
        self.enums();
        self.string_enums();
        self.structures();
        self.globals();
        self.cvars();
        self.uiobjects();
        self.luaobjects();
        self.xml_tags();
        self.script_types();
        self.config();
    }

    /// The global C functions this flavour's client has by its own dump of its global
    /// environment that the reference lacks (`data/client_api.tsv`, made by
    /// `scripts/client-api.py`): names only, no signature. Sorted by name.
    pub fn client_api(&self) -> impl Iterator<Item = &'static str> {
        let letter = match self.product {
            Flavor::Retail => 'r',
            Flavor::Classic => 'c',
            Flavor::ClassicEra => 'e',
        };
        CLIENT_API
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once('\t'))
            .filter(move |(_, flavours)| flavours.contains(letter))
            .map(|(name, _)| name)
    }

    /// A function by full name (`"C_Timer.After"`, `"GetTime"`).
    pub fn api(&self, name: &str) -> Option<&Api> {
        by_name(self.apis(), name, |a| &a.name)
    }

    /// An event by name.
    pub fn event(&self, name: &str) -> Option<&Event> {
        by_name(self.events(), name, |e| &e.name)
    }

    /// An enum by name, with or without the `Enum.` prefix.
    pub fn enum_def(&self, name: &str) -> Option<&EnumDef> {
        let name = name.strip_prefix("Enum.").unwrap_or(name);
        by_name(self.enums(), name, |e| &e.name)
    }

    /// A string enum by name.
    pub fn string_enum(&self, name: &str) -> Option<&StringEnum> {
        by_name(self.string_enums(), name, |e| &e.name)
    }

    /// A structure by name.
    pub fn structure(&self, name: &str) -> Option<&Structure> {
        by_name(self.structures(), name, |s| &s.name)
    }

    /// A global constant by name.
    pub fn global(&self, name: &str) -> Option<&Value> {
        by_name(self.globals(), name, |g| &g.0).map(|g| &g.1)
    }

    /// A cvar by name, ignoring case.
    pub fn cvar(&self, name: &str) -> Option<&CVar> {
        by_name(self.cvars(), &name.to_ascii_lowercase(), |c| &c.name)
    }

    /// A UI object type by name, ignoring case (as `CreateFrame` does).
    pub fn uiobject(&self, name: &str) -> Option<&UiObject> {
        let list = self.uiobjects();
        by_name(list, name, |o| &o.name)
            .or_else(|| list.iter().find(|o| o.name.eq_ignore_ascii_case(name)))
    }

    /// A Lua object type by name.
    pub fn luaobject(&self, name: &str) -> Option<&LuaObject> {
        by_name(self.luaobjects(), name, |o| &o.name)
    }

    /// An XML tag by name, ignoring case.
    pub fn xml_tag(&self, name: &str) -> Option<&XmlTag> {
        let list = self.xml_tags();
        by_name(list, name, |t| &t.name)
            .or_else(|| list.iter().find(|t| t.name.eq_ignore_ascii_case(name)))
    }
}
