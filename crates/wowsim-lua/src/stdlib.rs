//! The client's additions to the Lua string and table libraries, implemented in Rust.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `strsplit`, `string.split` | [`strsplit`] |
//! | `strsplittable` | [`strsplittable`] |
//! | `strjoin`, `string.join` | [`strjoin`] |
//! | `strconcat`, `string.concat` | [`strconcat`] |
//! | `strtrim`, `string.trim` | [`strtrim`] |
//! | `strlenutf8` | [`strlenutf8`] |
//! | `strcmputf8i` | [`strcmputf8i`] |
//! | `table.wipe`, `wipe` | [`wipe`] |
//! | `table.count` | [`count`] |
//! | `table.removemulti` | [`removemulti`] |
//! | `table.create(arraySize [, nodeSize])` (a table with that room) | [`install`] |
//! | `table.freeze(t)`, `table.isfrozen(t)` | [`freeze`]: frozen tables are remembered (weakly); a new key in a frozen table without a metatable is refused (Lua 5.1 cannot stop writes to existing keys) |
//! | `fastrandom` | xorshift, seeded deterministically |
//! | `coroutine.create`, `coroutine.wrap` | [`checked_coroutine_function`]: Lua's, except that the client's C functions wow-sim writes in Lua (its own chunks, `=[wow-sim …]`) are C functions to addon code, refused as Lua refuses any C function |
//! | `string.format` | `wowsim_str_format` in `wowsim-lua-sys`'s `c/lformat.c`: the client's positions (`%2$s`), repeated flags, `%F`, `%d` of a non-number as 0 |
//!
//! The Lua-level pieces (`hooksecurefunc`, `securecall`, …) are in `clientlib.lua`.

use super::{lua_error, type_name};
use mlua::{Lua, MultiValue, Table, Value, Variadic};

#[allow(unsafe_code)]
extern "C-unwind" {
    /// The client's `string.format` (`wowsim-lua-sys`, `c/lformat.c`).
    fn wowsim_str_format(state: *mut mlua::ffi::lua_State) -> std::ffi::c_int;
}

/// Installs the functions of this module into the VM's globals and `string`/`table`.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let string: Table = g.get("string")?;
    let table: Table = g.get("table")?;

    // SAFETY: `wowsim_str_format` is a lua_CFunction of the library mlua links (its
    // arguments are checked with the auxiliary library; errors are Lua errors).
    #[allow(unsafe_code)]
    let format = unsafe { lua.create_c_function(wowsim_str_format)? };
    string.raw_set("format", format)?;
    let f = lua.create_function(strsplit)?;
    g.raw_set("strsplit", f.clone())?;
    string.raw_set("split", f)?;
    g.raw_set("strsplittable", lua.create_function(strsplittable)?)?;
    let f = lua.create_function(strjoin)?;
    g.raw_set("strjoin", f.clone())?;
    string.raw_set("join", f)?;
    let f = lua.create_function(strconcat)?;
    g.raw_set("strconcat", f.clone())?;
    string.raw_set("concat", f)?;
    let f = lua.create_function(strtrim)?;
    g.raw_set("strtrim", f.clone())?;
    string.raw_set("trim", f)?;
    g.raw_set("strlenutf8", lua.create_function(strlenutf8)?)?;
    g.raw_set("strcmputf8i", lua.create_function(strcmputf8i)?)?;
    let f = lua.create_function(wipe)?;
    table.raw_set("wipe", f)?;
    table.raw_set("count", lua.create_function(count)?)?;
    table.raw_set("removemulti", lua.create_function(removemulti)?)?;
    table.raw_set(
        "create",
        lua.create_function(|lua, (n, h): (Option<f64>, Option<f64>)| {
            let n = n.unwrap_or(0.0).clamp(0.0, 1e7) as usize;
            let h = h.unwrap_or(0.0).clamp(0.0, 1e7) as usize;
            lua.create_table_with_capacity(n, h)
        })?,
    )?;
    table.raw_set("freeze", lua.create_function(freeze)?)?;
    table.raw_set(
        "isfrozen",
        lua.create_function(|lua, v: Value| {
            let t = check_table(lua, v, "isfrozen")?;
            Ok(frozen_set(lua)?.raw_get::<bool>(t).unwrap_or(false))
        })?,
    )?;
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    g.raw_set(
        "fastrandom",
        lua.create_function_mut(move |lua, (lo, hi): (Option<f64>, Option<f64>)| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let r = (seed >> 11) as f64 / (1u64 << 53) as f64;
            match (lo, hi) {
                (None, _) => Ok(r),
                (Some(m), None) => Ok(1.0 + (r * m).floor()),
                (Some(l), Some(h)) if h >= l => Ok(l + (r * (h - l + 1.0)).floor()),
                _ => Err(lua_error(
                    lua,
                    "bad argument #2 to 'fastrandom' (interval is empty)",
                )),
            }
        })?,
    )?;
    Ok(())
}

