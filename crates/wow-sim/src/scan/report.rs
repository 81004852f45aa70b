//! What `wow-sim scan` prints: a table (one row per addon and flavour: status, the records of
//! the addon itself and of the others loaded with it, CPU and wall seconds, peak memory) with a
//! closing total, or JSON (one object per row, with its records). And the exit code: 2 when a
//! child failed (could not start, crashed, printed no records), 1 with any record of severity
//! `error`, else 0.

use super::{Job, Outcome};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

/// `--format` of `scan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ScanFormat {
    Text,
    Json,
}

/// Every job with its outcome, and the scan's own wall time.
pub struct Summary<'a> {
    pub jobs: &'a [Job],
    pub outcomes: &'a [Outcome],
    pub wall: Duration,
    pub workers: usize,
}

/// Whether a `lua-errors` record counts as an error (records without a severity do).
fn is_error(rec: &Value) -> bool {
    rec.get("severity").and_then(Value::as_str) != Some("warning")
}

/// The records of one run counted by the addon they are attributed to (`(none)` for records of
/// no addon).
fn by_addon(records: &[Value]) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for r in records {
        let a = r.get("addon").and_then(Value::as_str).unwrap_or("(none)");
        *m.entry(a.to_string()).or_insert(0) += 1;
    }
    m
}

/// A row's status word.
fn status(job: &Job, out: &Outcome) -> String {
    if let Some(reason) = &job.skipped {
        return format!("not loaded ({reason})");
    }
    if out.failure.is_some() {
        return "failed".into();
    }
    if out.ended.is_some_and(|e| e.killed) {
        return "killed".into();
    }
    match (out.records.is_empty(), out.records.iter().any(is_error)) {
        (true, _) => "ok".into(),
        (false, true) => "errors".into(),
        (false, false) => "warnings".into(),
    }
}

fn secs(d: Option<Duration>) -> String {
    d.map_or("-".into(), |d| format!("{:.2}", d.as_secs_f64()))
}

impl Summary<'_> {
    pub fn render(&self, format: ScanFormat) -> String {
        match format {
            ScanFormat::Text => self.text(),
            ScanFormat::Json => {
                let mut s = serde_json::to_string_pretty(&self.json()).unwrap_or_default();
                s.push('\n');
                s
            }
        }
    }

    /// 2 when a child failed, 1 with any error record, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.outcomes.iter().any(|o| o.failure.is_some()) {
            2
        } else if self.outcomes.iter().any(|o| o.records.iter().any(is_error)) {
            1
        } else {
            0
        }
    }

    fn text(&self) -> String {
        let width = self
            .jobs
            .iter()
            .map(|j| j.addon.len())
            .max()
            .unwrap_or(5)
            .max(5);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:<width$}  {:<11}  {:>5}  {:>5}  {:>6}  {:>6}  {:>7}  status",
            "addon", "flavour", "own", "other", "cpu s", "wall s", "peak MB"
        );
        let (mut cpu, mut peak, mut runs) = (Duration::ZERO, 0u64, 0usize);
        for (job, out) in self.jobs.iter().zip(self.outcomes) {
            let counts = by_addon(&out.records);
            let own = counts.get(&job.addon).copied().unwrap_or(0);
            let other = out.records.len() - own;
            let ran = job.skipped.is_none() && out.failure.is_none();
            let n = |v: usize| if ran { v.to_string() } else { "-".into() };
            let e = out.ended;
            cpu += e.and_then(|e| e.cpu).unwrap_or_default();
            peak = peak.max(e.and_then(|e| e.peak_kib).unwrap_or(0));
            runs += usize::from(e.is_some());
            let mut st = status(job, out);
            if let Some(f) = &out.failure {
                let _ = write!(st, ": {f}");
            }
            let _ = writeln!(
                s,
                "{:<width$}  {:<11}  {:>5}  {:>5}  {:>6}  {:>6}  {:>7}  {st}",
                job.addon,
                job.flavor.as_str(),
                n(own),
                n(other),
                secs(e.and_then(|e| e.cpu)),
                secs(e.map(|e| e.wall)),
                e.and_then(|e| e.peak_kib)
                    .map_or("-".into(), |k| (k / 1024).to_string()),
            );
        }
        let _ = writeln!(
            s,
            "{runs} runs of {} addon-flavour pairs, {} jobs at once: {:.1} s wall, {:.1} s CPU in the children, peak {} MB",
            self.jobs.len(),
            self.workers,
            self.wall.as_secs_f64(),
            cpu.as_secs_f64(),
            peak / 1024
        );
        s
    }

    fn json(&self) -> Value {
        let rows: Vec<Value> = self
            .jobs
            .iter()
            .zip(self.outcomes)
            .map(|(job, out)| {
                let e = out.ended;
                json!({
                    "addon": job.addon,
                    "flavor": job.flavor.as_str(),
                    "dependencies": job.deps,
                    "status": status(job, out),
                    "not_loaded": job.skipped,
                    "failure": out.failure,
                    "exit_code": e.and_then(|e| e.code),
                    "cpu_seconds": e.and_then(|e| e.cpu).map(|d| d.as_secs_f64()),
                    "wall_seconds": e.map(|e| e.wall.as_secs_f64()),
                    "peak_rss_kib": e.and_then(|e| e.peak_kib),
                    "records_by_addon": by_addon(&out.records),
                    "records": out.records,
                })
            })
            .collect();
        json!({
            "wall_seconds": self.wall.as_secs_f64(),
            "jobs": self.workers,
            "runs": rows,
        })
    }
}
