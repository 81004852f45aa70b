//! The secure environment of Blizzard addons with `UseSecureEnvironment: 1` (the shop, the WoW
//! Token UI, authentication, private auras).
//!
//! The client runs them in an environment of their own, which keeps the capsule API
//! (`C_StoreSecure`, `C_WowTokenSecure`, `CreateForbiddenFrame`, `Enum.StoreError`, the shop's
//! strings, `SecureMixin`, ...) after `Blizzard_EnvironmentCleanup` has removed it from `_G`.
//! wow-sim's version: before any addon loads, [`prepare`] keeps a shallow copy of `_G` and of
//! `Enum`, and [`refresh`] adds to it what `_G` holds before each Blizzard `LoadFirst` addon
//! (the clean-up is one) and each secure addon loads, and what a secure addon defined (during
//! start-up, at the next of those refreshes: [`refresh_after`]); the Lua files of
//! a secure addon run with an environment that reads `_G` first and falls back to that copy for
//! names that have since gone nil, and writes to `_G` (so their mixins and frames are found by
//! name, as XML needs; the client would keep them apart). Inline XML script bodies still run in
//! `_G`.
//!
//! As the client does, a secure addon's dependencies (its required ones, transitively, that
//! are Blizzard addons and loaded) run a second time in the secure environment just before its
//! own files, once per session: the Lua files of their TOCs, except those whose
//! `[AllowLoadEnvironment]` leaves out `Secure`. Names they define go to the environment's own
//! table (and `Enum` members to one of its own), read before `_G`, so a shared function the secure addon calls
//! (`GetActiveCurrencyInfo` of `SecureCurrencyUtil.lua`) runs with the secure environment and
//! sees `C_StoreSecure`. Those files see `IsInGlobalEnvironment()` false (files that must not
//! run there return early on it). Their XML files are not loaded again: templates and frames
//! stay the ones made in `_G`. A name the secure addon's own files set replaces the copy.

use mlua::{Lua, Table, Value};

use wowsim_api::api::environment::SECURE_ENV_KEY as ENV_KEY;
const CURRENT_KEY: &str = "wowsim.loadenv";
const SNAPSHOT_KEY: &str = "wowsim.secureenv.snapshot";
const ENUM_SNAPSHOT_KEY: &str = "wowsim.secureenv.enum";
const REFRESH_KEY: &str = "wowsim.secureenv.refresh";

/// [`refresh`]'s loop, in Lua: walking `_G` (tens of thousands of names, up to ~50 times in a
/// retail start-up) through mlua's `pairs` made a registry reference of every function and
/// table value and was ~10% of the start-up. `_G` is walked by [`new_names`], in C.
const REFRESH_LUA: &str = r#"
local G, snapshot, enumSnapshot, newNames = ...
local next, rawget, type = next, rawget, type
-- `into` has no metatable: indexing it is a raw access without a C call per name.
local function addMissing(into, from)
  for k, v in next, from do
    if into[k] == nil then into[k] = v end
  end
end
-- `_G`'s names in the order the last walk met them, and the list this walk makes. Kept
-- between the walks of start-up's batch (they make a walk's look-ups in the copy few); a walk
-- after it (`keep` false) drops them: two arrays of every name, ~2 MB with the retail UI.
-- `walk` false only drops them.
local prev, cur = {}, {}
return function(keep, walk)
  if not walk then
    prev, cur = {}, {}
    return
  end
  newNames(G, snapshot, prev, cur)
  if keep then
    prev, cur = cur, prev
  else
    prev, cur = {}, {}
  end
  local e = rawget(G, "Enum")
  if type(e) == "table" then addMissing(enumSnapshot, e) end
end
"#;

const OWN_KEY: &str = "wowsim.secureenv.own";
const MODE_KEY: &str = "wowsim.secureenv.mode";
const RERUN_KEY: &str = "wowsim.secureenv.rerun";

