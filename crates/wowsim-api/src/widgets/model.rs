//! Model and PlayerModel: 3D views that keep their state and draw nothing. What a model shows
//! (file, display id, creature, unit) is remembered so the getters answer; `SetRotation` is the
//! model's facing (`GetFacing`, as the client stores it).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `Model:SetModel(asset)`, `ClearModel`, `GetModelFileID` (a number asset; 0 for a path: no listfile) | [`install`] |
//! | `Model:SetModelDrawLayer`/`GetModelDrawLayer`, `UseModelCenterToTransform`/`IsUsingModelCenterToTransform`, `SetCamera`, `SetCustomCamera`/`HasCustomCamera`, `SetGlow`, `SetParticlesEnabled`, `GetWorldScale` | [`install`] |
//! | `PlayerModel:SetDisplayInfo`/`GetDisplayInfo`, `SetCreature(creatureID, displayID)`, `SetUnit(unit)` (true when the unit exists), `SetRotation(radians)`, `SetPortraitZoom`, `SetCamDistanceScale`, `RefreshUnit`, `SetAnimation`, `HasAnimation` | [`install`] |

use super::fields::FieldVal;
use super::util::{
    arg, get_field, install_methods, need_num, num, ret, self_id, set_field, string, truthy, Method,
};
use mlua::Lua;

fn clear(lua: &Lua, id: u32) {
    for f in [
        "modelFile",
        "modelFileID",
        "displayID",
        "creatureID",
        "modelUnit",
    ] {
        set_field(lua, id, f, FieldVal::Nil);
    }
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("Model", "SetModel", set_model),
        ("Model", "ClearModel", clear_model),
        ("Model", "GetModelFileID", get_model_file_id),
        ("Model", "SetModelDrawLayer", set_model_draw_layer),
        ("Model", "GetModelDrawLayer", get_model_draw_layer),
        (
            "Model",
            "UseModelCenterToTransform",
            use_model_center_to_transform,
        ),
        (
            "Model",
            "IsUsingModelCenterToTransform",
            is_using_model_center_to_transform,
        ),
        ("Model", "SetCamera", set_camera),
        ("Model", "SetCustomCamera", set_custom_camera),
        (
            "Model",
            "MakeCurrentCameraCustom",
            make_current_camera_custom,
        ),
        ("Model", "HasCustomCamera", has_custom_camera),
        ("Model", "SetGlow", set_glow),
        ("Model", "SetParticlesEnabled", set_particles_enabled),
        ("Model", "GetWorldScale", get_world_scale),
        ("PlayerModel", "SetDisplayInfo", set_display_info),
        ("PlayerModel", "GetDisplayInfo", get_display_info),
        ("PlayerModel", "SetCreature", set_creature),
        // True when the unit exists (`UnitExists`), as the client's model finds nothing else.
        ("PlayerModel", "SetUnit", set_unit),
        ("PlayerModel", "RefreshUnit", refresh_unit),
        ("PlayerModel", "SetRotation", set_rotation),
        ("PlayerModel", "SetPortraitZoom", set_portrait_zoom),
        ("PlayerModel", "SetCamDistanceScale", set_cam_distance_scale),
        ("PlayerModel", "SetAnimation", set_animation),
        // No model data: no animation is known.
        ("PlayerModel", "HasAnimation", has_animation),
    ];
    install_methods(lua, methods)
}

/// `Model:SetModel`.
fn set_model(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetModel")?;
    let v = arg(&a, 1);
    clear(lua, id);
    match num(&v) {
        Some(n) if !matches!(v, mlua::Value::String(_)) => {
            set_field(lua, id, "modelFileID", FieldVal::Num(n))
        }
        _ => {
            let s = string(&v).ok_or_else(|| {
                wowsim_lua::lua_error(lua, "Usage: Model:SetModel(asset [, noMip])")
            })?;
            set_field(lua, id, "modelFile", FieldVal::Str(s));
        }
    }
    ret(lua, ())
}

/// `Model:ClearModel`.
fn clear_model(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearModel")?;
    clear(lua, id);
    ret(lua, ())
}

/// `Model:GetModelFileID`.
fn get_model_file_id(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetModelFileID")?;
    ret(lua, get_field(lua, id, "modelFileID").as_f64())
}

/// `Model:SetModelDrawLayer`.
fn set_model_draw_layer(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetModelDrawLayer")?;
    let l = string(&arg(&a, 1))
        .ok_or_else(|| wowsim_lua::lua_error(lua, "Usage: Model:SetModelDrawLayer(layer)"))?;
    set_field(
        lua,
        id,
        "modelDrawLayer",
        FieldVal::Str(l.to_ascii_uppercase()),
    );
    ret(lua, ())
}

/// `Model:GetModelDrawLayer`.
fn get_model_draw_layer(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetModelDrawLayer")?;
    let l = match get_field(lua, id, "modelDrawLayer") {
        FieldVal::Str(s) => s,
        _ => "ARTWORK".into(),
    };
    ret(lua, (l, 0))
}

/// `Model:UseModelCenterToTransform`.
fn use_model_center_to_transform(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "UseModelCenterToTransform")?;
    set_field(
        lua,
        id,
        "useModelCenter",
        FieldVal::Bool(truthy(&arg(&a, 1))),
    );
    ret(lua, ())
}

