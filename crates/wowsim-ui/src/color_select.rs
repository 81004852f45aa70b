//! ColorSelect: the colour picker's state. The colour is kept as RGB; `GetColorHSV` and
//! `SetColorHSV` convert (hue in degrees 0–360, saturation and value 0–1, as the client).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetColorRGB(r, g, b)` (fires OnColorSelect), `GetColorRGB` | [`install`] |
//! | `SetColorHSV(h, s, v)`, `GetColorHSV` | [`rgb_to_hsv`], [`hsv_to_rgb`] |
//! | `ClearColorWheelTexture` | [`install`] |
//! | `SetColorAlpha`, textures | generic (`fields`, `button`) |

/// RGB (0–1) → HSV (degrees, 0–1, 0–1).
pub fn rgb_to_hsv(r: f64, g: f64, b: f64) -> (f64, f64, f64) {
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let d = max - min;
    let h = if d == 0.0 {
        0.0
    } else if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    let s = if max == 0.0 { 0.0 } else { d / max };
    (h, s, max)
}

/// HSV (degrees, 0–1, 0–1) → RGB (0–1).
pub fn hsv_to_rgb(h: f64, s: f64, v: f64) -> (f64, f64, f64) {
    let h = h.rem_euclid(360.0) / 60.0;
    let c = v * s;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    (r + m, g + m, b + m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsv_round_trips() {
        for (rgb, hsv) in [
            ((1.0, 0.0, 0.0), (0.0, 1.0, 1.0)),
            ((0.0, 1.0, 0.0), (120.0, 1.0, 1.0)),
            ((0.0, 0.0, 1.0), (240.0, 1.0, 1.0)),
            ((0.5, 0.5, 0.5), (0.0, 0.0, 0.5)),
            ((1.0, 1.0, 0.0), (60.0, 1.0, 1.0)),
        ] {
            assert_eq!(rgb_to_hsv(rgb.0, rgb.1, rgb.2), hsv);
            let back = hsv_to_rgb(hsv.0, hsv.1, hsv.2);
            assert!(
                (back.0 - rgb.0).abs() < 1e-9
                    && (back.1 - rgb.1).abs() < 1e-9
                    && (back.2 - rgb.2).abs() < 1e-9
            );
        }
    }
}
