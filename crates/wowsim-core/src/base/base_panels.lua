-- wow-sim built-in base: more of the client's shared pieces the corpus reaches at load: the
-- add-on list panel (whose widgets libraries read the widget types from), the scroll frame
-- template's pan extent, `UIParentLoadAddOn`, `tInsertUnique` and the chat's raid target icon
-- list. Written for wow-sim from the client's shapes (names, fields, what each function
-- answers). Receives `template` (defines or answers a Lua template).
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

-- The add-on list (`AddonList`): a hidden button frame with its force-load check button and
-- its four buttons. Retail keeps them by key (`AddonList.ForceLoad`, a scroll box of entries);
-- Classic names them (`AddonListForceLoad`, `AddonListCancelButton`, ...).
local function addonListButton(list, key, x, y, point)
  local name = not isRetail and ("AddonList" .. key) or nil
  local b = CreateFrame("Button", name, list, "UIPanelButtonTemplate")
  b:SetSize(80, 22)
  b:SetPoint(point, x, y)
  list[key] = b
  return b
end
if rawget(_G, "AddonList") == nil then
  local list = CreateFrame("Frame", "AddonList", UIParent, "ButtonFrameTemplate")
  list:SetSize(500, 478)
  list:SetPoint("CENTER")
  list:EnableMouse(true)
  list:Hide()
  AddonListMixin = AddonListMixin or {}
  if isRetail then
    Mixin(list, AddonListMixin)
  end
  local force = CreateFrame("CheckButton", not isRetail and "AddonListForceLoad" or nil, list)
  force:SetSize(26, 26)
  force:SetPoint("TOPRIGHT", -190, -28)
  list.ForceLoad = force
  addonListButton(list, "CancelButton", -6, 4, "BOTTOMRIGHT")
  addonListButton(list, "OkayButton", -88, 4, "BOTTOMRIGHT")
  addonListButton(list, "EnableAllButton", 6, 4, "BOTTOMLEFT")
  addonListButton(list, "DisableAllButton", 88, 4, "BOTTOMLEFT")
  if isRetail then
    list.ScrollBox = CreateFrame("Frame", nil, list, "WowScrollBoxList")
    list.ScrollBox:SetPoint("TOPLEFT", 7, -64)
    list.ScrollBox:SetPoint("BOTTOMRIGHT", -22, 30)
    list.ScrollBar = CreateFrame("EventFrame", nil, list, "MinimalScrollBar")
    list.ScrollBar:SetPoint("TOPLEFT", list.ScrollBox, "TOPRIGHT")
    list.ScrollBar:SetPoint("BOTTOMLEFT", list.ScrollBox, "BOTTOMRIGHT")
  end
end

-- The scroll frame template's pan extent (how far one wheel step scrolls), as the client's
-- `ScrollUtil.InitScrollFrameWithScrollBar` gives it: 30 until set.
local scrollFrame = template("ScrollFrameTemplate")
if scrollFrame then
  local function getPanExtent(self)
    return self.panExtent
  end
  local function setPanExtent(self, panExtent)
    self.panExtent = panExtent
  end
  template("ScrollFrameTemplate", function(self)
    scrollFrame(self)
    self.GetPanExtent, self.SetPanExtent = getPanExtent, setPanExtent
    self:SetPanExtent(30)
  end)
end

-- Loads a Blizzard add-on by name; answers whether it loaded (the client shows a dialog once
-- for one that fails; the base records nothing).
function UIParentLoadAddOn(name)
  local loaded = C_AddOns.LoadAddOn(name)
  return loaded
end

-- Appends `item` unless the array has it; answers its new index, or nil when it was there.
function tInsertUnique(tbl, item)
  if not tContains(tbl, item) then
    table.insert(tbl, item)
    return #tbl
  end
  return nil
end

-- The raid target icons as texture escapes (a size and `|t` follow), indexed 1 to 8.
ICON_LIST = {}
for i = 1, 8 do
  ICON_LIST[i] = "|TInterface\\TargetingFrame\\UI-RaidTargetingIcon_" .. i .. ":"
end
