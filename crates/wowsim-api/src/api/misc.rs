//! Time, build, debug, CVars, group and chat basics.
//!
//! | WoW name | behaviour |
//! | --- | --- |
//! | `GetTime` | the virtual clock in whole milliseconds, as the client's |
//! | `GetTimePreciseSec` | the precise clock in seconds (see `debugprofilestop`) |
//! | `CreateForbiddenFrame` | `CreateFrame`, then the frame is forbidden (`widgets::forbidden`) |
//! | `C_AccountStore.GetCategories` | one (empty) category per store front |
//! | `GetFramerate` | 1 / last tick |
//! | `debugprofilestart`, `debugprofilestop` | milliseconds on the precise clock: the virtual frame time plus the Lua work done in the frame (`Clock::precise_ms`, 400 M instructions a second) |
//! | `debugstack(start, top, bottom)` | the Lua stack, client style |
//! | `GetBuildInfo` | version, build, date, tocversion, then the flavour client's extra values (`BuildInfoShape`) |
//! | `ClassicExpansionAtLeast`, `ClassicExpansionAtMost` | the game type's expansion level (`Flavor::expansion_level`); retail is at least every level |
//! | `IsLoggedIn` | true after `PLAYER_LOGIN` |
//! | `InCombatLockdown`, `IsInGroup`, `IsInRaid`, `GetNumGroupMembers` | solo, out of combat |
//! | `C_CVar.GetCVar`, `SetCVar`, `GetCVarDefault`, `GetCVarBool`, `RegisterCVar` and the globals | defaults from the reference |
//! | `C_SpellBook.GetSpellBookItem*` (and the older global `GetSpellBookItemInfo`/`Name`/`Texture`) | the spell book is empty: nothing for every slot |
//! | `GetUnitPowerBarInfo(unit)` | no alternate power bar: nothing |
//! | `C_ChatInfo.RegisterAddonMessagePrefix`, `IsAddonMessagePrefixRegistered`, `GetRegisteredAddonMessagePrefixes` | prefixes remembered |
//! | `C_ChatInfo.SendAddonMessage`, `SendAddonMessageLogged` | the solo character's result codes; a whisper to himself comes back as `CHAT_MSG_ADDON[_LOGGED]` on the next frame |

use mlua::{IntoLuaMulti, Lua, MultiValue, Table, Value};
use rustc_hash::FxHashMap;
use wowsim_data::ProductData;
use wowsim_lua::clock::Clock;
use wowsim_lua::lua_error;

use crate::game_state::game;

/// Whether `PLAYER_LOGIN` has fired (VM app data).
#[derive(Default)]
pub struct LoginState {
    pub logged_in: bool,
}

/// Console variables: current values over the reference defaults (VM app data).
#[derive(Default)]
pub(crate) struct CVars {
    pub values: FxHashMap<String, String>,
    pub defaults: FxHashMap<String, String>,
}

fn now(lua: &Lua) -> f64 {
    lua.app_data_ref::<Clock>().map(|c| c.now()).unwrap_or(0.0)
}

