//! The state of objects that draw what the simulator cannot: 3D (Actor, Model and its kinds,
//! ModelScene), maps (Minimap, POI frames, UnitPositionFrame), movies, web views and vector
//! graphics. They keep what they are told and draw nothing; a getter returns what its setter
//! stored, else the client's initial value. What would need game data (item appearances of a
//! link, bounding boxes, tabard files) stays a counted stub.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | a setter that stores its arguments (`Actor:SetAnimation`, `Minimap:SetMaskTexture`, ...) | [`store`], argument kinds [`A`] |
//! | a getter of stored values with the client's defaults (`Actor:GetAnimation`, `Minimap:GetPingPosition`, ...) | [`load`], defaults [`C`] |
//! | a method that changes nothing here (`Model:AdvanceTime`, `Minimap:UpdateBlips`, `MovieFrame:StopMovie` with no movie) | [`noop`] |
//! | table-valued state (`Model:SetLight` light, `DressUpModel:SetItemTransmogInfo` per slot) | the Lua-side store `wowsim.objstate` ([`lua_set`], [`lua_get`]) |
//! | `ModelScene:CreateActor`, `GetNumActors`, `GetActorAtIndex` | [`install`] |
//! | `Frame:CreateVectorGraphics`; `VectorGraphics:SetSVG`/`GetSVGFileID`/`HasSVG`/`ClearSVG` | [`install`] |
//! | `Minimap:GetZoomLevels` (6, as the client's minimap) | [`install`] |

use super::add_method;
use super::fields::FieldVal;
use super::util::{arg, get_field, num, ret, self_id, set_field, string, truthy};
use mlua::{Lua, MultiValue, Table, Value};
use std::cell::Cell;
use wowsim_data::ProductData;

/// How a stored argument is read.
#[derive(Clone, Copy)]
pub enum A {
    /// A required number ("bad argument" when absent or not a number).
    Num,
    /// A number with a default when nil.
    NumOr(f64),
    /// A boolean (Lua truthiness).
    Bool,
    /// A boolean with a default when nil.
    BoolOr(bool),
    /// A required string (numbers read as strings, as asset ids are).
    Str,
    /// An asset: a number (file id) or a path, kept as given.
    Asset,
    /// Any Lua value, kept on the Lua side (tables are copied one level deep).
    Any,
}

/// A default value a getter returns when nothing was stored.
#[derive(Clone, Copy)]
pub enum C {
    Nil,
    B(bool),
    N(f64),
    S(&'static str),
    /// A value kept on the Lua side ([`A::Any`]); nil when absent.
    Lua,
}

fn bad_arg(lua: &Lua, pos: usize, method: &str, want: &str, got: &Value) -> mlua::Error {
    crate::lua::lua_error(
        lua,
        format_args!(
            "bad argument #{pos} to '{method}' ({want} expected, got {})",
            crate::lua::type_name(got)
        ),
    )
}

fn state_table(lua: &Lua, id: u32) -> mlua::Result<Table> {
    let all = match lua.named_registry_value::<Value>("wowsim.objstate")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value("wowsim.objstate", t.clone())?;
            t
        }
    };
    match all.raw_get::<Value>(id)? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            all.raw_set(id, t.clone())?;
            Ok(t)
        }
    }
}

/// Keeps a Lua value for an object (a table is copied one level deep, so later changes by the
/// caller do not reach it).
pub fn lua_set(lua: &Lua, id: u32, key: &str, v: Value) -> mlua::Result<()> {
    let v = match v {
        Value::Table(t) => {
            let c = lua.create_table()?;
            for pair in t.pairs::<Value, Value>() {
                let (k, v) = pair?;
                c.raw_set(k, v)?;
            }
            Value::Table(c)
        }
        v => v,
    };
    state_table(lua, id)?.raw_set(key, v)
}

/// A kept Lua value (a copy of a kept table), nil when absent.
pub fn lua_get(lua: &Lua, id: u32, key: &str) -> mlua::Result<Value> {
    let v: Value = state_table(lua, id)?.raw_get(key)?;
    Ok(match v {
        Value::Table(t) => {
            let c = lua.create_table()?;
            for pair in t.pairs::<Value, Value>() {
                let (k, v) = pair?;
                c.raw_set(k, v)?;
            }
            Value::Table(c)
        }
        v => v,
    })
}

/// Reads and checks the arguments of a setter.
fn read_args(
    lua: &Lua,
    a: &MultiValue,
    method: &str,
    kinds: &[(&'static str, A)],
) -> mlua::Result<Vec<Result<FieldVal, Value>>> {
    let mut out = Vec::with_capacity(kinds.len());
    for (i, (_, k)) in kinds.iter().enumerate() {
        let v = arg(a, i + 1);
        out.push(match k {
            A::Num => match (num(&v), &v) {
                (Some(n), Value::Integer(_) | Value::Number(_) | Value::String(_)) => {
                    Ok(FieldVal::Num(n))
                }
                _ => return Err(bad_arg(lua, i + 1, method, "number", &v)),
            },
            A::NumOr(d) => match (&v, num(&v)) {
                (Value::Nil, _) => Ok(FieldVal::Num(*d)),
                (_, Some(n)) => Ok(FieldVal::Num(n)),
                _ => return Err(bad_arg(lua, i + 1, method, "number", &v)),
            },
            A::Bool => Ok(FieldVal::Bool(truthy(&v))),
            A::BoolOr(d) => Ok(FieldVal::Bool(if v.is_nil() { *d } else { truthy(&v) })),
            A::Str => match string(&v) {
                Some(s) => Ok(FieldVal::Str(s)),
                None => return Err(bad_arg(lua, i + 1, method, "string", &v)),
            },
            A::Asset => match &v {
                Value::Integer(n) => Ok(FieldVal::Num(*n as f64)),
                Value::Number(n) => Ok(FieldVal::Num(*n)),
                Value::String(s) => Ok(FieldVal::Str(s.to_string_lossy())),
                _ => return Err(bad_arg(lua, i + 1, method, "string", &v)),
            },
            A::Any => Err(v),
        });
    }
    Ok(out)
}

fn put(lua: &Lua, id: u32, name: &str, v: Result<FieldVal, Value>) -> mlua::Result<()> {
    match v {
        Ok(f) => set_field(lua, id, name, f),
        Err(v) => lua_set(lua, id, name, v)?,
    }
    Ok(())
}

/// A setter: stores its arguments in the named fields.
pub fn store(
    lua: &Lua,
    owner: &str,
    method: &'static str,
    fields: &'static [(&'static str, A)],
) -> mlua::Result<()> {
    let f = lua.create_function(move |lua, a: MultiValue| {
        let id = self_id(lua, &a, method)?;
        let vals = read_args(lua, &a, method, fields)?;
        for ((name, _), v) in fields.iter().zip(vals) {
            put(lua, id, name, v)?;
        }
        Ok(())
    })?;
    reg(lua, owner, method, f)
}

