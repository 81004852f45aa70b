//! Loading an addon's UI XML file: diagnostics become records with file:line (schema problems
//! are warnings; in the Blizzard UI's own files they become notes instead), `<Script>`
//! (file or inline) and `<Include>` run in document order, and frame elements are handed to the
//! native instantiator (`crate::xmlui`).

use super::{logical_path, record_at, run_lua_file, run_lua_source};
use mlua::Lua;
use std::path::Path;
use wowsim_lua::HostFns;
use wowsim_xml::Element;

/// Maximum `<Include>` nesting before we assume a cycle.
const MAX_INCLUDE_DEPTH: usize = 64;

/// Loads one XML file of `addon` (`logical` is its client path).
pub fn load_xml_file(
    lua: &Lua,
    host: &HostFns,
    addon: &str,
    addon_dir: &Path,
    logical: &str,
    path: &Path,
) -> mlua::Result<()> {
    load_xml_depth(lua, host, addon, addon_dir, logical, path, 0)
}

fn load_xml_depth(
    lua: &Lua,
    host: &HostFns,
    addon: &str,
    addon_dir: &Path,
    logical: &str,
    path: &Path,
    depth: usize,
) -> mlua::Result<()> {
    if depth > MAX_INCLUDE_DEPTH {
        record_at(
            lua,
            format!("{logical}: <Include> nested too deeply (cycle?)"),
            logical,
            None,
        );
        return Ok(());
    }
    let bytes = match wowsim_toc::read_regular(path) {
        Ok(b) => b,
        Err(e) => {
            record_at(lua, format!("Couldn't open {logical}: {e}"), logical, None);
            return Ok(());
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let doc = crate::xmlui::registry::parse(lua, &text);
    let blizzard = is_blizzard(lua, addon);
    for d in &doc.diagnostics {
        // The client writes schema warnings to FrameXML.log and carries on. In Blizzard's own
        // files an addon author can fix none of them, and they are not Lua errors: they are
        // kept as notes (`Simulator::blizzard_xml_log`). Malformed XML stays a record there
        // too: the file's content is lost, which would break the UI.
        if blizzard && d.severity == wowsim_xml::Severity::Warning {
            let line = wowsim_xml::format_diagnostic_client(logical, d);
            if let Some(mut st) = lua.app_data_mut::<crate::xmlui::XmlState>() {
                st.blizzard_log.push(line);
            }
            continue;
        }
        // In the user's files a schema problem is a warning record (the author can fix it, and
        // the client skipped the element), and, where the client delivers it
        // (`Diagnostic::lua_warning`), a `LUA_WARNING` on the next frame; malformed XML is an
        // error.
        let severity = match d.severity {
            wowsim_xml::Severity::Warning => {
                if d.lua_warning {
                    let location = format!("{logical}:{}", d.pos.line);
                    wowsim_lua::errors::queue_xml_warning(lua, location, d.message.clone());
                }
                wowsim_lua::errors::Severity::Warning
            }
            wowsim_xml::Severity::Error => wowsim_lua::errors::Severity::Error,
        };
        super::record_severity_at(
            lua,
            wowsim_xml::format_diagnostic(logical, d),
            logical,
            Some(d.pos.line),
            severity,
        );
    }
    let Some(root) = doc.root else { return Ok(()) };
    if root.tag == "Bindings" {
        return super::bindings_xml::register_bindings(lua, logical, &root);
    }
    let ctx = Ctx {
        lua,
        host,
        addon,
        addon_dir,
        logical,
        depth,
    };
    for el in &root.children {
        ctx.top_level(el)?;
    }
    Ok(())
}

/// Whether `addon` comes from the Blizzard UI folder (`--blizzard-ui`).
fn is_blizzard(lua: &Lua, addon: &str) -> bool {
    lua.app_data_ref::<super::AddonSet>()
        .is_some_and(|set| set.find(addon).is_some_and(|i| set.addons[i].info.blizzard))
}

struct Ctx<'a> {
    lua: &'a Lua,
    host: &'a HostFns,
    addon: &'a str,
    addon_dir: &'a Path,
    logical: &'a str,
    depth: usize,
}

impl Ctx<'_> {
    /// Resolves `file=` as the client does: relative to this XML file's own folder, also when
    /// `..` leaves the addon folder (Bagnon includes `..\..\BagBrother\core\core.xml`;
    /// Blizzard's Classic map canvas climbs to the game folder and back down into
    /// `Interface/AddOns`), so the included file's own includes resolve from where it really
    /// is and its records name it; failing that, relative to the addon folder. The path must
    /// end inside `Interface/AddOns` (no absolute paths, nothing above it), and is read from the
    /// AddOns folder that holds this addon. Returns the client path and the file.
    fn resolve(&self, file: &str) -> Option<(String, std::path::PathBuf)> {
        let dir = self.logical.rsplit_once('/').map_or("", |(d, _)| d);
        if let Some(rest) = inside_addons(dir, file) {
            let root = self.addon_dir.parent();
            if let Some(p) = root.and_then(|r| wowsim_toc::resolve_path_ci(r, &rest)) {
                return Some((format!("Interface/AddOns/{rest}"), p));
            }
        }
        wowsim_toc::resolve_addon_file(self.addon_dir, file)
            .ok()
            .map(|p| (logical_path(self.addon, file), p))
    }

    fn top_level(&self, el: &Element) -> mlua::Result<()> {
        match el.tag.as_str() {
            "Script" => self.script(el),
            "Include" => self.include(el),
            // The flags of `<ScopedModifier>` apply to everything inside it, `<Script>`
            // included.
            "ScopedModifier" => {
                use crate::xmlui::registry;
                let prev = registry::enter_scope(self.lua, registry::Scope::of(el));
                // `<Include>` is not allowed inside (the parser warned); it is skipped.
                let r = el
                    .children
                    .iter()
                    .filter(|c| c.tag != "Include")
                    .try_for_each(|c| self.top_level(c));
                registry::leave_scope(self.lua, prev);
                r
            }
            _ => crate::xmlui::instantiate_top_level(
                self.lua,
                self.host,
                self.addon,
                self.logical,
                el,
            ),
        }
    }

    /// Records a `file=` of `<Script>`/`<Include>` that resolves nowhere, at the element's line.
    fn missing(&self, el: &Element, file: &str) {
        let msg = format!(
            "{}:{}: Couldn't open {}",
            self.logical,
            el.pos.line,
            file.replace('\\', "/")
        );
        record_at(self.lua, msg, self.logical, Some(el.pos.line));
    }

    /// Loads a `file=` of `<Script>` or `<Include>`: the client picks Lua or XML by the file's
    /// extension, whichever tag names it (Details' framework includes `.lua` files).
    /// A load filter after the path (`file="X.lua [AllowLoadGameType: mainline]"`) can skip it.
    fn load_file(&self, el: &Element, file: &str) -> mlua::Result<()> {
        let Some(file) = self.filtered(file) else {
            return Ok(());
        };
        let file = file.as_str();
        let Some((logical, path)) = self.resolve(file) else {
            self.missing(el, file);
            return Ok(());
        };
        if logical.to_ascii_lowercase().ends_with(".xml") {
            load_xml_depth(
                self.lua,
                self.host,
                self.addon,
                self.addon_dir,
                &logical,
                &path,
                self.depth + 1,
            )
        } else {
            run_lua_file(self.lua, self.host, self.addon, &logical, &path)
        }
    }

    /// `file` without its load filters, or `None` when one rejects it for the flavour and
    /// locale being simulated (the TOC's filters: `wowsim_toc::filter_file_reference`).
    fn filtered(&self, file: &str) -> Option<String> {
        if !file.contains('[') {
            return Some(file.to_string());
        }
        let Some(flavor) = self
            .lua
            .app_data_ref::<crate::xmlui::XmlState>()
            .map(|s| s.flavor)
        else {
            return Some(file.to_string());
        };
        let mut ctx = wowsim_toc::TocContext::new(flavor);
        ctx.locale = wowsim_api::game_state::game(self.lua)
            .identity
            .borrow()
            .locale
            .clone();
        wowsim_toc::filter_file_reference(file, &ctx)
    }

    fn script(&self, el: &Element) -> mlua::Result<()> {
        if let Some(file) = el.attr("file") {
            self.load_file(el, file)?;
        }
        if let Some((code, pos)) = el.text.as_deref() {
            if !code.trim().is_empty() {
                run_lua_source(
                    self.lua,
                    self.host,
                    self.addon,
                    self.logical,
                    code.as_bytes(),
                    pos.line,
                )?;
            }
        }
        Ok(())
    }

    fn include(&self, el: &Element) -> mlua::Result<()> {
        match el.attr("file") {
            Some(file) => self.load_file(el, file),
            None => Ok(()),
        }
    }
}

