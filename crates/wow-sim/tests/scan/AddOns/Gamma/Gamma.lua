-- Needs Beta loaded first (its required dependency), then fails at load itself.
if not (BetaValue and BetaValue.ready) then error("Gamma loaded without Beta") end
error("Gamma breaks on purpose")
