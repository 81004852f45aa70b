-- wow-sim built-in base: more of the client's shared pieces: the money frames
-- (`MoneyFrameTemplate`, `SmallMoneyFrameTemplate`: gold, silver and copper buttons filled by
-- `MoneyFrame_Update` for a money type), 3D vectors (`CreateVector3D`), the material text
-- colours (`GetMaterialTextColors`), the font string that shrinks until it fits
-- (`ShrinkUntilTruncateFontStringMixin`), the options list button's expand toggle and `nop`.
-- Written for wow-sim from the client's names and shapes; it is not client code. Receives
-- `template` (defines or answers a Lua template).
local template = ...

local function define(name, value)
  if rawget(_G, name) == nil then
    _G[name] = value
  end
end

-- The function that does nothing, which addons assign to what they switch off.
define("nop", function() end)

-- The class icon atlas of a class file name.
define("GetClassAtlas", function(className)
  return ("classicon-%s"):format(className)
end)

-- ---- 3D vectors ----
Vector3DMixin = Vector3DMixin or {}
function Vector3DMixin:GetXYZ()
  return self.x, self.y, self.z
end
function Vector3DMixin:SetXYZ(x, y, z)
  self.x, self.y, self.z = x, y, z
end
function Vector3DMixin:IsEqualTo(other)
  return self.x == other.x and self.y == other.y and self.z == other.z
end
function Vector3DMixin:ScaleBy(s)
  self:SetXYZ(self.x * s, self.y * s, self.z * s)
end
function Vector3DMixin:Add(o)
  self:SetXYZ(self.x + o.x, self.y + o.y, self.z + o.z)
end
function Vector3DMixin:Subtract(o)
  self:SetXYZ(self.x - o.x, self.y - o.y, self.z - o.z)
end
function Vector3DMixin:Cross(o)
  self:SetXYZ(self.y * o.z - self.z * o.y, self.z * o.x - self.x * o.z, self.x * o.y - self.y * o.x)
end
function Vector3DMixin:Dot(o)
  return self.x * o.x + self.y * o.y + self.z * o.z
end
function Vector3DMixin:GetLengthSquared()
  return self:Dot(self)
end
function Vector3DMixin:GetLength()
  return math.sqrt(self:GetLengthSquared())
end
function Vector3DMixin:Normalize()
  local length = self:GetLength()
  if length > 0 then
    self:ScaleBy(1 / length)
  end
end
function Vector3DMixin:Clone()
  return CreateVector3D(self.x, self.y, self.z)
end
define("CreateVector3D", function(x, y, z)
  local v = CreateFromMixins(Vector3DMixin)
  v:SetXYZ(x, y, z)
  return v
end)

-- ---- material colours ----
-- The text and title colours of the quest and book materials, from the colour database
-- (`STONE_MATERIAL_TEXT_COLOR`, ...); `GetMaterialTextColors` answers them as {r, g, b} arrays,
-- the default material's for one the table lacks.
local MATERIALS = { Default = "DEFAULT", Stone = "STONE", Parchment = "PARCHMENT", Marble = "MARBLE",
  Silver = "SILVER", Bronze = "BRONZE", ParchmentLarge = "PARCHMENTLARGE" }
if rawget(_G, "MATERIAL_TEXT_COLOR_TABLE") == nil then
  MATERIAL_TEXT_COLOR_TABLE, MATERIAL_TITLETEXT_COLOR_TABLE = {}, {}
  for material, prefix in pairs(MATERIALS) do
    MATERIAL_TEXT_COLOR_TABLE[material] = rawget(_G, prefix .. "_MATERIAL_TEXT_COLOR")
    MATERIAL_TITLETEXT_COLOR_TABLE[material] = rawget(_G, prefix .. "_MATERIAL_TITLETEXT_COLOR")
  end
end
define("GetMaterialTextColors", function(material)
  local text, title = MATERIAL_TEXT_COLOR_TABLE[material], MATERIAL_TITLETEXT_COLOR_TABLE[material]
  if not (text and title) then
    text, title = MATERIAL_TEXT_COLOR_TABLE.Default, MATERIAL_TITLETEXT_COLOR_TABLE.Default
  end
  return { text:GetRGB() }, { title:GetRGB() }
end)

