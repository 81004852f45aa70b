//! Functions, events, enums, structures, cvars and build info: the "flat" reference kinds.

use serde::ser::SerializeTuple;
use serde::{Deserialize, Serialize, Serializer};

use crate::value::{Ty, Value};

/// One parameter, return value, event payload entry or structure field.
///
/// Encoded as `[name|null, type]` or `[name|null, type, {options}]`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(from = "RawParam")]
pub struct Param {
    /// Name, when the reference gives one.
    pub name: Option<String>,
    /// Declared type.
    pub ty: Ty,
    /// May be `nil`.
    pub nilable: bool,
    /// Default used when an input is omitted (or a structure field's default).
    pub default: Option<Value>,
    /// Value wowless returns from a stub of this output (an empty table means `{}`).
    pub stub: Option<Value>,
    /// The stub must not return `nil` even though the output is nilable.
    pub stub_not_nil: bool,
    /// The input accepts values looser than its declared type.
    pub permissive: bool,
}

#[derive(Deserialize)]
struct RawParam(Option<String>, Ty, #[serde(default)] ParamOpts);

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ParamOpts {
    #[serde(default)]
    nilable: bool,
    default: Option<Value>,
    stub: Option<Value>,
    #[serde(default)]
    stubnotnil: bool,
    #[serde(default)]
    permissive: bool,
}

/// [`ParamOpts`] as written back: only the options that differ from their defaults.
#[derive(Serialize)]
struct ParamOptsOut<'a> {
    #[serde(skip_serializing_if = "is_false")]
    nilable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    default: &'a Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stub: &'a Option<Value>,
    #[serde(skip_serializing_if = "is_false")]
    stubnotnil: bool,
    #[serde(skip_serializing_if = "is_false")]
    permissive: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Writes the encoding [`Param`] is read from (`[name|null, type, {options}]`), so a
/// serialized value reads back equal (the API-documentation cache relies on it).
impl Serialize for Param {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(3)?;
        t.serialize_element(&self.name)?;
        t.serialize_element(&self.ty)?;
        t.serialize_element(&ParamOptsOut {
            nilable: self.nilable,
            default: &self.default,
            stub: &self.stub,
            stubnotnil: self.stub_not_nil,
            permissive: self.permissive,
        })?;
        t.end()
    }
}

impl From<RawParam> for Param {
    fn from(RawParam(name, ty, o): RawParam) -> Self {
        Param {
            name,
            ty,
            nilable: o.nilable,
            default: o.default,
            stub: o.stub,
            stub_not_nil: o.stubnotnil,
            permissive: o.permissive,
        }
    }
}

/// A global or namespaced function (`GetTime`, `C_Timer.After`, `bit.band`, ...).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Api {
    /// Full dotted name.
    pub name: String,
    /// The part before the last `.` (`C_Timer`), if any.
    #[serde(skip)]
    pub namespace: Option<String>,
    /// The part after the last `.` (`After`), or the whole name.
    #[serde(skip)]
    pub short_name: String,
    /// Inputs; `None` when the signature is unknown.
    #[serde(default, deserialize_with = "crate::exact_opt")]
    pub inputs: Option<Vec<Param>>,
    /// Outputs; `None` when unknown.
    #[serde(default, deserialize_with = "crate::exact_opt")]
    pub outputs: Option<Vec<Param>>,
    /// wowless implementation module (Lua library functions are named like `bit.band`).
    #[serde(rename = "impl")]
    pub impl_: Option<String>,
    /// Protected: only callable from secure (Blizzard) code.
    #[serde(default)]
    pub protected: bool,
    /// Only exists in the secure environment.
    #[serde(default)]
    pub secureonly: bool,
    /// Known to be unsupported by wowless on this product.
    #[serde(default)]
    pub unsupported: bool,
    /// Only on this platform (e.g. `"mac"`).
    pub platform: Option<String>,
    /// May return no values at all (instead of its outputs).
    #[serde(default)]
    pub mayreturnnothing: bool,
    /// The stub returns nothing.
    #[serde(default)]
    pub stubnothing: bool,
    /// Trailing inputs repeat with this stride (varargs).
    pub instride: Option<u32>,
    /// Trailing outputs repeat with this stride.
    pub outstride: Option<u32>,
    /// Number of output strides the stub returns.
    pub stuboutstrides: Option<u32>,
}

