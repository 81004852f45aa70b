//! The client's text escape sequences, turned into tokens (characters with their colour, line
//! breaks, inline textures). Never fails: a sequence it does not know is drawn literally, as
//! the client does.
//!
//! | escape | meaning | token |
//! | --- | --- | --- |
//! | `|cAARRGGBB` … `|r` | colour (alpha byte ignored), `|r` returns to the previous colour | [`Token::Char`] colour |
//! | `|cnNAME:` | a named colour (not resolved here: drawn in the current colour) | |
//! | `|n`, `\n` | line break | [`Token::Newline`] |
//! | `||` | a literal `|` | [`Token::Char`] |
//! | `|Tpath:h[:w…]|t` | inline texture, `h` = 0 means the line height | [`Token::Icon`] |
//! | `|Aatlas:h[:w…]|a` | inline atlas (no atlas data: a placeholder) | [`Token::Icon`] |
//! | `|Hlink|htext|h` | hyperlink: `text` is shown, between link markers | [`Token::LinkStart`] `link`, [`Token::LinkEnd`] |
//! | `|K…|k` | protected-string markers (the text between is shown) | none |

use crate::Rgba;

/// One unit of marked-up text.
#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    /// A character, in an explicit colour (`None` = the FontString's own colour).
    Char(char, Option<Rgba>),
    Newline,
    /// An inline texture: path (or `atlas:NAME`), height and width in UI units (0 = line height).
    Icon {
        path: String,
        height: f32,
        width: f32,
    },
    /// A hyperlink's shown text starts (`|Hlink|h`): its link string.
    LinkStart(String),
    /// A hyperlink's shown text ends (its closing `|h`).
    LinkEnd,
}

/// Splits text into tokens.
pub fn parse(text: &str) -> Vec<Token> {
    let mut out = Vec::with_capacity(text.len());
    let mut colors: Vec<Option<Rgba>> = Vec::new();
    let cur = |c: &Vec<Option<Rgba>>| c.last().copied().flatten();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut in_link = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            out.push(Token::Newline);
            i += 1;
            continue;
        }
        if c == '\r' {
            i += 1;
            continue;
        }
        if c != '|' || i + 1 >= chars.len() {
            out.push(Token::Char(c, cur(&colors)));
            i += 1;
            continue;
        }
        let next = chars[i + 1];
        match next {
            '|' => {
                out.push(Token::Char('|', cur(&colors)));
                i += 2;
            }
            'n' => {
                out.push(Token::Newline);
                i += 2;
            }
            'r' => {
                colors.pop();
                i += 2;
            }
            'c' if chars.get(i + 2) == Some(&'n') => {
                // |cnNAME: … a named colour; keep the current one.
                match chars[i + 3..].iter().position(|&x| x == ':') {
                    Some(p) => {
                        colors.push(cur(&colors));
                        i += 3 + p + 1;
                    }
                    None => {
                        out.push(Token::Char('|', cur(&colors)));
                        i += 1;
                    }
                }
            }
            'c' => match hex_color(&chars[i + 2..]) {
                Some(col) => {
                    colors.push(Some(col));
                    i += 10;
                }
                None => {
                    out.push(Token::Char('|', cur(&colors)));
                    i += 1;
                }
            },
            'T' | 'A' => {
                let close = if next == 'T' { 't' } else { 'a' };
                let body_start = i + 2;
                let end = (body_start..chars.len().saturating_sub(1))
                    .find(|&k| chars[k] == '|' && chars[k + 1] == close);
                match end {
                    Some(e) => {
                        let body: String = chars[body_start..e].iter().collect();
                        out.push(icon(&body, next == 'A'));
                        i = e + 2;
                    }
                    None => {
                        out.push(Token::Char('|', cur(&colors)));
                        i += 1;
                    }
                }
            }
            'H' | 'K' => {
                let close = if next == 'H' { 'h' } else { 'k' };
                let end = (i + 2..chars.len().saturating_sub(1))
                    .find(|&k| chars[k] == '|' && chars[k + 1] == close);
                if let (Some(e), 'H') = (end, next) {
                    if in_link {
                        out.push(Token::LinkEnd);
                    }
                    out.push(Token::LinkStart(chars[i + 2..e].iter().collect()));
                    in_link = true;
                }
                i = end.map_or(chars.len(), |e| e + 2);
            }
            'h' if in_link => {
                out.push(Token::LinkEnd);
                in_link = false;
                i += 2;
            }
            'h' | 'k' | 't' | 'a' => i += 2,
            _ => {
                out.push(Token::Char('|', cur(&colors)));
                i += 1;
            }
        }
    }
    out
}