/// Where `file`, relative to the client folder `dir` (`Interface/AddOns/<addon>/...`), ends:
/// its path under `Interface/AddOns` (`<addon>/...`), or `None` for an absolute path or one
/// that ends outside it (climbing above the game folder included).
fn inside_addons(dir: &str, file: &str) -> Option<String> {
    let b = file.as_bytes();
    if b.first().is_some_and(|c| *c == b'/' || *c == b'\\') || b.get(1) == Some(&b':') {
        return None;
    }
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for comp in file.split(['/', '\\']) {
        match comp {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            c => parts.push(c),
        }
    }
    let inside = parts.len() >= 3
        && parts[0].eq_ignore_ascii_case("Interface")
        && parts[1].eq_ignore_ascii_case("AddOns");
    inside.then(|| parts[2..].join("/"))
}

#[cfg(test)]
mod containment_tests {
    #[test]
    fn includes_stay_in_the_addons_folder() {
        use super::inside_addons as ends;
        let d = "Interface/AddOns/Bagnon/sub";
        assert_eq!(ends(d, "x.xml").as_deref(), Some("Bagnon/sub/x.xml"));
        let sibling = "..\\..\\BagBrother\\core\\core.xml";
        assert_eq!(
            ends(d, sibling).as_deref(),
            Some("BagBrother/core/core.xml")
        );
        let round_trip = "../../../../Interface/AddOns/Blizzard_MapCanvas/a.lua";
        assert_eq!(
            ends(d, round_trip).as_deref(),
            Some("Blizzard_MapCanvas/a.lua")
        );
        assert_eq!(ends(d, "../../../x.lua"), None);
        assert_eq!(ends(d, "../../../../../x.lua"), None);
        assert_eq!(ends(d, "/etc/passwd"), None);
        assert_eq!(ends(d, "C:\\x.lua"), None);
    }
}
