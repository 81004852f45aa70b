//! BLP2 decoding (the client's texture format), first mip level only. Layout, all little
//! endian: `"BLP2"`, u32 type (1), u8 compression (1 palettized, 2 DXT, 3 uncompressed BGRA),
//! u8 alpha depth (0, 1, 4, 8), u8 alpha type (DXT: 0 → DXT1, 1 → DXT3, 7 → DXT5), u8 has-mips,
//! u32 width, u32 height, u32 mip offsets[16], u32 mip sizes[16]; then a 256-entry BGRA
//! palette (always present; used by compression 1). Palettized data is `w × h` indices
//! followed by the alpha bits, packed least significant bit first. BLP1 (JPEG) is refused.

use super::dxt::{self, Dxt};
use super::{check_size, DecodeError, RgbaImage};

const FORMAT: &str = "BLP";
const HEADER: usize = 148;
const PALETTE: usize = 1024;

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn invalid(why: impl Into<String>) -> DecodeError {
    DecodeError::Invalid {
        format: FORMAT,
        why: why.into(),
    }
}

/// Decodes a BLP2 file.
pub fn decode(b: &[u8]) -> Result<RgbaImage, DecodeError> {
    if b.len() < 4 {
        return Err(DecodeError::Truncated("BLP signature"));
    }
    match &b[..4] {
        b"BLP2" => {}
        b"BLP1" | b"BLP0" => {
            return Err(DecodeError::Unsupported {
                format: FORMAT,
                why: "BLP0/BLP1 (JPEG or old palettized) files".into(),
            })
        }
        _ => return Err(invalid("missing BLP2 signature")),
    }
    if b.len() < HEADER {
        return Err(DecodeError::Truncated("BLP header"));
    }
    let compression = b[8];
    let alpha_depth = b[9];
    let alpha_type = b[10];
    let (w, h) = (u32_at(b, 12), u32_at(b, 16));
    check_size(w, h)?;
    let offset = u32_at(b, 20) as usize;
    let size = u32_at(b, 20 + 64) as usize;
    let data = offset
        .checked_add(size)
        .and_then(|end| b.get(offset..end))
        .ok_or(DecodeError::Truncated("BLP mip level 0"))?;
    let n = w as usize * h as usize;
    match compression {
        1 => {
            let pal = b
                .get(HEADER..HEADER + PALETTE)
                .ok_or(DecodeError::Truncated("BLP palette"))?;
            if !matches!(alpha_depth, 0 | 1 | 4 | 8) {
                return Err(DecodeError::Unsupported {
                    format: FORMAT,
                    why: format!("alpha depth {alpha_depth}"),
                });
            }
            let alpha_len = (n * alpha_depth as usize).div_ceil(8);
            if data.len() < n + alpha_len {
                return Err(DecodeError::Truncated("BLP palettized data"));
            }
            let (idx, alpha) = data.split_at(n);
            let mut img = RgbaImage::new(w, h);
            for i in 0..n {
                let p = idx[i] as usize * 4;
                let a = match alpha_depth {
                    0 => 255,
                    1 => ((alpha[i / 8] >> (i % 8)) & 1) * 255,
                    4 => ((alpha[i / 2] >> (4 * (i % 2))) & 15) * 17,
                    _ => alpha[i],
                };
                img.pixels[i * 4..i * 4 + 4].copy_from_slice(&[pal[p + 2], pal[p + 1], pal[p], a]);
            }
            Ok(img)
        }
        2 => {
            let kind = match alpha_type {
                1 => Dxt::Dxt3,
                7 => Dxt::Dxt5,
                _ => Dxt::Dxt1,
            };
            let mut img = dxt::decode(data, w, h, kind)?;
            if kind == Dxt::Dxt1 && alpha_depth == 0 {
                for px in img.pixels.chunks_exact_mut(4) {
                    px[3] = 255;
                }
            }
            Ok(img)
        }
        3 => {
            if data.len() < n * 4 {
                return Err(DecodeError::Truncated("BLP uncompressed data"));
            }
            let mut img = RgbaImage::new(w, h);
            for (o, s) in img.pixels.chunks_exact_mut(4).zip(data.chunks_exact(4)) {
                o.copy_from_slice(&[s[2], s[1], s[0], s[3]]);
            }
            Ok(img)
        }
        c => Err(DecodeError::Unsupported {
            format: FORMAT,
            why: format!("compression {c}"),
        }),
    }
}