fn hex_color(s: &[char]) -> Option<Rgba> {
    if s.len() < 8 {
        return None;
    }
    let mut v = [0u8; 4];
    for (k, slot) in v.iter_mut().enumerate() {
        let hi = s[k * 2].to_digit(16)?;
        let lo = s[k * 2 + 1].to_digit(16)?;
        *slot = (hi * 16 + lo) as u8;
    }
    Some([
        v[1] as f32 / 255.0,
        v[2] as f32 / 255.0,
        v[3] as f32 / 255.0,
        1.0,
    ])
}

fn icon(body: &str, atlas: bool) -> Token {
    let mut parts = body.split(':');
    let path = parts.next().unwrap_or("").to_string();
    let num = |s: Option<&str>| s.and_then(|x| x.trim().parse::<f32>().ok());
    let height = num(parts.next()).unwrap_or(0.0).max(0.0);
    let width = num(parts.next()).unwrap_or(height).max(0.0);
    Token::Icon {
        path: if atlas { format!("atlas:{path}") } else { path },
        height,
        width,
    }
}

/// The text with markup removed (icons become one space).
pub fn plain(text: &str) -> String {
    parse(text)
        .into_iter()
        .map(|t| match t {
            Token::Char(c, _) => c,
            Token::Newline => '\n',
            Token::Icon { .. } => ' ',
            Token::LinkStart(_) | Token::LinkEnd => '\0',
        })
        .filter(|&c| c != '\0')
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expect: &str) {
        assert_eq!(plain(text), expect, "{text:?}");
    }

    #[test]
    fn escapes() {
        check("abc", "abc");
        check("|cffff0000red|r plain", "red plain");
        check("a||b", "a|b");
        check("one|ntwo", "one\ntwo");
        check("x|Tinterface\\icons\\foo:16|ty", "x y");
        check("|Hitem:123|h[Sword]|h", "[Sword]");
        check("|cffzz0000bad", "|cffzz0000bad");
        check("trailing|", "trailing|");
        check("|Tunclosed", "|Tunclosed");
        check("|cnRED_FONT_COLOR:warn|r", "warn");
    }

    #[test]
    fn links_mark_their_text() {
        let t = parse("a|Hitem:1|h[b]|hc");
        assert_eq!(t[1], Token::LinkStart("item:1".into()));
        assert_eq!(t[2], Token::Char('[', None));
        assert_eq!(t[5], Token::LinkEnd);
        assert_eq!(t[6], Token::Char('c', None));
    }

    #[test]
    fn colours_nest_and_pop() {
        let t = parse("|cff00ff00a|cffff0000b|rc|rd");
        let col = |i: usize| match &t[i] {
            Token::Char(_, c) => *c,
            _ => panic!(),
        };
        assert_eq!(col(0), Some([0.0, 1.0, 0.0, 1.0]));
        assert_eq!(col(1), Some([1.0, 0.0, 0.0, 1.0]));
        assert_eq!(col(2), Some([0.0, 1.0, 0.0, 1.0]));
        assert_eq!(col(3), None);
        assert_eq!(
            parse("|Tfoo:12:20|t")[0],
            Token::Icon {
                path: "foo".into(),
                height: 12.0,
                width: 20.0
            }
        );
    }
}
