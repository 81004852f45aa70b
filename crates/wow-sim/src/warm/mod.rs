//! `--warm`: start from a kept template instead of running the Blizzard UI's start-up again.
//!
//! The first `--warm` run of a configuration starts a template process in the background (this
//! binary with the same arguments and `WOWSIM_WARM_SERVE` set) and runs cold itself. The
//! template binds a Unix socket in the cache folder (`warm/<identity>.sock`), builds the
//! client and loads the Blizzard addons at the head of the start-up order
//! (`Simulator::new_template`), then waits. Each later `--warm` run connects, sends its
//! arguments, working folder, environment and standard streams; the template forks a copy
//! that takes the run's configuration (`Simulator::attach_addons`: the user's addons and their
//! global strings), runs the command on the client's streams and sends back its exit code.
//!
//! The identity names everything the template's state depends on: this binary (path, size,
//! modification time), the configuration without the wall-clock bound (flavour, UI folder,
//! addon folders, WTF, locale, budgets, …), the Blizzard UI tree (every path, size and
//! modification time), the user's addon folders' names and TOC files (what the Blizzard UI
//! sees of them as it loads; their other files are read by each run), the Blizzard addons'
//! SavedVariables files and the other inputs read
//! before any addon (`--art`, `--game-data`, `--global-strings`, `--scenario`,
//! `--combat-log`: size and time of each path). A change to any of them is another identity,
//! so another template. A run the template cannot serve (its user addons read a colour the
//! database lacks: `global_strings/user.rs`) runs cold, with a note. A template ends after
//! `WOW_SIM_WARM_IDLE` seconds (default 600) without a run, and removes its socket.

mod sys;

use crate::cli::{Cli, Command};
use std::cell::RefCell;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use wowsim_core::{SimConfig, Simulator};

/// The environment variable that makes a `--warm` run the template: the socket to bind.
const SERVE_VAR: &str = "WOWSIM_WARM_SERVE";
/// Seconds a template waits for a run before it ends.
const IDLE_VAR: &str = "WOW_SIM_WARM_IDLE";
const DEFAULT_IDLE: u64 = 600;
/// When set, a copy says on stderr that it ran from a template and what CPU time it used
/// before the first user addon and in all.
const REPORT_VAR: &str = "WOW_SIM_WARM_REPORT";

/// What a copy sends back: the run started warm; the run cannot be served (then the reason);
/// the exit code follows.
const STARTED: u8 = b'S';
const NOT_WARM: u8 = b'N';
const EXIT: u8 = b'E';

/// A run as the client sends it.
#[derive(serde::Serialize, serde::Deserialize)]
struct Request {
    args: Vec<Vec<u8>>,
    cwd: Vec<u8>,
    env: Vec<(Vec<u8>, Vec<u8>)>,
}

/// Set in a forked copy of a template: it never asks a template itself.
static IN_COPY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The identity of the template this process holds.
static SERVED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

thread_local! {
    /// In a forked copy: the template to continue and the connection to its client.
    static TEMPLATE: RefCell<Option<(Simulator, UnixStream)>> = const { RefCell::new(None) };
    /// In a forked copy, once the run has started: the connection to its client.
    static CLIENT: RefCell<Option<UnixStream>> = const { RefCell::new(None) };
}

/// Whether this process is a forked copy of a template (it prints no configuration notes:
/// its client did).
pub fn in_copy() -> bool {
    IN_COPY.load(std::sync::atomic::Ordering::Relaxed)
}

/// The configuration the command runs with, for the commands a template serves.
pub fn run_config(cli: &Cli, mut config: SimConfig) -> Option<SimConfig> {
    match &cli.command {
        Some(Command::LuaErrors(args)) => {
            crate::lua_errors::apply_args(&mut config, args);
            Some(config)
        }
        Some(Command::DumpTree(args)) => {
            crate::dump_tree::apply_args(&mut config, args);
            Some(config)
        }
        _ => None,
    }
}

