//! Typed stubs: every function of the reference that wow-sim does not implement exists and
//! returns values of its documented types (never a silent `nil` in place of a table), and every
//! call is counted so that `api-coverage` and the run summary show the gap.

use mlua::{Lua, Table, Value};
use rustc_hash::FxHashMap;
use wowsim_data::{Api, Param, ProductData, Ty};
use wowsim_lua::HostFns;

/// Calls of stubbed functions by name (VM app data).
#[derive(Default, Debug)]
pub struct StubStats {
    pub calls: FxHashMap<String, u64>,
    /// Names of every function installed as a stub.
    pub stubbed: Vec<String>,
}

/// Looks up `a.b.c` in the globals; None if any part is missing.
pub(crate) fn get_path(lua: &Lua, path: &str) -> mlua::Result<Value> {
    let mut cur = Value::Table(lua.globals());
    for part in path.split('.') {
        cur = match cur {
            Value::Table(t) => t.raw_get(part)?,
            _ => return Ok(Value::Nil),
        };
    }
    Ok(cur)
}

/// The namespace table for `C_Foo` (created if needed).
pub(crate) fn namespace(lua: &Lua, ns: &str) -> mlua::Result<Table> {
    let g = lua.globals();
    let mut cur = g;
    for part in ns.split('.') {
        cur = match cur.raw_get::<Value>(part)? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                cur.raw_set(part, t.clone())?;
                t
            }
        };
    }
    Ok(cur)
}

/// The documentation of the given Blizzard UI, if any (see `api_docs.rs`).
fn docs(lua: &Lua) -> Option<crate::api::api_docs::Docs> {
    lua.app_data_ref::<crate::api::api_docs::Docs>()
        .map(|d| d.clone())
}

/// A default value of a declared type, as a stub returns it.
pub fn default_value(lua: &Lua, data: &ProductData, p: &Param, depth: u32) -> mlua::Result<Value> {
    if let Some(v) = &p.stub {
        return crate::api::data_value(lua, v);
    }
    if p.nilable && !p.stub_not_nil {
        return Ok(Value::Nil);
    }
    default_of_type(lua, data, &p.ty, depth)
}

fn default_of_type(lua: &Lua, data: &ProductData, ty: &Ty, depth: u32) -> mlua::Result<Value> {
    Ok(match ty {
        Ty::Number | Ty::Gender => Value::Integer(0),
        Ty::String | Ty::Unit | Ty::FileAsset | Ty::TextureAsset | Ty::StringList => {
            Value::String(lua.create_string("")?)
        }
        Ty::Boolean => Value::Boolean(false),
        Ty::Table | Ty::Array(_) | Ty::HList => Value::Table(lua.create_table()?),
        Ty::Enum(name) => {
            let min = |e: &wowsim_data::EnumDef| e.values.iter().map(|(_, v)| *v).min();
            let v = match data.enum_def(name) {
                Some(e) => min(e),
                None => docs(lua).and_then(|d| d.0.enum_def(name).and_then(min)),
            };
            Value::Integer(v.unwrap_or(0))
        }
        Ty::StringEnum(name) => {
            let v = data
                .string_enum(name)
                .and_then(|e| e.values.first().cloned())
                .unwrap_or_default();
            Value::String(lua.create_string(v)?)
        }
        Ty::Structure(name) => {
            let t = lua.create_table()?;
            let from_docs = docs(lua);
            let shape = data
                .structure(name)
                .or_else(|| from_docs.as_ref().and_then(|d| d.0.structure(name)));
            if depth < 4 {
                if let Some(s) = shape {
                    for f in &s.fields {
                        if let Some(n) = &f.name {
                            t.raw_set(n.as_str(), default_value(lua, data, f, depth + 1)?)?;
                        }
                    }
                    // The client applies the structure's mixin (`ColorMixin`, ...) when the
                    // UI has defined it.
                    if let Some(m) = &s.mixin {
                        crate::api::ui_color::apply_mixin(lua, &t, m)?;
                    }
                }
            }
            Value::Table(t)
        }
        Ty::LuaObject(name) => {
            crate::api::lua_objects::create(lua, name, crate::api::lua_objects::ObjState::None)?
        }
        _ => Value::Nil,
    })
}

