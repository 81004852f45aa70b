//! Deterministic fuzz smoke tests for the parsers that read files users hand us: the TOC
//! parser, the UI XML parser, the SavedVariables reader, and the Lua-facing CLI inputs: the
//! scenario reader (`--scenario`, `wowsim.LoadScenario`) and the combat-log reader
//! (`--combat-log`, `wowsim.ReplayCombatLog`). Each gets 20,000 inputs (random
//! bytes, and mutations of small valid seeds: flips, inserts, deletes, splices, truncations,
//! deep nesting) and must return, never panic. The coverage-guided targets under `fuzz/` go
//! further when a nightly toolchain and cargo-fuzz are at hand (docs/fuzzing.md).

/// xorshift64*: small, seedable, the same sequence on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// Bytes that matter to the three grammars, so mutations reach interesting states.
const TOKENS: &[&[u8]] = &[
    b"##",
    b":",
    b"\n",
    b"\r\n",
    b"\\",
    b"[",
    b"]",
    b"{",
    b"}",
    b"=",
    b",",
    b"\"",
    b"'",
    b"<",
    b">",
    b"/>",
    b"</",
    b"<!--",
    b"-->",
    b"<![CDATA[",
    b"]]>",
    b"&amp;",
    b"&#x",
    b";",
    b"--[[",
    b"]]",
    b"[==[",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xc3",
    b"\0",
    b"nil",
    b"true",
    b"1e309",
    b"-0x",
    b"inherits=\"",
    b"$parent",
    b"[[timeline]]",
    b"at = ",
    b"do = \"",
    b"1e999",
    b"  SPELL_DAMAGE,",
    b"0x",
];

/// One mutation of `seed`.
fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(v.len() + 1);
        match rng.below(7) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                v.splice(at..at, t.iter().copied());
            }
            2 if at < v.len() => {
                let end = (at + 1 + rng.below(16)).min(v.len());
                v.drain(at..end);
            }
            3 => {
                let from = rng.below(v.len() + 1);
                let end = (from + rng.below(32)).min(v.len());
                let chunk = v[from..end].to_vec();
                v.splice(at..at, chunk);
            }
            4 => v.truncate(at),
            5 => {
                let n = 1 + rng.below(8);
                let r = rng.bytes(n);
                v.splice(at..at, r);
            }
            _ => {
                // Deep nesting of whatever token comes next.
                let t = TOKENS[rng.below(TOKENS.len())];
                let n = rng.below(2000);
                let mut deep = Vec::with_capacity(t.len() * n);
                for _ in 0..n {
                    deep.extend_from_slice(t);
                }
                v.splice(at..at, deep);
            }
        }
    }
    v
}

/// Feeds 20,000 inputs built from `seeds` to `parse`.
fn smoke(seed: u64, seeds: &[&[u8]], parse: impl Fn(&[u8])) {
    let mut rng = Rng(seed);
    for i in 0..20_000 {
        let input = if i % 4 == 0 {
            let n = rng.below(512);
            rng.bytes(n)
        } else {
            let pick = rng.below(seeds.len());
            mutate(&mut rng, seeds[pick])
        };
        parse(&input);
    }
}

const TOC_SEEDS: &[&[u8]] = &[
    b"## Interface: 110000, 40400\n## Title: Demo |cffff0000Red|r\n## Dependencies: A, B\n\
      ## SavedVariables: DemoDB\n## X-Custom: yes\nlibs\\Lib.xml\nDemo.lua [AllowLoadGameType classic]\n",
    b"\xef\xbb\xbf## Interface-Classic: 11500\n## LoadOnDemand: 1\n# comment\n\nCore.lua\r\n",
];

const XML_SEEDS: &[&[u8]] = &[
    b"<Ui xmlns=\"http://www.blizzard.com/wow/ui/\">\n<Script file=\"a.lua\"/>\n\
      <Frame name=\"$parentF\" parent=\"UIParent\" inherits=\"T1, T2\" virtual=\"true\">\n\
      <Size x=\"10\" y=\"20\"/><Anchors><Anchor point=\"TOPLEFT\" relativeTo=\"$parent\"/></Anchors>\n\
      <Layers><Layer level=\"ARTWORK\"><Texture parentKey=\"Icon\" file=\"x\"/></Layer></Layers>\n\
      <Scripts><OnLoad>print(\"a &amp; b\")</OnLoad><OnEvent function=\"F\"/></Scripts>\n\
      <KeyValues><KeyValue key=\"k\" value=\"1\" type=\"number\"/></KeyValues></Frame></Ui>\n",
    b"<?xml version=\"1.0\"?><Ui><Include file=\"b.xml\"/><!-- c --><Button><![CDATA[x]]></Button></Ui>",
];

const SV_SEEDS: &[&[u8]] = &[
    b"DemoDB = {\n\t[\"profiles\"] = {\n\t\t[\"Default\"] = {\n\t\t\t[\"scale\"] = 1.5,\n\
      \t\t\t[1] = \"a\\\"b\\n\",\n\t\t\t[\"on\"] = true,\n\t\t},\n\t},\n\t\"x\", -- [1]\n}\nOther = nil\n",
    b"A = 1e10\nB = -0.5\nC = \"\\226\\130\\172\"\nD = { { { {} } } }\nE = [[long\nstring]]\n",
];

#[test]
fn toc_parser_never_panics() {
    let ctx = wowsim_toc::TocContext::new(wowsim_toc::Flavor::Retail);
    smoke(0x70C, TOC_SEEDS, |b| {
        let _ = wowsim_toc::parse_toc_bytes(b, &ctx);
    });
}

#[test]
fn xml_parser_never_panics() {
    smoke(0x3A1, XML_SEEDS, |b| {
        let text = String::from_utf8_lossy(b);
        let _ = wowsim_xml::parse_document(&text, wowsim_xml::Flavor::Retail);
    });
}

#[test]
fn savedvars_reader_never_panics() {
    let limits = wowsim_savedvars::Limits::default();
    smoke(0x5A7, SV_SEEDS, |b| {
        let _ = wowsim_savedvars::parse(b, &limits);
    });
}

/// Our own fixtures' scenarios and combat logs (tests/fixtures/world).
const SCENARIO_SEEDS: &[&[u8]] = &[
    include_bytes!("../../../tests/fixtures/world/scenario_timeline/fight.toml"),
    include_bytes!("../../../tests/fixtures/world/zone_instance/zones.toml"),
    include_bytes!("../../../tests/fixtures/world/raid_roster/raid.toml"),
];

const COMBAT_LOG_SEEDS: &[&[u8]] = &[
    include_bytes!("../../../tests/fixtures/world/combat_log_casts/WoWCombatLog.txt"),
    include_bytes!("../../../tests/fixtures/world/combat_log_replay/WoWCombatLog.txt"),
];

#[test]
fn scenario_reader_never_panics() {
    smoke(0x5CE, SCENARIO_SEEDS, |b| {
        let _ = wowsim_api::world::scenario::read("fuzz.toml", &String::from_utf8_lossy(b));
    });
}

#[test]
fn combat_log_reader_never_panics() {
    smoke(0xC0B, COMBAT_LOG_SEEDS, |b| {
        let text = String::from_utf8_lossy(b);
        let _ = wowsim_api::world::combat_log::read("WoWCombatLog.txt", &text, 0.0);
    });
}
