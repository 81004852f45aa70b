//! Reference-driven methods: every method of every UI object type in the API reference
//! exists. Methods the reference describes as plain getters/setters of an object field get a
//! real implementation over a per-object field store (initial values from the reference);
//! every other method starts as a typed stub (default values of its declared outputs, calls
//! counted) until a hand-written implementation (the other files of `widgets`) replaces it.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | `impl: getter {fields}` (e.g. `Frame:IsMovable`) | [`getter`] |
//! | `impl: setter {fields}` (e.g. `Frame:SetMovable`) | [`setter`] |
//! | a `SetX`/`GetX` (or `IsX`) pair of otherwise unimplemented methods whose scalar inputs and outputs match | [`setter`] (strict), [`pair_getter`]: the getter returns what the setter stored |
//! | a keyed pair `SetX(key, ...)`/`GetX(key)` (SimpleHTML's per text type settings) | `keyed_setter`, `keyed_getter` |
//! | any other method without a hand-written version | [`stub`], counted in [`MethodStubStats`] |
//! | UiObject field initial values (`fields.init`, `fieldinitoverrides`) | [`FieldTable`] |
pub use wowsim_ui::fields::*;

use super::types::{self, TYPES};
use super::{add_method, obj_id, object_table, UiState};
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Value};
use rustc_hash::FxHashMap;
use wowsim_data::{MethodImpl, Param, ProductData, Ty};

/// Converts a method argument to a field value of a declared input type.
fn input_value(
    lua: &Lua,
    v: &Value,
    p: &Param,
    pos: usize,
    method: &str,
) -> mlua::Result<FieldVal> {
    let v = match (v, &p.default) {
        (Value::Nil, Some(d)) => return Ok(FieldVal::from_data(d)),
        _ => v,
    };
    Ok(match (&p.ty, v) {
        (Ty::Boolean, v) => FieldVal::Bool(!matches!(v, Value::Nil | Value::Boolean(false))),
        (_, Value::Nil) => FieldVal::Nil,
        (Ty::Number | Ty::Enum(_), Value::Integer(i)) => FieldVal::Num(*i as f64),
        (Ty::Number | Ty::Enum(_), Value::Number(n)) => FieldVal::Num(*n),
        (Ty::Number | Ty::Enum(_), Value::String(s)) => {
            match s.to_string_lossy().trim().parse::<f64>() {
                Ok(n) => FieldVal::Num(n),
                Err(_) => return Err(bad_arg(lua, pos, method, "number", v)),
            }
        }
        (Ty::Number | Ty::Enum(_), _) => return Err(bad_arg(lua, pos, method, "number", v)),
        (Ty::UiObject(_), Value::Table(_)) => FieldVal::Obj(obj_id(lua, v, method)?),
        // Font objects (and other named objects) may be given by global name, as in the client.
        (Ty::UiObject(_), Value::String(name)) => {
            let g: Value = lua.globals().raw_get(name.clone())?;
            match g {
                Value::Table(_) => FieldVal::Obj(obj_id(lua, &g, method)?),
                _ => return Err(bad_arg(lua, pos, method, "table", v)),
            }
        }
        (Ty::UiObject(_), _) => return Err(bad_arg(lua, pos, method, "table", v)),
        (_, Value::String(s)) => FieldVal::Str(s.to_string_lossy()),
        (_, Value::Integer(i)) => FieldVal::Str(i.to_string()),
        (_, Value::Number(n)) => FieldVal::Str(n.to_string()),
        (_, _) => return Err(bad_arg(lua, pos, method, "string", v)),
    })
}

fn bad_arg(lua: &Lua, pos: usize, method: &str, want: &str, got: &Value) -> mlua::Error {
    wowsim_lua::lua_error(
        lua,
        format_args!(
            "bad argument #{pos} to '{method}' ({want} expected, got {})",
            wowsim_lua::type_name(got)
        ),
    )
}

