//! Facts checked against the wowless YAML, so a regenerated data set that loses them fails.

use wowsim_data::{data, Flavor, MethodImpl, Ty, Value, XmlAttrImpl, XmlTagImpl};

#[test]
fn every_kind_of_every_product_parses() {
    for p in Flavor::ALL {
        let d = data(p);
        d.load_all();
        assert!(d.apis().len() > 4000, "{p}: {}", d.apis().len());
        assert!(d.events().len() > 1000);
        assert!(d.enums().len() > 300);
        assert!(d.structures().len() > 400);
        assert!(d.cvars().len() > 1000);
        assert!(d.uiobjects().len() > 50);
        assert!(d.xml_tags().len() > 150);
        assert!(d.script_types().iter().any(|s| s == "OnEvent"));
        assert!(d.string_enums().iter().any(|s| s.name == "FramePoint"));
        assert!(d
            .luaobjects()
            .iter()
            .any(|o| o.name == "DurationTextBinding"));
        assert!(d.config().get("runtime").is_some());
        assert!(d.apis().windows(2).all(|w| w[0].name < w[1].name));
    }
}

#[test]
fn products_and_builds() {
    assert_eq!(Flavor::names(), ["retail", "classic", "classic_era"]);
    assert_eq!("wow_classic".parse::<Flavor>(), Ok(Flavor::Classic));
    let b = data(Flavor::Retail).build();
    assert_eq!((b.version.as_str(), b.build.as_str()), ("12.1.0", "69404"));
    assert_eq!(b.tocversion, 120100);
    assert_eq!(b.family.as_deref(), Some("Mainline"));
    assert_eq!(data(Flavor::Classic).build().gametype, "Mists");
    assert_eq!(data(Flavor::ClassicEra).build().expansion_level, Some(0));
}

#[test]
fn each_flavours_toc_facts_are_its_builds() {
    for p in Flavor::ALL {
        let b = data(p).build();
        assert_eq!(p.interface_version(), b.tocversion, "{p}");
        assert_eq!(p.game_type(), b.gametype, "{p}");
        assert_eq!(Some(p.family()), b.family.as_deref(), "{p}");
    }
}

#[test]
fn apis() {
    let d = data(Flavor::Retail);
    let after = d.api("C_Timer.After").expect("C_Timer.After");
    assert_eq!(after.namespace.as_deref(), Some("C_Timer"));
    assert_eq!(after.short_name, "After");
    let inputs = after.inputs.as_ref().expect("known inputs");
    assert_eq!(inputs[0].name.as_deref(), Some("seconds"));
    assert_eq!(inputs[0].ty, Ty::Number);
    assert_eq!(inputs[1].name.as_deref(), Some("callback"));
    assert_eq!(inputs[1].ty, Ty::LuaObject("LuaFunctionContainer".into()));
    assert_eq!(after.outputs.as_deref(), Some(&[][..]));

    let get_time = d.api("GetTime").expect("GetTime");
    assert_eq!(get_time.namespace, None);
    assert_eq!(
        get_time.inputs.as_deref(),
        Some(&[][..]),
        "`inputs:` empty = no inputs"
    );
    let create = d.api("CreateFrame").expect("CreateFrame");
    let parent = &create.inputs.as_ref().expect("inputs")[2];
    assert!(parent.nilable);
    assert_eq!(parent.ty, Ty::UiObject("Frame".into()));

    assert!(d.api("AcceptDuel").expect("AcceptDuel").inputs.is_none());
    assert_eq!(
        d.api("bit.band").and_then(|a| a.impl_.as_deref()),
        Some("bit.band")
    );
    let track = d
        .api("C_Minimap.SetTracking")
        .expect("SetTracking")
        .inputs
        .clone();
    assert_eq!(
        track.expect("inputs")[1].name.as_deref(),
        Some("on"),
        "YAML 1.1 `on`"
    );
    assert!(d.apis().iter().any(|a| a.protected));
    let defaults = d.api("C_ActionBar.GetActionDisplayCount").expect("api");
    let max = &defaults.inputs.as_ref().expect("inputs")[1];
    assert_eq!(max.default, Some(Value::Number(9999.0)));
    let stub = d.api("GetGroupMemberCounts").expect("api").outputs.clone();
    let stub = stub.expect("outputs")[0].stub.clone().expect("stub");
    assert_eq!(stub.get("TANK"), Some(&Value::Number(1.0)));
}

