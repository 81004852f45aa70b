//! Command-line arguments (clap) and the small helpers that resolve them (demo addons, the
//! default data folder, `--exec-lua @FILE`).

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use wowsim_core::Flavor;

/// Between the folders of one `--addons`/`--art` value (environment variables included), as in
/// `PATH`: `;` on Windows, where `:` follows a drive letter, `:` elsewhere.
pub const PATH_LIST_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// Run World of Warcraft addons outside the game.
#[derive(Parser, Debug)]
#[command(name = "wow-sim", version, about, long_about = None)]
pub struct Cli {
    /// A folder of addon folders, laid out like the client's Interface/AddOns (repeatable).
    /// Without it, the demo addons that ship with wow-sim are used.
    #[arg(
        long = "addons",
        value_name = "DIR",
        global = true,
        env = "WOW_SIM_ADDONS",
        value_delimiter = PATH_LIST_SEPARATOR
    )]
    pub addons: Vec<PathBuf>,
    /// A folder of Blizzard's own Blizzard_* addons, loaded before user addons.
    #[arg(
        long = "blizzard-ui",
        value_name = "DIR",
        global = true,
        env = "WOW_SIM_BLIZZARD_UI"
    )]
    pub blizzard_ui: Option<PathBuf>,
    /// The WTF folder that holds SavedVariables (default: wow-sim's data folder).
    #[arg(long, value_name = "DIR", global = true, env = "WOW_SIM_WTF")]
    pub wtf: Option<PathBuf>,
    /// Account folder name under WTF/Account (default WOWSIM; with `--wow`, the WTF folder's
    /// only account).
    #[arg(long, value_name = "NAME", global = true, env = "WOW_SIM_ACCOUNT")]
    pub account: Option<String>,
    /// Realm name (GetRealmName(); default "Simulated Realm"; with `--wow`, the account's only
    /// realm when it has one character).
    #[arg(long, value_name = "NAME", global = true, env = "WOW_SIM_REALM")]
    pub realm: Option<String>,
    /// Character name (UnitName("player"); default Simplayer; with `--wow`, the account's only
    /// character).
    #[arg(long, value_name = "NAME", global = true, env = "WOW_SIM_CHARACTER")]
    pub character: Option<String>,
    /// Which client to emulate (default retail; with `--wow`, the flavour folder's).
    #[arg(long, global = true, env = "WOW_SIM_FLAVOR", value_parser = flavor_parser())]
    pub flavor: Option<Flavor>,
    /// A game installation: a flavour folder (`_retail_`, `_classic_`, `_classic_era_`) or the
    /// install root (with `--flavor`). Its Interface/AddOns, its WTF (read only, unless
    /// `--write-wtf`) and its `exportInterfaceFiles` output (BlizzardInterfaceCode,
    /// BlizzardInterfaceArt) are used where no flag says otherwise.
    #[arg(long, value_name = "DIR", global = true, env = "WOW_SIM_WOW_DIR")]
    pub wow: Option<PathBuf>,
    /// With `--wow`: write SavedVariables back to the installation's WTF folder at logout.
    #[arg(long, global = true, env = "WOW_SIM_WRITE_WTF", requires = "wow")]
    pub write_wtf: bool,
    /// Use the built-in base even when `--wow` or the cache (`wow-sim ui fetch`) has
    /// Blizzard's UI.
    #[arg(
        long,
        global = true,
        env = "WOW_SIM_NO_BLIZZARD_UI",
        conflicts_with = "blizzard_ui"
    )]
    pub no_blizzard_ui: bool,
    /// Do not add the cached client resources (`wow-sim resources fetch`) as an `--art` folder.
    #[arg(long, global = true, env = "WOW_SIM_NO_RESOURCES")]
    pub no_resources: bool,
    /// Load no user addons (the Blizzard UI, if given, still loads).
    #[arg(long, global = true, env = "WOW_SIM_NO_ADDONS")]
    pub no_addons: bool,
    /// Neither read nor write SavedVariables.
    #[arg(long, global = true, env = "WOW_SIM_NO_SAVED_VARS")]
    pub no_saved_vars: bool,
    /// Compile every Lua file instead of keeping compiled files (and each file's
    /// global-string scan result, and what a Blizzard UI's API documentation adds) in the cache
    /// folder (`$XDG_CACHE_HOME/wow-sim` or `~/.cache/wow-sim`).
    #[arg(long, global = true, env = "WOW_SIM_NO_LUA_CACHE")]
    pub no_lua_cache: bool,
    /// `lua-errors` and `dump-tree` start from a template process that has loaded the Blizzard
    /// UI (Unix): the first run starts one in the background (and runs as usual), later runs
    /// with the same UI, flavour and flags fork from it and load only the user's addons. It
    /// ends after `WOW_SIM_WARM_IDLE` seconds (default 600) without a run.
    #[arg(long, global = true, env = "WOW_SIM_WARM")]
    pub warm: bool,
    /// Lua to run after start-up: CODE, or @FILE to run a file.
    #[arg(
        long,
        value_name = "CODE|@FILE",
        global = true,
        env = "WOW_SIM_EXEC_LUA"
    )]
    pub exec_lua: Option<String>,
    /// A folder of client art (holding `Interface/Icons/...`) for textures outside the addon
    /// folders (repeatable).
    #[arg(
        long = "art",
        value_name = "DIR",
        global = true,
        env = "WOW_SIM_ART",
        value_delimiter = PATH_LIST_SEPARATOR
    )]
    pub art: Vec<PathBuf>,
    /// A folder of your own CSV exports of the client's spell, item and map databases
    /// (wago.tools layout: SpellName.csv, ItemSparse.csv; optional SpellMisc.csv, Item.csv,
    /// ItemSubClass.csv, CurrencyTypes.csv, UiMap.csv with UiMapAssignment.csv) for real names
    /// and every map's world rectangle; without it, ids answer counted stand-ins and C_Map knows
    /// only the maps around the character.
    #[arg(long, value_name = "DIR", global = true, env = "WOW_SIM_GAME_DATA")]
    pub game_data: Option<PathBuf>,
    /// A scenario file (TOML, see docs/scenarios.md): the character, group, target and other
    /// units at the start, then a timeline of events (combat, health, auras, casts, chat,
    /// encounters) run on the virtual clock.
    #[arg(long, value_name = "FILE", global = true, env = "WOW_SIM_SCENARIO")]
    pub scenario: Option<PathBuf>,
    /// A combat log (the client's WoWCombatLog.txt, advanced logging) replayed from the start:
    /// COMBAT_LOG_EVENT_UNFILTERED and the unit state it implies, at the log's timing.
    #[arg(long, value_name = "FILE", global = true, env = "WOW_SIM_COMBAT_LOG")]
    pub combat_log: Option<PathBuf>,
    /// Print the client's taint log on stderr (`[taint] ...` lines), as its `taintLog` CVar:
    /// 1 = globals an addon's code tainted and each refused protected call, 2 = also how the
    /// refused call's execution was tainted.
    #[arg(long, value_name = "LEVEL", global = true, env = "WOW_SIM_TAINT_LOG", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=2))]
    pub taint_log: u8,
    /// The client's locale (GetLocale(), the TOC's localized fields, and which
    /// `GlobalStrings/<locale>.lua` is read): enUS (default), enGB, deDE, esES, esMX, frFR,
    /// itIT, koKR, ptBR, ruRU, zhCN, zhTW.
    #[arg(
        long,
        value_name = "LOCALE",
        global = true,
        env = "WOW_SIM_LOCALE",
        default_value = "enUS",
        value_parser = PossibleValuesParser::new([
            "enUS", "enGB", "deDE", "esES", "esMX", "frFR", "itIT", "koKR", "ptBR", "ruRU",
            "zhCN", "zhTW",
        ])
    )]
    pub locale: String,
    /// Your copy of the client's global strings for real values instead of stand-ins: a
    /// `GlobalStrings.lua`, a wago.tools `GlobalStrings.csv`, or a folder with one of them or
    /// `GlobalStrings/<locale>.lua` (BlizzardInterfaceResources layout). Without it, they are
    /// looked for in `--game-data` and the `--art` folders (the cache of `resources fetch`).
    #[arg(
        long,
        value_name = "PATH",
        global = true,
        env = "WOW_SIM_GLOBAL_STRINGS"
    )]
    pub global_strings: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Load everything headless, run the start-up events and some virtual time, print every Lua
    /// error (JSON, text, GitHub annotations or JUnit XML); exit 1 if there were any.
    LuaErrors(LuaErrorsArgs),
    /// Load everything headless, run the start-up events and some virtual time, then draw the UI
    /// to a PNG on the CPU (exit 1 if there were Lua errors).
    Screenshot(ScreenshotArgs),
    /// Load everything headless, run the start-up events and some virtual time, then print the
    /// frame tree: name, type, rect, shown/visible, strata and level, anchors.
    DumpTree(DumpTreeArgs),
    /// Run the addons' specs (busted's API) inside the simulated client: each spec file from
    /// the same started state; exit 0 when all pass, 1 on failures, 2 when nothing could run.
    Test(crate::test_cmd::TestArgs),
    /// Print how much of the client's API is real, a typed stub, or missing, per namespace and
    /// per UI object type (markdown); with `--used-by DIR`, the names the addons in DIR use that
    /// wow-sim lacks.
    ApiCoverage(ApiCoverageArgs),
    /// Load each addon of an AddOns folder on its own (with the addons it requires), per
    /// flavour, in parallel child processes; print records, CPU, wall time and peak memory
    /// per addon (a table or JSON); exit 1 if any run had errors, 2 if a run failed.
    Scan(crate::scan::ScanArgs),
    /// Blizzard's UI source from a public mirror, kept in the cache and used by later runs of
    /// the flavour when no `--blizzard-ui` is given.
    Ui {
        #[command(subcommand)]
        command: UiCommand,
    },
    /// Client resources (global strings, atlas info; BlizzardInterfaceResources layout) from a
    /// public mirror, kept in the cache; later runs add them as an `--art` folder.
    Resources {
        #[command(subcommand)]
        command: ResourcesCommand,
    },
}

