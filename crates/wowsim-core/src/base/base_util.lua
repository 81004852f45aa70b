-- wow-sim built-in base, part 2: utilities of the client's shared UI code that addons call at
-- load time (vectors, object pools, EventUtil, the Settings registry, raid notices, the legacy
-- dropdown functions). Written for wow-sim, loaded right after base.lua.
local natives = ...
local template = natives.template

-- Vectors.
Vector2DMixin = {}
function Vector2DMixin:GetXY()
  return self.x, self.y
end
function Vector2DMixin:SetXY(x, y)
  self.x, self.y = x, y
end
function Vector2DMixin:IsEqualTo(other)
  return self.x == other.x and self.y == other.y
end
function Vector2DMixin:ScaleBy(s)
  self.x, self.y = self.x * s, self.y * s
end
function Vector2DMixin:Add(other)
  self.x, self.y = self.x + other.x, self.y + other.y
end
function Vector2DMixin:Subtract(other)
  self.x, self.y = self.x - other.x, self.y - other.y
end
function Vector2DMixin:Cross(other)
  return self.x * other.y - self.y * other.x
end
function Vector2DMixin:Dot(other)
  return self.x * other.x + self.y * other.y
end
function Vector2DMixin:GetLengthSquared()
  return self.x * self.x + self.y * self.y
end
function Vector2DMixin:GetLength()
  return math.sqrt(self:GetLengthSquared())
end
function Vector2DMixin:Normalize()
  local len = self:GetLength()
  if len > 0 then
    self:ScaleBy(1 / len)
  end
end
function Vector2DMixin:Clone()
  return CreateVector2D(self.x, self.y)
end
function CreateVector2D(x, y)
  local v = CreateFromMixins(Vector2DMixin)
  v:SetXY(x, y)
  return v
end

-- Object pools: Acquire returns the object and whether it is new; the resetter runs on
-- release and on a new object.
ObjectPoolMixin = {}
function ObjectPoolMixin:OnLoad(creationFunc, resetterFunc)
  self.creationFunc = creationFunc
  self.resetterFunc = resetterFunc
  self.activeObjects = {}
  self.inactiveObjects = {}
  self.numActiveObjects = 0
end
function ObjectPoolMixin:Acquire()
  local n = #self.inactiveObjects
  if n > 0 then
    local object = self.inactiveObjects[n]
    self.inactiveObjects[n] = nil
    self.activeObjects[object] = true
    self.numActiveObjects = self.numActiveObjects + 1
    return object, false
  end
  local object = self.creationFunc(self)
  if self.resetterFunc then
    self.resetterFunc(self, object, true)
  end
  self.activeObjects[object] = true
  self.numActiveObjects = self.numActiveObjects + 1
  return object, true
end
function ObjectPoolMixin:Release(object)
  if not self.activeObjects[object] then
    return false
  end
  if self.resetterFunc then
    self.resetterFunc(self, object)
  end
  self.activeObjects[object] = nil
  self.numActiveObjects = self.numActiveObjects - 1
  table.insert(self.inactiveObjects, object)
  return true
end
function ObjectPoolMixin:ReleaseAll()
  for object in pairs(self.activeObjects) do
    self:Release(object)
  end
end
function ObjectPoolMixin:EnumerateActive()
  return pairs(self.activeObjects)
end
function ObjectPoolMixin:EnumerateInactive()
  return ipairs(self.inactiveObjects)
end
function ObjectPoolMixin:GetNumActive()
  return self.numActiveObjects
end
function ObjectPoolMixin:IsActive(object)
  return self.activeObjects[object] ~= nil
end
function CreateObjectPool(creationFunc, resetterFunc)
  local pool = CreateFromMixins(ObjectPoolMixin)
  pool:OnLoad(creationFunc, resetterFunc)
  return pool
end

function Pool_HideAndClearAnchors(pool, region)
  region:Hide()
  region:ClearAllPoints()
end
FramePool_HideAndClearAnchors = Pool_HideAndClearAnchors

function CreateFramePool(frameType, parent, template, resetterFunc, forbidden, frameInitializer)
  local pool = CreateObjectPool(function()
    local frame = CreateFrame(frameType, nil, parent, template)
    if frameInitializer then
      frameInitializer(frame)
    end
    return frame
  end, resetterFunc or Pool_HideAndClearAnchors)
  pool.frameType, pool.parent, pool.frameTemplate = frameType, parent, template
  return pool
end
function CreateTexturePool(parent, layer, subLayer, template, resetterFunc)
  local pool = CreateObjectPool(function()
    return parent:CreateTexture(nil, layer, template, subLayer)
  end, resetterFunc or Pool_HideAndClearAnchors)
  pool.parent, pool.layer, pool.subLayer, pool.textureTemplate = parent, layer, subLayer, template
  return pool
end
function CreateFontStringPool(parent, layer, subLayer, template, resetterFunc)
  local pool = CreateObjectPool(function()
    return parent:CreateFontString(nil, layer, template)
  end, resetterFunc or Pool_HideAndClearAnchors)
  pool.parent, pool.layer, pool.subLayer, pool.fontStringTemplate = parent, layer, subLayer, template
  return pool
end

-- EventUtil: one-shot event callbacks.
EventUtil = {}
function EventUtil.RegisterOnceFrameEventAndCallback(event, callback, ...)
  local required = { n = select("#", ...), ... }
  local f = CreateFrame("Frame")
  f:SetScript("OnEvent", function(self, ev, ...)
    for i = 1, required.n do
      if required[i] ~= select(i, ...) then
        return
      end
    end
    self:UnregisterEvent(event)
    self:SetScript("OnEvent", nil)
    callback(...)
  end)
  f:RegisterEvent(event)
