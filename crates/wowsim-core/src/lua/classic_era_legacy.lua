-- wow-sim: global functions of the Classic Era client that the public Classic Era UI source
-- (1.15.4) calls but that the API reference (1.15.9) keeps only inside namespaces. The 1.15.4
-- client has them as globals; each points at its namespaced successor (same arguments and
-- results), so what it does and how it is counted is that function's. Two have no successor
-- in the reference and answer as a client with nothing to report would.
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

-- Registers an action button with the client's action bar code: nothing to keep here.
if SetActionUIButton == nil then
  SetActionUIButton = function() end
end
-- Whether a boss frame stays shown for a unit that cannot be interacted with: no bosses here.
if ShowBossFrameWhenUninteractable == nil then
  ShowBossFrameWhenUninteractable = function() return false end
end