impl Api {
    /// Sets [`Api::namespace`] and [`Api::short_name`] from [`Api::name`] (they are not
    /// serialized).
    pub fn split_name(&mut self) {
        match self.name.rsplit_once('.') {
            Some((ns, short)) => {
                self.namespace = Some(ns.to_owned());
                self.short_name = short.to_owned();
            }
            None => self.short_name = self.name.clone(),
        }
    }
}

/// A game event.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// Event name (`ADDON_LOADED`).
    pub name: String,
    /// Arguments passed after the event name.
    #[serde(deserialize_with = "crate::exact")]
    pub payload: Vec<Param>,
    /// Delivered to `EventRegistry`/callbacks.
    #[serde(default)]
    pub callback: bool,
    /// Not delivered to frame `OnEvent` scripts.
    #[serde(default)]
    pub noscript: bool,
    /// Restricted for addons.
    #[serde(default)]
    pub restricted: bool,
    /// Trailing payload repeats with this stride.
    pub stride: Option<u32>,
}

/// An `Enum.<name>` table.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EnumDef {
    /// Name without the `Enum.` prefix.
    pub name: String,
    /// `(member, value)`, sorted by value then member.
    #[serde(deserialize_with = "crate::exact")]
    pub values: Vec<(String, i64)>,
}

impl EnumDef {
    /// Value of a member.
    pub fn value(&self, member: &str) -> Option<i64> {
        self.values
            .iter()
            .find(|(m, _)| m == member)
            .map(|&(_, v)| v)
    }

    /// First member with this value.
    pub fn member(&self, value: i64) -> Option<&str> {
        self.values
            .iter()
            .find(|&&(_, v)| v == value)
            .map(|(m, _)| m.as_str())
    }
}

/// A set of string constants (`FramePoint`: `"TOPLEFT"`, ...).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StringEnum {
    /// Name.
    pub name: String,
    /// Allowed strings, sorted.
    pub values: Vec<String>,
}

/// A table shape that APIs take or return.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Structure {
    /// Name (`AuraData`, `C_Map.UiMapDetails`).
    pub name: String,
    /// Fields (every `name` is set), sorted by name.
    #[serde(deserialize_with = "crate::exact")]
    pub fields: Vec<Param>,
    /// Mixin applied to instances, if any.
    pub mixin: Option<String>,
}

impl Structure {
    /// A field by name.
    pub fn field(&self, name: &str) -> Option<&Param> {
        self.fields.iter().find(|f| f.name.as_deref() == Some(name))
    }
}

/// A console variable. Names are lower case (cvars are case-insensitive).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CVar {
    /// Lower-case name.
    pub name: String,
    /// Default value as `GetCVar` returns it (`"1.000000"`); `None` if the reference has none.
    pub default: Option<String>,
    /// Stored per account.
    #[serde(default)]
    pub account: bool,
    /// Stored per character.
    #[serde(default)]
    pub character: bool,
    /// Cannot be changed by addons.
    #[serde(default)]
    pub locked: bool,
    /// Read-only.
    #[serde(default)]
    pub readonly: bool,
    /// Secure: cannot be set from tainted code / in combat.
    #[serde(default)]
    pub secure: bool,
}

/// The client build the data describes (`build.yaml` + `gametypes.yaml`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildInfo {
    /// `"12.1.0"`.
    pub version: String,
    /// `"69404"`.
    pub build: String,
    /// Build date, `"Aug 18 2026"`.
    pub date: String,
    /// Interface number for TOC files (`120100`).
    pub tocversion: u32,
    /// wowless game type (`Standard`, `Mists`, `Vanilla`).
    pub gametype: String,
    /// Family (`Mainline`, `Classic`).
    pub family: Option<String>,
    /// Expansion level (`LE_EXPANSION_LEVEL_CURRENT`-like: 10, 4, 0).
    pub expansion_level: Option<u32>,
    /// Build hash.
    pub hash: String,
    /// A test (PTR) build.
    pub test: bool,
}
