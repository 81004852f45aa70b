-- wow-sim built-in base, the part that runs once the API is in place (after the typed stubs and
-- the client API): what Blizzard's UI builds at start-up from the game's own functions.
--  * The deprecation fallbacks: while the `loadDeprecationFallbacks` CVar is on (its default) the
--    client's deprecation addons keep old global names for functions that moved into namespaces
--    (`GetItemInfo` for `C_Item.GetItemInfo`). Each name here is the namespaced function itself,
--    as in the client; a name is set only when the flavour's API has the function and nothing
--    defined the global before.
--  * The tables the UI fills from the API: RAID_CLASS_COLORS (the class colours, with
--    `colorStr`), ITEM_QUALITY_COLORS and WORLD_QUEST_QUALITY_COLORS, and the group sizes.
-- Written for wow-sim from the documented behaviour; it is not client code.
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

local function alias(name, ns, fn)
  local t = rawget(_G, ns)
  if rawget(_G, name) == nil and type(t) == "table" and type(t[fn or name]) == "function" then
    _G[name] = t[fn or name]
  end
end

-- Names that keep the namespaced function's own name, by namespace; then the renamed ones
-- (old global = namespace, function). `both` for every flavour, then each flavour's own.
local both = {
  C_Item = {
    "ActionBindsItem", "BindEnchant", "ConfirmBindOnUse", "ConfirmNoRefundOnUse", "ConfirmOnUse",
    "DoesItemContainSpec", "DropItemOnUnit", "EndBoundTradeable", "EndRefund", "EquipItemByName",
    "GetDetailedItemLevelInfo", "GetItemChildInfo", "GetItemClassInfo", "GetItemCooldown",
    "GetItemCount", "GetItemCreationContext", "GetItemFamily", "GetItemGem", "GetItemInfo",
    "GetItemInfoInstant", "GetItemInventorySlotInfo", "GetItemQualityColor", "GetItemSetInfo",
    "GetItemSpecInfo", "GetItemSpell", "GetItemSubClassInfo", "GetItemUniqueness",
    "IsArtifactPowerItem", "IsConsumableItem", "IsCorruptedItem", "IsCosmeticItem",
    "IsCurrentItem", "IsDressableItem", "IsEquippableItem", "IsEquippedItem",
    "IsEquippedItemType", "IsHarmfulItem", "IsHelpfulItem", "IsItemInRange", "IsUsableItem",
    "ItemHasRange", "PickupItem", "ReplaceEnchant", "ReplaceTradeEnchant",
    "ReplaceTradeskillEnchant", "UseItemByName",
  },
  C_CurrencyInfo = { "GetCoinIcon", "GetCoinText", "GetCoinTextureString" },
  C_PvP = { "GetZonePVPInfo", "IsSubZonePVPPOI", "SetPVP", "TogglePVP" },
  C_Spell = { "GetSchoolString", "GetSpellQueueWindow", "TargetSpellReplacesBonusTree" },
  C_GuildInfo = { "GuildRoster" },
}
local bothRenamed = {
  GetItemIcon = { "C_Item", "GetItemIconByID" },
  GetMaxSpellStartRecoveryOffset = { "C_Spell", "GetSpellQueueWindow" },
  PlayVocalErrorSoundID = { "C_Sound", "PlayVocalErrorSound" },
  GuildDemote = { "C_GuildInfo", "Demote" }, GuildDisband = { "C_GuildInfo", "Disband" },
  GuildInvite = { "C_GuildInfo", "Invite" }, GuildLeave = { "C_GuildInfo", "Leave" },
  GuildPromote = { "C_GuildInfo", "Promote" }, GuildSetLeader = { "C_GuildInfo", "SetLeader" },
  GuildSetMOTD = { "C_GuildInfo", "SetMOTD" }, GuildUninvite = { "C_GuildInfo", "Uninvite" },
}
local retail = {
  C_ItemSocketInfo = {
    "AcceptSockets", "ClickSocketButton", "CloseSocketInfo", "GetExistingSocketInfo",
    "GetExistingSocketLink", "GetNewSocketInfo", "GetNewSocketLink", "GetNumSockets",
    "GetSocketItemBoundTradeable", "GetSocketItemInfo", "GetSocketItemRefundable",
    "GetSocketTypes", "HasBoundGemProposed",
  },
  C_SpecializationInfo = {
    "GetActiveSpecGroup", "GetNumSpecializationsForClassID", "GetSpecialization",
    "GetSpecializationInfo",
  },
  C_PetInfo = { "GetPetTalentTree", "PetAssistMode" },
}
local retailRenamed = {
  CombatLogGetCurrentEventInfo = { "C_CombatLog", "GetCurrentEventInfo" },
  CombatLogAddFilter = { "C_CombatLog", "AddEventFilter" },
  CombatLogClearEntries = { "C_CombatLog", "ClearEntries" },
  CombatLogGetCurrentEntry = { "C_CombatLog", "GetCurrentEntryInfo" },
  CombatLogGetNumEntries = { "C_CombatLog", "GetEntryCount" },
  CombatLogGetRetentionTime = { "C_CombatLog", "GetEntryRetentionTime" },
  CombatLogResetFilter = { "C_CombatLog", "ClearEventFilters" },
  CombatLogSetRetentionTime = { "C_CombatLog", "SetEntryRetentionTime" },
  CombatLogShowCurrentEntry = { "C_CombatLog", "ShouldShowCurrentEntry" },
  CombatLog_Object_IsA = { "C_CombatLog", "DoesObjectMatchFilter" },
  CombatTextSetActiveUnit = { "C_CombatText", "SetActiveUnit" },
  GetCurrentCombatTextEventInfo = { "C_CombatText", "GetCurrentEventInfo" },
  DeathRecap_GetEvents = { "C_DeathRecap", "GetRecapEvents" },
  DeathRecap_HasEvents = { "C_DeathRecap", "HasRecapEvents" },
  GetDeathRecapLink = { "C_DeathRecap", "GetRecapLink" },
  GetActiveTalentGroup = { "C_SpecializationInfo", "GetActiveSpecGroup" },
  SetActiveTalentGroup = { "C_SpecializationInfo", "SetActiveSpecGroup" },
  GetPrimaryTalentTree = { "C_SpecializationInfo", "GetSpecialization" },
  GetGuildInfoText = { "C_GuildInfo", "GetInfoText" },
  SetGuildInfoText = { "C_GuildInfo", "SetInfoText" },
  GetGuildRosterMOTD = { "C_GuildInfo", "GetMOTD" },
}
local classic = {
  C_AddOns = {
    "DisableAddOn", "DisableAllAddOns", "EnableAddOn", "EnableAllAddOns", "GetAddOnDependencies",
    "GetAddOnInfo", "GetAddOnMetadata", "GetAddOnOptionalDependencies", "GetNumAddOns",
    "IsAddOnLoadOnDemand", "IsAddOnLoaded", "IsAddonVersionCheckEnabled", "LoadAddOn",
    "ResetAddOns", "ResetDisabledAddOns", "SaveAddOns", "SetAddonVersionCheck",
  },
  C_GuildInfo = { "CanEditOfficerNote", "CanViewOfficerNote" },
  C_CurrencyInfo = { "GetCurrencyInfo" },
  C_StableInfo = { "GetNumStablePets" },
  C_PartyInfo = { "InviteUnit" },
}
local classicRenamed = {
  SwapChatChannelByLocalID = { "C_ChatInfo", "SwapChatChannelsByChannelIndex" },
}

