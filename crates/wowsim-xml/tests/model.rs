//! Document model tests: positions of elements, attributes and inline text, BOM handling,
//! case-insensitive names, accessors, and malformed XML.

use wowsim_xml::{parse_document, DiagKind, Element, Flavor, Pos, Severity};

fn p(line: u32, column: u32) -> Pos {
    Pos { line, column }
}

fn root(src: &str) -> Element {
    let doc = parse_document(src, Flavor::Retail);
    assert!(doc.diagnostics.is_empty(), "{:?}", doc.diagnostics);
    doc.root.expect("root")
}

const FRAME: &str = r#"<Ui xmlns="http://www.blizzard.com/wow/ui/"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.blizzard.com/wow/ui/ ..\FrameXML\UI.xsd">
  <Frame name="Foo" parentKey="Bar" hidden="TRUE" alpha="0.5">
    <Scripts>
      <OnLoad>
        print("hi")
      </OnLoad>
      <OnEvent><![CDATA[if a < b then error("x") end]]></OnEvent>
    </Scripts>
  </Frame>
  <Script>local x = 1</Script>
</Ui>
"#;

#[test]
fn element_and_attribute_positions() {
    let ui = root(FRAME);
    assert_eq!((ui.tag.as_str(), ui.pos), ("Ui", p(1, 1)));
    let frame = &ui.children[0];
    let cases: &[(&str, &str, Pos)] = &[
        ("name", "Foo", p(4, 10)),
        ("parentkey", "Bar", p(4, 21)),
        ("hidden", "TRUE", p(4, 37)),
        ("alpha", "0.5", p(4, 51)),
    ];
    assert_eq!(frame.pos, p(4, 3));
    for (name, value, pos) in cases {
        assert_eq!(frame.attr(name), Some(*value), "{name}");
        assert_eq!(frame.attr_pos(name), Some(*pos), "{name}");
    }
    assert_eq!(frame.attrs[1].raw_name, "parentKey");
    assert_eq!(frame.bool_attr("hidden"), Some(true));
    assert_eq!(frame.num_attr("alpha"), Some(0.5));
    assert_eq!(frame.num_attr("name"), None);
    assert_eq!(frame.attr("missing"), None);
    // The xsi: attribute is kept with its prefix and not reported.
    assert_eq!(ui.attrs[0].raw_name, "xsi:schemaLocation");
    assert_eq!(ui.attrs[0].pos, p(3, 5));
}

#[test]
fn inline_text_positions() {
    let ui = root(FRAME);
    let scripts = ui.children[0].child("Scripts").expect("Scripts");
    let onload = scripts.child("OnLoad").expect("OnLoad");
    let onevent = scripts.child("onevent").expect("OnEvent");
    let script = ui.child("Script").expect("Script");
    let cases: &[(&Element, &str, Pos)] = &[
        (onload, "\n        print(\"hi\")\n      ", p(6, 15)),
        (onevent, "if a < b then error(\"x\") end", p(9, 25)),
        (script, "local x = 1", p(12, 11)),
    ];
    for (e, text, pos) in cases {
        assert_eq!(
            e.text.as_deref(),
            Some(&(text.to_string(), *pos)),
            "{}",
            e.tag
        );
    }
    // Lua line 2 of OnLoad is XML line 7.
    assert_eq!(onload.pos, p(6, 7));
    assert_eq!(scripts.text, None);
}

#[test]
fn bom_is_stripped() {
    let doc = parse_document("\u{feff}<Ui>\n <Frame name=\"A\"/></Ui>", Flavor::Retail);
    assert!(doc.diagnostics.is_empty());
    let ui = doc.root.expect("root");
    assert_eq!(ui.pos, p(1, 1));
    assert_eq!(ui.children[0].pos, p(2, 2));
}

