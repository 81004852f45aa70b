//! The `ui` and `resources` subcommands: fetch a flavour's Blizzard UI source or client
//! resources into the cache (`ui_cache`), and list what the cache holds. The fetch is the
//! optional `fetch` feature (HTTPS, gzip, tar); a build without it says so.

use crate::cli::{Cli, FetchArgs, ResourcesCommand, UiCommand};
use crate::config::flavor_name;
use crate::ui_cache::{self, Kind};
use std::path::PathBuf;
use std::process::ExitCode;
use wowsim_core::Flavor;

fn cache_dir() -> anyhow::Result<PathBuf> {
    crate::cli::default_cache_dir()
        .ok_or_else(|| anyhow::anyhow!("no cache folder: set XDG_CACHE_HOME or HOME"))
}

pub fn ui(cli: &Cli, command: &UiCommand) -> anyhow::Result<ExitCode> {
    match command {
        UiCommand::Fetch(args) => {
            let flavor = flavor(cli)?;
            fetch(Kind::Ui, flavor, &args.fetch)?;
            if args.resources {
                let defaults = FetchArgs {
                    reference: None,
                    source: None,
                    mirror_url: args.fetch.mirror_url.clone(),
                };
                fetch(Kind::Resources, flavor, &defaults)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        UiCommand::List => list(),
    }
}

pub fn resources(cli: &Cli, command: &ResourcesCommand) -> anyhow::Result<ExitCode> {
    match command {
        ResourcesCommand::Fetch(args) => {
            fetch(Kind::Resources, flavor(cli)?, args)?;
            Ok(ExitCode::SUCCESS)
        }
        ResourcesCommand::List => list(),
    }
}

/// `--flavor`, or the flavour of `--wow`.
fn flavor(cli: &Cli) -> anyhow::Result<Flavor> {
    let wow = crate::config::wow(cli)?;
    crate::config::flavor(cli, wow.as_ref())
}

#[cfg(feature = "fetch")]
fn fetch(kind: Kind, flavor: Flavor, args: &FetchArgs) -> anyhow::Result<()> {
    let cache = cache_dir()?;
    let (source, reference) = ui_cache::fetch::default_source(kind, flavor);
    let req = ui_cache::fetch::Request {
        kind,
        flavor,
        source: args.source.as_deref().unwrap_or(source),
        reference: args.reference.as_deref().unwrap_or(reference),
        mirror: &args.mirror_url,
    };
    let what = match kind {
        Kind::Ui => "Blizzard UI",
        Kind::Resources => "client resources",
    };
    eprintln!(
        "wow-sim: fetching the {} {what} from {}",
        flavor_name(flavor),
        req.url()
    );
    let (entry, summary) = ui_cache::fetch::fetch(&cache, &req)?;
    eprintln!(
        "wow-sim: {} {what}: {} ({summary}); later {} runs use it",
        flavor_name(flavor),
        entry.describe(),
        flavor_name(flavor)
    );
    // The folder to pass as --blizzard-ui / --art, on stdout for scripts.
    println!("{}", entry.load_dir(kind).display());
    Ok(())
}

#[cfg(not(feature = "fetch"))]
fn fetch(_kind: Kind, _flavor: Flavor, _args: &FetchArgs) -> anyhow::Result<()> {
    anyhow::bail!(
        "this build cannot download (built without the `fetch` feature); rebuild with --features fetch, or pass --blizzard-ui DIR"
    )
}

/// Every cached entry: kind, flavour, current mark, source, ref, commit, folder.
fn list() -> anyhow::Result<ExitCode> {
    let cache = cache_dir()?;
    let mut any = false;
    for kind in [Kind::Ui, Kind::Resources] {
        for flavor in [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra] {
            for e in ui_cache::list(&cache, kind, flavor) {
                any = true;
                println!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    kind.folder(),
                    flavor_name(flavor),
                    if e.current { "current" } else { "-" },
                    e.source,
                    e.reference,
                    e.commit.as_deref().unwrap_or("-"),
                    e.load_dir(kind).display()
                );
            }
        }
    }
    if !any {
        eprintln!(
            "wow-sim: nothing cached in {} (wow-sim ui fetch --flavor F downloads a UI)",
            cache.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