-- ---- the font string that shrinks until it fits ----
local fontString = getmetatable(UIParent:CreateFontString()).__index
ShrinkUntilTruncateFontStringMixin = ShrinkUntilTruncateFontStringMixin or {}
local shrink = ShrinkUntilTruncateFontStringMixin
local function needFonts(self)
  if not self.fontObjectsToTry then
    error("No fonts applied to ShrinkUntilTruncateFontStringMixin, call SetFontObjectsToTry first", 3)
  end
end
-- The font objects to try, largest first.
function shrink:SetFontObjectsToTry(...)
  self.fontObjectsToTry = { ... }
  if self:GetText() then
    self:ApplyFontObjects()
  end
end
-- The first font object under which the text is not truncated (else the smallest).
function shrink:ApplyFontObjects()
  needFonts(self)
  for _, font in ipairs(self.fontObjectsToTry) do
    self:SetFontObject(font)
    if not self:IsTruncated() then
      break
    end
  end
end
function shrink:SetText(text)
  if not self:GetFont() then
    needFonts(self)
    self:SetFontObject(self.fontObjectsToTry[1])
  end
  fontString.SetText(self, text)
  self:ApplyFontObjects()
end
function shrink:SetFormattedText(format, ...)
  if not self:GetFont() then
    needFonts(self)
    self:SetFontObject(self.fontObjectsToTry[1])
  end
  fontString.SetFormattedText(self, format, ...)
  self:ApplyFontObjects()
end

-- ---- the options list button's toggle ----
-- `OptionsListButtonTemplate`'s expand toggle (`Toggle`, also `toggle`), hidden until the
-- entry has children.
local optionsListButton = template("OptionsListButtonTemplate")
template("OptionsListButtonTemplate", function(self)
  optionsListButton(self)
  self:SetSize(175, 18)
  local toggle = CreateFrame("Button", nil, self)
  toggle:SetSize(14, 14)
  toggle:SetPoint("TOPRIGHT", -6, -1)
  toggle:SetNormalTexture("Interface\\Buttons\\UI-MinusButton-UP")
  toggle:SetPushedTexture("Interface\\Buttons\\UI-MinusButton-DOWN")
  toggle:SetHighlightTexture("Interface\\Buttons\\UI-PlusButton-Hilight", "ADD")
  toggle:RegisterForClicks("LeftButtonUp", "RightButtonUp")
  toggle:Hide()
  self.Toggle, self.toggle = toggle, toggle
  -- What its OnLoad sets: the text by its old key, left of the toggle, and the highlight.
  self.text = self.Text
  self.text:SetJustifyH("LEFT")
  self.text:ClearAllPoints()
  self.text:SetPoint("LEFT", 8, 2)
  self.text:SetPoint("RIGHT", toggle, "LEFT", -2, 0)
  self.highlight = self:GetHighlightTexture()
  if self.highlight then
    self.highlight:SetVertexColor(0.196, 0.388, 0.8)
  end
  self:RegisterForClicks("LeftButtonUp", "RightButtonUp")
end)

-- ---- money frames ----
-- How each money type finds its amount (`MoneyFrame_SetType`): the player's money, or a
-- static amount set with `MoneyFrame_Update`.
MoneyTypeInfo = MoneyTypeInfo or {}
MoneyTypeInfo.PLAYER = MoneyTypeInfo.PLAYER or {
  UpdateFunc = function()
    return (GetMoney() or 0) - (GetCursorMoney() or 0) - (GetPlayerTradeMoney() or 0)
  end,
  collapse = 1,
  showSmallerCoins = "Backpack",
}
MoneyTypeInfo.STATIC = MoneyTypeInfo.STATIC or {
  UpdateFunc = function(self)
    return self.staticMoney
  end,
  collapse = 1,
}
for _, kind in ipairs({ "AUCTION", "GUILDBANK", "GUILD_REPAIR", "TOOLTIP" }) do
  MoneyTypeInfo[kind] = MoneyTypeInfo[kind] or { UpdateFunc = MoneyTypeInfo.STATIC.UpdateFunc, collapse = 1 }
end

-- One coin button: its icon at the right, the amount beside it.
local function coinButton(frame, key, atlas, font, width, height)
  local name = frame:GetName()
  local b = CreateFrame("Button", name and (name .. key) or nil, frame)
  b:SetSize(width, height)
  local icon = b:CreateTexture(nil, "ARTWORK")
  icon:SetAtlas(atlas)
  icon:SetSize(height, height)
  icon:SetPoint("RIGHT")
  b.NormalTexture = icon
  local text = b:CreateFontString(b:GetName() and (b:GetName() .. "Text") or nil, "ARTWORK", font)
  text:SetPoint("RIGHT", -height, 0)
  b:SetFontString(text)
  b.Text = text
  frame[key] = b
  return b
