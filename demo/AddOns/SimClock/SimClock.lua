-- wow-sim demo addon: counts frames with OnUpdate and reports with a ticker.
local frames, elapsedTotal = 0, 0

local clock = CreateFrame("Frame", "SimClockFrame", UIParent)
clock:SetScript("OnUpdate", function(self, elapsed)
  frames = frames + 1
  elapsedTotal = elapsedTotal + elapsed
end)

local ticks = 0
C_Timer.NewTicker(2, function(ticker)
  ticks = ticks + 1
  print(format("SimClock: %d frames in %.2f s (tick %d)", frames, elapsedTotal, ticks))
end, 2)
