-- Broken: one error at load, one in an event handler (with characters XML must escape).
local f = CreateFrame("Frame")
f:RegisterEvent("PLAYER_LOGIN")
f:SetScript("OnEvent", function() error("bad <tag> & \"quotes\"") end)
local t = nil
t.field = 1