#[derive(Subcommand, Debug)]
pub enum UiCommand {
    /// Download the flavour's UI source (an archive over HTTPS), check it, record source, ref
    /// and commit, make it the one later runs use, print where it is.
    Fetch(UiFetchArgs),
    /// List the cached UI trees and resources of every flavour.
    List,
}

#[derive(Subcommand, Debug)]
pub enum ResourcesCommand {
    /// Download the flavour's client resources into the cache.
    Fetch(FetchArgs),
    /// List the cached UI trees and resources of every flavour.
    List,
}

#[derive(Args, Debug)]
pub struct UiFetchArgs {
    #[command(flatten)]
    pub fetch: FetchArgs,
    /// Also fetch the flavour's client resources (default source and ref).
    #[arg(long)]
    pub resources: bool,
}

#[derive(Args, Debug)]
pub struct FetchArgs {
    /// The branch, tag or commit (default: the flavour's branch of the mirror).
    #[arg(long = "ref", value_name = "REF", value_parser = parse_ref)]
    pub reference: Option<String>,
    /// The mirror repository as OWNER/NAME (default: tomrus88/BlizzardInterfaceCode for
    /// retail, Gethe/wow-ui-source for the Classic flavours; Ketho/BlizzardInterfaceResources
    /// for resources).
    #[arg(long, value_name = "OWNER/NAME", value_parser = parse_source)]
    pub source: Option<String>,
    /// The archive server's base URL (GitHub's codeload layout: BASE/OWNER/NAME/tar.gz/REF).
    #[arg(
        long,
        value_name = "URL",
        env = "WOWSIM_UI_MIRROR_URL",
        default_value = crate::ui_cache::DEFAULT_MIRROR
    )]
    pub mirror_url: String,
}

