//! Escape attempts: each case runs Lua as `--exec-lua` does and checks that the way out is
//! closed (the global is absent, the call fails with the client's text, or what it returns
//! exposes nothing but the client's API).

use wowsim_core::{Flavor, SimConfig, Simulator};

/// Runs `code` after start-up on a thread with a large stack; returns (chat lines, error messages).
fn run(code: &str) -> (Vec<String>, Vec<String>) {
    let code = code.to_string();
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut config = SimConfig::new(Flavor::Retail);
            config.script_budget = 20_000_000;
            let mut sim = Simulator::new(config).expect("simulator");
            sim.start().expect("start");
            sim.exec_lua(&code, "escape.lua").expect("exec");
            let errors = sim.errors().into_iter().map(|r| r.message).collect();
            (sim.output(), errors)
        })
        .expect("thread")
        .join()
        .expect("no panic")
}

/// Runs `code` and expects exactly these printed lines and no error records.
fn check(code: &str, expect: &[&str]) {
    let (out, errors) = run(code);
    assert_eq!(out, expect, "output of {code}; errors {errors:?}");
    assert!(errors.is_empty(), "errors of {code}: {errors:?}");
}

#[test]
fn removed_globals_are_absent() {
    check(
        "for _, n in ipairs({'io','os','package','debug','require','dofile','loadfile','load',\
         'module'}) do print(n, type(_G[n])) end print('dump', type(string.dump))",
        &[
            "io nil",
            "os nil",
            "package nil",
            "debug nil",
            "require nil",
            "dofile nil",
            "loadfile nil",
            "load nil",
            "module nil",
            "dump nil",
        ],
    );
}

#[test]
fn getfenv_exposes_only_the_globals() {
    check(
        "print(getfenv(0) == _G, getfenv(1) == _G, getfenv(print) == _G, \
         getfenv(pcall) == _G, getfenv(securecall) == _G, getfenv(C_Timer.After) == _G, \
         getfenv(CreateFrame) == _G)",
        &["true true true true true true true"],
    );
}

#[test]
fn setfenv_cannot_retarget_host_code() {
    check(
        "print(pcall(setfenv, tostring, {})) \
         print(pcall(setfenv, securecall, {})) \
         print(pcall(setfenv, pcall, {})) \
         print(pcall(setfenv, 0, {})) \
         local f = function() return x end print((pcall(setfenv, f, {x = 1})), f())",
        &[
            "false 'setfenv' cannot change environment of given object",
            "false 'setfenv' cannot change environment of given object",
            "false 'setfenv' cannot change environment of given object",
            "false 'setfenv' cannot change environment of given object",
            "true 1",
        ],
    );
}

#[test]
fn setfenv_by_level_refuses_host_frames() {
    // Through `pcall` (a C function, as in Lua 5.1) level 1 is `pcall`, level 2 the handler
    // and level 3 wow-sim's dispatcher: refused; level 1 of the handler itself is the handler.
    check(
        "local f = CreateFrame('Frame') \
         f:SetScript('OnShow', function() \
           print('level3', pcall(setfenv, 3, {})) \
           setfenv(1, setmetatable({marker = 'own env'}, {__index = _G})) print('level1', marker) \
         end) f:Hide() f:Show()",
        &[
            "level3 false 'setfenv' cannot change environment of given object",
            "level1 own env",
        ],
    );
}

#[test]
fn metatables_expose_nothing_else() {
    check(
        "print(getmetatable('').__index == string) \
         local f = CreateFrame('Frame') print(type(f[0]), getmetatable(f[0])) \
         print(pcall(setmetatable, f[0], {})) \
         local mt = getmetatable(f) print(type(mt), type(mt.__index), mt.__index.Show == f.Show)",
        &[
            "true",
            // [0] is a light userdata: it has no metatable at all.
            "userdata nil",
            "false bad argument #1 to '?' (table expected, got userdata)",
            "table table true",
        ],
    );
}

#[test]
fn binary_chunks_are_refused() {
    check(
        "print(loadstring('\\27Lua\\81\\0\\1\\4\\8\\4\\8\\0')) \
         print(pcall(loadstring, '\\27Lua')) \
         local f = loadstring('return 1 + 1') print(f())",
        &[
            "nil binary chunks are not allowed",
            "true nil binary chunks are not allowed",
            "2",
        ],
    );
}

#[test]
fn host_errors_reach_lua_as_strings() {
    check(
        "local ok, e = pcall(CreateFrame, 'NoSuchType') print(ok, type(e)) \
         local ok2, e2 = pcall(function() local f = CreateFrame('Frame') f.Show({}) end) \
         print(ok2, type(e2)) \
         print(select(2, xpcall(function() CreateFrame(1) end, function(m) return type(m) end))) \
         local co = coroutine.create(function() CreateFrame('Nope') end) \
         local ok3, e3 = coroutine.resume(co) print(ok3, type(e3))",
        &["false string", "false string", "string", "false string"],
    );
}

#[test]
fn newproxy_and_collectgarbage_are_the_clients() {
    check(
        "local p = newproxy(true) print(type(p), type(getmetatable(p))) \
         print(type(collectgarbage('count')), collectgarbage('collect')) \
         print(pcall(collectgarbage, 'nonsense'))",
        &[
            "userdata table",
            "number 0",
            "false bad argument #1 to '?' (invalid option 'nonsense')",
        ],
    );
}

#[test]
fn coroutines_do_not_escape_the_budget_or_the_globals() {
    check(
        "local co = coroutine.create(function() return getfenv(0) == _G, io end) \
         print(coroutine.resume(co)) \
         local w = coroutine.wrap(function() coroutine.yield(1) end) print(w())",
        &["true true nil", "1"],
    );
}

#[test]
fn pcall_cannot_swallow_script_ran_too_long() {
    let (out, errors) = run("local ok, e = pcall(function() while true do end end) \
         print('caught', ok, e) while true do end");
    assert_eq!(out, ["caught false escape.lua:1: script ran too long"]);
    assert_eq!(errors, ["escape.lua:1: script ran too long"]);
}

#[test]
fn coroutine_loops_hit_the_budget() {
    let (out, errors) = run(
        "local co = coroutine.create(function() while true do end end) \
         print(coroutine.resume(co))",
    );
    assert_eq!(out, ["false escape.lua:1: script ran too long"]);
    assert!(errors.is_empty() || errors[0].ends_with("script ran too long"));
}
