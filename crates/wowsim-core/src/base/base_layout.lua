-- wow-sim built-in base: the client's layout frames (BaseLayoutFrameTemplate, VerticalLayoutFrame,
-- HorizontalLayoutFrame, ResizeLayoutFrame) and their mixins. Written for wow-sim from what the
-- client's layout frames do; the frame types and anchoring are the engine's. Receives `template`.
--
-- What a layout frame does:
-- * It lays its children out when shown (unless `skipLayoutOnShow`) and, once `MarkDirty` was
--   called, on its next OnUpdate (so only while visible); a dirty layout frame makes its nearest
--   layout-frame ancestor dirty too. Laying out a parent lays out its child layout frames first
--   (unless `skipChildLayout`).
-- * Its children are the shown frames and regions (hidden ones too with
--   `includeAsLayoutChildWhenHidden`) without `ignoreInLayout` (with `ignoreAllChildren`, only
--   those with `includeInLayout`). A vertical or horizontal layout takes only children with a
--   `layoutIndex`, in that order; a resize layout takes every child and keeps its anchors.
-- * A vertical layout stacks its children from the top (`childLayoutDirection` "bottomToTop":
--   from the bottom), `spacing` apart, inside its `leftPadding`/`rightPadding`/`topPadding`/
--   `bottomPadding`; each child's own paddings add around it and its `align` ("center",
--   "right") picks the point it hangs from. A horizontal layout does the same left to right
--   ("rightToLeft"; `align` "center", "bottom"). The frame takes the children's extent plus its
--   paddings, or `fixedWidth`/`fixedHeight` (the larger of the two with `expand`), within
--   `minimumWidth`..`maximumWidth` and `minimumHeight`..`maximumHeight`; a child with `expand`
--   is stretched across the frame. A child layout frame's own paddings are not added twice.
-- * A resize layout takes the size of the box around its children (plus `widthPadding`/
--   `heightPadding`, within the minimums and maximums), or its fixed size.
-- * Retail measures children to the nearest 0.1 unless `usePreciseChildSizes`; Classic's
--   client measures them as they are.
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

local function isLayoutFrame(region)
  return region.IsLayoutFrame ~= nil and region:IsLayoutFrame()
end

local function toTenth(value)
  return math.floor(value * 10 + 0.5) / 10
end

-- `desired` within `minimum`..`maximum` (each optional), unless a fixed size is given.
local function clampSize(desired, fixed, minimum, maximum)
  if fixed then
    return fixed
  end
  local size = desired
  if minimum and size < minimum then
    size = minimum
  end
  if maximum and size > maximum then
    size = maximum
  end
  return size
end

BaseLayoutMixin = BaseLayoutMixin or {}

function BaseLayoutMixin:OnShow()
  if not self.skipLayoutOnShow then
    self:Layout()
  end
end
function BaseLayoutMixin:IsLayoutFrame()
  return true
end
function BaseLayoutMixin:IgnoreLayoutIndex()
  return false
end
function BaseLayoutMixin:MarkIgnoreInLayout(...)
  for i = 1, select("#", ...) do
    local region = select(i, ...)
    if region == nil then
      break
    end
    region.ignoreInLayout = true
  end
