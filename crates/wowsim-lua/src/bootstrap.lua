-- wow-sim bootstrap: the error trampoline and the client's error-handler functions.
-- Runs once per VM with the host's natives table as its only argument; returns the host API.
-- Written for wow-sim; it is not client code.
local natives = ...
local rawpcall = pcall
local type, error = type, error
local cocreate, coresume = coroutine.create, coroutine.resume
local errmsg, record, stack = natives.errmsg, natives.record, natives.stack
-- xpcall with arguments, in C (`lua/protected_call.rs`): no closure per call.
local protectedcall = natives.protectedcall
-- The library's pcall, for clientlib's wrappers of functions that raise only strings.
natives.rawpcall = rawpcall

-- Rust callbacks raise their errors as userdata; the client raises strings. Convert at every
-- place Lua code can observe an error value.
local function fix(e)
  if type(e) == "userdata" then
    return errmsg(e)
  end
  return e
end

local function pcallresult(ok, ...)
  if ok then
    return ok, ...
  end
  return false, fix((...))
end

-- `spent[1]` is true while a host entry's budget is spent or the run is stopped (the count
-- hook sets it, the host clears it). A protected call started then raises the error at once
-- instead of running its function: `pcall` returns the first "script ran too long" as in the
-- client, but `while true do pcall(busy) end` cannot catch it for ever. The message takes the
-- position of the caller of that protected call (level 3: past this function and the wrapper).
local spent, toolong = natives.spent, natives.toolong
local function checkspent()
  if spent[1] then
    local m, at = toolong()
    error(m or "script ran too long", at and 3 or 0)
  end
end

-- Lua calls the error handler of an error the count hook raised inside the hook, where hooks
-- are off: a handler that loops would never be stopped. While the budget is spent a handler
-- therefore runs in a fresh coroutine (a new thread has hooks on), so it is stopped like any
-- script; its error is then its result.
local function handlerresult(ok, ...)
  if ok then
    return ...
  end
  return fix((...))
end
local function runhandler(h, ...)
  if not spent[1] then
    return h(...)
  end
  return handlerresult(coresume(cocreate(h), ...))
end

-- Lua runs `__gc` finalizers with hooks off, so a finalizer that loops was never stopped. A
-- `__gc` assigned to the metatable of `newproxy(true)` (the only finalizers Lua 5.1 runs for
-- addon code) is kept wrapped: it runs in a fresh coroutine (hooks on), stopped by the budget
-- like any script, and its error is raised where the collector ran, as Lua raises it.
-- `rawset(mt, "__gc", f)` passes the guard: only the watchdog of --timeout ends that one.
local rawnewproxy, rawsetmetatable, rawgetmetatable = newproxy, setmetatable, getmetatable
local rawset_, rawget_ = rawset, rawget
local finalizing = natives.finalizing
local function guardedgc(gc)
  return function(u)
    finalizing(true)
    local ok, e = coresume(cocreate(gc), u)
    finalizing(false)
    if not ok then
      error(fix(e), 0)
    end
  end
end
local gcguard = {
  __newindex = function(mt, k, v)
    if k == "__gc" and type(v) == "function" then
      v = guardedgc(v)
    end
    rawset_(mt, k, v)
  end,
}
newproxy = function(...)
  local p = rawnewproxy(...)
  if (...) == true then
    rawsetmetatable(rawgetmetatable(p), gcguard)
  end
  return p
end

-- `pcall` and `xpcall` are C functions (`lua/protected_call.rs`), as in the client, so that
-- levels counted through them (`pcall(error, msg, 2)`) land where the client's do; each checks
-- the spent flag first. The client's xpcall passes extra arguments to the function (as Lua
-- 5.2 does).
local protectedmaker = natives.protectedmaker
pcall = protectedmaker("pcall", spent, toolong, errmsg)
xpcall = protectedmaker("xpcall", spent, toolong, function(handler)
  return function(e)
    return runhandler(handler, fix(e))
  end
end)

coroutine.resume = function(co, ...)
  checkspent()
  return pcallresult(coresume(co, ...))
end

local function wrapresult(ok, ...)
  if ok then
    return ...
  end
  error(fix((...)), 0)
