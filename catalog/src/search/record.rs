//! A searches row: what it holds, and how it is read back and checked.

use rusqlite::Row;
use serde::{Deserialize, Serialize};

use contraption::{Decided, SummaryKind, Totals};

use crate::error::CatalogError;
use crate::job::{check_position, Lease, Position, ScanState, StoredJob};

/// A search of seeds `from..to` (to excluded) for `criteria` under the rules
/// `rules_id`; seeds `from..next` are searched and `matches` of them met the
/// criteria. A [`SummaryKind::Full`] search's `totals` are the aggregates of
/// all of `from..next` (its `decided` empty); a [`SummaryKind::Fast`] one's
/// `decided` counts each seed of `from..next` by the stage that decided it
/// (its `totals` empty).
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
    pub summary: SummaryKind,
    pub totals: Totals,
    pub decided: Decided,
}

/// A searches row as stored, before it is trusted.
pub(crate) struct RawSearch {
    id: i64,
    criteria: String,
    rules_id: String,
    from: i64,
    to: i64,
    next: i64,
    matches: i64,
    state: String,
    totals: String,
    summary: String,
    decided: String,
    lease: Lease,
}

impl RawSearch {
    /// The row as a record, with its totals read and its numbers checked
    /// against each other: a job's position ([`check_position`]), totals (a
    /// full search's) or decided counts (a fast one's) of exactly the seeds
    /// searched and the other one empty, no more matches than seeds. Damaged
    /// data is an error, never a guess.
    fn check(&self) -> Result<(SearchRecord, Position), CatalogError> {
        let id = self.id;
        let at = check_position(
            &format!("search {id}"),
            (self.from, self.to, self.next),
            &self.state,
        )?;
        let totals: Totals = serde_json::from_str(&self.totals)
            .map_err(|e| CatalogError::damaged(format!("search {id}'s totals: {e}")))?;
        let summary = match self.summary.as_str() {
            "full" => SummaryKind::Full,
            "fast" => SummaryKind::Fast,
            other => {
                return Err(CatalogError::damaged(format!(
                    "search {id}'s summary kind {other:?}"
                )))
            }
        };
        let decided: Decided = serde_json::from_str(&self.decided)
            .map_err(|e| CatalogError::damaged(format!("search {id}'s decided counts: {e}")))?;
        let matches = u64::try_from(self.matches).ok();
        let searched = at.next - at.from;
        let counted = match summary {
            SummaryKind::Full => totals.seeds == searched && decided.is_empty(),
            SummaryKind::Fast => decided.seeds() == searched && totals == Totals::default(),
        };
        let consistent = counted && matches.is_some_and(|m| m <= searched);
        if !consistent {
            return Err(CatalogError::damaged(format!(
                "search {id}'s position, matches and totals disagree"
            )));
        }
        let record = SearchRecord {
            id,
            criteria: self.criteria.clone(),
            rules_id: self.rules_id.clone(),
            from: at.from,
            to: at.to,
            next: at.next,
            matches: matches.unwrap_or_default(),
            state: at.state,
            summary,
            totals,
            decided,
        };
        Ok((record, at))
    }
}

impl StoredJob for RawSearch {
    const TABLE: &'static str = "searches";
    const COLUMNS: &'static str = "id, criteria, rules_id, from_seed, to_seed, next_seed, \
     matches, state, totals, summary, decided, lease_owner, lease_until";
    type Record = SearchRecord;

    fn from_row(r: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(RawSearch {
            id: r.get(0)?,
            criteria: r.get(1)?,
            rules_id: r.get(2)?,
            from: r.get(3)?,
            to: r.get(4)?,
            next: r.get(5)?,
            matches: r.get(6)?,
            state: r.get(7)?,
            totals: r.get(8)?,
            summary: r.get(9)?,
            decided: r.get(10)?,
            lease: Lease::read(r, 11)?,
        })
    }

    fn checked(&self) -> Result<(SearchRecord, Position), CatalogError> {
        self.check()
    }

    fn lease(&self) -> &Lease {
        &self.lease
    }

    fn missing(id: i64) -> CatalogError {
        CatalogError::Invalid(format!("there is no search {id}"))
    }
}
