//! The parsed TOC (`Toc`) and its typed accessors for the metadata the client understands.
//!
//! Metadata rules (sources: wowless TOC parser and its client-checked `GetAddOnMetadata`
//! test; warcraft.wiki.gg "TOC format"):
//! - Keys compare ASCII case-insensitively; when a key repeats, the last value wins.
//! - Required dependencies come from every key starting with `Dep` or `RequiredDep`
//!   (`Dependencies`, `RequiredDeps`, `Dep`, ...), optional ones from keys starting with
//!   `OptionalDep`; all such lines are merged in order.
//! - Lists (dependencies, `SavedVariables`, `LoadWith`, ...) split on commas and whitespace.
//! - Flags (`LoadOnDemand`, `LoadFirst`) are on when the value is a non-zero integer.

use crate::flavor::TocContext;
use crate::parse::allow_load_passes;
use crate::state::LoadState;

/// A problem found while reading a TOC. `line` is 1-based, 0 when no line applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line number, or 0.
    pub line: u32,
    /// What is wrong, in English.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic for `line` (0 for none).
    pub fn new(line: u32, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            line,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

/// A file listed in a TOC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TocFile {
    /// The path as written, variables substituted, `\` turned into `/`.
    pub path: String,
    /// The 1-based line it was listed on.
    pub line: u32,
    /// False when an `[AllowLoadEnvironment ...]` filter on its line does not list `Secure`:
    /// the client then loads it only into the global environment, never again into the
    /// secure environment of a `UseSecureEnvironment` addon that depends on its addon.
    pub secure_env: bool,
}

/// A parsed TOC file.
#[derive(Clone, Debug, Default)]
pub struct Toc {
    /// Metadata in file order: key as written, trimmed value. Lines rejected by a line
    /// filter are not here.
    pub metadata: Vec<(String, String)>,
    /// Files to load, in order, after line filters.
    pub files: Vec<TocFile>,
    /// Problems found while parsing.
    pub diagnostics: Vec<Diagnostic>,
    /// The context the TOC was parsed for (set by [`crate::parse_toc`]); used by
    /// [`crate::plan_load_order`] to apply whole-addon restrictions.
    pub context: Option<TocContext>,
}

