//! What each schema attribute does: the table of XML attributes → the client's setter methods
//! (the xml.yaml `impl: method` names, and for `impl: field` the setter of that field), the
//! attributes the instantiator handles itself, and those not implemented (counted).

use mlua::{Lua, MultiValue, Table, Value};
use rustc_hash::FxHashMap;
use wowsim_xml::{parse_bool, parse_number, AttrType, Element, Schema};

/// How a value is passed to the method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    Bool,
    Num,
    Str,
    /// A comma/space list, one argument per item.
    List,
    /// Degrees in XML, radians for the method (`rotation`, `degrees`).
    Degrees,
}

/// What happens to an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Handled by the instantiator itself (names, inheritance, fonts, ...).
    Internal,
    /// `obj:Method(value)`.
    Method(&'static str, Arg),
    /// `obj:Method(value)` after the children exist (`phase: late`).
    Late(&'static str, Arg),
    /// Nothing to emulate: the value is kept in the object's field of that name (a
    /// reference field where the client has one, so its getter returns it).
    Store(&'static str, Arg),
    /// Known but not applied; every use is counted.
    NotImplemented,
}

use Act::{Internal as I, Late as L, Method as M, Store as K};
use Arg::{Bool as B, Degrees as D, List as S, Num as F, Str as T};

/// (declaring tag, lower-case attribute, action). Attributes of the schema missing here are
/// not implemented.
const TABLE: &[(&str, &str, Act)] = &[
    ("LayoutFrame", "alpha", M("SetAlpha", F)),
    ("LayoutFrame", "hidden", I),
    (
        "LayoutFrame",
        "ignoreparentalpha",
        M("SetIgnoreParentAlpha", B),
    ),
    (
        "LayoutFrame",
        "ignoreparentscale",
        M("SetIgnoreParentScale", B),
    ),
    ("LayoutFrame", "inherits", I),
    ("LayoutFrame", "mixin", I),
    ("LayoutFrame", "name", I),
    ("LayoutFrame", "parentarray", I),
    ("LayoutFrame", "parentkey", I),
    ("LayoutFrame", "scale", M("SetScale", F)),
    ("LayoutFrame", "setallpoints", I),
    ("LayoutFrame", "virtual", I),
    ("LayoutFrame", "enablemouse", M("EnableMouse", B)),
    (
        "LayoutFrame",
        "enablemousemotion",
        M("SetMouseMotionEnabled", B),
    ),
    (
        "LayoutFrame",
        "passthroughbuttons",
        M("SetPassThroughButtons", S),
    ),
    ("Frame", "clampedtoscreen", M("SetClampedToScreen", B)),
    ("Frame", "clipchildren", M("SetClipsChildren", B)),
    ("Frame", "dontsaveposition", M("SetDontSavePosition", B)),
    ("Frame", "enablekeyboard", M("EnableKeyboard", B)),
    ("Frame", "enablemouse", M("EnableMouse", B)),
    ("Frame", "enablemouseclicks", M("SetMouseClickEnabled", B)),
    ("Frame", "enablemousemotion", M("SetMouseMotionEnabled", B)),
    ("Frame", "enablemousewheel", M("EnableMouseWheel", B)),
    (
        "Frame",
        "flattenrenderlayers",
        M("SetFlattensRenderLayers", B),
    ),
    ("Frame", "framelevel", M("SetFrameLevel", F)),
    ("Frame", "framestrata", M("SetFrameStrata", T)),
    ("Frame", "hyperlinksenabled", M("SetHyperlinksEnabled", B)),
    ("Frame", "id", M("SetID", F)),
    ("Frame", "intrinsic", I),
    ("Frame", "movable", M("SetMovable", B)),
    ("Frame", "parent", I),
    (
        "Frame",
        "propagatehyperlinkstoparent",
        M("SetHyperlinkPropagateToParent", B),
    ),
    ("Frame", "resizable", M("SetResizable", B)),
    ("Frame", "securemixin", I),
    ("Frame", "toplevel", M("SetToplevel", B)),
    ("Frame", "useparentlevel", M("SetUsingParentLevel", B)),
    ("Frame", "fixedframelevel", M("SetFixedFrameLevel", B)),
    ("Frame", "fixedframestrata", M("SetFixedFrameStrata", B)),
    (
        "Frame",
        "propagatekeyboardinput",
        M("SetPropagateKeyboardInput", B),
    ),
    ("Frame", "registerfordrag", M("RegisterForDrag", S)),
    (
        "Button",
        "motionscriptswhiledisabled",
        M("SetMotionScriptsWhileDisabled", B),
    ),
    ("Button", "registerforclicks", M("RegisterForClicks", S)),
    ("Button", "text", L("SetText", T)),
    ("CheckButton", "checked", M("SetChecked", B)),
    ("Cooldown", "drawedge", M("SetDrawEdge", B)),
    (
        "Cooldown",
        "hidecountdownnumbers",
        M("SetHideCountdownNumbers", B),
    ),
    ("Cooldown", "reverse", M("SetReverse", B)),
    ("Cooldown", "drawbling", M("SetDrawBling", B)),
    ("Cooldown", "drawswipe", M("SetDrawSwipe", B)),
    ("EditBox", "autofocus", M("SetAutoFocus", B)),
    ("EditBox", "bytes", M("SetMaxBytes", F)),
    (
        "EditBox",
        "countinvisibleletters",
        M("SetCountInvisibleLetters", B),
    ),
    ("EditBox", "historylines", M("SetHistoryLines", F)),
    ("EditBox", "ignorearrows", M("SetAltArrowKeyMode", B)),
    ("EditBox", "letters", M("SetMaxLetters", F)),
    ("EditBox", "multiline", M("SetMultiLine", B)),
    ("EditBox", "numeric", M("SetNumeric", B)),
    ("Font", "font", I),
    ("Font", "height", I),
    ("Font", "outline", I),
    ("Font", "monochrome", I),
    ("Font", "inherits", I),
    ("Font", "name", I),
    ("Font", "virtual", I),
    ("Font", "justifyh", M("SetJustifyH", T)),
    ("Font", "justifyv", M("SetJustifyV", T)),
    ("Font", "spacing", M("SetSpacing", F)),
    ("FontFamily", "name", I),
    ("FontFamily", "virtual", I),
    ("FontString", "font", I),
    ("FontString", "outline", I),
    ("FontString", "justifyh", M("SetJustifyH", T)),
    ("FontString", "justifyv", M("SetJustifyV", T)),
    ("FontString", "maxlines", M("SetMaxLines", F)),
    ("FontString", "nonspacewrap", M("SetNonSpaceWrap", B)),
    ("FontString", "spacing", M("SetSpacing", F)),
    ("FontString", "text", M("SetText", T)),
    ("FontString", "wordwrap", M("SetWordWrap", B)),
    ("Line", "alphamode", M("SetBlendMode", T)),
    ("Line", "atlas", M("SetAtlas", T)),
    ("Line", "thickness", M("SetThickness", F)),
    ("Line", "file", I),
    ("MessageFrame", "displayduration", M("SetTimeVisible", F)),
    ("MessageFrame", "fadeduration", M("SetFadeDuration", F)),
    ("MessageFrame", "fadepower", M("SetFadePower", F)),
    ("MessageFrame", "insertmode", M("SetInsertMode", T)),
    ("Slider", "defaultvalue", L("SetValue", F)),
    ("Slider", "maxvalue", I),
    ("Slider", "minvalue", I),
    ("Slider", "obeystepondrag", M("SetObeyStepOnDrag", B)),
    ("Slider", "orientation", M("SetOrientation", T)),
    ("Slider", "stepsperpage", M("SetStepsPerPage", F)),
    ("Slider", "valuestep", M("SetValueStep", F)),
    ("StatusBar", "defaultvalue", L("SetValue", F)),
    ("StatusBar", "maxvalue", I),
    ("StatusBar", "minvalue", I),
    ("StatusBar", "reversefill", M("SetReverseFill", B)),
    ("StatusBar", "orientation", M("SetOrientation", T)),
    ("Texture", "alphamode", M("SetBlendMode", T)),
    ("Texture", "atlas", I),
    ("Texture", "useatlassize", I),
    ("Texture", "desaturated", M("SetDesaturated", B)),
    // With the wrap modes, applied by `props::special_attrs` as `SetTexture(file, h, v)`.
    ("Texture", "file", I),
    ("Texture", "horiztile", M("SetHorizTile", B)),
    ("Texture", "nonblocking", M("SetNonBlocking", B)),
    ("Texture", "snaptopixelgrid", M("SetSnapToPixelGrid", B)),
    ("Texture", "texelsnappingbias", M("SetTexelSnappingBias", F)),
    ("Texture", "verttile", M("SetVertTile", B)),
    ("DressUpModel", "modelscale", M("SetModelScale", F)),
    ("AnimationGroup", "inherits", I),
    ("AnimationGroup", "name", I),
    ("AnimationGroup", "virtual", I),
    ("AnimationGroup", "mixin", I),
    ("AnimationGroup", "parentarray", I),
    ("AnimationGroup", "parentkey", I),
    ("AnimationGroup", "looping", M("SetLooping", T)),
    ("AnimationGroup", "settofinalalpha", M("SetToFinalAlpha", B)),
    ("Animation", "name", I),
    ("Animation", "inherits", I),
    ("Animation", "mixin", I),
    ("Animation", "targetkey", M("SetTargetKey", T)),
    ("Animation", "parentkey", I),
    ("Animation", "virtual", I),
    ("Animation", "childkey", M("SetChildKey", T)),
    ("Animation", "target", M("SetTargetName", T)),
    ("Animation", "duration", M("SetDuration", F)),
    ("Animation", "startdelay", M("SetStartDelay", F)),
    ("Animation", "enddelay", M("SetEndDelay", F)),
    ("Animation", "order", M("SetOrder", F)),
    ("Animation", "smoothing", M("SetSmoothing", T)),
    ("Alpha", "fromalpha", M("SetFromAlpha", F)),
    ("Alpha", "toalpha", M("SetToAlpha", F)),
    ("Rotation", "degrees", M("SetDegrees", F)),
    // x/y pairs, applied together by `animations::pairs`.
    ("Scale", "scalex", I),
    ("Scale", "scaley", I),
    ("Scale", "fromscalex", I),
    ("Scale", "fromscaley", I),
    ("Scale", "toscalex", I),
    ("Scale", "toscaley", I),
    ("Translation", "offsetx", I),
    ("Translation", "offsety", I),
    ("Actor", "mixin", I),
    ("Actor", "name", I),
    ("Actor", "virtual", I),
    ("LineScale", "fromscalex", I),
    ("LineScale", "fromscaley", I),
    ("LineScale", "toscalex", I),
    ("LineScale", "toscaley", I),
    ("TextureCoordTranslation", "offsetu", I),
    ("TextureCoordTranslation", "offsetv", I),
    ("FlipBook", "flipbookrows", M("SetFlipBookRows", F)),
    ("FlipBook", "flipbookcolumns", M("SetFlipBookColumns", F)),
    ("FlipBook", "flipbookframes", M("SetFlipBookFrames", F)),
    (
        "FlipBook",
        "flipbookframewidth",
        M("SetFlipBookFrameWidth", F),
    ),
    (
        "FlipBook",
        "flipbookframeheight",
        M("SetFlipBookFrameHeight", F),
    ),
    ("Path", "curve", M("SetCurveType", T)),
    ("Cooldown", "rotation", M("SetRotation", D)),
    ("Cooldown", "usecircularedge", M("SetUseCircularEdge", B)),
    (
        "Cooldown",
        "minimumcountdownduration",
        M("SetMinimumCountdownDuration", F),
    ),
    ("EditBox", "password", M("SetPassword", B)),
    ("EditBox", "visiblebytes", M("SetVisibleTextByteLimit", F)),
    ("EditBox", "invisiblebytes", K("xml:invisibleBytes", F)),
    (
        "EditBox",
        "securitydisablesettext",
        M("SetSecurityDisableSetText", B),
    ),
    (
        "EditBox",
        "securereferencekey",
        K("xml:secureReferenceKey", T),
    ),
    ("Browser", "imefont", K("xml:imeFont", T)),
    ("Checkout", "imefont", K("xml:imeFont", T)),
    ("CinematicModel", "facingleft", M("SetFacingLeft", B)),
    ("ModelScene", "drawlayer", M("SetDrawLayer", T)),
    ("StatusBar", "drawlayer", K("xml:drawLayer", T)),
    ("StatusBar", "rotatestexture", M("SetRotatesTexture", B)),
    ("SimpleHTML", "hyperlinkformat", M("SetHyperlinkFormat", T)),
    (
        "SimpleHTML",
        "resizetofitcontents",
        K("xml:resizeToFitContents", B),
    ),
    ("FontString", "degrees", M("SetRotation", D)),
    (
        "FontString",
        "scaleanimationmode",
        K("scaleAnimationMode", T),
    ),
    ("FontString", "smoothscaling", K("xml:smoothScaling", B)),
    ("Font", "canbeuserscaled", K("xml:canBeUserScaled", B)),
    ("Font", "filter", K("xml:filter", B)),
    ("Font", "fixedsize", K("xml:fixedSize", B)),
    ("Font", "slug", K("xml:slug", B)),
    ("LayoutFrame", "collapseslayout", M("SetCollapsesLayout", B)),
    ("Frame", "protected", K("explicitlyProtected", B)),
    ("Frame", "framebuffer", M("SetIsFrameBuffer", B)),
    ("Frame", "debugid", K("xml:debugID", F)),
    (
        "Frame",
        "ignorechildrenforbounds",
        K("xml:ignoreChildrenForBounds", B),
    ),
    (
        "Frame",
        "preventsecretvalues",
        K("xml:preventSecretValues", B),
    ),
    ("Frame", "propagatemouseinput", I),
    (
        "Frame",
        "propagatemouseinputmask",
        K("xml:propagateMouseInputMask", T),
    ),
    (
        "Frame",
        "retainclickthroughoverride",
        K("xml:retainClickThroughOverride", B),
    ),
    ("Texture", "rotation", M("SetRotation", D)),
    ("Texture", "hwrapmode", I),
    ("Texture", "vwrapmode", I),
    ("Texture", "mask", K("xml:mask", T)),
    ("MaskTexture", "hwrapmode", I),
    ("MaskTexture", "vwrapmode", I),
    ("Line", "hwrapmode", I),
    ("Line", "vwrapmode", I),
];

/// `TABLE` by tag, then attribute (the first row of a pair wins, as a search of the table
/// would find it): `action` runs for every attribute of every element.
static BY_TAG: std::sync::LazyLock<FxHashMap<&'static str, FxHashMap<&'static str, Act>>> =
    std::sync::LazyLock::new(|| {
        let mut m: FxHashMap<&'static str, FxHashMap<&'static str, Act>> = FxHashMap::default();
        for &(tag, attr, act) in TABLE {
            m.entry(tag).or_default().entry(attr).or_insert(act);
        }
        m
    });

/// The action for `attr` of `tag` (following the schema's `extends` chain to the tag that
/// declares it).
pub fn action(schema: &Schema, tag: &str, attr: &str) -> Act {
    for t in schema.supertypes(tag) {
        if let Some(a) = BY_TAG.get(t.name.as_str()).and_then(|m| m.get(attr)) {
            return *a;
        }
        if t.attributes.iter().any(|a| a.name == attr) {
            return Act::NotImplemented;
        }
    }
    // Not an attribute of this tag at all: one written on the element has the parser's
    // warning already, and one inherited from a template of another type (a `<Frame>` that
    // inherits a Button template's `registerForClicks`) has no method on this object to
    // apply it with, in the client as here.
    Act::Internal
}

/// [`action`] of every attribute a tag can have (declared by it or a supertype, or in
/// `TABLE` for one of them); an attribute missing here is [`Act::Internal`].
type TagActions = FxHashMap<Box<str>, Act>;

/// [`action`] for each tag of a schema, by the tag's schema spelling.
type Actions = FxHashMap<&'static str, TagActions>;

fn build_actions(schema: &'static Schema) -> Actions {
    let mut out = Actions::default();
    for tag in schema.tags() {
        let mut acts = TagActions::default();
        for t in schema.supertypes(&tag.name) {
            let names = BY_TAG
                .get(t.name.as_str())
                .into_iter()
                .flat_map(|m| m.keys().copied())
                .chain(t.attributes.iter().map(|a| a.name.as_str()));
            for attr in names {
                if !acts.contains_key(attr) {
                    acts.insert(attr.into(), action(schema, &tag.name, attr));
                }
            }
        }
        out.insert(tag.name.as_str(), acts);
    }
    out
}

thread_local! {
    /// The action tables built so far, by schema address (one per flavor, kept for the life
    /// of the process like the schemas themselves).
    static ACTIONS: std::cell::RefCell<Vec<(usize, &'static Actions)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The actions of the attributes of schema tag `tag` (its schema spelling), computed once per
/// schema: [`apply`] runs for every element, and following the `extends` chain for each of its
/// attributes showed in profiles.
fn tag_actions(schema: &'static Schema, tag: &str) -> Option<&'static TagActions> {
    let key = schema as *const Schema as usize;
    let all = ACTIONS.with(|a| {
        let found = a.borrow().iter().find(|(k, _)| *k == key).map(|(_, t)| *t);
        found.unwrap_or_else(|| {
            let t: &'static Actions = Box::leak(Box::new(build_actions(schema)));
            a.borrow_mut().push((key, t));
            t
        })
    });
    all.get(tag)
}

/// Converts an attribute value to method arguments; `None` when it does not parse.
pub fn args(lua: &Lua, value: &str, arg: Arg) -> mlua::Result<Option<MultiValue>> {
    let mut out = MultiValue::new();
    match arg {
        Arg::Bool => match parse_bool(value) {
            Some(b) => out.push_back(Value::Boolean(b)),
            None => return Ok(None),
        },
        Arg::Num => match parse_number(value) {
            Some(n) => out.push_back(Value::Number(n)),
            None => return Ok(None),
        },
        Arg::Str => out.push_back(Value::String(lua.create_string(value)?)),
        Arg::Degrees => match parse_number(value) {
            Some(n) => out.push_back(Value::Number(n.to_radians())),
            None => return Ok(None),
        },
        Arg::List => {
            for item in super::registry::split_list(value) {
                out.push_back(Value::String(lua.create_string(item)?));
            }
        }
    }
    Ok(Some(out))
}

/// The merged attributes of an inheritance chain: for each attribute, the last value (later
/// templates and the element itself win), with the element that gave it.
pub(crate) fn merged<'e>(chain: &[&'e Element]) -> Vec<(&'e str, &'e str, &'e Element)> {
    let mut out: Vec<(&str, &str, &Element)> = Vec::new();
    for el in chain {
        for a in &el.attrs {
            match out.iter_mut().find(|(n, _, _)| *n == a.name) {
                Some(slot) => *slot = (a.name.as_str(), a.value.as_str(), el),
                None => out.push((a.name.as_str(), a.value.as_str(), el)),
            }
        }
    }
    out
}

/// The merged value of one attribute.
pub fn get<'e>(merged: &[Merged<'e>], name: &str) -> Option<&'e str> {
    merged
        .iter()
        .rev()
        .find(|(k, _, _)| *k == name)
        .map(|(_, v, _)| *v)
}

