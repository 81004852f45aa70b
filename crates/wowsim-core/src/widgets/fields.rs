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

use super::types::{self, TYPES};
use super::{add_method, obj_id, object_table, UiState};
use mlua::{Lua, MultiValue, Value};
use rustc_hash::FxHashMap;
use wowsim_data::{MethodImpl, Param, ProductData, Ty};

/// A value held in an object field.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldVal {
    Nil,
    Bool(bool),
    Num(f64),
    Str(String),
    /// A UI object, by id.
    Obj(u32),
    /// A table field (the reference's table-valued fields); read back as a fresh empty table.
    Table,
}

impl FieldVal {
    fn from_data(v: &wowsim_data::Value) -> FieldVal {
        use wowsim_data::Value as D;
        match v {
            D::Nil => FieldVal::Nil,
            D::Bool(b) => FieldVal::Bool(*b),
            D::Number(n) => FieldVal::Num(*n),
            D::Str(s) => FieldVal::Str(s.clone()),
            D::Table(_) => FieldVal::Table,
        }
    }

    /// The value as Lua sees it.
    pub fn to_lua(&self, lua: &Lua) -> mlua::Result<Value> {
        Ok(match self {
            FieldVal::Nil => Value::Nil,
            FieldVal::Bool(b) => Value::Boolean(*b),
            FieldVal::Num(n) => Value::Number(*n),
            FieldVal::Str(s) => Value::String(lua.create_string(s)?),
            FieldVal::Obj(id) => Value::Table(object_table(lua, *id)?),
            FieldVal::Table => Value::Table(lua.create_table()?),
        })
    }

    pub fn as_f64(&self) -> f64 {
        match self {
            FieldVal::Num(n) => *n,
            _ => 0.0,
        }
    }
}

/// Field ids fixed when the table is built (their names are interned first, in this order),
/// so hot methods set fields without hashing a name.
pub mod fid {
    /// The names, in id order.
    pub const NAMES: [&str; 21] = [
        "text",
        "fontFile",
        "fontHeight",
        "fontFlags",
        "fontObject",
        "spacing",
        "wordWrap",
        "nonSpaceWrap",
        "maxLines",
        "alpha",
        "texture",
        "atlas",
        "colorTextureR",
        "colorTextureG",
        "colorTextureB",
        "colorTextureA",
        "wrapH",
        "wrapV",
        "vertexColorR",
        "vertexColorG",
        "vertexColorB",
    ];
    pub const TEXT: u16 = 0;
    /// The last of the fields a FontString's measured size depends on (ids `TEXT..=MAX_LINES`).
    pub const MAX_LINES: u16 = 8;
    pub const ALPHA: u16 = 9;
    pub const TEXTURE: u16 = 10;
    pub const ATLAS: u16 = 11;
    pub const COLOR_TEXTURE: [u16; 4] = [12, 13, 14, 15];
    pub const WRAP: [u16; 2] = [16, 17];
    pub const VERTEX_COLOR: [u16; 3] = [18, 19, 20];
}

/// Field names (interned to small ids) and each type's initial values.
#[derive(Default)]
pub struct FieldTable {
    pub ids: FxHashMap<String, u16>,
    /// Per type index: field id → initial value.
    pub defaults: Vec<FxHashMap<u16, FieldVal>>,
    /// Per type index: bit `i` set when fixed field `i` ([`fid`]) has a non-nil initial value.
    pub fixed_non_nil: Vec<u32>,
}

impl FieldTable {
    /// The id of a field name (interned on first use).
    pub fn id(&mut self, name: &str) -> u16 {
        if let Some(i) = self.ids.get(name) {
            return *i;
        }
        let n = self.ids.len() as u16;
        self.ids.insert(name.to_string(), n);
        n
    }

    /// A table with only the fixed ids of [`fid`].
    fn with_fixed_ids() -> FieldTable {
        let mut t = FieldTable::default();
        for name in fid::NAMES {
            t.id(name);
        }
        t
    }

