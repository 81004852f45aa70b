-- wow-sim built-in base: the client's scroll boxes as addons build them at load time: a data
-- provider (`CreateDataProvider`), a linear list view (`CreateScrollBoxListLinearView`: an
-- element initializer and extent), the `WowScrollBoxList`/`WowScrollBox` frames and the
-- `MinimalScrollBar`/`WowTrimScrollBar` bars, tied by `ScrollUtil.InitScrollBoxListWithScrollBar`.
-- A list box makes one element frame per data element that fits its height (from the element
-- template, initialized with its data); scrolling moves which elements those are.
-- Written for wow-sim from the documented behaviour. Receives `template`.
local template = ...

-- ---- data provider ----
DataProviderMixin = DataProviderMixin or CreateFromMixins(CallbackRegistryMixin)
DataProviderMixin.Event = { OnSizeChanged = "OnSizeChanged", OnInsert = "OnInsert",
  OnRemove = "OnRemove", OnSort = "OnSort" }
function DataProviderMixin:Init(tbl)
  CallbackRegistryMixin.OnLoad(self)
  self.collection = {}
  if tbl then
    self:InsertTable(tbl)
  end
end
function DataProviderMixin:GetSize()
  return #self.collection
end
function DataProviderMixin:IsEmpty()
  return #self.collection == 0
end
function DataProviderMixin:Insert(...)
  for i = 1, select("#", ...) do
    table.insert(self.collection, (select(i, ...)))
  end
  self:Sort()
  self:TriggerEvent(DataProviderMixin.Event.OnSizeChanged)
end
function DataProviderMixin:InsertTable(tbl)
  for _, v in ipairs(tbl) do
    table.insert(self.collection, v)
  end
  self:Sort()
  self:TriggerEvent(DataProviderMixin.Event.OnSizeChanged)
end
function DataProviderMixin:Remove(elementData)
  tDeleteItem(self.collection, elementData)
  self:TriggerEvent(DataProviderMixin.Event.OnSizeChanged)
end
function DataProviderMixin:RemoveIndex(index)
  table.remove(self.collection, index)
  self:TriggerEvent(DataProviderMixin.Event.OnSizeChanged)
end
function DataProviderMixin:Flush()
  self.collection = {}
  self:TriggerEvent(DataProviderMixin.Event.OnSizeChanged)
end
function DataProviderMixin:Find(index)
  return self.collection[index]
end
function DataProviderMixin:FindIndex(elementData)
  return tIndexOf(self.collection, elementData)
end
function DataProviderMixin:FindElementDataByPredicate(pred)
  for _, v in ipairs(self.collection) do
    if pred(v) then
      return v
    end
  end
end
function DataProviderMixin:ContainsByPredicate(pred)
  return self:FindElementDataByPredicate(pred) ~= nil
end
function DataProviderMixin:Enumerate(first, last)
  local i = (first or 1) - 1
  last = last or #self.collection
  return function()
    i = i + 1
    if i <= last and self.collection[i] ~= nil then
      return i, self.collection[i]
    end
  end
end
function DataProviderMixin:ForEach(func)
  for _, v in ipairs(self.collection) do
    func(v)
  end
end
function DataProviderMixin:GetCollection()
  return self.collection
end
function DataProviderMixin:SetSortComparator(cmp, skipSort)
  self.sortComparator = cmp
  if not skipSort then
    self:Sort()
  end
end
function DataProviderMixin:Sort()
  if self.sortComparator then
    table.sort(self.collection, self.sortComparator)
    self:TriggerEvent(DataProviderMixin.Event.OnSort)
  end
end
function CreateDataProvider(tbl)
  local p = CreateFromMixins(DataProviderMixin)
  p:Init(tbl)
  return p
end
function CreateIndexRangeDataProvider(size)
  local t = {}
  for i = 1, size do
    t[i] = i
  end
  return CreateDataProvider(t)
end

-- ---- views ----
ScrollBoxListLinearViewMixin = ScrollBoxListLinearViewMixin or {}
local View = ScrollBoxListLinearViewMixin
function View:SetElementInitializer(frameTemplate, initializer)
  self.frameTemplate, self.initializer = frameTemplate, initializer
