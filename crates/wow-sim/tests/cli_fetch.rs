//! `wow-sim ui fetch`, `resources fetch` and `ui list` end to end against a tiny HTTP server
//! on 127.0.0.1 (a thread of this test, bounded in requests and time) that serves archives the
//! test builds from files of its own, in GitHub's codeload layout. Also the archives that must
//! be refused and the downloads that break, each leaving the cache as it was.

#![cfg(feature = "fetch")]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const SHA: &str = "0123456789abcdef0123456789abcdef01234567";

/// What the server answers for a path: the body, and whether to cut it short.
#[derive(Clone)]
struct Reply {
    body: Vec<u8>,
    truncate: bool,
}

struct Server {
    url: String,
    routes: Arc<Mutex<HashMap<String, Reply>>>,
    seen: Arc<Mutex<Vec<String>>>,
}

/// Serves `routes` on 127.0.0.1 for at most 60 requests or 120 seconds, then stops.
fn serve() -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let routes: Arc<Mutex<HashMap<String, Reply>>> = Arc::default();
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let (r, s) = (routes.clone(), seen.clone());
    std::thread::spawn(move || {
        let start = Instant::now();
        let mut served = 0;
        while served < 60 && start.elapsed() < Duration::from_secs(120) {
            let Ok((stream, _)) = listener.accept() else {
                std::thread::sleep(Duration::from_millis(5));
                continue;
            };
            served += 1;
            stream.set_nonblocking(false).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(10)))
                .unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request = String::new();
            let _ = reader.read_line(&mut request);
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
            }
            let path = request.split(' ').nth(1).unwrap_or("").to_string();
            s.lock().unwrap().push(path.clone());
            let reply = r.lock().unwrap().get(&path).cloned();
            let mut stream = stream;
            let _ = match reply {
                Some(rep) => {
                    let sent = if rep.truncate {
                        &rep.body[..rep.body.len() / 2]
                    } else {
                        &rep.body[..]
                    };
                    write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/x-gzip\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        rep.body.len()
                    )
                    .and_then(|_| stream.write_all(sent))
                }
                None => stream.write_all(
                    b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found",
                ),
            };
        }
    });
    Server { url, routes, seen }
}

impl Server {
    fn route(&self, path: &str, body: Vec<u8>, truncate: bool) {
        self.routes
            .lock()
            .unwrap()
            .insert(path.to_string(), Reply { body, truncate });
    }
}

/// One archive entry: a file, or a raw header for what `tar::Builder` would refuse to write.
enum Item<'a> {
    File(&'a str, &'a str),
    /// (raw path bytes, entry type, link name)
    Raw(&'a [u8], tar::EntryType, &'a [u8]),
}

/// A `.tar.gz` as `git archive` makes it: a pax global header with the commit, then entries.
fn archive(commit: Option<&str>, items: &[Item]) -> Vec<u8> {
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let mut b = tar::Builder::new(gz);
    if let Some(c) = commit {
        let data = format!("52 comment={c}\n");
        let mut h = tar::Header::new_ustar();
        h.set_path("pax_global_header").unwrap();
        h.set_entry_type(tar::EntryType::XGlobalHeader);
        h.set_size(data.len() as u64);
        h.set_cksum();
        b.append(&h, data.as_bytes()).unwrap();
    }
    for item in items {
        match item {
            Item::File(path, text) => {
                let mut h = tar::Header::new_gnu();
                h.set_path(path).unwrap();
                h.set_size(text.len() as u64);
                h.set_mode(0o644);
                h.set_cksum();
                b.append(&h, text.as_bytes()).unwrap();
            }
            Item::Raw(path, kind, link) => {
                let mut h = tar::Header::new_old();
                h.as_old_mut().name[..path.len()].copy_from_slice(path);
                h.as_old_mut().linkname[..link.len()].copy_from_slice(link);
                h.set_entry_type(*kind);
                h.set_size(if *kind == tar::EntryType::Regular {
                    2
                } else {
                    0
                });
                h.set_mode(0o644);
                h.set_cksum();
                let data: &[u8] = if *kind == tar::EntryType::Regular {
                    b"x\n"
                } else {
                    b""
                };
                b.append(&h, data).unwrap();
            }
        }
    }
    b.into_inner().unwrap().finish().unwrap()
}

