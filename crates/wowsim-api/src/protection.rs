//! What insecure code may not do: protected functions and protected frames, as the client
//! refuses them to tainted executions (`wowsim_lua::taint`).
//!
//! | call from insecure code | the client |
//! | --- | --- |
//! | a protected function (the reference's `protected`, `data/protected_functions.txt`'s `protected`) | refused at any time: `ADDON_ACTION_FORBIDDEN(addon, "F()")` |
//! | a `nocombat` function, in combat | refused: `ADDON_ACTION_BLOCKED(addon, "F()")` |
//! | `Show`, `Hide`, `SetPoint`, `SetAttribute`, … on a protected frame, in combat | refused: `ADDON_ACTION_BLOCKED(addon, "Name:Show()")` |
//!
//! A refused call does nothing and returns nothing. Each refusal is an error record with phase
//! `taint` (the addon blamed, the function, and how the execution came to be tainted: which
//! variable was read, written where and by whom), a taint-log line, and the event (dispatched
//! secure, as the client's own UI handles it).

use crate::widgets::UiState;
use mlua::{Function, IntoLuaMulti, Lua, Value};
use rustc_hash::FxHashSet;
use wowsim_lua::errors::{ErrorState, TaintInfo};
use wowsim_lua::taint::{self, Reason, TaintId};

/// How a function is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Guard {
    /// Only secure code may call it, ever.
    Protected,
    /// Insecure code may not call it in combat.
    NoCombat,
}

const LIST: &str = include_str!("../data/protected_functions.txt");

/// How `name` (a dotted API name) is protected: the reference data's flag, else our list.
pub(crate) fn guard_of(name: &str, reference_protected: bool) -> Option<Guard> {
    if reference_protected {
        return Some(Guard::Protected);
    }
    listed().find(|(n, _)| *n == name).map(|(_, g)| g)
}

/// The functions of `data/protected_functions.txt` with their guards.
fn listed() -> impl Iterator<Item = (&'static str, Guard)> {
    LIST.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .map(|(n, kind)| match kind.trim() {
            "nocombat" => (n, Guard::NoCombat),
            _ => (n, Guard::Protected),
        })
}

/// The names whose typed stubs check their guard themselves (VM app data).
#[derive(Default)]
struct GuardedStubs(FxHashSet<String>);

/// Notes that the stub of `name` checks its guard itself ([`guard_functions`] skips it).
pub(crate) fn note_guarded_stub(lua: &Lua, name: &str) {
    if lua.app_data_ref::<GuardedStubs>().is_none() {
        lua.set_app_data(GuardedStubs::default());
    }
    if let Some(mut g) = lua.app_data_mut::<GuardedStubs>() {
        g.0.insert(name.to_string());
    }
}

const WRAPPER: &str = r#"
local check = ...
return function(orig, guard, name)
  return function(...)
    if not check(guard, name) then
      return
    end
    return orig(...)
  end
end
"#;

/// Puts the guard in front of every protected function the flavour has that is not a typed
/// stub (those check it themselves): a wrapper that refuses the call to insecure code and
/// otherwise tail-calls the function, so a Lua function's errors keep their levels.
pub fn guard_functions(lua: &Lua, data: &'static wowsim_data::ProductData) -> mlua::Result<()> {
    let check = lua.create_function(|lua, (guard, name): (String, String)| {
        let g = if guard == "nocombat" {
            Guard::NoCombat
        } else {
            Guard::Protected
        };
        call_allowed(lua, g, &name)
    })?;
    let make: Function = lua
        .load(WRAPPER)
        .set_name("=[wow-sim protection]")
        .call(check)?;
    let skip = lua
        .app_data_ref::<GuardedStubs>()
        .map(|g| g.0.clone())
        .unwrap_or_default();
    let listed = listed().map(|(n, g)| (n.to_string(), g == Guard::NoCombat));
    let reference = data
        .apis()
        .iter()
        .filter(|a| a.protected)
        .map(|a| (a.name.clone(), false));
    for (name, nocombat) in reference.chain(listed) {
        if skip.contains(&name) {
            continue;
        }
        let (table, key) = match name.rsplit_once('.') {
            Some((ns, k)) => match lua.globals().raw_get::<Value>(ns)? {
                Value::Table(t) => (t, k.to_string()),
                _ => continue,
            },
            None => (lua.globals(), name.clone()),
        };
        let Value::Function(orig) = table.raw_get::<Value>(key.as_str())? else {
            continue;
        };
        let kind = if nocombat { "nocombat" } else { "protected" };
        let wrapped: Function = make.call((orig, kind, name.as_str()))?;
        table.raw_set(key, wrapped)?;
    }
    Ok(())
}

/// Whether the player is in combat (combat lockdown).
pub(crate) fn in_lockdown(lua: &Lua) -> bool {
    lua.app_data_ref::<UiState>().is_some_and(|ui| ui.lockdown)
}

