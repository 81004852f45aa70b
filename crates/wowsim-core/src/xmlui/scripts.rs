//! `<Scripts>`: handlers from `function=` (a global), `method=` (the object's function of that
//! name when the handler is bound) or an inline body, compiled once per handler (cached by file, line and column) as
//! `function(<the client's arguments>) body end` with chunk name `@Interface/AddOns/...xml`
//! and the real XML line numbers. `inherit="prepend|append"` chains with the inherited
//! handler; `intrinsicOrder="precall|postcall"` orders an intrinsic's handler around the
//! handler of the element using it; a mouse script's handler enables the input it needs unless
//! `autoEnableInput="false"`. Handlers are set as `SetScript` does (without its method, which an
//! Actor lacks).

use super::registry::{Src, XmlState};
use crate::addons::record_at;
use mlua::{Function, Lua, Table, Value};
use wowsim_api::widgets::{self, UiLua};
use wowsim_xml::{Element, TagImpl};

/// Intrinsic handler orders seen while applying one object's chain.
#[derive(Default)]
pub struct Order {
    /// (script, runs before the user's handler, the intrinsic's handler)
    intrinsic: Vec<(String, bool, Function)>,
    /// (script, the user's handler chain without the intrinsic's) for scripts an intrinsic has.
    user: Vec<(String, Function)>,
}

const HELPERS: &str = r#"
local function compose(a, b)
  return function(...)
    a(...)
    return b(...)
  end
end
return { compose = compose }
"#;

/// [`helpers`] are kept in the XML state once made: a registry read by name per `<Scripts>`
/// handler (a string push and a lookup) showed in profiles of the retail start-up.
fn helpers(lua: &Lua) -> mlua::Result<Table> {
    let kept = lua
        .app_data_ref::<XmlState>()
        .and_then(|s| s.script_helpers.clone());
    if let Some(h) = kept {
        return Ok(h);
    }
    let t = match lua.named_registry_value::<Value>("wowsim.xmlhelpers")? {
        Value::Table(t) => t,
        _ => {
            let t: Table = lua.load(HELPERS).set_name("=[wow-sim xml]").call(())?;
            lua.set_named_registry_value("wowsim.xmlhelpers", t.clone())?;
            t
        }
    };
    // While the XML state is borrowed the table cannot be stored; the registry still has it.
    if let Ok(Some(mut s)) = lua.try_app_data_mut::<XmlState>() {
        s.script_helpers = Some(t.clone());
    }
    Ok(t)
}

