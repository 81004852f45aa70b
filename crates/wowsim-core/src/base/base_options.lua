-- wow-sim built-in base: the pieces of the client's shared UI that options panels and bar
-- layouts build on, written for wow-sim (not Blizzard's code). Loaded only when no Blizzard UI
-- is given. Anchors and grid layouts (`AnchorUtil`, `GridLayoutUtil`), the options check
-- button, the input box's look, and the dropdown button with its menu description.
local template = ...

-- GenerateClosure: a function that calls `f` with the given arguments first.
if not GenerateClosure then
  function GenerateClosure(f, ...)
    local n, bound = select("#", ...), { ... }
    if n == 0 then
      return function(...) return f(...) end
    end
    return function(...)
      local args, m = {}, select("#", ...)
      for i = 1, n do args[i] = bound[i] end
      for i = 1, m do args[n + i] = (select(i, ...)) end
      return f(unpack(args, 1, n + m))
    end
  end
end

-- Anchors: a point kept as a value and set on regions later (point and relative point default
-- to TOPLEFT, offsets to 0).
AnchorMixin = {}
function AnchorMixin:Init(point, relativeTo, relativePoint, x, y)
  self:Set(point, relativeTo, relativePoint, x, y)
end
function AnchorMixin:Set(point, relativeTo, relativePoint, x, y)
  self.point, self.relativeTo, self.relativePoint, self.x, self.y = point, relativeTo, relativePoint, x, y
end
function AnchorMixin:SetRelativeTo(relativeTo) self.relativeTo = relativeTo end
function AnchorMixin:GetRelativeTo() return self.relativeTo end
function AnchorMixin:SetOffsets(x, y) self.x, self.y = x, y end
function AnchorMixin:SetFromPoint(region, index) self:Set(region:GetPoint(index)) end
function AnchorMixin:Get()
  return self.point or "TOPLEFT", self.relativeTo, self.relativePoint or "TOPLEFT", self.x or 0, self.y or 0
end
function AnchorMixin:SetPoint(region, clearAllPoints)
  self:SetPointWithExtraOffset(region, clearAllPoints, 0, 0)
end
function AnchorMixin:SetPointWithExtraOffset(region, clearAllPoints, dx, dy)
  if clearAllPoints then
    region:ClearAllPoints()
  end
  local point, relativeTo, relativePoint, x, y = self:Get()
  region:SetPoint(point, relativeTo, relativePoint, x + dx, y + dy)
end
function CreateAnchor(point, relativeTo, relativePoint, x, y)
  return CreateAndInitFromMixin(AnchorMixin, point, relativeTo, relativePoint or point, x or 0, y or 0)
end
AnchorUtil = AnchorUtil or {}
function AnchorUtil.CreateAnchor(...)
  return CreateAndInitFromMixin(AnchorMixin, ...)
end
function AnchorUtil.CreateAnchorFromPoint(region, index)
  local anchor = AnchorUtil.CreateAnchor()
  anchor:SetFromPoint(region, index)
  return anchor
end

-- Grid layouts: regions laid out in rows of `stride` cells (columns of them when column
-- based), each placed from the initial anchor. A column is as wide as its widest region, a
-- narrower region sits at its column's far end; a row is as tall as its tallest region, a
-- shorter one is centred in it. Paddings separate cells and rows; the multipliers give the
-- directions (the primary axis is x, or y when column based; secondary the other).
-- Only the standard (one region per cell) layouts are here.
GridLayoutUtil = {}
function GridLayoutUtil.CreateGridLayout()
  return {
    primarySizePadding = 0,
    secondarySizePadding = 0,
    primaryMultiplier = 1,
    secondaryMultiplier = -1,
    isColumnBased = false,
  }
end
function GridLayoutUtil.CreateStandardGridLayout(stride, xPadding, yPadding, xMultiplier, yMultiplier, isColumnBased)
  local layout = GridLayoutUtil.CreateGridLayout()
  layout.stride = stride
  layout.primarySizePadding = xPadding or layout.primarySizePadding
  layout.secondarySizePadding = yPadding or layout.secondarySizePadding
  layout.primaryMultiplier = xMultiplier or layout.primaryMultiplier
  layout.secondaryMultiplier = yMultiplier or layout.secondaryMultiplier
  layout.isColumnBased = isColumnBased
  return layout
end
function GridLayoutUtil.CreateVerticalGridLayout(stride, xPadding, yPadding, xMultiplier, yMultiplier)
  return GridLayoutUtil.CreateStandardGridLayout(stride, yPadding, xPadding, yMultiplier, xMultiplier, true)
end
function GridLayoutUtil.ApplyGridLayout(regions, initialAnchor, layout)
  local count = #regions
  if count == 0 then
    return
  end
  local stride = layout.stride
  if type(stride) ~= "number" or stride < 1 then
    error("GridLayoutUtil.ApplyGridLayout: the layout has no stride (only standard grid layouts are supported)", 2)
  end
  local columnBased = layout.isColumnBased
  local primarySize = layout.primarySizeCalculator or (columnBased and regions[1].GetHeight or regions[1].GetWidth)
  local secondarySize = layout.secondarySizeCalculator or (columnBased and regions[1].GetWidth or regions[1].GetHeight)
  local pmul, smul = layout.primaryMultiplier, layout.secondaryMultiplier
  -- Widest region of each column, tallest of each row.
  local columnSize, rowSize = {}, {}
  for i = 1, count do
    local column, row = (i - 1) % stride + 1, math.floor((i - 1) / stride) + 1
    columnSize[column] = math.max(columnSize[column] or 0, primarySize(regions[i]))
    rowSize[row] = math.max(rowSize[row] or 0, secondarySize(regions[i]))
  end
  local secondaryOffset = 0
  for row = 1, #rowSize do
    local primaryOffset = 0
    for column = 1, stride do
      local region = regions[(row - 1) * stride + column]
      if not region then
        break
      end
      if column > 1 then
        primaryOffset = primaryOffset + layout.primarySizePadding * pmul
      end
      local size = primarySize(region)
      primaryOffset = primaryOffset + (columnSize[column] - size) * pmul
      local centre = (rowSize[row] - secondarySize(region)) / 2 * smul
      if columnBased then
        initialAnchor:SetPointWithExtraOffset(region, true, secondaryOffset + centre, primaryOffset)
      else
        initialAnchor:SetPointWithExtraOffset(region, true, primaryOffset, secondaryOffset + centre)
      end
      primaryOffset = primaryOffset + size * pmul
    end
    secondaryOffset = secondaryOffset + (rowSize[row] + layout.secondarySizePadding) * smul
  end
end

-- The retail client's UI names the sound function of `C_Sound` as a global (the API's
-- namespaces are installed after the base, so the global finds it when called); Classic
-- clients have their own global.
if WOW_PROJECT_ID == WOW_PROJECT_MAINLINE and not PlaySound then
  function PlaySound(...)
    return C_Sound.PlaySound(...)
  end
