//! The comparison of a range as stored under A and B: the engine's figures and
//! the seeds whose shipped level changed.

use contraption::{AbFigures, AbTotals, SeedSummary, ValidRules};
use contraption_catalog::{SeedQuery, SortKey};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::{check_range, CatalogState, CatalogViewError};

use super::{seeds_within, Result, PAGE};
use super::{stored, MAX_LISTED_CHANGED};

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

/// Whether `from..to` is stored in full under `a` and under `b` (else `not_scanned`).
pub(super) fn check_both_stored(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
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
    Ok(())
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
    try_each_pair(state, a, b, from, to, |x, y| {
        f(x, y);
        Ok(())
    })
}

/// [`each_pair`] with an `f` that can fail: the first failure stops the reading.
pub(super) fn try_each_pair<E: From<CatalogViewError>>(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    mut f: impl FnMut(&SeedSummary, &SeedSummary) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    check_both_stored(state, a, b, from, to)?;
    let mut next = from;
    while next < to {
        let (xs, ys) = (page(state, a, next, to)?, page(state, b, next, to)?);
        if xs.is_empty() || xs.len() != ys.len() {
            // Rows went away between the count and the read (another window).
            return Err(CatalogViewError::NotScanned {
                rules_id: a.id().to_owned(),
                stored: next - from,
                total: to - from,
            }
            .into());
        }
        for (x, y) in xs.iter().zip(&ys) {
            f(x, y)?;
        }
        next = u64::from(xs[xs.len() - 1].seed) + 1;
    }
    Ok(())
}

/// Compares the range `from..to` as stored under `a` and `b` (both scanned in
/// full: else `not_scanned`), in constant memory.
pub fn report(
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
