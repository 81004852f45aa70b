//! The last layer of the sandbox, applied after the standard library and the WoW additions:
//! functions the client does not have and that would reach past its API (`string.dump` makes
//! bytecode), and a `getfenv`/`setfenv` that cannot reach wow-sim's own chunks or re-target
//! the thread's globals (`fenv.rs`). What was removed earlier (io, os, debug, package, load…) is listed in `mod.rs`;
//! `tests/sandbox.rs` tries every known way out.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `getfenv`, `setfenv` | `crate::fenv` |
//! | `string.dump` | removed in [`install`] (the client has none) |
//! | `math.mod`, `math.randomseed` | removed in [`install`] (not in the client's math library) |

use crate::errors::ErrorState;
use mlua::{Lua, Table, Value};

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
    crate::fenv::install(lua)?;
    Ok(())
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
