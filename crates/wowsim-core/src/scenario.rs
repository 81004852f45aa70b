//! Scenarios and combat-log replay for a `Simulator`: the world (`wowsim_api::world`) made
//! with the logged-in player, scenario files and combat logs read from disk and put on the
//! timeline (`--scenario`, `--combat-log`, `wowsim.LoadScenario`, `wowsim.ReplayCombatLog`).
//! Lua may only name files inside the addon folders of the run.

use mlua::{Lua, Value};
use std::path::{Path, PathBuf};
use wowsim_api::api::identity::Identity;
use wowsim_api::world::{self, actions, combat_log, scenario, Unit, World};

/// Folders whose files `wowsim.LoadScenario` may read (VM app data).
struct ScenarioRoots(Vec<PathBuf>);

/// The player as the world starts with it: the identity's character.
fn player_unit(id: &Identity) -> Unit {
    let hash = id
        .character
        .bytes()
        .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
    let mut u = Unit::new(&format!("Player-1-{hash:08X}"), &id.character);
    u.is_player = true;
    u.class_file = Some(id.class_file.clone());
    u.race_file = Some(id.race_file.clone());
    u.level = id.level;
    u.power_max = 100;
    u.power_type = if id.class_file == "WARRIOR" {
        (1, "RAGE".into())
    } else {
        (0, "MANA".into())
    };
    u
}

/// Installs the world and the Lua helpers that read files; `roots` are the folders Lua may
/// read scenario and log files from.
pub fn install(lua: &Lua, roots: &[PathBuf]) -> mlua::Result<()> {
    let player = player_unit(&wowsim_api::game_state::game(lua).identity.borrow());
    world::install(lua, player)?;
    let roots = roots
        .iter()
        .filter_map(|r| std::fs::canonicalize(r).ok())
        .collect();
    lua.set_app_data(ScenarioRoots(roots));
    let t = match lua.globals().raw_get::<Value>("wowsim")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    t.raw_set(
        "LoadScenario",
        lua.create_function(|lua, path: Value| {
            let path = lua_path(lua, &path, "wowsim.LoadScenario(path)")?;
            load_scenario(lua, &path, &path.display().to_string()).map_err(|m| lua_err(lua, m))
        })?,
    )?;
    t.raw_set(
        "ReplayCombatLog",
        lua.create_function(|lua, (path, at): (Value, Option<f64>)| {
            let path = lua_path(lua, &path, "wowsim.ReplayCombatLog(path [, delay])")?;
            let shown = path.display().to_string();
            replay(lua, &path, &shown, now(lua) + at.unwrap_or(0.0)).map_err(|m| lua_err(lua, m))
        })?,
    )?;
    lua.globals().raw_set("wowsim", t)
}

fn lua_err(lua: &Lua, m: String) -> mlua::Error {
    wowsim_lua::lua_error(lua, m)
}

fn now(lua: &Lua) -> f64 {
    lua.app_data_ref::<wowsim_lua::clock::Clock>()
        .map(|c| c.now())
        .unwrap_or(0.0)
}

/// A path Lua gave, if it names a regular file inside the run's addon folders. A relative
/// path is looked for from the spec's addon folder first (as a spec's `loadfile` looks), then
/// from the working folder.
fn lua_path(lua: &Lua, v: &Value, usage: &str) -> mlua::Result<PathBuf> {
    let Value::String(s) = v else {
        return Err(lua_err(lua, format!("Usage: {usage}")));
    };
    let given = PathBuf::from(s.to_string_lossy());
    let base = lua
        .app_data_ref::<crate::spec::helpers::SpecFiles>()
        .and_then(|f| f.base.clone())
        .filter(|_| given.is_relative());
    let candidates = base
        .map(|b| b.join(&given))
        .into_iter()
        .chain([given.clone()]);
    let inside = candidates
        .filter_map(|c| std::fs::canonicalize(c).ok())
        .find(|p| {
            p.is_file()
                && lua
                    .app_data_ref::<ScenarioRoots>()
                    .is_some_and(|r| r.0.iter().any(|root| p.starts_with(root)))
        });
    inside.ok_or_else(|| {
        lua_err(
            lua,
            format!(
                "{usage}: {} is not a file inside the addon folders",
                given.display()
            ),
        )
    })
}

fn read_text(path: &Path, shown: &str) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown} is not a regular file"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))
}

/// Reads a scenario file: its start state now, its timeline from now on, and its combat log.
pub fn load_scenario(lua: &Lua, path: &Path, shown: &str) -> Result<(), String> {
    let src = read_text(path, shown)?;
    let sc = scenario::read(shown, &src).map_err(|e| e.to_string())?;
    let base = now(lua);
    for a in &sc.start {
        actions::apply(lua, a).map_err(|e| wowsim_lua::host_error_message(&e))?;
    }
    if let Some(mut w) = lua.app_data_mut::<World>() {
        w.schedule(
            sc.timeline
                .into_iter()
                .map(|(t, a)| (base + t, a))
                .collect(),
        );
    }
    if let Some((log, at)) = sc.combat_log {
        let log_path = path.parent().unwrap_or(Path::new(".")).join(&log);
        replay(lua, &log_path, &log, base + at)?;
    }
    Ok(())
}

/// Puts a combat log on the timeline, starting at virtual time `start`.
pub fn replay(lua: &Lua, path: &Path, shown: &str, start: f64) -> Result<(), String> {
    let src = read_text(path, shown)?;
    let entries = combat_log::read(shown, &src, start).map_err(|e| e.to_string())?;
    drop(src);
    if let Some(mut w) = lua.app_data_mut::<World>() {
        w.schedule(entries);
    }
    Ok(())
}
