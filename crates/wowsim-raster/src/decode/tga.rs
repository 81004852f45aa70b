//! TGA (Truevision) decoding, written from the format's published layout: an 18-byte header,
//! an optional id field and colour map, then pixels (raw or run-length encoded), bottom row
//! first unless bit 5 of the descriptor says top-left. Pixels are stored BGR(A).
//!
//! | image type | meaning |
//! | --- | --- |
//! | 1 / 9 | colour-mapped (raw / RLE), 8-bit indices |
//! | 2 / 10 | true colour (raw / RLE), 15/16/24/32 bits |
//! | 3 / 11 | greyscale (raw / RLE), 8 bits (16 with alpha) |

use super::{check_size, DecodeError, RgbaImage};

const FORMAT: &str = "TGA";

fn invalid(why: impl Into<String>) -> DecodeError {
    DecodeError::Invalid {
        format: FORMAT,
        why: why.into(),
    }
}

/// Reads a pixel of `bpp` bits at the start of `s` (the caller checked its length).
fn read_px(s: &[u8], bpp: u8, grey: bool, alpha_bits: u8) -> [u8; 4] {
    match (grey, bpp) {
        (true, 8) => [s[0], s[0], s[0], 255],
        (true, _) => [s[0], s[0], s[0], s[1]],
        (false, 15 | 16) => {
            let v = u16::from_le_bytes([s[0], s[1]]);
            let ex = |c: u16| ((c << 3) | (c >> 2)) as u8;
            let a = if bpp == 16 && alpha_bits > 0 && v & 0x8000 == 0 {
                0
            } else {
                255
            };
            [ex((v >> 10) & 31), ex((v >> 5) & 31), ex(v & 31), a]
        }
        (false, 24) => [s[2], s[1], s[0], 255],
        (false, _) => [s[2], s[1], s[0], s[3]],
    }
}

/// The fields of the 18-byte header that decoding uses.
struct Header {
    id_len: usize,
    cmap_type: u8,
    image_type: u8,
    cmap_first: usize,
    cmap_len: usize,
    cmap_bits: u8,
    w: u32,
    h: u32,
    bpp: u8,
    desc: u8,
    /// Colour-mapped, greyscale, run-length encoded (from the image type).
    mapped: bool,
    grey: bool,
    rle: bool,
}

/// Decodes a TGA file.
pub fn decode(b: &[u8]) -> Result<RgbaImage, DecodeError> {
    let hd = read_header(b)?;
    let (palette, pos) = read_colour_map(b, &hd)?;
    let n = hd.w as usize * hd.h as usize;
    let reader = PixelReader {
        hd: &hd,
        palette,
        bytes: (hd.bpp as usize).div_ceil(8),
    };
    let pixels = if hd.rle {
        reader.read_rle(b, pos, n)?
    } else {
        reader.read_raw(b, pos, n)?
    };
    Ok(orient(&hd, &pixels))
}

/// Reads and checks the header: a known image type, a size in range, a bit depth that the
/// type allows.
fn read_header(b: &[u8]) -> Result<Header, DecodeError> {
    if b.len() < 18 {
        return Err(DecodeError::Truncated("TGA header"));
    }
    let image_type = b[2];
    let (mapped, grey, rle) = match image_type {
        1 => (true, false, false),
        2 => (false, false, false),
        3 => (false, true, false),
        9 => (true, false, true),
        10 => (false, false, true),
        11 => (false, true, true),
        0 => return Err(invalid("no image data (type 0)")),
        t => {
            return Err(DecodeError::Unsupported {
                format: FORMAT,
                why: format!("image type {t}"),
            })
        }
    };
    let hd = Header {
        id_len: b[0] as usize,
        cmap_type: b[1],
        image_type,
        cmap_first: u16::from_le_bytes([b[3], b[4]]) as usize,
        cmap_len: u16::from_le_bytes([b[5], b[6]]) as usize,
        cmap_bits: b[7],
        w: u16::from_le_bytes([b[12], b[13]]) as u32,
        h: u16::from_le_bytes([b[14], b[15]]) as u32,
        bpp: b[16],
        desc: b[17],
        mapped,
        grey,
        rle,
    };
    check_size(hd.w, hd.h)?;
    let bpp = hd.bpp;
    let ok_bpp = match (mapped, grey) {
        (true, _) => bpp == 8,
        (false, true) => bpp == 8 || bpp == 16,
        (false, false) => matches!(bpp, 15 | 16 | 24 | 32),
    };
    if !ok_bpp {
        return Err(DecodeError::Unsupported {
            format: FORMAT,
            why: format!("{bpp} bits per pixel for image type {}", hd.image_type),
        });
    }
    Ok(hd)
}

