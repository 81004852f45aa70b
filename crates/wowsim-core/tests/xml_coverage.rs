//! The XML coverage table (`docs/xml-coverage.md`) is generated from the client's schema and
//! the loader's tables; this test fails when the committed file is stale. Regenerate with
//! `WOWSIM_BLESS=1 cargo test -p wowsim-core --test xml_coverage`.

use std::path::PathBuf;
use wowsim_core::xmlui::coverage::report_markdown;

#[test]
fn xml_coverage_doc_is_current() {
    let schema = wowsim_xml::schema(wowsim_xml::Flavor::Retail);
    let text = report_markdown(schema, "retail");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/xml-coverage.md");
    if std::env::var_os("WOWSIM_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        old == text,
        "docs/xml-coverage.md is stale; regenerate with WOWSIM_BLESS=1 cargo test -p wowsim-core --test xml_coverage"
    );
}

#[test]
fn coverage_statuses() {
    let schema = wowsim_xml::schema(wowsim_xml::Flavor::Retail);
    use wowsim_core::xmlui::coverage::{attr_status, tag_status};
    let check = |tag: &str, attr: &str, want: &str| {
        let got = if attr.is_empty() {
            tag_status(schema, tag).to_string()
        } else {
            attr_status(schema, tag, attr)
        };
        assert_eq!(got, want, "{tag} {attr}");
    };
    check("Frame", "", "applied");
    check("Button", "text", "`SetText` (late)");
    check("CheckButton", "alpha", "`SetAlpha`");
    check("Frame", "parentkey", "applied (loader)");
    check("NormalTexture", "", "applied (parent method)");
    check("AnimationGroup", "", "applied (animations)");
    check("Alpha", "toalpha", "`SetToAlpha`");
    check(
        "Frame",
        "protected",
        "stored (reference field `explicitlyProtected`)",
    );
    check(
        "Frame",
        "ignorechildrenforbounds",
        "stored (field `xml:ignoreChildrenForBounds`)",
    );
    check("Cooldown", "rotation", "`SetRotation`");
    check("MaskedTexture", "childkey", "applied (`AddMaskTexture`)");
    check("Binding", "", "applied (Bindings.xml)");
    check("RelDimension", "", "applied (fractions of the screen)");
    check(
        "ScopedModifier",
        "fulllockdown",
        "stored (field `xml:fullLockdown`; no taint in wow-sim)",
    );
    check("NoSuchTag", "", "unknown");
}

/// An attribute inherited from a template of another type (a `<Frame>` inheriting a Button
/// template's `registerForClicks`, as Blizzard's quest reward frames do) has nothing to apply
/// it with: it is neither applied nor counted as not implemented. On a Button it is applied.
#[test]
fn attributes_of_another_type_are_not_counted() {
    use wowsim_core::xmlui::attrs::{action, Act};
    let schema = wowsim_xml::schema(wowsim_xml::Flavor::Retail);
    assert_eq!(action(schema, "Frame", "registerforclicks"), Act::Internal);
    assert!(matches!(
        action(schema, "Button", "registerforclicks"),
        Act::Method("RegisterForClicks", _)
    ));
    assert!(matches!(
        action(schema, "CheckButton", "registerforclicks"),
        Act::Method("RegisterForClicks", _)
    ));
}
