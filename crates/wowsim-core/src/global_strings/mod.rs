//! Global strings and database colours the client provides.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | the `GlobalStrings.lua` table (`OKAY`, `CLOSE`, `ERR_*`, …) | [`install`]: each key's own name |
//! | the colour database behind `C_UIColor.GetColors` (`*_COLOR`) | [`install`] → `ui_color.rs` |
//!
//! The client defines thousands of localized strings before any addon runs, from a generated
//! `GlobalStrings.lua` that is not part of the public UI source and that wow-sim cannot ship
//! (the reference has no list of its keys either). wow-sim reads the addons it is given, the
//! Blizzard UI and the user's (every file their TOCs and XML includes name, for the emulated
//! flavour, load-on-demand addons too) and defines each ALL_CAPS global that the code reads but
//! never assigns nor nil-checks (nor declares as SavedVariables), with the key's own name as
//! its value (what the client shows for a missing string; slash command words `SLASH_*` in
//! lower case, as the client's are; format keys ending in `_S`, `_D`, `_SS`, … followed by one
//! placeholder per letter). Names the code indexes as tables (`X.field`, `X[k]`), names it uses
//! as numbers (arithmetic, order comparisons, numeric `for` bounds: `for i = 1, MAX_BOSS_FRAMES`)
//! and numeric constants by prefix (`WOW_PROJECT_*`, `LE_*`, `NUM_*`) get none. Names ending in `_COLOR` (and `_COLOR_CODE`; but not a `_COLOR` name the code only shows
//! as text, `SetText(EMBLEM_SYMBOL_COLOR)`), and names the code
//! uses as a colour (`X:GetRGB()`, `fillColor = X`, see `global_scan.rs`), are colours of the
//! database instead. Keys built at run time (`_G["EMOTE"..i.."_TOKEN"]`) cannot be found and
//! stay nil. There is no `__index` on `_G`. An enumeration the Blizzard UI reads as
//! `Enum.Name.Member` that neither the reference nor the UI's API documentation defines
//! (`Enum.VasError`, from the client's database) gets the members read, numbered in name order.
//! The definitions are counted
//! ([`GlobalStringFallback`]) and reported as a note.

pub(crate) mod list;
pub(crate) mod real;
pub(crate) mod scan;
pub(crate) mod scan_cache;
pub(crate) mod tokens;
pub(crate) mod user;

use self::scan::GlobalUse;
use crate::addons::AddonSet;
use mlua::{Lua, Value};
use std::path::{Path, PathBuf};

/// What [`install`] defined (VM app data).
#[derive(Default, Debug)]
pub struct GlobalStringFallback {
    /// Real strings defined from the user's file.
    pub real: usize,
    /// Names of the flavour's list defined as stand-ins.
    pub listed: usize,
    /// Names beyond the list defined as their own key.
    pub strings: Vec<String>,
    /// Colours added to the database.
    pub colors: Vec<String>,
    /// Blizzard UI files read.
    pub files: usize,
    /// User addon files read.
    pub user_files: usize,
    /// Enumerations the Blizzard UI reads that neither the reference nor the UI's API
    /// documentation defines (`Enum.VasError`), made from the members it reads.
    pub enums: Vec<String>,
    /// The user's file of real strings, when one was read.
    pub real_file: Option<PathBuf>,
}

/// Files the addons load, split by who wrote them, and the names their TOCs declare as
/// SavedVariables (the client restores those; they are never strings), each with whether a
/// Blizzard addon declares it.
struct ScannedFiles {
    blizzard: Vec<PathBuf>,
    user: Vec<PathBuf>,
    saved_variables: Vec<(bool, String)>,
}

/// An addon: whether Blizzard's, its folder, its TOC's files.
type Root = (bool, PathBuf, Vec<String>);

/// What the scan of the addons' files found, before anything is defined.
pub struct Scan {
    files: ScannedFiles,
    /// What the Blizzard UI's files use, and what the user's addons' files use (kept apart:
    /// what the Blizzard UI sees never depends on which user addons are loaded).
    blizzard: GlobalUse,
    user: GlobalUse,
    emotes: Vec<(u32, String)>,
    /// `Enum.Name.Member` reads of the Blizzard UI's files (the user's are not stood in for).
    blizzard_enums: std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
    /// Notes of the scan cache (corrupt entries, write failures).
    cache_notes: Vec<String>,
}

/// The scan running on a thread of its own while the VM is set up ([`scan_in_background`]).
pub struct PendingScan(Result<std::thread::JoinHandle<Scan>, Box<Scan>>);