end
function View:SetElementResetter(resetter)
  self.resetter = resetter
end
function View:SetElementFactory(factory)
  self.factory = factory
end
function View:SetElementExtent(extent)
  self.extent = extent
end
function View:SetElementExtentCalculator(calc)
  self.extentCalculator = calc
end
function View:GetElementExtent()
  return self.extent
end
function View:SetPadding(top, bottom, left, right, spacing)
  self.padding = { top = top or 0, bottom = bottom or 0, left = left or 0, right = right or 0,
    spacing = spacing or 0 }
end
function View:GetPadding()
  return self.padding
end
-- How far one step of the mouse wheel scrolls (else one element), and the view's own extent.
function View:SetPanExtent(extent)
  self.panExtent = extent
end
function View:SetMaxPanExtent(extent)
  self.maxPanExtent = extent
end
function View:GetPanExtent()
  return self.panExtent or self:GetElementExtent()
end
function View:SetExtent(extent)
  self.viewExtent = extent
end
function View:GetExtent()
  return self.viewExtent or 0
end
function View:SetDataProvider(provider)
  self.dataProvider = provider
end
function View:GetDataProvider()
  return self.dataProvider
end
function CreateScrollBoxListLinearView(top, bottom, left, right, spacing)
  local v = CreateFromMixins(View)
  v:SetPadding(top, bottom, left, right, spacing)
  v.extent = 20
  return v
end
CreateScrollBoxLinearView = CreateScrollBoxLinearView or function(top, bottom, left, right, spacing)
  local v = CreateScrollBoxListLinearView(top, bottom, left, right, spacing)
  v.isLinear = true
  return v
end

-- ---- scroll boxes ----
BaseScrollBoxEvents = BaseScrollBoxEvents or { "OnScroll", "OnSizeChanged", "OnAllowScrollChanged",
  "OnLayout" }
ScrollBoxListMixin = ScrollBoxListMixin or CreateFromMixins(CallbackRegistryMixin)
local Box = ScrollBoxListMixin
Box.Event = { OnScroll = "OnScroll", OnLayout = "OnLayout", OnDataRangeChanged = "OnDataRangeChanged",
  OnAcquiredFrame = "OnAcquiredFrame", OnInitializedFrame = "OnInitializedFrame",
  OnReleasedFrame = "OnReleasedFrame" }
local function elementExtent(view, data, index)
  if view.extentCalculator then
    return view.extentCalculator(index, data)
  end
  return view.extent or 20
end
-- A new element frame from the view's template: of the XML template's type, else a Button (a
-- Frame when the template is not for buttons); a template that does not exist is an error.
local function acquire(parent, tmpl)
  local info = tmpl and C_XMLUtil and C_XMLUtil.GetTemplateInfo(tmpl)
  if info then
    return CreateFrame(info.type, nil, parent, tmpl)
  end
  local ok, f = pcall(CreateFrame, "Button", nil, parent, tmpl)
  if ok then
    return f
  end
  return CreateFrame("Frame", nil, parent, tmpl)
