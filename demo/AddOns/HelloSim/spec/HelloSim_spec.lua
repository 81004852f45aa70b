-- Specs for the HelloSim demo addon. A spec gets what the addon's files get as `...`.
local addonName, ns = ...

describe("HelloSim", function()
  it("gets the addon's name and private table", function()
    assert.are.equal("HelloSim", addonName)
    assert.are.equal(HelloSimFrame, ns.frame)
  end)

  it("counts the log-in in its SavedVariables", function()
    assert.is_table(HelloSimDB)
    assert.is_true(HelloSimDB.logins >= 1)
  end)

  it("greets one second after log-in", function()
    wowsim.Advance(1.1)
    local found = false
    for _, line in ipairs(wowsim.ChatOutput()) do
      if line:find("one second after log%-in") then
        found = true
      end
    end
    assert.is_true(found)
  end)

  it("answers its slash command", function()
    SlashCmdList.HELLOSIM("hi")
    local chat = wowsim.ChatOutput()
    assert.are.equal("HelloSim: you said 'hi'", chat[#chat])
  end)

  it("counts another log-in when PLAYER_LOGIN fires again", function()
    local before = HelloSimDB.logins
    wowsim.FireEvent("PLAYER_LOGIN")
    assert.are.equal(before + 1, HelloSimDB.logins)
  end)
end)
