//! From flags to a `SimConfig`: explicit flags first, then what `--wow` found in a game
//! installation, then the cache (`wow-sim ui fetch`, `resources fetch`), then the defaults
//! (demo addons, the built-in base, wow-sim's own WTF folder). Returns notes saying what was
//! found and used, for stderr.

use crate::cli::{self, Cli};
use crate::ui_cache::{self, Kind};
use crate::wow_dir::{self, WowDir};
use anyhow::Context;
use std::path::{Path, PathBuf};
use wowsim_core::Flavor;
use wowsim_core::{SavedVarsConfig, SimConfig};

/// The name of a flavour as `--flavor` spells it.
pub fn flavor_name(f: Flavor) -> &'static str {
    f.as_str()
}

/// A configuration and the notes about where its parts came from.
pub struct Resolved {
    pub config: SimConfig,
    pub notes: Vec<String>,
}

/// `--flavor`, else the `--wow` folder's, else retail; a conflict between the two is an error.
pub fn flavor(cli: &Cli, wow: Option<&WowDir>) -> anyhow::Result<Flavor> {
    match (cli.flavor, wow) {
        (Some(f), Some(w)) if f != w.flavor => anyhow::bail!(
            "--flavor {} does not match --wow {}, a {} folder",
            flavor_name(f),
            w.dir.display(),
            flavor_name(w.flavor)
        ),
        (Some(f), _) => Ok(f),
        (None, Some(w)) => Ok(w.flavor),
        (None, None) => Ok(Flavor::Retail),
    }
}

/// `--wow` located, if given.
pub fn wow(cli: &Cli) -> anyhow::Result<Option<WowDir>> {
    match &cli.wow {
        Some(d) => Ok(Some(
            wow_dir::locate(d, cli.flavor).map_err(anyhow::Error::msg)?,
        )),
        None => Ok(None),
    }
}

fn ensure_dir(flag: &str, d: &Path) -> anyhow::Result<()> {
    anyhow::ensure!(d.is_dir(), "{flag} {}: not a readable folder", d.display());
    Ok(())
}

pub fn resolve(cli: &Cli) -> anyhow::Result<Resolved> {
    let wow = wow(cli)?;
    let flavor = flavor(cli, wow.as_ref())?;
    let mut notes = Vec::new();
    let mut c = SimConfig::new(flavor);
    if let Some(w) = &wow {
        notes.push(format!(
            "--wow: {} (flavour {})",
            w.dir.display(),
            flavor_name(w.flavor)
        ));
    }
    c.addon_dirs = match (&wow, cli.addons.is_empty()) {
        (_, false) => cli.addons.clone(),
        (Some(w), true) => match &w.addons {
            Some(a) => {
                notes.push(format!("--wow: addons from {}", a.display()));
                vec![a.clone()]
            }
            None => anyhow::bail!(
                "--wow {}: no Interface/AddOns folder; pass --addons DIR",
                w.dir.display()
            ),
        },
        (None, true) => vec![cli::demo_addons_dir()?],
    };
    for d in &c.addon_dirs {
        ensure_dir("--addons", d)?;
    }
    c.blizzard_ui = blizzard_ui(cli, wow.as_ref(), flavor, &mut notes)?;
    c.no_addons = cli.no_addons;
    if !cli.no_lua_cache {
        c.lua_cache = cli::default_cache_dir();
    }
    c.art_dirs = art_dirs(cli, wow.as_ref(), flavor, &mut notes);
    c.scenario = cli.scenario.clone();
    c.combat_log = cli.combat_log.clone();
    c.taint_log = cli.taint_log;
    if let Some(d) = &cli.game_data {
        ensure_dir("--game-data", d)?;
        c.game_data = Some(d.clone());
    }
    c.locale = cli.locale.clone();
    if let Some(p) = &cli.global_strings {
        anyhow::ensure!(
            p.exists(),
            "--global-strings {}: no such file or folder",
            p.display()
        );
        c.global_strings = Some(p.clone());
    }
    saved_variables(cli, wow.as_ref(), &mut c, &mut notes)?;
    Ok(Resolved { config: c, notes })
}

/// `--blizzard-ui`, else the installation's exported UI, else the cached UI of the flavour.
fn blizzard_ui(
    cli: &Cli,
    wow: Option<&WowDir>,
    flavor: Flavor,
    notes: &mut Vec<String>,
) -> anyhow::Result<Option<PathBuf>> {
    if let Some(b) = &cli.blizzard_ui {
        ensure_dir("--blizzard-ui", b)?;
        return Ok(Some(b.clone()));
    }
    if cli.no_blizzard_ui {
        return Ok(None);
    }
    if let Some(b) = wow.and_then(|w| w.blizzard_ui.clone()) {
        notes.push(format!(
            "--wow: Blizzard's UI from {} (exportInterfaceFiles code)",
            b.display()
        ));
        return Ok(Some(b));
    }
    let cached = cli::default_cache_dir().and_then(|c| ui_cache::current(&c, Kind::Ui, flavor));
    Ok(cached.map(|e| {
        let dir = e.load_dir(Kind::Ui);
        notes.push(format!(
            "using the cached Blizzard UI {} from {} (--no-blizzard-ui for the built-in base)",
            e.describe(),
            dir.display()
        ));
        dir
    }))
}

