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
//! | `C_Secrets.CanCompareUnitTokens` | `true` (where the flavour has it; the `Should…BeSecret` stubs answer `false` and the `Get…Secrecy` ones `NeverSecret`, the reference's defaults) |

use mlua::{Lua, MultiValue};

/// Installs the functions above (before the typed stubs, which skip defined names).
pub fn install(lua: &Lua, data: &wowsim_data::ProductData) -> mlua::Result<()> {
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
    if data.api("C_Secrets.CanCompareUnitTokens").is_some() {
        let ns = super::stubs::namespace(lua, "C_Secrets")?;
        let f = lua.create_function(|_, _: MultiValue| Ok(true))?;
        ns.raw_set("CanCompareUnitTokens", f)?;
    }
    Ok(())
}
