//! BLP decoding (the client's texture format), first mip level only. All little endian.
//!
//! BLP2: `"BLP2"`, u32 type (0 JPEG, 1 the rest), u8 compression (1 palettized, 2 DXT, 3
//! uncompressed BGRA), u8 alpha depth (0, 1, 4, 8), u8 alpha type (DXT: 0 → DXT1, 1 → DXT3,
//! 7 → DXT5), u8 has-mips, u32 width, u32 height, u32 mip offsets[16], u32 mip sizes[16]; then
//! (at 148) a 256-entry BGRA palette, or for JPEG the shared JPEG header.
//!
//! BLP1 (older files): `"BLP1"`, u32 content (0 JPEG, 1 palettized), u32 alpha depth, u32
//! width, u32 height, u32 picture type, u32 has-mips, offsets[16], sizes[16]; then (at 156)
//! the palette or the JPEG header.
//!
//! Palettized data is `w × h` indices followed by the alpha bits, packed least significant bit
//! first. JPEG content: u32 header size and that many bytes, shared by every mip level; a
//! level's JPEG stream is that header followed by the level's bytes. Its colour channels are
//! stored in B, G, R (, A) order: four-channel streams are read without a colour transform,
//! three-channel ones as ordinary JPEG and then swapped. BLP0 (external mip files) is refused.

use super::dxt::{self, Dxt};
use super::{check_size, DecodeError, RgbaImage};

const FORMAT: &str = "BLP";
const HEADER: usize = 148;
const HEADER_BLP1: usize = 156;
const PALETTE: usize = 1024;

