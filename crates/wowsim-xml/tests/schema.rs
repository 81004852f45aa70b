//! Schema query tests: lookups are case-insensitive and follow `extends` chains.

use wowsim_xml::{schema, AttrType, Flavor, TagImpl};

#[test]
fn lookups_follow_extends() {
    let s = schema(Flavor::Retail);
    let attr_cases: &[(&str, &str, Option<AttrType>)] = &[
        ("Button", "alpha", Some(AttrType::Number)), // LayoutFrame
        ("CHECKBUTTON", "ENABLEMOUSE", Some(AttrType::Boolean)), // Frame
        ("Button", "text", Some(AttrType::String)),  // Button itself
        (
            "FontString",
            "justifyh",
            Some(AttrType::StringEnum("JustifyHorizontal".into())),
        ),
        ("Texture", "enablekeyboard", None),
        ("Nope", "alpha", None),
    ];
    for (tag, attr, want) in attr_cases {
        assert_eq!(
            s.attribute(tag, attr).map(|a| a.ty.clone()),
            *want,
            "{tag}@{attr}"
        );
    }
    let frame_cases = [
        ("Frame", true),
        ("button", true),
        ("EditBox", true),
        ("Texture", false),
        ("Frames", false),
        ("LayoutFrame", false),
    ];
    for (tag, want) in frame_cases {
        assert_eq!(s.is_frame_type(tag), want, "{tag}");
    }
    assert_eq!(s.uiobject_for_tag("checkbutton"), Some("CheckButton"));
    assert_eq!(s.uiobject_for_tag("Anchors"), None);
    assert_eq!(
        s.tag("fontstring").map(|t| t.name.as_str()),
        Some("FontString")
    );
    assert!(s.allowed_children("Button").contains(&"Anchors")); // via LayoutFrame
    assert!(s.allowed_children("Button").contains(&"NormalTexture"));
    assert!(s.is_allowed_child("Frames", "Slider"));
    assert!(!s.is_allowed_child("Frames", "Texture"));
    let sup: Vec<_> = s
        .supertypes("CheckButton")
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(sup, ["CheckButton", "Button", "Frame", "LayoutFrame"]);
}

#[test]
fn impls_and_text_tags() {
    let s = schema(Flavor::Retail);
    assert_eq!(
        s.tag_impl("OnClick"),
        Some(&TagImpl::Script {
            args: Some("self, button, down".into())
        })
    );
    assert_eq!(s.tag_impl("Frames"), Some(&TagImpl::Transparent));
    assert_eq!(s.tag_impl("Script"), Some(&TagImpl::LoadString));
    assert!(matches!(
        s.tag_impl("NormalTexture"),
        Some(TagImpl::Call { parent_method, .. }) if parent_method == "SetNormalTexture"
    ));
    assert!(s.is_text_tag("OnLoad") && s.is_text_tag("script") && !s.is_text_tag("Frame"));
    assert!(s.tags().count() > 150);
    let roots: Vec<_> = s.root_tags().map(|t| t.name.as_str()).collect();
    assert_eq!(roots, ["Bindings", "Ui"]);
}

/// Every script tag of every flavour has the client's parameter list (the reference's own, or
/// `data/script_args.txt`'s): an inline body sees `value`, `elapsed`, `button`, … by name.
#[test]
fn every_script_tag_has_its_parameters() {
    let cases = [
        ("OnValueChanged", "self, value, userInput"),
        ("OnUpdate", "self, elapsed"),
        ("OnEvent", "self, event, ..."),
        ("OnColorSelect", "self, r, g, b"),
        ("OnFinished", "self, requested"),
    ];
    for flavor in [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra] {
        let s = schema(flavor);
        for (tag, want) in cases {
            assert_eq!(
                s.tag_impl(tag),
                Some(&TagImpl::Script {
                    args: Some(want.into())
                }),
                "{flavor:?} {tag}"
            );
        }
        for t in s.tags() {
            if let Some(TagImpl::Script { args }) = &t.impl_info {
                let args = args.as_deref().unwrap_or("");
                assert!(args.starts_with("self"), "{flavor:?} {}: {args:?}", t.name);
            }
        }
    }
}
