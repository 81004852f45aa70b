-- wow-sim built-in base: more of the client's shared templates and their helper functions that
-- three or more corpus addons use (docs/base-coverage.md): the event frame, glow boxes, insets,
-- search and scrolling edit boxes, sliders with labels, colour swatches, dynamic-resize and tab
-- buttons, the secure group header, the menu utilities, overlay glows. Each template builds the
-- keys and named children addons reach for; the art is the client's file names or plain colours.
-- Written for wow-sim from the documented behaviour. Receives `template`.
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

local function childName(self, suffix)
  local name = self:GetName()
  return name and (name .. suffix) or nil
end

-- EventFrame: a frame whose OnShow, OnHide and OnSizeChanged are callback events.
EventFrameMixin = EventFrameMixin or CreateFromMixins(CallbackRegistryMixin)
EventFrameMixin.Event = { OnShow = "OnShow", OnHide = "OnHide", OnSizeChanged = "OnSizeChanged" }
template("EventFrame", function(self)
  Mixin(self, EventFrameMixin)
  CallbackRegistryMixin.OnLoad(self)
  for event in pairs(EventFrameMixin.Event) do
    self:HookScript(event, function(f, ...)
      f:TriggerEvent(event, f, ...)
    end)
  end
end)

-- Glow boxes: the tutorial call-out frame with its text and arrow.
template("GlowBoxTemplate", function(self)
  self.BG = self:CreateTexture(nil, "BACKGROUND")
  self.BG:SetAllPoints()
  self.BG:SetColorTexture(0, 0, 0, 0.8)
  self.Text = self:CreateFontString(nil, "ARTWORK", "GameFontHighlightLeft")
  self.Text:SetPoint("TOPLEFT", 16, -16)
end)
template("GlowBoxArrowTemplate", function(self)
  self:SetSize(53, 21)
  self.Arrow = self:CreateTexture(nil, "BORDER")
  self.Arrow:SetAllPoints()
  self.Glow = self:CreateTexture(nil, "BACKGROUND")
  self.Glow:SetAllPoints()
end)
template("NewFeatureLabelTemplate", function(self)
  self:SetSize(1, 1)
  self.BGLabel = self:CreateFontString(nil, "BACKGROUND", "GameFontNormalSmall")
  self.Label = self:CreateFontString(nil, "ARTWORK", "GameFontNormalSmall")
  self.Label:SetText(NEW or "New")
  self.Label:SetPoint("CENTER")
  self.BGLabel:SetText(NEW or "New")
  self.BGLabel:SetPoint("CENTER")
end)

-- The inset panel: a dark background inside a thin border (NineSlice frame).
template("InsetFrameTemplate", function(self)
  self.Bg = self:CreateTexture(childName(self, "Bg"), "BACKGROUND", nil, -6)
  self.Bg:SetAllPoints()
  self.Bg:SetColorTexture(0.1, 0.1, 0.1, 1)
  self.NineSlice = CreateFrame("Frame", nil, self, "NineSlicePanelTemplate")
  self.NineSlice:SetAllPoints()
end)

-- The close button without its OnClick (the addon sets its own).
template("UIPanelCloseButtonNoScripts", function(self)
  template("UIPanelCloseButton")(self)
  self:SetScript("OnClick", nil)
end)
template("UIPanelButtonHighlightTexture", function(self)
  self:SetTexture("Interface\\Buttons\\UI-Panel-Button-Highlight")
  self:SetBlendMode("ADD")
  self:SetTexCoord(0, 0.625, 0, 0.6875)
end)

-- A button sized to its text: `DynamicResizeButton_Resize` makes it its text's width plus room.
function DynamicResizeButton_Resize(button)
  local padding = 40
  local text = button:GetFontString()
  local width = (text and text:GetStringWidth() or 0) + padding
  button:SetWidth(math.max(width, button.minWidth or 0))
end
template("UIPanelDynamicResizeButtonTemplate", function(self)
  template("UIPanelButtonTemplate")(self)
  self:SetHeight(22)
  self:HookScript("OnShow", DynamicResizeButton_Resize)
end)
template("SharedButtonTemplate", function(self)
  template("UIPanelButtonTemplate")(self)
  self:SetSize(120, 22)
end)