end

-- The options panels' check button: the standard check button, a little smaller, with the
-- client's check and uncheck sounds (sound kits 856 and 857) on click.
local checkButton = template("UICheckButtonTemplate")
template("OptionsBaseCheckButtonTemplate", function(self)
  checkButton(self)
  self:SetSize(26, 26)
  self:SetScript("OnClick", function(button)
    PlaySound(button:GetChecked() and 856 or 857)
  end)
end)

-- The input box's look alone (no scripts): its font and the left, right and middle pieces
-- of its border (no client art in the base: the pieces have no file).
template("InputBoxVisualTemplate", function(self)
  self:SetFontObject("ChatFontNormal")
  local left, right, middle = self:CreateTexture(nil, "BACKGROUND"), self:CreateTexture(nil, "BACKGROUND"), self:CreateTexture(nil, "BACKGROUND")
  left:SetSize(8, 20)
  left:SetPoint("LEFT", -5, 0)
  right:SetSize(8, 20)
  right:SetPoint("RIGHT", 0, 0)
  middle:SetSize(10, 20)
  middle:SetPoint("LEFT", left, "RIGHT")
  middle:SetPoint("RIGHT", right, "LEFT")
  self.Left, self.Right, self.Middle = left, right, middle
end)

-- A tooltip's title line in white, replacing what it showed.
function GameTooltip_SetTitle(tooltip, text, color, wrap)
  tooltip:ClearLines()
  local r, g, b = 1, 1, 1
  if color then
    r, g, b = color.r, color.g, color.b
  end
  tooltip:AddLine(text, r, g, b, wrap)
