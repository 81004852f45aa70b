//! S3TC block decoding (DXT1, DXT3, DXT5) to RGBA8, as BLP2 files store them. A block is
//! 4×4 pixels: DXT1 = 8 bytes of colour (two RGB565 end points, 2-bit indices); DXT3 = 8 bytes
//! of explicit 4-bit alpha then a colour block; DXT5 = two alpha end points with 3-bit indices
//! then a colour block.

use super::{DecodeError, RgbaImage};

/// Which block format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dxt {
    Dxt1,
    Dxt3,
    Dxt5,
}

impl Dxt {
    /// Bytes per 4×4 block.
    pub fn block_bytes(self) -> usize {
        match self {
            Dxt::Dxt1 => 8,
            Dxt::Dxt3 | Dxt::Dxt5 => 16,
        }
    }

    /// Bytes for an image of `w × h`.
    pub fn data_len(self, w: u32, h: u32) -> usize {
        w.div_ceil(4) as usize * h.div_ceil(4) as usize * self.block_bytes()
    }
}

fn rgb565(c: u16) -> [u32; 3] {
    let r = (c >> 11) as u32 & 31;
    let g = (c >> 5) as u32 & 63;
    let b = c as u32 & 31;
    [
        (r << 3) | (r >> 2),
        (g << 2) | (g >> 4),
        (b << 3) | (b >> 2),
    ]
}

/// The 16 colours of a colour block. `three_colour_ok`: DXT1 may use the 3-colour mode with
/// transparent black when `c0 <= c1`; DXT3/5 always use four colours.
fn colour_block(b: &[u8], three_colour_ok: bool) -> [[u8; 4]; 16] {
    let c0 = u16::from_le_bytes([b[0], b[1]]);
    let c1 = u16::from_le_bytes([b[2], b[3]]);
    let (p0, p1) = (rgb565(c0), rgb565(c1));
    let mix = |a: u32, b: u32, wa: u32, wb: u32, d: u32| ((a * wa + b * wb) / d) as u8;
    let mut pal = [[0u8; 4]; 4];
    pal[0] = [p0[0] as u8, p0[1] as u8, p0[2] as u8, 255];
    pal[1] = [p1[0] as u8, p1[1] as u8, p1[2] as u8, 255];
    if c0 > c1 || !three_colour_ok {
        for k in 0..3 {
            pal[2][k] = mix(p0[k], p1[k], 2, 1, 3);
            pal[3][k] = mix(p0[k], p1[k], 1, 2, 3);
        }
        pal[2][3] = 255;
        pal[3][3] = 255;
    } else {
        for k in 0..3 {
            pal[2][k] = mix(p0[k], p1[k], 1, 1, 2);
        }
        pal[2][3] = 255;
        pal[3] = [0, 0, 0, 0];
    }
    let idx = u32::from_le_bytes([b[4], b[5], b[6], b[7]]);
    let mut out = [[0u8; 4]; 16];
    for (i, px) in out.iter_mut().enumerate() {
        *px = pal[((idx >> (2 * i)) & 3) as usize];
    }
    out
}

fn dxt5_alpha(b: &[u8]) -> [u8; 16] {
    let (a0, a1) = (b[0] as u32, b[1] as u32);
    let mut pal = [0u8; 8];
    pal[0] = a0 as u8;
    pal[1] = a1 as u8;
    if a0 > a1 {
        for i in 1..7u32 {
            pal[i as usize + 1] = (((7 - i) * a0 + i * a1) / 7) as u8;
        }
    } else {
        for i in 1..5u32 {
            pal[i as usize + 1] = (((5 - i) * a0 + i * a1) / 5) as u8;
        }
        pal[6] = 0;
        pal[7] = 255;
    }
    let mut bits = 0u64;
    for (k, byte) in b[2..8].iter().enumerate() {
        bits |= (*byte as u64) << (8 * k);
    }
    let mut out = [0u8; 16];
    for (i, a) in out.iter_mut().enumerate() {
        *a = pal[((bits >> (3 * i)) & 7) as usize];
    }
    out
}

