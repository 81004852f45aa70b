//! Curves: `C_CurveUtil` and the methods of `LuaCurveObject` / `LuaColorCurveObject`.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_CurveUtil.CreateCurve`, `C_CurveUtil.CreateColorCurve` | [`install`] |
//! | `AddPoint`, `SetPoints`, `GetPoint`, `GetPoints`, `GetPointCount`, `RemovePoint`, `ClearPoints`, `SetToDefaults` | [`install`] |
//! | `SetType`, `GetType` (`Enum.LuaCurveType`) | [`install`] |
//! | `Evaluate`, `EvaluateUnpacked` | [`Curve::evaluate`] |
//! | a function's result documented as `LuaCurveEvaluatedResult` (`UnitHealthPercent(unit, p, curve)`, `UnitHealPredictionCalculator:EvaluateCurrentHealthPercent(curve)`) | [`evaluated_result`] |
//! | `Copy`, `HasSecretValues` | [`install`] |
//!
//! Points stay sorted by x; outside the first and last point the curve is flat. Linear, Step,
//! Cosine and Cubic (Catmull-Rom) interpolation follow `Enum.LuaCurveType`.

use super::lua_objects::{create, set_method, with_obj, ObjState};
use super::ui_color::{apply_mixin, color_value};
use mlua::{Lua, MultiValue, Table, Value};

const LINEAR: i64 = 0;
const STEP: i64 = 1;
const COSINE: i64 = 2;
const CUBIC: i64 = 3;

/// A curve: `dims` = 1 for numbers, 4 for colours.
#[derive(Clone, Debug, Default)]
pub struct Curve {
    pub ty: i64,
    pub points: Vec<(f64, [f64; 4])>,
}

impl Curve {
    fn add(&mut self, x: f64, y: [f64; 4]) {
        let at = self.points.partition_point(|(px, _)| *px <= x);
        self.points.insert(at, (x, y));
    }

    /// The value at `x`.
    pub fn evaluate(&self, x: f64) -> [f64; 4] {
        let p = &self.points;
        let (Some(first), Some(last)) = (p.first(), p.last()) else {
            return [0.0; 4];
        };
        if x <= first.0 {
            return first.1;
        }
        if x >= last.0 {
            return last.1;
        }
        let i = p.partition_point(|(px, _)| *px <= x) - 1;
        let (x0, y0) = p[i];
        let (x1, y1) = p[i + 1];
        let t = if x1 > x0 { (x - x0) / (x1 - x0) } else { 0.0 };
        let mut out = [0.0; 4];
        for (k, o) in out.iter_mut().enumerate() {
            *o = match self.ty {
                STEP => y0[k],
                COSINE => {
                    let s = (1.0 - (t * std::f64::consts::PI).cos()) / 2.0;
                    y0[k] + (y1[k] - y0[k]) * s
                }
                CUBIC => {
                    let before = if i > 0 { p[i - 1].1[k] } else { y0[k] };
                    let after = p.get(i + 2).map(|q| q.1[k]).unwrap_or(y1[k]);
                    catmull_rom(before, y0[k], y1[k], after, t)
                }
                _ => y0[k] + (y1[k] - y0[k]) * t,
            };
        }
        out
    }
}

fn catmull_rom(p0: f64, p1: f64, p2: f64, p3: f64, t: f64) -> f64 {
    let t2 = t * t;
    let t3 = t2 * t;
    0.5 * ((2.0 * p1)
        + (-p0 + p2) * t
        + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * t2
        + (-p0 + 3.0 * p1 - 3.0 * p2 + p3) * t3)
}

fn num(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Number(n) => Some(*n),
        Value::String(s) => s.to_str().ok()?.trim().parse().ok(),
        _ => None,
    }
}

