-- What the simulated character may open and carries, and the calendar on the virtual clock. The character
-- is at the flavour's maximum level (api/identity.rs) on an ordinary account, so the level- and
-- account-gated panels are open to it: the client's UI asks these before showing a panel, and a
-- typed stub's `false` (or nothing) would keep the achievement frame, the adventure guide and the
-- group finder shut. Only the functions the flavour's reference lists are defined (`define`, from
-- lua/no_database.lua).
local define, fireEvent = ...

local answers = {
  -- The UI checks both before opening the achievement frame; a character at the maximum
  -- level has earned the level achievements. (The achievement database itself is absent:
  -- lua/no_database.lua.)
  ["CanShowAchievementUI"] = function() return true end,
  ["HasCompletedAnyAchievement"] = function() return true end,
  -- The UI's `CanShowEncounterJournal` asks this before opening the adventure guide.
  ["C_AdventureJournal.CanBeShown"] = function() return true end,
  -- Open from level 10 on; no failure reason then (an empty string: the documented type).
  ["C_LFGInfo.CanPlayerUseGroupFinder"] = function() return true, "" end,
  ["C_LFGInfo.CanPlayerUseLFD"] = function() return true, "" end,
  ["C_LFGInfo.CanPlayerUseLFR"] = function() return true, "" end,
  ["C_LFGInfo.CanPlayerUsePVP"] = function() return true, "" end,
  ["C_LFGInfo.CanPlayerUsePremadeGroup"] = function() return true, "" end,
  ["C_LFGInfo.CanPlayerUseScenarioFinder"] = function() return true, "" end,
  -- Classic Era: the honor system is on (its realms have run it since the honor phase), so
  -- the character frame's Honor tab opens.
  ["HonorSystemEnabled"] = function() return true end,
  -- Specializations and talents open at level 10 (the talent frame's tabs ask these).
  ["C_SpecializationInfo.CanPlayerUseTalentSpecUI"] = function() return true end,
  ["C_SpecializationInfo.CanPlayerUseTalentUI"] = function() return true end,
  -- `Settings.OpenToCategory` calls this; the client answers with the synchronous
  -- `SETTINGS_PANEL_OPEN(openToCategoryID, scrollToElementName)` that the settings panel
  -- listens to (the event's payload in the UI's SettingsUtil documentation mirrors the
  -- arguments).
  ["C_SettingsUtil.OpenSettingsPanel"] = function(categoryID, scrollToElementName)
    fireEvent("SETTINGS_PANEL_OPEN", categoryID, scrollToElementName)
  end,
}

-- What the character carries (items, bags, currencies) is the world's: world/inventory_api.rs.

-- One talent group (no second specialization bought): the active one is the first.
answers["C_SpecializationInfo.GetActiveSpecGroup"] = function() return 1 end

-- The adventure guide's loot filter: class and specialization ids, 0 for none. It starts as
-- the player's class (the client's default), with no specialization chosen.
local lootClass, lootSpec
answers["EJ_GetLootFilter"] = function()
  if lootClass == nil then lootClass, lootSpec = select(3, UnitClass("player")) or 0, 0 end
  return lootClass, lootSpec
end
answers["EJ_SetLootFilter"] = function(classID, specID)
  lootClass, lootSpec = tonumber(classID) or 0, tonumber(specID) or 0
end
answers["EJ_ResetLootFilter"] = function()
  lootClass, lootSpec = nil, nil
end

-- The calendar: the month it shows (as wowless models it: `GetMonthInfo(offset)` is relative
-- to it, `SetAbsMonth`/`SetMonth` move it) starts at the current month of the virtual clock.
local function monthStart(year, month)
  return time({ year = year, month = month, day = 1, hour = 12 })
end
local function addMonths(year, month, offset)
  local m = month - 1 + math.floor(offset)
  return year + math.floor(m / 12), m % 12 + 1
end
local function monthInfo(year, month)
  local first = date("*t", monthStart(year, month))
  local ny, nm = addMonths(year, month, 1)
  local numDays = math.floor((monthStart(ny, nm) - monthStart(year, month)) / 86400 + 0.5)
  return { month = month, year = year, numDays = numDays, firstWeekday = first.wday }
end
local viewed
local function viewedMonth()
  if not viewed then
    local now = date("*t")
    viewed = { year = now.year, month = now.month }
  end
  return viewed
end
answers["C_Calendar.GetMonthInfo"] = function(offsetMonths)
  local v = viewedMonth()
  return monthInfo(addMonths(v.year, v.month, tonumber(offsetMonths) or 0))
end
answers["C_Calendar.SetAbsMonth"] = function(month, year)
  viewed = { year = math.floor(tonumber(year) or 0), month = math.floor(tonumber(month) or 1) }
end
answers["C_Calendar.SetMonth"] = function(offsetMonths)
  local v = viewedMonth()
  local y, m = addMonths(v.year, v.month, tonumber(offsetMonths) or 0)
  viewed = { year = y, month = m }
end
answers["C_DateAndTime.GetCurrentCalendarTime"] = function()
  local now = date("*t")
  return {
    year = now.year, month = now.month, monthDay = now.day, weekday = now.wday,
    hour = now.hour, minute = now.min,
  }
end

define(answers)
