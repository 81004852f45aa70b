//! Maps (Minimap, POI frames, UnitPositionFrame) and the other frames that draw nothing here:
//! movies, web views (Browser, Checkout), off-screen frames, vector graphics, message ids.
//! See the parent module for the helpers.

use super::*;
use crate::widgets::host_methods::host_fn;

pub(super) fn install_map(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let m = "Minimap";
    // The client's minimap has six zoom levels (0 widest .. 5 narrowest).
    noop(lua, m, "GetZoomLevels", &[C::N(6.0)])?;
    store(
        lua,
        m,
        "PingLocation",
        &[("minimap.pingX", Num), ("minimap.pingY", Num)],
    )?;
    load(
        lua,
        m,
        "GetPingPosition",
        &[("minimap.pingX", C::N(0.0)), ("minimap.pingY", C::N(0.0))],
    )?;
    noop(lua, m, "UpdateBlips", &[])?;
    store(lua, m, "SetIconScale", &[("minimap.iconScale", Num)])?;
    store(lua, m, "SetMaskTexture", &[("minimap.mask", Asset)])?;
    // Arch/Quest/Task blob settings: one field each.
    macro_rules! blobs {
        ($($name:literal),*) => {
            $(
                store(lua, m, concat!("Set", $name, "InsideAlpha"), &[(concat!("minimap.", $name, "InsideAlpha"), Num)])?;
                store(lua, m, concat!("Set", $name, "OutsideAlpha"), &[(concat!("minimap.", $name, "OutsideAlpha"), Num)])?;
                store(lua, m, concat!("Set", $name, "RingAlpha"), &[(concat!("minimap.", $name, "RingAlpha"), Num)])?;
                store(lua, m, concat!("Set", $name, "RingScalar"), &[(concat!("minimap.", $name, "RingScalar"), Num)])?;
                store(lua, m, concat!("Set", $name, "InsideTexture"), &[(concat!("minimap.", $name, "InsideTexture"), Asset)])?;
                store(lua, m, concat!("Set", $name, "OutsideTexture"), &[(concat!("minimap.", $name, "OutsideTexture"), Asset)])?;
                store(lua, m, concat!("Set", $name, "RingTexture"), &[(concat!("minimap.", $name, "RingTexture"), Asset)])?;
            )*
        };
    }
    blobs!("ArchBlob", "QuestBlob", "TaskBlob");

    let p = "POIFrame";
    store(lua, p, "SetBorderAlpha", &[("poi.borderAlpha", Num)])?;
    store(lua, p, "SetBorderScalar", &[("poi.borderScalar", Num)])?;
    store(lua, p, "SetBorderTexture", &[("poi.borderTexture", Asset)])?;
    store(lua, p, "SetFillAlpha", &[("poi.fillAlpha", Num)])?;
    store(lua, p, "SetFillTexture", &[("poi.fillTexture", Asset)])?;
    store(lua, p, "SetMergeThreshold", &[("poi.mergeThreshold", Num)])?;
    store(lua, p, "SetNumSplinePoints", &[("poi.splinePoints", Num)])?;
    store(lua, p, "EnableMerging", &[("poi.merging", BoolOr(false))])?;
    store(
        lua,
        p,
        "EnableSmoothing",
        &[("poi.smoothing", BoolOr(false))],
    )?;
    // Which quests' blobs are drawn: all, none, or one by one.
    method(lua, p, "DrawAll", |lua, a| {
        let id = self_id(lua, &a, "DrawAll")?;
        set_field(lua, id, "poi.drawAll", FieldVal::Bool(true));
        state_table(lua, id)?.raw_set("poi.blobs", Value::Nil)?;
        ret(lua, ())
    })?;
    method(lua, p, "DrawNone", |lua, a| {
        let id = self_id(lua, &a, "DrawNone")?;
        set_field(lua, id, "poi.drawAll", FieldVal::Bool(false));
        state_table(lua, id)?.raw_set("poi.blobs", Value::Nil)?;
        ret(lua, ())
    })?;
    method(lua, p, "DrawBlob", |lua, a| {
        let id = self_id(lua, &a, "DrawBlob")?;
        let v = arg(&a, 1);
        let q = num(&v).ok_or_else(|| bad_arg(lua, 1, "DrawBlob", "number", &v))?;
        let st = state_table(lua, id)?;
        let blobs = match st.raw_get::<Value>("poi.blobs")? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                st.raw_set("poi.blobs", t.clone())?;
                t
            }
        };
        blobs.raw_set(q, truthy(&arg(&a, 2)))?;
        ret(lua, ())
    })?;

    let u = "UnitPositionFrame";
    // Units to show, with their colours (kept; nothing drawn).
    method(lua, u, "AddUnit", |lua, a| {
        let id = self_id(lua, &a, "AddUnit")?;
        let unit =
            string(&arg(&a, 1)).ok_or_else(|| bad_arg(lua, 1, "AddUnit", "string", &arg(&a, 1)))?;
        string(&arg(&a, 2)).ok_or_else(|| bad_arg(lua, 2, "AddUnit", "string", &arg(&a, 2)))?;
        let st = state_table(lua, id)?;
        let units = match st.raw_get::<Value>("upf.units")? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                st.raw_set("upf.units", t.clone())?;
                t
            }
        };
        let entry = lua.create_table()?;
        for i in 2..=10 {
            entry.raw_set(i - 1, arg(&a, i))?;
        }
        units.raw_set(unit, entry)?;
        ret(lua, ())
    })?;
    method(lua, u, "ClearUnits", |lua, a| {
        let id = self_id(lua, &a, "ClearUnits")?;
        state_table(lua, id)?.raw_set("upf.units", Value::Nil)?;
        ret(lua, ())
    })?;
    noop(lua, u, "FinalizeUnits", &[])?;
    method(lua, u, "SetUnitColor", |lua, a| {
        let id = self_id(lua, &a, "SetUnitColor")?;
        let unit = string(&arg(&a, 1))
            .ok_or_else(|| bad_arg(lua, 1, "SetUnitColor", "string", &arg(&a, 1)))?;
        let c = lua.create_table()?;
        for i in 2..=5 {
            let v = arg(&a, i);
            let n = num(&v).ok_or_else(|| bad_arg(lua, i, "SetUnitColor", "number", &v))?;
            c.raw_set(i - 1, n)?;
        }
        lua_set(lua, id, &format!("upf.color[{unit}]"), Value::Table(c))?;
        ret(lua, ())
    })?;
    store(
        lua,
        u,
        "SetPlayerPingTexture",
        &[
            ("upf.pingType", Num),
            ("upf.pingTexture", Asset),
            ("upf.pingWidth", NumOr(0.0)),
            ("upf.pingHeight", NumOr(0.0)),
        ],
    )?;
    store(
        lua,
        u,
        "StartPlayerPing",
        &[
            ("upf.pingDuration", NumOr(0.0)),
            ("upf.pingFade", NumOr(0.0)),
        ],
    )?;
    method(lua, u, "StopPlayerPing", |lua, a| {
        let id = self_id(lua, &a, "StopPlayerPing")?;
        clear(lua, id, &["upf.pingDuration", "upf.pingFade"])?;
        ret(lua, ())
    })?;
    Ok(())
}

