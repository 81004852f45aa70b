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
    let mut p = Parser {
        out: Vec::with_capacity(text.len()),
        colors: Vec::new(),
        chars: text.chars().collect(),
        i: 0,
        in_link: false,
    };
    while p.i < p.chars.len() {
        let c = p.chars[p.i];
        if c == '\n' {
            p.out.push(Token::Newline);
            p.i += 1;
        } else if c == '\r' {
            p.i += 1;
        } else if c != '|' || p.i + 1 >= p.chars.len() {
            p.out.push(Token::Char(c, p.color()));
            p.i += 1;
        } else {
            p.escape(p.chars[p.i + 1]);
        }
    }
    p.out
}

/// The state of [`parse`]: the tokens so far, the colour stack, the position.
struct Parser {
    out: Vec<Token>,
    /// Colours pushed by `|c`, popped by `|r`.
    colors: Vec<Option<Rgba>>,
    chars: Vec<char>,
    /// The index of the next character.
    i: usize,
    /// Inside a hyperlink's shown text.
    in_link: bool,
}

impl Parser {
    /// The current colour (`None` = the FontString's own).
    fn color(&self) -> Option<Rgba> {
        self.colors.last().copied().flatten()
    }

    /// A `|` that starts no known sequence: drawn as itself.
    fn literal_bar(&mut self) {
        self.out.push(Token::Char('|', self.color()));
        self.i += 1;
    }

    /// The sequence at `i`: a `|` followed by `next`.
    fn escape(&mut self, next: char) {
        match next {
            '|' => {
                self.out.push(Token::Char('|', self.color()));
                self.i += 2;
            }
            'n' => {
                self.out.push(Token::Newline);
                self.i += 2;
            }
            'r' => {
                self.colors.pop();
                self.i += 2;
            }
            'c' if self.chars.get(self.i + 2) == Some(&'n') => self.named_color(),
            'c' => match hex_color(&self.chars[self.i + 2..]) {
                Some(col) => {
                    self.colors.push(Some(col));
                    self.i += 10;
                }
                None => self.literal_bar(),
            },
            'T' | 'A' => self.inline_icon(next),
            'H' | 'K' => self.link_or_protected(next),
            'h' if self.in_link => {
                self.out.push(Token::LinkEnd);
                self.in_link = false;
                self.i += 2;
            }
            'h' | 'k' | 't' | 'a' => self.i += 2,
            _ => self.literal_bar(),
        }
    }

    /// `|cnNAME:` … a named colour; keeps the current one.
    fn named_color(&mut self) {
        match self.chars[self.i + 3..].iter().position(|&x| x == ':') {
            Some(p) => {
                self.colors.push(self.color());
                self.i += 3 + p + 1;
            }
            None => self.literal_bar(),
        }
    }

    /// `|Tpath:…|t` (`next` = 'T') or `|Aatlas:…|a` (`next` = 'A').
    fn inline_icon(&mut self, next: char) {
        let close = if next == 'T' { 't' } else { 'a' };
        let body_start = self.i + 2;
        let chars = &self.chars;
        let end = (body_start..chars.len().saturating_sub(1))
            .find(|&k| chars[k] == '|' && chars[k + 1] == close);
        match end {
            Some(e) => {
                let body: String = chars[body_start..e].iter().collect();
                self.out.push(icon(&body, next == 'A'));
                self.i = e + 2;
            }
            None => self.literal_bar(),
        }
    }

    /// `|Hlink|h` (`next` = 'H': a link starts, ending one still open) or `|K…|k` (skipped);
    /// without its closing marker, the rest of the text is skipped.
    fn link_or_protected(&mut self, next: char) {
        let close = if next == 'H' { 'h' } else { 'k' };
        let chars = &self.chars;
        let end = (self.i + 2..chars.len().saturating_sub(1))
            .find(|&k| chars[k] == '|' && chars[k + 1] == close);
        if let (Some(e), 'H') = (end, next) {
            if self.in_link {
                self.out.push(Token::LinkEnd);
            }
            let link = self.chars[self.i + 2..e].iter().collect();
            self.out.push(Token::LinkStart(link));
            self.in_link = true;
        }
        self.i = end.map_or(self.chars.len(), |e| e + 2);
    }
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