const ENV_LUA: &str = r#"
local G, snapshot, enumSnapshot, own, mode = ...
local rawget, setmetatable = rawget, setmetatable
local liveEnum = rawget(G, "Enum")
local ownEnum = {}
local enum = setmetatable({}, {
  __index = function(_, k)
    local v = ownEnum[k]
    if v == nil then v = (rawget(G, "Enum") or liveEnum)[k] end
    if v == nil then v = enumSnapshot[k] end
    return v
  end,
  __newindex = function(_, k, v)
    if mode.deps then
      ownEnum[k] = v
    else
      ownEnum[k] = nil;
      (rawget(G, "Enum") or liveEnum)[k] = v
    end
  end,
})
return setmetatable({}, {
  __index = function(_, k)
    if k == "Enum" then return enum end
    local v = own[k]
    if v == nil then v = G[k] end
    if v == nil then v = snapshot[k] end
    return v
  end,
  __newindex = function(_, k, v)
    if mode.deps then
      own[k] = v
    else
      own[k] = nil
      G[k] = v
    end
  end,
})
"#;

/// Takes the start-up copy of `_G` and `Enum` that secure addons fall back to.
pub fn prepare(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    // Filled by the first refresh below (the copies start empty).
    let snapshot = lua.create_table()?;
    let enum_snapshot = lua.create_table()?;
    let own = lua.create_table()?;
    let mode = lua.create_table()?;
    let env: Table = lua
        .load(ENV_LUA)
        .set_name("=[wow-sim secure environment]")
        .call((
            g,
            snapshot.clone(),
            enum_snapshot.clone(),
            own.clone(),
            mode.clone(),
        ))?;
    lua.set_named_registry_value(OWN_KEY, own)?;
    lua.set_named_registry_value(MODE_KEY, mode)?;
    lua.set_named_registry_value(RERUN_KEY, lua.create_table()?)?;
    let refresh: mlua::Function = lua
        .load(REFRESH_LUA)
        .set_name("=[wow-sim secure environment]")
        .call((
            lua.globals(),
            snapshot.clone(),
            enum_snapshot.clone(),
            wowsim_lua::table_ops::walk::create(lua)?,
        ))?;
    refresh.call::<()>((true, true))?;
    lua.set_named_registry_value(REFRESH_KEY, refresh)?;
    lua.set_named_registry_value(SNAPSHOT_KEY, snapshot)?;
    lua.set_named_registry_value(ENUM_SNAPSHOT_KEY, enum_snapshot)?;
    lua.set_named_registry_value(ENV_KEY, env)
}

/// Adds to the start-up copy the globals and `Enum` members defined since (names already kept
/// keep their first value). Called before each Blizzard `LoadFirst` addon and around each secure
/// addon, so the copy holds what the UI defined before `Blizzard_EnvironmentCleanup` removed it
/// (`SecureMixin` of `Blizzard_SharedXMLBase`, `Enum.VasError`).
pub fn refresh(lua: &Lua) -> mlua::Result<()> {
    let Ok(Value::Function(f)) = lua.named_registry_value::<Value>(REFRESH_KEY) else {
        return Ok(());
    };
    // Inside start-up's batch the walk keeps `_G`'s order for the next one; after it, each
    // walk (a load-on-demand addon's) starts without it and drops what it made.
    let in_batch = match lua.app_data_ref::<Batch>() {
        Some(b) => {
            b.pending.set(false);
            true
        }
        None => false,
    };
    wowsim_lua::budget::host_entry(lua, || f.call::<()>((in_batch, true)))
}

/// Start-up's batch of addon loads (VM app data): see [`refresh_after`].
#[derive(Debug, Default)]
struct Batch {
    pending: std::cell::Cell<bool>,
}

/// The refresh after a secure addon's files, which adds what they defined. Inside start-up's
/// batch ([`begin_batch`]) it waits for the next refresh (before the next `LoadFirst` or secure
/// addon, or at [`end_batch`]), which adds the same names unless something in between removed
/// one again: each refresh walks all of `_G` (tens of thousands of names; the retail UI's 34
/// walks were ~6% of its start-up, 13 of them after a secure addon).
pub fn refresh_after(lua: &Lua) -> mlua::Result<()> {
    match lua.app_data_ref::<Batch>() {
        Some(b) => {
            b.pending.set(true);
            Ok(())
        }
        None => refresh(lua),
    }
}

/// Starts start-up's batch of addon loads (see [`refresh_after`]).
pub fn begin_batch(lua: &Lua) {
    lua.set_app_data(Batch::default());
}

