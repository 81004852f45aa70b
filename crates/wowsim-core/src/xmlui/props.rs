//! The plain children and loader-handled attributes of a frame or region: parentKey and
//! parentArray, mixins, `<Size>`, `<Anchors>`, `<KeyValues>`, `<Attributes>`, insets and
//! resize bounds; colours, tex-coords and fonts are in [`super::visual`], handlers in
//! [`super::scripts`], `<Layers>`/`<Frames>` in [`super::layers`].

use super::attrs::get as merged_get;
use super::calls::call;
use super::registry::{split_list, Src};
use super::{coverage, layers, scripts, visual};
use crate::addons::record_at;
use mlua::{Lua, Table, Value};
use wowsim_api::widgets::{self, UiState};
use wowsim_xml::{parse_number, Element};

/// Sets `parent[parentKey] = obj` and appends `obj` to `parent[parentArray]`.
pub fn parent_key(
    lua: &Lua,
    parent: u32,
    obj: &Table,
    key: Option<&str>,
    array: Option<&str>,
) -> mlua::Result<()> {
    if key.is_none() && array.is_none() {
        return Ok(());
    }
    let p = widgets::object_table(lua, parent)?;
    if let Some(k) = key {
        // A raw set when the parent's metatable has no `__newindex` (as for the mixins: mlua
        // runs `set` as a protected call).
        if no_newindex(lua, &p) {
            wowsim_lua::keys::with(lua, k, |k| p.raw_set(k, obj.clone()))??;
        } else {
            p.set(k, obj.clone())?;
        }
        if let Some(id) = obj
            .raw_get::<Value>(0)
            .ok()
            .as_ref()
            .and_then(widgets::handle_id)
        {
            wowsim_api::widgets::util::with_ui_mut(lua, |ui| {
                if let Some(o) = ui.get_mut(id) {
                    o.parent_key = Some(k.to_string());
                }
            });
        }
    }
    if let Some(a) = array {
        let t = match p.get::<Value>(a)? {
            Value::Table(t) => t,
            _ => {
                let t = lua.create_table()?;
                p.set(a, t.clone())?;
                t
            }
        };
        t.raw_set(t.raw_len() + 1, obj.clone())?;
    }
    Ok(())
}

/// Whether an assignment to `t` is a raw set (its metatable, if any, has no `__newindex`).
fn no_newindex(lua: &Lua, t: &Table) -> bool {
    t.metatable().is_none_or(|mt| {
        wowsim_lua::keys::with(lua, "__newindex", |k| {
            matches!(mt.raw_get::<Value>(k), Ok(Value::Nil))
        })
        .unwrap_or(false)
    })
}

/// Copies into `obj` the fields of a mixin table named `name` (a global, or a field of the
/// addon's table under `scriptsUseGivenEnv`: `registry::lookup_env`), or records the
/// warning at `line` when there is none.
fn apply_mixin(
    lua: &Lua,
    obj: &Table,
    name: &str,
    src: &Src,
    line: u32,
    raw: &mut Option<bool>,
) -> mlua::Result<()> {
    match super::registry::lookup_env(lua, src)?.get::<Value>(name)? {
        Value::Table(m) => {
            let raw = *raw.get_or_insert_with(|| no_newindex(lua, obj));
            if raw {
                wowsim_lua::table_ops::raw_copy(lua, obj, &m)?;
            } else {
                for pair in m.pairs::<Value, Value>() {
                    let (k, v) = pair?;
                    obj.set(k, v)?;
                }
            }
        }
        _ => record_at(
            lua,
            format!(
                "{}:{line}: Mixin \"{name}\" not found (not a global table)",
                src.file
            ),
            &src.file,
            Some(line),
        ),
    }
    Ok(())
}

/// The attributes of `<Mixin>` besides `key`, with the object field each is kept in: they
/// name taint partitions and secure delegates, which wow-sim (no taint) has nothing to do with.
pub const MIXIN_STORED: &[(&str, &str)] = &[
    ("source", "xml:mixinSource"),
    ("inboundpartition", "xml:mixinInboundPartition"),
    ("targetpartition", "xml:mixinTargetPartition"),
    ("securedelegates", "xml:mixinSecureDelegates"),
];