/// With `--warm`: the run served by a template (its exit code), or `None` to run cold (a
/// template was started for the next run, or could not serve this one: a note says why).
pub fn try_serve(config: &SimConfig) -> Option<ExitCode> {
    if in_copy() {
        return None;
    }
    if std::env::var_os(SERVE_VAR).is_some() {
        return Some(serve(config));
    }
    let socket = socket_path(config)?;
    match UnixStream::connect(&socket) {
        Ok(conn) => match request(conn) {
            Ok(Some(code)) => Some(ExitCode::from(code)),
            Ok(None) => None,
            Err(e) => {
                eprintln!("wow-sim: the warm start's process ended before the run did: {e}");
                Some(ExitCode::from(2))
            }
        },
        Err(_) => {
            let _ = std::fs::remove_file(&socket);
            if let Err(e) = start_template(&socket) {
                eprintln!("wow-sim: note: warm start: cannot start a template: {e}");
            }
            None
        }
    }
}

/// Sends this run to a template; its exit code, or `None` when it cannot serve the run.
fn request(mut conn: UnixStream) -> std::io::Result<Option<u8>> {
    sys::send_fds(&conn, &[0, 1, 2])?;
    let req = Request {
        args: std::env::args_os().map(OsString::into_vec).collect(),
        cwd: std::env::current_dir()?.into_os_string().into_vec(),
        env: std::env::vars_os()
            .map(|(k, v)| (k.into_vec(), v.into_vec()))
            .collect(),
    };
    let body = serde_json::to_vec(&req).map_err(std::io::Error::other)?;
    conn.write_all(&(body.len() as u64).to_le_bytes())?;
    conn.write_all(&body)?;
    let mut reply = Vec::new();
    conn.read_to_end(&mut reply)?;
    match reply.split_first() {
        // No reply at all: the template ended (or failed to start) before serving.
        None => Ok(None),
        Some((&NOT_WARM, why)) => {
            eprintln!(
                "wow-sim: note: warm start: {}; started cold",
                String::from_utf8_lossy(why)
            );
            Ok(None)
        }
        Some((&STARTED, [EXIT, code])) => Ok(Some(*code)),
        Some(_) => Err(std::io::Error::other("no exit status")),
    }
}

/// Starts the template for `socket` in the background: this binary with the same arguments.
fn start_template(socket: &Path) -> std::io::Result<()> {
    use std::os::unix::process::CommandExt;
    let log = std::fs::File::create(socket.with_extension("log"))?;
    let mut args = std::env::args_os();
    args.next();
    std::process::Command::new(std::env::current_exe()?)
        .args(args)
        .env(SERVE_VAR, socket)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(log)
        .process_group(0)
        .spawn()
        .map(drop)
}

/// The socket of `config`'s template: `warm/<identity>.sock` in the cache folder.
fn socket_path(config: &SimConfig) -> Option<PathBuf> {
    let dir = crate::cli::default_cache_dir()?.join("warm");
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!("{:016x}.sock", identity(config)));
    // The limit of a Unix socket's path (sun_path) is 108 bytes.
    (path.as_os_str().len() < 100).then_some(path)
}

/// The configuration a template is built with: no wall-clock bound.
fn template_config(config: &SimConfig) -> SimConfig {
    let mut t = config.clone();
    t.timeout = None;
    t
}

