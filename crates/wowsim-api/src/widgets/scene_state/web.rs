//! Web views (Browser, Checkout), movies, off-screen snapshots and the map frames' hover
//! queries: what they keep and what they answer with no web service, movie files, quest blobs
//! or units on the map. See the parent module for the helpers.
//!
//! | WoW name | here |
//! | --- | --- |
//! | `Browser:NavigateHome(urlType)`, `OpenTicket(index)` | keep their argument; the page stays empty |
//! | `Browser:NavigateBack/Forward/Reload/Stop`, `DeleteCookies`, `CopyExternalLink`, `OpenExternalLink` | no-ops (no page, no history, no link) |
//! | `Checkout:OpenCheckout(id)` | false (no shop service); `CancelOpenCheckout`, `CloseCheckout`, link copies are no-ops |
//! | `MovieFrame:StartMovie(id [, loop])`, `StartMovieByName(name [, loop, res])` | false, 0: no movie files, so Blizzard's MovieFrame shows its error and finishes the cinematic |
//! | `OffScreenFrame:ApplySnapshot(texture, id)` | true for a snapshot `TakeSnapshot` gave (nothing is drawn into it); `TestPrintToFile` false (no files); `UsesNPOT` true |
//! | `QuestPOIFrame:UpdateMouseOverTooltip(x, y)` | nothing (no quest blob under the cursor); `GetNumTooltips` 0, `GetTooltipIndex(i)` 0 |
//! | `ScenarioPOIFrame:UpdateMouseOverTooltip(x, y)` | false; `GetScenarioTooltipText` nil |
//! | `UnitPositionFrame:GetMouseOverUnits` | nothing (no unit is drawn on the map) |
//! | `FogOfWarFrame:SetFogOfWarBackgroundTexture(asset, hTile, vTile)` / `Get...` | kept |
//! | Classic `Minimap:SetBlipTexture`, `SetIconTexture`, `SetPlayerTexture`, `SetPOIArrowTexture`, `SetStaticPOIArrowTexture`, `SetCorpsePOIArrowTexture` | kept (no getters) |

use super::*;

fn need_num(lua: &Lua, a: &MultiValue, pos: usize, method: &str) -> mlua::Result<f64> {
    let v = arg(a, pos);
    num(&v).ok_or_else(|| bad_arg(lua, pos, method, "number", &v))
}

pub(super) fn install(lua: &Lua) -> mlua::Result<()> {
    use A::*;
    let b = "Browser";
    store(lua, b, "NavigateHome", &[("web.home", Str)])?;
    store(lua, b, "OpenTicket", &[("web.ticket", Num)])?;
    for m in [
        "NavigateBack",
        "NavigateForward",
        "NavigateReload",
        "NavigateStop",
        "DeleteCookies",
    ] {
        noop(lua, b, m, &[])?;
    }
    for o in ["Browser", "Checkout"] {
        noop(lua, o, "CopyExternalLink", &[])?;
        noop(lua, o, "OpenExternalLink", &[])?;
    }
    let c = "Checkout";
    method(lua, c, "OpenCheckout", |lua, a| {
        self_id(lua, &a, "OpenCheckout")?;
        need_num(lua, &a, 1, "OpenCheckout")?;
        ret(lua, false)
    })?;
    noop(lua, c, "CancelOpenCheckout", &[])?;
    noop(lua, c, "CloseCheckout", &[])?;

    let m = "MovieFrame";
    method(lua, m, "StartMovie", |lua, a| {
        self_id(lua, &a, "StartMovie")?;
        need_num(lua, &a, 1, "StartMovie")?;
        ret(lua, (false, 0))
    })?;
    method(lua, m, "StartMovieByName", |lua, a| {
        self_id(lua, &a, "StartMovieByName")?;
        let v = arg(&a, 1);
        string(&v).ok_or_else(|| bad_arg(lua, 1, "StartMovieByName", "string", &v))?;
        ret(lua, (false, 0))
    })?;

    let o = "OffScreenFrame";
    method(lua, o, "ApplySnapshot", |lua, a| {
        let me = "ApplySnapshot";
        let id = self_id(lua, &a, me)?;
        let t = arg(&a, 1);
        if !matches!(t, Value::Table(_)) {
            return Err(bad_arg(lua, 1, me, "table", &t));
        }
        crate::widgets::obj_id(lua, &t, me)?;
        let s = need_num(lua, &a, 2, me)?;
        let n = get_field(lua, id, "offscreen.snapshots").as_f64();
        ret(lua, s >= 1.0 && s <= n && s.fract() == 0.0)
    })?;
    method(lua, o, "TestPrintToFile", |lua, a| {
        self_id(lua, &a, "TestPrintToFile")?;
        need_num(lua, &a, 1, "TestPrintToFile")?;
        ret(lua, false)
    })?;
    noop(lua, o, "UsesNPOT", &[C::B(true)])?;

    let q = "QuestPOIFrame";
    method(lua, q, "UpdateMouseOverTooltip", |lua, a| {
        self_id(lua, &a, "UpdateMouseOverTooltip")?;
        need_num(lua, &a, 1, "UpdateMouseOverTooltip")?;
        need_num(lua, &a, 2, "UpdateMouseOverTooltip")?;
        ret(lua, ())
    })?;
    noop(lua, q, "GetNumTooltips", &[C::N(0.0)])?;
    method(lua, q, "GetTooltipIndex", |lua, a| {
        self_id(lua, &a, "GetTooltipIndex")?;
        need_num(lua, &a, 1, "GetTooltipIndex")?;
        ret(lua, 0)
    })?;
    let s = "ScenarioPOIFrame";
    method(lua, s, "UpdateMouseOverTooltip", |lua, a| {
        self_id(lua, &a, "UpdateMouseOverTooltip")?;
        need_num(lua, &a, 1, "UpdateMouseOverTooltip")?;
        need_num(lua, &a, 2, "UpdateMouseOverTooltip")?;
        ret(lua, false)
    })?;
    noop(lua, s, "GetScenarioTooltipText", &[C::Nil])?;
    noop(lua, "UnitPositionFrame", "GetMouseOverUnits", &[])?;

    let f = "FogOfWarFrame";
    store(
        lua,
        f,
        "SetFogOfWarBackgroundTexture",
        &[
            ("fog.background", Asset),
            ("fog.hTile", Bool),
            ("fog.vTile", Bool),
        ],
    )?;
    load(
        lua,
        f,
        "GetFogOfWarBackgroundTexture",
        &[("fog.background", C::Nil)],
    )?;

    let mm = "Minimap";
    store(lua, mm, "SetBlipTexture", &[("minimap.blip", Asset)])?;
    store(lua, mm, "SetIconTexture", &[("minimap.icon", Asset)])?;
    store(lua, mm, "SetPlayerTexture", &[("minimap.player", Asset)])?;
    store(
        lua,
        mm,
        "SetPOIArrowTexture",
        &[("minimap.poiArrow", Asset)],
    )?;
    store(
        lua,
        mm,
        "SetStaticPOIArrowTexture",
        &[("minimap.staticPoiArrow", Asset)],
    )?;
    store(
        lua,
        mm,
        "SetCorpsePOIArrowTexture",
        &[("minimap.corpseArrow", Asset)],
    )?;
    Ok(())
}
