//! What playing animations do to their targets: Alpha multiplies the target's alpha,
//! Translation and Path move it, Scale scales it about its origin, Rotation turns a texture,
//! VertexColor tints a texture, FlipBook shows one cell of a texture grid. The
//! effects of every playing (or paused) group are worked out after each animation tick and on
//! Play/Stop/Finish, and kept in [`UiState::anim_fx`]; drawing and `GetEffectiveAlpha` read them.
//!
//! Layout does not see animations: `GetLeft`, `GetPoint`, `GetRect`... keep reporting the
//! anchored position while a Translation or Scale plays, and `GetAlpha` keeps the value
//! `SetAlpha` gave; this is why a frame slid by a Translation snaps back when the group ends
//! unless the addon re-anchors it in OnFinished (the client's well-known behaviour). Hit-testing
//! uses the layout too: public descriptions of the client say animations are visual only, the
//! anchor layout and the hit area staying in place (fixture `input/animation_hit_rect`). Choices not checked against the game: `GetEffectiveAlpha` includes the
//! animated alpha; smoothing `IN` is p², `OUT` is 1-(1-p)², `IN_OUT` joins the two at ½; several
//! animations on one target combine (alphas and scales multiply, offsets and angles add); a
//! Path goes through its control points in order (the first at p = 0; `SMOOTH` curves are
//! Catmull-Rom splines, others straight lines, each segment taking the same time); a FlipBook
//! divides the texture's coordinates into `rows × columns` cells and shows cell
//! ⌊p·frames⌋ in reading order.
//!
//! Timing per animation, within a pass of its group (`reverse` runs the pass backwards): before
//! its start (order and `startDelay`) it does nothing; while it runs it interpolates; once done it
//! holds its end value until the group stops or finishes.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | effects of the playing groups | [`refresh`] → [`AnimFx`] |
//! | a region's drawn rect (own and ancestors' translations and scales) | [`drawn_rect`] |
//! | the alpha factor of a region | [`alpha_factor`] |
//! | `VertexColor:SetStartColor`/`SetEndColor` and getters; `Path:CreateControlPoint`, `GetControlPoints`, `GetMaxControlPointOrder` | [`install`] |
pub use wowsim_ui::animation_effect::*;

use super::animation::{animations_of, group_duration, run_of, window};
use super::fields::FieldVal;
use super::util::{arg, get_field, install_methods, num, ret, self_id, set_field, string, Method};
use super::{create_object, obj_id, object_table, types, UiState};
use mlua::{Lua, MultiValue, Value};

fn num_or(lua: &Lua, id: u32, f: &str, d: f64) -> f64 {
    match get_field(lua, id, f) {
        FieldVal::Num(n) => n,
        _ => d,
    }
}

fn text(lua: &Lua, id: u32, f: &str) -> String {
    match get_field(lua, id, f) {
        FieldVal::Str(s) => s,
        _ => String::new(),
    }
}

/// The progress (after smoothing) of an animation at group time `t`, or `None` before it starts.
fn progress(lua: &Lua, anim: u32, group: u32, t: f64) -> Option<f64> {
    let (start, _) = window(lua, anim, group);
    let start = start + get_field(lua, anim, "startDelay").as_f64();
    if t < start {
        return None;
    }
    let dur = get_field(lua, anim, "duration").as_f64();
    let p = if dur > 0.0 {
        ((t - start) / dur).min(1.0)
    } else {
        1.0
    };
    Some(smooth(
        &text(lua, anim, "smoothing").to_ascii_uppercase(),
        p,
    ))
}

