//! Non-frame Lua objects of the client (curves, duration objects, formatters, callback handles):
//! userdata whose methods come from the reference (`luaobjects`), typed stubs unless a file
//! implements them (`c_curve_util.rs`). What each method really does is left to those files.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | any `luaobject` type of the reference | [`create`] (an object), [`install`] (method tables) |
//! | a stubbed method, e.g. `LuaDurationObject:GetElapsedDuration` | counted as `Type:Method` in `StubStats` |

use super::stubs::StubStats;
use mlua::{AnyUserData, Function, Lua, MetaMethod, MultiValue, Table, UserData, Value};
use wowsim_data::ProductData;

/// The state a real implementation keeps in an object.
#[derive(Debug, Default)]
pub enum ObjState {
    /// Only typed stubs: no state.
    #[default]
    None,
    /// `LuaCurveObject` / `LuaColorCurveObject`.
    Curve(super::c_curve_util::Curve),
}

/// One Lua object: its type (an index into [`LuaObjectTypes`]) and state.
#[derive(Debug)]
pub struct LuaObj {
    pub kind: usize,
    pub state: ObjState,
    /// The address of the first userdata of this object: the client hands a callback another
    /// userdata of the same object (a proxy, [`proxy`]), equal to it under `==`, printing the
    /// same and sharing its fields. 0 until [`create`] has the userdata.
    pub origin: usize,
}

/// The metamethod names a Lua object answers `nil` for and refuses to have assigned.
const METAMETHODS: &[&str] = &["__eq", "__index", "__metatable", "__newindex", "__tostring"];

/// The registry key of the weak table `object → its own fields`: a Lua object takes any key
/// that is not a method as a field of its own (Rust keeps no Lua values of addons).
const FIELDS_KEY: &str = "wowsim.luaobject.fields";

fn fields_of(lua: &Lua, ud: &AnyUserData, create: bool) -> mlua::Result<Option<Table>> {
    let all: Table = match lua.named_registry_value::<Value>(FIELDS_KEY)? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            let mt = lua.create_table()?;
            mt.raw_set("__mode", "k")?;
            t.set_metatable(Some(mt))?;
            lua.set_named_registry_value(FIELDS_KEY, t.clone())?;
            t
        }
    };
    match all.raw_get::<Value>(ud.clone())? {
        Value::Table(t) => Ok(Some(t)),
        _ if create => {
            let t = lua.create_table()?;
            all.raw_set(ud.clone(), t.clone())?;
            Ok(Some(t))
        }
        _ => Ok(None),
    }
}

fn method_table(lua: &Lua, ud: &AnyUserData) -> mlua::Result<Option<Table>> {
    let kind = ud.borrow::<LuaObj>()?.kind;
    Ok(lua
        .app_data_ref::<LuaObjectTypes>()
        .and_then(|t| t.methods.get(kind).cloned()))
}

fn is_metamethod(key: &Value) -> bool {
    matches!(key, Value::String(s) if METAMETHODS.iter().any(|m| s.as_bytes() == m.as_bytes()))
}

impl UserData for LuaObj {
    fn add_methods<M: mlua::UserDataMethods<Self>>(methods: &mut M) {
        methods.add_meta_function(MetaMethod::Index, |lua, (ud, key): (AnyUserData, Value)| {
            if is_metamethod(&key) {
                return Ok(Value::Nil);
            }
            if let Some(t) = method_table(lua, &ud)? {
                let v: Value = t.raw_get(key.clone())?;
                if !v.is_nil() {
                    return Ok(v);
                }
            }
            match fields_of(lua, &ud, false)? {
                Some(f) => f.raw_get(key),
                None => Ok(Value::Nil),
            }
        });
        methods.add_meta_function(
            MetaMethod::NewIndex,
            |lua, (ud, key, value): (AnyUserData, Value, Value)| {
                let is_method = match method_table(lua, &ud)? {
                    Some(t) => !t.raw_get::<Value>(key.clone())?.is_nil(),
                    None => false,
                };
                if is_method || is_metamethod(&key) {
                    let k = match &key {
                        Value::String(s) => s.to_string_lossy(),
                        other => format!("{other:?}"),
                    };
                    return Err(wowsim_lua::lua_error(
                        lua,
                        format_args!("Attempted to assign to read-only key {k}"),
                    ));
                }
                if key.is_nil() {
                    return Err(wowsim_lua::lua_error(lua, "table index is nil"));
                }
                if let Some(f) = fields_of(lua, &ud, !value.is_nil())? {
                    f.raw_set(key, value)?;
                }
                Ok(())
            },
        );
        methods.add_meta_function(MetaMethod::ToString, |lua, ud: AnyUserData| {
            let (kind, origin) = {
                let o = ud.borrow::<LuaObj>()?;
                (o.kind, o.origin)
            };
            let name = lua
                .app_data_ref::<LuaObjectTypes>()
                .and_then(|t| t.names.get(kind).cloned())
                .unwrap_or_default();
            Ok(format!("{name}: {:p}", origin as *const u8))
        });
        methods.add_meta_function(MetaMethod::Eq, |_, (a, b): (AnyUserData, AnyUserData)| {
            let origin = |u: &AnyUserData| u.borrow::<LuaObj>().map(|o| o.origin).ok();
            Ok(origin(&a).is_some() && origin(&a) == origin(&b))
        });
    }
}