/// Whether the running code may call the function `name` guarded by `guard`; when not, the call
/// is reported and refused.
pub(crate) fn call_allowed(lua: &Lua, guard: Guard, name: &str) -> mlua::Result<bool> {
    let t = taint::current(lua);
    if t.is_secure() {
        return Ok(true);
    }
    let forbidden = match guard {
        Guard::Protected => true,
        Guard::NoCombat if in_lockdown(lua) => false,
        Guard::NoCombat => return Ok(true),
    };
    // The client names the function by how it was called: through a C function (`pcall(f)`)
    // it has no name, "UNKNOWN()" (wowless's in-client checks of every protected function).
    let what = if wowsim_lua::fenv::called_from_lua(lua) {
        format!("{name}()")
    } else {
        "UNKNOWN()".to_string()
    };
    refuse(lua, t, &what, forbidden)?;
    Ok(false)
}

/// Whether the running code may call `method` on frame `id` now: insecure code may not change a
/// protected frame in combat (reported and refused).
pub(crate) fn frame_allowed(lua: &Lua, id: u32, method: &str) -> mlua::Result<bool> {
    if !in_lockdown(lua) {
        return Ok(true);
    }
    let t = taint::current(lua);
    if t.is_secure() || !is_protected(lua, id) {
        return Ok(true);
    }
    let name = lua
        .app_data_ref::<UiState>()
        .and_then(|ui| ui.get(id).and_then(|o| o.name.clone()))
        .unwrap_or_else(|| "<unnamed>".to_string());
    refuse(lua, t, &format!("{name}:{method}()"), false)?;
    Ok(false)
}

/// `protect(frame)` for the built-in base's secure templates: makes the frame protected, as
/// the client's `protected="true"` templates do.
pub fn protect_fn(lua: &Lua) -> mlua::Result<mlua::Function> {
    lua.create_function(|lua, frame: mlua::Value| {
        let id = crate::widgets::obj_id(lua, &frame, "protect")?;
        crate::widgets::util::set_field(
            lua,
            id,
            "explicitlyProtected",
            crate::widgets::fields::FieldVal::Bool(true),
        );
        Ok(())
    })
}

/// Whether frame `id` is protected (the XML `protected` attribute, from its templates too).
pub(crate) fn is_protected(lua: &Lua, id: u32) -> bool {
    crate::widgets::util::get_field(lua, id, "explicitlyProtected")
        == crate::widgets::fields::FieldVal::Bool(true)
}

/// Reports a refused call: the record, the taint log, the event.
fn refuse(lua: &Lua, t: TaintId, what: &str, forbidden: bool) -> mlua::Result<()> {
    let addon = taint::name(lua, t).unwrap_or_default();
    let (event, message) = if forbidden {
        (
            "ADDON_ACTION_FORBIDDEN",
            format!("AddOn '{addon}' tried to call the protected function '{what}'."),
        )
    } else {
        (
            "ADDON_ACTION_BLOCKED",
            format!("AddOn '{addon}' tried to call the protected function '{what}' in combat."),
        )
    };
    let chain = chain(lua, &addon)?;
    taint::log_line(
        lua,
        format!(
            "An action was {} because of taint from {addon} - {what}",
            if forbidden { "forbidden" } else { "blocked" }
        ),
    );
    if taint::log_level(lua) >= 2 {
        for c in &chain {
            taint::log_line(lua, format!("    {c}"));
        }
    }
    let stack = wowsim_lua::stack_frames(lua, 1, 32);
    if let Some(mut st) = lua.app_data_mut::<ErrorState>() {
        let info = TaintInfo {
            kind: if forbidden { "forbidden" } else { "blocked" }.to_string(),
            function: what.to_string(),
            addon: addon.clone(),
            chain,
        };
        st.log.push_taint(message, stack, info);
    }
    let args = (addon, what.to_string()).into_lua_multi(lua)?;
    taint::run_as(lua, TaintId::SECURE, || {
        crate::events::fire_event(lua, event, args)
    })
}

/// How the running execution came to carry `addon`'s taint, as lines for the record.
fn chain(lua: &Lua, addon: &str) -> mlua::Result<Vec<String>> {
    Ok(match taint::reason(lua)? {
        Some(Reason::Read { key, source, line }) => {
            let mut c = vec![format!("tainted by reading '{key}' at {source}:{line}")];
            if let Some(w) = taint::last_write(lua, &key) {
                let who = taint::name(lua, w.taint).unwrap_or_else(|| "secure code".into());
                c.push(format!(
                    "'{key}' was written by {who} at {}:{}",
                    w.source, w.line
                ));
            }
            c
        }
        Some(Reason::Call { source, line }) => {
            vec![format!(
                "tainted by calling {addon}'s function defined at {source}:{line}"
            )]
        }
        Some(Reason::Set) | None => vec![format!("{addon}'s own code")],
    })
}
