//! wowsim-lua-sys: builds the Lua 5.1.5 library that mlua links (`libwowsim_lua51.a`), with
//! the client's taint tracking patched in at build time (see `build.rs`, `patch.rs` and the C
//! files in `c/`). It has no Rust API: `wowsim-lua` declares the few C functions the patch adds
//! (`wowsim_taint_*`) and wraps them in safe functions.
