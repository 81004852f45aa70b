//! Downloading a cache entry: `GET <mirror>/<owner>/<repo>/tar.gz/<ref>` (GitHub's codeload
//! layout; the mirror base is `ui_cache::DEFAULT_MIRROR` unless `--mirror-url` or
//! `WOWSIM_UI_MIRROR_URL` says otherwise), streamed through gzip and tar into a temporary folder of the cache,
//! checked, recorded, then renamed into place and made current. Any failure removes the
//! temporary folder; the previous entry stays in use.

use super::unpack::unpack;
use super::{flavour_dir, Entry, Kind, CURRENT, RECORD};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};
use wowsim_core::Flavor;

/// The public mirror and branch used for a flavour when `--source`/`--ref` are not given.
pub fn default_source(kind: Kind, flavor: Flavor) -> (&'static str, &'static str) {
    match (kind, flavor) {
        (Kind::Ui, Flavor::Retail) => ("tomrus88/BlizzardInterfaceCode", "master"),
        (Kind::Ui, Flavor::Classic) => ("Gethe/wow-ui-source", "classic"),
        (Kind::Ui, Flavor::ClassicEra) => ("Gethe/wow-ui-source", "classic_era"),
        (Kind::Resources, Flavor::Retail) => ("Ketho/BlizzardInterfaceResources", "mainline"),
        (Kind::Resources, Flavor::Classic) => ("Ketho/BlizzardInterfaceResources", "mists"),
        (Kind::Resources, Flavor::ClassicEra) => ("Ketho/BlizzardInterfaceResources", "vanilla"),
    }
}

/// What to fetch.
pub struct Request<'a> {
    pub kind: Kind,
    pub flavor: Flavor,
    /// `owner/repo`.
    pub source: &'a str,
    pub reference: &'a str,
    /// The base URL (`https://codeload.github.com`).
    pub mirror: &'a str,
}

impl Request<'_> {
    pub fn url(&self) -> String {
        format!(
            "{}/{}/tar.gz/{}",
            self.mirror.trim_end_matches('/'),
            self.source,
            self.reference
        )
    }
}

/// A folder-name-safe form of a ref (`refs/heads/x` → `refs-heads-x`).
fn entry_stem(reference: &str) -> String {
    let stem = reference
        .chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' | '-' | '.' => c,
            _ => '-',
        })
        .collect::<String>()
        .trim_start_matches('.')
        .to_string();
    if stem.is_empty() {
        "ref".to_string()
    } else {
        stem
    }
}

