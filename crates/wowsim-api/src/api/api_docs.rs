//! The API surface a given Blizzard UI documents: its `Blizzard_APIDocumentationGenerated` tables.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `APIDocumentation:AddDocumentationTable(t)` (the files' only call) | [`read`] collects `t` in a sandbox VM |
//! | functions of a `System` (`C_X.F`, global `F`) the reference lacks | [`install_functions`]: typed stubs |
//! | `Enum.X` / members the reference lacks | [`install_enums`] |
//! | `Constants.<Table>.<NAME>` the reference lacks | [`install_enums`] |
//! | events (`LiteralName`) | [`DocData::events`]: known to `RegisterEvent` |
//! | `Structure` tables | [`DocData::structure`]: shapes of stub return values |
//!
//! The reference (`wowsim-data`) is older than the UI it may be given (12.x); the UI's own
//! documentation names what its client has. Each file is plain data ending in one call, so it
//! runs in a separate VM with no libraries, where `APIDocumentation` only records the table
//! (and fills `Constants`, which later constants of the same files read) and `Enum.X.Y`
//! yields a marker resolved afterwards. The reference keeps precedence (it has
//! wowless's stub values); the documentation only adds what is missing. Of object-method
//! documentation (`ScriptObject` systems) only the method names are kept (`used_by`); the
//! methods themselves are left to the widget tables.

use super::docs_cache::{self, DocsCache};
use mlua::{Lua, LuaOptions, StdLib, Table, Value};
use std::path::Path;
use std::rc::Rc;
use wowsim_data::{Api, EnumDef, Event, Param, ProductData, Structure, Ty};

/// What the documentation adds (VM app data, as `Rc` so stubs can keep it).
#[derive(Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DocData {
    pub apis: Vec<Api>,
    pub events: Vec<Event>,
    pub enums: Vec<EnumDef>,
    pub structures: Vec<Structure>,
    /// `(table, name, value)` of `Constants` tables; enum values already resolved.
    pub constants: Vec<(String, String, wowsim_data::Value)>,
    /// Method names of the documented object types (`ScriptObject` systems, widget types'
    /// too), sorted: what the client's objects answer (`api-coverage --used-by`).
    pub object_methods: Vec<String>,
    /// The documented object types that are no widget type (`doc_objects.rs`).
    pub objects: Vec<super::doc_objects::DocObject>,
    /// Positions in `structures` and `enums` by name (stubs look types up on every call).
    #[serde(skip)]
    struct_index: rustc_hash::FxHashMap<String, usize>,
    #[serde(skip)]
    enum_index: rustc_hash::FxHashMap<String, usize>,
}

/// The documentation of this session, if a Blizzard UI with one was given (VM app data).
#[derive(Clone, Debug)]
pub struct Docs(pub Rc<DocData>);

impl DocData {
    pub fn structure(&self, name: &str) -> Option<&Structure> {
        self.structures.get(*self.struct_index.get(name)?)
    }
    pub fn enum_def(&self, name: &str) -> Option<&EnumDef> {
        self.enums.get(*self.enum_index.get(name)?)
    }
    fn build_index(&mut self) {
        self.struct_index = (self.structures.iter().enumerate())
            .map(|(i, s)| (s.name.clone(), i))
            .collect();
        self.enum_index = (self.enums.iter().enumerate())
            .map(|(i, e)| (e.name.clone(), i))
            .collect();
    }
}

/// Raw tables of one documentation file set, before typing.
struct Raw {
    systems: Vec<Table>,
}

const SANDBOX_PRELUDE: &str = r#"
local collected, ipairs, Enum, Constants = ...
-- Arithmetic on a value not known yet (a constant computed from another of the same table) is a
-- constant not known yet either; a later pass has the operands.
local arith = {}
local function pending() return setmetatable({ __wowsim_const = "pending", member = "pending" }, arith) end
for _, op in ipairs({ "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__concat" }) do
  arith[op] = pending
end
-- A member not known yet of table `k` is a marker naming it.
local function members(t, k, marker)
  return setmetatable(t, { __index = function(_, m) return setmetatable({ [marker] = k, member = m }, arith) end })
end
local function lazy(t, marker)
  return setmetatable(t, { __index = function(_, k)
    local inner = members({}, k, marker)
    rawset(t, k, inner)
    return inner
  end })