/// Starts reading and scanning every file the addons load on another thread: it needs only the
/// addon set (fixed once discovered), and it is a tenth of the retail start-up's CPU, which the
/// main thread spends meanwhile on the API documentation. [`install`] waits for it. Without
/// `user`, only the Blizzard UI's files are read (a warm start's template, `user.rs`).
pub fn scan_in_background(lua: &Lua, user: bool) -> PendingScan {
    let (mut roots, mut saved) = roots(lua);
    if !user {
        roots.retain(|r| r.0);
        saved.retain(|s| s.0);
    }
    let cache_dir = lua
        .app_data_ref::<wowsim_lua::chunk_cache::ChunkCache>()
        .map(|c| self::scan_cache::dir_under(c.root()));
    let cache = move || cache_dir.clone().map(self::scan_cache::ScanCache::new);
    let spawned = std::thread::Builder::new()
        .name("wowsim-global-scan".into())
        .spawn({
            let (roots, saved) = (roots.clone(), saved.clone());
            let cache = cache();
            move || scan(roots, saved, cache)
        });
    match spawned {
        Ok(handle) => PendingScan(Ok(handle)),
        // No thread to be had: scan here.
        Err(_) => PendingScan(Err(Box::new(scan(roots, saved, cache())))),
    }
}

/// Reads and scans every file the addons load (each file's result from `cache` when it has it).
fn scan(
    roots: Vec<Root>,
    saved_variables: Vec<(bool, String)>,
    mut cache: Option<self::scan_cache::ScanCache>,
) -> Scan {
    use self::scan_cache::{self, Kind};
    let files = addon_files(roots, saved_variables);
    let (mut blizzard, mut user) = (GlobalUse::default(), GlobalUse::default());
    let mut emotes: Vec<(u32, String)> = Vec::new();
    let n_blizzard = files.blizzard.len();
    for (n, f) in files.blizzard.iter().chain(&files.user).enumerate() {
        let usage = if n < n_blizzard {
            &mut blizzard
        } else {
            &mut user
        };
        let Ok(bytes) = wowsim_toc::read_regular(f) else {
            continue;
        };
        let kind = if is_ext(f, "lua") {
            Kind::Lua
        } else {
            Kind::Xml
        };
        let Some(cache) = cache.as_mut() else {
            scan_file(kind, &bytes, usage, &mut emotes);
            continue;
        };
        let found = match cache.read(kind, &bytes) {
            Some(found) => found,
            None => {
                let mut found = (GlobalUse::default(), Vec::new());
                scan_file(kind, &bytes, &mut found.0, &mut found.1);
                cache.write(kind, &bytes, &found);
                found
            }
        };
        scan_cache::merge(usage, &mut emotes, found);
    }
    let blizzard_enums = std::mem::take(&mut blizzard.enum_members);
    for (by_blizzard, name) in &files.saved_variables {
        let usage = if *by_blizzard {
            &mut blizzard
        } else {
            &mut user
        };
        usage.assigned.insert(name.clone());
    }
    Scan {
        files,
        blizzard,
        user,
        emotes,
        blizzard_enums,
        cache_notes: cache.map(|c| c.notes).unwrap_or_default(),
    }
}

/// Scans one file's `bytes` into `usage` and `emotes`.
fn scan_file(
    kind: self::scan_cache::Kind,
    bytes: &[u8],
    usage: &mut GlobalUse,
    emotes: &mut Vec<(u32, String)>,
) {
    let src = String::from_utf8_lossy(wowsim_lua::strip_bom(bytes));
    match kind {
        self::scan_cache::Kind::Lua => {
            scan::scan_lua(&src, usage);
            emote_tokens(&src, emotes);
        }
        self::scan_cache::Kind::Xml => scan::scan_xml(&src, usage),
    }
}

/// The addons' folders and TOC files, and the SavedVariables names they declare.
fn roots(lua: &Lua) -> (Vec<Root>, Vec<(bool, String)>) {
    let set = lua.app_data_ref::<AddonSet>().expect("addons");
    let roots = set
        .addons
        .iter()
        .map(|a| {
            let files = a.info.toc.files.iter().map(|f| f.path.clone()).collect();
            (a.info.blizzard, a.info.dir.clone(), files)
        })
        .collect();
    let saved = set
        .addons
        .iter()
        .flat_map(|a| {
            let mut v = a.info.toc.saved_variables();
            v.extend(a.info.toc.saved_variables_per_character());
            v.into_iter().map(|n| (a.info.blizzard, n))
        })
        .collect();
    (roots, saved)
}