-- A tab button of the chat configuration and Classic's tab button.
template("TabButtonTemplate", function(self)
  local name = self:GetName()
  self:SetSize(115, 32)
  self.Text = self:CreateFontString(name and (name .. "Text") or nil, "ARTWORK", "GameFontNormalSmall")
  self.Text:SetPoint("CENTER", 0, 2)
  self:SetFontString(self.Text)
  self:SetNormalFontObject("GameFontNormalSmall")
  self:SetHighlightFontObject("GameFontHighlightSmall")
  self:SetDisabledFontObject("GameFontHighlightSmall")
  for _, part in ipairs({ "Left", "Middle", "Right", "LeftDisabled", "MiddleDisabled", "RightDisabled" }) do
    self[part] = self:CreateTexture(name and (name .. part) or nil, "BORDER")
  end
end)
template("ChatConfigCheckButtonTemplate", function(self)
  template("UICheckButtonTemplate")(self)
  self:SetSize(24, 24)
  self:SetHitRectInsets(0, -100, 0, 0)
end)

-- The colour swatch: a square of the chosen colour on a border.
template("ColorSwatchTemplate", function(self)
  self:SetSize(16, 16)
  self.SwatchBg = self:CreateTexture(nil, "BACKGROUND")
  self.SwatchBg:SetSize(14, 14)
  self.SwatchBg:SetPoint("CENTER")
  self.SwatchBg:SetColorTexture(1, 1, 1, 1)
  self.InnerBorder = self:CreateTexture(nil, "BORDER")
  self.InnerBorder:SetSize(12, 12)
  self.InnerBorder:SetPoint("CENTER")
  self.InnerBorder:SetColorTexture(0, 0, 0, 1)
  self.Color = self:CreateTexture(nil, "OVERLAY")
  self.Color:SetSize(10, 10)
  self.Color:SetPoint("CENTER")
  self.Color:SetColorTexture(1, 1, 1, 1)
  self.SetColor = function(swatch, r, g, b)
    swatch.Color:SetVertexColor(r, g, b)
  end
end)

-- The search box: an input box with a magnifier, instructions shown while empty, and a clear
-- button that empties it.
template("SearchBoxTemplate", function(self)
  template("InputBoxTemplate")(self)
  self:SetHeight(20)
  self:SetAutoFocus(false)
  self:SetTextInsets(16, 20, 0, 0)
  self.Instructions = self:CreateFontString(nil, "ARTWORK", "GameFontDisable")
  self.Instructions:SetPoint("TOPLEFT", 16, 0)
  self.Instructions:SetPoint("BOTTOMRIGHT", -20, 0)
  self.Instructions:SetJustifyH("LEFT")
  self.Instructions:SetText(SEARCH or "Search")
  self.searchIcon = self:CreateTexture(nil, "OVERLAY")
  self.searchIcon:SetTexture("Interface\\Common\\UI-Searchbox-Icon")
  self.searchIcon:SetSize(14, 14)
  self.searchIcon:SetPoint("LEFT", 0, -2)
  local clear = CreateFrame("Button", nil, self)
  clear:SetSize(17, 17)
  clear:SetPoint("RIGHT", -3, 0)
  clear:Hide()
  clear:SetScript("OnClick", function(button)
    local box = button:GetParent()
    box:SetText("")
    box:ClearFocus()
  end)
  self.clearButton = clear
  self:HookScript("OnTextChanged", function(box)
    local empty = box:GetText() == ""
    box.Instructions:SetShown(empty)
    box.clearButton:SetShown(not empty)
  end)
end)

-- The scrolling edit box: a multi-line edit box inside a scroll frame, reached through methods.
template("ScrollingEditBoxTemplate", function(self)
  local scroll = CreateFrame("ScrollFrame", nil, self)
  scroll:SetAllPoints()
  local box = CreateFrame("EditBox", nil, scroll)
  box:SetMultiLine(true)
  box:SetAutoFocus(false)
  box:SetFontObject("GameFontHighlightSmall")
  box:SetWidth(math.max(self:GetWidth(), 1))
  scroll:SetScrollChild(box)
  self.ScrollBox = scroll
  scroll.EditBox = box
  function self:GetEditBox()
    return box
  end
  function self:GetScrollBox()
    return scroll
  end
  function self:SetText(text)
    box:SetText(text)
  end
  function self:GetInputText()
    return box:GetText()
  end
  function self:ClearText()
    box:SetText("")
  end
  function self:SetDefaultText(text)
    self.defaultText = text
  end
  function self:SetFocus()
    box:SetFocus()
  end
  function self:SetEnabled(enabled)
    box:SetEnabled(enabled)
  end
  function self:SetFontObject(font)
    box:SetFontObject(font)
  end
  function self:SetTextColor(r, g, b)
    box:SetTextColor(r, g, b)
  end
  function self:RegisterCallback() end
end)