/// Decodes `w × h` pixels of block data (extra data is ignored; short data is an error).
pub fn decode(data: &[u8], w: u32, h: u32, kind: Dxt) -> Result<RgbaImage, DecodeError> {
    super::check_size(w, h)?;
    if data.len() < kind.data_len(w, h) {
        return Err(DecodeError::Truncated("DXT block data"));
    }
    let mut img = RgbaImage::new(w, h);
    let bw = w.div_ceil(4);
    let bs = kind.block_bytes();
    for by in 0..h.div_ceil(4) {
        for bx in 0..bw {
            let off = (by * bw + bx) as usize * bs;
            let block = &data[off..off + bs];
            let (colours, alpha) = match kind {
                Dxt::Dxt1 => (colour_block(block, true), None),
                Dxt::Dxt3 => {
                    let mut a = [0u8; 16];
                    for (i, v) in a.iter_mut().enumerate() {
                        let nib = (block[i / 2] >> (4 * (i % 2))) & 15;
                        *v = nib * 17;
                    }
                    (colour_block(&block[8..], false), Some(a))
                }
                Dxt::Dxt5 => (colour_block(&block[8..], false), Some(dxt5_alpha(block))),
            };
            for i in 0..16u32 {
                let (x, y) = (bx * 4 + i % 4, by * 4 + i / 4);
                if x >= w || y >= h {
                    continue;
                }
                let mut px = colours[i as usize];
                if let Some(a) = alpha {
                    px[3] = a[i as usize];
                }
                let o = (y as usize * w as usize + x as usize) * 4;
                img.pixels[o..o + 4].copy_from_slice(&px);
            }
        }
    }
    Ok(img)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dxt1_four_and_three_colour_modes() {
        // c0 = pure red (0xF800) > c1 = pure blue (0x001F): four colours; indices 0,1,2,3.
        let block = [0x00, 0xF8, 0x1F, 0x00, 0b1110_0100, 0, 0, 0];
        let img = decode(&block, 4, 4, Dxt::Dxt1).unwrap();
        assert_eq!(img.pixel(0, 0), [255, 0, 0, 255]);
        assert_eq!(img.pixel(1, 0), [0, 0, 255, 255]);
        assert_eq!(img.pixel(2, 0), [170, 0, 85, 255]);
        assert_eq!(img.pixel(3, 0), [85, 0, 170, 255]);
        // c0 <= c1: index 3 is transparent black.
        let block = [0x1F, 0x00, 0x00, 0xF8, 0b1100_0000, 0, 0, 0];
        let img = decode(&block, 4, 4, Dxt::Dxt1).unwrap();
        assert_eq!(img.pixel(3, 0), [0, 0, 0, 0]);
        assert_eq!(img.pixel(0, 0), [0, 0, 255, 255]);
    }

    #[test]
    fn dxt3_and_dxt5_alpha() {
        let mut b3 = [0u8; 16];
        b3[0] = 0xF0; // pixel 0 alpha 0, pixel 1 alpha 15
        b3[8..12].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF]);
        let img = decode(&b3, 4, 4, Dxt::Dxt3).unwrap();
        assert_eq!(img.pixel(0, 0)[3], 0);
        assert_eq!(img.pixel(1, 0)[3], 255);
        let mut b5 = [0u8; 16];
        b5[0] = 255;
        b5[1] = 0;
        b5[2] = 0b0000_1000; // pixel 0 → index 0 (255), pixel 1 → index 1 (0)
        let img = decode(&b5, 2, 2, Dxt::Dxt5).unwrap();
        assert_eq!((img.pixel(0, 0)[3], img.pixel(1, 0)[3]), (255, 0));
        assert_eq!(
            decode(&b5[..10], 4, 4, Dxt::Dxt5),
            Err(DecodeError::Truncated("DXT block data"))
        );
    }
}