/// Copies the fields of every table named in `mixin` and `secureMixin`, then in the `key` of
/// each `<Mixins><Mixin>`, into `obj`.
pub fn mixins(lua: &Lua, obj: &Table, el: &Element, src: &Src) -> mlua::Result<()> {
    // Without a `__newindex` an assignment is a raw set; mlua runs `set` as a protected call
    // (a C closure and `lua_pcall` per field), 3% of the retail start-up for the mixins alone.
    let mut raw = None;
    for attr in ["mixin", "securemixin"] {
        let Some(list) = el.attr(attr) else { continue };
        let line = el.attr_pos(attr).unwrap_or(el.pos).line;
        for name in split_list(list) {
            apply_mixin(lua, obj, name, src, line, &mut raw)?;
        }
    }
    for list in el.children_named("Mixins") {
        for m in list.children_named("Mixin") {
            if let Some(key) = m.attr("key") {
                let line = m.attr_pos("key").unwrap_or(m.pos).line;
                apply_mixin(lua, obj, key.trim(), src, line, &mut raw)?;
            }
            for (attr, field) in MIXIN_STORED {
                if let Some(v) = m.attr(attr) {
                    let id = widgets::obj_id(lua, &Value::Table(obj.clone()), "xml")?;
                    let v = widgets::fields::FieldVal::Str(v.to_string());
                    wowsim_api::widgets::util::set_field(lua, id, field, v);
                }
            }
        }
    }
    Ok(())
}

