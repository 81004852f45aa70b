-- wow-sim built-in base: more of the client's shared UI that ordinary addons use at load time,
-- written for wow-sim (not Blizzard's code). Loaded only when no Blizzard UI is given.
-- `PixelUtil`, the faux scroll frame, panel templates, `Item`, texture loading groups, chat frame
-- functions, item links, the flavour's quest watch frame and a few constants.
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

-- PixelUtil: sizes and offsets rounded to whole physical pixels.
PixelUtil = {}
function PixelUtil.GetPixelToUIUnitFactor()
  local _, height = GetPhysicalScreenSize()
  if not height or height <= 0 then
    return 1
  end
  return 768 / height
end
function PixelUtil.GetNearestPixelSize(uiUnitSize, layoutScale, minPixels)
  if uiUnitSize == 0 and (not minPixels or minPixels == 0) then
    return 0
  end
  local factor = PixelUtil.GetPixelToUIUnitFactor()
  local pixels = math.floor(math.abs(uiUnitSize) * layoutScale / factor + 0.5)
  if minPixels and pixels < minPixels then
    pixels = minPixels
  end
  local size = pixels * factor / layoutScale
  return uiUnitSize < 0 and -size or size
end
function PixelUtil.SetWidth(region, width, minPixels)
  region:SetWidth(PixelUtil.GetNearestPixelSize(width, region:GetEffectiveScale(), minPixels))
end
function PixelUtil.SetHeight(region, height, minPixels)
  region:SetHeight(PixelUtil.GetNearestPixelSize(height, region:GetEffectiveScale(), minPixels))
end
function PixelUtil.SetSize(region, width, height, minWidthPixels, minHeightPixels)
  PixelUtil.SetWidth(region, width, minWidthPixels)
  PixelUtil.SetHeight(region, height, minHeightPixels)
end
function PixelUtil.SetPoint(region, point, relativeTo, relativePoint, x, y, minX, minY)
  local scale = region:GetEffectiveScale()
  region:SetPoint(point, relativeTo, relativePoint,
    PixelUtil.GetNearestPixelSize(x or 0, scale, minX), PixelUtil.GetNearestPixelSize(y or 0, scale, minY))
end
function PixelUtil.SetStatusBarValue(statusBar, value)
  local width = statusBar:GetWidth()
  if width and width > 0 then
    local lo, hi = statusBar:GetMinMaxValues()
    local span = hi - lo
    if span > 0 then
      local px = PixelUtil.GetNearestPixelSize((value - lo) / span * width, statusBar:GetEffectiveScale())
      value = lo + px / width * span
    end
  end
  statusBar:SetValue(value)
end

-- The faux scroll frame: a scroll bar over a list that the addon redraws itself; the offset
-- is the index of the first row shown.
local function scrollBarOf(frame)
  local name = frame:GetName()
  return frame.ScrollBar or (name and _G[name .. "ScrollBar"])
end
template("FauxScrollFrameTemplate", function(self)
  local name = self:GetName()
  local bar = CreateFrame("Slider", name and (name .. "ScrollBar") or nil, self, "UIPanelScrollBarTemplate")
  bar:SetPoint("TOPLEFT", self, "TOPRIGHT", 6, -16)
  bar:SetPoint("BOTTOMLEFT", self, "BOTTOMRIGHT", 6, 16)
  self.ScrollBar = bar
  local child = CreateFrame("Frame", name and (name .. "ScrollChildFrame") or nil, self)
  child:SetSize(1, 1)
  self:SetScrollChild(child)
  self.ScrollChildFrame = child
  self.offset = 0
end)
function FauxScrollFrame_GetOffset(frame)
  return frame.offset or 0
end
function FauxScrollFrame_SetOffset(frame, offset)
  frame.offset = offset
end
function FauxScrollFrame_OnVerticalScroll(self, value, itemHeight, updateFunction)
  local bar = scrollBarOf(self)
  if bar then
    bar:SetValue(value)
  end
  self.offset = math.floor(value / itemHeight + 0.5)
  if updateFunction then
    updateFunction(self)
  end
end
-- Shows the scroll bar when there are more items than rows and sets its range; returns
-- whether it is shown.
function FauxScrollFrame_Update(frame, numItems, numToDisplay, buttonHeight, button, smallWidth, bigWidth,
    highlightFrame, smallHighlightWidth, bigHighlightWidth, alwaysShowScrollBar)
  local bar = scrollBarOf(frame)
  local show = numItems > numToDisplay or alwaysShowScrollBar and true or false
  local range = math.max(0, (numItems - numToDisplay) * buttonHeight)
  if show then
    frame:Show()
  else
    frame:Hide()
  end
  if bar then
    bar:SetMinMaxValues(0, range)
    bar:SetValueStep(buttonHeight)
    if not show then
      bar:SetValue(0)
    end
  end
  local child = frame.ScrollChildFrame
  if child then
    child:SetHeight(math.max(1, numItems * buttonHeight))
  end
  if button then
    local width = show and smallWidth or bigWidth
    if width then
      button:SetWidth(width)
    end
  end
  if highlightFrame then
    local width = show and smallHighlightWidth or bigHighlightWidth
    if width then
      highlightFrame:SetWidth(width)
    end
  end
  return show
end

-- Nine-slice borders: a frame's border made of nine textures (four corners, four edges and
-- the centre) placed by a named layout. The base has no layout art: applying a layout places
-- the pieces (keys as in the client) and remembers the layout; the textures have no file.
local nineSlicePieces = { "TopLeftCorner", "TopRightCorner", "BottomLeftCorner",
  "BottomRightCorner", "TopEdge", "BottomEdge", "LeftEdge", "RightEdge", "Center" }
local nineSliceLayouts = {}
NineSliceUtil = NineSliceUtil or {}
function NineSliceUtil.AddLayout(name, layout)
  nineSliceLayouts[name] = layout
end
function NineSliceUtil.GetLayout(name)
  local layout = nineSliceLayouts[name]
  if not layout and type(name) == "string" then
    layout = { name = name }
    nineSliceLayouts[name] = layout
  end
  return layout
end
function NineSliceUtil.ApplyLayout(container, layout, textureKit)
  for _, key in ipairs(nineSlicePieces) do
    local piece = container[key]
    if not piece then
      piece = container:CreateTexture(nil, key == "Center" and "BACKGROUND" or "BORDER")
      container[key] = piece
    end
    piece:ClearAllPoints()
  end
  local c = container
  c.TopLeftCorner:SetPoint("TOPLEFT")
  c.TopRightCorner:SetPoint("TOPRIGHT")
  c.BottomLeftCorner:SetPoint("BOTTOMLEFT")
  c.BottomRightCorner:SetPoint("BOTTOMRIGHT")
  c.TopEdge:SetPoint("TOPLEFT", c.TopLeftCorner, "TOPRIGHT")
  c.TopEdge:SetPoint("TOPRIGHT", c.TopRightCorner, "TOPLEFT")
  c.BottomEdge:SetPoint("BOTTOMLEFT", c.BottomLeftCorner, "BOTTOMRIGHT")
  c.BottomEdge:SetPoint("BOTTOMRIGHT", c.BottomRightCorner, "BOTTOMLEFT")
  c.LeftEdge:SetPoint("TOPLEFT", c.TopLeftCorner, "BOTTOMLEFT")
  c.LeftEdge:SetPoint("BOTTOMLEFT", c.BottomLeftCorner, "TOPLEFT")
  c.RightEdge:SetPoint("TOPRIGHT", c.TopRightCorner, "BOTTOMRIGHT")
  c.RightEdge:SetPoint("BOTTOMRIGHT", c.BottomRightCorner, "TOPRIGHT")
  c.Center:SetPoint("TOPLEFT", c.TopLeftCorner, "BOTTOMRIGHT")
  c.Center:SetPoint("BOTTOMRIGHT", c.BottomRightCorner, "TOPLEFT")
  c.nineSliceLayout = layout
  c.nineSliceTextureKit = textureKit