end
local function moneyFrame(self, small)
  local font = small and "NumberFontNormalRight" or "NumberFontNormalLargeRight"
  local w, h, gap = small and 32 or 47, small and 13 or 19, small and 1 or 4
  self:SetSize(small and 128 or 192, small and 13 or 28)
  local copper = coinButton(self, "CopperButton", "coin-copper", font, w, h)
  copper:SetPoint("RIGHT", small and 0 or -13, 0)
  local silver = coinButton(self, "SilverButton", "coin-silver", font, w, h)
  silver:SetPoint("RIGHT", copper, "LEFT", -gap, 0)
  local gold = coinButton(self, "GoldButton", "coin-gold", font, w, h)
  gold:SetPoint("RIGHT", silver, "LEFT", -gap, 0)
  self.small = small and 1 or nil
  self:SetScript("OnEvent", function(frame, event, ...)
    MoneyFrame_OnEvent(frame, event, ...)
  end)
  self:SetScript("OnShow", function(frame)
    MoneyFrame_UpdateMoney(frame)
  end)
end
template("MoneyFrameTemplate", function(self)
  moneyFrame(self, false)
end)
template("SmallMoneyFrameTemplate", function(self)
  moneyFrame(self, true)
end)

function MoneyFrame_OnLoad(self)
  self:RegisterEvent("PLAYER_MONEY")
  self:RegisterEvent("PLAYER_TRADE_MONEY")
  self:RegisterEvent("SEND_MAIL_MONEY_CHANGED")
  self:RegisterEvent("SEND_MAIL_COD_CHANGED")
  MoneyFrame_SetType(self, "PLAYER")
end
function SmallMoneyFrame_OnLoad(self, moneyType)
  self.small = 1
  MoneyFrame_SetType(self, moneyType or "PLAYER")
end
function MoneyFrame_OnEvent(self, event)
  if self.info and self:IsVisible() and (event == "PLAYER_MONEY" or event == "PLAYER_TRADE_MONEY") then
    MoneyFrame_UpdateMoney(self)
  end
end
function MoneyFrame_SetType(self, moneyType)
  local info = MoneyTypeInfo[moneyType]
  if not info then
    error("Invalid money type: " .. tostring(moneyType), 2)
  end
  self.info, self.moneyType = info, moneyType
  MoneyFrame_UpdateMoney(self)
end
function MoneyFrame_UpdateMoney(self)
  local info = self.info
  if info and info.UpdateFunc then
    local money = info.UpdateFunc(self)
    if money then
      MoneyFrame_Update(self, money)
    end
  end
end
-- Shows an amount on a money frame: each coin's amount on its button, the coins worth nothing
-- hidden (copper shows for nothing at all), the frame as wide as what shows.
local updateText = MoneyFrame_Update
function MoneyFrame_Update(frameOrName, money, forceShow)
  local frame = type(frameOrName) == "string" and _G[frameOrName] or frameOrName
  if not (frame and frame.CopperButton) then
    return updateText(frameOrName, money)
  end
  money = math.floor(tonumber(money) or 0)
  frame.staticMoney = frame.moneyType == "STATIC" and money or frame.staticMoney
  local gold, silver, copper = math.floor(money / 10000), math.floor(money / 100) % 100, money % 100
  local width = 0
  for _, coin in ipairs({ { frame.GoldButton, gold }, { frame.SilverButton, silver }, { frame.CopperButton, copper } }) do
    local b, amount = coin[1], coin[2]
    b:SetText(amount)
    local shown = amount > 0 or forceShow or (b == frame.CopperButton and gold == 0 and silver == 0)
    b:SetShown(shown and true or false)
    if shown then
      b:SetWidth(b.Text:GetStringWidth() + b:GetHeight() + 2)
      width = width + b:GetWidth()
    end
  end
  frame:SetWidth(math.max(width, 1))
end

-- ---- the secure group headers ----
-- The party, raid and pet headers are the group header with which groups they show
-- (`showParty`, `showRaid`); the aura header is a secure frame of its own.
local groupHeader = template("SecureGroupHeaderTemplate")
local function header(attribute)
  return function(self)
    groupHeader(self)
    if attribute then
      self:SetAttribute(attribute, true)
    end
  end
