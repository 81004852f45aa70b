-- wow-sim: C_Timer on top of the host's timer queue (natives.schedule(delay) -> seq).
-- Written for wow-sim, not client code.
local hostcall, schedule = ...
local type, error, setmetatable, tonumber = type, error, setmetatable, tonumber
local pending = {} -- seq -> entry

local Handle = {}
Handle.__index = Handle
function Handle:Cancel()
  self._cancelled = true
  if self._seq then
    pending[self._seq] = nil
  end
end
function Handle:IsCancelled()
  return self._cancelled == true
end
-- The client's handles also answer Invoke (runs the callback now).
function Handle:Invoke(...)
  return self._callback(...)
end

local function check(name, seconds, callback)
  if type(tonumber(seconds)) ~= "number" or type(callback) ~= "function" then
    error("Usage: C_Timer." .. name .. "(seconds, callback" .. (name == "NewTicker" and "[, iterations])" or ")"), 3)
  end
  return tonumber(seconds)
end

local function arm(entry, delay)
  local seq = schedule(delay)
  entry.seq = seq
  if entry.handle then
    entry.handle._seq = seq
  end
  pending[seq] = entry
end

C_Timer = C_Timer or {}

C_Timer.After = function(seconds, callback)
  seconds = check("After", seconds, callback)
  arm({ callback = callback }, seconds)
end

C_Timer.NewTimer = function(seconds, callback)
  seconds = check("NewTimer", seconds, callback)
  local h = setmetatable({ _callback = callback }, Handle)
  arm({ callback = callback, handle = h }, seconds)
  return h
end

C_Timer.NewTicker = function(seconds, callback, iterations)
  seconds = check("NewTicker", seconds, callback)
  local h = setmetatable({ _callback = callback }, Handle)
  arm({ callback = callback, handle = h, interval = seconds, remaining = iterations }, seconds)
  return h
end

-- Called by the host for each due timer, in due order.
return function(seq)
  local e = pending[seq]
  if not e then
    return
  end
  pending[seq] = nil
  local h = e.handle
  if h and h._cancelled then
    return
  end
  if e.interval then
    if e.remaining then
      e.remaining = e.remaining - 1
    end
    if not e.remaining or e.remaining > 0 then
      arm(e, e.interval)
    else
      h._cancelled = true
    end
  end
  if h then
    hostcall(e.callback, h)
  else
    hostcall(e.callback)
  end
end
