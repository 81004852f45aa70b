//! wowsim-lua: the Lua 5.1 runtime as the client shapes it — the VM with sandboxed globals, the
//! error trampoline and error records, the instruction and memory budget, protected calls, the
//! virtual clock, the compiled-chunk cache and the client's additions to the Lua library. All unsafe
//! code that touches the Lua C API lives here. Widgets and the game API live in `wowsim-core`.

pub(crate) mod bit;
pub mod budget;
pub mod cache_file;
pub mod chunk_cache;
pub mod clock;
pub mod clone_fn;
pub mod direct_call;
pub mod errors;
pub mod fast_call;
pub mod fenv;
pub mod keys;
pub mod pattern_guard;
mod protected_call;
pub(crate) mod sandbox;
mod star_chunk;
pub mod stdlib;
pub mod table_ops;
pub mod taint;
pub(crate) mod time;

use crate::errors::{addon_of_file, ErrorState};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value};

/// Strips a UTF-8 byte-order mark (source files may start with one; the client skips it).
pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The client's answer to a binary chunk (Lua bytecode). Lua 5.1 does not verify bytecode, so
/// hand-edited bytecode can corrupt memory: every path that compiles code refuses it
/// ([`refuse_binary`]), `loadstring` with this text as its second result.
pub(crate) const BINARY_CHUNK: &str = "binary chunks are not allowed";

/// Whether `code` is a binary chunk (it starts with Lua's signature byte, ESC).
pub(crate) fn is_binary_chunk(code: &[u8]) -> bool {
    code.first() == Some(&0x1b)
}

/// Refuses a binary chunk named `name` (`@file` or `=name`) before it reaches the VM, as a
/// syntax error at its first line (`file:1: binary chunks are not allowed`). Callers also load
/// text in `ChunkMode::Text`, so the VM itself refuses what this check might miss.
pub(crate) fn refuse_binary(code: &[u8], name: &str) -> mlua::Result<()> {
    if !is_binary_chunk(code) {
        return Ok(());
    }
    let shown = name
        .strip_prefix('@')
        .or_else(|| name.strip_prefix('='))
        .unwrap_or(name);
    Err(mlua::Error::SyntaxError {
        message: format!("{shown}:1: {BINARY_CHUNK}"),
        incomplete_input: false,
    })
}

/// Compiles text (never bytecode) as the chunk `name`.
pub fn load_text(lua: &Lua, code: &[u8], name: &str) -> mlua::Result<Function> {
    refuse_binary(code, name)?;
    lua.load(code)
        .set_name(name)
        .set_mode(mlua::chunk::ChunkMode::Text)
        .into_function()
}

/// Functions of the bootstrap that the host calls.
pub struct HostFns {
    /// `hostcall(f, ...)`: runs `f` protected; errors are recorded and sent to the error handler.
    pub hostcall: Function,
    /// `report(msg)`: records an error that was not raised inside Lua (e.g. a syntax error).
    pub report: Function,
}

/// Globals the client does not have; removed after the standard libraries are opened.
const REMOVED_GLOBALS: &[&str] = &[
    "dofile",
    "loadfile",
    "require",
    "module",
    "package",
    "io",
    "os",
    "debug",
    "_VERSION_WOWSIM",
];

