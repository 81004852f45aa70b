--! Run inside wow-sim by scripts/wowless-conformance.sh (`--exec-lua @FILE`, after the suite's
--! virtual time): prints what wowless's test addon left in its globals, one tab-separated record
--! a line, each starting with WCONF, for scripts/wowless-summary.py to count.
local function esc(v)
  return (tostring(v):gsub('\\', '\\\\'):gsub('\n', '\\n'):gsub('\t', '\\t'))
end
-- The records go to the chat output (`print`, enough without the Blizzard UI, whose chat frame is
-- Lua and does not reach wow-sim's chat output) and into the suite's own SavedVariable, under a
-- key of ours, which wow-sim writes at logout.
local lines = {}
if type(_G.WowlessLastTestFailures) == 'table' then
  _G.WowlessLastTestFailures['~wowless-conformance'] = lines
end
local function emit(...)
  local t = { 'WCONF' }
  for i = 1, select('#', ...) do
    t[#t + 1] = esc((select(i, ...)))
  end
  local line = table.concat(t, '\t')
  lines[#lines + 1] = line
  print(line)
end

emit('done', tostring(_G.WowlessTestsDone))
local W = _G.Wowless
if type(W) ~= 'table' or type(W.tests) ~= 'function' or type(W.testsuite) ~= 'table' then
  emit('error', 'the Wowless addon did not load (no global Wowless with tests and testsuite)')
  return
end

-- The run's state, from the upvalues of the suite's driver (the OnUpdate script that closes over
-- numSyncTests): how far it got and which async test it waits on.
do
  local getupvalue = debug and debug.getupvalue
  local f = getupvalue and EnumerateFrames and EnumerateFrames()
  while f do
    local ok, script = pcall(f.GetScript, f, 'OnUpdate')
    if ok and type(script) == 'function' then
      local ups, i = {}, 1
      while true do
        local name, value = getupvalue(script, i)
        if name == nil then
          break
        end
        ups[name] = value
        i = i + 1
      end
      if ups.numSyncTests ~= nil and ups.asyncPending ~= nil then
        for _, k in ipairs({ 'numSyncTests', 'numAsyncTests', 'asyncCurKey', 'asyncPending', 'numFrames', 'totalTime' }) do
          emit('state', k, tostring(ups[k]))
        end
        break
      end
    end
    f = EnumerateFrames(f)
  end
end

-- Failures, as the suite records them: a nested table whose leaves are messages.
local function sortedkeys(t)
  local keys = {}
  for k in pairs(t) do
    keys[#keys + 1] = k
  end
  table.sort(keys, function(a, b)
    return tostring(a) < tostring(b)
  end)
  return keys
end
local function walk(t, path)
  for _, k in ipairs(sortedkeys(t)) do
    local v = t[k]
    local p = { unpack(path) }
    p[#p + 1] = tostring(k)
    if type(v) == 'table' and path[1] ~= 'LUA_WARNING' then
      walk(v, p)
    elseif type(v) == 'table' then
      emit('fail', #p, unpack(p))
      -- one entry of the suite's arraydiff: { op = 'insert'|'delete'|'change', idx, value | expected, actual }
      for _, line in ipairs(v.op and { v } or v) do
        if type(line) == 'table' then
          local what = line.op == 'change' and (tostring(line.expected) .. ' => ' .. tostring(line.actual))
            or tostring(line.value)
          emit('detail', ('%s #%s: %s'):format(tostring(line.op), tostring(line.idx), what))
        else
          emit('detail', line)
        end
      end
    else
      emit('fail', #p, unpack(p))
      emit('detail', v)
    end
  end
end
local failures = {}
for k, v in pairs(_G.WowlessTestFailures or {}) do
  if k ~= '~wowless-conformance' then
    failures[k] = v
  end
end
walk(failures, {})

-- Totals: the sync suite's tree walked again (each node is one test, as the suite counts them),
-- and the async tests by name.
local counts = {}
local n = 0
for scope in W.tests(function()
  return W.testsuite
end) do
  n = n + 1
  local key = scope[1] or '(root)'
  if key == 'generated' and scope[2] then
    key = 'generated.' .. scope[2]
  end
  counts[key] = (counts[key] or 0) + 1
end
for _, k in ipairs(sortedkeys(counts)) do
  emit('total', k, counts[k])
end
for _, k in ipairs(sortedkeys(W.asynctests or {})) do
  emit('async', k)
end
emit('end', n)
