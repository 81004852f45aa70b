//! Validation tests: unknown tags and attributes, wrong value types, extends/sealed/virtual
//! rules, cascades under unrecognized elements, intrinsics, flavours and message formats.

use wowsim_xml::{
    format_diagnostic, format_diagnostic_client, parse_document, DiagKind, Flavor, Parser, Pos,
};

fn diags(src: &str) -> Vec<(u32, u32, DiagKind, String)> {
    parse_document(src, Flavor::Retail)
        .diagnostics
        .into_iter()
        .map(|d| (d.pos.line, d.pos.column, d.kind, d.message))
        .collect()
}

use DiagKind::{InvalidValue as Val, UnrecognizedAttribute as Attr, UnrecognizedTag as Tag};

/// An expected diagnostic: line, column, kind, message.
type Want = (u32, u32, DiagKind, &'static str);

#[test]
fn table_of_diagnostics() {
    let cases: &[(&str, &[Want])] = &[
        // Clean: extends (Button in Frames, LayoutFrame attributes on Button).
        (
            "<Ui><Frame><Frames><Button name=\"B\" alpha=\"1\" text=\"x\"/></Frames></Frame></Ui>",
            &[],
        ),
        (
            "<Ui>\n  <Bogus/>\n</Ui>",
            &[(2, 3, Tag, "Unrecognized XML: Bogus")],
        ),
        (
            "<Ui><Frame bogus=\"1\" name=\"F\"/></Ui>",
            &[(1, 12, Attr, "Unrecognized XML attribute: bogus")],
        ),
        (
            "<Ui><Frame name=\"F\" alpha=\"half\"/></Ui>",
            &[(1, 21, Val, "Frame F: Invalid alpha value: half")],
        ),
        (
            "<Ui><frame hidden=\"yes\"/></Ui>",
            &[(1, 12, Val, "frame frame: Invalid hidden value: yes")],
        ),
        (
            "<Ui><FontString justifyH=\"middle\"/></Ui>",
            &[(
                1,
                17,
                Val,
                "FontString FontString: Invalid justifyH value: middle",
            )],
        ),
        ("<Ui><FontString justifyH=\"left\"/></Ui>", &[]),
        // A known tag in the wrong place, and everything below it (the client's cascade).
        (
            "<Ui><Frame>\n<Layer level=\"ARTWORK\"><Texture/></Layer></Frame></Ui>",
            &[
                (2, 1, Tag, "Unrecognized XML: Layer"),
                (2, 8, Attr, "Unrecognized XML attribute: level"),
                (2, 24, Tag, "Unrecognized XML: Texture"),
            ],
        ),
        // Virtual tags never appear themselves.
        (
            "<Ui><LayoutFrame/></Ui>",
            &[(1, 5, Tag, "Unrecognized XML: LayoutFrame")],
        ),
        (
            "<Ui><Frame><Scripts><ScriptType/></Scripts></Frame></Ui>",
            &[(1, 21, Tag, "Unrecognized XML: ScriptType")],
        ),
        // Sealed: HighlightTexture extends Texture but is only allowed where named.
        (
            "<Ui><Frame><Layers><Layer><HighlightTexture/></Layer></Layers></Frame></Ui>",
            &[(1, 27, Tag, "Unrecognized XML: HighlightTexture")],
        ),
        (
            "<Ui><Button><HighlightTexture/><NormalFont style=\"GameFontNormal\"/></Button></Ui>",
            &[],
        ),
        // A sealed base stops the walk: NormalFont is a ButtonFont, not a Font.
        (
            "<Ui><NormalFont/></Ui>",
            &[(1, 5, Tag, "Unrecognized XML: NormalFont")],
        ),
        // Root must be a root tag.
        ("<Frame/>", &[(1, 1, Tag, "Unrecognized XML: Frame")]),
        (
            "<Bindings><Binding name=\"X\">foo()</Binding></Bindings>",
            &[],
        ),
        // Numbers follow Lua tonumber; booleans are case-insensitive.
        (
            "<Ui><Frame alpha=\" 0x1 \" hidden=\"False\" toplevel=\"TRUE\"/></Ui>",
            &[],
        ),
    ];
    for (src, want) in cases {
        let want: Vec<_> = want
            .iter()
            .map(|(l, c, k, m)| (*l, *c, *k, m.to_string()))
            .collect();
        assert_eq!(diags(src), want, "{src}");
    }
}

#[test]
fn unrecognized_elements_are_kept() {
    let doc = parse_document("<Ui><Bogus a=\"1\"><Frame/></Bogus></Ui>", Flavor::Retail);
    let bogus = &doc.root.expect("root").children[0];
    assert_eq!((bogus.tag.as_str(), bogus.attr("a")), ("Bogus", Some("1")));
    assert_eq!(bogus.children[0].tag, "Frame");
    assert_eq!(doc.diagnostics.len(), 3);
}

#[test]
fn intrinsics_apply_to_later_files_only() {
    let decl = "<Ui><Button name=\"MyDropdown\" intrinsic=\"true\"/>\n<MyDropdown/></Ui>";
    let use_it = "<Ui><Frame><Frames><mydropdown name=\"D\" text=\"t\"/></Frames></Frame></Ui>";
    let mut parser = Parser::new(Flavor::Retail);
    let first = parser.parse(decl);
    assert_eq!(first.diagnostics.len(), 1);
    assert_eq!(first.diagnostics[0].message, "Unrecognized XML: MyDropdown");
    assert_eq!(first.diagnostics[0].pos, Pos { line: 2, column: 1 });
    let i = parser.intrinsic("MYDROPDOWN").expect("intrinsic");
    assert_eq!((i.name.as_str(), i.base.as_str()), ("MyDropdown", "Button"));
    let second = parser.parse(use_it);
    assert!(second.diagnostics.is_empty(), "{:?}", second.diagnostics);
    let e = &second.root.expect("root").children[0].children[0].children[0];
    assert_eq!(
        (e.tag.as_str(), e.raw_tag.as_str()),
        ("MyDropdown", "mydropdown")
    );
    // Without the declaring file, the tag is unknown.
    assert_eq!(parse_document(use_it, Flavor::Retail).diagnostics.len(), 3);
}

#[test]
fn flavours_have_their_own_schema() {
    let src = "<Ui><Frame><Mixins><Mixin key=\"M\"/></Mixins></Frame></Ui>";
    let cases = [
        (Flavor::Retail, 0),
        (Flavor::Classic, 3),
        (Flavor::ClassicEra, 3),
    ];
    for (flavor, n) in cases {
        assert_eq!(
            parse_document(src, flavor).diagnostics.len(),
            n,
            "{flavor:?}"
        );
    }
}

#[test]
fn message_formats() {
    let doc = parse_document("<Ui>\n   <Frame bogus=\"1\"/></Ui>", Flavor::Retail);
    let d = &doc.diagnostics[0];
    let file = "Interface/AddOns/Foo/Foo.xml";
    assert_eq!(
        format_diagnostic(file, d),
        "Interface/AddOns/Foo/Foo.xml:2:11: Unrecognized XML attribute: bogus"
    );
    assert_eq!(
        format_diagnostic_client(file, d),
        "Interface/AddOns/Foo/Foo.xml:2 Unrecognized XML attribute: bogus"
    );
    let bad = parse_document("<Ui>\n<Frame></Ui>", Flavor::Retail);
    assert_eq!(
        format_diagnostic_client(file, &bad.diagnostics[0]),
        "Interface/AddOns/Foo/Foo.xml(2): error: mismatched tag"
    );
}
