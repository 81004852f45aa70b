//! Table-driven checks of what the scan finds in small sources.

use super::{missing_with, Evidence, Uses};
use mlua::Lua;

/// Scans `src` as `a.lua` in a VM whose only globals are `print` and a namespace
/// `C_Known = { Here = f }`, and compares the missing names (`kind name:line`).
fn check(src: &str, expect: &[&str]) {
    let lua = Lua::new();
    let g = lua.globals();
    for k in [
        "string",
        "table",
        "math",
        "coroutine",
        "os",
        "io",
        "package",
        "debug",
    ] {
        g.raw_set(k, mlua::Value::Nil).unwrap();
    }
    let ns = lua.create_table().unwrap();
    ns.raw_set("Here", lua.create_function(|_, ()| Ok(())).unwrap())
        .unwrap();
    g.raw_set("C_Known", ns).unwrap();
    let mut uses = Uses::default();
    uses.scan_lua(&lua, "a.lua", src, 1);
    assert!(uses.errors.is_empty(), "{:?}", uses.errors);
    let found = missing_names(&lua, &uses);
    assert_eq!(found, expect, "source: {src}");
}

/// The missing names (`kind name:line`), those the fake client has (`InClient…`) marked `+`.
fn missing_names(lua: &Lua, uses: &Uses) -> Vec<String> {
    let known = ["Show".to_string()].into_iter().collect();
    let client = |_: &str, name: &str| {
        let short = name.rsplit('.').next().unwrap_or(name);
        short.starts_with("InClient").then_some(Evidence::Reference)
    };
    missing_with(lua, uses, &known, &client)
        .unwrap()
        .into_iter()
        .map(|m| {
            let mark = if m.client.is_some() { "+" } else { "" };
            format!("{mark}{} {}:{}", m.kind, m.name, m.line)
        })
        .collect()
}

#[test]
fn globals_locals_and_definitions() {
    check("local x = 1\nprint(x)", &[]);
    check("Missing()", &["global Missing:1"]);
    check("\n\nlocal t = Unknown.field", &["global Unknown:3"]);
    check("function Mine() end\nMine()", &[]);
    check("_G.Set = 1\nprint(Set)", &[]);
    check(
        "CreateFrame(\"Frame\", \"Made\")\nMade:Show()",
        &["global CreateFrame:1"],
    );
    check("if Maybe then Maybe() end", &[]);
    check("if Maybe then Maybe() end\nOther()", &["global Other:2"]);
    check("if Maybe then print(1) end", &[]);
    check("local y = Absent and 1", &[]);
    check("if Absent == nil then print(1) end", &[]);
}

#[test]
fn methods_and_keys() {
    check("local f = {}\nf:Show()", &[]);
    check("local f = {}\nf:Vanish()", &["method Vanish:2"]);
    check("local M = {}\nfunction M:Own() end\nM:Own()", &[]);
    check("local M = { Field = function() end }\nM:Field()", &[]);
}

#[test]
fn namespace_members() {
    check("C_Known.Here()", &[]);
    check("C_Known.Gone()", &["member C_Known.Gone:1"]);
    check("if C_Known.Gone then C_Known.Gone() end", &[]);
    check("function C_Known.Added() end\nC_Known.Added()", &[]);
    check(
        "local up = 1\nfunction C_Known.WithUp() return up end\nC_Known.Other()",
        &["member C_Known.Other:3"],
    );
}

#[test]
fn xml_names_scripts_and_mixins() {
    let lua = Lua::new();
    let mut uses = Uses::default();
    let xml = r#"<Ui>
  <Frame name="NamedFrame" mixin="KnownMixin, LostMixin">
    <Scripts>
      <OnLoad>
        NamedFrame:Show(); GoneFunction(self)
      </OnLoad>
    </Scripts>
  </Frame>
  <Script>KnownMixin = {}</Script>
</Ui>"#;
    uses.scan_xml(&lua, wowsim_xml::Flavor::Retail, "a.xml", xml);
    assert!(uses.errors.is_empty(), "{:?}", uses.errors);
    let mut globals: Vec<String> = uses
        .globals
        .iter()
        .filter(|(n, _)| {
            !uses.written.contains(*n)
                && lua
                    .globals()
                    .raw_get::<mlua::Value>(n.as_str())
                    .unwrap()
                    .is_nil()
        })
        .map(|(n, (_, l))| format!("{n}:{l}"))
        .collect();
    globals.sort();
    assert_eq!(globals, ["GoneFunction:5", "LostMixin:2"]);
    assert!(uses.methods.contains_key("Show"));
}

#[test]
fn names_built_at_run_time() {
    check(
        "for i = 1, 3 do CreateFrame(\"Button\", \"DayButton\" .. i) end\nprint(DayButton1)",
        &["global CreateFrame:1"],
    );
    check("local t = { \"Tab\" }\nprint(Tab12)", &[]);
    // The digits must follow a string the code has; a bare number suffix is not enough.
    check("print(Other1)", &["global Other1:1"]);
}

#[test]
fn what_the_client_has_is_marked() {
    check(
        "InClientFunction()\nNowhere()",
        &["+global InClientFunction:1", "global Nowhere:2"],
    );
    check(
        "C_Known.InClientMember()",
        &["+member C_Known.InClientMember:1"],
    );
    check(
        "local f = {}\nf:InClientMethod()",
        &["+method InClientMethod:2"],
    );
}