/// Adds one animation's effect at progress `p` to its target's.
fn apply(lua: &Lua, anim: u32, p: f64, fx: &mut AnimFx) {
    let ty = lua
        .app_data_ref::<UiState>()
        .and_then(|ui| ui.get(anim).map(|o| o.type_index))
        .unwrap_or(0);
    let lerp = |a: f64, b: f64| a + (b - a) * p;
    if types::is_a(ty, "Alpha") {
        let from = num_or(lua, anim, "fromAlpha", 0.0);
        let to = num_or(lua, anim, "toAlpha", 0.0);
        fx.alpha *= lerp(from, to).clamp(0.0, 1.0);
    } else if types::is_a(ty, "TextureCoordTranslation") {
        // Offsets in texture coordinates (fractions of the image), not in units.
        fx.uv_shift[0] += num_or(lua, anim, "offsetX", 0.0) * p;
        fx.uv_shift[1] += num_or(lua, anim, "offsetY", 0.0) * p;
    } else if types::is_a(ty, "TranslationBase") {
        fx.dx += num_or(lua, anim, "offsetX", 0.0) * p;
        fx.dy += num_or(lua, anim, "offsetY", 0.0) * p;
    } else if types::is_a(ty, "Scale") {
        let to_set = !matches!(get_field(lua, anim, "toScaleX"), FieldVal::Nil);
        let (fx0, fy0, tx, ty) = if to_set {
            (
                num_or(lua, anim, "fromScaleX", 1.0),
                num_or(lua, anim, "fromScaleY", 1.0),
                num_or(lua, anim, "toScaleX", 1.0),
                num_or(lua, anim, "toScaleY", 1.0),
            )
        } else {
            (
                1.0,
                1.0,
                num_or(lua, anim, "scaleX", 1.0),
                num_or(lua, anim, "scaleY", 1.0),
            )
        };
        fx.sx *= lerp(fx0, tx);
        fx.sy *= lerp(fy0, ty);
        let point = match text(lua, anim, "originPoint") {
            s if s.is_empty() => "CENTER".to_string(),
            s => s,
        };
        let (ox, oy) = point_fractions(&point);
        fx.origin = (
            ox,
            oy,
            num_or(lua, anim, "originX", 0.0),
            num_or(lua, anim, "originY", 0.0),
        );
    } else if types::is_a(ty, "VertexColor") {
        let c = |k: &str, d: f64| num_or(lua, anim, k, d);
        fx.vertex = Some([
            lerp(c("startR", 1.0), c("endR", 1.0)),
            lerp(c("startG", 1.0), c("endG", 1.0)),
            lerp(c("startB", 1.0), c("endB", 1.0)),
            lerp(c("startA", 1.0), c("endA", 1.0)),
        ]);
    } else if types::is_a(ty, "FlipBook") {
        let rows = num_or(lua, anim, "flipBookRows", 0.0).max(1.0);
        let cols = num_or(lua, anim, "flipBookColumns", 0.0).max(1.0);
        let frames = match num_or(lua, anim, "flipBookFrames", 0.0) {
            n if n >= 1.0 => n,
            _ => rows * cols,
        };
        // A small allowance so that a frame boundary reached on the 60 Hz clock counts.
        let i = (p * frames + 1e-6).floor().min(frames - 1.0).max(0.0);
        let (r, c) = ((i / cols).floor(), i % cols);
        fx.uv_cell = Some([c / cols, r / rows, (c + 1.0) / cols, (r + 1.0) / rows]);
    } else if types::is_a(ty, "Path") {
        let (x, y) = path_point(lua, anim, p);
        fx.dx += x;
        fx.dy += y;
    } else if types::is_a(ty, "Rotation") {
        let deg = num_or(lua, anim, "degrees", 0.0);
        let rad = if deg != 0.0 {
            deg.to_radians()
        } else {
            num_or(lua, anim, "radians", 0.0)
        };
        fx.rotation += rad * p;
    }
}

/// The control points of a Path in order (`order`, then creation).
fn control_points(lua: &Lua, path: u32) -> Vec<u32> {
    let mut pts: Vec<(i64, u32)> = lua
        .app_data_ref::<UiState>()
        .and_then(|ui| {
            let o = ui.get(path)?;
            Some(
                o.children
                    .iter()
                    .filter(|c| {
                        ui.get(**c)
                            .is_some_and(|k| types::is_a(k.type_index, "ControlPoint"))
                    })
                    .copied()
                    .collect::<Vec<u32>>(),
            )
        })
        .unwrap_or_default()
        .into_iter()
        .map(|c| (num_or(lua, c, "order", 99.0) as i64, c))
        .collect();
    pts.sort_by_key(|(o, _)| *o);
    pts.into_iter().map(|(_, c)| c).collect()
}

/// Where a Path puts its target at progress `p`.
fn path_point(lua: &Lua, path: u32, p: f64) -> (f64, f64) {
    let pts: Vec<(f64, f64)> = control_points(lua, path)
        .into_iter()
        .map(|c| {
            (
                num_or(lua, c, "offsetX", 0.0),
                num_or(lua, c, "offsetY", 0.0),
            )
        })
        .collect();
    match pts.len() {
        0 => return (0.0, 0.0),
        1 => return pts[0],
        _ => {}
    }
    let segs = (pts.len() - 1) as f64;
    let at = (p.clamp(0.0, 1.0) * segs).min(segs - 1e-9);
    let i = at.floor() as usize;
    let t = at - i as f64;
    let smooth = text(lua, path, "curveType").eq_ignore_ascii_case("SMOOTH");
    let get = |k: isize| pts[k.clamp(0, pts.len() as isize - 1) as usize];
    if !smooth {
        let (a, b) = (pts[i], pts[i + 1]);
        return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    }
    let (p0, p1, p2, p3) = (
        get(i as isize - 1),
        get(i as isize),
        get(i as isize + 1),
        get(i as isize + 2),
    );
    let cr = |a: f64, b: f64, c: f64, d: f64| {
        0.5 * (2.0 * b
            + (c - a) * t
            + (2.0 * a - 5.0 * b + 4.0 * c - d) * t * t
            + (3.0 * b - a - 3.0 * c + d) * t * t * t)
    };
    (cr(p0.0, p1.0, p2.0, p3.0), cr(p0.1, p1.1, p2.1, p3.1))
}

