-- wow-sim built-in base: the small part of the client's own UI code that ordinary addons rely
-- on, written for wow-sim (not Blizzard's code). Loaded only when no Blizzard UI is given.
-- Receives the host natives: output(text) records a chat line.
local natives = ...
local output = natives.output

-- The short aliases of the client's UI code.
tinsert, tremove, wipe, sort, tconcat = table.insert, table.remove, table.wipe, table.sort, table.concat
getn, foreach, foreachi = table.getn, table.foreach, table.foreachi
format, gsub, strbyte, strchar, strfind = string.format, string.gsub, string.byte, string.char, string.find
strlen, strlower, strmatch, strrep, strrev = string.len, string.lower, string.match, string.rep, string.reverse
strsub, strupper, gmatch = string.sub, string.upper, string.gmatch
abs, ceil, floor, max, min = math.abs, math.ceil, math.floor, math.max, math.min
mod, random, sqrt, exp, log, log10 = math.fmod, math.random, math.sqrt, math.exp, math.log, math.log10
frexp, ldexp, deg, rad, PI = math.frexp, math.ldexp, math.deg, math.rad, math.pi
-- The client's global trigonometry works in degrees.
local msin, mcos, mtan, masin, macos, matan, matan2 = math.sin, math.cos, math.tan, math.asin, math.acos, math.atan, math.atan2
local torad, todeg = math.pi / 180, 180 / math.pi
sin = function(x) return msin(x * torad) end
cos = function(x) return mcos(x * torad) end
tan = function(x) return mtan(x * torad) end
asin = function(x) return masin(x) * todeg end
acos = function(x) return macos(x) * todeg end
atan = function(x) return matan(x) * todeg end
atan2 = function(y, x) return matan2(y, x) * todeg end

function tContains(t, value)
  for _, v in pairs(t) do
    if v == value then
      return true
    end
  end
  return false
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
template("GameTooltipTemplate", function(self) end)
template("BackdropTemplate", function(self)
  Mixin(self, BackdropTemplateMixin)
end)

BackdropTemplateMixin = {}
function BackdropTemplateMixin:SetBackdrop(info)
  self.backdropInfo = info
end
function BackdropTemplateMixin:GetBackdrop()
  return self.backdropInfo
end
function BackdropTemplateMixin:SetBackdropColor(r, g, b, a)
  self.backdropColor = { r, g, b, a }
end
function BackdropTemplateMixin:SetBackdropBorderColor(r, g, b, a)
  self.backdropBorderColor = { r, g, b, a }
end
function BackdropTemplateMixin:ApplyBackdrop() end
function BackdropTemplateMixin:OnBackdropLoaded() end
function BackdropTemplateMixin:OnBackdropSizeChanged() end

GameTooltip = CreateFrame("GameTooltip", "GameTooltip", UIParent, "GameTooltipTemplate")
GameTooltip:Hide()

-- A chat frame: AddMessage records the line (the screenshot issue draws it).
local chat = CreateFrame("ScrollingMessageFrame", "ChatFrame1", UIParent)
function chat:AddMessage(text, r, g, b, ...)
  output(tostring(text))
end
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