fn value_of(lua: &Lua, id: u32, name: &str, d: C) -> mlua::Result<Value> {
    if let C::Lua = d {
        return lua_get(lua, id, name);
    }
    Ok(match (get_field(lua, id, name), d) {
        (FieldVal::Nil, C::Nil | C::Lua) => Value::Nil,
        (FieldVal::Nil, C::B(b)) => Value::Boolean(b),
        (FieldVal::Nil, C::N(n)) => Value::Number(n),
        (FieldVal::Nil, C::S(s)) => Value::String(lua.create_string(s)?),
        (v, _) => v.to_lua(lua)?,
    })
}

/// A getter: the named fields, each else its default.
pub fn load(
    lua: &Lua,
    owner: &str,
    method: &'static str,
    fields: &'static [(&'static str, C)],
) -> mlua::Result<()> {
    let f = lua.create_function(move |lua, a: MultiValue| {
        let id = self_id(lua, &a, method)?;
        let mut out = MultiValue::new();
        for (name, d) in fields {
            out.push_back(value_of(lua, id, name, *d)?);
        }
        Ok(out)
    })?;
    reg(lua, owner, method, f)
}

/// A method that changes nothing in the simulator; returns the given constants.
pub fn noop(lua: &Lua, owner: &str, method: &'static str, rets: &'static [C]) -> mlua::Result<()> {
    let f = lua.create_function(move |lua, a: MultiValue| {
        self_id(lua, &a, method)?;
        let mut out = MultiValue::new();
        for r in rets {
            out.push_back(match r {
                C::Nil | C::Lua => Value::Nil,
                C::B(b) => Value::Boolean(*b),
                C::N(n) => Value::Number(*n),
                C::S(s) => Value::String(lua.create_string(s)?),
            });
        }
        Ok(out)
    })?;
    reg(lua, owner, method, f)
}

/// Clears fields (back to their defaults).
fn clear(lua: &Lua, id: u32, names: &[&str]) -> mlua::Result<()> {
    for n in names {
        set_field(lua, id, n, FieldVal::Nil);
        state_table(lua, id)?.raw_set(*n, Value::Nil)?;
    }
    Ok(())
}

const ACTOR_MODEL: &[&str] = &[
    "actor.modelFileID",
    "actor.modelPath",
    "actor.modelUnitGUID",
    "actor.creatureDisplayID",
];

fn has_model(lua: &Lua, id: u32) -> bool {
    ACTOR_MODEL
        .iter()
        .any(|f| get_field(lua, id, f) != FieldVal::Nil)
}

fn unit_guid(lua: &Lua, unit: &str) -> mlua::Result<Option<String>> {
    let exists = match lua.globals().get::<mlua::Function>("UnitExists") {
        Ok(f) => truthy(&f.call::<Value>(unit)?),
        Err(_) => false,
    };
    if !exists {
        return Ok(None);
    }
    Ok(match lua.globals().get::<mlua::Function>("UnitGUID") {
        Ok(f) => string(&f.call::<Value>(unit)?),
        Err(_) => None,
    })
}

fn method(lua: &Lua, owner: &str, name: &str, f: super::util::Method) -> mlua::Result<()> {
    reg(lua, owner, name, lua.create_function(f)?)
}

thread_local! {
    /// The flavour's reference while [`install`] runs.
    static DATA: Cell<Option<&'static ProductData>> = const { Cell::new(None) };
}

/// Registers a method when the flavour's reference has it on `owner` (this file covers types
/// and methods that some flavours lack).
fn reg(lua: &Lua, owner: &str, name: &str, f: mlua::Function) -> mlua::Result<()> {
    let has = DATA.with(Cell::get).is_some_and(|d| {
        d.uiobject(owner)
            .is_some_and(|o| o.methods.iter().any(|m| m.name == name))
    });
    if has {
        add_method(lua, owner, name, f)?;
    }
    Ok(())
}

/// Installs the methods of this file that the flavour has.
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    DATA.with(|d| d.set(Some(data)));
    let r = (|| {
        install_actor(lua)?;
        install_model(lua)?;
        install_scene(lua)?;
        install_map(lua)?;
        install_other(lua)
    })();
    DATA.with(|d| d.set(None));
    r
}

