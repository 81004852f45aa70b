//! Which script handlers each UI object type has, as `SetScript`, `GetScript`, `HookScript`
//! and `HasScript` check them: the reference's `uiobjects` scripts of the type and of every
//! base, for the running product. A type the product lacks (another flavour's, or an
//! intrinsic of the built-in base) uses what any product gives its bases.
use crate::types::TYPES;
use wowsim_data::{data, Flavor, ProductData};

/// Scripts of the 1.15.4 Classic Era client that its public UI's XML sets but that the 1.15.9
/// reference no longer lists: (type, script).
pub(crate) const CLASSIC_ERA_LEGACY: &[(&str, &str)] = &[
    ("MovieFrame", "OnMovieShowSubtitle"),
    ("MovieFrame", "OnMovieHideSubtitle"),
];

/// Scripts every product's client has that the reference lists for no type: (type, script).
/// Evidence: both public UI trees' `UI.xsd` (12.0.1 and 1.15.4) list the script elements, and
/// generated annotations of the live client's widget hierarchy list them for these types and
/// every type below them; addons set them at load without a guard (ConsolePort sets
/// `OnGamePadStick` on `ColorPickerFrame`).
pub(crate) const CLIENT_SCRIPTS: &[(&str, &str)] = &[
    ("Frame", "OnGamePadStick"),
    ("CinematicModel", "OnPanFinished"),
];

/// Per type index: its script names, sorted.
pub(crate) type ScriptTable = Vec<Box<[&'static str]>>;

/// Builds the table for product `d`.
pub fn build(d: &'static ProductData) -> ScriptTable {
    TYPES
        .iter()
        .map(|ty| {
            let mut out: Vec<&'static str> = Vec::new();
            for &a in &ty.ancestry {
                let name = TYPES[a].name;
                let sources: Vec<&'static ProductData> = if d.uiobject(name).is_some() {
                    vec![d]
                } else {
                    Flavor::ALL.into_iter().map(data).collect()
                };
                for src in sources {
                    if let Some(o) = src.uiobject(name) {
                        out.extend(o.scripts.iter().map(String::as_str));
                    }
                }
                let client = CLIENT_SCRIPTS.iter().filter(|(t, _)| *t == name);
                out.extend(client.map(|(_, s)| *s));
                if d.product() == Flavor::ClassicEra {
                    let legacy = CLASSIC_ERA_LEGACY.iter().filter(|(t, _)| *t == name);
                    out.extend(legacy.map(|(_, s)| *s));
                }
            }
            out.sort_unstable();
            out.dedup();
            out.into_boxed_slice()
        })
        .collect()
}

/// Whether type `type_index` has script `script` (exact name, as the client compares).
pub fn has(table: &ScriptTable, type_index: usize, script: &str) -> bool {
    table
        .get(type_index)
        .is_some_and(|s| s.binary_search(&script).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::find;

    fn check(product: Flavor, ty: &str, script: &str, expect: bool) {
        let t = build(data(product));
        let i = find(ty).expect("type");
        assert_eq!(has(&t, i, script), expect, "{ty} {script} in {product:?}");
    }

    #[test]
    fn scripts_follow_the_reference_per_product() {
        check(Flavor::Retail, "Browser", "OnExternalLink", true);
        check(Flavor::Retail, "Checkout", "OnRequestNewSize", true);
        check(Flavor::Retail, "MovieFrame", "OnMovieFinished", true);
        check(Flavor::Retail, "FogOfWarFrame", "OnUiMapChanged", true);
        check(Flavor::Retail, "Texture", "OnShow", true);
        check(Flavor::Retail, "Texture", "OnEvent", false);
        check(Flavor::Retail, "Button", "OnClick", true);
        check(Flavor::Retail, "Frame", "OnClick", false);
        check(Flavor::Retail, "GameTooltip", "OnTooltipSetItem", false);
        check(Flavor::ClassicEra, "GameTooltip", "OnTooltipSetItem", true);
        check(
            Flavor::ClassicEra,
            "MovieFrame",
            "OnMovieShowSubtitle",
            true,
        );
        check(Flavor::Retail, "MovieFrame", "OnMovieShowSubtitle", false);
        check(Flavor::Retail, "EventFrame", "OnEvent", true);
        check(Flavor::Retail, "Alpha", "OnFinished", true);
        check(Flavor::Retail, "Alpha", "OnLoop", false);
        check(Flavor::Retail, "Frame", "OnGamePadStick", true);
        check(Flavor::Retail, "Button", "OnGamePadStick", true);
        check(Flavor::ClassicEra, "Frame", "OnGamePadStick", true);
        check(Flavor::Retail, "Texture", "OnGamePadStick", false);
        check(Flavor::Retail, "CinematicModel", "OnPanFinished", true);
    }
}
