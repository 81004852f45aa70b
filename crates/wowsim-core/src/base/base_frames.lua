-- wow-sim built-in base: the client's named frames that addons reach at load time (to hook
-- their scripts, move, hide or reparent them), as a data table: name, object type, the template
-- it inherits, whether it starts shown, and the flavours that have it. The frames are empty
-- (the client's panels and unit frames have children wow-sim does not build); the few methods
-- addons call on them are below the table. Only names of frames that load at start-up are here
-- (a frame of a load-on-demand addon is nil in the client until that addon loads).
-- Receives `template` (defines or answers a Lua template).
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

-- name, type, template ("-": none), shown|hidden, flavours (all, retail, classic)
local FRAMES = [[
UIErrorsFrame                 MessageFrame  -                    shown   all
AlertFrame                    Frame         -                    shown   all
LootFrame                     Frame         -                    hidden  all
MailFrame                     Frame         -                    hidden  all
BankFrame                     Frame         -                    hidden  all
MerchantFrame                 Frame         -                    hidden  all
CharacterFrame                Frame         -                    hidden  all
PaperDollFrame                Frame         -                    hidden  all
DressUpFrame                  Frame         -                    hidden  all
StackSplitFrame               Frame         -                    hidden  all
ShoppingTooltip1              GameTooltip   GameTooltipTemplate  hidden  all
ShoppingTooltip2              GameTooltip   GameTooltipTemplate  hidden  all
PlayerFrame                   Button        -                    shown   all
TargetFrame                   Button        -                    hidden  all
PetFrame                      Button        -                    hidden  all
PartyFrame                    Frame         -                    shown   all
DropDownList1                 Button        -                    hidden  all
DropDownList2                 Button        -                    hidden  all
DropDownList3                 Button        -                    hidden  all
BuffFrame                     Frame         -                    shown   all
DebuffFrame                   Frame         -                    shown   retail
AlternatePowerBar             StatusBar     -                    hidden  retail
MultiBarBottomLeft            Frame         -                    shown   all
MultiBarBottomRight           Frame         -                    shown   all
MultiBarLeft                  Frame         -                    shown   all
MultiBarRight                 Frame         -                    shown   all
CompactRaidFrameManager       Frame         -                    hidden  all
CompactRaidFrameContainer     Frame         -                    hidden  all
MovieFrame                    Frame         -                    hidden  all
TimerTracker                  Frame         -                    shown   all
MirrorTimerContainer          Frame         -                    shown   all
TargetFrameSpellBar           StatusBar     -                    hidden  all
RolePollPopup                 Frame         -                    hidden  retail
CommunitiesFrame              Frame         -                    hidden  retail
FocusFrame                    Button        -                    hidden  retail
TalkingHeadFrame              Frame         -                    hidden  retail
BossBanner                    Frame         -                    hidden  retail
BossTargetFrameContainer      Frame         -                    shown   retail
ContainerFrameCombinedBags    Frame         -                    hidden  retail
CooldownViewerSettings        Frame         -                    hidden  retail
EncounterTimeline             Frame         -                    hidden  retail
ExpansionLandingPageMinimapButton Button    -                    shown   retail
ExtraAbilityContainer         Frame         -                    shown   retail
ExtraActionBarFrame           Frame         -                    hidden  retail
ZoneAbilityFrame              Frame         -                    hidden  retail
LFDParentFrame                Frame         -                    hidden  retail
MainStatusTrackingBarContainer Frame        -                    shown   retail
MultiBar5                     Frame         -                    hidden  retail
RuneFrame                     Frame         -                    hidden  retail
WarlockPowerFrame             Frame         -                    hidden  retail
MonkHarmonyBarFrame           Frame         -                    hidden  retail
PaladinPowerBarFrame          Frame         -                    hidden  retail
MageArcaneChargesFrame        Frame         -                    hidden  retail
EssencePlayerFrame            Frame         -                    hidden  retail
MultiBar6                     Frame         -                    hidden  retail
MultiBar7                     Frame         -                    hidden  retail
OverrideActionBar             Frame         -                    hidden  retail
StanceBar                     Frame         -                    hidden  retail
PlayerCastingBarFrame         StatusBar     -                    hidden  retail
PetCastingBarFrame            StatusBar     -                    hidden  retail
EmbeddedItemTooltip           GameTooltip   GameTooltipTemplate  hidden  retail
BattlePetTooltip              Frame         BackdropTemplate     hidden  retail
FloatingBattlePetTooltip      Frame         BackdropTemplate     hidden  retail
PetBattlePrimaryAbilityTooltip Frame        BackdropTemplate     hidden  retail
WorldMapTooltip               GameTooltip   GameTooltipTemplate  hidden  classic
MainMenuExpBar                StatusBar     -                    shown   classic
KeyRingButton                 CheckButton   -                    shown   classic
CastingBarFrame               StatusBar     -                    hidden  classic
PetCastingBarFrame            StatusBar     -                    hidden  classic
ReputationWatchBar            Frame         -                    hidden  classic
ComboFrame                    Frame         -                    hidden  all
GossipFrame                   Frame         -                    hidden  all
QuestFrame                    Frame         -                    hidden  all
ZoneTextFrame                 Frame         -                    hidden  all
SubZoneTextFrame              Frame         -                    hidden  all
]]

local function want(flavours)
  return flavours == "all" or (flavours == "retail") == isRetail
end

for line in FRAMES:gmatch("[^\n]+") do
  local name, kind, inherits, shown, flavours = line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)%s+(%S+)$")
  if not name then
    error("base_frames.lua: bad frame row: " .. line)
  end
  if want(flavours) and rawget(_G, name) == nil then
    local f = CreateFrame(kind, name, UIParent, inherits ~= "-" and inherits or nil)
    f:SetShown(shown == "shown")
  end
