//! Objects that draw 3D: Actor, Model and its kinds (PlayerModel, DressUpModel, CinematicModel,
//! TabardModel), their transmog infos, and ModelScene. See the parent module for the helpers.

use super::*;
use crate::widgets::host_methods::host_fn;

pub(super) fn install_actor(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let o = "Actor";
    store(
        lua,
        o,
        "SetAnimation",
        &[
            ("actor.animation", Num),
            ("actor.animationVariation", NumOr(0.0)),
            ("actor.animSpeed", NumOr(1.0)),
            ("actor.animOffset", NumOr(0.0)),
        ],
    )?;
    load(lua, o, "GetAnimation", &[("actor.animation", C::N(0.0))])?;
    load(
        lua,
        o,
        "GetAnimationVariation",
        &[("actor.animationVariation", C::N(0.0))],
    )?;
    store(
        lua,
        o,
        "SetSheathed",
        &[("actor.sheathed", Bool), ("actor.sheathHidden", Bool)],
    )?;
    load(lua, o, "GetSheathed", &[("actor.sheathed", C::B(false))])?;
    store(
        lua,
        o,
        "SetSpellVisualKit",
        &[
            ("actor.spellVisualKit", NumOr(0.0)),
            ("actor.oneShot", Bool),
        ],
    )?;
    load(
        lua,
        o,
        "GetSpellVisualKit",
        &[("actor.spellVisualKit", C::N(0.0))],
    )?;
    store(
        lua,
        o,
        "SetPreferModelCollisionBounds",
        &[("actor.preferCollision", Bool)],
    )?;
    load(
        lua,
        o,
        "IsPreferringModelCollisionBounds",
        &[("actor.preferCollision", C::B(false))],
    )?;
    store(
        lua,
        o,
        "SetUseCenterForOrigin",
        &[
            ("actor.centerX", Bool),
            ("actor.centerY", Bool),
            ("actor.centerZ", Bool),
        ],
    )?;
    load(
        lua,
        o,
        "IsUsingCenterForOrigin",
        &[
            ("actor.centerX", C::B(false)),
            ("actor.centerY", C::B(false)),
            ("actor.centerZ", C::B(false)),
        ],
    )?;
    store(
        lua,
        o,
        "PlayAnimationKit",
        &[("actor.animKit", Num), ("actor.animKitLoop", Bool)],
    )?;
    method(lua, o, "StopAnimationKit", |lua, a| {
        let id = self_id(lua, &a, "StopAnimationKit")?;
        clear(lua, id, &["actor.animKit", "actor.animKitLoop"])?;
        ret(lua, ())
    })?;
    store(
        lua,
        o,
        "SetGradientMask",
        &[
            ("actor.gradient0", Num),
            ("actor.gradient1", Num),
            ("actor.gradient2", Num),
            ("actor.gradient3", Num),
        ],
    )?;
    store(
        lua,
        o,
        "SetGradientMaskWithDyes",
        &[
            ("actor.dye0", NumOr(0.0)),
            ("actor.dye1", NumOr(0.0)),
            ("actor.dye2", NumOr(0.0)),
        ],
    )?;
    store(
        lua,
        o,
        "UseUnitSheatheCategory",
        &[("actor.useSheatheCategory", Bool)],
    )?;
    method(lua, o, "SetSheathedCategory", |lua, a| {
        let id = self_id(lua, &a, "SetSheathedCategory")?;
        let slot = num(&arg(&a, 1))
            .ok_or_else(|| bad_arg(lua, 1, "SetSheathedCategory", "number", &arg(&a, 1)))?;
        let cat = num(&arg(&a, 2))
            .ok_or_else(|| bad_arg(lua, 2, "SetSheathedCategory", "number", &arg(&a, 2)))?;
        set_field(
            lua,
            id,
            &format!("actor.sheatheCategory[{slot}]"),
            FieldVal::Num(cat),
        );
        ret(lua, ())
    })?;
    // What the actor shows: a file, a path, a unit or a creature display.
    method(lua, o, "ClearModel", |lua, a| {
        let id = self_id(lua, &a, "ClearModel")?;
        clear(lua, id, ACTOR_MODEL)?;
        ret(lua, ())
    })?;
    for name in ["SetModelByFileID", "SetModelByPath"] {
        let f = host_fn(lua, move |lua, a: MultiValue| {
            let id = self_id(lua, &a, name)?;
            let v = arg(&a, 1);
            let (fid, path) = match &v {
                Value::Integer(n) => (*n as f64, None),
                Value::Number(n) => (*n, None),
                Value::String(s) => match num(&v) {
                    Some(n) => (n, None),
                    None => (0.0, Some(s.to_string_lossy())),
                },
                _ => return Err(bad_arg(lua, 1, name, "string", &v)),
            };
            clear(lua, id, ACTOR_MODEL)?;
            set_field(lua, id, "actor.modelFileID", FieldVal::Num(fid));
            if let Some(p) = path {
                set_field(lua, id, "actor.modelPath", FieldVal::Str(p));
            }
            ret(lua, true)
        })?;
        reg(lua, o, name, f)?;
    }
    method(lua, o, "SetModelByCreatureDisplayID", |lua, a| {
        let id = self_id(lua, &a, "SetModelByCreatureDisplayID")?;
        let v = arg(&a, 1);
        let d =
            num(&v).ok_or_else(|| bad_arg(lua, 1, "SetModelByCreatureDisplayID", "number", &v))?;
        clear(lua, id, ACTOR_MODEL)?;
        set_field(lua, id, "actor.creatureDisplayID", FieldVal::Num(d));
        ret(lua, d > 0.0)
    })?;
    // True when the unit exists; its GUID is what the actor shows.
    method(lua, o, "SetModelByUnit", |lua, a| {
        let id = self_id(lua, &a, "SetModelByUnit")?;
        let v = arg(&a, 1);
        let unit = string(&v).ok_or_else(|| bad_arg(lua, 1, "SetModelByUnit", "string", &v))?;
        let guid = unit_guid(lua, &unit)?;
        clear(lua, id, ACTOR_MODEL)?;
        let ok = guid.is_some();
        if let Some(g) = guid {
            set_field(lua, id, "actor.modelUnitGUID", FieldVal::Str(g));
        }
        ret(lua, ok)
    })?;
    method(lua, o, "GetModelFileID", |lua, a| {
        let id = self_id(lua, &a, "GetModelFileID")?;
        ret(lua, get_field(lua, id, "actor.modelFileID").as_f64())
    })?;
    method(lua, o, "GetModelPath", |lua, a| {
        let id = self_id(lua, &a, "GetModelPath")?;
        ret(
            lua,
            match get_field(lua, id, "actor.modelPath") {
                FieldVal::Str(s) => s,
                _ => String::new(),
            },
        )
    })?;
    method(lua, o, "GetModelUnitGUID", |lua, a| {
        let id = self_id(lua, &a, "GetModelUnitGUID")?;
        ret(
            lua,
            match get_field(lua, id, "actor.modelUnitGUID") {
                FieldVal::Str(s) => s,
                _ => String::new(),
            },
        )
    })?;
    // Assets load at once in the simulator: a model is ready as soon as it is set.
    for name in ["IsLoaded", "IsGeoReady"] {
        let f = host_fn(lua, move |lua, a: MultiValue| {
            let id = self_id(lua, &a, name)?;
            ret(lua, has_model(lua, id))
        })?;
        reg(lua, o, name, f)?;
    }
    method(lua, o, "AttachToMount", |lua, a| {
        let id = self_id(lua, &a, "AttachToMount")?;
        let rider = crate::widgets::obj_id(lua, &arg(&a, 1), "AttachToMount")?;
        set_field(lua, id, "actor.rider", FieldVal::Obj(rider));
        ret(lua, true)
    })?;
    method(lua, o, "DetachFromMount", |lua, a| {
        let id = self_id(lua, &a, "DetachFromMount")?;
        let rider = crate::widgets::obj_id(lua, &arg(&a, 1), "DetachFromMount")?;
        let attached = get_field(lua, id, "actor.rider") == FieldVal::Obj(rider);
        if attached {
            set_field(lua, id, "actor.rider", FieldVal::Nil);
        }
        ret(lua, attached)
    })?;
    Ok(())
}

