-- Sets a global for Gamma, then fails at load.
BetaValue = { ready = true }
error("Beta breaks on purpose")
