//! Region geometry through `wowsim-layout`: anchors, sizes, rects, scale, alpha, mouse flags,
//! and OnSizeChanged. Rects are in the region's own units (the client's `GetLeft` etc.).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetPoint`, `SetAllPoints`, `ClearAllPoints`, `ClearPoint`, `AdjustPointsOffset` | [`set_point`], [`set_all_points`] |
//! | `GetPoint`, `GetPointByName`, `GetNumPoints` | [`get_point`] |
//! | `SetSize`, `SetWidth`, `SetHeight`, `GetSize`, `GetWidth`, `GetHeight` | [`size_of`] |
//! | `GetLeft`, `GetRight`, `GetTop`, `GetBottom`, `GetCenter`, `GetRect`, `GetScaledRect`, `IsRectValid` | [`install`] |
//! | `SetScale`, `GetScale`, `GetEffectiveScale`, `SetAlpha`, `GetEffectiveAlpha` | [`install`] |
//! | `EnableMouse`, `IsMouseEnabled`, `SetClampedToScreen`, `SetClampRectInsets`, `GetClampRectInsets` | [`install`] |
//! | OnSizeChanged (fired after layout changes, once per tick) | [`flush_size_changes`] |
pub use wowsim_ui::region::*;

use super::fast_call::Fast;
use super::fields::{fid, FieldVal};
use super::util::{
    arg, display_name, get_field, install_methods, num, obj_value, ret, self_id, set_field, string,
    truthy, with_ui, with_ui_mut, Method,
};
use super::{fire_script, obj_id, UiState};
use crate::widgets::host_methods::host_fn;
use mlua::{Lua, MultiValue, Value};
use wowsim_layout::{Anchor, AnchorPoint, NodeId, Rect};
use wowsim_lua::lua_error;
use wowsim_ui::arena::visible_in;

/// `AdjustPointsOffset`: moves every anchor of `id` by (dx, dy) in its own units.
pub(crate) fn adjust_points_offset(lua: &Lua, id: u32, dx: f32, dy: f32) {
    with_ui_mut(lua, |ui| {
        let Some(n) = node_of(ui, id) else { return };
        for mut an in ui.layout.anchors(n).to_vec() {
            an.x += dx;
            an.y += dy;
            let _ = ui.layout.set_point(n, an);
        }
    });
}

fn parse_point(lua: &Lua, ui_name: &str, v: &Value, relative: bool) -> mlua::Result<AnchorPoint> {
    parse_point_of(lua, v, relative, || ui_name.to_string())
}

/// Parses an anchor point argument; `who` names the region for the error only (no allocation
/// on the hot path: a Lua string is read in place).
fn parse_point_of(
    lua: &Lua,
    v: &Value,
    relative: bool,
    who: impl FnOnce() -> String,
) -> mlua::Result<AnchorPoint> {
    let found = match v {
        Value::String(s) => std::str::from_utf8(&s.as_bytes())
            .ok()
            .and_then(AnchorPoint::parse),
        other => string(other).as_deref().and_then(AnchorPoint::parse),
    };
    found.ok_or_else(|| {
        let s = string(v).unwrap_or_default();
        let what = if relative { "Unknown" } else { "Invalid" };
        let ui_name = who();
        lua_error(
            lua,
            format_args!("{ui_name}:SetPoint(): {what} region point {s}"),
        )
    })
}

/// Resolves a relative region argument: nil = `default`, a region table, or a global name.
pub(crate) fn relative_arg(lua: &Lua, id: u32, v: &Value, verb: &str) -> mlua::Result<Option<u32>> {
    match v {
        Value::Nil => Ok(with_ui(lua, |ui| ui.get(id).and_then(|o| o.parent))),
        Value::String(s) => {
            let name = s.to_string_lossy();
            let parent = with_ui(lua, |ui| ui.get(id).and_then(|o| o.parent));
            let full = super::frame::expand_parent_name(lua, &name, parent);
            let t: Value = lua.globals().raw_get(full.as_str())?;
            if t.is_nil() {
                let who = with_ui(lua, |ui| display_name(ui, id));
                return Err(lua_error(
                    lua,
                    format_args!("{who}:{verb}(): Couldn't find region named '{name}'"),
                ));
            }
            obj_id(lua, &t, verb).map(Some)
        }
        other => obj_id(lua, other, verb).map(Some),
    }
}