/// Attributes the loader applies as a group: a slider's or bar's min/max, a texture's atlas.
pub fn special_attrs(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    merged: &[super::attrs::Merged<'_>],
) -> mlua::Result<()> {
    use super::tag_kinds::{FRAME, LINE, SLIDER_OR_BAR, TEXTURE};
    let kinds = super::tag_kinds::of(super::registry::schema_of(lua), tag);
    if kinds & SLIDER_OR_BAR != 0 {
        let (lo, hi) = (
            merged_get(merged, "minvalue").and_then(parse_number),
            merged_get(merged, "maxvalue").and_then(parse_number),
        );
        if lo.is_some() || hi.is_some() {
            call(
                lua,
                obj,
                tag,
                "minvalue",
                "SetMinMaxValues",
                (lo.unwrap_or(0.0), hi.unwrap_or(0.0)),
            )?;
        }
    }
    if kinds & FRAME != 0 {
        // `propagateMouseInput="Motion|Clicks|Both"`.
        if let Some(v) = merged_get(merged, "propagatemouseinput") {
            let v = v.to_ascii_lowercase();
            let (motion, clicks) = (v == "motion" || v == "both", v == "clicks" || v == "both");
            call(
                lua,
                obj,
                tag,
                "propagatemouseinput",
                "SetPropagateMouseMotion",
                motion,
            )?;
            call(
                lua,
                obj,
                tag,
                "propagatemouseinput",
                "SetPropagateMouseClicks",
                clicks,
            )?;
        }
    }
    if kinds & TEXTURE != 0 {
        if let Some(atlas) = merged_get(merged, "atlas") {
            let size = merged_get(merged, "useatlassize")
                .and_then(wowsim_xml::parse_bool)
                .unwrap_or(false);
            call(lua, obj, tag, "atlas", "SetAtlas", (atlas, size))?;
        }
    }
    if kinds & (TEXTURE | LINE) != 0 {
        // The wrap modes are arguments of `SetTexture`; without a file they are kept.
        let (h, v) = (
            merged_get(merged, "hwrapmode"),
            merged_get(merged, "vwrapmode"),
        );
        if let Some(file) = merged_get(merged, "file") {
            call(lua, obj, tag, "file", "SetTexture", (file, h, v))?;
        } else if h.is_some() || v.is_some() {
            let id = widgets::obj_id(lua, &Value::Table(obj.clone()), "xml")?;
            let mut ui = lua.app_data_mut::<UiState>().expect("ui");
            for (k, val) in [("xml:hWrapMode", h), ("xml:vWrapMode", v)] {
                if let Some(val) = val {
                    let val = widgets::fields::FieldVal::Str(val.to_string());
                    ui.set_field_by_name(id, k, val);
                }
            }
        }
    }
    Ok(())
}

/// The screen in UI units (`GetScreenWidth()`, `GetScreenHeight()`): what `<RelDimension>`
/// and `<RelInset>` values are fractions of.
fn screen_units(lua: &Lua) -> (f64, f64) {
    let ui = lua.app_data_ref::<UiState>().expect("ui");
    let (w, h) = ui.layout.screen_size();
    ((w / ui.ui_scale) as f64, (h / ui.ui_scale) as f64)
}

/// Reads `x`/`y` from the element or its `<AbsDimension>` (or `<Offset>` → `<AbsDimension>`);
/// a `<RelDimension>` gives fractions of the screen's width and height (as documented on
/// warcraft.wiki.gg, XML/Dimension).
pub fn xy(lua: &Lua, el: &Element) -> (Option<f64>, Option<f64>) {
    let (mut x, mut y) = (el.num_attr("x"), el.num_attr("y"));
    for c in &el.children {
        let (cx, cy) = match c.tag.as_str() {
            "AbsDimension" => (c.num_attr("x"), c.num_attr("y")),
            "Offset" => xy(lua, c),
            // Only where the client's schema allows it (`MinResize`, `MaxResize`, `Origin`);
            // elsewhere the parser warned and it is ignored, as in the client.
            "RelDimension" if c.recognized => {
                let (w, h) = screen_units(lua);
                (
                    c.num_attr("x").map(|v| v * w),
                    c.num_attr("y").map(|v| v * h),
                )
            }
            _ => continue,
        };
        x = x.or(cx);
        y = y.or(cy);
    }
    (x, y)
}

fn size(lua: &Lua, obj: &Table, tag: &str, el: &Element) -> mlua::Result<()> {
    match xy(lua, el) {
        (Some(x), Some(y)) => call(lua, obj, tag, "Size", "SetSize", (x, y)).map(|_| ()),
        (Some(x), None) => call(lua, obj, tag, "Size", "SetWidth", x).map(|_| ()),
        (None, Some(y)) => call(lua, obj, tag, "Size", "SetHeight", y).map(|_| ()),
        (None, None) => Ok(()),
    }
}

/// Whether a `relativeKey` part names the parent: the client only compares the `$parent`
/// prefix, so `$parentKey` and `$parentPanelContainer` also step to the parent.
fn is_parent_step(part: &str) -> bool {
    part.get(..7)
        .is_some_and(|p| p.eq_ignore_ascii_case("$parent"))
}

/// Resolves `relativeKey` (`$parent.$parent.Key`) from the object; `None` when a step finds
/// nothing or comes back to the object itself.
fn relative_key(lua: &Lua, id: u32, obj: &Table, key: &str) -> mlua::Result<Option<Value>> {
    let mut cur_id = Some(id);
    let mut cur = Value::Table(obj.clone());
    for part in key.split('.').filter(|p| !p.is_empty()) {
        if is_parent_step(part) {
            let p = cur_id.and_then(|i| {
                lua.app_data_ref::<UiState>()
                    .expect("ui")
                    .get(i)
                    .and_then(|o| o.parent)
            });
            cur_id = p;
            cur = match p {
                Some(p) => Value::Table(widgets::object_table(lua, p)?),
                None => Value::Nil,
            };
        } else {
            cur = match &cur {
                Value::Table(t) => t.get(part)?,
                _ => Value::Nil,
            };
            cur_id = widgets::obj_id(lua, &cur, "relativeKey").ok();
        }
        if cur_id.is_none() || cur_id == Some(id) {
            return Ok(None);
        }
    }
    Ok(Some(cur))
}

/// Records a client XML warning about an anchor (`Name: reason: value` at the anchor's line).
fn anchor_warning(lua: &Lua, id: u32, src: &Src, a: &Element, reason: &str, value: &str) {
    let name = lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .and_then(|o| o.name.clone())
        .unwrap_or_else(|| "Unknown".to_string());
    let message = format!("{name}: {reason}: {value}");
    record_at(
        lua,
        format!("{}:{}: {message}", src.file, a.pos.line),
        &src.file,
        Some(a.pos.line),
    );
    // As the client: also a warning of the XML file, delivered as a `LUA_WARNING` next frame.
    wowsim_lua::errors::queue_xml_warning(lua, format!("{}:{}", src.file, a.pos.line), message);
}

/// Applies `<Anchors>` the way the client's loader does: `relativeTo` is a global name
/// (`$parent` expanded) and an unknown one is a warning that skips the anchor; `relativeKey`
/// must start at `$parent` (else the anchor is skipped with a warning) and, when a step finds
/// nothing, the anchor falls back to the parent without a warning (Blizzard's own XML relies
/// on that, e.g. keys of frames that are only parented later by Lua).
fn anchors(
    lua: &Lua,
    id: u32,
    obj: &Table,
    tag: &str,
    el: &Element,
    src: &Src,
) -> mlua::Result<()> {
    let parent = lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .and_then(|o| o.parent);
    let parent_value = |lua: &Lua| -> mlua::Result<Value> {
        Ok(match parent {
            Some(p) => Value::Table(widgets::object_table(lua, p)?),
            None => Value::Nil,
        })
    };
    for a in el.children_named("Anchor") {
        let point = a.attr("point").unwrap_or("TOPLEFT");
        let rel_point = a.attr("relativepoint").unwrap_or(point);
        let (x, y) = xy(lua, a);
        let rel = if let Some(n) = a.attr("relativeto") {
            let name = widgets::frame::expand_parent_name(lua, n, parent);
            let v: Value = lua.globals().get(name.as_str())?;
            match widgets::obj_id(lua, &v, "relativeTo") {
                Ok(rid) if rid == id => {
                    anchor_warning(lua, id, src, a, "anchored to itself", n);
                    continue;
                }
                Ok(_) => v,
                Err(_) => {
                    anchor_warning(lua, id, src, a, "Couldn't find relative frame", n);
                    continue;
                }
            }
        } else if let Some(k) = a.attr("relativekey") {
            if !is_parent_step(k) {
                anchor_warning(lua, id, src, a, "anchored to itself", k);
                continue;
            }
            match relative_key(lua, id, obj, k)? {
                Some(v) => v,
                None => parent_value(lua)?,
            }
        } else {
            parent_value(lua)?
        };
        call(
            lua,
            obj,
            tag,
            "Anchor",
            "SetPoint",
            (point, rel, rel_point, x.unwrap_or(0.0), y.unwrap_or(0.0)),
        )?;
    }
    Ok(())
}

/// A `KeyValue`/`Attribute` value converted by its `type` (string by default).
/// The value of a `type="global"` KeyValue/Attribute: a global's name, or a dotted path through
/// tables from the globals (`Enum.UIFrameType.Tutorial`), as the client resolves it; `nil` when a
/// step of the path is not a table.
fn global_path(lua: &Lua, path: &str) -> mlua::Result<Value> {
    let mut cur = Value::Table(lua.globals());
    for part in path.split('.') {
        cur = match cur {
            Value::Table(t) => t.get(part)?,
            _ => return Ok(Value::Nil),
        };
    }
    Ok(cur)
}

fn typed_value(lua: &Lua, el: &Element) -> mlua::Result<Option<Value>> {
    let v = el.attr("value").unwrap_or("");
    Ok(Some(
        match el.attr("type").map(str::to_ascii_lowercase).as_deref() {
            None | Some("string") => Value::String(lua.create_string(v)?),
            Some("number") => parse_number(v).map_or(Value::Nil, Value::Number),
            // A typed string, not an `xs:boolean` attribute: a boolean word, or a number that is
            // true unless 0 (as wowless converts it); anything else is false.
            Some("boolean") => Value::Boolean(
                wowsim_xml::parse_bool(v)
                    .unwrap_or_else(|| parse_number(v).is_some_and(|n| n != 0.0)),
            ),
            Some("global") => global_path(lua, v)?,
            Some("nil") => Value::Nil,
            Some(_) => {
                coverage::not_implemented(lua, &el.tag, "type");
                return Ok(None);
            }
        },
    ))
}

/// An inset element (`HitRectInsets`, `TextInsets`, `ViewInsets`): its own `left`/`right`/
/// `top`/`bottom`, an `<AbsInset>`, or a `<RelInset>` (fractions of the screen's width for
/// left and right, of its height for top and bottom).
fn insets(lua: &Lua, obj: &Table, tag: &str, el: &Element, method: &str) -> mlua::Result<()> {
    let (w, h) = screen_units(lua);
    let rel = el.child("RelInset");
    let abs = el.child("AbsInset");
    let n = |k: &str| {
        let per = if matches!(k, "left" | "right") { w } else { h };
        abs.and_then(|a| a.num_attr(k))
            .or(rel.and_then(|r| r.num_attr(k)).map(|v| v * per))
            .or(el.num_attr(k))
            .unwrap_or(0.0)
    };
    call(
        lua,
        obj,
        tag,
        &el.tag,
        method,
        (n("left"), n("right"), n("top"), n("bottom")),
    )?;
    Ok(())
}

/// `<ForbiddenAspects>`: each `<ForbiddenAspect aspect>` (a name or value of
/// `Enum.ForbiddenAspect`) is added with `AddForbiddenAspects`. A bad value has the parser's
/// warning already and is skipped.
fn forbidden_aspects(lua: &Lua, obj: &Table, tag: &str, el: &Element) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    let values = schema.enum_values("ForbiddenAspect").unwrap_or_default();
    for a in el.children_named("ForbiddenAspect") {
        let Some(v) = a.attr("aspect").map(str::trim) else {
            continue;
        };
        let num = parse_number(v);
        let found = values.iter().find_map(|(k, n)| {
            let n = (*n)? as f64;
            (k.eq_ignore_ascii_case(v) || num == Some(n)).then_some(n)
        });
        if let Some(n) = found {
            call(lua, obj, tag, "ForbiddenAspect", "AddForbiddenAspects", n)?;
        }
    }
    Ok(())
}

