//! FontString: text, wrapping and measured size. Measurement uses the text layout and face the
//! screenshot draws with (`wowsim_render::text`; the client's font file from `--art` when there
//! is one, else the embedded fallback font: `draw::fonts`), so layout and pixels agree.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SetText(text)`, `GetText` (generic getter), `ClearText`, `SetFormattedText(fmt, ...)` | [`set_text`] |
//! | `GetStringWidth`, `GetUnboundedStringWidth`, `GetStringHeight`, `GetNumLines`, `GetLineHeight`, `IsTruncated` | [`measure`] |
//! | `SetWordWrap`, `CanWordWrap`, `SetNonSpaceWrap`, `CanNonSpaceWrap`, `SetTextHeight` | [`install`] |
//! | `SetJustifyH`, `SetJustifyV`, `SetTextColor`... | generic (`fields`) and `font` |
use crate::arena::TextMeasure;
use crate::arena::UiState;
use crate::fields::fid;
use crate::fields::FieldVal;

/// The most bytes of text all FontStrings and EditBoxes may hold at once (256 MiB). Text is
/// copied out of Lua's heap, so the memory cap does not see it: one 20 MB string set on 50
/// FontStrings held 1 GB here while Lua held 20 MB. Past the bound `SetText` fails with a clear
/// error.
pub const MAX_TEXT_BYTES: usize = 256 << 20;

/// The length of an object's text, if it has one.
fn text_len(ui: &UiState, id: u32) -> usize {
    ui.get(id)
        .and_then(|o| o.fields.iter().find(|(k, _)| *k == fid::TEXT))
        .map_or(0, |(_, v)| match v {
            FieldVal::Str(s) => s.len(),
            _ => 0,
        })
}

/// Whether setting a text of `len` bytes on `id` keeps the FontStrings within
/// [`MAX_TEXT_BYTES`].
pub fn text_fits(ui: &UiState, id: u32, len: usize) -> bool {
    ui.text_bytes.saturating_sub(text_len(ui, id)) + len <= MAX_TEXT_BYTES
}

/// Moves the count of text kept outside Lua from `old` to `new` bytes for text stored elsewhere
/// than a FontString's `text` field (an EditBox's text, which shares the bound); false, and
/// nothing counted, when that would pass [`MAX_TEXT_BYTES`].
pub fn recount_text(ui: &mut UiState, old: usize, new: usize) -> bool {
    let after = ui.text_bytes.saturating_sub(old) + new;
    if after > MAX_TEXT_BYTES {
        return false;
    }
    ui.text_bytes = after;
    true
}

/// Stores the `text` field (reusing its buffer) and marks the measurement stale.
pub fn store_text(ui: &mut UiState, id: u32, text: Option<&str>) {
    let old = text_len(ui, id);
    ui.text_bytes = ui.text_bytes.saturating_sub(old) + text.map_or(0, str::len);
    let Some(o) = ui.get_mut(id) else { return };
    let slot = o.fields.iter_mut().find(|(k, _)| *k == fid::TEXT);
    match (slot, text) {
        (Some((_, FieldVal::Str(s))), Some(t)) => {
            if s != t {
                s.clear();
                s.push_str(t);
            }
        }
        (Some(slot), t) => slot.1 = t.map_or(FieldVal::Nil, |t| FieldVal::Str(t.to_owned())),
        (None, t) => super::push_small(
            &mut o.fields,
            (
                fid::TEXT,
                t.map_or(FieldVal::Nil, |t| FieldVal::Str(t.to_owned())),
            ),
        ),
    }
    mark_stale(ui, id);
}

/// Marks an object's text measurement stale (once: it is listed in `UiState::stale_text`).
pub fn mark_stale(ui: &mut UiState, id: u32) {
    let Some(o) = ui.get_mut(id) else { return };
    if o.text_measure != TextMeasure::Stale {
        o.text_measure = TextMeasure::Stale;
        ui.stale_text.push(id);
    }
}

/// Measures every FontString whose text, font, wrapping or width changed since it was last
/// measured, giving its layout node the new content size. Called before layout is read, so
/// what is read is what measuring on every change would give, at the cost of one measurement.
pub fn flush_text(ui: &mut UiState) {
    if ui.stale_text.is_empty() {
        return;
    }
    let mut ids = std::mem::take(&mut ui.stale_text);
    for &id in &ids {
        if let Some(o) = ui.get_mut(id) {
            o.text_measure = TextMeasure::Current;
        }
        update_intrinsic(ui, id);
    }
    ids.clear();
    if ui.stale_text.is_empty() {
        ui.stale_text = ids;
    }
}

/// Gives the FontString's layout node its text extent as content size, as the client sizes a
/// FontString without an explicit size to its text (so regions anchored to it, such as the
/// lines of a ScrollingMessageFrame stacked on each other, follow its height). The height is
/// wrapped at the explicit width when there is one. Updated lazily ([`flush_text`]) after the
/// text, the font, wrapping or the width changed, and when the text is measured.
pub fn update_intrinsic(ui: &mut UiState, id: u32) {
    let Some(n) = ui.get(id).and_then(|o| o.node) else {
        return;
    };
    let text = match ui.field(id, fid::TEXT) {
        FieldVal::Str(s) if !s.is_empty() => s,
        _ => {
            ui.layout.set_intrinsic_size(n, None, None);
            return;
        }
    };
    let (ew, _) = ui.layout.size(n);
    let opts = crate::draw::text::layout_opts(ui, id, ew);
    if opts.size <= 0.0 {
        return;
    }
    let (w, h, _, _) = measure(&text, &opts);
    ui.layout.set_intrinsic_size(
        n,
        Some(w as f32).filter(|w| *w > 0.0),
        Some(h as f32).filter(|h| *h > 0.0),
    );
}

/// (width, height, lines, line height, truncated) of a text at a font height, wrapped to
/// `opts.max_width`: the same layout the screenshot draws (`wowsim_render::text`). The width
/// is the widest line without wrapping, as the client's `GetStringWidth` reports it.
pub fn measure(text: &str, opts: &wowsim_render::text::LayoutOpts) -> (f64, f64, usize, bool) {
    let wrapped = wowsim_render::text::layout(text, opts);
    let width = wowsim_render::text::string_width_in(text, &opts.face, opts.size);
    (
        width as f64,
        wrapped.height as f64,
        wrapped.lines.len(),
        wrapped.truncated,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_render::text::LayoutOpts;

    #[test]
    fn measures_with_glyph_advances() {
        let o = LayoutOpts::new(12.0);
        assert_eq!(measure("", &o), (0.0, 0.0, 0, false));
        let (w, h, n, _) = measure("Hello", &o);
        assert!(w > 20.0 && w < 40.0 && h == 12.0 && n == 1, "{w} {h} {n}");
        assert_eq!(measure("|cffff0000Hello|r", &o).0, w);
        assert_eq!(measure("Hello|nHello", &o).1, 24.0);
        let narrow = LayoutOpts {
            max_width: Some(w as f32 + 1.0),
            ..o.clone()
        };
        let (w2, h2, n2, _) = measure("Hello Hello", &narrow);
        assert!(w2 > w && h2 == 24.0 && n2 == 2);
    }
}
