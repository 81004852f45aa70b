-- wow-sim built-in base: the game panels' parts that addons reach at load or log-in: retail's
-- quest log beside the world map (`QuestMapFrame`, its quest list and details pane with the
-- abandon, share and track buttons) and Classic's master looter frame (`MasterLooterFrame`, its
-- item and candidate buttons, `MasterLooterFrame_Show`, which loot addons hook). Written for
-- wow-sim from the client's names and shapes (which children by which key, what each function
-- does); it is not client code. Receives `template` (defines or answers a Lua template).
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

local function button(parent, name, text, width)
  local b = CreateFrame("Button", name, parent, "UIPanelButtonTemplate")
  b:SetSize(width, 22)
  b:SetText(text)
  return b
end

-- ---- retail: the quest log of the world map ----
if isRetail and rawget(_G, "QuestMapFrame") == nil and rawget(_G, "WorldMapFrame") then
  local qmf = CreateFrame("Frame", "QuestMapFrame", WorldMapFrame)
  qmf:SetWidth(330)
  qmf:SetPoint("TOPRIGHT", -3, -25)
  qmf:SetPoint("BOTTOMRIGHT", -3, 3)
  qmf:EnableMouse(true)
  qmf:Hide()
  qmf.ContentFrames = {}
  for _, key in ipairs({ "QuestsTab", "EventsTab", "MapLegendTab" }) do
    qmf[key] = CreateFrame("Frame", nil, qmf)
    qmf[key]:SetSize(43, 55)
  end
  -- The quest list: a scroll frame (QuestScrollFrame) over a vertical layout of headers and
  -- quests, with its search box.
  local quests = CreateFrame("Frame", nil, qmf)
  quests:SetAllPoints()
  qmf.QuestsFrame = quests
  table.insert(qmf.ContentFrames, quests)
  local scroll = CreateFrame("ScrollFrame", "QuestScrollFrame", quests, "ScrollFrameTemplate")
  scroll:SetAllPoints()
  scroll.Contents = CreateFrame("Frame", nil, scroll, "VerticalLayoutFrame")
  scroll.Contents:SetSize(302, 1)
  scroll:SetScrollChild(scroll.Contents)
  scroll.SearchBox = CreateFrame("EditBox", nil, scroll, "SearchBoxTemplate")
  scroll.SearchBox:SetSize(200, 20)
  quests.ScrollFrame = scroll
  -- The details pane: the quest's text in its own scroll frame, the back button, the rewards
  -- and the abandon, share and track buttons along the bottom.
  local details = CreateFrame("Frame", nil, qmf)
  details:SetSize(308, 502)
  details:SetPoint("TOPRIGHT", 0, -1)
  details:Hide()
  qmf.DetailsFrame = details
  details.BackFrame = CreateFrame("Frame", nil, details)
  details.BackFrame:SetSize(308, 30)
  details.BackFrame:SetPoint("TOP")
  details.BackFrame.BackButton = button(details.BackFrame, nil, BACK, 90)
  details.BackFrame.BackButton:SetPoint("LEFT", 4, 0)
  details.ScrollFrame = CreateFrame("ScrollFrame", "QuestMapDetailsScrollFrame", details, "ScrollFrameTemplate")
  details.ScrollFrame:SetPoint("TOPLEFT", 0, -30)
  details.ScrollFrame:SetPoint("BOTTOMRIGHT", 0, 30)
  details.RewardsFrameContainer = CreateFrame("Frame", nil, details)
  details.RewardsFrameContainer.RewardsFrame = CreateFrame("Frame", nil, details.RewardsFrameContainer)
  details.AbandonButton = button(details, nil, ABANDON_QUEST_ABBREV, 110)
  details.AbandonButton:SetPoint("BOTTOMLEFT", 1, -4)
  details.ShareButton = button(details, nil, SHARE_QUEST_ABBREV, 95)
  details.ShareButton:SetPoint("LEFT", details.AbandonButton, "RIGHT")
  details.TrackButton = button(details, nil, TRACK_QUEST_ABBREV, 110)
  details.TrackButton:SetPoint("LEFT", details.ShareButton, "RIGHT")
  table.insert(qmf.ContentFrames, details)
  qmf.MapLegend = CreateFrame("Frame", nil, qmf)
  qmf.MapLegend:SetAllPoints()
  qmf.MapLegend:Hide()
  table.insert(qmf.ContentFrames, qmf.MapLegend)