/// Removes `.tmp-*`/`.old-*` folders a killed fetch left more than a day ago.
fn sweep(dir: &Path) {
    let day = std::time::Duration::from_secs(86_400);
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > day);
        if (name.starts_with(".tmp-") || name.starts_with(".old-")) && old {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Checks what was unpacked: a UI has `Interface/AddOns/Blizzard_*` folders, resources an
/// `AtlasInfo.lua` or a `GlobalStrings` folder. Returns a count for the summary.
fn check(kind: Kind, tmp: &Path, url: &str) -> anyhow::Result<String> {
    match kind {
        Kind::Ui => {
            let addons = tmp.join("Interface").join("AddOns");
            let n = std::fs::read_dir(&addons)
                .into_iter()
                .flatten()
                .flatten()
                .filter(|e| {
                    e.path().is_dir()
                        && e.file_name()
                            .to_string_lossy()
                            .to_ascii_lowercase()
                            .starts_with("blizzard_")
                })
                .count();
            if n == 0 {
                bail!("{url}: the archive has no Interface/AddOns/Blizzard_* folders; not a Blizzard UI tree");
            }
            Ok(format!("{n} Blizzard_* addons"))
        }
        Kind::Resources => {
            let atlas = wowsim_toc::resolve_path_ci(tmp, "AtlasInfo.lua").is_some();
            let strings = wowsim_toc::resolve_path_ci(tmp, "GlobalStrings").is_some();
            if !atlas && !strings {
                bail!("{url}: the archive's Resources/ has neither AtlasInfo.lua nor GlobalStrings/; not a client resources export");
            }
            let what: Vec<&str> = [(atlas, "AtlasInfo.lua"), (strings, "GlobalStrings")]
                .into_iter()
                .filter_map(|(ok, s)| ok.then_some(s))
                .collect();
            Ok(what.join(" and "))
        }
    }
}

/// Downloads, unpacks and checks into `tmp`; returns the entry's record.
fn download(req: &Request, tmp: &Path) -> anyhow::Result<(serde_json::Value, String)> {
    let url = req.url();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_connect(Some(std::time::Duration::from_secs(30)))
        .user_agent(concat!("wow-sim/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let resp = agent.get(&url).call().map_err(|e| match e {
        ureq::Error::StatusCode(404) => anyhow::anyhow!(
            "{url}: not found (HTTP 404); check --source and --ref (a branch, tag or commit of that repository)"
        ),
        ureq::Error::StatusCode(code) => anyhow::anyhow!("{url}: HTTP {code}"),
        e => anyhow::anyhow!("{url}: {e}"),
    })?;
    let body = resp.into_body().into_reader();
    let (dest, subdir) = match req.kind {
        Kind::Ui => (tmp.join("Interface"), "Interface"),
        Kind::Resources => (tmp.to_path_buf(), "Resources"),
    };
    std::fs::create_dir_all(&dest)?;
    let got = unpack(body, &dest, subdir).with_context(|| url.clone())?;
    let summary = check(req.kind, tmp, &url)?;
    // The commit: the archive's pax header, else the top folder's `<repo>-<sha>` suffix when
    // the ref was a commit.
    let commit = got.commit.clone().or_else(|| {
        let tail = got.top.rsplit('-').next()?;
        (tail.len() == 40 && tail.bytes().all(|b| b.is_ascii_hexdigit())).then(|| tail.into())
    });
    let record = serde_json::json!({
        "kind": req.kind.folder(),
        "flavor": crate::config::flavor_name(req.flavor),
        "source": req.source,
        "ref": req.reference,
        "commit": commit,
        "url": url,
        "top_folder": got.top,
        "files": got.files,
        "bytes": got.bytes,
    });
    Ok((record, format!("{summary}, {} files", got.files)))
}

/// Fetches one entry and makes it current; returns it and a one-line summary.
pub fn fetch(cache: &Path, req: &Request) -> anyhow::Result<(Entry, String)> {
    let dir = flavour_dir(cache, req.kind, req.flavor);
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create the cache folder {}", dir.display()))?;
    sweep(&dir);
    let stamp = format!(
        "{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    );
    let tmp = dir.join(format!(".tmp-{stamp}"));
    std::fs::create_dir(&tmp)?;
    let result = (|| -> anyhow::Result<(Entry, String)> {
        let (record, summary) = download(req, &tmp)?;
        let commit = record["commit"].as_str().map(str::to_string);
        std::fs::write(
            tmp.join(RECORD),
            serde_json::to_string_pretty(&record)? + "\n",
        )?;
        let name = match &commit {
            Some(c) => format!("{}-{}", entry_stem(req.reference), &c[..c.len().min(12)]),
            None => entry_stem(req.reference),
        };
        let path = dir.join(&name);
        let old: Option<PathBuf> = path.exists().then(|| dir.join(format!(".old-{stamp}")));
        if let Some(old) = &old {
            std::fs::rename(&path, old)?;
        }
        if let Err(e) = std::fs::rename(&tmp, &path) {
            if let Some(old) = &old {
                let _ = std::fs::rename(old, &path);
            }
            return Err(e.into());
        }
        crate::report::write_whole(&dir.join(CURRENT), format!("{name}\n").as_bytes())?;
        if let Some(old) = &old {
            let _ = std::fs::remove_dir_all(old);
        }
        let entry = Entry {
            path,
            source: req.source.to_string(),
            reference: req.reference.to_string(),
            commit,
            current: true,
        };
        Ok((entry, summary))
    })();
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::entry_stem;

    #[test]
    fn stems() {
        for (r, s) in [
            ("classic_era", "classic_era"),
            ("refs/heads/live", "refs-heads-live"),
            ("..x", "x"),
            ("v1.0", "v1.0"),
            ("..", "ref"),
        ] {
            assert_eq!(entry_stem(r), s);
        }
    }
}