/// The y of a point argument: a number, or a colour table (`r, g, b[, a]`).
fn y_of(v: &Value, color: bool) -> Option<[f64; 4]> {
    if color {
        let Value::Table(t) = v else { return None };
        let f = |k: &str| num(&t.raw_get::<Value>(k).unwrap_or(Value::Nil));
        Some([f("r")?, f("g")?, f("b")?, f("a").unwrap_or(1.0)])
    } else {
        num(v).map(|n| [n, 0.0, 0.0, 0.0])
    }
}

fn point_value(lua: &Lua, color: bool, (x, y): (f64, [f64; 4])) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("x", x)?;
    if color {
        t.raw_set("y", color_value(lua, y)?)?;
    } else {
        t.raw_set("y", y[0])?;
        apply_mixin(lua, &t, "Vector2DMixin")?;
    }
    Ok(t)
}

fn y_value(lua: &Lua, color: bool, y: [f64; 4]) -> mlua::Result<Value> {
    if color {
        Ok(Value::Table(color_value(lua, y)?))
    } else {
        Ok(Value::Number(y[0]))
    }
}

fn curve_of(lua: &Lua, this: &Value, method: &str) -> mlua::Result<Curve> {
    with_obj(lua, this, method, |o| match &o.state {
        ObjState::Curve(c) => c.clone(),
        ObjState::None => Curve::default(),
    })
}

fn update(lua: &Lua, this: &Value, method: &str, f: impl FnOnce(&mut Curve)) -> mlua::Result<()> {
    with_obj(lua, this, method, |o| {
        if let ObjState::Curve(c) = &mut o.state {
            f(c)
        }
    })
}

fn arg(a: &MultiValue, i: usize) -> Value {
    a.get(i).cloned().unwrap_or(Value::Nil)
}

/// A curve method: the arguments and whether the curve is a colour curve.
type CurveMethod = fn(&Lua, MultiValue, bool) -> mlua::Result<MultiValue>;

/// The methods of both curve types, in registration order (`EvaluateUnpacked` follows, for
/// colour curves only).
const METHODS: &[(&str, CurveMethod)] = &[
    ("AddPoint", add_point),
    ("SetPoints", set_points),
    ("ClearPoints", clear_points),
    ("SetToDefaults", set_to_defaults),
    ("RemovePoint", remove_point),
    ("GetPointCount", get_point_count),
    ("GetPoint", get_point),
    ("GetPoints", get_points),
    ("Evaluate", evaluate),
    ("SetType", set_type),
    ("GetType", get_type),
    ("HasSecretValues", has_secret_values),
    ("Copy", copy),
];

fn install_type(lua: &Lua, ty: &'static str, color: bool) -> mlua::Result<()> {
    let m = |name: &'static str, f: CurveMethod| {
        let func = lua.create_function(move |lua, a: MultiValue| f(lua, a, color))?;
        set_method(lua, ty, name, func)
    };
    for (name, f) in METHODS {
        m(name, *f)?;
    }
    if color {
        m("EvaluateUnpacked", evaluate_unpacked)?;
    }
    Ok(())
}

/// `AddPoint(x, y)`.
fn add_point(lua: &Lua, a: MultiValue, color: bool) -> mlua::Result<MultiValue> {
    let (x, y) = (num(&arg(&a, 1)), y_of(&arg(&a, 2), color));
    let (Some(x), Some(y)) = (x, y) else {
        return Err(wowsim_lua::lua_error(lua, "Usage: self:AddPoint(x, y)"));
    };
    update(lua, &arg(&a, 0), "AddPoint", |c| c.add(x, y))?;
    Ok(MultiValue::new())
}

/// `SetPoints(points)`.
fn set_points(lua: &Lua, a: MultiValue, color: bool) -> mlua::Result<MultiValue> {
    let mut pts = Vec::new();
    if let Value::Table(t) = arg(&a, 1) {
        for p in t.sequence_values::<Table>() {
            let p = p?;
            let x = num(&p.raw_get("x")?);
            if let (Some(x), Some(y)) = (x, y_of(&p.raw_get("y")?, color)) {
                pts.push((x, y));
            }
        }
    }
    update(lua, &arg(&a, 0), "SetPoints", |c| {
        c.points.clear();
        for (x, y) in pts {
            c.add(x, y);
        }
    })?;
    Ok(MultiValue::new())
}

