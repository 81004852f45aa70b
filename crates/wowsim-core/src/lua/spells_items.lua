-- Spells and items by id, honestly unknown: wow-sim has no spell or item database, so every id
-- answers as the client answers an id it has no record of (nothing, or false for the "does it
-- exist" questions), never an invented name or an empty record. Only the functions the
-- flavour's reference lists are defined (the caller passes their names).
local has = ...

local function nothing() end
local function no() return false end

local answers = {
  ["C_Spell.GetSpellInfo"] = nothing,
  ["C_Spell.GetSpellName"] = nothing,
  ["C_Spell.GetSpellTexture"] = nothing,
  ["C_Spell.GetSpellLink"] = nothing,
  ["C_Spell.DoesSpellExist"] = no,
  ["C_Item.GetItemInfo"] = nothing,
  ["C_Item.GetItemInfoInstant"] = nothing,
  ["C_Item.GetItemNameByID"] = nothing,
  ["C_Item.DoesItemExistByID"] = no,
  ["GetSpellInfo"] = nothing,
  ["GetSpellTexture"] = nothing,
  ["GetSpellLink"] = nothing,
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
