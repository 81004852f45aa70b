//! Path helpers and the plain (no-crash) behaviour of `save_atomic`.

use std::path::Path;
use wowsim_savedvars::{account_path, backup_path, character_path, save_atomic, save_atomic_with};

#[test]
fn paths() {
    let wtf = Path::new("/games/wow/_retail_/WTF");
    assert_eq!(
        account_path(wtf, "12345#1", "WeakAuras"),
        Path::new("/games/wow/_retail_/WTF/Account/12345#1/SavedVariables/WeakAuras.lua")
    );
    assert_eq!(
        character_path(wtf, "ACC", "Azjol-Nerub", "Papatoshi", "Details"),
        Path::new(
            "/games/wow/_retail_/WTF/Account/ACC/Azjol-Nerub/Papatoshi/SavedVariables/Details.lua"
        )
    );
    assert_eq!(
        backup_path(Path::new("/x/Addon.lua")),
        Path::new("/x/Addon.lua.bak")
    );
}

#[test]
fn save_keeps_previous_as_bak() {
    let dir = std::env::temp_dir().join(format!("sv-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("Addon.lua");
    save_atomic(&path, b"\nA = 1\n").expect("first save");
    assert_eq!(std::fs::read(&path).expect("read"), b"\nA = 1\n");
    assert!(
        !backup_path(&path).exists(),
        "no .bak without a previous file"
    );
    save_atomic(&path, b"\nA = 2\n").expect("second save");
    save_atomic(&path, b"\nA = 3\n").expect("third save");
    assert_eq!(std::fs::read(&path).expect("read"), b"\nA = 3\n");
    assert_eq!(
        std::fs::read(backup_path(&path)).expect("read bak"),
        b"\nA = 2\n"
    );
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["Addon.lua", "Addon.lua.bak"],
        "no temp files left behind"
    );
    assert!(save_atomic(&dir.join("missing-dir").join("x.lua"), b"").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn failed_fill_leaves_file_and_backup_untouched() {
    let dir = std::env::temp_dir().join(format!("sv-store-fill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("Addon.lua");
    save_atomic(&path, b"\nA = 1\n").expect("first save");
    save_atomic_with(&path, |w| w.write_all(b"\nA = 2\n")).expect("streamed save");
    let failed = save_atomic_with(&path, |w| {
        w.write_all(b"\nA = 3")?;
        Err(std::io::Error::other("walk failed"))
    });
    assert_eq!(failed.expect_err("fails").to_string(), "walk failed");
    assert_eq!(std::fs::read(&path).expect("read"), b"\nA = 2\n");
    assert_eq!(
        std::fs::read(backup_path(&path)).expect("read bak"),
        b"\nA = 1\n"
    );
    let mut tmp = path.as_os_str().to_os_string();
    tmp.push(".tmp");
    assert!(!Path::new(&tmp).exists(), "the temporary file is removed");
    std::fs::remove_dir_all(&dir).ok();
}
