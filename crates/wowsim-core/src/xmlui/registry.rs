//! The XML state of one VM: the persistent parser (intrinsic tags declared by earlier files
//! stay known), the template registry (virtual and intrinsic elements, kept with the file
//! they came from), interned file names and the coverage counter. Lookups clone `Rc`s out so
//! no borrow of this state is held while Lua runs.

use super::coverage::Coverage;
use mlua::Lua;
use rustc_hash::FxHashMap;
use std::rc::Rc;
use wowsim_xml::{Element, Flavor, Parser, Schema};

/// Where an element came from: its addon and file (for handler chunk names and errors).
#[derive(Clone, Debug)]
pub struct Src {
    pub addon: Rc<str>,
    pub file: Rc<str>,
    /// Index of `file` in [`XmlState::files`] (keys the compiled-handler cache).
    pub file_index: u32,
}

/// A registered template: a `virtual="true"` or `intrinsic="true"` element.
#[derive(Debug)]
pub struct Template {
    pub el: Element,
    pub src: Src,
    pub intrinsic: bool,
}

/// XML state (VM app data).
pub struct XmlState {
    pub flavor: Flavor,
    /// Taken out while a file is parsed, then put back.
    pub parser: Option<Parser>,
    /// lower-case name → template.
    pub templates: FxHashMap<String, Rc<Template>>,
    /// lower-case names of `<Font>` objects (usable in `inherits` of fonts and font strings).
    pub fonts: FxHashMap<String, String>,
    pub files: Vec<Rc<str>>,
    file_index: FxHashMap<Rc<str>, u32>,
    /// (file index, line, column) of a handler's text → key in the Lua handler table.
    pub handlers: FxHashMap<(u32, u32, u32), i64>,
    pub next_handler: i64,
    pub coverage: Coverage,
    /// `<MaskedTexture childKey>` entries whose texture did not exist yet when the mask was
    /// made: retried when the mask's parent has made all its children.
    pub pending_masks: Vec<PendingMask>,
}

/// A mask waiting for the texture it masks (see [`XmlState::pending_masks`]).
#[derive(Debug)]
pub struct PendingMask {
    pub parent: u32,
    pub mask: u32,
    pub key: String,
    pub file: Rc<str>,
    pub line: u32,
}

impl XmlState {
    pub fn new(flavor: Flavor) -> XmlState {
        XmlState {
            flavor,
            parser: Some(Parser::new(flavor)),
            templates: FxHashMap::default(),
            fonts: FxHashMap::default(),
            files: Vec::new(),
            file_index: FxHashMap::default(),
            handlers: FxHashMap::default(),
            next_handler: 1,
            coverage: Coverage::default(),
            pending_masks: Vec::new(),
        }
    }
}

/// The schema of the VM's flavour.
pub fn schema_of(lua: &Lua) -> &'static Schema {
    let flavor = lua
        .app_data_ref::<XmlState>()
        .map(|s| s.flavor)
        .unwrap_or(Flavor::Retail);
    wowsim_xml::schema(flavor)
}

/// The interned source record of a file.
pub fn source(lua: &Lua, addon: &str, file: &str) -> Src {
    let mut st = lua.app_data_mut::<XmlState>().expect("xml state");
    let file_index = match st.file_index.get(file) {
        Some(i) => *i,
        None => {
            let rc: Rc<str> = Rc::from(file);
            let i = st.files.len() as u32;
            st.files.push(rc.clone());
            st.file_index.insert(rc, i);
            i
        }
    };
    Src {
        addon: Rc::from(addon),
        file: st.files[file_index as usize].clone(),
        file_index,
    }
}

/// Parses one file with the persistent parser (intrinsics declared earlier are known).
pub fn parse(lua: &Lua, text: &str) -> wowsim_xml::Document {
    let taken = lua
        .app_data_mut::<XmlState>()
        .and_then(|mut s| s.parser.take());
    let mut parser = taken.unwrap_or_else(|| Parser::new(Flavor::Retail));
    let doc = parser.parse(text);
    if let Some(mut s) = lua.app_data_mut::<XmlState>() {
        s.parser = Some(parser);
    }
    doc
}

/// Registers a template under its name (a later definition replaces an earlier one).
pub fn register(lua: &Lua, name: &str, el: &Element, src: &Src, intrinsic: bool) {
    let t = Rc::new(Template {
        el: el.clone(),
        src: src.clone(),
        intrinsic,
    });
    let mut st = lua.app_data_mut::<XmlState>().expect("xml state");
    st.templates.insert(name.to_ascii_lowercase(), t);
    if intrinsic {
        if let Some(p) = st.parser.as_mut() {
            if p.intrinsic(name).is_none() {
                p.add_intrinsic(name, &el.tag);
            }
        }
    }
}

/// A template by name (case-insensitive).
pub fn find(lua: &Lua, name: &str) -> Option<Rc<Template>> {
    let st = lua.app_data_ref::<XmlState>()?;
    st.templates.get(&name.to_ascii_lowercase()).cloned()
}

/// The global name of a `<Font>` object, by name (case-insensitive).
pub fn find_font(lua: &Lua, name: &str) -> Option<String> {
    let st = lua.app_data_ref::<XmlState>()?;
    st.fonts.get(&name.to_ascii_lowercase()).cloned()
}

/// Splits an `inherits`/`mixin` list (commas and/or spaces).
pub fn split_list(s: &str) -> impl Iterator<Item = &str> {
    s.split([',', ' ', '\t', '\n', '\r'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}