/// Where a function's result is the evaluation of a curve it is given (`UnitHealthPercent(unit,
/// usePredicted, curve)`, `UnitHealPredictionCalculator:EvaluateCurrentHealthPercent(curve)`,
/// `LuaDurationObject:EvaluateElapsedPercent(curve)`): the position of the input typed
/// `LuaCurveObjectBase` and of the output that is its evaluation (the reference types it
/// `table`, the UI's documentation `LuaCurveEvaluatedResult`). A stub answers the curve's
/// value at what the function measures, as its own getters stand in for it (0), not a table
/// (`c_curve_util::evaluated_result`).
pub(crate) fn curve_evaluation(inputs: &[Param], outputs: &[&Param]) -> Option<(usize, usize)> {
    let curve = inputs
        .iter()
        .position(|p| matches!(&p.ty, Ty::LuaObject(n) if n == "LuaCurveObjectBase"))?;
    let result = outputs.iter().position(|p| match &p.ty {
        Ty::Table => true,
        Ty::Structure(n) => n == "LuaCurveEvaluatedResult",
        _ => false,
    })?;
    Some((curve, result))
}

/// The stub's outputs of a function (`self_args`: 1 for a method, whose first argument is the
/// object), given its arguments: each output's typed default, and the evaluation of the
/// curve argument where [`curve_evaluation`] finds one.
pub(crate) fn stub_results(
    lua: &Lua,
    data: &ProductData,
    inputs: &[Param],
    outputs: &[&Param],
    args: &mlua::MultiValue,
    self_args: usize,
) -> mlua::Result<mlua::MultiValue> {
    let eval = curve_evaluation(inputs, outputs);
    let mut out = mlua::MultiValue::new();
    for (i, p) in outputs.iter().enumerate() {
        let v = match eval {
            Some((c, r)) if r == i => {
                let curve = args.get(c + self_args).cloned().unwrap_or(Value::Nil);
                crate::api::c_curve_util::evaluated_result(lua, &curve, 0.0)?
            }
            _ => default_value(lua, data, p, 0)?,
        };
        out.push_back(v);
    }
    Ok(out)
}

/// The outputs a stub returns, as the reference describes them: none when `stubnothing`;
/// otherwise every output, with the trailing `outstride` ones repeated `stuboutstrides` times
/// (`GetNetStats` returns both latencies). `mayreturnnothing` only says the client may return
/// nothing in some states; the stub answers for the common state (`GetMirrorTimerInfo` gives
/// `"UNKNOWN"` for an unused timer, which the UI tests for).
pub(crate) fn stub_outputs(api: &Api) -> Vec<&Param> {
    let all: Vec<&Param> = match (&api.outputs, api.stubnothing) {
        (Some(o), false) => o.iter().collect(),
        _ => return Vec::new(),
    };
    let (Some(stride), Some(times)) = (api.outstride, api.stuboutstrides) else {
        return all;
    };
    let fixed = all.len().saturating_sub(stride as usize);
    let mut out = all[..fixed].to_vec();
    for _ in 0..times {
        out.extend_from_slice(&all[fixed..]);
    }
    out
}

fn install_stub(lua: &Lua, data: &'static ProductData, api: &'static Api) -> mlua::Result<()> {
    install_stub_with(lua, api, move |lua, args| {
        let inputs = api.inputs.as_deref().unwrap_or_default();
        stub_results(lua, data, inputs, &stub_outputs(api), args, 0)
    })
}

