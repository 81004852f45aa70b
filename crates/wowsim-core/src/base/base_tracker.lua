-- wow-sim built-in base: the objective tracker, in each flavour's shape. Written for wow-sim
-- from what the client's tracker does (its frames, keys, mixins and the methods addons call and
-- hook); the art is the client's atlas names. Receives `template`.
--
-- Retail: `ObjectiveTrackerFrame` is a container of modules (`QuestObjectiveTracker`,
-- `ScenarioObjectiveTracker`, ... `WorldQuestObjectiveTracker`, each a frame of
-- `ObjectiveTrackerModuleTemplate` with a `Header` and a `ContentsFrame`), tied by
-- `ObjectiveTrackerManager` once both PLAYER_ENTERING_WORLD and VARIABLES_LOADED have fired.
-- A container lays its modules out top to bottom on the frame after `MarkDirty`; a module
-- lays out its blocks (`GetBlock`, `LayoutBlock`: one per tracked quest for the quest modules,
-- from `C_QuestLog`'s watches), shows itself when it has any and hides otherwise; the container
-- hides when no module shows (outside edit mode). Blocks and lines come from the manager's
-- pools (`AcquireFrame`, `ReleaseFrame`, which addons hook to follow the tracker's size).
--
-- Classic Era: `QuestWatchFrame` with its 30 lines (`QuestWatchLine1`..), `QuestWatch_Update`
-- listing the watched quests' objectives, the automatic watch list (`AutoQuestWatch_Insert`,
-- `QUEST_WATCH_LIST`, timers that expire) and the quest timer frame (`QuestTimerFrame`).
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

-- The keys of `mixin` the frame does not have yet (a frame's own XML mixin wins over its
-- template's, as in the client).
local function under(self, mixin)
  for k, v in pairs(mixin) do
    if rawget(self, k) == nil then
      self[k] = v
    end
  end
  return self
end

-- The script runs the frame's method of that name, looked up when it runs.
local function method(self, script, name)
  self:SetScript(script, function(frame, ...)
    local f = frame[name]
    if f then
      return f(frame, ...)
    end
  end)
end

-- A frame whose update runs once on the next frame however often it is marked dirty.
if DirtiableMixin == nil then
  DirtiableMixin = {}
  function DirtiableMixin:SetDirtyMethod(m)
    self.dirtyCallback = function()
      m(self)
      self.dirty = nil
    end
  end
  function DirtiableMixin:MarkDirty()
    if not self.dirty then
      RunNextFrame(self.dirtyCallback)
    end
    self.dirty = true
  end
end

if not isRetail then
  if WOW_PROJECT_ID ~= WOW_PROJECT_CLASSIC then
    return
  end
  -- ---- Classic Era: the quest watch frame ----
  MAX_QUESTWATCH_LINES = 30
  MAX_QUEST_WATCH_TIMER = 300
  QUEST_WATCH_NO_EXPIRE = 999
  QUEST_WATCH_LIST = {}

  local watch = CreateFrame("Frame", "QuestWatchFrame", UIParent)
  watch:SetToplevel(true)
  watch:SetSize(280, 20)
  watch:SetPoint("TOPRIGHT", MinimapCluster, "BOTTOMRIGHT", 0, 10)
  local name = watch:CreateFontString("QuestWatchQuestName", "BACKGROUND", "GameFontNormal")
  name:SetJustifyH("LEFT")
  name:SetHeight(13)
  name:SetPoint("TOPLEFT")
  local previous = name
  for i = 1, MAX_QUESTWATCH_LINES do
    local line = watch:CreateFontString("QuestWatchLine" .. i, "BACKGROUND", "GameFontHighlight")
    line:SetJustifyH("LEFT")
    line:SetHeight(13)
    line:SetPoint("TOPLEFT", previous, "BOTTOMLEFT")
    previous = line
  end
  watch:SetScript("OnUpdate", function(self, elapsed)
    AutoQuestWatch_OnUpdate(self, elapsed)
  end)

  function GetQuestIDFromLogIndex(questIndex)
    return (select(8, GetQuestLogTitle(questIndex)))
  end
  function GetQuestLogIndexByName(questName)
    for i = 1, GetNumQuestLogEntries() do
      local title = GetQuestLogTitle(i)
      if title and "  " .. title == questName then
        return i
      end
    end
  end

  -- The watched quests that have objectives: a title line, then one " - " line per objective
  -- (white when done, grey otherwise; the title gold once all are done); the frame takes the
  -- lines' height and the widest line, or hides when none is used.
  function QuestWatch_Update()
    local index, widest = 1, 0
    local function put(text, r, g, b, anchorGap)
      local line = _G["QuestWatchLine" .. index]
      line:SetText(text)
      if r then
        line:SetTextColor(r, g, b)
      end
      if index > 1 then
        line:SetPoint("TOPLEFT", "QuestWatchLine" .. (index - 1), "BOTTOMLEFT", 0, anchorGap)
      end
      line:Show()
      widest = math.max(widest, line:GetWidth())
      index = index + 1
      return line
    end
    for i = 1, GetNumQuestWatches() do
      local questIndex = GetQuestIndexForWatch(i)
      local count = questIndex and GetNumQuestLeaderBoards(questIndex) or 0
      if count > 0 and index + count <= MAX_QUESTWATCH_LINES then
        local title = put(GetQuestLogTitle(questIndex), nil, nil, nil, -4)
        local done = 0
        for j = 1, count do
          local text, _, finished = GetQuestLogLeaderBoard(j, questIndex)
          if finished == nil then
            finished = true
          end
          if finished then
            done = done + 1
            put(" - " .. (text or ""), HIGHLIGHT_FONT_COLOR.r, HIGHLIGHT_FONT_COLOR.g, HIGHLIGHT_FONT_COLOR.b, 0)
          else
            put(" - " .. (text or ""), 0.8, 0.8, 0.8, 0)
          end
        end
        if done == count then
          title:SetTextColor(NORMAL_FONT_COLOR.r, NORMAL_FONT_COLOR.g, NORMAL_FONT_COLOR.b)
        else
          title:SetTextColor(0.75, 0.61, 0)
        end
      end
    end
    if index == 1 then
      QuestWatchFrame:Hide()
      return
    end
    QuestWatchFrame:Show()
    QuestWatchFrame:SetHeight(index * 13)
    QuestWatchFrame:SetWidth(widest + 10)
    for i = index, MAX_QUESTWATCH_LINES do
      _G["QuestWatchLine" .. i]:Hide()
    end
  end

  function QuestWatch_OnLogin()
    QUEST_WATCH_LIST = {}
    for i = 1, GetNumQuestWatches() do
      local questIndex = GetQuestIndexForWatch(i)
      if questIndex then
        AutoQuestWatch_Insert(questIndex, QUEST_WATCH_NO_EXPIRE)
      end
    end
  end

  -- Watches the quest for `watchTimer` seconds (QUEST_WATCH_NO_EXPIRE: for good); when the
  -- list is full, the watch closest to expiring makes room (none: the quest is not watched).
  function AutoQuestWatch_Insert(questIndex, watchTimer)
    local entry = { id = GetQuestIDFromLogIndex(questIndex), timer = watchTimer }
    if #QUEST_WATCH_LIST < (MAX_WATCHABLE_QUESTS or 5) then
      table.insert(QUEST_WATCH_LIST, entry)
      AddQuestWatch(questIndex)
      return
    end
    local lowest, at = MAX_QUEST_WATCH_TIMER, nil
    for i, value in ipairs(QUEST_WATCH_LIST) do
      if value.timer <= lowest and value.timer ~= QUEST_WATCH_NO_EXPIRE then
        lowest, at = value.timer, i
      end
    end
    if at then
      local old = table.remove(QUEST_WATCH_LIST, at)
      RemoveQuestWatch(GetQuestLogIndexByID(old.id))
      table.insert(QUEST_WATCH_LIST, entry)
      AddQuestWatch(questIndex)
    end
  end

  function AutoQuestWatch_CheckDeleted()
    for i = #QUEST_WATCH_LIST, 1, -1 do
      local logIndex = GetQuestLogIndexByID(QUEST_WATCH_LIST[i].id)
      if not logIndex or logIndex <= 0 then
        table.remove(QUEST_WATCH_LIST, i)
      end
    end
  end

  -- A quest that progressed is watched (again) for MAX_QUEST_WATCH_TIMER seconds, unless it is
  -- watched for good.
  function AutoQuestWatch_Update(questIndex)
    local questID = GetQuestIDFromLogIndex(questIndex)
    for i, value in ipairs(QUEST_WATCH_LIST) do
      if value.id == questID then
        if value.timer == QUEST_WATCH_NO_EXPIRE then
          return
        end
        table.remove(QUEST_WATCH_LIST, i)
        value.timer = MAX_QUEST_WATCH_TIMER
        table.insert(QUEST_WATCH_LIST, value)
        return
      end
    end
    AutoQuestWatch_Insert(questIndex, MAX_QUEST_WATCH_TIMER)
  end

  -- The timed watches count down; one that runs out is no longer watched.
  function AutoQuestWatch_OnUpdate(self, elapsed)
    for i = #QUEST_WATCH_LIST, 1, -1 do
      local value = QUEST_WATCH_LIST[i]
      if value.timer ~= QUEST_WATCH_NO_EXPIRE then
        value.timer = value.timer - elapsed
        if value.timer < 0 then
          table.remove(QUEST_WATCH_LIST, i)
          RemoveQuestWatch(GetQuestLogIndexByID(value.id))
          QuestWatch_Update()
        end
      end
    end
  end

  -- The quest timers: one button per timed quest (the client's frame has 25), the frame
  -- shown while any runs.
  local NUM_TIMER_BUTTONS = 25
  QuestTimerMixin = QuestTimerMixin or {}
  function QuestTimerMixin:OnLoad()
    self.numTimers = 0
    self:RegisterEvent("QUEST_LOG_UPDATE")
    self:RegisterEvent("PLAYER_ENTERING_WORLD")
  end
  function QuestTimerMixin:OnEvent()
    if not self.updating then
      self:Update()
    end
  end
  function QuestTimerMixin:Update()
    self.updating = true
    self:UpdateQuestTimers(GetQuestTimers())
    self.updating = nil
  end
  function QuestTimerMixin:UpdateQuestTimers(...)
    local n = select("#", ...)
    for i = 1, NUM_TIMER_BUTTONS do
      local button = _G["QuestTimer" .. i]
      if i <= n then
        _G["QuestTimer" .. i .. "Text"]:SetText(SecondsToTime((select(i, ...))))
        button:Show()
      else
        button:Hide()
      end
    end
    self.numTimers = n
    if n > 0 then
      self:SetHeight(43 + 16 * n)
      self:Show()
    else
      self:Hide()
    end
  end
  function QuestTimerMixin:OnUpdate()
    if self.numTimers > 0 then
      self:Update()
    end
  end
  QuestTimerButtonMixin = QuestTimerButtonMixin or {}
  function QuestTimerButtonMixin:OnClick()
    ShowUIPanel(QuestLogFrame)
  end
  template("QuestTimerButtonTemplate", function(self)
    under(self, QuestTimerButtonMixin)
    self:SetSize(140, 16)
    local name = self:GetName()
    local text = self:CreateFontString(name and (name .. "Text"), "BACKGROUND", "GameFontHighlightSmall")
    text:SetPoint("TOP")
    self:SetScript("OnEnter", function(button)
      GameTooltip:SetOwner(button)
      GameTooltip:SetText(GetQuestLogTitle(GetQuestIndexForTimer(button:GetID())), 1, 1, 1)
      GameTooltip:Show()
    end)
    self:SetScript("OnLeave", function()
      GameTooltip:Hide()
    end)
    method(self, "OnClick", "OnClick")
  end)
  local timers = CreateFrame("Frame", "QuestTimerFrame", UIParent, "BackdropTemplate")
  Mixin(timers, QuestTimerMixin)
  timers:SetToplevel(true)
  timers:EnableMouse(true)
  timers:SetFrameStrata("BACKGROUND")
  timers:SetSize(158, 72)
  timers:SetPoint("TOP", MinimapCluster, "BOTTOMRIGHT")
  timers:Hide()
  local header = timers:CreateTexture("QuestTimerHeader", "ARTWORK")
  header:SetTexture("Interface\\DialogFrame\\UI-DialogBox-Header")
  header:SetSize(256, 64)
  header:SetPoint("TOP", 1, 12)
  timers.Title = timers:CreateFontString(nil, "ARTWORK", "GameFontNormal")
  timers.Title:SetPoint("TOP", header, "TOP", 0, -13)
  for i = 1, NUM_TIMER_BUTTONS do
    local button = CreateFrame("Button", "QuestTimer" .. i, timers, "QuestTimerButtonTemplate")
    button:SetID(i)
    button:SetPoint("TOP", 0, -30 - 16 * (i - 1))
    button:Hide()
  end
  timers:OnLoad()
  for _, script in ipairs({ "OnEvent", "OnUpdate" }) do
    method(timers, script, script)
  end
  return
end

-- ---- retail: the objective tracker ----

ObjectiveTrackerModuleState = {
  Skipped = 1,
  NoObjectives = 2,
  NotShown = 3,
  ShownPartially = 4,
  ShownFully = 5,
}
local State = ObjectiveTrackerModuleState

OBJECTIVE_DASH_STYLE_SHOW = 1
OBJECTIVE_DASH_STYLE_HIDE = 2
OBJECTIVE_DASH_STYLE_HIDE_AND_COLLAPSE = 3
-- The tracker's text colours (the client builds them from its colour database: the dim and
-- bright reds, the block header colour, the normal and highlight font colours); each has its
-- highlighted colour as `reverse`.
OBJECTIVE_TRACKER_COLOR = {
  Normal = { r = 0.8, g = 0.8, b = 0.8 },
  NormalHighlight = { r = 1, g = 1, b = 1 },
  Failed = { r = 0.8, g = 0.1, b = 0.1 },
  FailedHighlight = { r = 1, g = 0.125, b = 0.125 },
  Header = { r = 0.75, g = 0.61, b = 0 },
  HeaderHighlight = { r = 1, g = 0.82, b = 0 },
  Complete = { r = 0.6, g = 0.6, b = 0.6 },
  TimeLeft = { r = 0.8, g = 0.1, b = 0.1 },
  TimeLeftHighlight = { r = 1, g = 0.125, b = 0.125 },
}
for _, pair in ipairs({ { "Normal", "NormalHighlight" }, { "Failed", "FailedHighlight" },
  { "Header", "HeaderHighlight" }, { "TimeLeft", "TimeLeftHighlight" } }) do
  local c = OBJECTIVE_TRACKER_COLOR
  c[pair[1]].reverse = c[pair[2]]
  c[pair[2]].reverse = c[pair[1]]
end
local function colors()
  return OBJECTIVE_TRACKER_COLOR
end

-- The line and header fonts: the tracker's text size setting points them at another size.
local function trackerFont(name, size, r, g, b)
  local font = CreateFont(name)
  font:SetFontObject("ObjectiveTrackerFont" .. size)
  font:SetJustifyH("LEFT")
  font:SetJustifyV("TOP")
  font:SetShadowColor(0, 0, 0, 1)
  font:SetShadowOffset(1, -1)
  font:SetTextColor(r, g, b)
end
trackerFont("ObjectiveTrackerLineFont", 12, 1, 1, 1)
trackerFont("ObjectiveTrackerHeaderFont", 14, 1, 0.82, 0)

-- ---- the manager ----
ObjectiveTrackerManager = {
  containers = {},
  moduleToContainerMap = {},
  backgroundAlpha = 0,
  canAddModules = true,
}
local Manager = ObjectiveTrackerManager

function Manager:AssignModulesOrder(modules)
  for i, module in ipairs(modules) do
    module.uiOrder = i
  end
end
function Manager:AddContainer(container)
  self.containers[container] = true
  container:OnAdded(self.backgroundAlpha)
end
function Manager:HasAnyModules()
  for container in pairs(self.containers) do
    if container:HasAnyModules() then
      return true
    end
  end
  return false
end
function Manager:UpdateAll()
  for container in pairs(self.containers) do
    container:Update()
  end
end
function Manager:UpdateModule(module)
  if self:GetContainerForModule(module) then
    module:MarkDirty()
  end
end
function Manager:GetContainerForModule(module)
  return self.moduleToContainerMap[module]
end
function Manager:SetModuleContainer(module, container)
  if not self.containers[container] then
    return
  end
  local old = self:GetContainerForModule(module)
  if old then
    old:RemoveModule(module)
  end
  self.moduleToContainerMap[module] = container
  container:AddModule(module)
end
-- A frame of `template` for `parent` (from one pool per template, of the template's object
-- type) and whether it is new.
function Manager:AcquireFrame(parent, template)
  self.pools = self.pools or {}
  local pool = self.pools[template]
  if not pool then
    local info = C_XMLUtil and C_XMLUtil.GetTemplateInfo(template)
    pool = CreateFramePool(info and info.type or "Frame", parent, template)
    self.pools[template] = pool
  end
  local frame, isNew = pool:Acquire()
  if isNew then
    frame.template = template
  end
  return frame, isNew
end
function Manager:ReleaseFrame(frame)
  local pool = self.pools and self.pools[frame.template]
  if pool then
    pool:Release(frame)
  end
end
function Manager:SetOpacity(opacity)
  self.backgroundAlpha = (opacity or 0) / 100
  for container in pairs(self.containers) do
    container:SetBackgroundAlpha(self.backgroundAlpha)
  end
end
-- Line sizes 12..20; the headers are two sizes larger.
function Manager:SetTextSize(textSize)
  if textSize < 12 or textSize > 20 then
    return
  end
  ObjectiveTrackerLineFont:SetFontObject("ObjectiveTrackerFont" .. textSize)
  ObjectiveTrackerHeaderFont:SetFontObject("ObjectiveTrackerFont" .. (textSize + 2))
  self:UpdateAll()
end
function Manager:CanShowPOIs(module)
  if self.questPOIEnabled == nil then
    self.questPOIEnabled = GetCVarBool("questPOI")
  end
  return self.questPOIEnabled
end
function Manager:UpdatePOIEnabled(enabled)
  self.questPOIEnabled = enabled
  self:UpdateAll()
end
function Manager:ShowRewardsToast(rewards, module, block, headerText, callback)
  if callback then
    callback()
  end
end
function Manager:HasRewardsToastForBlock(block)
  return false
end
function Manager:EnumerateActiveBlocksByTag(tag, callback)
  for container in pairs(self.containers) do
    container:ForEachModule(function(module)
      if module:MatchesTag(tag) then
        module:EnumerateActiveBlocks(callback)
      end
    end)
  end
end
function Manager:RemoveAllModules()
  for container in pairs(self.containers) do
    container:RemoveAllModules()
  end
  self:UpdateAll()
end
function Manager:SetCanAddModules(canAdd)
  self.canAddModules = canAdd
end
local MODULE_ORDER = {
  "ScenarioObjectiveTracker",
  "UIWidgetObjectiveTracker",
  "CampaignQuestObjectiveTracker",
  "QuestObjectiveTracker",
  "AdventureObjectiveTracker",
  "AchievementObjectiveTracker",
  "MonthlyActivitiesObjectiveTracker",
  "InitiativeTasksObjectiveTracker",
  "ProfessionsRecipeTracker",
  "BonusObjectiveTracker",
  "WorldQuestObjectiveTracker",
}
function Manager:Init()
  self:AddContainer(ObjectiveTrackerFrame)
  if self.canAddModules then
    local modules = {}
    for i, name in ipairs(MODULE_ORDER) do
      modules[i] = _G[name]
    end
    self:AssignModulesOrder(modules)
    for _, module in ipairs(modules) do
      self:SetModuleContainer(module, ObjectiveTrackerFrame)
    end
  end
  self:UpdateAll()
end

-- ---- containers ----
ObjectiveTrackerContainerMixin = CreateFromMixins(DirtiableMixin, {
  isCollapsed = false,
  needsSorting = false,
  init = false,
})
local Container = ObjectiveTrackerContainerMixin

function Container:OnLoad()
  self.modules = self.modules or {}
  self:SetDirtyMethod(function(frame)
    frame:Update(true)
  end)
end
function Container:OnSizeChanged()
  self:MarkDirty()
end
function Container:OnShow()
  self:UpdateHeight()
end
function Container:OnAdded(backgroundAlpha)
  if not self.init then
    self.init = true
    self:Init()
  end
  self:SetBackgroundAlpha(backgroundAlpha)
end
function Container:Init()
  if self.Header then
    local text = self.headerText
    if type(text) == "string" and self.headerTextGlobal then
      text = _G[text] or text
    end
    self.Header.Text:SetText(text or "")
  end
end
function Container:GetAvailableHeight()
  return self:GetHeight() - self.topModulePadding
end
-- The modules in their order (those with display priority take their room first), each below
-- the one before with `moduleSpacing`; the container shows when any module does.
function Container:Update(dirtyUpdate)
  if self.needsSorting then
    table.sort(self.modules, function(a, b)
      return a.uiOrder < b.uiOrder
    end)
    self.needsSorting = false
  end
  local available = self:GetAvailableHeight()
  for _, module in ipairs(self.modules) do
    if module.hasDisplayPriority then
      local used, truncated = module:Update(available, dirtyUpdate)
      if truncated then
        available = 0
      elseif used > 0 then
        available = available - used
      end
    end
  end
  local prev
  for _, module in ipairs(self.modules) do
    if not module.hasDisplayPriority then
      module:Update(available, dirtyUpdate)
    end
    local used = module:GetContentsHeight()
    if used > 0 then
      if not module.hasDisplayPriority then
        available = available - used
      end
      module:ClearAllPoints()
      if prev then
        module:SetPoint("TOP", prev, "BOTTOM", 0, -self.moduleSpacing)
      else
        module:SetPoint("TOP", 0, -self.topModulePadding)
      end
      module:SetPoint("LEFT", self, "LEFT", module.leftMargin, 0)
      prev = module
    end
    if module:IsTruncated() then
      available = 0
    end
  end
  if prev then
    self.NineSlice:SetPoint("BOTTOM", prev, "BOTTOM", 0, -self.bottomModulePadding)
    self.NineSlice:Show()
    self:Show()
  elseif EditModeManagerFrame and EditModeManagerFrame:IsEditModeActive() then
    self:Show()
  else
    self:Hide()
  end
end
function Container:AddModule(module)
  if self:HasModule(module) then
    return
  end
  table.insert(self.modules, module)
  self.needsSorting = true
  module:SetContainer(self)
  self:MarkDirty()
end
function Container:RemoveModule(module)
  if self:HasModule(module) then
    tDeleteItem(self.modules, module)
    self.needsSorting = true
    self:MarkDirty()
  end
end
function Container:RemoveAllModules()
  self.modules = {}
  self:MarkDirty()
end
function Container:HasAnyModules()
  return #self.modules > 0
end
function Container:HasModule(module)
  return tContains(self.modules, module)
end
function Container:GetHeightToModule(target)
  if not self:HasModule(target) then
    return 0
  end
  local height = self.topModulePadding
  for _, module in ipairs(self.modules) do
    if module == target then
      break
    end
    local h = module:GetContentsHeight()
    if h > 0 and height > 0 then
      height = height + self.moduleSpacing
    end
    height = height + h
  end
  return height
end
function Container:SetBackgroundAlpha(alpha)
  self.NineSlice:SetAlpha(alpha)
end
function Container:ToggleCollapsed()
  self:SetCollapsed(not self:IsCollapsed())
end
function Container:SetCollapsed(collapsed)
  self.isCollapsed = collapsed
  self.Header:SetCollapsed(collapsed)
  self:Update()
end
function Container:IsCollapsed()
  return self.isCollapsed
end
function Container:IsInDefaultPosition()
  return not self.isCustomPositioned
end
-- In its default place the container reaches down to its parent's bottom; placed by the user,
-- it takes the edit mode height (at least what its must-fit modules need).
function Container:UpdateHeight()
  if not self:IsInDefaultPosition() then
    local height = 0
    for _, module in ipairs(self.modules) do
      if module.mustFit then
        height = height + module:GetContentsHeight()
      end
    end
    self:SetHeight(math.max(self.editModeHeight or 800, height))
    return
  end
  local _, _, _, _, offsetY = self:GetPoint(1)
  if offsetY then
    self:SetHeight(math.max(self:GetParent():GetHeight() + offsetY, 20))
  end
end
function Container:ForceExpand()
  if self:IsCollapsed() then
    self:ToggleCollapsed()
  else
    self:Update()
  end
end
function Container:ForEachModule(callback)
  for _, module in ipairs(self.modules) do
    callback(module)
  end
end

ObjectiveTrackerContainerHeaderMixin = {}
function ObjectiveTrackerContainerHeaderMixin:OnLoad()
  self.MinimizeButton:SetScript("OnClick", function()
    self:OnToggle()
  end)
  self:SetCollapsed(false)
end
function ObjectiveTrackerContainerHeaderMixin:OnToggle()
  PlaySound(SOUNDKIT.IG_MAINMENU_OPTION_CHECKBOX_ON)
  self:GetParent():ToggleCollapsed()
end
function ObjectiveTrackerContainerHeaderMixin:SetCollapsed(collapsed)
  local kind = collapsed and "expand" or "collapse"
  self.MinimizeButton:GetNormalTexture():SetAtlas("ui-questtrackerbutton-" .. kind .. "-all", true)
  self.MinimizeButton:GetPushedTexture():SetAtlas("ui-questtrackerbutton-" .. kind .. "-all-pressed", true)
end

-- A minimize button of the tracker: its normal, pushed and highlight atlases.
local function minimizeButton(self, width, height, normal, highlight)
  self:SetSize(width, height)
  self:SetNormalAtlas(normal)
  self:SetPushedAtlas(normal .. "-pressed")
  self:SetHighlightAtlas(highlight, "ADD")
end
template("ObjectiveTrackerContainerMinimizeButtonTemplate", function(self)
  minimizeButton(self, 18, 19, "ui-questtrackerbutton-collapse-all", "ui-questtrackerbutton-red-highlight")
end)
template("ObjectiveTrackerContainerFilterButtonTemplate", function(self)
  minimizeButton(self, 18, 19, "ui-questtrackerbutton-filter", "ui-questtrackerbutton-red-highlight")
end)
template("ObjectiveTrackerModuleMinimizeButtonTemplate", function(self)
  minimizeButton(self, 16, 16, "ui-questtrackerbutton-secondary-collapse", "ui-questtrackerbutton-yellow-highlight")
end)

local function headerParts(self, width, height, atlas, textWidth)
  self:SetSize(width, height)
  self.Background = self:CreateTexture(nil, "BACKGROUND")
  self.Background:SetAtlas(atlas, true)
  self.Background:SetPoint("CENTER")
  self.Text = self:CreateFontString(nil, "ARTWORK", "ObjectiveTrackerHeaderFont")
  self.Text:SetJustifyH("LEFT")
  self.Text:SetMaxLines(1)
  self.Text:SetWidth(textWidth)
  self.Text:SetPoint("LEFT", 7, 0)
end
template("ObjectiveTrackerContainerHeaderTemplate", function(self)
  under(self, ObjectiveTrackerContainerHeaderMixin)
  headerParts(self, 260, 32, "ui-questtracker-primary-objective-header", 208)
  self.MinimizeButton = CreateFrame("Button", nil, self, "ObjectiveTrackerContainerMinimizeButtonTemplate")
  self.MinimizeButton.buttonType = "module"
  self.MinimizeButton:SetPoint("RIGHT", -1, 0)
  self.FilterButton = CreateFrame("Button", nil, self, "ObjectiveTrackerContainerFilterButtonTemplate")
  self.FilterButton.buttonType = "module"
  self.FilterButton:SetPoint("RIGHT", self.MinimizeButton, "LEFT", -2, 0)
  self.FilterButton:Hide()
  method(self, "OnLoad", "OnLoad")
end)
template("ObjectiveTrackerContainerTemplate", function(self)
  under(self, ObjectiveTrackerContainerMixin)
  self:SetSize(260, 32)
  self.topModulePadding = self.topModulePadding or 0
  self.bottomModulePadding = self.bottomModulePadding or 10
  self.moduleSpacing = self.moduleSpacing or 10
  self.NineSlice = CreateFrame("Frame", nil, self, "NineSlicePanelTemplate")
  self.NineSlice:SetFrameLevel(self:GetFrameLevel())
  self.NineSlice.layoutType = "UniqueCornersLayout"
  self.NineSlice.layoutTextureKit = "common-opacity-background"
  self.NineSlice:SetPoint("TOPLEFT", -30, 0)
  self.NineSlice:SetPoint("TOPRIGHT", 5, 0)
  method(self, "OnLoad", "OnLoad")
  method(self, "OnShow", "OnShow")
  method(self, "OnSizeChanged", "OnSizeChanged")
end)

-- ---- modules ----
ObjectiveTrackerSlidingMixin = ObjectiveTrackerSlidingMixin or {}
function ObjectiveTrackerSlidingMixin:Slide(slideInfo)
  self.slideInfo = slideInfo
  self:EndSlide()
end
function ObjectiveTrackerSlidingMixin:EndSlide()
  local info = self.slideInfo
  self.slideInfo = nil
  self.isSliding = false
  if info and info.onFinishFunc then
    info.onFinishFunc(self)
  end
end
function ObjectiveTrackerSlidingMixin:IsSliding()
  return self.isSliding == true
end

ObjectiveTrackerModuleMixin = CreateFromMixins(ObjectiveTrackerSlidingMixin, {
  isModule = true,
  blockTemplate = "ObjectiveTrackerBlockTemplate",
  lineTemplate = "ObjectiveTrackerLineTemplate",
  progressBarTemplate = "ObjectiveTrackerProgressBarTemplate",
  headerHeight = 25,
  fromHeaderOffsetY = -10,
  blockOffsetX = 20,
  fromBlockOffsetY = -10,
  lineSpacing = 4,
  bottomSpacing = 0,
  rightEdgeFrameSpacing = 0,
  leftMargin = 0,
  hasDisplayPriority = false,
  mustFit = false,
  state = State.Skipped,
  isDirty = false,
  isCollapsed = false,
  hasTriedBlocks = false,
  hasSkippedBlocks = false,
  hasContents = false,
  contentsHeight = 0,
  availableHeight = 0,
  wasDisplayedLastLayout = false,
})
local Module = ObjectiveTrackerModuleMixin

function Module:OnLoad()
  self.usedBlocks = self.usedBlocks or {}
  if self.headerText then
    self:SetHeader(self.headerText)
  end
end
function Module:OnEvent(event, ...) end
function Module:OnHide()
  self:EndSlide()
end
-- The header text is a global string, defined after the base: read when the manager adds the
-- module (the client reads it when its tracker's files load).
function Module:SetContainer(container)
  if self.headerTextKey and not self.headerText then
    self.headerText = _G[self.headerTextKey]
    if self.headerText then
      self:SetHeader(self.headerText)
    end
  end
  self.parentContainer = container
  self:SetParent(container)
  self:ClearAllPoints()
  self:SetPoint("TOPLEFT")
  if not self.init then
    self.init = true
    if self.events then
      for _, event in ipairs(self.events) do
        self:RegisterEvent(event)
      end
    end
    self:InitModule()
  end
end
function Module:InitModule() end
function Module:MarkDirty()
  if self.parentContainer then
    self.isDirty = true
    self.parentContainer:MarkDirty()
  end
end
function Module:IsDirty()
  return self.isDirty
end
function Module:HasContents()
  return self.hasContents
end
function Module:IsDisplayable()
  return self.state >= State.ShownPartially
end
function Module:IsFullyDisplayable()
  return self.state == State.ShownFully
end
function Module:IsComplete()
  return self.state == State.NoObjectives or self:IsFullyDisplayable()
end
function Module:IsTruncated()
  return self.state == State.NotShown or self.state == State.ShownPartially
end
function Module:GetContentsHeight()
  return self:IsDisplayable() and self.contentsHeight or 0
end
function Module:SetHeader(text)
  self.Header.Text:SetText(text)
end
-- Lays the module out in `availableHeight`; returns the height used and whether it was cut.
function Module:Update(availableHeight, dirtyUpdate)
  if not self:CanUpdate() and not self.parentContainer:IsCollapsed() then
    return self:GetContentsHeight(), self:IsTruncated()
  end
  if dirtyUpdate and not self:IsDirty() and self:IsComplete()
    and self.contentsHeight <= availableHeight and not self:IsCollapsed() then
    return self:GetContentsHeight(), false
  end
  self:BeginLayout()
  if availableHeight > 0 then
    self.availableHeight = availableHeight
    self:LayoutContents()
    if self.hasContents then
      if self.hasSkippedBlocks and not self:IsCollapsed() then
        self.state = State.ShownPartially
      else
        self.state = State.ShownFully
      end
    elseif self.hasTriedBlocks then
      self.state = State.NotShown
    else
      self.state = State.NoObjectives
    end
  end
  self:EndLayout()
  return self:GetContentsHeight(), self:IsTruncated()
end
function Module:BeginLayout()
  self.wasDisplayedLastLayout = self:IsDisplayable()
  self.isDirty = false
  self.hasTriedBlocks = false
  self.hasSkippedBlocks = false
  self.hasContents = false
  self.lastBlock = nil
  self.firstBlock = nil
  self.contentsHeight = self.headerHeight or 0
  self:MarkBlocksUnused()
  self.state = State.Skipped
end
function Module:CanUpdate()
  return true
end
function Module:LayoutContents() end
function Module:EndLayout()
  self:FreeUnusedBlocks()
  if self:IsDisplayable() and not self.parentContainer:IsCollapsed() then
    self:UpdateHeight()
    self:Show()
    if not self.wasDisplayedLastLayout then
      self.Header:PlayAddAnimation()
    end
  else
    self:Hide()
  end
  self:ClearFanfares()
end
function Module:HasSkippedBlocks()
  return self.hasSkippedBlocks
end
function Module:UpdateHeight()
  local extra = 0
  for _, h in pairs(self.heightModifiers or {}) do
    extra = extra + h
  end
  self:SetHeight(self.contentsHeight + self.bottomSpacing + extra)
end
function Module:SetHeightModifier(key, height)
  self.heightModifiers = self.heightModifiers or {}
  self.heightModifiers[key] = height
  self:UpdateHeight()
end
function Module:ClearHeightModifier(key)
  if self.heightModifiers then
    self.heightModifiers[key] = nil
  end
  self:UpdateHeight()
end
function Module:AcquireFrame(template)
  local frame, isNew = Manager:AcquireFrame(self, template)
  frame:SetParent(self.ContentsFrame)
  return frame, isNew
end
-- The block for `id` (kept between layouts while used), reset and anchored below the last.
function Module:GetBlock(id, optTemplate)
  local template = optTemplate or self.blockTemplate
  self.usedBlocks[template] = self.usedBlocks[template] or {}
  local block = self.usedBlocks[template][id]
  local wasActive = block ~= nil
  if not block then
    local isNew
    block, isNew = self:AcquireFrame(template)
    block.parentModule = self
    if isNew then
      block:Init()
    end
    self.usedBlocks[template][id] = block
    block.id = id
  end
  block:Reset()
  self:AnchorBlock(block)
  return block, wasActive
end
function Module:EnumerateActiveBlocks(callback)
  for _, blocks in pairs(self.usedBlocks) do
    for _, block in pairs(blocks) do
      callback(block)
    end
  end
end
function Module:GetExistingBlock(id, optTemplate)
  local blocks = self.usedBlocks[optTemplate or self.blockTemplate]
  return blocks and blocks[id]
end
function Module:MarkBlocksUnused()
  self:EnumerateActiveBlocks(function(block)
    block.used = nil
  end)
end
function Module:FreeUnusedBlocks()
  local unused = {}
  self:EnumerateActiveBlocks(function(block)
    if not block.used then
      unused[#unused + 1] = block
    end
  end)
  for _, block in ipairs(unused) do
    self:FreeBlock(block)
  end
end
function Module:FreeBlock(block)
  block:Free()
  self.usedBlocks[block.template][block.id] = nil
  Manager:ReleaseFrame(block)
  self:OnFreeBlock(block)
end
function Module:OnFreeBlock(block) end
function Module:ForceRemoveBlock(block)
  block.used = nil
  self:FreeBlock(block)
  self:MarkDirty()
end
function Module:GetNextBlockAnchoring()
  if self.lastBlock then
    return self.lastBlock, self.fromBlockOffsetY, "BOTTOM"
  end
  return self.ContentsFrame, self.fromHeaderOffsetY, "TOP"
end
-- Adds the block when it fits in the room left; false when it does not (the layout stops).
function Module:LayoutBlock(block)
  block:SetHeight(block.height)
  if self:AddBlock(block) then
    block.used = true
    block:Show()
    block:FreeUnusedLines()
    if block.OnLayout then
      block:OnLayout()
    end
    return true
  end
  return false
end
function Module:AddBlock(block)
  self.hasTriedBlocks = true
  local added = self:CanFitBlock(block) and self:InternalAddBlock(block)
  if not added then
    self.hasSkippedBlocks = true
  end
  return added
end
function Module:CanFitBlock(block)
  local _, offsetY = self:GetNextBlockAnchoring()
  return self.contentsHeight + block.height - offsetY <= self.availableHeight
end
function Module:InternalAddBlock(block)
  self.hasContents = true
  if self:IsCollapsed() then
    return false
  end
  block.nextBlock = nil
  local offsetY = self:AnchorBlock(block)
  if self.lastBlock then
    self.lastBlock.nextBlock = block
  end
  self.lastBlock = block
  self.firstBlock = self.firstBlock or block
  self.contentsHeight = self.contentsHeight + block.height - offsetY
  return true
end
function Module:AnchorBlock(block)
  block:ClearAllPoints()
  local anchor, offsetY, relativePoint = self:GetNextBlockAnchoring()
  if anchor == block then
    return offsetY
  end
  block:SetPoint("TOP", anchor, relativePoint, 0, offsetY)
  block:SetPoint("LEFT", block.offsetX or self.blockOffsetX, 0)
  if not block.fixedWidth then
    block:SetPoint("RIGHT")
  end
  return offsetY
end
function Module:GetLastBlock()
  return self.lastBlock or self.Header
end
function Module:OnBlockHeaderClick(block, mouseButton) end
function Module:OnBlockHeaderEnter(block) end
function Module:OnBlockHeaderLeave(block) end
function Module:ToggleCollapsed()
  self:SetCollapsed(not self:IsCollapsed())
end
function Module:SetCollapsed(collapsed)
  self.isCollapsed = collapsed
  self.ContentsFrame:SetShown(not collapsed)
  self.Header:SetCollapsed(collapsed)
  self:EndSlide()
  self:MarkDirty()
end
function Module:IsCollapsed()
  return self.isCollapsed
end
function Module:GetContextMenuParent()
  return Manager:GetContainerForModule(self)
end
function Module:SetNeedsFanfare(key)
  self.fanfares = self.fanfares or {}
  self.fanfares[key] = true
end
function Module:NeedsFanfare(key)
  return self.fanfares ~= nil and self.fanfares[key] == true
end
function Module:ClearFanfares()
  self.fanfares = nil
end
function Module:ForceExpand()
  if self:IsCollapsed() then
    self:SetCollapsed(false)
  end
  if self.parentContainer then
    self.parentContainer:ForceExpand()
  end
end
function Module:MatchesTag(tag)
  return self.tags ~= nil and self.tags[tag] == true
end
function Module:GetTag()
  return self.tags and next(self.tags)
end
function Module:AddTag(tag)
  self.tags = self.tags or {}
  self.tags[tag] = true
end

ObjectiveTrackerModuleHeaderMixin = {}
function ObjectiveTrackerModuleHeaderMixin:OnLoad()
  self.MinimizeButton:SetScript("OnClick", function()
    self:OnToggle()
  end)
end
function ObjectiveTrackerModuleHeaderMixin:PlayAddAnimation()
  self.AddAnim:Restart()
end
function ObjectiveTrackerModuleHeaderMixin:OnToggle()
  self:GetParent():ToggleCollapsed()
end
function ObjectiveTrackerModuleHeaderMixin:SetCollapsed(collapsed)
  local kind = collapsed and "expand" or "collapse"
  self.MinimizeButton:GetNormalTexture():SetAtlas("ui-questtrackerbutton-secondary-" .. kind, true)
  self.MinimizeButton:GetPushedTexture():SetAtlas("ui-questtrackerbutton-secondary-" .. kind .. "-pressed", true)
end

template("ObjectiveTrackerModuleHeaderTemplate", function(self)
  under(self, ObjectiveTrackerModuleHeaderMixin)
  headerParts(self, 260, 26, "UI-QuestTracker-Secondary-Objective-Header", 200)
  self.Shine = self:CreateTexture(nil, "ARTWORK")
  self.Shine:SetAtlas("UI-QuestTracker-OBJFX-Shine", true)
  self.Shine:SetAlpha(0)
  self.Shine:SetPoint("CENTER", -150, 1)
  self.Glow = self:CreateTexture(nil, "OVERLAY")
  self.Glow:SetAtlas("UI-QuestTracker-OBJFX-BarGlow", true)
  self.Glow:SetAlpha(0)
  self.Glow:SetPoint("CENTER", -120, 1)
  self.MinimizeButton = CreateFrame("Button", nil, self, "ObjectiveTrackerModuleMinimizeButtonTemplate")
  self.MinimizeButton.buttonType = "module"
  self.MinimizeButton:SetPoint("RIGHT", 1, 0)
  self.AddAnim = self:CreateAnimationGroup()
  self.AddAnim:SetToFinalAlpha(true)
  local fade = self.AddAnim:CreateAnimation("Alpha")
  fade:SetChildKey("Background")
  fade:SetDuration(0.5)
  fade:SetFromAlpha(0)
  fade:SetToAlpha(1)
  method(self, "OnLoad", "OnLoad")
end)
template("ObjectiveTrackerModuleTemplate", function(self)
  under(self, ObjectiveTrackerModuleMixin)
  self:SetSize(260, 10)
  self:SetPoint("TOP")
  self:Hide()
  self.Header = CreateFrame("Frame", nil, self, "ObjectiveTrackerModuleHeaderTemplate")
  self.Header:SetPoint("TOPLEFT")
  self.ContentsFrame = CreateFrame("Frame", nil, self)
  self.ContentsFrame:SetPoint("TOP", self.Header, "BOTTOM")
  self.ContentsFrame:SetPoint("LEFT")
  self.ContentsFrame:SetPoint("RIGHT")
  self.ContentsFrame:SetPoint("BOTTOM")
  method(self, "OnLoad", "OnLoad")
  method(self, "OnEvent", "OnEvent")
  method(self, "OnHide", "OnHide")
end)

-- ---- blocks and lines ----
ObjectiveTrackerBlockMixin = CreateFromMixins(ObjectiveTrackerSlidingMixin)
local Block = ObjectiveTrackerBlockMixin
function Block:Init()
  self.usedLines = {}
  self.rightEdgeOffset = 0
end
function Block:Reset()
  self.used = false
  self.nextBlock = nil
  if self.HeaderText then
    self.HeaderText:SetPoint("RIGHT", 0, 0)
  end
  self.rightEdgeOffset = 0
  self.rightEdgeFrame = nil
  if not self.fixedHeight then
    self.height = 0
  end
  self.lastRegion = nil
  for _, line in pairs(self.usedLines) do
    line.used = nil
  end
end
function Block:Free()
  for _, line in pairs(self.usedLines) do
    Manager:ReleaseFrame(line)
    line:Hide()
  end
  wipe(self.usedLines)
  if self.HeaderText then
    self.HeaderText:SetText("")
  end
end
function Block:GetLine(objectiveKey, optTemplate)
  local template = optTemplate or self.parentModule.lineTemplate
  local line = self.usedLines[objectiveKey]
  if line and line.template ~= template then
    self:FreeLine(line)
    line = nil
  end
  if not line then
    line = Manager:AcquireFrame(self, template)
    line:SetParent(self)
    line:Show()
  end
  self.usedLines[objectiveKey] = line
  line.objectiveKey = objectiveKey
  line.parentBlock = self
  line.used = true
  return line
end
function Block:GetExistingLine(objectiveKey)
  return self.usedLines[objectiveKey]
end
function Block:FreeUnusedLines()
  for _, line in pairs(self.usedLines) do
    if not line.used then
      self:FreeLine(line)
    end
  end
end
function Block:FreeLine(line)
  self.usedLines[line.objectiveKey] = nil
  Manager:ReleaseFrame(line)
  line:Hide()
  if line.OnFree then
    line:OnFree(self)
  end
end
function Block:ForEachUsedLine(func)
  for key, line in pairs(self.usedLines) do
    if func(line, key) then
      return
    end
  end
end
-- Sets the text (two lines at most unless `useFullHeight`) and colour; returns its height.
function Block:SetStringText(fontString, text, useFullHeight, colorStyle, useHighlight)
  fontString:SetMaxLines(useFullHeight and 0 or 2)
  fontString:SetHeight(0)
  fontString:SetText(text)
  colorStyle = colorStyle or colors().Normal
  if useHighlight and colorStyle.reverse then
    colorStyle = colorStyle.reverse
  end
  if fontString.colorStyle ~= colorStyle then
    fontString:SetTextColor(colorStyle.r, colorStyle.g, colorStyle.b)
    fontString.colorStyle = colorStyle
  end
  return fontString:GetHeight()
end
function Block:SetHeader(text)
  self.HeaderText:SetPoint("RIGHT", self.rightEdgeOffset, 0)
  self.height = self:SetStringText(self.HeaderText, text, nil, colors().Header, self.isHighlighted)
end
-- A line for the objective below the last region (a dash before its text unless told).
function Block:AddObjective(objectiveKey, text, template, useFullHeight, dashStyle, colorStyle, adjustForNoText, overrideHeight)
  local line = self:GetLine(objectiveKey, template)
  if line.Dash then
    dashStyle = dashStyle or OBJECTIVE_DASH_STYLE_SHOW
    line.Dash:SetShown(dashStyle == OBJECTIVE_DASH_STYLE_SHOW)
    line.Dash:SetText(dashStyle ~= OBJECTIVE_DASH_STYLE_HIDE_AND_COLLAPSE and QUEST_DASH or nil)
    line.dashStyle = dashStyle
  end
  local spacing = self.parentModule.lineSpacing
  local anchor = self.lastRegion or self.HeaderText
  if anchor then
    line:SetPoint("TOPLEFT", anchor, "BOTTOMLEFT", 0, -spacing)
  else
    line:SetPoint("TOPLEFT", 0, -spacing)
  end
  line:SetPoint("RIGHT", self.rightEdgeOffset, 0)
  local height = overrideHeight or self:SetStringText(line.Text, text, useFullHeight, colorStyle, self.isHighlighted)
  line:SetHeight(height)
  self.height = self.height + height + spacing
  self.lastRegion = line
  return line
end
function Block:AddCustomRegion(region, optOffsetX, optOffsetY)
  local anchor = self.lastRegion or self.HeaderText
  region:ClearAllPoints()
  region:SetPoint("TOPLEFT", anchor, "BOTTOMLEFT", optOffsetX or 0, optOffsetY or -self.parentModule.lineSpacing)
  self.height = self.height + region:GetHeight() - (optOffsetY or -self.parentModule.lineSpacing)
  self.lastRegion = region
end
function Block:OnHeaderClick(mouseButton)
  self.parentModule:OnBlockHeaderClick(self, mouseButton)
end
function Block:OnHeaderEnter()
  self.isHighlighted = true
  self.parentModule:OnBlockHeaderEnter(self)
end
function Block:OnHeaderLeave()
  self.isHighlighted = nil
  self.parentModule:OnBlockHeaderLeave(self)
end
function Block:HasActiveAnim()
  return false
end

ObjectiveTrackerBlockHeaderMixin = {}
function ObjectiveTrackerBlockHeaderMixin:OnClick(mouseButton)
  self:GetParent():OnHeaderClick(mouseButton)
end
function ObjectiveTrackerBlockHeaderMixin:OnEnter()
  self:GetParent():OnHeaderEnter()
end
function ObjectiveTrackerBlockHeaderMixin:OnLeave()
  self:GetParent():OnHeaderLeave()
end

ObjectiveTrackerLineMixin = ObjectiveTrackerLineMixin or {}
function ObjectiveTrackerLineMixin:OnLoad() end
function ObjectiveTrackerLineMixin:OnHyperlinkClick(link, text, button)
  SetItemRef(link, text, button)
end

template("ObjectiveTrackerBlockTemplate", function(self)
  under(self, ObjectiveTrackerBlockMixin)
  self:Hide()
  self.HeaderText = self:CreateFontString(nil, "ARTWORK", "ObjectiveTrackerLineFont")
  self.HeaderText:SetPoint("TOPLEFT")
  self.HeaderText:SetPoint("RIGHT")
  self.HeaderButton = CreateFrame("Button", nil, self)
  Mixin(self.HeaderButton, ObjectiveTrackerBlockHeaderMixin)
  self.HeaderButton:SetAllPoints(self.HeaderText)
  self.HeaderButton:RegisterForClicks("LeftButtonUp", "RightButtonUp")
  for _, script in ipairs({ "OnClick", "OnEnter", "OnLeave" }) do
    method(self.HeaderButton, script, script)
  end
end)
template("ObjectiveTrackerLineTemplate", function(self)
  under(self, ObjectiveTrackerLineMixin)
  self:SetHyperlinksEnabled(true)
  self.Dash = self:CreateFontString(nil, "ARTWORK", "ObjectiveTrackerLineFont")
  self.Dash:SetText(QUEST_DASH)
  self.Dash:SetPoint("TOPLEFT", 0, 1)
  self.Text = self:CreateFontString(nil, "ARTWORK", "ObjectiveTrackerLineFont")
  self.Text:SetPoint("TOP")
  self.Text:SetPoint("LEFT", self.Dash, "RIGHT")
  self.Text:SetPoint("RIGHT")
  method(self, "OnLoad", "OnLoad")
  method(self, "OnHyperlinkClick", "OnHyperlinkClick")
end)

-- ---- the modules ----
-- The quest modules lay out one block per watched quest (its title, then one line per
-- objective, done ones in the complete colour); the others have no objectives in wow-sim's
-- world (no scenario, achievement, activity, initiative or recipe is tracked).
local function layoutQuests(self, wanted)
  for i = 1, C_QuestLog.GetNumQuestWatches() do
    local questID = C_QuestLog.GetQuestIDForQuestWatchIndex(i)
    if questID and wanted(questID) then
      local block = self:GetBlock(questID)
      block:SetHeader(C_QuestLog.GetTitleForQuestID(questID) or "")
      for n, objective in ipairs(C_QuestLog.GetQuestObjectives(questID) or {}) do
        local style = objective.finished and colors().Complete or nil
        block:AddObjective(n, objective.text or "", nil, nil, nil, style)
      end
      if not self:LayoutBlock(block) then
        return
      end
    end
  end
end
local function isCampaign(questID)
  local classification = C_QuestInfoSystem and C_QuestInfoSystem.GetQuestClassification(questID)
  return Enum.QuestClassification ~= nil and classification == Enum.QuestClassification.Campaign
end

local questEvents = { "QUEST_LOG_UPDATE", "QUEST_WATCH_LIST_CHANGED", "QUEST_TURNED_IN" }
local function moduleMixin(base, settings)
  return CreateFromMixins(base, settings)
end
QuestObjectiveTrackerMixin = moduleMixin(Module, { headerTextKey = "TRACKER_HEADER_QUESTS", events = questEvents })
function QuestObjectiveTrackerMixin:InitModule()
  self:AddTag("quest")
end
function QuestObjectiveTrackerMixin:OnEvent(event, ...)
  if event == "QUEST_WATCH_LIST_CHANGED" then
    local questID, added = ...
    if added and not self:GetExistingBlock(questID) then
      self:SetNeedsFanfare(questID)
    end
  end
  self:MarkDirty()
end
function QuestObjectiveTrackerMixin:LayoutContents()
  layoutQuests(self, function(questID)
    return not isCampaign(questID)
  end)
end
CampaignQuestObjectiveTrackerMixin = moduleMixin(QuestObjectiveTrackerMixin,
  { headerTextKey = "TRACKER_HEADER_CAMPAIGN_QUESTS" })
function CampaignQuestObjectiveTrackerMixin:LayoutContents()
  layoutQuests(self, isCampaign)
end
BonusObjectiveTrackerMixin = moduleMixin(Module, {
  headerTextKey = "TRACKER_HEADER_BONUS_OBJECTIVES",
  events = { "QUEST_TURNED_IN", "QUEST_LOG_UPDATE", "QUEST_WATCH_LIST_CHANGED", "QUEST_ACCEPTED", "QUEST_REMOVED" },
})
function BonusObjectiveTrackerMixin:OnEvent(event, ...)
  if event == "QUEST_TURNED_IN" then
    self:OnQuestTurnedIn(...)
  elseif event == "QUEST_REMOVED" then
    self:OnQuestRemoved(...)
  else
    self:MarkDirty()
  end
end
function BonusObjectiveTrackerMixin:OnQuestTurnedIn(questID)
  if self:GetExistingBlock(questID) then
    self:MarkDirty()
  end
end
function BonusObjectiveTrackerMixin:OnQuestRemoved(questID)
  if self:GetExistingBlock(questID) then
    self:MarkDirty()
  end
end
WorldQuestObjectiveTrackerMixin = moduleMixin(BonusObjectiveTrackerMixin,
  { headerTextKey = "TRACKER_HEADER_WORLD_QUESTS", showWorldQuests = true })
function WorldQuestObjectiveTrackerMixin:InitModule()
  self.entryCount = 0
end
ScenarioObjectiveTrackerMixin = moduleMixin(Module, { headerTextKey = "TRACKER_HEADER_SCENARIO", hasDisplayPriority = true })
UIWidgetObjectiveTrackerMixin = moduleMixin(Module, { headerTextKey = "TRACKER_HEADER_SCENARIO" })
AdventureObjectiveTrackerMixin = moduleMixin(Module, { headerTextKey = "ADVENTURE_TRACKING_MODULE_HEADER_TEXT" })
AchievementObjectiveTrackerMixin = moduleMixin(Module, { headerTextKey = "TRACKER_HEADER_ACHIEVEMENTS" })
MonthlyActivitiesObjectiveTrackerMixin = moduleMixin(Module, { headerTextKey = "TRACKER_HEADER_MONTHLY_ACTIVITIES" })
InitiativeTasksObjectiveTrackerMixin = moduleMixin(Module, { headerTextKey = "TRACKER_HEADER_INITIATIVE_TASKS" })
ProfessionsRecipeTrackerMixin = moduleMixin(Module, { headerTextKey = "PROFESSIONS_TRACKER_HEADER_PROFESSION" })

-- The container, then the modules (each a frame of the module template with its mixin).
local tracker = CreateFrame("Frame", "ObjectiveTrackerFrame", UIParent, "ObjectiveTrackerContainerTemplate")
ObjectiveTrackerFrameMixin = {}
function ObjectiveTrackerFrameMixin:OnLoad()
  Container.OnLoad(self)
  self:RegisterEvent("ZONE_CHANGED_NEW_AREA")
  self:RegisterEvent("ZONE_CHANGED")
  self:RegisterEvent("QUEST_ACCEPTED")
end
function ObjectiveTrackerFrameMixin:OnEvent(event, ...)
  if event == "ZONE_CHANGED_NEW_AREA" then
    C_QuestLog.SortQuestWatches()
  elseif event == "ZONE_CHANGED" then
    local mapID = C_Map.GetBestMapForUnit("player")
    if mapID ~= self.lastSortMapID then
      C_QuestLog.SortQuestWatches()
      self.lastSortMapID = mapID
    end
  elseif event == "QUEST_ACCEPTED" then
    local questID = ...
    local consts = Constants and Constants.QuestWatchConsts
    local max = consts and consts.MAX_QUEST_WATCHES or 25
    if not C_QuestLog.IsQuestTask(questID) and GetCVarBool("autoQuestWatch")
      and C_QuestLog.GetNumQuestWatches() < max then
      C_QuestLog.AddQuestWatch(questID)
    end
  end
end
function ObjectiveTrackerFrameMixin:ShouldShowHeader()
  return self:HasAnyModules()
end
function ObjectiveTrackerFrameMixin:Update(dirtyUpdate)
  if not self:ShouldShowHeader() then
    self.Header:Hide()
    return false
  end
  self.Header:Show()
  return Container.Update(self, dirtyUpdate)
end
Mixin(tracker, ObjectiveTrackerFrameMixin)
tracker:SetFrameStrata("LOW")
tracker.topPadding = 0
tracker.topModulePadding = 38
tracker.headerText = "TRACKER_ALL_OBJECTIVES"
tracker.headerTextGlobal = true
tracker.layoutIndex = 50
tracker:SetPoint("TOPRIGHT", MinimapCluster, "BOTTOMRIGHT", -10, -20)
tracker:SetHeight(600)
tracker.Header = CreateFrame("Frame", nil, tracker, "ObjectiveTrackerContainerHeaderTemplate")
tracker.Header:SetPoint("TOPLEFT")
tracker.Header:OnLoad()
tracker:OnLoad()
method(tracker, "OnEvent", "OnEvent")

local UIWidgetBlock
for _, name in ipairs(MODULE_ORDER) do
  local module = CreateFrame("Frame", name, nil, "ObjectiveTrackerModuleTemplate")
  Mixin(module, _G[name .. "Mixin"])
  module.Header:OnLoad()
  module:OnLoad()
  if name == "UIWidgetObjectiveTracker" then
    UIWidgetBlock = CreateFrame("Frame", nil, module, "ResizeLayoutFrame")
    UIWidgetBlock.fixedWidth = 212
    UIWidgetBlock:Hide()
    module.Block = UIWidgetBlock
  elseif name == "ScenarioObjectiveTracker" then
    module.FixedBlocks = {}
    module.ObjectivesBlock = CreateFrame("Frame", nil, module, "ObjectiveTrackerBlockTemplate")
    module.ObjectivesBlock.offsetX = 32
    module.StageBlock = CreateFrame("Frame", nil, module)
    module.StageBlock:SetSize(201, 83)
    module.StageBlock.height = 83
    module.StageBlock:Hide()
    module.ChallengeModeBlock = CreateFrame("Frame", nil, module)
    module.ChallengeModeBlock:Hide()
    module.FixedBlocks[1] = module.ObjectivesBlock
    module.FixedBlocks[2] = module.StageBlock
  end
end

-- The manager ties the modules to the tracker once the world is entered and the saved
-- variables are loaded (in either order).
local pending = { PLAYER_ENTERING_WORLD = true, VARIABLES_LOADED = true }
local waiter = CreateFrame("Frame")
waiter:RegisterEvent("PLAYER_ENTERING_WORLD")
waiter:RegisterEvent("VARIABLES_LOADED")
waiter:SetScript("OnEvent", function(self, event)
  self:UnregisterEvent(event)
  pending[event] = nil
  if next(pending) == nil then
    self:SetScript("OnEvent", nil)
    Manager:Init()
  end
end)