fn parse_ref(s: &str) -> Result<String, String> {
    let ok = !s.is_empty()
        && !s.starts_with(['-', '/', '.'])
        && !s.contains("..")
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c));
    if ok {
        Ok(s.to_string())
    } else {
        Err(format!(
            "'{s}' is not a branch, tag or commit name (letters, digits, '.', '_', '-', '/')"
        ))
    }
}

fn parse_source(s: &str) -> Result<String, String> {
    let part = |p: &str| {
        !p.is_empty()
            && !p.starts_with('.')
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
    };
    match s.split_once('/') {
        Some((o, n)) if part(o) && part(n) => Ok(s.to_string()),
        _ => Err(format!("'{s}' is not OWNER/NAME of a repository")),
    }
}

#[derive(Args, Debug)]
pub struct DumpTreeArgs {
    /// Only regions whose name (or parentKey) contains TEXT, with their ancestors.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// Skip regions that are not visible.
    #[arg(long)]
    pub visible_only: bool,
    /// Seconds of virtual time to run after start-up (60 ticks a second).
    #[arg(long, default_value_t = 0.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Wall-clock bound for the run before the tree is printed, as for `lua-errors`: past it
    /// the run stops, the records so far go to stderr, no tree is printed and the exit code is 1.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
}

#[derive(Args, Debug)]
pub struct ScreenshotArgs {
    /// The image file to write: `.png`, or `.webp` (lossless); both keep every pixel.
    #[arg(short = 'o', long = "output", value_name = "FILE.png", value_parser = parse_image_path)]
    pub output: PathBuf,
    /// Screen width in pixels (the UI is 768 units high at UI scale 1).
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=16384))]
    pub width: u32,
    /// Screen height in pixels.
    #[arg(long, default_value_t = 768, value_parser = clap::value_parser!(u32).range(1..=16384))]
    pub height: u32,
    /// UI scale (UIParent's scale).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    pub ui_scale: f32,
    /// Draw only the frame with this global name and its descendants.
    #[arg(long, value_name = "NAME")]
    pub filter: Option<String>,
    /// Keep only this part of the image: WxH+X+Y (pixels from the top-left).
    #[arg(long, value_name = "WxH+X+Y", value_parser = parse_crop)]
    pub crop: Option<(u32, u32, u32, u32)>,
    /// Seconds of virtual time to run after start-up (60 ticks a second).
    #[arg(long, default_value_t = 5.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Wall-clock bound for the run before drawing, as for `lua-errors`: past it the run
    /// stops, the records so far go to stderr, no image is written and the exit code is 1.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
}

