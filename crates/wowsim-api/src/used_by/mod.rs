//! `api-coverage --used-by`: which global names, namespace members and methods the Lua and
//! XML of a folder use that neither that code nor wow-sim defines. Lua is compiled (never run)
//! and its bytecode read (`bytecode.rs`), so scopes are the compiler's; XML contributes its
//! script bodies, its `mixin`/`secureMixin`/`function` references and the global names of its
//! named objects. The loader picks the files (`wowsim-core`); this file only reads text and
//! looks names up in the VM as wow-sim set it up before any addon ran.
//!
//! What counts as defined: a global the code assigns (`X = …`, `function X()`, `_G.X = …`, an
//! XML `name`), a member it assigns (`NS.F = …`), a key it stores in any table (for methods:
//! `function M:F()`, `{ F = … }`), or what wow-sim's globals, widget method tables, Lua object
//! method tables and string library hold. What is not counted: a name the code tests
//! somewhere (`if X then`, `X and …`, `X == nil`): code prepared for an absent name; a global
//! starting with a lower-case letter (a slip of the code, see `client_like`); `_G.X` probes.
//! Names built at run time (`_G["X" .. i]`) cannot be seen, except the colour database's
//! names (`C_UIColor.GetColors`), which the UI itself defines so.

mod bytecode;
mod client;

use bytecode::Op;
pub use client::Evidence;
use mlua::{Lua, Table, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// Where a name was first used: file (as given) and line.
pub(crate) type Loc = (String, u32);

/// What the scanned files use and define.
#[derive(Default, Debug)]
pub struct Uses {
    globals: FxHashMap<String, Loc>,
    members: FxHashMap<(String, String), Loc>,
    methods: FxHashMap<String, Loc>,
    written: FxHashSet<String>,
    written_members: FxHashSet<(String, String)>,
    keys: FxHashSet<String>,
    templates: FxHashMap<String, Template>,
    /// Concrete named XML objects and the templates they inherit.
    instances: Vec<(String, Vec<String>)>,
    /// Globals (`("", X)`) and members the code tests before use somewhere.
    tested: FxHashSet<(String, String)>,
    /// The code's string constants.
    strings: FxHashSet<String>,
    /// Files that did not compile (`file:line: message`); their names are not known.
    pub errors: Vec<String>,
}

/// A name used and defined nowhere.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Missing {
    /// `global`, `member` or `method`.
    pub kind: &'static str,
    /// `Name`, `NS.Member` or `Method`.
    pub name: String,
    pub file: String,
    pub line: u32,
    /// Where the client has it; `None`: absent in the client too (by the reference, the
    /// client's API dump and the UI's API documentation), so the code reads nil there too.
    pub client: Option<Evidence>,
}

impl Uses {
    fn add(&mut self, file: &str, ops: Vec<(u32, Op)>) {
        let at = |line: u32| (file.to_string(), line);
        for (line, op) in ops {
            match op {
                Op::ReadGlobal(n) => {
                    self.globals.entry(n).or_insert_with(|| at(line));
                }
                Op::WriteGlobal(n) => {
                    self.written.insert(n);
                }
                Op::ReadMember(ns, k) => {
                    self.members.entry((ns, k)).or_insert_with(|| at(line));
                }
                Op::WriteMember(ns, k) => {
                    if ns == "_G" {
                        self.written.insert(k.clone());
                    }
                    self.written_members.insert((ns, k));
                }
                Op::Method(n) => {
                    self.methods.entry(n).or_insert_with(|| at(line));
                }
                Op::Key(k) => {
                    self.keys.insert(k);
                }
                Op::Tested(ns, k) => {
                    self.tested.insert((ns, k));
                }
                Op::Str(k) => {
                    self.strings.insert(k);
                }
            }
        }
    }

    /// Compiles `src` (a Lua file, or a script body whose first line is line `first_line` of
    /// `file`) and records what it uses.
    pub fn scan_lua(&mut self, lua: &Lua, file: &str, src: &str, first_line: u32) {
        let pad = "\n".repeat(first_line.saturating_sub(1) as usize);
        let src = src.strip_prefix('\u{feff}').unwrap_or(src);
        let text = format!("{pad}{src}");
        let chunk = lua
            .load(text.as_str())
            .set_name(format!("@{file}"))
            .into_function();
        let f = match chunk {
            Ok(f) => f,
            Err(e) => {
                self.errors.push(e.to_string());
                return;
            }
        };
        match bytecode::read(&f.dump(false)) {
            Ok(ops) => self.add(file, ops),
            Err(e) => self.errors.push(format!("{file}: {e}")),
        }
    }

    /// Records what one UI XML file uses and defines.
    pub fn scan_xml(&mut self, lua: &Lua, flavor: wowsim_xml::Flavor, file: &str, src: &str) {
        let doc = wowsim_xml::parse_document(src, flavor);
        if let Some(root) = &doc.root {
            let schema = wowsim_xml::schema(flavor);
            self.xml_element(lua, schema, file, root, Parent::None, 0);
        }
    }