/// Every Lua and XML file the addons (Blizzard's and the user's, load-on-demand ones too) load,
/// following XML includes (a `file=` is looked up next to the XML file, then in the addon
/// folder, as the loader does).
fn addon_files(roots: Vec<Root>, saved_variables: Vec<(bool, String)>) -> ScannedFiles {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = ScannedFiles {
        blizzard: Vec::new(),
        user: Vec::new(),
        saved_variables,
    };
    for (blizzard, dir, files) in roots {
        let mut queue: Vec<(PathBuf, String)> =
            files.into_iter().rev().map(|f| (dir.clone(), f)).collect();
        while let Some((base, rel)) = queue.pop() {
            // As the loader does: relative to the XML file, then to the addon folder.
            // Nothing outside the AddOns folder is read (`resolve_addon_file`).
            let Some(path) = wowsim_toc::resolve_addon_file(&base, &rel)
                .or_else(|_| wowsim_toc::resolve_addon_file(&dir, &rel))
                .ok()
            else {
                continue;
            };
            if !seen.insert(path.clone()) {
                continue;
            }
            if is_ext(&path, "xml") {
                let src = wowsim_toc::read_regular(&path).map(String::from_utf8);
                if let (Ok(Ok(src)), Some(parent)) = (src, path.parent()) {
                    for r in scan::xml_file_refs(&src).into_iter().rev() {
                        queue.push((parent.to_path_buf(), r));
                    }
                }
            }
            if blizzard {
                out.blizzard.push(path);
            } else {
                out.user.push(path);
            }
        }
    }
    out
}

fn is_ext(p: &Path, ext: &str) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
}

/// Prefixes of the client's numeric constants (`WOW_PROJECT_MISTS_CLASSIC`, `LE_*`,
/// `NUM_*`): not strings, so no stand-in (a string would break comparisons). `MAX_*` is not
/// one of them: the client's strings have `MAX_*` labels (`MAX_FOLLOW_DIST`, a setting name),
/// and its numeric `MAX_*` constants are defined by the UI's own Lua.
const NUMERIC_PREFIXES: &[&str] = &["WOW_PROJECT_", "LE_", "NUM_"];

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
/// user types (or the name it registers) before looking a command up. A key whose last part
/// names the arguments of a format (`ERR_QUEST_ACCEPTED_S`, `_D`, `_SS`, `_SD`, up to four)
/// gets one placeholder per letter after its name (`ERR_QUEST_ACCEPTED_S %s`), so formatting it
/// shows the arguments and patterns made from it (`%s` → `(.+)`) still capture.
fn fallback_value(name: &str) -> String {
    if name.starts_with("SLASH_") {
        return name.to_ascii_lowercase();
    }
    let mut out = name.to_string();
    if let Some((head, last)) = name.rsplit_once('_') {
        if !head.is_empty()
            && (1..=4).contains(&last.len())
            && last.bytes().all(|c| c == b'S' || c == b'D')
        {
            for c in last.bytes() {
                out.push_str(if c == b'S' { " %s" } else { " %d" });
            }
        }
    }
    out
}