/// Works out the effects of every playing group and stores them in the UI state.
pub fn refresh(lua: &Lua) -> mlua::Result<()> {
    let groups: Vec<u32> = super::widget_states(lua)
        .animations
        .borrow()
        .playing
        .clone();
    let mut out: rustc_hash::FxHashMap<u32, AnimFx> = rustc_hash::FxHashMap::default();
    for g in groups {
        let run = run_of(lua, g);
        if !run.playing {
            continue;
        }
        let total = group_duration(lua, g);
        let t = if run.reverse {
            total - run.elapsed
        } else {
            run.elapsed
        };
        for a in animations_of(lua, g) {
            let Some(p) = progress(lua, a, g, t) else {
                continue;
            };
            let target = super::animation_timing::target(lua, a)?;
            let Ok(tid) = obj_id(lua, &target, "animation target") else {
                continue;
            };
            apply(lua, a, p, out.entry(tid).or_default());
        }
    }
    if let Some(mut ui) = lua.app_data_mut::<UiState>() {
        if !(ui.anim_fx.is_empty() && out.is_empty()) {
            ui.anim_fx = out;
        }
    }
    Ok(())
}

fn set_color(lua: &Lua, a: &MultiValue, m: &str, prefix: &str) -> mlua::Result<MultiValue> {
    let id = self_id(lua, a, m)?;
    let Value::Table(c) = arg(a, 1) else {
        return Err(wowsim_lua::lua_error(
            lua,
            format_args!("Usage: VertexColor:{m}(color)"),
        ));
    };
    for k in ["r", "g", "b", "a"] {
        let v = num(&c.get::<Value>(k)?).unwrap_or(1.0);
        let f = format!("{prefix}{}", k.to_ascii_uppercase());
        set_field(lua, id, &f, FieldVal::Num(v));
    }
    ret(lua, ())
}

fn get_color(lua: &Lua, a: &MultiValue, m: &str, prefix: &str) -> mlua::Result<MultiValue> {
    let id = self_id(lua, a, m)?;
    let v: Vec<f64> = ["R", "G", "B", "A"]
        .iter()
        .map(|k| num_or(lua, id, &format!("{prefix}{k}"), 1.0))
        .collect();
    // A ColorMixin object when the UI has CreateColor, else a plain {r, g, b, a}.
    if let Ok(create) = lua.globals().get::<mlua::Function>("CreateColor") {
        return ret(lua, create.call::<Value>((v[0], v[1], v[2], v[3]))?);
    }
    let t = lua.create_table()?;
    for (k, x) in ["r", "g", "b", "a"].iter().zip(v) {
        t.raw_set(*k, x)?;
    }
    ret(lua, t)
}

/// Installs the methods of VertexColor and Path animations.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, Method)] = &[
        ("VertexColor", "SetStartColor", set_start_color),
        ("VertexColor", "SetEndColor", set_end_color),
        ("VertexColor", "GetStartColor", get_start_color),
        ("VertexColor", "GetEndColor", get_end_color),
        ("Path", "CreateControlPoint", create_control_point),
        ("Path", "GetControlPoints", get_control_points),
        (
            "Path",
            "GetMaxControlPointOrder",
            get_max_control_point_order,
        ),
    ];
    install_methods(lua, methods)
}

/// `VertexColor:SetStartColor`.
fn set_start_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_color(lua, &a, "SetStartColor", "start")
}

/// `VertexColor:SetEndColor`.
fn set_end_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    set_color(lua, &a, "SetEndColor", "end")
}

/// `VertexColor:GetStartColor`.
fn get_start_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_color(lua, &a, "GetStartColor", "start")
}

/// `VertexColor:GetEndColor`.
fn get_end_color(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    get_color(lua, &a, "GetEndColor", "end")
}

/// `Path:CreateControlPoint`.
fn create_control_point(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "CreateControlPoint")?;
    let ty = types::find("ControlPoint").expect("ControlPoint type");
    let name = string(&arg(&a, 1)).map(|n| super::frame::expand_parent_name(lua, &n, Some(id)));
    let (cp, t) = create_object(lua, ty, name, Some(id))?;
    if let Some(template) = string(&arg(&a, 2)) {
        crate::templates::check_single(lua, "CreateControlPoint", &template)?;
        crate::templates::apply_runtime_templates(lua, cp, &t, &template, None)?;
    }
    if let Some(o) = num(&arg(&a, 3)) {
        set_field(lua, cp, "order", FieldVal::Num(o));
    }
    ret(lua, t)
}

/// `Path:GetControlPoints`.
fn get_control_points(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetControlPoints")?;
    let v: Vec<Value> = control_points(lua, id)
        .into_iter()
        .map(|c| object_table(lua, c).map(Value::Table))
        .collect::<mlua::Result<_>>()?;
    Ok(MultiValue::from_vec(v))
}

/// `Path:GetMaxControlPointOrder`.
fn get_max_control_point_order(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetMaxControlPointOrder")?;
    let max = control_points(lua, id)
        .into_iter()
        .map(|c| num_or(lua, c, "order", 99.0))
        .fold(0.0, f64::max);
    ret(lua, max)
}
