//! The Lua methods of `frame.rs`'s table, one named function each.

use super::*;
use crate::widgets::fast_call::Args;
use crate::widgets::{fields, util};

/// `RegionBase:IsShown` (the general form).
pub(super) fn is_shown(lua: &Lua, this: Value) -> mlua::Result<bool> {
    let id = obj_id(lua, &this, "IsShown")?;
    Ok(lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .is_some_and(|o| o.shown))
}

/// `RegionBase:IsShown` (the fast form).
pub(super) fn is_shown_fast(ui: &mut UiState, id: u32, a: &Args) -> bool {
    a.push_bool(ui.get(id).is_some_and(|o| o.shown));
    true
}

/// `RegionBase:IsVisible` (the general form).
pub(super) fn is_visible(lua: &Lua, this: Value) -> mlua::Result<bool> {
    let id = obj_id(lua, &this, "IsVisible")?;
    Ok(lua.app_data_ref::<UiState>().expect("ui").is_visible(id))
}

/// `RegionBase:IsVisible` (the fast form).
pub(super) fn is_visible_fast(ui: &mut UiState, id: u32, a: &Args) -> bool {
    a.push_bool(ui.is_visible(id));
    true
}

/// `UIObject:GetName`.
pub(super) fn get_name(lua: &Lua, this: Value) -> mlua::Result<Option<String>> {
    let id = obj_id(lua, &this, "GetName")?;
    Ok(lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .and_then(|o| o.name.clone()))
}

/// `UIObject:GetObjectType`.
pub(super) fn get_object_type(lua: &Lua, this: Value) -> mlua::Result<&'static str> {
    let id = obj_id(lua, &this, "GetObjectType")?;
    let t = type_of(lua, id);
    Ok(TYPES[t].object_type)
}

/// `RegionBase:Show` (the general form).
pub(super) fn show(lua: &Lua, this: Value) -> mlua::Result<()> {
    let id = obj_id(lua, &this, "Show")?;
    if !crate::protection::frame_allowed(lua, id, "Show")? {
        return Ok(());
    }
    set_shown(lua, id, true)
}

/// `RegionBase:Show` (the fast form: only a change that runs no script).
pub(super) fn show_fast(ui: &mut UiState, id: u32, _: &Args) -> bool {
    set_shown_quiet(ui, id, true)
}

/// `RegionBase:Hide` (the general form).
pub(super) fn hide(lua: &Lua, this: Value) -> mlua::Result<()> {
    let id = obj_id(lua, &this, "Hide")?;
    if !crate::protection::frame_allowed(lua, id, "Hide")? {
        return Ok(());
    }
    set_shown(lua, id, false)
}

/// `RegionBase:Hide` (the fast form: only a change that runs no script).
pub(super) fn hide_fast(ui: &mut UiState, id: u32, _: &Args) -> bool {
    set_shown_quiet(ui, id, false)
}

/// `RegionBase:SetShown` (the general form).
pub(super) fn region_set_shown(lua: &Lua, (this, on): (Value, Value)) -> mlua::Result<()> {
    let id = obj_id(lua, &this, "SetShown")?;
    if !crate::protection::frame_allowed(lua, id, "SetShown")? {
        return Ok(());
    }
    set_shown(lua, id, !matches!(on, Value::Nil | Value::Boolean(false)))
}

/// `RegionBase:SetShown` (the fast form: only a change that runs no script).
pub(super) fn set_shown_fast(ui: &mut UiState, id: u32, a: &Args) -> bool {
    set_shown_quiet(ui, id, a.truthy(1))
}

/// `UIObject:IsObjectType`.
pub(super) fn is_object_type(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsObjectType")?;
    let Value::String(s) = arg(&a, 1) else {
        return Err(lua_error(lua, "Usage: IsObjectType(\"type\")"));
    };
    // The client compares without case (`IsObjectType("frame")` is true: wowless's real-client
    // checks `uiobjects > T > isa > U > lowercase` expect the lower-case name to answer as the
    // type's own) against the object-type names of the type and its ancestors: a type's
    // `objectType` where the reference gives one (an Actor answers to `ModelSceneActor`, through
    // `ParentedObjectBase` to `Object`), else its name; a virtual type without an `objectType`
    // (`RegionBase`, `UIObject`) is no name.
    let name = s.to_string_lossy();
    let t = type_of(lua, id);
    let exact = types::TYPES[t]
        .ancestry
        .iter()
        .any(|&a| NAMED[a] && types::TYPES[a].object_type.eq_ignore_ascii_case(&name));
    ret(lua, exact)
}

/// For each type: whether `IsObjectType` answers to its object-type name (a type that is not
/// virtual, or virtual with an `objectType` of the reference's; wow-sim's intrinsics are not
/// virtual).
static NAMED: std::sync::LazyLock<Vec<bool>> = std::sync::LazyLock::new(|| {
    types::TYPES
        .iter()
        .map(|ty| {
            let reference = wowsim_data::Flavor::ALL
                .iter()
                .find_map(|f| wowsim_data::data(*f).uiobject(ty.name));
            match reference {
                Some(o) => !o.is_virtual || o.object_type.is_some(),
                None => !ty.is_virtual,
            }
        })
        .collect()
});