/// One merged attribute: (lower-case name, value, the element that gave it).
pub(crate) type Merged<'e> = (&'e str, &'e str, &'e Element);

/// Applies the merged attributes of phase `late` (or not) to `obj` of schema tag `tag`.
pub fn apply(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    merged: &[(&str, &str, &Element)],
    late: bool,
) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    let acts = tag_actions(schema, tag);
    for (name, value, _) in merged {
        let act = match acts {
            Some(m) => m.get(*name).copied().unwrap_or(Act::Internal),
            None => action(schema, tag, name),
        };
        let (method, arg, is_late) = match act {
            Act::Internal => continue,
            Act::Method(m, a) => (m, a, false),
            Act::Late(m, a) => (m, a, true),
            Act::Store(field, a) => {
                if !late {
                    match enum_value(schema, tag, name, value, a) {
                        Some(EnumValue::Invalid) => {}
                        Some(EnumValue::Name(v)) => store(lua, obj, field, v, a)?,
                        Some(EnumValue::Number(n)) => store(lua, obj, field, &n, Arg::Num)?,
                        None => store(lua, obj, field, value, a)?,
                    }
                }
                continue;
            }
            Act::NotImplemented => {
                if !late {
                    super::coverage::not_implemented(lua, tag, name);
                }
                continue;
            }
        };
        if is_late != late {
            continue;
        }
        match enum_value(schema, tag, name, value, arg) {
            Some(EnumValue::Invalid) => {}
            Some(EnumValue::Name(v)) => call_with(lua, obj, tag, name, method, v, arg)?,
            Some(EnumValue::Number(n)) => call_with(lua, obj, tag, name, method, &n, Arg::Num)?,
            None => call_with(lua, obj, tag, name, method, value, arg)?,
        }
    }
    Ok(())
}