#[test]
fn names_are_case_insensitive() {
    let ui = root("<ui><frame NAME=\"A\"><SCRIPTS><onload>x()</onload></SCRIPTS></frame></ui>");
    let frame = &ui.children[0];
    let cases = [
        (ui.tag.as_str(), ui.raw_tag.as_str(), "Ui", "ui"),
        (frame.tag.as_str(), frame.raw_tag.as_str(), "Frame", "frame"),
        (
            frame.children[0].tag.as_str(),
            frame.children[0].raw_tag.as_str(),
            "Scripts",
            "SCRIPTS",
        ),
    ];
    for (tag, raw, want_tag, want_raw) in cases {
        assert_eq!((tag, raw), (want_tag, want_raw));
    }
    assert_eq!(frame.attrs[0].name, "name");
    assert_eq!(frame.attrs[0].raw_name, "NAME");
    let onload = frame.children[0]
        .children_named("OnLoad")
        .next()
        .expect("OnLoad");
    assert_eq!(onload.text_str(), Some("x()"));
}

#[test]
fn children_named_and_walk() {
    let ui = root(
        "<Ui><Frame><Anchors><Anchor point=\"TOP\"/><Anchor point=\"BOTTOM\" x=\"-2\"/></Anchors></Frame></Ui>",
    );
    let anchors = ui.children[0].child("Anchors").expect("Anchors");
    let points: Vec<_> = anchors
        .children_named("Anchor")
        .filter_map(|a| a.attr("point"))
        .collect();
    assert_eq!(points, ["TOP", "BOTTOM"]);
    assert_eq!(anchors.children[1].num_attr("x"), Some(-2.0));
    assert_eq!(ui.count(), 5);
    let tags: Vec<_> = ui.walk().map(|e| e.tag.as_str()).collect();
    assert_eq!(tags, ["Ui", "Frame", "Anchors", "Anchor", "Anchor"]);
}

#[test]
fn malformed_xml_gives_empty_document_and_error() {
    let cases: &[(&str, &str, Pos)] = &[
        ("<Ui>\n  <Frame>\n  </Ui>", "mismatched tag", p(3, 3)),
        ("<Ui>\n  <Frame/>\n", "no element found", p(3, 1)),
        (
            "<Ui><Frame a=\"1\" a=\"2\"/></Ui>",
            "duplicate attribute",
            p(1, 18),
        ),
        ("<Ui>&nope;</Ui>", "undefined entity", p(1, 5)),
        ("", "no element found", p(1, 1)),
    ];
    for (src, msg, pos) in cases {
        let doc = parse_document(src, Flavor::Retail);
        assert!(doc.root.is_none(), "{src:?}");
        assert_eq!(doc.diagnostics.len(), 1, "{src:?}");
        let d = &doc.diagnostics[0];
        assert_eq!((d.message.as_str(), d.pos), (*msg, *pos), "{src:?}");
        assert_eq!((d.severity, d.kind), (Severity::Error, DiagKind::Malformed));
    }
}

#[test]
fn hostile_input_never_panics() {
    let deep = "<Ui>".to_string()
        + &"<Frame><Frames>".repeat(400)
        + &"</Frames></Frame>".repeat(400)
        + "</Ui>";
    let inputs = [
        deep.as_str(),
        "<",
        "<Ui",
        "<Ui><![CDATA[",
        "\u{feff}",
        "<Ui>\u{e9}\u{1F600}<Frame name=\"\u{e9}\"/></Ui>",
        "<?xml version=\"1.0\"?><!DOCTYPE Ui><Ui/>",
    ];
    for src in inputs {
        for flavor in [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra] {
            let _ = parse_document(src, flavor);
        }
    }
    let doc = parse_document(&deep, Flavor::Retail);
    assert!(doc.root.is_none());
    assert_eq!(doc.diagnostics[0].message, "elements nested too deeply");
    assert_eq!(doc.diagnostics[0].pos, p(1, 1 + 4 + 15 * 99 + 7));
    // Comments, CDATA and quoted '>' do not count as nesting.
    let fine = "<Ui><!-- <a><b><c> --><Frame name=\"a>b\"><![CDATA[<x><y>]]></Frame></Ui>";
    assert!(parse_document(fine, Flavor::Retail).root.is_some());
}

#[test]
fn columns_count_characters() {
    let ui = root("<Ui><Frame name=\"\u{e9}\u{e9}\" id=\"1\"/></Ui>");
    assert_eq!(ui.children[0].attr_pos("id"), Some(p(1, 22)));
}
