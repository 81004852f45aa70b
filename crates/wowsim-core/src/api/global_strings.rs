//! Global strings and database colours for a user-provided Blizzard UI.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | the `GlobalStrings.lua` table (`OKAY`, `CLOSE`, `ERR_*`, …) | [`install`]: each key's own name |
//! | the colour database behind `C_UIColor.GetColors` (`*_COLOR`) | [`install`] → `ui_color.rs` |
//!
//! The client defines thousands of localized strings before any addon runs, from a generated
//! `GlobalStrings.lua` that is not part of the public UI source and that wow-sim cannot ship.
//! wow-sim reads the Blizzard UI it is given (every file its TOCs and XML includes name, for
//! the emulated flavour, load-on-demand addons too) and defines each ALL_CAPS global that the
//! code reads but never assigns nor nil-checks, with the key's own name as its value (what the
//! client shows for a missing string; slash command words `SLASH_*` in lower case, as the
//! client's are). Names ending in `_COLOR` (and `_COLOR_CODE`), and names the code uses as a
//! colour (`X:GetRGB()`, `fillColor = X`, see `global_scan.rs`), are colours of the database
//! instead. User addons are not scanned: a global they read that the client
//! does not define stays nil, as in the game. There is no `__index` on `_G`. The definitions
//! are counted ([`GlobalStringFallback`]) and reported as a note.

use super::global_scan::{self, GlobalUse};
use crate::addons::AddonSet;
use mlua::{Lua, Value};
use std::path::{Path, PathBuf};

/// What [`install`] defined (VM app data).
#[derive(Default, Debug)]
pub struct GlobalStringFallback {
    /// Global strings defined as their own key.
    pub strings: Vec<String>,
    /// Colours added to the database.
    pub colors: Vec<String>,
    /// Files read.
    pub files: usize,
}

/// Every Lua and XML file the Blizzard addons load, following XML includes (a `file=` is
/// looked up next to the XML file, then in the addon folder, as the loader does).
fn blizzard_files(lua: &Lua) -> Vec<PathBuf> {
    let roots: Vec<(PathBuf, Vec<String>)> = {
        let set = lua.app_data_ref::<AddonSet>().expect("addons");
        set.addons
            .iter()
            .filter(|a| a.info.blizzard)
            .map(|a| {
                let files = a.info.toc.files.iter().map(|f| f.path.clone()).collect();
                (a.info.dir.clone(), files)
            })
            .collect()
    };
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    for (dir, files) in roots {
        let mut queue: Vec<(PathBuf, String)> =
            files.into_iter().rev().map(|f| (dir.clone(), f)).collect();
        while let Some((base, rel)) = queue.pop() {
            // As the loader does: relative to the XML file, then to the addon folder.
            let Some(path) = wowsim_toc::resolve_path_ci(&base, &rel)
                .or_else(|| wowsim_toc::resolve_path_ci(&dir, &rel))
            else {
                continue;
            };
            if !seen.insert(path.clone()) {
                continue;
            }
            if is_ext(&path, "xml") {
                if let (Ok(src), Some(parent)) = (std::fs::read_to_string(&path), path.parent()) {
                    for r in global_scan::xml_file_refs(&src).into_iter().rev() {
                        queue.push((parent.to_path_buf(), r));
                    }
                }
            }
            out.push(path);
        }
    }
    out
}

fn is_ext(p: &Path, ext: &str) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
}

/// The colour a name stands for: `X_COLOR` itself, or `X_COLOR` for `X_COLOR_CODE`.
fn color_of(name: &str) -> Option<&str> {
    if name.ends_with("_COLOR") {
        Some(name)
    } else {
        name.strip_suffix("_CODE").filter(|n| n.ends_with("_COLOR"))
    }
}

/// The value standing in for a missing string: the key's own name, in lower case for slash
/// command words (`SLASH_*`): the client's are lower case, and the UI lower-cases what the
/// user types (or the name it registers) before looking a command up.
fn fallback_value(name: &str) -> String {
    if name.starts_with("SLASH_") {
        name.to_ascii_lowercase()
    } else {
        name.to_string()
    }
}

