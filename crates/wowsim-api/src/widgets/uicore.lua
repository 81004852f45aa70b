-- wow-sim: the Lua side of UI objects: the id → object table, script handlers and hooks.
-- Rust keeps no Lua functions; handlers live here. Written for wow-sim, not client code.
local hostcall = ...
local objects = {}   -- id → the object's Lua table
local scripts = {}   -- id → { [scriptName] = handler }
local hooks = {}     -- id → { [scriptName] = { hook, ... } }
local select = select

local function fire(id, name, ...)
  local s = scripts[id]
  local h = s and s[name]
  local hk = hooks[id]
  hk = hk and hk[name]
  if not h and not hk then
    return false
  end
  local obj = objects[id]
  if h then
    hostcall(h, obj, ...)
  end
  if hk then
    for i = 1, #hk do
      hostcall(hk[i], obj, ...)
    end
  end
  return true
end

-- Fires one event to a list of frame ids (snapshot taken by the host).
local function dispatch(ids, n, event, ...)
  for i = 1, n do
    fire(ids[i], "OnEvent", event, ...)
  end
end

local function setscript(id, name, f)
  local s = scripts[id]
  if not s then
    s = {}
    scripts[id] = s
  end
  s[name] = f
  if f == nil and hooks[id] then
    hooks[id][name] = nil
  end
end

local function getscript(id, name)
  local s = scripts[id]
  return s and s[name]
end

local function hookscript(id, name, f)
  local s = scripts[id]
  if not (s and s[name]) then
    -- With no handler, the hook becomes the handler (as the client does).
    setscript(id, name, f)
    return
  end
  local h = hooks[id]
  if not h then
    h = {}
    hooks[id] = h
  end
  local list = h[name]
  if not list then
    list = {}
    h[name] = list
  end
  list[#list + 1] = f
end

-- The names of the scripts an object has a handler or hooks for.
local function scriptnames(id)
  local names, seen = {}, {}
  for _, t in ipairs({ scripts[id] or {}, hooks[id] or {} }) do
    for name in pairs(t) do
      if not seen[name] then
        seen[name] = true
        names[#names + 1] = name
      end
    end
  end
  table.sort(names)
  return names
end

return {
  objects = objects,
  scriptnames = scriptnames,
  fire = fire,
  dispatch = dispatch,
  setscript = setscript,
  getscript = getscript,
  hookscript = hookscript,
}