/// Creates a VM with the client's Lua library (no io, os, package, debug; the WoW additions).
pub fn new_vm() -> mlua::Result<(Lua, HostFns)> {
    let libs = StdLib::TABLE | StdLib::STRING | StdLib::MATH;
    let lua = Lua::new_with(libs, LuaOptions::default())?;
    let g = lua.globals();
    for name in REMOVED_GLOBALS {
        g.raw_set(*name, Value::Nil)?;
    }
    install_loadstring(&lua, &g)?;
    // The registry's module table (`_LOADED`) lists `_G` and the libraries for `require`, which
    // the client lacks. mlua's error path builds a traceback for every error a host function
    // returns, and naming each frame walks `_LOADED` → `_G`: with a large UI (100,000 globals)
    // that made every host error cost a scan of all globals per stack frame.
    if let Ok(loaded) = lua.named_registry_value::<Table>("_LOADED") {
        loaded.clear()?;
    }
    pattern_guard::install(&lua)?;
    stdlib::install(&lua)?;
    bit::install(&lua)?;
    time::install(&lua)?;
    sandbox::install(&lua)?;
    budget::install(&lua)?;
    taint::install(&lua)?;

    let natives = lua.create_table()?;
    taint::add_natives(&lua, &natives)?;
    fenv::add_natives(&lua, &natives)?;
    add_finalizer_natives(&lua, &natives)?;
    natives.set(
        "errmsg",
        lua.create_function(|_, v: Value| Ok(error_value_message(&v)))?,
    )?;
    natives.set(
        "record",
        lua.create_function(|lua, (msg, stack): (Value, Option<Table>)| {
            let msg = match &msg {
                Value::String(s) => s.to_string_lossy(),
                other => error_value_message(other),
            };
            let mut frames = Vec::new();
            if let Some(t) = stack {
                for v in t.sequence_values::<String>() {
                    frames.push(v?);
                }
            }
            let msg = repair_truncated_path(&msg, &frames);
            if msg.contains("not enough memory") {
                if let Some(b) = budget::budget(lua) {
                    b.note_memory_error();
                }
            }
            if let Some(mut state) = lua.app_data_mut::<ErrorState>() {
                let phase = state.phase.clone();
                state.log.push(msg, &phase, frames);
            }
            Ok(())
        })?,
    )?;
    natives.set(
        "stack",
        lua.create_function(|lua, level: usize| {
            let mut frames = stack_frames(lua, level, 64);
            // The frame that raised the error comes first; `error`/`assert` themselves are noise.
            while frames.first().is_some_and(|f| f.starts_with("[C]:")) {
                frames.remove(0);
            }
            lua.create_sequence_from(frames)
        })?,
    )?;
    natives.set("memerror", lua.create_function(sandbox::memory_error)?)?;
    natives.set("queuewarning", lua.create_function(errors::queue_warning)?)?;
    natives.set("spent", budget::spent_flag(&lua)?)?;
    natives.set(
        "toolong",
        lua.create_function(|lua, ()| Ok(budget::spent_message(lua)))?,
    )?;
    natives.set("protectedcall", protected_call::create(&lua)?)?;
    natives.set("wrapcreate", stdlib::wrap_create(&lua)?)?;
    natives.set("starlocal", lua.create_function(star_chunk::first_local)?)?;
    natives.set("protectedmaker", protected_call::maker(&lua)?)?;
    natives.set(
        "memstopped",
        lua.create_function(|lua, ()| Ok(budget::budget(lua).is_some_and(|b| b.memory_stopped())))?,
    )?;
    let host: Table = lua
        .load(include_str!("bootstrap.lua"))
        .set_name("=[wow-sim bootstrap]")
        .call(natives.clone())?;
    stdlib::install_coroutine_create(&lua)?;
    let fns = HostFns {
        hostcall: host.get("hostcall")?,
        report: host.get("report")?,
    };
    lua.load(include_str!("clientlib.lua"))
        .set_name(CLIENTLIB_CHUNK)
        .call::<()>((fns.hostcall.clone(), natives))?;
    let mut errors = ErrorState::default();
    errors.log.count_in(budget::host_bytes(&lua));
    lua.set_app_data(errors);
    Ok((lua, fns))
}