pub(super) fn install_model(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let m = "Model";
    noop(lua, m, "AdvanceTime", &[])?;
    store(
        lua,
        m,
        "SetSequence",
        &[("model.sequence", Num), ("model.sequenceTime", NumOr(0.0))],
    )?;
    store(
        lua,
        m,
        "SetSequenceTime",
        &[("model.sequence", Num), ("model.sequenceTime", Num)],
    )?;
    store(
        lua,
        m,
        "SetGradientMask",
        &[
            ("model.gradient0", Num),
            ("model.gradient1", Num),
            ("model.gradient2", Num),
            ("model.gradient3", Num),
        ],
    )?;
    store(lua, m, "SetUseGBuffer", &[("model.useGBuffer", Bool)])?;
    store(
        lua,
        m,
        "ReplaceIconTexture",
        &[("model.iconTexture", Asset)],
    )?;
    store(
        lua,
        m,
        "SetTransform",
        &[
            ("model.translation", Any),
            ("model.rotation", Any),
            ("model.transformScale", Any),
        ],
    )?;
    method(lua, m, "ClearTransform", |lua, a| {
        let id = self_id(lua, &a, "ClearTransform")?;
        clear(
            lua,
            id,
            &[
                "model.translation",
                "model.rotation",
                "model.transformScale",
            ],
        )?;
        ret(lua, ())
    })?;
    store(
        lua,
        m,
        "SetLight",
        &[("model.lightEnabled", Bool), ("model.light", Any)],
    )?;
    method(lua, m, "GetLight", |lua, a| {
        let id = self_id(lua, &a, "GetLight")?;
        let on = get_field(lua, id, "model.lightEnabled") == FieldVal::Bool(true);
        let light = match lua_get(lua, id, "model.light")? {
            Value::Table(t) => t,
            _ => lua.create_table()?,
        };
        ret(lua, (on, light))
    })?;
    // The fog colour is `SetFogColor`'s state pair; clearing it turns the fog off.
    method(lua, m, "ClearFog", |lua, a| {
        let id = self_id(lua, &a, "ClearFog")?;
        clear(
            lua,
            id,
            &[
                "Model:FogColor.1",
                "Model:FogColor.2",
                "Model:FogColor.3",
                "Model:FogColor.4",
            ],
        )?;
        ret(lua, ())
    })?;

    let p = "PlayerModel";
    store(
        lua,
        p,
        "ApplySpellVisualKit",
        &[("model.spellVisualKit", Num), ("model.oneShot", Bool)],
    )?;
    store(
        lua,
        p,
        "FreezeAnimation",
        &[
            ("animation", Num),
            ("model.animationVariation", Num),
            ("model.animationFrame", Num),
        ],
    )?;
    store(
        lua,
        p,
        "PlayAnimKit",
        &[("model.animKit", Num), ("model.animKitLoop", Bool)],
    )?;
    method(lua, p, "StopAnimKit", |lua, a| {
        let id = self_id(lua, &a, "StopAnimKit")?;
        clear(lua, id, &["model.animKit", "model.animKitLoop"])?;
        ret(lua, ())
    })?;
    store(
        lua,
        p,
        "SetItem",
        &[
            ("model.itemID", Num),
            ("model.appearanceModID", NumOr(0.0)),
            ("model.itemVisualID", NumOr(0.0)),
        ],
    )?;
    store(
        lua,
        p,
        "SetItemAppearance",
        &[
            ("model.itemAppearanceID", Num),
            ("model.itemVisualID", NumOr(0.0)),
            ("model.itemSubclass", NumOr(0.0)),
        ],
    )?;
    noop(lua, p, "RefreshCamera", &[])?;
    noop(lua, p, "ZeroCachedCenterXY", &[])?;

    let d = "DressUpModel";
    store(
        lua,
        d,
        "SetSheathed",
        &[("model.sheathed", Bool), ("model.hideWeapons", Bool)],
    )?;
    load(lua, d, "GetSheathed", &[("model.sheathed", C::B(false))])?;
    method(lua, d, "IsGeoReady", |lua, a| {
        let id = self_id(lua, &a, "IsGeoReady")?;
        let set = [
            "modelFile",
            "modelFileID",
            "displayID",
            "creatureID",
            "modelUnit",
        ]
        .iter()
        .any(|f| get_field(lua, id, f) != FieldVal::Nil);
        ret(lua, set)
    })?;
    for o in ["Actor", d] {
        install_transmog(lua, o)?;
    }

    let c = "CinematicModel";
    store(lua, c, "EquipItem", &[("cinematic.itemID", Num)])?;
    method(lua, c, "UnequipItems", |lua, a| {
        let id = self_id(lua, &a, "UnequipItems")?;
        clear(lua, id, &["cinematic.itemID"])?;
        ret(lua, ())
    })?;
    store(
        lua,
        c,
        "InitializeCamera",
        &[("cinematic.cameraScale", NumOr(0.0))],
    )?;
    store(
        lua,
        c,
        "InitializePanCamera",
        &[("cinematic.panCameraScale", NumOr(0.0))],
    )?;
    store(lua, c, "SetAnimOffset", &[("cinematic.animOffset", Num)])?;
    store(lua, c, "SetCreatureData", &[("creatureID", Num)])?;
    store(
        lua,
        c,
        "SetFacingLeft",
        &[("cinematic.facingLeft", BoolOr(false))],
    )?;
    store(
        lua,
        c,
        "SetFadeTimes",
        &[("cinematic.fadeIn", Num), ("cinematic.fadeOut", Num)],
    )?;
    store(
        lua,
        c,
        "SetHeightFactor",
        &[("cinematic.heightFactor", Num)],
    )?;
    store(
        lua,
        c,
        "SetJumpInfo",
        &[("cinematic.jumpLength", Num), ("cinematic.jumpHeight", Num)],
    )?;
    store(lua, c, "SetPanDistance", &[("cinematic.panDistance", Num)])?;
    store(
        lua,
        c,
        "SetSpellVisualKit",
        &[("cinematic.spellVisualKit", Num)],
    )?;
    store(
        lua,
        c,
        "SetTargetDistance",
        &[("cinematic.targetDistance", Num)],
    )?;
    store(
        lua,
        c,
        "StartPan",
        &[
            ("cinematic.panType", Num),
            ("cinematic.panDuration", Num),
            ("cinematic.panFade", Bool),
            ("cinematic.panVisKit", NumOr(0.0)),
            ("cinematic.panStart", NumOr(0.0)),
            ("cinematic.panSpeed", NumOr(1.0)),
        ],
    )?;
    method(lua, c, "StopPan", |lua, a| {
        let id = self_id(lua, &a, "StopPan")?;
        clear(lua, id, &["cinematic.panType", "cinematic.panDuration"])?;
        ret(lua, ())
    })?;

    let t = "TabardModel";
    // The variation cycled per part (emblem, border, background, ...).
    method(lua, t, "CycleVariation", |lua, a| {
        let id = self_id(lua, &a, "CycleVariation")?;
        let i = num(&arg(&a, 1))
            .ok_or_else(|| bad_arg(lua, 1, "CycleVariation", "number", &arg(&a, 1)))?;
        let d = num(&arg(&a, 2))
            .ok_or_else(|| bad_arg(lua, 2, "CycleVariation", "number", &arg(&a, 2)))?;
        let key = format!("tabard.variation[{i}]");
        let cur = get_field(lua, id, &key).as_f64();
        set_field(lua, id, &key, FieldVal::Num(cur + d));
        ret(lua, ())
    })?;
    // The player is in no guild in the simulator: the tabard is never a guild tabard.
    noop(lua, t, "IsGuildTabard", &[C::B(false)])?;
    Ok(())
}