/// Applies an anchor; refused cycles raise the client's error.
fn apply(
    lua: &Lua,
    id: u32,
    verb: &str,
    f: impl FnOnce(&mut UiState, NodeId) -> Result<(), wowsim_layout::AnchorError>,
) -> mlua::Result<()> {
    let err = with_ui_mut(lua, |ui| apply_in(ui, id, verb, f));
    match err {
        Some(msg) => Err(lua_error(lua, msg)),
        None => Ok(()),
    }
}

/// `SetPoint(point, x, y)` with a valid point: `self`, the parent and the new anchor in one
/// borrow of the UI state. None when the arguments take the general path.
fn set_point_offset(lua: &Lua, this: &Value, args: &[Value; 5]) -> Option<mlua::Result<()>> {
    if !matches!(args[1], Value::Integer(_) | Value::Number(_)) {
        return None;
    }
    let Value::String(s) = &args[0] else {
        return None;
    };
    let point = parse_point_bytes(&s.as_bytes())?;
    let (x, y) = (num(&args[1]), num(&args[2]));
    let (x, y) = (x.unwrap_or(0.0) as f32, y.unwrap_or(0.0) as f32);
    let err = super::with_obj_mut(lua, this, "SetPoint", |ui, id| {
        set_point_offset_in(ui, id, point, x, y)
    });
    Some(match err {
        Ok(Some(msg)) => Err(lua_error(lua, msg)),
        Ok(None) => Ok(()),
        Err(e) => Err(e),
    })
}

/// The fast path of `SetPoint(point, x [, y])` (see `fast_call`): a refused anchor declines,
/// so the ordinary path raises its error.
fn set_point_fast(ui: &mut UiState, id: u32, a: &super::fast_call::Args) -> bool {
    let Some(x) = a.num(2) else { return false };
    let y = match a.num(3) {
        Some(y) => y,
        None if a.is_nil(3) => 0.0,
        None => return false,
    };
    let Some(point) = a.bytes(1).and_then(parse_point_bytes) else {
        return false;
    };
    // A refused anchor changes nothing (`Layout::set_point` checks before it links).
    set_point_offset_in(ui, id, point, x as f32, y as f32).is_none()
}

/// `SetPoint(point [, relativeTo|name, relativePoint, x, y])` and `SetPoint(point, x, y)`.
pub fn set_point(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let a = |i| arg(&args, i);
    set_point_typed(lua, &a(0), [a(1), a(2), a(3), a(4), a(5)])?;
    ret(lua, ())
}

/// [`set_point`] on the arguments after `self`: the method itself takes them as a typed tuple
/// (no argument or result lists), and reads the UI state in two borrows.
fn set_point_typed(lua: &Lua, this: &Value, args: [Value; 5]) -> mlua::Result<()> {
    if crate::protection::in_lockdown(lua)
        && !crate::protection::frame_allowed(lua, obj_id(lua, this, "SetPoint")?, "SetPoint")?
    {
        return Ok(());
    }
    if let Some(done) = set_point_offset(lua, this, &args) {
        return done;
    }
    let id = obj_id(lua, this, "SetPoint")?;
    let who = || with_ui(lua, |ui| display_name(ui, id));
    let [a1, a2, a3, a4, a5] = args;
    if a1.is_nil() {
        return Err(lua_error(
            lua,
            format_args!(
                "{}:SetPoint(): Usage: (\"point\" [, region or nil] [, \"relativePoint\"] [, offsetX, offsetY]",
                who()
            ),
        ));
    }
    let point = parse_point_of(lua, &a1, false, who)?;
    // `rel` None: the parent, read in the same borrow that sets the anchor.
    let (rel, relpoint, x, y) = if matches!(a2, Value::Integer(_) | Value::Number(_)) {
        (None, point, num(&a2), num(&a3))
    } else {
        let rel = match a2 {
            Value::Nil => None,
            _ => Some(relative_arg(lua, id, &a2, "SetPoint")?),
        };
        match a3 {
            Value::String(_) => {
                let rp = parse_point_of(lua, &a3, true, who)?;
                (rel, rp, num(&a4), num(&a5))
            }
            other => (rel, point, num(&other), num(&a4)),
        }
    };
    let (x, y) = (x.unwrap_or(0.0) as f32, y.unwrap_or(0.0) as f32);
    apply(lua, id, "SetPoint", |ui, n| {
        let rel = rel.unwrap_or_else(|| ui.get(id).and_then(|o| o.parent));
        let rel_node = rel.and_then(|r| node_of(ui, r));
        ui.layout
            .set_point(n, Anchor::with(point, rel_node, relpoint, x, y))
    })
}