/// `loadstring` and `loadstring_untainted` (the library's `load` is removed). Both refuse binary
/// chunks, as the client does; `loadstring` taints the code that calls it (and so the chunk it
/// makes), while the secure environment compiles its snippets with `loadstring_untainted`,
/// which does not.
fn install_loadstring(lua: &Lua, g: &Table) -> mlua::Result<()> {
    let raw: Function = g.get("loadstring")?;
    g.raw_set(
        "loadstring_untainted",
        make_loadstring(lua, raw.clone(), false)?,
    )?;
    g.raw_set("loadstring", make_loadstring(lua, raw, true)?)?;
    g.raw_set("load", Value::Nil)
}

/// `loadstring(code [, name])`: refuses binary chunks, and a chunk name that claims to be one
/// of wow-sim's own chunks ([`sandbox::INTERNAL_CHUNK`]) loses its `=` (it then shows as
/// `[string "[wow-sim …]"]`), so that no addon chunk gets the privileges of wow-sim's own.
/// With `taints`, the caller's execution takes the forced taint (`*** ForceTaint_Strong ***`)
/// before the chunk is made, whatever taint it had, as the client's `loadstring` does: the
/// chunk and everything that execution writes afterwards carry it (issecurevariable names it).
fn make_loadstring(lua: &Lua, raw: Function, taints: bool) -> mlua::Result<Function> {
    lua.create_function(
        move |lua, (code, name): (mlua::LuaString, Option<mlua::LuaString>)| {
            if taints {
                taint::set(lua, taint::named(lua, Some(taint::FORCED)));
            }
            if is_binary_chunk(&code.as_bytes()) {
                let msg = lua.create_string(BINARY_CHUNK)?;
                return Ok((Value::Nil, Value::String(msg)));
            }
            // Without a name the chunk is named by its code (Lua's default), which can start
            // with the marker too.
            let name = name.unwrap_or_else(|| code.clone());
            let name = if sandbox::is_internal_source(&name.as_bytes()) {
                lua.create_string(&name.as_bytes()[1..])?
            } else {
                name
            };
            // The message quotes the source, which may be any bytes: passed on as Lua's.
            let r: (Value, Value) = raw.call((code, name))?;
            Ok(r)
        },
    )
}

/// `natives.finalizing(running)` (bootstrap.lua's `__gc` guard counts finalizers with it) and
/// `natives.infinalizer()`.
fn add_finalizer_natives(lua: &Lua, natives: &Table) -> mlua::Result<()> {
    lua.set_app_data(Finalizing(std::cell::Cell::new(0)));
    natives.set(
        "infinalizer",
        lua.create_function(|lua, ()| Ok(in_finalizer(lua)))?,
    )?;
    natives.set(
        "finalizing",
        lua.create_function(|lua, running: bool| {
            if let Some(f) = lua.app_data_ref::<Finalizing>() {
                f.0.set(if running {
                    f.0.get() + 1
                } else {
                    f.0.get().saturating_sub(1)
                });
            }
            Ok(())
        })?,
    )?;
    Ok(())
}

/// How many `__gc` finalizers of addon code are running (bootstrap.lua's guard counts them).
struct Finalizing(std::cell::Cell<u32>);

/// Whether a `__gc` finalizer of addon code is running: since 10.1 the client answers nil to
/// `debugstack`, `debuglocals` and `getfenv` there.
pub fn in_finalizer(lua: &Lua) -> bool {
    lua.app_data_ref::<Finalizing>()
        .is_some_and(|f| f.0.get() > 0)
}

/// The Lua heap (bytes, garbage included) above which the collector runs tighter.
const LARGE_HEAP: usize = 128 << 20;

/// Whether [`tighten_gc_for_large_heap`] has switched the collector (VM app data).
struct GcTightened;