end
for name, attribute in pairs({ SecurePartyHeaderTemplate = "showParty", SecureRaidGroupHeaderTemplate = "showRaid",
  SecureGroupPetHeaderTemplate = false, SecurePartyPetHeaderTemplate = "showParty",
  SecureRaidPetHeaderTemplate = "showRaid" }) do
  if not template(name) then
    template(name, header(attribute or nil))
  end
end
if not template("SecureAuraHeaderTemplate") then
  template("SecureAuraHeaderTemplate", function(self)
    template("SecureFrameTemplate")(self)
    self:Hide()
  end)
end

-- ---- globals by name, dialog positions, nameplate constants ----
define("getglobal", function(name)
  return _G[name]
end)
define("setglobal", function(name, value)
  _G[name] = value
end)
-- Places a shown dialog: on the full screen frame, in the dialog strata, below the other shown
-- dialogs (the first one near the top of the screen).
define("StaticPopup_SetUpPosition", function(dialog)
  dialog:SetParent(UIParent)
  dialog:SetFrameStrata("DIALOG")
  local last
  for i = 1, STATICPOPUP_NUMDIALOGS or 4 do
    local other = _G["StaticPopup" .. i]
    if other and other ~= dialog and other:IsShown() then
      last = other
    end
  end
  dialog:ClearAllPoints()
  if last then
    dialog:SetPoint("TOP", last, "BOTTOM", 0, 0)
  else
    dialog:SetPoint("TOP", UIParent, "TOP", 0, -135)
  end
end)
-- Retail's nameplate constants: the CVars of the nameplate options, bar and font heights and
-- the scales of each nameplate size.
if WOW_PROJECT_ID == WOW_PROJECT_MAINLINE and rawget(_G, "NamePlateConstants") == nil then
  local c = {
    PREVIEW_UNIT_TOKEN = "preview",
    AURA_ITEM_HEIGHT = 25, LARGE_HEALTH_BAR_HEIGHT = 20, SMALL_HEALTH_BAR_HEIGHT = 10,
    HEALTH_BAR_FONT_HEIGHT = 12, LARGE_CAST_BAR_HEIGHT = 16, SMALL_CAST_BAR_HEIGHT = 10,
    CAST_BAR_FONT_HEIGHT = 10, CAST_BAR_ICON_HEIGHT = 12,
  }
  for key, cvar in pairs({ INFO_DISPLAY = "nameplateInfoDisplay", CAST_BAR_DISPLAY = "nameplateCastBarDisplay",
    THREAT_DISPLAY = "nameplateThreatDisplay", ENEMY_NPC_AURA_DISPLAY = "nameplateEnemyNpcAuraDisplay",
    ENEMY_PLAYER_AURA_DISPLAY = "nameplateEnemyPlayerAuraDisplay",
    FRIENDLY_PLAYER_AURA_DISPLAY = "nameplateFriendlyPlayerAuraDisplay",
    SHOW_DEBUFFS_ON_FRIENDLY = "nameplateShowDebuffsOnFriendly", DEBUFF_PADDING = "nameplateDebuffPadding",
    AURA_SCALE = "nameplateAuraScale", SIZE = "nameplateSize", STYLE = "nameplateStyle",
    SIMPLIFIED_TYPES = "nameplateSimplifiedTypes", SOFT_TARGET_NAMEPLATE_SIZE = "SoftTargetNameplateSize",
    SOFT_TARGET_ICON_ENEMY = "SoftTargetIconEnemy", SOFT_TARGET_ICON_FRIEND = "SoftTargetIconFriend",
    SOFT_TARGET_ICON_INTERACT = "SoftTargetIconInteract", SHOW_FRIENDLY_NPCS = "nameplateShowFriendlyNpcs",
    SHOW_ONLY_NAME_FOR_FRIENDLY_PLAYER_UNITS = "nameplateShowOnlyNameForFriendlyPlayerUnits",
    USE_CLASS_COLOR_FOR_FRIENDLY_PLAYER_UNIT_NAMES = "nameplateUseClassColorForFriendlyPlayerUnitNames" }) do
    c[key .. "_CVAR"] = cvar
  end
  c.NAME_PLATE_SCALES = {}
  local sizes = Enum and Enum.NamePlateSize or {}
  for name, scale in pairs({ Small = 0.75, Medium = 1, Large = 1.25, ExtraLarge = 1.4, Huge = 1.6 }) do
    if sizes[name] then
      local vertical = name == "Small" and 0.8 or scale
      c.NAME_PLATE_SCALES[sizes[name]] = { horizontal = scale, vertical = vertical, classification = vertical,
        aura = scale, aggroHighlight = name == "Small" and 1 or scale }
    end
  end
  NamePlateConstants = c