end

-- Menu descriptions: what a dropdown's generator describes (buttons, radios, checkboxes,
-- titles, dividers), kept as a tree. The base draws no menu; a description is picked with
-- `Pick` (as a click on its line does) and a dropdown shows the selected texts.
local Description = {}
local DescriptionMeta = { __index = Description }
local function describe(kind, text, isSelected, setSelected, data)
  return setmetatable({
    kind = kind, text = text, isSelected = isSelected, setSelected = setSelected, data = data,
    elements = {}, initializers = {}, enabled = true,
  }, DescriptionMeta)
end
function Description:Insert(description)
  table.insert(self.elements, description)
  return description
end
function Description:CreateButton(text, callback, data)
  return self:Insert(describe("button", text, nil, callback, data))
end
function Description:CreateRadio(text, isSelected, setSelected, data)
  return self:Insert(describe("radio", text, isSelected, setSelected, data))
end
function Description:CreateCheckbox(text, isSelected, setSelected, data)
  return self:Insert(describe("checkbox", text, isSelected, setSelected, data))
end
function Description:CreateTitle(text) return self:Insert(describe("title", text)) end
function Description:CreateDivider() return self:Insert(describe("divider")) end
function Description:CreateSpacer() return self:Insert(describe("spacer")) end
function Description:EnumerateElementDescriptions() return ipairs(self.elements) end
function Description:HasElements() return #self.elements > 0 end
function Description:AddInitializer(f) table.insert(self.initializers, f) end
function Description:SetScrollMode(extent) self.scrollExtent = extent end
function Description:SetMinimumWidth(width) self.minimumWidth = width end
function Description:GetMinimumWidth() return self.minimumWidth end
function Description:SetTag(tag, contextData) self.tag, self.contextData = tag, contextData end
function Description:GetTag() return self.tag, self.contextData end
function Description:SetData(data) self.data = data end
function Description:GetData() return self.data end
function Description:SetEnabled(enabled) self.enabled = enabled end
function Description:IsEnabled() return self.enabled ~= false end
function Description:SetTooltip(f) self.tooltip = f end
function Description:SetSelectionIgnored() self.selectionIgnored = true end
function Description:IsSelectionIgnored() return self.selectionIgnored == true end
function Description:IsRadio() return self.kind == "radio" end
function Description:IsSelected()
  return self.isSelected ~= nil and self.isSelected(self.data) and true or false
end
-- Runs the line's response, as a click on it does; answers whether it responded.
function Description:Pick(inputContext, buttonName)
  if not self:IsEnabled() or not self.setSelected then
    return false
  end
  self.setSelected(self.data, inputContext, nil, buttonName)
  return true
end
-- The selected radios and checkboxes under a description, depth first.
local function selections(description, out)
  for _, element in description:EnumerateElementDescriptions() do
    if element:IsSelected() then
      table.insert(out, element)
    end
    selections(element, out)
  end
  return out
end