/// Applies the non-object children of one chain element, in document order.
#[allow(clippy::too_many_arguments)]
pub fn plain_children(
    lua: &Lua,
    id: u32,
    obj: &Table,
    tag: &str,
    el: &Element,
    src: &Src,
    order: &mut scripts::Order,
    from_intrinsic: bool,
) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    // Unrecognized children have the parser's warning and are skipped, as by the client.
    for c in el.children.iter().filter(|c| c.recognized) {
        match c.tag.as_str() {
            "Size" => size(lua, obj, tag, c)?,
            "Anchors" => anchors(lua, id, obj, tag, c, src)?,
            "KeyValues" => {
                for kv in c.children_named("KeyValue") {
                    if let (Some(k), Some(v)) = (kv.attr("key"), typed_value(lua, kv)?) {
                        obj.set(k, v)?;
                    }
                }
            }
            "Attributes" => {
                for at in c.children_named("Attribute") {
                    if let (Some(k), Some(v)) = (at.attr("name"), typed_value(lua, at)?) {
                        call(lua, obj, tag, "Attribute", "SetAttribute", (k, v))?;
                    }
                }
            }
            "Scripts" => scripts::load_scripts(lua, obj, c, src, order, from_intrinsic)?,
            "HitRectInsets" => insets(lua, obj, tag, c, "SetHitRectInsets")?,
            "TextInsets" => insets(lua, obj, tag, c, "SetTextInsets")?,
            "ResizeBounds" => {
                let (mut a, mut b) = ((0.0, 0.0), (None, None));
                if let Some(m) = c.child("MinResize") {
                    let (x, y) = xy(lua, m);
                    a = (x.unwrap_or(0.0), y.unwrap_or(0.0));
                }
                if let Some(m) = c.child("MaxResize") {
                    b = xy(lua, m);
                }
                call(
                    lua,
                    obj,
                    tag,
                    "ResizeBounds",
                    "SetResizeBounds",
                    (a.0, a.1, b.0, b.1),
                )?;
            }
            "PushedTextOffset" => {
                let (x, y) = xy(lua, c);
                call(
                    lua,
                    obj,
                    tag,
                    "PushedTextOffset",
                    "SetPushedTextOffset",
                    (x.unwrap_or(0.0), y.unwrap_or(0.0)),
                )?;
            }
            _ if visual::applies(&c.tag) => visual::apply_child(lua, obj, tag, c)?,
            _ if layers::is_late(schema, &c.tag) => {}
            "Animations" => super::animations::load_groups(lua, id, c, src)?,
            _ if super::animations::is_animation(&c.tag, lua) => {
                super::animations::load_animation(lua, id, c, src)?
            }
            "MaskedTextures" => masked_textures(lua, id, obj, c, src)?,
            "ControlPoints" => super::animations::control_points(lua, id, c)?,
            // The centre of a rotation or scale: `<Origin point><Offset x y/></Origin>`.
            "Origin" => {
                let (x, y) = xy(lua, c);
                let point = c.attr("point").unwrap_or("CENTER");
                let args = (point, x.unwrap_or(0.0), y.unwrap_or(0.0));
                call(lua, obj, tag, "Origin", "SetOrigin", args)?;
            }
            "ViewInsets" => insets(lua, obj, tag, c, "SetViewInsets")?,
            "ForbiddenAspects" => forbidden_aspects(lua, obj, tag, c)?,
            // Applied with the `mixin` attribute, before everything else (see [`mixins`]).
            "Mixins" => {}
            other => coverage::not_implemented(lua, other, ""),
        }
    }
    Ok(())
}

