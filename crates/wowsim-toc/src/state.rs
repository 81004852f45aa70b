//! `LoadState`: why an addon does or does not load, with the client's reason tokens.
//!
//! The tokens are those `C_AddOns.IsAddOnLoadable` / `GetAddOnInfo` / `LoadAddOn` return as
//! `reason`; the UI shows them through the global strings `ADDON_<reason>` (for example
//! `ADDON_DEP_MISSING` = "Dependency missing"). Source: warcraft.wiki.gg API pages and the
//! reason lists addon managers check against.

/// The load state of one addon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoadState {
    /// Loads at start-up.
    Loadable,
    /// Loadable, but `LoadOnDemand` and not pulled in at start-up (`DEMAND_LOADED`).
    DemandLoaded,
    /// Disabled by the user (`DISABLED`).
    Disabled,
    /// No such addon (`MISSING`).
    Missing,
    /// The TOC or its files cannot be read (`CORRUPT`).
    Corrupt,
    /// Interface number out of date and out-of-date addons are not allowed (`INTERFACE_VERSION`).
    Interface,
    /// `AllowLoadGameType` / `ExcludeLoadGameType` rule this game out (`WRONG_GAME_TYPE`).
    WrongGameType,
    /// `AllowLoad: Glue`, i.e. only for the log-in screens (`WRONG_LOAD_PHASE`).
    WrongLoadPhase,
    /// Not available here, e.g. `AllowLoadTextLocale` without this locale (`NOT_AVAILABLE`).
    NotAvailable,
    /// A required dependency is not installed (`DEP_MISSING`).
    DepMissing,
    /// A required dependency is disabled (`DEP_DISABLED`).
    DepDisabled,
    /// A required dependency is corrupt (`DEP_CORRUPT`).
    DepCorrupt,
    /// A required dependency is out of date (`DEP_INTERFACE_VERSION`).
    DepInterface,
    /// A required dependency is not for this game type (`DEP_WRONG_GAME_TYPE`).
    DepWrongGameType,
    /// A required dependency is not for the in-game UI (`DEP_WRONG_LOAD_PHASE`).
    DepWrongLoadPhase,
    /// A required dependency is not available (`DEP_NOT_AVAILABLE`).
    DepNotAvailable,
}

const TOKENS: [(LoadState, &str); 16] = [
    (LoadState::Loadable, ""),
    (LoadState::DemandLoaded, "DEMAND_LOADED"),
    (LoadState::Disabled, "DISABLED"),
    (LoadState::Missing, "MISSING"),
    (LoadState::Corrupt, "CORRUPT"),
    (LoadState::Interface, "INTERFACE_VERSION"),
    (LoadState::WrongGameType, "WRONG_GAME_TYPE"),
    (LoadState::WrongLoadPhase, "WRONG_LOAD_PHASE"),
    (LoadState::NotAvailable, "NOT_AVAILABLE"),
    (LoadState::DepMissing, "DEP_MISSING"),
    (LoadState::DepDisabled, "DEP_DISABLED"),
    (LoadState::DepCorrupt, "DEP_CORRUPT"),
    (LoadState::DepInterface, "DEP_INTERFACE_VERSION"),
    (LoadState::DepWrongGameType, "DEP_WRONG_GAME_TYPE"),
    (LoadState::DepWrongLoadPhase, "DEP_WRONG_LOAD_PHASE"),
    (LoadState::DepNotAvailable, "DEP_NOT_AVAILABLE"),
];

impl LoadState {
    /// The client's reason token; `""` for [`LoadState::Loadable`] (the client returns nil).
    pub fn as_reason(&self) -> &'static str {
        TOKENS
            .iter()
            .find(|(s, _)| s == self)
            .map_or("", |(_, t)| t)
    }

    /// The state for a reason token (`"DEP_MISSING"` → [`LoadState::DepMissing`]).
    pub fn from_reason(reason: &str) -> Option<LoadState> {
        TOKENS
            .iter()
            .find(|(_, t)| !t.is_empty() && *t == reason)
            .map(|(s, _)| *s)
    }

    /// Whether the addon can be loaded (at start-up or on demand).
    pub fn is_loadable(&self) -> bool {
        matches!(self, LoadState::Loadable | LoadState::DemandLoaded)
    }

    /// The state of an addon whose required dependency is in state `self`.
    pub fn as_dependency(&self) -> LoadState {
        match self {
            LoadState::Disabled => LoadState::DepDisabled,
            LoadState::Missing => LoadState::DepMissing,
            LoadState::Corrupt => LoadState::DepCorrupt,
            LoadState::Interface => LoadState::DepInterface,
            LoadState::WrongGameType => LoadState::DepWrongGameType,
            LoadState::WrongLoadPhase => LoadState::DepWrongLoadPhase,
            LoadState::NotAvailable => LoadState::DepNotAvailable,
            other => *other,
        }
    }
}

impl std::fmt::Display for LoadState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadState::Loadable => f.write_str("LOADABLE"),
            other => f.write_str(other.as_reason()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reason_tokens_round_trip() {
        for (state, token) in TOKENS {
            assert_eq!(state.as_reason(), token);
            if !token.is_empty() {
                assert_eq!(LoadState::from_reason(token), Some(state));
            }
        }
        assert_eq!(LoadState::from_reason(""), None);
        assert_eq!(LoadState::from_reason("BANNED"), None);
    }

    #[test]
    fn dependency_mapping() {
        let cases = [
            (LoadState::Disabled, LoadState::DepDisabled),
            (LoadState::Missing, LoadState::DepMissing),
            (LoadState::Interface, LoadState::DepInterface),
            (LoadState::WrongGameType, LoadState::DepWrongGameType),
            (LoadState::DepMissing, LoadState::DepMissing),
            (LoadState::DemandLoaded, LoadState::DemandLoaded),
        ];
        for (dep, expect) in cases {
            assert_eq!(dep.as_dependency(), expect, "{dep:?}");
        }
        assert!(LoadState::DemandLoaded.is_loadable());
        assert!(!LoadState::DepDisabled.is_loadable());
    }
}