/// `SetAllPoints([relativeTo|name|true])`: relativeTo defaults to the parent (the screen without one).
pub fn set_all_points(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &args, "SetAllPoints")?;
    if !crate::protection::frame_allowed(lua, id, "SetAllPoints")? {
        return Ok(MultiValue::new());
    }
    // `SetAllPoints(true)` (a common idiom, e.g. DetailsFramework) means the default: the parent.
    let rel = match arg(&args, 1) {
        Value::Boolean(_) => relative_arg(lua, id, &Value::Nil, "SetAllPoints")?,
        a => relative_arg(lua, id, &a, "SetAllPoints")?,
    };
    let rel_node = with_ui(lua, |ui| rel.and_then(|r| node_of(ui, r)));
    apply(lua, id, "SetAllPoints", |ui, n| {
        ui.layout.set_all_points(n, rel_node)
    })?;
    ret(lua, ())
}

/// `GetPoint(i)` / `GetPointByName(point)`: point, relativeTo, relativePoint, x, y.
pub(crate) fn get_point(
    lua: &Lua,
    id: u32,
    which: Result<usize, AnchorPoint>,
) -> mlua::Result<MultiValue> {
    let found = with_ui(lua, |ui| {
        let n = node_of(ui, id)?;
        let a = match which {
            Ok(i) => *ui.layout.anchors(n).get(i)?,
            Err(p) => ui.layout.anchor(n, p)?,
        };
        let rel = a.relative.map(|r| ui.node_owner[r.0 as usize]);
        Some((a, rel))
    });
    let Some((a, rel)) = found else {
        return ret(lua, ());
    };
    ret(
        lua,
        (
            a.point.as_str(),
            obj_value(lua, rel)?,
            a.relative_point.as_str(),
            a.x as f64,
            a.y as f64,
        ),
    )
}

/// Sets the explicit width and/or height (`Some(None)` clears one, `None` keeps it).
pub(crate) fn set_size_axes(lua: &Lua, id: u32, w: Option<Option<f64>>, h: Option<Option<f64>>) {
    with_ui_mut(lua, |ui| set_size_axes_in(ui, id, w, h))
}

/// The fast paths of `SetSize`, `SetWidth`, `SetHeight` and `SetAlpha` with number arguments
/// (see `fast_call`).
const SIZE_FAST: [(&str, Fast); 4] = [
    ("SetSize", |ui, id, a| match (a.num(1), a.num(2)) {
        (Some(w), Some(h)) => {
            set_size_axes_in(ui, id, Some(Some(w)), Some(Some(h)));
            true
        }
        _ => false,
    }),
    ("SetWidth", |ui, id, a| {
        a.num(1)
            .map(|w| set_size_axes_in(ui, id, Some(Some(w)), None))
            .is_some()
    }),
    ("SetHeight", |ui, id, a| {
        a.num(1)
            .map(|h| set_size_axes_in(ui, id, None, Some(Some(h))))
            .is_some()
    }),
    ("SetAlpha", |ui, id, a| {
        a.num(1)
            .map(|v| ui.set_field(id, fid::ALPHA, FieldVal::Num(v.clamp(0.0, 1.0))))
            .is_some()
    }),
];

/// The fast path of method `name` from [`SIZE_FAST`].
fn size_fast(name: &str) -> Fast {
    SIZE_FAST
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .expect("a fast setter")
}

