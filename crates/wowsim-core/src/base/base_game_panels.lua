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