end

-- ---- Classic: the master looter's candidate list ----
if not isRetail and rawget(_G, "MasterLooterFrame") == nil then
  local ml = CreateFrame("Frame", "MasterLooterFrame", UIParent, "TooltipBorderedFrameTemplate")
  ml:SetClampedToScreen(true)
  ml:SetFrameStrata("DIALOG")
  ml:SetSize(120, 63)
  ml:Hide()
  local item = CreateFrame("Frame", nil, ml)
  item:SetSize(100, 40)
  item:SetPoint("TOPLEFT", 8, -8)
  item.Icon = item:CreateTexture(nil, "ARTWORK")
  item.Icon:SetSize(36, 36)
  item.Icon:SetPoint("LEFT")
  item.ItemName = item:CreateFontString(nil, "ARTWORK", "GameFontNormal")
  item.ItemName:SetPoint("LEFT", item.Icon, "RIGHT", 6, 0)
  item.NameBorderLeft = item:CreateTexture(nil, "BACKGROUND")
  item.NameBorderRight = item:CreateTexture(nil, "BACKGROUND")
  ml.Item = item
  ml.wowsimPlayers = {}
  ml:SetScript("OnHide", function(self)
    MasterLooterFrame_OnHide(self)
  end)
end
if not isRetail then
  -- Hides the candidate buttons.
  function MasterLooterFrame_OnHide(self)
    for _, b in ipairs(self.wowsimPlayers or {}) do
      b:Hide()
    end
  end
  -- Lists the loot's candidates (GetMasterLootCandidate) as buttons, ten to a column.
  function MasterLooterFrame_UpdatePlayers()
    local ml = MasterLooterFrame
    local count = 0
    for i = 1, MAX_RAID_MEMBERS do
      local name = GetMasterLootCandidate(LootFrame.selectedSlot, i)
      if name then
        count = count + 1
        local b = ml["player" .. count]
        if not b then
          b = CreateFrame("Button", nil, ml)
          b:SetSize(100, 23)
          b.Name = b:CreateFontString(nil, "ARTWORK", "GameFontNormalSmall")
          b.Name:SetAllPoints()
          b:SetScript("OnClick", function(self)
            MasterLooterFrame.slot = LootFrame.selectedSlot
            MasterLooterFrame.candidateId = self.id
            MasterLooterFrame_GiveMasterLoot()
          end)
          ml["player" .. count] = b
          ml.wowsimPlayers[count] = b
        end
        local column, row = math.floor((count - 1) / 10), (count - 1) % 10
        b:ClearAllPoints()
        b:SetPoint("TOPLEFT", 6 + column * 104, -50 - row * 23)
        b.id = i
        b.Name:SetText(name)
        b:Show()
      end
    end
    local columns = math.max(1, math.ceil(count / 10))
    ml:SetWidth(columns * 102 + 12)
    ml:SetHeight(math.min(count, 10) * 23 + 63)
  end
  -- Shows the frame under the loot button of the item the master looter picked.
  function MasterLooterFrame_Show(selectedLootButton)
    local item = MasterLooterFrame.Item
    item.ItemName:SetText(LootFrame.selectedItemName)
    item.Icon:SetTexture(LootFrame.selectedTexture)
    local color = ITEM_QUALITY_COLORS and ITEM_QUALITY_COLORS[LootFrame.selectedQuality]
    if color then
      item.ItemName:SetVertexColor(color.r, color.g, color.b)
    end
    MasterLooterFrame:Show()
    MasterLooterFrame_UpdatePlayers()
    MasterLooterFrame:ClearAllPoints()
    MasterLooterFrame:SetPoint("TOPLEFT", selectedLootButton, "BOTTOMLEFT", 0, 0)
  end
  function MasterLooterFrame_GiveMasterLoot()
    GiveMasterLoot(MasterLooterFrame.slot, MasterLooterFrame.candidateId)
    MasterLooterFrame:Hide()
  end
end