/// Method tables of every Lua object type (VM app data).
#[derive(Default)]
pub struct LuaObjectTypes {
    pub names: Vec<String>,
    pub methods: Vec<Table>,
}

/// A new object of the named type (a typed-stub object if the type is unknown to the file
/// that owns it).
pub fn create(lua: &Lua, type_name: &str, state: ObjState) -> mlua::Result<Value> {
    let kind = lua
        .app_data_ref::<LuaObjectTypes>()
        .and_then(|t| t.names.iter().position(|n| n == type_name));
    let Some(kind) = kind else {
        return Ok(Value::Nil);
    };
    let ud = lua.create_userdata(LuaObj {
        kind,
        state,
        origin: 0,
    })?;
    ud.borrow_mut::<LuaObj>()?.origin = ud.to_pointer() as usize;
    Ok(Value::UserData(ud))
}

/// Another userdata of the object `ud` (stateless objects only: the state stays with `ud`):
/// equal to it, printing the same, sharing its fields, but a different table key.
pub fn proxy(lua: &Lua, ud: &AnyUserData) -> mlua::Result<AnyUserData> {
    let (kind, origin) = {
        let o = ud.borrow::<LuaObj>()?;
        (o.kind, o.origin)
    };
    let p = lua.create_userdata(LuaObj {
        kind,
        state: ObjState::None,
        origin,
    })?;
    let fields = fields_of(lua, ud, true)?.expect("created");
    let all: Table = lua.named_registry_value(FIELDS_KEY)?;
    all.raw_set(p.clone(), fields)?;
    Ok(p)
}

/// The table of fields an object shares with its proxies (created on first use): where
/// implementations keep Lua values of an object, under keys no addon can name.
pub fn shared_fields(lua: &Lua, ud: &AnyUserData) -> mlua::Result<Table> {
    Ok(fields_of(lua, ud, true)?.expect("created"))
}

/// The type name of a Lua object value, if it is one.
pub fn type_name_of(lua: &Lua, v: &Value) -> Option<String> {
    let Value::UserData(ud) = v else { return None };
    let kind = ud.borrow::<LuaObj>().ok()?.kind;
    lua.app_data_ref::<LuaObjectTypes>()
        .and_then(|t| t.names.get(kind).cloned())
}

/// Runs `f` with the object behind `self` (the first argument of a method).
pub fn with_obj<R>(
    lua: &Lua,
    this: &Value,
    method: &str,
    f: impl FnOnce(&mut LuaObj) -> R,
) -> mlua::Result<R> {
    let err = || wowsim_lua::lua_error(lua, format_args!("Usage: self:{method}(...)"));
    let Value::UserData(ud) = this else {
        return Err(err());
    };
    let mut obj = ud.borrow_mut::<LuaObj>().map_err(|_| err())?;
    Ok(f(&mut obj))
}

/// Adds a type (its method table) that the reference lacks, unless one of that name exists.
pub fn add_type(lua: &Lua, type_name: &str, methods: Table) {
    if let Some(mut types) = lua.app_data_mut::<LuaObjectTypes>() {
        if !types.names.iter().any(|n| n == type_name) {
            types.names.push(type_name.to_string());
            types.methods.push(methods);
        }
    }
}

/// Replaces a method of a type with a real implementation.
pub fn set_method(lua: &Lua, type_name: &str, method: &str, f: Function) -> mlua::Result<()> {
    let t = {
        let types = lua.app_data_ref::<LuaObjectTypes>().expect("luaobjects");
        types
            .names
            .iter()
            .position(|n| n == type_name)
            .map(|i| types.methods[i].clone())
    };
    if let Some(t) = t {
        t.raw_set(method, f)?;
    }
    Ok(())
}

fn stub_method(
    lua: &Lua,
    data: &'static ProductData,
    type_name: &str,
    m: &'static wowsim_data::Method,
) -> mlua::Result<Function> {
    let counted = format!("{type_name}:{}", m.name);
    let f = lua.create_function(move |lua, args: MultiValue| {
        if let Some(mut s) = lua.app_data_mut::<StubStats>() {
            *s.calls.entry(counted.clone()).or_default() += 1;
        }
        if m.stubnothing {
            return Ok(MultiValue::new());
        }
        let inputs = m.inputs.as_deref().unwrap_or_default();
        let outputs: Vec<&wowsim_data::Param> = m.outputs.iter().flatten().collect();
        super::stubs::stub_results(lua, data, inputs, &outputs, &args, 1)
    })?;
    crate::coverage::mark_stub(lua, &f)?;
    Ok(f)
}

/// Builds the method table of every type of the reference (inherited methods included).
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let mut types = LuaObjectTypes::default();
    for o in data.luaobjects() {
        let t = lua.create_table()?;
        let mut cur = Some(o);
        while let Some(c) = cur {
            for m in &c.methods {
                if t.raw_get::<Value>(m.name.as_str())?.is_nil() {
                    t.raw_set(m.name.as_str(), stub_method(lua, data, &o.name, m)?)?;
                }
            }
            cur = c.inherits.as_deref().and_then(|p| data.luaobject(p));
        }
        types.names.push(o.name.clone());
        types.methods.push(t);
    }
    lua.set_app_data(types);
    Ok(())
}
