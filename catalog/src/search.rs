//! Searches: every seed of a range (up to the whole space) summarised, the ones
//! that meet some criteria kept in the catalog (their rows in `seeds`, linked to
//! the search in `search_matches`), and the range's totals added up batch by
//! batch. Each batch is committed with the search's new position, its match
//! count and its totals in one transaction, so a cancelled or killed search
//! continues from there and ends with the same matches and totals as one that
//! never stopped. Memory stays flat whatever the range. Two runners of one
//! search (two windows, or processes) share it: a batch is committed only if the
//! search is still where its runner read it, so each part is counted once and
//! the position never steps back; the runner that lost the race carries on from
//! the newer position.
//!
//! The batch step ([`search_batch`]) is the one `contraption search` runs too.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use rusqlite::{params, OptionalExtension, Row, TransactionBehavior};
use serde::{Deserialize, Serialize};

use contraption::{summarize_until, Criteria, SeedSummary, Totals, ValidRules};

use crate::error::CatalogError;
use crate::scan::{ScanEnd, ScanState};
use crate::seeds::put_rows;
use crate::store::Catalog;

/// Seeds summarised on all cores between two looks at the cancel flag and two
/// commits (or, in the CLI, two flushes and two checkpoints).
pub const SEARCH_BATCH: u64 = 4096;

/// Seeds are `u32`: a range ends at most here (excluded).
const SEED_END: u64 = 1 << 32;

/// Summarises `start..end` under `rules` on all cores, adds every row to
/// `totals`, and returns the rows that meet `criteria`, in seed order. `None`
/// (and `totals` untouched) when `cancel` is set meanwhile: each seed's summary
/// looks at it between simulations, so a cancel is heard within one simulation
/// however slow the rules.
pub fn search_batch(
    rules: &ValidRules,
    criteria: &Criteria,
    start: u64,
    end: u64,
    totals: &mut Totals,
    cancel: &AtomicBool,
) -> Option<Vec<SeedSummary>> {
    let rows: Vec<SeedSummary> = (start..end)
        .into_par_iter()
        .map(|s| summarize_until(rules, s as u32, || cancel.load(Ordering::Relaxed)))
        .collect::<Option<_>>()?;
    let mut matches = Vec::new();
    for row in rows {
        totals.add(&row);
        if criteria.matches(&row) {
            matches.push(row);
        }
    }
    Some(matches)
}

/// A search of seeds `from..to` (to excluded) for `criteria` under the rules
/// `rules_id`; seeds `from..next` are searched, `matches` of them met the
/// criteria, and `totals` are the aggregates of all of `from..next`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRecord {
    pub id: i64,
    /// Canonical text.
    pub criteria: String,
    pub rules_id: String,
    pub from: u64,
    pub to: u64,
    pub next: u64,
    pub matches: u64,
    pub state: ScanState,
    pub totals: Totals,
}

const SEARCH_COLUMNS: &str =
    "id, criteria, rules_id, from_seed, to_seed, next_seed, matches, state, totals";

fn state_name(s: ScanState) -> &'static str {
    match s {
        ScanState::Running => "running",
        ScanState::Cancelled => "cancelled",
        ScanState::Done => "done",
    }
}

fn read_search(r: &Row<'_>) -> rusqlite::Result<(SearchRecord, String)> {
    let state: String = r.get(7)?;
    let totals: String = r.get(8)?;
    let state = match state.as_str() {
        "running" => ScanState::Running,
        "cancelled" => ScanState::Cancelled,
        "done" => ScanState::Done,
        other => {
            return Err(rusqlite::Error::FromSqlConversionFailure(
                7,
                rusqlite::types::Type::Text,
                format!("{other:?} is not a search state").into(),
            ))
        }
    };
    Ok((
        SearchRecord {
            id: r.get(0)?,
            criteria: r.get(1)?,
            rules_id: r.get(2)?,
            from: r.get(3)?,
            to: r.get(4)?,
            next: r.get(5)?,
            matches: r.get(6)?,
            state,
            totals: Totals::default(),
        },
        totals,
    ))
}

/// A stored search, with its totals read and its numbers checked against each
/// other: damaged data is an error, never a guess.
fn validate((mut s, totals): (SearchRecord, String)) -> Result<SearchRecord, CatalogError> {
    s.totals = serde_json::from_str(&totals).map_err(|e| {
        CatalogError::Database(format!("search {}'s totals are damaged: {e}", s.id))
    })?;
    let consistent = s.from < s.to
        && s.to <= SEED_END
        && (s.from..=s.to).contains(&s.next)
        && s.totals.seeds == s.next - s.from
        && s.matches <= s.totals.seeds;
    if !consistent {
        return Err(CatalogError::Database(format!(
            "search {} is damaged (its position, matches and totals disagree)",
            s.id
        )));
    }
    Ok(s)
}

