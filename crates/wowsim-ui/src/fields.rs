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
use crate::arena::UiState;
use crate::types::TYPES;
use rustc_hash::FxHashMap;
use wowsim_data::{ProductData, Ty};

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
    pub(crate) const MAX_LINES: u16 = 8;
    pub const ALPHA: u16 = 9;
    pub const TEXTURE: u16 = 10;
    pub(crate) const ATLAS: u16 = 11;
    pub(crate) const COLOR_TEXTURE: [u16; 4] = [12, 13, 14, 15];
    pub const WRAP: [u16; 2] = [16, 17];
    pub(crate) const VERTEX_COLOR: [u16; 3] = [18, 19, 20];
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
    pub(crate) fn with_fixed_ids() -> FieldTable {
        let mut t = FieldTable::default();
        for name in fid::NAMES {
            t.id(name);
        }
        t
    }

    pub fn build(d: &ProductData) -> FieldTable {
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
        let new = v.str_len();
        let Some(o) = self.get_mut(id) else { return };
        let old = match o.fields.iter_mut().find(|(k, _)| *k == fid) {
            Some(slot) => std::mem::replace(&mut slot.1, v).str_len(),
            None => {
                super::push_small(&mut o.fields, (fid, v));
                0
            }
        };
        let stale = fid <= fid::MAX_LINES && o.text_measure == super::TextMeasure::Current;
        if new != old {
            self.charge_host(new, old);
        }
        if stale {
            super::font_string::mark_stale(self, id);
        }
    }

    /// Sets a string field from bytes (as `to_string_lossy`), reusing the stored string's
    /// buffer and allocating nothing when the value is unchanged.
    pub(crate) fn set_field_str(&mut self, id: u32, fid: u16, bytes: &[u8]) {
        let Some(o) = self.get_mut(id) else { return };
        if let Some((_, FieldVal::Str(old))) = o.fields.iter_mut().find(|(k, _)| *k == fid) {
            let (was, stale) = (old.len(), o.text_measure == super::TextMeasure::Current);
            if old.as_bytes() != bytes {
                old.clear();
                old.push_str(&String::from_utf8_lossy(bytes));
            }
            let now = old.len();
            self.charge_host(now, was);
            if fid <= fid::MAX_LINES && stale {
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
    /// Sets a field to `v`, keeping no entry when `v` is the value the object's type starts
    /// with (reads answer it from the type's defaults): a reset such as `ResetTexCoord`,
    /// which `SetAtlas` does for every atlas texture, then costs no memory (8 entries of 40 B
    /// a texture, ~4.6 MB of the retail UI's peak).
    pub fn set_field_to_default(&mut self, id: u32, fid: u16, v: FieldVal) {
        let Some(o) = self.get(id) else { return };
        let default = self
            .fields
            .defaults
            .get(o.type_index)
            .and_then(|m| m.get(&fid));
        if default != Some(&v) {
            return self.set_field(id, fid, v);
        }
        let Some(o) = self.get_mut(id) else { return };
        if let Some(i) = o.fields.iter().position(|(k, _)| *k == fid) {
            o.fields.swap_remove(i);
        }
        if fid <= fid::MAX_LINES && o.text_measure == super::TextMeasure::Current {
            super::font_string::mark_stale(self, id);
        }
    }

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

/// Whether a declared type is a plain value a field can hold (pairs are limited to these).
pub fn scalar(t: &Ty) -> bool {
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
pub fn keyed_getter_of<'a>(
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

/// The getter of a `SetX` method when the two form a state pair: `GetX` or `IsX` on the same
/// type, neither with a generic implementation, the setter's inputs and the getter's outputs
/// the same scalar types in the same order.
pub fn pair_getter_of<'a>(
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
    /// Bytes of a string value (what it holds outside Lua's heap), else 0.
    pub(crate) fn str_len(&self) -> usize {
        match self {
            FieldVal::Str(s) => s.len(),
            _ => 0,
        }
    }

    pub fn from_data(v: &wowsim_data::Value) -> FieldVal {
        use wowsim_data::Value as D;
        match v {
            D::Nil => FieldVal::Nil,
            D::Bool(b) => FieldVal::Bool(*b),
            D::Number(n) => FieldVal::Num(*n),
            D::Str(s) => FieldVal::Str(s.clone()),
            D::Table(_) => FieldVal::Table,
        }
    }

    pub fn as_f64(&self) -> f64 {
        match self {
            FieldVal::Num(n) => *n,
            _ => 0.0,
        }
    }
}
