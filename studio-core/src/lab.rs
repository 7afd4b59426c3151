//! A/B over a seed range: the range scanned into the catalog under rules A and
//! under rules B (catalog rows are keyed by rules id, so a range already stored
//! under some rules is not scanned again; scans run as one cancellable job and
//! resume), then compared side by side with the engine's `compare` figures; the
//! seeds whose shipped level changed; and the bookmarks and upcoming daily levels
//! that would change.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use contraption::criteria::Field;
use contraption::{
    generate, AbFigures, AbTotals, Criteria, GenerateOptions, SeedSummary, ValidRules,
};
use contraption_catalog::{BookmarkQuery, ScanEnd, SeedQuery, SortKey};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::{check_range, scan_under, CatalogState, CatalogViewError, ScanEvent};
use crate::files::FileError;
use crate::jobs::Jobs;
use crate::rules_book::RulesBook;
use crate::rules_lab::DraftStore;

type Result<T, E = CatalogViewError> = std::result::Result<T, E>;

/// At most this many changed seeds are listed (all of them are counted).
pub const MAX_LISTED_CHANGED: usize = 2000;
/// Upcoming daily levels checked: today and the days after it.
pub const UPCOMING_DAYS: u32 = 30;
/// Rows read from the catalog at a time while comparing.
const PAGE: u32 = 1000;

/// Which rules a side of the comparison uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LabRules {
    /// The rules in force.
    InForce,
    /// The Rules view's draft.
    Draft,
    /// The default rules (v1).
    Default,
}

/// The rules of `which`.
pub fn resolve(which: LabRules, book: &RulesBook, draft: &DraftStore) -> ValidRules {
    match which {
        LabRules::InForce => book.in_force(),
        LabRules::Draft => draft.get(),
        LabRules::Default => ValidRules::default(),
    }
}

/// A side: A or B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AbSide {
    A,
    B,
}

/// What an A/B run streams to the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum AbEvent {
    /// A side starts: `reused` when the catalog already holds the whole range
    /// under its rules (nothing is scanned).
    Side {
        job: u32,
        side: AbSide,
        rules_id: String,
        reused: bool,
    },
    /// A side's scan event (started, progress, finished, cancelled).
    Scan { side: AbSide, scan: ScanEvent },
}

/// How an A/B run ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AbOutcome {
    pub job: u32,
    pub end: ScanEnd,
    /// Which sides were already stored (no scan ran).
    pub reused: Vec<AbSide>,
}

/// The criteria of the seeds `from..=last`.
fn seeds_within(from: u64, last: u64) -> Criteria {
    Criteria::Within {
        field: Field::Seed,
        lo: from as i64,
        hi: last as i64,
    }
}

/// How many seeds of `from..to` the catalog holds under `rules`.
pub fn stored(state: &CatalogState, rules: &ValidRules, from: u64, to: u64) -> Result<u64> {
    let q = SeedQuery {
        criteria: seeds_within(from, to - 1),
        limit: 0,
        ..SeedQuery::default()
    };
    Ok(state.with(|c| c.query(rules, &q))?.total)
}

/// Scans `from..to` under `a` then under `b` into the catalog, as one job holding
/// the single scan slot; a side whose rows are all stored already is reused. A
/// cancelled side stops the run (what was committed stays; run again to resume).
pub fn run_ab(
    state: &CatalogState,
    jobs: &Arc<Jobs>,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    mut sink: impl FnMut(AbEvent),
) -> Result<AbOutcome> {
    check_range(from, to)?;
    let job = jobs.start();
    let _slot = state.claim_scan(job.id)?;
    let mut reused = Vec::new();
    for (side, rules) in [(AbSide::A, a), (AbSide::B, b)] {
        let whole = stored(state, rules, from, to)? == to - from;
        sink(AbEvent::Side {
            job: job.id,
            side,
            rules_id: rules.id().to_owned(),
            reused: whole,
        });
        if whole {
            reused.push(side);
            continue;
        }
        let out = scan_side(
            state.path(),
            rules,
            job.id,
            from,
            to,
            job.cancel_flag(),
            |e| sink(AbEvent::Scan { side, scan: e }),
        )?;
        if out == ScanEnd::Cancelled {
            return Ok(AbOutcome {
                job: job.id,
                end: ScanEnd::Cancelled,
                reused,
            });
        }
    }
    Ok(AbOutcome {
        job: job.id,
        end: ScanEnd::Done,
        reused,
    })
}