/// `ParentedObjectBase:GetParent`.
pub(super) fn get_parent(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetParent")?;
    let p = lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .and_then(|o| o.parent);
    match p {
        Some(p) => ret(lua, object_table(lua, p)?),
        None => ret(lua, ()),
    }
}

/// `ParentedObjectBase:SetParentKey`.
pub(super) fn set_parent_key(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetParentKey")?;
    let Value::String(key) = arg(&a, 1) else {
        return Err(lua_error(
            lua,
            "Usage: self:SetParentKey(parentKey [, clearOtherKeys])",
        ));
    };
    if let Some(parent) = parent_table(lua, id)? {
        let me = object_table(lua, id)?;
        if !matches!(arg(&a, 2), Value::Nil | Value::Boolean(false)) {
            clear_parent_keys(&parent, &me)?;
        }
        parent.raw_set(key.clone(), me)?;
    }
    let key = key.to_string_lossy().to_string();
    util::with_ui_mut(lua, |ui| {
        if let Some(o) = ui.get_mut(id) {
            o.parent_key = Some(key);
        }
    });
    ret(lua, ())
}

/// `ParentedObjectBase:GetParentKey`.
pub(super) fn get_parent_key(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetParentKey")?;
    let me = object_table(lua, id)?;
    // The key last set (XML parentKey or SetParentKey) while it still holds this object;
    // else any string key of the parent that does.
    let last = util::with_ui(lua, |ui| ui.get(id).and_then(|o| o.parent_key.clone()));
    if let (Some(k), Some(parent)) = (last, parent_table(lua, id)?) {
        if matches!(parent.raw_get::<Value>(k.as_str())?, Value::Table(t) if t == me) {
            return ret(lua, k);
        }
    }
    if let Some(parent) = parent_table(lua, id)? {
        for pair in parent.pairs::<Value, Value>() {
            let (k, v) = pair?;
            if matches!(&v, Value::Table(t) if *t == me) && k.is_string() {
                return ret(lua, k);
            }
        }
    }
    ret(lua, Value::Nil)
}

/// `ParentedObjectBase:ClearParentKey`.
pub(super) fn clear_parent_key(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearParentKey")?;
    if let Some(parent) = parent_table(lua, id)? {
        clear_parent_keys(&parent, &object_table(lua, id)?)?;
    }
    util::with_ui_mut(lua, |ui| {
        if let Some(o) = ui.get_mut(id) {
            o.parent_key = None;
        }
    });
    ret(lua, ())
}

/// `ParentedObject:SetParent`.
pub(super) fn parented_object_set_parent(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetParent")?;
    if !crate::protection::frame_allowed(lua, id, "SetParent")? {
        return Ok(mlua::MultiValue::new());
    }
    let p = parent_arg(lua, &arg(&a, 1), "SetParent")?;
    if p.is_some_and(|p| is_self_or_descendant(lua, id, p)) {
        // A cycle would hang every walk up the tree (visibility, scale, layout).
        // The wording is ours; the client's text was not found.
        return Err(lua_error(
            lua,
            "SetParent(): cannot parent an object to itself or to one of its descendants",
        ));
    }
    set_parent(lua, id, p)?;
    ret(lua, ())
}

/// `Frame:GetChildren`.
pub(super) fn get_children(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    children_of(lua, self_id(lua, &a, "GetChildren")?, true)
}

/// `Frame:GetRegions`.
pub(super) fn get_regions(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    children_of(lua, self_id(lua, &a, "GetRegions")?, false)
}

/// `Frame:GetNumChildren`.
pub(super) fn get_num_children(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let n = children_of(lua, self_id(lua, &a, "GetNumChildren")?, true)?.len();
    ret(lua, n as i64)
}

/// `Frame:GetNumRegions`.
pub(super) fn get_num_regions(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let n = children_of(lua, self_id(lua, &a, "GetNumRegions")?, false)?.len();
    ret(lua, n as i64)
}

/// `Frame:SetID`.
pub(super) fn set_id(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetID")?;
    let v = match arg(&a, 1) {
        Value::Integer(i) => i,
        Value::Number(n) => n as i64,
        _ => return Err(lua_error(lua, "Usage: SetID(ID)")),
    };
    if let Some(o) = lua.app_data_mut::<UiState>().expect("ui").get_mut(id) {
        o.id = v;
    }
    ret(lua, ())
}

/// `Region:IsProtected`.
pub(super) fn is_protected(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsProtected")?;
    let on = util::get_field(lua, id, "explicitlyProtected") == fields::FieldVal::Bool(true);
    ret(lua, (on, on))
}

/// `Frame:GetID`.
pub(super) fn get_id(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetID")?;
    ret(
        lua,
        lua.app_data_ref::<UiState>()
            .expect("ui")
            .get(id)
            .map(|o| o.id)
            .unwrap_or(0),
    )
}

/// `Frame:CreateTexture`.
pub(super) fn create_texture(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    create_region(lua, a, "Texture", "CreateTexture")
}

/// `Frame:CreateMaskTexture`.
pub(super) fn create_mask_texture(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    create_region(lua, a, "MaskTexture", "CreateMaskTexture")
}

/// `Frame:CreateLine`.
pub(super) fn create_line(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    create_region(lua, a, "Line", "CreateLine")
}

/// `Frame:CreateFontString`.
pub(super) fn create_font_string(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    create_region(lua, a, "FontString", "CreateFontString")
}
