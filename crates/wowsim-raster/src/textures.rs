//! Finding and caching texture files by the client's path. A client path
//! (`Interface\AddOns\MyAddon\Art\Bar`, any case, `\` or `/`, with or without extension) is
//! looked up under each [`Root`] whose prefix it starts with; the rest is matched component by
//! component ignoring case. Without an extension (or when the named file is absent) `.blp`,
//! `.tga`, `.png`, `.jpg` and `.jpeg` are tried in that order. `Interface\Buttons\WHITE8X8`, the
//! client's plain white texture, is white when no folder has it. What cannot be found or decoded becomes the
//! placeholder (a magenta/black checker) and a [`TextureProblem`], reported once per path.

use crate::decode::{self, RgbaImage};
use std::collections::HashMap;
use std::sync::Arc;
pub use wowsim_render::files::Root;
use wowsim_render::files::{self, FileFinder};

/// Why a texture is drawn as the placeholder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextureProblem {
    NotFound(String),
    Undecodable {
        path: String,
        error: String,
    },
    /// An atlas the atlas data lacks (or no atlas data), a file id, or another source that
    /// cannot be drawn.
    Unsupported(String),
    /// Decoding it would take the decoded textures past the store's bound
    /// ([`MAX_DECODED_BYTES`]): bytes of the bound.
    OverBound {
        path: String,
        limit: usize,
    },
}

/// Bytes of decoded pixels one [`TextureStore`] holds at most (1 GiB: one image of the largest
/// size a decoder accepts, `decode::MAX_SIDE` on a side). Small files can decode to huge
/// images (a PNG of one colour), and each texture an addon names is kept: past this bound a
/// texture is drawn as the placeholder with a problem saying why, so the process stays bounded.
pub const MAX_DECODED_BYTES: usize = 1 << 30;

impl std::fmt::Display for TextureProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextureProblem::NotFound(p) => write!(f, "texture not found: {p}"),
            TextureProblem::Undecodable { path, error } => {
                write!(f, "texture {path} could not be decoded: {error}")
            }
            TextureProblem::Unsupported(p) if p.starts_with("atlas:") => {
                write!(f, "cannot draw {p} (no atlas data for it)")
            }
            TextureProblem::Unsupported(p) => write!(f, "cannot draw {p}"),
            TextureProblem::OverBound { path, limit } => {
                let size = match limit >> 20 {
                    0 => format!("{} KiB", limit >> 10),
                    mib => format!("{mib} MiB"),
                };
                write!(
                    f,
                    "texture {path} not drawn: the decoded textures would take more than {size} \
                     (wow-sim's bound on decoded images)"
                )
            }
        }
    }
}

/// A decoded texture, ready to sample.
#[derive(Debug)]
pub struct Texture {
    pub image: RgbaImage,
    /// Sample the nearest texel (the placeholder) instead of filtering.
    pub nearest: bool,
    /// The placeholder: quads draw it as a checker of 8-pixel cells from their top-left (smaller
    /// on quads under 16 pixels), whatever their tex coords, so it looks the same everywhere.
    pub checker: bool,
}

impl Texture {
    /// A 1×1 opaque white texture (a colour mask: masks by its rect only).
    pub fn white() -> Texture {
        Texture {
            image: RgbaImage {
                width: 1,
                height: 1,
                pixels: vec![255; 4],
            },
            nearest: true,
            checker: false,
        }
    }
}

/// Client paths (cache keys) of plain white textures, drawn white when no folder has them.
const BUILT_IN_WHITE: [&str; 2] = [
    "interface/buttons/white8x8",
    "interface/buttons/white8x8.blp",
];

/// The 8×8 placeholder: 4×4 cells of magenta and black.
pub fn placeholder() -> Arc<Texture> {
    let mut image = RgbaImage::new(8, 8);
    for y in 0..8u32 {
        for x in 0..8u32 {
            let on = ((x / 4) + (y / 4)) % 2 == 0;
            let px = if on {
                [255, 0, 255, 255]
            } else {
                [0, 0, 0, 255]
            };
            let o = ((y * 8 + x) * 4) as usize;
            image.pixels[o..o + 4].copy_from_slice(&px);
        }
    }
    Arc::new(Texture {
        image,
        nearest: true,
        checker: true,
    })
}

/// Texture lookup with a cache and a problem list.
pub struct TextureStore {
    finder: FileFinder,
    cache: HashMap<String, Arc<Texture>>,
    placeholder: Arc<Texture>,
    /// Problems in first-seen order, one per path.
    pub problems: Vec<TextureProblem>,
    /// Bytes of the decoded images in the cache, and their bound.
    decoded: usize,
    limit: usize,
}

impl TextureStore {
    pub fn new(roots: Vec<Root>) -> TextureStore {
        TextureStore {
            finder: FileFinder::new(roots),
            cache: HashMap::new(),
            placeholder: placeholder(),
            problems: Vec::new(),
            decoded: 0,
            limit: MAX_DECODED_BYTES,
        }
    }