/// Installs the functions of this file.
pub fn install(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let g = lua.globals();
    // The shop's pools make their cards with it (a secure-environment function).
    if data.api("CreateForbiddenFrame").is_some() {
        let create: mlua::Function = g.raw_get("CreateFrame")?;
        let f = lua.create_function(move |lua, args: MultiValue| {
            let frame: Table = create.call(args)?;
            let id =
                crate::widgets::obj_id(lua, &Value::Table(frame.clone()), "CreateForbiddenFrame")?;
            crate::widgets::forbidden::make_forbidden(lua, id)?;
            Ok(frame)
        })?;
        g.raw_set("CreateForbiddenFrame", f)?;
    }
    install_account_store(lua, data)?;
    install_spell_book(lua, data)?;
    install_no_power_bar(lua, data)?;
    g.raw_set("GetTime", lua.create_function(get_time)?)?;
    g.raw_set("GetTimePreciseSec", lua.create_function(get_time_precise)?)?;
    g.raw_set("GetFramerate", lua.create_function(get_framerate)?)?;
    g.raw_set("debugprofilestart", lua.create_function(debugprofilestart)?)?;
    g.raw_set("debugprofilestop", lua.create_function(debugprofilestop)?)?;
    g.raw_set("debugstack", lua.create_function(debugstack)?)?;
    let build = data.build();
    let shape = data.api("GetBuildInfo").and_then(|a| a.impl_.as_deref());
    let shape = BuildInfoShape::of(shape);
    let build_info = lua.create_function(move |lua, ()| get_build_info(lua, build, shape))?;
    g.raw_set("GetBuildInfo", build_info)?;
    install_expansion_checks(lua, data.product())?;
    g.raw_set("IsLoggedIn", lua.create_function(is_logged_in)?)?;
    g.raw_set("InCombatLockdown", lua.create_function(in_combat_lockdown)?)?;
    g.raw_set("IsInGroup", lua.create_function(not_in_group)?)?;
    g.raw_set("IsInRaid", lua.create_function(not_in_group)?)?;
    g.raw_set("GetNumGroupMembers", lua.create_function(no_group_members)?)?;
    g.raw_set(
        "GetNumSubgroupMembers",
        lua.create_function(no_group_members)?,
    )?;
    install_cvars(lua, data)?;
    super::cvar_info::install(lua, data)?;
    install_chat_info(lua, data.product() == wowsim_data::Flavor::Retail)?;
    Ok(())
}

/// A store front always lists its categories; without server data each has one, empty
/// (its items come from the typed stub: none). The account store selects the first.
fn install_account_store(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    if data.api("C_AccountStore.GetCategories").is_none() {
        return Ok(());
    }
    let g = lua.globals();
    let ns: Table = match g.raw_get::<Value>("C_AccountStore")? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            g.raw_set("C_AccountStore", t.clone())?;
            t
        }
    };
    ns.raw_set("GetCategories", lua.create_function(get_categories)?)
}

/// `C_AccountStore.GetCategories(storeFrontID)`: one category.
fn get_categories(lua: &Lua, front: Value) -> mlua::Result<Table> {
    if !matches!(front, Value::Integer(_) | Value::Number(_)) {
        return Err(lua_error(
            lua,
            "Usage: C_AccountStore.GetCategories(storeFrontID)",
        ));
    }
    lua.create_sequence_from([1])
}

/// `GetTime()`: the virtual clock (the frame's time, in whole milliseconds).
fn get_time(lua: &Lua, (): ()) -> mlua::Result<f64> {
    Ok(crate::timers::client_ms(now(lua)) as f64 / 1000.0)
}

/// `GetTimePreciseSec()`: the precise clock in seconds (the frame's time plus the Lua work done
/// in the frame: `Clock::precise_ms`).
fn get_time_precise(lua: &Lua, (): ()) -> mlua::Result<f64> {
    let instructions = wowsim_lua::budget::instructions(lua);
    Ok(lua
        .app_data_ref::<Clock>()
        .map(|c| c.precise_ms(instructions) / 1000.0)
        .unwrap_or(0.0))
}

/// `GetFramerate()`: 1 / last tick.
fn get_framerate(lua: &Lua, (): ()) -> mlua::Result<f64> {
    Ok(lua
        .app_data_ref::<Clock>()
        .map(|c| c.framerate())
        .unwrap_or(60.0))
}

/// `debugprofilestart()`.
fn debugprofilestart(lua: &Lua, (): ()) -> mlua::Result<()> {
    let instructions = wowsim_lua::budget::instructions(lua);
    if let Some(mut c) = lua.app_data_mut::<Clock>() {
        c.profile_start(instructions);
    }
    Ok(())
}