end

local wrapcreate = natives.wrapcreate
coroutine.wrap = function(f)
  local co = wrapcreate(f)
  return function(...)
    checkspent()
    return wrapresult(coresume(co, ...))
  end
end

-- The error handler chain. When the installed handler itself fails, the client queues the
-- original message as a LUA_WARNING, delivered at the start of the next frame.
local queuewarning = natives.queuewarning
local inhandler = false
local function defaulthandler(msg)
  if not inhandler then
    record(fix(msg), stack(2))
  end
  return msg
end
local currenthandler = defaulthandler
-- What geterrorhandler() returns for an addon's handler: the client reports (and wow-sim
-- records) every error that reaches the installed handler, also when Lua code hands it on
-- itself (`xpcall(f, geterrorhandler())`, as AceAddon and CallbackHandler do).
local givenhandler = defaulthandler

geterrorhandler = function()
  return givenhandler
end

seterrorhandler = function(h)
  if type(h) ~= "function" then
    error("Usage: seterrorhandler(errfunc)", 2)
  end
  currenthandler = h
  if h == defaulthandler then
    givenhandler = h
  else
    givenhandler = function(msg, ...)
      if inhandler then
        return h(msg, ...)
      end
      msg = fix(msg)
      record(msg, stack(2))
      inhandler = true
      local ok, r = rawpcall(runhandler, h, msg, ...)
      inhandler = false
      if ok then
        return r
      end
      queuewarning(msg)
      return msg
    end
  end
end

-- Records an error (with the stack at the point it was raised) and hands it to the addon's
-- error handler, as the client does for every error it catches.
local function report(msg, st)
  msg = fix(msg)
  record(msg, st or stack(3))
  local h = currenthandler
  if h ~= defaulthandler then
    inhandler = true
    -- The client hands its error handler a string: an error value that is neither a string
    -- nor a number arrives as "UNKNOWN ERROR".
    local given = msg
    if type(given) ~= "string" and type(given) ~= "number" then
      given = "UNKNOWN ERROR"
    end
    if not rawpcall(runhandler, h, given) then
      queuewarning(msg)
    end
    inhandler = false
  end
  return msg
end

-- The hook raises Lua's own memory error when the heap passes wow-sim's cap; it is handled as
-- Lua handles a failed allocation (no handler; `checked` records it).
local memstopped = natives.memstopped

-- A chunk named `*:OnX` names the object it ran for in its error: the `*` becomes the name of
-- the object held by the chunk's first local (its type name when unnamed), as the client's
-- error path does (`star_chunk.rs`). Anything but a UI object leaves the `*`.
local starlocal, sub, find = natives.starlocal, string.sub, string.find
local STAR = '[string "*'
local function objectname(o)
  local ok, name = rawpcall(o.GetName, o)
  if ok and type(name) == "string" then
    return name
  end
  local okt, ty = rawpcall(o.GetObjectType, o)
  if okt and type(ty) == "string" then
    return ty
  end
end
local function starsource(e)
  if type(e) ~= "string" or sub(e, 1, #STAR) ~= STAR then
    return e
  end
  local o = starlocal()
  if type(o) ~= "table" or type(rawget_(o, 0)) ~= "userdata" then
    return e
  end
  local name = objectname(o)
  if not name or find(name, '"', 1, true) then
    return e
  end
  return '[string "' .. name .. sub(e, #STAR + 1)
end

local function onerror(e)
  if e == "not enough memory" and memstopped() then
    return e
  end
  return report(starsource(e), stack(2))
end

-- Lua 5.1 does not call the error handler for memory errors: xpcall just returns this text.
local memerror, MEMERR = natives.memerror, "not enough memory"
local function checked(f, ok, ...)
  if not ok and (...) == MEMERR then
    memerror(f)
  end
  return ok, ...
end

-- Calls f(...) protected; errors are reported, never propagated. Returns ok, results...
-- (This frame is the host boundary tracebacks stop at.)
local function hostcall(f, ...)
  return checked(f, protectedcall(onerror, f, ...))
end

return {
  hostcall = hostcall,
  report = function(msg) report(msg, {}) end,
  defaulthandler = defaulthandler,
}