-- Sliders: the plain one (a thumb on a horizontal track) and one with its label, low and high
-- texts (`Text`, `Low`, `High`, also by name).
local function slider(self)
  self:SetOrientation("HORIZONTAL")
  self:SetSize(144, 17)
  local thumb = self:CreateTexture(childName(self, "Thumb"), "ARTWORK")
  thumb:SetSize(32, 32)
  thumb:SetTexture("Interface\\Buttons\\UI-SliderBar-Button-Horizontal")
  self:SetThumbTexture(thumb)
  self.Thumb = thumb
end
template("UISliderTemplate", slider)
template("UISliderTemplateWithLabels", function(self)
  slider(self)
  self.Text = self:CreateFontString(childName(self, "Text"), "ARTWORK", "GameFontNormalSmall")
  self.Text:SetPoint("BOTTOM", self, "TOP")
  self.Low = self:CreateFontString(childName(self, "Low"), "ARTWORK", "GameFontHighlightSmall")
  self.Low:SetPoint("TOPLEFT", self, "BOTTOMLEFT", -4, 3)
  self.High = self:CreateFontString(childName(self, "High"), "ARTWORK", "GameFontHighlightSmall")
  self.High:SetPoint("TOPRIGHT", self, "BOTTOMRIGHT", 4, 3)
end)

-- The secure group header (raid and party headers): a secure frame of attributes; its children
-- (one unit button per group member) come from the `template` attribute when units exist.
template("SecureGroupHeaderTemplate", function(self)
  template("SecureFrameTemplate")(self)
  self:SetAttribute("_initialAttributeNames", "")
  self:Hide()
end)
template("PingableUnitFrameTemplate", function(self)
  self.IsPingable = true
end)
if isRetail then
  template("ActionBarButtonAssistedCombatRotationTemplate", function(self)
    template("ActionButtonTemplate")(self)
    self.AssistedCombatRotationFrame = CreateFrame("Frame", nil, self)
    self.AssistedCombatRotationFrame:SetAllPoints()
  end)
end

-- Panel and dialog helpers.
function ButtonFrameTemplate_HidePortrait(self)
  if self.PortraitContainer then
    self.PortraitContainer:Hide()
  end
  if self.portrait then
    self.portrait:Hide()
  end
end
function ButtonFrameTemplate_HideButtonBar(self)
  if self.Inset then
    self.Inset:SetPoint("BOTTOMRIGHT", -6, 4)
  end
end
function StaticPopup_OnClick(dialog, index)
  local button = dialog and dialog["button" .. index]
  if button then
    button:Click()
  end
end
function StaticPopup_StandardEditBoxOnEscapePressed(editBox)
  editBox:GetParent():Hide()
end
-- The options list's expand and collapse button: toggles its element's `collapsed`.
function OptionsListButtonToggle_OnClick(self)
  local button = self:GetParent()
  local element = button and button.element
  if element then
    element.collapsed = not element.collapsed
  end
end

-- The tooltip backdrop mixin of TooltipBackdropTemplate, for frames that mix it in by hand.
TooltipBackdropTemplateMixin = TooltipBackdropTemplateMixin or CreateFromMixins(BackdropTemplateMixin)
function TooltipBackdropTemplateMixin:TooltipBackdropOnLoad()
  self:SetBackdrop({ bgFile = "Interface\\Tooltips\\UI-Tooltip-Background",
    edgeFile = "Interface\\Tooltips\\UI-Tooltip-Border", edgeSize = 16, tile = true, tileSize = 16,
    insets = { left = 4, right = 4, top = 4, bottom = 4 } })
  self:SetBackdropColor(0.09, 0.09, 0.19, 1)
end
-- Classic's dropdown menu list buttons mix this in: their enter and leave behaviour.
DropDownMenuButtonMixin = DropDownMenuButtonMixin or {}
function DropDownMenuButtonMixin:OnEnter() end
function DropDownMenuButtonMixin:OnLeave() end

