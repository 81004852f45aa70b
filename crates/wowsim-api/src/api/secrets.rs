//! Secret values (the `FrameScript` functions around them).
//!
//! wow-sim runs every addon untainted and creates no secret values, so wrapping is the
//! identity, nothing is secret and everything is accessible:
//!
//! | WoW name | Result |
//! | --- | --- |
//! | `secretwrap`, `secretunwrap`, `scrubsecretvalues` | the arguments, unchanged |
//! | `scrub` | the arguments, unchanged (no value is secret) |
//! | `issecretvalue`, `issecrettable`, `hasanysecretvalues` | `false` |
//! | `canaccessvalue`, `canaccessallvalues`, `canaccesstable`, `canaccesssecrets` | `true` |
//! | `dropsecretaccess` | nothing |

use mlua::{Lua, MultiValue};

/// Installs the functions above (before the typed stubs, which skip defined names).
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    for name in ["secretwrap", "secretunwrap", "scrubsecretvalues", "scrub"] {
        g.raw_set(name, lua.create_function(|_, args: MultiValue| Ok(args))?)?;
    }
    for name in ["issecretvalue", "issecrettable", "hasanysecretvalues"] {
        g.raw_set(name, lua.create_function(|_, _: MultiValue| Ok(false))?)?;
    }
    for name in [
        "canaccessvalue",
        "canaccessallvalues",
        "canaccesstable",
        "canaccesssecrets",
    ] {
        g.raw_set(name, lua.create_function(|_, _: MultiValue| Ok(true))?)?;
    }
    g.raw_set(
        "dropsecretaccess",
        lua.create_function(|_, _: MultiValue| Ok(()))?,
    )?;
    Ok(())
}