end

-- UIErrorsFrame: the red error and yellow information lines in the middle of the screen.
UIErrorsFrame:SetSize(512, 60)
UIErrorsFrame:SetPoint("TOP", 0, -122)
UIErrorsFrame:SetFrameStrata("DIALOG")
UIErrorsFrame:SetTimeVisible(5)

-- The edit mode manager: addons hook entering and leaving edit mode and ask whether it is
-- active.
if not rawget(_G, "EditModeManagerFrame") then
  local edit = CreateFrame("Frame", "EditModeManagerFrame", UIParent)
  edit:Hide()
  edit.registeredSystemFrames = {}
  function edit:IsEditModeActive()
    return self.editModeActive == true
  end
  function edit:EnterEditMode()
    self.editModeActive = true
    self:Show()
    EventRegistry:TriggerEvent("EditMode.Enter")
  end
  function edit:ExitEditMode()
    self.editModeActive = false
    self:Hide()
    EventRegistry:TriggerEvent("EditMode.Exit")
  end
  function edit:RegisterSystemFrame(frame)
    table.insert(self.registeredSystemFrames, frame)
  end
  function edit:UseRaidStylePartyFrames()
    return false
  end
  function edit:ArePartyFramesForcedShown()
    return false
  end
  function edit:AreRaidFramesForcedShown()
    return false
  end
end

-- The add-on compartment (retail): the minimap's list of addon entries.
if isRetail and not rawget(_G, "AddonCompartmentFrame") then
  local c = CreateFrame("Frame", "AddonCompartmentFrame", UIParent)
  c.registeredAddons = {}
  function c:RegisterAddon(info)
    table.insert(self.registeredAddons, info)
    self:UpdateDisplay()
  end
  function c:UnregisterAddon(text)
    for i = #self.registeredAddons, 1, -1 do
      if self.registeredAddons[i].text == text then
        table.remove(self.registeredAddons, i)
      end
    end
    self:UpdateDisplay()
  end
  function c:UpdateDisplay()
    self.numRegistered = #self.registeredAddons
  end
  c:UpdateDisplay()
end

