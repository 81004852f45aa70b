//! The state of objects that draw what the simulator cannot: 3D (Actor, Model and its kinds,
//! ModelScene), maps (Minimap, POI frames, UnitPositionFrame), movies, web views and vector
//! graphics. They keep what they are told and draw nothing; a getter returns what its setter
//! stored, else the client's initial value. What would need game data (item appearances of a
//! link, bounding boxes, tabard files) stays a counted stub.
//!
//! | WoW concept | Rust |
//! | --- | --- |
//! | a setter that stores its arguments (`Actor:SetAnimation`, `Minimap:SetMaskTexture`, ...) | [`store`], argument kinds [`A`] |
//! | a getter of stored values with the client's defaults (`Actor:GetAnimation`, `Minimap:GetPingPosition`, ...) | [`load`], defaults [`C`] |
//! | a method that changes nothing here (`Model:AdvanceTime`, `Minimap:UpdateBlips`, `MovieFrame:StopMovie` with no movie) | [`noop`] |
//! | table-valued state (`Model:SetLight` light, `DressUpModel:SetItemTransmogInfo` per slot) | the Lua-side store `wowsim.objstate` ([`lua_set`], [`lua_get`]) |
//! | `ModelScene:CreateActor`, `GetNumActors`, `GetActorAtIndex` | [`install`] |
//! | `Frame:CreateVectorGraphics`; `VectorGraphics:SetSVG`/`GetSVGFileID`/`HasSVG`/`ClearSVG` | [`install`] |
//! | `Minimap:GetZoomLevels` (6, as the client's minimap) | [`install`] |
use std::cell::Cell;
use wowsim_data::ProductData;

/// How a stored argument is read.
#[derive(Clone, Copy)]
pub enum A {
    /// A required number ("bad argument" when absent or not a number).
    Num,
    /// A number with a default when nil.
    NumOr(f64),
    /// A boolean (Lua truthiness).
    Bool,
    /// A boolean with a default when nil.
    BoolOr(bool),
    /// A required string (numbers read as strings, as asset ids are).
    Str,
    /// An asset: a number (file id) or a path, kept as given.
    Asset,
    /// Any Lua value, kept on the Lua side (tables are copied one level deep).
    Any,
}

pub const ACTOR_MODEL: &[&str] = &[
    "actor.modelFileID",
    "actor.modelPath",
    "actor.modelUnitGUID",
    "actor.creatureDisplayID",
];

thread_local! {
    /// The flavour's reference while [`install`] runs.
    pub static DATA: Cell<Option<&'static ProductData>> = const { Cell::new(None) };
}