    fn build(d: &ProductData) -> FieldTable {
        let mut t = FieldTable::with_fixed_ids();
        for ty in TYPES.iter() {
            let mut m = FxHashMap::default();
            if d.uiobject(ty.name).is_some() || ty.intrinsic {
                let mut fields = Vec::new();
                for &a in &ty.ancestry {
                    for f in d.uiobject_fields(TYPES[a].name) {
                        let v = d
                            .uiobject_field_init(ty.name, &f.name)
                            .or_else(|| d.uiobject_field_init(TYPES[a].name, &f.name));
                        fields.push((f.name.clone(), v.map(FieldVal::from_data)));
                    }
                }
                for (name, v) in fields {
                    let id = t.id(&name);
                    m.entry(id).or_insert(v.unwrap_or(FieldVal::Nil));
                }
            }
            let mask = (0..fid::NAMES.len() as u16)
                .filter(|f| m.get(f).is_some_and(|v| *v != FieldVal::Nil))
                .fold(0u32, |acc, f| acc | 1 << f);
            t.fixed_non_nil.push(mask);
            t.defaults.push(m);
        }
        t
    }
}

impl UiState {
    /// A field of an object: its own value, else its type's initial value, else nil.
    pub fn field(&self, id: u32, fid: u16) -> FieldVal {
        let Some(o) = self.get(id) else {
            return FieldVal::Nil;
        };
        if let Some((_, v)) = o.fields.iter().find(|(k, _)| *k == fid) {
            return v.clone();
        }
        self.fields
            .defaults
            .get(o.type_index)
            .and_then(|m| m.get(&fid))
            .cloned()
            .unwrap_or(FieldVal::Nil)
    }

    /// Sets a field of an object. A field a measured FontString's size depends on makes the
    /// measurement stale (`font_string::flush_text` measures it again before layout is read).
    pub fn set_field(&mut self, id: u32, fid: u16, v: FieldVal) {
        let Some(o) = self.get_mut(id) else { return };
        match o.fields.iter_mut().find(|(k, _)| *k == fid) {
            Some(slot) => slot.1 = v,
            None => super::push_small(&mut o.fields, (fid, v)),
        }
        if fid <= fid::MAX_LINES && o.text_measure == super::TextMeasure::Current {
            super::font_string::mark_stale(self, id);
        }
    }

    /// Sets a string field from bytes (as `to_string_lossy`), reusing the stored string's
    /// buffer and allocating nothing when the value is unchanged.
    pub fn set_field_str(&mut self, id: u32, fid: u16, bytes: &[u8]) {
        let Some(o) = self.get_mut(id) else { return };
        if let Some((_, FieldVal::Str(old))) = o.fields.iter_mut().find(|(k, _)| *k == fid) {
            if old.as_bytes() != bytes {
                old.clear();
                old.push_str(&String::from_utf8_lossy(bytes));
            }
            if fid <= fid::MAX_LINES && o.text_measure == super::TextMeasure::Current {
                super::font_string::mark_stale(self, id);
            }
            return;
        }
        self.set_field(
            id,
            fid,
            FieldVal::Str(String::from_utf8_lossy(bytes).into_owned()),
        );
    }

    /// Drops an object's own value of a field whose initial value is nil (reads give nil
    /// again), without keeping a nil entry; other fields are set to nil.
    pub fn clear_field(&mut self, id: u32, fid: u16) {
        let Some(o) = self.get_mut(id) else { return };
        let ty = o.type_index;
        let default_nil = if (fid as usize) < fid::NAMES.len() {
            self.fields
                .fixed_non_nil
                .get(ty)
                .is_none_or(|mask| mask & (1 << fid) == 0)
        } else {
            self.fields
                .defaults
                .get(ty)
                .is_none_or(|m| m.get(&fid).is_none_or(|v| *v == FieldVal::Nil))
        };
        if !default_nil {
            return self.set_field(id, fid, FieldVal::Nil);
        }
        let Some(o) = self.get_mut(id) else { return };
        if let Some(i) = o.fields.iter().position(|(k, _)| *k == fid) {
            o.fields.swap_remove(i);
        }
        if fid <= fid::MAX_LINES && o.text_measure == super::TextMeasure::Current {
            super::font_string::mark_stale(self, id);
        }
    }

    /// A field by name (interning it).
    pub fn field_by_name(&mut self, id: u32, name: &str) -> FieldVal {
        let fid = self.fields.id(name);
        self.field(id, fid)
    }

    /// Sets a field by name.
    pub fn set_field_by_name(&mut self, id: u32, name: &str, v: FieldVal) {
        let fid = self.fields.id(name);
        self.set_field(id, fid, v);
    }
}

/// Calls of stubbed UI object methods, by `Type:Method` (VM app data).
#[derive(Default, Debug)]
pub struct MethodStubStats {
    pub calls: FxHashMap<String, u64>,
    /// How many methods are stubs, and how many are implemented (generic or hand-written).
    pub stubbed: usize,
}

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
    crate::lua::lua_error(
        lua,
        format_args!(
            "bad argument #{pos} to '{method}' ({want} expected, got {})",
            crate::lua::type_name(got)
        ),
    )
}