-- The colour picker. Retail: a frame with `SetupColorPickerAndShow(info)` (r, g, b, opacity,
-- hasOpacity, swatchFunc, opacityFunc, cancelFunc) and the chosen colour read back; Classic:
-- the ColorSelect itself, with the opacity slider `OpacitySliderFrame` beside it.
if not rawget(_G, "ColorPickerFrame") then
  local picker
  if isRetail then
    picker = CreateFrame("Frame", "ColorPickerFrame", UIParent)
    picker.Content = CreateFrame("Frame", nil, picker)
    picker.Content.ColorPicker = CreateFrame("ColorSelect", nil, picker.Content)
    picker.Content.ColorPicker:SetAllPoints()
    picker.wowsimSelect = picker.Content.ColorPicker
    function picker:GetColorAlpha()
      return self.opacity or 1
    end
  else
    picker = CreateFrame("ColorSelect", "ColorPickerFrame", UIParent)
    picker.wowsimSelect = picker
    local slider = CreateFrame("Slider", "OpacitySliderFrame", picker)
    slider:SetMinMaxValues(0, 1)
    slider:SetValue(1)
    function picker:GetColorAlpha()
      return slider:GetValue()
    end
  end
  picker:SetSize(388, 210)
  picker:SetPoint("CENTER")
  picker:SetFrameStrata("DIALOG")
  picker:Hide()
  function picker:SetupColorPickerAndShow(info)
    self.swatchFunc, self.func = info.swatchFunc, info.swatchFunc
    self.opacityFunc, self.cancelFunc = info.opacityFunc, info.cancelFunc
    self.hasOpacity, self.opacity = info.hasOpacity, info.opacity or 1
    self.extraInfo = info.extraInfo
    self.previousValues = { r = info.r or 1, g = info.g or 1, b = info.b or 1, a = info.opacity or 1 }
    self.wowsimSelect:SetColorRGB(info.r or 1, info.g or 1, info.b or 1)
    if rawget(_G, "OpacitySliderFrame") then
      OpacitySliderFrame:SetValue(info.opacity or 1)
    end
    self:Show()
  end
  if isRetail then
    function picker:GetColorRGB()
      return self.wowsimSelect:GetColorRGB()
    end
  end
  function picker:GetPreviousValues()
    local p = self.previousValues or {}
    return p.r, p.g, p.b, p.a
  end
end


-- Retail's target of target frame, made by the target frame as its `totFrame`.
if isRetail and rawget(_G, "TargetFrameToT") == nil then
  TargetFrame.totFrame = CreateFrame("Button", "TargetFrameToT", TargetFrame)
  TargetFrame.totFrame:Hide()
end

-- Classic's bag windows: ContainerFrame1..13, hidden, each of id 100 until a bag opens in it.
if not isRetail and rawget(_G, "ContainerFrame1") == nil then
  NUM_CONTAINER_FRAMES = NUM_CONTAINER_FRAMES or 13
  for i = 1, 13 do
    local frame = CreateFrame("Frame", "ContainerFrame" .. i, UIParent)
    frame:SetID(100)
    frame:Hide()
  end
end

-- The character panel's tabs: retail's Character, Reputation and Currency (hidden until the
-- player has a currency); Classic Era's Character, Pet, Reputation, Skills and Honor.
do
  local tabs = isRetail and { "CHARACTER", "REPUTATION_ABBR", "CURRENCY" }
    or { "CHARACTER", "PET", "REPUTATION", "SKILLS", "HONOR" }
  for i, label in ipairs(tabs) do
    local name = "CharacterFrameTab" .. i
    if rawget(_G, name) == nil then
      local tab = CreateFrame("Button", name, CharacterFrame, "CharacterFrameTabButtonTemplate")
      tab:SetID(i)
      tab.textKey = label
      if i == 1 then
        tab:SetPoint("TOPLEFT", CharacterFrame, "BOTTOMLEFT", 11, 2)
      else
        tab:SetPoint("LEFT", _G["CharacterFrameTab" .. (i - 1)], "RIGHT", -15, 0)
      end
      if isRetail and i == 3 then
        tab:Hide()
      end
    end
  end
end

-- The three mirror timers (breath, fatigue, feign death) of the mirror timer container.
MirrorTimerContainer.mirrorTimers = MirrorTimerContainer.mirrorTimers or {}
for i = 1, 3 do
  local t = MirrorTimerContainer.mirrorTimers[i] or CreateFrame("Frame", nil, MirrorTimerContainer)
  t:Hide()
  t.StatusBar = t.StatusBar or CreateFrame("StatusBar", nil, t)
  MirrorTimerContainer.mirrorTimers[i] = t
end
-- The world map's map change, which addons hook.
if rawget(_G, "WorldMapFrame") and not WorldMapFrame.OnMapChanged then
  function WorldMapFrame:OnMapChanged() end
end
-- The world map's border frame and its encounter journal pins, which addons hook.
if rawget(_G, "WorldMapFrame") then
  WorldMapFrame.BorderFrame = WorldMapFrame.BorderFrame or CreateFrame("Frame", nil, WorldMapFrame)
  if isRetail and not rawget(_G, "EncounterJournalPinMixin") then
    EncounterJournalPinMixin = CreateFromMixins(rawget(_G, "MapCanvasPinMixin") or {})
    function EncounterJournalPinMixin:OnAcquired(instanceID, x, y)
      self.instanceID = instanceID
      if self.SetPosition then
        self:SetPosition(x, y)
      end
    end
  end
