//! The `C_AddOns` namespace (and the older global names where the flavour still has them).
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `C_AddOns.GetNumAddOns()` | user addons (Blizzard's are not listed, as in the client) |
//! | `C_AddOns.GetAddOnInfo(indexOrName)` | name, title, notes, loadable, reason, security, updateAvailable |
//! | `C_AddOns.GetAddOnInterfaceVersion(name)` | [`addon_interface_version`] |
//! | `C_AddOns.GetAddOnMetadata(name, key)` | TOC `## Key` value (case-insensitive) of the fields the client answers ([`queryable_metadata`]); nil for the others |
//! | `C_AddOns.IsAddOnLoaded(name)` | loadedOrLoading, loaded |
//! | `C_AddOns.IsAddOnLoadOnDemand(name)` | `## LoadOnDemand: 1` |
//! | `C_AddOns.IsAddOnLoadable(name)` | loadable, reason |
//! | `C_AddOns.LoadAddOn(name)` | loaded, reason (runs files, SavedVariables, ADDON_LOADED) |
//! | `C_AddOns.EnableAddOn`, `DisableAddOn`, `EnableAllAddOns`, `DisableAllAddOns` | the enable flag (applies from the next load) |
//! | `C_AddOns.GetAddOnEnableState(name [, character])` | `Enum.AddOnEnableState` (0 none, 2 all) |
//! | `C_AddOns.GetAddOnDependencies(name)`, `GetAddOnOptionalDependencies(name)` | names |
//! | `C_AddOns.DoesAddOnExist(name)`, `GetAddOnName(index)`, `GetAddOnTitle`, `GetAddOnNotes`, `GetAddOnSecurity` | |

use super::{load_addon, AddonSet, AfterLoad};
use mlua::{Function, IntoLuaMulti, Lua, MultiValue, Table, Value};
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

/// Installs `C_AddOns` (and, as globals too, the names in `legacy_globals`).
pub fn install(
    lua: &Lua,
    host: &HostFns,
    after: Rc<dyn AfterLoad>,
    legacy_globals: &[&str],
    client_interface: u32,
) -> mlua::Result<()> {
    let ns = lua.create_table()?;
    let add = |name: &str, f: Function| ns.set(name, f);
    add("GetNumAddOns", lua.create_function(get_num_addons)?)?;
    add("GetAddOnInfo", lua.create_function(get_addon_info)?)?;
    add("GetAddOnMetadata", lua.create_function(get_addon_metadata)?)?;
    add(
        "GetAddOnInterfaceVersion",
        lua.create_function(move |lua, v: Value| {
            addon_interface_version(lua, &v, client_interface)
        })?,
    )?;
    add("IsAddOnLoaded", lua.create_function(is_addon_loaded)?)?;
    add(
        "IsAddOnLoadOnDemand",
        lua.create_function(is_addon_load_on_demand)?,
    )?;
    add("IsAddOnLoadable", lua.create_function(is_addon_loadable)?)?;
    let host_fns = HostFns {
        hostcall: host.hostcall.clone(),
        report: host.report.clone(),
    };
    add(
        "LoadAddOn",
        lua.create_function(move |lua, v: Value| {
            load_addon_with_deps(lua, &host_fns, after.as_ref(), v)
        })?,
    )?;
    add("EnableAddOn", lua.create_function(enable_addon)?)?;
    add("DisableAddOn", lua.create_function(disable_addon)?)?;
    add("EnableAllAddOns", lua.create_function(enable_all_addons)?)?;
    add("DisableAllAddOns", lua.create_function(disable_all_addons)?)?;
    add(
        "GetAddOnEnableState",
        lua.create_function(get_addon_enable_state)?,
    )?;
    add(
        "GetAddOnDependencies",
        lua.create_function(get_addon_dependencies)?,
    )?;
    add(
        "GetAddOnOptionalDependencies",
        lua.create_function(get_addon_optional_dependencies)?,
    )?;
    add("DoesAddOnExist", lua.create_function(does_addon_exist)?)?;
    add("GetAddOnName", lua.create_function(get_addon_name)?)?;
    add("GetAddOnTitle", lua.create_function(get_addon_title)?)?;
    add("GetAddOnNotes", lua.create_function(get_addon_notes)?)?;
    add("GetAddOnSecurity", lua.create_function(get_addon_security)?)?;
    add(
        "IsAddonVersionCheckEnabled",
        lua.create_function(is_addon_version_check_enabled)?,
    )?;
    add(
        "SetAddonVersionCheck",
        lua.create_function(set_addon_version_check)?,
    )?;
    add("SaveAddOns", lua.create_function(save_addons)?)?;
    add("ResetAddOns", lua.create_function(reset_addons)?)?;
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

/// `C_AddOns.GetNumAddOns`.
fn get_num_addons(lua: &Lua, (): ()) -> mlua::Result<usize> {
    Ok(listed(&lua.app_data_ref::<AddonSet>().expect("addons")).len())
}

/// `C_AddOns.GetAddOnInfo`.
fn get_addon_info(lua: &Lua, v: Value) -> mlua::Result<MultiValue> {
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
    let reason = if loadable && !a.loaded && a.state == wowsim_toc::LoadState::DemandLoaded {
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
}

/// `C_AddOns.GetAddOnMetadata`.
fn get_addon_metadata(
    lua: &Lua,
    (v, key): (Value, Option<String>),
) -> mlua::Result<Option<String>> {
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
    if !queryable_metadata(&key) {
        return Ok(None);
    }
    let set = lua.app_data_ref::<AddonSet>().expect("addons");
    Ok(set.addons[i].info.toc.get(&key).map(str::to_string))
}

/// `C_AddOns.GetAddOnInterfaceVersion(name)`: of the addon's `## Interface` numbers, the
/// highest one that is not above the client's own (a number for a newer client, such as a
/// retail number on Classic, is not this client's); 0 for none and for an unknown addon. Facts:
/// wowless's checks of it, which pass in the client (its TOC's 120000 on retail 12.1, 0 on the
/// Classic clients, the client's own number for an addon made with it).
fn addon_interface_version(lua: &Lua, v: &Value, client: u32) -> mlua::Result<u32> {
    let Some(i) = lookup(lua, v, "GetAddOnInterfaceVersion")? else {
        return Ok(0);
    };
    let set = lua.app_data_ref::<AddonSet>().expect("addons");
    let versions = set.addons[i].info.toc.interfaces();
    Ok(versions
        .into_iter()
        .filter(|&n| n <= client)
        .max()
        .unwrap_or(0))
}

/// The TOC fields `GetAddOnMetadata` answers (case-insensitive): the addon's description
/// (`Title`, `Notes`, `Author`, `Version`, their localized `-xxXX` forms), the addon list's and
/// compartment's fields the client's own UI reads (`Group`, `Category`, `IconTexture`,
/// `IconAtlas`, `AddonCompartmentFunc…`) and every `X-` field. The loader's own directives
/// (`Interface`, `Dependencies`, `SavedVariables`, `LoadOnDemand`, …) and unknown fields answer
/// nil, as in the client (the published API notes, and wowless's `GetAddOnMetadata` checks, which
/// pass in the client, for `Dependencies`, `Interface` and `SavedVariables`).
fn queryable_metadata(key: &str) -> bool {
    const FIELDS: &[&str] = &[
        "title",
        "notes",
        "author",
        "version",
        "group",
        "category",
        "icontexture",
        "iconatlas",
        "addoncompartmentfunc",
        "addoncompartmentfunconenter",
        "addoncompartmentfunconleave",
    ];
    const LOCALIZED: &[&str] = &["title-", "notes-", "category-"];
    let k = key.to_ascii_lowercase();
    FIELDS.contains(&k.as_str())
        || k.starts_with("x-")
        || LOCALIZED.iter().any(|p| k.starts_with(p))
}

/// `C_AddOns.IsAddOnLoaded`.
fn is_addon_loaded(lua: &Lua, v: Value) -> mlua::Result<(bool, bool)> {
    let Some(i) = lookup(lua, &v, "IsAddOnLoaded")? else {
        return Ok((false, false));
    };
    let set = lua.app_data_ref::<AddonSet>().expect("addons");
    let a = &set.addons[i];
    Ok((a.loaded || a.loading, a.loaded))
}

/// `C_AddOns.IsAddOnLoadOnDemand`.
fn is_addon_load_on_demand(lua: &Lua, v: Value) -> mlua::Result<bool> {
    let Some(i) = lookup(lua, &v, "IsAddOnLoadOnDemand")? else {
        return Ok(false);
    };
    Ok(lua.app_data_ref::<AddonSet>().expect("addons").addons[i]
        .info
        .toc
        .load_on_demand())
}

/// `C_AddOns.IsAddOnLoadable`.
fn is_addon_loadable(lua: &Lua, v: Value) -> mlua::Result<(bool, Option<String>)> {
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
}

/// `C_AddOns.LoadAddOn`: its required dependencies first, then the addon.
fn load_addon_with_deps(
    lua: &Lua,
    host_fns: &HostFns,
    after: &dyn AfterLoad,
    v: Value,
) -> mlua::Result<(bool, Option<String>)> {
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
        load_addon(lua, host_fns, d, after)?;
    }
    load_addon(lua, host_fns, i, after)?;
    Ok((true, None))
}

/// Sets one addon's enable flag (`EnableAddOn`, `DisableAddOn`; the character is ignored).
fn set_enabled(lua: &Lua, v: &Value, func: &str, on: bool) -> mlua::Result<()> {
    if let Some(i) = lookup(lua, v, func)? {
        lua.app_data_mut::<AddonSet>().expect("addons").addons[i].enabled = on;
    }
    Ok(())
}

/// `C_AddOns.EnableAddOn`.
fn enable_addon(lua: &Lua, (v, _character): (Value, Value)) -> mlua::Result<()> {
    set_enabled(lua, &v, "EnableAddOn", true)
}

/// `C_AddOns.DisableAddOn`.
fn disable_addon(lua: &Lua, (v, _character): (Value, Value)) -> mlua::Result<()> {
    set_enabled(lua, &v, "DisableAddOn", false)
}

/// Sets the enable flag of every user addon (`EnableAllAddOns`, `DisableAllAddOns`).
fn set_all_enabled(lua: &Lua, on: bool) -> mlua::Result<()> {
    let mut set = lua.app_data_mut::<AddonSet>().expect("addons");
    for a in set.addons.iter_mut().filter(|a| !a.info.blizzard) {
        a.enabled = on;
    }
    Ok(())
}

/// `C_AddOns.EnableAllAddOns`.
fn enable_all_addons(lua: &Lua, _character: Value) -> mlua::Result<()> {
    set_all_enabled(lua, true)
}

/// `C_AddOns.DisableAllAddOns`.
fn disable_all_addons(lua: &Lua, _character: Value) -> mlua::Result<()> {
    set_all_enabled(lua, false)
}

/// `C_AddOns.GetAddOnEnableState`.
fn get_addon_enable_state(lua: &Lua, args: MultiValue) -> mlua::Result<i32> {
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
}

/// The required or optional dependencies of an addon, as names.
fn dependencies(lua: &Lua, v: &Value, func: &str, optional: bool) -> mlua::Result<MultiValue> {
    let Some(i) = lookup(lua, v, func)? else {
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
}

/// `C_AddOns.GetAddOnDependencies`.
fn get_addon_dependencies(lua: &Lua, v: Value) -> mlua::Result<MultiValue> {
    dependencies(lua, &v, "GetAddOnDependencies", false)
}

/// `C_AddOns.GetAddOnOptionalDependencies`.
fn get_addon_optional_dependencies(lua: &Lua, v: Value) -> mlua::Result<MultiValue> {
    dependencies(lua, &v, "GetAddOnOptionalDependencies", true)
}

/// `C_AddOns.DoesAddOnExist`.
fn does_addon_exist(lua: &Lua, v: Value) -> mlua::Result<bool> {
    Ok(lookup(lua, &v, "DoesAddOnExist")?.is_some())
}

/// `C_AddOns.GetAddOnName`.
fn get_addon_name(lua: &Lua, v: Value) -> mlua::Result<Option<String>> {
    let i = lookup(lua, &v, "GetAddOnName")?;
    Ok(i.map(|i| {
        lua.app_data_ref::<AddonSet>().expect("addons").addons[i]
            .info
            .name
            .clone()
    }))
}

/// `C_AddOns.GetAddOnTitle`.
fn get_addon_title(lua: &Lua, v: Value) -> mlua::Result<Option<String>> {
    let Some(i) = lookup(lua, &v, "GetAddOnTitle")? else {
        return Ok(None);
    };
    let set = lua.app_data_ref::<AddonSet>().expect("addons");
    let a = &set.addons[i];
    Ok(Some(
        a.info.toc.get("Title").unwrap_or(&a.info.name).to_string(),
    ))
}

/// `C_AddOns.GetAddOnNotes`.
fn get_addon_notes(lua: &Lua, v: Value) -> mlua::Result<Option<String>> {
    let Some(i) = lookup(lua, &v, "GetAddOnNotes")? else {
        return Ok(None);
    };
    Ok(lua.app_data_ref::<AddonSet>().expect("addons").addons[i]
        .info
        .toc
        .get("Notes")
        .map(str::to_string))
}

/// `C_AddOns.GetAddOnSecurity`.
fn get_addon_security(lua: &Lua, v: Value) -> mlua::Result<&'static str> {
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
}

/// `C_AddOns.IsAddonVersionCheckEnabled`: always false.
fn is_addon_version_check_enabled(_: &Lua, (): ()) -> mlua::Result<bool> {
    Ok(false)
}

/// `C_AddOns.SetAddonVersionCheck`: accepted, changes nothing.
fn set_addon_version_check(_: &Lua, _: Value) -> mlua::Result<()> {
    Ok(())
}

/// `C_AddOns.SaveAddOns`: the enable flags are not written anywhere.
fn save_addons(_: &Lua, (): ()) -> mlua::Result<()> {
    Ok(())
}

/// `C_AddOns.ResetAddOns`: does nothing.
fn reset_addons(_: &Lua, (): ()) -> mlua::Result<()> {
    Ok(())
}
