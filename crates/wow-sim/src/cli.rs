//! Command-line arguments (clap) and the small helpers that resolve them (demo addons, the
//! default data folder, `--exec-lua @FILE`).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

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
        value_delimiter = ':'
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
    /// Account folder name under WTF/Account.
    #[arg(
        long,
        value_name = "NAME",
        global = true,
        env = "WOW_SIM_ACCOUNT",
        default_value = "WOWSIM"
    )]
    pub account: String,
    /// Realm name (GetRealmName()).
    #[arg(
        long,
        value_name = "NAME",
        global = true,
        env = "WOW_SIM_REALM",
        default_value = "Simulated Realm"
    )]
    pub realm: String,
    /// Character name (UnitName("player")).
    #[arg(
        long,
        value_name = "NAME",
        global = true,
        env = "WOW_SIM_CHARACTER",
        default_value = "Simplayer"
    )]
    pub character: String,
    /// Which client to emulate.
    #[arg(
        long,
        value_enum,
        global = true,
        env = "WOW_SIM_FLAVOR",
        default_value = "retail"
    )]
    pub flavor: FlavorArg,
    /// Load no user addons (the Blizzard UI, if given, still loads).
    #[arg(long, global = true, env = "WOW_SIM_NO_ADDONS")]
    pub no_addons: bool,
    /// Neither read nor write SavedVariables.
    #[arg(long, global = true, env = "WOW_SIM_NO_SAVED_VARS")]
    pub no_saved_vars: bool,
    /// Lua to run after start-up: CODE, or @FILE to run a file.
    #[arg(
        long,
        value_name = "CODE|@FILE",
        global = true,
        env = "WOW_SIM_EXEC_LUA"
    )]
    pub exec_lua: Option<String>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Load everything headless, run the start-up events and some virtual time, print every Lua
    /// error as JSON; exit 1 if there were any.
    LuaErrors(LuaErrorsArgs),
    /// Draw the UI to a PNG (not built yet).
    Screenshot,
    /// Print the frame tree (not built yet).
    DumpTree,
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
    #[arg(long, value_name = "N", default_value_t = wowsim_core::lua::budget::DEFAULT_SCRIPT_BUDGET)]
    pub script_budget: u64,
    /// Lua memory cap in MB; reaching it stops the run with a record. 0 = unlimited.
    #[arg(long, value_name = "MB", default_value_t = 1024)]
    pub memory_limit: usize,
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

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FlavorArg {
    Retail,
    Classic,
    #[value(name = "classic_era")]
    ClassicEra,
}

impl From<FlavorArg> for wowsim_core::Flavor {
    fn from(f: FlavorArg) -> Self {
        match f {
            FlavorArg::Retail => wowsim_core::Flavor::Retail,
            FlavorArg::Classic => wowsim_core::Flavor::Classic,
            FlavorArg::ClassicEra => wowsim_core::Flavor::ClassicEra,
        }
    }
}

/// The demo addon set: `demo/AddOns` in the source tree, or `WOW_SIM_DEMO` if set.
pub fn demo_addons_dir() -> anyhow::Result<PathBuf> {
    if let Ok(d) = std::env::var("WOW_SIM_DEMO") {
        return Ok(PathBuf::from(d));
    }
    let built = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../demo/AddOns");
    if built.is_dir() {
        return Ok(built);
    }
    anyhow::bail!(
        "the demo addons were not found at {}; pass --addons DIR",
        built.display()
    )
}

/// `$XDG_DATA_HOME/wow-sim/WTF` or `~/.local/share/wow-sim/WTF`.
pub fn default_wtf_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("wow-sim").join("WTF"))
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
