//! The game state: one owner, [`GameState`], with a cell per part (what the game answers
//! about the character and its client: who it is, spells and items, console variables, auras,
//! the login, the map position, colours, addon and system messages), so a borrow of one part
//! never blocks another. Installed once by the loader with the character ([`install`]); each
//! part's module fills its part when it installs its functions, and reaches it through
//! [`game`]. The units around the character, the group and a scenario's timeline are the
//! world's (`crate::world::World`, an owner of its own with its own parts).

use std::cell::RefCell;

use mlua::Lua;

use crate::api::auras::AuraState;
use crate::api::c_map::PlayerPosition;
use crate::api::chat_system::SystemMessages;
use crate::api::game_data::GameData;
use crate::api::identity::Identity;
use crate::api::misc::{AddonMail, AddonPrefixes, CVars, LoginState};
use crate::api::ui_color::DbColors;

/// Everything the game answers from, a cell per part (VM app data).
pub struct GameState {
    /// The logged-in character.
    pub identity: RefCell<Identity>,
    /// Whether the login has finished (`IsLoggedIn`).
    pub login: RefCell<LoginState>,
    /// Spells and items: game data files, stand-ins, pending loads.
    pub data: RefCell<GameData>,
    /// The colours of the client's colour table (`DBColors`).
    pub colors: RefCell<DbColors>,
    pub(crate) cvars: RefCell<CVars>,
    pub(crate) auras: RefCell<AuraState>,
    pub(crate) position: RefCell<PlayerPosition>,
    pub(crate) prefixes: RefCell<AddonPrefixes>,
    pub(crate) mail: RefCell<AddonMail>,
    pub(crate) system_messages: RefCell<SystemMessages>,
}

/// Installs the game state for `identity`, every other part empty until its module installs.
pub fn install(lua: &Lua, identity: Identity) {
    lua.set_app_data(GameState {
        identity: RefCell::new(identity),
        login: RefCell::default(),
        data: RefCell::default(),
        colors: RefCell::default(),
        cvars: RefCell::default(),
        auras: RefCell::default(),
        position: RefCell::default(),
        prefixes: RefCell::default(),
        mail: RefCell::default(),
        system_messages: RefCell::default(),
    });
}

/// The game state (installed by the loader before the game API).
pub fn game(lua: &Lua) -> mlua::AppDataRef<'_, GameState> {
    lua.app_data_ref::<GameState>()
        .expect("the game state is installed before the game API")
}