end
function NineSliceUtil.ApplyLayoutByName(container, name, textureKit)
  return NineSliceUtil.ApplyLayout(container, NineSliceUtil.GetLayout(name), textureKit)
end
function NineSliceUtil.DisableSharpening(container)
  for _, key in ipairs(nineSlicePieces) do
    local piece = container[key]
    if piece and piece.SetSnapToPixelGrid then
      piece:SetSnapToPixelGrid(false)
      piece:SetTexelSnappingBias(0)
    end
  end
end
NineSlicePanelMixin = NineSlicePanelMixin or {}
function NineSlicePanelMixin:GetFrameLayoutType()
  return self.layoutType or self:GetParent().layoutType
end
function NineSlicePanelMixin:OnLoad()
  local layout = self:GetFrameLayoutType()
  if layout then
    NineSliceUtil.ApplyLayoutByName(self, layout, self.layoutTextureKit)
  end
end
-- The layout may come from the KeyValues of an XML template built on these, which are applied
-- after this function: the frame's OnLoad (run after them) applies it again.
local function nineSlicePanel(self)
  Mixin(self, NineSlicePanelMixin)
  self:SetScript("OnLoad", self.OnLoad)
  self:OnLoad()
end
template("NineSlicePanelTemplate", nineSlicePanel)
template("NineSliceCodeTemplate", nineSlicePanel)

-- Panel templates: a titled frame with a background and a close button; the portrait frames
-- also have a round portrait in their top left corner and take a border layout by name.
TitledPanelMixin = TitledPanelMixin or {}
local PanelTitleMixin = TitledPanelMixin
function PanelTitleMixin:SetTitle(title)
  self.TitleContainer.TitleText:SetText(title)
end
function PanelTitleMixin:SetTitleFormatted(fmt, ...)
  self:SetTitle(string.format(fmt, ...))
end
function PanelTitleMixin:GetTitleText()
  return self.TitleContainer.TitleText
end
function PanelTitleMixin:SetTitleColor(color)
  self:GetTitleText():SetTextColor(color:GetRGBA())
end
function PanelTitleMixin:SetTitleMaxLinesAndHeight(maxLines, height)
  local text = self:GetTitleText()
  text:SetMaxLines(maxLines)
  text:SetHeight(height)
end
-- The title's left and right insets (58 and -24 when not given).
function PanelTitleMixin:SetTitleOffsets(leftOffset, rightOffset)
  self.TitleContainer:SetPoint("TOPLEFT", self, "TOPLEFT", leftOffset or 58, -1)
  self.TitleContainer:SetPoint("TOPRIGHT", self, "TOPRIGHT", rightOffset or -24, -1)
end
DefaultPanelMixin = DefaultPanelMixin or CreateFromMixins(TitledPanelMixin)
PortraitFrameMixin = PortraitFrameMixin or CreateFromMixins(TitledPanelMixin)
function PortraitFrameMixin:GetPortrait()
  return self.PortraitContainer.portrait
end
function PortraitFrameMixin:HasPortraitTexture()
  return self:GetPortrait():GetTexture()
end
function PortraitFrameMixin:SetBorder(layoutName)
  NineSliceUtil.ApplyLayout(self.NineSlice, NineSliceUtil.GetLayout(layoutName))
end
function PortraitFrameMixin:SetPortraitToAsset(texture)
  self:GetPortrait():SetTexture(texture)
end
PortraitFrameMixin.SetPortraitTextureRaw = PortraitFrameMixin.SetPortraitToAsset
function PortraitFrameMixin:SetPortraitToUnit(unit)
  SetPortraitTexture(self:GetPortrait(), unit)
end
function PortraitFrameMixin:SetPortraitAtlasRaw(atlas, ...)
  self:GetPortrait():SetAtlas(atlas, ...)
end
function PortraitFrameMixin:SetPortraitToClassIcon(classFilename)
  self:SetPortraitTextureRaw("Interface/TargetingFrame/UI-Classes-Circles")
  local coords = CLASS_ICON_TCOORDS and CLASS_ICON_TCOORDS[string.upper(classFilename)]
  if coords then
    self:SetPortraitTexCoord(unpack(coords))
  end
end
function PortraitFrameMixin:SetPortraitTexCoord(...)
  self:GetPortrait():SetTexCoord(...)
end
function PortraitFrameMixin:SetPortraitShown(shown)
  self:GetPortrait():SetShown(shown)
end
function PortraitFrameMixin:SetPortraitTextureSizeAndOffset(size, offsetX, offsetY)
  local portrait = self:GetPortrait()
  portrait:SetSize(size, size)
  portrait:SetPoint("TOPLEFT", self, "TOPLEFT", offsetX, offsetY)
end
local function titledPanel(self, withClose, withPortrait)
  Mixin(self, withPortrait and PortraitFrameMixin or DefaultPanelMixin)
  local name = self:GetName()
  self.Bg = self:CreateTexture(name and (name .. "Bg") or nil, "BACKGROUND", nil, -6)
  self.Bg:SetColorTexture(0.08, 0.08, 0.08, 0.95)
  self.Bg:SetPoint("TOPLEFT", 6, -21)
  self.Bg:SetPoint("BOTTOMRIGHT", -2, 2)
  self.NineSlice = CreateFrame("Frame", nil, self)
  self.NineSlice:SetAllPoints()
  self.TitleContainer = CreateFrame("Frame", nil, self)
  self.TitleContainer:SetPoint("TOPLEFT", 58, -1)
  self.TitleContainer:SetPoint("TOPRIGHT", -24, -1)
  self.TitleContainer:SetHeight(20)
  local text = self.TitleContainer:CreateFontString(name and (name .. "TitleText") or nil, "OVERLAY", "GameFontNormal")
  text:SetPoint("TOP", 0, -5)
  self.TitleContainer.TitleText = text
  self.TitleText = text
  if withPortrait then
    self.PortraitContainer = CreateFrame("Frame", nil, self)
    self.PortraitContainer:SetSize(1, 1)
    self.PortraitContainer:SetPoint("TOPLEFT", -5, 7)
    local portrait = self.PortraitContainer:CreateTexture(name and (name .. "Portrait") or nil, "OVERLAY")
    portrait:SetSize(62, 62)
    portrait:SetPoint("TOPLEFT", self, "TOPLEFT", -5, 7)
    self.PortraitContainer.portrait = portrait
  end
  if withClose then
    self.CloseButton = CreateFrame("Button", name and (name .. "CloseButton") or nil, self, "UIPanelCloseButton")
    self.CloseButton:SetPoint("TOPRIGHT", 1, 0)
  end