/// A generic getter: returns the listed fields, in order.
pub fn getter(lua: &Lua, method: &'static str, fids: Vec<u16>) -> mlua::Result<mlua::Function> {
    host_fn(lua, move |lua, args: MultiValue| {
        let id = obj_id(lua, args.front().unwrap_or(&Value::Nil), method)?;
        let vals: Vec<FieldVal> = {
            let ui = lua.app_data_ref::<UiState>().expect("ui");
            fids.iter().map(|f| ui.field(id, *f)).collect()
        };
        let mut out = MultiValue::new();
        for v in vals {
            out.push_back(v.to_lua(lua)?);
        }
        Ok(out)
    })
}

/// A generic setter: stores its inputs into the listed fields, in order. `strict` (the setter
/// of a state pair) makes an omitted required argument the client's "bad argument" error.
pub(crate) fn setter(
    lua: &Lua,
    method: &'static str,
    fids: Vec<u16>,
    inputs: &'static [Param],
    strict: bool,
) -> mlua::Result<mlua::Function> {
    host_fn(lua, move |lua, args: MultiValue| {
        let id = obj_id(lua, args.front().unwrap_or(&Value::Nil), method)?;
        let mut vals = Vec::with_capacity(fids.len());
        for (i, _) in fids.iter().enumerate() {
            let v = args.get(i + 1).unwrap_or(&Value::Nil);
            let p = inputs.get(i);
            if let Some(p) = p.filter(|_| strict && v.is_nil()) {
                if !p.nilable && p.default.is_none() && p.ty != Ty::Boolean {
                    let want = match p.ty {
                        Ty::Number | Ty::Enum(_) => "number",
                        _ => "string",
                    };
                    return Err(bad_arg(lua, i + 1, method, want, v));
                }
            }
            vals.push(match p {
                Some(p) => input_value(lua, v, p, i + 1, method)?,
                None => FieldVal::Nil,
            });
        }
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        for (f, v) in fids.iter().zip(vals) {
            ui.set_field(id, *f, v);
        }
        Ok(())
    })
}

/// The setter of a keyed pair: the first argument names the slot.
fn keyed_setter(
    lua: &Lua,
    method: &'static str,
    prefix: String,
    inputs: &'static [Param],
) -> mlua::Result<mlua::Function> {
    host_fn(lua, move |lua, args: MultiValue| {
        let id = obj_id(lua, args.front().unwrap_or(&Value::Nil), method)?;
        // The key may be left out (`SetFontObject(font)`): the values then apply to every key
        // without its own (key "").
        let given = args.len().saturating_sub(1);
        let keyless = match args.get(1) {
            Some(Value::String(_)) => {
                matches!(inputs.get(1).map(|p| &p.ty), Some(Ty::UiObject(_))) && given == 1
            }
            _ => true,
        };
        let (key, shift) = match (keyless, args.get(1)) {
            (false, Some(Value::String(k))) => (k.to_string_lossy(), 0),
            _ => (String::new(), 1),
        };
        let mut vals = Vec::with_capacity(inputs.len());
        for (i, p) in inputs.iter().enumerate().skip(1) {
            let v = args.get(i + 1 - shift).unwrap_or(&Value::Nil);
            let required = !p.nilable && p.default.is_none() && p.ty != Ty::Boolean;
            if required && v.is_nil() {
                return Err(bad_arg(lua, i + 1, method, "number", v));
            }
            vals.push(input_value(lua, v, p, i + 1, method)?);
        }
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        for (i, v) in vals.into_iter().enumerate() {
            ui.set_field_by_name(id, &format!("{prefix}[{key}].{}", i + 1), v);
        }
        Ok(())
    })
}