/// `debugprofilestop()`: milliseconds since `debugprofilestart` on the precise clock (the
/// frame's time plus the Lua work done in the frame: `Clock::precise_ms`).
fn debugprofilestop(lua: &Lua, (): ()) -> mlua::Result<f64> {
    let instructions = wowsim_lua::budget::instructions(lua);
    Ok(lua
        .app_data_ref::<Clock>()
        .map(|c| c.profile_stop(instructions))
        .unwrap_or(0.0))
}

/// `debugstack([thread,] start, count1, count2)`: the Lua stack, client style.
fn debugstack(
    lua: &Lua,
    args: (Value, Option<usize>, Option<usize>, Option<usize>),
) -> mlua::Result<Option<String>> {
    // Inside a `__gc` finalizer the client answers nil (since 10.1).
    if wowsim_lua::in_finalizer(lua) {
        return Ok(None);
    }
    let (start, top, bottom) = match args.0 {
        Value::Thread(_) => (
            args.1.unwrap_or(1),
            args.2.unwrap_or(12),
            args.3.unwrap_or(10),
        ),
        Value::Integer(i) => (
            i.max(0) as usize,
            args.1.unwrap_or(12),
            args.2.unwrap_or(10),
        ),
        Value::Number(n) => (
            n.max(0.0) as usize,
            args.1.unwrap_or(12),
            args.2.unwrap_or(10),
        ),
        _ => (1, args.1.unwrap_or(12), args.2.unwrap_or(10)),
    };
    let frames = wowsim_lua::stack_frames(lua, start.max(1), 256);
    let mut out = String::new();
    let n = frames.len();
    for (i, f) in frames.iter().enumerate() {
        if i < top || i + bottom >= n {
            out.push_str(f);
            out.push('\n');
        } else if i == top {
            out.push_str("...\n");
        }
    }
    Ok(Some(out))
}

/// What a client's `GetBuildInfo` returns after version, build, date and TOC version (the
/// reference's implementation name tells which client shape the flavour has).
#[derive(Clone, Copy)]
enum BuildInfoShape {
    /// Retail (`GetBuildInfo_10_1`): `""` and `" "`.
    Retail,
    /// Classic Era (`GetBuildInfo_1_15_0`): `""`, `"Release "` (`"Test "` on a test build)
    /// and the TOC version again.
    ClassicEra,
    /// Classic (`GetBuildInfo_3_4_2`): `""`, `" "` and the TOC version again.
    Classic,
}

impl BuildInfoShape {
    fn of(impl_name: Option<&str>) -> Self {
        match impl_name {
            Some("GetBuildInfo_1_15_0") => Self::ClassicEra,
            Some("GetBuildInfo_3_4_2") => Self::Classic,
            _ => Self::Retail,
        }
    }
}

/// `GetBuildInfo()`: version, build, date, tocversion, then what the flavour's client adds.
fn get_build_info(
    lua: &Lua,
    b: &wowsim_data::BuildInfo,
    shape: BuildInfoShape,
) -> mlua::Result<MultiValue> {
    let s = |t: &str| lua.create_string(t).map(Value::String);
    let mut out = vec![
        s(&b.version)?,
        s(&b.build)?,
        s(&b.date)?,
        Value::Integer(i64::from(b.tocversion)),
        s("")?,
    ];
    match shape {
        BuildInfoShape::Retail => out.push(s(" ")?),
        BuildInfoShape::ClassicEra => {
            out.push(s(if b.test { "Test " } else { "Release " })?);
            out.push(Value::Integer(i64::from(b.tocversion)));
        }
        BuildInfoShape::Classic => {
            out.push(s(" ")?);
            out.push(Value::Integer(i64::from(b.tocversion)));
        }
    }
    Ok(MultiValue::from_vec(out))
}

