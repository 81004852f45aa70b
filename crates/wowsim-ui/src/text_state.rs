//! Text methods the other files leave: SimpleHTML's content (`SetText`, `GetTextData`,
//! `GetContentHeight`), character positions in a FontString, a message's FontString, and the
//! font of an alphabet. Measurements use the same layout as drawing (`wowsim_render::text`).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `SimpleHTML:SetText(text [, ignoreMarkup])`, `GetTextData` | [`html_nodes`]: `<p>`, `<h1>`..`<h3>` blocks (with `align`) of an `<html>` text, else one `p` block of the text |
//! | `SimpleHTML:GetContentHeight` | the blocks wrapped at the frame's width in its font (`GetFont`/`GetFontObject` of the block type, else the default) |
//! | `FontString:FindCharacterIndexAtCoordinate(x, y)` | screen coordinates (as `GetLeft`/`GetTop`); the character of the first line under x (text taken as left-justified from the string's left edge), and whether the point is inside the text; nothing without a rect |
//! | `FontString:CalculateScreenAreaFromCharacterSpan(l, r)` | one `{left, bottom, width, height}` rect over the characters l..r of the first line |
//! | `FontString:GetFieldSize` | the font height (the client's meaning is not documented) |
//! | `FontString:OnColorsUpdated` | nothing to refresh (colours are read when drawn) |
//! | `MessageFrame:GetFontStringByID(id)` | a hidden FontString with the text and colour of the message with that id (the frame draws its messages itself); nil without one |
//! | `Font:GetFontObjectForAlphabet(alphabet)` | the font itself: the simulator uses one font for every alphabet |

/// One block of SimpleHTML content.
#[derive(Clone, Debug, PartialEq)]
pub struct HtmlNode {
    pub text: String,
    pub kind: String,
    pub align: String,
}

pub(crate) fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[i + 1..i + j].trim().to_ascii_lowercase();
        if tag.starts_with("br") {
            out.push('\n');
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    out.trim().to_string()
}

pub fn attr(tag: &str, name: &str) -> Option<String> {
    let low = tag.to_ascii_lowercase();
    let i = low.find(&format!("{name}="))? + name.len() + 1;
    let q = tag[i..].chars().next()?;
    let body = &tag[i + q.len_utf8()..];
    let end = body.find(q)?;
    Some(body[..end].to_string())
}

/// The blocks of a SimpleHTML text: `<p>` and `<h1>`..`<h3>` of an `<html>` document (text
/// between blocks is a `p` block), or the whole text as one `p` block.
pub fn html_nodes(text: &str, ignore_markup: bool) -> Vec<HtmlNode> {
    let node = |text: String, kind: &str, align: Option<String>| HtmlNode {
        text,
        kind: kind.to_string(),
        align: align.unwrap_or_else(|| "LEFT".into()).to_uppercase(),
    };
    let is_html = text.trim_start().to_ascii_lowercase().starts_with("<html");
    if ignore_markup || !is_html {
        return vec![node(text.to_string(), "p", None)];
    }
    let mut out = Vec::new();
    let mut rest = text;
    let mut loose = String::new();
    while let Some(i) = rest.find('<') {
        loose.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('>') else { break };
        let tag = &rest[i + 1..i + j];
        let name = tag
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        rest = &rest[i + j + 1..];
        if !matches!(name.as_str(), "p" | "h1" | "h2" | "h3") || tag.ends_with('/') {
            continue;
        }
        let close = format!("</{name}");
        let end = rest.to_ascii_lowercase().find(&close).unwrap_or(rest.len());
        let loose_text = strip_tags(&std::mem::take(&mut loose));
        if !loose_text.is_empty() {
            out.push(node(loose_text, "p", None));
        }
        out.push(node(strip_tags(&rest[..end]), &name, attr(tag, "align")));
        rest = &rest[end..];
        if let Some(k) = rest.find('>') {
            rest = &rest[k + 1..];
        }
    }
    loose.push_str(rest);
    let loose_text = strip_tags(&loose);
    if !loose_text.is_empty() {
        out.push(node(loose_text, "p", None));
    }
    out
}

/// Byte offsets after each character of the first line.
pub fn char_ends(text: &str) -> Vec<usize> {
    let line = text.split('\n').next().unwrap_or("");
    line.char_indices().map(|(i, c)| i + c.len_utf8()).collect()
}

#[cfg(test)]
mod tests {
    use super::{html_nodes, HtmlNode};

    fn n(text: &str, kind: &str, align: &str) -> HtmlNode {
        HtmlNode {
            text: text.into(),
            kind: kind.into(),
            align: align.into(),
        }
    }

    #[test]
    fn html_blocks() {
        let cases: &[(&str, bool, Vec<HtmlNode>)] = &[
            ("plain text", false, vec![n("plain text", "p", "LEFT")]),
            (
                "<html><body><h1 align=\"center\">Title</h1><p>One<br/>two</p></body></html>",
                false,
                vec![n("Title", "h1", "CENTER"), n("One\ntwo", "p", "LEFT")],
            ),
            (
                "<html><p>x</p></html>",
                true,
                vec![n("<html><p>x</p></html>", "p", "LEFT")],
            ),
            (
                "<html><body>loose <a href=\"x\">link</a><h2>H</h2></body></html>",
                false,
                vec![n("loose link", "p", "LEFT"), n("H", "h2", "LEFT")],
            ),
        ];
        for (text, ignore, want) in cases {
            assert_eq!(&html_nodes(text, *ignore), want, "{text}");
        }
    }
}