/// The identity of the state a template holds for `config` (see the module's comment).
fn identity(config: &SimConfig) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    env!("CARGO_PKG_VERSION").hash(&mut h);
    if let Ok(exe) = std::env::current_exe() {
        meta(&exe, &mut h);
    }
    format!("{:?}", template_config(config)).hash(&mut h);
    if let Some(ui) = &config.blizzard_ui {
        tree(ui, &mut h);
        let names = std::fs::read_dir(ui).into_iter().flatten().flatten();
        let mut names: Vec<String> = names
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        if let Some(sv) = &config.saved_vars {
            for n in &names {
                meta(&sv.account_file(n), &mut h);
                meta(&sv.character_file(n), &mut h);
            }
        }
    }
    // The user's addon list and TOCs (the Blizzard UI sees them as it loads), not their files.
    for dir in &config.addon_dirs {
        for addon in sorted_entries(dir) {
            // The name only: an editor's files in the folder change its time.
            addon.as_os_str().as_bytes().hash(&mut h);
            for file in sorted_entries(&addon) {
                if file
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("toc"))
                {
                    meta(&file, &mut h);
                }
            }
        }
    }
    let inputs = config.art_dirs.iter().chain(&config.game_data);
    let inputs = inputs.chain(&config.global_strings).chain(&config.scenario);
    for p in inputs.chain(&config.combat_log) {
        meta(p, &mut h);
    }
    h.finish()
}

/// Hashes a path with its size and modification time (nothing when it is missing).
fn meta(p: &Path, h: &mut impl Hasher) {
    p.as_os_str().as_bytes().hash(h);
    if let Ok(m) = std::fs::metadata(p) {
        m.len().hash(h);
        m.modified().ok().hash(h);
    }
}

/// The paths in `dir`, in name order (none when it cannot be read).
fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    let mut v: Vec<PathBuf> = entries.map(|e| e.path()).collect();
    v.sort();
    v
}

/// Hashes every path under `dir` (in name order) with its size and modification time.
fn tree(dir: &Path, h: &mut impl Hasher) {
    for p in sorted_entries(dir) {
        meta(&p, h);
        if std::fs::symlink_metadata(&p).is_ok_and(|m| m.is_dir()) {
            tree(&p, h);
        }
    }
}

/// The template: binds the socket, builds the client up to the first user addon, then forks a
/// copy per connection until it has waited `WOW_SIM_WARM_IDLE` seconds for one.
fn serve(config: &SimConfig) -> ExitCode {
    let socket = PathBuf::from(std::env::var_os(SERVE_VAR).unwrap_or_default());
    if socket_path(config).as_deref() != Some(socket.as_path()) {
        eprintln!("wow-sim: warm template: the socket does not match this configuration");
        return ExitCode::from(2);
    }
    // Bound first: runs that come while the template loads wait for it.
    let listener = match UnixListener::bind(&socket) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("wow-sim: warm template: {}: {e}", socket.display());
            return ExitCode::from(2);
        }
    };
    let _ = std::fs::write(socket.with_extension("pid"), std::process::id().to_string());
    let _ = SERVED.set(identity(config));
    let code = match build_template(config) {
        Ok(sim) => accept_loop(&listener, sim),
        Err(e) => {
            eprintln!("wow-sim: warm template: {e:#}");
            ExitCode::from(2)
        }
    };
    let _ = std::fs::remove_file(&socket);
    let _ = std::fs::remove_file(socket.with_extension("pid"));
    code
}

fn build_template(config: &SimConfig) -> anyhow::Result<Simulator> {
    Simulator::new_template(template_config(config)).map_err(|e| anyhow::anyhow!("{e}"))
}

fn accept_loop(listener: &UnixListener, sim: Simulator) -> ExitCode {
    sys::reap_children_automatically();
    let idle = std::env::var(IDLE_VAR)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_IDLE);
    let mut sim = Some(sim);
    while sys::readable(listener.as_raw_fd(), Duration::from_secs(idle)) {
        let Ok((conn, _)) = listener.accept() else {
            continue;
        };
        match sys::fork() {
            Ok(true) => {
                IN_COPY.store(true, std::sync::atomic::Ordering::Relaxed);
                TEMPLATE.with(|t| *t.borrow_mut() = sim.take().zip(Some(conn)));
                sys::exit_now(copy_main());
            }
            Ok(false) => drop(conn),
            Err(e) => eprintln!("wow-sim: warm template: cannot fork: {e}"),
        }
    }
    ExitCode::SUCCESS
}