end
-- The extra action button and the zone ability frame's art (retail), which bar addons show or
-- hide.
if isRetail then
  if not ExtraActionBarFrame.button then
    local b = CreateFrame("CheckButton", "ExtraActionButton1", ExtraActionBarFrame)
    b.style = b:CreateTexture(nil, "OVERLAY")
    ExtraActionBarFrame.button = b
  end
  ZoneAbilityFrame.Style = ZoneAbilityFrame.Style or ZoneAbilityFrame:CreateTexture(nil, "OVERLAY")
else
  -- Classic's experience bar update, which bar addons hook: the bar shows the character's XP.
  function MainMenuBar_UpdateExperienceBars()
    local max = UnitXPMax("player") or 0
    MainMenuExpBar:SetMinMaxValues(0, math.max(max, 1))
    MainMenuExpBar:SetValue(UnitXP("player") or 0)
  end
end

-- The chat windows. The client's ScrollingMessageFrame keeps its lines in `historyBuffer` (a
-- circular buffer, newest first, 120 lines unless set); its chat windows `ChatFrame1` to
-- `ChatFrame<NUM_CHAT_WINDOWS>` (ChatFrame2 is the combat log) each have a tab
-- (`ChatFrame<n>Tab`), an edit box (`ChatFrame<n>EditBox`, `.editBox`, with its `Left`, `Mid`
-- and `Right` border pieces), a button frame (`ChatFrame<n>ButtonFrame`, `.buttonFrame`) and the
-- border textures `CHAT_FRAME_TEXTURES` names. Retail's button frame has the window's minimize
-- button and a border of its own; Classic's has the up, down and bottom buttons and the
-- minimize button sits on the window. The chat menu, channel and (retail) voice buttons, the
-- dock manager and the alert frame are the client's named frames around them.
-- The circular buffer: `elements` is the storage (up to `maxElements`), `headIndex` the slot of
-- the newest entry (0 when empty); index 1 is the newest (the front). Retail's client keeps
-- `headIndex` and `maxElements` as secure number objects (`.value`), Classic's as numbers, as
-- here.
CircularBufferMixin = CircularBufferMixin or {}
function CircularBufferMixin:OnLoad(maxElements)
  self.maxElements = maxElements or 1
  self:Clear()
end
function CircularBufferMixin:Clear()
  self.headIndex = 0
  self.elements = {}
end
function CircularBufferMixin:GetMaxNumElements()
  return self.maxElements
end
function CircularBufferMixin:GetNumElements()
  return #self.elements
end
function CircularBufferMixin:IsFull()
  return #self.elements >= self.maxElements
end
function CircularBufferMixin:IsEmpty()
  return #self.elements == 0
end
-- The storage slot of entry `index` (1 = newest).
function CircularBufferMixin:CalculateElementIndex(index)
  return (self.headIndex - index) % self.maxElements + 1
end
function CircularBufferMixin:IsValidIndex(index)
  return index > 0 and index <= #self.elements
end
function CircularBufferMixin:GetEntryAtIndex(index)
  if self:IsValidIndex(index) then
    return self.elements[self:CalculateElementIndex(index)]
  end
end
-- Adds the newest entry, over the oldest when full; answers the slot it took.
function CircularBufferMixin:PushFront(element)
  local slot = self.headIndex + 1
  self.elements[slot] = element
  self.headIndex = slot % self.maxElements
  return slot
end
-- Adds an oldest entry unless the buffer is full.
function CircularBufferMixin:PushBack(element)
  if self:IsFull() then
    return nil
  end
  table.insert(self.elements, 1, element)
  self.headIndex = (self.headIndex + 1) % self.maxElements
  return 1
end
-- Keeps the newest entries in order in fresh storage.
function CircularBufferMixin:ReplaceElements(elements)
  self.elements = elements
  self.headIndex = #elements == 0 and 0 or (#elements - 1) % self.maxElements + 1