fn scan_side(
    path: &Path,
    rules: &ValidRules,
    job: u32,
    from: u64,
    to: u64,
    cancel: &AtomicBool,
    sink: impl FnMut(ScanEvent),
) -> Result<ScanEnd> {
    Ok(scan_under(path, rules, job, from, to, cancel, sink)?.end)
}

/// One changed seed: its summary under A and under B.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ChangedSeed {
    pub seed: u32,
    pub a: SeedSummary,
    pub b: SeedSummary,
}

/// Which rules a side used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SideRules {
    pub rules_id: String,
    pub rules_name: String,
}

impl SideRules {
    pub(crate) fn of(r: &ValidRules) -> Self {
        Self {
            rules_id: r.id().to_owned(),
            rules_name: r.name().to_owned(),
        }
    }
}

/// The A/B comparison of a stored range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AbReport {
    pub a: SideRules,
    pub b: SideRules,
    #[ts(type = "number")]
    pub from: u64,
    #[ts(type = "number")]
    pub to: u64,
    pub figures: AbFigures,
    /// The lowest changed seeds (at most [`MAX_LISTED_CHANGED`]), ascending;
    /// `figures.changed` counts them all.
    pub changed: Vec<ChangedSeed>,
}

/// Reads the stored rows of `from..to` under `rules`, `PAGE` at a time, seed
/// ascending, from seed `from` on.
fn page(state: &CatalogState, rules: &ValidRules, from: u64, to: u64) -> Result<Vec<SeedSummary>> {
    let q = SeedQuery {
        criteria: seeds_within(from, to - 1),
        sort: SortKey::Seed,
        limit: PAGE,
        ..SeedQuery::default()
    };
    Ok(state.with(|c| c.query(rules, &q))?.rows)
}

/// Calls `f` with each seed's rows under `a` and under `b` over `from..to` as
/// stored (both scanned in full: else `not_scanned`), seed ascending, a page at
/// a time: constant memory.
pub(crate) fn each_pair(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    mut f: impl FnMut(&SeedSummary, &SeedSummary),
) -> Result<()> {
    check_range(from, to)?;
    for rules in [a, b] {
        let n = stored(state, rules, from, to)?;
        if n != to - from {
            return Err(CatalogViewError::NotScanned {
                rules_id: rules.id().to_owned(),
                stored: n,
                total: to - from,
            });
        }
    }
    let mut next = from;
    while next < to {
        let (xs, ys) = (page(state, a, next, to)?, page(state, b, next, to)?);
        if xs.is_empty() || xs.len() != ys.len() {
            // Rows went away between the count and the read (another window).
            return Err(CatalogViewError::NotScanned {
                rules_id: a.id().to_owned(),
                stored: next - from,
                total: to - from,
            });
        }
        for (x, y) in xs.iter().zip(&ys) {
            f(x, y);
        }
        next = u64::from(xs[xs.len() - 1].seed) + 1;
    }
    Ok(())
}

/// Compares the range `from..to` as stored under `a` and `b` (both scanned in
/// full: else `not_scanned`), in constant memory.
pub fn compare(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
) -> Result<AbReport> {
    let mut totals = AbTotals::default();
    let mut changed = Vec::new();
    each_pair(state, a, b, from, to, |x, y| {
        if totals.add(x, y) && changed.len() < MAX_LISTED_CHANGED {
            changed.push(ChangedSeed {
                seed: x.seed,
                a: x.clone(),
                b: y.clone(),
            });
        }
    })?;
    Ok(AbReport {
        a: SideRules::of(a),
        b: SideRules::of(b),
        from,
        to,
        figures: totals.figures(),
        changed,
    })
}

