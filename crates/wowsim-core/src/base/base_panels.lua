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

-- The button frame's inset (`Inset`, named `<frame>Inset`): the framed area between the title
-- and the button bar, which addons hide or re-anchor.
local buttonFrame = template("ButtonFrameTemplate")
template("ButtonFrameTemplate", function(self)
  buttonFrame(self)
  local name = self:GetName()
  local inset = CreateFrame("Frame", name and (name .. "Inset") or nil, self, "InsetFrameTemplate")
  inset:SetFrameLevel(self:GetFrameLevel())
  inset:SetPoint("TOPLEFT", 4, -60)
  inset:SetPoint("BOTTOMRIGHT", -6, 26)
  self.Inset = inset
end)

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
    local frame = rawget(_G, "ContainerFrame" .. i)
      or CreateFrame("Frame", "ContainerFrame" .. i, UIParent, "PortraitFrameTemplate")
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

-- The world map's help plate button (retail), which addons hide.
if isRetail and rawget(_G, "WorldMapFrame") and WorldMapFrame.BorderFrame and not WorldMapFrame.BorderFrame.Tutorial then
  local tutorial = CreateFrame("Button", nil, WorldMapFrame.BorderFrame)
  tutorial:SetSize(64, 64)
  tutorial:SetPoint("TOPLEFT", 39, 20)
  WorldMapFrame.BorderFrame.Tutorial = tutorial
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

-- The chat windows' channel lists (index to channel name, and to its zone channel id), which
-- the client's `/join` fills and chat addons read.
for i = 1, NUM_CHAT_WINDOWS or 10 do
  local frame = rawget(_G, "ChatFrame" .. i)
  if frame then
    frame.channelList = frame.channelList or {}
    frame.zoneChannelList = frame.zoneChannelList or {}
  end
end

-- The client's `/join` and `/leave`: `/join NAME [PASSWORD]` joins a channel for the default
-- chat window and adds it to the window's first free list slot (a help line without a name, a
-- notice when the name is refused); `/leave NAME` leaves one.
local function systemLine(text, chatType)
  local info = ChatTypeInfo[chatType]
  DEFAULT_CHAT_FRAME:AddMessage(text, info.r, info.g, info.b, info.id)
end
SlashCmdList.JOIN = SlashCmdList.JOIN or function(msg)
  local name = msg:match("^%s*(%S+)") or ""
  local password = msg:match("^%s*%S+%s*(.*)$") or ""
  if name == "" then
    systemLine(CHAT_JOIN_HELP, "SYSTEM")
    return
  end
  local zoneChannel, channelName = JoinPermanentChannel(name, password, DEFAULT_CHAT_FRAME:GetID(), 1)
  if channelName then
    name = channelName
  end
  if not zoneChannel then
    systemLine(CHAT_INVALID_NAME_NOTICE, "CHANNEL")
    return
  end
  local list = DEFAULT_CHAT_FRAME.channelList
  local i = 1
  while list[i] do
    i = i + 1
  end
  list[i] = name
  DEFAULT_CHAT_FRAME.zoneChannelList[i] = zoneChannel
end
SlashCmdList.LEAVE = SlashCmdList.LEAVE or function(msg)
  local name = msg:match("^%s*(%S+)")
  if name then
    LeaveChannelByName(name)
  end
end

-- Interpolators: a value moved from v1 to v2 over a time, handed to a setter every frame (on a
-- ticker), with an easing function (`InterpolatorUtil`'s linear or ease-out, the default).
InterpolatorUtil = InterpolatorUtil or {}
function InterpolatorUtil.InterpolateLinear(v1, v2, t)
  return v1 + (v2 - v1) * t
end
function InterpolatorUtil.InterpolateEaseOut(v1, v2, t)
  local eased = math.sin(t * math.pi / 2)
  return v1 + (v2 - v1) * eased
end
if rawget(_G, "ApproximatelyEqual") == nil then
  function ApproximatelyEqual(v1, v2, epsilon)
    return math.abs(v1 - v2) < (epsilon or 0.000001)
  end
end
InterpolatorMixin = InterpolatorMixin or {}
function InterpolatorMixin:Interpolate(v1, v2, time, setter, finished)
  -- Already under way and nothing to move: leave the running one alone.
  if self.interpolateTo and ApproximatelyEqual(v1, v2) then
    return
  end
  self.interpolateTo = v2
  if self.timer then
    self.timer:Cancel()
    self.timer = nil
  end
  time = math.max(0, time)
  local start = GetTime()
  local function step()
    local u = time > 0 and Saturate((GetTime() - start) / time) or 1
    setter(self.interpolateFunc(v1, v2, u))
    if u < 1 then
      return true
    end
    if finished then
      finished()
    end
    self:Cancel()
    return false
  end
  if step() then
    self.timer = C_Timer.NewTicker(0, step)
  end
end
function InterpolatorMixin:GetInterpolateTo()
  return self.interpolateTo
end
function InterpolatorMixin:Cancel()
  self.interpolateTo = nil
  if self.timer then
    self.timer:Cancel()
    self.timer = nil
  end
end
function CreateInterpolator(interpolateFunc)
  local interpolator = CreateFromMixins(InterpolatorMixin)
  interpolator.interpolateFunc = interpolateFunc or InterpolatorUtil.InterpolateEaseOut
  return interpolator
end

-- "RRGGBB" to an opaque colour.
function CreateColorFromRGBHexString(hexColor)
  if type(hexColor) ~= "string" or #hexColor ~= 6 then
    error("CreateColorFromRGBHexString: expected an RRGGBB string", 2)
  end
  return CreateColorFromHexString("ff" .. hexColor)
end

-- The map's point-of-interest pins (towns, dungeons, flight points): the pin keeps what its
-- data provider acquired it with; addons hook `OnAcquired` to restyle or hide pins.
if rawget(_G, "BaseMapPoiPinMixin") == nil then
  BaseMapPoiPinMixin = CreateFromMixins(MapCanvasPinMixin)
  function BaseMapPoiPinMixin:OnAcquired(poiInfo)
    self.poiInfo = poiInfo
    self.name, self.description = poiInfo.name, poiInfo.description
    self.tooltipWidgetSet, self.iconWidgetSet = poiInfo.tooltipWidgetSet, poiInfo.iconWidgetSet
    self.textureKit = poiInfo.uiTextureKit
    if poiInfo.position and self.SetPosition then
      self:SetPosition(poiInfo.position:GetXY())
    end
  end
  function BaseMapPoiPinMixin:GetPoiInfo()
    return self.poiInfo
  end
  -- A mixin of this one whose pins load at a frame level type (addons make their own pins so).
  function BaseMapPoiPinMixin:CreateSubPin(pinFrameLevel)
    return CreateFromMixins(self, { pinFrameLevel = pinFrameLevel })
  end
  function BaseMapPoiPinMixin:OnLoad()
    if self.pinFrameLevel then
      self:UseFrameLevelType(self.pinFrameLevel)
    end
  end
end
