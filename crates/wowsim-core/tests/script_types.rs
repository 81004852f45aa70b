//! Every object type accepts exactly the scripts the reference lists for it (with its bases'):
//! `SetScript` succeeds for those and raises the client's error for every other script name.

use wowsim_core::{Flavor, SimConfig, Simulator};

#[test]
fn set_script_follows_the_reference_script_lists() {
    for flavor in [Flavor::Retail, Flavor::ClassicEra] {
        let mut sim = Simulator::new(SimConfig::new(flavor)).unwrap();
        let data = sim.data();
        let all: std::collections::BTreeSet<String> = data
            .uiobjects()
            .iter()
            .flat_map(|o| o.scripts.iter().cloned())
            .collect();
        // What the reference says each probed type has (with its bases').
        let expected = |ty: &str| -> Vec<String> {
            let mut out = std::collections::BTreeSet::new();
            let mut stack = vec![ty.to_string()];
            while let Some(t) = stack.pop() {
                if let Some(o) = data.uiobject(&t) {
                    out.extend(o.scripts.iter().cloned());
                    stack.extend(o.inherits.iter().cloned());
                }
            }
            out.into_iter().collect()
        };
        let probes: Vec<&str> = [
            "Frame",
            "Button",
            "EditBox",
            "Slider",
            "StatusBar",
            "ScrollFrame",
            "GameTooltip",
            "Cooldown",
            "Model",
            "Texture",
            "FontString",
            "AnimationGroup",
            "Alpha",
        ]
        .into_iter()
        .filter(|t| data.uiobject(t).is_some())
        .collect();
        let names: Vec<String> = all.iter().map(|s| format!("{s:?}")).collect();
        let code = format!(
            r#"
            local all = {{ {} }}
            local f = CreateFrame("Frame")
            local g = f:CreateAnimationGroup()
            local make = {{
              Texture = function() return f:CreateTexture() end,
              FontString = function() return f:CreateFontString() end,
              AnimationGroup = function() return g end,
              Alpha = function() return g:CreateAnimation("Alpha") end,
            }}
            for _, t in ipairs({{ {} }}) do
              local o = (make[t] or function() return CreateFrame(t) end)()
              local ok = {{}}
              for _, s in ipairs(all) do
                if pcall(o.SetScript, o, s, nil) then ok[#ok + 1] = s end
              end
              print(t .. " " .. table.concat(ok, ","))
            end
            "#,
            names.join(","),
            probes
                .iter()
                .map(|p| format!("{p:?}"))
                .collect::<Vec<_>>()
                .join(",")
        );
        sim.exec_lua(&code, "script_types").unwrap();
        assert!(sim.errors().is_empty(), "{:?}", sim.errors());
        let out = sim.output();
        assert_eq!(out.len(), probes.len(), "{out:?}");
        for (line, ty) in out.iter().zip(&probes) {
            let got = line.split_once(' ').map_or("", |(_, s)| s);
            assert_eq!(got, expected(ty).join(","), "{flavor:?} {ty}");
        }
    }
}
