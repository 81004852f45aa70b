-- wow-sim built-in base: the tooltips' Lua parts. Retail's game tooltips fill themselves from
-- tooltip data: each `Set<X>` accessor (`SetUnitAura`, `SetAction`, `SetInventoryItem`, ...) asks
-- `C_TooltipInfo.Get<X>` for the data and shows its lines, then runs the tooltip data
-- processor's callbacks; in Classic those accessors are the object type's own methods. Both
-- flavours have the embedded item tooltip (`EmbeddedItemTooltip` with its `ItemTooltip`: an
-- icon beside a tooltip of the item) and the `EmbeddedItemTooltip_*` functions that fill it;
-- the dropdown menu lists' backdrops (`DropDownList<n>Backdrop`, `...MenuBackdrop`).
-- Written for wow-sim from the client's names and shapes; it is not client code. Receives
-- `template` (defines or answers a Lua template).
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

local function define(name, value)
  if rawget(_G, name) == nil then
    _G[name] = value
  end
end

-- The accessors retail's tooltip data handler has, by the C_TooltipInfo getter each one uses
-- (`Set` .. name asks `C_TooltipInfo.Get` .. name). The base's own `SetUnit`, `SetSpellByID`,
-- `SetItemByID`, `SetBagItem` and `SetHyperlink` stay as they are.
local ACCESSORS = [[
MerchantItem CurrencyToken ItemByItemModifiedAppearanceID InventoryItem RecipeReagentItem
WeeklyReward InboxItem SendMailItem TradePlayerItem TradeTargetItem QuestItem QuestLogItem
QuestLogSpecialItem LootItem LootRollItem GuildBankItem HeirloomByItemID RuneforgeResultItem
ArtifactItem BagItemChild BuybackItem ExistingSocketGem InventoryItemByID ItemKey
LFGDungeonReward LFGDungeonShortageReward SocketGem SocketedItem SocketedRelic UpgradeItem
BackpackToken CurrencyByID LootCurrency QuestCurrency QuestLogCurrency ArtifactPowerByID
Shapeshift AzeritePower AzeriteEssence AzeriteEssenceSlot Talent PvpTalent MountBySpellID
PetAction Conduit CompanionPet Possession AchievementByID EnhancedConduit EquipmentSet
InstanceLockEncountersComplete PvpBrawl RecipeRankInfo Totem ToyByItemID MerchantCostItem
TrainerService RecipeResultItem RecipeResultItemForOrder Action SpellBookItem OwnedItemByID
QuestPartyProgress UnitAura UnitBuff UnitDebuff MinimapMouseover UnitBuffByAuraInstanceID
UnitDebuffByAuraInstanceID UnitAuraByAuraInstanceID TraitEntry SlottedKeystone
ItemInteractionItem ItemByGUID WorldLootObject Outfit
]]

-- Shows tooltip data (`data.lines`, each with `leftText` and optionally `rightText` and their
-- colours) on the tooltip and runs the processor's callbacks; answers whether there was data.
local function showData(tooltip, data, getterName, args)
  tooltip.wowsimShows = { kind = "data", a = getterName, b = args, data = data }
  if type(data) ~= "table" then
    return false
  end
  for _, line in ipairs(data.lines or {}) do
    local left, right = line.leftText, line.rightText
    local lc, rc = line.leftColor, line.rightColor
    if left and right then
      tooltip:AddDoubleLine(left, right, lc and lc.r, lc and lc.g, lc and lc.b, rc and rc.r, rc and rc.g, rc and rc.b)
    elseif left then
      tooltip:AddLine(left, lc and lc.r, lc and lc.g, lc and lc.b, line.wrapText)
    end
  end
  local processor = rawget(_G, "TooltipDataProcessor")
  if processor and processor.wowsimRun then
    processor.wowsimRun(tooltip, data)
  end
  return true
end

local function accessor(name)
  local getterName = "Get" .. name
  return function(self, ...)
    self:ClearLines()
    local info = rawget(_G, "C_TooltipInfo")
    local getter = type(info) == "table" and info[getterName]
    if type(getter) ~= "function" then
      error("C_TooltipInfo." .. getterName .. " is not in this client's API", 2)
    end
    return showData(self, getter(...), getterName, { ... })
  end
end

