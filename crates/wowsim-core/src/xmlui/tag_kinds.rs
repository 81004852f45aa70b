//! What the instantiator asks of a tag for every element and child (does it extend `Frame`,
//! `Texture`, `Animation`, ...; is it made in the late pass), answered once per schema tag:
//! each question otherwise looks the tag up and follows its `extends` chain, and profiles of
//! the retail start-up showed those walks.

use rustc_hash::FxHashMap;
use wowsim_xml::Schema;

/// Extends `Slider` or `StatusBar` (min/max values).
pub const SLIDER_OR_BAR: u16 = 1;
/// Extends `Frame`.
pub const FRAME: u16 = 1 << 1;
/// Extends `Texture`.
pub const TEXTURE: u16 = 1 << 2;
/// Extends `Line`.
pub const LINE: u16 = 1 << 3;
/// Is or extends `FontString`.
pub const FONT_STRING: u16 = 1 << 4;
/// Made by [`super::layers::late_children`] (see [`super::layers::is_late`]).
pub const LATE: u16 = 1 << 5;
/// Extends `Animation`.
pub const ANIMATION: u16 = 1 << 6;

/// The answers for any tag name (the slow way: what the table holds for schema tags).
fn compute(schema: &Schema, tag: &str) -> u16 {
    let mut k = 0;
    let mut set = |bit: u16, yes: bool| {
        if yes {
            k |= bit;
        }
    };
    set(
        SLIDER_OR_BAR,
        schema.extends(tag, "Slider") || schema.extends(tag, "StatusBar"),
    );
    set(FRAME, schema.extends(tag, "Frame"));
    set(TEXTURE, schema.extends(tag, "Texture"));
    set(LINE, schema.extends(tag, "Line"));
    set(
        FONT_STRING,
        tag == "FontString" || schema.extends(tag, "FontString"),
    );
    set(LATE, super::layers::is_late_uncached(schema, tag));
    set(ANIMATION, schema.extends(tag, "Animation"));
    k
}

type Table = FxHashMap<&'static str, u16>;

thread_local! {
    /// The tables built so far, by schema address (one per flavor, kept for the life of the
    /// process like the schemas themselves).
    static TABLES: std::cell::RefCell<Vec<(usize, &'static Table)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn table(schema: &'static Schema) -> &'static Table {
    let key = schema as *const Schema as usize;
    TABLES.with(|t| {
        let found = t.borrow().iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        found.unwrap_or_else(|| {
            let built: Table = schema
                .tags()
                .map(|d| (d.name.as_str(), compute(schema, &d.name)))
                .collect();
            let built: &'static Table = Box::leak(Box::new(built));
            t.borrow_mut().push((key, built));
            built
        })
    })
}

/// The kind bits of `tag` (a schema tag's own spelling is a table read; any other name is
/// worked out each time).
pub fn of(schema: &'static Schema, tag: &str) -> u16 {
    match table(schema).get(tag) {
        Some(k) => *k,
        None => compute(schema, tag),
    }
}

/// Whether `tag` has every bit of `bits`.
pub fn is(schema: &'static Schema, tag: &str, bits: u16) -> bool {
    of(schema, tag) & bits == bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use wowsim_xml::Flavor;

    #[test]
    fn the_table_gives_the_answers_of_the_schema_walks() {
        for flavor in [Flavor::Retail, Flavor::Classic, Flavor::ClassicEra] {
            let schema = wowsim_xml::schema(flavor);
            for t in schema.tags() {
                assert_eq!(of(schema, &t.name), compute(schema, &t.name), "{}", t.name);
            }
            assert!(is(schema, "Button", FRAME));
            assert!(is(schema, "CheckButton", FRAME));
            assert!(!is(schema, "Texture", FRAME));
            assert!(is(schema, "MaskTexture", TEXTURE));
            assert!(is(schema, "StatusBar", SLIDER_OR_BAR | FRAME));
            assert!(is(schema, "Alpha", ANIMATION));
            assert!(is(schema, "Layers", LATE));
            assert!(!is(schema, "Size", LATE));
            // A name the schema does not have (another spelling) is worked out, not guessed.
            assert_eq!(of(schema, "button"), compute(schema, "button"));
        }
    }
}