fn install_actor(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let o = "Actor";
    store(
        lua,
        o,
        "SetAnimation",
        &[
            ("actor.animation", Num),
            ("actor.animationVariation", NumOr(0.0)),
            ("actor.animSpeed", NumOr(1.0)),
            ("actor.animOffset", NumOr(0.0)),
        ],
    )?;
    load(lua, o, "GetAnimation", &[("actor.animation", C::N(0.0))])?;
    load(
        lua,
        o,
        "GetAnimationVariation",
        &[("actor.animationVariation", C::N(0.0))],
    )?;
    store(
        lua,
        o,
        "SetSheathed",
        &[("actor.sheathed", Bool), ("actor.sheathHidden", Bool)],
    )?;
    load(lua, o, "GetSheathed", &[("actor.sheathed", C::B(false))])?;
    store(
        lua,
        o,
        "SetSpellVisualKit",
        &[
            ("actor.spellVisualKit", NumOr(0.0)),
            ("actor.oneShot", Bool),
        ],
    )?;
    load(
        lua,
        o,
        "GetSpellVisualKit",
        &[("actor.spellVisualKit", C::N(0.0))],
    )?;
    store(
        lua,
        o,
        "SetPreferModelCollisionBounds",
        &[("actor.preferCollision", Bool)],
    )?;
    load(
        lua,
        o,
        "IsPreferringModelCollisionBounds",
        &[("actor.preferCollision", C::B(false))],
    )?;
    store(
        lua,
        o,
        "SetUseCenterForOrigin",
        &[
            ("actor.centerX", Bool),
            ("actor.centerY", Bool),
            ("actor.centerZ", Bool),
        ],
    )?;
    load(
        lua,
        o,
        "IsUsingCenterForOrigin",
        &[
            ("actor.centerX", C::B(false)),
            ("actor.centerY", C::B(false)),
            ("actor.centerZ", C::B(false)),
        ],
    )?;
    store(
        lua,
        o,
        "PlayAnimationKit",
        &[("actor.animKit", Num), ("actor.animKitLoop", Bool)],
    )?;
    method(lua, o, "StopAnimationKit", |lua, a| {
        let id = self_id(lua, &a, "StopAnimationKit")?;
        clear(lua, id, &["actor.animKit", "actor.animKitLoop"])?;
        ret(lua, ())
    })?;
    store(
        lua,
        o,
        "SetGradientMask",
        &[
            ("actor.gradient0", Num),
            ("actor.gradient1", Num),
            ("actor.gradient2", Num),
            ("actor.gradient3", Num),
        ],
    )?;
    store(
        lua,
        o,
        "SetGradientMaskWithDyes",
        &[
            ("actor.dye0", NumOr(0.0)),
            ("actor.dye1", NumOr(0.0)),
            ("actor.dye2", NumOr(0.0)),
        ],
    )?;
    store(
        lua,
        o,
        "UseUnitSheatheCategory",
        &[("actor.useSheatheCategory", Bool)],
    )?;
    method(lua, o, "SetSheathedCategory", |lua, a| {
        let id = self_id(lua, &a, "SetSheathedCategory")?;
        let slot = num(&arg(&a, 1))
            .ok_or_else(|| bad_arg(lua, 1, "SetSheathedCategory", "number", &arg(&a, 1)))?;
        let cat = num(&arg(&a, 2))
            .ok_or_else(|| bad_arg(lua, 2, "SetSheathedCategory", "number", &arg(&a, 2)))?;
        set_field(
            lua,
            id,
            &format!("actor.sheatheCategory[{slot}]"),
            FieldVal::Num(cat),
        );
        ret(lua, ())
    })?;
    // What the actor shows: a file, a path, a unit or a creature display.
    method(lua, o, "ClearModel", |lua, a| {
        let id = self_id(lua, &a, "ClearModel")?;
        clear(lua, id, ACTOR_MODEL)?;
        ret(lua, ())
    })?;
    for name in ["SetModelByFileID", "SetModelByPath"] {
        let f = lua.create_function(move |lua, a: MultiValue| {
            let id = self_id(lua, &a, name)?;
            let v = arg(&a, 1);
            let (fid, path) = match &v {
                Value::Integer(n) => (*n as f64, None),
                Value::Number(n) => (*n, None),
                Value::String(s) => match num(&v) {
                    Some(n) => (n, None),
                    None => (0.0, Some(s.to_string_lossy())),
                },
                _ => return Err(bad_arg(lua, 1, name, "string", &v)),
            };
            clear(lua, id, ACTOR_MODEL)?;
            set_field(lua, id, "actor.modelFileID", FieldVal::Num(fid));
            if let Some(p) = path {
                set_field(lua, id, "actor.modelPath", FieldVal::Str(p));
            }
            ret(lua, true)
        })?;
        reg(lua, o, name, f)?;
    }
    method(lua, o, "SetModelByCreatureDisplayID", |lua, a| {
        let id = self_id(lua, &a, "SetModelByCreatureDisplayID")?;
        let v = arg(&a, 1);
        let d =
            num(&v).ok_or_else(|| bad_arg(lua, 1, "SetModelByCreatureDisplayID", "number", &v))?;
        clear(lua, id, ACTOR_MODEL)?;
        set_field(lua, id, "actor.creatureDisplayID", FieldVal::Num(d));
        ret(lua, d > 0.0)
    })?;
    // True when the unit exists; its GUID is what the actor shows.
    method(lua, o, "SetModelByUnit", |lua, a| {
        let id = self_id(lua, &a, "SetModelByUnit")?;
        let v = arg(&a, 1);
        let unit = string(&v).ok_or_else(|| bad_arg(lua, 1, "SetModelByUnit", "string", &v))?;
        let guid = unit_guid(lua, &unit)?;
        clear(lua, id, ACTOR_MODEL)?;
        let ok = guid.is_some();
        if let Some(g) = guid {
            set_field(lua, id, "actor.modelUnitGUID", FieldVal::Str(g));
        }
        ret(lua, ok)
    })?;
    method(lua, o, "GetModelFileID", |lua, a| {
        let id = self_id(lua, &a, "GetModelFileID")?;
        ret(lua, get_field(lua, id, "actor.modelFileID").as_f64())
    })?;
    method(lua, o, "GetModelPath", |lua, a| {
        let id = self_id(lua, &a, "GetModelPath")?;
        ret(
            lua,
            match get_field(lua, id, "actor.modelPath") {
                FieldVal::Str(s) => s,
                _ => String::new(),
            },
        )
    })?;
    method(lua, o, "GetModelUnitGUID", |lua, a| {
        let id = self_id(lua, &a, "GetModelUnitGUID")?;
        ret(
            lua,
            match get_field(lua, id, "actor.modelUnitGUID") {
                FieldVal::Str(s) => s,
                _ => String::new(),
            },
        )
    })?;
    // Assets load at once in the simulator: a model is ready as soon as it is set.
    for name in ["IsLoaded", "IsGeoReady"] {
        let f = lua.create_function(move |lua, a: MultiValue| {
            let id = self_id(lua, &a, name)?;
            ret(lua, has_model(lua, id))
        })?;
        reg(lua, o, name, f)?;
    }
    method(lua, o, "AttachToMount", |lua, a| {
        let id = self_id(lua, &a, "AttachToMount")?;
        let rider = super::obj_id(lua, &arg(&a, 1), "AttachToMount")?;
        set_field(lua, id, "actor.rider", FieldVal::Obj(rider));
        ret(lua, true)
    })?;
    method(lua, o, "DetachFromMount", |lua, a| {
        let id = self_id(lua, &a, "DetachFromMount")?;
        let rider = super::obj_id(lua, &arg(&a, 1), "DetachFromMount")?;
        let attached = get_field(lua, id, "actor.rider") == FieldVal::Obj(rider);
        if attached {
            set_field(lua, id, "actor.rider", FieldVal::Nil);
        }
        ret(lua, attached)
    })?;
    Ok(())
}

