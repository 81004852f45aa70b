//! wowsim-data: placeholder, filled in by its owner.