-- Overlay glows and flyout arrows on action buttons (Classic's UI has these functions; retail's
-- has the spell alert manager instead).
if not isRetail then
  function ActionButton_ShowOverlayGlow(button)
    button.wowsimOverlayGlow = true
  end
  function ActionButton_HideOverlayGlow(button)
    button.wowsimOverlayGlow = nil
  end
  function ActionButton_UpdateFlyout(button)
    if button.FlyoutArrow then
      button.FlyoutArrow:Hide()
    end
  end
else
  ActionButtonSpellAlertManager = ActionButtonSpellAlertManager or {}
  function ActionButtonSpellAlertManager:ShowAlert(button)
    button.wowsimSpellAlert = true
  end
  function ActionButtonSpellAlertManager:HideAlert(button)
    button.wowsimSpellAlert = nil
  end
  function ActionButtonSpellAlertManager:HasAlert(button)
    return button.wowsimSpellAlert == true
  end
end

-- A scroll frame holding a multi-line edit box (`EditBox`) and its character count (`CharCount`).
template("InputScrollFrameTemplate", function(self)
  local box = CreateFrame("EditBox", nil, self)
  box:SetMultiLine(true)
  box:SetAutoFocus(false)
  box:SetFontObject("ChatFontNormal")
  box:SetWidth(math.max(self:GetWidth(), 1))
  self:SetScrollChild(box)
  self.EditBox = box
  self.CharCount = self:CreateFontString(nil, "OVERLAY", "GameFontDisableLarge")
  self.CharCount:SetPoint("BOTTOMRIGHT", -6, 0)
  box:HookScript("OnTextChanged", function(b)
    local max = b:GetMaxLetters()
    self.CharCount:SetShown(max > 0)
    self.CharCount:SetText(max > 0 and (max - b:GetNumLetters()) or "")
  end)
end)
template("PortraitFrameTexturedBaseTemplate", template("PortraitFrameTemplate"))
-- A frame with a thin gold border (Classic dialogs).
template("ThinGoldEdgeTemplate", function(self)
  for _, key in ipairs({ "TopLeft", "TopRight", "BottomLeft", "BottomRight", "Top", "Bottom", "Left", "Right" }) do
    self[key] = self:CreateTexture(nil, "BORDER")
  end
  self.Bg = self:CreateTexture(nil, "BACKGROUND")
  self.Bg:SetAllPoints()
end)
-- The old options check button: a check button with its label (`Text`, also `$parentText`).
template("InterfaceOptionsCheckButtonTemplate", function(self)
  template("UICheckButtonTemplate")(self)
  self:SetSize(26, 26)
end)
template("InterfaceOptionsSmallCheckButtonTemplate", function(self)
  template("UICheckButtonTemplate")(self)
  self:SetSize(22, 22)
end)
-- A radio button: a check button with the round art and a label.
template("UIRadioButtonTemplate", function(self)
  self:SetSize(16, 16)
  local name = self:GetName()
  self.text = self:CreateFontString(name and (name .. "Text") or nil, "BACKGROUND", "GameFontNormalSmall")
  self.text:SetPoint("LEFT", self, "RIGHT", 5, 0)
  self.Text = self.text
  self:SetNormalTexture("Interface\\Buttons\\UI-RadioButton")
  self:SetCheckedTexture("Interface\\Buttons\\UI-RadioButton")
  self:SetHighlightTexture("Interface\\Buttons\\UI-RadioButton", "ADD")
end)
-- A panel's drag bar: dragging it moves the parent.
template("PanelDragBarTemplate", function(self)
  self:RegisterForDrag("LeftButton")
  self:SetScript("OnDragStart", function(bar)
    bar:GetParent():StartMoving()
  end)
  self:SetScript("OnDragStop", function(bar)
    bar:GetParent():StopMovingOrSizing()
  end)
end)
template("UIPanelButtonDisabledTexture", function(self)
  self:SetTexture("Interface\\Buttons\\UI-Panel-Button-Disabled")
  self:SetTexCoord(0, 0.625, 0, 0.6875)
end)

-- A stretchable menu button (its nine art pieces, a `Text`); pressed, the text moves down.
UIMenuButtonStretchMixin = UIMenuButtonStretchMixin or {}
local stretchPieces = { "TopLeft", "TopRight", "BottomLeft", "BottomRight", "TopMiddle",
  "MiddleLeft", "MiddleRight", "BottomMiddle", "MiddleMiddle" }