/// `--art`, then the installation's exported art, then the cached resources of the flavour.
fn art_dirs(
    cli: &Cli,
    wow: Option<&WowDir>,
    flavor: Flavor,
    notes: &mut Vec<String>,
) -> Vec<PathBuf> {
    let mut dirs = cli.art.clone();
    if let Some(a) = wow.and_then(|w| w.art.clone()) {
        notes.push(format!(
            "--wow: art from {} (exportInterfaceFiles art)",
            a.display()
        ));
        dirs.push(a);
    }
    if !cli.no_resources {
        let cache = cli::default_cache_dir();
        if let Some(e) = cache.and_then(|c| ui_cache::current(&c, Kind::Resources, flavor)) {
            let dir = e.load_dir(Kind::Resources);
            notes.push(format!(
                "using the cached client resources {} from {} as an --art folder (--no-resources to leave them out)",
                e.describe(),
                dir.display()
            ));
            dirs.push(dir);
        }
    }
    dirs
}

/// Where SavedVariables are read and written, and whose.
fn saved_variables(
    cli: &Cli,
    wow: Option<&WowDir>,
    c: &mut SimConfig,
    notes: &mut Vec<String>,
) -> anyhow::Result<()> {
    let game_wtf = match (&cli.wtf, wow) {
        (None, Some(w)) => Some(w.wtf.clone().unwrap_or_else(|| w.dir.join("WTF"))),
        _ => None,
    };
    let mut account = cli.account.clone();
    let mut realm = cli.realm.clone();
    let mut character = cli.character.clone();
    if let Some(wtf) = &game_wtf {
        pick_character(wtf, &mut account, &mut realm, &mut character, notes);
    }
    c.account = account.unwrap_or_else(|| "WOWSIM".into());
    c.realm = realm.unwrap_or_else(|| "Simulated Realm".into());
    c.character = character.unwrap_or_else(|| "Simplayer".into());
    if cli.no_saved_vars {
        return Ok(());
    }
    let wtf = match (&cli.wtf, &game_wtf) {
        (Some(w), _) => w.clone(),
        (None, Some(w)) => {
            c.write_saved_vars = cli.write_wtf;
            notes.push(match (w.is_dir(), cli.write_wtf) {
                (true, true) => format!(
                    "--wow: SavedVariables read from and written to {}",
                    w.display()
                ),
                (true, false) => format!(
                    "--wow: SavedVariables read from {} and not written (--write-wtf writes them)",
                    w.display()
                ),
                (false, true) => format!(
                    "--wow: no WTF folder; SavedVariables start empty and are written to {}",
                    w.display()
                ),
                (false, false) => {
                    "--wow: no WTF folder; SavedVariables start empty and are not written".into()
                }
            });
            w.clone()
        }
        (None, None) => cli::default_wtf_dir()
            .context("cannot find a data folder for SavedVariables; pass --wtf DIR")?,
    };
    c.saved_vars = Some(SavedVarsConfig {
        wtf,
        account: c.account.clone(),
        realm: c.realm.clone(),
        character: c.character.clone(),
        max_file_bytes: wowsim_core::DEFAULT_MAX_SAVED_FILE,
    });
    Ok(())
}

/// With a game's WTF folder: its only account, and that account's only character, where the
/// flags do not name them; otherwise a note listing what is there.
fn pick_character(
    wtf: &Path,
    account: &mut Option<String>,
    realm: &mut Option<String>,
    character: &mut Option<String>,
    notes: &mut Vec<String>,
) {
    if account.is_none() {
        match wow_dir::accounts(wtf).as_slice() {
            [] => return,
            [only] => {
                notes.push(format!("--wow: account {only} (the WTF folder's only one)"));
                *account = Some(only.clone());
            }
            many => {
                notes.push(format!(
                    "--wow: the WTF folder has accounts {}; pass --account NAME for their SavedVariables",
                    many.join(", ")
                ));
                return;
            }
        }
    }
    let Some(acc) = account.as_deref() else {
        return;
    };
    if realm.is_some() || character.is_some() {
        return;
    }
    match wow_dir::characters(wtf, acc).as_slice() {
        [] => {}
        [(r, ch)] => {
            notes.push(format!(
                "--wow: character {ch} of {r} (the account's only one)"
            ));
            *realm = Some(r.clone());
            *character = Some(ch.clone());
        }
        many => {
            let list: Vec<String> = many.iter().map(|(r, ch)| format!("{ch}-{r}")).collect();
            notes.push(format!(
                "--wow: account {acc} has characters {}; pass --realm and --character for one's SavedVariables",
                list.join(", ")
            ));
        }
    }
}
