//! GameTooltip methods that show game data. Retail's UI fills tooltips in Lua from tooltip
//! data; Classic clients have them as C methods (`SetBagItem`, `SetInventoryItem`, ...). The
//! simulator has no items, spells, auras, quests or merchants, so each such setter empties the
//! tooltip and shows nothing, as the client does for a slot or id with no data, and the getters
//! answer nothing. Units exist: `SetUnit` shows the unit's name.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | every `GameTooltip:Set*` the flavour has that no other file implements (`SetBagItem`, `SetHyperlink`, `SetSpellByID`, ...) | [`install`]: `ClearLines`, no results |
//! | `SetUnit(unit)`, `GetUnit`, `IsUnit(unit)` | the unit's name as the first line, then OnTooltipSetUnit; `GetUnit` → name, unit; `IsUnit` compares unit GUIDs |
//! | `GetItem`, `GetSpell` | nothing (no item or spell is ever shown); `IsEquippedItem` false |
//! | `AddSpellByID(id)` | adds nothing (no spell data) |
//! | `SetPadding(right, bottom [, left, top])`, `GetPadding` | kept (Classic; retail's are generic) |
//! | `AdvanceSecondaryCompareItem`, `ResetSecondaryCompareItem`, `SetObjectTooltipPosition` | no-ops (nothing is compared; the position follows the owner) |
//! | `CopyTooltip(other)` | copies the other tooltip's lines (text and colour) |
//! | `SetFrameStack(...)` | lists the frames under the cursor (`GetMouseFoci`), one line each, as `/fstack` does; returns the topmost (the highlighted frame; the client's highlight index is not modelled) and fires OnTooltipSetFrameStack(self, it) |
//!
//! Blizzard's `GameTooltipTemplate` mixin (the built-in base's stand-in) replaces `SetUnit`,
//! `SetItemByID`, `SetSpellByID`, `SetHyperlink` and their getters on tooltips that inherit it.

use super::fields::FieldVal;
use super::game_tooltip::{add_line, clear_lines};
use super::scene_state::{bad_arg, reg};
use super::util::Method;
use super::util::{arg, get_field, num, ret, self_id, set_field, string};
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Value};
use wowsim_data::ProductData;

const G: &str = "GameTooltip";

fn unit_guid(lua: &Lua, unit: &str) -> mlua::Result<Value> {
    match lua.globals().get::<Value>("UnitGUID")? {
        Value::Function(f) => f.call::<Value>(unit),
        _ => Ok(Value::Nil),
    }
}

fn line_texts(lua: &Lua, tip: &Value, i: usize) -> mlua::Result<[(Value, [f64; 3]); 2]> {
    let Value::Table(t) = tip else {
        return Ok([(Value::Nil, [1.0; 3]), (Value::Nil, [1.0; 3])]);
    };
    let mut out = [(Value::Nil, [1.0; 3]), (Value::Nil, [1.0; 3])];
    for (k, getter) in ["GetLeftLine", "GetRightLine"].iter().enumerate() {
        let f: mlua::Function = t.get(*getter)?;
        if let Value::Table(fs) = f.call::<Value>((tip.clone(), i))? {
            let text: mlua::Function = fs.get("GetText")?;
            let color: mlua::Function = fs.get("GetTextColor")?;
            let c: MultiValue = color.call(fs.clone())?;
            let rgb = [0, 1, 2].map(|j| c.get(j).and_then(num).unwrap_or(1.0));
            out[k] = (text.call::<Value>(fs.clone())?, rgb);
        }
    }
    let _ = lua;
    Ok(out)
}

/// Whether the flavour's `GameTooltip:name` is still a typed stub (the methods of this file
/// never replace a real one: retail's come from elsewhere).
fn is_stub(lua: &Lua, name: &str) -> mlua::Result<bool> {
    let Ok(stubs) = lua.named_registry_value::<mlua::Table>("wowsim.stubfns") else {
        return Ok(false);
    };
    Ok(match super::methods_of(lua, G)?.raw_get::<Value>(name)? {
        Value::Function(f) => stubs.raw_get::<bool>(f).unwrap_or(false),
        _ => false,
    })
}

