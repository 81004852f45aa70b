-- wow-sim built-in base: secure templates and the secure snippets they run, written for wow-sim
-- (not Blizzard's code). Loaded only when no Blizzard UI is given.
--
-- What addons such as action-bar addons rely on: the SecureHandler templates (a header frame
-- runs Lua snippets held in its attributes: `_onstate-<id>` when `state-<id>` changes,
-- `_onattributechanged`, `_onclick`, `_onshow`/`_onhide`, `_childupdate-<id>` on children;
-- `Execute`, `WrapScript`, `SetFrameRef`), the state drivers (`RegisterStateDriver`,
-- `RegisterAttributeDriver`) over macro conditionals (`SecureCmdOptionParse`), and the action
-- button templates. Snippets run in a per-header environment with the client's restricted
-- library (string, math and table functions, `newtable`), and frame handles are proxies that
-- forward to the frame. The templates apply secure (whoever creates the frame) and make their
-- frames protected (`protect`), so insecure code may not move, show or hide them in combat.
local template, protect = ...
-- A capsule function: the loader takes it out of `_G` before any addon runs, as the client does.
local loadstring_untainted = loadstring_untainted

-- Frame handles ---------------------------------------------------------------------------
local handles = setmetatable({}, { __mode = "k" })
local frames = setmetatable({}, { __mode = "k" })
local handleMethods = {}
local function handle(frame)
  if type(frame) ~= "table" then
    return nil
  end
  if frames[frame] then
    return frame
  end
  local h = handles[frame]
  if not h then
    h = setmetatable({}, {
      __index = function(_, k)
        local m = handleMethods[k]
        if m then
          return m
        end
        local f = frame[k]
        if type(f) == "function" then
          -- Handles among the arguments (a relative frame) stand for their frames.
          return function(_, ...)
            local args, n = { ... }, select("#", ...)
            for i = 1, n do
              args[i] = frames[args[i]] or args[i]
            end
            return f(frame, unpack(args, 1, n))
          end
        end
        return nil
      end,
    })
    handles[frame] = h
    frames[h] = frame
  end
  return h
end
local function unwrap(h)
  return frames[h] or h
end

-- The restricted environment -------------------------------------------------------------
local restricted = {
  newtable = function(...) return { ... } end,
  tostring = tostring, tonumber = tonumber, type = type, select = select, pairs = pairs,
  ipairs = ipairs, next = next, unpack = unpack, wipe = table.wipe, tinsert = table.insert,
  tremove = table.remove, string = string, math = math, format = string.format,
  strsplit = strsplit, strjoin = strjoin, strtrim = strtrim, strsub = string.sub,
  strlen = string.len, strfind = string.find, strmatch = string.match, gsub = string.gsub,
  strupper = string.upper, strlower = string.lower, floor = math.floor, ceil = math.ceil,
  max = math.max, min = math.min, abs = math.abs, print = print, GetTime = GetTime,
  SecureCmdOptionParse = function(...) return SecureCmdOptionParse(...) end,
  GetActionBarPage = function(...) return GetActionBarPage(...) end,
  GetBonusBarOffset = function(...) return GetBonusBarOffset(...) end,
  IsShiftKeyDown = function() return IsShiftKeyDown() end,
  IsControlKeyDown = function() return IsControlKeyDown() end,
  IsAltKeyDown = function() return IsAltKeyDown() end,
  UnitExists = function(...) return UnitExists(...) end,
  PlayerInCombat = function() return InCombatLockdown() end,
}
-- The rest of the client's restricted functions, each the global (or namespaced) function of
-- the same name, looked up when called: macro conditions, math and string helpers, action bar
-- state, items and spells.
local function forward(name, ...)
  local namespaces = { ... }
  return function(...)
    local f = rawget(_G, name)
    for _, ns in ipairs(namespaces) do
      local t = rawget(_G, ns)
      f = f or (type(t) == "table" and t[name]) or nil
    end
    if type(f) ~= "function" then
      error(name .. " is not in this client's API", 2)
    end
    return f(...)
  end
end
for name in ([[
  GetShapeshiftForm IsStealthed UnitIsDead UnitIsGhost UnitPlayerOrPetInParty
  UnitPlayerOrPetInRaid IsRightAltKeyDown IsLeftAltKeyDown IsRightControlKeyDown
  IsLeftControlKeyDown IsLeftShiftKeyDown IsRightShiftKeyDown IsModifierKeyDown IsModifiedClick
  GetMouseButtonClicked IsMounted IsSwimming IsSubmerged IsFlying IsFlyableArea
  IsAdvancedFlyableArea IsDrivableArea IsIndoors IsOutdoors CanExitVehicle
  gmatch strbyte strchar strcmputf8i strconcat strlenutf8 strrep strrev acos asin atan atan2
  cos deg exp frexp ldexp log log10 mod rad random sin tan
  FindSpellBookSlotBySpellID GetBindingKey GetMultiCastTotemSpells UnitTargetsVehicleInRaidUI
  GetActionInfo RegisterStateDriver UnregisterStateDriver RegisterAttributeDriver
  UnregisterAttributeDriver RegisterUnitWatch UnregisterUnitWatch UnitWatchRegistered
]]):gmatch("%S+") do
  restricted[name] = restricted[name] or forward(name)
end
for name in ([[
  GetBonusBarIndex GetOverrideBarIndex GetTempShapeshiftBarIndex GetVehicleBarIndex HasAction
  HasBonusActionBar HasExtraActionBar HasOverrideActionBar HasTempShapeshiftActionBar
  HasVehicleActionBar
]]):gmatch("%S+") do
  restricted[name] = restricted[name] or forward(name, "C_ActionBar")
end
for name in ("IsHarmfulItem IsHelpfulItem"):gmatch("%S+") do
  restricted[name] = restricted[name] or forward(name, "C_Item")
end
for name in ("IsPressHoldReleaseSpell IsSpellHarmful IsSpellHelpful"):gmatch("%S+") do
  restricted[name] = restricted[name] or forward(name, "C_Spell")
end
restricted.rawtype = type
-- The restricted `table` library: the table functions snippets may use, and `new` (newtable).
restricted.table = {
  maxn = table.maxn, insert = table.insert, remove = table.remove, sort = table.sort,
  concat = table.concat, wipe = table.wipe, new = restricted.newtable,
}
restricted.copytable = function(t)
  local out = {}
  for k, v in pairs(t) do
    out[k] = type(v) == "table" and restricted.copytable(v) or v
  end
  return out
end
restricted.PlayerCanAttack = function(unit) return UnitCanAttack("player", unit) end
restricted.PlayerCanAssist = function(unit) return UnitCanAssist("player", unit) end
restricted.PlayerIsChanneling = function() return UnitChannelInfo("player") ~= nil end
restricted.PlayerPetSummary = function() return UnitCreatureFamily("pet"), (UnitName("pet")) end
restricted.PlayerInGroup = function()
  return (IsInRaid() and "raid") or (IsInGroup() and "party") or nil
end
-- A unit with a vehicle interface: true when its vehicle (its pet unit) is friendly.
restricted.UnitHasVehicleUI = function(unit)
  unit = tostring(unit)
  if not UnitHasVehicleUI(unit) then
    return false
  end
  return UnitCanAssist("player", (unit:gsub("(%D+)(%d*)", "%1pet%2"))) and true or false
end
restricted.IsGamePadEnabled = function() return C_GamePad.IsEnabled() end
restricted.GetGamePadState = function() return C_GamePad.GetDeviceMappedState() end
restricted.__index = restricted
local environments = setmetatable({}, { __mode = "k" })
local function environment(owner)
  local env = environments[owner]
  if not env then
    env = setmetatable({}, restricted)
    environments[owner] = env
  end
  return env
end

local compiled = {}
local function compile(body)
  local f = compiled[body]
  if not f then
    local err
    -- The body's `...` is only the snippet's own arguments (`control:RunFor(frame, body, ...)`),
    -- as in the client; `self`, `control` and `owner` are names around it.
    f, err = loadstring_untainted("local self, control, owner = ...; return (function(...) " .. body
      .. "\nend)(select(4, ...))", "=(secure snippet)")
    if not f then
      error("Invalid secure snippet: " .. tostring(err), 3)
    end
    compiled[body] = f
  end
  return f
end

-- Runs `body` for `owner` (the header whose environment it uses) with `self` = frame.
local function run(owner, frame, body, ...)
  if type(body) ~= "string" or body == "" then
    return
  end
  local f = compile(body)
  setfenv(f, environment(owner))
  local args = { ... }
  local n = select("#", ...)
  local env = environment(owner)
  -- The snippet sees `self`, `control` and `owner` and its arguments by the names the client
  -- gives each kind of snippet (set by the caller in the environment).
  return f(handle(frame), handle(owner), handle(owner), unpack(args, 1, n))
end

local function withNames(owner, names, ...)
  local env = environment(owner)
  for i, name in ipairs(names) do
    env[name] = (select(i, ...))
  end
end

function handleMethods:GetFrameRef(label)
  return handle(unwrap(self):GetAttribute("frameref-" .. label))
end
function handleMethods:GetParent()
  return handle(unwrap(self):GetParent())
end
function handleMethods:GetChildren()
  local out = {}
  for i, c in ipairs({ unwrap(self):GetChildren() }) do
    out[i] = handle(c)
  end
  return unpack(out)
end
function handleMethods:GetChildList(t)
  t = t or {}
  for _, c in ipairs({ unwrap(self):GetChildren() }) do
    t[#t + 1] = handle(c)
  end
  return t
end
function handleMethods:Run(body, ...)
  local f = unwrap(self)
  return run(f, f, body, ...)
end
function handleMethods:RunFor(target, body, ...)
  return run(unwrap(self), unwrap(target), body, ...)
end
function handleMethods:RunAttribute(name, ...)
  local f = unwrap(self)
  return run(f, f, f:GetAttribute(name), ...)
end
function handleMethods:CallMethod(name, ...)
  local f = unwrap(self)
  local m = f[name]
  if type(m) == "function" then
    return m(f, ...)
  end
end
function handleMethods:ChildUpdate(snippetid, message)
  local owner = unwrap(self)
  for _, child in ipairs({ owner:GetChildren() }) do
    local body = (snippetid and child:GetAttribute("_childupdate-" .. snippetid)) or child:GetAttribute("_childupdate")
    if body then
      withNames(owner, { "scriptid", "message" }, snippetid, message)
      run(owner, child, body, snippetid, message)
    end
  end
end
-- Override bindings owned by the frame.
function handleMethods:ClearBindings()
  ClearOverrideBindings(unwrap(self))
end
function handleMethods:ClearBinding(key)
  SetOverrideBinding(unwrap(self), false, key, nil)
end
function handleMethods:SetBindingClick(priority, key, target, button)
  local t = unwrap(target)
  if type(t) == "table" then
    t = t:GetName()
  end
  SetOverrideBindingClick(unwrap(self), priority, key, t, button)
end
function handleMethods:SetBinding(priority, key, command)
  SetOverrideBinding(unwrap(self), priority, key, command)
end
function handleMethods:SetBindingSpell(priority, key, spell)
  SetOverrideBindingSpell(unwrap(self), priority, key, spell)
end
function handleMethods:SetBindingMacro(priority, key, macro)
  SetOverrideBindingMacro(unwrap(self), priority, key, macro)
end
function handleMethods:SetBindingItem(priority, key, item)
  SetOverrideBindingItem(unwrap(self), priority, key, item)
end
function handleMethods:GetAttribute(name)
  local v = unwrap(self):GetAttribute(name)
  if type(v) == "table" and v.GetObjectType then
    return handle(v)
  end
  return v
end
function handleMethods:SetAttribute(name, value)
  return unwrap(self):SetAttribute(name, unwrap(value))
end

-- SecureHandler templates -----------------------------------------------------------------
SecureHandlerMixin = {}
function SecureHandlerMixin:Execute(body)
  return run(self, self, body)
end
function SecureHandlerMixin:WrapScript(frame, script, preBody, postBody)
  SecureHandlerWrapScript(frame, script, self, preBody, postBody)
end
function SecureHandlerMixin:UnwrapScript(frame, script)
  return SecureHandlerUnwrapScript(frame, script)
end
function SecureHandlerMixin:SetFrameRef(label, refFrame)
  SecureHandlerSetFrameRef(self, label, refFrame)
end

function SecureHandlerExecute(frame, body)
  return run(frame, frame, body)
end
function SecureHandlerSetFrameRef(frame, label, refFrame)
  frame:SetAttribute("frameref-" .. label, refFrame)
end

-- Wrapped scripts keep the original handler; the pre-snippet runs first with the script's
-- arguments and may return false to stop the handler (or a message for the post-snippet).
local wrapped = setmetatable({}, { __mode = "k" })
local SCRIPT_ARGS = {
  OnClick = { "button", "down" }, PreClick = { "button", "down" }, PostClick = { "button", "down" },
  OnDoubleClick = { "button" }, OnEnter = { "motion" }, OnLeave = { "motion" },
  OnMouseDown = { "button" }, OnMouseUp = { "button" }, OnMouseWheel = { "offset" },
  OnAttributeChanged = { "name", "value" }, OnDragStart = { "button" },
  OnReceiveDrag = {}, OnShow = {}, OnHide = {},
}
function SecureHandlerWrapScript(frame, script, header, preBody, postBody)
  local original = frame:GetScript(script)
  wrapped[frame] = wrapped[frame] or {}
  wrapped[frame][script] = { original = original, header = header, pre = preBody, post = postBody }
  local names = SCRIPT_ARGS[script] or {}
  frame:SetScript(script, function(f, ...)
    withNames(header, names, ...)
    local go, message = true, nil
    if preBody and preBody ~= "" then
      local r, m = run(header, f, preBody, ...)
      if r == false then
        go = false
      end
      message = m
    end
    if go and original then
      original(f, ...)
    end
    if go and postBody and postBody ~= "" then
      withNames(header, { "message" }, message)
      run(header, f, postBody, message, ...)
    end
  end)
end
function SecureHandlerUnwrapScript(frame, script)
  local w = wrapped[frame] and wrapped[frame][script]
  if not w then
    return
  end
  frame:SetScript(script, w.original)
  wrapped[frame][script] = nil
  return w.header, w.pre, w.post
end

local function onAttributeState(self, name, value)
  local stateid = name:match("^state%-(.+)$")
  if stateid then
    local body = self:GetAttribute("_onstate-" .. stateid)
    if body then
      withNames(self, { "stateid", "newstate" }, stateid, value)
      run(self, self, body, stateid, value)
    end
  end
end
template("SecureHandlerBaseTemplate", function(self)
  protect(self)
  Mixin(self, SecureHandlerMixin)
end)
template("SecureHandlerStateTemplate", function(self)
  protect(self)
  Mixin(self, SecureHandlerMixin)
  self:HookScript("OnAttributeChanged", onAttributeState)
end)
template("SecureHandlerAttributeTemplate", function(self)
  protect(self)
  Mixin(self, SecureHandlerMixin)
  self:HookScript("OnAttributeChanged", function(f, name, value)
    if name:sub(1, 1) == "_" then
      return
    end
    local body = f:GetAttribute("_onattributechanged")
    if body then
      withNames(f, { "name", "value" }, name, value)
      run(f, f, body, name, value)
    end
  end)
end)
template("SecureHandlerClickTemplate", function(self)
  protect(self)
  Mixin(self, SecureHandlerMixin)
  self:RegisterForClicks("AnyUp")
  self:HookScript("OnClick", function(f, button, down)
    withNames(f, { "button", "down" }, button, down)
    run(f, f, f:GetAttribute("_onclick"), button, down)
  end)
end)
template("SecureHandlerShowHideTemplate", function(self)
  protect(self)
  Mixin(self, SecureHandlerMixin)
  self:HookScript("OnShow", function(f) run(f, f, f:GetAttribute("_onshow")) end)
  self:HookScript("OnHide", function(f) run(f, f, f:GetAttribute("_onhide")) end)
end)
template("SecureHandlerEnterLeaveTemplate", function(self)
  protect(self)
  Mixin(self, SecureHandlerMixin)
  self:HookScript("OnEnter", function(f) run(f, f, f:GetAttribute("_onenter")) end)
  self:HookScript("OnLeave", function(f) run(f, f, f:GetAttribute("_onleave")) end)
end)
template("SecureFrameTemplate", protect)

-- Macro conditionals (`SecureCmdOptionParse`) are the client's C API: `lua/macro_conditions.lua`.

-- State drivers: each registered (frame, state) is evaluated now and again when the conditions
-- may change (modifiers, target, bar page, combat, shapeshift).
local drivers = {}
local function applyDriver(d)
  local value = SecureCmdOptionParse(d.values)
  if d.kind == "state" and d.name == "visibility" then
    if value == "show" then
      d.frame:Show()
    elseif value == "hide" then
      d.frame:Hide()
    end
    return
  end
  local attr = d.kind == "state" and ("state-" .. d.name) or d.name
  if d.frame:GetAttribute(attr) ~= value then
    d.frame:SetAttribute(attr, value)
  end
end
local function register(kind, frame, name, values)
  for i = #drivers, 1, -1 do
    if drivers[i].frame == frame and drivers[i].kind == kind and drivers[i].name == name then
      table.remove(drivers, i)
    end
  end
  if values then
    local d = { kind = kind, frame = frame, name = name, values = values }
    drivers[#drivers + 1] = d
    applyDriver(d)
  end
end
function RegisterStateDriver(frame, state, values)
  register("state", frame, state, values)
end
function UnregisterStateDriver(frame, state)
  register("state", frame, state, nil)
end
function RegisterAttributeDriver(frame, attribute, values)
  register("attribute", frame, attribute, values)
end
function UnregisterAttributeDriver(frame, attribute)
  register("attribute", frame, attribute, nil)
end
local driverEvents = CreateFrame("Frame")
for _, event in ipairs({ "MODIFIER_STATE_CHANGED", "PLAYER_TARGET_CHANGED", "ACTIONBAR_PAGE_CHANGED",
  "UPDATE_BONUS_ACTIONBAR", "UPDATE_SHAPESHIFT_FORM", "PLAYER_REGEN_DISABLED", "PLAYER_REGEN_ENABLED",
  "GROUP_ROSTER_UPDATE", "PLAYER_ENTERING_WORLD" }) do
  driverEvents:RegisterEvent(event)
end
driverEvents:SetScript("OnEvent", function()
  for _, d in ipairs({ unpack(drivers) }) do
    applyDriver(d)
  end
end)

-- The unit watch: a registered frame is shown while its unit exists and hidden otherwise, or,
-- registered as state, gets `state-unitexists` (true or false); checked at once, on the group
-- and target events and five times a second, as the client's state driver manager does.
local unitWatchers = {}
local function updateUnitWatch(frame, asState)
  local unit = SecureButton_GetUnit and SecureButton_GetUnit(frame) or frame:GetAttribute("unit")
  local exists = unit ~= nil and UnitExists(unit) == true
  if asState then
    if frame:GetAttribute("state-unitexists") ~= exists then
      frame:SetAttribute("state-unitexists", exists)
    end
  elseif exists ~= frame:IsShown() then
    frame:SetShown(exists)
  end
end
function RegisterUnitWatch(frame, asState)
  unitWatchers[frame] = asState and true or false
  updateUnitWatch(frame, asState)
end
function UnregisterUnitWatch(frame)
  if frame ~= nil then
    unitWatchers[frame] = nil
  end
end
function UnitWatchRegistered(frame)
  return unitWatchers[frame] ~= nil
end
local unitWatch = CreateFrame("Frame")
for _, event in ipairs({ "GROUP_ROSTER_UPDATE", "PLAYER_TARGET_CHANGED", "UNIT_PET",
  "PLAYER_ENTERING_WORLD" }) do
  unitWatch:RegisterEvent(event)
end
local function updateAllUnitWatches()
  for frame, asState in pairs(unitWatchers) do
    updateUnitWatch(frame, asState)
  end
end
unitWatch:SetScript("OnEvent", updateAllUnitWatches)
local sinceCheck = 0
unitWatch:SetScript("OnUpdate", function(_, elapsed)
  sinceCheck = sinceCheck + elapsed
  if sinceCheck >= 0.2 then
    sinceCheck = 0
    updateAllUnitWatches()
  end
end)

-- Action buttons -----------------------------------------------------------------------------
-- `SecureButton_GetModifiedAttribute(frame, name, button)`: the attribute for the modifiers
-- held and the mouse button (`shift-type2`, `type2`, `*type2`, `shift-type*`, `type`).
function SecureButton_GetModifierPrefix()
  local prefix = ""
  if IsShiftKeyDown() then prefix = "shift-" .. prefix end
  if IsControlKeyDown() then prefix = "ctrl-" .. prefix end
  if IsAltKeyDown() then prefix = "alt-" .. prefix end
  return prefix
end
function SecureButton_GetButtonSuffix(button)
  local n = ({ LeftButton = "1", RightButton = "2", MiddleButton = "3", Button4 = "4", Button5 = "5" })[button]
  return n or (button and button ~= "" and ("-" .. button)) or ""
end
function SecureButton_GetModifiedAttribute(frame, name, button, prefix, suffix)
  prefix = prefix or SecureButton_GetModifierPrefix()
  suffix = suffix or SecureButton_GetButtonSuffix(button)
  for _, key in ipairs({ prefix .. name .. suffix, "*" .. name .. suffix, prefix .. name .. "*", "*" .. name .. "*", name }) do
    local v = frame:GetAttribute(key)
    if v ~= nil then
      return v
    end
  end
end
SecureButton_GetAttribute = function(frame, name)
  return SecureButton_GetModifiedAttribute(frame, name, nil, "", "")
end

-- The unit the button acts on: its `unit` attribute with its `unitsuffix` (a pet suffix after a
-- number moves before it: raid1pet is raidpet1). With `toggleForVehicle`, a unit (not a
-- target's, mouseover, focus or arena unit) whose owner has a vehicle UI swaps with its pet:
-- the vehicle is the owner's pet unit.
local function withSuffix(frame, unit, suffix)
  if suffix then
    unit = (unit .. suffix):gsub("^([^%d]+)(%d+)[pP][eE][tT]", "%1pet%2")
    unit = unit:gsub("^[pP][lL][aA][yY][eE][rR][pP][eE][tT]", "pet")
  end
  return unit
end
function SecureButton_GetModifiedUnit(frame, button)
  local unit = SecureButton_GetModifiedAttribute(frame, "unit", button)
  if not unit then
    return nil
  end
  unit = withSuffix(frame, unit, SecureButton_GetModifiedAttribute(frame, "unitsuffix", button))
  if SecureButton_GetModifiedAttribute(frame, "toggleForVehicle", button) then
    local lower = unit:lower()
    if not (lower:find("target") or lower:find("^mouseover") or lower:find("^focus") or lower:find("^arena")) then
      local owner, isPet = lower, false
      if lower == "pet" then
        owner, isPet = "player", true
      elseif lower:find("pet%d+$") then
        owner, isPet = lower:gsub("pet(%d+)$", "%1"), true
      end
      if UnitHasVehicleUI(owner) then
        if isPet then
          return owner
        end
        return owner == "player" and "pet" or (owner:gsub("(%d+)$", "pet%1"))
      end
    end
  end
  return unit
end
function SecureButton_GetUnit(frame)
  local unit = SecureButton_GetAttribute(frame, "unit")
  if unit then
    return withSuffix(frame, unit, SecureButton_GetAttribute(frame, "unitsuffix"))
  end
end
function SecureButton_GetEffectiveButton(frame)
  return "LeftButton"
end

-- What a click does, by `type`: `click` clicks `clickbutton`, `attribute` sets an attribute;
-- `spell`, `macro`, `target`, `focus`, `assist` call the client's protected functions (from
-- secure code, so they are allowed in combat too); `item`, `action`, ... have nothing to act on.
-- The protected function of each game action, and the attribute it takes.
local actions = {
  spell = { "CastSpellByName", "spell" },
  macro = { "RunMacroText", "macrotext" },
  target = { "TargetUnit", "unit" },
  focus = { "FocusUnit", "unit" },
  assist = { "AssistUnit", "unit" },
}
function SecureActionButton_OnClick(self, button, down)
  local kind = SecureButton_GetModifiedAttribute(self, "type", button)
  if kind == "click" then
    local target = SecureButton_GetModifiedAttribute(self, "clickbutton", button)
    if target and target ~= self and target.Click then
      target:Click(button, down)
    end
  elseif actions[kind] then
    local f = _G[actions[kind][1]]
    if type(f) == "function" then
      local arg = actions[kind][2]
      local value = SecureButton_GetModifiedAttribute(self, arg, button) or ""
      if arg == "unit" then
        f(value)
      else
        f(value, SecureButton_GetModifiedAttribute(self, "unit", button))
      end
    end
  elseif kind == "attribute" then
    local frame = SecureButton_GetModifiedAttribute(self, "attribute-frame", button) or self
    local name = SecureButton_GetModifiedAttribute(self, "attribute-name", button)
    if name then
      frame:SetAttribute(name, SecureButton_GetModifiedAttribute(self, "attribute-value", button))
    end
  end
end
local function actionButton(self)
  self:RegisterForClicks("LeftButtonUp")
  self:SetScript("OnClick", SecureActionButton_OnClick)
end
local function secureButton(self)
  protect(self)
  actionButton(self)
end
template("SecureActionButtonTemplate", secureButton)
template("InsecureActionButtonTemplate", actionButton)
template("SecureUnitButtonTemplate", secureButton)