/// Scans the Blizzard UI and defines the global strings and colours it needs (see the file
/// comment). Does nothing when no Blizzard addon was discovered. Returns a note for the user.
pub fn install(lua: &Lua) -> mlua::Result<Option<String>> {
    let files = blizzard_files(lua);
    if files.is_empty() {
        return Ok(None);
    }
    let mut usage = GlobalUse::default();
    let mut emotes: Vec<(u32, String)> = Vec::new();
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            continue;
        };
        let src = String::from_utf8_lossy(crate::addons::strip_bom(&bytes));
        if is_ext(f, "lua") {
            global_scan::scan_lua(&src, &mut usage);
            emote_tokens(&src, &mut emotes);
        } else {
            global_scan::scan_xml(&src, &mut usage);
        }
    }
    let g = lua.globals();
    let mut fallback = GlobalStringFallback {
        files: files.len(),
        ..Default::default()
    };
    for name in usage.provided_by_client() {
        if !g.raw_get::<Value>(name.as_str())?.is_nil() {
            continue;
        }
        let xml_color = usage.colors.contains(&name).then_some(name.as_str());
        match color_of(&name).or(xml_color) {
            Some(c) => {
                if !fallback.colors.iter().any(|x| x == c) {
                    fallback.colors.push(c.to_string());
                }
            }
            None => {
                g.raw_set(name.as_str(), fallback_value(&name))?;
                fallback.strings.push(name);
            }
        }
    }
    // The emote commands (`EMOTE<i>_CMD1`) are global strings the UI looks up by a computed
    // name, so the scan above cannot see them; the UI assigns their tokens itself
    // (`EMOTE<i>_TOKEN = "WAVE"`), and each command stands in as the token's `/word`, as in
    // the English client.
    for (i, token) in &emotes {
        let cmd = format!("EMOTE{i}_CMD1");
        if g.raw_get::<Value>(cmd.as_str())?.is_nil() {
            g.raw_set(cmd.as_str(), format!("/{}", token.to_ascii_lowercase()))?;
            fallback.strings.push(cmd);
        }
    }
    super::ui_color::add_db_colors(lua, &fallback.colors);
    let note = format!(
        "{} global strings (GlobalStrings.lua is not part of the UI source) are defined as their \
         own names and {} colours come from wow-sim's colour table; found in {} Blizzard UI files",
        fallback.strings.len(),
        fallback.colors.len(),
        fallback.files
    );
    lua.set_app_data(fallback);
    Ok(Some(note))
}

/// Adds the emote tokens the UI assigns (`EMOTE12_TOKEN = "WAVE";`) as (12, "WAVE").
fn emote_tokens(src: &str, out: &mut Vec<(u32, String)>) {
    for line in src.lines() {
        let Some(rest) = line.trim_start().strip_prefix("EMOTE") else {
            continue;
        };
        let Some((num, rest)) = rest.split_once("_TOKEN") else {
            continue;
        };
        let Ok(i) = num.parse::<u32>() else {
            continue;
        };
        let mut quoted = rest.trim_start().strip_prefix('=').unwrap_or("").split('"');
        if let (Some(""), Some(tok)) = (quoted.next().map(str::trim), quoted.next()) {
            if !tok.is_empty() && !out.iter().any(|(j, _)| *j == i) {
                out.push((i, tok.to_string()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{color_of, emote_tokens};

    #[test]
    fn emote_assignments() {
        let mut out = Vec::new();
        emote_tokens(
            "EMOTE1_TOKEN = \"AGREE\";\n\tEMOTE12_TOKEN = \"WAVE\";\nEMOTE_X = \"NO\";\nlocal t = EMOTE3_TOKEN;",
            &mut out,
        );
        assert_eq!(out, [(1, "AGREE".to_string()), (12, "WAVE".to_string())]);
    }

    #[test]
    fn colours_and_codes() {
        for (name, expect) in [
            ("NORMAL_FONT_COLOR", Some("NORMAL_FONT_COLOR")),
            ("RED_FONT_COLOR_CODE", Some("RED_FONT_COLOR")),
            ("ERR_CODE", None),
            ("OKAY", None),
        ] {
            assert_eq!(color_of(name), expect, "{name}");
        }
    }
}