fn method(lua: &Lua, name: &str, f: Method) -> mlua::Result<()> {
    if is_stub(lua, name)? {
        reg(lua, G, name, host_fn(lua, f)?)?;
    }
    Ok(())
}

fn answer(lua: &Lua, name: &'static str, v: Option<bool>) -> mlua::Result<()> {
    if is_stub(lua, name)? {
        let f = host_fn(lua, move |lua, a: MultiValue| {
            self_id(lua, &a, name)?;
            ret(lua, v)
        })?;
        reg(lua, G, name, f)?;
    }
    Ok(())
}

/// Installs the methods of this file (only those the flavour has; the generic data setters only
/// where the method is still a typed stub).
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    install_data_setters(lua, data)?;
    let units: &[(&str, Method)] = &[
        ("SetUnit", set_unit),
        ("GetUnit", get_unit),
        ("IsUnit", is_unit),
    ];
    for (name, f) in units {
        method(lua, name, *f)?;
    }
    answer(lua, "GetItem", None)?;
    answer(lua, "GetSpell", None)?;
    answer(lua, "IsEquippedItem", Some(false))?;
    method(lua, "AddSpellByID", add_spell_by_id)?;
    answer(lua, "AdvanceSecondaryCompareItem", None)?;
    answer(lua, "ResetSecondaryCompareItem", None)?;
    answer(lua, "SetObjectTooltipPosition", None)?;
    let rest: &[(&str, Method)] = &[
        ("SetPadding", set_padding),
        ("GetPadding", get_padding),
        ("CopyTooltip", copy_tooltip),
        ("SetFrameStack", set_frame_stack),
    ];
    for (name, f) in rest {
        method(lua, name, *f)?;
    }
    Ok(())
}

/// Every `GameTooltip:Set*` of the flavour that is still a typed stub, but those of this file,
/// becomes one shared [`clear_data_setter`].
fn install_data_setters(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let clear = host_fn(lua, clear_data_setter)?;
    if let Some(o) = data.uiobject(G) {
        for m in &o.methods {
            if !m.name.starts_with("Set") {
                continue;
            }
            if is_stub(lua, &m.name)?
                && !matches!(
                    m.name.as_str(),
                    "SetPadding" | "SetUnit" | "SetFrameStack" | "SetObjectTooltipPosition"
                )
            {
                reg(lua, G, &m.name, clear.clone())?;
            }
        }
    }
    Ok(())
}

/// A generic `GameTooltip:Set*` (`SetBagItem`, `SetHyperlink`, ...): empties the tooltip.
fn clear_data_setter(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "Set")?;
    clear_lines(lua, id)?;
    set_field(lua, id, "tooltip.unit", FieldVal::Nil);
    ret(lua, ())
}

/// `GameTooltip:SetUnit`.
fn set_unit(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "SetUnit")?;
    let v = arg(&a, 1);
    let unit = string(&v).ok_or_else(|| bad_arg(lua, 1, "SetUnit", "string", &v))?;
    clear_lines(lua, id)?;
    set_field(lua, id, "tooltip.unit", FieldVal::Nil);
    let name = match lua.globals().get::<Value>("UnitName")? {
        Value::Function(f) => f.call::<Value>(unit.as_str())?,
        _ => Value::Nil,
    };
    if let Value::String(_) = name {
        add_line(lua, id, &name, [1.0; 3], &Value::Nil, [1.0; 3])?;
        set_field(lua, id, "tooltip.unit", FieldVal::Str(unit));
        // Classic's tooltip scripts fill in the rest (GameTooltip_OnTooltipSetUnit).
        super::fire_script(lua, id, "OnTooltipSetUnit", ())?;
    }
    ret(lua, ())
}

/// `GameTooltip:GetUnit`.
fn get_unit(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "GetUnit")?;
    let FieldVal::Str(unit) = get_field(lua, id, "tooltip.unit") else {
        return ret(lua, ());
    };
    let name = match lua.globals().get::<Value>("UnitName")? {
        Value::Function(f) => f.call::<Value>(unit.as_str())?,
        _ => Value::Nil,
    };
    ret(lua, (name, unit))
}

