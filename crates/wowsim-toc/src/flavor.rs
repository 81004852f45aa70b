//! Game flavours (retail, classic, classic era): their family, game type, interface version and TOC suffixes.
//!
//! Facts come from the wowless reference data shipped in the repository
//! (`families.yaml`, `gametypes.yaml`, `products/*/build.yaml`): the retail product has game
//! type `Standard` in family `Mainline`; Mists of Pandaria Classic is game type `Mists` and
//! Classic Era is `Vanilla`, both in family `Classic`.

/// A client flavour the simulator can pretend to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavor {
    /// The retail game (`wow` product, game type `Standard`).
    Retail,
    /// Progression classic, currently Mists of Pandaria (`wow_classic`, game type `Mists`).
    Classic,
    /// Classic Era (`wow_classic_era`, game type `Vanilla`).
    ClassicEra,
}

/// Every game-type word the client accepts in `AllowLoadGameType` / `ExcludeLoadGameType`
/// lists (lower case). Besides the current game types and families this includes a few
/// retired or special ones that real TOC files still mention.
pub(crate) const KNOWN_GAME_TYPE_TOKENS: &[&str] = &[
    "standard",
    "mainline",
    "classic",
    "mists",
    "cata",
    "wrath",
    "tbc",
    "vanilla",
    "plunderstorm",
    "wowhack",
];

impl Flavor {
    /// All flavours, in a fixed order.
    pub const ALL: [Flavor; 3] = [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra];

    /// Parses `"retail"`, `"classic"` or `"classic_era"` (ASCII case-insensitive).
    pub fn parse(s: &str) -> Option<Flavor> {
        Flavor::ALL
            .into_iter()
            .find(|f| f.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// The name [`Flavor::parse`] accepts.
    pub fn as_str(&self) -> &'static str {
        match self {
            Flavor::Retail => "retail",
            Flavor::Classic => "classic",
            Flavor::ClassicEra => "classic_era",
        }
    }

    /// The product name used by the reference data (`products/<product>/`).
    pub fn product(&self) -> &'static str {
        match self {
            Flavor::Retail => "wow",
            Flavor::Classic => "wow_classic",
            Flavor::ClassicEra => "wow_classic_era",
        }
    }

    /// The game family (`[Family]` in TOC files): `Mainline` or `Classic`.
    pub fn family(&self) -> &'static str {
        match self {
            Flavor::Retail => "Mainline",
            Flavor::Classic | Flavor::ClassicEra => "Classic",
        }
    }

    /// The game type (`[Game]` in TOC files): `Standard`, `Mists` or `Vanilla`.
    pub fn game_type(&self) -> &'static str {
        match self {
            Flavor::Retail => "Standard",
            Flavor::Classic => "Mists",
            Flavor::ClassicEra => "Vanilla",
        }
    }

    /// The client's TOC interface number (`tocversion` in the product's `build.yaml`).
    pub fn interface_version(&self) -> u32 {
        match self {
            Flavor::Retail => 120100,
            Flavor::Classic => 50504,
            Flavor::ClassicEra => 11509,
        }
    }

    /// TOC file-name suffixes in the order the client tries them for folder `Name`
    /// (`Name<suffix>.toc`): game type first, then family, each with `_` and `-`, then the
    /// bare `Name.toc`. This is the order wowless uses (its loader is checked against the
    /// real client); warcraft.wiki.gg's "TOC format" page agrees that specific suffixes win
    /// over the family-wide `_Classic` and that `Name.toc` is the fallback.
    pub fn toc_suffixes(&self) -> [String; 5] {
        let (g, f) = (self.game_type(), self.family());
        [
            format!("_{g}"),
            format!("-{g}"),
            format!("_{f}"),
            format!("-{f}"),
            String::new(),
        ]
    }

    /// Whether a (lower-case) game-type word from an `AllowLoadGameType` list names this
    /// flavour: its game type or its family.
    pub fn matches_game_type_token(&self, token: &str) -> bool {
        token.eq_ignore_ascii_case(self.game_type()) || token.eq_ignore_ascii_case(self.family())
    }
}

impl std::fmt::Display for Flavor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a TOC is parsed for: the flavour and the client's text locale.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TocContext {
    /// The flavour being simulated.
    pub flavor: Flavor,
    /// The client's text locale, for example `"enUS"` or `"deDE"`.
    pub locale: String,
}

impl TocContext {
    /// A context for `flavor` with locale `enUS`.
    pub fn new(flavor: Flavor) -> TocContext {
        TocContext {
            flavor,
            locale: "enUS".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(flavor: Flavor, name: &str, family: &str, game: &str, iface: u32) {
        assert_eq!(Flavor::parse(name), Some(flavor));
        assert_eq!(flavor.as_str(), name);
        assert_eq!(flavor.family(), family);
        assert_eq!(flavor.game_type(), game);
        assert_eq!(flavor.interface_version(), iface);
    }

    #[test]
    fn flavour_facts() {
        check(Flavor::Retail, "retail", "Mainline", "Standard", 120100);
        check(Flavor::Classic, "classic", "Classic", "Mists", 50504);
        check(
            Flavor::ClassicEra,
            "classic_era",
            "Classic",
            "Vanilla",
            11509,
        );
    }

    #[test]
    fn parse_rejects_unknown_and_ignores_case() {
        assert_eq!(Flavor::parse("wrath"), None);
        assert_eq!(Flavor::parse(""), None);
        assert_eq!(Flavor::parse("Classic_Era"), Some(Flavor::ClassicEra));
    }

    #[test]
    fn suffix_order() {
        let cases = [
            (
                Flavor::Retail,
                ["_Standard", "-Standard", "_Mainline", "-Mainline", ""],
            ),
            (
                Flavor::Classic,
                ["_Mists", "-Mists", "_Classic", "-Classic", ""],
            ),
            (
                Flavor::ClassicEra,
                ["_Vanilla", "-Vanilla", "_Classic", "-Classic", ""],
            ),
        ];
        for (flavor, expect) in cases {
            assert_eq!(flavor.toc_suffixes(), expect.map(String::from), "{flavor}");
        }
    }

    #[test]
    fn game_type_tokens() {
        let cases = [
            ("mainline", [true, false, false]),
            ("standard", [true, false, false]),
            ("classic", [false, true, true]),
            ("MISTS", [false, true, false]),
            ("vanilla", [false, false, true]),
            ("tbc", [false, false, false]),
        ];
        for (token, expect) in cases {
            let got = Flavor::ALL.map(|f| f.matches_game_type_token(token));
            assert_eq!(got, expect, "{token}");
        }
    }
}