/// luaL_checklstring: strings, and numbers converted to strings.
fn check_string(lua: &Lua, v: &Value, arg: usize, func: &str) -> mlua::Result<Vec<u8>> {
    match v {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        Value::Integer(i) => Ok(i.to_string().into_bytes()),
        Value::Number(n) => Ok(lua_number_string(*n).into_bytes()),
        other => Err(lua_error(
            lua,
            format_args!(
                "bad argument #{arg} to '{func}' (string expected, got {})",
                if matches!(other, Value::Nil) && arg > 0 {
                    "nil"
                } else {
                    type_name(other)
                }
            ),
        )),
    }
}

/// Formats a number as Lua 5.1's `tostring` does (`%.14g`).
pub fn lua_number_string(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        return format!("{}", n as i64);
    }
    if n.is_nan() {
        return if n.is_sign_negative() {
            "-nan".into()
        } else {
            "nan".into()
        };
    }
    if n.is_infinite() {
        return if n > 0.0 { "inf".into() } else { "-inf".into() };
    }
    // %.14g
    let exp = n.abs().log10().floor() as i32;
    if !(-5..14).contains(&exp) {
        let s = format!("{:.13e}", n);
        let (mant, e) = s.split_once('e').unwrap_or((&s, "0"));
        let mant = trim_zeros(mant);
        let e: i32 = e.parse().unwrap_or(0);
        return format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    }
    let decimals = (13 - exp).max(0) as usize;
    trim_zeros(&format!("{:.*}", decimals, n)).to_string()
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

fn arg(args: &MultiValue, i: usize) -> Value {
    args.get(i).cloned().unwrap_or(Value::Nil)
}

fn split_pieces(delims: &[u8], subject: &[u8], limit: Option<usize>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in subject.iter().enumerate() {
        if limit.is_some_and(|l| out.len() + 1 >= l) {
            break;
        }
        if delims.contains(b) {
            out.push(subject[start..i].to_vec());
            start = i + 1;
        }
    }
    out.push(subject[start..].to_vec());
    out
}

fn split_args(lua: &Lua, args: &MultiValue, func: &str) -> mlua::Result<Vec<Vec<u8>>> {
    let delims = check_string(lua, &arg(args, 0), 1, func)?;
    let subject = check_string(lua, &arg(args, 1), 2, func)?;
    let limit = match arg(args, 2) {
        Value::Nil => None,
        Value::Integer(i) if i > 0 => Some(i as usize),
        Value::Number(n) if n >= 1.0 => Some(n as usize),
        Value::Integer(_) | Value::Number(_) => None,
        other => {
            return Err(lua_error(
                lua,
                format_args!(
                    "bad argument #3 to '{func}' (number expected, got {})",
                    type_name(&other)
                ),
            ))
        }
    };
    // The client's strsplit reads both strings as C strings: each ends at its first NUL byte.
    Ok(split_pieces(c_str(&delims), c_str(&subject), limit))
}

