//! The last layer of the sandbox, applied after the standard library and the WoW additions:
//! functions the client does not have and that would reach past its API (`string.dump` makes
//! bytecode), and a `setfenv` that cannot re-target wow-sim's own chunks or the thread's
//! globals. What was removed earlier (io, os, debug, package, load…) is listed in `mod.rs`;
//! `tests/sandbox.rs` tries every known way out.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `setfenv(f or level, table)` | [`setfenv`] |
//! | `string.dump` | removed in [`install`] (the client has none) |
//! | `math.mod`, `math.randomseed` | removed in [`install`] (not in the client's math library) |

use super::lua_error;
use crate::errors::ErrorState;
use mlua::{Function, Lua, Table, Value};

/// Chunk names of wow-sim's own Lua (bootstrap, clientlib, uicore, C_Timer) start with this.
/// Addon code cannot name a chunk so: `loadstring` drops the `=` of such a name (and `load`,
/// the other way to name a chunk, is removed), files are named `@path`.
pub const INTERNAL_CHUNK: &str = "=[wow-sim";

/// Whether a chunk name (a function's `source`) is one of wow-sim's own chunks.
pub fn is_internal_source(source: &[u8]) -> bool {
    source.starts_with(INTERNAL_CHUNK.as_bytes())
}

/// Applies the sandbox to a fresh VM.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    let string: Table = g.raw_get("string")?;
    string.raw_set("dump", Value::Nil)?;
    // Lua 5.1 keeps these for compatibility; the client's math library has neither.
    let math: Table = g.raw_get("math")?;
    math.raw_set("mod", Value::Nil)?;
    math.raw_set("randomseed", Value::Nil)?;
    let raw: Function = g.raw_get("setfenv")?;
    g.raw_set(
        "setfenv",
        lua.create_function(move |lua, (target, env): (Value, Value)| {
            setfenv(lua, &raw, target, env)
        })?,
    )?;
    Ok(())
}

fn cannot_change(lua: &Lua) -> mlua::Error {
    lua_error(lua, "'setfenv' cannot change environment of given object")
}

fn is_internal(f: &Function) -> bool {
    f.info()
        .source
        .as_deref()
        .is_some_and(|s| is_internal_source(s.as_bytes()))
}

/// `setfenv(f or level, table)`: as Lua 5.1's, except that wow-sim's own functions and the
/// thread's global environment (level 0) are refused like C functions are (with the
/// caller's position, as Lua's own message has it).
fn setfenv(lua: &Lua, raw: &Function, target: Value, env: Value) -> mlua::Result<Value> {
    let func = match &target {
        Value::Function(f) => f.clone(),
        Value::Integer(_) | Value::Number(_) => {
            let level = match target {
                Value::Integer(i) => i,
                Value::Number(n) => n as i64,
                _ => 0,
            };
            if level == 0 {
                return Err(cannot_change(lua));
            }
            if level < 0 {
                return Err(lua_error(
                    lua,
                    "bad argument #1 to 'setfenv' (level must be non-negative)",
                ));
            }
            // Level 1 is the caller of setfenv, as for the built-in.
            let found = lua.inspect_stack(level as usize, |d| d.function());
            match found {
                Some(f) => f,
                None => {
                    return Err(lua_error(
                        lua,
                        "bad argument #1 to 'setfenv' (invalid level)",
                    ))
                }
            }
        }
        _ => return raw.call((target, env)),
    };
    // C functions are refused here rather than by the library's setfenv, which would raise
    // from this host frame and lose the caller's `file:line:` that Lua's message has.
    if is_internal(&func) || func.info().what == "C" {
        return Err(cannot_change(lua));
    }
    raw.call((func, env))
}

/// `natives.memerror(f)`: a host call ran out of memory (Lua 5.1 skips the error handler for
/// those). Records the error at `f`'s definition and stops the run.
pub fn memory_error(lua: &Lua, f: Value) -> mlua::Result<()> {
    if let Some(b) = super::budget::budget(lua) {
        b.note_memory_error();
    }
    let (file, line) = match &f {
        Value::Function(f) => {
            let info = f.info();
            let file = info
                .source
                .as_deref()
                .and_then(|s| s.strip_prefix('@'))
                .map(str::to_string);
            (file, info.line_defined)
        }
        _ => (None, None),
    };
    let message = match (&file, line) {
        (Some(file), Some(line)) => format!("{file}:{line}: not enough memory"),
        _ => "not enough memory".to_string(),
    };
    let stack = match (&file, line) {
        (Some(file), Some(line)) => vec![format!("{file}:{line}: in function <{file}:{line}>")],
        _ => Vec::new(),
    };
    if let Some(mut s) = lua.app_data_mut::<ErrorState>() {
        let phase = s.phase.clone();
        s.log.push(message, &phase, stack);
    }
    Ok(())
}
