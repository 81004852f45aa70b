//! `<Scripts>`: handlers from `function=` (a global), `method=` (calls `self:Method(...)` at run
//! time) or an inline body, compiled once per handler (cached by file, line and column) as
//! `function(<the client's arguments>) body end` with chunk name `@Interface/AddOns/...xml`
//! and the real XML line numbers. `inherit="prepend|append"` chains with the inherited
//! handler; `intrinsicOrder="precall|postcall"` orders an intrinsic's handler around the
//! handler of the element using it. Handlers are set through the object's `SetScript`.

use super::calls::call;
use super::registry::{Src, XmlState};
use crate::addons::record_at;
use crate::widgets::{self, UiLua};
use mlua::{Function, Lua, Table, Value};
use wowsim_xml::{Element, TagImpl};

/// Intrinsic handler orders seen while applying one object's chain.
#[derive(Default)]
pub struct Order {
    /// (script, runs before the user's handler, the intrinsic's handler)
    intrinsic: Vec<(String, bool, Function)>,
}

const HELPERS: &str = r#"
local function compose(a, b)
  return function(...)
    a(...)
    return b(...)
  end
end
local methods = {}
local function method(name)
  local f = methods[name]
  if not f then
    f = function(self, ...)
      return self[name](self, ...)
    end
    methods[name] = f
  end
  return f
end
return { compose = compose, method = method }
"#;

fn helpers(lua: &Lua) -> mlua::Result<Table> {
    if let Value::Table(t) = lua.named_registry_value::<Value>("wowsim.xmlhelpers")? {
        return Ok(t);
    }
    let t: Table = lua.load(HELPERS).set_name("=[wow-sim xml]").call(())?;
    lua.set_named_registry_value("wowsim.xmlhelpers", t.clone())?;
    Ok(t)
}

/// The compiled handler of an inline body (compiled on first use, then cached).
fn compiled(lua: &Lua, h: &Element, src: &Src) -> mlua::Result<Option<Function>> {
    let Some((body, pos)) = &h.text else {
        return Ok(None);
    };
    let key = (src.file_index, pos.line, pos.column);
    let cached = lua
        .app_data_ref::<XmlState>()
        .and_then(|s| s.handlers.get(&key).copied());
    let table: Table = lua.named_registry_value("wowsim.xmlhandlers")?;
    if let Some(k) = cached {
        return table.raw_get::<Option<Function>>(k);
    }
    let schema = super::registry::schema_of(lua);
    let args = match schema.tag_impl(&h.tag) {
        Some(TagImpl::Script { args: Some(a) }) => a.clone(),
        // The reference leaves the animation scripts' arguments out; these are the client's.
        _ => match h.tag.as_str() {
            "OnFinished" | "OnStop" => "self, requested",
            "OnLoop" => "self, loopState",
            _ => "self, ...",
        }
        .to_string(),
    };
    let mut code = String::with_capacity(body.len() + pos.line as usize + args.len() + 32);
    for _ in 1..pos.line {
        code.push('\n');
    }
    code.push_str("return function(");
    code.push_str(&args);
    code.push_str(") ");
    code.push_str(body);
    // `end` goes on the body's last line when that line is blank (so it is not inside a
    // trailing comment and a missing `end` is reported at the closing tag's line).
    let last = body.rsplit('\n').next().unwrap_or("");
    code.push_str(if last.trim().is_empty() && body.contains('\n') {
        " end"
    } else {
        "\nend"
    });
    let f = match lua
        .load(code)
        .set_name(format!("@{}", src.file))
        .into_function()
    {
        Ok(chunk) => Some(chunk.call::<Function>(())?),
        Err(e) => {
            let report: Function = lua.named_registry_value("wowsim.report")?;
            report.call::<()>(crate::lua::host_error_message(&e))?;
            None
        }
    };
    let mut st = lua.app_data_mut::<XmlState>().expect("xml state");
    let k = st.next_handler;
    st.next_handler += 1;
    st.handlers.insert(key, k);
    drop(st);
    table.raw_set(k, f.clone())?;
    Ok(f)
}

/// The handler an element describes, or `None` (nothing to set, or an error was recorded).
fn handler(lua: &Lua, h: &Element, src: &Src) -> mlua::Result<Option<Function>> {
    if let Some(name) = h.attr("function") {
        return match lua.globals().get::<Value>(name)? {
            Value::Function(f) => Ok(Some(f)),
            _ => {
                let line = h.pos.line;
                record_at(
                    lua,
                    format!(
                        "{}:{line}: {}: function \"{name}\" not found",
                        src.file, h.tag
                    ),
                    &src.file,
                    Some(line),
                );
                Ok(None)
            }
        };
    }
    if let Some(name) = h.attr("method") {
        let f: Function = helpers(lua)?.get("method")?;
        return Ok(Some(f.call(name)?));
    }
    compiled(lua, h, src)
}

/// Sets the handlers of a `<Scripts>` element on `obj`.
pub fn load_scripts(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    scripts: &Element,
    src: &Src,
    order: &mut Order,
    from_intrinsic: bool,
) -> mlua::Result<()> {
    let id = widgets::obj_id(lua, &Value::Table(obj.clone()), "SetScript")?;
    for h in &scripts.children {
        // `function=""` removes the handler (FauxScrollFrameTemplate drops the one it inherits).
        if h.attr("function").is_some_and(str::is_empty) {
            call(
                lua,
                obj,
                tag,
                &h.tag,
                "SetScript",
                (h.tag.as_str(), Value::Nil),
            )?;
            continue;
        }
        let Some(new) = handler(lua, h, src)? else {
            continue;
        };
        let own = new.clone();
        let name = h.tag.as_str();
        let old = {
            let get = lua.app_data_ref::<UiLua>().expect("ui").getscript.clone();
            get.call::<Option<Function>>((id, name))?
        };
        let inherit = h.attr("inherit").map(str::to_ascii_lowercase);
        let intrinsic = order.intrinsic.iter().rev().find(|(s, _, _)| s == name);
        let (old, before) = match inherit.as_deref() {
            Some("prepend") => (old, Some(true)),
            Some("append") => (old, Some(false)),
            // A later handler replaces an earlier template's, but keeps the intrinsic's.
            _ => match intrinsic {
                Some((_, pre, f)) if !from_intrinsic => (Some(f.clone()), Some(!pre)),
                _ => (old, None),
            },
        };
        let f = match (old, before) {
            (Some(old), Some(new_first)) => {
                let compose: Function = helpers(lua)?.get("compose")?;
                if new_first {
                    compose.call::<Function>((new, old))?
                } else {
                    compose.call::<Function>((old, new))?
                }
            }
            _ => new,
        };
        if from_intrinsic {
            // Without `intrinsicOrder` an intrinsic's handler still runs, before the user's
            // (`OnLoad_Intrinsic` of EventButton/EventFrame sets up the callback registry
            // that the user's OnLoad registers with).
            let pre = h
                .attr("intrinsicorder")
                .is_none_or(|o| o.eq_ignore_ascii_case("precall"));
            order.intrinsic.push((name.to_string(), pre, own));
        }
        call(lua, obj, tag, name, "SetScript", (name, f))?;
    }
    Ok(())
}