/// Defines the global strings and colours, once the scan is done, in this order (a name
/// already defined is left as it is): the user's real strings (`real`), the emote commands,
/// every name the flavour's client defines (`list.rs`, stand-ins with the value's specifiers),
/// then the names beyond the list that the Blizzard UI reads, then those the user's addons read
/// (never one that the Blizzard UI or the addon tests for nil or assigns), and the colours.
/// Returns a note for the user.
pub fn install(
    lua: &Lua,
    pending: PendingScan,
    real: Option<&real::RealStrings>,
    flavor: wowsim_toc::Flavor,
) -> mlua::Result<Option<String>> {
    let Scan {
        files,
        blizzard,
        mut user,
        emotes,
        blizzard_enums,
        cache_notes,
    } = match pending.0 {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(done) => *done,
    };
    if let Some(cache) = lua.app_data_ref::<wowsim_lua::chunk_cache::ChunkCache>() {
        cache.add_notes(cache_notes);
    }
    let g = lua.globals();
    let mut fallback = GlobalStringFallback {
        files: files.blizzard.len(),
        user_files: files.user.len(),
        enums: stand_in_enums(lua, &blizzard_enums)?,
        real_file: real.map(|r| r.file.clone()),
        ..Default::default()
    };
    if let Some(r) = real {
        for (name, value) in &r.values {
            let cur = g.raw_get::<Value>(name.as_str())?;
            if cur.is_nil() || cur.is_string() {
                g.raw_set(name.as_str(), value.as_str())?;
                fallback.real += 1;
            }
        }
    }
    // The emote commands (`EMOTE<i>_CMD1`) are global strings the UI looks up by a computed
    // name; the UI assigns their tokens itself (`EMOTE<i>_TOKEN = "WAVE"`), and each command
    // stands in as the token's `/word`, as in the English client.
    for (i, token) in &emotes {
        let cmd = format!("EMOTE{i}_CMD1");
        if g.raw_get::<Value>(cmd.as_str())?.is_nil() {
            g.raw_set(cmd.as_str(), format!("/{}", token.to_ascii_lowercase()))?;
            fallback.strings.push(cmd);
        }
    }
    for (name, sig) in list::names(flavor) {
        if g.raw_get::<Value>(name)?.is_nil() {
            g.raw_set(name, list::stand_in(name, sig))?;
            fallback.listed += 1;
        }
    }
    add_scanned(lua, &blizzard, blizzard.provided_by_client(), &mut fallback)?;
    // A user addon's read adds a name only where the Blizzard UI has no say: not one it
    // assigns or tests for nil.
    let says = user::BlizzardSays::of(&blizzard);
    says.limit(&mut user);
    lua.set_app_data(says);
    add_scanned(lua, &user, user.provided_by_client(), &mut fallback)?;
    // The primary stats' tooltips (`DEFAULT_STAT<i>_TOOLTIP`, i = the `LE_UNIT_STAT_*` index
    // 1 to 5) and the resistances' names (`RESISTANCE<i>_NAME`, school 0 to 6) are also looked
    // up by a computed name (the character panel's stats and resistances).
    if !files.blizzard.is_empty() {
        let stats = (1..=5).map(|i| format!("DEFAULT_STAT{i}_TOOLTIP"));
        let schools = (0..=6).map(|i| format!("RESISTANCE{i}_NAME"));
        for name in stats.chain(schools) {
            if g.raw_get::<Value>(name.as_str())?.is_nil() {
                g.raw_set(name.as_str(), fallback_value(&name))?;
                fallback.strings.push(name);
            }
        }
    }
    // Each expansion level up to the flavour's current one has its name (`EXPANSION_NAME<n>`),
    // which the UI and addons look up by a computed name (`_G["EXPANSION_NAME" .. level]`); a
    // strings export older than the client lacks the newest (BlizzardInterfaceResources' 11.0.5
    // has no `EXPANSION_NAME11`, which the 12.0 client's `LE_EXPANSION_LEVEL_CURRENT` names).
    if let Ok(Some(current)) = g.raw_get::<Option<i64>>("LE_EXPANSION_LEVEL_CURRENT") {
        for level in 0..=current.clamp(0, 64) {
            let name = format!("EXPANSION_NAME{level}");
            if g.raw_get::<Value>(name.as_str())?.is_nil() {
                g.raw_set(name.as_str(), fallback_value(&name))?;
                fallback.strings.push(name);
            }
        }
    }
    wowsim_api::api::ui_color::add_db_colors(lua, &fallback.colors);
    let note = note(&fallback);
    lua.set_app_data(fallback);
    Ok(Some(note))
}

/// Defines the names beyond the list that `usage` found read (`names`, from
/// [`GlobalUse::provided_by_client`]): colours go to the database, tables the code indexes and
/// numeric constants stay nil, the rest are strings of their own name.
fn add_scanned(
    lua: &Lua,
    usage: &GlobalUse,
    names: Vec<String>,
    fallback: &mut GlobalStringFallback,
) -> mlua::Result<()> {
    let g = lua.globals();
    for name in undefined(lua, names)? {
        match stand_in(usage, &name) {
            StandIn::Color(c) => {
                if !fallback.colors.iter().any(|x| x == c) {
                    fallback.colors.push(c.to_string());
                }
            }
            StandIn::None => {}
            StandIn::Text => {
                g.raw_set(name.as_str(), fallback_value(&name))?;
                fallback.strings.push(name);
            }
        }
    }
    Ok(())
}

/// What an undefined name the code reads stands in as.
enum StandIn<'a> {
    /// A colour of the database (the name, or the colour a `*_COLOR_CODE` is the code of).
    Color(&'a str),
    /// A table the code indexes (`PLAYER_FACTION_GROUP.Horde`), or a number it counts or
    /// compares with (`for i = 1, MAX_BOSS_FRAMES`), is not a string: it stays nil, so its
    /// absence shows.
    None,
    /// A string of its own name.
    Text,
}

