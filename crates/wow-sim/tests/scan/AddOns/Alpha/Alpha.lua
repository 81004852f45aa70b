-- Loads cleanly; reads what Beta sets to show that Beta is not loaded beside it.
AlphaSawBeta = BetaValue ~= nil
if AlphaSawBeta then error("Alpha was loaded with Beta") end