fn ui_archive(top: &str, commit: Option<&str>) -> Vec<u8> {
    let toc = format!("{top}/Interface/AddOns/Blizzard_Probe/Blizzard_Probe.toc");
    let lua = format!("{top}/Interface/AddOns/Blizzard_Probe/Probe.lua");
    let readme = format!("{top}/README.md");
    archive(
        commit,
        &[
            Item::File(&readme, "not extracted\n"),
            Item::File(
                &toc,
                "## Interface: 11504\n## Title: Blizzard_Probe\nProbe.lua\n",
            ),
            Item::File(&lua, "ProbeFetched = 'from the cache'\n"),
        ],
    )
}

fn wow_sim(cache: &Path, server: &Server, args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wow-sim"));
    c.args(args)
        .env_remove("WOW_SIM_ADDONS")
        .env_remove("WOW_SIM_WOW_DIR")
        .env_remove("WOW_SIM_FLAVOR")
        .env("WOW_SIM_NO_LUA_CACHE", "true")
        .env("XDG_CACHE_HOME", cache)
        .env("WOWSIM_UI_MIRROR_URL", &server.url);
    for proxy in [
        "http_proxy",
        "HTTP_PROXY",
        "https_proxy",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "all_proxy",
    ] {
        c.env_remove(proxy);
    }
    c.output().expect("run wow-sim")
}

