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

-- Special popups: an addon's own frame shown as one of the static popups. The client's
-- retail version marks it `special` and hides only frames it showed so; Classic hides any.
local function setUpPosition(dialog)
  local shown = 0
  for i = 1, 4 do
    local popup = _G["StaticPopup" .. i]
    if popup and popup ~= dialog and popup:IsShown() then
      shown = shown + 1
    end
  end
  dialog:ClearAllPoints()
  dialog:SetPoint("TOP", UIParent, "TOP", 0, -135 - shown * 110)
end
function StaticPopupSpecial_Show(dialog)
  if isRetail then
    dialog.special = true
  end
  if dialog.exclusive then
    for i = 1, 4 do
      local popup = _G["StaticPopup" .. i]
      if popup and popup ~= dialog and popup:IsShown() then
        popup:Hide()
      end
    end
  end
  setUpPosition(dialog)
  dialog:Show()
end
function StaticPopupSpecial_Hide(dialog)
  if isRetail and not dialog.special then
    return
  end
  dialog:Hide()
end
function StaticPopupSpecial_Toggle(dialog)
  if dialog:IsShown() then
    StaticPopupSpecial_Hide(dialog)
  else
    StaticPopupSpecial_Show(dialog)
  end
end

-- The bag windows' update (what addons hook to follow a bag redraw): each item button the
-- window has gets its slot's icon and count. Retail: `ContainerFrameMixin:Update` on the six
-- bag windows and the combined bags (their buttons in `Items`); Classic: `ContainerFrame_Update`
-- with the buttons named `<window>Item<n>`.
local function updateButton(button, bag, slot)
  local info = C_Container.GetContainerItemInfo(bag, slot)
  SetItemButtonTexture(button, info and info.iconFileID)
  SetItemButtonCount(button, info and info.stackCount or 0)
end
if isRetail then
  ContainerFrameMixin = ContainerFrameMixin or {}
  function ContainerFrameMixin:UpdateItems()
    for _, button in ipairs(self.Items or {}) do
      updateButton(button, button.GetBagID and button:GetBagID() or self:GetID(), button:GetID())
    end
  end
  function ContainerFrameMixin:Update()
    self:UpdateItems()
  end
  for i = 1, 6 do
    local frame = rawget(_G, "ContainerFrame" .. i) or CreateFrame("Frame", "ContainerFrame" .. i, UIParent)
    frame:Hide()
    frame.Items = frame.Items or {}
    Mixin(frame, ContainerFrameMixin)
  end
  ContainerFrameCombinedBags.Items = ContainerFrameCombinedBags.Items or {}
  Mixin(ContainerFrameCombinedBags, ContainerFrameMixin)
else
  function ContainerFrame_Update(frame)
    local name, bag = frame:GetName(), frame:GetID()
    for slot = 1, frame.size or 0 do
      local button = _G[name .. "Item" .. slot]
      if button then
        updateButton(button, bag, button:GetID())
      end
    end
  end
end

-- The world map's blackout frame (retail): the dark layer behind the maximized map, which
-- catches the mouse.
if isRetail and rawget(_G, "WorldMapFrame") and not WorldMapFrame.BlackoutFrame then
  local blackout = CreateFrame("Frame", nil, WorldMapFrame)
  blackout:SetFrameStrata("LOW")
  blackout:EnableMouse(true)
  blackout:SetAllPoints(UIParent)
  blackout.Blackout = blackout:CreateTexture(nil, "BACKGROUND")
  blackout.Blackout:SetColorTexture(0, 0, 0, 1)
  blackout.Blackout:SetAllPoints()
  WorldMapFrame.BlackoutFrame = blackout
end