/// The colour map after the id field (empty when there is none), and where the pixels start.
fn read_colour_map(b: &[u8], hd: &Header) -> Result<(Vec<[u8; 4]>, usize), DecodeError> {
    let pos = 18 + hd.id_len;
    if hd.cmap_type == 1 {
        let cmap_bits = hd.cmap_bits;
        if !matches!(cmap_bits, 15 | 16 | 24 | 32) {
            return Err(DecodeError::Unsupported {
                format: FORMAT,
                why: format!("{cmap_bits}-bit colour map entries"),
            });
        }
        let eb = (cmap_bits as usize).div_ceil(8);
        let end = pos + hd.cmap_len * eb;
        let table = b
            .get(pos..end)
            .ok_or(DecodeError::Truncated("TGA colour map"))?;
        let palette = table
            .chunks_exact(eb)
            .map(|c| read_px(c, cmap_bits, false, 1))
            .collect();
        Ok((palette, end))
    } else if hd.mapped {
        Err(invalid("colour-mapped image without a colour map"))
    } else {
        Ok((Vec::new(), pos))
    }
}

/// Turns stored pixels into RGBA: through the colour map, or read directly.
struct PixelReader<'a> {
    hd: &'a Header,
    palette: Vec<[u8; 4]>,
    /// Bytes per stored pixel.
    bytes: usize,
}

impl PixelReader<'_> {
    /// One pixel from the start of `s` (at least [`Self::bytes`] long).
    fn pixel(&self, s: &[u8]) -> Result<[u8; 4], DecodeError> {
        if self.hd.mapped {
            let i = (s[0] as usize)
                .checked_sub(self.hd.cmap_first)
                .ok_or_else(|| invalid("colour index below the map"))?;
            self.palette
                .get(i)
                .copied()
                .ok_or_else(|| invalid("colour index past the map"))
        } else {
            Ok(read_px(s, self.hd.bpp, self.hd.grey, self.hd.desc & 15))
        }
    }

    /// `n` run-length encoded pixels from `pos`: packets of a repeated pixel or of raw ones.
    fn read_rle(&self, b: &[u8], mut pos: usize, n: usize) -> Result<Vec<[u8; 4]>, DecodeError> {
        let pbytes = self.bytes;
        // A packet of at least two bytes gives at most 128 pixels: never reserve more than the
        // file can fill.
        let mut pixels: Vec<[u8; 4]> = Vec::with_capacity(n.min(b.len().saturating_mul(128)));
        while pixels.len() < n {
            let head = *b.get(pos).ok_or(DecodeError::Truncated("TGA RLE data"))?;
            pos += 1;
            let count = (head & 0x7f) as usize + 1;
            if head & 0x80 != 0 {
                let s = b
                    .get(pos..pos + pbytes)
                    .ok_or(DecodeError::Truncated("TGA RLE data"))?;
                let px = self.pixel(s)?;
                pos += pbytes;
                for _ in 0..count.min(n - pixels.len()) {
                    pixels.push(px);
                }
            } else {
                for _ in 0..count.min(n - pixels.len()) {
                    let s = b
                        .get(pos..pos + pbytes)
                        .ok_or(DecodeError::Truncated("TGA RLE data"))?;
                    pixels.push(self.pixel(s)?);
                    pos += pbytes;
                }
            }
        }
        Ok(pixels)
    }

    /// `n` uncompressed pixels from `pos`.
    fn read_raw(&self, b: &[u8], pos: usize, n: usize) -> Result<Vec<[u8; 4]>, DecodeError> {
        let pbytes = self.bytes;
        let mut pixels: Vec<[u8; 4]> = Vec::with_capacity(n.min(b.len().saturating_mul(128)));
        let data = b
            .get(pos..pos + n * pbytes)
            .ok_or(DecodeError::Truncated("TGA pixel data"))?;
        for s in data.chunks_exact(pbytes) {
            pixels.push(self.pixel(s)?);
        }
        Ok(pixels)
    }
}