    /// The same store with another bound on decoded bytes (tests).
    pub fn with_limit(mut self, limit: usize) -> TextureStore {
        self.limit = limit;
        self
    }

    /// Adds an already decoded image under a client path (tests, generated art).
    pub fn insert(&mut self, client_path: &str, image: RgbaImage) {
        let key = files::key(client_path);
        self.cache.insert(
            key,
            Arc::new(Texture {
                image,
                nearest: false,
                checker: false,
            }),
        );
    }

    /// The placeholder, recording `problem` once.
    pub fn missing(&mut self, problem: TextureProblem) -> Arc<Texture> {
        if !self.problems.contains(&problem) {
            self.problems.push(problem);
        }
        self.placeholder.clone()
    }

    /// The texture for a client path (the placeholder when it cannot be had).
    pub fn get(&mut self, client_path: &str) -> Arc<Texture> {
        let key = files::key(client_path);
        if let Some(t) = self.cache.get(&key) {
            return t.clone();
        }
        let found = self
            .finder
            .find(client_path, &["blp", "tga", "png", "jpg", "jpeg"]);
        let tex = match found {
            // The client's plain white texture, which addons colour with SetVertexColor; its
            // content is known, so it needs no client art.
            None if BUILT_IN_WHITE.contains(&key.as_str()) => Arc::new(Texture::white()),
            None => self.missing(TextureProblem::NotFound(client_path.to_string())),
            Some(file) => match std::fs::read(&file)
                .map_err(|e| e.to_string())
                .and_then(|b| {
                    decode::decode(&b, &file.to_string_lossy()).map_err(|e| e.to_string())
                }) {
                Ok(image) if self.decoded + image.pixels.len() > self.limit => {
                    self.missing(TextureProblem::OverBound {
                        path: client_path.to_string(),
                        limit: self.limit,
                    })
                }
                Ok(image) => {
                    self.decoded += image.pixels.len();
                    Arc::new(Texture {
                        image,
                        nearest: false,
                        checker: false,
                    })
                }
                Err(error) => self.missing(TextureProblem::Undecodable {
                    path: client_path.to_string(),
                    error,
                }),
            },
        };
        self.cache.insert(key, tex.clone());
        tex
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_files_ignoring_case_and_extension() {
        let dir = std::env::temp_dir().join(format!("wowsim-tex-{}", std::process::id()));
        let art = dir.join("MyAddon").join("Art");
        std::fs::create_dir_all(&art).unwrap();
        let img = RgbaImage::new(2, 2);
        std::fs::write(art.join("Bar.tga"), decode::tga::encode(&img)).unwrap();
        std::fs::write(art.join("Broken.tga"), b"xx").unwrap();
        let mut s = TextureStore::new(vec![Root::new("Interface/AddOns", &dir)]);
        assert!(!s.get("Interface\\AddOns\\myaddon\\art\\BAR").nearest);
        assert!(!s.get("interface/addons/MyAddon/Art/bar.blp").nearest);
        assert!(s.get("Interface\\AddOns\\MyAddon\\Art\\Nope").nearest);
        assert!(s.get("Interface\\AddOns\\MyAddon\\Art\\Broken.tga").nearest);
        assert!(s.get("Interface\\AddOns\\MyAddon\\Art\\Nope").nearest);
        assert!(!s.get("Interface\\BUTTONS\\WHITE8X8").checker);
        assert_eq!(s.problems.len(), 2);
        assert!(matches!(s.problems[1], TextureProblem::Undecodable { .. }));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Many textures that decode large (an addon naming thousands of them) stop at the bound:
    /// the ones past it are the placeholder with a problem each, the ones before it are drawn,
    /// and a texture already decoded is not counted twice.
    #[test]
    fn decoded_textures_stay_within_the_bound() {
        let dir = std::env::temp_dir().join(format!("wowsim-tex-bound-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let img = RgbaImage::new(64, 64);
        for i in 0..10 {
            std::fs::write(dir.join(format!("T{i}.tga")), decode::tga::encode(&img)).unwrap();
        }
        // Room for four images of 16 KiB.
        let mut s = TextureStore::new(vec![Root::new("Interface/AddOns", &dir)]).with_limit(65536);
        let drawn: Vec<bool> = (0..10)
            .map(|i| !s.get(&format!("Interface/AddOns/T{i}")).nearest)
            .collect();
        assert_eq!(
            drawn,
            [true, true, true, true, false, false, false, false, false, false]
        );
        assert!(
            !s.get("Interface/AddOns/T0").nearest,
            "a cached texture is not counted again"
        );
        assert_eq!(s.problems.len(), 6);
        assert!(
            s.problems[0]
                .to_string()
                .contains("would take more than 64 KiB"),
            "{}",
            s.problems[0]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