/// `ClearPoints`.
fn clear_points(lua: &Lua, a: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    update(lua, &arg(&a, 0), "ClearPoints", |c| c.points.clear())?;
    Ok(MultiValue::new())
}

/// `SetToDefaults`.
fn set_to_defaults(lua: &Lua, a: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    update(lua, &arg(&a, 0), "SetToDefaults", |c| {
        c.points.clear();
        c.ty = LINEAR;
    })?;
    Ok(MultiValue::new())
}

/// `RemovePoint(index)`.
fn remove_point(lua: &Lua, a: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    let i = num(&arg(&a, 1)).unwrap_or(0.0) as usize;
    update(lua, &arg(&a, 0), "RemovePoint", |c| {
        if (1..=c.points.len()).contains(&i) {
            c.points.remove(i - 1);
        }
    })?;
    Ok(MultiValue::new())
}

/// `GetPointCount`.
fn get_point_count(lua: &Lua, a: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    let c = curve_of(lua, &arg(&a, 0), "GetPointCount")?;
    Ok(MultiValue::from_vec(vec![Value::Integer(
        c.points.len() as i64
    )]))
}

/// `GetPoint(index)`.
fn get_point(lua: &Lua, a: MultiValue, color: bool) -> mlua::Result<MultiValue> {
    let c = curve_of(lua, &arg(&a, 0), "GetPoint")?;
    let i = num(&arg(&a, 1)).unwrap_or(0.0) as usize;
    let v = match i.checked_sub(1).and_then(|i| c.points.get(i)) {
        Some(p) => Value::Table(point_value(lua, color, *p)?),
        None => Value::Nil,
    };
    Ok(MultiValue::from_vec(vec![v]))
}

/// `GetPoints`.
fn get_points(lua: &Lua, a: MultiValue, color: bool) -> mlua::Result<MultiValue> {
    let c = curve_of(lua, &arg(&a, 0), "GetPoints")?;
    let t = lua.create_table()?;
    for (i, p) in c.points.iter().enumerate() {
        t.raw_set(i + 1, point_value(lua, color, *p)?)?;
    }
    Ok(MultiValue::from_vec(vec![Value::Table(t)]))
}

/// `Evaluate(x)`.
fn evaluate(lua: &Lua, a: MultiValue, color: bool) -> mlua::Result<MultiValue> {
    let c = curve_of(lua, &arg(&a, 0), "Evaluate")?;
    let Some(x) = num(&arg(&a, 1)) else {
        return Err(wowsim_lua::lua_error(lua, "Usage: self:Evaluate(x)"));
    };
    Ok(MultiValue::from_vec(vec![y_value(
        lua,
        color,
        c.evaluate(x),
    )?]))
}

/// `SetType(type)`.
fn set_type(lua: &Lua, a: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    let Some(t) = num(&arg(&a, 1))
        .map(|t| t as i64)
        .filter(|t| (0..=CUBIC).contains(t))
    else {
        return Err(wowsim_lua::lua_error(lua, "Usage: self:SetType(type)"));
    };
    update(lua, &arg(&a, 0), "SetType", |c| c.ty = t)?;
    Ok(MultiValue::new())
}

/// `GetType`.
fn get_type(lua: &Lua, a: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    let c = curve_of(lua, &arg(&a, 0), "GetType")?;
    Ok(MultiValue::from_vec(vec![Value::Integer(c.ty)]))
}

/// `HasSecretValues`.
fn has_secret_values(_: &Lua, _: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    Ok(MultiValue::from_vec(vec![Value::Boolean(false)]))
}