/// Follows a `childKey` path from `start` (`$parent` steps up, other parts are keys).
fn navigate(lua: &Lua, start: u32, key: &str) -> mlua::Result<Option<Table>> {
    let mut cur = Some(start);
    for part in key.split('.').filter(|p| !p.is_empty()) {
        let Some(id) = cur else { return Ok(None) };
        cur = if is_parent_step(part) {
            lua.app_data_ref::<UiState>()
                .expect("ui")
                .get(id)
                .and_then(|o| o.parent)
        } else {
            let v: Value = widgets::object_table(lua, id)?.get(part)?;
            widgets::obj_id(lua, &v, "childKey").ok()
        };
    }
    match cur {
        Some(id) => Ok(Some(widgets::object_table(lua, id)?)),
        None => Ok(None),
    }
}

/// `<MaskedTextures>` of a mask texture: each `<MaskedTexture childKey>` (a key of the
/// mask's parent) gets the mask (`AddMaskTexture`), now or once the parent has made all its
/// children (see [`resolve_pending_masks`]).
fn masked_textures(lua: &Lua, id: u32, obj: &Table, el: &Element, src: &Src) -> mlua::Result<()> {
    let parent = lua
        .app_data_ref::<UiState>()
        .expect("ui")
        .get(id)
        .and_then(|o| o.parent);
    for m in el.children_named("MaskedTexture") {
        let Some(key) = m.attr("childkey") else {
            continue;
        };
        let found = match parent {
            Some(p) => navigate(lua, p, key)?,
            None => None,
        };
        match (found, parent) {
            (Some(t), _) => {
                call(
                    lua,
                    &t,
                    "MaskedTexture",
                    "childkey",
                    "AddMaskTexture",
                    obj.clone(),
                )?;
            }
            (None, Some(p)) => {
                let mut st = lua
                    .app_data_mut::<super::registry::XmlState>()
                    .expect("xml state");
                st.pending_masks.push(super::registry::PendingMask {
                    parent: p,
                    mask: id,
                    key: key.to_string(),
                    file: src.file.clone(),
                    line: m.pos.line,
                });
            }
            (None, None) => mask_not_found(lua, &src.file, m.pos.line, key),
        }
    }
    Ok(())
}