end
lazy(Enum, "__wowsim_enum")
lazy(Constants, "__wowsim_const")
APIDocumentation = { AddDocumentationTable = function(_, t)
  collected[#collected + 1] = t
  for _, tbl in ipairs(t.Tables or {}) do
    if tbl.Type == "Constants" and tbl.Name then
      local c = rawget(Constants, tbl.Name) or {}
      rawset(Constants, tbl.Name, c)
      for _, v in ipairs(tbl.Values or {}) do
        if v.Name then rawset(c, v.Name, v.Value) end
      end
    end
  end
end }
-- For the constant tables already known (from the reference and earlier passes).
return function(t, k) return members(t, k, "__wowsim_const") end
"#;

/// How many times the files are evaluated at most: each pass knows the enumerations and
/// constants of the previous one (a constant may be computed from a later file's enum).
const PASSES: usize = 3;

/// Reads every documentation file (`files` relative to `dir`, in TOC order). Files that fail
/// to parse or run in the last pass are named in the returned notes and skipped.
pub fn read(
    dir: &Path,
    files: &[String],
    data: &ProductData,
    cache: Option<&mut DocsCache>,
) -> (DocData, Vec<String>) {
    let sources: Vec<(String, Vec<u8>)> = files
        .iter()
        .filter(|rel| rel.to_ascii_lowercase().ends_with(".lua"))
        .filter_map(|rel| wowsim_toc::resolve_path_ci(dir, rel))
        .filter_map(|path| {
            let src = std::fs::read(&path).ok()?;
            Some((path.display().to_string(), src))
        })
        .collect();
    let Some(cache) = cache else {
        return evaluate(&sources, data);
    };
    let inputs = docs_cache::inputs(&sources);
    if let Some((mut docs, notes)) = cache.read(&inputs) {
        docs.apis.iter_mut().for_each(Api::split_name);
        docs.build_index();
        return (docs, notes);
    }
    let (docs, notes) = evaluate(&sources, data);
    cache.write(&inputs, &docs, &notes);
    (docs, notes)
}

/// Evaluates the documentation files (path, text) in passes (see [`read`]).
fn evaluate(sources: &[(String, Vec<u8>)], data: &ProductData) -> (DocData, Vec<String>) {
    let mut docs = DocData::default();
    let mut notes = Vec::new();
    let mut bytecode = vec![None; sources.len()];
    for pass in 0..PASSES {
        notes.clear();
        let more = pass + 1 < PASSES;
        // (An error here is the sandbox's own, not a file's: a pass that ended early for it
        // leaves the previous pass's enumerations and constants only.)
        match run_pass(sources, &docs, data, &mut notes, &mut bytecode, more) {
            Ok((d, done)) => {
                docs = d;
                if done {
                    break;
                }
            }
            Err(e) => {
                notes.push(format!("API documentation: {e}"));
                break;
            }
        }
    }
    (docs, notes)
}

/// One evaluation of every file in a fresh sandbox, with `Enum` and `Constants` holding what
/// the reference and the previous pass know. `bytecode` keeps each file compiled by the first
/// pass for the later ones (`more`: there may be one).
fn run_pass(
    sources: &[(String, Vec<u8>)],
    prev: &DocData,
    data: &ProductData,
    notes: &mut Vec<String>,
    bytecode: &mut [Option<Vec<u8>>],
    more: bool,
) -> mlua::Result<(DocData, bool)> {
    // No memory limit: with one, mlua makes every string and table created here a protected
    // call (a third of this function's time). The files are the UI's generated data tables,
    // trusted as far as the loop without an instruction budget below trusts them.
    let lua = Lua::new_with(StdLib::NONE, LuaOptions::default())?;
    // The sandbox lives for one pass and holds ~16 MB of tables at the end (retail's
    // documentation): collecting garbage during it only costs time.
    lua.gc_stop();
    let collected = lua.create_table()?;
    let enums = sandbox_enums(&lua, data, prev)?;
    let constants = sandbox_constants(&lua, data, prev)?;
    install_sandbox_library(&lua)?;
    let members: mlua::Function = lua.load(SANDBOX_PRELUDE).call((
        collected.clone(),
        ipairs_fn(&lua)?,
        enums.clone(),
        constants.clone(),
    ))?;
    let known: Vec<(Value, Value)> = constants
        .pairs::<Value, Value>()
        .collect::<mlua::Result<_>>()?;
    for (k, t) in known {
        if let Value::Table(t) = t {
            members.call::<()>((t, k))?;
        }
    }
    let g = lua.globals();
    g.raw_set("Enum", enums)?;
    g.raw_set("Constants", constants)?;
    run_files(&lua, sources, notes, bytecode, more);
    let systems: Vec<Table> = collected
        .sequence_values::<Table>()
        .filter_map(Result::ok)
        .collect();
    // Done when every file ran and no constant waited for another one (or no pass is left):
    // only then are functions, events and structures converted; a pass before needs only the
    // enumerations and constants it gives the next one.
    let known = prev.constants.len();
    let no_notes = notes.is_empty();
    Ok(convert(&Raw { systems }, data, &|core| {
        !more || (no_notes && core.constants.len() == known)
    }))
}

/// The sandbox's `Enum`: the reference's enumerations, then those of the previous pass.
fn sandbox_enums(lua: &Lua, data: &ProductData, prev: &DocData) -> mlua::Result<Table> {
    let enums = lua.create_table()?;
    for def in data.enums().iter().chain(&prev.enums) {
        let t = lua.create_table()?;
        for (k, v) in &def.values {
            t.raw_set(k.as_str(), *v)?;
        }
        enums.raw_set(def.name.as_str(), t)?;
    }
    Ok(enums)
}

/// The sandbox's `Constants`: the reference's, then those of the previous pass.
fn sandbox_constants(lua: &Lua, data: &ProductData, prev: &DocData) -> mlua::Result<Table> {
    let constants = lua.create_table()?;
    if let Some(wowsim_data::Value::Table(pairs)) = data.global("Constants") {
        for (k, v) in pairs {
            constants.raw_set(super::data_value(lua, k)?, super::data_value(lua, v)?)?;
        }
    }
    for (table, name, v) in &prev.constants {
        let t = match constants.raw_get::<Value>(table.as_str())? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                constants.raw_set(table.as_str(), t.clone())?;
                t
            }
        };
        t.raw_set(name.as_str(), super::data_value(lua, v)?)?;
    }
    Ok(constants)
}

