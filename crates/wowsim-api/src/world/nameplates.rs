//! Nameplates: the units near the character that the client shows a plate over, each with a
//! `nameplateN` unit token and a frame of the client's (`NamePlateN`, a `Frame` parented to
//! `WorldFrame`, made when first needed, as the client's C++ makes them), which a nameplate
//! addon or Blizzard's `NamePlateDriverFrame` dresses with a unit frame.
//!
//! | WoW name | what |
//! | --- | --- |
//! | `C_NamePlate.GetNamePlates([includeForbidden])` | the frames of the plates shown, in token order |
//! | `C_NamePlate.GetNamePlateForUnit(unit [, includeForbidden])` | the frame of the plate of the unit any token names (`target`, `nameplate2`, `boss1`), or nil |
//! | `NAME_PLATE_CREATED(frame)` | once per frame, before its first `NAME_PLATE_UNIT_ADDED` |
//! | `NAME_PLATE_UNIT_ADDED(token)` / `NAME_PLATE_UNIT_REMOVED(token)` | the token names the unit during both (the frame is shown before the first, hidden after the second) |
//!
//! Unit events (`UNIT_HEALTH`, `UNIT_AURA`, `UNIT_SPELLCAST_*`, …) of a unit with a plate fire
//! for its nameplate token too, after the token they were fired for ([`alias`]). Where a plate
//! stands on screen is ours (the world has no 3D positions): plate N in a row above the centre
//! of `WorldFrame`. Forbidden plates (friendly units inside instances) are not modelled: every
//! plate is an ordinary one.

use super::World;
use mlua::{Lua, MultiValue, Table, Value};

/// The plates' frames (object ids) by index (`NamePlate1` is index 0) and which are shown.
#[derive(Debug, Default)]
pub(crate) struct Plates {
    frames: Vec<u32>,
    shown: Vec<bool>,
}

/// The number of a nameplate token (`nameplate3` → 3).
pub(crate) fn plate_number(token: &str) -> Option<usize> {
    let t = token.to_ascii_lowercase();
    let n: usize = t.strip_prefix("nameplate")?.parse().ok()?;
    (1..=40).contains(&n).then_some(n)
}

impl World {
    /// The lowest nameplate token no unit holds (`nameplate1`..`nameplate40`).
    pub(crate) fn free_nameplate(&self) -> Option<String> {
        (1..=40)
            .map(|n| format!("nameplate{n}"))
            .find(|t| !self.tokens.contains_key(t))
    }

    /// The nameplate token of the unit `token` names, when it has a plate and `token` is not
    /// that nameplate token itself.
    pub(crate) fn nameplate_of(&self, token: &str) -> Option<String> {
        if self.plates.frames.is_empty() || plate_number(token).is_some() {
            return None;
        }
        let i = self.index(token)?;
        self.tokens
            .iter()
            .filter(|(t, &j)| j == i && plate_number(t).is_some())
            .map(|(t, _)| t.clone())
            .min()
    }

    /// The nameplate token of the unit with this GUID, if it has a plate.
    pub(crate) fn nameplate_of_guid(&self, guid: &str) -> Option<String> {
        let &i = self.by_guid.get(guid)?;
        self.tokens
            .iter()
            .filter(|(t, &j)| j == i && plate_number(t).is_some())
            .map(|(t, _)| t.clone())
            .min()
    }

    /// Whether a unit with `hostile` and `is_player` would get a plate with the client's
    /// default settings read from `cvar` (`nameplateShowEnemies`, `nameplateShowFriendlyNPCs`,
    /// `nameplateShowFriendlyPlayers`; the friendly ones also under `nameplateShowFriends`).
    pub(crate) fn plate_allowed(
        cvar: impl Fn(&str) -> Option<String>,
        hostile: bool,
        is_player: bool,
    ) -> bool {
        let on = |n: &str| cvar(n).is_some_and(|v| v != "0");
        if hostile {
            return on("nameplateShowEnemies");
        }
        on("nameplateShowFriends")
            || on(if is_player {
                "nameplateShowFriendlyPlayers"
            } else {
                "nameplateShowFriendlyNPCs"
            })
    }
}

/// The token `token`'s unit event fires for as well: its unit's nameplate token.
pub(crate) fn alias(lua: &Lua, event: &str, args: &MultiValue) -> Option<String> {
    if !event.starts_with("UNIT_") {
        return None;
    }
    let Some(Value::String(s)) = args.front() else {
        return None;
    };
    let w = lua.app_data_ref::<World>()?;
    w.nameplate_of(&s.to_str().ok()?)
}

fn fire(lua: &Lua, event: &str, arg: Value) -> mlua::Result<()> {
    crate::events::fire_event(lua, event, MultiValue::from_iter([arg]))
}

fn world(lua: &Lua) -> mlua::AppDataRefMut<'_, World> {
    lua.app_data_mut::<World>().expect("world")
}

fn call(t: &Table, method: &str, args: impl mlua::IntoLuaMulti) -> mlua::Result<()> {
    let f: mlua::Function = t.get(method)?;
    f.call::<()>((t.clone(), args))
}

