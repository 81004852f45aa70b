//! `Value` (Lua-like constant: globals, field inits, defaults, stubs) and `Ty` (type refs).
//!
//! Both have hand-written `Deserialize` impls matching the compact encoding written by
//! `tools/gen-data.py`: a `Value` table is a JSON array of `[key, value]` pairs, a `Ty` is a
//! string such as `"number"`, `"enum:ItemQuality"` or `"[]structure:AuraData"`.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

/// A Lua-like constant value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `nil`.
    Nil,
    /// A boolean.
    Bool(bool),
    /// A number (Lua 5.1 numbers are doubles).
    Number(f64),
    /// A string.
    Str(String),
    /// A table as ordered `(key, value)` pairs; sequences use keys `1..=n`.
    Table(Vec<(Value, Value)>),
}

impl Value {
    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number, if this is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The table pairs, if this is a table.
    pub fn as_table(&self) -> Option<&[(Value, Value)]> {
        match self {
            Value::Table(t) => Some(t),
            _ => None,
        }
    }

    /// Looks up a string key in a table (`None` for non-tables and missing keys).
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_table()?
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v)
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

/// Writes the encoding [`Value`] is read from (a table as an array of `[key, value]` pairs).
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Nil => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => s.serialize_f64(*n),
            Value::Str(v) => s.serialize_str(v),
            Value::Table(pairs) => {
                let mut seq = s.serialize_seq(Some(pairs.len()))?;
                for pair in pairs {
                    seq.serialize_element(pair)?;
                }
                seq.end()
            }
        }
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("null, bool, number, string or array of [key, value] pairs")
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Nil)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v as f64))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v as f64))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::Number(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::Str(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::Str(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut pairs = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(pair) = seq.next_element::<(Value, Value)>()? {
            pairs.push(pair);
        }
        pairs.shrink_to_fit();
        Ok(Value::Table(pairs))
    }
}

/// A type reference as used by parameters, fields and XML attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// `number`.
    Number,
    /// `string`.
    String,
    /// `boolean`.
    Boolean,
    /// `table` (shape unknown).
    Table,
    /// `function`.
    Function,
    /// `nil`.
    Nil,
    /// `unknown`: the reference does not know the type.
    Unknown,
    /// `any`: any Lua value.
    Any,
    /// `unit`: a unit token string such as `"player"`.
    Unit,
    /// `uiAddon`: an addon name or index.
    UiAddon,
    /// `oneornil`: `1` or `nil` (old-style boolean).
    OneOrNil,
    /// `FileAsset`: a file path or file data id.
    FileAsset,
    /// `TextureAsset`: a texture path, file data id or atlas.
    TextureAsset,
    /// `stringlist`: comma/space separated names (XML attributes).
    StringList,
    /// `hlist`: an internal ordered child list.
    HList,
    /// `gender`: a gender value.
    Gender,
    /// `Enum.<name>` value.
    Enum(String),
    /// One of the string constants of a string enum (see `stringenums`).
    StringEnum(String),
    /// A table shaped like the named structure.
    Structure(String),
    /// A UI object (frame, region, ...) of the named type.
    UiObject(String),
    /// A non-frame Lua object of the named type (see `luaobjects`).
    LuaObject(String),
    /// A sequence table of the inner type.
    Array(Box<Ty>),
    /// A type name this crate does not know (kept verbatim).
    Other(String),
}

impl Ty {
    /// Parses the compact encoding (`"number"`, `"enum:X"`, `"[]uiobject:Frame"`, ...).
    pub fn parse(s: &str) -> Ty {
        if let Some(inner) = s.strip_prefix("[]") {
            return Ty::Array(Box::new(Ty::parse(inner)));
        }
        if let Some((kind, name)) = s.split_once(':') {
            let name = name.to_owned();
            return match kind {
                "enum" => Ty::Enum(name),
                "stringenum" => Ty::StringEnum(name),
                "structure" => Ty::Structure(name),
                "uiobject" => Ty::UiObject(name),
                "luaobject" => Ty::LuaObject(name),
                _ => Ty::Other(s.to_owned()),
            };
        }
        match s {
            "number" => Ty::Number,
            "string" => Ty::String,
            "boolean" => Ty::Boolean,
            "table" => Ty::Table,
            "function" => Ty::Function,
            "nil" => Ty::Nil,
            "unknown" => Ty::Unknown,
            "any" => Ty::Any,
            "unit" => Ty::Unit,
            "uiAddon" => Ty::UiAddon,
            "oneornil" => Ty::OneOrNil,
            "FileAsset" => Ty::FileAsset,
            "TextureAsset" => Ty::TextureAsset,
            "stringlist" => Ty::StringList,
            "hlist" => Ty::HList,
            "gender" => Ty::Gender,
            other => Ty::Other(other.to_owned()),
        }
    }
}

impl fmt::Display for Ty {
    /// Writes the compact encoding back (round-trips with [`Ty::parse`]).
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let simple = match self {
            Ty::Number => "number",
            Ty::String => "string",
            Ty::Boolean => "boolean",
            Ty::Table => "table",
            Ty::Function => "function",
            Ty::Nil => "nil",
            Ty::Unknown => "unknown",
            Ty::Any => "any",
            Ty::Unit => "unit",
            Ty::UiAddon => "uiAddon",
            Ty::OneOrNil => "oneornil",
            Ty::FileAsset => "FileAsset",
            Ty::TextureAsset => "TextureAsset",
            Ty::StringList => "stringlist",
            Ty::HList => "hlist",
            Ty::Gender => "gender",
            Ty::Enum(n) => return write!(f, "enum:{n}"),
            Ty::StringEnum(n) => return write!(f, "stringenum:{n}"),
            Ty::Structure(n) => return write!(f, "structure:{n}"),
            Ty::UiObject(n) => return write!(f, "uiobject:{n}"),
            Ty::LuaObject(n) => return write!(f, "luaobject:{n}"),
            Ty::Array(inner) => return write!(f, "[]{inner}"),
            Ty::Other(s) => s,
        };
        f.write_str(simple)
    }
}

/// Writes the compact encoding ([`Ty`]'s `Display`).
impl Serialize for Ty {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Ty {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct TyVisitor;
        impl Visitor<'_> for TyVisitor {
            type Value = Ty;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a type string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Ty, E> {
                Ok(Ty::parse(v))
            }
        }
        d.deserialize_str(TyVisitor)
    }
}
