-- Specs for the SimPanel demo addon: `wow-sim test` runs them inside the simulated client,
-- after start-up, with the addon loaded as in game.
describe("SimPanel", function()
  it("looks as the stored picture (spec/__screenshots__/panel.png)", function()
    assert(wowsim.MatchScreenshot("panel", SimPanelFrame))
  end)

  it("shows the character and realm after log-in", function()
    assert.are.equal(UnitName("player") .. " - " .. GetRealmName(),
      SimPanelFrame.NameRow.Value:GetText())
  end)

  it("counts clicks on its button", function()
    local before = SimPanelClicks
    wowsim.Click(SimPanelFrame.ClickMe)
    assert.are.equal(before + 1, SimPanelClicks)
    local chat = wowsim.ChatOutput()
    assert.matches("SimPanel: clicked %d+ time", chat[#chat])
  end)

  it("advances its session timer with virtual time", function()
    local start = SimPanelFrame.elapsed
    wowsim.Advance(2)
    assert.is_true(SimPanelFrame.elapsed - start >= 1.9)
    assert.are.equal(format("%.1f s", SimPanelFrame.elapsed), SimPanelFrame.TimeRow.Value:GetText())
  end)

  it("calls CountClick from the button's OnClick", function()
    local s = spy.on(SimPanelMixin, "CountClick")
    -- The frame got the mixin's functions when it was created: spy on the frame's copy.
    local f = spy.on(SimPanelFrame, "CountClick")
    SimPanelFrame.ClickMe:Click()
    assert.spy(f).was.called(1)
    assert.spy(s).was_not.called()
  end)
end)