/// Why the comparison could not be written as CSV.
#[derive(Debug, thiserror::Error)]
pub enum CsvFailure {
    #[error(transparent)]
    Catalog(#[from] CatalogViewError),
    #[error(transparent)]
    File(#[from] FileError),
}

impl From<CsvFailure> for crate::StudioError {
    fn from(e: CsvFailure) -> Self {
        match e {
            CsvFailure::Catalog(e) => e.into(),
            CsvFailure::File(e) => crate::exchange::ExchangeError::ExchangeIo(e).into(),
        }
    }
}

/// Writes the comparison of the stored range `from..to` as CSV at `path` (the
/// engine's `compare::CSV_HEADER` and one `csv_line` per seed, the bytes
/// `contraption compare A B FROM..TO --csv` writes), streamed a page at a time
/// through a temporary sibling renamed over `path` once complete (readers see
/// the old file or the whole new one; only a regular file is replaced). Returns
/// the rows written.
pub fn write_csv(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    path: &Path,
) -> std::result::Result<u64, CsvFailure> {
    check_range(from, to)?;
    for rules in [a, b] {
        let n = stored(state, rules, from, to)?;
        if n != to - from {
            return Err(CatalogViewError::NotScanned {
                rules_id: rules.id().to_owned(),
                stored: n,
                total: to - from,
            }
            .into());
        }
    }
    let mut w = contraption_io::AtomicFile::create(path)
        .map_err(|e| crate::files::file_error("write", path, e))?;
    let target = w.target().to_owned();
    let io = |e: std::io::Error| crate::files::file_error("write", &target, e);
    writeln!(w, "{}", contraption::compare::CSV_HEADER).map_err(io)?;
    let mut rows = 0;
    let mut next = from;
    while next < to {
        let (xs, ys) = (page(state, a, next, to)?, page(state, b, next, to)?);
        if xs.is_empty() || xs.len() != ys.len() {
            return Err(CatalogViewError::NotScanned {
                rules_id: a.id().to_owned(),
                stored: next - from,
                total: to - from,
            }
            .into());
        }
        for (x, y) in xs.iter().zip(&ys) {
            writeln!(w, "{}", contraption::compare::csv_line(x, y)).map_err(io)?;
            rows += 1;
        }
        next = u64::from(xs[xs.len() - 1].seed) + 1;
    }
    w.commit()
        .map_err(|e| crate::files::file_error("write", &target, e))?;
    Ok(rows)
}

/// A bookmark whose level would change between A and B.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChangedBookmark {
    #[ts(type = "number")]
    pub id: i64,
    pub seed: u32,
    pub note: String,
    pub a_hash: String,
    pub b_hash: String,
}

/// An upcoming daily level that would change between A and B.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChangedDay {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub seed: u32,
    pub a_hash: String,
    pub b_hash: String,
}

/// The bookmarks and upcoming daily levels whose shipped level differs between A
/// and B (generated in game mode, compared by level hash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct WouldChange {
    pub bookmarks_checked: u32,
    pub bookmarks: Vec<ChangedBookmark>,
    /// Today and the days after it.
    pub days_checked: u32,
    pub days: Vec<ChangedDay>,
}

fn shipped_hash(rules: &ValidRules, seed: u32) -> String {
    generate(rules, seed, &GenerateOptions::game())
        .shipped
        .level_hash
}

/// Which bookmarks and which of the `UPCOMING_DAYS` days from `today` change.
pub fn would_change(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    today: chrono::NaiveDate,
) -> Result<WouldChange> {
    let marks = state.with(|c| c.find_bookmarks(&BookmarkQuery::default()))?;
    let mut out = WouldChange {
        bookmarks_checked: marks.len() as u32,
        bookmarks: Vec::new(),
        days_checked: UPCOMING_DAYS,
        days: Vec::new(),
    };
    for m in marks {
        let (x, y) = (shipped_hash(a, m.seed), shipped_hash(b, m.seed));
        if x != y {
            out.bookmarks.push(ChangedBookmark {
                id: m.id,
                seed: m.seed,
                note: m.note,
                a_hash: x,
                b_hash: y,
            });
        }
    }
    out.bookmarks.sort_by_key(|m| (m.seed, m.id));
    for date in today.iter_days().take(UPCOMING_DAYS as usize) {
        let seed = contraption::daily_seed(date);
        let (x, y) = (shipped_hash(a, seed), shipped_hash(b, seed));
        if x != y {
            out.days.push(ChangedDay {
                date: date.format("%Y-%m-%d").to_string(),
                seed,
                a_hash: x,
                b_hash: y,
            });
        }
    }
    Ok(out)
}
