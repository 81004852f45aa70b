-- wow-sim: key bindings (SetBinding, SetBindingClick, override bindings) and running the bound
-- action when a key press is not taken by a keyboard-enabled frame. Written for wow-sim.
-- `CLICK Button:MouseButton` actions click the named button; named commands come from the
-- addons' Bindings.xml (`register`, called by addons/bindings_xml.rs) and run their body with
-- keystate "down" (and "up" for runOnUp ones); an unknown command is counted and does nothing.
-- The commands in registration order are the client's binding list (GetNumBindings,
-- GetBinding, C_KeyBindings.GetBindingIndex: Blizzard's own Bindings_<game>.xml first, then the
-- addons'); <ModifiedClick action default> entries answer GetModifiedClick.
local hostcall, unknown, has = ...
local type, pairs, next, error, tostring = type, pairs, next, error, tostring
local bindings = {}   -- key -> action
local overrides = {}  -- owner -> { key -> action }, priority flag kept per entry
local priority = {}   -- owner -> { key -> true }
local commands = {}   -- command name -> { run = function or nil, runOnUp = bool, info = attrs }
local order = {}      -- command names in registration order (the binding list)
local indexOf = {}    -- command name -> index in `order`
local modifiedClicks = {} -- action -> modifier ("SHIFT", "CTRL", "NONE", ...)

local function normkey(key)
  if type(key) ~= "string" then return nil end
  return key:upper()
end

-- Whether a key (or chord, "SHIFT-PAD1") is a gamepad button: the client's gamepad button
-- names all begin with PAD (PAD1..PAD6, PADDUP, PADLSHOULDER, PADLSTICKUP, PADFORWARD, ...).
-- The action bars ask it of a bound key to choose the gamepad form of its text.
IsBindingForGamePad = function(key)
  if type(key) ~= "string" then
    error("Usage: IsBindingForGamePad(\"KEY\")", 2)
  end
  local base = key:upper():match("([^%-]+)$") or ""
  return base:sub(1, 3) == "PAD" and #base > 3
end

SetBinding = function(key, command)
  key = normkey(key)
  if not key then error("Usage: SetBinding(\"KEY\"[, \"COMMAND\"])", 2) end
  if command == nil or command == "" then bindings[key] = nil else bindings[key] = tostring(command) end
  return true
end

SetBindingClick = function(key, button, mouseButton)
  key = normkey(key)
  if not key or type(button) ~= "string" then
    error("Usage: SetBindingClick(\"KEY\", \"buttonName\"[, \"mouseButton\"])", 2)
  end
  bindings[key] = "CLICK " .. button .. ":" .. (mouseButton or "LeftButton")
  return true
end

local function setoverride(owner, isPriority, key, action)
  if type(owner) ~= "table" then error("Usage: SetOverrideBinding(owner, isPriority, \"KEY\"[, \"COMMAND\"])", 3) end
  key = normkey(key)
  if not key then error("Usage: SetOverrideBinding(owner, isPriority, \"KEY\"[, \"COMMAND\"])", 3) end
  overrides[owner] = overrides[owner] or {}
  priority[owner] = priority[owner] or {}
  overrides[owner][key] = action
  priority[owner][key] = isPriority and true or nil
end

SetOverrideBinding = function(owner, isPriority, key, command)
  setoverride(owner, isPriority, key, (command ~= "" and command) or nil)
end

SetOverrideBindingClick = function(owner, isPriority, key, button, mouseButton)
  setoverride(owner, isPriority, key, "CLICK " .. tostring(button) .. ":" .. (mouseButton or "LeftButton"))
end

ClearOverrideBindings = function(owner)
  overrides[owner] = nil
  priority[owner] = nil
end

-- The action a key runs now: priority overrides, then overrides, then normal bindings.
local function action(key)
  local found
  for owner, keys in pairs(overrides) do
    local a = keys[key]
    if a then
      if priority[owner][key] then return a end
      found = found or a
    end
  end
  return found or bindings[key]
end

GetBindingAction = function(key)
  return action(normkey(key) or "") or ""
end

GetBindingKey = function(command)
  local keys = {}
  for key, a in pairs(bindings) do
    if a == command then keys[#keys + 1] = key end
  end
  table.sort(keys)
  return unpack(keys)
end

local function register(name, run, runOnUp, info)
  commands[name] = { run = run, runOnUp = runOnUp, info = info }
  if not indexOf[name] then
    order[#order + 1] = name
    indexOf[name] = #order
  end
end

local function registerModifiedClick(action, default)
  if modifiedClicks[action] == nil then modifiedClicks[action] = default or "NONE" end
end

local function define(name, f)
  if not has(name) then return end
  local ns, short = name:match("^(C_%w+)%.(%w+)$")
  if ns then
    _G[ns] = type(_G[ns]) == "table" and _G[ns] or {}
    _G[ns][short] = f
  else
    _G[name] = f
  end
end

define("GetNumBindings", function() return #order end)
-- command, category (nil when the binding names none: the UI files it under "Other"), then
-- the keys bound to it.
define("GetBinding", function(index)
  if type(index) ~= "number" then
    error("Usage: local command, category, key = GetBinding(index)", 2)
  end
  local name = order[index]
  if not name then return nil end
  return name, commands[name].info and commands[name].info.category, GetBindingKey(name)
end)
define("C_KeyBindings.GetBindingIndex", function(action)
  if type(action) ~= "string" then
    error("Usage: local bindingIndex = C_KeyBindings.GetBindingIndex(action)", 2)
  end
  return indexOf[action]
end)
define("GetModifiedClick", function(action)
  return modifiedClicks[action]
end)
define("SetModifiedClick", function(action, value)
  if type(action) == "string" then modifiedClicks[action] = value end
end)

-- RunBinding("COMMAND"[, "up"]): runs a named command as a key would.
RunBinding = function(command, keystate)
  local c = commands[command]
  if not c then return end
  keystate = keystate or "down"
  if keystate == "up" and not c.runOnUp then return end
  if c.run then hostcall(c.run, keystate) end
end

-- Runs the action bound to `key` (with modifier prefixes, e.g. "SHIFT-A"); returns true if one
-- ran. `keystate` is "down" or "up" (only runOnUp commands run on "up").
local function run(key, keystate)
  keystate = keystate or "down"
  local a = action(key)
  if not a then return false end
  local c = commands[a]
  if c then
    if keystate == "down" or c.runOnUp then
      if c.run then hostcall(c.run, keystate) end
    end
    return true
  end
  if keystate ~= "down" then return false end
  local button, mouse = a:match("^CLICK ([^:]+):?(.*)$")
  if button then
    local b = _G[button]
    if type(b) == "table" and type(b.Click) == "function" then
      hostcall(b.Click, b, mouse ~= "" and mouse or "LeftButton", false)
    end
    return true
  end
  unknown(a)
  return true
end

return run, register, registerModifiedClick
