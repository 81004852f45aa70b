-- The simulated character's own state where it is in no chat channel and no battleground, and
-- speaks its faction's language; the flavour's expansion level; the minimap's view radius; the account's Edit Mode settings at their defaults. Typed stubs would answer these with nothing or 0 in shapes that
-- contradict each other (a default language while no language is known; no channel id where the
-- client answers 0), and addons index the answers. Only the functions the flavour's reference
-- lists are defined (`define`, from lua/no_database.lua).
-- Written for wow-sim; it is not client code.
local define = ...

-- The language every character of a faction speaks (name, language id, as the client's
-- languages database numbers them).
local FACTION_LANGUAGE = {
  Alliance = { "Common", 7 },
  Horde = { "Orcish", 1 },
}

local function language()
  local l = FACTION_LANGUAGE[UnitFactionGroup("player")] or FACTION_LANGUAGE.Alliance
  return l[1], l[2]
end

-- The flavour's current expansion (the reference's LE_EXPANSION_LEVEL_CURRENT: 11 retail, 4
-- Mists Classic, 0 Classic Era): the client, the realm and the account all have it. Typed stubs
-- answered 0, which sent retail addons down their Classic paths (ls_Toasts).
local function expansion()
  return LE_EXPANSION_LEVEL_CURRENT or 0
end

-- The minimap's view diameter in yards by zoom level (0 widest .. 5), outdoors, as the client
-- shows it (the figures public map libraries use, e.g. HereBeDragons-Pins); the character stands
-- outdoors (Goldshire).
local MINIMAP_OUTDOOR_YARDS = { [0] = 1400 / 3, 400, 1000 / 3, 800 / 3, 200, 400 / 3 }

local answers = {
  ["GetExpansionLevel"] = expansion,
  ["GetClientDisplayExpansionLevel"] = expansion,
  ["GetServerExpansionLevel"] = expansion,
  ["GetAccountExpansionLevel"] = expansion,
  ["GetMaximumExpansionLevel"] = expansion,
  -- Half the view diameter at the minimap's zoom (a typed stub's 0 made addons divide by it).
  ["C_Minimap.GetViewRadius"] = function()
    local zoom = Minimap and Minimap.GetZoom and Minimap:GetZoom() or 0
    return (MINIMAP_OUTDOOR_YARDS[zoom] or MINIMAP_OUTDOOR_YARDS[0]) / 2
  end,
  ["GetDefaultLanguage"] = language,
  -- The faction's language is the one the character knows.
  ["GetNumLanguages"] = function() return 1 end,
  ["GetLanguageByIndex"] = function(index)
    if index == 1 then
      return language()
    end
  end,
  -- No channel is joined: the client answers 0 (Blizzard's chat code tests `~= 0`), no name,
  -- and instance 0.
  ["GetChannelName"] = function() return 0, nil, 0 end,
  -- Outside a battleground the score list is empty, yet the Classic clients answer a row of
  -- the 12-value shape their WorldStateFrame reads (name, killingBlows, honorableKills,
  -- deaths, honorGained, faction, rank, race, class, classToken, damageDone, healingDone)
  -- with its numbers 0; addons probe the shape at load (`select(7, GetBattlefieldScore(1))`).
  ["GetBattlefieldScore"] = function()
    return nil, 0, 0, 0, 0, 0, 0, nil, nil, nil, 0, 0
  end,
  -- The client answers one `EditModeSettingInfo` per account setting (Blizzard's
  -- EditModeManager indexes its map of them by every `Enum.EditModeAccountSetting` value);
  -- they are stored on the server, so wow-sim answers each 0 (off) and the grid at the UI's
  -- default spacing (Constants.EditModeConsts.EditModeDefaultGridSpacing).
  ["C_EditMode.GetAccountSettings"] = function()
    local list = {}
    local settings = Enum and Enum.EditModeAccountSetting or {}
    local consts = Constants and Constants.EditModeConsts
    local spacing = consts and consts.EditModeDefaultGridSpacing or 100
    for _, setting in pairs(settings) do
      list[#list + 1] = { setting = setting, value = setting == settings.GridSpacing and spacing or 0 }
    end
    table.sort(list, function(a, b) return a.setting < b.setting end)
    return list
  end,
}

define(answers)
