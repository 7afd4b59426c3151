//! Searches: every seed of a range (up to the whole space) decided, the ones
//! that meet some criteria kept in the catalog (their rows in `seeds`, linked to
//! the search in `search_matches`), and what the search adds up over the range
//! counted batch by batch: a full search's totals (every seed summarised), or
//! a fast search's seeds decided at each stage (the staged search: the least
//! work that gives the same matches). Each batch is committed with the
//! search's new position, its match count and its totals and decided counts in
//! one transaction, so a cancelled or killed search continues from there and
//! ends with the same matches, totals and decided counts as one that never
//! stopped. Memory stays flat whatever the range. A search is a job
//! ([`crate::job`]): two runners of one search (two windows, or processes)
//! share it, one holding its lease and doing the work, the other waiting for
//! it, so each batch is computed and counted once.
//!
//! The batch step ([`search_batch`]) is the one `contraption search` runs too.

mod record;

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use rusqlite::{params, OptionalExtension, Transaction};

use contraption::{
    search_seed, summarize_until, Criteria, Decided, Decision, SeedRange, SeedSummary, SummaryKind,
    Totals, ValidRules,
};

use crate::error::CatalogError;
use crate::job::{self, Job, JobEvent, JobRun, ScanEnd, ScanState};
use crate::seeds::put_rows;
use crate::store::Catalog;

use record::RawSearch;
pub use record::SearchRecord;

/// Seeds summarised on all cores between two looks at the cancel flag and two
/// commits (or, in the CLI, two flushes and two checkpoints).
pub const SEARCH_BATCH: u64 = 4096;

/// Searches `start..end` under `rules` on all cores and returns the rows that
/// meet `criteria`, in seed order. With [`SummaryKind::Full`] every seed is
/// summarised and added to `totals`; with [`SummaryKind::Fast`] each seed is
/// decided by the staged search ([`search_seed`]: the least work that gives
/// the same answer) and counted in `decided` by the stage that decided it —
/// the same matches either way. `None` (and `totals` and `decided` untouched)
/// when `cancel` is set meanwhile: each seed looks at it between simulations,
/// so a cancel is heard within one simulation however slow the rules.
pub fn search_batch(
    rules: &ValidRules,
    criteria: &Criteria,
    summary: SummaryKind,
    span: Range<u64>,
    totals: &mut Totals,
    decided: &mut Decided,
    cancel: &AtomicBool,
) -> Option<Vec<SeedSummary>> {
    let stop = || cancel.load(Ordering::Relaxed);
    let mut matches = Vec::new();
    match summary {
        SummaryKind::Full => {
            let rows: Vec<SeedSummary> = span
                .into_par_iter()
                .map(|s| summarize_until(rules, s as u32, stop))
                .collect::<Option<_>>()?;
            for row in rows {
                totals.add(&row);
                if criteria.matches(&row) {
                    matches.push(row);
                }
            }
        }
        SummaryKind::Fast => {
            let found: Vec<Decision> = span
                .into_par_iter()
                .map(|s| search_seed(rules, s as u32, criteria, stop))
                .collect::<Option<_>>()?;
            for d in found {
                decided.add(d.stage);
                matches.extend(d.row);
            }
        }
    }
    Some(matches)
}

/// A search as a job: its batches through [`search_batch`] under its rules.
struct SearchJob<'a> {
    rules: &'a ValidRules,
    criteria: Criteria,
    summary: SummaryKind,
}

impl Job for SearchJob<'_> {
    type Record = SearchRecord;
    type Stored = RawSearch;
    /// The batch's matching rows, and the totals (full) or the decided counts
    /// (fast) of all of its seeds.
    type Step = (Vec<SeedSummary>, Totals, Decided);
    type Progress = SearchRecord;
    const STEP: u64 = SEARCH_BATCH;

    fn progress(record: &SearchRecord) -> SearchRecord {
        record.clone()
    }

    fn compute(&self, span: Range<u64>, cancel: &AtomicBool) -> Option<Self::Step> {
        let (mut totals, mut decided) = (Totals::default(), Decided::default());
        let found = search_batch(
            self.rules,
            &self.criteria,
            self.summary,
            span,
            &mut totals,
            &mut decided,
            cancel,
        )?;
        Some((found, totals, decided))
    }

    /// The batch's matching rows, their links to the search, and the search's
    /// new position, match count, totals and decided counts (done with its
    /// last batch).
    fn store(
        &self,
        tx: &Transaction<'_>,
        s: &SearchRecord,
        span: Range<u64>,
        (found, batch, batch_decided): Self::Step,
    ) -> Result<SearchRecord, CatalogError> {
        put_rows(tx, &s.rules_id, &found)?;
        {
            let mut link = tx.prepare_cached(
                "INSERT OR IGNORE INTO search_matches (search_id, seed) VALUES (?1, ?2)",
            )?;
            for row in &found {
                link.execute(params![s.id, row.seed])?;
            }
        }
        let mut totals = s.totals.clone();
        totals.merge(&batch);
        let mut decided = s.decided;
        decided.merge(&batch_decided);
        let (totals_text, decided_text) = (json(&totals)?, json(&decided)?);
        let matches = s.matches + found.len() as u64;
        let state = if span.end == s.to {
            ScanState::Done
        } else {
            ScanState::Running
        };
        tx.execute(
            "UPDATE searches SET next_seed = ?2, matches = ?3, totals = ?4, decided = ?5, \
             state = ?6 WHERE id = ?1",
            params![
                s.id,
                span.end,
                matches,
                totals_text,
                decided_text,
                state.as_str()
            ],
        )?;
        Ok(SearchRecord {
            next: span.end,
            matches,
            state,
            totals,
            decided,
            ..s.clone()
        })
    }
}