impl Catalog {
    /// Starts a search of `from..to` for `criteria` under `rules`, or returns the
    /// unfinished one of the same criteria, rules and range (to continue it).
    pub fn begin_search(
        &mut self,
        rules: &ValidRules,
        criteria: &Criteria,
        from: u64,
        to: u64,
    ) -> Result<SearchRecord, CatalogError> {
        if !(from < to && to <= SEED_END) {
            return Err(CatalogError::Invalid(format!(
                "a search needs FROM < TO ≤ 4294967296 (TO excluded); got {from}..{to}"
            )));
        }
        let text = criteria.to_string();
        let existing: Option<i64> = self
            .conn
            .query_row(
                "SELECT id FROM searches WHERE criteria = ?1 AND rules_id = ?2 AND from_seed = ?3 \
                 AND to_seed = ?4 AND state <> 'done' ORDER BY id DESC LIMIT 1",
                params![text, rules.id(), from, to],
                |r| r.get(0),
            )
            .optional()?;
        let id = match existing {
            Some(id) => id,
            None => {
                let totals = serde_json::to_string(&Totals::default())
                    .map_err(|e| CatalogError::Database(e.to_string()))?;
                self.conn.execute(
                    "INSERT INTO searches (criteria, rules_id, from_seed, to_seed, next_seed, \
                     matches, state, totals, created_at) VALUES (?1, ?2, ?3, ?4, ?3, 0, 'running', ?5, ?6)",
                    params![
                        text,
                        rules.id(),
                        from,
                        to,
                        totals,
                        chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                    ],
                )?;
                self.conn.last_insert_rowid()
            }
        };
        self.search(id)
    }

    /// One search.
    pub fn search(&self, id: i64) -> Result<SearchRecord, CatalogError> {
        let raw = self
            .conn
            .query_row(
                &format!("SELECT {SEARCH_COLUMNS} FROM searches WHERE id = ?1"),
                params![id],
                read_search,
            )
            .optional()?
            .ok_or_else(|| CatalogError::Invalid(format!("there is no search {id}")))?;
        validate(raw)
    }

    /// Every search, newest first.
    pub fn searches(&self) -> Result<Vec<SearchRecord>, CatalogError> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {SEARCH_COLUMNS} FROM searches ORDER BY id DESC"
        ))?;
        let rows = stmt.query_map([], read_search)?;
        let mut out = Vec::new();
        for raw in rows {
            out.push(validate(raw?)?);
        }
        Ok(out)
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
    /// `rules` (the search's own: other rules are refused); its matching rows,
    /// their links to the search, and the search's new position, match count
    /// and totals are committed in one transaction; `progress` is called after
    /// each (and once before the first).
    pub fn run_search(
        &mut self,
        rules: &ValidRules,
        id: i64,
        cancel: &AtomicBool,
        mut progress: impl FnMut(&SearchRecord),
    ) -> Result<ScanEnd, CatalogError> {
        let mut s = self.search(id)?;
        if s.rules_id != rules.id() {
            return Err(CatalogError::Invalid(format!(
                "search {id} is under the rules with id {}, not these rules ({})",
                s.rules_id,
                rules.id()
            )));
        }
        let criteria = contraption::parse_criteria(&s.criteria).map_err(|e| {
            CatalogError::Database(format!("search {id}'s criteria are damaged: {e}"))
        })?;
        progress(&s);
        while s.next < s.to {
            if cancel.load(Ordering::Relaxed) {
                self.set_search_state(id, ScanState::Cancelled)?;
                return Ok(ScanEnd::Cancelled);
            }
            let end = (s.next + SEARCH_BATCH).min(s.to);
            let mut totals = s.totals.clone();
            let Some(found) = search_batch(rules, &criteria, s.next, end, &mut totals, cancel)
            else {
                self.set_search_state(id, ScanState::Cancelled)?;
                return Ok(ScanEnd::Cancelled);
            };
            let state = if end == s.to {
                ScanState::Done
            } else {
                ScanState::Running
            };
            let totals_text = serde_json::to_string(&totals)
                .map_err(|e| CatalogError::Database(e.to_string()))?;
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            let stored: i64 =
                tx.query_row("SELECT next_seed FROM searches WHERE id = ?1", [id], |r| {
                    r.get(0)
                })?;
            if stored != s.next as i64 {
                // Another runner of this search (another window or process) committed
                // this part first: drop this batch and carry on from where it got to.
                drop(tx);
                s = self.search(id)?;
                progress(&s);
                continue;
            }
            put_rows(&tx, &s.rules_id, &found)?;
            {
                let mut link = tx.prepare_cached(
                    "INSERT OR IGNORE INTO search_matches (search_id, seed) VALUES (?1, ?2)",
                )?;
                for row in &found {
                    link.execute(params![id, row.seed])?;
                }
            }
            let matches = s.matches + found.len() as u64;
            tx.execute(
                "UPDATE searches SET next_seed = ?2, matches = ?3, totals = ?4, state = ?5 WHERE id = ?1",
                params![id, end, matches, totals_text, state_name(state)],
            )?;
            tx.commit()?;
            s.next = end;
            s.matches = matches;
            s.totals = totals;
            s.state = state;
            progress(&s);
        }
        if s.state != ScanState::Done {
            // An empty rest (e.g. resumed at the end): done all the same.
            self.set_search_state(id, ScanState::Done)?;
        }
        Ok(ScanEnd::Done)
    }

    fn set_search_state(&mut self, id: i64, state: ScanState) -> Result<(), CatalogError> {
        self.conn.execute(
            "UPDATE searches SET state = ?2 WHERE id = ?1",
            params![id, state_name(state)],
        )?;
        Ok(())
    }
}
