//! The embedded schema against the client's own UI.xsd: a small XSD of ours shows what is
//! read and how a schema is widened; the UI.xsd of each Blizzard UI tree we test with (the
//! `Interface/AddOns` folder in `WOWSIM_UI_RETAIL`, `WOWSIM_UI_CLASSIC`,
//! `WOWSIM_UI_CLASSIC_ERA`; a missing one is skipped with a printed note) must differ from the
//! embedded schema only by what `data/xsd_differences.txt` lists, each with its reason.

use std::collections::BTreeMap;
use std::path::PathBuf;
use wowsim_xml::{parse_xsd, schema, Flavor, Parser, XsdGap, XsdType};

/// Ours, in the shape of the client's: a named type extended by an element, an attribute
/// group, a substitution group standing for its members, a local element of a named type.
const SMALL_XSD: &str = r#"<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:ui="urn:test" targetNamespace="urn:test">
  <xs:simpleType name="LEVEL"><xs:restriction base="xs:float"/></xs:simpleType>
  <xs:attributeGroup name="Common">
    <xs:attribute name="name" type="xs:string"/>
    <xs:attribute name="wobbly" type="xs:boolean"/>
  </xs:attributeGroup>
  <xs:element name="Gadget" abstract="true"/>
  <xs:element name="Sprocket" substitutionGroup="ui:Gadget">
    <xs:complexType><xs:attribute name="level" type="ui:LEVEL"/></xs:complexType>
  </xs:element>
  <xs:complexType name="Amount">
    <xs:attribute name="val" type="xs:int"/>
  </xs:complexType>
  <xs:complexType name="FrameType">
    <xs:choice maxOccurs="unbounded">
      <xs:element ref="ui:Gadget"/>
      <xs:element name="Wobble" type="ui:Amount"/>
    </xs:choice>
    <xs:attributeGroup ref="ui:Common"/>
  </xs:complexType>
  <xs:element name="Frame">
    <xs:complexType><xs:complexContent><xs:extension base="ui:FrameType"/></xs:complexContent></xs:complexType>
  </xs:element>
</xs:schema>"#;

#[test]
fn a_small_xsd_is_read_and_widens_the_schema() {
    let xsd = parse_xsd(SMALL_XSD).expect("parses");
    let frame = &xsd.elements["Frame"];
    let children: Vec<&str> = frame.children.iter().map(String::as_str).collect();
    assert_eq!(children, ["Sprocket", "Wobble"]);
    assert_eq!(frame.attributes.get("wobbly"), Some(&XsdType::Boolean));
    assert_eq!(
        xsd.elements["Sprocket"].attributes.get("level"),
        Some(&XsdType::Number)
    );
    assert!(xsd.elements["Gadget"].is_abstract);
    let base = schema(Flavor::Retail);
    let gaps: Vec<String> = base.xsd_gaps(&xsd).iter().map(XsdGap::to_string).collect();
    assert_eq!(
        gaps,
        [
            "tag Sprocket",
            "tag Wobble",
            "attribute Frame wobbly",
            "attribute Sprocket level",
            "attribute Wobble val",
            "child Frame Sprocket",
            "child Frame Wobble",
        ]
    );
    let widened: &'static _ = Box::leak(Box::new(base.with_xsd(&xsd)));
    assert!(widened.xsd_gaps(&xsd).is_empty());
    let doc =
        r#"<Ui><Frame name="F" wobbly="true"><Sprocket level="2"/><Wobble val="1"/></Frame></Ui>"#;
    let before: Vec<String> = (Parser::new(Flavor::Retail).parse(doc).diagnostics)
        .iter()
        .map(|d| d.message.clone())
        .collect();
    let after = Parser::with_schema(Flavor::Retail, widened).parse(doc);
    assert_eq!(
        before,
        [
            "Unrecognized XML attribute: wobbly",
            "Unrecognized XML: Sprocket",
            "Unrecognized XML attribute: level",
            "Unrecognized XML: Wobble",
            "Unrecognized XML attribute: val",
        ],
        "the embedded schema warns for each"
    );
    assert_eq!(after.diagnostics, [], "the widened schema accepts them");
    assert!(parse_xsd("<notxsd/>").is_err());
    assert!(parse_xsd("<xs:schema").is_err());
}

/// `data/xsd_differences.txt`: `<flavor> <difference>` → reason.
fn known_differences() -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/xsd_differences.txt");
    let text = std::fs::read_to_string(path).expect("data/xsd_differences.txt");
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((what, why)) = line.split_once('\t') else {
            panic!("{path}:{}: no tab before the reason", i + 1);
        };
        assert!(!why.trim().is_empty(), "{path}:{}: empty reason", i + 1);
        let dup = out.insert(what.to_string(), why.to_string());
        assert!(dup.is_none(), "{path}:{}: listed twice", i + 1);
    }
    out
}

#[test]
fn the_embedded_schema_covers_each_ui_xsd() {
    let known = known_differences();
    let trees = [
        ("WOWSIM_UI_RETAIL", Flavor::Retail),
        ("WOWSIM_UI_CLASSIC", Flavor::Classic),
        ("WOWSIM_UI_CLASSIC_ERA", Flavor::ClassicEra),
    ];
    let mut problems = Vec::new();
    for (var, flavor) in trees {
        let Some(dir) = std::env::var_os(var).map(PathBuf::from) else {
            println!("note: {var} is not set; the UI.xsd of {flavor:?} is not compared");
            continue;
        };
        let path = dir.join("Blizzard_SharedXML").join("UI.xsd");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{var}: {}: {e}", path.display()));
        let xsd = parse_xsd(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let prefix = flavor.as_str();
        let all = schema(flavor).xsd_gaps(&xsd);
        let gaps: Vec<String> = all.iter().map(|g| format!("{prefix} {g}")).collect();
        for (g, gap) in gaps.iter().zip(&all) {
            if !known.contains_key(g) {
                let ty = match gap {
                    XsdGap::Attribute(_, _, ty) => format!(" ({ty:?})"),
                    _ => String::new(),
                };
                problems.push(format!(
                    "{g}{ty}: in {}, not in the embedded schema",
                    path.display()
                ));
            }
        }
        for k in known.keys().filter(|k| k.split(' ').next() == Some(prefix)) {
            if !gaps.contains(k) {
                problems.push(format!(
                    "{k}: listed in data/xsd_differences.txt, no longer a difference"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