end
function EventUtil.ContinueOnAddOnLoaded(addonName, callback)
  local _, finished = C_AddOns.IsAddOnLoaded(addonName)
  if finished then
    callback()
    return
  end
  EventUtil.RegisterOnceFrameEventAndCallback("ADDON_LOADED", callback, addonName)
end
function EventUtil.ContinueOnPlayerLogin(callback)
  if IsLoggedIn() then
    callback()
    return
  end
  EventUtil.RegisterOnceFrameEventAndCallback("PLAYER_LOGIN", callback)
end

-- Raid warnings: the message goes to the frame (recorded as a chat line by the base).
RaidWarningFrame = CreateFrame("MessageFrame", "RaidWarningFrame", UIParent)
RaidWarningFrame:SetSize(512, 70)
RaidWarningFrame:SetPoint("TOP", UIParent, "TOP", 0, -260)
RaidBossEmoteFrame = CreateFrame("MessageFrame", "RaidBossEmoteFrame", UIParent)
RaidBossEmoteFrame:SetSize(512, 70)
RaidBossEmoteFrame:SetPoint("TOP", RaidWarningFrame, "BOTTOM", 0, 0)
function RaidNotice_AddMessage(noticeFrame, text, colorInfo, displayTime)
  if noticeFrame and text then
    noticeFrame:AddMessage(text, colorInfo and colorInfo.r, colorInfo and colorInfo.g, colorInfo and colorInfo.b)
  end
end
function RaidNotice_Clear(noticeFrame)
  if noticeFrame then
    noticeFrame:Clear()
  end
end

-- The Settings registry (the options window itself is not emulated).
local categories, nextcategory = {}, 0
local SettingsCategory = {}
SettingsCategory.__index = SettingsCategory
function SettingsCategory:GetID()
  return self.ID
end
function SettingsCategory:GetName()
  return self.name
end
function SettingsCategory:SetName(name)
  self.name = name
end
function SettingsCategory:GetParentCategory()
  return self.parentCategory
end
function SettingsCategory:GetSubcategories()
  return self.subcategories
