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
ChatFrameChannelButton        Button        -                    shown   retail
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