/// The getter of a keyed pair: what the setter stored for the key, else the defaults.
fn keyed_getter(
    lua: &Lua,
    d: &'static ProductData,
    m: &'static wowsim_data::Method,
    prefix: String,
) -> mlua::Result<mlua::Function> {
    let method: &'static str = m.name.as_str();
    host_fn(lua, move |lua, args: MultiValue| {
        let id = obj_id(lua, args.front().unwrap_or(&Value::Nil), method)?;
        let key = match args.get(1) {
            Some(Value::String(k)) => k.to_string_lossy(),
            None | Some(Value::Nil) => String::new(),
            Some(v) => return Err(bad_arg(lua, 1, method, "string", v)),
        };
        let vals: Vec<FieldVal> = {
            let mut ui = lua.app_data_mut::<UiState>().expect("ui");
            let n = m.outputs.as_ref().map_or(0, Vec::len);
            let mut get = |k: &str| -> Vec<FieldVal> {
                (1..=n)
                    .map(|i| ui.field_by_name(id, &format!("{prefix}[{k}].{i}")))
                    .collect()
            };
            let own = get(&key);
            if own.iter().all(|v| *v == FieldVal::Nil) {
                get("")
            } else {
                own
            }
        };
        let mut out = MultiValue::new();
        for (v, p) in vals.iter().zip(m.outputs.iter().flatten()) {
            out.push_back(match v {
                FieldVal::Nil => crate::api::stubs::default_value(lua, d, p, 0)?,
                v => v.to_lua(lua)?,
            });
        }
        Ok(out)
    })
}

/// The getter of a state pair: what the setter stored, else the declared defaults.
pub(crate) fn pair_getter(
    lua: &Lua,
    d: &'static ProductData,
    m: &'static wowsim_data::Method,
    fids: Vec<u16>,
) -> mlua::Result<mlua::Function> {
    let method: &'static str = m.name.as_str();
    host_fn(lua, move |lua, args: MultiValue| {
        let id = obj_id(lua, args.front().unwrap_or(&Value::Nil), method)?;
        let vals: Vec<FieldVal> = {
            let ui = lua.app_data_ref::<UiState>().expect("ui");
            fids.iter().map(|f| ui.field(id, *f)).collect()
        };
        let mut out = MultiValue::new();
        for (v, p) in vals.iter().zip(m.outputs.iter().flatten()) {
            out.push_back(match v {
                FieldVal::Nil => crate::api::stubs::default_value(lua, d, p, 0)?,
                v => v.to_lua(lua)?,
            });
        }
        Ok(out)
    })
}

/// A typed stub: default values of the declared outputs; the call is counted.
pub fn stub(
    lua: &Lua,
    d: &'static ProductData,
    key: String,
    m: &'static wowsim_data::Method,
) -> mlua::Result<mlua::Function> {
    let method: &'static str = m.name.as_str();
    host_fn(lua, move |lua, args: MultiValue| {
        obj_id(lua, args.front().unwrap_or(&Value::Nil), method)?;
        *super::widget_states(lua)
            .method_stubs
            .borrow_mut()
            .calls
            .entry(key.clone())
            .or_default() += 1;
        let mut out = MultiValue::new();
        if m.stubnothing {
            return Ok(out);
        }
        for p in m.outputs.iter().flatten() {
            out.push_back(crate::api::stubs::default_value(lua, d, p, 0)?);
        }
        Ok(out)
    })
}

