//! Measuring helpers: medians, the process's peak resident set (`VmHWM`), and the protocol
//! between the runner and its child processes (one `RESULT key=value …` line on stdout).

use std::collections::BTreeMap;

/// Peak resident set size of this process in KiB (`VmHWM` in `/proc/self/status`).
pub fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// CPU time this thread has run, in seconds (first field of `/proc/thread-self/schedstat`,
/// nanoseconds). Robust against other processes competing for the cores, unlike wall time.
pub fn cpu_secs() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// The median of a non-empty list (the mean of the two middle values for an even count).
pub fn median(values: &[f64]) -> f64 {
    assert!(!values.is_empty(), "median of nothing");
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Minimum and maximum of a non-empty list.
pub fn min_max(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        })
}

/// Formats seconds for a table: `1.234 s`, `56.7 ms`, `890 µs`.
pub fn fmt_time(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.3} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else if s >= 1e-6 {
        format!("{:.1} µs", s * 1e6)
    } else {
        format!("{:.0} ns", s * 1e9)
    }
}

/// Formats KiB as MiB.
pub fn fmt_mib(kib: f64) -> String {
    format!("{:.0} MiB", kib / 1024.0)
}

/// Formats a rate: `12.3 M/s`, `456 k/s`.
pub fn fmt_rate(per_sec: f64) -> String {
    if per_sec >= 1e6 {
        format!("{:.2} M/s", per_sec / 1e6)
    } else {
        format!("{:.0} k/s", per_sec / 1e3)
    }
}

/// The 1-, 5- and 15-minute load averages (`/proc/loadavg`), to print next to figures.
pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".to_string())
}

/// Prints the line a child process reports its figures with.
pub fn print_result(fields: &[(&str, String)]) {
    let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    println!("RESULT {}", body.join(" "));
}

/// Prints a progress line (`PHASE key=value`) and flushes it, so a parent that has to kill a
/// child that hangs still knows how far it got.
pub fn print_phase(key: &str, value: String) {
    use std::io::Write as _;
    println!("PHASE {key}={value}");
    let _ = std::io::stdout().flush();
}

/// Parses a child's `RESULT` line into key → value.
pub fn parse_result(stdout: &str) -> Option<BTreeMap<String, String>> {
    let line = stdout.lines().rev().find(|l| l.starts_with("RESULT "))?;
    Some(fields(&line["RESULT ".len()..]))
}

/// The `PHASE` lines a child printed, merged into key → value.
pub fn parse_phases(stdout: &str) -> BTreeMap<String, String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("PHASE "))
        .flat_map(|l| fields(l).into_iter())
        .collect()
}

fn fields(s: &str) -> BTreeMap<String, String> {
    s.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_lists() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    #[test]
    fn result_line_round_trip() {
        let out = "noise\nRESULT secs=1.5 hwm_kib=2048\n";
        let r = parse_result(out).expect("parsed");
        assert_eq!(r["secs"], "1.5");
        assert_eq!(r["hwm_kib"], "2048");
    }

    #[test]
    fn phase_lines_merge() {
        let p = parse_phases("PHASE new=0.5\nnoise\nPHASE start=1.5\n");
        assert_eq!(p["new"], "0.5");
        assert_eq!(p["start"], "1.5");
    }

    #[test]
    fn cpu_time_is_readable_on_linux() {
        assert!(cpu_secs().is_some());
    }

    #[test]
    fn peak_rss_is_readable_on_linux() {
        assert!(peak_rss_kib().is_some_and(|k| k > 0));
    }
}
