//! ModelScene: its actors (objects made by `CreateActor`, from XML `<Actor virtual>`
//! templates) and view insets. Nothing is rendered in 3D; the state is kept so the UI code
//! that reads it back works.
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `CreateActor(name, template)` | [`create_actor`] |
//! | `GetNumActors`, `GetActorAtIndex` | [`install`] |
//! | `SetViewInsets`, `GetViewInsets` | [`install`] |
pub use wowsim_ui::model_scene::*;

use super::fields::FieldVal;
use super::util::{arg, get_field, install_methods, num, ret, self_id, set_field, string};
use super::{create_object, object_table, types};
use mlua::{Lua, MultiValue, Value};
use wowsim_lua::lua_error;

fn actors_of(lua: &Lua, id: u32) -> Vec<u32> {
    super::util::children_of_type(lua, id, "Actor")
}

/// `ModelScene:CreateActor([name [, template]])`: an Actor of the scene, with the template
/// applied as XML templates are (mixin, key values, scripts, OnLoad).
fn create_actor(lua: &Lua, a: MultiValue) -> mlua::Result<MultiValue> {
    let id = self_id(lua, &a, "CreateActor")?;
    let ty = types::find("Actor").expect("type");
    let name = string(&arg(&a, 1)).map(|n| super::frame::expand_parent_name(lua, &n, Some(id)));
    let (aid, t) = create_object(lua, ty, name, Some(id))?;
    if let Some(template) = string(&arg(&a, 2)) {
        crate::templates::check_single(lua, "CreateActor", &template)?;
        crate::templates::apply_runtime_templates(lua, aid, &t, &template, None)?;
    }
    ret(lua, t)
}

/// Installs the methods of this file.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let methods: &[(&str, &str, super::util::Method)] = &[
        ("ModelScene", "CreateActor", create_actor),
        ("ModelScene", "GetNumActors", get_num_actors),
        ("ModelScene", "GetActorAtIndex", get_actor_at_index),
        ("ModelScene", "SetViewInsets", set_view_insets),
        ("ModelScene", "GetViewInsets", get_view_insets),
    ];
    install_methods(lua, methods)
}

/// `ModelScene:GetNumActors`.
fn get_num_actors(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetNumActors")?;
    ret(lua, actors_of(lua, id).len() as i64)
}

/// `ModelScene:GetActorAtIndex`.
fn get_actor_at_index(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetActorAtIndex")?;
    let Some(i) = num(&arg(&a, 1)) else {
        return Err(lua_error(lua, "Usage: ModelScene:GetActorAtIndex(index)"));
    };
    let actors = actors_of(lua, id);
    match actors.get((i as usize).wrapping_sub(1)) {
        Some(&actor) if i >= 1.0 => ret(lua, object_table(lua, actor)?),
        _ => ret(lua, Value::Nil),
    }
}

/// `ModelScene:SetViewInsets`.
fn set_view_insets(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "SetViewInsets")?;
    for (i, f) in INSETS.iter().enumerate() {
        let v = num(&arg(&a, i + 1)).unwrap_or(0.0);
        set_field(lua, id, f, FieldVal::Num(v));
    }
    ret(lua, ())
}

/// `ModelScene:GetViewInsets`.
fn get_view_insets(lua: &mlua::Lua, a: mlua::MultiValue) -> mlua::Result<mlua::MultiValue> {
    let id = self_id(lua, &a, "GetViewInsets")?;
    let v: Vec<f64> = INSETS
        .iter()
        .map(|f| get_field(lua, id, f).as_f64())
        .collect();
    ret(lua, (v[0], v[1], v[2], v[3]))
}
