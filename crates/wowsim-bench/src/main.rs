//! `wowsim-bench`: wow-sim's benchmark runner. Suites: `startup` (start-up to the end of
//! `lua-errors`, the compile-only lower bound and peak memory, per input), `hot` (frame method
//! calls, `_G` lookups, OnUpdate ticks, event dispatch), `all`, and `gen` (writes the synthetic
//! large UI). Run it in release: `cargo run --release -p wowsim-bench -- all`.

mod bound;
mod gen;
mod hot;
mod measure;
mod startup;

use anyhow::Context;
use bound::Input;
use clap::{Args, Parser, Subcommand};
use startup::Case;
use std::path::PathBuf;

/// The allocator of the `wow-sim` binary, so that start-ups measured here match it.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "wowsim-bench",
    about = "Benchmarks for wow-sim (run in release)"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Start-up time, compile-only lower bound and peak RSS for each input.
    Startup(StartupArgs),
    /// Hot paths: frame method calls, `_G` lookups, OnUpdate ticks, event dispatch.
    Hot(HotArgs),
    /// `startup` then `hot`.
    All(StartupArgs),
    /// Write the synthetic large UI (addons, XML, SavedVariables) into a folder.
    Gen(GenArgs),
    /// Internal: one measurement in a fresh process (used by `startup`).
    #[command(name = "__child", hide = true)]
    Child(ChildArgs),
}

#[derive(Args, Debug)]
struct StartupArgs {
    /// Fresh processes per measurement (the median is reported).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// A folder of Blizzard_* addons (e.g. a checkout of the client's Interface/AddOns).
    #[arg(long, value_name = "DIR", env = "WOW_SIM_BLIZZARD_UI")]
    blizzard_ui: Option<PathBuf>,
    /// Where the synthetic UI is generated (regenerated on every run; default: the temp folder).
    #[arg(long, value_name = "DIR")]
    synthetic_dir: Option<PathBuf>,
    /// Reuse the synthetic UI already in --synthetic-dir instead of regenerating it.
    #[arg(long)]
    reuse_synthetic: bool,
    /// Skip the synthetic UI.
    #[arg(long)]
    no_synthetic: bool,
    /// Virtual seconds after start-up, as `lua-errors --seconds`.
    #[arg(long, default_value_t = startup::LUA_ERRORS_SECONDS)]
    seconds: f64,
    /// Kill a start-up still running after this many seconds (reported as hanging; the input
    /// is then measured with `--seconds 0`).
    #[arg(long, default_value_t = 120)]
    limit: u64,
    #[command(flatten)]
    gen: GenShape,
}

#[derive(Args, Debug)]
struct HotArgs {
    /// Samples per figure (the median is reported).
    #[arg(long, default_value_t = 7)]
    runs: usize,
}

#[derive(Args, Debug, Clone)]
struct GenShape {
    /// Synthetic UI: number of addons.
    #[arg(long, default_value_t = gen::GenOptions::default().addons)]
    gen_addons: usize,
    /// Synthetic UI: Lua module files per addon.
    #[arg(long, default_value_t = gen::GenOptions::default().lua_files)]
    gen_lua_files: usize,
    /// Synthetic UI: size of the large SavedVariables file in MiB.
    #[arg(long, default_value_t = gen::GenOptions::default().sv_mib)]
    gen_sv_mib: usize,
}

impl GenShape {
    fn options(&self) -> gen::GenOptions {
        gen::GenOptions {
            addons: self.gen_addons,
            lua_files: self.gen_lua_files,
            sv_mib: self.gen_sv_mib,
            ..gen::GenOptions::default()
        }
    }
}

#[derive(Args, Debug)]
struct GenArgs {
    /// Output folder (replaced if it holds an earlier synthetic UI).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    gen: GenShape,
}

#[derive(Args, Debug)]
struct ChildArgs {
    /// `startup` or `bound`.
    kind: String,
    #[arg(long)]
    addons: Vec<PathBuf>,
    #[arg(long)]
    blizzard_ui: Option<PathBuf>,
    #[arg(long)]
    wtf: Option<PathBuf>,
    #[arg(long, default_value_t = startup::LUA_ERRORS_SECONDS)]
    seconds: f64,
}

