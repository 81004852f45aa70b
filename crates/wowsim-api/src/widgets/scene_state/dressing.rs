//! What 3D objects would need game data for: dressing actors and models with items, tabard
//! files, bounding boxes, the glue screen's characters, projecting points. The simulator has no
//! item, model or tabard data, so each answers as the client does when the data is absent:
//! an unknown item cannot be tried on (`Enum.ItemTryOnReason.NotEquippable`), a link shows no
//! model (false), a model with no geometry has no bounding box (nothing), a tabard has no files
//! (0 or ""), the glue-screen calls fail (false) since there is no character list in game.
//! What is kept: the slots dressed through `SetItemTransmogInfo` (the parent's `models`) answer
//! `IsSlotVisible` and the appearance getters; `Dress` puts the character's own gear back on,
//! and the simulated character wears nothing.
//!
//! | WoW name | answer |
//! | --- | --- |
//! | `Actor`/`DressUpModel:TryOn(link or id [, hand, enchant])` | `NotEquippable` (2): no item data |
//! | `IsSlotAllowed(slot)` | true for the inventory slots 1..19 |
//! | `IsSlotVisible(slot)`, `DressUpModel:GetItemModifiedAppearanceID(slot)`, `GetSpellItemEnchantmentID(slot)` | the kept transmog info of the slot |
//! | `Dress`, `DressPlayerSlot(slot)` | the kept transmog infos (all, or the slot's) are dropped |
//! | `Actor:CalculateMountScale(rider)` | 1 (no model sizes) |
//! | `Actor:GetActiveBoundingBox`, `GetMaxBoundingBox` | nothing (no geometry; Blizzard's code expects nil for invisible models) |
//! | `SetModelByHyperlink(link)`, `SetPlayerModelFromGlues`, `SetFrontEndLobbyModelFromDefaultCharacterDisplay`, `ReleaseFrontEndCharacterDisplays` | false |
//! | `TabardModel` file getters | 0 (file ids) or "" (paths); `Get*EmblemTexture(tex)` clears the texture; `CanSaveTabardNow` false; `Save`, `InitializeTabardColors` no-ops |
//! | `Model:HasAttachmentPoints` | false; `TransformCameraSpaceToModelSpace(v)` returns a copy of `v` (no model transform) |
//! | `ModelScene:Project3DPointTo2D` | nothing (nothing is rendered, so no point is on screen); `TakeActor` no-op |
//! | `PlayerModel:CanSetUnit(unit)`, `SetBarberShopAlternateForm` | no results (as declared) |

use super::*;
use crate::widgets::host_methods::host_fn;
use crate::widgets::types::inherits_from;
use crate::widgets::util::with_ui;

/// `Enum.ItemTryOnReason.NotEquippable`.
const NOT_EQUIPPABLE: i64 = 2;

/// An argument that must be an object of type `ty` (or derived from it).
fn need_obj(lua: &Lua, a: &MultiValue, pos: usize, method: &str, ty: &str) -> mlua::Result<u32> {
    let v = arg(a, pos);
    let id = match &v {
        Value::Table(_) => crate::widgets::obj_id(lua, &v, method).ok(),
        _ => None,
    };
    match id.filter(|id| {
        with_ui(lua, |ui| {
            ui.get(*id).is_some_and(|o| inherits_from(o.type_index, ty))
        })
    }) {
        Some(id) => Ok(id),
        None => Err(bad_arg(lua, pos, method, ty, &v)),
    }
}

fn slot_arg(lua: &Lua, a: &MultiValue, method: &str) -> mlua::Result<f64> {
    let v = arg(a, 1);
    num(&v).ok_or_else(|| bad_arg(lua, 1, method, "number", &v))
}

fn transmog_of(lua: &Lua, id: u32, slot: f64) -> mlua::Result<Value> {
    state_table(lua, id)?.raw_get(format!("transmog[{slot}]"))
}

fn transmog_number(lua: &Lua, id: u32, slot: f64, key: &str) -> mlua::Result<f64> {
    Ok(match transmog_of(lua, id, slot)? {
        Value::Table(t) => num(&t.raw_get::<Value>(key)?).unwrap_or(0.0),
        _ => 0.0,
    })
}

/// Drops the kept transmog infos: every slot, or one.
fn undress(lua: &Lua, id: u32, slot: Option<f64>) -> mlua::Result<()> {
    let t = state_table(lua, id)?;
    let mut keys = Vec::new();
    for pair in t.pairs::<String, Value>() {
        let (k, _) = pair?;
        let hit = match slot {
            Some(s) => k == format!("transmog[{s}]"),
            None => k.starts_with("transmog["),
        };
        if hit {
            keys.push(k);
        }
    }
    for k in keys {
        t.raw_set(k, Value::Nil)?;
    }
    Ok(())
}

