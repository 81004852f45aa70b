//! ModelScene: its actors (objects made by `CreateActor`, from XML `<Actor virtual>`
//! templates) and view insets. Nothing is rendered in 3D; the state is kept so the UI code
//! that reads it back works.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `CreateActor(name, template)` | [`create_actor`] |
//! | `GetNumActors`, `GetActorAtIndex` | [`install`] |
//! | `SetViewInsets`, `GetViewInsets` | [`install`] |

/// The fields of `SetViewInsets` / `GetViewInsets` (left, right, top, bottom).
pub const INSETS: [&str; 4] = [
    "viewInsetLeft",
    "viewInsetRight",
    "viewInsetTop",
    "viewInsetBottom",
];
