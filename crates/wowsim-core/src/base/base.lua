-- wow-sim built-in base: the small part of the client's own UI code that ordinary addons rely
-- on, written for wow-sim (not Blizzard's code). Loaded only when no Blizzard UI is given.
-- Receives the host natives: output(text) records a chat line.
local natives = ...
local output = natives.output

function tContains(t, value)
  for _, v in pairs(t) do
    if v == value then
      return true
    end
  end
  return false
end

-- Removes every occurrence of `item` from the array part; returns how many were removed.
function tDeleteItem(t, item)
  local before = #t
  for i = before, 1, -1 do
    if t[i] == item then
      table.remove(t, i)
    end
  end
  return before - #t
end
-- The first index of `item` in the array part, or nil.
function tIndexOf(t, item)
  for i = 1, #t do
    if t[i] == item then
      return i
    end
  end
end
function tInvert(t)
  local out = {}
  for k, v in pairs(t) do
    out[v] = k
  end
  return out
end

function CopyTable(t, shallow)
  local out = {}
  for k, v in pairs(t) do
    if type(v) == "table" and not shallow then
      out[k] = CopyTable(v)
    else
      out[k] = v
    end
  end
  return out
end

function tostringall(...)
  local n = select("#", ...)
  if n == 0 then
    return
  end
  local out = { ... }
  for i = 1, n do
    out[i] = tostring(out[i])
  end
  return unpack(out, 1, n)
end

function CreateAndInitFromMixin(mixin, ...)
  local object = CreateFromMixins(mixin)
  object:Init(...)
  return object
end

-- Frames every addon expects.
UIParent = CreateFrame("Frame", "UIParent")
WorldFrame = CreateFrame("Frame", "WorldFrame")

-- Templates of the client's shared UI that addons inherit from. Each is a function applied to
-- the new object (the XML loader adds templates written in XML).
local template = natives.template
-- GameTooltipTemplate: the client's Lua mixin fills a tooltip from tooltip data
-- (`SetUnit`, `SetSpellByID`, ...); here each setter shows the object's name as the first line
-- and remembers what it shows, so the getters (`GetUnit`, `GetSpell`, `GetItem`) answer.
GameTooltipDataMixin = {}
local function tooltipShows(self, kind, a, b)
  self.wowsimShows = { kind = kind, a = a, b = b }
end
function GameTooltipDataMixin:SetUnit(unit)
  self:ClearLines()
  local name = UnitName(unit)
  if not name then
    return
  end
  tooltipShows(self, "unit", name, unit)
  self:AddLine(name, 1, 1, 1)
end
function GameTooltipDataMixin:GetUnit()
  local s = self.wowsimShows
  if s and s.kind == "unit" then
    return s.a, s.b
  end
end
function GameTooltipDataMixin:SetSpellByID(spellID)
  self:ClearLines()
  local name = C_Spell and C_Spell.GetSpellName and C_Spell.GetSpellName(spellID)
  name = (name and name ~= "") and name or ("Spell " .. tostring(spellID))
  tooltipShows(self, "spell", name, spellID)
  self:AddLine(name, 1, 1, 1)
end
function GameTooltipDataMixin:GetSpell()
  local s = self.wowsimShows
  if s and s.kind == "spell" then
    return s.a, s.b
  end
end
function GameTooltipDataMixin:SetItemByID(itemID)
  self:ClearLines()
  local name = C_Item and C_Item.GetItemNameByID and C_Item.GetItemNameByID(itemID)
  name = (name and name ~= "") and name or ("Item " .. tostring(itemID))
  local link = "|cffffffff|Hitem:" .. tostring(itemID) .. "::::::::::::::::|h[" .. name .. "]|h|r"
  tooltipShows(self, "item", name, link)
  self:AddLine(name, 1, 1, 1)
end
-- The item in a bag slot (C_Container's), as SetItemByID shows it; an empty slot shows nothing.
function GameTooltipDataMixin:SetBagItem(bag, slot)
  self:ClearLines()
  local itemID = C_Container and C_Container.GetContainerItemID and C_Container.GetContainerItemID(bag, slot)
  if itemID then
    return self:SetItemByID(itemID)
  end
end
function GameTooltipDataMixin:SetHyperlink(link)
  self:ClearLines()
  local kind, id = tostring(link):match("H?(%a+):(%d+)")
  if kind == "item" then
    return self:SetItemByID(tonumber(id))
  elseif kind == "spell" then
    return self:SetSpellByID(tonumber(id))
  end
  local text = tostring(link):match("|h%[(.-)%]|h") or tostring(link)
  tooltipShows(self, "link", text, link)
  self:AddLine(text, 1, 1, 1)
end
function GameTooltipDataMixin:GetItem()
  local s = self.wowsimShows
  if s and s.kind == "item" then
    return s.a, s.b
  end
end
template("GameTooltipTemplate", function(self)
  Mixin(self, GameTooltipDataMixin)
  self:HookScript("OnTooltipCleared", function(tip)
    tip.wowsimShows = nil
  end)
end)
template("BackdropTemplate", function(self)
  Mixin(self, BackdropTemplateMixin)
  self:HookScript("OnSizeChanged", function(f)
    f:OnBackdropSizeChanged()
  end)
end)

-- A backdrop is drawn with textures the frame owns, laid out as the client lays backdrops
-- out: the background file inside the insets (repeated every tileSize units when `tile` is
-- set, else stretched) and the border file, which holds eight square pieces side by side
-- (left, right, top and bottom edge, then top-left, top-right, bottom-left and bottom-right
-- corner; the top and bottom edges stored turned a quarter), the edges repeated along their
-- length. The edge size defaults to 39 units, the client's old default.
local BACKDROP_PIECES = {
  "LeftEdge", "RightEdge", "TopEdge", "BottomEdge",
  "TopLeftCorner", "TopRightCorner", "BottomLeftCorner", "BottomRightCorner",
}
-- A margin inside each piece so filtering does not pick up its neighbour.
local PIECE_MARGIN = 1 / 128

local function backdroppiece(self, key, layer)
  local p = self.wowsimBackdropPieces
  if not p then
    p = {}
    self.wowsimBackdropPieces = p
  end
  if not p[key] then
    p[key] = self:CreateTexture(nil, layer, nil, -8)
  end
  return p[key]
end

local function layoutbackdrop(self)
  local info = self.backdropInfo
  local pieces = self.wowsimBackdropPieces or {}
  for _, t in pairs(pieces) do
    t:Hide()
  end
  if not info then
    return
  end
  local w, h = self:GetSize()
  if info.bgFile then
    local bg = backdroppiece(self, "Center", "BACKGROUND")
    local ins = info.insets or {}
    local l, r, t, b = ins.left or 0, ins.right or 0, ins.top or 0, ins.bottom or 0
    bg:ClearAllPoints()
    bg:SetPoint("TOPLEFT", l, -t)
    bg:SetPoint("BOTTOMRIGHT", -r, b)
    local size = info.tileSize and info.tileSize > 0 and info.tileSize or 0
    if info.tile and size > 0 then
      bg:SetTexture(info.bgFile, "REPEAT", "REPEAT")
      bg:SetTexCoord(0, math.max(0, w - l - r) / size, 0, math.max(0, h - t - b) / size)
    else
      bg:SetTexture(info.bgFile)
      bg:SetTexCoord(0, 1, 0, 1)
    end
    bg:Show()
  end
  if info.edgeFile then
    local e = info.edgeSize and info.edgeSize > 0 and info.edgeSize or 39
    local along = { math.max(0, h - 2 * e) / e, math.max(0, w - 2 * e) / e }
    for i, key in ipairs(BACKDROP_PIECES) do
      local t = backdroppiece(self, key, "BORDER")
      t:SetTexture(info.edgeFile, "REPEAT", "REPEAT")
      t:ClearAllPoints()
      local a, z = (i - 1) / 8 + PIECE_MARGIN, i / 8 - PIECE_MARGIN
      if i <= 2 then -- left and right edges: the strip runs down
        local n = along[1]
        t:SetPoint("TOP" .. (i == 1 and "LEFT" or "RIGHT"), 0, -e)
        t:SetPoint("BOTTOM" .. (i == 1 and "LEFT" or "RIGHT"), 0, e)
        t:SetWidth(e)
        t:SetTexCoord(a, 0, a, n, z, 0, z, n)
      elseif i <= 4 then -- top and bottom edges: the strip turned to run across
        local n = along[2]
        local side = i == 3 and "TOP" or "BOTTOM"
        t:SetPoint(side .. "LEFT", e, 0)
        t:SetPoint(side .. "RIGHT", -e, 0)
        t:SetHeight(e)
        t:SetTexCoord(a, n, z, n, a, 0, z, 0)
      else
        local corner = ({ "TOPLEFT", "TOPRIGHT", "BOTTOMLEFT", "BOTTOMRIGHT" })[i - 4]
        t:SetPoint(corner)
        t:SetSize(e, e)
        t:SetTexCoord(a, z, 0, 1)
      end
      t:Show()
    end
  end
  local c, bc = self.backdropColor or {}, self.backdropBorderColor or {}
  if pieces.Center then
    pieces.Center:SetVertexColor(c[1] or 1, c[2] or 1, c[3] or 1, c[4] or 1)
  end
  for _, key in ipairs(BACKDROP_PIECES) do
    if pieces[key] then
      pieces[key]:SetVertexColor(bc[1] or 1, bc[2] or 1, bc[3] or 1, bc[4] or 1)
    end
  end
end

BackdropTemplateMixin = {}
function BackdropTemplateMixin:SetBackdrop(info)
  if info and not info.bgFile and not info.edgeFile then
    info = nil
  end
  self.backdropInfo = info
  layoutbackdrop(self)
end
-- Takes the backdrop's textures away (the frame keeps its pieces, without a file).
function BackdropTemplateMixin:ClearBackdrop()
  if self.backdropInfo then
    self:SetBackdrop(nil)
  end
end
function BackdropTemplateMixin:GetBackdrop()
  return self.backdropInfo
end
function BackdropTemplateMixin:SetBackdropColor(r, g, b, a)
  self.backdropColor = { r, g, b, a }
  layoutbackdrop(self)
end
function BackdropTemplateMixin:SetBackdropBorderColor(r, g, b, a)
  self.backdropBorderColor = { r, g, b, a }
  layoutbackdrop(self)
end
-- The colours read back: white by default once a backdrop is set, nothing without one.
local function backdropcolor(self, c)
  if not self.backdropInfo then
    return
  end
  c = c or {}
  return c[1] or 1, c[2] or 1, c[3] or 1, c[4] or 1
end
function BackdropTemplateMixin:GetBackdropColor()
  return backdropcolor(self, self.backdropColor)
end
function BackdropTemplateMixin:GetBackdropBorderColor()
  return backdropcolor(self, self.backdropBorderColor)
end
function BackdropTemplateMixin:ApplyBackdrop()
  layoutbackdrop(self)
end
function BackdropTemplateMixin:OnBackdropLoaded()
  layoutbackdrop(self)
end
function BackdropTemplateMixin:OnBackdropSizeChanged()
  if self.backdropInfo then
    layoutbackdrop(self)
  end
end

-- The named font objects are the data table of base_fonts.lua, loaded before this file.

-- Button templates: a label and the state textures. The built-in base ships no client art, so
-- its templates draw with colours of their own.
local function buttonparts(self, fontobject)
  local text = self:CreateFontString(self:GetName() and (self:GetName() .. "Text") or nil, "OVERLAY", fontobject)
  text:SetPoint("CENTER")
  self:SetFontString(text)
  self.Text = text
  self:SetNormalFontObject(fontobject)
  self:SetHighlightFontObject("GameFontHighlight")
  self:SetDisabledFontObject("GameFontDisable")
end

local function colortexture(self, layer, r, g, b, a)
  local t = self:CreateTexture(nil, layer)
  t:SetColorTexture(r, g, b, a)
  t:SetAllPoints()
  return t
end

-- The panel button: the client's three background pieces (`Left`, `Middle`, `Right`, which
-- addons hide or retexture), drawn in the base's own colours, recoloured by state by the
-- client's `UIPanelButton_*` script functions; the label fits the text (`FitToText`).
local PANEL_BUTTON_COLOURS = {
  up = { 0.45, 0.06, 0.04 },
  down = { 0.3, 0.03, 0.02 },
  disabled = { 0.25, 0.25, 0.25 },
}
local function panelpieces(self, state)
  local c = PANEL_BUTTON_COLOURS[state]
  for _, key in ipairs({ "Left", "Middle", "Right" }) do
    self[key]:SetColorTexture(c[1], c[2], c[3], 1)
  end
end
function UIPanelButton_OnLoad(self)
  if not self:IsEnabled() then
    panelpieces(self, "disabled")
  end
end
function UIPanelButton_OnMouseDown(self)
  if self:IsEnabled() then
    panelpieces(self, "down")
  end
end
function UIPanelButton_OnMouseUp(self)
  if self:IsEnabled() then
    panelpieces(self, "up")
  end
end
UIPanelButton_OnShow = UIPanelButton_OnMouseUp
function UIPanelButton_OnDisable(self)
  panelpieces(self, "disabled")
end
function UIPanelButton_OnEnable(self)
  panelpieces(self, "up")
end
UIButtonFitToTextBehaviorMixin = {}
function UIButtonFitToTextBehaviorMixin:SetTextToFit(text)
  self:SetText(text)
  self:FitToText()
end
function UIButtonFitToTextBehaviorMixin:FitToText()
  local minWidth = self.fitTextCanWidthDecrease and 0 or self:GetWidth()
  self:SetWidth(math.max(minWidth, self:GetTextWidth() + self.fitTextWidthPadding))
end

local function panelbutton(self)
  Mixin(self, UIButtonFitToTextBehaviorMixin)
  self.fitTextCanWidthDecrease, self.fitTextWidthPadding = true, 40
  self:SetSize(40, 22)
  buttonparts(self, "GameFontNormal")
  local name = self:GetName()
  local left = self:CreateTexture(name and (name .. "Left") or nil, "BACKGROUND")
  left:SetSize(12, 22)
  left:SetPoint("TOPLEFT")
  left:SetPoint("BOTTOMLEFT")
  local right = self:CreateTexture(name and (name .. "Right") or nil, "BACKGROUND")
  right:SetSize(12, 22)
  right:SetPoint("TOPRIGHT")
  right:SetPoint("BOTTOMRIGHT")
  local middle = self:CreateTexture(name and (name .. "Middle") or nil, "BACKGROUND")
  middle:SetPoint("TOPLEFT", left, "TOPRIGHT")
  middle:SetPoint("BOTTOMRIGHT", right, "BOTTOMLEFT")
  self.Left, self.Middle, self.Right = left, middle, right
  panelpieces(self, "up")
  self:SetHighlightTexture(colortexture(self, "HIGHLIGHT", 1, 1, 1, 0.15), "ADD")
  self:SetScript("OnMouseDown", UIPanelButton_OnMouseDown)
  self:SetScript("OnMouseUp", UIPanelButton_OnMouseUp)
  self:SetScript("OnShow", UIPanelButton_OnShow)
  self:SetScript("OnDisable", UIPanelButton_OnDisable)
  self:SetScript("OnEnable", UIPanelButton_OnEnable)
  UIPanelButton_OnLoad(self)
end
template("UIPanelButtonTemplate", panelbutton)
template("UIPanelButtonNoTooltipTemplate", panelbutton)
template("UIPanelCloseButton", function(self)
  self:SetSize(32, 32)
  self:SetNormalTexture("Interface\\Buttons\\UI-Panel-MinimizeButton-Up")
  self:SetPushedTexture("Interface\\Buttons\\UI-Panel-MinimizeButton-Down")
  self:SetHighlightTexture("Interface\\Buttons\\UI-Panel-MinimizeButton-Highlight", "ADD")
  self:SetDisabledTexture("Interface\\Buttons\\UI-Panel-MinimizeButton-Disabled")
  self:SetScript("OnClick", function(button)
    local parent = button:GetParent()
    if parent then
      parent:Hide()
    end
  end)
end)
template("UICheckButtonTemplate", function(self)
  self:SetSize(32, 32)
  local text = self:CreateFontString(self:GetName() and (self:GetName() .. "Text") or nil, "ARTWORK", "GameFontNormalSmall")
  text:SetPoint("LEFT", self, "RIGHT", -2, 0)
  self.Text = text
  self.text = text
  self:SetNormalTexture("Interface\\Buttons\\UI-CheckBox-Up")
  self:SetPushedTexture("Interface\\Buttons\\UI-CheckBox-Down")
  self:SetHighlightTexture("Interface\\Buttons\\UI-CheckBox-Highlight", "ADD")
  self:SetCheckedTexture("Interface\\Buttons\\UI-CheckBox-Check")
  self:SetDisabledCheckedTexture("Interface\\Buttons\\UI-CheckBox-Check-Disabled")
end)
template("OptionsListButtonTemplate", function(self)
  buttonparts(self, "GameFontNormalSmall")
  self:SetHighlightTexture("Interface\\QuestFrame\\UI-QuestLogTitleHighlight", "ADD")
end)
template("InputBoxTemplate", function(self)
  self:SetFontObject("ChatFontNormal")
  self.Left, self.Middle, self.Right = self:CreateTexture(nil, "BACKGROUND"), self:CreateTexture(nil, "BACKGROUND"), self:CreateTexture(nil, "BACKGROUND")
  self:SetScript("OnEscapePressed", function(box) box:ClearFocus() end)
  self:SetScript("OnEditFocusLost", function(box) box:HighlightText(0, 0) end)
end)
template("DialogBorderOpaqueTemplate", function(self)
  self.Bg = self:CreateTexture(nil, "BACKGROUND")
  self.Bg:SetAllPoints()
  self.Bg:SetColorTexture(0, 0, 0, 0.8)
end)
template("DialogBorderTemplate", function(self)
  self.Bg = self:CreateTexture(nil, "BACKGROUND")
  self.Bg:SetAllPoints()
end)
template("UIPanelScrollBarTemplate", function(self)
  self:SetOrientation("VERTICAL")
  self:SetMinMaxValues(0, 0)
  self:SetValue(0)
  local name = self:GetName()
  local up = CreateFrame("Button", name and (name .. "ScrollUpButton") or nil, self)
  local down = CreateFrame("Button", name and (name .. "ScrollDownButton") or nil, self)
  up:SetPoint("BOTTOM", self, "TOP")
  down:SetPoint("TOP", self, "BOTTOM")
  -- Each arrow button's state textures, by key as well.
  for button, dir in pairs({ [up] = "Up", [down] = "Down" }) do
    button:SetSize(18, 16)
    local base = "Interface\\Buttons\\UI-ScrollBar-Scroll" .. dir .. "Button-"
    button:SetNormalTexture(base .. "Up")
    button:SetPushedTexture(base .. "Down")
    button:SetDisabledTexture(base .. "Disabled")
    button:SetHighlightTexture(base .. "Highlight", "ADD")
    button.Normal = button:GetNormalTexture()
    button.Pushed = button:GetPushedTexture()
    button.Disabled = button:GetDisabledTexture()
    button.Highlight = button:GetHighlightTexture()
  end
  self.ScrollUpButton, self.ScrollDownButton = up, down
  -- The knob is a named texture (`<name>ThumbTexture`), as the template's ThumbTexture element.
  local thumb = self:CreateTexture(name and (name .. "ThumbTexture") or nil, "OVERLAY")
  thumb:SetTexture("Interface\\Buttons\\UI-ScrollBar-Knob")
  thumb:SetSize(18, 24)
  thumb:SetTexCoord(0.20, 0.80, 0.125, 0.875)
  self:SetThumbTexture(thumb)
  self.ThumbTexture = self:GetThumbTexture()
end)
template("UIPanelScrollFrameTemplate", function(self)
  local name = self:GetName()
  local bar = CreateFrame("Slider", name and (name .. "ScrollBar") or nil, self, "UIPanelScrollBarTemplate")
  bar:SetPoint("TOPLEFT", self, "TOPRIGHT", 6, -16)
  bar:SetPoint("BOTTOMLEFT", self, "BOTTOMRIGHT", 6, 16)
  self.ScrollBar = bar
end)
template("OptionsSliderTemplate", function(self)
  self:SetOrientation("HORIZONTAL")
  self:SetSize(144, 17)
  local name = self:GetName()
  self.Text = self:CreateFontString(name and (name .. "Text") or nil, "ARTWORK", "GameFontHighlight")
  self.Text:SetPoint("BOTTOM", self, "TOP")
  self.Low = self:CreateFontString(name and (name .. "Low") or nil, "ARTWORK", "GameFontHighlightSmall")
  self.Low:SetPoint("TOPLEFT", self, "BOTTOMLEFT", -4, 3)
  self.High = self:CreateFontString(name and (name .. "High") or nil, "ARTWORK", "GameFontHighlightSmall")
  self.High:SetPoint("TOPRIGHT", self, "BOTTOMRIGHT", 4, 3)
  self:SetThumbTexture("Interface\\Buttons\\UI-SliderBar-Button-Horizontal")
end)
template("UIDropDownMenuTemplate", function(self)
  local name = self:GetName()
  self:SetSize(40, 32)
  local art = "Interface\\Glues\\CharacterCreate\\CharacterCreate-LabelFrame"
  self.Left = self:CreateTexture(name and (name .. "Left") or nil, "ARTWORK")
  self.Left:SetTexture(art)
  self.Left:SetSize(25, 64)
  self.Left:SetPoint("TOPLEFT", 0, 17)
  self.Left:SetTexCoord(0, 0.1953125, 0, 1)
  self.Middle = self:CreateTexture(name and (name .. "Middle") or nil, "ARTWORK")
  self.Middle:SetTexture(art)
  self.Middle:SetSize(115, 64)
  self.Middle:SetPoint("LEFT", self.Left, "RIGHT")
  self.Middle:SetTexCoord(0.1953125, 0.8046875, 0, 1)
  self.Right = self:CreateTexture(name and (name .. "Right") or nil, "ARTWORK")
  self.Right:SetTexture(art)
  self.Right:SetSize(25, 64)
  self.Right:SetPoint("LEFT", self.Middle, "RIGHT")
  self.Right:SetTexCoord(0.8046875, 1, 0, 1)
  self.Icon = self:CreateTexture(name and (name .. "Icon") or nil, "OVERLAY")
  self.Icon:SetSize(16, 16)
  self.Icon:Hide()
  self.Text = self:CreateFontString(name and (name .. "Text") or nil, "ARTWORK", "GameFontHighlightSmall")
  self.Button = CreateFrame("Button", name and (name .. "Button") or nil, self)
  self.Button:SetPoint("RIGHT")
end)

GameTooltip = CreateFrame("GameTooltip", "GameTooltip", UIParent, "GameTooltipTemplate")
GameTooltip:Hide()

-- A chat frame: its AddMessage (the frame type's own) keeps the line, which screenshots draw,
-- and, as the default chat frame's, prints it.
local chat = CreateFrame("ScrollingMessageFrame", "ChatFrame1", UIParent)
-- Where the client's default chat window sits (bottom left, above the action bars).
chat:SetSize(430, 120)
chat:SetPoint("BOTTOMLEFT", UIParent, "BOTTOMLEFT", 32, 95)
chat:SetFontObject(ChatFontNormal)
chat:SetJustifyH("LEFT")
-- The client's chat windows keep a line for two minutes before it fades.
chat:SetTimeVisible(120)
DEFAULT_CHAT_FRAME = chat
SELECTED_CHAT_FRAME = chat

-- print and its handler.
local printhandler = function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do
    parts[i] = tostring((select(i, ...)))
  end
  DEFAULT_CHAT_FRAME:AddMessage(table.concat(parts, " "))
end
function print(...)
  return securecall(printhandler, ...)
end
function setprinthandler(f)
  if type(f) ~= "function" then
    error("Usage: setprinthandler(func)", 2)
  end
  printhandler = f
end
function getprinthandler()
  return printhandler
end

-- Slash commands: SLASH_NAME1 = "/cmd"; SlashCmdList.NAME = function(msg, editBox) end.
SlashCmdList = SlashCmdList or {}
hash_SlashCmdList = hash_SlashCmdList or {}

local function findslash(command)
  command = command:lower()
  local f = hash_SlashCmdList[command]
  if f then
    return f
  end
  for name, func in pairs(SlashCmdList) do
    local i = 1
    local alias = _G["SLASH_" .. name .. i]
    while alias do
      hash_SlashCmdList[alias:lower()] = func
      if alias:lower() == command then
        f = func
      end
      i = i + 1
      alias = _G["SLASH_" .. name .. i]
    end
  end
  return f
end

-- Runs a chat line: a slash command, or text to say (recorded).
local runchatline
function ChatEdit_SendText(editBox, addHistory)
  local text = editBox and editBox.GetText and editBox:GetText() or ""
  return runchatline(text)
end

runchatline = function(text)
  local command, rest = text:match("^(/%S+)%s*(.-)$")
  if command then
    local f = findslash(command)
    if f then
      f(rest or "", nil)
      return true
    end
    DEFAULT_CHAT_FRAME:AddMessage("Type '/help' for a listing of a few commands.")
    return false
  end
  return false
end

StaticPopupDialogs = StaticPopupDialogs or {}
UISpecialFrames = UISpecialFrames or {}
UIPanelWindows = UIPanelWindows or {}

return { runchatline = runchatline }