fn install_model(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let m = "Model";
    noop(lua, m, "AdvanceTime", &[])?;
    store(
        lua,
        m,
        "SetSequence",
        &[("model.sequence", Num), ("model.sequenceTime", NumOr(0.0))],
    )?;
    store(
        lua,
        m,
        "SetSequenceTime",
        &[("model.sequence", Num), ("model.sequenceTime", Num)],
    )?;
    store(
        lua,
        m,
        "SetGradientMask",
        &[
            ("model.gradient0", Num),
            ("model.gradient1", Num),
            ("model.gradient2", Num),
            ("model.gradient3", Num),
        ],
    )?;
    store(lua, m, "SetUseGBuffer", &[("model.useGBuffer", Bool)])?;
    store(
        lua,
        m,
        "ReplaceIconTexture",
        &[("model.iconTexture", Asset)],
    )?;
    store(
        lua,
        m,
        "SetTransform",
        &[
            ("model.translation", Any),
            ("model.rotation", Any),
            ("model.transformScale", Any),
        ],
    )?;
    method(lua, m, "ClearTransform", |lua, a| {
        let id = self_id(lua, &a, "ClearTransform")?;
        clear(
            lua,
            id,
            &[
                "model.translation",
                "model.rotation",
                "model.transformScale",
            ],
        )?;
        ret(lua, ())
    })?;
    store(
        lua,
        m,
        "SetLight",
        &[("model.lightEnabled", Bool), ("model.light", Any)],
    )?;
    method(lua, m, "GetLight", |lua, a| {
        let id = self_id(lua, &a, "GetLight")?;
        let on = get_field(lua, id, "model.lightEnabled") == FieldVal::Bool(true);
        let light = match lua_get(lua, id, "model.light")? {
            Value::Table(t) => t,
            _ => lua.create_table()?,
        };
        ret(lua, (on, light))
    })?;
    // The fog colour is `SetFogColor`'s state pair; clearing it turns the fog off.
    method(lua, m, "ClearFog", |lua, a| {
        let id = self_id(lua, &a, "ClearFog")?;
        clear(
            lua,
            id,
            &[
                "Model:FogColor.1",
                "Model:FogColor.2",
                "Model:FogColor.3",
                "Model:FogColor.4",
            ],
        )?;
        ret(lua, ())
    })?;

    let p = "PlayerModel";
    store(
        lua,
        p,
        "ApplySpellVisualKit",
        &[("model.spellVisualKit", Num), ("model.oneShot", Bool)],
    )?;
    store(
        lua,
        p,
        "FreezeAnimation",
        &[
            ("animation", Num),
            ("model.animationVariation", Num),
            ("model.animationFrame", Num),
        ],
    )?;
    store(
        lua,
        p,
        "PlayAnimKit",
        &[("model.animKit", Num), ("model.animKitLoop", Bool)],
    )?;
    method(lua, p, "StopAnimKit", |lua, a| {
        let id = self_id(lua, &a, "StopAnimKit")?;
        clear(lua, id, &["model.animKit", "model.animKitLoop"])?;
        ret(lua, ())
    })?;
    store(
        lua,
        p,
        "SetItem",
        &[
            ("model.itemID", Num),
            ("model.appearanceModID", NumOr(0.0)),
            ("model.itemVisualID", NumOr(0.0)),
        ],
    )?;
    store(
        lua,
        p,
        "SetItemAppearance",
        &[
            ("model.itemAppearanceID", Num),
            ("model.itemVisualID", NumOr(0.0)),
            ("model.itemSubclass", NumOr(0.0)),
        ],
    )?;
    noop(lua, p, "RefreshCamera", &[])?;
    noop(lua, p, "ZeroCachedCenterXY", &[])?;

    let d = "DressUpModel";
    store(
        lua,
        d,
        "SetSheathed",
        &[("model.sheathed", Bool), ("model.hideWeapons", Bool)],
    )?;
    load(lua, d, "GetSheathed", &[("model.sheathed", C::B(false))])?;
    method(lua, d, "IsGeoReady", |lua, a| {
        let id = self_id(lua, &a, "IsGeoReady")?;
        let set = [
            "modelFile",
            "modelFileID",
            "displayID",
            "creatureID",
            "modelUnit",
        ]
        .iter()
        .any(|f| get_field(lua, id, f) != FieldVal::Nil);
        ret(lua, set)
    })?;
    for o in ["Actor", d] {
        install_transmog(lua, o)?;
    }

    let c = "CinematicModel";
    store(lua, c, "EquipItem", &[("cinematic.itemID", Num)])?;
    method(lua, c, "UnequipItems", |lua, a| {
        let id = self_id(lua, &a, "UnequipItems")?;
        clear(lua, id, &["cinematic.itemID"])?;
        ret(lua, ())
    })?;
    store(
        lua,
        c,
        "InitializeCamera",
        &[("cinematic.cameraScale", NumOr(0.0))],
    )?;
    store(
        lua,
        c,
        "InitializePanCamera",
        &[("cinematic.panCameraScale", NumOr(0.0))],
    )?;
    store(lua, c, "SetAnimOffset", &[("cinematic.animOffset", Num)])?;
    store(lua, c, "SetCreatureData", &[("creatureID", Num)])?;
    store(
        lua,
        c,
        "SetFacingLeft",
        &[("cinematic.facingLeft", BoolOr(false))],
    )?;
    store(
        lua,
        c,
        "SetFadeTimes",
        &[("cinematic.fadeIn", Num), ("cinematic.fadeOut", Num)],
    )?;
    store(
        lua,
        c,
        "SetHeightFactor",
        &[("cinematic.heightFactor", Num)],
    )?;
    store(
        lua,
        c,
        "SetJumpInfo",
        &[("cinematic.jumpLength", Num), ("cinematic.jumpHeight", Num)],
    )?;
    store(lua, c, "SetPanDistance", &[("cinematic.panDistance", Num)])?;
    store(
        lua,
        c,
        "SetSpellVisualKit",
        &[("cinematic.spellVisualKit", Num)],
    )?;
    store(
        lua,
        c,
        "SetTargetDistance",
        &[("cinematic.targetDistance", Num)],
    )?;
    store(
        lua,
        c,
        "StartPan",
        &[
            ("cinematic.panType", Num),
            ("cinematic.panDuration", Num),
            ("cinematic.panFade", Bool),
            ("cinematic.panVisKit", NumOr(0.0)),
            ("cinematic.panStart", NumOr(0.0)),
            ("cinematic.panSpeed", NumOr(1.0)),
        ],
    )?;
    method(lua, c, "StopPan", |lua, a| {
        let id = self_id(lua, &a, "StopPan")?;
        clear(lua, id, &["cinematic.panType", "cinematic.panDuration"])?;
        ret(lua, ())
    })?;

    let t = "TabardModel";
    // The variation cycled per part (emblem, border, background, ...).
    method(lua, t, "CycleVariation", |lua, a| {
        let id = self_id(lua, &a, "CycleVariation")?;
        let i = num(&arg(&a, 1))
            .ok_or_else(|| bad_arg(lua, 1, "CycleVariation", "number", &arg(&a, 1)))?;
        let d = num(&arg(&a, 2))
            .ok_or_else(|| bad_arg(lua, 2, "CycleVariation", "number", &arg(&a, 2)))?;
        let key = format!("tabard.variation[{i}]");
        let cur = get_field(lua, id, &key).as_f64();
        set_field(lua, id, &key, FieldVal::Num(cur + d));
        ret(lua, ())
    })?;
    // The player is in no guild in the simulator: the tabard is never a guild tabard.
    noop(lua, t, "IsGuildTabard", &[C::B(false)])?;
    Ok(())
}

