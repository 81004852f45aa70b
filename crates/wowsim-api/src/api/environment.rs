//! The client's function environments as the UI code sees them.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `GetCurrentEnvironment` | [`install`]: the environment of the calling function (`_G` for addon code) |
//! | `GetGlobalEnvironment` | [`install`]: `_G` (the restricted-environment code builds on it) |
//! | `IsInGlobalEnvironment` | [`install`]: false when the calling function runs in the secure environment of `UseSecureEnvironment` addons (`addons/secure_env.rs`), true otherwise |
//!
//! The client runs some Blizzard files in restricted environments (`AllowLoadEnvironment`);
//! wow-sim runs every file in `_G` except the Lua files of `UseSecureEnvironment` addons and the
//! second run of their dependencies' Lua files, so the
//! caller's environment is `_G` unless it is one of those or the caller changed it with
//! `setfenv`. (A Blizzard UI defines its own `IsInGlobalEnvironment` and `GetCurrentEnvironment`
//! in Lua, which replace these.)

use mlua::Lua;

/// The registry key under which the loader keeps the secure environment of
/// `UseSecureEnvironment` addons (`wowsim-core`'s `addons/secure_env.rs` sets it).
pub const SECURE_ENV_KEY: &str = "wowsim.secureenv";

/// Whether `env` is the secure environment.
pub(crate) fn is_secure_env(lua: &Lua, env: &mlua::Value) -> bool {
    match (env, lua.named_registry_value::<mlua::Value>(SECURE_ENV_KEY)) {
        (mlua::Value::Table(t), Ok(mlua::Value::Table(s))) => t == &s,
        _ => false,
    }
}

/// Installs the functions of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let getfenv: mlua::Function = lua.globals().raw_get("getfenv")?;
    // A host function: called from Lua, `getfenv(2)` run from here sees the Lua caller
    // (level 1 is this function), even when the caller reached it by a tail call.
    let f = lua.create_function(move |lua, ()| match getfenv.call::<mlua::Value>(2) {
        Ok(v) => Ok(v),
        Err(_) => Ok(mlua::Value::Table(lua.globals())),
    })?;
    lua.globals().raw_set("GetCurrentEnvironment", f)?;
    let getfenv2: mlua::Function = lua.globals().raw_get("getfenv")?;
    let in_global = lua.create_function(move |lua, ()| {
        let env = getfenv2.call::<mlua::Value>(2).unwrap_or(mlua::Value::Nil);
        Ok(!is_secure_env(lua, &env))
    })?;
    lua.globals().raw_set("IsInGlobalEnvironment", in_global)?;
    let g = lua.create_function(|lua, ()| Ok(lua.globals()))?;
    lua.globals().raw_set("GetGlobalEnvironment", g)
}

/// The capsule API (the reference's `addon.capsule`: `C_StoreSecure`, `loadstring_untainted`,
/// `secretunwrap`, `Enum.StoreError`, …) taken out of `_G`, as the client's environment
/// clean-up (`Blizzard_EnvironmentCleanup`) does before any addon runs: addons never see it.
/// The loader calls this when no Blizzard UI is given (with one, the UI's own clean-up does
/// it); wow-sim's own Lua that needs a capsule function keeps it in a local first. Returns how
/// many names were removed.
pub fn remove_capsule(lua: &Lua, data: &wowsim_data::ProductData) -> mlua::Result<usize> {
    let names = |kind: &str| capsule_names(data, kind);
    let g = lua.globals();
    let mut removed = 0;
    let mut remove = |t: &mlua::Table, key: &str| -> mlua::Result<()> {
        if !t.raw_get::<mlua::Value>(key)?.is_nil() {
            t.raw_set(key, mlua::Value::Nil)?;
            removed += 1;
        }
        Ok(())
    };
    for name in names("globalapis").iter().chain(&names("apinamespaces")) {
        match name.split_once('.') {
            Some((ns, key)) => {
                if let mlua::Value::Table(t) = g.raw_get::<mlua::Value>(ns)? {
                    remove(&t, key)?;
                }
            }
            None => remove(&g, name)?,
        }
    }
    if let mlua::Value::Table(e) = g.raw_get::<mlua::Value>("Enum")? {
        for name in names("enums") {
            remove(&e, &name)?;
        }
    }
    Ok(removed)
}

/// The capsule's names of one kind (`globalapis`, `apinamespaces`, `enums`) in the reference.
pub(crate) fn capsule_names(data: &wowsim_data::ProductData, kind: &str) -> Vec<String> {
    data.config()
        .get("addon")
        .and_then(|a| a.get("capsule"))
        .and_then(|c| c.get(kind))
        .and_then(|v| v.as_table())
        .map(|t| {
            t.iter()
                .filter_map(|(k, _)| k.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether an API of the reference (its namespace, its full name) belongs to the capsule: the
/// capsule's lists are read once, the answer is asked per API.
pub(crate) fn capsule_api_test(
    data: &wowsim_data::ProductData,
) -> impl Fn(Option<&str>, &str) -> bool {
    let (globals, namespaces) = (
        capsule_names(data, "globalapis"),
        capsule_names(data, "apinamespaces"),
    );
    move |namespace, name| {
        globals.iter().any(|n| n == name)
            || namespace.is_some_and(|ns| namespaces.iter().any(|n| n == ns))
    }
}
