//! Function containers (`LuaFunctionContainer`): the client's callback objects, made by
//! `C_FunctionContainers.CreateCallback` and by `C_Timer.NewTimer`/`NewTicker`.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_FunctionContainers.CreateCallback(func)` | [`install`] |
//! | `LuaFunctionContainer:Invoke(...)`, `:Cancel()`, `:IsCancelled()` | [`install`] |
//! | a timer's container and the proxy its callback gets | [`new`], [`callback_of`], [`lua_objects::proxy`] |
//!
//! A container holds a Lua function (never a C function: the client refuses those) until it
//! is cancelled; cancelling drops the function. `Invoke` calls it with its arguments and
//! returns nothing. The function lives in the object's shared fields under a key no addon can
//! name, so a proxy of the container sees the same function and the same cancellation.

use super::lua_objects::{self, create, set_method, shared_fields, ObjState};
use mlua::{AnyUserData, Function, Lua, MultiValue, Table, Value};

const TYPE: &str = "LuaFunctionContainer";
/// The registry key of the private table used as the field key of a container's function.
const KEY: &str = "wowsim.funtainer.key";

fn private_key(lua: &Lua) -> mlua::Result<Table> {
    match lua.named_registry_value::<Value>(KEY)? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value(KEY, t.clone())?;
            Ok(t)
        }
    }
}

/// Whether `f` is a Lua function (containers refuse C functions, as the client does).
pub fn is_lua_function(f: &Function) -> bool {
    f.info().what != "C"
}

/// The container userdata behind `v`, if `v` is one.
pub fn as_container(lua: &Lua, v: &Value) -> Option<AnyUserData> {
    match v {
        Value::UserData(ud) if lua_objects::type_name_of(lua, v).as_deref() == Some(TYPE) => {
            Some(ud.clone())
        }
        _ => None,
    }
}

/// A new container of the Lua function `f`.
pub fn new(lua: &Lua, f: Function) -> mlua::Result<AnyUserData> {
    let Value::UserData(ud) = create(lua, TYPE, ObjState::None)? else {
        return Err(mlua::Error::RuntimeError(format!("{TYPE}: unknown type")));
    };
    shared_fields(lua, &ud)?.raw_set(private_key(lua)?, f)?;
    Ok(ud)
}

/// The function of a container; `None` once it is cancelled.
pub fn callback_of(lua: &Lua, ud: &AnyUserData) -> mlua::Result<Option<Function>> {
    match shared_fields(lua, ud)?.raw_get::<Value>(private_key(lua)?)? {
        Value::Function(f) => Ok(Some(f)),
        _ => Ok(None),
    }
}

/// Cancels a container: its function is dropped and `IsCancelled` answers true.
pub fn cancel(lua: &Lua, ud: &AnyUserData) -> mlua::Result<()> {
    shared_fields(lua, ud)?.raw_set(private_key(lua)?, false)
}

fn this(lua: &Lua, args: &MultiValue, method: &str) -> mlua::Result<AnyUserData> {
    args.front()
        .and_then(|v| as_container(lua, v))
        .ok_or_else(|| wowsim_lua::lua_error(lua, format_args!("Usage: self:{method}()")))
}

/// Installs `C_FunctionContainers.CreateCallback` and the container's methods.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let invoke = lua.create_function(|lua, args: MultiValue| {
        let ud = this(lua, &args, "Invoke")?;
        if let Some(f) = callback_of(lua, &ud)? {
            f.call::<()>(args.into_iter().skip(1).collect::<MultiValue>())?;
        }
        Ok(())
    })?;
    set_method(lua, TYPE, "Invoke", invoke)?;
    let cancel_fn = lua.create_function(|lua, args: MultiValue| {
        let ud = this(lua, &args, "Cancel")?;
        cancel(lua, &ud)
    })?;
    set_method(lua, TYPE, "Cancel", cancel_fn)?;
    let is_cancelled = lua.create_function(|lua, args: MultiValue| {
        let ud = this(lua, &args, "IsCancelled")?;
        Ok(callback_of(lua, &ud)?.is_none())
    })?;
    set_method(lua, TYPE, "IsCancelled", is_cancelled)?;
    let ns: Table = match lua.globals().raw_get::<Value>("C_FunctionContainers")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    let create_callback = lua.create_function(|lua, f: Value| match f {
        Value::Function(f) if is_lua_function(&f) => new(lua, f),
        _ => Err(wowsim_lua::lua_error(
            lua,
            "Usage: C_FunctionContainers.CreateCallback(func)",
        )),
    })?;
    ns.raw_set("CreateCallback", create_callback)?;
    lua.globals().raw_set("C_FunctionContainers", ns)
}
