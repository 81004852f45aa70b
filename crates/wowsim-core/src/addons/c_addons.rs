//! The `C_AddOns` namespace (and the older global names where the flavour still has them).
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `C_AddOns.GetNumAddOns()` | user addons (Blizzard's are not listed, as in the client) |
//! | `C_AddOns.GetAddOnInfo(indexOrName)` | name, title, notes, loadable, reason, security, updateAvailable |
//! | `C_AddOns.GetAddOnMetadata(name, key)` | TOC `## Key` value (case-insensitive) |
//! | `C_AddOns.IsAddOnLoaded(name)` | loadedOrLoading, loaded |
//! | `C_AddOns.IsAddOnLoadOnDemand(name)` | `## LoadOnDemand: 1` |
//! | `C_AddOns.IsAddOnLoadable(name)` | loadable, reason |
//! | `C_AddOns.LoadAddOn(name)` | loaded, reason (runs files, SavedVariables, ADDON_LOADED) |
//! | `C_AddOns.EnableAddOn`, `DisableAddOn`, `EnableAllAddOns`, `DisableAllAddOns` | the enable flag (applies from the next load) |
//! | `C_AddOns.GetAddOnEnableState(name [, character])` | `Enum.AddOnEnableState` (0 none, 2 all) |
//! | `C_AddOns.GetAddOnDependencies(name)`, `GetAddOnOptionalDependencies(name)` | names |
//! | `C_AddOns.DoesAddOnExist(name)`, `GetAddOnName(index)`, `GetAddOnTitle`, `GetAddOnNotes`, `GetAddOnSecurity` | |

use super::{load_addon, AddonSet, AfterLoad};
use mlua::{Lua, MultiValue, Table, Value};
use std::rc::Rc;
use wowsim_lua::{lua_error, HostFns};

/// The user-visible addons (indices into `AddonSet`), in list order.
fn listed(set: &AddonSet) -> Vec<usize> {
    (0..set.addons.len())
        .filter(|i| !set.addons[*i].info.blizzard)
        .collect()
}

/// Resolves an index (1-based over listed addons) or a name (case-insensitive, any addon).
fn lookup(lua: &Lua, v: &Value, func: &str) -> mlua::Result<Option<usize>> {
    let set = lua.app_data_ref::<AddonSet>().expect("addons");
    match v {
        Value::Integer(_) | Value::Number(_) => {
            let n = match v {
                Value::Integer(i) => *i,
                Value::Number(n) => *n as i64,
                _ => 0,
            };
            let l = listed(&set);
            if n < 1 || n as usize > l.len() {
                return Err(lua_error(
                    lua,
                    format_args!(
                        "{func}: AddOn index must be in the range of 1 to {}",
                        l.len()
                    ),
                ));
            }
            Ok(Some(l[n as usize - 1]))
        }
        Value::String(s) => Ok(set.find(&s.to_string_lossy())),
        _ => Err(lua_error(
            lua,
            format_args!("Usage: C_AddOns.{func}(name or index)"),
        )),
    }
}

/// Installs `C_AddOns` (and old globals when `globals_too`).
pub fn install(
    lua: &Lua,
    host: &HostFns,
    after: Rc<dyn AfterLoad>,
    legacy_globals: &[&str],
) -> mlua::Result<()> {
    let ns = lua.create_table()?;
    ns.set(
        "GetNumAddOns",
        lua.create_function(|lua, ()| {
            Ok(listed(&lua.app_data_ref::<AddonSet>().expect("addons")).len())
        })?,
    )?;
    ns.set(
        "GetAddOnInfo",
        lua.create_function(|lua, v: Value| {
            let Some(i) = lookup(lua, &v, "GetAddOnInfo")? else {
                let name = match &v {
                    Value::String(s) => s.to_string_lossy(),
                    _ => String::new(),
                };
                return (
                    name,
                    Value::Nil,
                    Value::Nil,
                    false,
                    "MISSING",
                    "INSECURE",
                    false,
                )
                    .into_lua_multi(lua);
            };
            let set = lua.app_data_ref::<AddonSet>().expect("addons");
            let a = &set.addons[i];
            let loadable = a.enabled
                && matches!(
                    a.state,
                    wowsim_toc::LoadState::Loadable | wowsim_toc::LoadState::DemandLoaded
                );
            let reason = if loadable && !a.loaded && a.state == wowsim_toc::LoadState::DemandLoaded
            {
                Some("DEMAND_LOADED".to_string())
            } else if loadable {
                None
            } else {
                a.reason
                    .clone()
                    .or_else(|| Some(a.state.as_reason().to_string()))
            };
            let title = a.info.toc.get("Title").unwrap_or(&a.info.name).to_string();
            let notes = a.info.toc.get("Notes").map(str::to_string);
            let security = if a.info.blizzard {
                "SECURE"
            } else {
                "INSECURE"
            };
            (
                a.info.name.clone(),
                title,
                notes,
                loadable,
                reason,
                security,
                false,
            )
                .into_lua_multi(lua)
        })?,
    )?;
    ns.set(
        "GetAddOnMetadata",
        lua.create_function(|lua, (v, key): (Value, Option<String>)| {
            let Some(key) = key else {
                return Err(lua_error(
                    lua,
                    "Usage: C_AddOns.GetAddOnMetadata(name, variable)",
                ));
            };
            let Some(i) = lookup(lua, &v, "GetAddOnMetadata")? else {
                return Err(lua_error(
                    lua,
                    "Usage: C_AddOns.GetAddOnMetadata(name, variable): invalid AddOn",
                ));
            };
            let set = lua.app_data_ref::<AddonSet>().expect("addons");
            Ok(set.addons[i].info.toc.get(&key).map(str::to_string))
        })?,
    )?;
    ns.set(
        "IsAddOnLoaded",
        lua.create_function(|lua, v: Value| {
            let Some(i) = lookup(lua, &v, "IsAddOnLoaded")? else {
                return Ok((false, false));
            };
            let set = lua.app_data_ref::<AddonSet>().expect("addons");
            let a = &set.addons[i];
            Ok((a.loaded || a.loading, a.loaded))
        })?,
    )?;
    ns.set(
        "IsAddOnLoadOnDemand",
        lua.create_function(|lua, v: Value| {
            let Some(i) = lookup(lua, &v, "IsAddOnLoadOnDemand")? else {
                return Ok(false);
            };
            Ok(lua.app_data_ref::<AddonSet>().expect("addons").addons[i]
                .info
                .toc
                .load_on_demand())
        })?,
    )?;
    ns.set(
        "IsAddOnLoadable",
        lua.create_function(|lua, v: Value| {
            let Some(i) = lookup(lua, &v, "IsAddOnLoadable")? else {
                return Ok((false, Some("MISSING".to_string())));
            };
            let set = lua.app_data_ref::<AddonSet>().expect("addons");
            let a = &set.addons[i];
            let ok = a.enabled && a.state.is_loadable();
            Ok((
                ok,
                (!ok).then(|| {
                    a.reason
                        .clone()
                        .unwrap_or_else(|| a.state.as_reason().to_string())
                }),
            ))
        })?,
    )?;
    let host_fns = HostFns {
        hostcall: host.hostcall.clone(),
        report: host.report.clone(),
    };
    ns.set(
        "LoadAddOn",
        lua.create_function(move |lua, v: Value| {
            let Some(i) = lookup(lua, &v, "LoadAddOn")? else {
                return Ok((false, Some("MISSING".to_string())));
            };
            let (ok, reason, deps) = {
                let set = lua.app_data_ref::<AddonSet>().expect("addons");
                let a = &set.addons[i];
                if a.loaded || a.loading {
                    return Ok((true, None));
                }
                let ok = a.enabled && a.state.is_loadable();
                let reason = if !a.enabled {
                    "DISABLED".to_string()
                } else {
                    a.reason
                        .clone()
                        .unwrap_or_else(|| a.state.as_reason().to_string())
                };
                let deps: Vec<usize> = a
                    .info
                    .toc
                    .required_deps()
                    .iter()
                    .filter_map(|d| set.find(d))
                    .collect();
                (ok, reason, deps)
            };
            if !ok {
                return Ok((false, Some(reason)));
            }
            for d in deps {
                load_addon(lua, &host_fns, d, after.as_ref())?;
            }
            load_addon(lua, &host_fns, i, after.as_ref())?;
            Ok((true, None))
        })?,
    )?;
    for (name, on) in [("EnableAddOn", true), ("DisableAddOn", false)] {
        ns.set(
            name,
            lua.create_function(move |lua, (v, _character): (Value, Value)| {
                if let Some(i) = lookup(lua, &v, name)? {
                    lua.app_data_mut::<AddonSet>().expect("addons").addons[i].enabled = on;
                }
                Ok(())
            })?,
        )?;
    }
    for (name, on) in [("EnableAllAddOns", true), ("DisableAllAddOns", false)] {
        ns.set(
            name,
            lua.create_function(move |lua, _character: Value| {
                let mut set = lua.app_data_mut::<AddonSet>().expect("addons");
                for a in set.addons.iter_mut().filter(|a| !a.info.blizzard) {
                    a.enabled = on;
                }
                Ok(())
            })?,
        )?;
    }
    ns.set(
        "GetAddOnEnableState",
        lua.create_function(|lua, args: MultiValue| {
            // Both argument orders exist across client versions: (name, character) and (character, name).
            let mut found = None;
            for v in args.iter() {
                if let Ok(Some(i)) = lookup(lua, v, "GetAddOnEnableState") {
                    found = Some(i);
                    break;
                }
            }
            let Some(i) = found else { return Ok(0) };
            Ok(
                if lua.app_data_ref::<AddonSet>().expect("addons").addons[i].enabled {
                    2
                } else {
                    0
                },
            )
        })?,
    )?;
    for (name, optional) in [
        ("GetAddOnDependencies", false),
        ("GetAddOnOptionalDependencies", true),
    ] {
        ns.set(
            name,
            lua.create_function(move |lua, v: Value| {
                let Some(i) = lookup(lua, &v, name)? else {
                    return Ok(MultiValue::new());
                };
                let set = lua.app_data_ref::<AddonSet>().expect("addons");
                let toc = &set.addons[i].info.toc;
                let deps = if optional {
                    toc.optional_deps()
                } else {
                    toc.required_deps()
                };
                drop(set);
                deps.into_lua_multi(lua)
            })?,
        )?;
    }
    ns.set(
        "DoesAddOnExist",
        lua.create_function(|lua, v: Value| Ok(lookup(lua, &v, "DoesAddOnExist")?.is_some()))?,
    )?;
    ns.set(
        "GetAddOnName",
        lua.create_function(|lua, v: Value| {
            let i = lookup(lua, &v, "GetAddOnName")?;
            Ok(i.map(|i| {
                lua.app_data_ref::<AddonSet>().expect("addons").addons[i]
                    .info
                    .name
                    .clone()
            }))
        })?,
    )?;
    ns.set(
        "GetAddOnTitle",
        lua.create_function(|lua, v: Value| {
            let Some(i) = lookup(lua, &v, "GetAddOnTitle")? else {
                return Ok(None);
            };
            let set = lua.app_data_ref::<AddonSet>().expect("addons");
            let a = &set.addons[i];
            Ok(Some(
                a.info.toc.get("Title").unwrap_or(&a.info.name).to_string(),
            ))
        })?,
    )?;
    ns.set(
        "GetAddOnNotes",
        lua.create_function(|lua, v: Value| {
            let Some(i) = lookup(lua, &v, "GetAddOnNotes")? else {
                return Ok(None);
            };
            Ok(lua.app_data_ref::<AddonSet>().expect("addons").addons[i]
                .info
                .toc
                .get("Notes")
                .map(str::to_string))
        })?,
    )?;
    ns.set(
        "GetAddOnSecurity",
        lua.create_function(|lua, v: Value| {
            let Some(i) = lookup(lua, &v, "GetAddOnSecurity")? else {
                return Ok("INSECURE");
            };
            Ok(
                if lua.app_data_ref::<AddonSet>().expect("addons").addons[i]
                    .info
                    .blizzard
                {
                    "SECURE"
                } else {
                    "INSECURE"
                },
            )
        })?,
    )?;
    ns.set(
        "IsAddonVersionCheckEnabled",
        lua.create_function(|_, ()| Ok(false))?,
    )?;
    ns.set(
        "SetAddonVersionCheck",
        lua.create_function(|_, _: Value| Ok(()))?,
    )?;
    ns.set("SaveAddOns", lua.create_function(|_, ()| Ok(()))?)?;
    ns.set("ResetAddOns", lua.create_function(|_, ()| Ok(()))?)?;
    let g = lua.globals();
    for name in legacy_globals {
        let f: Value = ns.get(*name)?;
        if !f.is_nil() {
            g.raw_set(*name, f)?;
        }
    }
    let existing: Value = g.get("C_AddOns")?;
    if let Value::Table(t) = existing {
        merge(&t, &ns)?;
    } else {
        g.raw_set("C_AddOns", ns)?;
    }
    Ok(())
}

fn merge(into: &Table, from: &Table) -> mlua::Result<()> {
    from.for_each(|k: Value, v: Value| into.raw_set(k, v))
}

use mlua::IntoLuaMulti;
