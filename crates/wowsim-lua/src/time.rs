//! `date`, `time` and `difftime` as the client has them (the `os` library is absent), on the
//! virtual clock and in UTC so that headless runs are deterministic.

use super::lua_error;
use crate::clock::Clock;
use mlua::{Lua, Table, Value};

/// Installs `date`, `time`, `difftime`.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.raw_set("date", lua.create_function(date)?)?;
    g.raw_set("time", lua.create_function(time)?)?;
    g.raw_set(
        "difftime",
        lua.create_function(|_, (a, b): (f64, Option<f64>)| Ok(a - b.unwrap_or(0.0)))?,
    )?;
    Ok(())
}

fn now(lua: &Lua) -> i64 {
    lua.app_data_ref::<Clock>()
        .map(|c| c.unix_time())
        .unwrap_or(crate::clock::DEFAULT_EPOCH)
}

/// Broken-down UTC time.
#[derive(Debug, PartialEq)]
struct Tm {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    min: u32,
    sec: u32,
    wday: u32, // 1 = Sunday
    yday: u32, // 1-based
}

fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = m as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

fn breakdown(t: i64) -> Tm {
    let days = t.div_euclid(86400);
    let secs = t.rem_euclid(86400) as u32;
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
    let yday = (days - days_from_civil(year, 1, 1) + 1) as u32;
    Tm {
        year,
        month,
        day,
        hour: secs / 3600,
        min: secs / 60 % 60,
        sec: secs % 60,
        wday: ((days + 4).rem_euclid(7) + 1) as u32,
        yday,
    }
}

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn strftime(fmt: &str, tm: &Tm) -> String {
    let mut out = String::new();
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let Some(spec) = chars.next() else { break };
        let day = DAYS[(tm.wday - 1) as usize];
        let month = MONTHS[(tm.month - 1) as usize];
        let h12 = if tm.hour.is_multiple_of(12) {
            12
        } else {
            tm.hour % 12
        };
        let s = match spec {
            'Y' => tm.year.to_string(),
            'y' => format!("{:02}", tm.year.rem_euclid(100)),
            'm' => format!("{:02}", tm.month),
            'd' => format!("{:02}", tm.day),
            'e' => format!("{:2}", tm.day),
            'H' => format!("{:02}", tm.hour),
            'I' => format!("{:02}", h12),
            'M' => format!("{:02}", tm.min),
            'S' => format!("{:02}", tm.sec),
            'p' => (if tm.hour < 12 { "AM" } else { "PM" }).to_string(),
            'A' => day.to_string(),
            'a' => day[..3].to_string(),
            'B' => month.to_string(),
            'b' | 'h' => month[..3].to_string(),
            'j' => format!("{:03}", tm.yday),
            'w' => (tm.wday - 1).to_string(),
            'c' => format!(
                "{} {} {:2} {:02}:{:02}:{:02} {}",
                &day[..3],
                &month[..3],
                tm.day,
                tm.hour,
                tm.min,
                tm.sec,
                tm.year
            ),
            'x' => format!(
                "{:02}/{:02}/{:02}",
                tm.month,
                tm.day,
                tm.year.rem_euclid(100)
            ),
            'X' => format!("{:02}:{:02}:{:02}", tm.hour, tm.min, tm.sec),
            'Z' => "UTC".to_string(),
            '%' => "%".to_string(),
            other => format!("%{other}"),
        };
        out.push_str(&s);
    }
    out
}

fn date(lua: &Lua, (fmt, t): (Option<String>, Option<f64>)) -> mlua::Result<Value> {
    let fmt = fmt.unwrap_or_else(|| "%c".to_string());
    let t = t.map(|t| t as i64).unwrap_or_else(|| now(lua));
    let fmt = fmt.strip_prefix('!').unwrap_or(&fmt);
    let tm = breakdown(t);
    if fmt.starts_with("*t") {
        let r = lua.create_table()?;
        r.set("year", tm.year)?;
        r.set("month", tm.month)?;
        r.set("day", tm.day)?;
        r.set("hour", tm.hour)?;
        r.set("min", tm.min)?;
        r.set("sec", tm.sec)?;
        r.set("wday", tm.wday)?;
        r.set("yday", tm.yday)?;
        r.set("isdst", false)?;
        return Ok(Value::Table(r));
    }
    Ok(Value::String(lua.create_string(strftime(fmt, &tm))?))
}

fn field(lua: &Lua, t: &Table, key: &str, default: Option<i64>) -> mlua::Result<i64> {
    match t.get::<Value>(key)? {
        Value::Integer(i) => Ok(i),
        Value::Number(n) => Ok(n as i64),
        Value::Nil => default
            .ok_or_else(|| lua_error(lua, format_args!("field '{key}' missing in date table"))),
        _ => Err(lua_error(
            lua,
            format_args!("field '{key}' missing in date table"),
        )),
    }
}

fn time(lua: &Lua, t: Option<Table>) -> mlua::Result<i64> {
    let Some(t) = t else { return Ok(now(lua)) };
    let year = field(lua, &t, "year", None)?;
    let month = field(lua, &t, "month", None)?;
    let day = field(lua, &t, "day", None)?;
    let hour = field(lua, &t, "hour", Some(12))?;
    let min = field(lua, &t, "min", Some(0))?;
    let sec = field(lua, &t, "sec", Some(0))?;
    // Normalise months outside 1..12 as mktime does.
    let y = year + (month - 1).div_euclid(12);
    let m = ((month - 1).rem_euclid(12) + 1) as u32;
    let days = days_from_civil(y, m, 1) + day - 1;
    Ok(days * 86400 + hour * 3600 + min * 60 + sec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        for t in [0i64, 86399, 951782400, 1767225600, 4102444800, -86400] {
            let tm = breakdown(t);
            let back = days_from_civil(tm.year, tm.month, tm.day) * 86400
                + (tm.hour * 3600 + tm.min * 60 + tm.sec) as i64;
            assert_eq!(back, t);
        }
        let tm = breakdown(1767225600);
        assert_eq!(
            (tm.year, tm.month, tm.day, tm.wday, tm.yday),
            (2026, 1, 1, 5, 1)
        );
        assert_eq!(
            strftime("%Y-%m-%d %H:%M:%S %A %b", &tm),
            "2026-01-01 00:00:00 Thursday Jan"
        );
        let leap = breakdown(951782400); // 2000-02-29
        assert_eq!(
            (leap.year, leap.month, leap.day, leap.yday),
            (2000, 2, 29, 60)
        );
    }
}