/// The frame of plate `n` (1-based), made (with `NAME_PLATE_CREATED`) when it is new.
fn frame(lua: &Lua, n: usize) -> mlua::Result<Table> {
    let have = world(lua).plates.frames.len();
    for m in have + 1..=n {
        let parent: Value = lua.globals().raw_get("WorldFrame")?;
        let args = MultiValue::from_iter([
            Value::String(lua.create_string("Frame")?),
            Value::String(lua.create_string(format!("NamePlate{m}"))?),
            parent,
        ]);
        let t = crate::widgets::frame::create_frame(lua, args)?;
        let id = crate::widgets::obj_id(lua, &Value::Table(t.clone()), "NamePlate")?;
        call(&t, "SetSize", (110, 45))?;
        let x = ((m as i64 - 1) % 8 - 4) * 120 + 60;
        let y = 60 + ((m as i64 - 1) / 8) * 50;
        call(&t, "SetPoint", ("BOTTOM", Value::Nil, "CENTER", x, y))?;
        call(&t, "Hide", ())?;
        {
            let mut w = world(lua);
            w.plates.frames.push(id);
            w.plates.shown.push(false);
        }
        fire(lua, "NAME_PLATE_CREATED", Value::Table(t))?;
    }
    let id = world(lua).plates.frames[n - 1];
    crate::widgets::object_table(lua, id)
}

/// After a unit got the nameplate token `token`: its plate is shown and
/// `NAME_PLATE_UNIT_ADDED(token)` fires (a plate that showed another unit is removed first).
pub(crate) fn added(lua: &Lua, token: &str) -> mlua::Result<()> {
    let Some(n) = plate_number(token) else {
        return Ok(());
    };
    let t = frame(lua, n)?;
    let was = world(lua).plates.shown[n - 1];
    if was {
        fire(lua, "NAME_PLATE_UNIT_REMOVED", token_value(lua, token)?)?;
    }
    world(lua).plates.shown[n - 1] = true;
    call(&t, "Show", ())?;
    fire(lua, "NAME_PLATE_UNIT_ADDED", token_value(lua, token)?)
}

/// Before a nameplate token names nothing any more: `NAME_PLATE_UNIT_REMOVED(token)` while it
/// still names its unit; then the token is cleared and the plate hidden. False when the token
/// showed no plate.
pub(crate) fn remove(lua: &Lua, token: &str) -> mlua::Result<bool> {
    let Some(n) = plate_number(token) else {
        return Ok(false);
    };
    let shown = world(lua).plates.shown.get(n - 1).copied().unwrap_or(false);
    if shown {
        fire(lua, "NAME_PLATE_UNIT_REMOVED", token_value(lua, token)?)?;
    }
    world(lua).clear_token(token);
    if shown {
        world(lua).plates.shown[n - 1] = false;
        let t = frame(lua, n)?;
        call(&t, "Hide", ())?;
    }
    Ok(shown)
}

fn token_value(lua: &Lua, token: &str) -> mlua::Result<Value> {
    Ok(Value::String(
        lua.create_string(token.to_ascii_lowercase())?,
    ))
}

/// The frames of the plates shown, in token order.
fn shown_frames(lua: &Lua) -> mlua::Result<Vec<Table>> {
    let ids: Vec<u32> = {
        let w = world(lua);
        let p = &w.plates;
        p.frames
            .iter()
            .zip(&p.shown)
            .filter(|(_, s)| **s)
            .map(|(id, _)| *id)
            .collect()
    };
    ids.into_iter()
        .map(|id| crate::widgets::object_table(lua, id))
        .collect()
}

/// `C_NamePlate.GetNamePlates` and `GetNamePlateForUnit` over the world's plates, where the
/// flavour's `C_NamePlate` has them.
pub(crate) fn install(lua: &Lua) -> mlua::Result<()> {
    let Value::Table(ns) = lua.globals().raw_get::<Value>("C_NamePlate")? else {
        return Ok(());
    };
    if !ns.raw_get::<Value>("GetNamePlates")?.is_nil() {
        let f =
            lua.create_function(|lua, _: MultiValue| lua.create_sequence_from(shown_frames(lua)?))?;
        ns.raw_set("GetNamePlates", f)?;
    }
    if !ns.raw_get::<Value>("GetNamePlateForUnit")?.is_nil() {
        let f = lua.create_function(|lua, args: MultiValue| {
            let Some(Value::String(unit)) = args.front() else {
                return Err(wowsim_lua::lua_error(
                    lua,
                    "Usage: C_NamePlate.GetNamePlateForUnit(unitToken [, includeForbidden])",
                ));
            };
            let unit = unit.to_string_lossy();
            let n = {
                let w = world(lua);
                let own = plate_number(&unit).filter(|_| w.unit(&unit).is_some());
                own.or_else(|| w.nameplate_of(&unit).and_then(|t| plate_number(&t)))
                    .filter(|n| w.plates.shown.get(n - 1).copied().unwrap_or(false))
            };
            match n {
                Some(n) => Ok(Value::Table(frame(lua, n)?)),
                None => Ok(Value::Nil),
            }
        })?;
        ns.raw_set("GetNamePlateForUnit", f)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_settings() {
        assert_eq!(plate_number("NamePlate12"), Some(12));
        assert_eq!(plate_number("nameplate0"), None);
        assert_eq!(plate_number("nameplate41"), None);
        assert_eq!(plate_number("target"), None);
        let retail = |n: &str| (n == "nameplateShowEnemies").then(|| "1".to_string());
        assert!(World::plate_allowed(retail, true, false));
        assert!(!World::plate_allowed(retail, false, false));
        let friends = |n: &str| (n == "nameplateShowFriendlyNPCs").then(|| "1".to_string());
        assert!(World::plate_allowed(friends, false, false));
        assert!(!World::plate_allowed(friends, false, true));
        assert!(!World::plate_allowed(friends, true, false));
    }
}