/// Once the Lua heap passes [`LARGE_HEAP`], makes the incremental collector start a cycle at
/// 1.5x the live heap instead of 2x (pause 150) and do five times Lua's default work per byte
/// allocated while it runs (step multiplier 1000; the default is 200). Lua 5.1's default lets garbage grow to the size
/// of the live heap before a cycle ends; with 200 MB live (the synthetic large UI) that was
/// 100+ MB of peak memory, and with the step multiplier at 400 a cycle still let the heap grow
/// by 30-40 MB while it ran. A faster cycle does the same work per cycle (marking the live
/// heap, sweeping it) in fewer, larger steps. Small heaps (the retail UI's is ~70 MB) keep the
/// default, which costs less CPU. Called between addons during start-up; switches once and
/// never back (an addon's own `collectgarbage("setpause")` is left alone afterwards).
pub fn tighten_gc_for_large_heap(lua: &Lua) {
    if lua.used_memory() <= LARGE_HEAP || lua.app_data_ref::<GcTightened>().is_some() {
        return;
    }
    lua.gc_set_mode(mlua::state::GcMode::Incremental(
        mlua::state::GcIncParams::default()
            .pause(150)
            .step_multiplier(1000),
    ));
    lua.set_app_data(GcTightened);
}

/// The client-visible text of an error value: strings as they are, host errors unwrapped.
pub(crate) fn error_value_message(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string_lossy(),
        Value::Error(e) => host_error_message(e),
        Value::Nil => "nil".to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        Value::UserData(_) => "userdata".to_string(),
        other => other.type_name().to_string(),
    }
}

/// Strips mlua's wrapping from an error raised by a host function.
pub fn host_error_message(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { cause, .. } => host_error_message(cause),
        // mlua appends a traceback to errors of Lua code called from Rust; the client's
        // messages have none (the stack is a separate field of the record).
        mlua::Error::RuntimeError(m) => match m.find("\nstack traceback:") {
            Some(i) => m[..i].to_string(),
            None => m.clone(),
        },
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(m) => format!("not enough memory: {m}"),
        mlua::Error::BadArgument {
            pos, name, cause, ..
        } => {
            let func = name.as_deref().unwrap_or("?");
            format!(
                "bad argument #{pos} to '{func}' ({})",
                host_error_message(cause)
            )
        }
        other => other.to_string(),
    }
}

/// A client-style error raised by a host function, with the calling Lua line as prefix
/// (as `luaL_error` does).
pub fn lua_error(lua: &Lua, msg: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::RuntimeError(format!("{}{msg}", caller_position(lua, 1)))
}

/// `file:line: ` of the Lua function at `level` (1 = the caller of the running host function).
pub(crate) fn caller_position(lua: &Lua, level: usize) -> String {
    if direct_call::below_mark(lua, level) {
        return String::new();
    }
    lua.inspect_stack(level, |d| {
        let line = d.current_line()?;
        let src = d.source();
        let file = display_source(src.source.as_deref()?)?;
        Some(format!("{file}:{line}: "))
    })
    .flatten()
    .unwrap_or_default()
}

/// `@Interface/AddOns/A/a.lua` → `Interface/AddOns/A/a.lua`; `=[C]` and strings → None.
fn display_source(source: &str) -> Option<String> {
    source.strip_prefix('@').map(str::to_string)
}

/// The chunk name of `clientlib.lua`.
const CLIENTLIB_CHUNK: &str = "=[wow-sim clientlib]";