-- ---- unit frames ----
-- Retail's target-style frames hold their bars in `TargetFrameContent.TargetFrameContentMain`
-- (`HealthBarsContainer.HealthBar`, `ManaBar`); the focus frame has its target of target
-- (`FocusFrameToT`), and the boss frames `Boss<n>TargetFrame` sit in their container. Both
-- flavours have the alternate power bar (`PlayerPowerBarAlt`); retail has the arena enemy
-- frame containers (`ArenaEnemyFramesContainer` with its preparation and match containers).
local function targetContent(frame)
  if frame.TargetFrameContent then
    return
  end
  local content = CreateFrame("Frame", nil, frame)
  content:SetAllPoints()
  local main = CreateFrame("Frame", nil, content)
  main:SetAllPoints()
  local bars = CreateFrame("Frame", nil, main)
  bars:SetSize(126, 20)
  bars.HealthBar = CreateFrame("StatusBar", nil, bars)
  bars.HealthBar:SetAllPoints()
  main.HealthBarsContainer = bars
  main.ManaBar = CreateFrame("StatusBar", nil, main)
  main.ManaBar:SetSize(134, 10)
  main.ManaBar:SetPoint("TOPRIGHT", bars, "BOTTOMRIGHT")
  content.TargetFrameContentMain = main
  content.TargetFrameContentContextual = CreateFrame("Frame", nil, content)
  frame.TargetFrameContent = content
end
if isRetail then
  targetContent(TargetFrame)
  targetContent(FocusFrame)
  if rawget(_G, "FocusFrameToT") == nil then
    FocusFrame.totFrame = CreateFrame("Button", "FocusFrameToT", FocusFrame)
    FocusFrame.totFrame:Hide()
  end
  BossTargetFrameContainer.BossTargetFrames = BossTargetFrameContainer.BossTargetFrames or {}
  for i = 1, MAX_BOSS_FRAMES or 5 do
    local name = "Boss" .. i .. "TargetFrame"
    if rawget(_G, name) == nil then
      local boss = CreateFrame("Button", name, BossTargetFrameContainer)
      boss:SetID(i)
      boss.unit = "boss" .. i
      boss:Hide()
      targetContent(boss)
      table.insert(BossTargetFrameContainer.BossTargetFrames, boss)
    end
  end
  -- The override bar's six action buttons (`OverrideActionBarButton<n>`, `SpellButton<n>`).
  if rawget(_G, "OverrideActionBarButton1") == nil then
    for i = 1, 6 do
      local b = CreateFrame("CheckButton", "OverrideActionBarButton" .. i, OverrideActionBar, "ActionButtonTemplate")
      b:SetID(i)
      if i == 1 then
        b:SetPoint("BOTTOMLEFT", 20, 17)
      else
        b:SetPoint("LEFT", _G["OverrideActionBarButton" .. (i - 1)], "RIGHT", 6, 0)
      end
      OverrideActionBar["SpellButton" .. i] = b
    end
  end
  if rawget(_G, "ArenaEnemyFramesContainer") == nil then
    local arena = CreateFrame("Frame", "ArenaEnemyFramesContainer", UIParent, "ResizeLayoutFrame")
    for _, key in ipairs({ "ArenaEnemyPrepFramesContainer", "ArenaEnemyMatchFramesContainer" }) do
      local f = CreateFrame("Frame", key, arena, "VerticalLayoutFrame")
      f:Hide()
    end
    arena.PrepFramesContainer = ArenaEnemyPrepFramesContainer
    arena.MatchFramesContainer = ArenaEnemyMatchFramesContainer
  end
end
if rawget(_G, "PlayerPowerBarAlt") == nil then
  local alt = CreateFrame("Frame", "PlayerPowerBarAlt", UIParent)
  alt:SetSize(256, 64)
  alt.unit = "player"
  alt:Hide()
end