/// The client's usage text of a documented function, from its reference signature:
/// `Usage: local a, b = NS.F(x, y [, z])` (outputs named, optional trailing inputs bracketed).
pub(crate) fn usage_text(api: &Api) -> String {
    let mut s = String::from("Usage: ");
    let outs: Vec<&str> = api
        .outputs
        .iter()
        .flatten()
        .filter_map(|p| p.name.as_deref())
        .collect();
    if !outs.is_empty() && !api.stubnothing {
        s.push_str("local ");
        s.push_str(&outs.join(", "));
        s.push_str(" = ");
    }
    s.push_str(&api.name);
    s.push('(');
    let mut optional = false;
    for (i, p) in api.inputs.iter().flatten().enumerate() {
        let name = p.name.as_deref().unwrap_or("arg");
        if !optional && (p.nilable || p.default.is_some()) {
            optional = true;
            s.push_str(if i == 0 { "[" } else { " [, " });
        } else if i > 0 {
            s.push_str(", ");
        }
        s.push_str(name);
    }
    if optional {
        s.push(']');
    }
    s.push(')');
    s
}

/// The error a documented function raises for bad arguments (`file:line: Usage: ...`).
pub(crate) fn usage_error(lua: &Lua, text: impl std::fmt::Display) -> mlua::Error {
    wowsim_lua::lua_error(lua, text)
}

/// What one input accepts, as the client checks it.
#[derive(Clone, Copy, PartialEq)]
enum Accept {
    /// A number, or a string Lua converts to one (the client reads numbers with `tonumber`).
    Number,
    /// A string, or a number (converted to its text).
    String,
    Table,
    Function,
    /// Anything (booleans are read for their truth; unknown or loose types are not checked).
    Any,
}

#[derive(Clone, Copy)]
struct InputCheck {
    accept: Accept,
    /// Absent (`nil`) is an error.
    required: bool,
}

/// The checks of `api`'s inputs, computed once at install; empty when nothing is checked.
fn input_checks(api: &Api) -> Vec<InputCheck> {
    let Some(inputs) = &api.inputs else {
        return Vec::new();
    };
    // Repeating trailing inputs (varargs) are not checked.
    let fixed = inputs.len() - api.instride.map_or(0, |n| (n as usize).min(inputs.len()));
    let checks: Vec<InputCheck> = inputs[..fixed]
        .iter()
        .map(|p| {
            let accept = if p.permissive {
                Accept::Any
            } else {
                match &p.ty {
                    Ty::Number | Ty::Enum(_) => Accept::Number,
                    Ty::String | Ty::Unit | Ty::StringEnum(_) => Accept::String,
                    Ty::Table | Ty::Structure(_) | Ty::Array(_) => Accept::Table,
                    Ty::Function => Accept::Function,
                    _ => Accept::Any,
                }
            };
            let required = !p.nilable
                && p.default.is_none()
                && !p.permissive
                && matches!(
                    accept,
                    Accept::Number | Accept::String | Accept::Table | Accept::Function
                )
                && !matches!(p.ty, Ty::Boolean);
            InputCheck { accept, required }
        })
        .collect();
    if checks
        .iter()
        .all(|c| !c.required && c.accept == Accept::Any)
    {
        return Vec::new();
    }
    checks
}

/// Whether a Lua string converts to a number as `tonumber` does (decimal or hex, spaces around).
fn numeric_string(s: &mlua::LuaString) -> bool {
    let b = s.as_bytes();
    let Ok(t) = std::str::from_utf8(&b) else {
        return false;
    };
    let t = t.trim_matches(|c: char| c.is_ascii_whitespace());
    let body = t.strip_prefix('-').unwrap_or(t);
    if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        return !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit());
    }
    !t.is_empty()
        && t.bytes()
            .all(|c| c.is_ascii_digit() || b".+-eE".contains(&c))
        && t.parse::<f64>().is_ok()
}

