//! Image decoding to straight RGBA8: PNG (the `png` crate), JPEG (`jpeg-decoder`), TGA and BLP
//! (our own readers, with DXT1/3/5 in `dxt`). Decoders never panic on input: malformed or truncated files give
//! a [`DecodeError`] saying what is wrong.
//!
//! | format | Rust |
//! | --- | --- |
//! | PNG (any colour type and depth) | [`decode_png`] |
//! | JPEG (baseline and progressive; grey, RGB, CMYK) | [`decode_jpeg`] |
//! | TGA types 1, 2, 3 and their RLE forms 9, 10, 11; 8/15/16/24/32 bits | [`tga::decode`] |
//! | BLP2: palettized (0/1/4/8-bit alpha), DXT1/3/5, uncompressed BGRA; first mip level | [`blp::decode`] |
//! | choose by content (signature), else by extension | [`decode`] |

pub mod blp;
pub mod dxt;
pub mod tga;

/// A decoded image: `width × height` straight RGBA8 pixels, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbaImage {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl RgbaImage {
    /// A blank (transparent black) image.
    pub fn new(width: u32, height: u32) -> RgbaImage {
        RgbaImage {
            width,
            height,
            pixels: vec![0; width as usize * height as usize * 4],
        }
    }

    /// The pixel at (x, y) (no bounds check beyond the slice's own).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [
            self.pixels[i],
            self.pixels[i + 1],
            self.pixels[i + 2],
            self.pixels[i + 3],
        ]
    }
}

/// Why an image could not be decoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DecodeError {
    #[error("file ends early ({0})")]
    Truncated(&'static str),
    #[error("not a valid {format} file: {why}")]
    Invalid { format: &'static str, why: String },
    #[error("unsupported {format} variant: {why}")]
    Unsupported { format: &'static str, why: String },
    #[error("image too large ({0}x{1})")]
    TooLarge(u32, u32),
    #[error("PNG: {0}")]
    Png(String),
    #[error("JPEG: {0}")]
    Jpeg(String),
    #[error("WebP: {0}")]
    Webp(String),
}

/// Images larger than this on a side are refused (the client's limit is far smaller).
pub const MAX_SIDE: u32 = 16384;

pub(crate) fn check_size(w: u32, h: u32) -> Result<(), DecodeError> {
    if w == 0 || h == 0 {
        return Err(DecodeError::Invalid {
            format: "image",
            why: format!("empty size {w}x{h}"),
        });
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(DecodeError::TooLarge(w, h));
    }
    Ok(())
}

/// Decodes a file's bytes, choosing the format from its signature (BLP, PNG), else from the
/// name's extension (TGA has no signature).
pub fn decode(bytes: &[u8], name: &str) -> Result<RgbaImage, DecodeError> {
    if bytes.starts_with(b"BLP") {
        return blp::decode(bytes);
    }
    if bytes.starts_with(b"\x89PNG") {
        return decode_png(bytes);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return decode_jpeg(bytes);
    }
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".tga") || !lower.ends_with(".png") {
        return tga::decode(bytes);
    }
    decode_png(bytes)
}

/// Decodes a PNG to RGBA8.
pub fn decode_png(bytes: &[u8]) -> Result<RgbaImage, DecodeError> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec
        .read_info()
        .map_err(|e| DecodeError::Png(e.to_string()))?;
    let (w, h) = {
        let info = reader.info();
        (info.width, info.height)
    };
    check_size(w, h)?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| DecodeError::Png("image too large".into()))?;
    let mut buf = vec![0; size];
    let frame = reader
        .next_frame(&mut buf)
        .map_err(|e| DecodeError::Png(e.to_string()))?;
    let data = &buf[..frame.buffer_size()];
    let n = w as usize * h as usize;
    let mut out = RgbaImage::new(w, h);
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err(DecodeError::Png("palette was not expanded".into())),
    };
    if frame.bit_depth != png::BitDepth::Eight || data.len() < n * channels {
        return Err(DecodeError::Png(format!(
            "unexpected output {:?} {:?}",
            frame.color_type, frame.bit_depth
        )));
    }
    let row = frame.line_size;
    for y in 0..h as usize {
        for x in 0..w as usize {
            let s = &data[y * row + x * channels..];
            let px = match channels {
                1 => [s[0], s[0], s[0], 255],
                2 => [s[0], s[0], s[0], s[1]],
                3 => [s[0], s[1], s[2], 255],
                _ => [s[0], s[1], s[2], s[3]],
            };
            let o = (y * w as usize + x) * 4;
            out.pixels[o..o + 4].copy_from_slice(&px);
        }
    }
    Ok(out)
}

