//! wowsim-toc: placeholder, filled in by its owner.