end
template("DefaultPanelTemplate", function(self) titledPanel(self, false) end)
template("DefaultPanelFlatTemplate", function(self) titledPanel(self, false) end)
template("ButtonFrameTemplate", function(self) titledPanel(self, true, true) end)
template("PortraitFrameTemplate", function(self) titledPanel(self, true, true) end)
-- The dark dialog border: a BackdropTemplate frame that the addon gives a backdrop.
template("DialogBorderDarkTemplate", function(self)
  Mixin(self, BackdropTemplateMixin)
  self.Bg = self:CreateTexture(nil, "BACKGROUND")
  self.Bg:SetAllPoints()
  self.Bg:SetColorTexture(0, 0, 0, 0.75)
end)

-- Item: an item by id, link or location, and its data (wow-sim knows no item data, so an
-- item is never cached and its callbacks run at once with what the API answers).
ItemMixin = {}
Item = {}
function Item:CreateFromItemID(itemID)
  if type(itemID) ~= "number" then
    error("Usage: Item:CreateFromItemID(itemID)", 2)
  end
  local item = CreateFromMixins(ItemMixin)
  item.itemID = itemID
  return item
end
function Item:CreateFromItemLink(itemLink)
  if type(itemLink) ~= "string" then
    error("Usage: Item:CreateFromItemLink(itemLink)", 2)
  end
  local item = CreateFromMixins(ItemMixin)
  item.itemLink = itemLink
  item.itemID = tonumber(itemLink:match("item:(%d+)"))
  return item
end
function Item:CreateFromItemLocation(itemLocation)
  local item = CreateFromMixins(ItemMixin)
  item.itemLocation = itemLocation
  return item
end
function Item:CreateFromBagAndSlot(bagID, slotIndex)
  local item = CreateFromMixins(ItemMixin)
  item.bagID, item.slotIndex = bagID, slotIndex
  return item
end
function Item:CreateFromEquipmentSlot(slot)
  local item = CreateFromMixins(ItemMixin)
  item.equipmentSlot = slot
  return item
end
function ItemMixin:GetItemID() return self.itemID end
function ItemMixin:GetItemLink()
  if self.itemLink then
    return self.itemLink
  end
  if self.itemID then
    return (select(2, C_Item.GetItemInfo(self.itemID)))
  end
end
function ItemMixin:GetItemLocation() return self.itemLocation end
function ItemMixin:HasItemLocation() return self.itemLocation ~= nil end
function ItemMixin:IsItemEmpty() return self.itemID == nil and self.itemLink == nil end
-- Item data arrives from the server as in the client (wow-sim's game state, api/game_data.rs):
-- an item that is not cached is requested and its callbacks run when ITEM_DATA_LOAD_RESULT
-- reports it, on a later frame; a cached item's run at once.
function ItemMixin:IsItemDataCached()
  if self.itemID then
    return C_Item.IsItemDataCachedByID(self.itemID)
  end
  return true
end
function ItemMixin:GetItemName()
  if self.itemID then
    return (C_Item.GetItemInfo(self.itemID))
  end
end
function ItemMixin:GetItemIcon()
  if self.itemID then
    return C_Item.GetItemIconByID(self.itemID)
  end
end
function ItemMixin:GetItemQuality()
  if self.itemID then
    return C_Item.GetItemQualityByID(self.itemID)
  end
end

-- Callbacks waiting for item or spell data, by id, for one load event; the first callback of an
-- id requests the data (which may report at once, when the data is there).
local function newLoadListener(event, request, kind)
  local waiters = {}
  local frame = CreateFrame("Frame")
  frame:RegisterEvent(event)
  frame:SetScript("OnEvent", function(_, _, id, success)
    local waiting = waiters[id]
    waiters[id] = nil
    if waiting and success then
      for _, callback in ipairs(waiting) do
        if callback then
          xpcall(callback, geterrorhandler())
        end
      end
    end
  end)
  -- Adds a callback for `object`'s id; returns a function that cancels it.
  return function(object, id, method, callback)
    if type(callback) ~= "function" then
      error(("Usage: NonEmpty%s:%s(callbackFunction): invalid callbackFunction"):format(kind, method), 3)
    end
    if id == nil or object["Is" .. kind .. "Empty"](object) then
      error(("Usage: NonEmpty%s:%s(callbackFunction): invalid %s"):format(kind, method, kind:lower()), 3)
    end
    local waiting = waiters[id]
    if not waiting then
      waiting = {}
      waiters[id] = waiting
    end
    local index = #waiting + 1
    waiting[index] = callback
    if index == 1 then
      request(id)
    end
    return function()
      if waiters[id] == waiting and waiting[index] then
        waiting[index] = false
        return true
      end
      return false
    end
  end
end
local waitForItem = newLoadListener("ITEM_DATA_LOAD_RESULT", function(id) C_Item.RequestLoadItemDataByID(id) end, "Item")
function ItemMixin:ContinueOnItemLoad(callback)
  waitForItem(self, self.itemID, "ContinueOnItemLoad", callback)
end
function ItemMixin:ContinueWithCancelOnItemLoad(callback)
  return waitForItem(self, self.itemID, "ContinueWithCancelOnItemLoad", callback)
end

-- Spells as objects. Spell data is the client's own, so an existing spell reports loaded at once
-- (SPELL_DATA_LOAD_RESULT inside C_Spell.RequestLoadSpellData) and its callbacks run at once.
Spell = {}
SpellMixin = {}
function Spell:CreateFromSpellID(spellID)
  local spell = CreateFromMixins(SpellMixin)
  spell:SetSpellID(spellID)
  return spell
end
function SpellMixin:SetSpellID(spellID) self.spellID = spellID end
function SpellMixin:GetSpellID() return self.spellID end
function SpellMixin:Clear() self.spellID = nil end
function SpellMixin:IsSpellEmpty()
  return self.spellID == nil or not C_Spell.DoesSpellExist(self.spellID)
end
function SpellMixin:IsSpellDataCached()
  if self.spellID then
    return C_Spell.IsSpellDataCached(self.spellID)
  end
  return true
end
function SpellMixin:GetSpellName() return C_Spell.GetSpellName(self.spellID) end
function SpellMixin:GetSpellTexture() return C_Spell.GetSpellTexture(self.spellID) end
function SpellMixin:GetSpellSubtext() return C_Spell.GetSpellSubtext(self.spellID) end
function SpellMixin:GetSpellDescription() return C_Spell.GetSpellDescription(self.spellID) end
local waitForSpell = newLoadListener("SPELL_DATA_LOAD_RESULT", function(id) C_Spell.RequestLoadSpellData(id) end, "Spell")
function SpellMixin:ContinueOnSpellLoad(callback)
  waitForSpell(self, self.spellID, "ContinueOnSpellLoad", callback)
end
function SpellMixin:ContinueWithCancelOnSpellLoad(callback)
  return waitForSpell(self, self.spellID, "ContinueWithCancelOnSpellLoad", callback)
end
function ItemMixin:Clear()
  self.itemID, self.itemLink, self.itemLocation = nil, nil, nil
end

-- Texture loading groups: textures whose files must all be loaded before a frame shows them.
-- wow-sim loads no texture asynchronously, so a group is always loaded.
TextureLoadingGroupMixin = {}
function TextureLoadingGroupMixin:AddTexture(texture)
  self.textures = self.textures or {}
  self.textures[texture] = true
end
function TextureLoadingGroupMixin:RemoveTexture(texture)
  if self.textures then
    self.textures[texture] = nil
  end
end
function TextureLoadingGroupMixin:RemoveAllTextures()
  self.textures = {}
end
function TextureLoadingGroupMixin:IsFullyLoaded()
  return true
end

-- Chat frame functions of the client's chat windows.
-- A window without a name takes its default: General, Combat Log, Voice, then "Chat <n>"
-- (`CHAT_NAME_TEMPLATE`).
function FCF_SetWindowName(frame, name, doNotSave)
  if name == nil or name == "" then
    local id = frame:GetID()
    name = id == 1 and GENERAL or id == 2 and COMBAT_LOG or id == 3 and VOICE
      or format(CHAT_NAME_TEMPLATE or "Chat %d", id)
  end
  frame.name = name
  local tab = _G[(frame:GetName() or "") .. "Tab"]
  if tab and tab.SetText then
    tab:SetText(name)
  end
end
function FCF_GetChatWindowInfo(id)
  local frame = _G["ChatFrame" .. id]
  if frame then
    return frame.name or ("ChatFrame" .. id), 14, 0, 0, 0, 0, true, false, true, false
  end
end

-- Item links: the tooltip the client opens for a clicked link.
if not ItemRefTooltip then
  ItemRefTooltip = CreateFrame("GameTooltip", "ItemRefTooltip", UIParent, "GameTooltipTemplate")
  ItemRefTooltip:Hide()
end
function SetItemRef(link, text, button, chatFrame)
  if type(link) ~= "string" then
    return
  end
  ItemRefTooltip:SetOwner(UIParent, "ANCHOR_PRESERVE")
  ItemRefTooltip:SetHyperlink(link)
  ItemRefTooltip:Show()
end

function SetDesaturation(texture, desaturated)
  texture:SetDesaturated(desaturated and true or false)
end

-- The flavour's quest watch frame (Classic Era's is in `base_tracker.lua`) and quest log list.
if not isRetail then
  if WOW_PROJECT_ID ~= WOW_PROJECT_CLASSIC then
    WatchFrame = WatchFrame or CreateFrame("Frame", "WatchFrame", UIParent)
  end
  QuestLogFrame = QuestLogFrame or CreateFrame("Frame", "QuestLogFrame", UIParent)
  QuestLogFrame:Hide()
  -- The abandon button (its label is a global string, set in `base_strings.lua`).
  QuestLogFrameAbandonButton = QuestLogFrameAbandonButton
    or CreateFrame("Button", "QuestLogFrameAbandonButton", QuestLogFrame, "UIPanelButtonTemplate")
  QuestLogFrameAbandonButton:SetSize(125, 21)
  QuestLogFrameAbandonButton:SetPoint("BOTTOMLEFT", 17, 54)
  QuestLogFrameAbandonButton:SetScript("OnClick", function()
    SetAbandonQuest()
    local items = GetAbandonQuestItems()
    if items then
      StaticPopup_Hide("ABANDON_QUEST")
      StaticPopup_Show("ABANDON_QUEST_WITH_ITEMS", GetAbandonQuestName(), items)
    else
      StaticPopup_Hide("ABANDON_QUEST_WITH_ITEMS")
      StaticPopup_Show("ABANDON_QUEST", GetAbandonQuestName())
    end
  end)
  QuestLogListScrollFrame = QuestLogListScrollFrame
    or CreateFrame("ScrollFrame", "QuestLogListScrollFrame", QuestLogFrame, "FauxScrollFrameTemplate")
