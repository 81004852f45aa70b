-- wow-sim: global functions of the Classic Era client that the public Classic Era UI source
-- (1.15.4) calls but that the API reference (1.15.9) keeps only inside namespaces. The 1.15.4
-- client has them as globals; each points at its namespaced successor (same arguments and
-- results), so what it does and how it is counted is that function's. Where the successor
-- answers with a table or takes its arguments in another order, a small wrapper converts;
-- the few without a successor answer as a client with nothing to report would.
-- Written for wow-sim; it is not client code.
local function alias(name, ns, fn)
  local t = _G[ns]
  if _G[name] == nil and type(t) == "table" and type(t[fn or name]) == "function" then
    _G[name] = t[fn or name]
  end
end
alias("IsOnGlueScreen", "C_Glue")
alias("GetActionBarPage", "C_ActionBar")
alias("GetLootMethod", "C_PartyInfo")
alias("PlaySound", "C_Sound")
-- Chat: the 1.15.4 chat frame sends with the global (C_ChatInfo in the reference).
alias("SendChatMessage", "C_ChatInfo")
-- The talent UI's active group (same arguments: isInspect, isPet).
alias("GetActiveTalentGroup", "C_SpecializationInfo", "GetActiveSpecGroup")
-- The action bar functions were globals in 1.15.4 (C_ActionBar in the reference).
for _, fn in ipairs({
  "GetActionText", "GetActionTexture", "GetBonusBarIndex", "GetExtraBarIndex",
  "GetMultiCastBarIndex", "GetOverrideBarIndex", "GetOverrideBarSkin",
  "GetTempShapeshiftBarIndex", "GetVehicleBarIndex", "HasAction", "HasBonusActionBar",
  "HasOverrideActionBar", "HasTempShapeshiftActionBar", "HasVehicleActionBar",
  "IsActionInRange", "IsAttackAction", "IsAutoRepeatAction", "IsConsumableAction",
  "IsCurrentAction", "IsEquippedAction", "IsItemAction", "IsPossessBarVisible",
  "IsStackableAction", "IsUsableAction",
}) do
  alias(fn, "C_ActionBar")
end
-- How many of the action's item or reagent the player carries.
alias("GetActionCount", "C_ActionBar", "GetActionUseCount")

-- Two answer with several values where the namespaced successor answers with a table.
local C_ActionBar = C_ActionBar
if GetActionCooldown == nil and type(C_ActionBar) == "table" and C_ActionBar.GetActionCooldown then
  -- start, duration, enabled (1 or 0), modRate
  GetActionCooldown = function(action)
    local info = C_ActionBar.GetActionCooldown(action)
    if type(info) ~= "table" then
      return 0, 0, 1, 1
    end
    return info.startTime or 0, info.duration or 0, (info.isEnabled == false) and 0 or 1,
      info.modRate or 1
  end
end
if GetActionCharges == nil and type(C_ActionBar) == "table" and C_ActionBar.GetActionCharges then
  -- currentCharges, maxCharges, cooldownStart, cooldownDuration, chargeModRate
  GetActionCharges = function(action)
    local info = C_ActionBar.GetActionCharges(action)
    if type(info) ~= "table" then
      return 0, 0, 0, 0, 1
    end
    return info.currentCharges or 0, info.maxCharges or 0, info.cooldownStartTime or 0,
      info.cooldownDuration or 0, info.chargeModRate or 1
  end
end

-- The talent frame's tabs and talents: 1.15.4 globals whose successors take the same values
-- in another shape (GetTalentTabInfo has no role/primaryStat; GetTalentInfo takes a query
-- table and answers with a table). The order of the values is the 1.15.4 UI's
-- (TalentFrameBase.lua, Blizzard_TalentUI.lua).
local C_SpecializationInfo = C_SpecializationInfo
if type(C_SpecializationInfo) == "table" then
  if GetTalentTabInfo == nil and C_SpecializationInfo.GetSpecializationInfo then
    -- id, name, description, icon, pointsSpent, background, previewPointsSpent, isUnlocked
    GetTalentTabInfo = function(tab, inspect, pet, group)
      local id, name, description, icon, _, _, pointsSpent, background, previewPointsSpent,
        isUnlocked = C_SpecializationInfo.GetSpecializationInfo(tab, inspect or false,
          pet or false, nil, nil, group)
      return id, name, description, icon, pointsSpent, background, previewPointsSpent, isUnlocked
    end
  end
  if GetTalentInfo == nil and C_SpecializationInfo.GetTalentInfo then
    -- name, icon, tier, column, rank, maxRank, meetsPrereq, previewRank, meetsPreviewPrereq,
    -- isExceptional
    GetTalentInfo = function(tab, index, inspect, pet, group)
      local r = C_SpecializationInfo.GetTalentInfo({
        specializationIndex = tab, talentIndex = index, isInspect = inspect, isPet = pet,
        groupIndex = group,
      })
      if type(r) ~= "table" then
        return nil
      end
      return r.name, r.icon, r.tier, r.column, r.rank, r.maxRank, r.meetsPrereq, r.previewRank,
        r.meetsPreviewPrereq, r.isExceptional
    end
  end
end