/// Transmog infos by inventory slot (Actor and DressUpModel).
fn install_transmog(lua: &Lua, o: &str) -> mlua::Result<()> {
    method(lua, o, "SetItemTransmogInfo", |lua, a| {
        let id = self_id(lua, &a, "SetItemTransmogInfo")?;
        let info = arg(&a, 1);
        if !matches!(info, Value::Table(_)) {
            return Err(bad_arg(lua, 1, "SetItemTransmogInfo", "table", &info));
        }
        let slot = num(&arg(&a, 2)).unwrap_or(0.0);
        lua_set(lua, id, &format!("transmog[{slot}]"), info)?;
        // Enum.ItemTryOnReason.Success
        ret(lua, 0)
    })?;
    method(lua, o, "GetItemTransmogInfo", |lua, a| {
        let id = self_id(lua, &a, "GetItemTransmogInfo")?;
        let v = arg(&a, 1);
        let slot = num(&v).ok_or_else(|| bad_arg(lua, 1, "GetItemTransmogInfo", "number", &v))?;
        ret(lua, lua_get(lua, id, &format!("transmog[{slot}]"))?)
    })?;
    method(lua, o, "GetItemTransmogInfoList", |lua, a| {
        let id = self_id(lua, &a, "GetItemTransmogInfoList")?;
        let out = lua.create_table()?;
        for slot in 1..=19 {
            // An empty slot: no appearance.
            let v = match lua_get(lua, id, &format!("transmog[{}]", slot as f64))? {
                Value::Nil => {
                    let t = lua.create_table()?;
                    for k in ["appearanceID", "secondaryAppearanceID", "illusionID"] {
                        t.raw_set(k, 0)?;
                    }
                    Value::Table(t)
                }
                v => v,
            };
            out.raw_set(slot, v)?;
        }
        ret(lua, out)
    })?;
    method(lua, o, "UndressSlot", |lua, a| {
        let id = self_id(lua, &a, "UndressSlot")?;
        let v = arg(&a, 1);
        let slot = num(&v).ok_or_else(|| bad_arg(lua, 1, "UndressSlot", "number", &v))?;
        state_table(lua, id)?.raw_set(format!("transmog[{slot}]"), Value::Nil)?;
        ret(lua, ())
    })?;
    method(lua, o, "Undress", |lua, a| {
        let id = self_id(lua, &a, "Undress")?;
        let keep_weapons = matches!(arg(&a, 1), Value::Boolean(false));
        let t = state_table(lua, id)?;
        let mut keys = Vec::new();
        for pair in t.pairs::<String, Value>() {
            let (k, _) = pair?;
            // `includeWeapons` (Actor; true when nil): false keeps the weapon slots.
            let weapon = ["transmog[16]", "transmog[17]", "transmog[18]"].contains(&k.as_str());
            if k.starts_with("transmog[") && !(keep_weapons && weapon) {
                keys.push(k);
            }
        }
        for k in keys {
            t.raw_set(k, Value::Nil)?;
        }
        ret(lua, ())
    })?;

    Ok(())
}