end

-- The retail nameplate driver: the frame that owns the client's nameplates.
if isRetail then
  NamePlateDriverFrame = NamePlateDriverFrame or CreateFrame("Frame", "NamePlateDriverFrame", UIParent)
  function NamePlateDriverFrame:SetBaseNamePlateSize(width, height)
    self.baseNamePlateWidth, self.baseNamePlateHeight = width, height
  end
  function NamePlateDriverFrame:GetBaseNamePlateWidth() return self.baseNamePlateWidth or 110 end
  function NamePlateDriverFrame:GetBaseNamePlateHeight() return self.baseNamePlateHeight or 45 end
  function NamePlateDriverFrame:UpdateNamePlateOptions() end
  -- The action button highlight for newly learnt actions.
  function MarkNewActionHighlight(action) end
  function ClearNewActionHighlight(action, preventIdenticalActionsFromClearing) end
  function GetNewActionHighlightMark(action) return false end
  -- The death recap is a load-on-demand part of the client's UI.
  function DeathRecap_LoadUI()
    C_AddOns.LoadAddOn("Blizzard_DeathRecap")
  end
end

-- The taxi map's line texture ratio (the line art is 128 wide with 126 used).
TAXIROUTE_LINEFACTOR = 128 / 126
TAXIROUTE_LINEFACTOR_2 = TAXIROUTE_LINEFACTOR / 2