function UIMenuButtonStretchMixin:SetTextures(file)
  for _, key in ipairs(stretchPieces) do
    self[key]:SetTexture(file)
  end
end
function UIMenuButtonStretchMixin:OnMouseDown(button)
  if self:IsEnabled() then
    self:SetTextures("Interface\\Buttons\\UI-Silver-Button-Down")
    self.Text:SetPoint("CENTER", -1, -1)
  end
end
function UIMenuButtonStretchMixin:OnMouseUp(button)
  if self:IsEnabled() then
    self:SetTextures("Interface\\Buttons\\UI-Silver-Button-Up")
    self.Text:SetPoint("CENTER")
  end
end
function UIMenuButtonStretchMixin:OnShow() end
function UIMenuButtonStretchMixin:OnEnable() end
function UIMenuButtonStretchMixin:OnEnter() end
function UIMenuButtonStretchMixin:OnLeave() end
template("UIMenuButtonStretchTemplate", function(self)
  Mixin(self, UIMenuButtonStretchMixin)
  self:SetSize(40, 26)
  for _, key in ipairs(stretchPieces) do
    self[key] = self:CreateTexture(childName(self, key), "BACKGROUND")
  end
  self:SetTextures("Interface\\Buttons\\UI-Silver-Button-Up")
  self.Text = self:CreateFontString(childName(self, "Text"), "ARTWORK", "GameFontHighlightSmall")
  self.Text:SetPoint("CENTER")
  self:SetFontString(self.Text)
  self:HookScript("OnMouseDown", self.OnMouseDown)
  self:HookScript("OnMouseUp", self.OnMouseUp)
end)

-- A grip that resizes its target between limits while the button is held.
PanelResizeButtonMixin = PanelResizeButtonMixin or {}
function PanelResizeButtonMixin:Init(target, minWidth, minHeight, maxWidth, maxHeight, rotation)
  self.target, self.minWidth, self.minHeight = target, minWidth, minHeight
  self.maxWidth, self.maxHeight = maxWidth, maxHeight
  if rotation then
    self:SetRotationDegrees(rotation)
  end
end
function PanelResizeButtonMixin:IsActive()
  return self.isActive == true
end
function PanelResizeButtonMixin:SetMinWidth(w) self.minWidth = w end
function PanelResizeButtonMixin:SetMinHeight(h) self.minHeight = h end
function PanelResizeButtonMixin:SetRotationDegrees(d)
  self.rotationDegrees = d
end
function PanelResizeButtonMixin:SetRotationRadians(r)
  self.rotationDegrees = math.deg(r)
end
function PanelResizeButtonMixin:SetOnResizeCallback(f) self.onResize = f end
function PanelResizeButtonMixin:SetOnResizeStoppedCallback(f) self.onResizeStopped = f end
function PanelResizeButtonMixin:OnEnter() end
function PanelResizeButtonMixin:OnLeave() end
function PanelResizeButtonMixin:OnMouseDown()
  local t = self.target
  if not t then
    return
  end
  self.isActive = true
  t:SetResizable(true)
  t:SetResizeBounds(self.minWidth or 1, self.minHeight or 1, self.maxWidth, self.maxHeight)
  t:StartSizing("BOTTOMRIGHT", true)
end
function PanelResizeButtonMixin:OnMouseUp()
  if not self.isActive then
    return
  end
  self.isActive = false
  self.target:StopMovingOrSizing()
  if self.onResizeStopped then
    self.onResizeStopped(self.target)
  end
end
template("PanelResizeButtonTemplate", function(self)
  Mixin(self, PanelResizeButtonMixin)
  self:SetSize(16, 16)
  self:SetNormalTexture("Interface\\ChatFrame\\UI-ChatIM-SizeGrabber-Up")
  self:SetHighlightTexture("Interface\\ChatFrame\\UI-ChatIM-SizeGrabber-Highlight")
  self:SetPushedTexture("Interface\\ChatFrame\\UI-ChatIM-SizeGrabber-Down")
  self:HookScript("OnMouseDown", self.OnMouseDown)
  self:HookScript("OnMouseUp", self.OnMouseUp)
end)