fn accepts(check: InputCheck, v: &Value) -> bool {
    match v {
        Value::Nil => !check.required,
        Value::Integer(_) | Value::Number(_) => {
            matches!(check.accept, Accept::Number | Accept::String | Accept::Any)
        }
        Value::String(s) => match check.accept {
            Accept::String | Accept::Any => true,
            Accept::Number => numeric_string(s),
            _ => false,
        },
        Value::Table(_) => matches!(check.accept, Accept::Table | Accept::Any),
        Value::Function(_) => matches!(check.accept, Accept::Function | Accept::Any),
        _ => check.accept == Accept::Any,
    }
}

/// Lists of a fixed length whose entries exist whatever the character's state (the client's
/// constants: `MIRRORTIMER_NUMTIMERS`, `MAX_RUNES`); other index-taking stubs answer for an empty
/// list. Functions whose "index" is an id, not a position in a list, are not bounded.
const FIXED_LISTS: &[(&str, Option<i64>)] = &[
    ("GetMirrorTimerInfo", Some(3)),
    ("GetRuneCooldown", Some(6)),
    ("GetRuneCount", Some(6)),
    ("GetGameMessageInfo", None),
    ("GetEventTime", None),
];

/// The position and the largest value of the list index a stub takes, when the client may
/// answer nothing (`mayreturnnothing`) and the index is a required number named `index` or
/// `…Index`: past the end of the list the client answers nothing, and a stub that answered
/// for every index made loops such as `while GetX(i) do i = i + 1 end` endless. The lists
/// wow-sim's character has are empty (their counts are 0) unless [`FIXED_LISTS`] says so.
/// Functions over a list of the character's that answer nothing past its end although the
/// reference does not mark them `mayreturnnothing`: Classic's quest log (`GetQuestLogTitle(i)`
/// is nil past `GetNumQuestLogEntries()`; a guide addon's loop that reads titles until there is
/// none never ended on the stub's answers).
const UNMARKED_LISTS: &[&str] = &["GetQuestLogTitle"];

fn index_bound(api: &Api) -> Option<(usize, i64)> {
    if !api.mayreturnnothing && !UNMARKED_LISTS.contains(&api.name.as_str()) {
        return None;
    }
    let max = match FIXED_LISTS.iter().find(|(n, _)| *n == api.name) {
        Some((_, max)) => (*max)?,
        None => 0,
    };
    let inputs = api.inputs.as_ref()?;
    let pos = inputs.iter().position(|p| {
        let name = p.name.as_deref().unwrap_or("");
        (name == "index" || name.ends_with("Index"))
            && matches!(p.ty, Ty::Number)
            && !p.nilable
            && p.default.is_none()
    })?;
    Some((pos, max))
}

/// Whether a list index given to a bounded stub names an entry (1 to `max`).
fn index_in_range(v: Option<&Value>, max: i64) -> bool {
    let n = match v {
        Some(Value::Integer(i)) => *i as f64,
        Some(Value::Number(n)) => *n,
        Some(Value::String(s)) => match s.to_str().ok().and_then(|t| t.trim().parse().ok()) {
            Some(n) => n,
            None => return false,
        },
        _ => return false,
    };
    n >= 1.0 && n <= max as f64
}

/// Installs `outputs` as the counted typed stub of `api` (at its namespace path). The stub checks
/// its arguments against the documented inputs and raises the client's usage error.
pub(crate) fn install_stub_with(
    lua: &Lua,
    api: &Api,
    outputs: impl Fn(&Lua, &mlua::MultiValue) -> mlua::Result<mlua::MultiValue> + 'static,
) -> mlua::Result<()> {
    let name = api.name.clone();
    let checks = input_checks(api);
    let usage = if checks.is_empty() {
        String::new()
    } else {
        usage_text(api)
    };
    let bound = index_bound(api);
    let guard = crate::protection::guard_of(&api.name, api.protected);
    if guard.is_some() {
        crate::protection::note_guarded_stub(lua, &api.name);
    }
    let f = lua.create_function(move |lua, args: mlua::MultiValue| {
        if let Some(g) = guard {
            if !crate::protection::call_allowed(lua, g, &name)? {
                return Ok(mlua::MultiValue::new());
            }
        }
        for (i, c) in checks.iter().enumerate() {
            if !accepts(*c, args.get(i).unwrap_or(&Value::Nil)) {
                return Err(usage_error(lua, &usage));
            }
        }
        if let Some(mut s) = lua.app_data_mut::<StubStats>() {
            match s.calls.get_mut(name.as_str()) {
                Some(n) => *n += 1,
                None => {
                    s.calls.insert(name.clone(), 1);
                }
            }
        }
        if let Some((pos, max)) = bound {
            if !index_in_range(args.get(pos), max) {
                return Ok(mlua::MultiValue::new());
            }
        }
        outputs(lua, &args)
    })?;
    crate::coverage::mark_stub(lua, &f)?;
    match &api.namespace {
        Some(ns) => namespace(lua, ns)?.raw_set(api.short_name.as_str(), f)?,
        None => lua.globals().raw_set(api.short_name.as_str(), f)?,
    }
    Ok(())
}

