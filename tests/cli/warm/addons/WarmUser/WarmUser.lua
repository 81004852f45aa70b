-- The user addon of the warm-start test: reads the base's state and a global string only it
-- uses, makes frames, and raises one error.
local f = CreateFrame("Button", "WarmUserButton", WarmBaseFrame)
f:SetSize(80, 20)
f:SetPoint("TOPLEFT", WarmBaseFrame, "BOTTOMLEFT", 0, -4)
local text = f:CreateFontString("WarmUserText", "OVERLAY", "GameFontNormal")
text:SetPoint("LEFT")
text:SetText(WARM_USER_ONLY_STRING .. " " .. #WarmBase.loaded)
local broken = WarmBase.missing.field
