//! UI object types, Lua object types and XML tags (the "object model" reference kinds).

use serde::Deserialize;

use crate::api::Param;
use crate::value::{Ty, Value};

/// A UI object type (`Frame`, `Texture`, abstract bases like `Region`/`ScriptObjectBase`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UiObject {
    /// Type name.
    pub name: String,
    /// Direct bases (sorted); see `ProductData::uiobject_ancestry` for the closure.
    pub inherits: Vec<String>,
    /// Internal state fields with their initial values (own fields only, not bases').
    #[serde(deserialize_with = "crate::exact")]
    pub fields: Vec<Field>,
    /// Methods defined on this type (not bases').
    #[serde(deserialize_with = "crate::exact")]
    pub methods: Vec<Method>,
    /// Script handlers this type adds (`OnClick`), sorted.
    pub scripts: Vec<String>,
    /// Initial values this type overrides for fields of its bases.
    pub fieldinitoverrides: Vec<(String, Value)>,
    /// Abstract: cannot be created by `CreateFrame`.
    #[serde(default, rename = "virtual")]
    pub is_virtual: bool,
    /// At most one instance exists (`Minimap`).
    #[serde(default)]
    pub singleton: bool,
    /// What `GetObjectType` returns when it differs from `name`.
    #[serde(rename = "objectType")]
    pub object_type: Option<String>,
    /// Name of the parent-side list this object is recorded in (`children`, `regions`).
    #[serde(rename = "childField")]
    pub child_field: Option<String>,
}

impl UiObject {
    /// An own method by name.
    pub fn method(&self, name: &str) -> Option<&Method> {
        self.methods.iter().find(|m| m.name == name)
    }

    /// An own field by name.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// A UI object's internal field.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// Field name (`alpha`, `isShown`).
    pub name: String,
    /// Declared type.
    #[serde(rename = "type")]
    pub ty: Ty,
    /// Initial value (`None` = starts as `nil`; an empty table means `{}`).
    pub init: Option<Value>,
    /// May hold `nil`.
    #[serde(default)]
    pub nilable: bool,
    /// The initial value is computed at creation time.
    #[serde(default)]
    pub dynamicinit: bool,
}

/// A method of a UI object or Lua object.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Method {
    /// Method name.
    pub name: String,
    /// Inputs after `self`; `None` when unknown.
    #[serde(default, deserialize_with = "crate::exact_opt")]
    pub inputs: Option<Vec<Param>>,
    /// Outputs; `None` when unknown.
    #[serde(default, deserialize_with = "crate::exact_opt")]
    pub outputs: Option<Vec<Param>>,
    /// How wowless implements it, when it is generic.
    #[serde(rename = "impl")]
    pub impl_: Option<MethodImpl>,
    /// Inputs are checked by the implementation, not generically.
    #[serde(default)]
    pub manualinputs: bool,
    /// May return no values at all.
    #[serde(default)]
    pub mayreturnnothing: bool,
    /// The stub returns nothing.
    #[serde(default)]
    pub stubnothing: bool,
    /// Trailing inputs repeat with this stride.
    pub instride: Option<u32>,
    /// Trailing outputs repeat with this stride.
    pub outstride: Option<u32>,
    /// Number of output strides the stub returns.
    pub stuboutstrides: Option<u32>,
}

/// Generic method implementations.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MethodImpl {
    /// Returns these fields, in order.
    Getter(Vec<String>),
    /// Stores its inputs into these fields, in order.
    Setter(Vec<String>),
    /// Sets a texture child held in a field (button textures and the like).
    SetTexture(SetTextureImpl),
    /// A named wowless implementation (`"Region/CreateAnimationGroup"`).
    UiObjectImpl(String),
}

/// Details of [`MethodImpl::SetTexture`].
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetTextureImpl {
    /// Field holding the texture object.
    pub field: String,
    /// Extra Lua run on the texture `t` (`t:SetDrawLayer('HIGHLIGHT')`).
    pub extra: Option<String>,
    /// Lua condition for the texture to be shown (`self.buttonState == 'NORMAL'`).
    pub shown: Option<String>,
    /// Returns the result.
    #[serde(default, rename = "return")]
    pub returns: bool,
}

