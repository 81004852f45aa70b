//! Forbidden objects: what insecure code sees of an object Blizzard's code made inside
//! `<ScopedModifier forbidden="true">`, with `CreateForbiddenFrame`, or marked with
//! `SetForbidden()`.
//!
//! The client's facts (wowless's `SimpleCheckout` checks, which pass in the real client, and the
//! client's object-security notes): `getmetatable(obj)` answers `"Forbidden"`; every method of
//! the object's type is there but as a function of its own, not the type's; `obj[0]` is a
//! userdata like any object's; insecure code may call almost none of the methods (it gets
//! "Attempt to access forbidden object from code tainted by an AddOn"), while Blizzard's secure
//! code uses the object as any other. Which methods stay open to insecure code is not
//! published; `IsForbidden` has to (it is how an addon tells), and `GetObjectType` does too:
//! ElvUI's toolkit, run at every login by its users, walks `EnumerateFrames()` calling
//! `object:GetObjectType()` before `object:IsForbidden()` on each frame. wow-sim opens no other.
//!
//! Each forbidden type gets one metatable (`__metatable = "Forbidden"`), whose `__index` table
//! makes its wrappers on first use from the type's method table, so a method added to the type
//! later is reached too and a wrapper keeps its identity.

use mlua::{Function, Lua, MultiValue, Table, Value};
use wowsim_lua::lua_error;

use super::fields::FieldVal;
use super::util::set_field;
use super::{object_table, UiLua, UiState};

/// The methods insecure code may still call on a forbidden object.
const OPEN_TO_INSECURE: &[&str] = &["IsForbidden", "GetObjectType"];

/// The client's error for insecure code touching a forbidden object.
const MESSAGE: &str = "Attempt to access forbidden object from code tainted by an AddOn";

/// Makes object `id` forbidden: `IsForbidden()` is true and its table takes its type's
/// forbidden metatable.
pub fn make_forbidden(lua: &Lua, id: u32) -> mlua::Result<()> {
    set_field(lua, id, "forbidden", FieldVal::Bool(true));
    let type_index = {
        let ui = lua.app_data_ref::<UiState>().expect("ui installed");
        match ui.get(id) {
            Some(o) => o.type_index,
            None => return Ok(()),
        }
    };
    let mt = metatable(lua, type_index)?;
    object_table(lua, id)?.set_metatable(Some(mt))
}

/// The forbidden metatable of a type, made on first use.
fn metatable(lua: &Lua, type_index: usize) -> mlua::Result<Table> {
    let (cache, methods): (Table, Table) = {
        let ui = lua.app_data_ref::<UiLua>().expect("ui installed");
        (
            ui.forbidden.clone(),
            ui.metatable_list[type_index].raw_get("__index")?,
        )
    };
    if let Value::Table(mt) = cache.raw_get::<Value>(type_index + 1)? {
        return Ok(mt);
    }
    let wrappers = lua.create_table()?;
    let lookup = lua.create_function(move |lua, (this, key): (Table, Value)| {
        let Value::Function(method) = methods.raw_get::<Value>(&key)? else {
            return Ok(Value::Nil);
        };
        let open = matches!(&key, Value::String(s)
            if OPEN_TO_INSECURE.iter().any(|m| s.as_bytes() == m.as_bytes()));
        let w = Value::Function(wrapper(lua, method, open)?);
        this.raw_set(key, &w)?;
        Ok(w)
    })?;
    let index_mt = lua.create_table()?;
    index_mt.raw_set("__index", lookup)?;
    wrappers.set_metatable(Some(index_mt))?;
    let mt = lua.create_table()?;
    mt.raw_set("__index", wrappers)?;
    mt.raw_set("__metatable", "Forbidden")?;
    cache.raw_set(type_index + 1, &mt)?;
    Ok(mt)
}

/// A forbidden object's method: `method` for secure callers (and for all when `open`), the
/// client's error for insecure ones.
fn wrapper(lua: &Lua, method: Function, open: bool) -> mlua::Result<Function> {
    lua.create_function(move |lua, args: MultiValue| {
        if !open && !caller_is_secure(lua)? {
            return Err(lua_error(lua, MESSAGE));
        }
        method.call::<MultiValue>(args)
    })
}

/// Whether the code calling a forbidden object's method is secure. The calling Lua function's
/// own taint decides, not the execution's: Blizzard's public functions that addons call from
/// their own (tainted) code reach forbidden delegate frames by design (`EventRegistry` and
/// every `CallbackRegistryMixin` through `AttributeDelegate:SetAttribute`, `Settings.Register*`,
/// `ShowUIPanel`'s `FramePositionDelegate`, `StaticPopup_Show`, `Menu`, `StoreFrame_SetShown`),
/// and those calls work in the client for every addon. A method called straight from a C
/// function (`pcall(obj.Hide, obj)`) is judged by the execution's taint.
fn caller_is_secure(lua: &Lua) -> mlua::Result<bool> {
    let caller = lua
        .inspect_stack(1, |d| (d.source().what != "C").then(|| d.function()))
        .flatten();
    Ok(match caller {
        Some(f) => wowsim_lua::taint::function(lua, &f)?.is_secure(),
        None => wowsim_lua::taint::current(lua).is_secure(),
    })
}
