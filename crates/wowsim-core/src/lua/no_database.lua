-- Client data wow-sim has no database for, answered honestly where the answer is known: no
-- achievement database, so the category lists are empty lists; the item level colour of a
-- character with nothing equipped is the common quality's white. (Spells and items by id have
-- a table of their own with counted stand-ins: api/game_data.rs.) Only the functions the
-- flavour's reference lists are defined (the caller passes their names).
local has = ...

local function emptylist() return {} end
local function white() return 1, 1, 1 end

local answers = {
  ["GetCategoryList"] = emptylist,
  ["GetGuildCategoryList"] = emptylist,
  ["GetStatisticsCategoryList"] = emptylist,
  ["GetItemLevelColor"] = white,
}

for name, f in pairs(answers) do
  if has[name] then
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