fn rect_values(lua: &Lua, id: u32, scaled: bool) -> Option<(Rect, f32)> {
    with_ui_mut(lua, |ui| {
        let r = rect_of(ui, id)?;
        let s = if scaled {
            ui.layout.effective_scale(node_of(ui, id)?)
        } else {
            1.0
        };
        Some((r, s))
    })
}

fn edge(lua: &Lua, a: MultiValue, method: &str, f: fn(&Rect) -> f32) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, method)?;
    match rect_values(lua, id, false) {
        Some((r, _)) => ret(lua, f(&r) as f64),
        None => ret(lua, ()),
    }
}

/// Starts watching an object for OnSizeChanged.
pub(crate) fn watch_size(lua: &Lua, id: u32) {
    with_ui_mut(lua, |ui| {
        if let Err(pos) = ui.size_watch.binary_search(&id) {
            ui.size_watch.insert(pos, id);
        }
    })
}

/// Fires OnSizeChanged(width, height) on watched objects whose size changed since the last
/// call (or that got a size for the first time). The layout's change list says which rects
/// moved; unanchored regions are checked through their explicit size.
pub(crate) fn flush_size_changes(lua: &Lua) -> mlua::Result<()> {
    let due: Vec<(u32, f32, f32)> = with_ui_mut(lua, |ui| {
        super::font_string::flush_text(ui);
        if ui.size_watch.is_empty() {
            ui.layout.take_changes();
            return Vec::new();
        }
        let mut cand: Vec<u32> = ui
            .layout
            .take_changes()
            .iter()
            .filter(|c| c.size_changed())
            .map(|c| ui.node_owner[c.id.0 as usize])
            .filter(|id| ui.size_watch.binary_search(id).is_ok())
            .collect();
        for &id in &ui.size_watch {
            let unanchored = node_of(ui, id).is_none_or(|n| ui.layout.anchors(n).is_empty());
            if unanchored || ui.get(id).is_some_and(|o| o.reported_size.is_none()) {
                cand.push(id);
            }
        }
        cand.sort_unstable();
        cand.dedup();
        let mut out = Vec::new();
        for id in cand {
            let (w, h) = size_of(ui, id, false);
            let Some(o) = ui.get_mut(id) else { continue };
            let old = o.reported_size.replace((w, h));
            let first_zero = old.is_none() && w == 0.0 && h == 0.0;
            if old != Some((w, h)) && !first_zero {
                out.push((id, w, h));
            }
        }
        out
    });
    for (id, w, h) in due {
        fire_script(lua, id, "OnSizeChanged", (w as f64, h as f64))?;
    }
    Ok(())
}