/// A non-frame Lua object type (callback handles, formatters, ...).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LuaObject {
    /// Type name.
    pub name: String,
    /// Base type, if any.
    pub inherits: Option<String>,
    /// wowless implementation name, if any.
    #[serde(rename = "impl")]
    pub impl_: Option<String>,
    /// Abstract.
    #[serde(default, rename = "virtual")]
    pub is_virtual: bool,
    /// Methods (in reference order).
    #[serde(deserialize_with = "crate::exact")]
    pub methods: Vec<Method>,
}

/// A UI XML tag.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XmlTag {
    /// Tag name as Blizzard spells it (`Frame`, `OnLoad`); XML matching is case-insensitive.
    pub name: String,
    /// Tag whose attributes and children this one also accepts.
    pub extends: Option<String>,
    /// Own attributes (see `ProductData::xml_attribute` for inherited ones).
    #[serde(deserialize_with = "crate::exact")]
    pub attributes: Vec<XmlAttr>,
    /// Allowed child tags (own, sorted).
    #[serde(default)]
    pub children: Vec<String>,
    /// Has text content (`<Script>` bodies, script handler bodies).
    #[serde(default)]
    pub text: bool,
    /// What the tag does.
    #[serde(rename = "impl")]
    pub impl_: Option<XmlTagImpl>,
    /// Abstract: only used via `extends`.
    #[serde(default, rename = "virtual")]
    pub is_virtual: bool,
    /// Cannot be extended further.
    #[serde(default)]
    pub sealed: bool,
    /// A document root (`Ui`, `Bindings`).
    #[serde(default)]
    pub root: bool,
    /// Warn about unexpected children.
    #[serde(default)]
    pub containmentwarnings: bool,
    /// Processing phase (`"late"`), if not the normal one.
    pub phase: Option<String>,
}

/// An XML attribute.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XmlAttr {
    /// Lower-case attribute name (`parentkey`).
    pub name: String,
    /// Value type.
    #[serde(rename = "type")]
    pub ty: Ty,
    /// How the attribute is applied; `None` = not applied by wowless.
    #[serde(rename = "impl")]
    pub impl_: Option<XmlAttrImpl>,
    /// Processing phase (`"early"`, `"late"`), if not the normal one.
    pub phase: Option<String>,
    /// Must be present.
    #[serde(default)]
    pub required: bool,
    /// The client warns on invalid values.
    #[serde(default)]
    pub warnsoninvalid: bool,
}

/// What an XML tag does.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum XmlTagImpl {
    /// Only groups children (`Frames`, `Layers`, `Ui`).
    Transparent,
    /// Runs its text or `file` as Lua (`Script`).
    LoadString,
    /// The client knows the tag but wowless does not know what it creates.
    UnknownType,
    /// Creates a UI object of this type.
    UiObject(String),
    /// Sets a script handler (`OnLoad`); `args` are the handler's parameter names.
    Script(ScriptImpl),
    /// Creates the object then calls a method on the parent (`NormalTexture`).
    Call(CallImpl),
}

/// Details of [`XmlTagImpl::Script`].
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptImpl {
    /// Parameter list of the handler, e.g. `"self, button, down"` (default `"self, ..."`).
    pub args: Option<String>,
}

/// Details of [`XmlTagImpl::Call`].
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallImpl {
    /// What to pass (`"self"`: the created object).
    pub argument: String,
    /// Parent method to call (`SetNormalTexture`).
    pub parentmethod: String,
    /// Required parent type (`Button`).
    pub parenttype: String,
}

/// How an XML attribute is applied.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum XmlAttrImpl {
    /// Handled specially by the loader (`name`, `parentkey`, `inherits`, ...).
    Internal,
    /// Loads the file named by the value (`Script file=`, `Include file=`).
    LoadFile,
    /// Stores the value into this object field.
    Field(String),
    /// Calls this object method with the value.
    Method(String),
    /// Sets this loader scope variable for the children.
    Scope(String),
}
