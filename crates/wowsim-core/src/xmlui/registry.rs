//! The XML state of one VM: the persistent parser (intrinsic tags declared by earlier files
//! stay known), the template registry (virtual and intrinsic elements, kept with the file
//! they came from), interned file names and the coverage counter. Lookups clone `Rc`s out so
//! no borrow of this state is held while Lua runs.

use super::coverage::Coverage;
use mlua::{Lua, Table};
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
    /// The `<ScopedModifier>` flags in force where the template was defined: objects made
    /// from it get them wherever they are made (`CreateFrame` too).
    pub scope: Scope,
}

/// The flags of enclosing `<ScopedModifier>` elements (nested ones add to outer ones).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    /// `forbidden`: objects are forbidden (`IsForbidden()` is true).
    pub forbidden: bool,
    /// `fullLockdown`: kept in the object's field `xml:fullLockdown`.
    pub full_lockdown: bool,
    /// `hideFromGlobalEnv`: a named object's name is not set in `_G`.
    pub hide_from_global: bool,
    /// `addToSecureEnv`: a named object is visible in the secure environment (which reads
    /// `_G`; with `hideFromGlobalEnv` it is set there alone).
    pub add_to_secure_env: bool,
    /// `scriptsUseGivenEnv`: inline handlers run in the addon's own table (the second value of
    /// `...`), and `mixin=` and `function=` names are looked up there (see [`given_env`]).
    pub scripts_use_given_env: bool,
    /// `useForbiddenObjectTable`: kept in the object's field `xml:useForbiddenObjectTable`.
    pub use_forbidden_object_table: bool,
}

impl Scope {
    /// Both scopes' flags.
    pub fn union(self, o: Scope) -> Scope {
        Scope {
            forbidden: self.forbidden || o.forbidden,
            full_lockdown: self.full_lockdown || o.full_lockdown,
            hide_from_global: self.hide_from_global || o.hide_from_global,
            add_to_secure_env: self.add_to_secure_env || o.add_to_secure_env,
            scripts_use_given_env: self.scripts_use_given_env || o.scripts_use_given_env,
            use_forbidden_object_table: self.use_forbidden_object_table
                || o.use_forbidden_object_table,
        }
    }

    /// The flags a `<ScopedModifier>` element sets.
    pub fn of(el: &Element) -> Scope {
        let on = |a: &str| el.bool_attr(a) == Some(true);
        Scope {
            forbidden: on("forbidden"),
            full_lockdown: on("fulllockdown"),
            hide_from_global: on("hidefromglobalenv"),
            add_to_secure_env: on("addtosecureenv"),
            scripts_use_given_env: on("scriptsusegivenenv"),
            use_forbidden_object_table: on("useforbiddenobjecttable"),
        }
    }
}

/// XML state (VM app data): the one owner of the loader's XML instantiation state.
pub struct XmlState {
    pub flavor: Flavor,
    /// What files are validated against (see [`schema_of`]).
    pub schema: &'static Schema,
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
    /// The `<ScopedModifier>` flags in force while elements load (see [`enter_scope`]).
    pub scope: Scope,
    /// Whether the element being applied was written under `scriptsUseGivenEnv` (see
    /// [`given_env`]).
    pub lexical_given_env: bool,
    /// Schema warnings in the files of the Blizzard UI (`--blizzard-ui`), in the client's
    /// `FrameXML.log` form (`file:line message`): notes, not error records (see
    /// `addons::xmlload`).
    pub blizzard_log: Vec<String>,
    /// The VM's `hostcall` and `report` (see `calls`), kept once installed.
    pub(crate) trampolines: Option<super::calls::Trampolines>,
    /// The Lua helpers of `<Scripts>` (see `scripts`), kept once made.
    pub(crate) script_helpers: Option<mlua::Table>,
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
    pub fn new(flavor: Flavor, schema: &'static Schema) -> XmlState {
        XmlState {
            flavor,
            schema,
            parser: Some(Parser::with_schema(flavor, schema)),
            templates: FxHashMap::default(),
            fonts: FxHashMap::default(),
            files: Vec::new(),
            file_index: FxHashMap::default(),
            handlers: FxHashMap::default(),
            next_handler: 1,
            coverage: Coverage::default(),
            pending_masks: Vec::new(),
            scope: Scope::default(),
            lexical_given_env: false,
            blizzard_log: Vec::new(),
            trampolines: None,
            script_helpers: None,
        }
    }
}