local function aliasAll(same, renamed)
  for ns, names in pairs(same) do
    for _, name in ipairs(names) do
      alias(name, ns)
    end
  end
  for name, target in pairs(renamed) do
    alias(name, target[1], target[2])
  end
end

if GetCVarBool("loadDeprecationFallbacks") then
  aliasAll(both, bothRenamed)
  if isRetail then
    aliasAll(retail, retailRenamed)
    -- Emotes: DoEmote performs one (nil cancels the current one and answers false).
    if rawget(_G, "DoEmote") == nil then
      function DoEmote(emoteName, targetName, suppressMoveError)
        if emoteName == nil then
          C_ChatInfo.CancelEmote()
          return false
        end
        return C_ChatInfo.PerformEmote(emoteName, targetName, suppressMoveError)
      end
    end
    if rawget(_G, "CancelEmote") == nil then
      function CancelEmote()
        C_ChatInfo.CancelEmote()
      end
    end
    -- The spell book's old globals, over C_SpellBook: the player's (or the pet's) bank, the
    -- "known" ones ask the spell book without (or with) the spell's overrides.
    local book = rawget(_G, "C_SpellBook")
    local banks = Enum and Enum.SpellBookSpellBank
    if type(book) == "table" and banks then
      local function bank(isPet)
        return isPet and banks.Pet or banks.Player
      end
      local spellBook = {
        IsPlayerSpell = function(spellID)
          return book.IsSpellKnown(spellID, banks.Player)
        end,
        IsSpellKnown = function(spellID, isPet)
          return book.IsSpellInSpellBook(spellID, bank(isPet), false)
        end,
        IsSpellKnownOrOverridesKnown = function(spellID, isPet)
          return book.IsSpellInSpellBook(spellID, bank(isPet), true)
        end,
      }
      for name, fn in pairs(spellBook) do
        if rawget(_G, name) == nil then
          _G[name] = fn
        end
      end
      for _, name in ipairs({ "FindFlyoutSlotBySpellID", "FindSpellOverrideByID", "FindBaseSpellByID" }) do
        alias(name, "C_SpellBook")
      end
    end
    -- The Battle.net senders: the namespaced ones also return a result code; these do not.
    for name, fn in pairs({ BNSendGameData = "SendGameData", BNSendWhisper = "SendWhisper",
      BNSetCustomMessage = "SetCustomMessage" }) do
      if rawget(_G, name) == nil and type(C_BattleNet[fn]) == "function" then
        _G[name] = function(...)
          C_BattleNet[fn](...)
        end
      end
    end
  else
    aliasAll(classic, classicRenamed)
  end
end

-- The group sizes.
MAX_PARTY_MEMBERS = MAX_PARTY_MEMBERS or 4
MAX_RAID_MEMBERS = MAX_RAID_MEMBERS or 40

-- The class colours: retail asks C_ClassColor for each class; Classic Era's table has its own
-- rows (the Vanilla shaman shares the paladin's pink). Each gets `colorStr`, its hex.
local function classColors()
  local t = {}
  if isRetail then
    for _, class in ipairs({ "HUNTER", "WARLOCK", "PRIEST", "PALADIN", "MAGE", "ROGUE", "DRUID",
      "SHAMAN", "WARRIOR", "DEATHKNIGHT", "MONK", "DEMONHUNTER", "EVOKER" }) do
      t[class] = C_ClassColor.GetClassColor(class)
    end
  else
    local rows = {
      HUNTER = { 0.67, 0.83, 0.45 }, WARLOCK = { 0.53, 0.53, 0.93 }, PRIEST = { 1, 1, 1 },
      PALADIN = { 0.96, 0.55, 0.73 }, MAGE = { 0.25, 0.78, 0.92 }, ROGUE = { 1, 0.96, 0.41 },
      DRUID = { 1, 0.49, 0.04 }, SHAMAN = { 0.96, 0.55, 0.73 }, WARRIOR = { 0.78, 0.61, 0.43 },
      DEATHKNIGHT = { 0.77, 0.12, 0.23 }, MONK = { 0, 1, 0.59 }, DEMONHUNTER = { 0.64, 0.19, 0.79 },
    }
    for class, c in pairs(rows) do
      t[class] = CreateColor(c[1], c[2], c[3])
    end
  end
  for _, color in pairs(t) do
    color.colorStr = color:GenerateHexColor()
  end
  return t
end
if RAID_CLASS_COLORS == nil and C_ClassColor and CreateColor then
  RAID_CLASS_COLORS = classColors()
end

-- Item quality colours by quality (0 = Poor …), each { r, g, b, hex, color }; the world quest
-- qualities share the common, rare and epic rows.
local qualityColor = C_Item and C_Item.GetItemQualityColor
if ITEM_QUALITY_COLORS == nil and qualityColor and CreateColor then
  ITEM_QUALITY_COLORS = {}
  for quality = 0, (NUM_LE_ITEM_QUALITYS or 9) - 1 do
    local r, g, b = qualityColor(quality)
    if r then
      local color = CreateColor(r, g, b, 1)
      ITEM_QUALITY_COLORS[quality] = { r = r, g = g, b = b, hex = color:GenerateHexColorMarkup(), color = color }
    end
  end
  local wq = Enum and Enum.WorldQuestQuality or {}
  local common = LE_WORLD_QUEST_QUALITY_COMMON or wq.Common
  if WORLD_QUEST_QUALITY_COLORS == nil and common then
    WORLD_QUEST_QUALITY_COLORS = {
      [common] = ITEM_QUALITY_COLORS[1],
      [LE_WORLD_QUEST_QUALITY_RARE or wq.Rare] = ITEM_QUALITY_COLORS[3],
      [LE_WORLD_QUEST_QUALITY_EPIC or wq.Epic] = ITEM_QUALITY_COLORS[4],
    }
  end
end

-- The classes' localized names (the API's names, the same for both genders here) and their
-- cells in the class icon sheet (Interface/TargetingFrame/UI-Classes-Circles, 4 x 4).
local function localizedClasses(isFemale)
  return FillLocalizedClassList and FillLocalizedClassList({}, isFemale) or nil
end
LOCALIZED_CLASS_NAMES_MALE = LOCALIZED_CLASS_NAMES_MALE or localizedClasses(false)
LOCALIZED_CLASS_NAMES_FEMALE = LOCALIZED_CLASS_NAMES_FEMALE or localizedClasses(true)
if CLASS_ICON_TCOORDS == nil then
  CLASS_ICON_TCOORDS = {}
  -- Row by row; the sheet's cells are a little narrower than a quarter.
  local cells = {
    { "WARRIOR", 0, 0 }, { "MAGE", 1, 0 }, { "ROGUE", 2, 0 }, { "DRUID", 3, 0 },
    { "HUNTER", 0, 1 }, { "SHAMAN", 1, 1 }, { "PRIEST", 2, 1 }, { "WARLOCK", 3, 1 },
    { "PALADIN", 0, 2 }, { "DEATHKNIGHT", 1, 2 }, { "MONK", 2, 2 }, { "DEMONHUNTER", 3, 2 },
    { "EVOKER", 0, 3 },
  }
  local left = { 0, 0.25, 0.49609375, 0.7421875 }
  local right = { 0.25, 0.49609375, 0.7421875, 0.98828125 }
  for _, c in ipairs(cells) do
    local col, row = c[2] + 1, c[3]
    CLASS_ICON_TCOORDS[c[1]] = { left[col], right[col], row * 0.25, (row + 1) * 0.25 }
  end
  CLASS_ICON_TCOORDS.TRAVELER = CLASS_ICON_TCOORDS.WARRIOR
end
-- The boss frames (every flavour's UI has five; Classic Era's too, in its target frame's file).
MAX_BOSS_FRAMES = MAX_BOSS_FRAMES or 5

-- The combat log's unit flags (the bits of the flags COMBAT_LOG_EVENT gives): affiliation,
-- reaction, control, type, special; their masks; the raid target marks' bits.
do
  local flags = {
    AFFILIATION_MINE = 0x1, AFFILIATION_PARTY = 0x2, AFFILIATION_RAID = 0x4,
    AFFILIATION_OUTSIDER = 0x8, REACTION_FRIENDLY = 0x10, REACTION_NEUTRAL = 0x20,
    REACTION_HOSTILE = 0x40, CONTROL_PLAYER = 0x100, CONTROL_NPC = 0x200, TYPE_PLAYER = 0x400,
    TYPE_NPC = 0x800, TYPE_PET = 0x1000, TYPE_GUARDIAN = 0x2000, TYPE_OBJECT = 0x4000,
    TARGET = 0x10000, FOCUS = 0x20000, MAINTANK = 0x40000, MAINASSIST = 0x80000,
    NONE = 0x80000000,
    AFFILIATION_MASK = 0xF, REACTION_MASK = 0xF0, CONTROL_MASK = 0x300, TYPE_MASK = 0xFC00,
    SPECIAL_MASK = 0xFFFF0000,
  }
  for i = 1, 8 do
    flags["RAIDTARGET" .. i] = 0x100000 * 2 ^ (i - 1)
  end
  flags.RAID_TARGET_MASK = 0xFF00000
  for suffix, value in pairs(flags) do
    local name = "COMBATLOG_OBJECT_" .. suffix
    if rawget(_G, name) == nil then
      _G[name] = value
    end
  end
end

-- Status bars that glide to their value: each frame a bar moves a quarter of the way (at 60
-- frames a second) to its target, within its range, and stops once close enough.
if SmoothStatusBarMixin == nil then
  local targets = {}
  local driver = CreateFrame("Frame")
  driver:SetScript("OnUpdate", function(_, elapsed)
    local step = math.min(1, 0.25 * elapsed * 60)
    for bar, target in pairs(targets) do
      local min, max = bar:GetMinMaxValues()
      target = math.max(min, math.min(max, target))
      local value = bar:GetValue()
      local new = value + (target - value) * step
      if max - min <= 0 or math.abs(new - target) / (max - min) < 1e-5 then
        targets[bar] = nil
        new = target
      end
      bar:SetValue(new)
    end
  end)
  SmoothStatusBarMixin = {}
  -- Jumps to `value` (or to the target being approached) at once.
  function SmoothStatusBarMixin:ResetSmoothedValue(value)
    local target = targets[self]
    targets[self] = nil
    if value or target then
      self:SetValue(value or target)
    end
  end
  function SmoothStatusBarMixin:SetSmoothedValue(value)
    targets[self] = value
  end
  -- A new range: the value approached stays where it was, clamped to the new range.
  function SmoothStatusBarMixin:SetMinMaxSmoothedValue(min, max)
    self:SetMinMaxValues(min, max)
    local target = targets[self]
    if target then
      targets[self] = math.max(min, math.min(max, target))
    end
  end
end

-- The settings list's initializer mixins, which addons combine for their own settings rows:
-- the scroll-box factory part (template, data, extent, frame set-up), the searchable part
-- (tags, shown predicates) and the hierarchy part (parent row, modify predicates).
local function listAdd(self, key, value)
  self[key] = self[key] or {}
  table.insert(self[key], value)
end
local function allTrue(predicates)
  for _, p in ipairs(predicates or {}) do
    if not p() then
      return false
    end
  end
  return true
end
if ScrollBoxFactoryInitializerMixin == nil then
  ScrollBoxFactoryInitializerMixin = {}
  local M = ScrollBoxFactoryInitializerMixin
  function M:Init(frameTemplate, data)
    self.frameTemplate, self.data = frameTemplate, data or {}
  end
  function M:GetTemplate()
    assert(self.frameTemplate, "the initializer has no template")
    return self.frameTemplate
  end
  function M:GetExtent() return nil end
  function M:Factory(factory, initializer) factory(self:GetTemplate(), initializer) end
  function M:InitFrame(frame)
    if frame.Init then frame:Init(self) end
  end
  function M:Resetter(frame)
    if frame.Release then frame:Release(self) end
  end
  function M:IsTemplate(frameTemplate) return frameTemplate == self.frameTemplate end
end
if SettingsSearchableElementMixin == nil then
  SettingsSearchableElementMixin = {}
  local M = SettingsSearchableElementMixin
  function M:AddSearchTags(...)
    for i = 1, select("#", ...) do
      local tag = select(i, ...)
      if tag then listAdd(self, "searchTags", string.lower(tag)) end
    end
  end
  -- True when one of the words is part of a tag.
  function M:MatchesSearchTags(words)
    for _, tag in ipairs(self.searchTags or {}) do
      for _, word in ipairs(words) do
        if tag:find(string.lower(word), 1, true) then return true end
      end
    end
    return false
  end
  function M:SetSearchIgnoredInLayout(layout)
    self.searchIgnoredLayouts = self.searchIgnoredLayouts or {}
    self.searchIgnoredLayouts[layout] = true
  end
  function M:IsSearchIgnoredInLayout(layout)
    return self.searchIgnoredLayouts ~= nil and self.searchIgnoredLayouts[layout] == true
  end
  function M:AddShownPredicate(f) listAdd(self, "shownPredicates", f) end
  function M:GetShownPredicates() return self.shownPredicates end
  function M:ShouldShow() return allTrue(self.shownPredicates) end
end
if SettingsElementHierarchyMixin == nil then
  SettingsElementHierarchyMixin = {}
  local M = SettingsElementHierarchyMixin
  function M:SetParentInitializer(parent, modifyPredicate)
    assert(parent, "SetParentInitializer: no parent initializer")
    if parent == self then
      error("SettingsListElementInitializer:SetParentInitializer initializer cannot be self.", 2)
    end
    self.parentInitializer = parent
    if modifyPredicate then self:AddModifyPredicate(modifyPredicate) end
  end
  function M:GetParentInitializer() return self.parentInitializer end
  function M:AddModifyPredicate(f) listAdd(self, "modifyPredicates", f) end
  function M:GetModifyPredicates() return self.modifyPredicates end
  function M:EvaluateModifyPredicates() return allTrue(self.modifyPredicates) end
  function M:AddEvaluateStateFrameEvent(e) listAdd(self, "evaluateStateFrameEvents", e) end
  function M:GetEvaluateStateFrameEvents() return self.evaluateStateFrameEvents end
  function M:AddEvaluateStateCVar(cvar) listAdd(self, "evaluateStateCVars", cvar) end
  function M:GetEvaluateStateCVars() return self.evaluateStateCVars end
end

-- A settings row with a button: its name, the button's text, what a click does and the
-- tooltip; with `addSearchTags` the name and the button's text are search tags.
if CreateSettingsButtonInitializer == nil then
  function CreateSettingsButtonInitializer(name, buttonText, buttonClick, tooltip, addSearchTags)
    local initializer = CreateFromMixins(ScrollBoxFactoryInitializerMixin,
      SettingsElementHierarchyMixin, SettingsSearchableElementMixin)
    initializer:Init("SettingButtonControlTemplate",
      { name = name, buttonText = buttonText, buttonClick = buttonClick, tooltip = tooltip })
    assert(addSearchTags ~= nil, "CreateSettingsButtonInitializer: addSearchTags is required")
    if addSearchTags then
      initializer:AddSearchTags(name, buttonText)
    end
    return initializer
  end
end

-- The world map's quest and world quest pins and their data provider (the base's map makes no
-- pins: addons hook these methods and build their own pins on them), the map's size change
-- hook, and the map tree walk of `MapUtil`.
local function pinMixin(name, methods)
  if rawget(_G, name) == nil then
    local m = CreateFromMixins(MapCanvasPinMixin)
    for _, method in ipairs(methods) do
      m[method] = m[method] or function() end
    end
    _G[name] = m
  end
end
pinMixin("QuestPinMixin", { "OnAcquired", "OnMouseEnter", "OnMouseLeave", "OnClick" })
pinMixin("StorylineQuestPinMixin", { "OnAcquired", "OnMouseEnter", "OnMouseLeave", "OnClick" })
pinMixin("BonusObjectivePinMixin", { "OnAcquired", "OnMouseEnter", "OnMouseLeave", "OnClick" })
if isRetail then
  pinMixin("WorldMap_WorldQuestPinMixin", { "OnAcquired", "OnMouseEnter", "OnMouseLeave",
    "OnClick", "RefreshVisuals" })
  if rawget(_G, "WorldQuestDataProviderMixin") == nil then
    WorldQuestDataProviderMixin = CreateFromMixins(MapCanvasDataProviderMixin)
  end
end
if WorldMapFrame and not WorldMapFrame.OnFrameSizeChanged then
  function WorldMapFrame:OnFrameSizeChanged()
    self:RefreshAllDataProviders()
  end
  WorldMapFrame:HookScript("OnSizeChanged", function(map)
    map:OnFrameSizeChanged()
  end)
end
if rawget(_G, "MapUtil") == nil then
  MapUtil = {}
  -- The nearest map of `mapType` up the map's parents (with `topMost`, the farthest).
  function MapUtil.GetMapParentInfo(mapID, mapType, topMost)
    local found
    local info = C_Map.GetMapInfo(mapID)
    while info do
      if info.mapType == mapType then
        if not topMost then
          return info
        end
        found = info
      end
      if not info.parentMapID or info.parentMapID == 0 or info.parentMapID == info.mapID then
        break
      end
      info = C_Map.GetMapInfo(info.parentMapID)
    end
    return found
  end
end

-- Retail's party frame keeps its member frames in a pool (none are shown on the base).
if isRetail and PartyFrame and not PartyFrame.PartyMemberFramePool then
  PartyFrame.PartyMemberFramePool = CreateFramePool("Button", PartyFrame)
end

-- Retail's world map is maximized (the full-screen map) or not; it starts in the small size.
if isRetail and WorldMapFrame and not WorldMapFrame.IsMaximized then
  function WorldMapFrame:IsMaximized()
    return self.isMaximized == true
  end
  function WorldMapFrame:Maximize()
    self.isMaximized = true
    self:OnFrameSizeChanged()
  end
  function WorldMapFrame:Minimize()
    self.isMaximized = false
    self:OnFrameSizeChanged()
  end
end