/// Transmog infos by inventory slot (Actor and DressUpModel).
fn install_transmog(lua: &Lua, o: &str) -> mlua::Result<()> {
    method(lua, o, "SetItemTransmogInfo", |lua, a| {
        let id = self_id(lua, &a, "SetItemTransmogInfo")?;
        let info = arg(&a, 1);
        if !matches!(info, Value::Table(_)) {
            return Err(bad_arg(lua, 1, "SetItemTransmogInfo", "table", &info));
        }
        let slot = num(&arg(&a, 2)).unwrap_or(0.0);
        lua_set(lua, id, &format!("transmog[{slot}]"), info)?;
        // Enum.ItemTryOnReason.Success
        ret(lua, 0)
    })?;
    method(lua, o, "GetItemTransmogInfo", |lua, a| {
        let id = self_id(lua, &a, "GetItemTransmogInfo")?;
        let v = arg(&a, 1);
        let slot = num(&v).ok_or_else(|| bad_arg(lua, 1, "GetItemTransmogInfo", "number", &v))?;
        ret(lua, lua_get(lua, id, &format!("transmog[{slot}]"))?)
    })?;
    method(lua, o, "GetItemTransmogInfoList", |lua, a| {
        let id = self_id(lua, &a, "GetItemTransmogInfoList")?;
        let out = lua.create_table()?;
        for slot in 1..=19 {
            // An empty slot: no appearance.
            let v = match lua_get(lua, id, &format!("transmog[{}]", slot as f64))? {
                Value::Nil => {
                    let t = lua.create_table()?;
                    for k in ["appearanceID", "secondaryAppearanceID", "illusionID"] {
                        t.raw_set(k, 0)?;
                    }
                    Value::Table(t)
                }
                v => v,
            };
            out.raw_set(slot, v)?;
        }
        ret(lua, out)
    })?;
    method(lua, o, "UndressSlot", |lua, a| {
        let id = self_id(lua, &a, "UndressSlot")?;
        let v = arg(&a, 1);
        let slot = num(&v).ok_or_else(|| bad_arg(lua, 1, "UndressSlot", "number", &v))?;
        state_table(lua, id)?.raw_set(format!("transmog[{slot}]"), Value::Nil)?;
        ret(lua, ())
    })?;
    method(lua, o, "Undress", |lua, a| {
        let id = self_id(lua, &a, "Undress")?;
        let keep_weapons = matches!(arg(&a, 1), Value::Boolean(false));
        let t = state_table(lua, id)?;
        let mut keys = Vec::new();
        for pair in t.pairs::<String, Value>() {
            let (k, _) = pair?;
            // `includeWeapons` (Actor; true when nil): false keeps the weapon slots.
            let weapon = ["transmog[16]", "transmog[17]", "transmog[18]"].contains(&k.as_str());
            if k.starts_with("transmog[") && !(keep_weapons && weapon) {
                keys.push(k);
            }
        }
        for k in keys {
            t.raw_set(k, Value::Nil)?;
        }
        ret(lua, ())
    })?;

    Ok(())
}