fn main() {
    if let Err(e) = run(Cli::parse()) {
        eprintln!("wowsim-bench: {e:#}");
        std::process::exit(2);
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Cmd::Startup(a) => startup_suite(&a),
        Cmd::Hot(a) => hot::run(a.runs),
        Cmd::All(a) => {
            startup_suite(&a)?;
            hot::run(a.runs.max(7))
        }
        Cmd::Gen(a) => {
            let dir = a.out.unwrap_or_else(gen::default_dir);
            let g = gen::generate(&dir, &a.gen.options())?;
            println!(
                "wrote the synthetic UI: addons in {}, SavedVariables in {}",
                g.addons_dir().display(),
                g.wtf_dir().display()
            );
            println!(
                "run it: wow-sim --addons {} --wtf {} lua-errors",
                g.addons_dir().display(),
                g.wtf_dir().display()
            );
            Ok(())
        }
        Cmd::Child(a) => {
            let input = Input {
                addon_dirs: a.addons,
                blizzard_ui: a.blizzard_ui,
                wtf: a.wtf,
            };
            match a.kind.as_str() {
                "startup" => startup::child_startup(&input, a.seconds),
                "bound" => startup::child_bound(&input),
                other => anyhow::bail!("unknown child kind {other}"),
            }
        }
    }
}

fn demo_dir() -> anyhow::Result<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../demo/AddOns");
    anyhow::ensure!(d.is_dir(), "demo addons not found at {}", d.display());
    Ok(d)
}

fn startup_suite(a: &StartupArgs) -> anyhow::Result<()> {
    anyhow::ensure!(a.runs >= 1, "--runs must be at least 1");
    if cfg!(debug_assertions) {
        eprintln!(
            "wowsim-bench: warning: this is a debug build; figures are meaningless (use --release)"
        );
    }
    let mut cases = vec![Case {
        name: "demo addons (demo/AddOns)".into(),
        input: Input {
            addon_dirs: vec![demo_dir()?],
            ..Input::default()
        },
    }];
    if !a.no_synthetic {
        let dir = a.synthetic_dir.clone().unwrap_or_else(gen::default_dir);
        let opts = a.gen.options();
        let g = if a.reuse_synthetic && dir.join("wowsim-synthetic-ui.txt").is_file() {
            gen::Generated { root: dir }
        } else {
            eprintln!(
                "wowsim-bench: generating the synthetic UI in {} …",
                dir.display()
            );
            gen::generate(&dir, &opts)?
        };
        cases.push(Case {
            name: format!(
                "synthetic UI ({} addons, {} Lua modules each, {} MiB SavedVariables)",
                opts.addons, opts.lua_files, opts.sv_mib
            ),
            input: Input {
                addon_dirs: vec![g.addons_dir()],
                blizzard_ui: None,
                wtf: Some(g.wtf_dir()),
            },
        });
    }
    if let Some(b) = &a.blizzard_ui {
        anyhow::ensure!(b.is_dir(), "--blizzard-ui {}: not a folder", b.display());
        let b = b
            .canonicalize()
            .with_context(|| format!("--blizzard-ui {}", b.display()))?;
        cases.push(Case {
            name: format!("Blizzard UI ({}), no user addons", b.display()),
            input: Input {
                addon_dirs: Vec::new(),
                blizzard_ui: Some(b),
                wtf: None,
            },
        });
    }
    startup::run(
        &cases,
        &startup::Options {
            runs: a.runs,
            seconds: a.seconds,
            limit: std::time::Duration::from_secs(a.limit),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ui_is_discovered_and_parses() {
        let dir = std::env::temp_dir().join(format!("wowsim-bench-test-{}", std::process::id()));
        let opts = gen::GenOptions {
            addons: 3,
            lua_files: 2,
            sv_mib: 0,
            ..gen::GenOptions::default()
        };
        let g = gen::generate(&dir, &opts).expect("generated");
        let input = Input {
            addon_dirs: vec![g.addons_dir()],
            blizzard_ui: None,
            wtf: Some(g.wtf_dir()),
        };
        let addons = bound::startup_addons(&input);
        assert_eq!(addons.len(), 3);
        assert_eq!(addons[0].name, "SynthLib", "the library loads first");
        let r = bound::run(&input).expect("bound");
        assert_eq!(r.lua_syntax_errors, 0);
        assert_eq!(r.xml_files, 6);
        assert_eq!(
            r.lua_files,
            3 * 2 + 3 + 3,
            "modules, Core.lua, FramesInit.lua"
        );
        assert_eq!(r.sv_files, 2);
        std::fs::remove_dir_all(&dir).expect("cleaned up");
    }
}