end
local function newcategory(name, parent)
  nextcategory = nextcategory + 1
  local c = setmetatable({ ID = nextcategory, name = name, parentCategory = parent, subcategories = {} }, SettingsCategory)
  categories[#categories + 1] = c
  if parent then
    table.insert(parent.subcategories, c)
  end
  return c
end
local function newlayout(frame)
  local layout = { frame = frame, initializers = {} }
  function layout:GetFrame()
    return self.frame
  end
  function layout:AddInitializer(initializer)
    table.insert(self.initializers, initializer)
  end
  function layout:GetInitializers()
    return self.initializers
  end
  return layout
end

Settings = {}
Settings.VarType = { Boolean = "boolean", Number = "number", String = "string" }
Settings.Default = { True = true, False = false }
function Settings.RegisterCanvasLayoutCategory(frame, name)
  local c = newcategory(name)
  c.layout = newlayout(frame)
  return c, c.layout
end
function Settings.RegisterCanvasLayoutSubcategory(parent, frame, name)
  local c = newcategory(name, parent)
  c.layout = newlayout(frame)
  return c, c.layout
end
function Settings.RegisterVerticalLayoutCategory(name)
  local c = newcategory(name)
  c.layout = newlayout()
  return c, c.layout
end
function Settings.RegisterVerticalLayoutSubcategory(parent, name)
  local c = newcategory(name, parent)
  c.layout = newlayout()
  return c, c.layout
end
function Settings.RegisterAddOnCategory(category)
  category.addon = true
end
function Settings.GetCategory(id)
  for _, c in ipairs(categories) do
    if c.ID == id then
      return c
    end
  end
end
function Settings.OpenToCategory(id, scrollToElementName)
  return SettingsPanel:OpenToCategory(id, scrollToElementName)
end

local settingsbyvar = {}
local SettingObject = {}
SettingObject.__index = SettingObject
function SettingObject:GetVariable()
  return self.variable
end
function SettingObject:GetName()
  return self.name
end
function SettingObject:GetVariableType()
  return self.varType
end
function SettingObject:GetDefaultValue()
  return self.default
end
function SettingObject:GetValue()
  return self.get()
end
function SettingObject:SetValue(value)
  self.set(value)
  if self.onChanged then
    self.onChanged(self, value)
  end
end
function SettingObject:SetValueChangedCallback(callback)
  self.onChanged = function(setting, value)
    callback(setting, value)
  end
end
local function newsetting(category, variable, varType, name, default, get, set)
  local s = setmetatable({ category = category, variable = variable, varType = varType, name = name, default = default, get = get, set = set }, SettingObject)
  settingsbyvar[variable] = s
  return s
end
function Settings.RegisterAddOnSetting(category, variable, key, tbl, varType, name, default)
  if tbl[key] == nil then
    tbl[key] = default
  end
  return newsetting(category, variable, varType, name, default, function()
    return tbl[key]
  end, function(v)
    tbl[key] = v
  end)
end
function Settings.RegisterProxySetting(category, variable, varType, name, default, get, set)
  return newsetting(category, variable, varType, name, default, get, set)
end
function Settings.GetSetting(variable)
  return settingsbyvar[variable]
end
function Settings.GetValue(variable)
  local s = settingsbyvar[variable]
  return s and s:GetValue()
end
function Settings.SetValue(variable, value)
  local s = settingsbyvar[variable]
  if s then
    s:SetValue(value)
  end
end
local function initializer(category, kind, setting, tooltip, options)
  local i = { kind = kind, setting = setting, tooltip = tooltip, options = options }
  function i:GetSetting()
    return self.setting
  end
  if category and category.layout then
    category.layout:AddInitializer(i)
  end
  return i
end
function Settings.CreateCheckbox(category, setting, tooltip)
  return initializer(category, "checkbox", setting, tooltip)
end
function Settings.CreateSlider(category, setting, options, tooltip)
  return initializer(category, "slider", setting, tooltip, options)
end
function Settings.CreateDropdown(category, setting, options, tooltip)
  return initializer(category, "dropdown", setting, tooltip, options)
end

-- The legacy dropdown menu functions (UIDropDownMenuTemplate is in base.lua). The menu list
-- itself is not drawn; the dropdown's own text and width are kept.
UIDROPDOWNMENU_MAXLEVELS = 3
UIDROPDOWNMENU_MAXBUTTONS = 1
UIDROPDOWNMENU_MENU_LEVEL = 1
UIDROPDOWNMENU_MENU_VALUE = nil
UIDROPDOWNMENU_OPEN_MENU = nil
function UIDropDownMenu_Initialize(frame, initFunction, displayMode, level, menuList)
  frame.initialize = initFunction
  frame.displayMode = displayMode
  frame.menuList = menuList
end
function UIDropDownMenu_CreateInfo()
  return {}
end
function UIDropDownMenu_AddButton(info, level) end
-- Makes sure the lists up to `level` exist (the client adds lists and buttons as menus grow);
-- the lists are `DropDownList<n>`, the first three made at start-up.
function UIDropDownMenu_CreateFrames(level, index)
  for n = 1, math.max(level or 1, UIDROPDOWNMENU_MAXLEVELS) do
    if not _G["DropDownList" .. n] then
      local list = CreateFrame("Button", "DropDownList" .. n, UIParent)
      list:SetID(n)
      list:Hide()
    end
  end
  UIDROPDOWNMENU_MAXLEVELS = math.max(level or 1, UIDROPDOWNMENU_MAXLEVELS)
  UIDROPDOWNMENU_MAXBUTTONS = math.max(index or 1, UIDROPDOWNMENU_MAXBUTTONS)
end
function UIDropDownMenu_AddSeparator(level) end
function UIDropDownMenu_SetWidth(frame, width, padding)
  local name = frame:GetName()
  local middle = frame.Middle or (name and _G[name .. "Middle"])
  if middle then
    middle:SetWidth(width)
  end
  frame:SetWidth(width + (padding or 50))
  frame.noResize = 1
end
function UIDropDownMenu_SetButtonWidth(frame, width)
  frame.buttonWidth = width
end
function UIDropDownMenu_SetText(frame, text)
  if frame.Text then
    frame.Text:SetText(text)
  end
end
function UIDropDownMenu_GetText(frame)
  return frame.Text and frame.Text:GetText()
end
function UIDropDownMenu_SetSelectedValue(frame, value)
  frame.selectedValue = value
end
function UIDropDownMenu_GetSelectedValue(frame)
  return frame.selectedValue
end
function UIDropDownMenu_SetSelectedID(frame, id)
  frame.selectedID = id
end
function UIDropDownMenu_GetSelectedID(frame)
  return frame.selectedID
end
function UIDropDownMenu_SetSelectedName(frame, name)
  frame.selectedName = name
end
function UIDropDownMenu_EnableDropDown(frame)
  frame.isDisabled = nil
  if frame.Button then
    frame.Button:Enable()
  end
end
function UIDropDownMenu_DisableDropDown(frame)
  frame.isDisabled = 1
  if frame.Button then
    frame.Button:Disable()
  end
end
function UIDropDownMenu_IsEnabled(frame)
  return not frame.isDisabled
end
function UIDropDownMenu_JustifyText(frame, justify)
  if frame.Text then
    frame.Text:SetJustifyH(justify)
  end
end
function UIDropDownMenu_SetAnchor(frame, xOffset, yOffset, point, relativeTo, relativePoint)
  frame.xOffset, frame.yOffset, frame.point, frame.relativeTo, frame.relativePoint = xOffset, yOffset, point, relativeTo, relativePoint
end
function UIDropDownMenu_Refresh(frame) end
function ToggleDropDownMenu(level, value, dropDownFrame, anchorName, xOffset, yOffset, menuList)
  UIDROPDOWNMENU_OPEN_MENU = dropDownFrame
end
function CloseDropDownMenus(level)
  UIDROPDOWNMENU_OPEN_MENU = nil
end

-- The map canvas mixins (Blizzard_MapCanvas) that map addons derive their providers and pins
-- from. The world map itself is not emulated.
MapCanvasDataProviderMixin = {}
function MapCanvasDataProviderMixin:OnAdded(owningMap)
  self.owningMap = owningMap
end
function MapCanvasDataProviderMixin:OnRemoved(owningMap)
  self.owningMap = nil
end
function MapCanvasDataProviderMixin:RemoveAllData() end
function MapCanvasDataProviderMixin:RefreshAllData(fromOnShow) end
function MapCanvasDataProviderMixin:OnShow() end
function MapCanvasDataProviderMixin:OnHide() end
function MapCanvasDataProviderMixin:OnMapInsetSizeChanged(mapInsetIndex, expanded) end
function MapCanvasDataProviderMixin:OnMapInsetMouseEnter(mapInsetIndex) end
function MapCanvasDataProviderMixin:OnMapInsetMouseLeave(mapInsetIndex) end
function MapCanvasDataProviderMixin:OnCanvasScaleChanged() end
function MapCanvasDataProviderMixin:OnCanvasPanChanged() end
function MapCanvasDataProviderMixin:OnCanvasSizeChanged() end
function MapCanvasDataProviderMixin:OnEvent(event, ...) end
function MapCanvasDataProviderMixin:OnGlobalAlphaChanged() end
function MapCanvasDataProviderMixin:OnMapChanged() end
function MapCanvasDataProviderMixin:GetMap()
  return self.owningMap
end

MapCanvasPinMixin = {}
function MapCanvasPinMixin:OnLoad() end
function MapCanvasPinMixin:OnAcquired(...) end
function MapCanvasPinMixin:OnReleased() end
function MapCanvasPinMixin:OnClick(button) end
function MapCanvasPinMixin:OnMouseEnter() end
function MapCanvasPinMixin:OnMouseLeave() end
function MapCanvasPinMixin:OnMouseDown() end
function MapCanvasPinMixin:OnMouseUp() end
function MapCanvasPinMixin:OnMapInsetSizeChanged(mapInsetIndex, expanded) end
function MapCanvasPinMixin:OnMapInsetMouseEnter(mapInsetIndex) end
function MapCanvasPinMixin:OnMapInsetMouseLeave(mapInsetIndex) end
function MapCanvasPinMixin:OnCanvasScaleChanged() end
function MapCanvasPinMixin:OnCanvasPanChanged() end
function MapCanvasPinMixin:OnCanvasSizeChanged() end
function MapCanvasPinMixin:SetPosition(normalizedX, normalizedY)
  self.normalizedX, self.normalizedY = normalizedX, normalizedY
end
function MapCanvasPinMixin:GetPosition()
  return self.normalizedX, self.normalizedY
end
function MapCanvasPinMixin:GetMap()
  return self.owningMap
end
function MapCanvasPinMixin:UseFrameLevelType(pinFrameLevelType, index)
  self.pinFrameLevelType, self.pinFrameLevelIndex = pinFrameLevelType, index
end
function MapCanvasPinMixin:ApplyFrameLevel() end
function MapCanvasPinMixin:SetScalingLimits(scaleFactor, startScale, endScale)
  self.scaleFactor, self.startScale, self.endScale = scaleFactor, startScale, endScale
end
function MapCanvasPinMixin:ApplyCurrentScale() end
function MapCanvasPinMixin:ApplyCurrentAlpha() end

-- The frame the action bars register their shared events on.
ActionBarActionEventsFrame = CreateFrame("Frame", "ActionBarActionEventsFrame", UIParent)

-- A few of the client's global strings (enUS) that addons use as labels.
NONE, DEFAULT, ADD, REMOVE = "None", "Default", "Add", "Remove"
ENABLE, DISABLE, CLOSE, OKAY, CANCEL = "Enable", "Disable", "Close", "Okay", "Cancel"
YES, NO, ACCEPT, DELETE, RESET, SAVE = "Yes", "No", "Accept", "Delete", "Reset", "Save"
NAME, SETTINGS, OPTIONS, GENERAL, ALL, UNKNOWN = "Name", "Settings", "Options", "General", "All", "Unknown"
DISPLAY, PREVIEW, COLOR = "Display", "Preview", "Color"

-- The CVar globals the client's shared UI code defines over C_CVar.
if not GetCVar then
  function GetCVar(name)
    return C_CVar.GetCVar(name)
  end
end
if not SetCVar then
  function SetCVar(name, value)
    if type(value) == "boolean" then
      return C_CVar.SetCVar(name, value and "1" or "0")
    end
    return C_CVar.SetCVar(name, value and tostring(value) or nil)
  end
end
if not GetCVarBool then
  function GetCVarBool(name)
    return C_CVar.GetCVarBool(name)
  end
end
if not GetCVarDefault then
  function GetCVarDefault(name)
    return C_CVar.GetCVarDefault(name)
  end
end
if not RegisterCVar then
  function RegisterCVar(name, value)
    return C_CVar.RegisterCVar(name, value)
  end
end
function GetCVarNumberOrDefault(name)
  return tonumber(GetCVar(name)) or tonumber(GetCVarDefault(name))
end

template("CooldownFrameTemplate", function(self)
  self:SetAllPoints()
  self:Hide()
  self:SetSwipeColor(0, 0, 0, 0.8)
  self:SetEdgeTexture("Interface\\Cooldown\\UI-HUD-ActionBar-SecondaryCooldown")
  self:SetBlingTexture("Interface\\Cooldown\\star4", 0.3, 0.6, 1, 0.8)
end)

-- The main action bar's buttons (empty slots; the action bars themselves are not emulated).
for i = 1, 12 do
  local name = "ActionButton" .. i
  local button = CreateFrame("CheckButton", name, UIParent)
  button:SetSize(45, 45)
  button.action = i
  button.icon = button:CreateTexture(name .. "Icon", "BACKGROUND")
  button.icon:SetAllPoints()
  button.cooldown = CreateFrame("Cooldown", name .. "Cooldown", button, "CooldownFrameTemplate")
  button:Hide()
end

-- The world map: a hidden frame with the map canvas's data providers and pin pools.
WorldMapFrame = CreateFrame("Frame", "WorldMapFrame", UIParent)
WorldMapFrame:Hide()
WorldMapFrame.ScrollContainer = CreateFrame("ScrollFrame", nil, WorldMapFrame)
WorldMapFrame.ScrollContainer.Child = CreateFrame("Frame", nil, WorldMapFrame.ScrollContainer)
WorldMapFrame.ScrollContainer:SetScrollChild(WorldMapFrame.ScrollContainer.Child)
WorldMapFrame.dataProviders = {}
WorldMapFrame.pinPools = {}
WorldMapFrame.canvasClickHandlers = {}
function WorldMapFrame:GetCanvas()
  return self.ScrollContainer.Child
end
function WorldMapFrame:GetCanvasContainer()
  return self.ScrollContainer
end
function WorldMapFrame:GetMapID()
  return self.mapID
end
function WorldMapFrame:SetMapID(mapID)
  self.mapID = mapID
  for provider in pairs(self.dataProviders) do
    provider:OnMapChanged()
  end
end
function WorldMapFrame:AddDataProvider(provider)
  self.dataProviders[provider] = true
  provider:OnAdded(self)
end
function WorldMapFrame:RemoveDataProvider(provider)
  provider:RemoveAllData()
  self.dataProviders[provider] = nil
  provider:OnRemoved(self)
end
function WorldMapFrame:RefreshAllDataProviders(fromOnShow)
  for provider in pairs(self.dataProviders) do
    provider:RefreshAllData(fromOnShow)
  end
end
function WorldMapFrame:AcquirePin(templateName, ...)
  local pool = self.pinPools[templateName]
  if not pool then
    pool = CreateFramePool("Frame", self:GetCanvas(), templateName)
    self.pinPools[templateName] = pool
  end
  local pin, new = pool:Acquire()
  pin.pinTemplate = templateName
  pin.owningMap = self
  if new and pin.OnLoad then
    pin:OnLoad()
  end
  pin:Show()
  if pin.OnAcquired then
    pin:OnAcquired(...)
  end
  return pin
end
function WorldMapFrame:RemovePin(pin)
  if pin.OnReleased then
    pin:OnReleased()
  end
  self.pinPools[pin.pinTemplate]:Release(pin)
end
function WorldMapFrame:RemoveAllPinsByTemplate(templateName)
  local pool = self.pinPools[templateName]
  if pool then
    pool:ReleaseAll()
  end
end
function WorldMapFrame:EnumeratePinsByTemplate(templateName)
  local pool = self.pinPools[templateName]
  if pool then
    return pool:EnumerateActive()
  end
  return function() end
end
function WorldMapFrame:GetNumActivePinsByTemplate(templateName)
  local pool = self.pinPools[templateName]
  return pool and pool:GetNumActive() or 0
end
function WorldMapFrame:AddCanvasClickHandler(handler, priority)
  table.insert(self.canvasClickHandlers, handler)
end
function WorldMapFrame:RemoveCanvasClickHandler(handler)
  for i, h in ipairs(self.canvasClickHandlers) do
    if h == handler then
      table.remove(self.canvasClickHandlers, i)
      return
    end
  end
end
function WorldMapFrame:SetPinPosition(pin, x, y)
  pin:ClearAllPoints()
  local canvas = self:GetCanvas()
  pin:SetPoint("CENTER", canvas, "TOPLEFT", x * canvas:GetWidth(), -y * canvas:GetHeight())
end
function WorldMapFrame:GetCanvasScale()
  return 1
end
function WorldMapFrame:GetCanvasZoomPercent()
  return 0
end
function WorldMapFrame:IsCanvasMouseFocus()
  return false
end
function WorldMapFrame:GetGlobalPinScale()
  return 1
end

-- The minimap (its art and buttons are not emulated).
if not Minimap then
  MinimapCluster = CreateFrame("Frame", "MinimapCluster", UIParent)
  MinimapCluster:SetSize(192, 192)
  MinimapCluster:SetPoint("TOPRIGHT")
  Minimap = CreateFrame("Minimap", "Minimap", MinimapCluster)
  Minimap:SetSize(140, 140)
  Minimap:SetPoint("CENTER", MinimapCluster, "TOP", 9, -92)
  MinimapCluster.Minimap = Minimap
end

-- The cooldown helpers of the client's UI code.
function CooldownFrame_Set(self, start, duration, enable, forceShowDrawEdge, modRate)
  if enable and enable ~= 0 and start > 0 and duration > 0 then
    self:SetDrawEdge(forceShowDrawEdge)
    self:SetCooldown(start, duration, modRate)
  else
    CooldownFrame_Clear(self)
  end
end
function CooldownFrame_Clear(self)
  self:Clear()
end
function CooldownFrame_SetDisplayAsPercentage(self, percentage)
  local length = 100
  percentage = math.min(math.max(percentage, 0), 1)
  self:Pause()
  self:SetCooldown(GetTime() - length * percentage, length)
end

-- Shared by CallbackRegistryMixin and EventRegistry: a callback registered with extra
-- arguments receives them after the owner, before the event's own payload.
local function bindCallbackArgs(func, ...)
  local n = select("#", ...)
  if n == 0 then
    return func
  end
  local bound = { n = n, ... }
  return function(o, ...)
    local args = { n = 0 }
    for i = 1, bound.n do
      args[i] = bound[i]
    end
    local m = select("#", ...)
    for i = 1, m do
      args[bound.n + i] = select(i, ...)
    end
    return func(o, unpack(args, 1, bound.n + m))
  end
end

-- Adds (or replaces) `owner`'s callback in an event's list, keeping first-registration order.
local function addOwnedCallback(list, owner, f)
  if list.funcs[owner] == nil then
    table.insert(list.order, owner)
  end
  list.funcs[owner] = f
  return owner
end

-- Removes `owner`'s callback from an event's list (nil list or owner: nothing).
local function removeOwnedCallback(list, owner)
  if list and owner ~= nil and list.funcs[owner] then
    list.funcs[owner] = nil
    for i, o in ipairs(list.order) do
      if o == owner then
        table.remove(list.order, i)
        break
      end
    end
  end
end

-- Calls every callback of an event's list in registration order, owner first; the order is
-- copied so a callback may register or unregister others.
local function fireOwnedCallbacks(list, ...)
  if not list then
    return
  end
  local order = { unpack(list.order) }
  for _, owner in ipairs(order) do
    local f = list.funcs[owner]
    if f then
      f(owner, ...)
    end
  end
end

-- CallbackRegistryMixin: named callbacks per object. `GenerateCallbackEvents` declares the
-- events (`self.Event.Name == "Name"`); triggering an undeclared one is an error unless
-- `SetUndefinedEventsAllowed(true)`. A callback is called with its owner first, then the extra
-- arguments given when it was registered, then the event's; an owner left out is a generated
-- number, returned so the caller can unregister.
do
  local nextowner = 0
  CallbackRegistryMixin = {}
  function CallbackRegistryMixin:OnLoad()
    self.callbackLists = {}
    self.isUndefinedEventAllowed = self.isUndefinedEventAllowed or false
  end
  function CallbackRegistryMixin:SetUndefinedEventsAllowed(allowed)
    self.isUndefinedEventAllowed = allowed
  end
  function CallbackRegistryMixin:GenerateCallbackEvents(events)
    self.Event = self.Event or {}
    for _, name in ipairs(events) do
      self.Event[name] = name
    end
  end
  local function lists(self)
    if not self.callbackLists then
      self.callbackLists = {}
    end
    return self.callbackLists
  end
  local function declared(self, event)
    return self.isUndefinedEventAllowed or (self.Event and self.Event[event] ~= nil)
  end
  function CallbackRegistryMixin:RegisterCallback(event, func, owner, ...)
    if type(event) ~= "string" then
      error("CallbackRegistryMixin:RegisterCallback 'event' requires string type.", 2)
    elseif not declared(self, event) then
      error(string.format("CallbackRegistryMixin:RegisterCallback event '%s' doesn't exist.", event), 2)
    elseif type(func) ~= "function" then
      error("CallbackRegistryMixin:RegisterCallback 'func' requires function type.", 2)
    end
    if owner == nil then
      nextowner = nextowner + 1
      owner = nextowner
    end
    local all = lists(self)
    local list = all[event]
    if not list then
      list = { order = {}, funcs = {} }
      all[event] = list
    end
    return addOwnedCallback(list, owner, bindCallbackArgs(func, ...))
  end
  function CallbackRegistryMixin:RegisterCallbackWithHandle(event, func, owner, ...)
    local registry = self
    owner = self:RegisterCallback(event, func, owner, ...)
    return { Unregister = function() registry:UnregisterCallback(event, owner) end }
  end
  function CallbackRegistryMixin:UnregisterCallback(event, owner)
    local list = lists(self)[event]
    removeOwnedCallback(list, owner)
  end
  function CallbackRegistryMixin:UnregisterEvents(events)
    local all = lists(self)
    if events then
      for _, event in ipairs(events) do
        all[event] = nil
      end
    else
      self.callbackLists = {}
    end
  end
  function CallbackRegistryMixin:HasRegistrantsForEvent(event)
    local list = lists(self)[event]
    return list ~= nil and #list.order > 0
  end
  function CallbackRegistryMixin:TriggerEvent(event, ...)
    if type(event) ~= "string" then
      error("CallbackRegistryMixin:TriggerEvent 'event' requires string type.", 2)
    elseif not declared(self, event) then
      error(string.format("CallbackRegistryMixin:TriggerEvent event '%s' doesn't exist.", event), 2)
    end
    local list = lists(self)[event]
    fireOwnedCallbacks(list, ...)
  end
end

-- EventRegistry: the client's shared callback registry. A callback registered with extra
-- arguments is called with them (its owner first) before the event's; otherwise with its owner
-- then the event's arguments.
do
  local callbacks, nextowner = {}, 0
  local frameevents = {}
  EventRegistry = CreateFrame("Frame")
  function EventRegistry:RegisterCallback(event, func, owner, ...)
    if type(event) ~= "string" or type(func) ~= "function" then
      error("RegisterCallback requires an event name and a function", 2)
    end
    if owner == nil then
      nextowner = nextowner + 1
      owner = nextowner
    end
    callbacks[event] = callbacks[event] or { order = {}, funcs = {} }
    local list = callbacks[event]
    return addOwnedCallback(list, owner, bindCallbackArgs(func, ...))
  end
  function EventRegistry:UnregisterCallback(event, owner)
    local list = callbacks[event]
    removeOwnedCallback(list, owner)
  end
  function EventRegistry:TriggerEvent(event, ...)
    local list = callbacks[event]
    fireOwnedCallbacks(list, ...)
  end
  -- Frame events are counted: the event is registered while anyone wants it.
  function EventRegistry:RegisterFrameEvent(frameEvent)
    frameevents[frameEvent] = (frameevents[frameEvent] or 0) + 1
    self:RegisterEvent(frameEvent)
  end
  function EventRegistry:UnregisterFrameEvent(frameEvent)
    local n = math.max((frameevents[frameEvent] or 0) - 1, 0)
    frameevents[frameEvent] = n
    if n == 0 then
      self:UnregisterEvent(frameEvent)
    end
  end
  function EventRegistry:RegisterFrameEventAndCallback(frameEvent, func, owner, ...)
    self:RegisterFrameEvent(frameEvent)
    return self:RegisterCallback(frameEvent, func, owner, ...)
  end
  function EventRegistry:UnregisterFrameEventAndCallback(frameEvent, owner)
    self:UnregisterCallback(frameEvent, owner)
    self:UnregisterFrameEvent(frameEvent)
  end
  -- The callbacks by event (one table: the base keeps one kind of callback).
  function EventRegistry:GetCallbackTables()
    return { callbacks }
  end
  EventRegistry:SetScript("OnEvent", function(self, event, ...)
    self:TriggerEvent(event, ...)
  end)
end

-- Math helpers of the client's UI code.
function Round(value)
  if value < 0 then
    return math.ceil(value - 0.5)
  end
  return math.floor(value + 0.5)
end
function Clamp(value, low, high)
  return math.min(high, math.max(low, value))
end
function Saturate(value)
  return Clamp(value, 0, 1)
end
function Lerp(startValue, endValue, amount)
  return (1 - amount) * startValue + amount * endValue
end

-- Inline texture and atlas markup (`|T...|t`, `|A...|a`) as the client's texture utilities
-- build it: the tex coords (0..1) become pixel offsets in a file of the given size.
function CreateTextureMarkup(file, fileWidth, fileHeight, width, height, left, right, top, bottom, xOffset, yOffset)
  left, right, top, bottom = left or 0, right or 1, top or 0, bottom or 1
  return ("|T%s:%d:%d:%d:%d:%d:%d:%d:%d:%d:%d|t"):format(tostring(file), height or 0, width or 0,
    xOffset or 0, yOffset or 0, fileWidth or 0, fileHeight or 0, left * (fileWidth or 0),
    right * (fileWidth or 0), top * (fileHeight or 0), bottom * (fileHeight or 0))
end
function CreateSimpleTextureMarkup(file, width, height, xOffset, yOffset)
  return ("|T%s:%d:%d:%d:%d|t"):format(tostring(file), height or width or 0, width or 0, xOffset or 0, yOffset or 0)
end
function CreateAtlasMarkup(atlasName, width, height, offsetX, offsetY)
  return ("|A:%s:%d:%d:%d:%d|a"):format(tostring(atlasName), height or 0, width or 0, offsetX or 0, offsetY or 0)
end

-- Dialog templates of the client's shared controls.
local border = "Interface\\PaperDollInfoFrame\\UI-GearManager-Border"
template("UIPanelDialogTemplate", function(self)
  local name = self:GetName()
  local function part(suffix, layer, file)
    return self:CreateTexture(name and (name .. suffix) or nil, layer or "BACKGROUND")
  end
  local tl, tr, bl, br = part("TopLeft"), part("TopRight"), part("BottomLeft"), part("BottomRight")
  for _, t in ipairs({ tl, tr, bl, br }) do
    t:SetTexture(border)
    t:SetSize(64, 64)
  end
  tl:SetPoint("TOPLEFT")
  tr:SetPoint("TOPRIGHT")
  bl:SetPoint("BOTTOMLEFT")
  br:SetPoint("BOTTOMRIGHT")
  local title = self:CreateFontString(nil, "ARTWORK", "GameFontNormal")
  title:SetPoint("TOPLEFT", 12, -8)
  title:SetPoint("TOPRIGHT", -32, -8)
  self.Title = title
  local titlebg = part("TitleBG")
  titlebg:SetTexture("Interface\\PaperDollInfoFrame\\UI-GearManager-Title-Background")
  titlebg:SetPoint("TOPLEFT", 8, -7)
  titlebg:SetPoint("BOTTOMRIGHT", self, "TOPRIGHT", -8, -24)
  local dialogbg = part("DialogBG")
  dialogbg:SetTexture("Interface\\PaperDollInfoFrame\\UI-Character-CharacterTab-L1")
  dialogbg:SetPoint("TOPLEFT", 8, -24)
  dialogbg:SetPoint("BOTTOMRIGHT", -6, 8)
  local close = CreateFrame("Button", name and (name .. "Close") or nil, self, "UIPanelCloseButton")
  close:SetPoint("TOPRIGHT", -2, -4)
end)
template("TitleDragAreaTemplate", function(self)
  self:RegisterForDrag("LeftButton")
  self:SetScript("OnDragStart", function(area)
    area:GetParent().moving = true
    area:GetParent():StartMoving()
  end)
  self:SetScript("OnDragStop", function(area)
    area:GetParent().moving = nil
    area:GetParent():StopMovingOrSizing()
  end)
end)

-- A numeric EditBox with increment/decrement buttons.
NumericInputSpinnerMixin = {}
function NumericInputSpinnerMixin:SetValue(value)
  local newValue = Clamp(value, self.min or -math.huge, self.max or math.huge)
  local exceeded = self.clampIfInputExceedsRange and value ~= newValue
  local changed = newValue ~= self.currentValue
  if exceeded or changed then
    self.currentValue = newValue
    self:SetNumber(newValue)
    if changed and self.onValueChangedCallback then
      self.onValueChangedCallback(self, self:GetNumber())
    end
  end
end
function NumericInputSpinnerMixin:GetValue()
  return self.currentValue or self.min or 0
end
function NumericInputSpinnerMixin:SetMinMaxValues(min, max)
  if self.min ~= min or self.max ~= max then
    self.min, self.max = min, max
    self:SetValue(self:GetValue())
  end
end
function NumericInputSpinnerMixin:SetOnValueChangedCallback(callback)
  self.onValueChangedCallback = callback
end
function NumericInputSpinnerMixin:Increment(amount)
  self:SetValue(self:GetValue() + (amount or 1))
end
function NumericInputSpinnerMixin:Decrement(amount)
  self:SetValue(self:GetValue() - (amount or 1))
end
function NumericInputSpinnerMixin:OnTextChanged()
  self:SetValue(self:GetNumber())
end
template("NumericInputSpinnerTemplate", function(self)
  Mixin(self, NumericInputSpinnerMixin)
  self:SetSize(31, 20)
  self:SetNumeric(true)
  self:SetMaxLetters(3)
  self:SetAutoFocus(false)
  self:SetFontObject("ChatFontNormal")
  local art = "Interface\\Common\\Common-Input-Border"
  self.Left, self.Right, self.Middle = self:CreateTexture(nil, "BACKGROUND"), self:CreateTexture(nil, "BACKGROUND"), self:CreateTexture(nil, "BACKGROUND")
  for _, t in ipairs({ self.Left, self.Right, self.Middle }) do
    t:SetTexture(art)
  end
  self.Left:SetSize(8, 20)
  self.Left:SetPoint("LEFT", -5, 0)
  self.Right:SetSize(8, 20)
  self.Right:SetPoint("RIGHT")
  self.Middle:SetPoint("LEFT", self.Left, "RIGHT")
  self.Middle:SetPoint("RIGHT", self.Right, "LEFT")
  local inc = CreateFrame("Button", nil, self)
  inc:SetSize(23, 22)
  inc:SetPoint("LEFT", self, "RIGHT")
  inc:SetNormalTexture("Interface\\Buttons\\UI-SpellbookIcon-NextPage-Up")
  inc:SetPushedTexture("Interface\\Buttons\\UI-SpellbookIcon-NextPage-Down")
  inc:SetScript("OnClick", function() self:Increment() end)
  local dec = CreateFrame("Button", nil, self)
  dec:SetSize(23, 22)
  dec:SetPoint("RIGHT", self, "LEFT", -4, 0)
  dec:SetNormalTexture("Interface\\Buttons\\UI-SpellbookIcon-PrevPage-Up")
  dec:SetPushedTexture("Interface\\Buttons\\UI-SpellbookIcon-PrevPage-Down")
  dec:SetScript("OnClick", function() self:Decrement() end)
  self.IncrementButton, self.DecrementButton = inc, dec
  self:SetScript("OnTextChanged", self.OnTextChanged)
  self:SetScript("OnEscapePressed", function(box) box:ClearFocus() end)
end)

-- Colours: ColorMixin, CreateColor, and the database colours as globals (NAME and NAME_CODE).
ColorMixin = {}
function ColorMixin:OnLoad(r, g, b, a)
  self:SetRGBA(r, g, b, a)
end
function ColorMixin:SetRGBA(r, g, b, a)
  self.r, self.g, self.b, self.a = r, g, b, a or 1
end
function ColorMixin:SetRGB(r, g, b)
  self:SetRGBA(r, g, b, nil)
end
function ColorMixin:GetRGB()
  return self.r, self.g, self.b
end
function ColorMixin:GetRGBA()
  return self.r, self.g, self.b, self.a
end
function ColorMixin:GetRGBAsBytes()
  return Round(self.r * 255), Round(self.g * 255), Round(self.b * 255)
end
function ColorMixin:GetRGBAAsBytes()
  return Round(self.r * 255), Round(self.g * 255), Round(self.b * 255), Round((self.a or 1) * 255)
end
function ColorMixin:IsRGBEqualTo(other)
  return self.r == other.r and self.g == other.g and self.b == other.b
end
function ColorMixin:IsEqualTo(other)
  return self:IsRGBEqualTo(other) and self.a == other.a
end
function ColorMixin:GenerateHexColor()
  return ("ff%.2x%.2x%.2x"):format(self:GetRGBAsBytes())
end
function ColorMixin:GenerateHexColorNoAlpha()
  return ("%.2X%.2X%.2X"):format(self:GetRGBAsBytes())
end
function ColorMixin:GenerateHexColorMarkup()
  return "|c" .. self:GenerateHexColor()
end
function ColorMixin:WrapTextInColorCode(text)
  return WrapTextInColorCode(text, self:GenerateHexColor())
end
function WrapTextInColorCode(text, colorHexString)
  return ("|c%s%s|r"):format(colorHexString, text)
end
function WrapTextInColor(text, color)
  return WrapTextInColorCode(text, color:GenerateHexColor())
end
function CreateColor(r, g, b, a)
  local color = CreateFromMixins(ColorMixin)
  color:OnLoad(r, g, b, a)
  return color
end
for _, entry in ipairs(C_UIColor.GetColors()) do
  local c = entry.color
  local color = CreateColor(c.r, c.g, c.b, c.a)
  _G[entry.baseTag] = color
  _G[entry.baseTag .. "_CODE"] = color:GenerateHexColorMarkup()
end
FONT_COLOR_CODE_CLOSE = "|r"

-- UI panels: shown and hidden directly (the client's panel layout manager is not emulated).
if not ShowUIPanel then
  function ShowUIPanel(frame, force)
    if frame and not frame:IsShown() then
      frame:Show()
    end
  end
end
if not HideUIPanel then
  function HideUIPanel(frame, skipSetPoint)
    if frame and frame:IsShown() then
      frame:Hide()
    end
  end
end
GameMenuFrame = CreateFrame("Frame", "GameMenuFrame", UIParent)
GameMenuFrame:SetFrameStrata("DIALOG")
GameMenuFrame:Hide()

-- The settings window: a hidden frame that knows the registered categories' layouts.
SettingsPanel = CreateFrame("Frame", "SettingsPanel", UIParent)
SettingsPanel:SetSize(920, 724)
SettingsPanel:SetPoint("CENTER")
SettingsPanel:SetFrameStrata("HIGH")
SettingsPanel:Hide()
function SettingsPanel:GetLayout(category)
  return category and category.layout
end
function SettingsPanel:GetCategory(categoryID)
  return Settings.GetCategory(categoryID)
end
function SettingsPanel:GetCurrentCategory()
  return self.currentCategory
end
function SettingsPanel:SelectCategory(category)
  self.currentCategory = category
end
function SettingsPanel:OpenToCategory(categoryID, scrollToElementName)
  local category = Settings.GetCategory(categoryID)
  if not category then
    return false
  end
  self.currentCategory = category
  ShowUIPanel(self)
  return true
end
function SettingsPanel:Open()
  ShowUIPanel(self)
end
function SettingsPanel:Close()
  HideUIPanel(self)
end

-- The project (game flavour) constants, WOW_PROJECT_ID from the client's interface version.
if WOW_PROJECT_ID == nil then
  WOW_PROJECT_MAINLINE = 1
  WOW_PROJECT_CLASSIC = 2
  WOW_PROJECT_BURNING_CRUSADE_CLASSIC = 5
  WOW_PROJECT_WRATH_CLASSIC = 11
  WOW_PROJECT_CATACLYSM_CLASSIC = 14
  WOW_PROJECT_MISTS_CLASSIC = 19
  local toc = select(4, GetBuildInfo())
  if toc >= 60000 then
    WOW_PROJECT_ID = WOW_PROJECT_MAINLINE
  elseif toc >= 50000 then
    WOW_PROJECT_ID = WOW_PROJECT_MISTS_CLASSIC
  elseif toc >= 40000 then
    WOW_PROJECT_ID = WOW_PROJECT_CATACLYSM_CLASSIC
  elseif toc >= 30000 then
    WOW_PROJECT_ID = WOW_PROJECT_WRATH_CLASSIC
  elseif toc >= 20000 then
    WOW_PROJECT_ID = WOW_PROJECT_BURNING_CRUSADE_CLASSIC
  else
    WOW_PROJECT_ID = WOW_PROJECT_CLASSIC
  end
end