#[test]
fn events_enums_cvars_globals() {
    for p in Flavor::ALL {
        let d = data(p);
        let ev = d.event("ADDON_LOADED").expect("ADDON_LOADED");
        let names: Vec<_> = ev.payload.iter().map(|x| x.name.as_deref()).collect();
        assert_eq!(names, [Some("addOnName"), Some("containsBindings")]);
        assert_eq!(ev.payload[1].ty, Ty::Boolean);

        let q = d.enum_def("Enum.ItemQuality").expect("ItemQuality");
        assert_eq!(q.value("Poor"), Some(0));
        assert_eq!(q.member(4), Some("Epic"));
        let alert = d.enum_def("CombatAudioAlertCastState").expect("enum");
        assert!(
            alert.value("Off").is_some(),
            "YAML 1.1 `Off` key kept as a string"
        );

        let ui_scale = d.cvar("uiScale").expect("uiscale");
        assert_eq!(ui_scale.default.as_deref(), Some("1.000000"));
        assert!(ui_scale.secure);
        assert!(d.cvars().iter().filter(|c| c.default.is_some()).count() > 1000);
    }
    let d = data(Flavor::Retail);
    assert!(
        d.event("COMBAT_LOG_EVENT_UNFILTERED")
            .expect("clog")
            .callback
    );
    assert!(d
        .enum_def("AccountStateLoadedFlags")
        .expect("flags")
        .values
        .iter()
        .any(|v| v.1 > 1 << 32));
    assert_eq!(
        d.global("LE_EXPANSION_LEVEL_CURRENT"),
        Some(&Value::Number(11.0))
    );
    let c = d.global("Constants").expect("Constants");
    let auction = c.get("AuctionConstants").expect("AuctionConstants");
    assert_eq!(
        auction.get("DEFAULT_AUCTION_PRICE_MULTIPLIER"),
        Some(&Value::Number(1.5))
    );
    let anchor = d.structure("AnchorBinding").expect("AnchorBinding");
    assert_eq!(
        anchor.field("point").map(|f| &f.ty),
        Some(&Ty::StringEnum("FramePoint".into()))
    );
}

#[test]
fn uiobjects() {
    let d = data(Flavor::Retail);
    let frame = d.uiobject("frame").expect("Frame, case-insensitive");
    assert_eq!(
        frame.inherits,
        ["AnimatableObject", "Region", "ScriptObject"]
    );
    assert!(d.uiobject_is_a("Button", "Region"));
    assert!(!d.uiobject_is_a("Frame", "Button"));
    let (owner, set_point) = d.uiobject_method("Button", "SetPoint").expect("SetPoint");
    assert_eq!(owner.name, "Region");
    assert!(set_point.manualinputs && set_point.inputs.is_none());
    let region_set_point = MethodImpl::UiObjectImpl("Region/SetPoint".into());
    assert_eq!(set_point.impl_, Some(region_set_point));
    let (_, get_alpha) = d.uiobject_method("Frame", "GetAlpha").expect("GetAlpha");
    assert_eq!(
        get_alpha.impl_,
        Some(MethodImpl::Getter(vec!["alpha".into()]))
    );
    let button = d.uiobject("Button").expect("Button");
    assert!(button.scripts.iter().any(|s| s == "OnClick"));
    let clicks = button.field("registeredClicks").expect("registeredClicks");
    let init = clicks.init.as_ref().expect("init");
    assert_eq!(init.get("leftbuttonup"), Some(&Value::Bool(true)));
    let region = d.uiobject("Region").expect("Region");
    assert!(region.is_virtual);
    assert_eq!(
        region.field("points").and_then(|f| f.init.clone()),
        Some(Value::Table(vec![]))
    );
    assert!(d.uiobject("Minimap").expect("Minimap").singleton);
    assert_eq!(frame.child_field.as_deref(), Some("children"));
}

