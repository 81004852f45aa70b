-- A stand-in "Blizzard UI" for the warm-start test: state made before any user addon
-- (a frame, a global table), and a handler that sees every later addon load.
WarmBase = { loaded = {} }
local f = CreateFrame("Frame", "WarmBaseFrame", UIParent)
f:SetSize(200, 40)
f:SetPoint("TOP", 0, -20)
f.label = f:CreateFontString("WarmBaseLabel", "OVERLAY", "GameFontNormal")
f.label:SetPoint("CENTER")
f.label:SetText(WARM_BASE_LABEL)
f:RegisterEvent("ADDON_LOADED")
f:RegisterEvent("PLAYER_LOGIN")
f:SetScript("OnEvent", function(self, event, name)
    if event == "ADDON_LOADED" then
        table.insert(WarmBase.loaded, name)
    else
        self.label:SetText(table.concat(WarmBase.loaded, ","))
    end
end)