/// A record's figures as the JSON text its row holds.
fn json(value: &impl serde::Serialize) -> Result<String, CatalogError> {
    serde_json::to_string(value).map_err(|e| CatalogError::Database(e.to_string()))
}

impl Catalog {
    /// Starts a search of `from..to` for `criteria` under `rules` adding up
    /// `summary` (see [`SearchRecord`]), or returns the unfinished one of the
    /// same criteria, rules, range and summary kind (to continue it: a search
    /// of another kind is another search). Looking and creating are one
    /// transaction, so two processes starting the same search share one.
    pub fn begin_search(
        &mut self,
        rules: &ValidRules,
        criteria: &Criteria,
        summary: SummaryKind,
        from: u64,
        to: u64,
    ) -> Result<SearchRecord, CatalogError> {
        if SeedRange::new(from, to).is_err() {
            return Err(CatalogError::Invalid(format!(
                "a search needs FROM < TO ≤ 4294967296 (TO excluded); got {from}..{to}"
            )));
        }
        let text = criteria.to_string();
        let id = job::find_or_start(
            &mut self.conn,
            |tx| {
                Ok(tx
                    .query_row(
                        "SELECT id FROM searches WHERE criteria = ?1 AND rules_id = ?2 \
                         AND from_seed = ?3 AND to_seed = ?4 AND summary = ?5 \
                         AND state <> ?6 ORDER BY id DESC LIMIT 1",
                        params![
                            text,
                            rules.id(),
                            from,
                            to,
                            summary.name(),
                            ScanState::Done.as_str()
                        ],
                        |r| r.get(0),
                    )
                    .optional()?)
            },
            |tx| {
                let totals = json(&Totals::default())?;
                let decided = json(&Decided::default())?;
                tx.execute(
                    "INSERT INTO searches (criteria, rules_id, from_seed, to_seed, next_seed, \
                     matches, state, totals, summary, decided, created_at) \
                     VALUES (?1, ?2, ?3, ?4, ?3, 0, ?5, ?6, ?7, ?8, ?9)",
                    params![
                        text,
                        rules.id(),
                        from,
                        to,
                        ScanState::Running.as_str(),
                        totals,
                        summary.name(),
                        decided,
                        chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                    ],
                )?;
                Ok(tx.last_insert_rowid())
            },
        )?;
        self.search(id)
    }

    /// One search. A row that breaks the catalog's rules is reported as
    /// damaged, not trusted.
    pub fn search(&self, id: i64) -> Result<SearchRecord, CatalogError> {
        job::one::<RawSearch>(&self.conn, id)
    }

    /// Every search, newest first.
    pub fn searches(&self) -> Result<Vec<SearchRecord>, CatalogError> {
        job::all::<RawSearch>(&self.conn)
    }

    /// The ids of the unfinished searches a runner holds now, as
    /// [`Catalog::held_scans`] for scans.
    pub fn held_searches(&self) -> Result<Vec<i64>, CatalogError> {
        job::held::<RawSearch>(&self.conn)
    }

    /// The seeds a search found so far, in seed order.
    pub fn search_matches(&self, id: i64) -> Result<Vec<u32>, CatalogError> {
        let mut stmt = self
            .conn
            .prepare("SELECT seed FROM search_matches WHERE search_id = ?1 ORDER BY seed")?;
        let seeds = stmt
            .query_map(params![id], |r| r.get(0))?
            .collect::<Result<Vec<u32>, _>>()?;
        Ok(seeds)
    }

    /// Runs (or continues) a search until its range is done or `cancel` is set.
    /// Each batch of [`SEARCH_BATCH`] seeds goes through [`search_batch`] under
    /// `rules` (the search's own: other rules are refused) and the search's
    /// summary kind; its matching rows, their links to the search, and the
    /// search's new position, match count, totals and decided counts are
    /// committed in one transaction; `progress` is called after
    /// each (and once before the first). When another runner holds the search,
    /// this one waits for it (see the module).
    pub fn run_search(
        &mut self,
        rules: &ValidRules,
        id: i64,
        cancel: &AtomicBool,
        progress: impl FnMut(&SearchRecord),
    ) -> Result<ScanEnd, CatalogError> {
        self.run_search_reporting(rules, id, cancel, job::progress_only(progress))
            .map(|run| run.end)
    }

    /// [`Catalog::run_search`], also saying when it waits for another runner
    /// and how many seeds it searched itself. The search is reported once
    /// before its lease is asked for, then whenever its position moves.
    pub fn run_search_reporting(
        &mut self,
        rules: &ValidRules,
        id: i64,
        cancel: &AtomicBool,
        mut on: impl FnMut(JobEvent<SearchRecord>),
    ) -> Result<JobRun, CatalogError> {
        let s = self.search(id)?;
        if s.rules_id != rules.id() {
            return Err(CatalogError::Invalid(format!(
                "search {id} is under the rules with id {}, not these rules ({})",
                s.rules_id,
                rules.id()
            )));
        }
        let criteria = contraption::parse_criteria(&s.criteria)
            .map_err(|e| CatalogError::damaged(format!("search {id}'s criteria: {e}")))?;
        let mut reported = s.next;
        let job = SearchJob {
            rules,
            criteria,
            summary: s.summary,
        };
        on(JobEvent::Progress(s));
        job::run(self, &job, id, cancel, &mut |event| match event {
            JobEvent::Progress(s) if s.next == reported => {}
            JobEvent::Progress(s) => {
                reported = s.next;
                on(JobEvent::Progress(s))
            }
            waiting => on(waiting),
        })
    }
}