/// The client's once-a-frame layout pass: resolves the rects of visible regions whose rect
/// changed (and what they are anchored to), so `IsRectValid` is true again on the next frame;
/// hidden regions, and shown ones under a hidden parent, keep their dirty bit. The hidden
/// ones are asked about again only after some object was shown, hidden or reparented
/// ([`UiState::take_visibility_change`]): an idle frame skips them.
pub(crate) fn heartbeat(lua: &Lua) {
    with_ui_mut(lua, |ui| {
        let recheck = ui.take_visibility_change();
        let UiState {
            layout,
            node_owner,
            objects,
            ..
        } = ui;
        let visible = |n: NodeId| {
            node_owner
                .get(n.0 as usize)
                .is_some_and(|&id| visible_in(objects, id))
        };
        layout.heartbeat(recheck, visible);
        // Debug builds check the skip: a write of `shown` or `parent` that bypassed the
        // generation would leave a visible region waiting here.
        #[cfg(debug_assertions)]
        if let Some(n) = layout.unseen_waiting().find(|&n| visible(n)) {
            panic!("heartbeat: visible region {n:?} left unresolved (a visibility change was not counted)");
        }
    });
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    // SetPoint is the hottest setter: a typed signature (see `set_point_typed`).
    let f = host_fn(
        lua,
        |lua, (this, a1, a2, a3, a4, a5): (Value, Value, Value, Value, Value, Value)| {
            set_point_typed(lua, &this, [a1, a2, a3, a4, a5])
        },
    )?;
    super::fast_call::add_method(lua, "Region", "SetPoint", f, set_point_fast)?;
    let methods: &[(&str, &str, Method)] = &[
        ("Region", "SetAllPoints", set_all_points),
        ("Region", "ClearAllPoints", region_clear_all_points),
        ("Region", "ClearPoint", region_clear_point),
        ("Region", "AdjustPointsOffset", region_adjust_points_offset),
        ("Region", "GetNumPoints", get_num_points),
        ("Region", "GetPoint", region_get_point),
        ("Region", "GetPointByName", get_point_by_name),
        ("Region", "GetSize", get_size),
        ("Region", "GetLeft", get_left),
        ("Region", "GetRight", get_right),
        ("Region", "GetTop", get_top),
        ("Region", "GetBottom", get_bottom),
        ("Region", "GetCenter", get_center),
        ("Region", "GetRect", get_rect),
        ("Region", "GetScaledRect", get_scaled_rect),
        ("Region", "IsRectValid", region_is_rect_valid),
        ("RegionBase", "SetScale", region_base_set_scale),
        ("Region", "GetEffectiveScale", get_effective_scale),
        ("Frame", "GetEffectiveAlpha", get_effective_alpha),
        ("Region", "EnableMouse", enable_mouse),
        ("Region", "IsMouseEnabled", is_mouse_enabled),
        ("Frame", "SetClampedToScreen", set_clamped_to_screen),
        ("Frame", "SetClampRectInsets", set_clamp_rect_insets),
        ("Frame", "GetClampRectInsets", get_clamp_rect_insets),
    ];
    install_methods(lua, methods)?;
    // Hot setters with typed signatures (no argument/result lists to build).
    let f = host_fn(lua, |lua, (this, w, h): (Value, Value, Value)| {
        let id = obj_id(lua, &this, "SetSize")?;
        if !crate::protection::frame_allowed(lua, id, "SetSize")? {
            return Ok(());
        }
        let (Some(w), Some(h)) = (num(&w), num(&h)) else {
            return Err(lua_error(lua, "Usage: SetSize(width, height)"));
        };
        set_size_axes(lua, id, Some(Some(w)), Some(Some(h)));
        Ok(())
    })?;
    super::fast_call::add_method(lua, "Region", "SetSize", f, size_fast("SetSize"))?;
    for (name, height) in [("SetWidth", false), ("SetHeight", true)] {
        let f = host_fn(lua, move |lua, (this, v): (Value, Value)| {
            let id = obj_id(lua, &this, name)?;
            if !crate::protection::frame_allowed(lua, id, name)? {
                return Ok(());
            }
            let usage = if height {
                "Usage: SetHeight(height)"
            } else {
                "Usage: SetWidth(width)"
            };
            let v = num(&v).ok_or_else(|| lua_error(lua, usage))?;
            if height {
                set_size_axes(lua, id, None, Some(Some(v)));
            } else {
                set_size_axes(lua, id, Some(Some(v)), None);
            }
            Ok(())
        })?;
        super::fast_call::add_method(lua, "Region", name, f, size_fast(name))?;
    }
    let f = host_fn(lua, |lua, (this, v): (Value, Value)| {
        let id = obj_id(lua, &this, "SetAlpha")?;
        let v = num(&v).ok_or_else(|| lua_error(lua, "Usage: SetAlpha(alpha)"))?;
        with_ui_mut(lua, |ui| {
            ui.set_field(id, fid::ALPHA, FieldVal::Num(v.clamp(0.0, 1.0)))
        });
        Ok(())
    })?;
    super::fast_call::add_method(lua, "RegionBase", "SetAlpha", f, size_fast("SetAlpha"))?;
    // Hot getters with typed signatures (no argument/result lists to build).
    let forms: [(&str, bool, Fast); 2] = [
        ("GetWidth", false, |ui, id, a| {
            a.push_num(size_of(ui, id, a.truthy(1)).0 as f64);
            true
        }),
        ("GetHeight", true, |ui, id, a| {
            a.push_num(size_of(ui, id, a.truthy(1)).1 as f64);
            true
        }),
    ];
    for (name, height, fast) in forms {
        let f = host_fn(lua, move |lua, (this, explicit): (Value, Value)| {
            let id = obj_id(lua, &this, name)?;
            let (w, h) = with_ui_mut(lua, |ui| size_of(ui, id, truthy(&explicit)));
            Ok(if height { h as f64 } else { w as f64 })
        })?;
        super::fast_call::add_method(lua, "Region", name, f, fast)?;
    }
    Ok(())
}

