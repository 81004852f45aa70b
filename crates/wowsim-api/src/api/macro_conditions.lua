-- wow-sim: the client's macro conditionals, `SecureCmdOptionParse(options)` (a C function in the
-- client), written for wow-sim. Conditions answer from wow-sim's state: combat, modifier keys,
-- units that exist, the action bar page, bonus bar, stance, group; conditions about a world the
-- character is not in (vehicle, pet battle, flying, mounted, ...) are false.
local function unitFor(target)
  return target or "target"
end
local conditions = {}
function conditions.combat() return InCombatLockdown() end
function conditions.mod(arg)
  if not arg or arg == "" then
    return IsModifierKeyDown()
  end
  for m in arg:gmatch("[^/]+") do
    m = m:lower()
    if (m == "shift" and IsShiftKeyDown()) or (m == "ctrl" and IsControlKeyDown()) or (m == "alt" and IsAltKeyDown()) then
      return true
    end
  end
  return false
end
conditions.modifier = conditions.mod
function conditions.exists(_, unit) return UnitExists(unit) end
function conditions.dead(_, unit) return UnitIsDeadOrGhost(unit) end
function conditions.help(_, unit) return UnitExists(unit) and UnitIsUnit(unit, "player") end
function conditions.harm() return false end
local function numberIn(arg, value)
  if not arg or arg == "" then
    return value ~= 0
  end
  for v in arg:gmatch("[^/]+") do
    if tonumber(v) == value then
      return true
    end
  end
  return false
end
function conditions.bar(arg) return numberIn(arg, GetActionBarPage and GetActionBarPage() or 1) end
conditions.actionbar = conditions.bar
function conditions.bonusbar(arg) return numberIn(arg, GetBonusBarOffset and GetBonusBarOffset() or 0) end
function conditions.stance(arg) return numberIn(arg, GetShapeshiftForm and GetShapeshiftForm() or 0) end
conditions.form = conditions.stance
function conditions.group(arg)
  if arg == "raid" then
    return IsInRaid()
  end
  return IsInGroup()
end
-- Conditions about the world the character is not in (a vehicle, a pet battle, flying, ...).
for _, name in ipairs({ "vehicleui", "overridebar", "possessbar", "petbattle", "shapeshift", "flying",
  "mounted", "swimming", "indoors", "stealth", "channeling", "pet", "flyable", "extrabar",
  "canexitvehicle", "unithasvehicleui", "resting", "party", "raid", "known", "spec", "equipped",
  "worn", "button", "btn", "cursor", "talent", "advflyable", "bonusbar5" }) do
  conditions[name] = conditions[name] or function() return false end
end
function conditions.outdoors() return true end
function conditions.spec(arg) return numberIn(arg, 1) end

local function evalCondition(text)
  local unit
  local parts = {}
  for c in text:gmatch("[^,]+") do
    c = strtrim(c)
    local target = c:match("^@(.+)$") or c:match("^target=(.+)$")
    if target then
      unit = target
    elseif c ~= "" then
      parts[#parts + 1] = c
    end
  end
  for _, c in ipairs(parts) do
    local negate = false
    local name, arg = c:match("^([%a]+):?(.*)$")
    if not name then
      return false, unit
    end
    name = name:lower()
    if name:sub(1, 2) == "no" and conditions[name:sub(3)] then
      negate, name = true, name:sub(3)
    end
    local f = conditions[name]
    local ok = f and f(arg ~= "" and arg or nil, unitFor(unit)) and true or false
    if ok == negate then
      return false, unit
    end
  end
  return true, unit
end

-- `SecureCmdOptionParse("[cond] value; [cond] value; default")`: the value of the first clause
-- whose conditions hold (one bracket group of several holds when any of them does), and its
-- target unit.
function SecureCmdOptionParse(options)
  -- A number is read as its text, as the client's C argument checks do.
  if type(options) == "number" then
    options = tostring(options)
  end
  if type(options) ~= "string" then
    error("Usage: SecureCmdOptionParse(options)", 2)
  end
  for clause in (options .. ";"):gmatch("([^;]*);") do
    local rest = strtrim(clause)
    local any, matched, unit = false, false, nil
    while rest:sub(1, 1) == "[" do
      local cond, after = rest:match("^%[([^%]]*)%](.*)$")
      if not cond then
        break
      end
      any = true
      local ok, u = evalCondition(cond)
      if ok and not matched then
        matched, unit = true, u
      end
      rest = strtrim(after)
    end
    if matched or not any then
      return rest, unit
    end
  end
  return nil
end

