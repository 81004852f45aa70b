-- wow-sim: the client's C-side library functions that are simplest to express in Lua.
-- Runs once per VM with (hostcall, natives); written for wow-sim, not client code.
local hostcall, natives = ...
local type, select, error, rawget, rawset, pairs, next = type, select, error, rawget, rawset, pairs, next
local tostring, unpack, getmetatable = tostring, unpack, getmetatable

local gettaint, settaint, taintname = natives.gettaint, natives.settaint, natives.taintname
local slottaint, setslottaint = natives.slottaint, natives.setslottaint
local setfunctaint, forcedtaint = natives.setfunctaint, natives.forcedtaint

-- The results of a protected call made for a secure function: the caller's taint comes back
-- (whatever the called code read or called), an error went to the error handler.
local function restored(taint, ok, ...)
  settaint(taint)
  if ok then
    return ...
  end
end

-- Once the run is stopped at the memory cap, a secure call started then raises at once, as a
-- protected call does (bootstrap.lua): its error handler would otherwise swallow the stop, and
-- a loop of `print` (which runs its handler through securecall) went on past the cap. A spent
-- script budget alone does not: code after a `pcall` that caught "script ran too long" still
-- prints, as in the client.
local memstopped, toolong = natives.memstopped, natives.toolong
local function checkspent()
  if memstopped() then
    local m, at = toolong()
    error(m or "not enough memory", at and 3 or 0)
  end
end

-- securecall(f or name, ...): errors go to the error handler; the caller continues with its
-- own taint.
securecall = function(f, ...)
  checkspent()
  local taint = gettaint()
  if type(f) == "string" then
    f = _G[f]
  end
  if type(f) ~= "function" then
    settaint(taint)
    error("securecall(): Function is not a function", 2)
  end
  return restored(taint, hostcall(f, ...))
end

-- securecallfunction(f, ...): calls whatever it is given (no name lookup, no usage error: a
-- nil is "attempt to call a nil value", which goes to the error handler like any error).
securecallfunction = function(f, ...)
  checkspent()
  return restored(gettaint(), hostcall(f, ...))
end

securecallmethod = function(obj, method, ...)
  checkspent()
  local taint = gettaint()
  local f = obj[method]
  if type(f) ~= "function" then
    settaint(taint)
    error("securecallmethod(): Method is not a function", 2)
  end
  return restored(taint, hostcall(f, obj, ...))
end

secureexecuterange = function(t, f, ...)
  if type(t) ~= "table" or type(f) ~= "function" then
    error("Usage: secureexecuterange(table, function[, ...])", 2)
  end
  local taint = gettaint()
  for k, v in pairs(t) do
    checkspent()
    restored(taint, hostcall(f, k, v, ...))
  end
end

-- issecure(): whether the running code is secure.
issecure = function()
  return gettaint() == 0
end

-- issecurevariable([table,] "name"): whether the slot was last written by secure code, and
-- else the name of the addon that wrote it. Reading does not taint the caller.
issecurevariable = function(t, name)
  if name == nil then
    name = t
    t = _G
  end
  if type(t) ~= "table" or name == nil then
    error("Usage: issecurevariable([table,] \"variable\")", 2)
  end
  -- A key the table lacks is judged where a read of it finds its value: through the table's
  -- `__index` tables (an object's method its class holds: AceHook asks this before hooking,
  -- and Quartz's bars, whose class is their metatable's `__index`, hook fine in the client).
  -- A key found nowhere is secure.
  local depth = 0
  while rawget(t, name) == nil and depth < 100 do
    local mt = getmetatable(t)
    local index = type(mt) == "table" and rawget(mt, "__index")
    if type(index) ~= "table" then
      break
    end
    t, depth = index, depth + 1
  end
  local taint = slottaint(t, name)
  return taint == 0, taintname(taint)
end

-- forceinsecure(): the running code becomes insecure (if it is not already).
forceinsecure = function()
  if gettaint() == 0 then
    settaint(forcedtaint())
  end
end

scrub = function(...)
  local n = select("#", ...)
  local out = { ... }
  for i = 1, n do
    local t = type(out[i])
    if t ~= "string" and t ~= "number" and t ~= "boolean" and t ~= "nil" then
      out[i] = nil
    end
  end
  return unpack(out, 1, n)
end

-- The hook runs after the original; whatever it reads or calls, its caller keeps its taint,
-- and an error it raises goes to the error handler instead of the caller (a hook that fails
-- does not break the hooked function's callers).
local function posthook(hook, args, ...)
  restored(gettaint(), hostcall(hook, unpack(args, 1, args.n)))
  return ...
end

-- hooksecurefunc([table,] "name", hook): the original runs first and its results are
-- returned; the hook runs after it with the same arguments. The function put in the slot,
-- and the slot itself, keep the original slot's taint: hooking a secure function leaves it
-- secure for its callers.
hooksecurefunc = function(t, name, hook)
  if type(t) ~= "table" then
    t, name, hook = _G, t, name
  end
  if type(name) ~= "string" or type(hook) ~= "function" then
    error("Usage: hooksecurefunc([table,] \"functionName\", hookfunc)", 2)
  end
  local orig = t[name]
  if type(orig) ~= "function" then
    error("hooksecurefunc(): " .. name .. " is not a function", 2)
  end
  local taint = slottaint(t, name)
  local hooked = function(...)
    return posthook(hook, { n = select("#", ...), ... }, orig(...))
  end
  setfunctaint(hooked, taint)
  rawset(t, name, hooked)
  setslottaint(t, name, taint)
end

-- pcallwithenv(f, env, ...): pcall(f, ...) with f's environment replaced by env for the call
-- and put back after. A protected environment (an `__environment` metatable field) is refused;
-- the replacement is setfenv's, so tainted code taints f.
do
  local pcall, setfenv, getfenv = pcall, setfenv, getfenv
  local rawsetfenv, protectedenv = natives.rawsetfenv, natives.protectedenv
  local function putback(f, env, ...)
    rawsetfenv(f, env)
    return ...
  end
  pcallwithenv = function(f, env, ...)
    if type(f) ~= "function" or type(env) ~= "table" then
      error("Usage: pcallwithenv(func, env[, ...])", 2)
    end
    if protectedenv(f) then
      error("pcallwithenv(): function has a protected environment", 2)
    end
    local old = getfenv(f)
    setfenv(f, env)
    return putback(f, old, pcall(f, ...))
  end
end

-- Mixin(object, ...): copies every key of each mixin into object; returns object.
Mixin = function(object, ...)
  for i = 1, select("#", ...) do
    local mixin = select(i, ...)
    for k, v in pairs(mixin) do
      object[k] = v
    end
  end
  return object
end

CreateFromMixins = function(...)
  return Mixin({}, ...)
end

-- debuglocals(): no locals are listed (an empty text); nil inside a `__gc` finalizer, as the
-- client answers there since 10.1.
local infinalizer = natives.infinalizer
debuglocals = function()
  if infinalizer() then
    return nil
  end
  return ""
end

-- CreateSecureDelegate(f[, options]): a function that calls f as securecall does (errors go to
-- the error handler, the caller continues with its own taint).
CreateSecureDelegate = function(f, options)
  if type(f) ~= "function" then
    error("bad argument #1 to 'CreateSecureDelegate' (function expected, got " .. type(f) .. ")", 2)
  end
  return function(...)
    return restored(gettaint(), hostcall(f, ...))
  end
end

