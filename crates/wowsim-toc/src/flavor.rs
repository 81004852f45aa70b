//! The flavour a TOC is read for ([`Flavor`], from `wowsim-flavor`, with its family, game type,
//! interface number and TOC suffixes) and the game-type words TOC files may name.

pub use wowsim_flavor::Flavor;

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

    #[test]
    fn every_flavours_game_type_and_family_are_known_tokens() {
        for f in Flavor::ALL {
            for word in [f.game_type(), f.family()] {
                let lower = word.to_ascii_lowercase();
                assert!(
                    KNOWN_GAME_TYPE_TOKENS.contains(&lower.as_str()),
                    "{f}: {word}"
                );
            }
        }
    }
}
