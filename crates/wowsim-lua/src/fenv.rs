//! Function environments as the client has them: `getfenv`, `setfenv`, and the raw halves of
//! `pcallwithenv` (clientlib.lua). They differ from Lua 5.1's in three ways:
//! - Levels count the frames the client would have. wow-sim writes some of the client's C
//!   functions in Lua (`securecall`, `hooksecurefunc`, the error trampoline); their frames are
//!   not counted, so `setfenv(3, env)` inside a function run by `securecall` reaches the
//!   function that called `securecall`, as in the client. Those frames are never a target.
//! - An environment whose metatable has an `__environment` field is protected, as a metatable
//!   with `__metatable` is: `getfenv` answers the field (a read of that slot by Lua code) and
//!   `setfenv` refuses to replace it.
//! - Taint: `setfenv` run by tainted code taints the function (calling it, or returning into
//!   it, then taints a secure execution); `getfenv` of a tainted function taints a secure
//!   caller.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `getfenv([f or level])` | [`getfenv`] |
//! | `setfenv(f or level, table)` | [`setfenv`] |
//! | `natives.rawsetfenv(f, env)`, `natives.protectedenv(f)` | for `pcallwithenv` |

use super::lua_error;
use crate::sandbox::is_internal_source;
use crate::taint;
use mlua::{Function, Lua, Table, Value};

/// The metatable field that protects an environment.
const PROTECT_KEY: &str = "__environment";

/// Replaces `getfenv` and `setfenv` with the client's (the raw ones stay in the closures).
pub(crate) fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let raw_get: Function = g.raw_get("getfenv")?;
    let raw_set: Function = g.raw_get("setfenv")?;
    let get = raw_get.clone();
    g.raw_set(
        "getfenv",
        lua.create_function(move |lua, target: Option<Value>| getfenv(lua, &get, target))?,
    )?;
    let (get, set) = (raw_get.clone(), raw_set.clone());
    g.raw_set(
        "setfenv",
        lua.create_function(move |lua, (target, env): (Value, Value)| {
            setfenv(lua, &get, &set, target, env)
        })?,
    )?;
    let natives = lua.create_table()?;
    natives.raw_set(
        "rawsetfenv",
        lua.create_function(move |_, (f, env): (Function, Table)| {
            raw_set.call::<Value>((f, env)).map(|_| ())
        })?,
    )?;
    natives.raw_set(
        "protectedenv",
        lua.create_function(move |_, f: Function| {
            Ok(protector(&raw_get.call::<Value>(f)?)?.is_some())
        })?,
    )?;
    lua.set_named_registry_value(NATIVES, natives)
}

const NATIVES: &str = "wowsim.fenv";

/// Adds `rawsetfenv` and `protectedenv` to the natives table clientlib.lua gets.
pub(crate) fn add_natives(lua: &Lua, natives: &Table) -> mlua::Result<()> {
    let own: Table = lua.named_registry_value(NATIVES)?;
    for pair in own.pairs::<Value, Value>() {
        let (k, v) = pair?;
        natives.raw_set(k, v)?;
    }
    Ok(())
}

fn is_internal(f: &Function) -> bool {
    f.info()
        .source
        .as_deref()
        .is_some_and(|s| is_internal_source(s.as_bytes()))
}

/// The function running at `level` as the client counts (1: the caller of the running host
/// function), skipping wow-sim's own Lua frames; `None` past the end of the stack.
fn function_at(lua: &Lua, level: usize) -> Option<Function> {
    let (mut counted, mut i) = (0, 1);
    loop {
        let f = lua.inspect_stack(i, |d| d.function())?;
        i += 1;
        if !is_internal(&f) {
            counted += 1;
            if counted == level {
                return Some(f);
            }
        }
    }
}

/// Whether the running host function's caller, as the client counts (wow-sim's own Lua frames
/// skipped), is Lua code: false when a C function such as `pcall` called it.
pub fn called_from_lua(lua: &Lua) -> bool {
    function_at(lua, 1).is_some_and(|f| f.info().what != "C")
}

/// The metatable of `env` when it protects it (has an `__environment` field).
fn protector(env: &Value) -> mlua::Result<Option<Table>> {
    let Value::Table(env) = env else {
        return Ok(None);
    };
    match env.metatable() {
        Some(mt) if !mt.raw_get::<Value>(PROTECT_KEY)?.is_nil() => Ok(Some(mt)),
        _ => Ok(None),
    }
}