end
function BaseLayoutMixin:AddLayoutChildren(children, ...)
  local anyIndex = self:IgnoreLayoutIndex()
  for i = 1, select("#", ...) do
    local region = select(i, ...)
    local wanted = not region.ignoreInLayout and (not self.ignoreAllChildren or region.includeInLayout)
    local present = region:IsShown() or (isRetail and region.includeAsLayoutChildWhenHidden)
    if wanted and present and (anyIndex or region.layoutIndex) then
      children[#children + 1] = region
    end
  end
end
function LayoutIndexComparator(left, right)
  return left.layoutIndex < right.layoutIndex
end
function BaseLayoutMixin:GetAdditionalRegions() end
function BaseLayoutMixin:GetLayoutChildren()
  local children = {}
  self:AddLayoutChildren(children, self:GetChildren())
  self:AddLayoutChildren(children, self:GetRegions())
  self:AddLayoutChildren(children, self:GetAdditionalRegions())
  if not self:IgnoreLayoutIndex() then
    table.sort(children, LayoutIndexComparator)
  end
  return children
end
-- The base mixin has no layout of its own: a derived mixin gives one.
function BaseLayoutMixin:Layout()
  error("BaseLayoutMixin:Layout: a layout frame's mixin must define Layout", 2)
end
function BaseLayoutMixin:OnUpdate()
  if self:IsDirty() then
    self:Layout()
  end
end
-- The frame runs its OnUpdate only while dirty; its nearest layout-frame ancestor becomes dirty
-- too.
function BaseLayoutMixin:MarkDirty()
  self.dirty = true
  self:SetScript("OnUpdate", self.OnUpdate)
  local ancestor = self:GetParent()
  while ancestor do
    if isLayoutFrame(ancestor) then
      ancestor:MarkDirty()
      return
    end
    ancestor = ancestor:GetParent()
  end
end
function BaseLayoutMixin:ShouldClearOnUpdateAfterClean()
  return self:IsDirty() and self.OnUpdate == BaseLayoutMixin.OnUpdate
end
-- A frame whose mixin replaced OnUpdate keeps its script.
function BaseLayoutMixin:MarkClean()
  local clear = self:ShouldClearOnUpdateAfterClean()
  self.dirty = false
  self:OnCleaned()
  if clear then
    self:SetScript("OnUpdate", nil)
  end
end
function BaseLayoutMixin:IsDirty()
  return self.dirty
end
function BaseLayoutMixin:OnCleaned() end
function BaseLayoutMixin:SetFixedWidth(width)
  self.fixedWidth = width
end
function BaseLayoutMixin:SetFixedHeight(height)
  self.fixedHeight = height
end
function BaseLayoutMixin:SetFixedSize(width, height)
  self:SetFixedWidth(width)
  self:SetFixedHeight(height)
end
function BaseLayoutMixin:ClearFixedSize()
  self:SetFixedSize(nil, nil)
end
function BaseLayoutMixin:GetFixedWidth()
  return self.fixedWidth
end
function BaseLayoutMixin:GetFixedHeight()
  return self.fixedHeight
end
function BaseLayoutMixin:GetFixedSize()
  return self.fixedWidth, self.fixedHeight
end
function BaseLayoutMixin:SetWidthPadding(padding)
  self.widthPadding = padding
end
function BaseLayoutMixin:SetHeightPadding(padding)
  self.heightPadding = padding
end
function BaseLayoutMixin:GetWidthPadding()
  return self.widthPadding or 0
end
function BaseLayoutMixin:GetHeightPadding()
  return self.heightPadding or 0
end
function BaseLayoutMixin:GetChildWidth(child)
  local width = child:GetWidth()
  return (isRetail and not self.usePreciseChildSizes) and toTenth(width) or width
end
function BaseLayoutMixin:GetChildHeight(child)
  local height = child:GetHeight()
  return (isRetail and not self.usePreciseChildSizes) and toTenth(height) or height
end
function BaseLayoutMixin:GetChildSize(child)
  return self:GetChildWidth(child), self:GetChildHeight(child)
end

-- ---- vertical and horizontal layouts ----
LayoutMixin = LayoutMixin or CreateFromMixins(BaseLayoutMixin)
function LayoutMixin:GetPadding()
  return self.leftPadding or 0, self.rightPadding or 0, self.topPadding or 0, self.bottomPadding or 0
end
-- A child vertical or horizontal layout frame applies its paddings itself.
function LayoutMixin:GetChildPadding(child)
  if isLayoutFrame(child) and not child:IgnoreLayoutIndex() then
    return 0, 0, 0, 0
  end
  return child.leftPadding or 0, child.rightPadding or 0, child.topPadding or 0, child.bottomPadding or 0
end
-- The fixed size, or the children's with `expand` when they need more.
local function pickSize(expand, fixed, needed)
  if fixed and not (expand and needed > fixed) then
    return fixed
  end
  return needed
end
function LayoutMixin:CalculateFrameSize(childrenWidth, childrenHeight)
  local left, right, top, bottom = self:GetPadding()
  local width = pickSize(self.expand, self:GetFixedWidth(), childrenWidth + left + right)
  local height = pickSize(self.expand, self:GetFixedHeight(), childrenHeight + top + bottom)
  return clampSize(width, nil, self.minimumWidth, self.maximumWidth),
    clampSize(height, nil, self.minimumHeight, self.maximumHeight)
end
function LayoutMixin:Layout()
  local children = self:GetLayoutChildren()
  local width, height, expands = self:LayoutChildren(children)
  local frameWidth, frameHeight = self:CalculateFrameSize(width, height)
  -- A second pass stretches the `expand` children across the size the first one found.
  if expands then
    width, height = self:LayoutChildren(children, frameWidth, frameHeight)
    frameWidth, frameHeight = self:CalculateFrameSize(width, height)
  end
  self:SetSize(frameWidth, frameHeight)
  self:MarkClean()
end

VerticalLayoutMixin = VerticalLayoutMixin or {}
function VerticalLayoutMixin:LayoutChildren(children, expandToWidth)
  local frameLeft, frameRight, frameTop, frameBottom = self:GetPadding()
  local spacing = self.spacing or 0
  local fromBottom = self.childLayoutDirection == "bottomToTop"
  local offset = fromBottom and frameBottom or frameTop
  local totalWidth, totalHeight, expands = 0, 0, false
  for i, child in ipairs(children) do
    if not self.skipChildLayout and isLayoutFrame(child) then
      child:Layout()
    end
    local scale = child:GetScale()
    local width, height = self:GetChildSize(child)
    if self.respectChildScale then
      width, height = width * scale, height * scale
    end
    local left, right, top, bottom = self:GetChildPadding(child)
    if child.expand then
      expands = true
      if expandToWidth then
        width = expandToWidth - left - right - frameLeft - frameRight
        child:SetWidth(width)
        height = self:GetChildHeight(child)
      end
    end
    totalWidth = math.max(totalWidth, width + left + right)
    totalHeight = totalHeight + height + top + bottom + (i > 1 and spacing or 0)
    -- Offsets are in the child's own scale when the layout respects it.
    local unscale = self.respectChildScale and scale or 1
    child:ClearAllPoints()
    offset = offset + (fromBottom and bottom or top)
    local y = fromBottom and offset / unscale or -offset / unscale
    local edge = fromBottom and "BOTTOM" or "TOP"
    if child.align == "right" then
      child:SetPoint(edge .. "RIGHT", -(frameRight + right) / unscale, y)
    elseif child.align == "center" then
      child:SetPoint(edge, (frameLeft - frameRight + left - right) / 2 / unscale, y)
    else
      child:SetPoint(edge .. "LEFT", (frameLeft + left) / unscale, y)
    end
    offset = offset + height + (fromBottom and top or bottom) + spacing
  end
  return totalWidth, totalHeight, expands
end

HorizontalLayoutMixin = HorizontalLayoutMixin or {}
function HorizontalLayoutMixin:LayoutChildren(children, _, expandToHeight)
  local frameLeft, frameRight, frameTop, frameBottom = self:GetPadding()
  local spacing = self.spacing or 0
  local fromRight = self.childLayoutDirection == "rightToLeft"
  local offset = fromRight and frameRight or frameLeft
  local totalWidth, totalHeight, expands = 0, 0, false
  for i, child in ipairs(children) do
    if not self.skipChildLayout and isLayoutFrame(child) then
      child:Layout()
    end
    local width, height = self:GetChildSize(child)
    local left, right, top, bottom = self:GetChildPadding(child)
    if child.expand then
      expands = true
      if expandToHeight then
        height = expandToHeight - top - bottom - frameTop - frameBottom
        child:SetHeight(height)
        width = self:GetChildWidth(child)
      end
    end
    if self.respectChildScale then
      local scale = child:GetScale()
      width, height = width * scale, height * scale
    end
    totalHeight = math.max(totalHeight, height + top + bottom)
    totalWidth = totalWidth + width + left + right + (i > 1 and spacing or 0)
    child:ClearAllPoints()
    offset = offset + (fromRight and right or left)
    local x = fromRight and -offset or offset
    local side = fromRight and "RIGHT" or "LEFT"
    if child.align == "bottom" then
      child:SetPoint("BOTTOM" .. side, x, frameBottom + bottom)
    elseif child.align == "center" then
      child:SetPoint(side, x, -(frameTop - frameBottom + top - bottom) / 2)
    else
      child:SetPoint("TOP" .. side, x, -(frameTop + top))
    end
    offset = offset + width + (fromRight and left or right) + spacing
  end
  return totalWidth, totalHeight, expands
end

-- ---- resize layout ----
ResizeLayoutMixin = ResizeLayoutMixin or CreateFromMixins(BaseLayoutMixin)
function ResizeLayoutMixin:IgnoreLayoutIndex()
  return true
end
function ResizeLayoutMixin:SetMinimumWidth(width)
  self.minimumWidth = width
end
function ResizeLayoutMixin:GetMinimumWidth()
  return self.minimumWidth
end
function ResizeLayoutMixin:SetMaximumWidth(width)
  self.maximumWidth = width
end
function ResizeLayoutMixin:GetMaximumWidth()
  return self.maximumWidth
end
-- The box around the children's rects (in the frame's scale; a child with no rect counts as a
-- 1x1 box at 1,1). A frame with no anchors is placed at UIParent's top left while it measures.
function ResizeLayoutMixin:Layout()
  self:SetSize(1, 1)
  local unanchored = self:GetNumPoints() == 0
  if unanchored then
    self:SetPoint("TOPLEFT", UIParent, "TOPLEFT", 0, 0)
  end
  local scale = self:GetEffectiveScale()
  local minX, maxX, maxY, minY
  for _, child in ipairs(self:GetLayoutChildren()) do
    if not self.skipChildLayout and isLayoutFrame(child) then
      child:Layout()
    end
    local x, y, w, h = child:GetScaledRect()
    if x == nil then
      x, y, w, h = 1, 1, 1, 1
    else
      x, y, w, h = x / scale, y / scale, w / scale, h / scale
    end
    minX = minX and math.min(minX, x) or x
    maxX = maxX and math.max(maxX, x + w) or x + w
    minY = minY and math.min(minY, y) or y
    maxY = maxY and math.max(maxY, y + h) or y + h
  end
  local fixedWidth, fixedHeight = self:GetFixedSize()
  local width, height = 1, 1
  if minX then
    width, height = maxX - minX + self:GetWidthPadding(), maxY - minY + self:GetHeightPadding()
  end
  if fixedWidth and fixedHeight then
    self:SetSize(fixedWidth, fixedHeight)
  else
    self:SetSize(
      clampSize(width, fixedWidth, self.minimumWidth, self.maximumWidth),
      clampSize(height, fixedHeight, self.minimumHeight, self.maximumHeight)
    )
  end
  if unanchored then
    self:ClearAllPoints()
  end
  self:MarkClean()
end

-- The templates: the mixins, and OnShow calling the frame's OnShow method when it has one
-- (looked up when shown, so a mixin the frame adds later counts). BaseLayoutFrameTemplate has
-- no mixin of its own, as the client's: a frame of it gets its methods from its own mixin.
local function layoutTemplate(...)
  local mixins = { ... }
  return function(self)
    for _, mixin in ipairs(mixins) do
      Mixin(self, mixin)
    end
    self:SetScript("OnShow", function(frame)
      local onShow = frame.OnShow
      if onShow then
        onShow(frame)
      end
    end)
  end
end
template("BaseLayoutFrameTemplate", layoutTemplate())
template("VerticalLayoutFrame", layoutTemplate(LayoutMixin, VerticalLayoutMixin))
template("HorizontalLayoutFrame", layoutTemplate(LayoutMixin, HorizontalLayoutMixin))
template("ResizeLayoutFrame", function(self)
  layoutTemplate(ResizeLayoutMixin)(self)
  self:SetSize(1, 1)
end)
