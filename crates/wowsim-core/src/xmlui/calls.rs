//! Calling an object's methods, as the client's XML loader does: the Rust body of the method
//! of the object's type (`wowsim_api::widgets::host_methods`) is called directly, never a Lua
//! function found by name, so a method table changed by Lua code (a mixin, a hook on the
//! shared metatable) does not change what XML does. An error the method raises is recorded
//! and handed to the error handler as when the trampoline calls it (same message, no caller
//! position, an empty stack); a method wow-sim does not have yet is counted as not
//! implemented for the (tag, attribute) that needed it.

use super::coverage;
use super::XmlState;
use mlua::{Function, IntoLuaMulti, Lua, MultiValue, Table, Value};
use wowsim_api::widgets::host_methods::{method_body, HostMethod};

/// The trampolines kept in the XML state: `hostcall` for the Lua functions XML runs (Lua
/// templates), `report` for the errors of the methods it calls.
pub(crate) struct Trampolines {
    hostcall: Function,
    report: Function,
}

/// Keeps the VM's trampolines for [`hostcall`] and [`call`] (called once by [`super::install`],
/// after the XML state is installed).
pub fn install(lua: &Lua, host: &wowsim_lua::HostFns) {
    if let Some(mut s) = lua.app_data_mut::<XmlState>() {
        s.trampolines = Some(Trampolines {
            hostcall: host.hostcall.clone(),
            report: host.report.clone(),
        });
    }
}

fn trampoline(lua: &Lua, pick: impl Fn(&Trampolines) -> &Function) -> Option<Function> {
    let s = lua.app_data_ref::<XmlState>()?;
    s.trampolines.as_ref().map(|t| pick(t).clone())
}

/// The protected-call trampoline (`hostcall`) of the VM.
pub fn hostcall(lua: &Lua) -> mlua::Result<Function> {
    match trampoline(lua, |t| &t.hostcall) {
        Some(f) => Ok(f),
        None => lua.named_registry_value("wowsim.hostcall"),
    }
}

/// Calls `obj:method(args...)`; an error it raises is recorded. Returns false, counting
/// (tag, attr) as not implemented, when the method does not exist.
pub fn call(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    attr: &str,
    method: &str,
    args: impl IntoLuaMulti,
) -> mlua::Result<bool> {
    let Some(body) = method_body(lua, obj, method) else {
        coverage::not_implemented(lua, tag, attr);
        return Ok(false);
    };
    run(lua, obj, &body, args)?;
    Ok(true)
}

/// Calls `obj:method(args...)` and returns its results (`None` when the method is missing,
/// counted like [`call`], or when it raised an error, which is recorded).
pub fn call_ret(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    attr: &str,
    method: &str,
    args: impl IntoLuaMulti,
) -> mlua::Result<Option<MultiValue>> {
    let Some(body) = method_body(lua, obj, method) else {
        coverage::not_implemented(lua, tag, attr);
        return Ok(None);
    };
    run(lua, obj, &body, args)
}

/// Runs a method's body with `obj` as self. The values are those the method would get from
/// Lua, whose numbers read back as integers when they are whole (as mlua reads Lua 5.1's).
fn run(
    lua: &Lua,
    obj: &Table,
    body: &HostMethod,
    args: impl IntoLuaMulti,
) -> mlua::Result<Option<MultiValue>> {
    let mut args = args.into_lua_multi(lua)?;
    args.iter_mut().for_each(as_from_lua);
    args.push_front(Value::Table(obj.clone()));
    match wowsim_lua::direct_call::call(lua, || body(lua, args)) {
        Ok(mut out) => {
            out.iter_mut().for_each(as_from_lua);
            Ok(Some(out))
        }
        Err(e) => {
            let report = trampoline(lua, |t| &t.report).expect("xml installed");
            report.call::<()>(wowsim_lua::host_error_message(&e))?;
            Ok(None)
        }
    }
}

/// A number as Lua 5.1 hands it to a host function: whole ones are integers.
fn as_from_lua(v: &mut Value) {
    match *v {
        Value::Number(n) => {
            let i = n as mlua::Integer;
            if (i as f64).to_bits() == n.to_bits() {
                *v = Value::Integer(i);
            }
        }
        Value::Integer(i) => {
            let n = i as f64;
            *v = Value::Number(n);
            as_from_lua(v);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use crate::{Flavor, SimConfig, Simulator};
    use mlua::Value;
    use wowsim_api::widgets::{host_methods, methods_of, types::TYPES};

    /// Every method in every type's method table has a body for host calls, so XML reaches
    /// each method Lua code can call (none is made in Lua).
    #[test]
    fn every_method_of_every_type_has_a_body() {
        for flavor in [Flavor::Retail, Flavor::ClassicEra] {
            let sim = Simulator::new(SimConfig::new(flavor)).unwrap();
            let lua = sim.lua_vm();
            let (mut missing, mut with_body) = (Vec::new(), 0);
            for (i, ty) in TYPES.iter().enumerate() {
                let bodies = host_methods::names_with_body(lua, i);
                let table = methods_of(lua, ty.name).unwrap();
                for pair in table.pairs::<String, Value>() {
                    let (name, v) = pair.unwrap();
                    if !matches!(v, Value::Function(_)) {
                        continue;
                    }
                    if bodies.contains(&name) {
                        with_body += 1;
                    } else {
                        missing.push(format!("{}:{name}", ty.name));
                    }
                }
            }
            assert!(missing.is_empty(), "{flavor:?}: {missing:?}");
            assert!(with_body > 1000, "{with_body}");
        }
    }
}