fn install_scene(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let s = "ModelScene";
    method(lua, s, "ClearFog", |lua, a| {
        let id = self_id(lua, &a, "ClearFog")?;
        clear(
            lua,
            id,
            &[
                "ModelScene:FogColor.1",
                "ModelScene:FogColor.2",
                "ModelScene:FogColor.3",
            ],
        )?;
        ret(lua, ())
    })?;
    // CreateActor, GetNumActors and GetActorAtIndex are in `model_scene.rs`.
    store(
        lua,
        s,
        "SetCameraOrientationByAxisVectors",
        &[
            ("scene.fx", Num),
            ("scene.fy", Num),
            ("scene.fz", Num),
            ("scene.rx", Num),
            ("scene.ry", Num),
            ("scene.rz", Num),
            ("scene.ux", Num),
            ("scene.uy", Num),
            ("scene.uz", Num),
        ],
    )?;
    // Yaw about z, then pitch, then roll (a right-handed frame, x forward, z up).
    method(lua, s, "SetCameraOrientationByYawPitchRoll", |lua, a| {
        let m = "SetCameraOrientationByYawPitchRoll";
        let id = self_id(lua, &a, m)?;
        let mut v = [0.0; 3];
        for (i, x) in v.iter_mut().enumerate() {
            *x = num(&arg(&a, i + 1))
                .ok_or_else(|| bad_arg(lua, i + 1, m, "number", &arg(&a, i + 1)))?;
        }
        let (sy, cy) = v[0].sin_cos();
        let (sp, cp) = v[1].sin_cos();
        let (sr, cr) = v[2].sin_cos();
        // (`+ 0.0` turns a negative zero into zero.)
        let f = [cy * cp + 0.0, sy * cp + 0.0, -sp + 0.0];
        let r = [sy * cr - cy * sp * sr, -cy * cr - sy * sp * sr, -cp * sr];
        let u = [cy * sp * cr + sy * sr, sy * sp * cr - cy * sr, cp * cr];
        for (k, val) in ["scene.fx", "scene.fy", "scene.fz"]
            .iter()
            .zip(f)
            .chain(["scene.rx", "scene.ry", "scene.rz"].iter().zip(r))
            .chain(["scene.ux", "scene.uy", "scene.uz"].iter().zip(u))
        {
            set_field(lua, id, k, FieldVal::Num(val + 0.0));
        }
        ret(lua, ())
    })?;
    load(
        lua,
        s,
        "GetCameraForward",
        &[
            ("scene.fx", C::N(1.0)),
            ("scene.fy", C::N(0.0)),
            ("scene.fz", C::N(0.0)),
        ],
    )?;
    load(
        lua,
        s,
        "GetCameraRight",
        &[
            ("scene.rx", C::N(0.0)),
            ("scene.ry", C::N(-1.0)),
            ("scene.rz", C::N(0.0)),
        ],
    )?;
    load(
        lua,
        s,
        "GetCameraUp",
        &[
            ("scene.ux", C::N(0.0)),
            ("scene.uy", C::N(0.0)),
            ("scene.uz", C::N(1.0)),
        ],
    )?;
    method(lua, s, "SetDrawLayer", |lua, a| {
        let id = self_id(lua, &a, "SetDrawLayer")?;
        let v = arg(&a, 1);
        let l = string(&v).ok_or_else(|| bad_arg(lua, 1, "SetDrawLayer", "string", &v))?;
        set_field(
            lua,
            id,
            "scene.layer",
            FieldVal::Str(l.to_ascii_uppercase()),
        );
        ret(lua, ())
    })?;
    load(
        lua,
        s,
        "GetDrawLayer",
        &[
            ("scene.layer", C::S("ARTWORK")),
            ("scene.sublevel", C::N(0.0)),
        ],
    )?;
    store(lua, s, "SetDesaturation", &[("scene.desaturation", Num)])?;
    store(
        lua,
        s,
        "SetPaused",
        &[("scene.paused", Bool), ("scene.globalPause", BoolOr(true))],
    )?;
    Ok(())
}