/// The schema of the VM's files: the flavour's, widened with the Blizzard UI's own UI.xsd
/// when the run has one (`xmlui::schema_for`).
pub fn schema_of(lua: &Lua) -> &'static Schema {
    lua.app_data_ref::<XmlState>()
        .map_or_else(|| wowsim_xml::schema(Flavor::Retail), |s| s.schema)
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
    let mut st = lua.app_data_mut::<XmlState>().expect("xml state");
    let t = Rc::new(Template {
        el: el.clone(),
        src: src.clone(),
        intrinsic,
        scope: st.scope,
    });
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
/// The name of the font object `name` names: an XML `<Font>` (any case), else a global Font
/// object made with `CreateFont` (the built-in base's fonts), which inherits as one.
pub fn find_font(lua: &Lua, name: &str) -> Option<String> {
    let xml = {
        let st = lua.app_data_ref::<XmlState>()?;
        st.fonts.get(&name.to_ascii_lowercase()).cloned()
    };
    xml.or_else(|| is_font_object(lua, name).then(|| name.to_string()))
}

/// Whether the global `name` is a Font object.
fn is_font_object(lua: &Lua, name: &str) -> bool {
    let Ok(v) = lua.globals().raw_get::<mlua::Value>(name) else {
        return false;
    };
    let Ok(id) = wowsim_api::widgets::obj_id(lua, &v, "inherits") else {
        return false;
    };
    let ui = lua
        .app_data_ref::<wowsim_api::widgets::UiState>()
        .expect("ui");
    ui.get(id)
        .is_some_and(|o| wowsim_api::widgets::types::inherits_from(o.type_index, "Font"))
}

/// Splits an `inherits`/`mixin` list (commas and/or spaces).
pub fn split_list(s: &str) -> impl Iterator<Item = &str> {
    s.split([',', ' ', '\t', '\n', '\r'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// The scope in force.
/// Under `<ScopedModifier scriptsUseGivenEnv="true">`: the table names are looked up in and
/// inline handlers run in, the addon's own table (the second value of `...` in its files), as
/// wowless's real-client test asserts (`getfenv(1)` of such a handler is the addon table, and a
/// mixin the scope's handler sets there is found). The flag is lexical: it holds for elements
/// written inside the modifier (and for templates defined there, wherever they are made), not
/// for the Blizzard templates such an element inherits. `None` elsewhere (`_G`).
pub fn given_env(lua: &Lua, src: &Src) -> mlua::Result<Option<Table>> {
    if !lexical_given_env(lua) {
        return Ok(None);
    }
    crate::addons::addon_table(lua, &src.addon).map(Some)
}

/// Whether the element being applied was written under `scriptsUseGivenEnv`.
pub fn lexical_given_env(lua: &Lua) -> bool {
    lua.app_data_ref::<XmlState>()
        .is_some_and(|s| s.lexical_given_env)
}

/// Sets whether the element being applied was written under `scriptsUseGivenEnv`; returns the
/// previous value for [`set_lexical_given_env`] to restore.
pub fn set_lexical_given_env(lua: &Lua, on: bool) -> bool {
    match lua.app_data_mut::<XmlState>() {
        Some(mut st) => std::mem::replace(&mut st.lexical_given_env, on),
        None => false,
    }
}

/// The table `mixin=` and `function=` names are looked up in: [`given_env`] or `_G`.
pub fn lookup_env(lua: &Lua, src: &Src) -> mlua::Result<Table> {
    Ok(given_env(lua, src)?.unwrap_or_else(|| lua.globals()))
}

pub fn scope(lua: &Lua) -> Scope {
    lua.app_data_ref::<XmlState>()
        .map(|s| s.scope)
        .unwrap_or_default()
}

/// What [`enter_scope`] replaced, for [`leave_scope`].
#[derive(Clone, Copy)]
pub struct SavedScope {
    scope: Scope,
    lexical_given_env: bool,
}

/// Sets the scope in force (added to the current one), lexically: a `<ScopedModifier>`'s
/// elements are written inside it. Returns what was in force for [`leave_scope`].
pub fn enter_scope(lua: &Lua, add: Scope) -> SavedScope {
    let saved = enter_object_scope(lua, add);
    let lexical = saved.lexical_given_env || add.scripts_use_given_env;
    set_lexical_given_env(lua, lexical);
    saved
}

/// Sets the scope in force for an object being made (its own and its templates' flags added)
/// without changing which elements count as written under `scriptsUseGivenEnv`.
pub fn enter_object_scope(lua: &Lua, add: Scope) -> SavedScope {
    let Some(mut st) = lua.app_data_mut::<XmlState>() else {
        return SavedScope {
            scope: Scope::default(),
            lexical_given_env: false,
        };
    };
    let saved = SavedScope {
        scope: st.scope,
        lexical_given_env: st.lexical_given_env,
    };
    st.scope = saved.scope.union(add);
    saved
}

/// Restores what [`enter_scope`] or [`enter_object_scope`] returned.
pub fn leave_scope(lua: &Lua, prev: SavedScope) {
    if let Some(mut st) = lua.app_data_mut::<XmlState>() {
        st.scope = prev.scope;
        st.lexical_given_env = prev.lexical_given_env;
    }
}