/// Ends the batch: the refresh that waited runs now, and the walks' order lists go (the
/// refreshes after start-up are the few of load-on-demand addons).
pub fn end_batch(lua: &Lua) -> mlua::Result<()> {
    match lua.remove_app_data::<Batch>() {
        Some(b) if b.pending.get() => refresh(lua),
        Some(_) => match lua.named_registry_value::<Value>(REFRESH_KEY) {
            Ok(Value::Function(f)) => f.call::<()>((false, false)),
            _ => Ok(()),
        },
        None => Ok(()),
    }
}

/// Makes the files loaded from now on run in the secure environment (`secure`) or in `_G`;
/// returns the previous setting for [`restore`].
pub fn enter(lua: &Lua, secure: bool) -> mlua::Result<Value> {
    let prev: Value = lua.named_registry_value(CURRENT_KEY)?;
    let next = if secure {
        lua.named_registry_value::<Value>(ENV_KEY)?
    } else {
        Value::Nil
    };
    lua.set_named_registry_value(CURRENT_KEY, next)?;
    Ok(prev)
}

/// Makes files loaded from now on (in the secure environment) define their names in the
/// environment's own table rather than in `_G`: on for the second run of a secure addon's
/// dependencies, off for the secure addon's own files.
pub fn set_dependency_mode(lua: &Lua, on: bool) -> mlua::Result<()> {
    if let Ok(Value::Table(mode)) = lua.named_registry_value::<Value>(MODE_KEY) {
        mode.raw_set("deps", on)?;
    }
    Ok(())
}

/// Marks the dependency `name` as run again in the secure environment; false if it already was
/// (each dependency runs there once per session, however many secure addons need it).
pub fn first_rerun(lua: &Lua, name: &str) -> mlua::Result<bool> {
    let Ok(Value::Table(done)) = lua.named_registry_value::<Value>(RERUN_KEY) else {
        return Ok(false);
    };
    let key = name.to_ascii_lowercase();
    if done.raw_get::<bool>(key.as_str()).unwrap_or(false) {
        return Ok(false);
    }
    done.raw_set(key, true)?;
    Ok(true)
}

/// Undoes [`enter`].
pub fn restore(lua: &Lua, prev: Value) -> mlua::Result<()> {
    lua.set_named_registry_value(CURRENT_KEY, prev)
}

/// The environment the file being loaded runs in, when it is not `_G`.
pub fn current(lua: &Lua) -> Option<Table> {
    match lua.named_registry_value::<Value>(CURRENT_KEY) {
        Ok(Value::Table(t)) => Some(t),
        _ => None,
    }
}

/// The secure environment's own table (names set in it are not in `_G`), once prepared.
pub fn table(lua: &Lua) -> Option<Table> {
    match lua.named_registry_value::<Value>(ENV_KEY) {
        Ok(Value::Table(t)) => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    /// The C walk keeps the same copy as the plain Lua loop it replaces, through names added
    /// (at free places and by resizing `_G`), removed, re-added and changed between walks.
    #[test]
    fn new_names_matches_the_plain_walk() {
        let lua = mlua::Lua::new();
        let walk = wowsim_lua::table_ops::walk::create(&lua).unwrap();
        let check: mlua::Function = lua
            .load(
                r#"
local newNames = ...
local G, fast, plain, prev, cur = {}, {}, {}, {}, {}
local function step()
  newNames(G, fast, prev, cur)
  prev, cur = cur, prev
  for k, v in next, G do
    if plain[k] == nil then plain[k] = v end
  end
  for k, v in next, plain do assert(fast[k] == v, tostring(k)) end
  for k, v in next, fast do assert(plain[k] == v, tostring(k)) end
end
local seed = 7
local function rand(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n + 1 end
for i = 1, 3000 do G["name" .. i] = i end
step()
for round = 1, 40 do
  for _ = 1, rand(300) do G["name" .. rand(6000)] = round * 10000 + rand(100) end
  for _ = 1, rand(40) do G["name" .. rand(6000)] = nil end
  G[round] = round
  G[{}] = round
  step()
end
return true
"#,
            )
            .into_function()
            .unwrap();
        assert!(check.call::<bool>(walk).unwrap());
    }
}