-- The data a tooltip shows from an accessor (retail's `GetTooltipData`, `GetPrimaryTooltipData`).
local function getTooltipData(self)
  local s = self.wowsimShows
  return s and s.kind == "data" and s.data or nil
end

if isRetail then
  local added = {}
  for name in ACCESSORS:gmatch("%S+") do
    if GameTooltipDataMixin["Set" .. name] == nil then
      local f = accessor(name)
      GameTooltipDataMixin["Set" .. name] = f
      added["Set" .. name] = f
    end
  end
  GameTooltipDataMixin.GetTooltipData = GameTooltipDataMixin.GetTooltipData or getTooltipData
  GameTooltipDataMixin.GetPrimaryTooltipData = GameTooltipDataMixin.GetPrimaryTooltipData or getTooltipData
  added.GetTooltipData = GameTooltipDataMixin.GetTooltipData
  added.GetPrimaryTooltipData = GameTooltipDataMixin.GetPrimaryTooltipData
  -- The tooltips made before this file (GameTooltip, ItemRefTooltip, ...) get them too.
  local marker = GameTooltipDataMixin.SetUnit
  for _, value in pairs(_G) do
    if type(value) == "table" and rawget(value, "SetUnit") == marker then
      for key, f in pairs(added) do
        if rawget(value, key) == nil then
          value[key] = f
        end
      end
    end
  end
end

-- ---- the embedded item tooltip ----
-- `InternalEmbeddedItemTooltipTemplate`: an icon (with count, border and overlays) and, to its
-- right, a game tooltip (`Tooltip`, named `<name>Tooltip`) that shows the item.
template("InternalEmbeddedItemTooltipTemplate", function(self)
  self:SetSize(100, 100)
  local icon = self:CreateTexture(nil, "ARTWORK")
  icon:SetSize(28, 28)
  icon:SetPoint("TOPLEFT")
  self.Icon = icon
  self.Count = self:CreateFontString(nil, "ARTWORK", "NumberFontNormalSmall")
  self.Count:SetPoint("BOTTOMRIGHT", icon, 5, 2)
  self.Count:Hide()
  self.Text = self:CreateFontString(nil, "ARTWORK", "GameTooltipText")
  self.Text:SetPoint("TOPLEFT", icon, "TOPRIGHT", 8, 0)
  for _, key in ipairs({ "IconBorder", "IconOverlay", "IconOverlay2" }) do
    local t = self:CreateTexture(nil, "OVERLAY")
    t:SetSize(28, 28)
    t:SetPoint("CENTER", icon)
    t:Hide()
    self[key] = t
  end
  self.IconBorder:SetTexture("Interface\\Common\\WhiteIconFrame")
  local name = self:GetName()
  local tip = CreateFrame("GameTooltip", name and (name .. "Tooltip") or nil, self, "GameTooltipTemplate")
  tip.IsEmbedded = true
  tip:SetPoint("TOPLEFT", icon, "TOPRIGHT", 0, 10)
  self.Tooltip = tip
  if isRetail then
    self.FollowerTooltip = CreateFrame("Frame", name and (name .. "GarrisonFollowerTooltip") or nil, self)
    self.FollowerTooltip:Hide()
  end
end)

if rawget(_G, "EmbeddedItemTooltip") == nil then
  local tip = CreateFrame("GameTooltip", "EmbeddedItemTooltip", UIParent, "GameTooltipTemplate")
  tip:Hide()
end
if not EmbeddedItemTooltip.ItemTooltip then
  local tip = EmbeddedItemTooltip
  tip.BottomFontString = tip:CreateFontString(nil, "ARTWORK", "GameFontNormal")
  tip.BottomFontString:SetPoint("BOTTOMLEFT", 10, 10)
  tip.BottomFontString:Hide()
  local item = CreateFrame("Frame", nil, tip, "InternalEmbeddedItemTooltipTemplate")
  item:SetPoint("BOTTOMLEFT", tip.BottomFontString, "TOPLEFT", 0, 10)
  item:Hide()
  tip.ItemTooltip = item
  local shopping = { rawget(_G, "ShoppingTooltip1"), rawget(_G, "ShoppingTooltip2") }
  tip.shoppingTooltips, item.Tooltip.shoppingTooltips = shopping, shopping
  tip:HookScript("OnHide", function(self)
    self.ItemTooltip:Hide()
    self.BottomFontString:Hide()
  end)
end

-- Pads a tooltip so its embedded item tooltip and bottom line fit below its lines (the item
-- tooltip goes above the bottom line, or at the bottom left).
define("GameTooltip_CalculatePadding", function(tooltip)
  local item, bottom = tooltip.ItemTooltip, tooltip.BottomFontString
  if not tooltip.GetPadding then
    return
  end
  local itemW, itemH, bottomW, bottomH = 0, 0, 0, 0
  if item and item:IsShown() then
    itemW, itemH = item:GetSize()
    itemW = itemW + 9
  end
  if bottom and bottom:IsShown() then
    bottomW, bottomH = bottom:GetSize()
    bottomW, bottomH = bottomW + 20, bottomH + 7
    if item then
      item:SetPoint("BOTTOMLEFT", bottom, "TOPLEFT", 0, 10)
    end
  elseif item then
    item:SetPoint("BOTTOMLEFT", 10, 13)
  end
  local extraW, extraH = math.max(itemW, bottomW), itemH + bottomH
  local oldW, oldH = tooltip:GetPadding()
  oldW, oldH = oldW or 0, oldH or 0
  local width = tooltip:GetWidth() - oldW
  local padW = width <= extraW and extraW - width or 0
  local padH = extraH > 0 and extraH + 5 or 0
  if math.abs(padW - oldW) > 0.5 or math.abs(padH - oldH) > 0.5 then
    tooltip:SetPadding(padW, padH)
  end
end)

-- Sizes the embedded tooltip to its icon and tooltip (the tooltip's extra border left out).
define("EmbeddedItemTooltip_UpdateSize", function(self)
  if self.Tooltip:IsShown() then
    local height = math.max(self.Tooltip:GetHeight() - 22, self.Icon:GetHeight())
    self:SetSize(self.Tooltip:GetWidth() + self.Icon:GetWidth(), height)
  elseif self.FollowerTooltip and self.FollowerTooltip:IsShown() then
    self:SetSize(self.FollowerTooltip:GetSize())
  end
  GameTooltip_CalculatePadding(self:GetParent())
end)
define("EmbeddedItemTooltip_Hide", function(self)
  self:Hide()
  GameTooltip_CalculatePadding(self:GetParent())
end)
define("EmbeddedItemTooltip_Clear", function(self)
  self.Icon:Hide()
  self.IconBorder:Hide()
  self.Tooltip:Hide()
  if self.FollowerTooltip then
    self.FollowerTooltip:Hide()
  end
end)
define("EmbeddedItemTooltip_PrepareForItem", function(self)
  EmbeddedItemTooltip_Clear(self)
  self.Icon:Show()
  self.IconBorder:Show()
  self.Tooltip:Show()
end)
define("EmbeddedItemTooltip_PrepareForSpell", function(self)
  EmbeddedItemTooltip_Clear(self)
  self.Icon:Show()
  self.Tooltip:Show()
end)
define("EmbeddedItemTooltip_OnTooltipSetItem", function(self)
  if self.itemID and not self.itemTextureSet then
    local texture = select(10, C_Item.GetItemInfo(self.itemID))
    if texture then
      self.Icon:SetTexture(texture)
    end
  end
end)

-- Fills the embedded tooltip with an item: its icon, count and quality border, and the item's
-- tooltip beside them.
local function showItem(self, itemID, count, quality, texture, fill)
  self.itemID, self.spellID = itemID, nil
  self:Show()
  EmbeddedItemTooltip_PrepareForItem(self)
  self.Tooltip:SetOwner(self, "ANCHOR_NONE")
  fill(self.Tooltip)
  SetItemButtonQuality(self, quality, itemID)
  SetItemButtonCount(self, count or 1)
  self.Icon:SetTexture(texture)
  self.itemTextureSet = texture ~= nil
  self.Tooltip:SetPoint("TOPLEFT", self.Icon, "TOPRIGHT", 0, 10)
  EmbeddedItemTooltip_UpdateSize(self)
end
define("EmbeddedItemTooltip_SetItemByID", function(self, id, count)
  local _, _, quality, _, _, _, _, _, _, texture = C_Item.GetItemInfo(id)
  showItem(self, id, count, quality, texture, function(tip)
    tip:SetItemByID(id)
  end)
end)
define("EmbeddedItemTooltip_SetItemByQuestReward", function(self, questLogIndex, questID, rewardType)
  if not questLogIndex then
    return false
  end
  local getter = rewardType == "choice" and GetQuestLogChoiceInfo or GetQuestLogRewardInfo
  local name, texture, quantity, quality, _, itemID = getter(questLogIndex, questID)
  if not (name and texture) then
    return false
  end
  showItem(self, itemID, quantity, quality, texture, function(tip)
    tip:SetQuestLogItem(rewardType or "reward", questLogIndex, questID)
  end)
  return true
end)
define("EmbeddedItemTooltip_SetSpellWithTextureByID", function(self, spellID, texture)
  self.itemID, self.spellID = nil, spellID
  self:Show()
  EmbeddedItemTooltip_PrepareForSpell(self)
  self.Tooltip:SetOwner(self, "ANCHOR_NONE")
  self.Tooltip:SetSpellByID(spellID)
  self.Icon:SetTexture(texture)
  self.Tooltip:SetPoint("TOPLEFT", self.Icon, "TOPRIGHT", 0, 10)
  EmbeddedItemTooltip_UpdateSize(self)
  return true
end)
define("EmbeddedItemTooltip_SetCurrencyByID", function(self, currencyID, quantity)
  local info = C_CurrencyInfo.GetCurrencyInfo(currencyID)
  if not (info and info.name and info.iconFileID) then
    return false
  end
  showItem(self, nil, quantity, info.quality, info.iconFileID, function(tip)
    tip:SetCurrencyByID(currencyID, quantity)
  end)
  self.itemTextureSet = false
  return true
end)

-- ---- the dialog backdrops ----
-- The backdrop tables of the client's dialogs (the dark and the plain dialog box).
local function dialogBackdrop(bgFile)
  return {
    bgFile = bgFile,
    edgeFile = "Interface\\DialogFrame\\UI-DialogBox-Border",
    tile = true, tileEdge = true, tileSize = 32, edgeSize = 32,
    insets = { left = 11, right = 12, top = 12, bottom = 11 },
  }
end
define("BACKDROP_DIALOG_32_32", dialogBackdrop("Interface\\DialogFrame\\UI-DialogBox-Background"))
define("BACKDROP_DARK_DIALOG_32_32", dialogBackdrop("Interface\\DialogFrame\\UI-DialogBox-Background-Dark"))

-- ---- the dropdown menu lists ----
-- `UIDropDownListTemplate` (the lists `DropDownList<n>`): the dialog border behind the menu
-- (`<name>Backdrop`; retail's `Border`, a dark dialog border; Classic's a backdrop frame of the
-- dark dialog backdrop) and the tooltip-style backdrop (`<name>MenuBackdrop`), both over the
-- whole list. The menu buttons are not built (the base does not draw the lists' entries).
template("UIDropDownListTemplate", function(self)
  local name = self:GetName()
  local border
  if isRetail then
    border = CreateFrame("Frame", name and (name .. "Backdrop") or nil, self, "DialogBorderDarkTemplate")
    self.Border = border
  else
    border = CreateFrame("Frame", name and (name .. "Backdrop") or nil, self, "BackdropTemplate")
    border:SetAllPoints()
    local info = rawget(_G, "BACKDROP_DARK_DIALOG_32_32")
    if info then
      border:SetBackdrop(info)
    end
  end
  local menu = CreateFrame("Frame", name and (name .. "MenuBackdrop") or nil, self, "TooltipBackdropTemplate")
  menu:SetAllPoints()
  self:SetFrameStrata("DIALOG")
  self:EnableMouse(true)
  self:Hide()
end)
local listTemplate = template("UIDropDownListTemplate")
local function listsUp()
  for n = 1, UIDROPDOWNMENU_MAXLEVELS or 3 do
    local list = rawget(_G, "DropDownList" .. n)
    if list and list.wowsimListBuilt == nil and rawget(_G, "DropDownList" .. n .. "Backdrop") == nil then
      list.wowsimListBuilt = true
      listTemplate(list)
    end
  end
end
listsUp()
local createFrames = rawget(_G, "UIDropDownMenu_CreateFrames")
if createFrames then
  UIDropDownMenu_CreateFrames = function(...)
    createFrames(...)
    listsUp()
  end
end

-- ---- the game tooltip's health bar ----
-- Every game tooltip has its unit's health bar below it (`<name>StatusBar`, retail's
-- `StatusBar` too), hidden until a unit is shown.
local function statusBar(self)
  if self.wowsimStatusBar then
    return
  end
  local name = self:GetName()
  local bar = CreateFrame("StatusBar", name and (name .. "StatusBar") or nil, self)
  bar:SetHeight(8)
  bar:SetPoint("TOPLEFT", self, "BOTTOMLEFT", 2, -1)
  bar:SetPoint("TOPRIGHT", self, "BOTTOMRIGHT", -2, -1)
  bar:SetStatusBarTexture("Interface\\TargetingFrame\\UI-TargetingFrame-BarFill")
  bar:Hide()
  self.wowsimStatusBar = bar
  if isRetail then
    self.StatusBar = bar
  end
end
-- The template's first eight line pairs exist from the start (`<name>TextLeft1`–`8` and
-- `TextRight1`–`8`, hidden): the tooltip makes them by filling and clearing eight lines.
local function linePairs(self)
  if self.wowsimLinePairs then
    return
  end
  self.wowsimLinePairs = true
  for _ = 1, 8 do
    self:AddLine(" ")
  end
  self:ClearLines()
end
local gameTooltip = template("GameTooltipTemplate")
template("GameTooltipTemplate", function(self)
  gameTooltip(self)
  statusBar(self)
  linePairs(self)
end)
do
  local marker = GameTooltipDataMixin.SetUnit
  for _, value in pairs(_G) do
    if type(value) == "table" and rawget(value, "SetUnit") == marker and value.IsObjectType then
      statusBar(value)
      linePairs(value)
    end
  end
end

-- ---- the battle pet tooltips (retail) ----
-- `BattlePetTooltipTemplate` (BattlePetTooltip, FloatingBattlePetTooltip): the pet's name,
-- level, type, health, power and speed, whether the player owns it, and lines added below.
local function battlePetTooltip(self)
  local function text(font)
    return self:CreateFontString(nil, "ARTWORK", font)
  end
  self.Name = text("GameFontNormalLarge")
  self.Name:SetPoint("TOPLEFT", 10, -10)
  self.Level, self.PetType, self.Owned = text("GameFontNormal"), text("GameFontNormal"), text("GameFontNormal")
  self.Level:SetPoint("TOPLEFT", self.Name, "BOTTOMLEFT", 0, -2)
  self.PetType:SetPoint("TOPRIGHT", -10, -10)
  self.PetTypeTexture = self:CreateTexture(nil, "ARTWORK")
  for i, key in ipairs({ "Health", "Power", "Speed" }) do
    local icon = self:CreateTexture(nil, "ARTWORK")
    icon:SetSize(16, 16)
    icon:SetPoint("TOPLEFT", self.Level, "BOTTOMLEFT", 0, -2 - 18 * (i - 1))
    self[key .. "Texture"] = icon
    self[key] = text("GameFontHighlight")
    self[key]:SetPoint("LEFT", icon, "RIGHT", 4, 0)
  end
  self.Owned:SetPoint("TOPLEFT", self.SpeedTexture, "BOTTOMLEFT", 0, -4)
  self.Delimiter = self:CreateTexture(nil, "ARTWORK")
  self.Delimiter:SetSize(251, 2)
  self.linePool = CreateFontStringPool(self, "ARTWORK", 0, "GameTooltipText")
  self.AddLine = BattlePetTooltipTemplate_AddTextLine
  self:SetSize(260, 122)
end
if isRetail then
  template("BattlePetTooltipTemplate", battlePetTooltip)
  define("BattlePetTooltipTemplate_SetBattlePet", function(tooltipFrame, data)
    tooltipFrame.battlePetID, tooltipFrame.speciesID = data.battlePetID, data.speciesID
    tooltipFrame.Name:SetText(data.customName or data.name)
    local color = data.breedQuality and data.breedQuality ~= -1 and ITEM_QUALITY_COLORS
      and ITEM_QUALITY_COLORS[data.breedQuality] or NORMAL_FONT_COLOR
    tooltipFrame.Name:SetTextColor(color.r, color.g, color.b)
    tooltipFrame.PetType:SetText(data.petType and _G["BATTLE_PET_NAME_" .. data.petType] or nil)
    tooltipFrame.Level:SetText(data.level)
    tooltipFrame.Health:SetText(data.maxHealth)
    tooltipFrame.Power:SetText(data.power)
    tooltipFrame.Speed:SetText(data.speed)
    tooltipFrame.linePool:ReleaseAll()
    tooltipFrame.textLineAnchor = nil
  end)
  define("BattlePetTooltipTemplate_AddTextLine", function(self, text, r, g, b, wrap)
    if not r then
      r, g, b = NORMAL_FONT_COLOR:GetRGB()
    end
    local anchor = self.textLineAnchor
      or ((self.Owned:IsShown() and self.Owned:GetText() ~= nil) and self.Owned or self.SpeedTexture)
    local line = self.linePool:Acquire()
    line:SetText(text)
    line:SetTextColor(r, g, b)
    line:SetPoint("TOP", anchor, "BOTTOM", 0, -2)
    line:SetPoint("LEFT", self.Name, "LEFT")
    if wrap then
      line:SetPoint("RIGHT", self, "RIGHT")
    end
    line:Show()
    self.textLineAnchor = line
    self:SetHeight(self:GetHeight() + line:GetHeight() + 2)
  end)
  -- Fills `frame` with a pet of the journal's species and shows it; answers the data shown.
  local function showPet(frame, speciesID, level, breedQuality, maxHealth, power, speed, customName, petID)
    if not (speciesID and speciesID > 0) then
      return nil
    end
    local name, _, petType = C_PetJournal.GetPetInfoBySpeciesID(speciesID)
    local data = { speciesID = speciesID, name = name, level = level, breedQuality = breedQuality,
      petType = petType, maxHealth = maxHealth, power = power, speed = speed, battlePetID = petID,
      customName = customName ~= name and customName or nil }
    BattlePetTooltipTemplate_SetBattlePet(frame, data)
    local owned = C_PetJournal.GetOwnedBattlePetString(speciesID)
    frame.Owned:SetText(owned)
    frame:SetHeight(owned and 136 or 122)
    frame:Show()
    return data
  end
  for _, name in ipairs({ "BattlePetTooltip", "FloatingBattlePetTooltip" }) do
    local frame = rawget(_G, name)
    if frame and not frame.linePool then
      battlePetTooltip(frame)
    end
  end
  define("BattlePetToolTip_Show", function(...)
    if showPet(BattlePetTooltip, ...) then
      BattlePetTooltip:ClearAllPoints()
      if GameTooltip:GetNumPoints() > 0 then
        BattlePetTooltip:SetPoint(GameTooltip:GetPoint(1))
      end
    end
  end)
  define("BattlePetToolTip_ShowLink", function(link)
    local options, name = tostring(link):match("|Hbattlepet:([^|]*)|h%[(.-)%]|h")
    if not options then
      return false
    end
    local s, l, q, h, p, sp = strsplit(":", options)
    BattlePetToolTip_Show(tonumber(s), tonumber(l), tonumber(q), tonumber(h), tonumber(p), tonumber(sp), name)
    return true
  end)
  define("FloatingBattlePet_Show", function(...)
    showPet(FloatingBattlePetTooltip, ...)
  end)
  define("FloatingBattlePet_Toggle", function(speciesID, level, breedQuality, maxHealth, power, speed, customName, petID)
    local f = FloatingBattlePetTooltip
    if f:IsShown() and f.battlePetID == petID and f.speciesID == speciesID then
      f:Hide()
    else
      FloatingBattlePet_Show(speciesID, level, breedQuality, maxHealth, power, speed, customName, petID)
    end
  end)
  -- A pet battle ability's tooltip: the ability's info, its name shown (the client also lays
  -- out its type, cooldown and description).
  define("SharedPetBattleAbilityTooltip_SetAbility", function(self, abilityInfo, additionalText)
    self.abilityInfo, self.additionalText = abilityInfo, additionalText
    local id = abilityInfo and abilityInfo.GetAbilityID and abilityInfo:GetAbilityID()
    local name = id and C_PetBattles.GetAbilityInfoByID(id)
    self.Name = self.Name or self:CreateFontString(nil, "ARTWORK", "GameFontHighlightLarge")
    self.Name:SetText(name)
  end)
end

-- ---- item comparison ----
-- The comparison manager shows the equipped items an item would replace in the tooltip's
-- shopping tooltips, beside the tooltip (the compared items from C_TooltipComparison).
if rawget(_G, "TooltipComparisonManager") == nil then
  local manager = {}
  TooltipComparisonManager = manager
  function manager:CreateComparisonItem(data)
    if data and Enum.TooltipDataType and data.type == Enum.TooltipDataType.Item then
      if data.guid then
        return { guid = data.guid, overrideItemLevel = data.overrideItemLevel }
      elseif data.hyperlink and data.hyperlink ~= "" then
        return { hyperlink = data.hyperlink, overrideItemLevel = data.overrideItemLevel }
      end
    end
  end
  function manager:Initialize(tooltip, anchorFrame)
    self.tooltip, self.anchorFrame = tooltip, anchorFrame or tooltip
    for _, shopping in ipairs(tooltip.shoppingTooltips or {}) do
      shopping:SetOwner(tooltip, "ANCHOR_NONE", 0, 0)
      shopping:ClearAllPoints()
    end
  end
  function manager:Clear(tooltip)
    if self.tooltip and (tooltip == nil or self.tooltip == tooltip) then
      for _, shopping in ipairs(self.tooltip.shoppingTooltips or {}) do
        shopping:Hide()
      end
      self.comparisonItem, self.comparisonIndex, self.compareInfo = nil, nil, nil
      self.anchorFrame, self.tooltip = nil, nil
    end
  end
  -- The primary shopping tooltip to the right of the tooltip, the secondary beyond it.
  function manager:AnchorShoppingTooltips(primaryShown, secondaryShown)
    local list = self.tooltip.shoppingTooltips or {}
    local primary, secondary = list[1], list[2]
    local side = self.anchorFrame
    if side.IsEmbedded then
      side = side:GetParent():GetParent()
    end
    primary:SetShown(primaryShown)
    secondary:SetShown(secondaryShown)
    primary:ClearAllPoints()
    primary:SetPoint("TOPLEFT", side, "TOPRIGHT")
    secondary:ClearAllPoints()
    secondary:SetPoint("TOPLEFT", primary, "TOPRIGHT")
  end
  function manager:IsComparisonItemDifferent(item)
    local cur = self.comparisonItem
    if not (cur and item) then
      return true
    end
    if cur.guid and item.guid then
      return cur.guid ~= item.guid
    end
    if cur.hyperlink and item.hyperlink then
      return cur.hyperlink ~= item.hyperlink
    end
    return true
  end
  function manager:CompareItem(item, tooltip, anchorFrame)
    if not item then
      self:Clear()
      return
    end
    self:Initialize(tooltip, anchorFrame)
    if self:IsComparisonItemDifferent(item) then
      local comparison = rawget(_G, "C_TooltipComparison")
      self.comparisonItem, self.comparisonIndex = item, 1
      self.compareInfo = comparison and comparison.GetItemComparisonInfo(item) or nil
    end
    self:RefreshItems()
  end
  function manager:GetSecondaryItem()
    local info = self.compareInfo
    return info and info.additionalItems and info.additionalItems[self.comparisonIndex]
  end
  -- Shows the compared item (primary) or the next one (secondary); answers whether it shows.
  function manager:SetItemTooltip(isPrimary)
    local info = self.compareInfo
    local item = info and (isPrimary and info.item or self:GetSecondaryItem())
    local shopping = (self.tooltip.shoppingTooltips or {})[isPrimary and 1 or 2]
    if not (item and shopping) then
      return false
    end
    if item.hyperlink then
      shopping:SetHyperlink(item.hyperlink)
    end
    return true
  end
  function manager:RefreshItems()
    if self.compareInfo then
      self:AnchorShoppingTooltips(self:SetItemTooltip(true), self:SetItemTooltip(false))
    end
  end
  function manager:CycleItem()
    if self.comparisonIndex and GetCVarBool("allowCompareWithToggle") then
      self.comparisonIndex = self.comparisonIndex + 1
      self:RefreshItems()
    end
  end
end

-- The alert frame's place: a small frame above the bottom of the screen that alerts stack on.
if rawget(_G, "AlertFrame") and AlertFrame:GetNumPoints() == 0 then
  AlertFrame:SetSize(10, 10)
  AlertFrame:SetPoint("BOTTOM", UIParent, "BOTTOM", 0, 128)
end
