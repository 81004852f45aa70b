-- What `api-coverage --used-by` must list (names no client has) and must not (wow-sim's API,
-- the addon's own definitions, names only tested).
local frame = CreateFrame("Frame")
frame:SetPoint("CENTER")
frame:NoSuchWidgetMethod()
NoSuchGlobalFunction()
print(C_Timer.NoSuchMember)
UsedByMixin = {}
function UsedByMixin:OwnMethod() end
frame.mine = CreateFromMixins and UsedByMixin
frame:OwnMethod()
if OptionalGlobal then OptionalGlobal() end
local x = C_Timer.After and C_Timer.NewTicker
function C_Timer.UsedByAdded() end
C_Timer.UsedByAdded()