-- UnitAura, UnitBuff and UnitDebuff: the 1.15.4 client answers with the aura's fields as
-- separate values, in this order; the reference keeps only C_UnitAuras.GetAuraDataByIndex.
local C_UnitAuras = C_UnitAuras
if UnitAura == nil and type(C_UnitAuras) == "table" and C_UnitAuras.GetAuraDataByIndex then
  local unpack = unpack
  UnitAura = function(unit, index, filter)
    local a = C_UnitAuras.GetAuraDataByIndex(unit, index, filter)
    if type(a) ~= "table" then
      return nil
    end
    return a.name, a.icon, a.applications, a.dispelName, a.duration, a.expirationTime,
      a.sourceUnit, a.isStealable, a.nameplateShowPersonal, a.spellId, a.canApplyAura,
      a.isBossAura, a.isFromPlayerOrPlayerPet, a.nameplateShowAll, a.timeMod,
      unpack(a.points or {})
  end
  UnitBuff = UnitBuff or function(unit, index, filter)
    return UnitAura(unit, index, filter and ("HELPFUL|" .. filter) or "HELPFUL")
  end
  UnitDebuff = UnitDebuff or function(unit, index, filter)
    return UnitAura(unit, index, filter and ("HARMFUL|" .. filter) or "HARMFUL")
  end
end

-- CastingInfo and ChannelInfo: the player's own cast, as UnitCastingInfo/UnitChannelInfo.
if CastingInfo == nil and type(UnitCastingInfo) == "function" then
  CastingInfo = function() return UnitCastingInfo("player") end
end
if ChannelInfo == nil and type(UnitChannelInfo) == "function" then
  ChannelInfo = function() return UnitChannelInfo("player") end
end

-- Registers an action button with the client's action bar code: nothing to keep here.
if SetActionUIButton == nil then
  SetActionUIButton = function() end
end
-- Whether a boss frame stays shown for a unit that cannot be interacted with: no bosses here.
if ShowBossFrameWhenUninteractable == nil then
  ShowBossFrameWhenUninteractable = function() return false end
end

-- The combat log filter functions of 1.15.4 over C_CombatLog (the reference's successors).
local C_CombatLog = C_CombatLog
if type(C_CombatLog) == "table" then
  if CombatLogResetFilter == nil and C_CombatLog.ClearEventFilters then
    CombatLogResetFilter = function() return C_CombatLog.ClearEventFilters() end
  end
  if CombatLogAddFilter == nil and C_CombatLog.AddEventFilter then
    -- (events, sourceFlags, destFlags): the successor keeps no filter arguments here.
    CombatLogAddFilter = function() return C_CombatLog.AddEventFilter() end
  end
  if CombatLog_Object_IsA == nil and C_CombatLog.DoesObjectMatchFilter then
    -- The legacy order is (flags, mask); the successor's is (mask, flags).
    CombatLog_Object_IsA = function(flags, mask)
      return C_CombatLog.DoesObjectMatchFilter(mask, flags)
    end
  end
  if CombatLogGetNumEntries == nil and C_CombatLog.GetEntryCount then
    CombatLogGetNumEntries = function(ignoreFilter) return C_CombatLog.GetEntryCount(ignoreFilter) end
  end
  -- The entry cursor: entry 0 is the newest, negative steps go to older entries (the retail UI
  -- makes the same moves with SeekToNewestEntry / SeekToPreviousEntry).
  if CombatLogSetCurrentEntry == nil and C_CombatLog.SeekToNewestEntry then
    CombatLogSetCurrentEntry = function(_, ignoreFilter)
      return C_CombatLog.SeekToNewestEntry(ignoreFilter)
    end
  end
  if CombatLogGetCurrentEntry == nil and C_CombatLog.GetCurrentEntryInfo then
    CombatLogGetCurrentEntry = function() return C_CombatLog.GetCurrentEntryInfo() end
  end
  if CombatLogAdvanceEntry == nil and C_CombatLog.SeekToPreviousEntry then
    CombatLogAdvanceEntry = function(count, ignoreFilter)
      local valid = C_CombatLog.GetCurrentEntryInfo() ~= nil
      for _ = 1, -(tonumber(count) or 0) do
        valid = C_CombatLog.SeekToPreviousEntry(ignoreFilter)
      end
      return valid
    end
  end
end

-- Nameplate sizes: 1.15.4 sets them per kind (friendly, enemy, self); the 1.15.9 reference has
-- one size for all (SetNamePlateSize), which each of the three sets. The preferred click
-- insets have no successor in the namespace: nothing to keep here.
local C_NamePlate = C_NamePlate
if type(C_NamePlate) == "table" and C_NamePlate.SetNamePlateSize then
  for _, fn in ipairs({ "SetNamePlateFriendlySize", "SetNamePlateEnemySize", "SetNamePlateSelfSize" }) do
    if C_NamePlate[fn] == nil then
      C_NamePlate[fn] = function(width, height) return C_NamePlate.SetNamePlateSize(width, height) end
    end
  end
  for _, fn in ipairs({ "SetNamePlateFriendlyPreferredClickInsets", "SetNamePlateEnemyPreferredClickInsets" }) do
    if C_NamePlate[fn] == nil then
      C_NamePlate[fn] = function() end
    end
  end
end
