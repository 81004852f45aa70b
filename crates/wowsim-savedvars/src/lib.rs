//! wowsim-savedvars: placeholder, filled in by its owner.
