//! Benchmark of native XML instantiation: 10,000 frames from a template with regions, a
//! child frame, key values and scripts, first declared in XML, then made with
//! `CreateFrame(..., "BenchTemplate")`. Run with
//! `cargo run --release -p wowsim-core --example xml_bench`.

use std::time::Instant;
use wowsim_core::{Flavor, SimConfig, Simulator};

const TEMPLATE: &str = r#"<Ui xmlns="http://www.blizzard.com/wow/ui/">
  <Frame name="BenchTemplate" virtual="true">
    <Size x="100" y="20"/>
    <Anchors><Anchor point="CENTER"/></Anchors>
    <KeyValues><KeyValue key="kind" value="bench"/><KeyValue key="n" value="3" type="number"/></KeyValues>
    <Layers>
      <Layer level="BACKGROUND">
        <Texture parentKey="Bg" setAllPoints="true"><Color r="0" g="0" b="0" a="0.5"/></Texture>
      </Layer>
      <Layer level="ARTWORK">
        <FontString parentKey="Label" text="hello"><Anchors><Anchor point="LEFT" x="4" y="0"/></Anchors></FontString>
      </Layer>
    </Layers>
    <Frames>
      <Button name="$parentButton" parentKey="Button">
        <Size x="16" y="16"/>
        <Scripts><OnClick>self:GetParent().clicked = button</OnClick></Scripts>
      </Button>
    </Frames>
    <Scripts>
      <OnLoad>self.loaded = (self.loaded or 0) + 1</OnLoad>
      <OnEvent>self.last = event</OnEvent>
    </Scripts>
  </Frame>
</Ui>
"#;

fn main() {
    let n = 10_000;
    let dir = std::env::temp_dir().join(format!("wowsim-xml-bench-{}", std::process::id()));
    let addon = dir.join("Bench");
    std::fs::create_dir_all(&addon).expect("temp dir");
    std::fs::write(
        addon.join("Bench.toc"),
        "## Interface: 120100\nTemplate.xml\nFrames.xml\n",
    )
    .unwrap();
    std::fs::write(addon.join("Template.xml"), TEMPLATE).unwrap();
    let mut frames = String::from("<Ui xmlns=\"http://www.blizzard.com/wow/ui/\">\n");
    for i in 0..n {
        frames.push_str(&format!(
            "  <Frame name=\"BenchXml{i}\" inherits=\"BenchTemplate\"/>\n"
        ));
    }
    frames.push_str("</Ui>\n");
    std::fs::write(addon.join("Frames.xml"), frames).unwrap();

    let mut config = SimConfig::new(Flavor::Retail);
    config.addon_dirs.push(dir.clone());
    let mut sim = Simulator::new(config).expect("simulator");
    let t = Instant::now();
    sim.start().expect("start");
    let xml_secs = t.elapsed().as_secs_f64();

    let code = format!(
        "for i = 1, {n} do CreateFrame('Frame', 'BenchLua' .. i, UIParent, 'BenchTemplate') end"
    );
    let t = Instant::now();
    sim.exec_lua(&code, "bench").expect("exec");
    let lua_secs = t.elapsed().as_secs_f64();
    let errors = sim.errors();
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "XML file:    {n} frames in {xml_secs:.3} s = {:.0} frames/s (includes start-up)",
        n as f64 / xml_secs
    );
    println!(
        "CreateFrame: {n} frames in {lua_secs:.3} s = {:.0} frames/s",
        n as f64 / lua_secs
    );
    println!(
        "XML uses not applied (missing widget methods): {}",
        sim.xml_not_applied()
    );
    println!("error records: {}", errors.len());
    for e in errors.iter().take(3) {
        println!("  {}", e.message);
    }
}