    fn xml_element(
        &mut self,
        lua: &Lua,
        schema: &wowsim_xml::Schema,
        file: &str,
        e: &wowsim_xml::Element,
        parent: Parent,
        depth: u32,
    ) {
        if depth > 256 {
            return;
        }
        let inherits: Vec<String> = e
            .attr("inherits")
            .map(|v| v.split(',').map(|t| t.trim().to_string()).collect())
            .unwrap_or_default();
        let virtual_ = e.bool_attr("virtual") == Some(true);
        // The name this element's children see as `$parent`.
        let mut here = parent.clone();
        if let Some(raw) = e.attr("name") {
            let name = match (&parent, raw.strip_prefix("$parent")) {
                (_, None) => Some(Parent::Named(raw.to_string())),
                (Parent::Named(p), Some(rest)) => Some(Parent::Named(format!("{p}{rest}"))),
                (Parent::InTemplate(t, p), Some(rest)) => {
                    Some(Parent::InTemplate(t.clone(), format!("{p}{rest}")))
                }
                (Parent::None, Some(_)) => None,
            };
            // A Font is an object of that name even when virtual (a template of fonts).
            let font = matches!(e.tag.as_str(), "Font" | "FontFamily");
            if font && !raw.contains('$') {
                self.written.insert(raw.to_string());
            }
            match (virtual_, name) {
                (true, _) => {
                    self.templates.entry(raw.to_string()).or_default().inherits = inherits.clone();
                    here = Parent::InTemplate(raw.to_string(), String::new());
                }
                (false, Some(Parent::Named(n))) => {
                    self.written.insert(n.clone());
                    self.instances.push((n.clone(), inherits.clone()));
                    here = Parent::Named(n);
                }
                (false, Some(Parent::InTemplate(t, suffix))) => {
                    let entry = self.templates.entry(t.clone()).or_default();
                    entry.children.push((suffix.clone(), inherits.clone()));
                    here = Parent::InTemplate(t, suffix);
                }
                _ => {}
            }
        } else if let Parent::InTemplate(t, suffix) = &parent {
            // An unnamed child of a template: its `$parent` children still name from the
            // template's instance, and what it inherits applies with the same suffix.
            if !inherits.is_empty() {
                let entry = self.templates.entry(t.clone()).or_default();
                entry.children.push((suffix.clone(), inherits.clone()));
            }
        }
        for attr in ["mixin", "securemixin", "function"] {
            if let (Some(v), Some(pos)) = (e.attr(attr), e.attr_pos(attr)) {
                for n in v.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                    let at = (file.to_string(), pos.line);
                    self.globals.entry(n.to_string()).or_insert(at);
                }
            }
        }
        if let Some((text, pos)) = e.text.as_deref() {
            match schema.tag_impl(&e.tag) {
                Some(wowsim_xml::TagImpl::Script { args }) => {
                    let args = args.as_deref().unwrap_or(match e.tag.as_str() {
                        "OnFinished" | "OnStop" => "self, requested",
                        "OnLoop" => "self, loopState",
                        _ => "self, ...",
                    });
                    let body = format!("return function({args}) {text}\nend");
                    self.scan_lua(lua, file, &body, pos.line);
                }
                _ if e.tag == "Script" => self.scan_lua(lua, file, text, pos.line),
                _ => {}
            }
        }
        for c in &e.children {
            self.xml_element(lua, schema, file, c, here.clone(), depth + 1);
        }
    }

    /// Whether `name` is a string constant of the code followed by digits: a name the code
    /// builds at run time (`CreateFrame("Button", "DayButton" .. i)`, `_G["Tab" .. i]`).
    fn built_at_run_time(&self, name: &str) -> bool {
        let prefix = name.trim_end_matches(|c: char| c.is_ascii_digit());
        prefix.len() < name.len() && !prefix.is_empty() && self.strings.contains(prefix)
    }

    /// Adds the global names that instances of templates get: `Name` + each `$parent…` suffix
    /// of the templates it inherits (and of theirs).
    fn expand_templates(&mut self) {
        let mut queue: Vec<(String, Vec<String>, u32)> = self
            .instances
            .iter()
            .map(|(n, i)| (n.clone(), i.clone(), 0))
            .collect();
        while let Some((name, inherits, depth)) = queue.pop() {
            if depth > 16 {
                continue;
            }
            for t in &inherits {
                let Some(def) = self.templates.get(t) else {
                    continue;
                };
                queue.push((name.clone(), def.inherits.clone(), depth + 1));
                for (suffix, child_inherits) in &def.children {
                    let child = format!("{name}{suffix}");
                    self.written.insert(child.clone());
                    queue.push((child, child_inherits.clone(), depth + 1));
                }
            }
        }
    }
}

/// The name `$parent` stands for where an XML element is.
#[derive(Clone)]
enum Parent {
    /// No named ancestor: `$parent…` names nothing wow-sim can know.
    None,
    /// Inside a concrete object of this global name.
    Named(String),
    /// Inside template `.0`, at the name suffix `.1` from the template's instance.
    InTemplate(String, String),
}

