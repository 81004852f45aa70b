//! wowsim-api: the client's API as Lua sees it — the methods of every UI object type over the
//! UI model (`wowsim-ui`), the game API and its typed stubs, events, timers, input, the API
//! documentation of a Blizzard UI and game data. What needs the loader (templates made at run
//! time) it reaches through [`templates::TemplateHost`], which the loader installs.

pub mod api;
pub mod coverage;
pub mod distinct;
pub mod event_callbacks;
pub mod events;
pub mod game_state;
pub mod input;
pub mod protection;
pub mod templates;
pub mod timers;
pub mod used_by;
pub mod widgets;
pub mod world;