/// The three base functions the prelude needs: `setmetatable`, `rawget`, `rawset`.
fn install_sandbox_library(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.raw_set(
        "setmetatable",
        lua.create_function(|_, (t, m): (Table, Option<Table>)| {
            t.set_metatable(m)?;
            Ok(t)
        })?,
    )?;
    g.raw_set(
        "rawget",
        lua.create_function(|_, (t, k): (Table, Value)| t.raw_get::<Value>(k))?,
    )?;
    g.raw_set(
        "rawset",
        lua.create_function(|_, (t, k, v): (Table, Value, Value)| t.raw_set(k, v))?,
    )
}

/// Runs every file in the sandbox (compiled by the first pass, kept in `bytecode` when `more`
/// passes may follow); a file that fails to load or run is a note.
fn run_files(
    lua: &Lua,
    sources: &[(String, Vec<u8>)],
    notes: &mut Vec<String>,
    bytecode: &mut [Option<Vec<u8>>],
    more: bool,
) {
    for ((name, src), code) in sources.iter().zip(bytecode.iter_mut()) {
        let run = match code {
            // A later pass runs what the first one compiled (the same chunk names and lines).
            Some(code) => lua
                .load(code.as_slice())
                .set_mode(mlua::chunk::ChunkMode::Binary)
                .into_function(),
            None => {
                let src = wowsim_lua::strip_bom(src);
                let f = wowsim_lua::load_text(lua, src, &format!("@{name}"));
                if let (Ok(f), true) = (&f, more) {
                    *code = Some(f.dump(false));
                }
                f
            }
        }
        .and_then(|f| f.call::<()>(()));
        if let Err(e) = run {
            let msg = e.to_string();
            notes.push(format!(
                "API documentation: {}",
                msg.lines().next().unwrap_or_default()
            ));
        }
    }
}

/// `ipairs` for the sandbox (it has no base library).
fn ipairs_fn(lua: &Lua) -> mlua::Result<mlua::Function> {
    lua.create_function(|lua, t: Value| {
        let next = lua.create_function(|_, (t, i): (Table, i64)| {
            let v: Value = t.raw_get(i + 1)?;
            Ok(if v.is_nil() {
                (Value::Nil, Value::Nil)
            } else {
                (Value::Integer(i + 1), v)
            })
        })?;
        Ok((next, t, 0))
    })
}