/// Formats up to `max` stack frames from `level` in Lua's traceback style, full paths. Stops at
/// the host boundary (wow-sim's own bootstrap chunks), which is not part of the addon's stack.
pub fn stack_frames(lua: &Lua, level: usize, max: usize) -> Vec<String> {
    let mut frames = Vec::new();
    let mut lvl = level;
    while frames.len() < max {
        // A function the host called has no name of its own (the bootstrap's local is not it).
        let called_by_host = lua
            .inspect_stack(lvl + 1, |d| {
                d.source()
                    .source
                    .as_deref()
                    .is_some_and(|s| sandbox::is_internal_source(s.as_bytes()))
            })
            .unwrap_or(false);
        // The client library's own Lua (`Mixin`, `hooksecurefunc`, …) is skipped: the caller's
        // frames below it are the addon's.
        let in_clientlib = lua
            .inspect_stack(lvl, |d| {
                d.source().source.as_deref() == Some(CLIENTLIB_CHUNK)
            })
            .unwrap_or(false);
        if in_clientlib {
            lvl += 1;
            continue;
        }
        let frame = lua.inspect_stack(lvl, |d| {
            let src = d.source();
            if src
                .source
                .as_deref()
                .is_some_and(|s| sandbox::is_internal_source(s.as_bytes()))
            {
                return None;
            }
            let names = d.names();
            let where_ = match (
                src.source.as_deref().and_then(display_source),
                d.current_line(),
            ) {
                (Some(f), Some(l)) => format!("{f}:{l}:"),
                (Some(f), None) => format!("{f}:"),
                _ if src.what == "C" => "[C]:".to_string(),
                _ => format!("{}:", src.short_src.as_deref().unwrap_or("?")),
            };
            let what = match (names.name.as_deref(), src.what) {
                (_, "main") => "in main chunk".to_string(),
                (Some(n), _) if !called_by_host => format!("in function '{n}'"),
                (_, "C") => "?".to_string(),
                (_, _) => {
                    let f = src
                        .source
                        .as_deref()
                        .and_then(display_source)
                        .unwrap_or_default();
                    format!("in function <{f}:{}>", src.line_defined.unwrap_or(0))
                }
            };
            Some(format!("{where_} {what}"))
        });
        match frame {
            Some(Some(f)) => frames.push(f),
            _ => break,
        }
        lvl += 1;
    }
    frames.retain(|f| !f.starts_with("(tail call)"));
    while frames.last().is_some_and(|f| f.starts_with("[C]:")) {
        frames.pop();
    }
    frames
}

/// Lua 5.1 shortens chunk names in messages to 60 bytes (`...tail`); put the full path back
/// when the stack names a file that ends with the shortened tail.
fn repair_truncated_path(msg: &str, frames: &[String]) -> String {
    let Some(rest) = msg.strip_prefix("...") else {
        return msg.to_string();
    };
    let Some(colon) = rest.find(':') else {
        return msg.to_string();
    };
    let tail = &rest[..colon];
    for f in frames {
        if let Some((file, _)) = crate::errors::split_location(f) {
            if file.ends_with(tail) && addon_of_file(file).is_some() {
                return format!("{file}{}", &rest[colon..]);
            }
        }
    }
    msg.to_string()
}

/// Returns the argument as a Lua-style type name for usage messages.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Nil => "nil",
        Value::Boolean(_) => "boolean",
        Value::Integer(_) | Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Table(_) => "table",
        Value::Function(_) => "function",
        Value::Thread(_) => "thread",
        _ => "userdata",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_chunks_are_refused_and_internal_names_cannot_be_taken() {
        let (lua, _) = new_vm().unwrap();
        let bc = b"\x1bLua\x51\x00\x01\x04\x08\x04\x08\x00\xff\xff";
        let e = load_text(&lua, bc, "@Interface/AddOns/A/A.lua").unwrap_err();
        assert_eq!(
            host_error_message(&e),
            "Interface/AddOns/A/A.lua:1: binary chunks are not allowed"
        );
        assert!(load_text(&lua, b"return 1", "@x.lua").is_ok());
        let cases = [
            (
                "return loadstring('\\27Lua')",
                "nil binary chunks are not allowed",
            ),
            (
                "local f = loadstring('return debug', '=[wow-sim uicore]') \
                 local ok, e = pcall(loadstring('error(1)', '=[wow-sim uicore]')) return e",
                "[string \"[wow-sim uicore]\"]:1: 1",
            ),
        ];
        for (code, want) in cases {
            let out: mlua::MultiValue = lua.load(code).call(()).unwrap();
            let got: Vec<String> = out.iter().map(error_value_message).collect();
            assert_eq!(got.join(" "), want, "{code}");
        }
    }
}