fn update_clamp(lua: &Lua, id: u32) {
    let on = get_field(lua, id, "isClampedToScreen") == FieldVal::Bool(true);
    let insets = ["clampLeft", "clampRight", "clampTop", "clampBottom"]
        .map(|f| get_field(lua, id, f).as_f64() as f32);
    with_ui_mut(lua, |ui| {
        if let Some(n) = node_of(ui, id) {
            ui.layout.set_clamped(n, on, insets);
        }
    });
}

/// `Region:ClearAllPoints`.
fn region_clear_all_points(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearAllPoints")?;
    if !crate::protection::frame_allowed(lua, id, "ClearAllPoints")? {
        return Ok(mlua::MultiValue::new());
    }
    with_ui_mut(lua, |ui| {
        node_of(ui, id).map(|n| ui.layout.clear_all_points(n))
    });
    ret(lua, ())
}

/// `Region:ClearPoint`.
fn region_clear_point(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "ClearPoint")?;
    let who = with_ui(lua, |ui| display_name(ui, id));
    let p = parse_point(lua, &who, &arg(&a, 1), false)?;
    with_ui_mut(lua, |ui| {
        node_of(ui, id).map(|n| ui.layout.clear_point(n, p))
    });
    ret(lua, ())
}

/// `Region:AdjustPointsOffset`.
fn region_adjust_points_offset(
    lua: &mlua::Lua,
    a: mlua::MultiValue,
) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "AdjustPointsOffset")?;
    let (dx, dy) = (
        num(&arg(&a, 1)).unwrap_or(0.0) as f32,
        num(&arg(&a, 2)).unwrap_or(0.0) as f32,
    );
    adjust_points_offset(lua, id, dx, dy);
    ret(lua, ())
}

/// `Region:GetNumPoints`.
fn get_num_points(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetNumPoints")?;
    ret(
        lua,
        with_ui(lua, |ui| {
            node_of(ui, id).map_or(0, |n| ui.layout.anchors(n).len() as i64)
        }),
    )
}

/// `Region:GetPoint`.
fn region_get_point(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetPoint")?;
    let i = num(&arg(&a, 1)).unwrap_or(1.0) as i64;
    if i < 1 {
        return ret(lua, ());
    }
    get_point(lua, id, Ok(i as usize - 1))
}

/// `Region:GetPointByName`.
fn get_point_by_name(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetPointByName")?;
    let who = with_ui(lua, |ui| display_name(ui, id));
    let p = parse_point(lua, &who, &arg(&a, 1), false)?;
    get_point(lua, id, Err(p))
}

/// `Region:GetSize`.
fn get_size(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetSize")?;
    let (w, h) = with_ui_mut(lua, |ui| size_of(ui, id, truthy(&arg(&a, 1))));
    ret(lua, (w as f64, h as f64))
}

/// `Region:GetLeft`.
fn get_left(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    edge(lua, a, "GetLeft", |r| r.left)
}

/// `Region:GetRight`.
fn get_right(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    edge(lua, a, "GetRight", |r| r.right())
}

/// `Region:GetTop`.
fn get_top(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    edge(lua, a, "GetTop", |r| r.top())
}

/// `Region:GetBottom`.
fn get_bottom(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    edge(lua, a, "GetBottom", |r| r.bottom)
}

/// `Region:GetCenter`.
fn get_center(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetCenter")?;
    match rect_values(lua, id, false) {
        Some((r, _)) => ret(lua, (r.center().0 as f64, r.center().1 as f64)),
        None => ret(lua, ()),
    }
}