/// `ClassicExpansionAtLeast(level)`: true on the retail client (game type `Standard`), else
/// whether the Classic game type's expansion level reaches `level`; `ClassicExpansionAtMost` is
/// its complement (`not AtLeast(level + 1)`: false on retail). A level outside 0..2^32-1 or a
/// missing one is an error, as the client checks its unsigned argument.
fn install_expansion_checks(lua: &Lua, product: wowsim_data::Flavor) -> mlua::Result<()> {
    let retail = product.game_type() == "Standard";
    let own = f64::from(product.expansion_level());
    for (name, at_least) in [
        ("ClassicExpansionAtLeast", true),
        ("ClassicExpansionAtMost", false),
    ] {
        let f = lua.create_function(move |lua, level: Value| {
            let n = match level {
                Value::Integer(i) => i as f64,
                Value::Number(n) => n,
                _ => f64::NAN,
            };
            if !(0.0..=4_294_967_295.0).contains(&n) {
                return Err(lua_error(
                    lua,
                    format!("Usage: local result = {name}(expansionLevel)"),
                ));
            }
            let n = n.trunc();
            Ok(if at_least {
                retail || n <= own
            } else {
                !retail && own <= n
            })
        })?;
        lua.globals().raw_set(name, f)?;
    }
    Ok(())
}

/// `IsLoggedIn()`: true after `PLAYER_LOGIN`.
fn is_logged_in(lua: &Lua, (): ()) -> mlua::Result<bool> {
    Ok(game(lua).login.borrow().logged_in)
}

/// `InCombatLockdown()`: never in combat.
fn in_combat_lockdown(_: &Lua, (): ()) -> mlua::Result<bool> {
    Ok(false)
}

/// `IsInGroup`, `IsInRaid`: solo.
fn not_in_group(_: &Lua, _: Value) -> mlua::Result<bool> {
    Ok(false)
}

/// `GetNumGroupMembers`, `GetNumSubgroupMembers`: solo.
fn no_group_members(_: &Lua, _: Value) -> mlua::Result<i32> {
    Ok(0)
}

/// A CVar's current value (its default when not set).
pub fn cvar_get(lua: &Lua, name: &str) -> Option<String> {
    let g = game(lua);
    let c = g.cvars.borrow();
    let key = name.to_ascii_lowercase();
    c.values.get(&key).or_else(|| c.defaults.get(&key)).cloned()
}

/// The CVars at start-up: the reference's defaults, and the values the client sets itself.
fn initial_cvars(lua: &Lua, data: &ProductData) -> CVars {
    let mut cv = CVars::default();
    for c in data.cvars() {
        cv.defaults.insert(
            c.name.to_ascii_lowercase(),
            c.default.clone().unwrap_or_default(),
        );
    }
    // CVars of the 1.15.4 Classic Era client that its public UI reads and that the 1.15.9
    // reference no longer lists: the nameplate size scales (1: normal size).
    if data.product() == wowsim_data::Flavor::ClassicEra {
        for (name, default) in [
            ("nameplatehorizontalscale", "1"),
            ("nameplateverticalscale", "1"),
        ] {
            cv.defaults
                .entry(name.to_string())
                .or_insert_with(|| default.to_string());
        }
    }
    // A client in a window has a concrete window size (the settings offer only `WxH` sizes in
    // windowed mode; `auto` is the registered default the client replaces): the simulated
    // screen's, as `GetPhysicalScreenSize` answers.
    if cv.defaults.contains_key("gxwindowedresolution") {
        let (w, h) = crate::widgets::screen::PHYSICAL_SIZE;
        cv.values
            .insert("gxwindowedresolution".to_string(), format!("{w}x{h}"));
    }
    // The client's language settings hold the locale it runs in.
    {
        let locale = game(lua).identity.borrow().locale.clone();
        for name in ["textlocale", "audiolocale"] {
            if cv.defaults.contains_key(name) {
                cv.values.insert(name.to_string(), locale.clone());
            }
        }
    }
    cv
}