/// A generic getter: returns the listed fields, in order.
pub fn getter(lua: &Lua, method: &'static str, fids: Vec<u16>) -> mlua::Result<mlua::Function> {
    lua.create_function(move |lua, args: MultiValue| {
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
pub fn setter(
    lua: &Lua,
    method: &'static str,
    fids: Vec<u16>,
    inputs: &'static [Param],
    strict: bool,
) -> mlua::Result<mlua::Function> {
    lua.create_function(move |lua, args: MultiValue| {
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

/// Whether a declared type is a plain value a field can hold (pairs are limited to these).
fn scalar(t: &Ty) -> bool {
    matches!(
        t,
        Ty::Number
            | Ty::String
            | Ty::Boolean
            | Ty::Enum(_)
            | Ty::StringEnum(_)
            | Ty::FileAsset
            | Ty::TextureAsset
            | Ty::Unit
            | Ty::UiObject(_)
    )
}

/// The getter of a keyed state pair: `SetX(key, values...)` / `GetX(key)` → values (as
/// SimpleHTML's per-text-type `SetTextColor("h1", r, g, b)` / `GetTextColor("h1")`).
fn keyed_getter_of<'a>(
    o: &'a wowsim_data::UiObject,
    set: &wowsim_data::Method,
) -> Option<&'a wowsim_data::Method> {
    let x = set.name.strip_prefix("Set")?;
    if set.impl_.is_some() || x.is_empty() {
        return None;
    }
    let ins = set.inputs.as_deref()?;
    let get = o
        .methods
        .iter()
        .find(|m| m.impl_.is_none() && m.name == format!("Get{x}"))?;
    let (gin, outs) = (get.inputs.as_deref()?, get.outputs.as_deref()?);
    let same = ins.len() >= 2
        && gin.len() == 1
        && ins[0].ty == Ty::String
        && gin[0].ty == Ty::String
        && ins.len() - 1 == outs.len()
        && ins[1..]
            .iter()
            .zip(outs)
            .all(|(i, o)| i.ty == o.ty && scalar(&i.ty));
    same.then_some(get)
}

/// The setter of a keyed pair: the first argument names the slot.
fn keyed_setter(
    lua: &Lua,
    method: &'static str,
    prefix: String,
    inputs: &'static [Param],
) -> mlua::Result<mlua::Function> {
    lua.create_function(move |lua, args: MultiValue| {
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
    lua.create_function(move |lua, args: MultiValue| {
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

/// The getter of a `SetX` method when the two form a state pair: `GetX` or `IsX` on the same
/// type, neither with a generic implementation, the setter's inputs and the getter's outputs
/// the same scalar types in the same order.
fn pair_getter_of<'a>(
    o: &'a wowsim_data::UiObject,
    set: &wowsim_data::Method,
) -> Option<&'a wowsim_data::Method> {
    let x = set.name.strip_prefix("Set")?;
    if set.impl_.is_some() || x.is_empty() {
        return None;
    }
    let ins = set.inputs.as_deref()?;
    let get = o.methods.iter().find(|m| {
        m.impl_.is_none() && (m.name == format!("Get{x}") || m.name == format!("Is{x}"))
    })?;
    let outs = get.outputs.as_deref()?;
    let same = !ins.is_empty()
        && ins.len() == outs.len()
        && ins
            .iter()
            .zip(outs)
            .all(|(i, o)| i.ty == o.ty && scalar(&i.ty));
    same.then_some(get)
}

/// The getter of a state pair: what the setter stored, else the declared defaults.
pub fn pair_getter(
    lua: &Lua,
    d: &'static ProductData,
    m: &'static wowsim_data::Method,
    fids: Vec<u16>,
) -> mlua::Result<mlua::Function> {
    let method: &'static str = m.name.as_str();
    lua.create_function(move |lua, args: MultiValue| {
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
    lua.create_function(move |lua, args: MultiValue| {
        obj_id(lua, args.front().unwrap_or(&Value::Nil), method)?;
        if let Some(mut s) = lua.app_data_mut::<MethodStubStats>() {
            *s.calls.entry(key.clone()).or_default() += 1;
        }
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
    lua.set_app_data(MethodStubStats {
        calls: FxHashMap::default(),
        stubbed,
    });
    let _ = types::find;
    Ok(())
}
