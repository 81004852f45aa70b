-- wow-sim's spec API: the names busted and luassert give (describe/it, hooks, assert with
-- its modifier chains, spy/stub/mock, match), implemented here for specs that run inside
-- the simulated client. The host passes `host` (location of the caller, records count);
-- the Rust side (spec/mod.rs) drives it: `collect` runs a spec file's top level, `run(i)`
-- runs one test with its hooks, each in its own host entry.
local host = ...

local type, pairs, ipairs, tostring, select, error, pcall, xpcall =
  type, pairs, ipairs, tostring, select, error, pcall, xpcall
local setmetatable, getmetatable, rawequal, rawget, unpack =
  setmetatable, getmetatable, rawequal, rawget, unpack
local format, find, gsub, sub, rep = string.format, string.find, string.gsub, string.sub, string.rep
local tinsert, tconcat, tremove, sort = table.insert, table.concat, table.remove, table.sort

local function pack(...)
  return { n = select("#", ...), ... }
end

------------------------------------------------------------------------------------------
-- Values shown in failure messages
------------------------------------------------------------------------------------------

local show

local function show_key(k)
  if type(k) == "string" and find(k, "^[%a_][%w_]*$") then
    return k
  end
  return "[" .. show(k, 0, {}) .. "]"
end

function show(v, depth, seen)
  local t = type(v)
  if t == "string" then
    return format("%q", v)
  elseif t ~= "table" then
    return tostring(v)
  end
  if seen[v] then
    return "<cycle>"
  end
  if depth > 4 then
    return "{ ... }"
  end
  seen[v] = true
  local keys = {}
  for k in pairs(v) do
    keys[#keys + 1] = k
  end
  sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then
      return ta < tb
    end
    if ta == "number" or ta == "string" then
      return a < b
    end
    return tostring(a) < tostring(b)
  end)
  if #keys == 0 then
    seen[v] = nil
    return "{ }"
  end
  local pad = rep("  ", depth + 1)
  local parts = {}
  for i, k in ipairs(keys) do
    if i > 50 then
      parts[#parts + 1] = pad .. format("... (%d more)", #keys - 50)
      break
    end
    parts[#parts + 1] = pad .. show_key(k) .. " = " .. show(v[k], depth + 1, seen)
  end
  seen[v] = nil
  return "{\n" .. tconcat(parts, ",\n") .. "\n" .. rep("  ", depth) .. "}"
end

-- Whether a shown key is a plain name (`.name` in a path) rather than `[...]`.
local function sub_is_field(key)
  return sub(key, 1, 1) ~= "["
end

local function typed(v)
  return "(" .. type(v) .. ") " .. show(v, 0, {})
end

------------------------------------------------------------------------------------------
-- Failures: a table error value the runner recognises, with the spec's file:line
------------------------------------------------------------------------------------------

local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f)
  return f.message
end

local function fail(message)
  error(setmetatable({ message = message, where = host.caller() }, Failure), 0)
end

------------------------------------------------------------------------------------------
-- Deep comparison and argument matchers
------------------------------------------------------------------------------------------

local Matcher = {}
Matcher.__index = Matcher
Matcher.__tostring = function(m)
  return "matcher " .. m.name
end

local function is_matcher(v)
  return type(v) == "table" and getmetatable(v) == Matcher
end

local function deep_equal(a, b, seen)
  if is_matcher(a) then
    return a.test(b)
  end
  if is_matcher(b) then
    return b.test(a)
  end
  if rawequal(a, b) then
    return true
  end
  if type(a) ~= "table" or type(b) ~= "table" then
    return a == b
  end
  seen = seen or {}
  if seen[a] == b then
    return true
  end
  seen[a] = b
  for k, v in pairs(a) do
    if not deep_equal(v, rawget(b, k), seen) then
      return false
    end
  end
  for k in pairs(b) do
    if rawget(a, k) == nil then
      return false
    end
  end
  return true
end

-- Where two tables that are not the same first differ: the path of keys from the top
-- (`b[2]`, `.name`), and the two values there; nil when they are the same. Keys are visited
-- in a sorted order of their shown forms, so the answer does not depend on `pairs`.
local function first_difference(expected, actual, path, seen)
  if deep_equal(expected, actual) then
    return nil
  end
  if type(expected) ~= "table" or type(actual) ~= "table" or is_matcher(expected)
    or is_matcher(actual) then
    return path, expected, actual
  end
  seen = seen or {}
  if seen[expected] then
    return path, expected, actual
  end
  seen[expected] = true
  local keys, shown = {}, {}
  for _, t in ipairs({ expected, actual }) do
    for k in pairs(t) do
      if shown[k] == nil then
        local key = show_key(k)
        shown[k] = key
        keys[#keys + 1] = k
      end
    end
  end
  sort(keys, function(x, y) return shown[x] < shown[y] end)
  for _, k in ipairs(keys) do
    local key = shown[k]
    local sub = path .. (sub_is_field(key) and ("." .. key) or key)
    local p, e, a = first_difference(rawget(expected, k), rawget(actual, k), sub, seen)
    if p then
      return p, e, a
    end
  end
  return path, expected, actual
end

local match = {}

local function matcher(name, test)
  return setmetatable({ name = name, test = test }, Matcher)
end

match._ = matcher("_", function()
  return true
end)
for _, t in ipairs({ "string", "number", "table", "function", "boolean", "userdata", "thread", "nil" }) do
  match["is_" .. t] = function()
    return matcher("is_" .. t, function(v)
      return type(v) == t
    end)
  end
end
match.is_truthy = function()
  return matcher("is_truthy", function(v)
    return v ~= nil and v ~= false
  end)
end
match.is_falsy = function()
  return matcher("is_falsy", function(v)
    return v == nil or v == false
  end)
end
match.is_not_nil = function()
  return matcher("is_not_nil", function(v)
    return v ~= nil
  end)
end
match.is_ref = function(ref)
  return matcher("is_ref", function(v)
    return rawequal(v, ref)
  end)
end
match.is_same = function(ref)
  return matcher("is_same", function(v)
    return deep_equal(ref, v)
  end)
end
match.is_equal = function(ref)
  return matcher("is_equal", function(v)
    return v == ref
  end)
end
match.matches = function(pattern)
  return matcher("matches", function(v)
    return type(v) == "string" and find(v, pattern) ~= nil
  end)
end
match.is_true = function()
  return match.is_equal(true)
end
match.is_false = function()
  return match.is_equal(false)
end
match.no = {}
match.is_not = match.no

------------------------------------------------------------------------------------------
-- Spies, stubs and mocks
------------------------------------------------------------------------------------------

local Spy = {}
Spy.__index = Spy
Spy.__call = function(self, ...)
  local args = pack(...)
  self.calls[#self.calls + 1] = { vals = args, refs = args }
  local r
  if self.impl then
    r = pack(self.impl(...))
  else
    r = { n = 0 }
  end
  self.returnvals[#self.returnvals + 1] = r
  return unpack(r, 1, r.n)
end

function Spy:clear()
  self.calls, self.returnvals = {}, {}
  return self
end

function Spy:revert()
  if self.target then
    self.target[self.key] = self.original
    self.target = nil
  end
  return self.original
end

function Spy:returns(...)
  local r = pack(...)
  self.impl = function()
    return unpack(r, 1, r.n)
  end
  return self
end

function Spy:invokes(f)
  self.impl = f
  return self
end

function Spy:called_with_args(args)
  for _, c in ipairs(self.calls) do
    if c.vals.n == args.n or args.n == 0 and c.vals.n == 0 then
      local same = true
      for i = 1, args.n do
        if not deep_equal(args[i], c.vals[i]) then
          same = false
          break
        end
      end
      if same then
        return true
      end
    end
  end
  return false
end

local live_spies = {}

local function new_spy(impl, target, key)
  local s = setmetatable({ calls = {}, returnvals = {}, impl = impl }, Spy)
  if target then
    s.target, s.key, s.original = target, key, target[key]
    target[key] = s
    live_spies[#live_spies + 1] = s
  end
  return s
end

local function is_spy(v)
  return type(v) == "table" and getmetatable(v) == Spy
end

local spy = setmetatable({
  new = function(f)
    return new_spy(f)
  end,
  on = function(t, key)
    local original = t[key]
    return new_spy(original, t, key)
  end,
  is_spy = is_spy,
}, {
  __call = function(_, f)
    return new_spy(f)
  end,
})

local function make_stub(t, key, ...)
  local r = pack(...)
  local impl = function()
    return unpack(r, 1, r.n)
  end
  if t == nil then
    return new_spy(impl)
  end
  return new_spy(impl, t, key)
end

local stub = setmetatable({ new = make_stub, is_stub = is_spy }, {
  __call = function(_, ...)
    return make_stub(...)
  end,
})

local function mock_table(t, stubbed, seen)
  seen = seen or {}
  if seen[t] then
    return t
  end
  seen[t] = true
  for k, v in pairs(t) do
    if type(v) == "function" then
      if stubbed then
        make_stub(t, k)
      else
        spy.on(t, k)
      end
    elseif type(v) == "table" and not is_spy(v) then
      mock_table(v, stubbed, seen)
    end
  end
  return t
end

local function revert_table(t, seen)
  seen = seen or {}
  if seen[t] then
    return
  end
  seen[t] = true
  for _, v in pairs(t) do
    if is_spy(v) then
      v:revert()
    elseif type(v) == "table" then
      revert_table(v, seen)
    end
  end
end

local mock = setmetatable({ revert = revert_table }, {
  __call = function(_, t, stubbed)
    return mock_table(t, stubbed)
  end,
})

local function revert_all_spies()
  for i = #live_spies, 1, -1 do
    live_spies[i]:revert()
    live_spies[i] = nil
  end
end

------------------------------------------------------------------------------------------
-- Assertions: `assert.are.equal`, `assert.is_not.same`, `assert.has_no.errors`, …
------------------------------------------------------------------------------------------

local assertions = {}

local function strip_location(msg)
  if type(msg) == "string" then
    return (gsub(msg, "^[^\n]-:%d+: ", "", 1))
  end
  return msg
end

local function error_of(f, ...)
  if type(f) ~= "function" and not is_spy(f) then
    fail("Expected a function, got " .. typed(f))
  end
  local ok, err = pcall(f, ...)
  if ok then
    return false
  end
  if getmetatable(err) == Failure then
    err = err.message
  end
  return true, err
end

assertions.equal = function(neg, expected, actual)
  local ok = expected == actual
  if ok == neg then
    fail(format(
      "Expected objects to %sbe equal.\nPassed in:\n%s\nExpected:\n%s%s",
      neg and "not " or "",
      typed(actual),
      neg and "not " or "",
      typed(expected)
    ))
  end
end
assertions.equals = assertions.equal

assertions.same = function(neg, expected, actual)
  if deep_equal(expected, actual) == neg then
    local where = ""
    if not neg and type(expected) == "table" and type(actual) == "table" then
      local path, e, a = first_difference(expected, actual, "")
      if path and path ~= "" then
        where = format("\nFirst difference at %s: passed in %s, expected %s", gsub(path, "^%.", ""),
          typed(a), typed(e))
      end
    end
    fail(format(
      "Expected objects to %sbe the same.\nPassed in:\n%s\nExpected:\n%s%s%s",
      neg and "not " or "",
      typed(actual),
      neg and "not " or "",
      typed(expected),
      where
    ))
  end
end

local function value_assertion(name, test)
  assertions[name] = function(neg, v, msg)
    if test(v) == neg then
      fail(msg or format("Expected %s to %sbe %s", typed(v), neg and "not " or "", name))
    end
  end
end

value_assertion("truthy", function(v)
  return v ~= nil and v ~= false
end)
value_assertion("falsy", function(v)
  return v == nil or v == false
end)
value_assertion("true", function(v)
  return v == true
end)
value_assertion("false", function(v)
  return v == false
end)
value_assertion("nil", function(v)
  return v == nil
end)
for _, t in ipairs({ "string", "number", "table", "function", "boolean", "userdata", "thread" }) do
  value_assertion(t, function(v)
    return type(v) == t
  end)
end

assertions.error = function(neg, f, expected, ...)
  local raised, err = error_of(f, ...)
  if neg then
    if raised then
      fail("Expected no error, got: " .. tostring(err))
    end
    return
  end
  if not raised then
    fail("Expected an error, but none was raised")
  end
  if expected ~= nil and not deep_equal(expected, strip_location(err)) and expected ~= err then
    fail(format("Expected error:\n%s\nGot:\n%s", typed(expected), typed(err)))
  end
end
assertions.errors = assertions.error

assertions.error_matches = function(neg, f, pattern, ...)
  local raised, err = error_of(f, ...)
  local ok = raised and type(err) == "string" and find(err, pattern) ~= nil
  if ok == neg then
    fail(format(
      "Expected an error %smatching %q, got: %s",
      neg and "not " or "",
      pattern,
      raised and tostring(err) or "no error"
    ))
  end
end

assertions.matches = function(neg, pattern, s, init, plain)
  local ok = type(s) == "string" and find(s, pattern, init, plain) ~= nil
  if ok == neg then
    fail(format("Expected %s to %smatch pattern %q", typed(s), neg and "not " or "", pattern))
  end
end
assertions.match = assertions.matches

assertions.near = function(neg, expected, actual, tolerance)
  local ok = type(actual) == "number" and math.abs(actual - expected) <= (tolerance or 0)
  if ok == neg then
    fail(format(
      "Expected %s to %sbe within %s of %s",
      typed(actual),
      neg and "not " or "",
      tostring(tolerance),
      tostring(expected)
    ))
  end
end

assertions.unique = function(neg, list, deep)
  local dup = false
  for i = 1, #list do
    for j = i + 1, #list do
      if (deep and deep_equal(list[i], list[j])) or (not deep and list[i] == list[j]) then
        dup = true
      end
    end
  end
  if dup ~= neg then
    fail(format("Expected %s to %sbe unique", typed(list), neg and "not " or ""))
  end
end

local function spy_of(subject, what)
  if not is_spy(subject) then
    fail(format("Expected a spy or stub for %s, got %s", what, typed(subject)))
  end
  return subject
end

local function count_assertion(name, test, describe)
  assertions[name] = function(neg, subject, n)
    local s = spy_of(subject, name)
    local got = #s.calls
    if test(got, n) == neg then
      fail(format("Expected to %sbe called %s, but it was called %d times", neg and "not " or "",
        describe(n), got))
    end
  end
end

count_assertion("called", function(got, n)
  if n == nil then
    return got > 0
  end
  return got == n
end, function(n)
  return n == nil and "at least once" or (tostring(n) .. " times")
end)
count_assertion("called_at_least", function(got, n)
  return got >= n
end, function(n)
  return "at least " .. n .. " times"
end)
count_assertion("called_at_most", function(got, n)
  return got <= n
end, function(n)
  return "at most " .. n .. " times"
end)
count_assertion("called_more_than", function(got, n)
  return got > n
end, function(n)
  return "more than " .. n .. " times"
end)
count_assertion("called_less_than", function(got, n)
  return got < n
end, function(n)
  return "less than " .. n .. " times"
end)

local function show_calls(s)
  local lines = {}
  for i, c in ipairs(s.calls) do
    local args = {}
    for j = 1, c.vals.n do
      args[j] = show(c.vals[j], 1, {})
    end
    lines[#lines + 1] = format("  call %d: (%s)", i, tconcat(args, ", "))
  end
  if #lines == 0 then
    return "  (no calls)"
  end
  return tconcat(lines, "\n")
end

assertions.called_with = function(neg, subject, ...)
  local s = spy_of(subject, "called_with")
  local args = pack(...)
  if s:called_with_args(args) == neg then
    local shown = {}
    for i = 1, args.n do
      shown[i] = show(args[i], 1, {})
    end
    fail(format("Expected %sto be called with (%s); calls:\n%s", neg and "not " or "",
      tconcat(shown, ", "), show_calls(s)))
  end
end

assertions.returned_with = function(neg, subject, ...)
  local s = spy_of(subject, "returned_with")
  local want = pack(...)
  local found = false
  for _, r in ipairs(s.returnvals) do
    if deep_equal(want, r) then
      found = true
    end
  end
  if found == neg then
    fail(format("Expected %sto have returned with the given values", neg and "not " or ""))
  end
end

local modifiers = {
  is = true, are = true, was = true, has = true, does = true, been = true, be = true,
  ["not"] = "negate", no = "negate",
}

-- A chain of modifiers, with an optional subject (`assert.spy(s).was.called()`).
local Chain = {}

local function chain(neg, subject, has_subject)
  return setmetatable({ neg = neg, subject = subject, has_subject = has_subject }, Chain)
end

local function split_words(key)
  local words = {}
  for w in string.gmatch(key, "[^_]+") do
    words[#words + 1] = w
  end
  return words
end

Chain.__index = function(self, key)
  local neg = rawget(self, "neg")
  local words = split_words(string.lower(key))
  local i = 1
  while i <= #words and modifiers[words[i]] do
    if modifiers[words[i]] == "negate" then
      neg = not neg
    end
    i = i + 1
  end
  if i > #words then
    return chain(neg, rawget(self, "subject"), rawget(self, "has_subject"))
  end
  local name = tconcat(words, "_", i)
  local a = assertions[name]
  if not a then
    error(format("%s: unknown assertion '%s'", host.caller() or "?", key), 0)
  end
  local subject, has_subject = rawget(self, "subject"), rawget(self, "has_subject")
  return function(...)
    if has_subject then
      return a(neg, subject, ...)
    end
    return a(neg, ...)
  end
end

local assert = setmetatable({}, {
  __index = function(_, key)
    if key == "spy" or key == "stub" then
      return function(s)
        return chain(false, s, true)
      end
    end
    return chain(false)[key]
  end,
  __call = function(_, v, msg, ...)
    if not v then
      fail(msg ~= nil and tostring(msg) or "assertion failed!")
    end
    return v, msg, ...
  end,
})

------------------------------------------------------------------------------------------
-- Blocks and tests
------------------------------------------------------------------------------------------

local runner = { tests = {} }
local root, current

local function new_block(name, parent)
  return {
    name = name, parent = parent, before_each = {}, after_each = {}, setup = {}, teardown = {},
    remaining = 0, set_up = false,
  }
end

local function full_name(block, name)
  local parts = { name }
  local b = block
  while b and b.parent do
    tinsert(parts, 1, b.name)
    b = b.parent
  end
  return tconcat(parts, " ")
end

local function describe(name, body)
  if type(body) ~= "function" then
    error("describe(name, function): the block needs a function", 2)
  end
  local block = new_block(tostring(name), current)
  local outer = current
  current = block
  local ok, err = pcall(body)
  current = outer
  if not ok then
    error(err, 0)
  end
end

local function add_test(name, body, pending_reason)
  local where = host.caller()
  local test = {
    name = full_name(current, tostring(name)), block = current, body = body, where = where,
    pending = pending_reason,
  }
  if not host.filter or find(test.name, host.filter) then
    runner.tests[#runner.tests + 1] = test
    local b = current
    while b do
      b.remaining = b.remaining + 1
      b = b.parent
    end
  end
end

local function it(name, body)
  if body == nil then
    return add_test(name, nil, "pending")
  end
  if type(body) ~= "function" then
    error("it(name, function): the test needs a function", 2)
  end
  add_test(name, body, nil)
end

local Pending = {}

local finalizers

-- A hook registrar: adds `f` to the current block's list `key`.
local function hook(key)
  return function(f)
    tinsert(current[key], f)
  end
end

local env_functions = {
  describe = describe,
  context = describe,
  insulate = describe,
  expose = describe,
  it = it,
  test = it,
  spec = it,
  pending = function(name, _)
    if finalizers then
      -- Inside a test: marks it pending from here on.
      error(setmetatable({ message = tostring(name or "pending") }, Pending), 0)
    end
    add_test(name, nil, "pending")
  end,
  before_each = hook("before_each"),
  after_each = hook("after_each"),
  setup = hook("setup"),
  teardown = hook("teardown"),
  finally = function(f)
    if not finalizers then
      error("finally() is only allowed inside a test", 2)
    end
    tinsert(finalizers, f)
  end,
  assert = assert,
  loadfile = host.loadfile,
  dofile = function(path)
    local f, err = host.loadfile(path)
    if not f then
      error(err, 2)
    end
    return f()
  end,
  spy = spy,
  stub = stub,
  mock = mock,
  match = match,
}
env_functions.lazy_setup = env_functions.setup
env_functions.strict_setup = env_functions.setup
env_functions.lazy_teardown = env_functions.teardown
env_functions.strict_teardown = env_functions.teardown

--- A spec file's environment: the spec functions, then the client's globals; assignments go
--- to the client's globals, so the addon sees what a spec sets.
function runner.env(globals)
  local env = {}
  for k, v in pairs(env_functions) do
    env[k] = v
  end
  -- wow-sim's helpers: the client's `wowsim` table plus Advance, which only a spec can use.
  env.wowsim = setmetatable({ Advance = runner.advance }, {
    __index = function(_, k)
      local w = rawget(globals, "wowsim")
      return w and w[k]
    end,
  })
  return setmetatable(env, {
    __index = globals,
    __newindex = function(_, k, v)
      globals[k] = v
    end,
  })
end

-- Outcome of one step: nil when it passed, else status, message, where.
local function outcome(err)
  local mt = getmetatable(err)
  if mt == Failure then
    return "fail", err.message, err.where
  elseif mt == Pending then
    return "pending", err.message
  end
  return "error", tostring(err)
end

-- `wowsim.Advance(seconds)` yields this token to the host, which runs the frames at top level
-- (each handler with its own budget, as in the client) and resumes the test.
local ADVANCE = {}

-- The runner's own threads (the host's driver and each step's coroutine). In the client and
-- under busted a test body and the handlers it fires run on the main thread, where
-- `coroutine.running()` is nil (addons assert that they are, or are not, in a coroutine of
-- their own), so `coroutine.running` does not name these threads.
local runner_threads = setmetatable({}, { __mode = "k" })
local corunning = coroutine.running
coroutine.running = function()
  local co = corunning()
  if co and runner_threads[co] then
    return nil
  end
  return co
end

-- Runs one step (a hook or the test body) in a coroutine of its own: errors are caught as
-- pcall would, and an Advance inside it is passed on to the host (Lua 5.1 cannot yield
-- across pcall, so no pcall is used).
local function call_step(f)
  local driver = corunning()
  if driver then
    runner_threads[driver] = true
  end
  local co = coroutine.create(f)
  runner_threads[co] = true
  local args = pack()
  while true do
    local r = pack(coroutine.resume(co, unpack(args, 1, args.n)))
    if not r[1] then
      return outcome(r[2])
    end
    if coroutine.status(co) == "dead" then
      return nil
    end
    if r[2] == ADVANCE then
      args = pack(coroutine.yield(ADVANCE, r[3]))
    else
      -- The step yielded for its own reasons without a resumer: nothing will resume it.
      return "error", "the test yielded outside a coroutine of its own"
    end
  end
end

function runner.advance(seconds)
  if type(seconds) ~= "number" or seconds < 0 then
    error("Usage: wowsim.Advance(seconds)", 2)
  end
  return coroutine.yield(ADVANCE, seconds)
end

--- Runs a spec file's top level (its `describe` blocks register tests).
function runner.collect(chunk, ...)
  root = new_block("", nil)
  current = root
  runner.tests = {}
  local args = pack(...)
  local status, msg, where = call_step(function()
    return chunk(unpack(args, 1, args.n))
  end)
  current = nil
  if status then
    return false, msg, where
  end
  return true, #runner.tests
end

local function chain_of(block)
  local list = {}
  local b = block
  while b do
    tinsert(list, 1, b)
    b = b.parent
  end
  return list
end

local function run_setups(blocks)
  for _, b in ipairs(blocks) do
    if not b.set_up then
      b.set_up = true
      for _, f in ipairs(b.setup) do
        local status, msg, where = call_step(f)
        if status then
          b.failed_setup = { "error", "setup: " .. tostring(msg), where }
        end
      end
    end
    if b.failed_setup then
      return unpack(b.failed_setup)
    end
  end
end

local function run_teardowns(blocks)
  for i = #blocks, 1, -1 do
    local b = blocks[i]
    b.remaining = b.remaining - 1
    if b.remaining == 0 then
      for _, f in ipairs(b.teardown) do
        call_step(f)
      end
    end
  end
end

local function first(status, msg, where, s2, m2, w2)
  if status then
    return status, msg, where
  end
  return s2, m2, w2
end

--- Runs test `i` with its hooks: status ("pass", "fail", "error", "pending"), message, where.
function runner.run(i)
  local test = runner.tests[i]
  local blocks = chain_of(test.block)
  local status, msg, where = run_setups(blocks)
  if not status and test.pending then
    status, msg = "pending", test.pending
  elseif not status then
    for _, b in ipairs(blocks) do
      for _, f in ipairs(b.before_each) do
        status, msg, where = first(status, msg, where, call_step(f))
      end
    end
    finalizers = {}
    if not status then
      status, msg, where = call_step(test.body)
    end
    local fins = finalizers
    finalizers = nil
    for j = #fins, 1, -1 do
      status, msg, where = first(status, msg, where, call_step(fins[j]))
    end
    for j = #blocks, 1, -1 do
      for _, f in ipairs(blocks[j].after_each) do
        status, msg, where = first(status, msg, where, call_step(f))
      end
    end
    revert_all_spies()
  end
  run_teardowns(blocks)
  return test.name, test.where, status or "pass", msg, where
end

function runner.count()
  return #runner.tests
end

return runner