/// `s` up to its first NUL byte (what a C function reading a C string sees).
fn c_str(s: &[u8]) -> &[u8] {
    s.iter().position(|b| *b == 0).map_or(s, |end| &s[..end])
}

/// `strsplit(delimiters, subject [, pieces])`: each byte of `delimiters` separates pieces.
pub(crate) fn strsplit(lua: &Lua, args: MultiValue) -> mlua::Result<MultiValue> {
    let pieces = split_args(lua, &args, "strsplit")?;
    let mut out = MultiValue::with_capacity(pieces.len());
    for p in pieces {
        out.push_back(Value::String(lua.create_string(p)?));
    }
    Ok(out)
}

/// `strsplittable(delimiters, subject [, pieces])`: like `strsplit`, into a new table.
pub(crate) fn strsplittable(lua: &Lua, args: MultiValue) -> mlua::Result<Table> {
    let pieces = split_args(lua, &args, "strsplittable")?;
    let t = lua.create_table_with_capacity(pieces.len(), 0)?;
    for (i, p) in pieces.into_iter().enumerate() {
        t.raw_set(i + 1, lua.create_string(p)?)?;
    }
    Ok(t)
}

/// `strjoin(sep, ...)`.
pub(crate) fn strjoin(lua: &Lua, args: MultiValue) -> mlua::Result<mlua::LuaString> {
    let sep = check_string(lua, &arg(&args, 0), 1, "strjoin")?;
    let mut out = Vec::new();
    for (i, v) in args.iter().enumerate().skip(1) {
        if i > 1 {
            out.extend_from_slice(&sep);
        }
        out.extend(check_string(lua, v, i + 1, "strjoin")?);
    }
    lua.create_string(out)
}

/// `strconcat(...)`.
pub(crate) fn strconcat(lua: &Lua, args: MultiValue) -> mlua::Result<mlua::LuaString> {
    let mut out = Vec::new();
    for (i, v) in args.iter().enumerate() {
        out.extend(check_string(lua, v, i + 1, "strconcat")?);
    }
    lua.create_string(out)
}

/// `strtrim(s [, chars])`: strips whitespace (space, tab, CR, LF) or the given characters.
pub(crate) fn strtrim(lua: &Lua, args: MultiValue) -> mlua::Result<mlua::LuaString> {
    let s = check_string(lua, &arg(&args, 0), 1, "strtrim")?;
    let chars = match arg(&args, 1) {
        Value::Nil => b" \t\r\n".to_vec(),
        v => check_string(lua, &v, 2, "strtrim")?,
    };
    let start = s.iter().position(|b| !chars.contains(b)).unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|b| !chars.contains(b))
        .map_or(start, |e| e + 1);
    lua.create_string(&s[start..end.max(start)])
}

/// `strlenutf8(s)`: the number of UTF-8 characters (continuation bytes are not counted).
pub(crate) fn strlenutf8(lua: &Lua, v: Value) -> mlua::Result<i64> {
    let s = check_string(lua, &v, 1, "strlenutf8")?;
    Ok(s.iter().filter(|b| (**b & 0xC0) != 0x80).count() as i64)
}

/// `strcmputf8i(a, b)`: case-insensitive comparison; negative, zero or positive.
pub(crate) fn strcmputf8i(lua: &Lua, (a, b): (Value, Value)) -> mlua::Result<i64> {
    let a = String::from_utf8_lossy(&check_string(lua, &a, 1, "strcmputf8i")?).to_lowercase();
    let b = String::from_utf8_lossy(&check_string(lua, &b, 2, "strcmputf8i")?).to_lowercase();
    Ok(match a.cmp(&b) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    })
}

