//! Calendar arithmetic of `C_DateAndTime` on `CalendarTime` tables (`year`, `month`,
//! `monthDay`, `weekday` with Sunday = 1, `hour`, `minute`).
//!
//! | WoW name | Rust |
//! | --- | --- |
//! | `C_DateAndTime.AdjustTimeByDays(date, days)`, `AdjustTimeByMinutes(date, minutes)` | [`install`], [`shift`] |
//! | `C_DateAndTime.CompareCalendarTime(a, b)`: 1 when `a` is earlier, -1 when later, else 0 | [`install`] |
//!
//! The result is a new table with the structure's fields (the weekday computed from the
//! date), plus `day` when the given table has one (the older clients' field, kept as given).

use mlua::{Lua, Table, Value};

/// Days since 1970-01-01 of a proleptic Gregorian date (month 1..12; out-of-range days roll).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01: (year, month, day of month).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A calendar time in minutes since 1970-01-01 00:00.
fn minutes_of(t: &Table) -> mlua::Result<i64> {
    let f = |k: &str| -> mlua::Result<i64> { Ok(t.get::<Option<f64>>(k)?.unwrap_or(0.0) as i64) };
    let days = days_from_civil(f("year")?, f("month")?.max(1), f("monthDay")?.max(1));
    Ok(days * 1440 + f("hour")? * 60 + f("minute")?)
}

/// `date` moved by `minutes`, as a new `CalendarTime` table.
pub fn shift(lua: &Lua, date: &Table, minutes: i64) -> mlua::Result<Table> {
    let total = minutes_of(date)? + minutes;
    let days = total.div_euclid(1440);
    let rest = total.rem_euclid(1440);
    let (y, m, d) = civil_from_days(days);
    let out = lua.create_table()?;
    out.raw_set("year", y)?;
    out.raw_set("month", m)?;
    out.raw_set("monthDay", d)?;
    // 1970-01-01 was a Thursday (weekday 5 when Sunday is 1).
    out.raw_set("weekday", (days + 4).rem_euclid(7) + 1)?;
    out.raw_set("hour", rest / 60)?;
    out.raw_set("minute", rest % 60)?;
    let day: Value = date.get("day")?;
    if !day.is_nil() {
        out.raw_set("day", day)?;
    }
    Ok(out)
}

fn date_arg(lua: &Lua, v: Value, usage: &str) -> mlua::Result<Table> {
    match v {
        Value::Table(t) => Ok(t),
        _ => Err(wowsim_lua::lua_error(lua, usage)),
    }
}

/// Installs the three functions into `C_DateAndTime`.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let ns: Table = match lua.globals().raw_get::<Value>("C_DateAndTime")? {
        Value::Table(t) => t,
        _ => lua.create_table()?,
    };
    let by = |name: &'static str, unit: i64| {
        lua.create_function(move |lua, (date, n): (Value, Option<f64>)| {
            let usage = format!("Usage: local newDate = C_DateAndTime.{name}(date, n)");
            let date = date_arg(lua, date, &usage)?;
            let n = n.ok_or_else(|| wowsim_lua::lua_error(lua, &usage))?;
            shift(lua, &date, n as i64 * unit)
        })
    };
    ns.raw_set("AdjustTimeByDays", by("AdjustTimeByDays", 1440)?)?;
    ns.raw_set("AdjustTimeByMinutes", by("AdjustTimeByMinutes", 1)?)?;
    let compare = lua.create_function(|lua, (a, b): (Value, Value)| {
        let usage = "Usage: local result = C_DateAndTime.CompareCalendarTime(lhsCalendarTime, rhsCalendarTime)";
        let a = minutes_of(&date_arg(lua, a, usage)?)?;
        let b = minutes_of(&date_arg(lua, b, usage)?)?;
        Ok(match a.cmp(&b) {
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Greater => -1,
            std::cmp::Ordering::Equal => 0,
        })
    })?;
    ns.raw_set("CompareCalendarTime", compare)?;
    lua.globals().raw_set("C_DateAndTime", ns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip_and_known_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(civil_from_days(days_from_civil(2022, 5, 23)), (2022, 5, 23));
        assert_eq!(
            civil_from_days(days_from_civil(2024, 2, 29) + 1),
            (2024, 3, 1)
        );
        assert_eq!(
            civil_from_days(days_from_civil(2000, 1, 1) - 1),
            (1999, 12, 31)
        );
    }
}
