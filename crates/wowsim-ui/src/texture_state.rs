//! TextureBase methods the other files leave: sprite sheet cells (real texture coordinates),
//! vertex offsets, SVG assets, pixel-grid snapping, blocking loads and resetting the radial
//! progress bar and slice settings. Vertex offsets and SVGs are kept, not drawn.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetSpriteSheetCell(cell, rows, columns [, cellW, cellH])` | [`sprite_cell`]: the cell's texture coordinates (cells count from 1, row by row) |
//! | `SetVertexOffset(vertex, x, y)`, `GetVertexOffset(vertex)`, `ClearVertexOffsets` | kept per vertex 1..4 (`UPPER_LEFT_VERTEX`..`LOWER_RIGHT_VERTEX`); another index is an error |
//! | `SetSVG(asset)` (true for an asset), `ClearSVG` | kept |
//! | `SetSnapToPixelGrid(snap)`, `IsSnappingToPixelGrid` | kept; true until set (Blizzard's XML and Lua only ever turn it off) |
//! | `SetBlockingLoadsRequested(blocking)`, `IsBlockingLoadRequested` | kept; false until set |
//! | `ClearRadialProgressBar`, `ClearTextureSlice` | the `SetRadialProgressBar*` / `SetTextureSlice*` state pairs back to their initial values |

pub const T: &str = "TextureBase";

/// The texture coordinates of cell `cell` (from 1) of a `rows` x `cols` sheet; the cell size
/// (as a fraction of the texture) defaults to an even split.
pub fn sprite_cell(cell: f64, rows: f64, cols: f64, w: Option<f64>, h: Option<f64>) -> [f64; 8] {
    let i = (cell - 1.0).max(0.0).floor();
    let (col, row) = (i % cols, (i / cols).floor());
    let (cw, ch) = (w.unwrap_or(1.0 / cols), h.unwrap_or(1.0 / rows));
    let (l, t) = (col * cw, row * ch);
    let (r, b) = (l + cw, t + ch);
    [l, t, l, b, r, t, r, b]
}

#[cfg(test)]
mod tests {
    use super::sprite_cell;

    #[test]
    fn sprite_cells_count_row_by_row_from_one() {
        // Raid target icons: a 4x4 sheet; the skull (8) is the last cell of the second row.
        assert_eq!(
            sprite_cell(8.0, 4.0, 4.0, None, None),
            [0.75, 0.25, 0.75, 0.5, 1.0, 0.25, 1.0, 0.5]
        );
        assert_eq!(sprite_cell(1.0, 2.0, 2.0, None, None)[..2], [0.0, 0.0]);
    }
}