/// The compiled handler of an inline body (compiled on first use, then cached).
fn compiled(lua: &Lua, h: &Element, src: &Src) -> mlua::Result<Option<Function>> {
    let Some((body, pos)) = h.text.as_deref() else {
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
    // The client's parameter names (the schema's, completed by `wowsim-xml`'s
    // `data/script_args.txt`); a script it does not know gets every value in `...`.
    let args = match schema.tag_impl(&h.tag) {
        Some(TagImpl::Script { args: Some(a) }) => a.clone(),
        _ => "self, ...".to_string(),
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
    let mut chunk = lua.load(code).set_name(format!("@{}", src.file));
    // `<ScopedModifier scriptsUseGivenEnv="true">`: the body runs in the addon's own table.
    if let Some(env) = super::registry::given_env(lua, src)? {
        chunk = chunk.set_environment(env);
    }
    // The handler carries the taint of the file it is written in (a Blizzard template's stays
    // secure when an addon's frame inherits it), whoever instantiates it first.
    let taint = wowsim_lua::taint::of_addon(lua, &src.addon);
    let made = wowsim_lua::taint::run_as(lua, taint, || {
        chunk.into_function().map(|c| c.call::<Function>(()))
    });
    let f = match made {
        Ok(made) => Some(made?),
        Err(e) => {
            let report: Function = lua.named_registry_value("wowsim.report")?;
            report.call::<()>(wowsim_lua::host_error_message(&e))?;
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

/// What a handler element sets: `Some(handler)` (a function, or `None` to clear), or `None`
/// when nothing is set (its body did not compile; the error is recorded).
fn handler(
    lua: &Lua,
    obj: &Table,
    h: &Element,
    src: &Src,
) -> mlua::Result<Option<Option<Function>>> {
    // As the client: `function=` names a global (see `lookup_env`) looked up now; one that is not a function
    // sets no handler (`function=""` clears an inherited one) without a warning.
    if let Some(name) = h.attr("function") {
        let env = super::registry::lookup_env(lua, src)?;
        return Ok(Some(match env.get::<Value>(name)? {
            Value::Function(f) => Some(f),
            _ => None,
        }));
    }
    // `method=` is looked up on the object when the handler is bound, after the mixins of
    // its whole template chain are applied (as the client does: wowless's facts), and the
    // function found is the handler: `GetScript` returns it, so an addon that stores it as
    // `self.Name` and calls it does not call itself. None found sets no handler.
    if let Some(name) = h.attr("method") {
        return Ok(Some(match obj.get::<Value>(name)? {
            Value::Function(f) => Some(f),
            _ => None,
        }));
    }
    // An empty element (`<OnUpdate/>`, `<OnUpdate></OnUpdate>`) clears the handler a template
    // gave, `inherit="prepend|append"` or not (the client's: wowless's in-client test addon
    // checks it; Blizzard's multisell bar overrides its template's OnEvent, OnShow and OnUpdate
    // this way).
    if h.text.is_none() {
        return Ok(Some(None));
    }
    Ok(compiled(lua, h, src)?.map(Some))
}

/// Records the client's warning for a handler element the object's type does not have.
fn unknown_script(lua: &Lua, id: u32, h: &Element, src: &Src) {
    let ty = type_index(lua, id);
    let line = h.pos.line;
    // Retail writes the bare type; Classic clients prefix it with "Frame ".
    let retail = lua
        .app_data_ref::<XmlState>()
        .is_none_or(|s| s.flavor == wowsim_xml::Flavor::Retail);
    let message = format!(
        "{}{}: Unknown script element {}",
        if retail { "" } else { "Frame " },
        wowsim_api::widgets::types::TYPES[ty].object_type,
        h.tag
    );
    record_at(
        lua,
        format!("{}:{line}: {message}", src.file),
        &src.file,
        Some(line),
    );
    // The client also queues it as a `LUA_WARNING` for the next frame, each time the element
    // is bound (a template's, on every object made from it), without a location.
    wowsim_lua::errors::queue_lua_warning(lua, message);
}

fn type_index(lua: &Lua, id: u32) -> usize {
    let ui = lua
        .app_data_ref::<wowsim_api::widgets::UiState>()
        .expect("ui");
    ui.get(id).map_or(0, |o| o.type_index)
}

/// Sets the handlers of a `<Scripts>` element on `obj`.
pub fn load_scripts(
    lua: &Lua,
    obj: &Table,
    scripts: &Element,
    src: &Src,
    order: &mut Order,
    from_intrinsic: bool,
) -> mlua::Result<()> {
    let id = widgets::obj_id(lua, &Value::Table(obj.clone()), "SetScript")?;
    for h in &scripts.children {
        // An element the schema does not know here was reported and is skipped, as the
        // client skips it: no handler, no second warning.
        if !h.recognized {
            continue;
        }
        let name = h.tag.as_str();
        if !wowsim_api::widgets::frame::has_script_type(lua, type_index(lua, id), name) {
            unknown_script(lua, id, h, src);
            continue;
        }
        let Some(new) = handler(lua, obj, h, src)? else {
            continue;
        };
        let Some(new) = new else {
            wowsim_api::widgets::frame::set_handler(lua, id, name, Value::Nil)?;
            continue;
        };
        let inherit = h.attr("inherit").map(str::to_ascii_lowercase);
        // Only `prepend` and `append` look at the inherited handler.
        let inherits = matches!(inherit.as_deref(), Some("prepend" | "append"));
        // The helper is read only when a handler is composed (most are not).
        let compose = || -> mlua::Result<Function> { helpers(lua)?.get("compose") };
        // `prepend` runs the inherited handler first, `append` runs it after this one (the
        // chat edit box's `append` OnLoad sets `chatFrame` before the template's OnLoad).
        let chain = |old: Option<Function>, new: Function| -> mlua::Result<Function> {
            match (old, inherit.as_deref()) {
                (Some(old), Some("prepend")) => compose()?.call((old, new)),
                (Some(old), Some("append")) => compose()?.call((new, old)),
                _ => Ok(new),
            }
        };
        let intrinsic = order
            .intrinsic
            .iter()
            .rev()
            .find(|(s, _, _)| s == name)
            .map(|(_, pre, f)| (*pre, f.clone()));
        let f = match intrinsic {
            // The user's handlers chain among themselves; the intrinsic's handler stays
            // around them (before them unless `intrinsicOrder="postcall"`), as the client
            // keeps it in a slot of its own.
            Some((pre, intr)) if !from_intrinsic => {
                let old = order
                    .user
                    .iter()
                    .rev()
                    .find(|(s, _)| s == name)
                    .map(|(_, f)| f.clone());
                let user = chain(old, new)?;
                order.user.push((name.to_string(), user.clone()));
                if pre {
                    compose()?.call::<Function>((intr, user))?
                } else {
                    compose()?.call::<Function>((user, intr))?
                }
            }
            _ => {
                let old = if inherits {
                    let get = lua.app_data_ref::<UiLua>().expect("ui").getscript.clone();
                    get.call::<Option<Function>>((id, name))?
                } else {
                    None
                };
                let f = chain(old, new.clone())?;
                if from_intrinsic {
                    // Without `intrinsicOrder` an intrinsic's handler still runs, before the
                    // user's (`OnLoad_Intrinsic` of EventButton/EventFrame sets up the
                    // callback registry that the user's OnLoad registers with).
                    let pre = h
                        .attr("intrinsicorder")
                        .is_none_or(|o| o.eq_ignore_ascii_case("precall"));
                    order.intrinsic.push((name.to_string(), pre, f.clone()));
                }
                f
            }
        };
        wowsim_api::widgets::frame::set_handler(lua, id, name, Value::Function(f))?;
        if h.attr("autoenableinput").and_then(wowsim_xml::parse_bool) != Some(false) {
            auto_enable_input(lua, obj, name)?;
        }
    }
    Ok(())
}

/// `autoEnableInput` (true unless the handler says `false`): a handler of a mouse script turns
/// on the input it needs, as the client does for XML handlers: motion for OnEnter/OnLeave,
/// clicks for button and drag scripts, the wheel for OnMouseWheel.
fn auto_enable_input(lua: &Lua, obj: &Table, script: &str) -> mlua::Result<()> {
    let method = match script {
        "OnEnter" | "OnLeave" => "SetMouseMotionEnabled",
        "OnMouseDown" | "OnMouseUp" | "OnClick" | "OnDoubleClick" | "OnDragStart"
        | "OnDragStop" | "OnReceiveDrag" => "SetMouseClickEnabled",
        "OnMouseWheel" => "EnableMouseWheel",
        _ => return Ok(()),
    };
    super::calls::call(lua, obj, "ScriptType", "autoenableinput", method, true)?;
    Ok(())
}
