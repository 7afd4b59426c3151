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
    contraption::SeedRange::new(a, b)
        .ok()
        .map(|r| (r.from(), r.to()))
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
mod tests;