fn parse_image_path(s: &str) -> Result<PathBuf, String> {
    let p = PathBuf::from(s);
    match image_format(&p) {
        Some(_) => Ok(p),
        None => Err(format!(
            "{s}: the screenshot is written as .png or .webp (lossless); name the file with one of those extensions"
        )),
    }
}

/// The image formats `screenshot` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Webp,
}

/// The format a file name asks for (by extension, any case).
pub fn image_format(p: &std::path::Path) -> Option<ImageFormat> {
    let ext = p.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "png" => Some(ImageFormat::Png),
        "webp" => Some(ImageFormat::Webp),
        _ => None,
    }
}

fn parse_scale(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.01..=100.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}' is not a UI scale between 0.01 and 100")),
    }
}

/// `WxH+X+Y` → (w, h, x, y).
pub fn parse_crop(s: &str) -> Result<(u32, u32, u32, u32), String> {
    let bad = || format!("'{s}' is not WxH+X+Y (e.g. 200x100+10+20)");
    let (size, pos) = s.split_once('+').ok_or_else(bad)?;
    let (w, h) = size.split_once('x').ok_or_else(bad)?;
    let (x, y) = pos.split_once('+').ok_or_else(bad)?;
    let n = |v: &str| v.trim().parse::<u32>().map_err(|_| bad());
    Ok((n(w)?, n(h)?, n(x)?, n(y)?))
}

#[derive(Args, Debug)]
pub struct ApiCoverageArgs {
    /// List every global name, namespace member and method that the Lua and XML of the addons
    /// in DIR use, neither they nor wow-sim define, and the client has (by the reference, its
    /// API dump or the UI's API documentation), with a file:line of a use and the evidence
    /// (exit 1 if any). DIR may be the `--blizzard-ui` folder or an `--addons` folder;
    /// otherwise it is added as one.
    #[arg(long, value_name = "DIR")]
    pub used_by: Option<std::path::PathBuf>,
    /// With `--used-by`: also list the names the client lacks too (they read nil there as
    /// well: code that guards them, or dead code).
    #[arg(long, requires = "used_by")]
    pub absent: bool,
}