end
-- Lays out the element frames that fit, from the scrolled-to element on.
function Box:wowsimLayout()
  local view, provider = self.view, self.dataProvider
  for _, f in ipairs(self.frames) do
    f:Hide()
    f:ClearAllPoints()
    self.free[#self.free + 1] = f
  end
  self.frames = {}
  if not view or not provider then
    return
  end
  local pad = view.padding or { top = 0, bottom = 0, left = 0, right = 0, spacing = 0 }
  local height = math.max(self:GetHeight(), 1)
  local y = pad.top
  local first = self.firstIndex or 1
  for i = first, provider:GetSize() do
    if y > height then
      break
    end
    local data = provider:Find(i)
    local f = table.remove(self.free)
    if not f then
      local tmpl = view.frameTemplate
      if view.factory then
        view.factory(function(t, init)
          tmpl, view.initializer = t, init
        end, data)
      end
      f = acquire(self.ScrollTarget, tmpl)
      self:TriggerEvent(Box.Event.OnAcquiredFrame, f, data, true)
    end
    local extent = elementExtent(view, data, i)
    f:SetPoint("TOPLEFT", self.ScrollTarget, "TOPLEFT", pad.left, -y)
    f:SetPoint("TOPRIGHT", self.ScrollTarget, "TOPRIGHT", -pad.right, -y)
    f:SetHeight(extent)
    f:Show()
    f.wowsimElementData, f.wowsimIndex = data, i
    if view.initializer then
      view.initializer(f, data)
    end
    self:TriggerEvent(Box.Event.OnInitializedFrame, f, data)
    self.frames[#self.frames + 1] = f
    y = y + extent + pad.spacing
  end
  self:TriggerEvent(Box.Event.OnLayout)
end
function Box:Init(view)
  self.view = view
  self:wowsimLayout()
end
function Box:SetView(view)
  self.view = view
end
function Box:GetView()
  return self.view
end
function Box:SetDataProvider(provider, retainScrollPosition)
  if self.dataProvider then
    self.dataProvider:UnregisterCallback(DataProviderMixin.Event.OnSizeChanged, self)
  end
  self.dataProvider = provider
  if not retainScrollPosition then
    self.firstIndex = 1
  end
  if provider then
    provider:RegisterCallback(DataProviderMixin.Event.OnSizeChanged, function()
      self:wowsimLayout()
    end, self)
  end
  self:wowsimLayout()
end
function Box:GetDataProvider()
  return self.dataProvider
end
function Box:HasDataProvider()
  return self.dataProvider ~= nil
end
function Box:ClearDataProvider()
  self:SetDataProvider(nil)
end
function Box:FlushDataProvider()
  if self.dataProvider then
    self.dataProvider:Flush()
  end
end
function Box:GetFrames()
  return self.frames
end
function Box:ForEachFrame(func)
  for _, f in ipairs(self.frames) do
    func(f, f.wowsimElementData)
  end
end
function Box:FindFrame(elementData)
  for _, f in ipairs(self.frames) do
    if f.wowsimElementData == elementData then
      return f
    end
  end
end
function Box:FindFrameByPredicate(pred)
  for _, f in ipairs(self.frames) do
    if pred(f, f.wowsimElementData) then
      return f
    end
  end
end
function Box:ScrollToElementDataIndex(index)
  self.firstIndex = math.max(1, index)
  self:wowsimLayout()
  self:TriggerEvent(Box.Event.OnScroll, self:GetScrollPercentage())
end
function Box:ScrollToElementData(elementData)
  local i = self.dataProvider and self.dataProvider:FindIndex(elementData)
  if i then
    self:ScrollToElementDataIndex(i)
  end
end
function Box:GetScrollPercentage()
  local n = self.dataProvider and self.dataProvider:GetSize() or 0
  if n <= 1 then
    return 0
  end
  return ((self.firstIndex or 1) - 1) / (n - 1)
end
function Box:SetScrollPercentage(p)
  local n = self.dataProvider and self.dataProvider:GetSize() or 0
  self:ScrollToElementDataIndex(math.floor(p * math.max(0, n - 1) + 0.5) + 1)
end
function Box:ScrollToBegin()
  self:ScrollToElementDataIndex(1)
end
function Box:ScrollToEnd()
  self:SetScrollPercentage(1)
end
function Box:FullUpdate()
  self:wowsimLayout()
end
Box.Layout = Box.FullUpdate
function Box:GetScrollTarget()
  return self.ScrollTarget
end
function Box:SetPanExtent(extent)
  self.panExtent = extent
end
function Box:HasScrollableExtent()
  local n = self.dataProvider and self.dataProvider:GetSize() or 0
  return #self.frames < n
end
function Box:SetInterpolateScroll() end
function Box:SetAlignmentOverlapIgnored() end

-- Mixes `mixin` in, keeping the callback events the object had (an EventFrame's) beside the
-- mixin's own.
local function mixinWithEvents(self, mixin)
  local had = self.Event
  Mixin(self, mixin)
  self.Event = Mixin({}, had or {}, mixin.Event)
  if not self.callbackLists then
    CallbackRegistryMixin.OnLoad(self)
  end
end

local function scrollBox(self)
  mixinWithEvents(self, Box)
  self.frames, self.free = {}, {}
  self.ScrollTarget = CreateFrame("Frame", nil, self)
  self.ScrollTarget:SetAllPoints()
  self:HookScript("OnSizeChanged", function(box)
    box:wowsimLayout()
  end)
end
template("WowScrollBoxList", scrollBox)
template("WowScrollBox", scrollBox)

-- ---- scroll bars ----
ScrollBarMixin = ScrollBarMixin or CreateFromMixins(CallbackRegistryMixin)
local Bar = ScrollBarMixin
Bar.Event = { OnScroll = "OnScroll", OnAllowScrollChanged = "OnAllowScrollChanged" }
function Bar:SetScrollPercentage(p)
  self.scrollPercentage = math.max(0, math.min(1, p))
  self:TriggerEvent(Bar.Event.OnScroll, self.scrollPercentage)
end
function Bar:GetScrollPercentage()
  return self.scrollPercentage or 0
end
function Bar:SetHideIfUnscrollable(hide)
  self.hideIfUnscrollable = hide
end
function Bar:SetHideTrackIfThumbExceedsTrack() end
-- The base draws no thumb to drag: it is never held down.
function Bar:IsThumbMouseDown()
  return false
end
function Bar:SetInterpolateScroll() end
function Bar:SetPanExtent(extent)
  self.panExtent = extent
end
function Bar:SetPanExtentPercentage(p)
  self.panExtentPercentage = p
end
function Bar:ScrollStepInDirection(direction)
  self:SetScrollPercentage(self:GetScrollPercentage() + direction * (self.panExtentPercentage or 0.1))
end
local function scrollBar(self)
  mixinWithEvents(self, Bar)
  self:SetWidth(self:GetWidth() > 0 and self:GetWidth() or 8)
end
template("MinimalScrollBar", scrollBar)
template("WowTrimScrollBar", scrollBar)
template("WowClassicScrollBar", scrollBar)

-- Ties a box and a bar: scrolling one moves the other; the view gives the box its elements.
ScrollUtil = ScrollUtil or {}
function ScrollUtil.RegisterScrollBoxWithScrollBar(box, bar)
  if bar.RegisterCallback then
    bar:RegisterCallback(Bar.Event.OnScroll, function(_, p)
      if math.abs(box:GetScrollPercentage() - p) > 1e-6 then
        box:SetScrollPercentage(p)
      end
    end, box)
  end
  box:RegisterCallback(Box.Event.OnScroll, function(_, p)
    if bar.SetScrollPercentage and math.abs(bar:GetScrollPercentage() - p) > 1e-6 then
      bar:SetScrollPercentage(p)
    end
  end, bar)
end
function ScrollUtil.InitScrollBoxListWithScrollBar(box, bar, view)
  ScrollUtil.RegisterScrollBoxWithScrollBar(box, bar)
  box:Init(view)
end
ScrollUtil.InitScrollBoxWithScrollBar = ScrollUtil.InitScrollBoxListWithScrollBar
function ScrollUtil.AddManagedScrollBarVisibilityBehavior(box, bar)
  local b = {}
  function b:EvaluateVisibility()
    bar:SetShown(box:HasScrollableExtent())
  end
  return b
end
function ScrollUtil.AddInitializedFrameCallback(box, callback, owner)
  box:RegisterCallback(Box.Event.OnInitializedFrame, function(_, f, data)
    callback(owner, f, data)
  end, owner or {})
end
function ScrollUtil.AddAcquiredFrameCallback(box, callback, owner)
  box:RegisterCallback(Box.Event.OnAcquiredFrame, function(_, f, data, new)
    callback(owner, f, data, new)
  end, owner or {})
end
function ScrollUtil.AddReleasedFrameCallback() end
