//! A whole-range summary file, opened in the Statistics view: the
//! `_summary.json` that `python -m contraption.distributed` (and
//! `contraption.distributed.scan`) writes in its `out/` directory.
//!
//! Read with a bound, parsed strictly: the outer object's fields exactly, the
//! `summary` through the engine's own `ScanSummary` (and written back, it must be
//! the very same JSON: an unknown or missing field is refused), the solving
//! histogram through the engine's `SolvingBucket`, and the figures must agree with
//! each other (the histograms add up to the range's seeds, the rates are the
//! counts' quotients, the rejections add up to the attempts). The statistics are
//! then the catalog's `Stats` (whose `fallback` includes the all-preSolved
//! seeds), so the view draws them with the same charts; the file has no
//! per-placement counts (`placement_solves` is empty).

use std::path::Path;

use contraption::totals::SolvingBucket;
use contraption::ScanSummary;
use contraption_catalog::Stats;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::{CatalogViewError, Result};
use crate::files::{self, ReadFailure};

/// A summary file is a few kilobytes; anything above this is not one.
pub const MAX_SUMMARY_FILE_BYTES: usize = 1 << 20;

/// The file as the distributed scan writes it (field names exactly).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SummaryFile {
    summary: Map<String, Value>,
    range: String,
    rules_id: String,
    #[serde(rename = "where")]
    criteria: Option<String>,
    rows: u64,
    shards: u64,
    computed: u64,
    skipped: u64,
    shard_size: u64,
    solving_histogram: Vec<SolvingBucket>,
    all_pre_solved_seeds: Vec<u32>,
    #[allow(dead_code)]
    out: String,
}

/// A whole-range summary, read from a file, as the Statistics view shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RangeSummary {
    /// The file it was read from.
    pub path: String,
    /// `FROM..TO` (TO excluded), as in the file.
    pub range: String,
    /// The id of the rules the range was scanned under.
    pub rules_id: String,
    /// The criteria whose matches were written (`where`), if any; the statistics
    /// are of every seed of the range either way.
    pub criteria: Option<String>,
    /// Rows written by the scan (the matches, with criteria).
    #[ts(type = "number")]
    pub rows: u64,
    #[ts(type = "number")]
    pub shards: u64,
    /// The range's statistics (`placement_solves` empty: the file has none).
    pub stats: Stats,
    #[ts(type = "number")]
    pub no_single_ramp_rejections: u64,
    pub mean_attempts: f64,
}

