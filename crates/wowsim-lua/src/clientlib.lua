-- wow-sim: the client's C-side library functions that are simplest to express in Lua.
-- Runs once per VM with (hostcall, natives); written for wow-sim, not client code.
local hostcall, natives = ...
local type, select, error, rawget, rawset, pairs, next = type, select, error, rawget, rawset, pairs, next
local tostring, unpack = tostring, unpack

local function dropok(ok, ...)
  if ok then
    return ...
  end
end

-- securecall(f or name, ...): errors go to the error handler; the caller continues.
securecall = function(f, ...)
  if type(f) == "string" then
    f = _G[f]
  end
  if type(f) ~= "function" then
    error("securecall(): Function is not a function", 2)
  end
  return dropok(hostcall(f, ...))
end

securecallfunction = securecall

securecallmethod = function(obj, method, ...)
  local f = obj[method]
  if type(f) ~= "function" then
    error("securecallmethod(): Method is not a function", 2)
  end
  return dropok(hostcall(f, obj, ...))
end

secureexecuterange = function(t, f, ...)
  if type(t) ~= "table" or type(f) ~= "function" then
    error("Usage: secureexecuterange(table, function[, ...])", 2)
  end
  for k, v in pairs(t) do
    hostcall(f, k, v, ...)
  end
end

-- wow-sim runs all addon code as insecure except for nothing: taint is not modelled, so
-- every caller is "secure" from the point of view of code that asks.
issecure = function()
  return true
end
issecurevariable = function(t, name)
  if name == nil then
    name = t
    t = _G
  end
  if type(t) ~= "table" then
    error("Usage: issecurevariable([table,] \"variable\")", 2)
  end
  return true, nil
end
forceinsecure = function() end
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

local function posthook(hook, args, ...)
  hook(unpack(args, 1, args.n))
  return ...
end

-- hooksecurefunc([table,] "name", hook): the original runs first and its results are
-- returned; the hook runs after it with the same arguments.
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
  rawset(t, name, function(...)
    return posthook(hook, { n = select("#", ...), ... }, orig(...))
  end)
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

debuglocals = function()
  return ""
end

-- CreateSecureDelegate(f[, options]): a function that calls f as securecall does (wow-sim has
-- no taint, so "securely" only means: errors go to the error handler, the caller continues).
CreateSecureDelegate = function(f, options)
  if type(f) ~= "function" then
    error("bad argument #1 to 'CreateSecureDelegate' (function expected, got " .. type(f) .. ")", 2)
  end
  return function(...)
    return dropok(hostcall(f, ...))
  end
end

-- string.format: the client's takes C99's `%F` (the same digits as `%f`; the character panel
-- formats with "%.2F%%"), which Lua 5.1's refuses, and positional arguments (`%2$s`, as
-- localized global strings reorder theirs: "%1$s ... %3$02d/%2$d"), which are turned into
-- a plain format over the arguments in the order named. Other formats are Lua's; an error
-- names 'format' and the caller's line, as the library function's own error does. The
-- library's own `pcall` (not the global one, a Lua wrapper) keeps the call cheap: the library
-- function raises only strings.
do
  local sformat, sfind, sgsub, rawpcall, type = string.format, string.find, string.gsub, natives.rawpcall, type
  local unpack, tonumber = unpack, tonumber
  local function upperF(spec, c)
    if c == "F" then
      return "%" .. spec .. "f"
    end
  end
  -- `fmt` with its positions dropped, and the arguments in the order its conversions take them
  -- (a conversion without a position takes the one after the previous conversion's).
  local function positional(fmt, ...)
    local args, order, n, nextArg = { ... }, {}, 0, 1
    local plain = sgsub(fmt, "%%(%d*%$?)([-+ #0]*%d*%.?%d*)(.?)", function(pos, spec, c)
      if pos == "" and spec == "" and c == "%" then
        return "%%"
      end
      local index = pos:sub(-1) == "$" and tonumber(pos:sub(1, -2))
      if not index then
        spec, index = pos .. spec, nextArg
      end
      n = n + 1
      order[n] = args[index]
      nextArg = index + 1
      return "%" .. spec .. c
    end)
    return plain, n, order
  end
  local function run(fmt, ...)
    if type(fmt) == "string" and sfind(fmt, "F", 1, true) then
      fmt = sgsub(fmt, "%%([-+ #0]*%d*%.?%d*)(.)", upperF)
    end
    return rawpcall(sformat, fmt, ...)
  end
  string.format = function(fmt, ...)
    local ok, s
    if type(fmt) == "string" and sfind(fmt, "%%%d+%$") then
      local plain, n, order = positional(fmt, ...)
      ok, s = run(plain, unpack(order, 1, n))
    else
      ok, s = run(fmt, ...)
    end
    if ok then
      return s
    end
    error((sgsub(s, "to '%?'", "to 'format'", 1)), 2)
  end
end