fn install_map(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let m = "Minimap";
    // The client's minimap has six zoom levels (0 widest .. 5 narrowest).
    noop(lua, m, "GetZoomLevels", &[C::N(6.0)])?;
    store(
        lua,
        m,
        "PingLocation",
        &[("minimap.pingX", Num), ("minimap.pingY", Num)],
    )?;
    load(
        lua,
        m,
        "GetPingPosition",
        &[("minimap.pingX", C::N(0.0)), ("minimap.pingY", C::N(0.0))],
    )?;
    noop(lua, m, "UpdateBlips", &[])?;
    store(lua, m, "SetIconScale", &[("minimap.iconScale", Num)])?;
    store(lua, m, "SetMaskTexture", &[("minimap.mask", Asset)])?;
    // Arch/Quest/Task blob settings: one field each.
    macro_rules! blobs {
        ($($name:literal),*) => {
            $(
                store(lua, m, concat!("Set", $name, "InsideAlpha"), &[(concat!("minimap.", $name, "InsideAlpha"), Num)])?;
                store(lua, m, concat!("Set", $name, "OutsideAlpha"), &[(concat!("minimap.", $name, "OutsideAlpha"), Num)])?;
                store(lua, m, concat!("Set", $name, "RingAlpha"), &[(concat!("minimap.", $name, "RingAlpha"), Num)])?;
                store(lua, m, concat!("Set", $name, "RingScalar"), &[(concat!("minimap.", $name, "RingScalar"), Num)])?;
                store(lua, m, concat!("Set", $name, "InsideTexture"), &[(concat!("minimap.", $name, "InsideTexture"), Asset)])?;
                store(lua, m, concat!("Set", $name, "OutsideTexture"), &[(concat!("minimap.", $name, "OutsideTexture"), Asset)])?;
                store(lua, m, concat!("Set", $name, "RingTexture"), &[(concat!("minimap.", $name, "RingTexture"), Asset)])?;
            )*
        };
    }
    blobs!("ArchBlob", "QuestBlob", "TaskBlob");

    let p = "POIFrame";
    store(lua, p, "SetBorderAlpha", &[("poi.borderAlpha", Num)])?;
    store(lua, p, "SetBorderScalar", &[("poi.borderScalar", Num)])?;
    store(lua, p, "SetBorderTexture", &[("poi.borderTexture", Asset)])?;
    store(lua, p, "SetFillAlpha", &[("poi.fillAlpha", Num)])?;
    store(lua, p, "SetFillTexture", &[("poi.fillTexture", Asset)])?;
    store(lua, p, "SetMergeThreshold", &[("poi.mergeThreshold", Num)])?;
    store(lua, p, "SetNumSplinePoints", &[("poi.splinePoints", Num)])?;
    store(lua, p, "EnableMerging", &[("poi.merging", BoolOr(false))])?;
    store(
        lua,
        p,
        "EnableSmoothing",
        &[("poi.smoothing", BoolOr(false))],
    )?;
    // Which quests' blobs are drawn: all, none, or one by one.
    method(lua, p, "DrawAll", |lua, a| {
        let id = self_id(lua, &a, "DrawAll")?;
        set_field(lua, id, "poi.drawAll", FieldVal::Bool(true));
        state_table(lua, id)?.raw_set("poi.blobs", Value::Nil)?;
        ret(lua, ())
    })?;
    method(lua, p, "DrawNone", |lua, a| {
        let id = self_id(lua, &a, "DrawNone")?;
        set_field(lua, id, "poi.drawAll", FieldVal::Bool(false));
        state_table(lua, id)?.raw_set("poi.blobs", Value::Nil)?;
        ret(lua, ())
    })?;
    method(lua, p, "DrawBlob", |lua, a| {
        let id = self_id(lua, &a, "DrawBlob")?;
        let v = arg(&a, 1);
        let q = num(&v).ok_or_else(|| bad_arg(lua, 1, "DrawBlob", "number", &v))?;
        let st = state_table(lua, id)?;
        let blobs = match st.raw_get::<Value>("poi.blobs")? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                st.raw_set("poi.blobs", t.clone())?;
                t
            }
        };
        blobs.raw_set(q, truthy(&arg(&a, 2)))?;
        ret(lua, ())
    })?;

    let u = "UnitPositionFrame";
    // Units to show, with their colours (kept; nothing drawn).
    method(lua, u, "AddUnit", |lua, a| {
        let id = self_id(lua, &a, "AddUnit")?;
        let unit =
            string(&arg(&a, 1)).ok_or_else(|| bad_arg(lua, 1, "AddUnit", "string", &arg(&a, 1)))?;
        string(&arg(&a, 2)).ok_or_else(|| bad_arg(lua, 2, "AddUnit", "string", &arg(&a, 2)))?;
        let st = state_table(lua, id)?;
        let units = match st.raw_get::<Value>("upf.units")? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                st.raw_set("upf.units", t.clone())?;
                t
            }
        };
        let entry = lua.create_table()?;
        for i in 2..=10 {
            entry.raw_set(i - 1, arg(&a, i))?;
        }
        units.raw_set(unit, entry)?;
        ret(lua, ())
    })?;
    method(lua, u, "ClearUnits", |lua, a| {
        let id = self_id(lua, &a, "ClearUnits")?;
        state_table(lua, id)?.raw_set("upf.units", Value::Nil)?;
        ret(lua, ())
    })?;
    noop(lua, u, "FinalizeUnits", &[])?;
    method(lua, u, "SetUnitColor", |lua, a| {
        let id = self_id(lua, &a, "SetUnitColor")?;
        let unit = string(&arg(&a, 1))
            .ok_or_else(|| bad_arg(lua, 1, "SetUnitColor", "string", &arg(&a, 1)))?;
        let c = lua.create_table()?;
        for i in 2..=5 {
            let v = arg(&a, i);
            let n = num(&v).ok_or_else(|| bad_arg(lua, i, "SetUnitColor", "number", &v))?;
            c.raw_set(i - 1, n)?;
        }
        lua_set(lua, id, &format!("upf.color[{unit}]"), Value::Table(c))?;
        ret(lua, ())
    })?;
    store(
        lua,
        u,
        "SetPlayerPingTexture",
        &[
            ("upf.pingType", Num),
            ("upf.pingTexture", Asset),
            ("upf.pingWidth", NumOr(0.0)),
            ("upf.pingHeight", NumOr(0.0)),
        ],
    )?;
    store(
        lua,
        u,
        "StartPlayerPing",
        &[
            ("upf.pingDuration", NumOr(0.0)),
            ("upf.pingFade", NumOr(0.0)),
        ],
    )?;
    method(lua, u, "StopPlayerPing", |lua, a| {
        let id = self_id(lua, &a, "StopPlayerPing")?;
        clear(lua, id, &["upf.pingDuration", "upf.pingFade"])?;
        ret(lua, ())
    })?;
    Ok(())
}