end
function CircularBufferMixin:SetMaxNumElements(maxElements)
  if maxElements ~= self.maxElements then
    local keep = math.min(maxElements, #self.elements)
    local elements = {}
    for i = 1, keep do
      elements[i] = self:GetEntryAtIndex(keep - i + 1)
    end
    self.maxElements = maxElements
    self:ReplaceElements(elements)
  end
end
-- Removes the entries the predicate picks; answers whether any went.
function CircularBufferMixin:RemoveIf(predicate)
  local kept, removed = {}, false
  for i = #self.elements, 1, -1 do
    local e = self:GetEntryAtIndex(i)
    if predicate(e) then
      removed = true
    else
      kept[#kept + 1] = e
    end
  end
  if removed then
    self:ReplaceElements(kept)
  end
  return removed
end
-- Front (newest) to back.
function CircularBufferMixin:EnumerateIndexedEntries()
  local i = 0
  return function()
    if i < #self.elements then
      i = i + 1
      return i, self:GetEntryAtIndex(i)
    end
  end
end
function CircularBufferMixin:ReverseEnumerateIndexedEntries()
  local i = #self.elements + 1
  return function()
    if i > 1 then
      i = i - 1
      return i, self:GetEntryAtIndex(i)
    end
  end
end
function CreateCircularBuffer(maxElements)
  local buffer = CreateFromMixins(CircularBufferMixin)
  buffer:OnLoad(maxElements)
  return buffer
end

template("ScrollingMessageFrame", function(self)
  if self.historyBuffer == nil then
    self.historyBuffer = CreateCircularBuffer(120)
  end
end)

CHAT_FRAME_TEXTURES = {
  "Background",
  "TopLeftTexture",
  "BottomLeftTexture",
  "TopRightTexture",
  "BottomRightTexture",
  "LeftTexture",
  "RightTexture",
  "BottomTexture",
  "TopTexture",
}
if isRetail then
  for i = 1, 9 do
    CHAT_FRAME_TEXTURES[#CHAT_FRAME_TEXTURES + 1] = "ButtonFrame" .. CHAT_FRAME_TEXTURES[i]
  end
end
CHAT_FRAMES = CHAT_FRAMES or {}

-- The border textures of a chat window (and retail's button frame): `<name><suffix>`.
local function borderedFrame(self)
  local name = self:GetName()
  for i = 1, 9 do
    local suffix = CHAT_FRAME_TEXTURES[i]
    local tex = self:CreateTexture(name and (name .. suffix) or nil, suffix == "Background" and "BACKGROUND" or "BORDER")
    if suffix == "Background" then
      self.Background = tex
      tex:SetAllPoints()
      tex:SetColorTexture(0, 0, 0, 0.25)
    end
  end
end
template("FloatingBorderedFrame", borderedFrame)

template("ChatFrameTemplate", function(self)
  template("ScrollingMessageFrame")(self)
  self:SetFrameStrata("LOW")
  self:SetToplevel(true)
  self:Hide()
  -- Retail's chat windows have a scroll bar; Classic's have the button frame's arrows only.
  if isRetail then
    self.ScrollBar = CreateFrame("EventFrame", nil, self, "MinimalScrollBar")
    self.ScrollBar:SetPoint("TOPRIGHT")
    self.ScrollBar:SetPoint("BOTTOMRIGHT")
  end
end)

template("ChatFrameEditBoxTemplate", function(self)
  local name = self:GetName()
  self:SetAutoFocus(false)
  self:SetFrameStrata("DIALOG")
  self:SetToplevel(true)
  self:Hide()
  for _, piece in ipairs({ "Left", "Mid", "Right" }) do
    self[piece] = self:CreateTexture(name and (name .. piece) or nil, "BACKGROUND")
  end
  for _, piece in ipairs({ "Left", "Mid", "Right" }) do
    local key = "focus" .. piece
    self[key] = self:CreateTexture(name and (name .. "Focus" .. piece) or nil, "BORDER")
    self[key]:Hide()
  end
  self.header = self:CreateFontString(name and (name .. "Header") or nil, "ARTWORK", "ChatFontNormal")
  self.headerSuffix = self:CreateFontString(name and (name .. "HeaderSuffix") or nil, "ARTWORK", "ChatFontNormal")
  self.prompt = self:CreateFontString(name and (name .. "Prompt") or nil, "ARTWORK", "ChatFontNormal")
  self.prompt:Hide()
  self:SetScript("OnEnterPressed", function(box)
    ChatEdit_SendText(box, 1)
    box:SetText("")
    box:Hide()
  end)
  self:SetScript("OnEscapePressed", function(box)
    box:SetText("")
    box:Hide()
  end)
end)

template("ChatTabTemplate", function(self)
  local name = self:GetName()
  for _, piece in ipairs({ "Left", "Middle", "Right", "ActiveLeft", "ActiveMiddle", "ActiveRight" }) do
    self[piece] = self:CreateTexture(nil, "BACKGROUND")
  end
  for _, piece in ipairs({ "HighlightLeft", "HighlightMiddle", "HighlightRight" }) do
    self[piece] = self:CreateTexture(nil, "HIGHLIGHT")
  end
  self.glow = self:CreateTexture(name and (name .. "Glow") or nil, "BACKGROUND")
  self.glow:Hide()
  self.Text = self:CreateFontString(name and (name .. "Text") or nil, "ARTWORK", "GameFontNormalSmall")
  self:SetFontString(self.Text)
  self:SetSize(64, 32)
  self:SetAlpha(0.4)
end)

template("FloatingChatFrameTemplate", function(self)
  template("ChatFrameTemplate")(self)
  borderedFrame(self)
  local name = self:GetName()
  local function child(suffix)
    return name and (name .. suffix) or nil
  end
  self:SetMovable(true)
  self:SetResizable(true)
  self:SetClampedToScreen(true)
  self.clickAnywhereButton = CreateFrame("Button", child("ClickAnywhereButton"), self)
  self.clickAnywhereButton:SetAllPoints()
  self.clickAnywhereButton:Hide()
  self.ResizeButton = CreateFrame("Button", child("ResizeButton"), self)
  self.ResizeButton:SetSize(16, 16)
  self.ResizeButton:SetPoint("BOTTOMRIGHT")
  local buttons = CreateFrame("Frame", child("ButtonFrame"), self)
  self.buttonFrame = buttons
  buttons:SetWidth(29)
  buttons:SetPoint("TOPRIGHT", self, "TOPLEFT", -3, 0)
  buttons:SetPoint("BOTTOMRIGHT", self, "BOTTOMLEFT", -3, 0)
  if isRetail then
    borderedFrame(buttons)
    buttons:SetAlpha(0.2)
    buttons.minimizeButton = CreateFrame("Button", child("ButtonFrameMinimizeButton"), buttons)
    buttons.minimizeButton:SetSize(32, 32)
    buttons.minimizeButton:SetPoint("TOP")
    self.ScrollToBottomButton = CreateFrame("Button", nil, self)
    self.ScrollToBottomButton:SetSize(24, 24)
    self.ScrollToBottomButton:SetPoint("BOTTOMRIGHT", self.ResizeButton, "TOPRIGHT")
    self.ScrollToBottomButton:SetAlpha(0)
  else
    for _, key in ipairs({ "bottomButton", "downButton", "upButton" }) do
      local suffix = key:sub(1, 1):upper() .. key:sub(2)
      buttons[key] = CreateFrame("Button", child("ButtonFrame" .. suffix), buttons)
      buttons[key]:SetSize(32, 32)
    end
    buttons.bottomButton:SetPoint("BOTTOM")
    buttons.downButton:SetPoint("BOTTOM", buttons.bottomButton, "TOP")
    buttons.upButton:SetPoint("BOTTOM", buttons.downButton, "TOP")
    self.minimizeButton = CreateFrame("Button", child("MinimizeButton"), self)
    self.minimizeButton:SetSize(32, 32)
    self.minimizeButton:SetPoint("BOTTOMRIGHT", self, "TOPRIGHT", 2, -2)
  end
  self.editBox = CreateFrame("EditBox", child("EditBox"), self, "ChatFrameEditBoxTemplate")
  self.editBox.chatFrame = self
  self.editBox:SetPoint("TOPLEFT", self, "BOTTOMLEFT", -5, -2)
  self.editBox:SetPoint("TOPRIGHT", self, "BOTTOMRIGHT", 5, -2)
  self.editBox:SetHeight(32)
end)

GeneralDockManager = GeneralDockManager or CreateFrame("Frame", "GeneralDockManager", UIParent)
GeneralDockManager:SetFrameStrata("LOW")
GeneralDockManager:SetSize(400, 20)
GeneralDockManager:SetPoint("BOTTOMLEFT", ChatFrame1, "TOPLEFT", 0, 6)
GeneralDockManager.DOCKED_CHAT_FRAMES = GeneralDockManager.DOCKED_CHAT_FRAMES or {}
GeneralDockManager.overflowButton = GeneralDockManager.overflowButton
  or CreateFrame("Button", "GeneralDockManagerOverflowButton", GeneralDockManager)
GeneralDockManager.overflowButton.list = GeneralDockManager.overflowButton.list
  or CreateFrame("Frame", "GeneralDockManagerOverflowButtonList", GeneralDockManager.overflowButton)
GeneralDockManager.overflowButton.list:Hide()
GeneralDockManager.scrollFrame = GeneralDockManager.scrollFrame
  or CreateFrame("ScrollFrame", "GeneralDockManagerScrollFrame", GeneralDockManager)
GeneralDockManager.scrollFrame.child = GeneralDockManager.scrollFrame.child
  or CreateFrame("Frame", "GeneralDockManagerScrollFrameChild", GeneralDockManager.scrollFrame)
GENERAL_CHAT_DOCK = GeneralDockManager
for i = 1, NUM_CHAT_WINDOWS do
  local name = "ChatFrame" .. i
  local tab = rawget(_G, name .. "Tab") or CreateFrame("Button", name .. "Tab", UIParent, "ChatTabTemplate")
  tab:SetID(i)
  local frame = rawget(_G, name)
  if frame then
    template("FloatingChatFrameTemplate")(frame)
    frame:Show()
  else
    frame = CreateFrame("ScrollingMessageFrame", name, UIParent, "FloatingChatFrameTemplate")
    frame:SetSize(430, 120)
    frame:SetPoint("BOTTOMLEFT", UIParent, "BOTTOMLEFT", 32, 95)
    frame:SetFontObject(ChatFontNormal)
    frame:SetJustifyH("LEFT")
  end
  frame:SetID(i)
  tab:SetPoint("BOTTOMLEFT", frame, "TOPLEFT", 2 + (i - 1) * 70, 2)
  tab:SetText(i == 1 and (GENERAL or "General") or i == 2 and (COMBAT_LOG or "Combat Log") or "")
  tab:SetShown(i <= 2)
  CHAT_FRAMES[i] = name
  if i <= 2 then
    GeneralDockManager.DOCKED_CHAT_FRAMES[i] = frame
  end
end

-- A temporary chat window (a whisper conversation): the next free `ChatFrame<n>` past the
-- permanent ones, with its tab, shown; answers the frame.
function FCF_OpenTemporaryWindow(chatType, chatTarget, sourceChatFrame, selectWindow)
  local n = #CHAT_FRAMES + 1
  local name = "ChatFrame" .. n
  local tab = rawget(_G, name .. "Tab") or CreateFrame("Button", name .. "Tab", UIParent, "ChatTabTemplate")
  tab:SetID(n)
  local frame = rawget(_G, name) or CreateFrame("ScrollingMessageFrame", name, UIParent, "FloatingChatFrameTemplate")
  frame:SetID(n)
  frame:SetSize(430, 120)
  frame:SetPoint("CENTER")
  frame:SetFontObject(ChatFontNormal)
  frame.isTemporary = true
  frame.chatType = chatType
  frame.chatTarget = chatTarget and strlower(chatTarget) or nil
  CHAT_FRAMES[n] = name
  tab:SetText(chatTarget or "")
  tab:Show()
  frame:Show()
  return frame
end

ChatFrameMenuButton = ChatFrameMenuButton or CreateFrame("DropdownButton", "ChatFrameMenuButton", ChatFrame1ButtonFrame)
ChatFrameMenuButton:SetSize(32, 32)
ChatFrameChannelButton = ChatFrameChannelButton or CreateFrame("Button", "ChatFrameChannelButton", ChatFrame1ButtonFrame)
ChatFrameChannelButton:SetSize(32, 32)
ChatAlertFrame = ChatAlertFrame or CreateFrame("Frame", "ChatAlertFrame", UIParent)
ChatAlertFrame:SetSize(1, 1)
if isRetail then
  for _, n in ipairs({ "ChatFrameToggleVoiceDeafenButton", "ChatFrameToggleVoiceMuteButton" }) do
    local b = rawget(_G, n) or CreateFrame("Button", n, UIParent)
    b:SetSize(32, 32)
    b:Hide()
  end
  ChatFrameMenuButton:SetPoint("BOTTOM", ChatFrame1ButtonFrameMinimizeButton, "TOP")
  ChatFrameChannelButton:SetPoint("BOTTOM", ChatFrameMenuButton, "TOP")
  QuickJoinToastButton = QuickJoinToastButton or CreateFrame("Button", "QuickJoinToastButton", UIParent)
  QuickJoinToastButton:SetSize(32, 32)
else
  ChatFrameMenuButton:SetPoint("BOTTOM", ChatFrame1ButtonFrameUpButton, "TOP")
  ChatFrameChannelButton:SetPoint("BOTTOM", ChatFrameMenuButton, "TOP")
  FriendsMicroButton = FriendsMicroButton or CreateFrame("Button", "FriendsMicroButton", ChatFrame1ButtonFrame)
  FriendsMicroButton:SetSize(32, 32)
  FriendsMicroButton:SetPoint("BOTTOM", ChatFrameChannelButton, "TOP")
end

-- The Battle.net toast (a friend came online) and the text-to-speech button frame with its
-- `Button` (`TextToSpeechButton`), both of the chat frame's surroundings.
BNToastFrame = BNToastFrame or CreateFrame("Frame", "BNToastFrame", UIParent)
BNToastFrame:SetSize(240, 50)
BNToastFrame:SetFrameStrata("LOW")
BNToastFrame:Hide()
TextToSpeechButtonFrame = TextToSpeechButtonFrame or CreateFrame("Frame", "TextToSpeechButtonFrame", UIParent)
TextToSpeechButtonFrame:SetSize(32, 32)
TextToSpeechButtonFrame:SetFrameStrata("LOW")
TextToSpeechButtonFrame.Button = TextToSpeechButtonFrame.Button
  or CreateFrame("Button", "TextToSpeechButton", TextToSpeechButtonFrame)
TextToSpeechButtonFrame.Button:SetAllPoints()

-- The flat panel background: two bottom corners, the edge between them and the section above.
template("FlatPanelBackgroundTemplate", function(self)
  self.BottomLeft = self:CreateTexture(nil, "BACKGROUND")
  self.BottomLeft:SetAtlas("uiframebackground-nineslice-cornerbottomleft", true)
  self.BottomLeft:SetPoint("BOTTOMLEFT")
  self.BottomRight = self:CreateTexture(nil, "BACKGROUND")
  self.BottomRight:SetAtlas("uiframebackground-nineslice-cornerbottomright", true)
  self.BottomRight:SetPoint("BOTTOMRIGHT")
  self.BottomEdge = self:CreateTexture(nil, "BACKGROUND")
  self.BottomEdge:SetPoint("TOPLEFT", self.BottomLeft, "TOPRIGHT")
  self.BottomEdge:SetPoint("BOTTOMRIGHT", self.BottomRight, "BOTTOMLEFT")
  self.TopSection = self:CreateTexture(nil, "BACKGROUND")
  self.TopSection:SetPoint("TOPLEFT")
  self.TopSection:SetPoint("BOTTOMRIGHT", self.BottomRight, "TOPRIGHT")
end)

-- The settings panel's frame: a flat background (`Bg`), a nine-slice border with its title
-- (`NineSlice.Text`) and a close button (`ClosePanelButton`).
template("SettingsFrameTemplate", function(self)
  self.Bg = CreateFrame("Frame", nil, self, "FlatPanelBackgroundTemplate")
  self.Bg:SetFrameLevel(0)
  self.Bg:SetPoint("TOPLEFT", 7, -18)
  self.Bg:SetPoint("BOTTOMRIGHT", -3, 3)
  self.NineSlice = CreateFrame("Frame", nil, self, "NineSlicePanelTemplate")
  self.NineSlice:SetAllPoints()
  self.NineSlice.layoutType = "ButtonFrameTemplateNoPortrait"
  self.NineSlice.Text = self.NineSlice:CreateFontString(nil, "OVERLAY", "GameFontNormal")
  self.NineSlice.Text:SetPoint("TOP", 0, -5)
  self.NineSlice.Text:SetPoint("LEFT", 60, 0)
  self.NineSlice.Text:SetPoint("RIGHT", -60, 0)
  self.NineSlice.Text:SetWordWrap(false)
  self.ClosePanelButton = CreateFrame("Button", nil, self, "UIPanelCloseButtonDefaultAnchors")
end)