/// `base` joined with a `/`-separated relative path, one component at a time (so the path
/// prints with the platform's separators, as wow-sim prints it).
fn under(base: &Path, rel: &str) -> PathBuf {
    rel.split('/').fold(base.to_path_buf(), |p, c| p.join(c))
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wowsim-fetch-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every file and folder name under `dir`, relative, sorted.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            let rel: Vec<String> = p
                .strip_prefix(base)
                .unwrap()
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(rel.join("/"));
            if p.is_dir() {
                walk(base, &p, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

const RUN: &[&str] = &[
    "--no-addons",
    "--no-saved-vars",
    "--exec-lua",
    "print('probe: ' .. tostring(ProbeFetched))",
    "lua-errors",
    "--seconds",
    "0",
];

#[test]
fn ui_fetch_then_later_runs_use_it() {
    let server = serve();
    let cache = scratch("ui");
    server.route(
        "/Gethe/wow-ui-source/tar.gz/classic_era",
        ui_archive("wow-ui-source-classic_era", Some(SHA)),
        false,
    );
    let out = wow_sim(&cache, &server, &["--flavor", "classic_era", "ui", "fetch"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let entry = under(&cache, "wow-sim/ui/classic_era/classic_era-0123456789ab");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        under(&entry, "Interface/AddOns").display().to_string()
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(entry.join("wow-sim-source.json")).unwrap())
            .unwrap();
    assert_eq!(record["source"], "Gethe/wow-ui-source");
    assert_eq!(record["ref"], "classic_era");
    assert_eq!(record["commit"], SHA);
    assert_eq!(record["top_folder"], "wow-ui-source-classic_era");
    // Only Interface/ is kept.
    assert!(!entry.join("README.md").exists());

    let out = wow_sim(
        &cache,
        &server,
        &[&["--flavor", "classic_era"], RUN].concat(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("[chat] probe: from the cache"), "{err}");
    assert!(
        err.contains("note: using the cached Blizzard UI Gethe/wow-ui-source@classic_era (commit 0123456789abcdef0123456789abcdef01234567)"),
        "{err}"
    );
    // --no-blizzard-ui keeps the built-in base; another flavour has nothing cached.
    for extra in [
        &["--flavor", "classic_era", "--no-blizzard-ui"][..],
        &["--flavor", "retail"],
    ] {
        let out = wow_sim(&cache, &server, &[extra, RUN].concat());
        let err = stderr(&out);
        assert!(err.contains("[chat] probe: nil"), "{extra:?}: {err}");
        assert!(!err.contains("cached Blizzard UI"), "{err}");
    }
    let out = wow_sim(&cache, &server, &["ui", "list"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "ui\tclassic_era\tcurrent\tGethe/wow-ui-source\tclassic_era\t{SHA}\t{}\n",
            under(&entry, "Interface/AddOns").display()
        )
    );

    let _ = std::fs::remove_dir_all(&cache);
}

/// Retail and a chosen ref and source: the right URLs, and the newest entry is current.
#[test]
fn ui_fetch_ref_source_and_list() {
    let server = serve();
    let cache = scratch("refs");
    server.route(
        "/Gethe/wow-ui-source/tar.gz/classic_era",
        ui_archive("wow-ui-source-classic_era", Some(SHA)),
        false,
    );
    let out = wow_sim(&cache, &server, &["--flavor", "classic_era", "ui", "fetch"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    server.route(
        "/tomrus88/BlizzardInterfaceCode/tar.gz/master",
        ui_archive("BlizzardInterfaceCode-master", None),
        false,
    );
    server.route(
        &format!("/someone/ui-fork/tar.gz/{SHA}"),
        ui_archive(&format!("ui-fork-{SHA}"), None),
        false,
    );
    let out = wow_sim(&cache, &server, &["ui", "fetch"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(under(
        &cache,
        "wow-sim/ui/retail/master/Interface/AddOns/Blizzard_Probe"
    )
    .is_dir());
    let out = wow_sim(
        &cache,
        &server,
        &[
            "--flavor",
            "classic_era",
            "ui",
            "fetch",
            "--ref",
            SHA,
            "--source",
            "someone/ui-fork",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let list =
        String::from_utf8_lossy(&wow_sim(&cache, &server, &["ui", "list"]).stdout).into_owned();
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    assert!(
        lines[0].starts_with("ui\tretail\tcurrent\ttomrus88/BlizzardInterfaceCode\tmaster\t-\t")
    );
    assert!(
        lines[1].starts_with("ui\tclassic_era\tcurrent\tsomeone/ui-fork\t"),
        "{list}"
    );
    assert!(
        lines[2].starts_with("ui\tclassic_era\t-\tGethe/wow-ui-source\t"),
        "{list}"
    );
    let seen = server.seen.lock().unwrap().clone();
    assert_eq!(
        seen,
        [
            "/Gethe/wow-ui-source/tar.gz/classic_era".to_string(),
            "/tomrus88/BlizzardInterfaceCode/tar.gz/master".to_string(),
            format!("/someone/ui-fork/tar.gz/{SHA}"),
        ]
    );
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn resources_fetch_feeds_the_atlas_data() {
    let server = serve();
    let cache = scratch("res");
    let atlas = "local AtlasInfo = {\n\t[\"Interface/Icons/Probe\"] = {\n\t\t[\"probe-atlas\"] = {32, 16, 0, 0.5, 0, 0.25, false, false},\n\t},\n}\n";
    server.route(
        "/Ketho/BlizzardInterfaceResources/tar.gz/vanilla",
        archive(
            Some(SHA),
            &[
                Item::File(
                    "BlizzardInterfaceResources-vanilla/Resources/AtlasInfo.lua",
                    atlas,
                ),
                Item::File(
                    "BlizzardInterfaceResources-vanilla/Resources/GlobalStrings/enUS.lua",
                    "_G[\"PROBE\"] = \"Probe\";\n",
                ),
                Item::File(
                    "BlizzardInterfaceResources-vanilla/KethoDoc/KethoDoc.toc",
                    "## Title: x\n",
                ),
            ],
        ),
        false,
    );
    server.route(
        "/Gethe/wow-ui-source/tar.gz/classic_era",
        ui_archive("wow-ui-source-classic_era", Some(SHA)),
        false,
    );
    let out = wow_sim(
        &cache,
        &server,
        &["--flavor", "classic_era", "ui", "fetch", "--resources"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let entry = under(&cache, "wow-sim/resources/classic_era/vanilla-0123456789ab");
    assert_eq!(
        tree(&entry),
        [
            "AtlasInfo.lua",
            "GlobalStrings",
            "GlobalStrings/enUS.lua",
            "wow-sim-source.json"
        ]
    );
    let lua = "local i = C_Texture.GetAtlasInfo('probe-atlas'); print('atlas: ' .. tostring(i and i.width))";
    let run = |extra: &[&str]| {
        let mut args = vec!["--flavor", "classic_era", "--no-addons", "--no-saved-vars"];
        args.extend(extra);
        args.extend(["--exec-lua", lua, "lua-errors", "--seconds", "0"]);
        stderr(&wow_sim(&cache, &server, &args))
    };
    let err = run(&[]);
    assert!(err.contains("[chat] atlas: 32"), "{err}");
    assert!(
        err.contains(
            "note: using the cached client resources Ketho/BlizzardInterfaceResources@vanilla"
        ),
        "{err}"
    );
    let err = run(&["--no-resources"]);
    assert!(!err.contains("[chat] atlas: 32"), "{err}");
    assert!(!err.contains("cached client resources"), "{err}");
    let _ = std::fs::remove_dir_all(&cache);
}

/// (ref, archive, cut short, what the error says): archives to refuse, downloads that break.
/// An absolute path an archive may try to write to (never written: the archive is refused).
fn escape_target() -> std::path::PathBuf {
    std::env::temp_dir().join("wowsim-escape.lua")
}

fn bad_archives() -> Vec<(&'static str, Vec<u8>, bool, &'static str)> {
    let escape = escape_target().to_string_lossy().into_owned().into_bytes();
    let good = ui_archive("top", None);
    let toc = "top/Interface/AddOns/Blizzard_X/Blizzard_X.toc";
    vec![
        (
            "dotdot",
            archive(
                None,
                &[
                    Item::File(toc, "x"),
                    Item::Raw(
                        b"top/Interface/../../escape.lua",
                        tar::EntryType::Regular,
                        b"",
                    ),
                ],
            ),
            false,
            "a path with '..'",
        ),
        (
            "absolute",
            archive(
                None,
                &[
                    Item::File(toc, "x"),
                    Item::Raw(&escape, tar::EntryType::Regular, b""),
                ],
            ),
            false,
            "an absolute path",
        ),
        (
            "symlink",
            archive(
                None,
                &[
                    Item::File(toc, "x"),
                    Item::Raw(
                        b"top/Interface/AddOns/link",
                        tar::EntryType::Symlink,
                        b"/etc",
                    ),
                ],
            ),
            false,
            "a link",
        ),
        (
            "hardlink",
            archive(
                None,
                &[
                    Item::File(toc, "x"),
                    Item::Raw(b"top/Interface/AddOns/hard", tar::EntryType::Link, b"top/x"),
                ],
            ),
            false,
            "a link",
        ),
        (
            "two-tops",
            archive(
                None,
                &[
                    Item::File(toc, "x"),
                    Item::File("other/Interface/a.lua", "x"),
                ],
            ),
            false,
            "a second top folder",
        ),
        (
            "no-blizzard",
            archive(
                None,
                &[Item::File("top/Interface/AddOns/Mine/Mine.toc", "x")],
            ),
            false,
            "no Interface/AddOns/Blizzard_* folders",
        ),
        (
            "no-interface",
            archive(None, &[Item::File("top/README.md", "x")]),
            false,
            "no Interface/ folder",
        ),
        ("truncated", good.clone(), true, "reading the archive"),
        (
            "not-gzip",
            b"<html>not an archive</html>".to_vec(),
            false,
            "reading the archive",
        ),
    ]
}

#[test]
fn bad_archives_and_broken_downloads_leave_the_cache_as_it_was() {
    let server = serve();
    let cache = scratch("bad");
    server.route(
        "/Gethe/wow-ui-source/tar.gz/classic",
        ui_archive("wow-ui-source-classic", Some(SHA)),
        false,
    );
    let out = wow_sim(&cache, &server, &["--flavor", "classic", "ui", "fetch"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let flavour = under(&cache, "wow-sim/ui/classic");
    let before = tree(&flavour);
    let cases = bad_archives();
    for (name, body, truncate, expect) in &cases {
        server.route(
            &format!("/Gethe/wow-ui-source/tar.gz/{name}"),
            body.clone(),
            *truncate,
        );
        let out = wow_sim(
            &cache,
            &server,
            &["--flavor", "classic", "ui", "fetch", "--ref", name],
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(expect), "{name}: expected {expect:?} in {err}");
        assert_eq!(tree(&flavour), before, "{name} changed the cache");
    }
    assert!(!escape_target().exists());
    assert!(!under(&cache, "wow-sim/ui/escape.lua").exists());
    let out = wow_sim(
        &cache,
        &server,
        &["--flavor", "classic", "ui", "fetch", "--ref", "missing"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not found (HTTP 404)"),
        "{}",
        stderr(&out)
    );
    // The good entry is still the one runs use.
    let out = wow_sim(&cache, &server, &[&["--flavor", "classic"], RUN].concat());
    assert!(
        stderr(&out).contains("[chat] probe: from the cache"),
        "{}",
        stderr(&out)
    );
    // A bad ref never reaches the server.
    let out = wow_sim(&cache, &server, &["ui", "fetch", "--ref", "../x"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&cache);
}