fn install_cvars(lua: &Lua, data: &ProductData) -> mlua::Result<()> {
    let cv = initial_cvars(lua, data);
    *game(lua).cvars.borrow_mut() = cv;
    let ns: Table = match lua.globals().raw_get::<Value>("C_CVar")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    let get = lua.create_function(|lua, name: Value| {
        let Value::String(n) = name else {
            return Err(lua_error(lua, "Usage: GetCVar(name)"));
        };
        Ok(cvar_get(lua, &n.to_string_lossy()))
    })?;
    let set = lua.create_function(|lua, (name, value): (Value, Value)| {
        let Value::String(n) = name else {
            return Err(lua_error(lua, "Usage: SetCVar(name, value)"));
        };
        let v = match value {
            Value::String(s) => s.to_string_lossy(),
            Value::Integer(i) => i.to_string(),
            Value::Number(n) => wowsim_lua::stdlib::lua_number_string(n),
            Value::Boolean(b) => (if b { "1" } else { "0" }).to_string(),
            _ => String::new(),
        };
        let key = n.to_string_lossy().to_ascii_lowercase();
        let g = game(lua);
        let mut c = g.cvars.borrow_mut();
        let known = c.defaults.contains_key(&key) || c.values.contains_key(&key);
        if known {
            c.values.insert(key, v);
        }
        Ok(known)
    })?;
    let get_bool = lua.create_function(|lua, name: String| {
        Ok(cvar_get(lua, &name)
            .map(|v| v != "0" && !v.is_empty() && !v.eq_ignore_ascii_case("false")))
    })?;
    let get_default = lua.create_function(|lua, name: String| {
        let g = game(lua);
        let c = g.cvars.borrow();
        Ok(c.defaults.get(&name.to_ascii_lowercase()).cloned())
    })?;
    let register = lua.create_function(|lua, (name, value): (String, Option<String>)| {
        let g = game(lua);
        let mut c = g.cvars.borrow_mut();
        c.defaults
            .entry(name.to_ascii_lowercase())
            .or_insert_with(|| value.unwrap_or_default());
        Ok(())
    })?;
    ns.raw_set("GetCVar", get.clone())?;
    ns.raw_set("SetCVar", set.clone())?;
    ns.raw_set("GetCVarBool", get_bool.clone())?;
    ns.raw_set("GetCVarDefault", get_default.clone())?;
    ns.raw_set("RegisterCVar", register)?;
    let g = lua.globals();
    for (n, f) in [
        ("GetCVar", get),
        ("SetCVar", set),
        ("GetCVarBool", get_bool),
        ("GetCVarDefault", get_default),
    ] {
        if data.api(n).is_some() {
            g.raw_set(n, f)?;
        }
    }
    g.raw_set("C_CVar", ns)?;
    Ok(())
}

/// The spell book of wow-sim's character is empty (no game data for spells): every query of a
/// spell book slot answers nothing, as the client does for a slot past the end, so the loops
/// addons run over the book (`while GetSpellBookItemType(i, bank) do ... end`) end at once.
/// A typed stub would answer for every slot and such a loop would never end.
fn install_spell_book(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    let g = lua.globals();
    let nothing = lua.create_function(|_, _: mlua::MultiValue| Ok(()))?;
    let ns_name = "C_SpellBook";
    for api in data.apis() {
        let name = api.name.as_str();
        let (ns, short) = match name.split_once('.') {
            Some((n, f)) => (Some(n), f),
            None => (None, name),
        };
        let spell_book_slot = match ns {
            Some(n) => n == ns_name && short.starts_with("GetSpellBookItem"),
            None => matches!(
                short,
                "GetSpellBookItemInfo" | "GetSpellBookItemName" | "GetSpellBookItemTexture"
            ),
        };
        if !spell_book_slot {
            continue;
        }
        let table = match ns {
            Some(n) => match g.raw_get::<Value>(n)? {
                Value::Table(t) => t,
                _ => {
                    let t = lua.create_table()?;
                    g.raw_set(n, t.clone())?;
                    t
                }
            },
            None => g.clone(),
        };
        table.raw_set(short, nothing.clone())?;
    }
    Ok(())
}

