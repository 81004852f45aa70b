//! The user's part of the global strings on its own, for a warm start (`simulator/warm.rs`):
//! the Blizzard UI has loaded in a template process with no user addon, and the names the
//! user's addons read are added afterwards, by the same rules as at a cold start.
//!
//! Only strings can be added so late: the Blizzard UI cannot observe a string only the user's
//! code reads (a name the Blizzard UI reads was already defined for it). A colour can: the
//! Blizzard UI turns the database's colours into globals as it loads, so a user addon that
//! reads a colour the database lacks, or that assigns a new emote command, cannot be served
//! warm; [`install_user`] says so and nothing is changed.

use super::scan::GlobalUse;
use super::{fallback_value, note, stand_in, undefined, GlobalStringFallback, StandIn};
use mlua::{Lua, Value};
use rustc_hash::FxHashSet;

/// The names the Blizzard UI assigns or tests for nil (VM app data): a user addon's read
/// adds none of them.
pub(crate) struct BlizzardSays {
    nil_checked: FxHashSet<String>,
    assigned: FxHashSet<String>,
}

impl BlizzardSays {
    pub(crate) fn of(blizzard: &GlobalUse) -> BlizzardSays {
        BlizzardSays {
            nil_checked: blizzard.nil_checked.clone(),
            assigned: blizzard.assigned.clone(),
        }
    }

    /// Adds the Blizzard UI's say to the user's `usage`.
    pub(crate) fn limit(&self, usage: &mut GlobalUse) {
        usage.nil_checked.extend(self.nil_checked.iter().cloned());
        usage.assigned.extend(self.assigned.iter().cloned());
    }
}

/// Scans the user addons of the addon set (now) and defines the strings they read. Returns
/// the new note of the global strings, or why the user's addons need a cold start.
pub(crate) fn install_user(lua: &Lua) -> mlua::Result<Result<String, String>> {
    let (roots, saved) = super::roots(lua);
    let roots = roots.into_iter().filter(|r| !r.0).collect();
    let saved = saved.into_iter().filter(|s| !s.0).collect();
    let cache = lua
        .app_data_ref::<wowsim_lua::chunk_cache::ChunkCache>()
        .map(|c| super::scan_cache::ScanCache::new(super::scan_cache::dir_under(c.root())));
    let found = super::scan(roots, saved, cache);
    if let Some(cache) = lua.app_data_ref::<wowsim_lua::chunk_cache::ChunkCache>() {
        cache.add_notes(found.cache_notes);
    }
    let g = lua.globals();
    for (i, _) in &found.emotes {
        if g.raw_get::<Value>(format!("EMOTE{i}_CMD1"))?.is_nil() {
            return Ok(Err(format!(
                "an addon assigns emote token {i}, which the Blizzard UI's chat commands would \
                 include"
            )));
        }
    }
    let mut usage = found.user;
    if let Some(says) = lua.app_data_ref::<BlizzardSays>() {
        says.limit(&mut usage);
    }
    let names = undefined(lua, usage.provided_by_client())?;
    let known: FxHashSet<String> = wowsim_api::game_state::game(lua)
        .colors
        .borrow()
        .0
        .iter()
        .map(|(n, _)| n.clone())
        .collect();
    let mut strings = Vec::new();
    for name in names {
        match stand_in(&usage, &name) {
            StandIn::Color(c) if !known.contains(c) => {
                return Ok(Err(format!(
                    "an addon reads the colour {c}, which the Blizzard UI would have made a \
                     global of as it loaded"
                )));
            }
            StandIn::Text => strings.push(name),
            StandIn::Color(_) | StandIn::None => {}
        }
    }
    for name in &strings {
        g.raw_set(name.as_str(), fallback_value(name))?;
    }
    let mut fallback = lua
        .app_data_mut::<GlobalStringFallback>()
        .expect("global strings installed");
    fallback.user_files = found.files.user.len();
    fallback.strings.extend(strings);
    Ok(Ok(note(&fallback)))
}