end
-- Escape closes the shown dialogs that allow it (`hideOnEscape`); answers whether one closed.
define("StaticPopup_EscapePressed", function()
  local closed = false
  for i = 1, STATICPOPUP_NUMDIALOGS or 4 do
    local dialog = _G["StaticPopup" .. i]
    local info = dialog and dialog:IsShown() and StaticPopupDialogs[dialog.which]
    if info and info.hideOnEscape then
      if info.OnCancel then
        info.OnCancel(dialog, dialog.data, "clicked")
      end
      dialog:Hide()
      closed = true
    end
  end
  return closed
end)
-- A duration as a clock: minutes and seconds, with the hours when there are any (or asked for).
define("SecondsToClock", function(seconds, displayZeroHours)
  seconds = math.max(0, math.floor(seconds or 0))
  local hours, minutes, secs = math.floor(seconds / 3600), math.floor(seconds / 60) % 60, seconds % 60
  if hours > 0 or displayZeroHours then
    return format(HOURS_MINUTES_SECONDS or "%.2d:%.2d:%.2d", hours, minutes, secs)
  end
  return format(MINUTES_SECONDS or "%.2d:%.2d", minutes, secs)
end)

-- ---- the alert frame and the dialog borders ----
-- The alert container (`AlertFrame`): its alert systems, the full screen frame and strata the
-- alerts are parented to (UIParent until a full screen panel takes them), whether alerts show.
DEFAULT_FULLSCREEN_STRATA = DEFAULT_FULLSCREEN_STRATA or "FULLSCREEN_DIALOG"
AlertContainerMixin = AlertContainerMixin or {}
local alerts = AlertContainerMixin
function alerts:SetFullScreenFrame(frame, strata)
  if frame then
    self.fullscreenFrame, self.fullscreenStrata = frame, strata or DEFAULT_FULLSCREEN_STRATA
    self:ReparentAlerts()
  end
end
function alerts:ClearFullScreenFrame()
  self.fullscreenFrame, self.fullscreenStrata = UIParent, DEFAULT_FULLSCREEN_STRATA
  self:ReparentAlerts()
end
-- Moves the shown alerts of every system to the full screen frame.
function alerts:ReparentAlerts()
  for _, system in ipairs(self.alertFrameSubSystems) do
    if system.alertFramePool then
      for frame in system.alertFramePool:EnumerateActive() do
        frame:SetParent(self.fullscreenFrame)
        frame:SetFrameStrata(self.fullscreenStrata)
      end
    end
  end
end
function alerts:SetAlertsEnabled(enabled, reason)
  self.shouldQueueAlertsFlags[reason] = enabled
end
function alerts:AreAlertsEnabled()
  for _, enabled in pairs(self.shouldQueueAlertsFlags) do
    if not enabled then
      return false
    end
  end
  return true
end
if rawget(_G, "AlertFrame") and not AlertFrame.alertFrameSubSystems then
  Mixin(AlertFrame, alerts)
  AlertFrame.alertFrameSubSystems, AlertFrame.shouldQueueAlertsFlags = {}, {}
  AlertFrame.fullscreenFrame, AlertFrame.fullscreenStrata = UIParent, DEFAULT_FULLSCREEN_STRATA
  AlertFrame.baseAnchorFrame = AlertFrame
end

-- The dialog border without a centre (a nine-slice panel of the dialog layout over its
-- parent), and the translucent one over a dark background.
local function dialogBorder(self)
  self.layoutType = "Dialog"
  template("NineSlicePanelTemplate")(self)
  self:SetAllPoints()
end
if not template("DialogBorderNoCenterTemplate") then
  template("DialogBorderNoCenterTemplate", dialogBorder)
end
if not template("DialogBorderTranslucentTemplate") then
  template("DialogBorderTranslucentTemplate", function(self)
    dialogBorder(self)
    self.Bg = self:CreateTexture(nil, "BACKGROUND", nil, -5)
    self.Bg:SetPoint("TOPLEFT", 7, -7)
    self.Bg:SetPoint("BOTTOMRIGHT", -7, 7)
    self.Bg:SetColorTexture(0, 0, 0, 0.8)
  end)
end