fn s(t: &Table, k: &str) -> Option<String> {
    match t.raw_get::<Value>(k).ok()? {
        Value::String(v) => Some(v.to_string_lossy().to_string()),
        _ => None,
    }
}

fn list(t: &Table, k: &str) -> Vec<Table> {
    match t.raw_get::<Value>(k) {
        Ok(Value::Table(l)) => l
            .sequence_values::<Table>()
            .filter_map(Result::ok)
            .collect(),
        _ => Vec::new(),
    }
}

fn flag(t: &Table, k: &str) -> bool {
    matches!(t.raw_get::<Value>(k), Ok(Value::Boolean(true)))
}

/// Turns the collected tables into typed definitions: the enumerations and constants, then,
/// if `full` says so of them, the rest (a pass before the last needs only those two). Returns
/// whether it converted the rest.
fn convert(raw: &Raw, data: &ProductData, full: &dyn Fn(&DocData) -> bool) -> (DocData, bool) {
    let mut out = DocData::default();
    // Enumerations and structures first: parameter types name them.
    let struct_tables = convert_tables(raw, data, &mut out);
    if !full(&out) {
        out.build_index();
        return (out, false);
    }
    let is_object = |sys: &&Table| s(sys, "Type").as_deref() == Some("ScriptObject");
    let names = Names {
        enums: out.enums.iter().map(|e| e.name.clone()).collect(),
        structures: struct_tables.iter().map(|(n, _)| n.clone()).collect(),
        objects: (raw.systems.iter().filter(is_object))
            .filter_map(|sys| s(sys, "Name"))
            .filter_map(|n| super::doc_objects::type_of_system(&n).map(str::to_string))
            .collect(),
    };
    for (name, t) in &struct_tables {
        let mut fields: Vec<Param> = list(t, "Fields")
            .iter()
            .filter_map(|f| param(f, &names, data))
            .collect();
        fields.sort_by(|a, b| a.name.cmp(&b.name));
        out.structures.push(Structure {
            name: name.clone(),
            fields,
            mixin: None,
        });
    }
    let mut objects = Vec::new();
    for sys in &raw.systems {
        if !is_object(&sys) {
            convert_system(sys, &names, data, &mut out);
            continue;
        }
        let fns: Vec<Api> = (list(sys, "Functions").iter())
            .filter_map(|f| function(f, None, &names, data))
            .collect();
        out.object_methods
            .extend(fns.iter().map(|f| f.name.clone()));
        objects.push((s(sys, "Name").unwrap_or_default(), fns));
    }
    out.object_methods.sort();
    out.object_methods.dedup();
    out.objects = super::doc_objects::collect(objects);
    out.build_index();
    (out, true)
}

