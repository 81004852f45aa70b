//! wowsim-layout: placeholder, filled in by its owner.
