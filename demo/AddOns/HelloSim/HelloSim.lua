-- wow-sim demo addon: greets the player, counts log-ins in SavedVariables, adds /hellosim.
local addonName, ns = ...

local frame = CreateFrame("Frame", "HelloSimFrame", UIParent)
frame:RegisterEvent("ADDON_LOADED")
frame:RegisterEvent("PLAYER_LOGIN")

frame:SetScript("OnEvent", function(self, event, arg1)
  if event == "ADDON_LOADED" and arg1 == addonName then
    HelloSimDB = HelloSimDB or { logins = 0 }
  elseif event == "PLAYER_LOGIN" then
    HelloSimDB.logins = HelloSimDB.logins + 1
    local name = UnitName("player")
    print(format("Hello, %s of %s! Log-in number %d.", name, GetRealmName(), HelloSimDB.logins))
    C_Timer.After(1, function()
      print("HelloSim: one second after log-in, GetTime() = " .. GetTime())
    end)
  end
end)

SLASH_HELLOSIM1 = "/hellosim"
SlashCmdList.HELLOSIM = function(msg)
  print("HelloSim: you said '" .. msg .. "'")
end

ns.frame = frame
