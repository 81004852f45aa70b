-- Test addon for the kill-while-saving test: each run replaces its large SavedVariables table
-- with one built from the next generation number, so consecutive files differ throughout.
local f = CreateFrame("Frame")
f:RegisterEvent("ADDON_LOADED")
f:SetScript("OnEvent", function(_, _, name)
  if name ~= "BigSave" then return end
  local gen = (BigSaveDB and BigSaveDB.generation or 0) + 1
  local rows = {}
  for i = 1, 20000 do
    rows[i] = { id = i, name = "row " .. i .. " of generation " .. gen, value = i * gen / 7 }
  end
  BigSaveDB = { generation = gen, rows = rows, last = "generation " .. gen .. " complete" }
end)
