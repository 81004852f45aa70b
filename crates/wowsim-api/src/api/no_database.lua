-- Client data wow-sim has no database for, answered honestly where the answer is known: no
-- achievement database, so the category lists are empty lists and every count is 0; the item
-- level colour of a character with nothing equipped is the common quality's white. (Spells and
-- items by id have a table of their own with counted stand-ins: api/game_data.rs.) Only the
-- functions the flavour's reference lists are defined (`has(name)`).
local has = ...

local function emptylist() return {} end
local function white() return 1, 1, 1 end
local function nothing() end
local function zero() return 0 end

local answers = {
  ["GetCategoryList"] = emptylist,
  ["GetGuildCategoryList"] = emptylist,
  ["GetStatisticsCategoryList"] = emptylist,
  -- total, completed, incompleted achievements of a category: none is known.
  ["GetCategoryNumAchievements"] = function() return 0, 0, 0 end,
  ["GetNumFilteredAchievements"] = zero,
  ["GetLatestCompletedAchievements"] = nothing,
  ["GetTrackedAchievements"] = nothing,
  ["GetNumTrackedAchievements"] = zero,
  ["GetAchievementSearchSize"] = zero,
  ["GetItemLevelColor"] = white,
}

-- Defines each answer the flavour has (`C_X.Name` in its namespace table, made if absent);
-- returned for lua/character_access.lua, which defines its answers the same way.
local function define(answers)
  for name, f in pairs(answers) do
    if has(name) then
      local ns, short = name:match("^(C_%w+)%.(%w+)$")
      if ns then
        local t = _G[ns]
        if type(t) ~= "table" then
          t = {}
          _G[ns] = t
        end
        t[short] = f
      else
        _G[name] = f
      end
    end
  end
end

define(answers)
return define