fn check_table(lua: &Lua, v: Value, func: &str) -> mlua::Result<Table> {
    match v {
        Value::Table(t) => Ok(t),
        other => Err(lua_error(
            lua,
            format_args!(
                "bad argument #1 to '{func}' (table expected, got {})",
                type_name(&other)
            ),
        )),
    }
}

/// The frozen tables (weak keys), in the registry.
fn frozen_set(lua: &Lua) -> mlua::Result<Table> {
    if let Ok(t) = lua.named_registry_value::<Table>("wowsim.frozen") {
        return Ok(t);
    }
    let t = lua.create_table()?;
    let mt = lua.create_table()?;
    mt.raw_set("__mode", "k")?;
    t.set_metatable(Some(mt))?;
    lua.set_named_registry_value("wowsim.frozen", t.clone())?;
    Ok(t)
}

/// `table.freeze(t)`: remembers `t` as frozen and, when it has no metatable, gives it one
/// whose `__newindex` refuses new keys. Returns `t`.
pub(crate) fn freeze(lua: &Lua, v: Value) -> mlua::Result<Table> {
    let t = check_table(lua, v, "freeze")?;
    frozen_set(lua)?.raw_set(t.clone(), true)?;
    if t.metatable().is_none() {
        let mt = lua.create_table()?;
        mt.raw_set(
            "__newindex",
            lua.create_function(|lua, _: MultiValue| -> mlua::Result<()> {
                Err(lua_error(lua, "attempt to modify a frozen table"))
            })?,
        )?;
        mt.raw_set("__metatable", false)?;
        t.set_metatable(Some(mt))?;
    }
    Ok(t)
}

/// `table.wipe(t)`: removes every key; returns `t`.
pub(crate) fn wipe(lua: &Lua, v: Value) -> mlua::Result<Table> {
    let t = check_table(lua, v, "wipe")?;
    t.clear()?;
    Ok(t)
}

/// `table.count(t)`: the number of key/value pairs, of those whose key is a positive whole
/// number, and the largest such key. Nothing for a value that is not a table; nil (or no
/// argument) raises the client's usage message.
pub fn count(_: &Lua, v: Value) -> mlua::Result<mlua::MultiValue> {
    let t = match v {
        Value::Table(t) => t,
        Value::Nil => {
            return Err(mlua::Error::RuntimeError(
                "bad argument #1 to '?' (Usage: local numTableNodes, numArrayNodes, \
                 maxArrayIndex = table.count(table))"
                    .into(),
            ))
        }
        _ => return Ok(mlua::MultiValue::new()),
    };
    let (mut nodes, mut array, mut max) = (0i64, 0i64, 0f64);
    t.for_each(|k: Value, _: Value| {
        nodes += 1;
        let key = match k {
            Value::Integer(i) => i as f64,
            Value::Number(n) => n,
            _ => return Ok(()),
        };
        if key >= 1.0 && key.fract() == 0.0 {
            array += 1;
            max = max.max(key);
        }
        Ok(())
    })?;
    Ok(mlua::MultiValue::from_vec(vec![
        Value::Integer(nodes),
        Value::Integer(array),
        Value::Number(max),
    ]))
}

/// `table.removemulti(t, pos, count)`: removes `count` array entries starting at `pos`.
pub(crate) fn removemulti(
    lua: &Lua,
    (t, pos, n): (Value, Option<i64>, Option<i64>),
) -> mlua::Result<Variadic<Value>> {
    let t = check_table(lua, t, "removemulti")?;
    let len = t.raw_len() as i64;
    let pos = pos.unwrap_or(len);
    let n = n.unwrap_or(1).max(0);
    if n == 0 || pos < 1 || pos > len {
        return Ok(Variadic::new());
    }
    let n = n.min(len - pos + 1);
    let mut removed = Variadic::new();
    for i in pos..pos + n {
        removed.push(t.raw_get(i)?);
    }
    for i in pos..=len {
        let v: Value = if i + n <= len {
            t.raw_get(i + n)?
        } else {
            Value::Nil
        };
        t.raw_set(i, v)?;
    }
    Ok(removed)
}

