//! wowsim-xml: placeholder, filled in by its owner.
