//! Host functions re-entered from the scripts they fire (handlers that show, hide, register and
//! load while the host is dispatching), unbounded recursion on every path, and parent cycles:
//! each must end in a Lua error record or the client's behaviour, never a panic or a crash.

use std::path::PathBuf;
use wowsim_core::{Flavor, SimConfig, Simulator};

/// What a run produced: chat lines and error messages.
struct Outcome {
    out: Vec<String>,
    errors: Vec<String>,
}

/// Runs `code` after start-up (and `seconds` of virtual time after it) with the given addon
/// folder, on a thread with a large stack (the binary does the same).
fn run_with(addons: Option<PathBuf>, code: &str, seconds: f64) -> Outcome {
    run_then(addons, code, seconds, |_| {})
}

/// As `run_with`, then `after` drives the simulator (fires events…).
fn run_then(
    addons: Option<PathBuf>,
    code: &str,
    seconds: f64,
    after: fn(&mut Simulator),
) -> Outcome {
    let code = code.to_string();
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut config = SimConfig::new(Flavor::Retail);
            config.script_budget = 50_000_000;
            config.addon_dirs.extend(addons);
            let mut sim = Simulator::new(config).expect("simulator");
            sim.start().expect("start");
            sim.exec_lua(&code, "reenter.lua").expect("exec");
            sim.run_for(seconds).expect("run");
            after(&mut sim);
            Outcome {
                out: sim.output(),
                errors: sim.errors().into_iter().map(|r| r.message).collect(),
            }
        })
        .expect("thread")
        .join()
        .expect("no panic")
}

fn run(code: &str) -> Outcome {
    run_with(None, code, 0.0)
}

fn check(code: &str, out: &[&str]) {
    let o = run(code);
    assert_eq!(o.out, out, "errors: {:?}", o.errors);
    assert!(o.errors.is_empty(), "{:?}", o.errors);
}

#[test]
fn on_show_handler_changes_itself_and_others() {
    check(
        "local a, b = CreateFrame('Frame'), CreateFrame('Frame') a:Hide() b:Hide() \
         local n = 0 a:SetScript('OnShow', function(self) n = n + 1 print('a shown', n) \
           if n > 1 then return end self:Hide() self:Show() \
           self:SetScript('OnShow', nil) self:RegisterEvent('PLAYER_LOGIN') b:Show() end) \
         b:SetScript('OnShow', function() print('b shown') a:Hide() end) \
         a:Show() print(a:IsShown(), b:IsShown())",
        &["a shown 1", "a shown 2", "b shown", "false true"],
    );
}

#[test]
fn event_handlers_register_and_unregister_during_dispatch() {
    let o = run_then(
        None,
        "local f1, f2, f3 = CreateFrame('Frame'), CreateFrame('Frame'), CreateFrame('Frame') \
         f1:RegisterEvent('BAG_UPDATE') f2:RegisterEvent('BAG_UPDATE') \
         f1:SetScript('OnEvent', function(self, e) print('f1', e) f2:UnregisterEvent(e) \
           f3:RegisterEvent(e) self:UnregisterAllEvents() self:RegisterAllEvents() end) \
         f2:SetScript('OnEvent', function(self, e) print('f2', e) end) \
         f3:SetScript('OnEvent', function(self, e) print('f3', e) end)",
        0.0,
        |sim| {
            sim.fire("BAG_UPDATE", (0,)).expect("fire");
            sim.fire("BAG_UPDATE", (1,)).expect("fire");
        },
    );
    assert!(o.errors.is_empty(), "{:?}", o.errors);
    // The first dispatch skips f2 (unregistered meanwhile) and not yet f3; the second
    // reaches f3 (registered for the event) and f1 (registered for all events).
    assert_eq!(o.out, ["f1 BAG_UPDATE", "f3 BAG_UPDATE", "f1 BAG_UPDATE"]);
}