/// The image from pixels in stored order: bottom row first unless descriptor bit 5 is set,
/// right to left when bit 4 is.
fn orient(hd: &Header, pixels: &[[u8; 4]]) -> RgbaImage {
    let (w, h, desc) = (hd.w, hd.h, hd.desc);
    let top_first = desc & 0x20 != 0;
    let right_first = desc & 0x10 != 0;
    let mut img = RgbaImage::new(w, h);
    for (i, px) in pixels.iter().enumerate() {
        let (sx, sy) = (i % w as usize, i / w as usize);
        let x = if right_first { w as usize - 1 - sx } else { sx };
        let y = if top_first { sy } else { h as usize - 1 - sy };
        let o = (y * w as usize + x) * 4;
        img.pixels[o..o + 4].copy_from_slice(px);
    }
    img
}

/// Encodes RGBA8 as an uncompressed 32-bit top-left TGA (for tests and fixture tools).
pub fn encode(img: &RgbaImage) -> Vec<u8> {
    let mut out = vec![0u8; 18];
    out[2] = 2;
    out[12..14].copy_from_slice(&(img.width as u16).to_le_bytes());
    out[14..16].copy_from_slice(&(img.height as u16).to_le_bytes());
    out[16] = 32;
    out[17] = 0x28;
    for p in img.pixels.chunks_exact(4) {
        out.extend_from_slice(&[p[2], p[1], p[0], p[3]]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(ty: u8, w: u16, h: u16, bpp: u8, desc: u8) -> Vec<u8> {
        let mut v = vec![0u8; 18];
        v[2] = ty;
        v[12..14].copy_from_slice(&w.to_le_bytes());
        v[14..16].copy_from_slice(&h.to_le_bytes());
        v[16] = bpp;
        v[17] = desc;
        v
    }

    #[test]
    fn raw_bottom_up_24_bit() {
        let mut f = header(2, 1, 2, 24, 0);
        f.extend_from_slice(&[255, 0, 0, 0, 0, 255]); // bottom row blue, top row red (BGR)
        let img = decode(&f).unwrap();
        assert_eq!(img.pixel(0, 0), [255, 0, 0, 255]);
        assert_eq!(img.pixel(0, 1), [0, 0, 255, 255]);
    }

    #[test]
    fn rle_and_round_trip() {
        let mut f = header(10, 3, 1, 32, 0x28);
        f.extend_from_slice(&[0x82, 1, 2, 3, 4]); // run of 3
        let img = decode(&f).unwrap();
        assert_eq!(img.pixel(2, 0), [3, 2, 1, 4]);
        assert_eq!(decode(&encode(&img)).unwrap(), img);
    }

    #[test]
    fn malformed_files_are_errors() {
        assert_eq!(decode(b"short"), Err(DecodeError::Truncated("TGA header")));
        let mut f = header(2, 4, 4, 32, 0);
        f.extend_from_slice(&[0; 10]);
        assert_eq!(decode(&f), Err(DecodeError::Truncated("TGA pixel data")));
        let f = header(10, 4, 4, 32, 0);
        assert_eq!(decode(&f), Err(DecodeError::Truncated("TGA RLE data")));
        assert!(matches!(
            decode(&header(2, 0, 4, 32, 0)),
            Err(DecodeError::Invalid { .. })
        ));
        assert!(matches!(
            decode(&header(2, 4, 4, 7, 0)),
            Err(DecodeError::Unsupported { .. })
        ));
        assert!(matches!(
            decode(&header(1, 4, 4, 8, 0)),
            Err(DecodeError::Invalid { .. })
        ));
    }
}