-- Backdrop templates of tooltips and the close button's usual place. As in the client, the
-- frame holds a nine-slice child frame (`NineSlice`, at the frame's level) laid out by the
-- tooltip layout: addons count it among the frame's children.
local function tooltipBackdrop(self, alpha)
  Mixin(self, BackdropTemplateMixin)
  self.backdropColorAlpha = alpha
  self.layoutType = "TooltipDefaultLayout"
  local nineSlice = CreateFrame("Frame", nil, self, "NineSlicePanelTemplate")
  nineSlice:SetAllPoints()
  nineSlice:SetFrameLevel(self:GetFrameLevel())
  self.NineSlice = nineSlice
end
template("TooltipBackdropTemplate", function(self) tooltipBackdrop(self, nil) end)
-- The tooltip border alone (its background fully transparent) and the bordered frame.
template("TooltipBorderBackdropTemplate", function(self) tooltipBackdrop(self, 0) end)
template("TooltipBorderedFrameTemplate", function(self) tooltipBackdrop(self, 0.8) end)
template("UIPanelCloseButtonDefaultAnchors", function(self)
  self:SetPoint("TOPRIGHT", 1, 0)
end)

function FCF_Close(frame)
  frame:Hide()
end
function ChatFrame_OnHyperlinkShow(chatFrame, link, text, button)
  SetItemRef(link, text, button, chatFrame)
end
-- A scroll frame whose range changed: its scroll bar follows.
function ScrollFrame_OnScrollRangeChanged(self, xrange, yrange)
  local bar = scrollBarOf(self)
  yrange = yrange or self:GetVerticalScrollRange()
  if bar then
    bar:SetMinMaxValues(0, yrange)
    if bar:GetValue() > yrange then
      bar:SetValue(yrange)
    end
  end
end

-- Static popups: one dialog per shown `which`, with its text, up to two buttons and the
-- definition's callbacks (OnShow, OnAccept, OnCancel, OnHide).
local popups = {}
-- A dialog's OnHide script: its definition's OnHide, then the dialog is free.
function StaticPopup_OnHide(self)
  local info = StaticPopupDialogs[self.which]
  if info and info.OnHide then
    info.OnHide(self, self.data)
  end
  self.which = nil
end
local function popupFrame(index)
  local f = popups[index]
  if f then
    return f
  end
  f = CreateFrame("Frame", "StaticPopup" .. index, UIParent, "BackdropTemplate")
  f:SetSize(320, 100)
  f:SetPoint("TOP", 0, -135 - (index - 1) * 110)
  f:SetFrameStrata("DIALOG")
  f.text = f:CreateFontString("StaticPopup" .. index .. "Text", "ARTWORK", "GameFontHighlight")
  f.text:SetPoint("TOP", 0, -16)
  f.Text = f.text
  for i = 1, 2 do
    local b = CreateFrame("Button", "StaticPopup" .. index .. "Button" .. i, f, "UIPanelButtonTemplate")
    b:SetSize(128, 21)
    b:SetPoint("BOTTOM", (i == 1) and -70 or 70, 16)
    b:SetScript("OnClick", function()
      local info = StaticPopupDialogs[f.which]
      local cb = info and ((i == 1) and info.OnAccept or info.OnCancel)
      local keep = cb and cb(f, f.data, f.data2)
      if not keep then
        f:Hide()
      end
    end)
    f["button" .. i] = b
  end
  f:SetScript("OnHide", StaticPopup_OnHide)
  f:Hide()
  popups[index] = f
  return f
end
function StaticPopup_Show(which, textArg1, textArg2, data, insertedFrame)
  local info = StaticPopupDialogs[which]
  if not info then
    return nil
  end
  local index = 1
  while popups[index] and popups[index]:IsShown() and popups[index].which ~= which do
    index = index + 1
  end
  local f = popupFrame(index)
  f.which, f.data, f.data2 = which, data, nil
  f.text:SetFormattedText(info.text or "", textArg1, textArg2)
  f.button1:SetText(info.button1 or "")
  f.button1:SetShown(info.button1 ~= nil)
  f.button2:SetText(info.button2 or "")
  f.button2:SetShown(info.button2 ~= nil)
  f:Show()
  if info.OnShow then
    info.OnShow(f, data)
  end
  return f
end
function StaticPopup_Hide(which, data)
  for _, f in ipairs(popups) do
    if f.which == which and (data == nil or f.data == data) then
      f:Hide()
    end
  end
end
function StaticPopup_Visible(which)
  for _, f in ipairs(popups) do
    if f:IsShown() and f.which == which then
      return f:GetName(), f
    end
  end
end
-- The client's four dialogs exist from the start (StaticPopup1 to StaticPopup4), hidden.
for i = 1, 4 do
  popupFrame(i):Hide()
end

-- Action button templates: the icon, texts and state textures an action button has (named
-- `$parentIcon`, `$parentCount`, ... and by key), over the secure action button.
local function part(self, kind, suffix, key, layer, sublevel, fontObject)
  local name = self:GetName()
  local region
  if kind == "text" then
    region = self:CreateFontString(name and (name .. suffix) or nil, layer, fontObject)
  else
    region = self:CreateTexture(name and (name .. suffix) or nil, layer, nil, sublevel)
  end
  self[key] = region
  return region
end
local function actionButtonParts(self, size)
  self:SetSize(size, size)
  local icon = part(self, "texture", "Icon", "icon", "BACKGROUND")
  icon:SetAllPoints()
  self.Icon = icon
  self.IconMask = self:CreateMaskTexture()
  self.IconMask:SetAllPoints(icon)
  part(self, "texture", "Flash", "Flash", "ARTWORK", 1):SetAllPoints()
  self.Flash:Hide()
  part(self, "texture", "Border", "Border", "OVERLAY"):SetAllPoints()
  self.Border:Hide()
  part(self, "texture", "NewActionTexture", "NewActionTexture", "OVERLAY", 1):SetAllPoints()
  self.NewActionTexture:Hide()
  part(self, "texture", "SpellHighlightTexture", "SpellHighlightTexture", "OVERLAY", 2):SetAllPoints()
  self.SpellHighlightTexture:Hide()
  self.SpellHighlightAnim = self:CreateAnimationGroup()
  self.SpellHighlightAnim:SetLooping("REPEAT")
  part(self, "texture", "SlotBackground", "SlotBackground", "BACKGROUND", -1):SetAllPoints()
  -- The flyout arrow and border (shown for flyout actions only).
  part(self, "texture", "FlyoutBorder", "FlyoutBorder", "ARTWORK", 1):Hide()
  part(self, "texture", "FlyoutBorderShadow", "FlyoutBorderShadow", "ARTWORK", 1):Hide()
  part(self, "texture", "FlyoutArrow", "FlyoutArrow", "ARTWORK", 2):Hide()
  self.FlyoutArrowContainer = CreateFrame("Frame", nil, self)
  self.FlyoutArrowContainer:SetAllPoints()
  self.FlyoutArrowContainer.FlyoutArrowNormal = self.FlyoutArrowContainer:CreateTexture(nil, "ARTWORK")
  self.FlyoutArrowContainer.FlyoutArrowPushed = self.FlyoutArrowContainer:CreateTexture(nil, "ARTWORK")
  self.FlyoutArrowContainer.FlyoutArrowHighlight = self.FlyoutArrowContainer:CreateTexture(nil, "ARTWORK")
  self.FlyoutArrowContainer:Hide()
  local name = part(self, "text", "Name", "Name", "OVERLAY", nil, "GameFontHighlightSmall")
  name:SetPoint("BOTTOM", 0, 2)
  local hotkey = part(self, "text", "HotKey", "HotKey", "ARTWORK", nil, "NumberFontNormalSmall")
  hotkey:SetPoint("TOPRIGHT", -1, -3)
  local count = part(self, "text", "Count", "Count", "ARTWORK", nil, "NumberFontNormal")
  count:SetPoint("BOTTOMRIGHT", -2, 2)
  local n = self:GetName()
  self.cooldown = CreateFrame("Cooldown", n and (n .. "Cooldown") or nil, self, "CooldownFrameTemplate")
  self.Cooldown = self.cooldown
  self:SetNormalTexture("Interface\\Buttons\\UI-Quickslot2")
  self.NormalTexture = self:GetNormalTexture()
  self:SetPushedTexture("Interface\\Buttons\\UI-Quickslot-Depress")
  self.PushedTexture = self:GetPushedTexture()
  self:SetHighlightTexture("Interface\\Buttons\\ButtonHilight-Square", "ADD")
  self.HighlightTexture = self:GetHighlightTexture()
  if self.SetCheckedTexture then
    self:SetCheckedTexture("Interface\\Buttons\\CheckButtonHilight")
    self.CheckedTexture = self:GetCheckedTexture()
  end
end
template("ActionButtonTemplate", function(self) actionButtonParts(self, 45) end)
template("PetActionButtonTemplate", function(self)
  actionButtonParts(self, 30)
  local n = self:GetName()
  self.AutoCastable = self:CreateTexture(n and (n .. "AutoCastable") or nil, "OVERLAY")
  self.AutoCastable:Hide()
  self.AutoCastOverlay = CreateFrame("Frame", nil, self)
  self.AutoCastOverlay:SetAllPoints()
  self.AutoCastOverlay:Hide()
  function self.AutoCastOverlay:SetShown(shown) if shown then self:Show() else self:Hide() end end
  function self.AutoCastOverlay:ShowAutoCastEnabled(enabled) self.enabled = enabled end
end)
template("StanceButtonTemplate", function(self) actionButtonParts(self, 30) end)

-- The default UI's bar buttons that bar addons take over: micro menu buttons, bag slots and
-- the vehicle leave button (hidden frames; the default bars themselves are not emulated).
local microButtons
if isRetail then
  microButtons = { "CharacterMicroButton", "ProfessionMicroButton", "PlayerSpellsMicroButton",
    "AchievementMicroButton", "QuestLogMicroButton", "HousingMicroButton", "GuildMicroButton",
    "LFDMicroButton", "CollectionsMicroButton", "EJMicroButton", "StoreMicroButton", "MainMenuMicroButton" }
  MicroMenuContainer = MicroMenuContainer or CreateFrame("Frame", "MicroMenuContainer", UIParent)
  MicroMenu = MicroMenu or CreateFrame("Frame", "MicroMenu", MicroMenuContainer)
  BagsBar = BagsBar or CreateFrame("Frame", "BagsBar", UIParent)
else
  microButtons = { "CharacterMicroButton", "SpellbookMicroButton", "TalentMicroButton",
    "QuestLogMicroButton", "SocialsMicroButton", "WorldMapMicroButton", "MainMenuMicroButton", "HelpMicroButton" }
  MainMenuBarArtFrame = MainMenuBarArtFrame or CreateFrame("Frame", "MainMenuBarArtFrame", UIParent)
end
local microParent = MicroMenu or MainMenuBarArtFrame
MICRO_BUTTONS = MICRO_BUTTONS or {}
for _, name in ipairs(microButtons) do
  if not _G[name] then
    local b = CreateFrame("Button", name, microParent)
    b:SetSize(28, 36)
    table.insert(MICRO_BUTTONS, name)
  end
end
local bagParent = BagsBar or MainMenuBarArtFrame
if not MainMenuBarBackpackButton then
  local b = CreateFrame("Button", "MainMenuBarBackpackButton", bagParent)
  b:SetSize(40, 40)
  for i = 0, 3 do
    CreateFrame("Button", "CharacterBag" .. i .. "Slot", bagParent):SetSize(30, 30)
  end
  if isRetail then
    CreateFrame("Button", "CharacterReagentBag0Slot", bagParent):SetSize(30, 30)
  end
end
MainMenuBarVehicleLeaveButton = MainMenuBarVehicleLeaveButton
  or CreateFrame("Button", "MainMenuBarVehicleLeaveButton", UIParent)
MainMenuBarVehicleLeaveButton:Hide()

-- The retail queue status eye (group finder queues) that bar addons move with the micro menu.
if isRetail and not QueueStatusButton then
  local q = CreateFrame("Button", "QueueStatusButton", MicroMenuContainer or UIParent)
  q:SetSize(45, 45)
  q:Hide()
  function q:UpdatePosition() end
end

-- The retail status tracking bars' manager (experience, reputation, ...) that bar addons
-- re-parent: the frame and its two containers; the bars inside are not emulated.
if isRetail and not StatusTrackingBarManager then
  local m = CreateFrame("Frame", "StatusTrackingBarManager", UIParent)
  m:SetSize(804, 14)
  m:SetPoint("BOTTOM")
  m.MainStatusTrackingBarContainer = CreateFrame("Frame", nil, m)
  m.MainStatusTrackingBarContainer:SetSize(804, 14)
  m.MainStatusTrackingBarContainer:SetPoint("BOTTOM")
  m.SecondaryStatusTrackingBarContainer = CreateFrame("Frame", nil, m)
  m.SecondaryStatusTrackingBarContainer:SetSize(804, 14)
  m.SecondaryStatusTrackingBarContainer:SetPoint("BOTTOM", m.MainStatusTrackingBarContainer, "TOP")
  function m:SetTextLocked(locked) self.textLocked = locked end
  function m:IsTextLocked() return self.textLocked == true end
  function m:UpdateBarsShown() end
end

-- The nameplate driver (ours, in the role Blizzard's has): it dresses each nameplate frame
-- the client shows (C_NamePlate) with a unit frame, `UnitFrame` (a button with `healthBar`,
-- `name` and `castBar`), sets the frame's `namePlateUnitToken` and `unitToken`, and keeps the
-- bar and the cast bar up to date from the unit events of nameplate tokens. Nameplate addons
-- hook its callbacks or hide its unit frames.
do
  local driver = NamePlateDriverFrame or CreateFrame("Frame", "NamePlateDriverFrame", UIParent)
  local spare = {}
  local function unitFrame(base)
    local f = table.remove(spare)
    if not f then
      f = CreateFrame("Button", nil, base)
      f.healthBar = CreateFrame("StatusBar", nil, f)
      f.healthBar:SetPoint("LEFT", f, "LEFT", 4, 0)
      f.healthBar:SetPoint("RIGHT", f, "RIGHT", -4, 0)
      f.healthBar:SetHeight(10)
      f.healthBar:SetStatusBarTexture("Interface\\TargetingFrame\\UI-StatusBar")
      f.name = f:CreateFontString(nil, "OVERLAY", "GameFontNormalSmall")
      f.name:SetPoint("BOTTOM", f.healthBar, "TOP", 0, 2)
      f.castBar = CreateFrame("StatusBar", nil, f)
      f.castBar:SetPoint("TOPLEFT", f.healthBar, "BOTTOMLEFT", 0, -2)
      f.castBar:SetPoint("TOPRIGHT", f.healthBar, "BOTTOMRIGHT", 0, -2)
      f.castBar:SetHeight(8)
      f.castBar:SetStatusBarTexture("Interface\\TargetingFrame\\UI-StatusBar")
      f.castBar:SetStatusBarColor(1, 0.7, 0)
      f.castBar:Hide()
      f.CastBar = f.castBar
    end
    f:SetParent(base)
    f:ClearAllPoints()
    f:SetAllPoints(base)
    f:Show()
    return f
  end
  local function update(f)
    local unit = f.unit
    if not unit or not UnitExists(unit) then return end
    local max = UnitHealthMax(unit)
    f.healthBar:SetMinMaxValues(0, max > 0 and max or 1)
    f.healthBar:SetValue(UnitHealth(unit))
    if UnitCanAttack("player", unit) then
      f.healthBar:SetStatusBarColor(1, 0, 0)
    else
      f.healthBar:SetStatusBarColor(0, 1, 0)
    end
    f.name:SetText(UnitName(unit))
  end
  local function cast(f)
    local unit = f.unit
    local name, _, _, startMS, endMS = UnitCastingInfo(unit)
    if not name then name, _, _, startMS, endMS = UnitChannelInfo(unit) end
    if name then
      f.castBar:SetMinMaxValues(startMS / 1000, endMS / 1000)
      f.castBar:SetValue(GetTime())
      f.castBar:Show()
    else
      f.castBar:Hide()
    end
  end
  function driver:OnNamePlateCreated(namePlateFrameBase) end
  function driver:OnNamePlateAdded(namePlateUnitToken)
    local base = C_NamePlate.GetNamePlateForUnit(namePlateUnitToken)
    if not base then return end
    base.namePlateUnitToken, base.unitToken = namePlateUnitToken, namePlateUnitToken
    base.UnitFrame = base.UnitFrame or unitFrame(base)
    base.UnitFrame.unit, base.UnitFrame.displayedUnit = namePlateUnitToken, namePlateUnitToken
    update(base.UnitFrame)
    cast(base.UnitFrame)
  end
  function driver:OnNamePlateRemoved(namePlateUnitToken)
    local base = C_NamePlate.GetNamePlateForUnit(namePlateUnitToken)
    if not base then return end
    local f = base.UnitFrame
    if f then
      f:Hide()
      f.unit, f.displayedUnit = nil, nil
      table.insert(spare, f)
    end
    base.UnitFrame, base.namePlateUnitToken, base.unitToken = nil, nil, nil
  end
  function driver:OnUnitAuraUpdate(unit, unitAuraUpdateInfo) end
  function driver:OnUnitFactionChanged(unit) end
  function driver:SetupClassNameplateBars() end
  local unitEvents = {
    UNIT_HEALTH = update, UNIT_MAXHEALTH = update, UNIT_NAME_UPDATE = update,
    UNIT_SPELLCAST_START = cast, UNIT_SPELLCAST_STOP = cast, UNIT_SPELLCAST_CHANNEL_START = cast,
    UNIT_SPELLCAST_CHANNEL_STOP = cast,
  }
  driver:SetScript("OnEvent", function(self, event, unit)
    if event == "NAME_PLATE_CREATED" then
      self:OnNamePlateCreated(unit)
    elseif event == "NAME_PLATE_UNIT_ADDED" then
      self:OnNamePlateAdded(unit)
    elseif event == "NAME_PLATE_UNIT_REMOVED" then
      self:OnNamePlateRemoved(unit)
    elseif type(unit) == "string" and unit:find("^nameplate%d") then
      local base = C_NamePlate.GetNamePlateForUnit(unit)
      if base and base.UnitFrame then unitEvents[event](base.UnitFrame) end
    end
  end)
  for _, e in ipairs({ "NAME_PLATE_CREATED", "NAME_PLATE_UNIT_ADDED", "NAME_PLATE_UNIT_REMOVED" }) do
    driver:RegisterEvent(e)
  end
  for e in pairs(unitEvents) do
    if C_EventUtils == nil or C_EventUtils.IsEventValid == nil or C_EventUtils.IsEventValid(e) then
      driver:RegisterEvent(e)
    end
  end
end
if isRetail then
  function UpdateOnBarHighlightMarksBySpell(spellID) end
  function UpdateOnBarHighlightMarksByFlyout(flyoutID) end
  function UpdateOnBarHighlightMarksByPetAction(petAction) end
  function ClearOnBarHighlightMarks() end
end

-- Equipment slot numbers of the client's constants.
INVSLOT_AMMO, INVSLOT_HEAD, INVSLOT_NECK, INVSLOT_SHOULDER, INVSLOT_BODY = 0, 1, 2, 3, 4
INVSLOT_CHEST, INVSLOT_WAIST, INVSLOT_LEGS, INVSLOT_FEET, INVSLOT_WRIST = 5, 6, 7, 8, 9
INVSLOT_HAND, INVSLOT_FINGER1, INVSLOT_FINGER2, INVSLOT_TRINKET1, INVSLOT_TRINKET2 = 10, 11, 12, 13, 14
INVSLOT_BACK, INVSLOT_MAINHAND, INVSLOT_OFFHAND, INVSLOT_RANGED, INVSLOT_TABARD = 15, 16, 17, 18, 19
INVSLOT_FIRST_EQUIPPED, INVSLOT_LAST_EQUIPPED = INVSLOT_HEAD, INVSLOT_TABARD
-- The faction groups by index and by name.
PLAYER_FACTION_GROUP = { [0] = "Horde", [1] = "Alliance", Horde = 0, Alliance = 1 }

-- The retail scroll frame template: a scroll frame with its scroll bar at the right.
template("ScrollFrameTemplate", function(self)
  local name = self:GetName()
  local bar = CreateFrame("Slider", name and (name .. "ScrollBar") or nil, self, "UIPanelScrollBarTemplate")
  bar:SetPoint("TOPLEFT", self, "TOPRIGHT", 6, 0)
  bar:SetPoint("BOTTOMLEFT", self, "BOTTOMRIGHT", 6, 0)
  self.ScrollBar = bar
  self:HookScript("OnScrollRangeChanged", ScrollFrame_OnScrollRangeChanged)
end)

-- Panel tabs: tab buttons under a frame; the selected one is drawn active and disabled.
local function tabText(self)
  local name = self:GetName()
  local text = self:CreateFontString(name and (name .. "Text") or nil, "ARTWORK", "GameFontNormalSmall")
  text:SetPoint("CENTER", 0, 2)
  self.Text = text
  self:SetFontString(text)
  self:SetSize(115, 32)
  for _, key in ipairs({ "Left", "Middle", "Right", "LeftActive", "MiddleActive", "RightActive" }) do
    self[key] = self:CreateTexture(name and (name .. key) or nil, "BACKGROUND")
  end
  self.LeftActive:Hide()
  self.MiddleActive:Hide()
  self.RightActive:Hide()
end
template("PanelTabButtonTemplate", tabText)
template("CharacterFrameTabButtonTemplate", tabText)
template("PanelTopTabButtonTemplate", tabText)
local function tabOf(frame, index)
  local name = frame:GetName()
  return (frame.Tabs and frame.Tabs[index]) or (name and _G[name .. "Tab" .. index])
end
function PanelTemplates_GetTabByIndex(frame, index)
  return tabOf(frame, index)
end
function PanelTemplates_SetNumTabs(frame, numTabs)
  frame.numTabs = numTabs
end
function PanelTemplates_GetSelectedTab(frame)
  return frame.selectedTab
end
local function setActive(tab, active)
  if tab.LeftActive then
    tab.LeftActive:SetShown(active)
    tab.MiddleActive:SetShown(active)
    tab.RightActive:SetShown(active)
    tab.Left:SetShown(not active)
    tab.Middle:SetShown(not active)
    tab.Right:SetShown(not active)
  end
end
function PanelTemplates_SelectTab(tab)
  tab:Disable()
  setActive(tab, true)
end
function PanelTemplates_DeselectTab(tab)
  tab:Enable()
  setActive(tab, false)
end
function PanelTemplates_UpdateTabs(frame)
  for i = 1, frame.numTabs or 0 do
    local tab = tabOf(frame, i)
    if tab then
      if i == frame.selectedTab then
        PanelTemplates_SelectTab(tab)
      else
        PanelTemplates_DeselectTab(tab)
      end
    end
  end
end
function PanelTemplates_SetTab(frame, id)
  frame.selectedTab = id
  PanelTemplates_UpdateTabs(frame)
end
function PanelTemplates_EnableTab(frame, index)
  local tab = tabOf(frame, index)
  if tab then tab:Enable() end
end
function PanelTemplates_DisableTab(frame, index)
  local tab = tabOf(frame, index)
  if tab then tab:Disable() end
end
-- The tab's width from its text plus padding, within the given bounds.
function PanelTemplates_TabResize(tab, padding, absoluteSize, minWidth, maxWidth, absoluteTextSize)
  local width = absoluteSize or ((tab.Text and tab.Text:GetStringWidth() or 0) + (padding or 0) + 20)
  if minWidth and width < minWidth then width = minWidth end
  if maxWidth and width > maxWidth then width = maxWidth end
  tab:SetWidth(width)
end

-- Menus the UI closes together (dropdown lists).
function CloseMenus()
  local closed = false
  for i = 1, 3 do
    local list = _G["DropDownList" .. i]
    if list and list:IsShown() then
      list:Hide()
      closed = true
    end
  end
  return closed
end
local gray = CreateFont("NumberFontNormalSmallGray")
gray:SetFont("Fonts\\ARIALN.TTF", 12, "OUTLINE")
gray:SetTextColor(0.6, 0.6, 0.6)

-- The default UI's updates of its micro menu and vehicle leave button, which bar addons hook.
function UpdateMicroButtons() end
if isRetail then
  function MainMenuBarVehicleLeaveButton:Update() end
  -- The built-in damage meter of retail 12 (hidden unless the setting shows it).
  DamageMeter = DamageMeter or CreateFrame("Frame", "DamageMeter", UIParent)
  DamageMeter:Hide()
  -- The nameplate settings preview.
  NamePlatePreviewMixin = NamePlatePreviewMixin or {}
  function NamePlatePreviewMixin:ShowPreviewNamePlateCastBar() end
else
  function MainMenuBarVehicleLeaveButton_Update() end
end

-- Font objects of options panels.
for _, spec in ipairs({
  { "OptionsFontSmall", 10, 1.0, 0.82, 0 }, { "OptionsFont", 12, 1.0, 0.82, 0 },
  { "OptionsFontHighlightSmall", 10, 1, 1, 1 }, { "OptionsFontHighlight", 12, 1, 1, 1 },
  { "OptionsFontLarge", 16, 1.0, 0.82, 0 },
}) do
  local f = CreateFont(spec[1])
  f:SetFont("Fonts\\FRIZQT__.TTF", spec[2], "")
  f:SetTextColor(spec[3], spec[4], spec[5])
end

-- The class sort order of the flavour's UI and its length.
if isRetail then
  CLASS_SORT_ORDER = { "WARRIOR", "DEATHKNIGHT", "PALADIN", "MONK", "PRIEST", "SHAMAN", "DRUID",
    "ROGUE", "MAGE", "WARLOCK", "HUNTER", "DEMONHUNTER", "EVOKER" }
elseif WOW_PROJECT_ID == WOW_PROJECT_CLASSIC then
  CLASS_SORT_ORDER = { "WARRIOR", "PALADIN", "PRIEST", "SHAMAN", "DRUID", "ROGUE", "MAGE", "WARLOCK", "HUNTER" }
else
  CLASS_SORT_ORDER = { "WARRIOR", "DEATHKNIGHT", "PALADIN", "MONK", "PRIEST", "SHAMAN", "DRUID",
    "ROGUE", "MAGE", "WARLOCK", "HUNTER" }
end
MAX_CLASSES = #CLASS_SORT_ORDER

-- The action bar globals the client keeps over C_ActionBar while the `loadDeprecationFallbacks`
-- CVar is on (its default): the retail client defines them in a Blizzard deprecation addon, so
-- without Blizzard's UI the base does (the API's namespaces are installed after the base, so
-- each global finds its function when called).
if isRetail and GetCVarBool("loadDeprecationFallbacks") then
  local same = {
    "GetActionAutocast", "GetActionText", "GetActionTexture",
    "HasAction", "IsAttackAction", "IsCurrentAction", "IsAutoRepeatAction", "IsUsableAction",
    "IsConsumableAction", "IsStackableAction", "IsItemAction", "IsEquippedAction",
    "IsActionInRange", "GetBonusBarIndex", "GetBonusBarOffset", "GetExtraBarIndex",
    "GetMultiCastBarIndex", "GetOverrideBarIndex", "GetOverrideBarSkin",
    "GetTempShapeshiftBarIndex", "GetVehicleBarIndex", "HasBonusActionBar", "HasExtraActionBar",
    "HasOverrideActionBar", "HasTempShapeshiftActionBar", "HasVehicleActionBar",
    "IsPossessBarVisible", "GetActionBarPage",
  }
  local renamed = {
    GetActionCount = "GetActionUseCount", ActionHasRange = "HasRangeRequirements",
    ChangeActionBarPage = "SetActionBarPage", SetActionUIButton = "RegisterActionUIButton",
  }
  for _, name in ipairs(same) do
    renamed[name] = name
  end
  for legacy, current in pairs(renamed) do
    _G[legacy] = function(...)
      local f = C_ActionBar[current]
      if not f then
        error(("%s: C_ActionBar.%s is not in wow-sim's API reference"):format(legacy, current), 2)
      end
      return f(...)
    end
  end
  -- 12.x has the loss-of-control cooldown in C_ActionBar; the reference may predate it. The
  -- character has no loss-of-control effect, so its cooldown is none (0, 0) as in the client.
  function GetActionLossOfControlCooldown(action)
    local f = C_ActionBar.GetActionLossOfControlCooldown
    if f then
      return f(action)
    end
    return 0, 0
  end
  -- The cooldown and charge getters answer with the fields of the namespace's table.
  function GetActionCooldown(action)
    local c = C_ActionBar.GetActionCooldown(action)
    return c.startTime, c.duration, c.isEnabled, c.modRate
  end
  function GetActionCharges(action)
    local c = C_ActionBar.GetActionCharges(action)
    return c.currentCharges, c.maxCharges, c.cooldownStartTime, c.cooldownDuration,
      c.chargeModRate
  end
end

-- The timings and the out-of-range mark of the client's action buttons (action bar libraries
-- flash attack buttons and poll range with them).
ATTACK_BUTTON_FLASH_TIME = 0.4
TOOLTIP_UPDATE_TIME = 0.2
RANGE_INDICATOR = "\226\151\143"

-- The action bar controller's update, which bar addons hook.
function ActionBarController_UpdateAll(force) end