/// `Copy`.
fn copy(lua: &Lua, a: MultiValue, color: bool) -> mlua::Result<MultiValue> {
    let c = curve_of(lua, &arg(&a, 0), "Copy")?;
    let ty = if color {
        "LuaColorCurveObject"
    } else {
        "LuaCurveObject"
    };
    Ok(MultiValue::from_vec(vec![create(
        lua,
        ty,
        ObjState::Curve(c),
    )?]))
}

/// `EvaluateUnpacked(x)` (colour curves).
fn evaluate_unpacked(lua: &Lua, a: MultiValue, _: bool) -> mlua::Result<MultiValue> {
    let c = curve_of(lua, &arg(&a, 0), "EvaluateUnpacked")?;
    let x = num(&arg(&a, 1)).unwrap_or(0.0);
    let y = c.evaluate(x);
    Ok(MultiValue::from_vec(
        y.iter().map(|v| Value::Number(*v)).collect(),
    ))
}

/// What a function that evaluates a curve answers (the UI's documentation types the result
/// `LuaCurveEvaluatedResult`: "If no curve is specified, a floating point percentage value.
/// Else, the result of evaluating the curve with the percentage as the input"): `curve`'s
/// value at `x` (a number for a `LuaCurveObject`, a colour for a `LuaColorCurveObject`), or
/// `x` itself when `curve` is no curve.
pub fn evaluated_result(lua: &Lua, curve: &Value, x: f64) -> mlua::Result<Value> {
    let color = match super::lua_objects::type_name_of(lua, curve).as_deref() {
        Some("LuaCurveObject") => false,
        Some("LuaColorCurveObject") => true,
        _ => return Ok(Value::Number(x)),
    };
    let c = curve_of(lua, curve, "Evaluate")?;
    y_value(lua, color, c.evaluate(x))
}

/// Installs `C_CurveUtil.CreateCurve`, `CreateColorCurve` and the curve methods.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    install_type(lua, "LuaCurveObject", false)?;
    install_type(lua, "LuaColorCurveObject", true)?;
    let ns: Table = match lua.globals().raw_get::<Value>("C_CurveUtil")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    ns.raw_set(
        "CreateCurve",
        lua.create_function(|lua, ()| {
            create(lua, "LuaCurveObject", ObjState::Curve(Curve::default()))
        })?,
    )?;
    ns.raw_set(
        "CreateColorCurve",
        lua.create_function(|lua, ()| {
            create(
                lua,
                "LuaColorCurveObject",
                ObjState::Curve(Curve::default()),
            )
        })?,
    )?;
    lua.globals().raw_set("C_CurveUtil", ns)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(ty: i64, pts: &[(f64, f64)], x: f64, expect: f64) {
        let mut c = Curve {
            ty,
            ..Curve::default()
        };
        for (px, py) in pts {
            c.add(*px, [*py, 0.0, 0.0, 0.0]);
        }
        let got = c.evaluate(x)[0];
        assert!(
            (got - expect).abs() < 1e-9,
            "{ty} {pts:?} {x}: {got} != {expect}"
        );
    }

    #[test]
    fn evaluate() {
        check(LINEAR, &[], 0.5, 0.0);
        check(LINEAR, &[(0.0, 0.0), (1.0, 100.0)], 0.25, 25.0);
        check(LINEAR, &[(1.0, 100.0), (0.0, 0.0)], 0.25, 25.0);
        check(LINEAR, &[(0.0, 0.0), (1.0, 100.0)], -1.0, 0.0);
        check(LINEAR, &[(0.0, 0.0), (1.0, 100.0)], 2.0, 100.0);
        check(STEP, &[(0.0, 1.0), (1.0, 5.0)], 0.9, 1.0);
        check(COSINE, &[(0.0, 0.0), (1.0, 2.0)], 0.5, 1.0);
        check(CUBIC, &[(0.0, 0.0), (1.0, 1.0)], 0.5, 0.5);
    }
}
