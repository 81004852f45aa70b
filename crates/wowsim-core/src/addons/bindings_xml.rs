//! An addon's `Bindings.xml` (`<Bindings><Binding name header category runOnUp>Lua</Binding>`),
//! loaded after the addon's TOC files: each binding becomes a named command that a key bound
//! with `SetBinding(key, "NAME")` runs (see `input/bindings.lua`). The body is compiled as
//! `function(keystate) body end` with the XML file's real line numbers. Attributes with no
//! behaviour to emulate (`header`, `category`, `default`, ...) are kept with the command.
//! `<ModifiedClick action default>` sets the modifier `GetModifiedClick` answers. Blizzard's
//! `Blizzard_FrameXML` also has the game's own list (`Bindings_<game>.xml`, see
//! [`game_bindings_file`]).

use super::{logical_path, record_at, strip_bom};
use mlua::{Function, Lua};
use std::path::Path;

/// The client's own bindings file in `Blizzard_FrameXML`, by flavour: the key binding list of
/// the game's UI (`Bindings_Standard.xml` in retail's tree next to `Bindings_Mists.xml` and
/// the files of other game modes; `Bindings_Vanilla.xml` in Classic Era's next to those of
/// later Classic versions). The client picks it by game type; no TOC lists it.
fn game_bindings_file(lua: &Lua) -> &'static str {
    match lua
        .app_data_ref::<crate::xmlui::XmlState>()
        .map(|s| s.flavor)
    {
        Some(wowsim_xml::Flavor::ClassicEra) => "Bindings_Vanilla.xml",
        Some(wowsim_xml::Flavor::Classic) => "Bindings_Mists.xml",
        _ => "Bindings_Standard.xml",
    }
}

/// Loads `Bindings.xml` of `addon` (folder `dir`) when it has one; for Blizzard's
/// `Blizzard_FrameXML`, its game's `Bindings_<game>.xml` first.
pub fn load(lua: &Lua, addon: &str, dir: &Path) -> mlua::Result<()> {
    if addon == "Blizzard_FrameXML" {
        load_file(lua, addon, dir, game_bindings_file(lua))?;
    }
    load_file(lua, addon, dir, "Bindings.xml")
}

fn load_file(lua: &Lua, addon: &str, dir: &Path, file: &str) -> mlua::Result<()> {
    let Some(path) = wowsim_toc::resolve_path_ci(dir, file) else {
        return Ok(());
    };
    let logical = logical_path(addon, file);
    let bytes = match wowsim_toc::read_regular(&path) {
        Ok(b) => b,
        Err(e) => {
            record_at(lua, format!("Couldn't open {logical}: {e}"), &logical, None);
            return Ok(());
        }
    };
    let text = String::from_utf8_lossy(strip_bom(&bytes)).into_owned();
    let doc = crate::xmlui::registry::parse(lua, &text);
    // Attributes outside the schema (`description`, which Ace3's Bindings.xml has used for
    // years) are kept with the command, not reported: the client reads this file with its own
    // binding loader, and no warning for them is known.
    for d in doc
        .diagnostics
        .iter()
        .filter(|d| d.kind != wowsim_xml::DiagKind::UnrecognizedAttribute)
    {
        let msg = wowsim_xml::format_diagnostic(&logical, d);
        record_at(lua, msg, &logical, Some(d.pos.line));
    }
    match doc.root {
        Some(root) if root.tag == "Bindings" => register_bindings(lua, &logical, &root),
        _ => Ok(()),
    }
}

/// Registers the `<Binding>` commands of a `<Bindings>` document. Also used for a bindings
/// file that a TOC lists among its files (Classic Era's `Blizzard_PTRFeedback` lists its
/// `Bindings.xml`): the client's loader reads it there too; registering a name again is
/// harmless.
pub fn register_bindings(lua: &Lua, logical: &str, root: &wowsim_xml::Element) -> mlua::Result<()> {
    let register: Function = lua.named_registry_value("wowsim.registerbinding")?;
    let modified: Function = lua.named_registry_value("wowsim.registermodifiedclick")?;
    for m in root.children_named("ModifiedClick") {
        if let Some(action) = m.attr("action") {
            modified.call::<()>((action, m.attr("default")))?;
        }
    }
    for b in root.children_named("Binding") {
        let Some(name) = b.attr("name") else { continue };
        let handler = match b.text.as_deref() {
            Some((body, pos)) if !body.trim().is_empty() => compile(lua, logical, body, pos.line)?,
            _ => None,
        };
        let info = lua.create_table()?;
        for a in &b.attrs {
            info.raw_set(a.name.as_str(), a.value.as_str())?;
        }
        let run_on_up = b.bool_attr("runonup") == Some(true);
        register.call::<()>((name, handler, run_on_up, info))?;
    }
    Ok(())
}

/// Compiles a binding body; a syntax error is recorded (and the command does nothing).
fn compile(lua: &Lua, file: &str, body: &str, line: u32) -> mlua::Result<Option<Function>> {
    let mut code = "\n".repeat(line.saturating_sub(1) as usize);
    code.push_str("return function(keystate) ");
    code.push_str(body);
    code.push_str("\nend");
    match lua.load(code).set_name(format!("@{file}")).into_function() {
        Ok(chunk) => Ok(Some(chunk.call::<Function>(())?)),
        Err(e) => {
            let report: Function = lua.named_registry_value("wowsim.report")?;
            report.call::<()>(wowsim_lua::host_error_message(&e))?;
            Ok(None)
        }
    }
}
