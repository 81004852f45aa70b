-- wow-sim demo addon: the behaviour of the panel described in SimPanel.xml.
SimPanelMixin = {}

function SimPanelMixin:OnLoad()
  self.NameRow.Label:SetText("Character")
  self.TimeRow.Label:SetText("Session")
  self:RegisterEvent("PLAYER_LOGIN")
  self:SetScript("OnEvent", self.OnEvent)
  self.elapsed = 0
end

function SimPanelMixin:OnEvent(event)
  if event == "PLAYER_LOGIN" then
    SimPanelClicks = SimPanelClicks or 0
    self.NameRow.Value:SetText(UnitName("player") .. " - " .. GetRealmName())
  end
end

function SimPanelMixin:OnUpdate(elapsed)
  self.elapsed = self.elapsed + elapsed
  self.TimeRow.Value:SetText(format("%.1f s", self.elapsed))
  self.Progress:SetValue(math.min(self.elapsed, 5))
end

function SimPanelMixin:CountClick()
  SimPanelClicks = (SimPanelClicks or 0) + 1
  print("SimPanel: clicked " .. SimPanelClicks .. " time(s)")
end
