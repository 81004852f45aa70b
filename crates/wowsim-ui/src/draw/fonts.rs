//! Client font paths → faces for text layout and drawing. `SetFont("Fonts\\FRIZQT__.TTF", …)`
//! uses the real font file when one of the file roots has it (the `--art` folders hold the
//! client's `Fonts\`; addon folders serve `Interface\AddOns\…` fonts such as shared-media
//! ones), found as textures are (any case, `\` or `/`). A path no root has is drawn and measured
//! with the embedded fallback font (the normal case without client art); a file that is there
//! but is not a font is a [`FontProblem`] (reported once) and uses the fallback too. Measurement
//! (`GetStringWidth`, …) and drawing ask this same library, so layout and pixels agree.

use std::collections::HashMap;
use std::path::PathBuf;
use wowsim_render::files::{self, FileFinder, Root};
use wowsim_render::text::Face;

/// A font file that was found but could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FontProblem {
    /// The client path the UI asked for.
    pub path: String,
    /// The file found for it.
    pub file: PathBuf,
    pub error: String,
}

impl std::fmt::Display for FontProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "font {} ({}) could not be loaded: {}; the bundled font is used instead",
            self.path,
            self.file.display(),
            self.error
        )
    }
}

/// Faces by client path, loaded on first use.
#[derive(Default)]
pub struct FontLibrary {
    finder: FileFinder,
    /// Exact path string → face (the fast path: the same strings come back every frame).
    by_string: HashMap<String, Face>,
    /// Normalised path → face.
    by_key: HashMap<String, Face>,
    /// Paths no root has, in first-seen order (drawn with the fallback).
    pub not_found: Vec<String>,
    /// Files that are not fonts, in first-seen order.
    pub problems: Vec<FontProblem>,
    /// What the tables above hold for the paths asked (about three copies of each distinct
    /// path string and the entries): addon code chooses the paths (`SetFont(path)`), so the
    /// UI model counts this against the memory cap (`UiState::face`).
    pub held_bytes: usize,
}

/// What one distinct path costs in a [`FontLibrary`] besides its text's copies.
const PATH_ENTRY_BYTES: usize = 128;

impl FontLibrary {
    /// A library over `roots` (as for textures: (client path prefix, folder)).
    pub fn new(roots: &[(String, PathBuf)]) -> FontLibrary {
        FontLibrary {
            finder: FileFinder::new(roots.iter().map(|(p, d)| Root::new(p, d)).collect()),
            ..FontLibrary::default()
        }
    }

    /// Looks files up under `roots` from now on (a warm start adds the user's addon folders
    /// after the Blizzard UI has loaded); the faces found so far stay.
    pub fn set_roots(&mut self, roots: &[(String, PathBuf)]) {
        self.finder = FileFinder::new(roots.iter().map(|(p, d)| Root::new(p, d)).collect());
    }

    /// The face for a client font path (the fallback when there is none to load).
    pub fn face(&mut self, path: &str) -> Face {
        if let Some(f) = self.by_string.get(path) {
            return f.clone();
        }
        let key = files::key(path);
        let face = match self.by_key.get(&key) {
            Some(f) => f.clone(),
            None => {
                let f = self.load(path);
                self.by_key.insert(key, f.clone());
                f
            }
        };
        self.by_string.insert(path.to_string(), face.clone());
        self.held_bytes += 3 * path.len() + PATH_ENTRY_BYTES;
        face
    }

    fn load(&mut self, path: &str) -> Face {
        if path.is_empty() {
            return Face::fallback();
        }
        let Some(file) = self.finder.find(path, &["ttf", "otf"]) else {
            self.not_found.push(path.to_string());
            return Face::fallback();
        };
        let loaded = std::fs::read(&file)
            .map_err(|e| e.to_string())
            .and_then(|b| Face::from_bytes(&file.to_string_lossy(), b));
        match loaded {
            Ok(f) => f,
            Err(error) => {
                self.problems.push(FontProblem {
                    path: path.to_string(),
                    file,
                    error,
                });
                Face::fallback()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_real_fonts_and_falls_back_with_a_reason() {
        let dir = std::env::temp_dir().join(format!("wowsim-fonts-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("fonts")).unwrap();
        std::fs::write(
            dir.join("fonts").join("ARIALN.ttf"),
            wowsim_render::text::font_bytes(),
        )
        .unwrap();
        std::fs::write(dir.join("fonts").join("FRIZQT__.TTF"), b"not a font").unwrap();
        let mut lib = FontLibrary::new(&[(String::new(), dir.clone())]);
        let arial = lib.face("Fonts\\ARIALN.TTF");
        assert_ne!(arial, Face::fallback());
        assert_eq!(lib.face("FONTS/arialn.ttf"), arial);
        assert_eq!(lib.face("Fonts\\FRIZQT__.TTF"), Face::fallback());
        assert_eq!(lib.face("Fonts\\MORPHEUS.TTF"), Face::fallback());
        assert_eq!(lib.face("Fonts\\FRIZQT__.TTF"), Face::fallback());
        assert_eq!(lib.problems.len(), 1);
        assert!(lib.problems[0].to_string().contains("FRIZQT__.TTF"));
        assert_eq!(lib.not_found, ["Fonts\\MORPHEUS.TTF"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Addon code chooses font paths (`SetFont(path)`), and the library keeps every distinct
    /// one: they count against the memory cap as they are first asked for, once.
    #[test]
    fn new_font_paths_count_against_the_memory_cap() {
        let mut ui = crate::arena::UiState::default();
        let path = |i: usize| format!("Fonts\\{}.ttf", i.to_string().repeat(1000));
        let start = ui.host_bytes.get();
        let mut want = start;
        for i in 0..10 {
            let p = path(i);
            assert_eq!(ui.face(&p), Face::fallback());
            want += 3 * p.len() + PATH_ENTRY_BYTES;
            assert_eq!(ui.host_bytes.get(), want, "path {i}");
        }
        assert!(want - start > 30_000);
        ui.face(&path(3));
        assert_eq!(
            ui.host_bytes.get(),
            want,
            "a path asked again is not counted again"
        );
    }
}