pub(super) fn install_scene(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let s = "ModelScene";
    method(lua, s, "ClearFog", |lua, a| {
        let id = self_id(lua, &a, "ClearFog")?;
        clear(
            lua,
            id,
            &[
                "ModelScene:FogColor.1",
                "ModelScene:FogColor.2",
                "ModelScene:FogColor.3",
            ],
        )?;
        ret(lua, ())
    })?;
    // CreateActor, GetNumActors and GetActorAtIndex are in `model_scene.rs`.
    store(
        lua,
        s,
        "SetCameraOrientationByAxisVectors",
        &[
            ("scene.fx", Num),
            ("scene.fy", Num),
            ("scene.fz", Num),
            ("scene.rx", Num),
            ("scene.ry", Num),
            ("scene.rz", Num),
            ("scene.ux", Num),
            ("scene.uy", Num),
            ("scene.uz", Num),
        ],
    )?;
    // Yaw about z, then pitch, then roll (a right-handed frame, x forward, z up).
    method(lua, s, "SetCameraOrientationByYawPitchRoll", |lua, a| {
        let m = "SetCameraOrientationByYawPitchRoll";
        let id = self_id(lua, &a, m)?;
        let mut v = [0.0; 3];
        for (i, x) in v.iter_mut().enumerate() {
            *x = num(&arg(&a, i + 1))
                .ok_or_else(|| bad_arg(lua, i + 1, m, "number", &arg(&a, i + 1)))?;
        }
        let (sy, cy) = v[0].sin_cos();
        let (sp, cp) = v[1].sin_cos();
        let (sr, cr) = v[2].sin_cos();
        // (`+ 0.0` turns a negative zero into zero.)
        let f = [cy * cp + 0.0, sy * cp + 0.0, -sp + 0.0];
        let r = [sy * cr - cy * sp * sr, -cy * cr - sy * sp * sr, -cp * sr];
        let u = [cy * sp * cr + sy * sr, sy * sp * cr - cy * sr, cp * cr];
        for (k, val) in ["scene.fx", "scene.fy", "scene.fz"]
            .iter()
            .zip(f)
            .chain(["scene.rx", "scene.ry", "scene.rz"].iter().zip(r))
            .chain(["scene.ux", "scene.uy", "scene.uz"].iter().zip(u))
        {
            set_field(lua, id, k, FieldVal::Num(val + 0.0));
        }
        ret(lua, ())
    })?;
    load(
        lua,
        s,
        "GetCameraForward",
        &[
            ("scene.fx", C::N(1.0)),
            ("scene.fy", C::N(0.0)),
            ("scene.fz", C::N(0.0)),
        ],
    )?;
    load(
        lua,
        s,
        "GetCameraRight",
        &[
            ("scene.rx", C::N(0.0)),
            ("scene.ry", C::N(-1.0)),
            ("scene.rz", C::N(0.0)),
        ],
    )?;
    load(
        lua,
        s,
        "GetCameraUp",
        &[
            ("scene.ux", C::N(0.0)),
            ("scene.uy", C::N(0.0)),
            ("scene.uz", C::N(1.0)),
        ],
    )?;
    method(lua, s, "SetDrawLayer", |lua, a| {
        let id = self_id(lua, &a, "SetDrawLayer")?;
        let v = arg(&a, 1);
        let l = string(&v).ok_or_else(|| bad_arg(lua, 1, "SetDrawLayer", "string", &v))?;
        set_field(
            lua,
            id,
            "scene.layer",
            FieldVal::Str(l.to_ascii_uppercase()),
        );
        ret(lua, ())
    })?;
    load(
        lua,
        s,
        "GetDrawLayer",
        &[
            ("scene.layer", C::S("ARTWORK")),
            ("scene.sublevel", C::N(0.0)),
        ],
    )?;
    store(lua, s, "SetDesaturation", &[("scene.desaturation", Num)])?;
    store(
        lua,
        s,
        "SetPaused",
        &[("scene.paused", Bool), ("scene.globalPause", BoolOr(true))],
    )?;
    Ok(())
}
