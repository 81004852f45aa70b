//! The client's `bit` library (32-bit operations, unsigned results), which Lua 5.1 lacks.
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `bit.band(a, ...)`, `bit.bor`, `bit.bxor` | bitwise and/or/xor over all arguments |
//! | `bit.bnot(a)` | 32-bit complement |
//! | `bit.lshift(a, n)`, `bit.rshift(a, n)` | logical shifts |
//! | `bit.arshift(a, n)` | arithmetic shift right |
//! | `bit.mod(a, b)` | integer remainder |

use super::{lua_error, type_name};
use mlua::{Lua, Value, Variadic};

/// Installs the `bit` table.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let bit = lua.create_table()?;
    bit.set(
        "band",
        lua.create_function(|l, a: Variadic<Value>| fold(l, "band", a, u32::MAX, |x, y| x & y))?,
    )?;
    bit.set(
        "bor",
        lua.create_function(|l, a: Variadic<Value>| fold(l, "bor", a, 0, |x, y| x | y))?,
    )?;
    bit.set(
        "bxor",
        lua.create_function(|l, a: Variadic<Value>| fold(l, "bxor", a, 0, |x, y| x ^ y))?,
    )?;
    bit.set(
        "bnot",
        lua.create_function(|l, a: Value| Ok(!to_u32(l, "bnot", 1, &a)? as f64))?,
    )?;
    bit.set(
        "lshift",
        lua.create_function(|l, (a, n): (Value, Value)| {
            let (a, n) = (to_u32(l, "lshift", 1, &a)?, to_u32(l, "lshift", 2, &n)?);
            Ok(if n >= 32 { 0.0 } else { (a << n) as f64 })
        })?,
    )?;
    bit.set(
        "rshift",
        lua.create_function(|l, (a, n): (Value, Value)| {
            let (a, n) = (to_u32(l, "rshift", 1, &a)?, to_u32(l, "rshift", 2, &n)?);
            Ok(if n >= 32 { 0.0 } else { (a >> n) as f64 })
        })?,
    )?;
    bit.set(
        "arshift",
        lua.create_function(|l, (a, n): (Value, Value)| {
            let (a, n) = (
                to_u32(l, "arshift", 1, &a)? as i32,
                to_u32(l, "arshift", 2, &n)?,
            );
            Ok((a >> n.min(31)) as u32 as f64)
        })?,
    )?;
    bit.set(
        "mod",
        lua.create_function(|l, (a, b): (Value, Value)| {
            let (a, b) = (to_u32(l, "mod", 1, &a)?, to_u32(l, "mod", 2, &b)?);
            if b == 0 {
                return Err(lua_error(l, "bad argument #2 to 'mod' (division by zero)"));
            }
            Ok((a % b) as f64)
        })?,
    )?;
    lua.globals().raw_set("bit", bit)
}

fn fold(
    lua: &Lua,
    name: &str,
    args: Variadic<Value>,
    init: u32,
    op: fn(u32, u32) -> u32,
) -> mlua::Result<f64> {
    let mut acc = init;
    for (i, v) in args.iter().enumerate() {
        acc = op(acc, to_u32(lua, name, i + 1, v)?);
    }
    Ok(acc as f64)
}

/// Lua number → 32-bit pattern (values wrap modulo 2^32, negatives as two's complement).
fn to_u32(lua: &Lua, name: &str, arg: usize, v: &Value) -> mlua::Result<u32> {
    let n = match v {
        Value::Integer(i) => *i as f64,
        Value::Number(n) => *n,
        Value::String(s) => s
            .to_str()
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .unwrap_or(f64::NAN),
        other => {
            return Err(lua_error(
                lua,
                format_args!(
                    "bad argument #{arg} to '{name}' (number expected, got {})",
                    type_name(other)
                ),
            ))
        }
    };
    if !n.is_finite() {
        return Err(lua_error(
            lua,
            format_args!("bad argument #{arg} to '{name}' (number expected, got string)"),
        ));
    }
    Ok((n.trunc() as i64) as u32)
}
