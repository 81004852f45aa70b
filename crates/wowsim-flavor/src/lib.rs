//! wowsim-flavor: the client flavours (retail, classic, classic era) and every name and fact
//! that tells them apart: the short name (`--flavor`, the reference data's folder), the
//! wowless product, the TOC family, game type, interface number and file-name suffixes.
//!
//! The one flavour type of the workspace: `wowsim-toc`, `wowsim-xml` and `wowsim-data`
//! re-export it, the CLI parses it through [`FromStr`]. Which rules follow from a flavour
//! (which TOC loads, which schema, which reference data) is theirs.
//!
//! Facts come from the wowless reference data shipped in the repository (`families.yaml`,
//! `gametypes.yaml`, `products/*/build.yaml`): the retail product has game type `Standard` in
//! family `Mainline`; Mists of Pandaria Classic is game type `Mists` and Classic Era is
//! `Vanilla`, both in family `Classic`.

use std::str::FromStr;

/// A client flavour the simulator can pretend to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Flavor {
    /// The retail game (`wow` product, game type `Standard`).
    Retail,
    /// Progression classic, currently Mists of Pandaria (`wow_classic`, game type `Mists`).
    Classic,
    /// Classic Era (`wow_classic_era`, game type `Vanilla`).
    ClassicEra,
}

impl Flavor {
    /// All flavours, in a fixed order.
    pub const ALL: [Flavor; 3] = [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra];

    /// The short name: `"retail"`, `"classic"` or `"classic_era"` (`--flavor`, test specs,
    /// the reference data's folder `data/<name>/`).
    pub fn as_str(self) -> &'static str {
        match self {
            Flavor::Retail => "retail",
            Flavor::Classic => "classic",
            Flavor::ClassicEra => "classic_era",
        }
    }

    /// The short names of all flavours, in [`Flavor::ALL`] order.
    pub fn names() -> [&'static str; 3] {
        Flavor::ALL.map(Flavor::as_str)
    }

    /// The wowless product name (`products/<product>/`): `"wow"`, `"wow_classic"` or
    /// `"wow_classic_era"`.
    pub fn product(self) -> &'static str {
        match self {
            Flavor::Retail => "wow",
            Flavor::Classic => "wow_classic",
            Flavor::ClassicEra => "wow_classic_era",
        }
    }

    /// Parses either naming ([`Flavor::as_str`] or [`Flavor::product`]), ASCII
    /// case-insensitive, around spaces.
    pub fn parse(s: &str) -> Option<Flavor> {
        let s = s.trim();
        Flavor::ALL
            .into_iter()
            .find(|f| s.eq_ignore_ascii_case(f.as_str()) || s.eq_ignore_ascii_case(f.product()))
    }

    /// The game family (`[Family]` in TOC files): `Mainline` or `Classic`.
    pub fn family(self) -> &'static str {
        match self {
            Flavor::Retail => "Mainline",
            Flavor::Classic | Flavor::ClassicEra => "Classic",
        }
    }

    /// The game type (`[Game]` in TOC files): `Standard`, `Mists` or `Vanilla`.
    pub fn game_type(self) -> &'static str {
        match self {
            Flavor::Retail => "Standard",
            Flavor::Classic => "Mists",
            Flavor::ClassicEra => "Vanilla",
        }
    }

    /// The game type's expansion level (`gametypes.yaml`: `Standard` 10, `Mists` 4, `Vanilla`
    /// 0), which `ClassicExpansionAtLeast`/`AtMost` compare with.
    pub fn expansion_level(self) -> u32 {
        match self {
            Flavor::Retail => 10,
            Flavor::Classic => 4,
            Flavor::ClassicEra => 0,
        }
    }

    /// The client's TOC interface number (`tocversion` in the product's `build.yaml`).
    pub fn interface_version(self) -> u32 {
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
    pub fn toc_suffixes(self) -> [String; 5] {
        let (g, f) = (self.game_type(), self.family());
        [
            format!("_{g}"),
            format!("-{g}"),
            format!("_{f}"),
            format!("-{f}"),
            String::new(),
        ]
    }

    /// Whether a game-type word from an `AllowLoadGameType` list names this flavour: its game
    /// type or its family (ASCII case-insensitive).
    pub fn matches_game_type_token(self, token: &str) -> bool {
        token.eq_ignore_ascii_case(self.game_type()) || token.eq_ignore_ascii_case(self.family())
    }
}

/// A name that is no flavour's ([`Flavor::parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFlavor(pub String);

impl std::fmt::Display for UnknownFlavor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown flavour {:?} (expected retail, classic or classic_era)",
            self.0
        )
    }
}

impl std::error::Error for UnknownFlavor {}

impl FromStr for Flavor {
    type Err = UnknownFlavor;
    fn from_str(s: &str) -> Result<Flavor, UnknownFlavor> {
        Flavor::parse(s).ok_or_else(|| UnknownFlavor(s.to_string()))
    }
}

impl std::fmt::Display for Flavor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(flavor: Flavor, names: [&str; 2], family: &str, game: &str, iface: u32) {
        assert_eq!(flavor.as_str(), names[0]);
        assert_eq!(flavor.product(), names[1]);
        for name in names {
            assert_eq!(name.parse(), Ok(flavor), "{name}");
            assert_eq!(Flavor::parse(&name.to_ascii_uppercase()), Some(flavor));
        }
        assert_eq!(flavor.to_string(), names[0]);
        assert_eq!(flavor.family(), family);
        assert_eq!(flavor.game_type(), game);
        assert_eq!(flavor.interface_version(), iface);
    }

    #[test]
    fn flavour_facts() {
        check(
            Flavor::Retail,
            ["retail", "wow"],
            "Mainline",
            "Standard",
            120100,
        );
        check(
            Flavor::Classic,
            ["classic", "wow_classic"],
            "Classic",
            "Mists",
            50504,
        );
        let era = ["classic_era", "wow_classic_era"];
        check(Flavor::ClassicEra, era, "Classic", "Vanilla", 11509);
        assert_eq!(Flavor::names(), ["retail", "classic", "classic_era"]);
    }

    #[test]
    fn unknown_names_are_errors() {
        assert_eq!(Flavor::parse("wrath"), None);
        assert_eq!(Flavor::parse(""), None);
        assert_eq!(Flavor::parse(" Classic_Era "), Some(Flavor::ClassicEra));
        let err = "tbc".parse::<Flavor>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown flavour \"tbc\" (expected retail, classic or classic_era)"
        );
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