fn mask_not_found(lua: &Lua, file: &str, line: u32, key: &str) {
    record_at(
        lua,
        format!("{file}:{line}: MaskedTexture: childKey \"{key}\" not found"),
        file,
        Some(line),
    );
}

/// Applies the masks waiting for children of `parent` (called when it has made them all).
pub fn resolve_pending_masks(lua: &Lua, parent: u32) -> mlua::Result<()> {
    let mine: Vec<super::registry::PendingMask> = {
        let mut st = lua
            .app_data_mut::<super::registry::XmlState>()
            .expect("xml state");
        if st.pending_masks.is_empty() {
            return Ok(());
        }
        let (mine, rest) = std::mem::take(&mut st.pending_masks)
            .into_iter()
            .partition(|p| p.parent == parent);
        st.pending_masks = rest;
        mine
    };
    for p in mine {
        match navigate(lua, parent, &p.key)? {
            Some(t) => {
                let mask = widgets::object_table(lua, p.mask)?;
                call(lua, &t, "MaskedTexture", "childkey", "AddMaskTexture", mask)?;
            }
            None => mask_not_found(lua, &p.file, p.line, &p.key),
        }
    }
    Ok(())
}

/// The font of a font string from its `font`, `outline` and `<FontHeight>` (all merged).
pub fn font_attrs(
    lua: &Lua,
    obj: &Table,
    tag: &str,
    merged: &[super::attrs::Merged<'_>],
    els: &[&Element],
) -> mlua::Result<()> {
    let schema = super::registry::schema_of(lua);
    if !super::tag_kinds::is(schema, tag, super::tag_kinds::FONT_STRING) {
        return Ok(());
    }
    let height = els
        .iter()
        .rev()
        .find_map(|e| e.child("FontHeight"))
        .and_then(visual::font_height);
    visual::set_font(
        lua,
        obj,
        tag,
        merged_get(merged, "font"),
        height,
        merged_get(merged, "outline"),
        None,
    )
}