/// Installs the field table, the generic getters/setters and the stubs of every reference
/// method. Hand-written methods are installed afterwards and replace these.
pub fn install(lua: &Lua, d: &'static ProductData) -> mlua::Result<()> {
    let mut table = FieldTable::build(d);
    // Bases before derived types, so a derived type's own method wins.
    let mut order: Vec<usize> = (0..TYPES.len())
        .filter(|i| d.uiobject(TYPES[*i].name).is_some())
        .collect();
    order.sort_by_key(|i| TYPES[*i].ancestry.len());
    let mut stubbed = 0;
    for ti in order {
        let owner = TYPES[ti].name;
        let o = d.uiobject(owner).expect("filtered");
        // State pairs: the hidden fields `Owner:X.1`, `Owner:X.2`, ... of `SetX`/`GetX`.
        let mut pairs: FxHashMap<&str, Vec<u16>> = FxHashMap::default();
        for m in &o.methods {
            if let Some(g) = pair_getter_of(o, m) {
                let n = m.inputs.as_deref().map_or(0, <[Param]>::len);
                let fids: Vec<u16> = (1..=n)
                    .map(|i| table.id(&format!("{owner}:{}.{i}", &m.name[3..])))
                    .collect();
                pairs.insert(m.name.as_str(), fids.clone());
                pairs.insert(g.name.as_str(), fids);
            }
        }
        // Keyed pairs (`SetX(key, ...)` / `GetX(key)`).
        let mut keyed: FxHashMap<&str, String> = FxHashMap::default();
        for m in &o.methods {
            if pairs.contains_key(m.name.as_str()) {
                continue;
            }
            if let Some(g) = keyed_getter_of(o, m) {
                let prefix = format!("{owner}:{}", &m.name[3..]);
                keyed.insert(m.name.as_str(), prefix.clone());
                keyed.insert(g.name.as_str(), prefix);
            }
        }
        for m in &o.methods {
            if let Some(prefix) = keyed.get(m.name.as_str()) {
                let f = if m.name.starts_with("Set") {
                    let ins = m.inputs.as_deref().unwrap_or(&[]);
                    keyed_setter(lua, &m.name, prefix.clone(), ins)?
                } else {
                    keyed_getter(lua, d, m, prefix.clone())?
                };
                add_method(lua, owner, &m.name, f)?;
                continue;
            }
            if let Some(fids) = pairs.get(m.name.as_str()) {
                let f = if m.name.starts_with("Set") {
                    setter(
                        lua,
                        &m.name,
                        fids.clone(),
                        m.inputs.as_deref().unwrap_or(&[]),
                        true,
                    )?
                } else {
                    pair_getter(lua, d, m, fids.clone())?
                };
                add_method(lua, owner, &m.name, f)?;
                continue;
            }
            let f = match &m.impl_ {
                Some(MethodImpl::Getter(fs)) => {
                    getter(lua, &m.name, fs.iter().map(|f| table.id(f)).collect())?
                }
                Some(MethodImpl::Setter(fs)) => setter(
                    lua,
                    &m.name,
                    fs.iter().map(|f| table.id(f)).collect(),
                    m.inputs.as_deref().unwrap_or(&[]),
                    false,
                )?,
                _ => {
                    stubbed += 1;
                    let f = stub(lua, d, format!("{owner}:{}", m.name), m)?;
                    crate::coverage::mark_stub(lua, &f)?;
                    f
                }
            };
            add_method(lua, owner, &m.name, f)?;
        }
    }
    {
        let mut ui = lua.app_data_mut::<UiState>().expect("ui");
        // Ids interned while building methods must stay valid: keep the grown table.
        std::mem::swap(&mut ui.fields, &mut table);
    }
    *super::widget_states(lua).method_stubs.borrow_mut() = MethodStubStats {
        calls: FxHashMap::default(),
        stubbed,
    };
    let _ = types::find;
    Ok(())
}
/// Calls of UI object methods that are typed stubs so far, by `Type:Method`.
pub fn method_stub_calls(lua: &Lua) -> Vec<(String, u64)> {
    let ws = super::widget_states(lua);
    let s = ws.method_stubs.borrow();
    s.calls.iter().map(|(k, v)| (k.clone(), *v)).collect()
}

/// Lua conversion of a field value (the model crate knows no Lua).
pub(crate) trait FieldValLua {
    /// The value as Lua sees it.
    fn to_lua(&self, lua: &Lua) -> mlua::Result<Value>;
}

impl FieldValLua for FieldVal {
    fn to_lua(&self, lua: &Lua) -> mlua::Result<Value> {
        Ok(match self {
            FieldVal::Nil => Value::Nil,
            FieldVal::Bool(b) => Value::Boolean(*b),
            FieldVal::Num(n) => Value::Number(*n),
            FieldVal::Str(s) => Value::String(lua.create_string(s)?),
            FieldVal::Obj(id) => Value::Table(object_table(lua, *id)?),
            FieldVal::Table => Value::Table(lua.create_table()?),
        })
    }
}
