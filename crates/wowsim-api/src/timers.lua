-- wow-sim: C_Timer on top of the host's timer queue (natives.schedule(delay) -> seq) and the
-- host's function containers (a timer's handle is a LuaFunctionContainer).
-- Written for wow-sim, not client code.
local hostcall, schedule, fn = ...
local type, error = type, error
local pending = {} -- seq -> entry

-- A callback is a Lua function or a function container; a container given to a timer lends
-- it its function (the timer's state is its own: cancelling or finishing one leaves the other).
local function check(name, seconds, callback)
  local usage = "Usage: C_Timer." .. name .. "(seconds, callback" .. (name == "NewTicker" and "[, iterations])" or ")")
  seconds = type(seconds) == "number" and seconds or tonumber(seconds)
  if type(seconds) ~= "number" or seconds < 0 or seconds * 1000 > 4294967295 then
    error(usage, 3)
  end
  local f = fn.callback(callback)
  if not f then
    error(usage, 3)
  end
  return seconds, f
end

local function arm(entry, delay)
  local seq = schedule(delay)
  entry.seq = seq
  pending[seq] = entry
end

C_Timer = C_Timer or {}

C_Timer.After = function(seconds, callback)
  local s, f = check("After", seconds, callback)
  arm({ callback = f }, s)
end

C_Timer.NewTimer = function(seconds, callback)
  local s, f = check("NewTimer", seconds, callback)
  local h = fn.new(f)
  arm({ handle = h }, s)
  return h
end

C_Timer.NewTicker = function(seconds, callback, iterations)
  local s, f = check("NewTicker", seconds, callback)
  local h = fn.new(f)
  arm({ handle = h, interval = s, remaining = iterations }, s)
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
  if not h then
    return hostcall(e.callback)
  end
  local f = fn.of(h)
  if not f then
    return
  end
  if e.interval then
    if e.remaining then
      e.remaining = e.remaining - 1
    end
    if not e.remaining or e.remaining > 0 then
      arm(e, e.interval)
    else
      fn.finish(h)
    end
  end
  -- The callback gets another userdata of the handle (equal to it, sharing its fields).
  hostcall(f, fn.proxy(h))
end