/// What a virtual XML element gives the objects that inherit it.
#[derive(Default, Debug)]
struct Template {
    inherits: Vec<String>,
    /// Name suffixes of `$parent…` descendants, and what each inherits.
    children: Vec<(String, Vec<String>)>,
}

/// Every method name wow-sim's objects answer: the UI object types' method tables, the Lua
/// object types' and the string library's.
fn known_methods(lua: &Lua) -> mlua::Result<FxHashSet<String>> {
    let mut out = FxHashSet::default();
    let mut add = |t: &Table| -> mlua::Result<()> {
        for pair in t.pairs::<Value, Value>() {
            if let (Value::String(k), _) = pair? {
                out.insert(k.to_string_lossy());
            }
        }
        Ok(())
    };
    let metatables: Vec<Table> = lua
        .app_data_ref::<crate::widgets::UiLua>()
        .map(|u| u.metatables.values().cloned().collect())
        .unwrap_or_default();
    for mt in &metatables {
        if let Value::Table(t) = mt.raw_get::<Value>("__index")? {
            add(&t)?;
        }
    }
    let lua_objects: Vec<Table> = lua
        .app_data_ref::<crate::api::lua_objects::LuaObjectTypes>()
        .map(|t| t.methods.clone())
        .unwrap_or_default();
    for t in &lua_objects {
        add(t)?;
    }
    if let Value::Table(s) = lua.globals().raw_get::<Value>("string")? {
        add(&s)?;
    }
    Ok(out)
}

/// Whether a global name has the shape of the client's: C functions and namespaces start with
/// a capital, constants are capitals. A name starting with a lower-case letter that wow-sim
/// lacks (`self`, `id`, `button` read outside the function that had them) is the code's own
/// slip, which reads nil in the client too; the client's lower-case functions (`strsplit`,
/// `securecall`) are all defined.
fn client_like(name: &str) -> bool {
    !name.starts_with(|c: char| c.is_ascii_lowercase())
}

/// What the scanned code uses that neither it nor wow-sim defines, sorted by kind and name,
/// each with where the client has it (`data`: the flavour's reference and client dump; the
/// UI's documentation when the VM has one). `lua` must be the VM before any addon ran, so
/// its globals are wow-sim's own.
pub fn missing(
    lua: &Lua,
    uses: &mut Uses,
    data: &'static wowsim_data::ProductData,
) -> mlua::Result<Vec<Missing>> {
    uses.expand_templates();
    let docs = lua
        .app_data_ref::<crate::api::api_docs::Docs>()
        .map(|d| d.clone());
    let facts = client::ClientFacts::new(data, docs.as_ref());
    missing_with(lua, uses, &known_methods(lua)?, &|k: &str, n: &str| {
        facts.has(k, n)
    })
}

/// Where the client has a name of a kind (see [`client::ClientFacts::has`]).
type ClientHas<'a> = dyn Fn(&str, &str) -> Option<Evidence> + 'a;

/// [`missing`] with the method names wow-sim's objects answer and the client's names given.
fn missing_with(
    lua: &Lua,
    uses: &Uses,
    known: &FxHashSet<String>,
    client: &ClientHas,
) -> mlua::Result<Vec<Missing>> {
    let g = lua.globals();
    let mut out = Vec::new();
    let miss = |kind: &'static str, name: String, (file, line): &Loc| Missing {
        kind,
        client: client(kind, &name),
        name,
        file: file.clone(),
        line: *line,
    };
    // (A bare VM, as in this module's tests, has no game state and no colours.)
    let colors: FxHashSet<String> = lua
        .app_data_ref::<crate::game_state::GameState>()
        .map(|g| g.colors.borrow().0.iter().map(|(n, _)| n.clone()).collect())
        .unwrap_or_default();
    for (name, at) in &uses.globals {
        if uses.tested.contains(&(String::new(), name.clone())) || !client_like(name) {
            continue;
        }
        // The UI names the colour database's entries itself (`_G[color.baseTag] = …`, and
        // `…_CODE` markup), from `C_UIColor.GetColors`.
        let base = name.strip_suffix("_CODE").unwrap_or(name);
        if colors.contains(name) || colors.contains(base) || uses.built_at_run_time(name) {
            continue;
        }
        if !uses.written.contains(name) && g.raw_get::<Value>(name.as_str())?.is_nil() {
            out.push(miss("global", name.clone(), at));
        }
    }
    for ((ns, key), at) in &uses.members {
        // Only namespaces wow-sim defines and the code does not: the code's own tables are
        // the code's business.
        let pair = (ns.clone(), key.clone());
        // `_G.X` reads are probes for other code's globals (or names built at run time).
        if ns == "_G"
            || uses.written.contains(ns)
            || uses.written_members.contains(&pair)
            || uses.tested.contains(&pair)
        {
            continue;
        }
        let Value::Table(t) = g.raw_get::<Value>(ns.as_str())? else {
            continue;
        };
        if t.raw_get::<Value>(key.as_str())?.is_nil() {
            out.push(miss("member", format!("{ns}.{key}"), at));
        }
    }
    for (name, at) in &uses.methods {
        if !uses.keys.contains(name) && !known.contains(name) {
            out.push(miss("method", name.clone(), at));
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests;