#[test]
fn timers_created_inside_timer_callbacks() {
    let o = run_with(
        None,
        "local n = 0 local function tick() n = n + 1 print('tick', n) \
           if n < 3 then C_Timer.After(0, tick) end end C_Timer.After(0, tick) \
         local t t = C_Timer.NewTicker(0.1, function(h) print('ticker') h:Cancel() \
           C_Timer.NewTimer(0.1, function() print('inner') end) end)",
        1.0,
    );
    assert_eq!(o.out, ["tick 1", "tick 2", "tick 3", "ticker", "inner"]);
    assert!(o.errors.is_empty(), "{:?}", o.errors);
}

#[test]
fn deep_lua_recursion_is_a_stack_overflow_error() {
    let o = run("local function r(n) return 1 + r(n + 1) end \
         print(pcall(r, 1)) \
         local co = coroutine.create(function() return r(1) end) print(coroutine.resume(co)) \
         r(1)");
    assert_eq!(o.out.len(), 2);
    for line in &o.out {
        assert!(
            line.starts_with("false ") && line.contains("stack overflow"),
            "{line}"
        );
    }
    assert_eq!(o.errors.len(), 1);
    assert!(o.errors[0].contains("stack overflow"), "{:?}", o.errors);
}

#[test]
fn recursion_through_host_functions_is_an_error() {
    // Show fires OnShow, which hides and shows again: host → Lua → host without end.
    let o = run("local f = CreateFrame('Frame') \
         f:SetScript('OnShow', function(self) self:Hide() self:Show() end) \
         f:Hide() f:Show() print('survived')");
    assert_eq!(o.out, ["survived"]);
    assert!(!o.errors.is_empty());
    assert!(
        o.errors.iter().any(|e| e.contains("stack overflow")),
        "{:?}",
        o.errors
    );
}

#[test]
fn parent_cycles_are_refused() {
    let o = run(
        "local a = CreateFrame('Frame') local b = CreateFrame('Frame', nil, a) \
         print(pcall(a.SetParent, a, b)) print(pcall(a.SetParent, a, a)) \
         print(a:IsVisible(), b:IsVisible(), b:GetParent() == a)",
    );
    assert_eq!(o.out.len(), 3, "{:?}", o.errors);
    assert!(o.out[0].starts_with("false "), "{}", o.out[0]);
    assert!(o.out[1].starts_with("false "), "{}", o.out[1]);
    assert_eq!(o.out[2], "true true true");
}

/// Writes an addon folder with two addons: `Main` loads the load-on-demand `Lazy` from its
/// ADDON_LOADED handler, and `Lazy` loads `Main` again and itself while it loads.
fn two_addons() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wowsim-reenter-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (name, toc, lua) in [
        (
            "Main",
            "## Interface: 110000\nMain.lua\n",
            "local f = CreateFrame('Frame') f:RegisterEvent('ADDON_LOADED') \
             f:SetScript('OnEvent', function(_, _, name) print('loaded', name) \
               if name == 'Main' then print('load lazy', C_AddOns.LoadAddOn('Lazy')) end end)\n",
        ),
        (
            "Lazy",
            "## Interface: 110000\n## LoadOnDemand: 1\nLazy.lua\n",
            "print('lazy runs', C_AddOns.LoadAddOn('Main'), C_AddOns.LoadAddOn('Lazy'))\n",
        ),
    ] {
        let d = dir.join(name);
        std::fs::create_dir_all(&d).expect("dir");
        std::fs::write(d.join(format!("{name}.toc")), toc).expect("toc");
        std::fs::write(d.join(format!("{name}.lua")), lua).expect("lua");
    }
    dir
}

#[test]
fn load_addon_from_addon_loaded() {
    let dir = two_addons();
    let o = run_with(Some(dir.clone()), "", 0.0);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(o.errors.is_empty(), "{:?}", o.errors);
    assert_eq!(o.out[0], "loaded Main");
    assert!(
        o.out.iter().any(|l| l.starts_with("lazy runs")),
        "{:?}",
        o.out
    );
    assert!(o.out.iter().any(|l| l == "loaded Lazy"), "{:?}", o.out);
}