/// A forked copy: takes the client's streams, folder and environment, runs its command.
fn copy_main() -> i32 {
    let Some(conn) = TEMPLATE.with(|t| t.borrow().as_ref().map(|(_, c)| c.try_clone())) else {
        return 3;
    };
    let Ok(mut conn) = conn else { return 3 };
    let req = read_request(&mut conn);
    let Ok(req) = req else { return 3 };
    for (k, _) in std::env::vars_os() {
        std::env::remove_var(k);
    }
    for (k, v) in &req.env {
        std::env::set_var(OsString::from_vec(k.clone()), OsString::from_vec(v.clone()));
    }
    std::env::remove_var(SERVE_VAR);
    let args = req.args.into_iter().map(OsString::from_vec);
    let code = crate::run_args(args);
    let code = exit_byte(code);
    CLIENT.with(|c| {
        if let Some(c) = c.borrow_mut().as_mut() {
            if std::env::var_os(REPORT_VAR).is_some() {
                eprintln!(
                    "wow-sim: warm start: {:.3} s CPU in all",
                    sys::cpu_seconds()
                );
            }
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().flush();
            let _ = c.write_all(&[EXIT, code]);
        } else {
            // The run ended before it took the template (bad arguments, another command).
            not_warm(&mut conn, "the run did not start from the template");
        }
    });
    0
}

/// Reads the client's request and puts its streams and folder in place.
fn read_request(conn: &mut UnixStream) -> std::io::Result<Request> {
    let fds = sys::recv_fds(conn, 3)?;
    let mut len = [0u8; 8];
    conn.read_exact(&mut len)?;
    let len = u64::from_le_bytes(len);
    if len > 64 << 20 {
        return Err(std::io::Error::other("request too large"));
    }
    let mut body = vec![0u8; len as usize];
    conn.read_exact(&mut body)?;
    let req: Request = serde_json::from_slice(&body).map_err(std::io::Error::other)?;
    sys::redirect(fds)?;
    std::env::set_current_dir(PathBuf::from(OsString::from_vec(req.cwd.clone())))?;
    Ok(req)
}

/// The number of an exit code (`ExitCode` keeps it to itself).
fn exit_byte(code: ExitCode) -> u8 {
    (0..=255u8)
        .find(|&i| ExitCode::from(i) == code)
        .unwrap_or(1)
}

fn not_warm(conn: &mut UnixStream, why: &str) {
    let mut msg = vec![NOT_WARM];
    msg.extend_from_slice(why.as_bytes());
    let _ = conn.write_all(&msg);
}

/// The client the command runs with: in a copy of a template, the template given the run's
/// configuration (a run it cannot serve tells its client so and ends here: the client runs
/// cold); elsewhere a new one.
pub fn simulator(config: SimConfig) -> anyhow::Result<Simulator> {
    let Some((mut sim, mut conn)) = TEMPLATE.with(|t| t.borrow_mut().take()) else {
        return Simulator::new(config).map_err(|e| anyhow::anyhow!("{e}"));
    };
    let same = SERVED.get() == Some(&identity(&config));
    let attached = if same {
        sim.attach_addons(config).map_err(|e| e.0)
    } else {
        Err("the run's configuration is not the template's".to_string())
    };
    match attached {
        Ok(()) => {
            if std::env::var_os(REPORT_VAR).is_some() {
                eprintln!(
                    "wow-sim: warm start: template {}, {:.3} s CPU to the first user addon",
                    std::os::unix::process::parent_id(),
                    sys::cpu_seconds()
                );
            }
            let _ = conn.write_all(&[STARTED]);
            CLIENT.with(|c| *c.borrow_mut() = Some(conn));
            Ok(sim)
        }
        Err(why) => {
            not_warm(&mut conn, &why);
            sys::exit_now(0)
        }
    }
}
