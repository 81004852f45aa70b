-- WowDirProbe: prints what a --wow run found (flavour, SavedVariables, character, Blizzard UI, art).
local f = CreateFrame("Frame")
f:RegisterEvent("ADDON_LOADED")
f:SetScript("OnEvent", function(_, _, name)
  if name ~= "WowDirProbe" then return end
  WowDirProbeDB = WowDirProbeDB or { runs = 0 }
  WowDirProbeDB.runs = WowDirProbeDB.runs + 1
  print("probe: runs " .. WowDirProbeDB.runs)
  print("probe: major " .. math.floor(select(4, GetBuildInfo()) / 10000))
  print("probe: player " .. UnitName("player") .. " of " .. GetRealmName())
  print("probe: blizzard " .. tostring(ProbeBlizzardLoaded))
  local info = C_Texture.GetAtlasInfo("probe-atlas")
  print("probe: atlas width " .. tostring(info and info.width))
end)
