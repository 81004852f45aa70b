-- The adventure guide's tiers (one per expansion up to the flavour's current one, with their
-- enUS names, the client's facts), and for encounters and their creatures, which need the
-- client's journal database, stand-ins named after the id asked for ("Encounter #1291",
-- "Creature #1291") so addons that name world bosses from the journal at load get a string;
-- anything without an id stays nothing. Only the functions the flavour's reference lists are
-- defined (`define`, from lua/no_database.lua).
local define, numTiers = ...

local tiers = {
  "Classic", "Burning Crusade", "Wrath of the Lich King", "Cataclysm", "Mists of Pandaria",
  "Warlords of Draenor", "Legion", "Battle for Azeroth", "Shadowlands", "Dragonflight",
  "The War Within", "Midnight",
}
local selected = numTiers

-- A journal id as the client reads it: a positive whole number (or a string of one).
local function journalID(v)
  local n = tonumber(v)
  if n and n >= 1 and n == math.floor(n) and n < 2 ^ 31 then
    return n
  end
end

local answers = {}
answers["EJ_GetNumTiers"] = function() return numTiers end
answers["EJ_GetCurrentTier"] = function() return selected end
answers["EJ_SelectTier"] = function(tier)
  local n = journalID(tier)
  if n and n <= numTiers then
    selected = n
  end
end
answers["EJ_GetTierInfo"] = function(tier)
  local n = journalID(tier)
  if n and n <= numTiers then
    return tiers[n]
  end
end
-- name, description, journalEncounterID, rootSectionID, link, journalInstanceID,
-- dungeonEncounterID, instanceID
answers["EJ_GetEncounterInfo"] = function(encounterID)
  local id = journalID(encounterID)
  if id then
    return "Encounter #" .. id, "", id, 0, "", 0, 0, 0
  end
end
-- id, name, description, displayInfo, iconImage, uiModelSceneID: the encounter's first creature.
answers["EJ_GetCreatureInfo"] = function(index, encounterID)
  local id = journalID(encounterID)
  if id and tonumber(index) == 1 then
    return 0, "Creature #" .. id, "", 0, 0, 0
  end
end

define(answers)