/// What a level argument names: the thread's globals (level 0) or a function.
enum Target {
    Globals,
    Function(Function),
}

fn target(lua: &Lua, value: Value, func: &str) -> mlua::Result<Result<Target, Value>> {
    let level = match value {
        Value::Function(f) => return Ok(Ok(Target::Function(f))),
        Value::Integer(i) => i,
        Value::Number(n) => n as i64,
        other => return Ok(Err(other)),
    };
    if level < 0 {
        return Err(arg_error(lua, func, "level must be non-negative"));
    }
    if level == 0 {
        return Ok(Ok(Target::Globals));
    }
    match function_at(lua, level as usize) {
        Some(f) => Ok(Ok(Target::Function(f))),
        None => Err(arg_error(lua, func, "invalid level")),
    }
}

/// Lua's "bad argument #1" message: the function is named as its caller named it (`?` when
/// a C function such as `pcall` called it, as luaL_argerror says), with the caller's position.
fn arg_error(lua: &Lua, func: &str, what: &str) -> mlua::Error {
    let called = lua
        .inspect_stack(0, |d| d.names().name.map(|n| n.to_string()))
        .flatten();
    let name = match called {
        Some(n) => n,
        None if lua
            .inspect_stack(1, |d| d.source().what == "C")
            .unwrap_or(false) =>
        {
            "?".into()
        }
        None => func.to_string(),
    };
    lua_error(lua, format_args!("bad argument #1 to '{name}' ({what})"))
}

/// Taints a secure execution with `id` (a read of something tainted code wrote).
fn taint_caller(lua: &Lua, id: taint::TaintId) {
    if !id.is_secure() && taint::current(lua).is_secure() {
        taint::set(lua, id);
    }
}

/// `getfenv([f or level])`.
fn getfenv(lua: &Lua, raw: &Function, target_arg: Option<Value>) -> mlua::Result<Value> {
    // Inside a `__gc` finalizer the client answers nil (since 10.1).
    if crate::in_finalizer(lua) {
        return Ok(Value::Nil);
    }
    let func = match target(lua, target_arg.unwrap_or(Value::Integer(1)), "getfenv")? {
        Ok(Target::Globals) => return Ok(Value::Table(lua.globals())),
        Ok(Target::Function(f)) => f,
        Err(other) => return raw.call(other),
    };
    // wow-sim's own functions stand for C functions, whose environment is the globals.
    if is_internal(&func) {
        return Ok(Value::Table(lua.globals()));
    }
    let env: Value = raw.call(&func)?;
    if let Some(mt) = protector(&env)? {
        taint_caller(
            lua,
            taint::slot(lua, &mt, Value::String(lua.create_string(PROTECT_KEY)?))?,
        );
        return mt.raw_get(PROTECT_KEY);
    }
    taint_caller(lua, taint::function(lua, &func)?);
    Ok(env)
}

/// `setfenv(f or level, table)`: wow-sim's own functions, C functions, protected environments
/// and the thread's globals (level 0) are refused, with the caller's position as Lua's own
/// message has it.
fn setfenv(
    lua: &Lua,
    raw_get: &Function,
    raw_set: &Function,
    target_arg: Value,
    env: Value,
) -> mlua::Result<Value> {
    let func = match target(lua, target_arg, "setfenv")? {
        Ok(Target::Globals) => return Err(cannot_change(lua)),
        Ok(Target::Function(f)) => f,
        Err(other) => return raw_set.call((other, env)),
    };
    if is_internal(&func) || func.info().what == "C" {
        return Err(cannot_change(lua));
    }
    if protector(&raw_get.call::<Value>(&func)?)?.is_some() {
        // The client's own message for this case (wowless's `environmentmetafield` check).
        return Err(lua_error(lua, "cannot change a protected environment"));
    }
    let result = raw_set.call::<Value>((&func, env))?;
    let running = taint::current(lua);
    if !running.is_secure() {
        taint::set_function(lua, &func, running)?;
    }
    Ok(result)
}

fn cannot_change(lua: &Lua) -> mlua::Error {
    lua_error(lua, "'setfenv' cannot change environment of given object")
}
