//! Scanned seeds: storing summaries, filtering and sorting them, statistics.

use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Row, Transaction};
use serde::{Deserialize, Serialize};

use contraption::{Criteria, Inventory, SeedSummary, ShippedKind, ValidRules};

use crate::criteria_sql::criteria_sql;
use crate::error::CatalogError;
use crate::store::Catalog;

/// A stored seed: the engine's summary of it (under the rules it was asked for:
/// rows are stored and read per rules id).
pub type SeedRow = SeedSummary;

/// What the browser sorts by (filtering is the engine's criteria language:
/// [`Criteria`], compiled to SQL by [`crate::criteria_sql`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SortKey {
    Seed,
    Attempts,
    Fallback,
    PreSolved,
    Solving,
    Walls,
    Ramps,
    Fans,
    Bumpers,
    RulesVersion,
}

impl SortKey {
    fn sql(self) -> &'static str {
        match self {
            SortKey::Seed => "seed",
            SortKey::Attempts => "attempts",
            SortKey::Fallback => "fallback",
            SortKey::PreSolved => "pre_solved",
            SortKey::Solving => "solving",
            SortKey::Walls => "walls",
            SortKey::Ramps => "ramps",
            SortKey::Fans => "fans",
            SortKey::Bumpers => "bumpers",
            SortKey::RulesVersion => "rules_version",
        }
    }
}

/// Which rows, in which order, which page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedQuery {
    /// The rows kept (the empty criteria keep every row).
    pub criteria: Criteria,
    /// Only the seeds this search found (its matches), when set.
    pub search: Option<i64>,
    pub sort: SortKey,
    pub descending: bool,
    pub offset: u32,
    /// At most 1000.
    pub limit: u32,
}

impl Default for SeedQuery {
    fn default() -> Self {
        Self {
            criteria: Criteria::everything(),
            search: None,
            sort: SortKey::Seed,
            descending: false,
            offset: 0,
            limit: 100,
        }
    }
}

/// A page of rows and how many rows match in all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeedPage {
    /// The criteria the rows meet, in canonical text (empty: every row).
    pub criteria: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
    pub offset: u32,
    pub rows: Vec<SeedRow>,
}

/// Statistics over the rows that meet some criteria.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stats {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seeds: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub accepted: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub fallback: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub all_pre_solved: u64,
    pub fallback_rate: f64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub pre_solved_rejections: u64,
    /// `[attempts, seeds]`, attempts ascending.
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub attempts_histogram: Vec<[u64; 2]>,
    /// `[solving placements, seeds]`, ascending.
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub solving_histogram: Vec<[u64; 2]>,
    /// For each sweep placement (144 under the default rules), how many seeds it
    /// solves.
    #[cfg_attr(feature = "ts", ts(type = "Array<number>"))]
    pub placement_solves: Vec<u64>,
}

/// The rows of one rules id that meet the criteria (and that a search found).
fn where_clause(rules_id: &str, criteria: &Criteria, search: Option<i64>) -> (String, Vec<Value>) {
    let mut values = vec![Value::Text(rules_id.to_owned())];
    let mut clause = format!(" WHERE rules_id = ? AND ({})", criteria_sql(criteria));
    if let Some(id) = search {
        clause.push_str(" AND seed IN (SELECT seed FROM search_matches WHERE search_id = ?)");
        values.push(Value::Integer(id));
    }
    (clause, values)
}

const ROW_COLUMNS: &str = "seed, rules_version, shipped, attempts, fallback, pre_solved, solving, \
     solving_mask, walls, ramps, fans, bumpers, level_hash, gears";

/// A stored `shipped` name; anything else is damaged data, not a guess.
fn shipped_kind(r: &Row<'_>, column: usize) -> rusqlite::Result<ShippedKind> {
    let shipped: String = r.get(column)?;
    match shipped.as_str() {
        "accepted" => Ok(ShippedKind::Accepted),
        "fallback" => Ok(ShippedKind::Fallback),
        "all_pre_solved" => Ok(ShippedKind::AllPreSolved),
        other => Err(rusqlite::Error::FromSqlConversionFailure(
            column,
            rusqlite::types::Type::Text,
            format!("{other:?} is not a way a level ships").into(),
        )),
    }
}

fn read_row(r: &Row<'_>) -> rusqlite::Result<SeedRow> {
    Ok(SeedSummary {
        seed: r.get(0)?,
        rules_version: r.get(1)?,
        shipped: shipped_kind(r, 2)?,
        attempts: r.get(3)?,
        fallback: r.get(4)?,
        pre_solved: r.get(5)?,
        solving: r.get(6)?,
        solving_mask: r.get(7)?,
        walls: r.get(8)?,
        inventory: Inventory {
            ramp: r.get(9)?,
            fan: r.get(10)?,
            bumper: r.get(11)?,
            gear: r.get(13)?,
        },
        level_hash: r.get(12)?,
    })
}

