//! Which script handlers each UI object type has, as `SetScript`, `GetScript`, `HookScript`
//! and `HasScript` check them: the reference's `uiobjects` scripts of the type and of every
//! base, for the running product. A type the product lacks (another flavour's, or an
//! intrinsic of the built-in base) uses what any product gives its bases.
pub use wowsim_ui::script_types::*;
