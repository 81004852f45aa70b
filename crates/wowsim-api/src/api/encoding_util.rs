//! `C_EncodingUtil` Base64: `EncodeBase64(source [, variant])`, `DecodeBase64(source [,
//! variant])`, variant 0 (standard alphabet, `+/`) or 1 (URL-safe, `-_`), both padded with
//! `=`. A source is a string or a number (its text); text that is not Base64 of the variant
//! (a bad character, a length that is not a multiple of four) decodes to the empty string.
//! Bad arguments raise the client's message, which names the function `?`.
//!
//! `DeserializeJSON(source)`: JSON text to Lua values (objects are tables with string keys,
//! arrays tables from index 1, `null` is nil and leaves a hole in an array); text that is not
//! JSON answers nil (the documented return is nilable).
//!
//! `SerializeJSON(value [, options])`: Lua values to JSON text. nil is `null`; a table whose keys
//! are exactly 1 … n is an array, any other table an object (number keys as their text), the
//! empty table `[]` (our choice: the documentation does not say); integral numbers print without
//! a fraction. A value JSON cannot hold (a function, userdata, thread, NaN or an infinity, a key
//! that is neither string nor number, a table inside itself) is an error, or `null` (a bad key:
//! left out) when `options.ignoreSerializationErrors` is true, as the documentation says.

use mlua::{Lua, Table, Value};

