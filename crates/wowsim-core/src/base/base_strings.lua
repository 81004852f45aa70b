-- wow-sim built-in base, the part that runs once the global strings are defined (after
-- `base_late.lua` and the global-string install, before any addon): what Blizzard's UI builds
-- at start-up from its global strings and the colour database.
--  * The client's own dialogs that addons hook or copy (`StaticPopupDialogs.DEATH`, the guild
--    note dialogs), whose texts are global strings.
--  * The seconds formatter (`SecondsFormatter`, `SecondsFormatterMixin`): a duration written
--    in its largest units, each unit's format one of three abbreviations of the client's
--    strings (`D_SECONDS`, `SECONDS_ABBR`, `SECOND_ONELETTER_ABBR`, …), which addons copy and
--    change (WeakAuras strips their spaces).
-- Written for wow-sim from the documented behaviour; it is not client code.
-- The colours of the client's database the global-string install added (the ones the addons
-- read that the start-up table lacked, `YELLOW_THREAT_COLOR`) become globals as the start-up
-- ones did (`base_util.lua`), as the client's UI makes a global of every database colour.
for _, entry in ipairs(C_UIColor.GetColors()) do
  if rawget(_G, entry.baseTag) == nil then
    local c = entry.color
    local color = CreateColor(c.r, c.g, c.b, c.a)
    _G[entry.baseTag] = color
    if rawget(_G, entry.baseTag .. "_CODE") == nil then
      _G[entry.baseTag .. "_CODE"] = color:GenerateHexColorMarkup()
    end
  end
end