fn stand_in<'a>(usage: &GlobalUse, name: &'a str) -> StandIn<'a> {
    let xml_color = usage.colors.contains(name).then_some(name);
    // A `*_COLOR` name shown as text and never used as a colour is a string (a
    // `*_COLOR_CODE` is text by nature and stays the colour's code).
    let text =
        name.ends_with("_COLOR") && usage.texts.contains(name) && !usage.colors.contains(name);
    match color_of(name).or(xml_color).filter(|_| !text) {
        Some(c) => StandIn::Color(c),
        None if usage.indexed.contains(name) || usage.numbers.contains(name) => StandIn::None,
        None => StandIn::Text,
    }
}

/// The names of `names` that are neither numeric constants nor defined yet.
fn undefined(lua: &Lua, names: Vec<String>) -> mlua::Result<Vec<String>> {
    let g = lua.globals();
    let mut out = Vec::new();
    for name in names {
        if NUMERIC_PREFIXES.iter().any(|p| name.starts_with(p))
            || !g.raw_get::<Value>(name.as_str())?.is_nil()
        {
            continue;
        }
        out.push(name);
    }
    Ok(out)
}

/// The note `install` returns.
fn note(fallback: &GlobalStringFallback) -> String {
    let mut note = match &fallback.real_file {
        Some(file) => format!(
            "{} global strings are the real ones from {}, {} more names the client defines are \
             stand-ins",
            fallback.real,
            file.display(),
            fallback.listed
        ),
        None => format!(
            "{} global strings the client defines are stand-ins (each its own name and its \
             value's format specifiers; --global-strings, --game-data GlobalStrings.csv or \
             `wow-sim resources fetch` gives the real ones)",
            fallback.listed
        ),
    };
    note.push_str(&format!(
        "; {} more names the addons read are defined as their own names and {} colours come \
         from wow-sim's colour table; found in {} Blizzard UI files and {} addon files",
        fallback.strings.len(),
        fallback.colors.len(),
        fallback.files,
        fallback.user_files
    ));
    if !fallback.enums.is_empty() {
        note.push_str(&format!(
            "; {} enumerations the Blizzard UI reads and neither the reference nor its API \
             documentation defines have stand-in values ({})",
            fallback.enums.len(),
            fallback.enums.join(", ")
        ));
    }
    note
}

/// Defines each enumeration the Blizzard UI reads (`Enum.VasError.HasMail`) that `Enum` lacks
/// (neither the reference nor the UI's API documentation has it; the client's comes from its
/// database), with the members read, in name order, numbered from 0 (the client's numbers are
/// not known: code that compares members or keys tables by them works, a number saved by the
/// real client would not match), and its `Meta`. Returns the names defined.
fn stand_in_enums(
    lua: &Lua,
    reads: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> mlua::Result<Vec<String>> {
    let Value::Table(e) = lua.globals().raw_get::<Value>("Enum")? else {
        return Ok(Vec::new());
    };
    let mut defined = Vec::new();
    for (name, members) in reads {
        if name.ends_with("Meta") || !e.raw_get::<Value>(name.as_str())?.is_nil() {
            continue;
        }
        let t = lua.create_table()?;
        for (i, m) in members.iter().enumerate() {
            t.raw_set(m.as_str(), i)?;
        }
        e.raw_set(name.as_str(), t)?;
        let meta = lua.create_table()?;
        meta.raw_set("NumValues", members.len())?;
        meta.raw_set("MinValue", 0)?;
        meta.raw_set("MaxValue", members.len().saturating_sub(1))?;
        e.raw_set(format!("{name}Meta"), meta)?;
        defined.push(name.clone());
    }
    Ok(defined)
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
    use super::{color_of, emote_tokens, fallback_value};

    #[test]
    fn stand_in_values() {
        for (name, expect) in [
            ("OKAY", "OKAY"),
            ("SLASH_HELP1", "slash_help1"),
            ("ERR_QUEST_ACCEPTED_S", "ERR_QUEST_ACCEPTED_S %s"),
            ("LOOT_ITEM_SD", "LOOT_ITEM_SD %s %d"),
            ("STRING_SCHOOL_ARCANE", "STRING_SCHOOL_ARCANE"),
            ("CLASS_DS_X", "CLASS_DS_X"),
            ("S", "S"),
        ] {
            assert_eq!(fallback_value(name), expect, "{name}");
        }
    }

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
