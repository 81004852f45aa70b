//! The client's Lua configuration where it differs from stock Lua 5.1.5's `luaconf.h`: the
//! client has no implicit `arg` table in vararg functions (`LUA_COMPAT_VARARG` off), so a
//! parameter named `arg` before `...` is that parameter, not a hidden nil local declared after
//! it (Dashi's `ArgCheck(arg, argIndex, ...)` works in the client; the public Elune fork of the
//! client's Lua parses `...` without the compatibility local).

use crate::patch::Edit;

pub const EDITS: &[Edit] = &[Edit {
    file: "luaconf.h",
    from: "#define LUA_COMPAT_VARARG\n",
    to: "/* wow-sim: the client has no implicit 'arg' table (LUA_COMPAT_VARARG undefined). */\n",
}];