#[test]
fn inherited_lookups() {
    let d = data(Flavor::Retail);
    let click = |t| d.uiobject_field_init(t, "mouseClickEnabled");
    assert_eq!(click("Frame"), Some(&Value::Bool(false)), "Region's init");
    assert_eq!(
        click("Button"),
        Some(&Value::Bool(true)),
        "Button's fieldinitoverrides"
    );
    assert_eq!(
        click("CheckButton"),
        Some(&Value::Bool(true)),
        "inherited override"
    );
    let fields = d.uiobject_fields("Button");
    assert!(fields.iter().any(|f| f.name == "registeredClicks"));
    assert!(fields.iter().any(|f| f.name == "points"));
    let scripts = d.uiobject_scripts("Button");
    assert!(["OnClick", "OnEvent", "OnShow", "OnLoad"]
        .iter()
        .all(|s| scripts.contains(s)));
    assert!(d.xml_children("Button").contains(&"Layers"), "via Frame");
    assert!(
        d.xml_allows_child("Frames", "Button"),
        "Button extends Frame"
    );
    assert!(d.xml_allows_child("frames", "CheckButton"));
    assert!(!d.xml_allows_child("Frames", "Texture"));
    let chain: Vec<_> = d
        .xml_tag_chain("Button")
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(chain, ["Button", "Frame", "LayoutFrame"]);
}

#[test]
fn xml_tags() {
    let d = data(Flavor::Retail);
    let frame = d.xml_tag("frame").expect("Frame, case-insensitive");
    assert_eq!(frame.extends.as_deref(), Some("LayoutFrame"));
    assert_eq!(frame.impl_, Some(XmlTagImpl::UiObject("Frame".into())));
    assert!(frame.children.iter().any(|c| c == "Layers"));
    let parentkey = d
        .xml_attribute("Frame", "parentKey")
        .expect("inherited parentkey");
    assert_eq!(parentkey.impl_, Some(XmlAttrImpl::Internal));
    let strata = d
        .xml_attribute("Button", "frameStrata")
        .expect("framestrata");
    assert_eq!(strata.impl_, Some(XmlAttrImpl::Field("frameStrata".into())));
    assert!(d.xml_tag("Script").expect("Script").text);
    let on_click = d.xml_tag("OnClick").expect("OnClick");
    match &on_click.impl_ {
        Some(XmlTagImpl::Script(s)) => assert_eq!(s.args.as_deref(), Some("self, button, down")),
        other => panic!("OnClick impl {other:?}"),
    }
    assert!(d.xml_tag("Ui").expect("Ui").root);
    assert!(d.xml_tag("LayoutFrame").expect("LayoutFrame").is_virtual);
}

/// What `Serialize` writes reads back equal (the API-documentation cache of `wowsim-core`
/// stores these kinds as JSON): every function, event, enumeration and structure of every
/// product, whose parameters carry defaults, stub values (tables included) and options.
#[test]
fn serialized_reference_kinds_read_back_equal() {
    fn round_trip<T>(items: &[T]) -> Vec<T>
    where
        T: serde::Serialize + serde::de::DeserializeOwned,
    {
        serde_json::from_str(&serde_json::to_string(items).unwrap()).unwrap()
    }
    for p in Flavor::ALL {
        let d = data(p);
        let mut apis = round_trip(d.apis());
        apis.iter_mut().for_each(wowsim_data::Api::split_name);
        assert_eq!(apis, d.apis(), "{p}");
        assert_eq!(round_trip(d.events()), d.events(), "{p}");
        assert_eq!(round_trip(d.enums()), d.enums(), "{p}");
        assert_eq!(round_trip(d.structures()), d.structures(), "{p}");
    }
    // The reference has stub tables and defaults: the round trip above covered them.
    let with_table_stub = data(Flavor::Retail)
        .apis()
        .iter()
        .any(|a| (a.outputs.iter().flatten()).any(|o| matches!(o.stub, Some(Value::Table(_)))));
    assert!(with_table_stub);
}

/// The client-dump names (`data/client_api.tsv`) are what the reference lacks: none of them
/// is a reference function (rerun `scripts/client-api.py` after regenerating the reference),
/// they are sorted and unique, and a flavour without a dump of its own (classic) has none.
#[test]
fn client_dump_names_are_what_the_reference_lacks() {
    for flavor in [Flavor::Retail, Flavor::ClassicEra] {
        let d = data(flavor);
        let names: Vec<&str> = d.client_api().collect();
        // Retail keeps only the names its UI tree uses as globals and does not define (88).
        assert!(names.len() > 50, "{flavor:?}: {} names", names.len());
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{flavor:?}: sorted");
        for n in &names {
            assert!(d.api(n).is_none(), "{flavor:?}: {n} is in the reference");
        }
    }
    assert_eq!(data(Flavor::Classic).client_api().count(), 0);
    assert!(data(Flavor::ClassicEra)
        .client_api()
        .any(|n| n == "AcceptSockets"));
}