-- ---- retail: the scenario tracker's keystone block and criteria ----
-- The challenge mode block (`ScenarioObjectiveTracker.ChallengeModeBlock`): the keystone level,
-- the time left on a bar counting down, the deaths and their time lost; `Activate` starts it for
-- a timer, `UpdateTime` shows the time left. `UpdateCriteria` reads the scenario's criteria.
local scenario = isRetail and rawget(_G, "ScenarioObjectiveTracker")
if scenario and scenario.ChallengeModeBlock and not scenario.ChallengeModeBlock.UpdateTime then
  ScenarioObjectiveTrackerChallengeModeMixin = ScenarioObjectiveTrackerChallengeModeMixin or {}
  local mixin = ScenarioObjectiveTrackerChallengeModeMixin
  function mixin:UpdateTime(elapsedTime)
    local timeLeft = math.max(0, (self.timeLimit or 0) - (elapsedTime or 0))
    self.StatusBar:SetValue(timeLeft)
    local color = timeLeft == 0 and RED_FONT_COLOR or HIGHLIGHT_FONT_COLOR
    self.TimeLeft:SetTextColor(color:GetRGB())
    self.StartedDepleted:SetShown(timeLeft > 0 and self.wasDepleted == true)
    self.TimesUpLootStatus:SetShown(timeLeft == 0)
    self.TimeLeft:SetText(SecondsToClock(timeLeft))
  end
  function mixin:IsActive()
    return self.timerID ~= nil
  end
  function mixin:Activate(timerID, elapsedTime, timeLimit)
    self.timerID, self.timeLimit = timerID, timeLimit
    local level, affixes, wasEnergized = C_ChallengeMode.GetActiveKeystoneInfo()
    self.Level:SetText(CHALLENGE_MODE_POWER_LEVEL and CHALLENGE_MODE_POWER_LEVEL:format(level or 0) or level)
    self.wasDepleted = not wasEnergized
    self:SetUpAffixes(affixes)
    self:UpdateDeathCount()
    self.StatusBar:SetMinMaxValues(0, timeLimit or 0)
    self:UpdateTime(elapsedTime)
    self:Show()
  end
  function mixin:UpdateDeathCount()
    local count, timeLost = C_ChallengeMode.GetDeathCount()
    self.deathCount, self.timeLost = count or 0, timeLost or 0
    self.DeathCount:SetShown(self.deathCount > 0)
    self.DeathCount.Count:SetText(self.deathCount)
  end
  function mixin:SetUpAffixes(affixes)
    self.affixes = affixes or {}
  end
  local block = scenario.ChallengeModeBlock
  Mixin(block, mixin)
  block:SetSize(251, 87)
  block.Level = block:CreateFontString(nil, "ARTWORK", "GameFontNormalMed2")
  block.Level:SetPoint("TOPLEFT", 28, -18)
  block.TimeLeft = block:CreateFontString(nil, "ARTWORK", "GameFontHighlightHuge")
  block.TimeLeft:SetPoint("TOPLEFT", block.Level, "BOTTOMLEFT", 0, -8)
  block.StatusBar = CreateFrame("StatusBar", nil, block)
  block.StatusBar:SetSize(207, 13)
  block.StatusBar:SetPoint("BOTTOM", 0, 10)
  block.DeathCount = CreateFrame("Frame", nil, block)
  block.DeathCount:SetSize(20, 16)
  block.DeathCount:SetPoint("TOPLEFT", block, "TOPRIGHT", -47, -14)
  block.DeathCount.Count = block.DeathCount:CreateFontString(nil, "ARTWORK", "GameFontHighlightSmall2")
  block.DeathCount:Hide()
  block.StartedDepleted = CreateFrame("Frame", nil, block)
  block.StartedDepleted:Hide()
  block.TimesUpLootStatus = CreateFrame("Frame", nil, block)
  block.TimesUpLootStatus.NoLoot = block.TimesUpLootStatus:CreateTexture(nil, "OVERLAY")
  block.TimesUpLootStatus:Hide()
end
if scenario and not scenario.UpdateCriteria then
  ScenarioObjectiveTrackerMixin = ScenarioObjectiveTrackerMixin or {}
  -- Reads the current step's criteria (C_ScenarioInfo) for the objectives block.
  function ScenarioObjectiveTrackerMixin:UpdateCriteria(numCriteria)
    local criteria = {}
    for i = 1, numCriteria or 0 do
      criteria[i] = C_ScenarioInfo.GetCriteriaInfo(i)
    end
    self.wowsimCriteria = criteria
  end
  scenario.UpdateCriteria = ScenarioObjectiveTrackerMixin.UpdateCriteria
end