/// What a BLP holds, read from either version's header.
struct Header {
    jpeg: bool,
    compression: u8,
    alpha_depth: u8,
    alpha_type: u8,
    w: u32,
    h: u32,
    /// Offset of mip 0's offset field (its size field is 64 bytes later).
    mips: usize,
    /// Where the palette or the JPEG header starts.
    ext: usize,
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn invalid(why: impl Into<String>) -> DecodeError {
    DecodeError::Invalid {
        format: FORMAT,
        why: why.into(),
    }
}

/// Decodes a BLP1 or BLP2 file.
pub fn decode(b: &[u8]) -> Result<RgbaImage, DecodeError> {
    let hd = read_header(b)?;
    check_size(hd.w, hd.h)?;
    let offset = u32_at(b, hd.mips) as usize;
    let size = u32_at(b, hd.mips + 64) as usize;
    let data = offset
        .checked_add(size)
        .and_then(|end| b.get(offset..end))
        .ok_or(DecodeError::Truncated("BLP mip level 0"))?;
    if hd.jpeg {
        // The stream's own size is used (it holds the pixels).
        return decode_jpeg_content(b, hd.ext, data, hd.alpha_depth);
    }
    match hd.compression {
        1 => decode_palettized(b, &hd, data),
        2 => decode_dxt(&hd, data),
        3 => decode_bgra(&hd, data),
        c => Err(DecodeError::Unsupported {
            format: FORMAT,
            why: format!("compression {c}"),
        }),
    }
}

/// The header of a BLP1 or BLP2 file (BLP0 and other signatures are refused).
fn read_header(b: &[u8]) -> Result<Header, DecodeError> {
    if b.len() < 4 {
        return Err(DecodeError::Truncated("BLP signature"));
    }
    match &b[..4] {
        b"BLP2" => {
            if b.len() < HEADER {
                return Err(DecodeError::Truncated("BLP header"));
            }
            Ok(Header {
                jpeg: u32_at(b, 4) == 0,
                compression: b[8],
                alpha_depth: b[9],
                alpha_type: b[10],
                w: u32_at(b, 12),
                h: u32_at(b, 16),
                mips: 20,
                ext: HEADER,
            })
        }
        b"BLP1" => {
            if b.len() < HEADER_BLP1 {
                return Err(DecodeError::Truncated("BLP header"));
            }
            let content = u32_at(b, 4);
            Ok(Header {
                jpeg: content == 0,
                compression: if content == 1 { 1 } else { 0 },
                alpha_depth: u8::try_from(u32_at(b, 8)).unwrap_or(u8::MAX),
                alpha_type: 0,
                w: u32_at(b, 12),
                h: u32_at(b, 16),
                mips: 28,
                ext: HEADER_BLP1,
            })
        }
        b"BLP0" => Err(DecodeError::Unsupported {
            format: FORMAT,
            why: "BLP0 files (mip levels in separate files)".into(),
        }),
        _ => Err(invalid("missing BLP1/BLP2 signature")),
    }
}

/// Palettized mip data: `w × h` palette indices, then the alpha bits (0, 1, 4 or 8 each).
fn decode_palettized(b: &[u8], hd: &Header, data: &[u8]) -> Result<RgbaImage, DecodeError> {
    let (w, h, alpha_depth) = (hd.w, hd.h, hd.alpha_depth);
    let n = w as usize * h as usize;
    let palette_at = hd.ext;
    let pal = b
        .get(palette_at..palette_at + PALETTE)
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

/// DXT-compressed mip data (the alpha type picks DXT1, 3 or 5; DXT1 without alpha bits is
/// opaque).
fn decode_dxt(hd: &Header, data: &[u8]) -> Result<RgbaImage, DecodeError> {
    let kind = match hd.alpha_type {
        1 => Dxt::Dxt3,
        7 => Dxt::Dxt5,
        _ => Dxt::Dxt1,
    };
    let mut img = dxt::decode(data, hd.w, hd.h, kind)?;
    if kind == Dxt::Dxt1 && hd.alpha_depth == 0 {
        for px in img.pixels.chunks_exact_mut(4) {
            px[3] = 255;
        }
    }
    Ok(img)
}

/// Uncompressed BGRA mip data.
fn decode_bgra(hd: &Header, data: &[u8]) -> Result<RgbaImage, DecodeError> {
    let n = hd.w as usize * hd.h as usize;
    if data.len() < n * 4 {
        return Err(DecodeError::Truncated("BLP uncompressed data"));
    }
    let mut img = RgbaImage::new(hd.w, hd.h);
    for (o, s) in img.pixels.chunks_exact_mut(4).zip(data.chunks_exact(4)) {
        o.copy_from_slice(&[s[2], s[1], s[0], s[3]]);
    }
    Ok(img)
}

/// Decodes JPEG content: the shared header (at `ext`: u32 size, then the bytes) followed by the
/// level's bytes make one JPEG stream, whose channels are B, G, R (, A).
fn decode_jpeg_content(
    b: &[u8],
    ext: usize,
    data: &[u8],
    alpha_depth: u8,
) -> Result<RgbaImage, DecodeError> {
    use jpeg_decoder::{ColorTransform, Decoder, PixelFormat};
    let len = b
        .get(ext..ext + 4)
        .map(|_| u32_at(b, ext) as usize)
        .ok_or(DecodeError::Truncated("BLP JPEG header size"))?;
    let header = ext
        .checked_add(4 + len)
        .and_then(|end| b.get(ext + 4..end))
        .ok_or(DecodeError::Truncated("BLP JPEG header"))?;
    let mut stream = Vec::with_capacity(header.len() + data.len());
    stream.extend_from_slice(header);
    stream.extend_from_slice(data);
    let err = |e: jpeg_decoder::Error| DecodeError::Jpeg(e.to_string());
    let mut dec = Decoder::new(std::io::Cursor::new(&stream));
    dec.read_info().map_err(err)?;
    let info = dec
        .info()
        .ok_or_else(|| DecodeError::Jpeg("no image header".into()))?;
    if info.pixel_format == PixelFormat::CMYK32 {
        dec.set_color_transform(ColorTransform::None);
    }
    let (jw, jh) = (u32::from(info.width), u32::from(info.height));
    check_size(jw, jh)?;
    let px = dec.decode().map_err(err)?;
    let channels = match info.pixel_format {
        PixelFormat::L8 => 1,
        PixelFormat::L16 => 2,
        PixelFormat::RGB24 => 3,
        PixelFormat::CMYK32 => 4,
    };
    let n = jw as usize * jh as usize;
    if px.len() < n * channels {
        return Err(DecodeError::Jpeg("image data ends early".into()));
    }
    let mut img = RgbaImage::new(jw, jh);
    for (i, o) in img.pixels.chunks_exact_mut(4).enumerate() {
        let s = &px[i * channels..(i + 1) * channels];
        let (b, g, r, a) = match channels {
            4 => (s[0], s[1], s[2], s[3]),
            3 => (s[0], s[1], s[2], 255),
            _ => (s[0], s[0], s[0], 255),
        };
        let a = if alpha_depth == 0 { 255 } else { a };
        o.copy_from_slice(&[r, g, b, a]);
    }
    Ok(img)
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

    /// A 16x16 JPEG made by ImageMagick: left half red, right half blue (as RGB).
    const JPEG: &[u8] =
        include_bytes!("../../../../tests/fixtures/render/jpeg/AddOns/RenderJpeg/halves.jpg");

    /// A BLP1 or BLP2 file holding `jpeg` as JPEG content, its first `split` bytes as the
    /// shared header and the rest as mip 0 (as the client's files are laid out).
    fn jpeg_blp(version: u8, jpeg: &[u8], split: usize, alpha_depth: u32) -> Vec<u8> {
        let (head, body) = jpeg.split_at(split);
        let mut out = Vec::new();
        let ext = if version == 1 {
            out.extend_from_slice(b"BLP1");
            for v in [0u32, alpha_depth, 16, 16, 5, 0] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            HEADER_BLP1
        } else {
            out.extend_from_slice(b"BLP2");
            out.extend_from_slice(&0u32.to_le_bytes());
            out.extend_from_slice(&[1, alpha_depth as u8, 0, 0]);
            out.extend_from_slice(&16u32.to_le_bytes());
            out.extend_from_slice(&16u32.to_le_bytes());
            HEADER
        };
        // Mip 0 after the header, with the zero padding the client's files have.
        let mip0 = (ext + 4 + head.len() + 3) as u32;
        let mut offsets = [0u32; 16];
        let mut sizes = [0u32; 16];
        offsets[0] = mip0;
        sizes[0] = body.len() as u32;
        for v in offsets.iter().chain(sizes.iter()) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        assert_eq!(out.len(), ext);
        out.extend_from_slice(&(head.len() as u32).to_le_bytes());
        out.extend_from_slice(head);
        out.resize(mip0 as usize, 0);
        out.extend_from_slice(body);
        out
    }

    #[test]
    fn jpeg_content_in_blp1_and_blp2_reads_channels_as_bgr() {
        for version in [1, 2] {
            for split in [JPEG.len() / 3, JPEG.len() * 2 / 3] {
                let f = jpeg_blp(version, JPEG, split, 0);
                let img = decode(&f).unwrap_or_else(|e| panic!("BLP{version}: {e:?}"));
                assert_eq!((img.width, img.height), (16, 16));
                // Stored red (first channel) is blue in a BLP, stored blue is red.
                let (l, r) = (img.pixel(2, 8), img.pixel(13, 8));
                assert!(l[2] > 200 && l[0] < 60 && l[3] == 255, "BLP{version} {l:?}");
                assert!(r[0] > 200 && r[2] < 60 && r[3] == 255, "BLP{version} {r:?}");
            }
        }
        // A header that runs past the end, or a broken stream, is an error, never a panic.
        let mut f = jpeg_blp(1, JPEG, JPEG.len() / 2, 0);
        f[HEADER_BLP1..HEADER_BLP1 + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(decode(&f), Err(DecodeError::Truncated("BLP JPEG header")));
        let mut f = jpeg_blp(2, JPEG, JPEG.len() / 2, 0);
        let n = f.len();
        f.truncate(n - 60);
        assert!(decode(&f).is_err());
    }

    #[test]
    fn blp1_palettized() {
        let mut f = b"BLP1".to_vec();
        for v in [1u32, 8, 2, 1, 4, 0] {
            f.extend_from_slice(&v.to_le_bytes());
        }
        let mut offsets = [0u32; 16];
        let mut sizes = [0u32; 16];
        offsets[0] = (HEADER_BLP1 + PALETTE) as u32;
        sizes[0] = 4;
        for v in offsets.iter().chain(sizes.iter()) {
            f.extend_from_slice(&v.to_le_bytes());
        }
        let mut pal = vec![0u8; PALETTE];
        pal[4..8].copy_from_slice(&[0, 255, 0, 0]); // entry 1: green (BGRA)
        f.extend_from_slice(&pal);
        f.extend_from_slice(&[1, 0, 200, 10]); // indices, then 8-bit alpha
        let img = decode(&f).unwrap();
        assert_eq!(img.pixel(0, 0), [0, 255, 0, 200]);
        assert_eq!(img.pixel(1, 0), [0, 0, 0, 10]);
    }

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
        assert_eq!(
            decode(b"BLP1xxxx"),
            Err(DecodeError::Truncated("BLP header"))
        );
        assert!(matches!(
            decode(b"BLP0xxxx"),
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
