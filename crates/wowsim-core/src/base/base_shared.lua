-- wow-sim built-in base: more of the client's shared UI functions and tables that three or more
-- corpus addons use (docs/base-coverage.md): table helpers, colours, tooltip lines, chat links
-- and message filters, auras, money and number formats, item buttons, fades, the tooltip data
-- processor, player facts, link parsing. Written for wow-sim from the documented behaviour.
-- Receives `template` (defines or answers a Lua template).
local template = ...
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

local function define(name, value)
  if rawget(_G, name) == nil then
    _G[name] = value
  end
end

-- ---- tables ----
define("MergeTable", function(dest, src)
  for k, v in pairs(src) do
    dest[k] = v
  end
  return dest
end)
define("tAppendAll", function(t, add)
  for i = 1, #add do
    t[#t + 1] = add[i]
  end
end)
-- A new table of the entries that pass `pred`; with `isIndexTable` an array, renumbered.
define("tFilter", function(t, pred, isIndexTable)
  local out = {}
  if isIndexTable then
    for _, v in ipairs(t) do
      if pred(v) then
        out[#out + 1] = v
      end
    end
  else
    for k, v in pairs(t) do
      if pred(v) then
        out[k] = v
      end
    end
  end
  return out
end)
define("FindInTableIf", function(t, pred)
  for k, v in pairs(t) do
    if pred(v) then
      return k, v
    end
  end
end)
define("GetKeysArray", function(t)
  local keys = {}
  for k in pairs(t) do
    keys[#keys + 1] = k
  end
  return keys
end)
-- Deep equality of two values, tables compared key by key.
local function compare(a, b, depth)
  if a == b then
    return true
  end
  if type(a) ~= "table" or type(b) ~= "table" or (depth and depth <= 0) then
    return false
  end
  for k, v in pairs(a) do
    if not compare(v, b[k], depth and depth - 1) then
      return false
    end
  end
  for k in pairs(b) do
    if a[k] == nil then
      return false
    end
  end
  return true
end
define("tCompare", compare)
define("SafePack", function(...)
  return { n = select("#", ...), ... }
end)

-- ---- errors and scripts ----
define("CallErrorHandler", function(...)
  return geterrorhandler()(...)
end)
define("ExecuteFrameScript", function(frame, scriptName, ...)
  local script = frame:GetScript(scriptName)
  if script then
    return script(frame, ...)
  end
end)
define("MouseIsOver", function(region, top, bottom, left, right)
  return region:IsMouseOver(top, bottom, left, right)
end)
-- Runs `callback` at the next frame.
define("RunNextFrame", function(callback)
  C_Timer.After(0, callback)
end)

-- ---- colours ----
define("CreateColorFromBytes", function(r, g, b, a)
  return CreateColor(r / 255, g / 255, b / 255, (a or 255) / 255)
end)
-- "AARRGGBB" (or "RRGGBB", opaque).
define("CreateColorFromHexString", function(hex)
  if type(hex) ~= "string" or not (#hex == 8 or #hex == 6) then
    error("CreateColorFromHexString: expected an AARRGGBB string", 2)
  end
  if #hex == 6 then
    hex = "ff" .. hex
  end
  local function byte(i)
    return tonumber(hex:sub(i, i + 1), 16) / 255
  end
  return CreateColor(byte(3), byte(5), byte(7), byte(1))
end)
define("GetClassColor", function(classFile)
  local c = C_ClassColor.GetClassColor(classFile)
  if c then
    return c.r, c.g, c.b, c:GenerateHexColor()
  end
  return 1, 1, 1, "ffffffff"
end)
-- The power bar colours by power token and index (mana, rage, focus, energy, ...).
define("PowerBarColor", {})
do
  local bars = {
    { "MANA", 0, 0, 0, 1 }, { "RAGE", 1, 1, 0, 0 }, { "FOCUS", 2, 1, 0.5, 0.25 },
    { "ENERGY", 3, 1, 1, 0 }, { "COMBO_POINTS", 4, 1, 0.96, 0.41 }, { "RUNES", 5, 0.5, 0.5, 0.5 },
    { "RUNIC_POWER", 6, 0, 0.82, 1 }, { "SOUL_SHARDS", 7, 0.5, 0.32, 0.55 },
    { "LUNAR_POWER", 8, 0.3, 0.52, 0.9 }, { "HOLY_POWER", 9, 0.95, 0.9, 0.6 },
    { "MAELSTROM", 11, 0, 0.5, 1 }, { "INSANITY", 13, 0.4, 0, 0.8 }, { "CHI", 12, 0.71, 1, 0.92 },
    { "ARCANE_CHARGES", 16, 0.1, 0.1, 0.98 }, { "FURY", 17, 0.788, 0.259, 0.992 },
    { "PAIN", 18, 1, 0.612, 0 },
  }
  for _, b in ipairs(bars) do
    local c = { r = b[3], g = b[4], b = b[5] }
    PowerBarColor[b[1]] = PowerBarColor[b[1]] or c
    PowerBarColor[b[2]] = PowerBarColor[b[2]] or c
  end
end
define("GetPowerBarColor", function(powerType)
  return PowerBarColor[powerType] or PowerBarColor.MANA
end)
-- Quest and creature difficulty colours by level difference from the player.
define("QuestDifficultyColors", {
  impossible = { r = 1, g = 0.1, b = 0.1, font = "QuestDifficulty_Impossible" },
  verydifficult = { r = 1, g = 0.5, b = 0.25, font = "QuestDifficulty_VeryDifficult" },
  difficult = { r = 1, g = 1, b = 0, font = "QuestDifficulty_Difficult" },
  standard = { r = 0.25, g = 0.75, b = 0.25, font = "QuestDifficulty_Standard" },
  trivial = { r = 0.5, g = 0.5, b = 0.5, font = "QuestDifficulty_Trivial" },
  header = { r = 0.7, g = 0.7, b = 0.7, font = "QuestDifficulty_Header" },
})
local function difficulty(level)
  local diff = (level or 0) - (UnitLevel("player") or 1)
  local c = QuestDifficultyColors
  if diff >= 5 then
    return c.impossible
  elseif diff >= 3 then
    return c.verydifficult
  elseif diff >= -2 then
    return c.difficult
  elseif -diff <= 10 then
    return c.standard
  end
  return c.trivial
end
define("GetQuestDifficultyColor", difficulty)
define("GetCreatureDifficultyColor", difficulty)
define("GetDifficultyColor", function(d)
  return QuestDifficultyColors[d] or QuestDifficultyColors.standard
end)
define("DebuffTypeColor", {
  none = { r = 0.8, g = 0, b = 0 }, Magic = { r = 0.2, g = 0.6, b = 1 },
  Curse = { r = 0.6, g = 0, b = 1 }, Disease = { r = 0.6, g = 0.4, b = 0 },
  Poison = { r = 0, g = 0.6, b = 0 }, [""] = { r = 0.8, g = 0, b = 0 },
})
define("TextureKitConstants", {
  SetVisibility = true, DoNotSetVisibility = false, UseAtlasSize = true, IgnoreAtlasSize = false,
  AddressModeClamp = 1, AddressModeWrap = 2,
})
define("ScrollBoxConstants", {
  UpdateQueued = false, UpdateImmediately = true, NoScrollInterpolation = true,
  RetainScrollPosition = true, DiscardScrollPosition = false,
  AlignBegin = 0, AlignCenter = 0.5, AlignEnd = 1, AlignNearest = -1,
  ScrollBegin = 0.0001, ScrollEnd = 0.9999, StopIfCompletelyVisible = true,
})
define("NUM_CHAT_WINDOWS", 10)
define("NUM_PET_ACTION_SLOTS", 10)
do
  local inv = Constants and Constants.InventoryConstants or {}
  define("NUM_BAG_SLOTS", inv.NumBagSlots or 4)
  define("NUM_BANKBAGSLOTS", inv.NumBankBagSlots or (isRetail and 7 or 6))
  define("ITEM_INVENTORY_BANK_BAG_OFFSET", isRetail and (inv.NumBagSlots or 4) + 1 or 4)
  define("NUM_BAG_FRAMES", inv.NumBagSlots or 4)
end
-- Constants of the client's UI Lua that three or more corpus addons read (each flavour's value;
-- the containers are `Enum.BagIndex`'s). Defined before the global strings, so none of them
-- becomes a string stand-in.
do
  local bags = Enum and Enum.BagIndex or {}
  define("BACKPACK_CONTAINER", bags.Backpack or 0)
  define("BANK_CONTAINER", bags.Bank or -1)
  define("BOOKTYPE_SPELL", "spell")
  define("BOOKTYPE_PET", "pet")
  define("COOLDOWN_TYPE_LOSS_OF_CONTROL", 1)
  define("COOLDOWN_TYPE_NORMAL", 2)
  define("ATTACHMENTS_MAX_SEND", 12)
  define("ATTACHMENTS_MAX_RECEIVE", 16)
  define("MAX_GUILDBANK_TABS", 8)
  define("BNET_CLIENT_WOW", "WoW")
  define("QUESTION_MARK_ICON", "INTERFACE\\ICONS\\INV_MISC_QUESTIONMARK.BLP")
  define("MAX_TALENT_TABS", isRetail and 4 or 3)
  if isRetail then
    define("ALTERNATE_POWER_INDEX", Enum and Enum.PowerType and Enum.PowerType.Alternate or 10)
    define("CR_MASTERY", 26)
    define("CR_VERSATILITY_DAMAGE_DONE", 29)
    define("CR_VERSATILITY_DAMAGE_TAKEN", 31)
  else
    define("STATICPOPUP_NUMDIALOGS", 4)
  end
  -- The bag slot glow of a new item, by quality.
  local glow = { [0] = "white", "white", "green", "blue", "purple", "orange", "artifact", "heirloom" }
  local byQuality = {}
  for q, name in pairs(glow) do
    byQuality[q] = "bags-glow-" .. name
  end
  define("NEW_ITEM_ATLAS_BY_QUALITY", byQuality)
end

-- Rotates a texture by whole degrees about its centre, clamped to its texture coordinates.
define("SetClampedTextureRotation", function(texture, rotationDegrees)
  local r = math.rad(rotationDegrees or 0)
  local c, s = math.cos(r) * 0.5, math.sin(r) * 0.5
  texture:SetTexCoord(0.5 - c + s, 0.5 - s - c, 0.5 - c - s, 0.5 - s + c,
    0.5 + c + s, 0.5 + s - c, 0.5 + c - s, 0.5 + s + c)
  texture.rotationDegrees = rotationDegrees
end)
-- Steps a sprite sheet (frameWidth x frameHeight cells in a textureWidth x textureHeight file)
-- one cell every `throttle` seconds of `elapsed`.
define("AnimateTexCoords", function(texture, textureWidth, textureHeight, frameWidth, frameHeight,
                                    numFrames, elapsed, throttle)
  texture.frame = texture.frame or 1
  texture.throttle = (texture.throttle or throttle or 0.1) - elapsed
  if texture.throttle <= 0 then
    texture.frame = texture.frame % numFrames + 1
    texture.throttle = throttle or 0.1
  end
  local perRow = math.max(1, math.floor(textureWidth / frameWidth))
  local col = (texture.frame - 1) % perRow
  local row = math.floor((texture.frame - 1) / perRow)
  local w, h = frameWidth / textureWidth, frameHeight / textureHeight
  texture:SetTexCoord(col * w, (col + 1) * w, row * h, (row + 1) * h)
end)
define("SetRaidTargetIconTexture", function(texture, index)
  index = index - 1
  if index >= 0 then
    local col, row = index % 4, math.floor(index / 4)
    texture:SetTexCoord(col * 0.25, (col + 1) * 0.25, row * 0.25, (row + 1) * 0.25)
    texture:Show()
  else
    texture:Hide()
  end
end)

-- ---- numbers, money, time ----
define("FormatLargeNumber", function(n)
  local s = tostring(math.floor(tonumber(n) or 0))
  local sign, digits = s:match("^(-?)(%d+)$")
  if not digits then
    return s
  end
  local out = digits:reverse():gsub("(%d%d%d)", "%1,"):reverse()
  return sign .. out:gsub("^,", "")
end)
define("FormatShortDate", function(day, month, year)
  if year then
    return string.format("%d/%d/%02d", month, day, year % 100)
  end
  return string.format("%d/%d", month, day)
end)
-- Gold, silver and copper with the coin icons, as the client writes amounts of money.
define("GetMoneyString", function(money, separateThousands)
  money = math.floor(money or 0)
  local gold = math.floor(money / 10000)
  local silver = math.floor(money / 100) % 100
  local copper = money % 100
  local icon = "|TInterface\\MoneyFrame\\UI-%sIcon:0:0:2:0|t"
  local parts = {}
  if gold > 0 then
    parts[#parts + 1] = (separateThousands and FormatLargeNumber(gold) or gold) .. icon:format("Gold")
  end
  if silver > 0 then
    parts[#parts + 1] = silver .. icon:format("Silver")
  end
  if copper > 0 or #parts == 0 then
    parts[#parts + 1] = copper .. icon:format("Copper")
  end
  return table.concat(parts, " ")
end)
define("MoneyFrame_Update", function(frameOrName, money)
  local frame = type(frameOrName) == "string" and _G[frameOrName] or frameOrName
  if frame then
    frame.staticMoney = money
    if frame.text or frame.Text then
      (frame.text or frame.Text):SetText(GetMoneyString(money))
    end
  end
end)
define("MoneyInputFrame_GetCopper", function(frame)
  local function n(box)
    return box and tonumber(box:GetText()) or 0
  end
  return n(frame.gold) * 10000 + n(frame.silver) * 100 + n(frame.copper)
end)

-- ---- tooltips ----
define("GameTooltip_Hide", function()
  GameTooltip:Hide()
end)
define("GameTooltip_SetDefaultAnchor", function(tooltip, parent)
  tooltip:SetOwner(parent, "ANCHOR_NONE")
  tooltip:ClearAllPoints()
  tooltip:SetPoint("BOTTOMRIGHT", UIParent, "BOTTOMRIGHT", -13, 64)
end)
local function colored(tooltip, text, color, wrap, leftOffset)
  local r, g, b = color:GetRGB()
  tooltip:AddLine(text, r, g, b, wrap, leftOffset)
end
define("GameTooltip_AddColoredLine", colored)
define("GameTooltip_AddNormalLine", function(tooltip, text, wrap, leftOffset)
  colored(tooltip, text, NORMAL_FONT_COLOR, wrap, leftOffset)
end)
define("GameTooltip_AddHighlightLine", function(tooltip, text, wrap, leftOffset)
  colored(tooltip, text, HIGHLIGHT_FONT_COLOR, wrap, leftOffset)
end)
define("GameTooltip_AddErrorLine", function(tooltip, text, wrap, leftOffset)
  colored(tooltip, text, RED_FONT_COLOR, wrap, leftOffset)
end)
define("GameTooltip_AddInstructionLine", function(tooltip, text, wrap, leftOffset)
  colored(tooltip, text, GREEN_FONT_COLOR, wrap, leftOffset)
end)
define("GameTooltip_AddBlankLineToTooltip", function(tooltip)
  tooltip:AddLine(" ")
end)
define("GameTooltip_AddBlankLinesToTooltip", function(tooltip, count)
  for _ = 1, count or 0 do
    tooltip:AddLine(" ")
  end
end)
-- Where `value` lies from `low` (0) to `high` (1), and that clamped to 0…1.
define("PercentageBetween", function(value, low, high)
  if low == high then
    return 0
  end
  return (value - low) / (high - low)
end)
define("ClampedPercentageBetween", function(value, low, high)
  return Saturate(PercentageBetween(value, low, high))
end)
-- Static popup definitions by name (retail's way of adding and changing one).
define("StaticPopup_AddDefinition", function(which, definition)
  StaticPopupDialogs[which] = definition
end)
define("StaticPopup_SetButtonText", function(which, index, text)
  StaticPopupDialogs[which]["button" .. index] = text
end)
-- Leaves what plays: a cinematic, else a scene that can be cancelled, else the vehicle.
define("CinematicFrame_CancelCinematic", function()
  if CinematicFrame and CinematicFrame.isRealCinematic then
    StopCinematic()
  elseif CanCancelScene and CanCancelScene() then
    CancelScene()
  else
    VehicleExit()
  end
end)
define("GameTooltip_ShowCompareItem", function() end)
define("SharedTooltip_SetBackdropStyle", function(tooltip, style)
  tooltip.wowsimBackdropStyle = style
end)

-- The tooltip data processor (retail): callbacks run after a tooltip is filled from tooltip data
-- of a type (Enum.TooltipDataType) or of any type (`TooltipDataProcessor.AllTypes`).
if isRetail then
  local post, pre = {}, {}
  local function add(list, dataType, func)
    list[dataType] = list[dataType] or {}
    table.insert(list[dataType], func)
  end
  define("TooltipDataProcessor", {
    AllTypes = "ALL",
    AddTooltipPostCall = function(dataType, func)
      add(post, dataType, func)
    end,
    AddTooltipPreCall = function(dataType, func)
      add(pre, dataType, func)
    end,
    AddLinePostCall = function() end,
    AddLinePreCall = function() end,
    -- Runs the callbacks for `tooltip` shown with `data` (data.type is the data type).
    wowsimRun = function(tooltip, data)
      for _, list in ipairs({ pre, post }) do
        for _, key in ipairs({ data.type, "ALL" }) do
          for _, f in ipairs(list[key] or {}) do
            securecall(f, tooltip, data)
          end
        end
      end
    end,
  })
  define("TooltipUtil", {
    GetDisplayedItem = function(tooltip)
      return tooltip:GetItem()
    end,
    GetDisplayedSpell = function(tooltip)
      return tooltip:GetSpell()
    end,
    GetDisplayedUnit = function(tooltip)
      return tooltip:GetUnit()
    end,
    ShouldDoItemComparison = function()
      return IsModifiedClick("COMPAREITEMS") or GetCVarBool("alwaysCompareItems")
    end,
  })
end

-- ---- chat ----
local filters = {}
local function addFilter(event, filter)
  filters[event] = filters[event] or {}
  for _, f in ipairs(filters[event]) do
    if f == filter then
      return
    end
  end
  table.insert(filters[event], filter)
end
local function removeFilter(event, filter)
  tDeleteItem(filters[event] or {}, filter)
end
local function getFilters(event)
  return filters[event]
end
define("ChatFrame_AddMessageEventFilter", addFilter)
define("ChatFrame_RemoveMessageEventFilter", removeFilter)
define("ChatFrame_GetMessageEventFilters", getFilters)
-- Puts a link into the chat edit box that has the focus; false when none does.
local function insertLink(link)
  if not link then
    return false
  end
  local box = GetCurrentKeyBoardFocus and GetCurrentKeyBoardFocus()
  if box and box.Insert and box:IsObjectType("EditBox") then
    box:Insert(link)
    return true
  end
  return false
end
define("ChatEdit_InsertLink", insertLink)
local function openChat(text, chatFrame)
  local frame = chatFrame or DEFAULT_CHAT_FRAME
  local box = frame and frame.editBox or ChatFrame1EditBox
  if box then
    box:Show()
    box:SetText(text or "")
    box:SetFocus()
  end
end
define("ChatFrame_OpenChat", openChat)
define("ChatFrameUtil", {
  AddMessageEventFilter = addFilter,
  RemoveMessageEventFilter = removeFilter,
  GetMessageEventFilters = getFilters,
  InsertLink = insertLink,
  OpenChat = openChat,
  GetActiveWindow = function()
    return SELECTED_CHAT_FRAME or DEFAULT_CHAT_FRAME
  end,
  DisplaySystemMessageInPrimary = function(text)
    DEFAULT_CHAT_FRAME:AddMessage(text, 1, 1, 0)
  end,
})

-- ---- auras ----
-- An aura by index as the packed table, from C_UnitAuras or (older Classic) UnitAura, looked
-- up when called (the namespaces are installed after the base).
local function auraByIndex(unit, i, filter)
  if C_UnitAuras and C_UnitAuras.GetAuraDataByIndex then
    return C_UnitAuras.GetAuraDataByIndex(unit, i, filter)
  end
  local name, icon, count, dispel, duration, expires, source, stealable, personal, spellId = UnitAura(unit, i, filter)
  if name then
    return { name = name, icon = icon, applications = count, dispelName = dispel, duration = duration,
      expirationTime = expires, sourceUnit = source, isStealable = stealable,
      nameplateShowPersonal = personal, spellId = spellId }
  end
end
do
  local C_UnitAuras = { GetAuraDataByIndex = auraByIndex }
  local AuraUtil = rawget(_G, "AuraUtil") or {}
  _G.AuraUtil = AuraUtil
  -- Calls func(aura) for each aura of `unit` that passes `filter`, until it returns true.
  AuraUtil.ForEachAura = AuraUtil.ForEachAura or function(unit, filter, _batchCount, func, usePackedAura)
    local i = 1
    while true do
      local aura = C_UnitAuras.GetAuraDataByIndex(unit, i, filter)
      if not aura then
        return
      end
      local stop
      if usePackedAura then
        stop = func(aura)
      else
        stop = func(AuraUtil.UnpackAuraData(aura))
      end
      if stop then
        return
      end
      i = i + 1
    end
  end
  AuraUtil.UnpackAuraData = AuraUtil.UnpackAuraData or function(a)
    if not a then
      return
    end
    return a.name, a.icon, a.applications, a.dispelName, a.duration, a.expirationTime,
      a.sourceUnit, a.isStealable, a.nameplateShowPersonal, a.spellId, a.canApplyAura,
      a.isBossAura, a.isFromPlayerOrPlayerPet, a.nameplateShowAll, a.timeMod
  end
  AuraUtil.FindAura = AuraUtil.FindAura or function(predicate, unit, filter, ...)
    local i = 1
    while true do
      local aura = C_UnitAuras.GetAuraDataByIndex(unit, i, filter)
      if not aura then
        return
      end
      if predicate(..., aura.name, aura.icon, aura.applications, aura.dispelName, aura.duration,
          aura.expirationTime, aura.sourceUnit, aura.isStealable, aura.nameplateShowPersonal,
          aura.spellId) then
        return AuraUtil.UnpackAuraData(aura)
      end
      i = i + 1
    end
  end
  AuraUtil.FindAuraByName = AuraUtil.FindAuraByName or function(name, unit, filter)
    return AuraUtil.FindAura(function(wanted, auraName)
      return wanted == auraName
    end, unit, filter, name)
  end
  AuraUtil.AuraUpdateChangedType = AuraUtil.AuraUpdateChangedType
    or { None = 1, Debuff = 2, Buff = 3, Dispel = 4 }
end

-- ---- units and players ----
define("GetUnitName", function(unit, showServerName)
  local name, realm = UnitName(unit)
  if realm and realm ~= "" and showServerName then
    return name .. "-" .. realm
  end
  return name
end)
if isRetail then
  define("PlayerUtil", {
    GetCurrentSpecID = function()
      local index = GetSpecialization and GetSpecialization()
      return index and GetSpecializationInfo(index) or nil
    end,
    GetClassID = function()
      return select(3, UnitClass("player"))
    end,
    GetClassFile = function()
      return select(2, UnitClass("player"))
    end,
    GetClassName = function()
      return (UnitClass("player"))
    end,
    GetClassInfo = function()
      return C_CreatureInfo.GetClassInfo(select(3, UnitClass("player")))
    end,
    GetClassColor = function()
      return C_ClassColor.GetClassColor(select(2, UnitClass("player")))
    end,
    CanUseClassTalents = function()
      return (UnitLevel("player") or 0) >= 10
    end,
  })
end

-- ---- links ----
define("LinkUtil", {
  -- "|Hkind:data|htext|h" inside `text` → the link's "kind:data", its text.
  ExtractLink = function(text)
    local link, shown = tostring(text):match("|H(.-)|h(.-)|h")
    return link, shown
  end,
  -- "kind:data" → "kind", "data".
  SplitLinkData = function(linkData)
    return tostring(linkData):match("^([^:]*):?(.*)$")
  end,
  SplitLink = function(link)
    return tostring(link):match("|H([^:|]*):?([^|]*)|h(.-)|h")
  end,
  IsLinkType = function(link, linkType)
    return tostring(link):match("|H([^:|]*)") == linkType
  end,
  FormatLink = function(linkType, linkDisplayText, ...)
    local data = table.concat({ linkType, ... }, ":")
    return ("|H%s|h%s|h"):format(data, linkDisplayText or "")
  end,
})
define("HandleModifiedItemClick", function(link)
  if not link then
    return false
  end
  if IsModifiedClick("CHATLINK") then
    return ChatEdit_InsertLink(link)
  end
  return false
end)
define("DressUpItemLink", function(link)
  return link ~= nil and DressUpFrame ~= nil
end)
define("DressUpLink", function(link)
  return link ~= nil and DressUpFrame ~= nil
end)
define("ShowInspectCursor", function()
  SetCursor("INSPECT_CURSOR")
end)
define("CursorUpdate", function(self)
  if IsModifiedClick("DRESSUP") and self.hasItem then
    ShowInspectCursor()
  else
    ResetCursor()
  end
end)

-- ---- windows ----
-- Hides every shown frame named in UISpecialFrames; true when one was hidden.
define("CloseSpecialWindows", function()
  local found = false
  for _, name in ipairs(UISpecialFrames) do
    local frame = _G[name]
    if frame and frame:IsShown() then
      frame:Hide()
      found = true
    end
  end
  return found
end)
-- Fades a frame's alpha over `time` seconds of the virtual clock.
local function fade(frame, time, startAlpha, endAlpha)
  frame:SetAlpha(startAlpha)
  frame:Show()
  local driver = frame.wowsimFader or CreateFrame("Frame")
  frame.wowsimFader = driver
  local elapsed = 0
  driver:SetScript("OnUpdate", function(self, dt)
    elapsed = elapsed + dt
    local t = time > 0 and math.min(1, elapsed / time) or 1
    frame:SetAlpha(startAlpha + (endAlpha - startAlpha) * t)
    if t >= 1 then
      self:SetScript("OnUpdate", nil)
    end
  end)
end
define("UIFrameFadeIn", function(frame, time, startAlpha, endAlpha)
  fade(frame, time or 0, startAlpha or 0, endAlpha or 1)
end)
define("UIFrameFadeOut", function(frame, time, startAlpha, endAlpha)
  fade(frame, time or 0, startAlpha or 1, endAlpha or 0)
end)
define("DevTools_Dump", function(value)
  local function dump(v, indent, seen)
    if type(v) ~= "table" or seen[v] then
      print(indent .. tostring(v))
      return
    end
    seen[v] = true
    for k, x in pairs(v) do
      if type(x) == "table" then
        print(indent .. "[" .. tostring(k) .. "]={")
        dump(x, indent .. "  ", seen)
        print(indent .. "}")
      else
        print(indent .. "[" .. tostring(k) .. "]=" .. tostring(x))
      end
    end
  end
  dump(value, "", {})
end)
-- Classic's message(text): the client's error dialog, here a shown frame holding the text.
if not isRetail then
  define("message", function(text)
    local f = rawget(_G, "BasicMessageDialog") or CreateFrame("Frame", "BasicMessageDialog", UIParent)
    f.Text = f.Text or f:CreateFontString(nil, "ARTWORK", "GameFontHighlight")
    f.Text:SetText(tostring(text))
    f:Show()
  end)
end

-- ---- item buttons ----
define("SetItemButtonCount", function(button, count)
  button.count = count
  local text = button.Count or (button:GetName() and _G[button:GetName() .. "Count"])
  if text then
    if count and count > 1 then
      text:SetText(count > 999 and "*" or count)
      text:Show()
    else
      text:Hide()
    end
  end
end)
define("SetItemButtonTexture", function(button, texture)
  local icon = button.icon or button.Icon or (button:GetName() and _G[button:GetName() .. "IconTexture"])
  if icon then
    icon:SetTexture(texture)
    icon:SetShown(texture ~= nil)
  end
end)
define("SetItemButtonDesaturated", function(button, desaturated)
  local icon = button.icon or button.Icon
  if icon then
    icon:SetDesaturated(desaturated)
  end
end)
-- The item quality colours, poor (0) to WoW token (8), as the client has them.
local QUALITY_COLORS = {
  [0] = { 0.62, 0.62, 0.62 }, { 1, 1, 1 }, { 0.12, 1, 0 }, { 0, 0.44, 0.87 }, { 0.64, 0.21, 0.93 },
  { 1, 0.5, 0 }, { 0.9, 0.8, 0.5 }, { 0, 0.8, 1 }, { 0, 0.8, 1 },
}
define("SetItemButtonQuality", function(button, quality)
  local border = button.IconBorder
  if not border then
    return
  end
  local c = quality and QUALITY_COLORS[quality]
  if c and quality > 1 then
    border:SetVertexColor(c[1], c[2], c[3])
    border:Show()
  else
    border:Hide()
  end
end)
-- The item button templates: an icon, a count and a quality border.
local function itemButton(self)
  local name = self:GetName()
  self.icon = self:CreateTexture(name and (name .. "IconTexture") or nil, "BORDER")
  self.icon:SetAllPoints()
  self.Count = self:CreateFontString(name and (name .. "Count") or nil, "ARTWORK", "NumberFontNormal")
  self.Count:SetPoint("BOTTOMRIGHT", -5, 2)
  self.Count:Hide()
  self.IconBorder = self:CreateTexture(nil, "OVERLAY")
  self.IconBorder:SetAllPoints()
  self.IconBorder:Hide()
  self:SetSize(37, 37)
end
template("ItemButton", itemButton)
template("ItemButtonTemplate", itemButton)
-- A bag slot's button: the item button with the bag's overlays and its cooldown.
template("ContainerFrameItemButtonTemplate", function(self)
  itemButton(self)
  for _, key in ipairs({ "BattlepayItemTexture", "NewItemTexture", "IconQuestTexture", "JunkIcon",
    "UpgradeIcon", "flash", "searchOverlay", "ItemContextOverlay", "IconOverlay", "IconOverlay2" }) do
    self[key] = self:CreateTexture(nil, "OVERLAY")
    self[key]:SetAllPoints()
    self[key]:Hide()
  end
  local name = self:GetName()
  self.Cooldown = CreateFrame("Cooldown", name and (name .. "Cooldown") or nil, self, "CooldownFrameTemplate")
  self.Cooldown:SetAllPoints()
  Mixin(self, ContainerFrameItemButtonMixin)
  self:RegisterForClicks("LeftButtonUp", "RightButtonUp")
  -- The scripts call the global functions, so hooks on them (bag and auction addons) run.
  self:SetScript("OnClick", function(button, mouse)
    if ContainerFrameItemButton_OnModifiedClick and IsModifiedClick() then
      ContainerFrameItemButton_OnModifiedClick(button, mouse)
    else
      ContainerFrameItemButton_OnClick(button, mouse)
    end
  end)
  self:SetScript("OnEnter", function(button)
    ContainerFrameItemButton_OnEnter(button)
  end)
  self:SetScript("OnLeave", function(button)
    button:OnLeave()
  end)
end)
-- A bag slot button's bag (its own `bagID` or its container frame's id) and slot (its id); a
-- left click picks the item up (or drops the cursor's item there), a right click uses it; the
-- pointer over it shows the item in GameTooltip.
ContainerFrameItemButtonMixin = ContainerFrameItemButtonMixin or {}
function ContainerFrameItemButtonMixin:GetBagID()
  return self.bagID or self:GetParent():GetID()
end
function ContainerFrameItemButtonMixin:OnEnter()
  GameTooltip:SetOwner(self, "ANCHOR_RIGHT")
  GameTooltip:SetBagItem(self:GetBagID(), self:GetID())
  GameTooltip:Show()
end
function ContainerFrameItemButtonMixin:OnLeave()
  GameTooltip_Hide()
end
function ContainerFrameItemButton_OnEnter(self)
  self:OnEnter()
end
-- Classic's bag buttons have a script of their own for modified clicks (the item's link into
-- chat, dressing up); retail's OnClick handles them.
if WOW_PROJECT_ID ~= WOW_PROJECT_MAINLINE then
  function ContainerFrameItemButton_OnModifiedClick(self, button)
    local bag = self.GetBagID and self:GetBagID() or self:GetParent():GetID()
    HandleModifiedItemClick(C_Container.GetContainerItemLink(bag, self:GetID()))
  end
  function ContainerFrameItemButton_OnLeave(self)
    GameTooltip_Hide()
  end
end
function ContainerFrameItemButton_OnClick(self, button)
  local bag = self.GetBagID and self:GetBagID() or self:GetParent():GetID()
  if button == "RightButton" then
    C_Container.UseContainerItem(bag, self:GetID())
  else
    C_Container.PickupContainerItem(bag, self:GetID())
  end
end

-- ---- action bars ----
define("NUM_ACTIONBAR_BUTTONS", 12)
define("NUM_ACTIONBAR_PAGES", 6)
define("NUM_STANCE_SLOTS", 10)
-- The new-action highlight marks (hooked by action button libraries).
define("MarkNewActionHighlight", function(action)
  NEW_ACTION_HIGHLIGHTS = NEW_ACTION_HIGHLIGHTS or {}
  NEW_ACTION_HIGHLIGHTS[action] = true
end)
define("ClearNewActionHighlight", function(action)
  if NEW_ACTION_HIGHLIGHTS then
    NEW_ACTION_HIGHLIGHTS[action] = nil
  end
end)
define("GetAppropriateTooltip", function()
  return GameTooltip
end)
-- Pools of frames that are never secure (the client's newer name of the frame pool).
define("CreateUnsecuredFramePool", CreateFramePool)
define("CreateUnsecuredRegionPoolInstance", function()
  return CreateObjectPool(function()
    return {}
  end, function(_, o)
    wipe(o)
  end)
end)
-- The load-on-demand panels' loaders: they load the Blizzard addon, which the base has not.
for name, addon in pairs({ DeathRecap_LoadUI = "Blizzard_DeathRecap",
  PlayerTalentFrame_LoadUI = "Blizzard_TalentUI", EncounterJournal_LoadUI = "Blizzard_EncounterJournal" }) do
  define(name, function()
    return C_AddOns.LoadAddOn(addon)
  end)
end
-- Classic keeps the global names of the C_AddOns functions (its deprecation fallbacks).
-- (The namespaces are installed after the base: each name looks its function up when called.)
if not isRetail then
  for _, name in ipairs({ "EnableAddOn", "DisableAddOn", "LoadAddOn", "IsAddOnLoaded", "EnableAllAddOns",
    "DisableAllAddOns", "GetAddOnInfo", "GetAddOnDependencies", "GetAddOnOptionalDependencies",
    "GetNumAddOns", "SaveAddOns", "ResetAddOns", "IsAddOnLoadOnDemand", "GetAddOnMetadata" }) do
    define(name, function(...)
      return C_AddOns[name](...)
    end)
  end
  define("GetAddOnEnableState", function(character, name)
    return C_AddOns.GetAddOnEnableState(name, character)
  end)
end

-- Count text of an action button from its action's count (hooked by bar addons).
define("ActionButton_UpdateCount", function(self)
  local text = self.Count
  if text and self.action then
    local count = GetActionCount(self.action) or 0
    text:SetText(count > 1 and count or "")
  end
end)
-- Closes open dropdown menus on a mouse press elsewhere (hooked by dropdown libraries).
define("UIDropDownMenu_HandleGlobalMouseEvent", function(button, event)
  if event == "GLOBAL_MOUSE_DOWN" and CloseDropDownMenus then
    CloseDropDownMenus()
  end
end)
-- The reputation bar colours by standing (hated to exalted).
define("FACTION_BAR_COLORS", {
  { r = 0.8, g = 0.3, b = 0.22 }, { r = 0.8, g = 0.3, b = 0.22 }, { r = 0.75, g = 0.27, b = 0 },
  { r = 0.9, g = 0.7, b = 0 }, { r = 0, g = 0.6, b = 0.1 }, { r = 0, g = 0.6, b = 0.1 },
  { r = 0, g = 0.6, b = 0.1 }, { r = 0, g = 0.6, b = 0.1 },
})
-- Classic's table of the frames UIParent positions itself (addons remove theirs from it).
if not isRetail then
  define("UIPARENT_MANAGED_FRAME_POSITIONS", {})
end
-- The on-bar highlight marks of spells and flyouts (hooked by action button libraries).
ON_BAR_HIGHLIGHT_MARKS = ON_BAR_HIGHLIGHT_MARKS or {}
define("ClearOnBarHighlightMarks", function()
  ON_BAR_HIGHLIGHT_MARKS = {}
end)
define("UpdateOnBarHighlightMarksBySpell", function(spellID)
  ON_BAR_HIGHLIGHT_MARKS = { spell = spellID }
end)
define("UpdateOnBarHighlightMarksByFlyout", function(flyoutID)
  ON_BAR_HIGHLIGHT_MARKS = { flyout = flyoutID }
end)
define("UpdateOnBarHighlightMarksByPetAction", function(petAction)
  ON_BAR_HIGHLIGHT_MARKS = { petAction = petAction }
end)
-- Classic's talent frame sizes (three trees of up to 40 talents in 15 tiers).
if not isRetail then
  define("MAX_TALENT_TABS", 3)
  define("MAX_NUM_TALENT_TIERS", 15)
  define("MAX_NUM_TALENTS", 40)
end

-- ---- frames, bindings, CVars ----
define("FrameUtil", {
  RegisterFrameForEvents = function(frame, events)
    for _, event in ipairs(events) do
      frame:RegisterEvent(event)
    end
  end,
  UnregisterFrameForEvents = function(frame, events)
    for _, event in ipairs(events) do
      frame:UnregisterEvent(event)
    end
  end,
  RegisterFrameForUnitEvents = function(frame, events, ...)
    for _, event in ipairs(events) do
      frame:RegisterUnitEvent(event, ...)
    end
  end,
  -- Calls func(frame, elapsed) every `frequencySeconds` of OnUpdate.
  RegisterUpdateFunction = function(frame, frequencySeconds, func)
    local elapsed = 0
    frame:SetScript("OnUpdate", function(self, dt)
      elapsed = elapsed + dt
      if elapsed >= frequencySeconds then
        func(self, elapsed)
        elapsed = 0
      end
    end)
  end,
  UnregisterUpdateFunction = function(frame)
    frame:SetScript("OnUpdate", nil)
  end,
  GetRootParent = function(frame)
    local root = frame
    while root:GetParent() do
      root = root:GetParent()
    end
    return root
  end,
})
define("SetCVarBitfield", function(name, index, value)
  return C_CVar.SetCVarBitfield(name, index, value)
end)
define("GetBindingFromClick", function(input)
  return GetBindingByKey(input)
end)
-- Whether a slash command is one the secure chat code handles itself.
define("IsSecureCmd", function(command)
  local secure = { ["/cast"] = true, ["/use"] = true, ["/castsequence"] = true, ["/target"] = true,
    ["/focus"] = true, ["/assist"] = true, ["/stopmacro"] = true, ["/click"] = true,
    ["/startattack"] = true, ["/stopattack"] = true, ["/petattack"] = true, ["/cancelaura"] = true }
  return secure[tostring(command):lower()] == true
end)
define("IsEncounterInProgress", function()
  return C_InstanceEncounter and C_InstanceEncounter.IsEncounterInProgress
    and C_InstanceEncounter.IsEncounterInProgress() or false
end)
define("ToggleCharacter", function()
  CharacterFrame:SetShown(not CharacterFrame:IsShown())
end)
define("FCFDock_GetSelectedWindow", function(dock)
  return dock and dock.selected or DEFAULT_CHAT_FRAME
end)
-- The time units and the small functions on them.
define("SECONDS_PER_MIN", 60)
define("SECONDS_PER_HOUR", 60 * SECONDS_PER_MIN)
define("SECONDS_PER_DAY", 24 * SECONDS_PER_HOUR)
define("SECONDS_PER_MONTH", 30 * SECONDS_PER_DAY)
define("SECONDS_PER_YEAR", 12 * SECONDS_PER_MONTH)
define("TIME_UTIL_WHITE_SPACE_STRIPPABLE", true)
define("SecondsToMinutes", function(seconds)
  return seconds / SECONDS_PER_MIN
end)
define("MinutesToSeconds", function(minutes)
  return minutes * SECONDS_PER_MIN
end)
define("HasTimePassed", function(since, span)
  return time() - since >= span
end)
-- A duration in whole units: { days, hours, minutes, seconds, milliseconds }.
define("ConvertSecondsToUnits", function(seconds)
  local rest = math.max(seconds, 0)
  local out = {}
  for _, u in ipairs({ { "days", SECONDS_PER_DAY }, { "hours", SECONDS_PER_HOUR },
    { "minutes", SECONDS_PER_MIN }, { "seconds", 1 } }) do
    out[u[1]] = math.floor(rest / u[2])
    rest = rest - out[u[1]] * u[2]
  end
  out.milliseconds = rest
  return out
end)

-- Seconds as the client writes a duration: days, hours, minutes and seconds, the largest
-- `maxCount` units (all by default), abbreviated unless `notAbbreviated`.
define("SecondsToTime", function(seconds, noSeconds, notAbbreviated, maxCount)
  seconds = math.floor(tonumber(seconds) or 0)
  local units = { { 86400, "Day", "Days", "Day" }, { 3600, "Hr", "Hours", "Hour" },
    { 60, "Min", "Minutes", "Minute" }, { 1, "Sec", "Seconds", "Second" } }
  local parts = {}
  maxCount = maxCount or 2
  for i, u in ipairs(units) do
    if #parts >= maxCount or (i == 4 and noSeconds) then
      break
    end
    local n = math.floor(seconds / u[1])
    if n > 0 or (i == 4 and #parts == 0) then
      local word = notAbbreviated and (n == 1 and u[4] or u[3]) or u[2]
      parts[#parts + 1] = n .. " " .. word
      seconds = seconds - n * u[1]
    end
  end
  return table.concat(parts, " ")
end)
-- A point on a map: the map's id and a position in it.
define("UiMapPoint", {
  CreateFromCoordinates = function(mapID, x, y, z)
    return { uiMapID = mapID, position = CreateVector2D(x, y), z = z }
  end,
  CreateFromVector2D = function(mapID, position, z)
    return { uiMapID = mapID, position = position, z = z }
  end,
})
-- The chat types (the client's list per flavour): `sticky` (the edit box keeps the type for the
-- next line), `flashTab` and `flashTabOnGeneral` (a message flashes its window's tab); the
-- colours are the client's defaults for the common types (the client fills them from the chat
-- colour settings at log-in), white for the rest.
if rawget(_G, "ChatTypeInfo") == nil then
  ChatTypeInfo = {}
  local kinds = [[SYSTEM SAY PARTY RAID GUILD OFFICER YELL WHISPER WHISPER_INFORM REPLY EMOTE
    TEXT_EMOTE MONSTER_SAY MONSTER_PARTY MONSTER_YELL MONSTER_WHISPER MONSTER_EMOTE CHANNEL
    CHANNEL_JOIN CHANNEL_LEAVE CHANNEL_LIST CHANNEL_NOTICE CHANNEL_NOTICE_USER TARGETICONS AFK DND
    IGNORED SKILL LOOT CURRENCY MONEY OPENING TRADESKILLS PET_INFO COMBAT_MISC_INFO COMBAT_XP_GAIN
    COMBAT_HONOR_GAIN COMBAT_FACTION_CHANGE BG_SYSTEM_NEUTRAL BG_SYSTEM_ALLIANCE BG_SYSTEM_HORDE
    RAID_LEADER RAID_WARNING RAID_BOSS_WHISPER RAID_BOSS_EMOTE QUEST_BOSS_EMOTE FILTERED
    INSTANCE_CHAT INSTANCE_CHAT_LEADER RESTRICTED ACHIEVEMENT GUILD_ACHIEVEMENT PARTY_LEADER
    BN_WHISPER BN_WHISPER_INFORM BN_ALERT BN_BROADCAST BN_BROADCAST_INFORM BN_INLINE_TOAST_ALERT
    BN_INLINE_TOAST_BROADCAST BN_INLINE_TOAST_BROADCAST_INFORM BN_WHISPER_PLAYER_OFFLINE
    COMMUNITIES_CHANNEL VOICE_TEXT]]
  if WOW_PROJECT_ID == WOW_PROJECT_MAINLINE then
    kinds = kinds .. " SMART_WHISPER ENCOUNTER_EVENT PET_BATTLE_COMBAT_LOG PET_BATTLE_INFO"
  end
  local sticky = { SAY = 1, PARTY = 1, RAID = 1, GUILD = 1, OFFICER = 1, WHISPER = 1, SMART_WHISPER = 1,
    CHANNEL = 1, INSTANCE_CHAT = 1, BN_WHISPER = 1 }
  local flash = { WHISPER = true, SMART_WHISPER = true, MONSTER_WHISPER = true, BN_WHISPER = true,
    BN_INLINE_TOAST_ALERT = true, BN_INLINE_TOAST_BROADCAST = true, BN_INLINE_TOAST_BROADCAST_INFORM = true }
  local flashGeneral = { WHISPER = true, SMART_WHISPER = true, MONSTER_WHISPER = true, BN_WHISPER = true }
  local colours = { SYSTEM = { 1, 1, 0 }, SAY = { 1, 1, 1 }, PARTY = { 0.67, 0.67, 1 },
    RAID = { 1, 0.5, 0 }, GUILD = { 0.25, 1, 0.25 }, OFFICER = { 0.25, 0.75, 0.25 },
    YELL = { 1, 0.25, 0.25 }, WHISPER = { 1, 0.5, 1 }, EMOTE = { 1, 0.5, 0.25 },
    CHANNEL = { 1, 0.75, 0.75 }, INSTANCE_CHAT = { 1, 0.5, 0 } }
  local function add(kind)
    local c = colours[kind] or { 1, 1, 1 }
    ChatTypeInfo[kind] = { r = c[1], g = c[2], b = c[3], sticky = sticky[kind] or 0,
      flashTab = flash[kind] or false, flashTabOnGeneral = flashGeneral[kind] or false }
  end
  for kind in kinds:gmatch("%S+") do
    add(kind)
  end
  for i = 1, 20 do
    sticky["CHANNEL" .. i] = 1
    add("CHANNEL" .. i)
  end
end
-- The tutorial pointers: shown and hidden by text on a parent, no drawing.
if rawget(_G, "HelpTip") == nil then
  local shown = {}
  HelpTip = { Point = { TopEdgeCenter = 1, BottomEdgeCenter = 2, LeftEdgeCenter = 3, RightEdgeCenter = 4 },
    Alignment = { Center = 1, Left = 2, Right = 3, Top = 4, Bottom = 5 },
    ButtonStyle = { None = 1, Close = 2, Okay = 3, GotIt = 4, Next = 5 } }
  function HelpTip:Show(parent, info)
    shown[parent] = shown[parent] or {}
    shown[parent][info.text or ""] = true
    return true
  end
  function HelpTip:Hide(parent, text)
    if shown[parent] then
      shown[parent][text or ""] = nil
    end
  end
  function HelpTip:IsShowing(parent, text)
    return shown[parent] ~= nil and shown[parent][text or ""] == true
  end
  function HelpTip:HideAll(parent)
    shown[parent] = nil
  end
end
-- Where an item is: a bag and slot or an equipment slot.
if isRetail and rawget(_G, "ItemLocation") == nil then
  ItemLocationMixin = ItemLocationMixin or {}
  local L = ItemLocationMixin
  function L:SetBagAndSlot(bag, slot)
    self.bagID, self.slotIndex, self.equipmentSlotIndex = bag, slot, nil
  end
  function L:GetBagAndSlot()
    return self.bagID, self.slotIndex
  end
  function L:SetEquipmentSlot(slot)
    self.bagID, self.slotIndex, self.equipmentSlotIndex = nil, nil, slot
  end
  function L:GetEquipmentSlot()
    return self.equipmentSlotIndex
  end
  function L:IsBagAndSlot()
    return self.bagID ~= nil and self.slotIndex ~= nil
  end
  function L:IsEquipmentSlot()
    return self.equipmentSlotIndex ~= nil
  end
  function L:IsValid()
    return self:IsBagAndSlot() or self:IsEquipmentSlot()
  end
  function L:Clear()
    self.bagID, self.slotIndex, self.equipmentSlotIndex = nil, nil, nil
  end
  function L:IsEqualTo(other)
    return other ~= nil and self.bagID == other.bagID and self.slotIndex == other.slotIndex
      and self.equipmentSlotIndex == other.equipmentSlotIndex
  end
  -- Made with method calls, as the client's are (`ItemLocation:CreateFromBagAndSlot(bag, slot)`).
  ItemLocation = {}
  function ItemLocation:CreateEmpty()
    return CreateFromMixins(L)
  end
  function ItemLocation:CreateFromBagAndSlot(bag, slot)
    local l = CreateFromMixins(L)
    l:SetBagAndSlot(bag, slot)
    return l
  end
  function ItemLocation:CreateFromEquipmentSlot(slot)
    local l = CreateFromMixins(L)
    l:SetEquipmentSlot(slot)
    return l
  end
end
-- The colours of item qualities as colour data (retail's colour manager).
if isRetail and rawget(_G, "ColorManager") == nil then
  ColorManager = {
    GetColorDataForItemQuality = function(quality)
      local c = QUALITY_COLORS[quality]
      if c then
        local color = CreateColor(c[1], c[2], c[3])
        return { r = c[1], g = c[2], b = c[3], color = color, hex = color:GenerateHexColorMarkup() }
      end
    end,
  }
  ColorManager.GetColorDataForBagItemQuality = ColorManager.GetColorDataForItemQuality
end

-- ---- hook targets ----
-- Functions of the client's panels that addons hook with hooksecurefunc at load time.
define("InboxFrameItem_OnEnter", function(self)
  GameTooltip:SetOwner(self, "ANCHOR_RIGHT")
end)
define("UIDropDownMenu_InitializeHelper", function(frame)
  frame.wowsimInitialized = true
end)
-- The client's namespaces are installed after the base, so these look them up when called.
if isRetail then
  define("SendChatMessage", function(...)
    return C_ChatInfo.SendChatMessage(...)
  end)
end
-- Pools of frames keyed by frame type and template, created on first use.
define("CreateFramePoolCollection", function()
  local collection = { pools = {} }
  function collection:GetOrCreatePool(frameType, parent, template, resetterFunc, forbidden)
    local key = tostring(frameType) .. "\0" .. tostring(template) .. "\0" .. tostring(parent)
    local pool = self.pools[key]
    if not pool then
      pool = CreateFramePool(frameType, parent, template, resetterFunc, forbidden)
      self.pools[key] = pool
    end
    return pool
  end
  collection.CreatePool = collection.GetOrCreatePool
  function collection:GetPool(template)
    for key, pool in pairs(self.pools) do
      if key:find("\0" .. tostring(template) .. "\0", 1, true) then
        return pool
      end
    end
  end
  function collection:Acquire(template)
    local pool = self:GetPool(template)
    return pool and pool:Acquire()
  end
  function collection:ReleaseAll()
    for _, pool in pairs(self.pools) do
      pool:ReleaseAll()
    end
  end
  function collection:EnumerateActive()
    local frames = {}
    for _, pool in pairs(self.pools) do
      for f in pool:EnumerateActive() do
        frames[#frames + 1] = f
      end
    end
    local i = 0
    return function()
      i = i + 1
      return frames[i]
    end
  end
  return collection
end)

-- ---- more table and texture helpers ----
-- The array's entries from the last to the first.
define("ipairs_reverse", function(t)
  return function(tbl, index)
    index = index - 1
    local value = tbl[index]
    if value ~= nil then
      return index, value
    end
  end, t, #t + 1
end)
define("NUM_RAID_GROUPS", 8)
-- The combat feedback text's timings (seconds): fade in, hold, fade out.
define("COMBATFEEDBACK_FADEINTIME", 0.2)
define("COMBATFEEDBACK_HOLDTIME", 0.7)
define("COMBATFEEDBACK_FADEOUTTIME", 0.3)
-- The taxi map's node tooltip: the node's name (hooked by flight timer addons).
define("TaxiNodeOnButtonEnter", function(button)
  local index = button:GetID()
  GameTooltip:SetOwner(button, "ANCHOR_RIGHT")
  GameTooltip:AddLine(TaxiNodeName(index), nil, nil, nil, true)
  GameTooltip:Show()
end)
define("FindValueInTableIf", function(t, pred)
  return select(2, FindInTableIf(t, pred))
end)
define("TableHasAnyEntries", function(t)
  return next(t) ~= nil
end)
-- The texture coordinates of cell (x, y), counted from 1, of a grid of gridWidth x gridHeight
-- cells in a textureWidth x textureHeight file.
define("GetTexCoordsByGrid", function(x, y, textureWidth, textureHeight, gridWidth, gridHeight)
  local w, h = gridWidth / textureWidth, gridHeight / textureHeight
  return (x - 1) * w, x * w, (y - 1) * h, y * h
end)

-- ---- curves ----
-- Retail's standard curves (identity, scaled to 100, reversed, reversed to 100), made with
-- C_CurveUtil on first use (the namespaces are installed after the base).
if isRetail and rawget(_G, "CurveConstants") == nil then
  local points = { ZeroToOne = { 0, 0, 1, 1 }, ScaleTo100 = { 0, 0, 1, 100 }, Reverse = { 0, 1, 1, 0 },
    ReverseTo100 = { 0, 100, 1, 0 } }
  CurveConstants = setmetatable({}, {
    __index = function(t, key)
      local p = points[key]
      if not p then
        return nil
      end
      local curve = C_CurveUtil.CreateCurve()
      if key ~= "ZeroToOne" and Enum.LuaCurveType then
        curve:SetType(Enum.LuaCurveType.Linear)
      end
      curve:AddPoint(p[1], p[2])
      curve:AddPoint(p[3], p[4])
      rawset(t, key, curve)
      return curve
    end,
  })
end
-- Which bar the action bar controller shows: the main bar (no override, vehicle or pet battle).
if isRetail then
  define("LE_ACTIONBAR_STATE_MAIN", 1)
  define("LE_ACTIONBAR_STATE_OVERRIDE", 2)
  define("ActionBarController_GetCurrentActionBarState", function()
    return LE_ACTIONBAR_STATE_MAIN
  end)
end

-- The bags' open state: each bag (backpack 0, bags 1 to NUM_BAG_SLOTS) open or closed; retail
-- shows its combined bag frame while any is open. Hooked by bag addons.
do
  local open = {}
  local function show()
    local any = next(open) ~= nil
    local combined = rawget(_G, "ContainerFrameCombinedBags")
    if combined then
      combined:SetShown(any)
    end
  end
  local function all()
    local ids = {}
    for id = 0, NUM_BAG_SLOTS do
      ids[#ids + 1] = id
    end
    return ids
  end
  define("IsBagOpen", function(id)
    return open[id] and id or nil
  end)
  define("OpenBag", function(id)
    open[id] = true
    show()
  end)
  define("CloseBag", function(id)
    open[id] = nil
    show()
  end)
  define("ToggleBag", function(id)
    open[id] = not open[id] or nil
    show()
  end)
  define("ToggleBackpack", function()
    ToggleBag(0)
  end)
  define("OpenBackpack", function()
    OpenBag(0)
  end)
  define("CloseBackpack", function()
    CloseBag(0)
  end)
  define("OpenAllBags", function()
    for _, id in ipairs(all()) do
      open[id] = true
    end
    show()
  end)
  define("CloseAllBags", function()
    open = {}
    show()
  end)
  define("ToggleAllBags", function()
    if next(open) then
      CloseAllBags()
    else
      OpenAllBags()
    end
  end)
end

-- A quest's rewards on a tooltip (Classic): a blank line and the rewards heading, then the
-- experience and money the quest log gives, when it gives any.
define("GameTooltip_AddQuestRewardsToTooltip", function(tooltip, questID, style)
  local xp = GetQuestLogRewardXP and GetQuestLogRewardXP(questID) or 0
  local money = GetQuestLogRewardMoney and GetQuestLogRewardMoney(questID) or 0
  local items = GetNumQuestLogRewards and GetNumQuestLogRewards(questID) or 0
  if xp <= 0 and money <= 0 and items <= 0 then
    return
  end
  GameTooltip_AddBlankLineToTooltip(tooltip)
  tooltip:AddLine(QUEST_REWARDS, NORMAL_FONT_COLOR:GetRGB())
  if xp > 0 then
    tooltip:AddLine(BreakUpLargeNumbers(xp) .. " XP", HIGHLIGHT_FONT_COLOR:GetRGB())
  end
  if money > 0 then
    tooltip:AddLine(GetMoneyString(money), HIGHLIGHT_FONT_COLOR:GetRGB())
  end
end)