/// The `Tables` of every system: enumerations and constants into `out`; the structures'
/// (name, table), converted once every type name is known.
fn convert_tables(raw: &Raw, data: &ProductData, out: &mut DocData) -> Vec<(String, Table)> {
    let mut struct_tables = Vec::new();
    for sys in &raw.systems {
        for t in list(sys, "Tables") {
            let (Some(name), Some(kind)) = (s(&t, "Name"), s(&t, "Type")) else {
                continue;
            };
            match kind.as_str() {
                "Enumeration" => out.enums.push(enumeration(name, &t)),
                "Structure" => struct_tables.push((name, t)),
                "Constants" => {
                    for v in list(&t, "Values") {
                        let (Some(n), Ok(val)) = (s(&v, "Name"), v.raw_get::<Value>("Value"))
                        else {
                            continue;
                        };
                        if let Some(val) = constant_value(&val, &out.enums, data) {
                            out.constants.push((name.clone(), n, val));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    struct_tables
}

/// An `Enumeration` table: its fields with a number value, by value then name.
fn enumeration(name: String, t: &Table) -> EnumDef {
    let mut values: Vec<(String, i64)> = list(t, "Fields")
        .iter()
        .filter_map(|f| {
            let v = match f.raw_get::<Value>("EnumValue").ok()? {
                Value::Integer(i) => i,
                Value::Number(n) => n as i64,
                _ => return None,
            };
            Some((s(f, "Name")?, v))
        })
        .collect();
    values.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    EnumDef { name, values }
}

/// The functions and events of one system (not a `ScriptObject` one).
fn convert_system(sys: &Table, names: &Names, data: &ProductData, out: &mut DocData) {
    let ns = s(sys, "Namespace");
    for f in list(sys, "Functions") {
        out.apis.extend(function(&f, ns.as_deref(), names, data));
    }
    for e in list(sys, "Events") {
        let Some(name) = s(&e, "LiteralName") else {
            continue;
        };
        out.events.push(Event {
            name,
            payload: list(&e, "Payload")
                .iter()
                .filter_map(|p| param(p, names, data))
                .collect(),
            callback: flag(&e, "CallbackEvent"),
            noscript: false,
            restricted: false,
            stride: None,
        });
    }
}

/// One documented function (of namespace `ns`, if any).
fn function(f: &Table, ns: Option<&str>, names: &Names, data: &ProductData) -> Option<Api> {
    let short = s(f, "Name")?;
    let params = |k: &str| -> Vec<Param> {
        list(f, k)
            .iter()
            .filter_map(|p| param(p, names, data))
            .collect()
    };
    Some(Api {
        name: match ns {
            Some(ns) => format!("{ns}.{short}"),
            None => short.clone(),
        },
        namespace: ns.map(str::to_string),
        short_name: short,
        inputs: Some(params("Arguments")),
        outputs: Some(params("Returns")),
        impl_: None,
        protected: false,
        secureonly: false,
        unsupported: false,
        platform: None,
        mayreturnnothing: flag(f, "MayReturnNothing"),
        stubnothing: false,
        instride: None,
        outstride: None,
        stuboutstrides: None,
    })
}

/// Type names the documentation declares in its own files.
struct Names {
    enums: rustc_hash::FxHashSet<String>,
    structures: rustc_hash::FxHashSet<String>,
    /// Object types (`doc_objects.rs`).
    objects: rustc_hash::FxHashSet<String>,
}

fn param(t: &Table, names: &Names, data: &ProductData) -> Option<Param> {
    let ty_name = s(t, "Type")?;
    let inner = s(t, "InnerType");
    let ty = if ty_name == "table" && inner.is_some() {
        Ty::Array(Box::new(doc_type(inner.as_deref()?, names, data)))
    } else {
        doc_type(&ty_name, names, data)
    };
    let default = match t.raw_get::<Value>("Default").ok()? {
        Value::Nil => None,
        Value::Boolean(b) => Some(wowsim_data::Value::Bool(b)),
        Value::Integer(i) => Some(wowsim_data::Value::Number(i as f64)),
        Value::Number(n) => Some(wowsim_data::Value::Number(n)),
        Value::String(v) => Some(wowsim_data::Value::Str(v.to_string_lossy().to_string())),
        _ => None,
    };
    Some(Param {
        name: s(t, "Name"),
        ty,
        nilable: flag(t, "Nilable"),
        default,
        stub: None,
        stub_not_nil: false,
        permissive: false,
    })
}

/// Maps a documentation type name onto the reference's types.
fn doc_type(name: &str, names: &Names, data: &ProductData) -> Ty {
    if names.enums.contains(name) || data.enum_def(name).is_some() {
        return Ty::Enum(name.to_owned());
    }
    if names.structures.contains(name) || data.structure(name).is_some() {
        return Ty::Structure(name.to_owned());
    }
    if data.string_enum(name).is_some() {
        return Ty::StringEnum(name.to_owned());
    }
    if data.luaobject(name).is_some() || names.objects.contains(name) {
        return Ty::LuaObject(name.to_owned());
    }
    match name {
        "number"
        | "luaIndex"
        | "fileID"
        | "BigUInteger"
        | "BigInteger"
        | "time_t"
        | "SingleColorValue"
        | "WOWMONEY"
        | "DurationSeconds"
        | "DurationSecondsDouble"
        | "DurationSecondsPrimitive"
        | "DurationMillisecondsPrimitive"
        | "normalizedValue"
        | "uiFontHeight"
        | "FrameTime"
        | "size"
        | "SoundHandle"
        | "SpellIdentifier"
        | "EncounterTimelineEventID"
        | "CalendarEventID"
        | "NotificationDbId"
        | "RecruitAcceptanceID"
        | "WeeklyRewardItemDBID"
        | "InventorySlots" => Ty::Number,
        "bool" => Ty::Boolean,
        "table" | "LuaValueReference" => Ty::Table,
        "FileAsset" | "TextureAsset" | "TextureAssetDisk" | "ModelAsset" | "FontAsset" => {
            Ty::FileAsset
        }
        "luaFunction" => Ty::Function,
        "uiAddon" => Ty::UiAddon,
        n if n.starts_with("UnitToken") || n == "uiUnit" => Ty::Unit,
        "cstring"
        | "string"
        | "stringView"
        | "WOWGUID"
        | "textureKit"
        | "textureAtlas"
        | "ClubId"
        | "ClubStreamId"
        | "ClubInvitationId"
        | "IDOrLink"
        | "mouseButton"
        | "MouseButton"
        | "SendChatMessageType"
        | "AuraFilters"
        | "HTMLTextType" => Ty::String,
        n if n.starts_with("kstring") => Ty::String,
        n if n.starts_with("Simple") && data.uiobject(&n["Simple".len()..]).is_some() => {
            Ty::UiObject(n["Simple".len()..].to_owned())
        }
        n if data.uiobject(n).is_some() => Ty::UiObject(n.to_owned()),
        other => Ty::Other(other.to_owned()),
    }
}

/// A constant's value; `Enum.X.Y` markers become numbers.
fn constant_value(v: &Value, enums: &[EnumDef], data: &ProductData) -> Option<wowsim_data::Value> {
    use wowsim_data::Value as D;
    Some(match v {
        Value::Boolean(b) => D::Bool(*b),
        Value::Integer(i) => D::Number(*i as f64),
        Value::Number(n) => D::Number(*n),
        Value::String(s) => D::Str(s.to_string_lossy().to_string()),
        Value::Table(t) if s(t, "__wowsim_const").is_some() => return None,
        Value::Table(t) => {
            let e = s(t, "__wowsim_enum")?;
            let m = s(t, "member")?;
            let n = enums
                .iter()
                .find(|d| d.name == e)
                .and_then(|d| d.value(&m))
                .or_else(|| data.enum_def(&e).and_then(|d| d.value(&m)))?;
            D::Number(n as f64)
        }
        _ => return None,
    })
}

/// Adds the documented enumerations (and members) and `Constants` the VM lacks.
pub fn install_enums(lua: &Lua, docs: &DocData) -> mlua::Result<()> {
    let g = lua.globals();
    let e: Table = g.raw_get("Enum")?;
    for def in &docs.enums {
        let t = match e.raw_get::<Value>(def.name.as_str())? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                e.raw_set(def.name.as_str(), t.clone())?;
                t
            }
        };
        for (k, v) in &def.values {
            if t.raw_get::<Value>(k.as_str())?.is_nil() {
                t.raw_set(k.as_str(), *v)?;
            }
        }
        let meta_name = format!("{}Meta", def.name);
        if !def.values.is_empty() && e.raw_get::<Value>(meta_name.as_str())?.is_nil() {
            let meta = lua.create_table()?;
            meta.raw_set("NumValues", def.values.len())?;
            meta.raw_set("MinValue", def.values.iter().map(|(_, v)| *v).min())?;
            meta.raw_set("MaxValue", def.values.iter().map(|(_, v)| *v).max())?;
            e.raw_set(meta_name, meta)?;
        }
    }
    let c: Table = match g.raw_get::<Value>("Constants")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("Constants", t.clone())?;
            t
        }
    };
    for (table, name, v) in &docs.constants {
        let t = match c.raw_get::<Value>(table.as_str())? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                c.raw_set(table.as_str(), t.clone())?;
                t
            }
        };
        if t.raw_get::<Value>(name.as_str())?.is_nil() {
            t.raw_set(name.as_str(), super::data_value(lua, v)?)?;
        }
    }
    Ok(())
}

/// Installs a typed stub for every documented function that is still undefined; returns
/// their names (counted as stubs like the reference's).
pub fn install_functions(
    lua: &Lua,
    docs: &Rc<DocData>,
    data: &'static ProductData,
) -> mlua::Result<Vec<String>> {
    let mut added = Vec::new();
    for (i, api) in docs.apis.iter().enumerate() {
        if !super::stubs::get_path(lua, &api.name)?.is_nil() {
            continue;
        }
        let docs = docs.clone();
        super::stubs::install_stub_with(lua, api, move |lua, args| {
            let api = &docs.apis[i];
            let inputs = api.inputs.as_deref().unwrap_or_default();
            let outputs = super::stubs::stub_outputs(api);
            super::stubs::stub_results(lua, data, inputs, &outputs, args, 0)
        })?;
        added.push(api.name.clone());
    }
    for name in super::doc_objects::install(lua, docs, data)? {
        if !added.contains(&name) {
            added.push(name);
        }
    }
    Ok(added)
}