/// Splits a TOC list value on commas and whitespace, dropping empty items.
pub(crate) fn split_list(value: &str) -> Vec<String> {
    value
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn is_flag_on(value: Option<&str>) -> bool {
    value
        .and_then(|v| v.trim().parse::<i64>().ok())
        .is_some_and(|n| n != 0)
}

fn key_has_prefix(key: &str, prefix: &str) -> bool {
    key.len() >= prefix.len()
        && key.is_char_boundary(prefix.len())
        && key[..prefix.len()].eq_ignore_ascii_case(prefix)
}

impl Toc {
    /// The value of `key` (ASCII case-insensitive); the last occurrence wins, as in the client.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.metadata
            .iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// The localized value `key-<locale>` (e.g. `Title-deDE`) if present, else `key`.
    pub fn get_localized(&self, key: &str, locale: &str) -> Option<&str> {
        self.get(&format!("{key}-{locale}"))
            .or_else(|| self.get(key))
    }

    fn list(&self, key: &str) -> Vec<String> {
        self.get(key).map(split_list).unwrap_or_default()
    }

    /// Merged, de-duplicated (case-insensitive) list of every key with one of `prefixes`.
    fn merged_list(&self, prefixes: &[&str]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (k, v) in &self.metadata {
            if prefixes.iter().any(|p| key_has_prefix(k, p)) {
                for name in split_list(v) {
                    if !out.iter().any(|o| o.eq_ignore_ascii_case(&name)) {
                        out.push(name);
                    }
                }
            }
        }
        out
    }

    /// The `Interface` numbers, in order (`## Interface: 120001, 110207` lists several).
    /// Items that are not numbers are skipped ([`crate::parse_toc`] reports them).
    pub fn interfaces(&self) -> Vec<u32> {
        self.list("Interface")
            .iter()
            .filter_map(|s| s.parse().ok())
            .collect()
    }

    /// Whether the client with interface number `client` would call this addon "out of date".
    ///
    /// The client compares the TOC's Interface with its own: no Interface at all is always
    /// out of date (warcraft.wiki.gg). With several values, the addon is current when one of
    /// them is at least `client` and from the same major version (`v / 10000`), so a retail
    /// number never makes a classic addon current.
    pub fn is_out_of_date(&self, client: u32) -> bool {
        !self
            .interfaces()
            .iter()
            .any(|&v| v >= client && v / 10000 == client / 10000)
    }

    /// Required dependencies: every `Dep*` / `RequiredDep*` key, merged in order.
    pub fn required_deps(&self) -> Vec<String> {
        self.merged_list(&["Dep", "RequiredDep"])
    }

    /// Optional dependencies: every `OptionalDep*` key, merged in order.
    pub fn optional_deps(&self) -> Vec<String> {
        self.merged_list(&["OptionalDep"])
    }

    /// `LoadOnDemand: 1`.
    pub fn load_on_demand(&self) -> bool {
        is_flag_on(self.get("LoadOnDemand"))
    }

    /// `LoadWith`: addons whose loading also loads this (load-on-demand) addon.
    pub fn load_with(&self) -> Vec<String> {
        self.list("LoadWith")
    }

    /// `LoadManagers`: if any of these is installed and enabled, this addon is load-on-demand.
    pub fn load_managers(&self) -> Vec<String> {
        self.list("LoadManagers")
    }

    /// `LoadFirst: 1` (honoured by the client for Blizzard addons only).
    pub fn load_first(&self) -> bool {
        is_flag_on(self.get("LoadFirst"))
    }

    /// `UseSecureEnvironment: 1`: a Blizzard addon of the client's secure capsule (the shop,
    /// the WoW Token UI, authentication). The client loads these with the `LoadFirst` ones,
    /// into an environment that keeps the capsule API that `Blizzard_EnvironmentCleanup`
    /// removes from the global one.
    pub fn use_secure_environment(&self) -> bool {
        is_flag_on(self.get("UseSecureEnvironment"))
    }

    /// `SavedVariables` names.
    pub fn saved_variables(&self) -> Vec<String> {
        self.list("SavedVariables")
    }

    /// `SavedVariablesPerCharacter` names.
    pub fn saved_variables_per_character(&self) -> Vec<String> {
        self.list("SavedVariablesPerCharacter")
    }

    /// Whether the addon starts enabled: false only for `DefaultState: disabled`.
    pub fn default_enabled(&self) -> bool {
        !self
            .get("DefaultState")
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("disabled"))
    }

    /// Whether whole-addon directives allow loading in `ctx`; see [`Toc::restriction_for`].
    pub fn allowed_for(&self, ctx: &TocContext) -> bool {
        self.restriction_for(ctx).is_none()
    }

    /// The state a whole-addon directive forces in `ctx`, if any:
    /// `AllowLoad: Glue` gives [`LoadState::WrongLoadPhase`]; an `AllowLoadGameType` list
    /// without this game type or family, or an `ExcludeLoadGameType` list with it, gives
    /// [`LoadState::WrongGameType`]; an `AllowLoadTextLocale` list without the context's
    /// locale gives [`LoadState::NotAvailable`].
    pub fn restriction_for(&self, ctx: &TocContext) -> Option<LoadState> {
        if let Some(v) = self.get("AllowLoad") {
            if !allow_load_passes(v) {
                return Some(LoadState::WrongLoadPhase);
            }
        }
        let names_flavor = |key: &str| {
            self.get(key).map(|v| {
                split_list(v)
                    .iter()
                    .any(|t| ctx.flavor.matches_game_type_token(t))
            })
        };
        if names_flavor("AllowLoadGameType") == Some(false)
            || names_flavor("ExcludeLoadGameType") == Some(true)
        {
            return Some(LoadState::WrongGameType);
        }
        if let Some(v) = self.get("AllowLoadTextLocale") {
            if !split_list(v)
                .iter()
                .any(|l| l.eq_ignore_ascii_case(&ctx.locale))
            {
                return Some(LoadState::NotAvailable);
            }
        }
        None
    }
}

#[cfg(test)]
#[path = "toc_tests.rs"]
mod tests;