pub(super) fn install_other(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    // MovieFrame: subtitles are a setting; with no movie playing, stopping changes nothing.
    store(
        lua,
        "MovieFrame",
        "EnableSubtitles",
        &[("movie.subtitles", Bool)],
    )?;
    noop(lua, "MovieFrame", "StopMovie", &[])?;
    // Browser and Checkout: zoom and keyboard focus are kept; no page is ever loaded.
    for o in ["Browser", "Checkout"] {
        store(lua, o, "SetZoom", &[("web.zoom", Num)])?;
        method(lua, o, "SetFocus", |lua, a| {
            let id = self_id(lua, &a, "SetFocus")?;
            set_field(lua, id, "web.focus", FieldVal::Bool(true));
            ret(lua, ())
        })?;
        method(lua, o, "ClearFocus", |lua, a| {
            let id = self_id(lua, &a, "ClearFocus")?;
            set_field(lua, id, "web.focus", FieldVal::Bool(false));
            ret(lua, ())
        })?;
    }
    // VectorGraphics: the SVG asset it shows.
    let v = "VectorGraphics";
    method(lua, v, "SetSVG", |lua, a| {
        let id = self_id(lua, &a, "SetSVG")?;
        let x = arg(&a, 1);
        let f = match (&x, num(&x)) {
            (Value::Integer(_) | Value::Number(_), Some(n)) => FieldVal::Num(n),
            (Value::String(s), Some(n)) if !s.to_string_lossy().is_empty() => FieldVal::Num(n),
            (Value::String(s), _) => FieldVal::Str(s.to_string_lossy()),
            _ => return Err(bad_arg(lua, 1, "SetSVG", "string", &x)),
        };
        set_field(lua, id, "vg.svg", f);
        ret(lua, true)
    })?;
    // A path has no file id without a listfile: 0, as `Model:GetModelFileID`.
    method(lua, v, "GetSVGFileID", |lua, a| {
        let id = self_id(lua, &a, "GetSVGFileID")?;
        ret(lua, get_field(lua, id, "vg.svg").as_f64())
    })?;
    method(lua, v, "HasSVG", |lua, a| {
        let id = self_id(lua, &a, "HasSVG")?;
        ret(lua, get_field(lua, id, "vg.svg") != FieldVal::Nil)
    })?;
    method(lua, v, "ClearSVG", |lua, a| {
        let id = self_id(lua, &a, "ClearSVG")?;
        set_field(lua, id, "vg.svg", FieldVal::Nil);
        ret(lua, ())
    })?;
    method(lua, "Frame", "CreateVectorGraphics", |lua, a| {
        crate::widgets::frame::create_region(lua, a, "VectorGraphics", "CreateVectorGraphics")
    })?;
    // OffScreenFrame: snapshots are numbered; a taken one stays valid. Nothing is rendered.
    method(lua, "OffScreenFrame", "TakeSnapshot", |lua, a| {
        let id = self_id(lua, &a, "TakeSnapshot")?;
        let n = get_field(lua, id, "offscreen.snapshots").as_f64() + 1.0;
        set_field(lua, id, "offscreen.snapshots", FieldVal::Num(n));
        ret(lua, n)
    })?;
    method(lua, "OffScreenFrame", "IsSnapshotValid", |lua, a| {
        let id = self_id(lua, &a, "IsSnapshotValid")?;
        let v = arg(&a, 1);
        let s = num(&v).ok_or_else(|| bad_arg(lua, 1, "IsSnapshotValid", "number", &v))?;
        let n = get_field(lua, id, "offscreen.snapshots").as_f64();
        ret(lua, s >= 1.0 && s <= n && s.fract() == 0.0)
    })?;
    noop(lua, "OffScreenFrame", "Flush", &[])?;
    // LayeredRegion: a colour chosen by a boolean, through SetVertexColor.
    method(
        lua,
        "LayeredRegion",
        "SetVertexColorFromBoolean",
        |lua, a| {
            let m = "SetVertexColorFromBoolean";
            let this = arg(&a, 0);
            self_id(lua, &a, m)?;
            let c = if truthy(&arg(&a, 1)) {
                arg(&a, 2)
            } else {
                arg(&a, 3)
            };
            let Value::Table(c) = c else {
                let pos = if truthy(&arg(&a, 1)) { 2 } else { 3 };
                return Err(bad_arg(lua, pos, m, "table", &c));
            };
            let Value::Table(t) = &this else {
                return ret(lua, ());
            };
            let f: mlua::Function = t.get("SetVertexColor")?;
            f.call::<()>((
                this.clone(),
                c.get::<Value>("r")?,
                c.get::<Value>("g")?,
                c.get::<Value>("b")?,
                c.get::<Value>("a")?,
            ))?;
            ret(lua, ())
        },
    )?;
    // Access restrictions and forbidden aspects: flags that only grow.
    for (add, get, field) in [
        (
            "AddAccessRestrictions",
            "GetAccessRestrictions",
            "uiobject.restrictions",
        ),
        (
            "AddForbiddenAspects",
            "GetForbiddenAspects",
            "uiobject.forbiddenAspects",
        ),
    ] {
        let f = host_fn(lua, move |lua, a: MultiValue| {
            let id = self_id(lua, &a, add)?;
            let v = arg(&a, 1);
            let n = num(&v).ok_or_else(|| bad_arg(lua, 1, add, "number", &v))? as u64;
            let cur = get_field(lua, id, field).as_f64() as u64;
            set_field(lua, id, field, FieldVal::Num((cur | n) as f64));
            ret(lua, ())
        })?;
        reg(lua, "UIObject", add, f)?;
        let g = host_fn(lua, move |lua, a: MultiValue| {
            let id = self_id(lua, &a, get)?;
            ret(lua, get_field(lua, id, field).as_f64())
        })?;
        reg(lua, "UIObject", get, g)?;
    }
    Ok(())
}
