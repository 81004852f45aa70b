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
pub use wowsim_ui::scene_state::*;

mod dressing;
mod frames;
mod models;
mod web;

use super::add_method;
use super::fields::FieldVal;
use super::util::{arg, get_field, num, ret, self_id, set_field, string, truthy};
use crate::widgets::fields::FieldValLua;
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Table, Value};
use std::cell::Cell;
use wowsim_data::ProductData;

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

pub(crate) fn bad_arg(lua: &Lua, pos: usize, method: &str, want: &str, got: &Value) -> mlua::Error {
    wowsim_lua::lua_error(
        lua,
        format_args!(
            "bad argument #{pos} to '{method}' ({want} expected, got {})",
            wowsim_lua::type_name(got)
        ),
    )
}

pub(crate) fn state_table(lua: &Lua, id: u32) -> mlua::Result<Table> {
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

/// A table copied one level deep (other values as they are), so a kept value and the
/// caller's never share later changes.
fn shallow_copy(lua: &Lua, v: Value) -> mlua::Result<Value> {
    let Value::Table(t) = v else { return Ok(v) };
    let c = lua.create_table()?;
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        c.raw_set(k, v)?;
    }
    Ok(Value::Table(c))
}

/// Keeps a Lua value for an object (a table is copied one level deep, so later changes by the
/// caller do not reach it).
pub(crate) fn lua_set(lua: &Lua, id: u32, key: &str, v: Value) -> mlua::Result<()> {
    state_table(lua, id)?.raw_set(key, shallow_copy(lua, v)?)
}

/// A kept Lua value (a copy of a kept table), nil when absent.
pub(crate) fn lua_get(lua: &Lua, id: u32, key: &str) -> mlua::Result<Value> {
    shallow_copy(lua, state_table(lua, id)?.raw_get(key)?)
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
pub(crate) fn store(
    lua: &Lua,
    owner: &str,
    method: &'static str,
    fields: &'static [(&'static str, A)],
) -> mlua::Result<()> {
    let f = host_fn(lua, move |lua, a: MultiValue| {
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
pub(crate) fn load(
    lua: &Lua,
    owner: &str,
    method: &'static str,
    fields: &'static [(&'static str, C)],
) -> mlua::Result<()> {
    let f = host_fn(lua, move |lua, a: MultiValue| {
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
pub(crate) fn noop(
    lua: &Lua,
    owner: &str,
    method: &'static str,
    rets: &'static [C],
) -> mlua::Result<()> {
    let f = host_fn(lua, move |lua, a: MultiValue| {
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
pub(crate) fn clear(lua: &Lua, id: u32, names: &[&str]) -> mlua::Result<()> {
    for n in names {
        set_field(lua, id, n, FieldVal::Nil);
        state_table(lua, id)?.raw_set(*n, Value::Nil)?;
    }
    Ok(())
}

pub(crate) fn has_model(lua: &Lua, id: u32) -> bool {
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

pub(crate) fn method(
    lua: &Lua,
    owner: &str,
    name: &str,
    f: super::util::Method,
) -> mlua::Result<()> {
    reg(lua, owner, name, host_fn(lua, f)?)
}

/// Registers a method when the flavour's reference has it on `owner` (this file covers types
/// and methods that some flavours lack) and it is still a typed stub there: a method that is
/// already real (generic or hand-written elsewhere) is never registered a second time.
pub(crate) fn reg(lua: &Lua, owner: &str, name: &str, f: mlua::Function) -> mlua::Result<()> {
    let has = DATA.with(Cell::get).is_some_and(|d| {
        d.uiobject(owner)
            .is_some_and(|o| o.methods.iter().any(|m| m.name == name))
    });
    if has && is_stub(lua, owner, name)? {
        add_method(lua, owner, name, f)?;
    }
    Ok(())
}

/// Whether `owner:name` is absent or a typed stub (see `coverage::mark_stub`).
fn is_stub(lua: &Lua, owner: &str, name: &str) -> mlua::Result<bool> {
    let Value::Function(cur) = super::methods_of(lua, owner)?.raw_get::<Value>(name)? else {
        return Ok(true);
    };
    Ok(lua
        .named_registry_value::<Table>("wowsim.stubfns")
        .ok()
        .is_some_and(|s| s.raw_get::<bool>(cur).unwrap_or(false)))
}

/// Installs the methods of this file that the flavour has.
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    DATA.with(|d| d.set(Some(data)));
    let r = (|| {
        models::install_actor(lua)?;
        models::install_model(lua)?;
        models::install_scene(lua)?;
        frames::install_map(lua)?;
        frames::install_other(lua)?;
        dressing::install(lua)?;
        web::install(lua)?;
        // Methods of 2D types that also register only where the flavour has them.
        super::object_state::install(lua)?;
        super::texture_state::install(lua)?;
        super::text_state::install(lua)?;
        super::cooldown::install_extras(lua)?;
        super::tooltip_data::install(lua, data)
    })();
    DATA.with(|d| d.set(None));
    r
}