/// Methods shared by Actor and DressUpModel.
fn install_dressing(lua: &Lua, o: &str) -> mlua::Result<()> {
    method(lua, o, "TryOn", |lua, a| {
        self_id(lua, &a, "TryOn")?;
        let v = arg(&a, 1);
        if !matches!(v, Value::String(_) | Value::Integer(_) | Value::Number(_)) {
            return Err(bad_arg(lua, 1, "TryOn", "string", &v));
        }
        ret(lua, NOT_EQUIPPABLE)
    })?;
    method(lua, o, "IsSlotAllowed", |lua, a| {
        self_id(lua, &a, "IsSlotAllowed")?;
        let s = slot_arg(lua, &a, "IsSlotAllowed")?;
        ret(lua, (1.0..=19.0).contains(&s) && s.fract() == 0.0)
    })?;
    method(lua, o, "IsSlotVisible", |lua, a| {
        let id = self_id(lua, &a, "IsSlotVisible")?;
        let s = slot_arg(lua, &a, "IsSlotVisible")?;
        ret(lua, !transmog_of(lua, id, s)?.is_nil())
    })?;
    method(lua, o, "Dress", |lua, a| {
        let id = self_id(lua, &a, "Dress")?;
        undress(lua, id, None)?;
        ret(lua, ())
    })?;
    method(lua, o, "GetItemModifiedAppearanceID", |lua, a| {
        let id = self_id(lua, &a, "GetItemModifiedAppearanceID")?;
        let s = slot_arg(lua, &a, "GetItemModifiedAppearanceID")?;
        ret(lua, transmog_number(lua, id, s, "appearanceID")?)
    })?;
    method(lua, o, "GetSpellItemEnchantmentID", |lua, a| {
        let id = self_id(lua, &a, "GetSpellItemEnchantmentID")?;
        let s = slot_arg(lua, &a, "GetSpellItemEnchantmentID")?;
        ret(lua, transmog_number(lua, id, s, "illusionID")?)
    })?;
    Ok(())
}

pub(super) fn install(lua: &Lua) -> mlua::Result<()> {
    install_dressing(lua, "Actor")?;
    install_dressing(lua, "DressUpModel")?;
    let o = "Actor";
    method(lua, o, "DressPlayerSlot", |lua, a| {
        let id = self_id(lua, &a, "DressPlayerSlot")?;
        let s = slot_arg(lua, &a, "DressPlayerSlot")?;
        undress(lua, id, Some(s))?;
        ret(lua, ())
    })?;
    method(lua, o, "CalculateMountScale", |lua, a| {
        self_id(lua, &a, "CalculateMountScale")?;
        need_obj(lua, &a, 1, "CalculateMountScale", "Actor")?;
        ret(lua, 1.0)
    })?;
    noop(lua, o, "GetActiveBoundingBox", &[])?;
    noop(lua, o, "GetMaxBoundingBox", &[])?;
    noop(lua, o, "ResetNextHandSlot", &[])?;
    noop(lua, o, "ReleaseFrontEndCharacterDisplays", &[C::B(false)])?;
    method(
        lua,
        o,
        "SetFrontEndLobbyModelFromDefaultCharacterDisplay",
        |lua, a| {
            let m = "SetFrontEndLobbyModelFromDefaultCharacterDisplay";
            self_id(lua, &a, m)?;
            slot_arg(lua, &a, m)?;
            ret(lua, false)
        },
    )?;
    noop(lua, o, "SetPlayerModelFromGlues", &[C::B(false)])?;
    method(lua, o, "SetModelByHyperlink", |lua, a| {
        self_id(lua, &a, "SetModelByHyperlink")?;
        let v = arg(&a, 1);
        string(&v).ok_or_else(|| bad_arg(lua, 1, "SetModelByHyperlink", "string", &v))?;
        ret(lua, false)
    })?;

    let t = "TabardModel";
    noop(lua, t, "CanSaveTabardNow", &[C::B(false)])?;
    for g in [
        "GetLowerBackgroundFileName",
        "GetLowerBorderFile",
        "GetLowerEmblemFile",
        "GetUpperBackgroundFileName",
        "GetUpperBorderFile",
        "GetUpperEmblemFile",
    ] {
        noop(lua, t, g, &[C::N(0.0)])?;
    }
    noop(lua, t, "GetLowerEmblemFileName", &[C::S("")])?;
    noop(lua, t, "GetUpperEmblemFileName", &[C::S("")])?;
    for g in ["GetLowerEmblemTexture", "GetUpperEmblemTexture"] {
        let f = host_fn(lua, move |lua, a: MultiValue| {
            self_id(lua, &a, g)?;
            let tex = need_obj(lua, &a, 1, g, "TextureBase")?;
            crate::widgets::texture::set_texture(lua, tex, &Value::Nil);
            ret(lua, ())
        })?;
        reg(lua, t, g, f)?;
    }
    noop(lua, t, "InitializeTabardColors", &[])?;
    noop(lua, t, "Save", &[])?;

    let m = "Model";
    noop(lua, m, "HasAttachmentPoints", &[C::B(false)])?;
    method(lua, m, "TransformCameraSpaceToModelSpace", |lua, a| {
        let me = "TransformCameraSpaceToModelSpace";
        self_id(lua, &a, me)?;
        let v = arg(&a, 1);
        let Value::Table(p) = &v else {
            return Err(bad_arg(lua, 1, me, "table", &v));
        };
        let (x, y, z): (Value, Value, Value) = (p.get("x")?, p.get("y")?, p.get("z")?);
        match lua.globals().get::<Value>("CreateVector3D")? {
            Value::Function(f) => ret(lua, f.call::<Value>((x, y, z))?),
            _ => {
                let t = lua.create_table()?;
                t.raw_set("x", x)?;
                t.raw_set("y", y)?;
                t.raw_set("z", z)?;
                ret(lua, t)
            }
        }
    })?;
    method(lua, "ModelScene", "Project3DPointTo2D", |lua, a| {
        let me = "Project3DPointTo2D";
        self_id(lua, &a, me)?;
        for i in 1..=3 {
            let v = arg(&a, i);
            num(&v).ok_or_else(|| bad_arg(lua, i, me, "number", &v))?;
        }
        ret(lua, ())
    })?;
    noop(lua, "ModelScene", "TakeActor", &[])?;
    method(lua, "PlayerModel", "CanSetUnit", |lua, a| {
        self_id(lua, &a, "CanSetUnit")?;
        let v = arg(&a, 1);
        string(&v).ok_or_else(|| bad_arg(lua, 1, "CanSetUnit", "string", &v))?;
        ret(lua, ())
    })?;
    noop(lua, "PlayerModel", "SetBarberShopAlternateForm", &[])?;
    Ok(())
}