/// An enum attribute's value as the client keeps it.
enum EnumValue {
    /// The schema's spelling of a string enum's value (upper case, whatever the XML wrote).
    Name(&'static str),
    /// The number of an `Enum.*` value.
    Number(String),
    /// Not a value of the enum: reported by the parser, not applied (the default stays).
    Invalid,
}

/// The enum-typed attributes of each tag of a schema (declared by it or a supertype).
type EnumAttrs = FxHashMap<&'static str, FxHashMap<&'static str, &'static AttrType>>;

thread_local! {
    static ENUM_ATTRS: std::cell::RefCell<Vec<(usize, &'static EnumAttrs)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn enum_attrs(schema: &'static Schema) -> &'static EnumAttrs {
    let key = schema as *const Schema as usize;
    ENUM_ATTRS.with(|a| {
        let found = a.borrow().iter().find(|(k, _)| *k == key).map(|(_, t)| *t);
        found.unwrap_or_else(|| {
            let mut m = EnumAttrs::default();
            for tag in schema.tags() {
                for t in schema.supertypes(&tag.name) {
                    for at in &t.attributes {
                        if matches!(at.ty, AttrType::StringEnum(_) | AttrType::Enum(_)) {
                            let e = m.entry(tag.name.as_str()).or_default();
                            e.entry(at.name.as_str()).or_insert(&at.ty);
                        }
                    }
                }
            }
            let t: &'static EnumAttrs = Box::leak(Box::new(m));
            a.borrow_mut().push((key, t));
            t
        })
    })
}

/// The value of a text attribute whose schema type is an enum: matched without regard to
/// case, kept in the schema's spelling (string enums) or as its number (`Enum.*`); `None`
/// for other attributes.
fn enum_value(
    schema: &'static Schema,
    tag: &str,
    name: &str,
    value: &str,
    arg: Arg,
) -> Option<EnumValue> {
    if arg != Arg::Str {
        return None;
    }
    let ty = enum_attrs(schema).get(tag)?.get(name)?;
    let (AttrType::StringEnum(e) | AttrType::Enum(e)) = ty else {
        return None;
    };
    let vals = schema.enum_values(e)?;
    let v = value.trim();
    let num = parse_number(v);
    let hit = vals.iter().find(|(k, n)| {
        k.eq_ignore_ascii_case(v) || matches!((n, num), (Some(n), Some(x)) if (*n as f64) == x)
    });
    Some(match (hit, ty) {
        (None, _) => EnumValue::Invalid,
        (Some((_, Some(n))), AttrType::Enum(_)) => EnumValue::Number(n.to_string()),
        (Some((k, _)), _) => EnumValue::Name(k.as_str()),
    })
}

/// Calls `obj:method(value)` with the value converted by `arg` (nothing when it does not
/// parse); the scalar forms go to the stack directly, without a `MultiValue`.
fn call_with(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    name: &str,
    method: &str,
    value: &str,
    arg: Arg,
) -> mlua::Result<()> {
    use super::calls::call;
    match arg {
        Arg::Bool => {
            if let Some(b) = parse_bool(value) {
                call(lua, obj, tag, name, method, b)?;
            }
        }
        Arg::Num => {
            if let Some(n) = parse_number(value) {
                call(lua, obj, tag, name, method, n)?;
            }
        }
        Arg::Degrees => {
            if let Some(n) = parse_number(value) {
                call(lua, obj, tag, name, method, n.to_radians())?;
            }
        }
        Arg::Str => {
            call(lua, obj, tag, name, method, value)?;
        }
        Arg::List => {
            if let Some(args) = args(lua, value, arg)? {
                call(lua, obj, tag, name, method, args)?;
            }
        }
    }
    Ok(())
}

/// Keeps an attribute's value in the object's field `field` (see [`Act::Store`]).
fn store(lua: &Lua, obj: &Table, field: &str, value: &str, arg: Arg) -> mlua::Result<()> {
    use wowsim_api::widgets::fields::FieldVal;
    let v = match arg {
        Arg::Bool => parse_bool(value).map(FieldVal::Bool),
        Arg::Num | Arg::Degrees => parse_number(value).map(FieldVal::Num),
        Arg::Str | Arg::List => Some(FieldVal::Str(value.to_string())),
    };
    let Some(v) = v else { return Ok(()) };
    let id = wowsim_api::widgets::obj_id(lua, &Value::Table(obj.clone()), "xml")?;
    let mut ui = lua
        .app_data_mut::<wowsim_api::widgets::UiState>()
        .expect("ui");
    ui.set_field_by_name(id, field, v);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_xml::Flavor;

    #[test]
    fn the_precomputed_actions_are_those_of_the_schema_walk() {
        for flavor in [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra] {
            let schema = wowsim_xml::schema(flavor);
            let mut methods = 0;
            for t in schema.tags() {
                let acts = tag_actions(schema, &t.name).expect("every schema tag has a table");
                let names = schema
                    .supertypes(&t.name)
                    .flat_map(|s| s.attributes.iter().map(|a| a.name.as_str()))
                    .chain(TABLE.iter().map(|(_, a, _)| *a))
                    .chain(["nosuchattribute"]);
                for attr in names {
                    let want = action(schema, &t.name, attr);
                    let got = acts.get(attr).copied().unwrap_or(Act::Internal);
                    assert_eq!(got, want, "{} {attr}", t.name);
                    methods += usize::from(matches!(got, Act::Method(..)));
                }
            }
            assert!(methods > 100, "{methods}");
            assert_eq!(
                tag_actions(schema, "Button")
                    .and_then(|m| m.get("alpha"))
                    .copied(),
                Some(Act::Method("SetAlpha", Arg::Num))
            );
        }
    }
}