/// Installs a stub for every reference function that is not defined yet.
pub fn install(lua: &Lua, _host: &HostFns, data: &'static ProductData) -> mlua::Result<()> {
    let mut stubbed = Vec::new();
    for api in data.apis() {
        if api.impl_.is_some()
            && api
                .namespace
                .as_deref()
                .is_some_and(|n| !n.starts_with("C_"))
        {
            continue; // Lua library functions (`bit.band`, `string.split`): ours or Lua's own.
        }
        if !get_path(lua, &api.name)?.is_nil() {
            continue;
        }
        install_stub(lua, data, api)?;
        stubbed.push(api.name.clone());
    }
    lua.set_app_data(StubStats {
        calls: FxHashMap::default(),
        stubbed,
    });
    Ok(())
}

/// Installs a counted stub (any arguments, no results) for every function the flavour's client
/// has by its own dump that is still undefined ([`ProductData::client_api`]: the reference
/// lacks them, so their signatures are unknown). Run after every other source of functions
/// (the reference, the UI's documentation, the Classic Era aliases); returns the names.
pub fn install_client_api(lua: &Lua, data: &'static ProductData) -> mlua::Result<Vec<String>> {
    let mut added = Vec::new();
    for name in data.client_api() {
        if !get_path(lua, name)?.is_nil() {
            continue;
        }
        let mut api: Api = serde_json::from_value(serde_json::json!({ "name": name }))
            .map_err(mlua::Error::external)?;
        api.split_name();
        install_stub_with(lua, &api, |_, _| Ok(mlua::MultiValue::new()))?;
        added.push(name.to_string());
    }
    Ok(added)
}

/// The client's older global names of functions it has since moved into a namespace
/// (`UninviteUnit`, now `C_PartyInfo.UninviteUnit`): where [`install_client_api`] stubbed such
/// a name and the reference has exactly one namespaced function of that short name, the global
/// becomes that function's own value, an alias as the client's are (wowless's in-client
/// checks find no C function without a true name). Runs after the protection guards, so an
/// alias is guarded as its function is. Returns how many names became aliases.
pub fn alias_moved_client_api(lua: &Lua, data: &'static ProductData) -> mlua::Result<usize> {
    let mut by_short: FxHashMap<&str, Vec<&Api>> = FxHashMap::default();
    for api in data.apis() {
        if api.namespace.is_some() {
            by_short
                .entry(api.short_name.as_str())
                .or_default()
                .push(api);
        }
    }
    let g = lua.globals();
    let mut aliased = 0;
    for name in data.client_api() {
        if name.contains('.') {
            continue;
        }
        let Some([api]) = by_short.get(name).map(Vec::as_slice) else {
            continue;
        };
        let Value::Function(current) = g.raw_get::<Value>(name)? else {
            continue;
        };
        if !crate::coverage::is_stub(lua, &current)? {
            continue;
        }
        if let Value::Function(f) = get_path(lua, &api.name)? {
            g.raw_set(name, f)?;
            aliased += 1;
        }
    }
    Ok(aliased)
}
