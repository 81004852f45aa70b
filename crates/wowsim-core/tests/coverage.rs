//! The coverage report tells real implementations from typed stubs, and stubs return values of
//! their declared types.

use wowsim_core::{Flavor, SimConfig, Simulator};

#[test]
fn coverage_tells_real_from_stub() {
    let sim = Simulator::new(SimConfig::new(Flavor::Retail)).unwrap();
    let f = wowsim_api::coverage::functions(sim.lua_vm(), sim.data()).unwrap();
    let timer = &f["C_Timer"];
    assert!(
        timer.real >= 3,
        "C_Timer.After/NewTimer/NewTicker are ours: {timer:?}"
    );
    let global = &f["(global)"];
    assert!(global.real > 50 && global.stub > 1000, "{global:?}");
    assert_eq!(
        f.values().map(|c| c.missing).sum::<usize>(),
        0,
        "every reference function exists"
    );
    let md = wowsim_api::coverage::markdown(
        "retail",
        &f,
        &wowsim_api::coverage::methods(sim.lua_vm(), sim.data()).unwrap(),
    );
    assert!(md.contains("| C_Timer |"));
}

#[test]
fn stubs_return_declared_types() {
    let mut sim = Simulator::new(SimConfig::new(Flavor::Retail)).unwrap();
    sim.exec_lua(
        r#"
        local n = GetNumGroupMembers()          -- real
        local money = GetMoney()                -- stub: number
        local info = C_Map.GetMapInfo(1)        -- stub: nilable structure or table
        local b = IsFlying()                    -- stub: boolean
        print(type(n), type(money), type(b))
        "#,
        "stubs",
    )
    .unwrap();
    assert!(sim.errors().is_empty(), "{:?}", sim.errors());
    assert_eq!(sim.output(), vec!["number number boolean".to_string()]);
}