/// `Model:IsUsingModelCenterToTransform`.
fn is_using_model_center_to_transform(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsUsingModelCenterToTransform")?;
    ret(
        lua,
        get_field(lua, id, "useModelCenter") == FieldVal::Bool(true),
    )
}

/// `Model:SetCamera`.
fn set_camera(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCamera")?;
    let c = need_num(lua, &a, 1, "Model:SetCamera(cameraIndex)")?;
    set_field(lua, id, "cameraIndex", FieldVal::Num(c));
    ret(lua, ())
}

/// `Model:SetCustomCamera`.
fn set_custom_camera(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCustomCamera")?;
    let c = need_num(lua, &a, 1, "Model:SetCustomCamera(cameraIndex)")?;
    set_field(lua, id, "cameraIndex", FieldVal::Num(c));
    set_field(lua, id, "customCamera", FieldVal::Bool(true));
    ret(lua, ())
}

/// `Model:MakeCurrentCameraCustom`.
fn make_current_camera_custom(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "MakeCurrentCameraCustom")?;
    set_field(lua, id, "customCamera", FieldVal::Bool(true));
    ret(lua, ())
}

/// `Model:HasCustomCamera`.
fn has_custom_camera(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "HasCustomCamera")?;
    ret(
        lua,
        get_field(lua, id, "customCamera") == FieldVal::Bool(true),
    )
}

/// `Model:SetGlow`.
fn set_glow(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetGlow")?;
    let g = need_num(lua, &a, 1, "Model:SetGlow(glow)")?;
    set_field(lua, id, "glow", FieldVal::Num(g));
    ret(lua, ())
}

/// `Model:SetParticlesEnabled`.
fn set_particles_enabled(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetParticlesEnabled")?;
    set_field(lua, id, "particles", FieldVal::Bool(truthy(&arg(&a, 1))));
    ret(lua, ())
}

/// `Model:GetWorldScale`.
fn get_world_scale(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "GetWorldScale")?;
    ret(lua, 1.0)
}

/// `PlayerModel:SetDisplayInfo`.
fn set_display_info(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetDisplayInfo")?;
    let d = need_num(
        lua,
        &a,
        1,
        "PlayerModel:SetDisplayInfo(displayID [, mountDisplayID])",
    )?;
    clear(lua, id);
    set_field(lua, id, "displayID", FieldVal::Num(d));
    ret(lua, ())
}

/// `PlayerModel:GetDisplayInfo`.
fn get_display_info(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetDisplayInfo")?;
    ret(lua, get_field(lua, id, "displayID").as_f64())
}

/// `PlayerModel:SetCreature`.
fn set_creature(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCreature")?;
    let c = need_num(
        lua,
        &a,
        1,
        "PlayerModel:SetCreature(creatureID [, displayID])",
    )?;
    clear(lua, id);
    set_field(lua, id, "creatureID", FieldVal::Num(c));
    set_field(
        lua,
        id,
        "displayID",
        FieldVal::Num(num(&arg(&a, 2)).unwrap_or(0.0)),
    );
    ret(lua, ())
}

/// `PlayerModel:SetUnit`.
fn set_unit(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetUnit")?;
    let unit = string(&arg(&a, 1))
        .ok_or_else(|| wowsim_lua::lua_error(lua, "Usage: PlayerModel:SetUnit(unit [, blend])"))?;
    let exists = match lua.globals().get::<mlua::Function>("UnitExists") {
        Ok(f) => truthy(&f.call::<mlua::Value>(unit.clone())?),
        Err(_) => false,
    };
    clear(lua, id);
    if exists {
        set_field(lua, id, "modelUnit", FieldVal::Str(unit));
    }
    ret(lua, exists)
}

/// `PlayerModel:RefreshUnit`.
fn refresh_unit(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "RefreshUnit")?;
    ret(lua, ())
}

/// `PlayerModel:SetRotation`.
fn set_rotation(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetRotation")?;
    let r = need_num(lua, &a, 1, "PlayerModel:SetRotation(radians [, animate])")?;
    set_field(lua, id, "facing", FieldVal::Num(r));
    ret(lua, ())
}

/// `PlayerModel:SetPortraitZoom`.
fn set_portrait_zoom(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetPortraitZoom")?;
    let z = need_num(lua, &a, 1, "PlayerModel:SetPortraitZoom(zoom)")?;
    set_field(lua, id, "portraitZoom", FieldVal::Num(z));
    ret(lua, ())
}

/// `PlayerModel:SetCamDistanceScale`.
fn set_cam_distance_scale(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetCamDistanceScale")?;
    let s = need_num(lua, &a, 1, "PlayerModel:SetCamDistanceScale(scale)")?;
    set_field(lua, id, "camDistanceScale", FieldVal::Num(s));
    ret(lua, ())
}

/// `PlayerModel:SetAnimation`.
fn set_animation(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetAnimation")?;
    let n = need_num(lua, &a, 1, "PlayerModel:SetAnimation(anim [, variation])")?;
    set_field(lua, id, "animation", FieldVal::Num(n));
    ret(lua, ())
}

/// `PlayerModel:HasAnimation`.
fn has_animation(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    self_id(lua, &a, "HasAnimation")?;
    ret(lua, false)
}