-- A row of column headers: `LayoutColumns` lays one header button per column (its title and
-- width, left to right); a click calls the owner's `sortingFunction` with the column's index.
ColumnDisplayMixin = ColumnDisplayMixin or {}
function ColumnDisplayMixin:OnLoad()
  self.columnHeaders = CreateFramePool("Button", self)
end
function ColumnDisplayMixin:LayoutColumns(columnInfo, extraColumnInfo)
  self.columnHeaders:ReleaseAll()
  local function header(info, index)
    local h = self.columnHeaders:Acquire()
    h:SetSize(info.width or 0, 24)
    h:SetText(info.title or "")
    h:SetID(index)
    h:SetScript("OnClick", function(button)
      self:OnClick(button:GetID())
    end)
    h:Show()
    return h
  end
  -- The extra column sits at the right end; the last column stretches to it when its width is 0.
  local extra = extraColumnInfo and header(extraColumnInfo, #columnInfo + 1)
  if extra then
    extra:SetPoint("BOTTOMRIGHT", -28, 1)
  end
  local previous
  for i, info in ipairs(columnInfo) do
    local h = header(info, i)
    if previous then
      h:SetPoint("BOTTOMLEFT", previous, "BOTTOMRIGHT", -2, 0)
      if i == #columnInfo and info.width == 0 then
        if extra then
          h:SetPoint("BOTTOMRIGHT", extra, "BOTTOMLEFT", 2, 0)
        else
          h:SetPoint("BOTTOMRIGHT", -28, 1)
        end
      end
    else
      h:SetPoint("BOTTOMLEFT", 2, 1)
      if #columnInfo == 1 then
        h:SetPoint("BOTTOMRIGHT")
      end
    end
    previous = h
  end
end
function ColumnDisplayMixin:OnClick(index)
  if self.sortingFunction then
    self.sortingFunction(self, index)
  end
end
template("ColumnDisplayTemplate", function(self)
  Mixin(self, ColumnDisplayMixin)
  self:SetHeight(60)
  self.Background = self:CreateTexture(nil, "BACKGROUND")
  self.Background:SetAllPoints()
  self.Background:SetTexture("Interface\\FrameGeneral\\UI-Background-Rock")
  self:OnLoad()
end)

-- The edit box scripts of the client's input boxes: Tab moves to `nextEditBox` (with Shift to
-- `previousEditBox`), Escape drops the focus, focus selects the text and losing it clears the
-- selection.
function EditBox_OnTabPressed(self)
  if self.previousEditBox and IsShiftKeyDown() then
    self.previousEditBox:SetFocus()
  elseif self.nextEditBox then
    self.nextEditBox:SetFocus()
  end
end
function EditBox_ClearFocus(self)
  self:ClearFocus()
end
function EditBox_HighlightText(self)
  self:HighlightText()
end
function EditBox_ClearHighlight(self)
  self:HighlightText(0, 0)
end
template("InputBoxScriptTemplate", function(self)
  self:EnableMouse(true)
  self:SetScript("OnTabPressed", EditBox_OnTabPressed)
  self:SetScript("OnEscapePressed", EditBox_ClearFocus)
  self:SetScript("OnEditFocusLost", EditBox_ClearHighlight)
  self:SetScript("OnEditFocusGained", EditBox_HighlightText)
end)
-- The auction house's large input box: the script template with its three border pieces.
template("LargeInputBoxTemplate", function(self)
  template("InputBoxScriptTemplate")(self)
  self:SetSize(110, 33)
  self.Left = self:CreateTexture(nil, "BACKGROUND")
  self.Left:SetAtlas("auctionhouse-ui-inputfield-left", true)
  self.Left:SetPoint("LEFT")
  self.Right = self:CreateTexture(nil, "BACKGROUND")
  self.Right:SetAtlas("auctionhouse-ui-inputfield-right", true)
  self.Right:SetPoint("RIGHT")
  self.Middle = self:CreateTexture(nil, "BACKGROUND")
  self.Middle:SetAtlas("auctionhouse-ui-inputfield-middle")
  self.Middle:SetPoint("TOPLEFT", self.Left, "TOPRIGHT")
  self.Middle:SetPoint("BOTTOMRIGHT", self.Right, "BOTTOMLEFT")
  self:SetFontObject("NumberFont_Normal_Med")
  self:SetTextInsets(10, 10, 0, 5)
end)