/// Replaces `coroutine.create` for addon code (after the bootstrap took the library's for
/// wow-sim's own coroutines): see [`checked_coroutine_function`].
pub(crate) fn install_coroutine_create(lua: &Lua) -> mlua::Result<()> {
    let co: Table = lua.globals().get("coroutine")?;
    co.raw_set(
        "create",
        lua.create_function(|lua, f: Value| {
            let f = checked_coroutine_function(lua, f, "create", 1)?;
            lua.create_thread(f)
        })?,
    )
}

/// `natives.wrapcreate(f)`: the coroutine of bootstrap.lua's `coroutine.wrap`, made from a
/// function [`checked_coroutine_function`] accepts.
pub(crate) fn wrap_create(lua: &Lua) -> mlua::Result<mlua::Function> {
    lua.create_function(|lua, f: Value| {
        // The caller of `coroutine.wrap` (bootstrap.lua's) is two frames up.
        let f = checked_coroutine_function(lua, f, "wrap", 2)?;
        lua.create_thread(f)
    })
}

/// The function argument of `coroutine.create` (and of `coroutine.wrap`, named `func`, whose
/// caller is `level` frames up): a Lua function of addon code. The client's C functions are
/// refused with Lua's message, and so are the ones wow-sim writes in Lua (the chunks named
/// `=[wow-sim …]`: C functions in the client, so `pcall(coroutine.create, f)` tells them from
/// Lua functions as it does there). The built-in base's functions stand for Blizzard's Lua and
/// stay Lua functions.
pub(crate) fn checked_coroutine_function(
    lua: &Lua,
    f: Value,
    func: &str,
    level: usize,
) -> mlua::Result<mlua::Function> {
    if let Value::Function(f) = f {
        let info = f.info();
        let internal = info
            .source
            .as_deref()
            .is_some_and(|s| crate::sandbox::is_internal_source(s.as_bytes()));
        // wow-sim's own code (the spec runner) makes coroutines of its own functions.
        if info.what != "C" && (!internal || caller_is_internal(lua, level)) {
            return Ok(f);
        }
    }
    Err(mlua::Error::RuntimeError(format!(
        "{}bad argument #1 to '{func}' (Lua function expected)",
        super::caller_position(lua, level)
    )))
}

/// Whether the Lua function `level` frames up (1: the caller of the running host function)
/// is one of wow-sim's own chunks.
fn caller_is_internal(lua: &Lua, level: usize) -> bool {
    lua.inspect_stack(level, |d| {
        d.source()
            .source
            .is_some_and(|s| crate::sandbox::is_internal_source(s.as_bytes()))
    })
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_split(delims: &str, s: &str, limit: Option<usize>, expect: &[&str]) {
        let got: Vec<String> = split_pieces(delims.as_bytes(), s.as_bytes(), limit)
            .into_iter()
            .map(|p| String::from_utf8(p).unwrap())
            .collect();
        assert_eq!(got, expect, "strsplit({delims:?}, {s:?}, {limit:?})");
    }

    #[test]
    fn split() {
        check_split(",", "a,b,,c", None, &["a", "b", "", "c"]);
        check_split(", ", "a, b", None, &["a", "", "b"]);
        check_split(",", "a,b,c", Some(2), &["a", "b,c"]);
        check_split(",", "", None, &[""]);
        check_split(":", "abc", None, &["abc"]);
    }

    #[test]
    fn number_strings() {
        for (n, s) in [
            (1.0, "1"),
            (0.1, "0.1"),
            (-2.5, "-2.5"),
            (1e20, "1e+20"),
            (1.0 / 3.0, "0.33333333333333"),
        ] {
            assert_eq!(lua_number_string(n), s);
        }
    }
}
