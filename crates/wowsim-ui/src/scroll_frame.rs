//! ScrollFrame: shows part of its scroll child, offset by the scroll position. The child is
//! reparented to the scroll frame and anchored by its TOPLEFT at (-horizontal, vertical).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetScrollChild(frame)`, `GetScrollChild` (generic) | [`install`] |
//! | `SetVerticalScroll`, `SetHorizontalScroll` (OnVerticalScroll / OnHorizontalScroll) | [`set_scroll`] |
//! | `GetVerticalScrollRange`, `GetHorizontalScrollRange`, `UpdateScrollChildRect` | [`scroll_range`] |
//! | OnScrollRangeChanged(self, xrange, yrange) when the range changes | [`flush_range_changes`] |

/// The scroll ranges last reported by OnScrollRangeChanged, per scroll frame that has had a
/// scroll child (VM app data); `None` until the first report.
#[derive(Default)]
pub struct ReportedRanges(pub rustc_hash::FxHashMap<u32, Option<(f64, f64)>>);
