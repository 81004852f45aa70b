//! The hottest methods' raw C entry points (`SetPoint`, `SetShown`, `IsShown`, …) over the UI
//! state: the mechanism and its unsafe code are the runtime's (`wowsim_lua::fast_call`); this
//! file registers a method with its fast path, resolving `self` by its table's address.

use super::UiState;
use mlua::{Function, Lua};

pub use wowsim_lua::fast_call::Args;

/// A method's fast path over the UI state (see [`wowsim_lua::fast_call::Fast`]).
pub type Fast = wowsim_lua::fast_call::Fast<UiState>;

/// The object a table stands for: the fast path of `obj_id`. In combat lockdown none (every
/// call goes to the ordinary function, which refuses insecure changes to protected frames).
fn by_table(ui: &UiState, table: usize) -> Option<u32> {
    if ui.lockdown {
        return None;
    }
    ui.by_table.get(&table).copied()
}

/// Registers method `name` on `owner` and its derived types: `general` (made by
/// `host_fn`, whose body host calls use) with `fast` in front of it.
pub fn add_method(
    lua: &Lua,
    owner: &str,
    name: &str,
    general: Function,
    fast: Fast,
) -> mlua::Result<()> {
    let f = wowsim_lua::fast_call::wrap(lua, general.clone(), fast, by_table)?;
    super::add_method_as(lua, owner, name, f, &general)
}
