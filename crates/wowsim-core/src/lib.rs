//! wowsim-core