fn refused(path: &Path, reason: impl Into<String>) -> CatalogViewError {
    CatalogViewError::SummaryFile {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

/// `FROM..TO` with FROM < TO ≤ 2^32.
fn parse_range(text: &str) -> Option<(u64, u64)> {
    let (a, b) = text.split_once("..")?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if !digits(a) || !digits(b) {
        return None;
    }
    let (a, b) = (a.parse::<u64>().ok()?, b.parse::<u64>().ok()?);
    (a < b && b <= 1 << 32).then_some((a, b))
}

/// Reads and checks the summary file at `path`.
pub fn read_summary_file(path: &Path) -> Result<RangeSummary> {
    let bytes = files::read(path, MAX_SUMMARY_FILE_BYTES).map_err(|e| match e {
        ReadFailure::TooLarge(size) => refused(
            path,
            format!("it holds {size} bytes; a summary file holds at most {MAX_SUMMARY_FILE_BYTES}"),
        ),
        ReadFailure::Io(e) => CatalogViewError::CatalogIo(e),
    })?;
    parse_summary(path, &bytes)
}

/// Parses and checks the bytes of a summary file (`path` only names it in errors).
pub fn parse_summary(path: &Path, bytes: &[u8]) -> Result<RangeSummary> {
    let bad = |reason: String| refused(path, reason);
    let file: SummaryFile = serde_json::from_slice(bytes).map_err(|e| {
        bad(format!(
            "it is not the _summary.json of a distributed scan: {e}"
        ))
    })?;
    let mut inner = file.summary;
    let rules_id = match inner.remove("rules_id") {
        Some(Value::String(id)) => id,
        _ => return Err(bad("its summary has no rules_id".into())),
    };
    if rules_id != file.rules_id {
        return Err(bad(format!(
            "its summary is of rules {rules_id}, the file says {}",
            file.rules_id
        )));
    }
    let object = Value::Object(inner);
    let summary: ScanSummary = serde_json::from_value(object.clone())
        .map_err(|e| bad(format!("its summary is not a scan's summary: {e}")))?;
    let again = serde_json::to_value(&summary).map_err(|e| bad(e.to_string()))?;
    if again != object {
        return Err(bad(
            "its summary has fields a scan's summary does not have, or lacks some".into(),
        ));
    }
    let (from, to) = parse_range(&file.range).ok_or_else(|| {
        bad(format!(
            "its range {:?} is not FROM..TO with FROM < TO ≤ 4294967296",
            file.range
        ))
    })?;
    let s = &summary;
    let seeds = to - from;
    // Sums in u128: a file's counts may be anything up to u64::MAX, and adding
    // them must refuse the file, not overflow.
    let w = u128::from;
    let attempts_seeds: u128 = s.attempts_histogram.iter().map(|b| w(b.seeds)).sum();
    let solving_seeds: u128 = file.solving_histogram.iter().map(|b| w(b.seeds)).sum();
    let attempts: u128 = s
        .attempts_histogram
        .iter()
        .map(|b| u128::from(b.attempts) * w(b.seeds))
        .sum();
    let rate = |n: u128| {
        if s.seeds == 0 {
            0.0
        } else {
            n as f64 / s.seeds as f64
        }
    };
    let ascending = s
        .attempts_histogram
        .windows(2)
        .all(|w| w[0].attempts < w[1].attempts)
        && file
            .solving_histogram
            .windows(2)
            .all(|w| w[0].solving < w[1].solving);
    let checks = [
        (
            s.seeds == seeds,
            format!("{} seeds for the range {}", s.seeds, file.range),
        ),
        (
            attempts_seeds == w(seeds),
            format!("its attempts histogram counts {attempts_seeds} seeds, not {seeds}"),
        ),
        (
            solving_seeds == w(seeds),
            format!("its solving histogram counts {solving_seeds} seeds, not {seeds}"),
        ),
        (
            ascending,
            "its histograms are not in ascending order".into(),
        ),
        (
            w(s.accepted) + w(s.fallback) + w(s.all_pre_solved) == w(seeds),
            "its accepted, fallback and all-preSolved seeds do not add up to its seeds".into(),
        ),
        (
            s.fallback_rate == rate(w(s.fallback)),
            "its fallback rate is not fallback / seeds".into(),
        ),
        (
            s.mean_attempts == rate(attempts),
            "its mean attempts are not its histogram's".into(),
        ),
        (
            w(s.pre_solved_rejections) + w(s.no_single_ramp_rejections) + w(s.accepted) == attempts,
            "its rejections and accepted levels do not add up to its attempts".into(),
        ),
        (
            w(file.computed) + w(file.skipped) == w(file.shards) && file.shard_size > 0,
            "its shard counts do not add up".into(),
        ),
        (
            file.rows <= seeds,
            format!("{} rows for {seeds} seeds", file.rows),
        ),
        (
            file.all_pre_solved_seeds.len() as u64 <= s.all_pre_solved,
            "it lists more all-preSolved seeds than it counts".into(),
        ),
    ];
    if let Some((_, reason)) = checks.into_iter().find(|(ok, _)| !ok) {
        return Err(bad(reason));
    }
    Ok(RangeSummary {
        path: path.display().to_string(),
        range: file.range,
        rules_id,
        criteria: file.criteria,
        rows: file.rows,
        shards: file.shards,
        stats: Stats {
            seeds: s.seeds,
            accepted: s.accepted,
            // The catalog's `fallback` counts the all-preSolved seeds too (they
            // did not find a level either); the scan's summary counts them apart.
            fallback: s.fallback + s.all_pre_solved,
            all_pre_solved: s.all_pre_solved,
            fallback_rate: rate(w(s.fallback) + w(s.all_pre_solved)),
            pre_solved_rejections: s.pre_solved_rejections,
            attempts_histogram: s
                .attempts_histogram
                .iter()
                .map(|b| [u64::from(b.attempts), b.seeds])
                .collect(),
            solving_histogram: file
                .solving_histogram
                .iter()
                .map(|b| [u64::from(b.solving), b.seeds])
                .collect(),
            placement_solves: Vec::new(),
        },
        no_single_ramp_rejections: s.no_single_ramp_rejections,
        mean_attempts: s.mean_attempts,
    })
}

#[cfg(test)]
mod tests {
    use contraption::{summarize, Totals, ValidRules};
    use serde_json::json;

    use super::*;

    /// The file `contraption.distributed.scan` writes for `from..to` (the same
    /// engine calls as the Python package's `totals_summary`).
    fn distributed_file(from: u32, to: u32) -> (Totals, Value) {
        let rules = ValidRules::default();
        let mut totals = Totals::default();
        for seed in from..to {
            totals.add(&summarize(&rules, seed));
        }
        let mut summary = serde_json::to_value(totals.summary()).unwrap();
        let mut printed = Map::new();
        printed.insert("rules_id".into(), json!(rules.id()));
        printed.extend(summary.as_object_mut().unwrap().clone());
        let file = json!({
            "summary": printed,
            "range": format!("{from}..{to}"),
            "rules_id": rules.id(),
            "where": "solving = 1",
            "rows": 3,
            "shards": 2,
            "computed": 1,
            "skipped": 1,
            "shard_size": 20,
            "solving_histogram": totals.solving_buckets(),
            "all_pre_solved_seeds": totals.all_pre_solved_seeds,
            "out": "/tmp/out",
        });
        (totals, file)
    }

    fn parse(v: &Value) -> Result<RangeSummary> {
        parse_summary(Path::new("_summary.json"), v.to_string().as_bytes())
    }

    #[test]
    fn a_distributed_scan_s_summary_reads_as_the_engine_s_totals() {
        let (totals, file) = distributed_file(100, 140);
        let r = parse(&file).unwrap();
        let s = totals.summary();
        assert_eq!(r.range, "100..140");
        assert_eq!(r.rules_id, ValidRules::default().id());
        assert_eq!(r.criteria.as_deref(), Some("solving = 1"));
        assert_eq!(r.stats.seeds, 40);
        assert_eq!(r.stats.accepted, s.accepted);
        // As the catalog counts them: the all-preSolved seeds among the fallbacks.
        assert_eq!(r.stats.fallback, s.fallback + s.all_pre_solved);
        assert_eq!(r.stats.all_pre_solved, s.all_pre_solved);
        assert_eq!(r.stats.pre_solved_rejections, s.pre_solved_rejections);
        assert_eq!(r.no_single_ramp_rejections, s.no_single_ramp_rejections);
        let hist: Vec<[u64; 2]> = totals
            .attempts_histogram
            .iter()
            .map(|(&k, &n)| [u64::from(k), n])
            .collect();
        assert_eq!(r.stats.attempts_histogram, hist);
        let solving: Vec<[u64; 2]> = totals
            .solving_histogram
            .iter()
            .map(|(&k, &n)| [u64::from(k), n])
            .collect();
        assert_eq!(r.stats.solving_histogram, solving);
        assert!(r.stats.placement_solves.is_empty());
    }

    #[test]
    fn a_bad_summary_file_is_refused_with_the_reason() {
        let (_, good) = distributed_file(0, 30);
        type Tamper = Box<dyn Fn(&mut Value)>;
        let cases: Vec<(Tamper, &str)> = vec![
            (Box::new(|v| v["extra"] = json!(1)), "unknown field `extra`"),
            (
                Box::new(|v| v["summary"]["extra"] = json!(1)),
                "fields a scan's summary",
            ),
            (
                Box::new(|v| drop(v["summary"].as_object_mut().unwrap().remove("seeds"))),
                "missing field `seeds`",
            ),
            (
                Box::new(|v| v["range"] = json!("0..31")),
                "30 seeds for the range 0..31",
            ),
            (Box::new(|v| v["range"] = json!("5..5")), "is not FROM..TO"),
            (
                Box::new(|v| v["summary"]["rules_id"] = json!("x")),
                "of rules x",
            ),
            (
                Box::new(|v| v["summary"]["fallback_rate"] = json!(0.5)),
                "fallback rate",
            ),
            (
                Box::new(|v| v["summary"]["pre_solved_rejections"] = json!(100000)),
                "add up to its attempts",
            ),
            (
                Box::new(|v| v["solving_histogram"] = json!([{"solving": 1, "seeds": 2}])),
                "solving histogram counts 2 seeds",
            ),
            (Box::new(|v| v["rows"] = json!(-1)), "invalid value"),
            // Counts that would overflow when added are refused, not a panic.
            (
                Box::new(|v| v["summary"]["accepted"] = json!(u64::MAX)),
                "do not add up to its seeds",
            ),
            (
                Box::new(
                    |v| v["summary"]["attempts_histogram"] = json!([{"attempts": 1, "seeds": u64::MAX}, {"attempts": 2, "seeds": u64::MAX}]),
                ),
                "attempts histogram counts",
            ),
        ];
        for (tamper, reason) in cases {
            let mut v = good.clone();
            tamper(&mut v);
            match parse(&v) {
                Err(CatalogViewError::SummaryFile { reason: r, .. }) => {
                    assert!(r.contains(reason), "{r:?} should say {reason:?}")
                }
                other => panic!("{reason}: {other:?}"),
            }
        }
        match parse_summary(Path::new("x"), b"{\"seeds\": [], \"summary\": {}}") {
            Err(CatalogViewError::SummaryFile { reason, .. }) => {
                assert!(
                    reason.starts_with("it is not the _summary.json"),
                    "{reason}"
                )
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_file_is_read_with_a_bound() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("_summary.json");
        let (_, good) = distributed_file(0, 10);
        std::fs::write(&path, good.to_string()).unwrap();
        assert_eq!(read_summary_file(&path).unwrap().stats.seeds, 10);
        std::fs::write(&path, vec![b' '; MAX_SUMMARY_FILE_BYTES + 1]).unwrap();
        match read_summary_file(&path) {
            Err(CatalogViewError::SummaryFile { reason, .. }) => {
                assert!(reason.contains("at most"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        match read_summary_file(&dir.path().join("missing.json")) {
            Err(CatalogViewError::CatalogIo(e)) => assert_eq!(e.action, "read"),
            other => panic!("{other:?}"),
        }
    }
}