/// Builds a BLP2 file from parts (for tests and fixture tools): `compression`, alpha depth,
/// alpha type, size, palette (256 BGRA entries or empty) and the mip 0 data.
pub fn encode(
    compression: u8,
    alpha_depth: u8,
    alpha_type: u8,
    (w, h): (u32, u32),
    palette: &[[u8; 4]],
    data: &[u8],
) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + PALETTE + data.len());
    out.extend_from_slice(b"BLP2");
    out.extend_from_slice(&1u32.to_le_bytes());
    out.extend_from_slice(&[compression, alpha_depth, alpha_type, 0]);
    out.extend_from_slice(&w.to_le_bytes());
    out.extend_from_slice(&h.to_le_bytes());
    let offset = (HEADER + PALETTE) as u32;
    let mut offsets = [0u32; 16];
    let mut sizes = [0u32; 16];
    offsets[0] = offset;
    sizes[0] = data.len() as u32;
    for v in offsets.iter().chain(sizes.iter()) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for i in 0..256 {
        out.extend_from_slice(&palette.get(i).copied().unwrap_or([0; 4]));
    }
    out.extend_from_slice(data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palettized_with_one_bit_alpha() {
        // Palette entries are BGRA: entry 1 is red.
        let pal = [[0, 0, 0, 0], [0, 0, 255, 0]];
        let f = encode(1, 1, 0, (2, 1), &pal, &[1, 0, 0b01]);
        let img = decode(&f).unwrap();
        assert_eq!(img.pixel(0, 0), [255, 0, 0, 255]);
        assert_eq!(img.pixel(1, 0), [0, 0, 0, 0]);
    }

    #[test]
    fn uncompressed_and_dxt() {
        let f = encode(3, 8, 0, (1, 1), &[], &[1, 2, 3, 4]);
        assert_eq!(decode(&f).unwrap().pixel(0, 0), [3, 2, 1, 4]);
        let block = [0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0];
        let f = encode(2, 0, 0, (4, 4), &[], &block);
        assert_eq!(decode(&f).unwrap().pixel(3, 3), [255, 0, 0, 255]);
    }

    #[test]
    fn malformed_files_are_errors() {
        assert_eq!(decode(b"BL"), Err(DecodeError::Truncated("BLP signature")));
        assert!(matches!(
            decode(b"BLP1xxxx"),
            Err(DecodeError::Unsupported { .. })
        ));
        assert!(matches!(
            decode(b"JUNKxxxx"),
            Err(DecodeError::Invalid { .. })
        ));
        assert_eq!(
            decode(b"BLP2\x01\0\0\0"),
            Err(DecodeError::Truncated("BLP header"))
        );
        let f = encode(1, 8, 0, (4, 4), &[], &[0; 20]);
        assert_eq!(
            decode(&f),
            Err(DecodeError::Truncated("BLP palettized data"))
        );
        let mut f = encode(3, 8, 0, (2, 2), &[], &[0; 16]);
        f.truncate(f.len() - 1);
        assert_eq!(decode(&f), Err(DecodeError::Truncated("BLP mip level 0")));
        let f = encode(2, 8, 7, (8, 8), &[], &[0; 16]);
        assert_eq!(decode(&f), Err(DecodeError::Truncated("DXT block data")));
        let f = encode(9, 8, 0, (1, 1), &[], &[0; 4]);
        assert!(matches!(decode(&f), Err(DecodeError::Unsupported { .. })));
        // Offsets past the end, or that overflow, never panic.
        let mut f = encode(3, 8, 0, (1, 1), &[], &[0; 4]);
        f[20..24].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(decode(&f), Err(DecodeError::Truncated("BLP mip level 0")));
    }
}