-- The dropdown button (the `DropdownButton` intrinsic): a generator fills a new description
-- each time the menu is generated (when set up while shown, on show, on opening).
DropdownButtonMixin = CreateFromMixins(CallbackRegistryMixin)
DropdownButtonMixin:GenerateCallbackEvents({ "OnUpdate", "OnMenuOpen", "OnMenuClose" })
function DropdownButtonMixin:SetupMenu(generator)
  assert(type(generator) == "function", "DropdownButtonMixin:SetupMenu(generator): argument is not a function.")
  self.menuGenerator = generator
  if self:IsShown() then
    self:GenerateMenu()
  end
end
function DropdownButtonMixin:GenerateMenu()
  if not self.menuGenerator then
    return
  end
  local root = describe("root")
  self.menuGenerator(self, root)
  self.menuDescription = root
  if (root:GetMinimumWidth() or 0) == 0 then
    root:SetMinimumWidth(self:GetWidth())
  end
  self:SignalUpdate()
end
function DropdownButtonMixin:GetMenuDescription() return self.menuDescription end
function DropdownButtonMixin:HasElements()
  return self.menuDescription and self.menuDescription:HasElements() or false
end
function DropdownButtonMixin:IsMenuOpen() return self.menuOpen == true end
function DropdownButtonMixin:OpenMenu()
  if not self:IsEnabled() or self:IsMenuOpen() then
    return
  end
  self:GenerateMenu()
  if self.menuDescription then
    self.menuOpen = true
    self:TriggerEvent("OnMenuOpen", self)
  end
end
function DropdownButtonMixin:CloseMenu()
  if self.menuOpen then
    self.menuOpen = nil
    self:TriggerEvent("OnMenuClose", self)
  end
  self:SignalUpdate()
end
function DropdownButtonMixin:SetMenuOpen(open)
  if open then self:OpenMenu() else self:CloseMenu() end
end
function DropdownButtonMixin:ClearMenuState()
  self.menuDescription, self.menuGenerator = nil, nil
  self:CloseMenu()
end
function DropdownButtonMixin:SignalUpdate()
  local current = self.menuDescription and selections(self.menuDescription, {}) or {}
  self:TriggerEvent("OnUpdate", nil, nil, current)
  self:UpdateToMenuSelections(self.menuDescription, current)
end
DropdownButtonMixin.Update = DropdownButtonMixin.SignalUpdate
function DropdownButtonMixin:UpdateToMenuSelections() end
function DropdownButtonMixin:Pick(description, inputContext, buttonName)
  if description and description:Pick(inputContext, buttonName) then
    self:SignalUpdate()
    return true
  end
  return false
end
function DropdownButtonMixin:CollectSelectionData()
  return self.menuDescription and selections(self.menuDescription, {}) or {}
end
function DropdownButtonMixin:GetSelectionData()
  return self:CollectSelectionData()[1]
end
-- The older dropdown toggle (the `DropDownToggleButton` intrinsic): a button that reacts to
-- the left button's press and release, and claims a global left press (so an open menu stays).
DropDownToggleButtonMixin = DropDownToggleButtonMixin or {}
function DropDownToggleButtonMixin:OnLoad_Intrinsic()
  self:RegisterForMouse("LeftButtonDown", "LeftButtonUp")
end
function DropDownToggleButtonMixin:HandlesGlobalMouseEvent(button, event)
  return button == "LeftButton" and event == "GLOBAL_MOUSE_DOWN"
end
template("DropDownToggleButton", function(self)
  Mixin(self, DropDownToggleButtonMixin)
  self:OnLoad_Intrinsic()
end)
template("DropdownButton", function(self)
  Mixin(self, DropdownButtonMixin)
  CallbackRegistryMixin.OnLoad(self)
  self:SetScript("OnMouseDown", function(button)
    button:SetMenuOpen(not button:IsMenuOpen())
  end)
end)

-- The common dropdown: it shows the texts of its selected lines (joined by ", "), else its
-- default text, unless the addon overrode the text; a tooltip function shows on enter.
WowStyle1DropdownMixin = {}
function WowStyle1DropdownMixin:GetText() return self.text end
function WowStyle1DropdownMixin:SetText(text)
  self.text = text
  self:UpdateText()