#[derive(Args, Debug)]
pub struct LuaErrorsArgs {
    /// Seconds of virtual time to run after start-up (60 ticks a second).
    #[arg(long, default_value_t = 5.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Wall-clock bound for the whole run; when it passes, the run stops, the records so far
    /// are printed with one saying so, and the exit code is 1.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    /// Lua instructions allowed per entry into Lua (an event handler, OnUpdate call, timer
    /// callback, file); past it the script fails with "script ran too long". 0 = unlimited.
    #[arg(long, value_name = "N", default_value_t = wowsim_core::DEFAULT_SCRIPT_BUDGET)]
    pub script_budget: u64,
    /// Lua memory cap in MB; reaching it stops the run with a record. 0 = unlimited.
    #[arg(long, value_name = "MB", default_value_t = 1024)]
    pub memory_limit: usize,
    /// How to print the records (default: json on a pipe or into a file, text on a terminal).
    #[arg(long, value_enum, env = "WOW_SIM_FORMAT")]
    pub format: Option<crate::report::Format>,
    /// Write the report to FILE (whole: a temporary file, then a rename) instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// For `--format github`: file paths in annotations are relative to DIR (default: the git
    /// repository that holds each file, else the `--addons` folder).
    #[arg(long, value_name = "DIR", env = "WOW_SIM_REPO_ROOT")]
    pub repo_root: Option<PathBuf>,
    /// Exit with code 1 for warnings too (XML schema problems, which the client only logs);
    /// without it only records of severity `error` do.
    #[arg(long)]
    pub strict: bool,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !(0.0..=86400.0).contains(&v) {
        return Err(format!("'{s}' must be between 0 and 86400"));
    }
    Ok(v)
}

/// `--flavor`: one of the flavours' short names (listed in `--help` and in the error).
fn flavor_parser() -> impl TypedValueParser<Value = Flavor> {
    PossibleValuesParser::new(Flavor::names()).try_map(|s| s.parse::<Flavor>())
}

/// The demo addon set: embedded in the binary (from `demo/AddOns`) and written to
/// `$XDG_DATA_HOME/wow-sim/demo/<version>/AddOns` when used; `WOW_SIM_DEMO` overrides it.
pub fn demo_addons_dir() -> anyhow::Result<PathBuf> {
    if let Ok(d) = std::env::var("WOW_SIM_DEMO") {
        return Ok(PathBuf::from(d));
    }
    let base = data_home()
        .ok_or_else(|| anyhow::anyhow!("no data folder for the demo addons; pass --addons DIR"))?;
    let dir = base
        .join("wow-sim")
        .join("demo")
        .join(env!("CARGO_PKG_VERSION"))
        .join("AddOns");
    write_demo(&dir).map_err(|e| {
        anyhow::anyhow!(
            "cannot write the demo addons to {}: {e}; pass --addons DIR",
            dir.display()
        )
    })?;
    Ok(dir)
}

mod demo {
    include!(concat!(env!("OUT_DIR"), "/demo_files.rs"));
}

/// Writes the embedded demo addons under `dir`, replacing files whose contents differ.
fn write_demo(dir: &std::path::Path) -> std::io::Result<()> {
    for (rel, bytes) in demo::DEMO_FILES {
        let path = dir.join(rel);
        if std::fs::read(&path).is_ok_and(|old| old == *bytes) {
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, bytes)?;
    }
    Ok(())
}

/// `$XDG_DATA_HOME`, else `~/.local/share`.
/// (On Windows, where neither is usually set: `%LOCALAPPDATA%`.)
fn data_home() -> Option<PathBuf> {
    std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .or_else(|| std::env::var_os("LOCALAPPDATA").map(PathBuf::from))
}

/// `$XDG_CACHE_HOME/wow-sim` or `~/.cache/wow-sim` (compiled Lua files, fetched UI trees);
/// on Windows without either, `%LOCALAPPDATA%\wow-sim\cache`.
pub fn default_cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")));
    match base {
        Some(b) => Some(b.join("wow-sim")),
        None => {
            std::env::var_os("LOCALAPPDATA").map(|d| PathBuf::from(d).join("wow-sim").join("cache"))
        }
    }
}

/// `$XDG_DATA_HOME/wow-sim/WTF` or `~/.local/share/wow-sim/WTF`.
pub fn default_wtf_dir() -> Option<PathBuf> {
    Some(data_home()?.join("wow-sim").join("WTF"))
}

/// `--exec-lua CODE` or `@FILE` → (code, chunk name).
pub fn exec_lua_source(arg: &str) -> anyhow::Result<(String, String)> {
    match arg.strip_prefix('@') {
        Some(path) => {
            let code = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("--exec-lua @{path}: {e}"))?;
            Ok((code, path.to_string()))
        }
        None => Ok((arg.to_string(), "exec-lua".to_string())),
    }
}