/// Inserts or replaces rows of the rules `rules_id` inside a transaction.
pub(crate) fn put_rows(
    tx: &Transaction<'_>,
    rules_id: &str,
    rows: &[SeedRow],
) -> Result<(), CatalogError> {
    let mut stmt = tx.prepare_cached(&format!(
        "INSERT OR REPLACE INTO seeds ({ROW_COLUMNS}, rules_id) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)"
    ))?;
    for r in rows {
        stmt.execute(params![
            r.seed,
            r.rules_version,
            r.shipped.name(),
            r.attempts,
            r.fallback,
            r.pre_solved,
            r.solving,
            r.solving_mask,
            r.walls,
            r.inventory.ramp,
            r.inventory.fan,
            r.inventory.bumper,
            r.level_hash,
            r.inventory.gear,
            rules_id,
        ])?;
    }
    Ok(())
}

impl Catalog {
    /// Stores rows summarised under `rules` in one transaction.
    pub fn put_seeds(&mut self, rules: &ValidRules, rows: &[SeedRow]) -> Result<(), CatalogError> {
        let tx = self.conn.transaction()?;
        put_rows(&tx, rules.id(), rows)?;
        tx.commit()?;
        Ok(())
    }

    /// Rows stored under any rules (a seed stored under two rule sets counts twice).
    pub fn row_count(&self) -> Result<u64, CatalogError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM seeds", [], |r| r.get(0))?;
        Ok(n.max(0) as u64)
    }

    /// One stored seed of `rules`.
    pub fn seed(&self, rules: &ValidRules, seed: u32) -> Result<Option<SeedRow>, CatalogError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {ROW_COLUMNS} FROM seeds WHERE rules_id = ?1 AND seed = ?2"
        ))?;
        let mut rows = stmt.query_map(params![rules.id(), seed], read_row)?;
        Ok(rows.next().transpose()?)
    }

    /// A sorted, filtered page of the seeds stored under `rules`.
    pub fn query(&self, rules: &ValidRules, q: &SeedQuery) -> Result<SeedPage, CatalogError> {
        if q.limit > 1000 {
            return Err(CatalogError::Invalid(
                "a page holds at most 1000 rows".into(),
            ));
        }
        let (clause, values) = where_clause(rules.id(), &q.criteria, q.search);
        let total: i64 = self.conn.query_row(
            &format!("SELECT count(*) FROM seeds{clause}"),
            params_from_iter(values.iter()),
            |r| r.get(0),
        )?;
        let order = if q.descending { "DESC" } else { "ASC" };
        // Ties are broken by seed, so the order is total and stable across pages.
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM seeds{clause} ORDER BY {} {order}, seed {order} LIMIT {} OFFSET {}",
            q.sort.sql(),
            q.limit,
            q.offset
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt
            .query_map(params_from_iter(values.iter()), read_row)?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SeedPage {
            criteria: if q.criteria.is_everything() {
                String::new()
            } else {
                q.criteria.to_string()
            },
            total: total.max(0) as u64,
            offset: q.offset,
            rows,
        })
    }

    /// Statistics over the rows stored under `rules` that meet `criteria`.
    pub fn stats(&self, rules: &ValidRules, criteria: &Criteria) -> Result<Stats, CatalogError> {
        let (clause, values) = where_clause(rules.id(), criteria, None);
        let mut stats = Stats {
            seeds: 0,
            accepted: 0,
            fallback: 0,
            all_pre_solved: 0,
            fallback_rate: 0.0,
            pre_solved_rejections: 0,
            attempts_histogram: Vec::new(),
            solving_histogram: Vec::new(),
            placement_solves: vec![0; rules.sweep.size()],
        };
        let mut attempts = std::collections::BTreeMap::<u64, u64>::new();
        let mut solving = std::collections::BTreeMap::<u64, u64>::new();
        let mut stmt = self.conn.prepare(&format!(
            "SELECT shipped, attempts, pre_solved, solving, solving_mask FROM seeds{clause}"
        ))?;
        let mut rows = stmt.query(params_from_iter(values.iter()))?;
        while let Some(r) = rows.next()? {
            stats.seeds += 1;
            match shipped_kind(r, 0)? {
                ShippedKind::Accepted => stats.accepted += 1,
                ShippedKind::Fallback => stats.fallback += 1,
                ShippedKind::AllPreSolved => {
                    stats.fallback += 1;
                    stats.all_pre_solved += 1;
                }
            }
            // Read as u32: a negative count is damaged data, not 2^64 - n.
            *attempts.entry(u64::from(r.get::<_, u32>(1)?)).or_default() += 1;
            stats.pre_solved_rejections += u64::from(r.get::<_, u32>(2)?);
            *solving.entry(u64::from(r.get::<_, u32>(3)?)).or_default() += 1;
            let mask: Vec<u8> = r.get(4)?;
            for (i, count) in stats.placement_solves.iter_mut().enumerate() {
                if mask.get(i / 8).is_some_and(|b| b & (1 << (i % 8)) != 0) {
                    *count += 1;
                }
            }
        }
        stats.fallback_rate = if stats.seeds == 0 {
            0.0
        } else {
            stats.fallback as f64 / stats.seeds as f64
        };
        stats.attempts_histogram = attempts.into_iter().map(|(a, n)| [a, n]).collect();
        stats.solving_histogram = solving.into_iter().map(|(s, n)| [s, n]).collect();
        Ok(stats)
    }
}