/// `Region:GetRect`.
fn get_rect(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetRect")?;
    match rect_values(lua, id, false) {
        Some((r, _)) => ret(
            lua,
            (
                r.left as f64,
                r.bottom as f64,
                r.width as f64,
                r.height as f64,
            ),
        ),
        None => ret(lua, ()),
    }
}

/// `Region:GetScaledRect`.
fn get_scaled_rect(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetScaledRect")?;
    match rect_values(lua, id, true) {
        Some((r, s)) => {
            let r = r.scaled(s);
            ret(
                lua,
                (
                    r.left as f64,
                    r.bottom as f64,
                    r.width as f64,
                    r.height as f64,
                ),
            )
        }
        None => ret(lua, ()),
    }
}

/// `Region:IsRectValid`.
fn region_is_rect_valid(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsRectValid")?;
    ret(
        lua,
        with_ui_mut(lua, |ui| {
            super::font_string::flush_text(ui);
            node_of(ui, id).is_some_and(|n| ui.layout.is_rect_valid(n))
        }),
    )
}

/// `RegionBase:SetScale`.
fn region_base_set_scale(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetScale")?;
    if !crate::protection::frame_allowed(lua, id, "SetScale")? {
        return Ok(mlua::MultiValue::new());
    }
    let s = num(&arg(&a, 1)).ok_or_else(|| lua_error(lua, "Usage: SetScale(scale)"))?;
    if s <= 0.0 {
        let who = with_ui(lua, |ui| display_name(ui, id));
        return Err(lua_error(
            lua,
            format_args!("{who}:SetScale(): Scale must be > 0"),
        ));
    }
    set_field(lua, id, "scale", FieldVal::Num(s));
    with_ui_mut(lua, |ui| {
        node_of(ui, id).map(|n| ui.layout.set_scale(n, s as f32))
    });
    ret(lua, ())
}

/// `Region:GetEffectiveScale`.
fn get_effective_scale(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetEffectiveScale")?;
    ret(
        lua,
        with_ui(lua, |ui| {
            node_of(ui, id).map_or(1.0, |n| ui.layout.effective_scale(n)) as f64
        }),
    )
}

/// `Frame:GetEffectiveAlpha`.
fn get_effective_alpha(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetEffectiveAlpha")?;
    ret(lua, with_ui_mut(lua, |ui| effective_alpha(ui, id)))
}

/// `Region:EnableMouse`.
fn enable_mouse(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "EnableMouse")?;
    let on = FieldVal::Bool(truthy(&arg(&a, 1)));
    set_field(lua, id, "mouseClickEnabled", on.clone());
    set_field(lua, id, "mouseMotionEnabled", on);
    ret(lua, ())
}

/// `Region:IsMouseEnabled`.
fn is_mouse_enabled(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "IsMouseEnabled")?;
    let on = get_field(lua, id, "mouseClickEnabled") == FieldVal::Bool(true)
        || get_field(lua, id, "mouseMotionEnabled") == FieldVal::Bool(true);
    ret(lua, on)
}

/// `Frame:SetClampedToScreen`.
fn set_clamped_to_screen(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetClampedToScreen")?;
    let on = truthy(&arg(&a, 1));
    set_field(lua, id, "isClampedToScreen", FieldVal::Bool(on));
    update_clamp(lua, id);
    ret(lua, ())
}

/// `Frame:SetClampRectInsets`.
fn set_clamp_rect_insets(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetClampRectInsets")?;
    for (i, f) in ["clampLeft", "clampRight", "clampTop", "clampBottom"]
        .iter()
        .enumerate()
    {
        set_field(
            lua,
            id,
            f,
            FieldVal::Num(num(&arg(&a, i + 1)).unwrap_or(0.0)),
        );
    }
    update_clamp(lua, id);
    ret(lua, ())
}

/// `Frame:GetClampRectInsets`.
fn get_clamp_rect_insets(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetClampRectInsets")?;
    let v: Vec<f64> = ["clampLeft", "clampRight", "clampTop", "clampBottom"]
        .iter()
        .map(|f| get_field(lua, id, f).as_f64())
        .collect();
    ret(lua, (v[0], v[1], v[2], v[3]))
}