end
function WowStyle1DropdownMixin:UpdateText() self.Text:SetText(self.text or self.defaultText) end
function WowStyle1DropdownMixin:GetDefaultText() return self.defaultText end
function WowStyle1DropdownMixin:SetDefaultText(text)
  self.defaultText = text
  self:UpdateText()
end
function WowStyle1DropdownMixin:SetSelectionTranslator(f) self.selectionTranslator = f end
function WowStyle1DropdownMixin:SetSelectionText(f) self.selectionFunc = f end
function WowStyle1DropdownMixin:OverrideText(text)
  if text then
    self.disableSelectionText = true
    self:SetText(text)
  end
end
function WowStyle1DropdownMixin:UpdateToMenuSelections(description, current)
  if self.disableSelectionText then
    return
  end
  current = current or (description and selections(description, {}))
  local text = self.selectionFunc and self.selectionFunc(current) or nil
  if text == nil and current then
    local texts = {}
    for _, selection in ipairs(current) do
      if not selection:IsSelectionIgnored() then
        table.insert(texts, self.selectionTranslator and self.selectionTranslator(selection) or selection.text)
      end
    end
    if #texts > 0 then
      text = self.dontConcatenateText and texts[1] or table.concat(texts, ", ")
    end
  end
  self:SetText(text or self.defaultText)
end
function WowStyle1DropdownMixin:SetTooltip(f) self.tooltipFunc = f end
template("WowStyle1DropdownTemplate", function(self)
  Mixin(self, WowStyle1DropdownMixin)
  self:SetSize(120, 25)
  local background = self:CreateTexture(nil, "BACKGROUND")
  background:SetPoint("TOPLEFT", -8, 7)
  background:SetPoint("BOTTOMRIGHT", 8, -9)
  local arrow = self:CreateTexture(nil, "OVERLAY")
  arrow:SetSize(25, 25)
  arrow:SetPoint("RIGHT", 1, -3)
  local text = self:CreateFontString(nil, "OVERLAY", "GameFontHighlight")
  text:SetHeight(10)
  text:SetJustifyH("LEFT")
  text:SetWordWrap(false)
  text:SetPoint("TOPRIGHT", arrow, "LEFT")
  text:SetPoint("TOPLEFT", 8, -8)
  self.Background, self.Arrow, self.Text = background, arrow, text
  self:SetScript("OnShow", function(dropdown) dropdown:GenerateMenu() end)
  self:SetScript("OnEnter", function(dropdown)
    if dropdown.tooltipFunc then
      GameTooltip:SetOwner(dropdown, "ANCHOR_RIGHT")
      dropdown.tooltipFunc(GameTooltip)
      GameTooltip:Show()
    end
  end)
  self:SetScript("OnLeave", function(dropdown)
    if GameTooltip:GetOwner() == dropdown then
      GameTooltip:Hide()
    end
  end)
end)