/// `GameTooltip:IsUnit`.
fn is_unit(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "IsUnit")?;
    let v = arg(&a, 1);
    let other = string(&v).ok_or_else(|| bad_arg(lua, 1, "IsUnit", "string", &v))?;
    let FieldVal::Str(unit) = get_field(lua, id, "tooltip.unit") else {
        return ret(lua, false);
    };
    let (a, b) = (unit_guid(lua, &unit)?, unit_guid(lua, &other)?);
    let same = match (&a, &b) {
        (Value::String(x), Value::String(y)) => x.as_bytes() == y.as_bytes(),
        _ => unit.eq_ignore_ascii_case(&other),
    };
    ret(lua, same)
}

/// `GameTooltip:AddSpellByID`.
fn add_spell_by_id(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    self_id(lua, &a, "AddSpellByID")?;
    let v = arg(&a, 1);
    num(&v).ok_or_else(|| bad_arg(lua, 1, "AddSpellByID", "number", &v))?;
    ret(lua, ())
}

/// `GameTooltip:SetPadding`.
fn set_padding(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "SetPadding")?;
    for i in 1..=4 {
        let v = arg(&a, i);
        let n = match (&v, num(&v)) {
            (Value::Nil, _) if i > 2 => 0.0,
            (_, Some(n)) => n,
            _ => return Err(bad_arg(lua, i, "SetPadding", "number", &v)),
        };
        set_field(
            lua,
            id,
            &format!("GameTooltip:Padding.{i}"),
            FieldVal::Num(n),
        );
    }
    ret(lua, ())
}

/// `GameTooltip:GetPadding`.
fn get_padding(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "GetPadding")?;
    let p = [1, 2, 3, 4].map(|i| get_field(lua, id, &format!("GameTooltip:Padding.{i}")).as_f64());
    ret(lua, (p[0], p[1], p[2], p[3]))
}

/// `GameTooltip:CopyTooltip`.
fn copy_tooltip(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "CopyTooltip")?;
    let other = arg(&a, 1);
    if other.is_nil() {
        return ret(lua, ());
    }
    let oid = super::obj_id(lua, &other, "CopyTooltip")?;
    let n = get_field(lua, oid, "tooltipLines").as_f64() as usize;
    let mut lines = Vec::with_capacity(n);
    for i in 1..=n {
        lines.push(line_texts(lua, &other, i)?);
    }
    clear_lines(lua, id)?;
    for [(l, lc), (r, rc)] in lines {
        add_line(lua, id, &l, lc, &r, rc)?;
    }
    ret(lua, ())
}

/// `GameTooltip:SetFrameStack`.
fn set_frame_stack(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "SetFrameStack")?;
    clear_lines(lua, id)?;
    let foci: Vec<Value> = match lua.globals().get::<Value>("GetMouseFoci")? {
        Value::Function(f) => f.call::<MultiValue>(())?.into_iter().collect(),
        _ => Vec::new(),
    };
    let list: Vec<Value> = match foci.first() {
        Some(Value::Table(t)) if t.raw_get::<Value>(0)?.is_nil() => {
            t.sequence_values().collect::<mlua::Result<_>>()?
        }
        _ => foci,
    };
    let highlight = list.first().cloned().unwrap_or(Value::Nil);
    for f in list {
        let Value::Table(t) = &f else { continue };
        let name = match t.get::<Value>("GetDebugName")? {
            Value::Function(g) => g.call::<Value>(f.clone())?,
            _ => match t.get::<Value>("GetName")? {
                Value::Function(g) => g.call::<Value>(f.clone())?,
                _ => Value::Nil,
            },
        };
        let name = match name {
            Value::String(s) => Value::String(s),
            _ => Value::String(lua.create_string("<anon>")?),
        };
        add_line(lua, id, &name, [1.0; 3], &Value::Nil, [1.0; 3])?;
    }
    // Blizzard's frame stack tooltip takes the highlighted frame from the return value and
    // from OnTooltipSetFrameStack(self, highlightFrame) (Blizzard_DebugTools.lua).
    super::fire_script(lua, id, "OnTooltipSetFrameStack", highlight.clone())?;
    ret(lua, highlight)
}