fn install_other(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    // MovieFrame: subtitles are a setting; with no movie playing, stopping changes nothing.
    store(
        lua,
        "MovieFrame",
        "EnableSubtitles",
        &[("movie.subtitles", Bool)],
    )?;
    noop(lua, "MovieFrame", "StopMovie", &[])?;
    // Browser and Checkout: zoom and keyboard focus are kept; no page is ever loaded.
    for o in ["Browser", "Checkout"] {
        store(lua, o, "SetZoom", &[("web.zoom", Num)])?;
        method(lua, o, "SetFocus", |lua, a| {
            let id = self_id(lua, &a, "SetFocus")?;
            set_field(lua, id, "web.focus", FieldVal::Bool(true));
            ret(lua, ())
        })?;
        method(lua, o, "ClearFocus", |lua, a| {
            let id = self_id(lua, &a, "ClearFocus")?;
            set_field(lua, id, "web.focus", FieldVal::Bool(false));
            ret(lua, ())
        })?;
    }
    // VectorGraphics: the SVG asset it shows.
    let v = "VectorGraphics";
    method(lua, v, "SetSVG", |lua, a| {
        let id = self_id(lua, &a, "SetSVG")?;
        let x = arg(&a, 1);
        let f = match (&x, num(&x)) {
            (Value::Integer(_) | Value::Number(_), Some(n)) => FieldVal::Num(n),
            (Value::String(s), Some(n)) if !s.to_string_lossy().is_empty() => FieldVal::Num(n),
            (Value::String(s), _) => FieldVal::Str(s.to_string_lossy()),
            _ => return Err(bad_arg(lua, 1, "SetSVG", "string", &x)),
        };
        set_field(lua, id, "vg.svg", f);
        ret(lua, true)
    })?;
    // A path has no file id without a listfile: 0, as `Model:GetModelFileID`.
    method(lua, v, "GetSVGFileID", |lua, a| {
        let id = self_id(lua, &a, "GetSVGFileID")?;
        ret(lua, get_field(lua, id, "vg.svg").as_f64())
    })?;
    method(lua, v, "HasSVG", |lua, a| {
        let id = self_id(lua, &a, "HasSVG")?;
        ret(lua, get_field(lua, id, "vg.svg") != FieldVal::Nil)
    })?;
    method(lua, v, "ClearSVG", |lua, a| {
        let id = self_id(lua, &a, "ClearSVG")?;
        set_field(lua, id, "vg.svg", FieldVal::Nil);
        ret(lua, ())
    })?;
    method(lua, "Frame", "CreateVectorGraphics", |lua, a| {
        super::frame::create_region(lua, a, "VectorGraphics", "CreateVectorGraphics")
    })?;
    // OffScreenFrame: snapshots are numbered; a taken one stays valid. Nothing is rendered.
    method(lua, "OffScreenFrame", "TakeSnapshot", |lua, a| {
        let id = self_id(lua, &a, "TakeSnapshot")?;
        let n = get_field(lua, id, "offscreen.snapshots").as_f64() + 1.0;
        set_field(lua, id, "offscreen.snapshots", FieldVal::Num(n));
        ret(lua, n)
    })?;
    method(lua, "OffScreenFrame", "IsSnapshotValid", |lua, a| {
        let id = self_id(lua, &a, "IsSnapshotValid")?;
        let v = arg(&a, 1);
        let s = num(&v).ok_or_else(|| bad_arg(lua, 1, "IsSnapshotValid", "number", &v))?;
        let n = get_field(lua, id, "offscreen.snapshots").as_f64();
        ret(lua, s >= 1.0 && s <= n && s.fract() == 0.0)
    })?;
    noop(lua, "OffScreenFrame", "Flush", &[])?;
    // LayeredRegion: a colour chosen by a boolean, through SetVertexColor.
    method(
        lua,
        "LayeredRegion",
        "SetVertexColorFromBoolean",
        |lua, a| {
            let m = "SetVertexColorFromBoolean";
            let this = arg(&a, 0);
            self_id(lua, &a, m)?;
            let c = if truthy(&arg(&a, 1)) {
                arg(&a, 2)
            } else {
                arg(&a, 3)
            };
            let Value::Table(c) = c else {
                let pos = if truthy(&arg(&a, 1)) { 2 } else { 3 };
                return Err(bad_arg(lua, pos, m, "table", &c));
            };
            let Value::Table(t) = &this else {
                return ret(lua, ());
            };
            let f: mlua::Function = t.get("SetVertexColor")?;
            f.call::<()>((
                this.clone(),
                c.get::<Value>("r")?,
                c.get::<Value>("g")?,
                c.get::<Value>("b")?,
                c.get::<Value>("a")?,
            ))?;
            ret(lua, ())
        },
    )?;
    // Access restrictions and forbidden aspects: flags that only grow.
    for (add, get, field) in [
        (
            "AddAccessRestrictions",
            "GetAccessRestrictions",
            "uiobject.restrictions",
        ),
        (
            "AddForbiddenAspects",
            "GetForbiddenAspects",
            "uiobject.forbiddenAspects",
        ),
    ] {
        let f = lua.create_function(move |lua, a: MultiValue| {
            let id = self_id(lua, &a, add)?;
            let v = arg(&a, 1);
            let n = num(&v).ok_or_else(|| bad_arg(lua, 1, add, "number", &v))? as u64;
            let cur = get_field(lua, id, field).as_f64() as u64;
            set_field(lua, id, field, FieldVal::Num((cur | n) as f64));
            ret(lua, ())
        })?;
        reg(lua, "UIObject", add, f)?;
        let g = lua.create_function(move |lua, a: MultiValue| {
            let id = self_id(lua, &a, get)?;
            ret(lua, get_field(lua, id, field).as_f64())
        })?;
        reg(lua, "UIObject", get, g)?;
    }
    Ok(())
}