/// Decodes a JPEG to RGBA8 (opaque).
pub fn decode_jpeg(bytes: &[u8]) -> Result<RgbaImage, DecodeError> {
    use jpeg_decoder::PixelFormat;
    let err = |e: jpeg_decoder::Error| DecodeError::Jpeg(e.to_string());
    let mut dec = jpeg_decoder::Decoder::new(std::io::Cursor::new(bytes));
    dec.read_info().map_err(err)?;
    let info = dec
        .info()
        .ok_or_else(|| DecodeError::Jpeg("no image header".into()))?;
    let (w, h) = (u32::from(info.width), u32::from(info.height));
    check_size(w, h)?;
    let data = dec.decode().map_err(err)?;
    let n = w as usize * h as usize;
    let channels = match info.pixel_format {
        PixelFormat::L8 => 1,
        PixelFormat::L16 => 2,
        PixelFormat::RGB24 => 3,
        PixelFormat::CMYK32 => 4,
    };
    if data.len() < n * channels {
        return Err(DecodeError::Jpeg("image data ends early".into()));
    }
    let mut out = RgbaImage::new(w, h);
    for (i, px) in out.pixels.chunks_exact_mut(4).enumerate() {
        let s = &data[i * channels..];
        let rgb = match info.pixel_format {
            PixelFormat::L8 => [s[0]; 3],
            PixelFormat::L16 => [s[0]; 3],
            PixelFormat::RGB24 => [s[0], s[1], s[2]],
            PixelFormat::CMYK32 => {
                let k = 255 - u16::from(s[3]);
                let c = |v: u8| ((255 - u16::from(v)) * k / 255) as u8;
                [c(s[0]), c(s[1]), c(s[2])]
            }
        };
        px.copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
    }
    Ok(out)
}

/// Encodes RGBA8 as PNG (lossless; the same pixels always give the same bytes).
pub fn encode_png(img: &RgbaImage) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, img.width, img.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc
            .write_header()
            .map_err(|e| DecodeError::Png(e.to_string()))?;
        w.write_image_data(&img.pixels)
            .map_err(|e| DecodeError::Png(e.to_string()))?;
    }
    Ok(out)
}

/// Encodes RGBA8 as lossless WebP (VP8L; the same pixels always give the same bytes).
pub fn encode_webp(img: &RgbaImage) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    image_webp::WebPEncoder::new(&mut out)
        .encode(
            &img.pixels,
            img.width,
            img.height,
            image_webp::ColorType::Rgba8,
        )
        .map_err(|e| DecodeError::Webp(e.to_string()))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webp_is_lossless() {
        let mut img = RgbaImage::new(5, 3);
        for (i, b) in img.pixels.iter_mut().enumerate() {
            *b = (i * 37 % 256) as u8;
        }
        let bytes = encode_webp(&img).unwrap();
        let mut d = image_webp::WebPDecoder::new(std::io::Cursor::new(&bytes)).unwrap();
        assert_eq!(d.dimensions(), (5, 3));
        let mut back = vec![0; d.output_buffer_size().unwrap()];
        d.read_image(&mut back).unwrap();
        assert_eq!(back, img.pixels);
        assert_eq!(encode_webp(&img).unwrap(), bytes);
    }

    /// A 16x16 JPEG made by ImageMagick: left half red, right half blue.
    const JPEG: &[u8] =
        include_bytes!("../../../../tests/fixtures/render/jpeg/AddOns/RenderJpeg/halves.jpg");

    #[test]
    fn jpeg_decodes_to_opaque_rgba() {
        let img = decode(JPEG, "halves.jpg").unwrap();
        assert_eq!((img.width, img.height), (16, 16));
        let (l, r) = (img.pixel(2, 8), img.pixel(13, 8));
        assert!(l[0] > 200 && l[2] < 60 && l[3] == 255, "{l:?}");
        assert!(r[2] > 200 && r[0] < 60 && r[3] == 255, "{r:?}");
        assert!(decode_jpeg(&JPEG[..40]).is_err());
    }

    #[test]
    fn png_round_trip_and_garbage() {
        let mut img = RgbaImage::new(3, 2);
        img.pixels[4..8].copy_from_slice(&[10, 20, 30, 40]);
        let bytes = encode_png(&img).unwrap();
        assert_eq!(decode(&bytes, "x.png").unwrap(), img);
        assert!(matches!(
            decode(&bytes[..bytes.len() / 2], "x.png"),
            Err(DecodeError::Png(_))
        ));
        assert!(decode_png(b"\x89PNG\r\n\x1a\n").is_err());
    }

    /// Every prefix of valid files, and copies with single bytes changed, decode to a value or
    /// an error: never a panic.
    #[test]
    fn truncated_and_corrupted_files_never_panic() {
        let mut img = RgbaImage::new(5, 3);
        for (i, p) in img.pixels.iter_mut().enumerate() {
            *p = (i * 37) as u8;
        }
        let files: Vec<(Vec<u8>, &str)> = vec![
            (encode_png(&img).unwrap(), "a.png"),
            (tga::encode(&img), "a.tga"),
            (
                blp::encode(1, 4, 0, (5, 3), &[[1, 2, 3, 4]], &[0; 24]),
                "a.blp",
            ),
            (blp::encode(2, 8, 7, (5, 3), &[], &[0xAB; 64]), "a.blp"),
            (blp::encode(3, 8, 0, (5, 3), &[], &[7; 60]), "a.blp"),
            (JPEG.to_vec(), "a.jpg"),
        ];
        for (bytes, name) in &files {
            assert!(decode(bytes, name).is_ok(), "{name} decodes whole");
            for n in 0..bytes.len() {
                let _ = decode(&bytes[..n], name);
            }
            for i in 0..bytes.len().min(200) {
                for v in [0u8, 0x7f, 0xff] {
                    let mut b = bytes.clone();
                    b[i] = v;
                    let _ = decode(&b, name);
                }
            }
        }
    }
}