const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in Base64 with `alphabet`, padded.
pub fn encode(bytes: &[u8], alphabet: &[u8; 64]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(alphabet[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes of padded Base64 text in `alphabet`; `None` when the text is not that.
pub fn decode(text: &[u8], alphabet: &[u8; 64]) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(4) {
        return None;
    }
    let value = |c: u8| alphabet.iter().position(|a| *a == c).map(|p| p as u32);
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let quads = text.len() / 4;
    for (qi, q) in text.chunks(4).enumerate() {
        let pad = q.iter().rev().take_while(|c| **c == b'=').count();
        if pad > 2 || (pad > 0 && qi + 1 != quads) {
            return None;
        }
        let mut n = 0u32;
        for &c in &q[..4 - pad] {
            n = (n << 6) | value(c)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Some(out)
}

fn usage(n: usize, name: &str) -> mlua::Error {
    mlua::Error::RuntimeError(format!(
        "bad argument #{n} to '?' (Usage: local output = C_EncodingUtil.{name}(source [, variant]))"
    ))
}

/// The source text and alphabet of a call's arguments.
fn args(source: &Value, variant: &Value, name: &str) -> mlua::Result<(Vec<u8>, &'static [u8; 64])> {
    let text = match source {
        Value::String(s) => s.as_bytes().to_vec(),
        Value::Integer(i) => i.to_string().into_bytes(),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => {
            (*n as i64).to_string().into_bytes()
        }
        Value::Number(n) => n.to_string().into_bytes(),
        _ => return Err(usage(1, name)),
    };
    let v = match variant {
        Value::Nil => Some(0.0),
        Value::Integer(i) => Some(*i as f64),
        Value::Number(n) => Some(*n),
        Value::String(s) => s.to_str().ok().and_then(|s| s.trim().parse::<f64>().ok()),
        _ => None,
    };
    match v {
        Some(0.0) => Ok((text, STANDARD)),
        Some(1.0) => Ok((text, URL)),
        _ => Err(usage(2, name)),
    }
}

/// Installs both functions into `C_EncodingUtil`.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let ns: Table = match lua.globals().raw_get::<Value>("C_EncodingUtil")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    let enc = lua.create_function(|lua, (s, v): (Value, Value)| {
        let (text, alphabet) = args(&s, &v, "EncodeBase64")?;
        lua.create_string(encode(&text, alphabet))
    })?;
    ns.raw_set("EncodeBase64", enc)?;
    let dec = lua.create_function(|lua, (s, v): (Value, Value)| {
        let (text, alphabet) = args(&s, &v, "DecodeBase64")?;
        lua.create_string(decode(&text, alphabet).unwrap_or_default())
    })?;
    ns.raw_set("DecodeBase64", dec)?;
    let json = lua.create_function(|lua, source: Value| {
        let text = match &source {
            Value::String(s) => s.as_bytes().to_vec(),
            Value::Integer(_) | Value::Number(_) => source.to_string()?.into_bytes(),
            _ => {
                return Err(wowsim_lua::lua_error(
                    lua,
                    "Usage: C_EncodingUtil.DeserializeJSON(source)",
                ))
            }
        };
        match serde_json::from_slice::<serde_json::Value>(&text) {
            Ok(v) => json_value(lua, &v),
            Err(_) => Ok(Value::Nil),
        }
    })?;
    ns.raw_set("DeserializeJSON", json)?;
    let ser = lua.create_function(|lua, (value, options): (Value, Value)| {
        let ignore = match &options {
            Value::Table(t) => {
                t.raw_get::<Value>("ignoreSerializationErrors")?
                    .as_boolean()
                    == Some(true)
            }
            Value::Nil => false,
            _ => {
                return Err(wowsim_lua::lua_error(
                    lua,
                    "Usage: C_EncodingUtil.SerializeJSON(value [, options])",
                ))
            }
        };
        let mut seen = Vec::new();
        match to_json(&value, ignore, &mut seen) {
            Ok(v) => lua.create_string(v.to_string()),
            Err(what) => Err(wowsim_lua::lua_error(
                lua,
                format!("C_EncodingUtil.SerializeJSON: cannot serialize {what}"),
            )),
        }
    })?;
    ns.raw_set("SerializeJSON", ser)?;
    lua.globals().raw_set("C_EncodingUtil", ns)
}

/// A Lua value as JSON; `Err` names what JSON cannot hold (with `ignore`, that is `null`).
fn to_json(
    v: &Value,
    ignore: bool,
    seen: &mut Vec<*const std::ffi::c_void>,
) -> Result<serde_json::Value, String> {
    use serde_json::Value as J;
    let bad = |what: String| if ignore { Ok(J::Null) } else { Err(what) };
    Ok(match v {
        Value::Nil => J::Null,
        Value::Boolean(b) => J::Bool(*b),
        Value::Integer(i) => J::from(*i),
        Value::Number(n) if !n.is_finite() => return bad(format!("the number {n}")),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 => {
            J::from(*n as i64)
        }
        Value::Number(n) => J::from(*n),
        Value::String(s) => J::String(s.to_string_lossy().to_string()),
        Value::Table(t) => {
            let id = t.to_pointer();
            if seen.contains(&id) {
                return bad("a table that contains itself".to_string());
            }
            seen.push(id);
            let out = table_json(t, ignore, seen);
            seen.pop();
            out?
        }
        other => return bad(format!("a {} value", other.type_name())),
    })
}

/// A table as a JSON array (keys exactly 1 … n) or object.
fn table_json(
    t: &Table,
    ignore: bool,
    seen: &mut Vec<*const std::ffi::c_void>,
) -> Result<serde_json::Value, String> {
    let pairs: Vec<(Value, Value)> = t.pairs::<Value, Value>().filter_map(Result::ok).collect();
    let n = pairs.len();
    let index = |k: &Value| match k {
        Value::Integer(i) => Some(*i),
        Value::Number(f) if f.fract() == 0.0 => Some(*f as i64),
        _ => None,
    };
    if pairs
        .iter()
        .all(|(k, _)| index(k).is_some_and(|i| i >= 1 && i as usize <= n))
    {
        let mut items = vec![serde_json::Value::Null; n];
        for (k, v) in &pairs {
            items[index(k).unwrap_or(1) as usize - 1] = to_json(v, ignore, seen)?;
        }
        return Ok(serde_json::Value::Array(items));
    }
    let mut map = serde_json::Map::new();
    for (k, v) in &pairs {
        let key = match k {
            Value::String(s) => s.to_string_lossy().to_string(),
            Value::Integer(i) => i.to_string(),
            Value::Number(f) => match index(k) {
                Some(i) => i.to_string(),
                None => f.to_string(),
            },
            _ if ignore => continue,
            other => return Err(format!("a table with a {} key", other.type_name())),
        };
        map.insert(key, to_json(v, ignore, seen)?);
    }
    Ok(serde_json::Value::Object(map))
}

/// A parsed JSON value as the client hands it to Lua.
fn json_value(lua: &Lua, v: &serde_json::Value) -> mlua::Result<Value> {
    use serde_json::Value as J;
    Ok(match v {
        J::Null => Value::Nil,
        J::Bool(b) => Value::Boolean(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Number(n.as_f64().unwrap_or(0.0)),
        },
        J::String(s) => Value::String(lua.create_string(s)?),
        J::Array(items) => {
            let t = lua.create_table()?;
            for (i, item) in items.iter().enumerate() {
                t.raw_set(i + 1, json_value(lua, item)?)?;
            }
            Value::Table(t)
        }
        J::Object(map) => {
            let t = lua.create_table()?;
            for (k, item) in map {
                t.raw_set(k.as_str(), json_value(lua, item)?)?;
            }
            Value::Table(t)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_rejects() {
        let all: Vec<u8> = (0..=255).collect();
        for a in [STANDARD, URL] {
            assert_eq!(
                decode(encode(&all, a).as_bytes(), a).as_deref(),
                Some(&all[..])
            );
        }
        assert_eq!(encode(b"fo", STANDARD), "Zm8=");
        assert_eq!(decode(b"Zg", URL), None);
        assert_eq!(decode(b"!!!!", STANDARD), None);
        assert_eq!(decode(b"Zg==Zg==", STANDARD), None);
    }
}
