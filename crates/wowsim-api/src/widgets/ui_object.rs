//! UIObject and ParentedObjectBase: the questions every object answers about itself. There is
//! no secure environment in the simulator, so access and secret-value questions answer "no
//! restriction" unless an addon added one (`AddSecretAspect`, `AddAccessRestrictions` and
//! `AddForbiddenAspects` keep flags; the latter two are in `scene_state/frames.rs`); `SetForbidden`
//! is remembered (and `IsForbidden` reports it). Parent keys are the keys under which an
//! object is stored in its parent's table.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `IsForbidden`, `SetForbidden`, `GetObjectTable`, `CanBeAccessedInContext`, `HasSecretValues`, `IsPreventingSecretValues`, `HasAnySecretAspect`, `HasSecretAspect`, `AddSecretAspect`, `HasAccessConstraints`, `HasAnyAccessRestrictions`, `HasAnyForbiddenAspects` | [`install`] |
//! | `GetParentKey`, `SetParentKey(key [, clearOtherKeys])`, `ClearParentKey` | [`parent_key`] |
//! | `GetDebugName([preferParentKey])` | [`debug_name`] |

use super::fields::FieldVal;
use super::util::{arg, get_field, install_methods, ret, self_id, set_field, truthy, Method};
use super::{handle_id, object_table, UiState};
use mlua::{Lua, Value};

/// The key under which `id` is stored in its parent's table, if any.
pub fn parent_key(lua: &Lua, id: u32) -> mlua::Result<Option<String>> {
    let parent = {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        let Some(o) = ui.get(id) else { return Ok(None) };
        if let Some(k) = &o.parent_key {
            return Ok(Some(k.clone()));
        }
        o.parent
    };
    let Some(p) = parent else { return Ok(None) };
    let t = object_table(lua, p)?;
    let mut keys = Vec::new();
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        if let (Value::String(k), Value::Table(v)) = (k, v) {
            if v.raw_get::<Value>(0).ok().as_ref().and_then(handle_id) == Some(id) {
                keys.push(k.to_string_lossy());
            }
        }
    }
    // Table order is not stable: the first key in sorted order.
    keys.sort();
    Ok(keys.into_iter().next())
}

/// `GetDebugName`: the global name; else the parent's debug name and the parent key; else
/// the parent's debug name and the object type (an object without a parent: its type).
pub fn debug_name(lua: &Lua, id: u32, prefer_key: bool) -> mlua::Result<String> {
    let (name, parent, ty) = {
        let ui = lua.app_data_ref::<UiState>().expect("ui");
        let Some(o) = ui.get(id) else {
            return Ok(String::new());
        };
        (
            o.name.clone(),
            o.parent,
            super::types::TYPES[o.type_index].object_type,
        )
    };
    let key = parent_key(lua, id)?;
    if let Some(n) = &name {
        if !(prefer_key && key.is_some()) {
            return Ok(n.clone());
        }
    }
    let Some(p) = parent else {
        return Ok(name.unwrap_or_else(|| ty.to_string()));
    };
    let base = debug_name(lua, p, prefer_key)?;
    Ok(format!("{base}.{}", key.unwrap_or_else(|| ty.to_string())))
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("UIObject", "IsForbidden", is_forbidden),
        ("UIObject", "SetForbidden", set_forbidden),
        ("UIObject", "GetObjectTable", get_object_table),
        (
            "UIObject",
            "CanBeAccessedInContext",
            can_be_accessed_in_context,
        ),
        ("UIObject", "HasSecretValues", has_secret_values),
        (
            "UIObject",
            "IsPreventingSecretValues",
            is_preventing_secret_values,
        ),
        ("UIObject", "HasAnySecretAspect", has_any_secret_aspect),
        ("UIObject", "HasSecretAspect", has_secret_aspect),
        // Aspects are flags; adding one keeps the others.
        ("UIObject", "AddSecretAspect", add_secret_aspect),
        ("UIObject", "HasAccessConstraints", has_access_constraints),
        (
            "UIObject",
            "HasAnyAccessRestrictions",
            has_any_access_restrictions,
        ),
        (
            "UIObject",
            "HasAnyForbiddenAspects",
            has_any_forbidden_aspects,
        ),
        ("ParentedObjectBase", "GetDebugName", get_debug_name),
    ];
    install_methods(lua, methods)
}

/// `UIObject:IsForbidden`.
fn is_forbidden(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsForbidden")?;
    ret(lua, get_field(lua, id, "forbidden") == FieldVal::Bool(true))
}

/// `UIObject:SetForbidden`.
fn set_forbidden(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetForbidden")?;
    super::forbidden::make_forbidden(lua, id)?;
    ret(lua, ())
}

/// `UIObject:GetObjectTable`.
fn get_object_table(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetObjectTable")?;
    ret(lua, object_table(lua, id)?)
}

/// `UIObject:CanBeAccessedInContext`.
fn can_be_accessed_in_context(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "CanBeAccessedInContext")?;
    ret(lua, true)
}

/// `UIObject:HasSecretValues`.
fn has_secret_values(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "HasSecretValues")?;
    ret(lua, false)
}

/// `UIObject:IsPreventingSecretValues`.
fn is_preventing_secret_values(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "IsPreventingSecretValues")?;
    ret(lua, false)
}

/// `UIObject:HasAnySecretAspect`.
fn has_any_secret_aspect(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasAnySecretAspect")?;
    ret(
        lua,
        get_field(lua, id, "uiobject.secretAspects").as_f64() != 0.0,
    )
}

/// `UIObject:HasSecretAspect`.
fn has_secret_aspect(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasSecretAspect")?;
    let want = super::util::num(&arg(&a, 1)).unwrap_or(0.0) as u64;
    let have = get_field(lua, id, "uiobject.secretAspects").as_f64() as u64;
    ret(lua, have & want != 0)
}

/// `UIObject:AddSecretAspect`.
fn add_secret_aspect(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AddSecretAspect")?;
    let v = arg(&a, 1);
    let Some(n) = super::util::num(&v) else {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!(
                "bad argument #1 to 'AddSecretAspect' (number expected, got {})",
                wowsim_lua::type_name(&v)
            ),
        ));
    };
    let cur = get_field(lua, id, "uiobject.secretAspects").as_f64() as u64;
    set_field(
        lua,
        id,
        "uiobject.secretAspects",
        FieldVal::Num((cur | n as u64) as f64),
    );
    ret(lua, ())
}

/// `UIObject:HasAccessConstraints`.
fn has_access_constraints(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "HasAccessConstraints")?;
    ret(lua, false)
}

/// `UIObject:HasAnyAccessRestrictions`.
fn has_any_access_restrictions(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasAnyAccessRestrictions")?;
    ret(
        lua,
        get_field(lua, id, "uiobject.restrictions").as_f64() != 0.0,
    )
}

/// `UIObject:HasAnyForbiddenAspects`.
fn has_any_forbidden_aspects(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasAnyForbiddenAspects")?;
    ret(
        lua,
        get_field(lua, id, "uiobject.forbiddenAspects").as_f64() != 0.0,
    )
}

/// `ParentedObjectBase:GetDebugName`.
fn get_debug_name(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetDebugName")?;
    ret(lua, debug_name(lua, id, truthy(&arg(&a, 1)))?)
}