/// wow-sim's character has no alternate power bar (an encounter or vehicle mechanic):
/// `GetUnitPowerBarInfo(unit)` answers nothing, as the client does then. A typed stub answered
/// a default structure, so the Blizzard UI showed `PlayerPowerBarAlt` with no art.
fn install_no_power_bar(lua: &Lua, data: &'static ProductData) -> mlua::Result<()> {
    if data.api("GetUnitPowerBarInfo").is_some() {
        let nothing = lua.create_function(|_, _: mlua::MultiValue| Ok(()))?;
        lua.globals().raw_set("GetUnitPowerBarInfo", nothing)?;
    }
    Ok(())
}

/// Registered addon-message prefixes (VM app data).
#[derive(Default)]
pub(crate) struct AddonPrefixes(pub Vec<String>);

/// Addon messages sent and not yet delivered: the event and its payload (prefix, text, channel,
/// sender, target) (VM app data).
#[derive(Default)]
pub(crate) struct AddonMail(pub Vec<(&'static str, [String; 5])>);

/// `Enum.SendAddonMessageResult` values the solo character can get.
mod send_result {
    pub const SUCCESS: i64 = 0;
    pub(crate) const INVALID_PREFIX: i64 = 1;
    pub(crate) const INVALID_MESSAGE: i64 = 2;
    pub(crate) const INVALID_CHAT_TYPE: i64 = 4;
    pub(crate) const NOT_IN_GROUP: i64 = 5;
    pub(crate) const TARGET_REQUIRED: i64 = 6;
    pub(crate) const INVALID_CHANNEL: i64 = 7;
    pub(crate) const NOT_IN_GUILD: i64 = 10;
}

/// `C_ChatInfo.SendAddonMessage[Logged](prefix, message [, chatType, target])` for a character
/// alone (no group, no guild, no joined channel). The chat type defaults to PARTY and is read in
/// any case. Prefixes of 1 to 16 bytes and messages up to 255 bytes are accepted; group and guild
/// chat types answer NotInGroup / NotInGuild (as the client does since 11.1, also for
/// INSTANCE_CHAT and OFFICER); a whisper needs a target and reaches only the player himself
/// (by name, with or without the realm): the server echoes it back, so `CHAT_MSG_ADDON` fires on
/// the next frame, and only for a prefix registered then. A whisper to anyone else succeeds and
/// goes nowhere. On retail SAY and YELL succeed and the sender hears himself (target ""), and
/// CHANNEL answers InvalidChannel (the character has joined no channel); Classic flavours refuse
/// all three as InvalidChatType.
#[allow(clippy::too_many_arguments)]
fn send_addon_message(
    lua: &Lua,
    retail: bool,
    name: &str,
    event: &'static str,
    prefix: Value,
    message: Value,
    chat_type: Value,
    target: Value,
) -> mlua::Result<i64> {
    use send_result::*;
    let usage = || {
        lua_error(
            lua,
            format!("Usage: C_ChatInfo.{name}(prefix, message [, chatType, target])"),
        )
    };
    let (Value::String(prefix), Value::String(message)) = (prefix, message) else {
        return Err(usage());
    };
    let chat_type = match chat_type {
        Value::Nil => "PARTY".to_string(),
        Value::String(s) => s.to_string_lossy().to_uppercase(),
        _ => return Err(usage()),
    };
    let target = match target {
        Value::Nil => None,
        Value::String(s) => Some(s.to_string_lossy()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => return Err(usage()),
    };
    let (prefix, message) = (prefix.to_string_lossy(), message.to_string_lossy());
    if prefix.is_empty() || prefix.len() > 16 {
        return Ok(INVALID_PREFIX);
    }
    if message.len() > 255 {
        return Ok(INVALID_MESSAGE);
    }
    match chat_type.as_str() {
        "PARTY" | "RAID" | "INSTANCE_CHAT" => Ok(NOT_IN_GROUP),
        "GUILD" | "OFFICER" => Ok(NOT_IN_GUILD),
        // Classic flavours send addon messages on neither custom channels nor say/yell.
        "CHANNEL" | "SAY" | "YELL" if !retail => Ok(INVALID_CHAT_TYPE),
        "CHANNEL" => Ok(INVALID_CHANNEL),
        "SAY" | "YELL" => {
            let full = player_full_name(lua);
            game(lua)
                .mail
                .borrow_mut()
                .0
                .push((event, [prefix, message, chat_type, full, String::new()]));
            Ok(SUCCESS)
        }
        "WHISPER" => {
            let Some(target) = target.filter(|t| !t.is_empty()) else {
                return Ok(TARGET_REQUIRED);
            };
            let full = player_full_name(lua);
            let me = full.split('-').next().unwrap_or_default();
            if target.eq_ignore_ascii_case(me) || target.eq_ignore_ascii_case(&full) {
                game(lua)
                    .mail
                    .borrow_mut()
                    .0
                    .push((event, [prefix, message, chat_type, full.clone(), full]));
            }
            Ok(SUCCESS)
        }
        _ => Ok(INVALID_CHAT_TYPE),
    }
}

/// `Name-Realm` of the character, the realm without spaces, as chat events name senders.
fn player_full_name(lua: &Lua) -> String {
    let g = game(lua);
    let i = g.identity.borrow();
    format!("{}-{}", i.character, i.realm.replace(' ', ""))
}

/// Delivers the system messages (`chat_system.rs`) and the addon messages sent before this frame: `CHAT_MSG_ADDON(prefix, text, channel,
/// sender, target, zoneChannelID, localID, name, instanceID)` for each registered prefix.
pub fn deliver_addon_messages(lua: &Lua) -> mlua::Result<()> {
    super::chat_system::deliver(lua)?;
    let mail = std::mem::take(&mut game(lua).mail.borrow_mut().0);
    for (event, [prefix, text, channel, sender, target]) in mail {
        let registered = game(lua).prefixes.borrow().0.contains(&prefix);
        if !registered {
            continue;
        }
        let args = (prefix, text, channel, sender, target, 0, 0, "", 0).into_lua_multi(lua)?;
        crate::events::fire_event(lua, event, args)?;
    }
    Ok(())
}

fn install_chat_info(lua: &Lua, retail: bool) -> mlua::Result<()> {
    *game(lua).prefixes.borrow_mut() = AddonPrefixes::default();
    *game(lua).mail.borrow_mut() = AddonMail::default();
    let ns: Table = match lua.globals().raw_get::<Value>("C_ChatInfo")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    ns.raw_set(
        "RegisterAddonMessagePrefix",
        lua.create_function(|lua, prefix: Value| {
            let Value::String(p) = prefix else {
                return Err(lua_error(
                    lua,
                    "Usage: C_ChatInfo.RegisterAddonMessagePrefix(prefix)",
                ));
            };
            let p = p.to_string_lossy();
            if p.len() > 16 {
                return Ok(2); // Enum.RegisterAddonMessagePrefixResult.InvalidPrefix
            }
            let g = game(lua);
            let mut s = g.prefixes.borrow_mut();
            if s.0.contains(&p) {
                return Ok(1); // DuplicatePrefix
            }
            s.0.push(p);
            Ok(0)
        })?,
    )?;
    ns.raw_set(
        "IsAddonMessagePrefixRegistered",
        lua.create_function(|lua, p: String| Ok(game(lua).prefixes.borrow().0.contains(&p)))?,
    )?;
    ns.raw_set(
        "GetRegisteredAddonMessagePrefixes",
        lua.create_function(|lua, ()| Ok(game(lua).prefixes.borrow().0.clone()))?,
    )?;
    for (name, event) in [
        ("SendAddonMessage", "CHAT_MSG_ADDON"),
        ("SendAddonMessageLogged", "CHAT_MSG_ADDON_LOGGED"),
    ] {
        let send = lua.create_function(
            move |lua, (prefix, message, chat_type, target): (Value, Value, Value, Value)| {
                send_addon_message(lua, retail, name, event, prefix, message, chat_type, target)
            },
        )?;
        ns.raw_set(name, send)?;
    }
    lua.globals().raw_set("C_ChatInfo", ns)?;
    Ok(())
}