-- Menus made on the spot (every flavour's UI has them): `MenuUtil.CreateContextMenu(owner, generator)` fills a new
-- description as a dropdown's generator does and opens it (the open menu is `Menu.GetOpenMenu`;
-- no menu is drawn, a line is chosen with `Pick`); `Menu.ModifyMenu(tag, f)` registers a
-- function called with each menu of that tag when it is generated.
do
  Menu = Menu or {}
  local modifiers, open = {}, nil
  function Menu.ModifyMenu(tag, f)
    modifiers[tag] = modifiers[tag] or {}
    table.insert(modifiers[tag], f)
  end
  function Menu.GetOpenMenu()
    return open
  end
  function Menu.GetManager()
    return Menu
  end
  local function openMenu(owner, root)
    local tag, contextData = root:GetTag()
    for _, f in ipairs(tag and modifiers[tag] or {}) do
      f(owner, root, contextData)
    end
    open = { owner = owner, description = root }
    function open:Close()
      if open == self then
        open = nil
      end
    end
    function open:GetDescription()
      return self.description
    end
    return open
  end
  MenuUtil = MenuUtil or {}
  function MenuUtil.CreateRootMenuDescription()
    return describe("root")
  end
  function MenuUtil.CreateContextMenu(owner, generator, ...)
    local root = describe("root")
    generator(owner, root, ...)
    return openMenu(owner, root)
  end
  -- The list menus: each argument after the callbacks is one element's table, unpacked into
  -- the element's maker ({ text, onClick, data } for buttons, { text, data } otherwise); a
  -- dropdown gets them as its menu, a context menu opens with them.
  local function inserting(make, entries)
    return function(_, root)
      for _, entry in ipairs(entries) do
        root:Insert(make(unpack(entry)))
      end
    end
  end
  local function listMenus(kind, make)
    MenuUtil["Create" .. kind .. "Menu"] = function(dropdown, ...)
      local maker, entries = make(...)
      dropdown:SetupMenu(inserting(maker, entries))
    end
    MenuUtil["Create" .. kind .. "ContextMenu"] = function(owner, ...)
      local maker, entries = make(...)
      return MenuUtil.CreateContextMenu(owner, inserting(maker, entries))
    end
  end
  listMenus("Button", function(...)
    return function(text, onClick, data) return MenuUtil.CreateButton(text, onClick, data) end, { ... }
  end)
  listMenus("Checkbox", function(isSelected, setSelected, ...)
    return function(text, data) return MenuUtil.CreateCheckbox(text, isSelected, setSelected, data) end, { ... }
  end)
  listMenus("Radio", function(isSelected, setSelected, ...)
    return function(text, data) return MenuUtil.CreateRadio(text, isSelected, setSelected, data) end, { ... }
  end)
  -- An enumeration's values as radio entries, in `order` or by value, named by `translate`.
  local function enumEntries(enum, translate, order)
    local entries = {}
    if order then
      for _, value in ipairs(order) do
        entries[#entries + 1] = { translate(value), value }
      end
    else
      local values = {}
      for _, value in pairs(enum) do
        values[#values + 1] = value
      end
      table.sort(values)
      for _, value in ipairs(values) do
        entries[#entries + 1] = { translate(value), value }
      end
    end
    return entries
  end
  function MenuUtil.CreateEnumRadioMenu(dropdown, enum, translate, isSelected, setSelected, order)
    return MenuUtil.CreateRadioMenu(dropdown, isSelected, setSelected, unpack(enumEntries(enum, translate, order)))
  end
  function MenuUtil.CreateEnumRadioContextMenu(owner, enum, translate, isSelected, setSelected, order)
    return MenuUtil.CreateRadioContextMenu(owner, isSelected, setSelected, unpack(enumEntries(enum, translate, order)))
  end
  function MenuUtil.CreateButton(text, callback, data)
    return describe("button", text, nil, callback, data)
  end
  function MenuUtil.CreateCheckbox(text, isSelected, setSelected, data)
    return describe("checkbox", text, isSelected, setSelected, data)
  end
  function MenuUtil.CreateRadio(text, isSelected, setSelected, data)
    return describe("radio", text, isSelected, setSelected, data)
  end
  function MenuUtil.CreateTitle(text)
    return describe("title", text)
  end
  function MenuUtil.CreateDivider()
    return describe("divider")
  end
  function MenuUtil.ShowTooltip(owner, func, ...)
    GameTooltip:SetOwner(owner, "ANCHOR_RIGHT")
    func(GameTooltip, ...)
    GameTooltip:Show()
  end
  function MenuUtil.HideTooltip(owner)
    if GameTooltip:GetOwner() == owner then
      GameTooltip:Hide()
    end
  end
  function MenuUtil.GetElementText(description)
    return description.text
  end
  function MenuUtil.SetElementText(description, text)
    description.text = text
  end
end