-- ---- the client's own dialogs that addons hook or copy ----
-- The death dialog (release the spirit, counting down the release timer) and the guild roster's
-- note dialogs (an edit box for the selected member's public or officer note).
local function defineDialog(which, info)
  if StaticPopupDialogs[which] == nil then
    StaticPopupDialogs[which] = info
  end
end
defineDialog("DEATH", {
  text = DEATH_RELEASE_TIMER,
  button1 = DEATH_RELEASE,
  button2 = USE_SOULSTONE,
  OnShow = function(self)
    self.timeleft = GetReleaseTimeRemaining()
  end,
  OnAccept = function()
    RepopMe()
  end,
  OnUpdate = function(self, elapsed)
    if self.timeleft and self.timeleft > 0 then
      self.timeleft = math.max(0, self.timeleft - elapsed)
    end
  end,
  timeout = 0,
  whileDead = 1,
  interruptCinematic = 1,
  notClosableByLogout = 1,
  noCancelOnReuse = 1,
  hideOnEscape = false,
  noCloseOnAlt = true,
  cancels = "RECOVER_CORPSE",
})
local function noteDialog(text, getNote, setNote)
  local function accept(dialog)
    setNote(GetGuildRosterSelection(), dialog.editBox:GetText())
  end
  return {
    text = text,
    button1 = ACCEPT,
    button2 = CANCEL,
    hasEditBox = 1,
    maxLetters = 31,
    editBoxWidth = 260,
    OnAccept = accept,
    OnShow = function(self)
      local index = GetGuildRosterSelection()
      self.editBox:SetText(index and index > 0 and getNote(index) or "")
      self.editBox:SetFocus()
    end,
    OnHide = function(self)
      self.editBox:SetText("")
    end,
    EditBoxOnEnterPressed = function(self)
      local dialog = self:GetParent()
      accept(dialog)
      dialog:Hide()
    end,
    EditBoxOnEscapePressed = function(self)
      self:GetParent():Hide()
    end,
    timeout = 0,
    exclusive = 1,
    whileDead = 1,
    hideOnEscape = 1,
  }
end
defineDialog("SET_GUILDPLAYERNOTE", noteDialog(SET_GUILDPLAYERNOTE, function(index)
  return select(7, GetGuildRosterInfo(index))
end, function(index, note)
  GuildRosterSetPublicNote(index, note)
end))
defineDialog("SET_GUILDOFFICERNOTE", noteDialog(SET_GUILDOFFICERNOTE, function(index)
  return select(8, GetGuildRosterInfo(index))
end, function(index, note)
  GuildRosterSetOfficerNote(index, note)
end))

-- The texts of the base's frames that come from global strings: the quest log's details
-- buttons (retail).
local questMap = rawget(_G, "QuestMapFrame")
if questMap and questMap.DetailsFrame then
  local details = questMap.DetailsFrame
  details.AbandonButton:SetText(ABANDON_QUEST_ABBREV)
  details.ShareButton:SetText(SHARE_QUEST_ABBREV)
  details.TrackButton:SetText(TRACK_QUEST_ABBREV)
  details.BackFrame.BackButton:SetText(BACK)
end

if rawget(_G, "SecondsFormatter") ~= nil then
  return
end

-- The global string of a format (nil when the flavour's client has none).
local function gs(name)
  return rawget(_G, name)
end

SecondsFormatterConstants = {
  ZeroApproximationThreshold = 0,
  ConvertToLower = true,
  DontConvertToLower = false,
  RoundUpLastUnit = true,
  DontRoundUpLastUnit = false,
}
SecondsFormatter = {
  -- Which of a unit's three formats: the whole word, the short word, one letter.
  Abbreviation = { None = 1, Truncate = 2, OneLetter = 3 },
  Interval = { Seconds = 1, Minutes = 2, Hours = 3, Days = 4 },
  IntervalDescription = {},
}
for i, unit in ipairs({ { 1, "D_SECONDS", "SECONDS_ABBR", "SECOND_ONELETTER_ABBR" },
  { SECONDS_PER_MIN, "D_MINUTES", "MINUTES_ABBR", "MINUTE_ONELETTER_ABBR" },
  { SECONDS_PER_HOUR, "D_HOURS", "HOURS_ABBR", "HOUR_ONELETTER_ABBR" },
  { SECONDS_PER_DAY, "D_DAYS", "DAYS_ABBR", "DAY_ONELETTER_ABBR" } }) do
  SecondsFormatter.IntervalDescription[i] = {
    seconds = unit[1],
    formatString = { gs(unit[2]), gs(unit[3]), gs(unit[4]) },
  }
end

local M = {}
SecondsFormatterMixin = M

-- `approximationSeconds`: below it (and above 0) a duration is written "< N unit";
-- `roundUpLastUnit`: the last unit written is rounded up (else down); `convertToLower`: the
-- formats in lower case.
function M:Init(approximationSeconds, defaultAbbreviation, roundUpLastUnit, convertToLower)
  self:SetApproximationSeconds(approximationSeconds or 0)
  self:SetMinInterval(SecondsFormatter.Interval.Seconds)
  self:SetDefaultAbbreviation(defaultAbbreviation or SecondsFormatter.Abbreviation.None)
  self:SetCanRoundUpLastUnit(roundUpLastUnit or false)
  self:SetDesiredUnitCount(2)
  self:SetStripIntervalWhitespace(false)
  self:SetConvertToLower(convertToLower or false)
end

-- Plain fields with a setter and a getter each.
for field, names in pairs({
  stripIntervalWhitespace = { "SetStripIntervalWhitespace", "GetStripIntervalWhitespace" },
  convertToLower = { "SetConvertToLower" },
  defaultAbbreviation = { "SetDefaultAbbreviation", "GetDefaultAbbreviation" },
  approximationSeconds = { "SetApproximationSeconds", "GetApproximationSeconds" },
  roundUpLastUnit = { "SetCanRoundUpLastUnit", "CanRoundUpLastUnit" },
  unitCount = { "SetDesiredUnitCount", "GetDesiredUnitCount" },
  minInterval = { "SetMinInterval", "GetMinInterval" },
}) do
  M[names[1]] = function(self, value)
    self[field] = value
  end
  if names[2] then
    M[names[2]] = function(self)
      return self[field]
    end
  end
end

function M:GetMaxInterval()
  return #SecondsFormatter.IntervalDescription
end
function M:GetIntervalDescription(interval)
  return SecondsFormatter.IntervalDescription[interval]
end
function M:GetIntervalSeconds(interval)
  local d = self:GetIntervalDescription(interval)
  return d and d.seconds
end
function M:CanApproximate(seconds)
  return seconds > 0 and seconds < self:GetApproximationSeconds()
end
function M:GetFormatString(interval, abbreviation, lower)
  local s = self:GetIntervalDescription(interval).formatString[abbreviation]
  if lower then
    s = s:lower()
  end
  if TIME_UTIL_WHITE_SPACE_STRIPPABLE and self:GetStripIntervalWhitespace() then
    s = s:gsub(" ", "")
  end
  return s
end
function M:FormatZero(abbreviation)
  return self:GetFormatString(self:GetMinInterval(0), abbreviation):format(0)
end
function M:FormatMillseconds(ms, abbreviation)
  return self:Format(ms / 1000, abbreviation)
end

function M:Format(seconds, abbreviation)
  if seconds == nil then
    return ""
  end
  seconds = math.ceil(seconds)
  abbreviation = abbreviation or self:GetDefaultAbbreviation()
  if seconds <= 0 then
    return self:FormatZero(abbreviation)
  end
  local low, high = self:GetMinInterval(seconds), self:GetMaxInterval()
  local lower = self.convertToLower
  if self:CanApproximate(seconds) then
    -- "< N unit": the largest unit (minutes at least) the duration exceeds the next one of.
    local unit = math.max(low, SecondsFormatter.Interval.Minutes)
    while unit < high and seconds > self:GetIntervalSeconds(unit + 1) do
      unit = unit + 1
    end
    local text = self:GetFormatString(unit, abbreviation, lower)
      :format(math.ceil(seconds / self:GetIntervalSeconds(unit)))
    return (gs("LESS_THAN_OPERAND") or "< %s"):format(text)
  end
  local parts, wanted = {}, self:GetDesiredUnitCount(seconds)
  for unit = high, low, -1 do
    if #parts >= wanted then
      break
    end
    local size = self:GetIntervalSeconds(unit)
    if seconds >= size then
      local count = seconds / size
      local last = unit == low or #parts + 1 == wanted
      count = (last and self:CanRoundUpLastUnit()) and math.ceil(count) or math.floor(count)
      parts[#parts + 1] = self:GetFormatString(unit, abbreviation, lower):format(count)
      seconds = math.fmod(seconds, size)
    end
  end
  if #parts == 0 then
    return self:FormatZero(abbreviation)
  end
  return table.concat(parts, gs("TIME_UNIT_DELIMITER") or " ")
end

-- The chat windows' names (the client sets them at log-in from the saved chat settings; a
-- window without one takes its default, which needs the global strings).
for i = 1, NUM_CHAT_WINDOWS do
  local frame = _G["ChatFrame" .. i]
  if frame and frame.name == nil then
    FCF_SetWindowName(frame, "")
  end
end

-- The character panel's tab labels (`base_frames.lua` made the tabs).
for i = 1, 5 do
  local tab = _G["CharacterFrameTab" .. i]
  if tab and tab.textKey and type(_G[tab.textKey]) == "string" then
    tab:SetText(_G[tab.textKey])
  end
end
if QuestLogFrameAbandonButton and type(ABANDON_QUEST) == "string" then
  QuestLogFrameAbandonButton:SetText(WOW_PROJECT_ID == WOW_PROJECT_CLASSIC and ABANDON_QUEST or ABANDON_QUEST_ABBREV)
end
