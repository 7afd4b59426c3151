//! The daily calendar: every day of a month with its key, seed and shipped level.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::generate::summary::{summarize, SeedSummary};
use crate::rules::valid::ValidRules;
use crate::seed::seed::{daily_key, daily_seed};

/// One day of the calendar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DailyEntry {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub key: String,
    pub seed: u32,
    pub summary: SeedSummary,
    /// The shipped level is a fallback (no one-ramp solution was found).
    pub fallback: bool,
    /// Many sweep placements solve it (see `sweep.nearly_trivial_solving`).
    pub nearly_trivial: bool,
}

/// The daily entry of one UTC date under `rules`.
pub fn daily_entry(rules: &ValidRules, date: NaiveDate) -> DailyEntry {
    let seed = daily_seed(date);
    let summary = summarize(rules, seed);
    DailyEntry {
        date: date.format("%Y-%m-%d").to_string(),
        key: daily_key(date),
        seed,
        fallback: summary.fallback,
        nearly_trivial: summary.nearly_trivial(rules),
        summary,
    }
}

/// Every day of `year`-`month` (1 to 12) in order under `rules`; `None` for an
/// impossible month.
pub fn month(rules: &ValidRules, year: i32, month: u32) -> Option<Vec<DailyEntry>> {
    let first = NaiveDate::from_ymd_opt(year, month, 1)?;
    Some(
        first
            .iter_days()
            .take_while(|d| d.month() == month)
            .map(|d| daily_entry(rules, d))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_has_its_days_and_their_daily_seeds() {
        let rules = ValidRules::default();
        let july = month(&rules, 2026, 7).unwrap();
        assert_eq!(july.len(), 31);
        assert_eq!(july[27].key, "contraption:2026-7-28");
        assert_eq!(july[27].seed, 176_112_159);
        assert_eq!(july[27].date, "2026-07-28");
        assert_eq!(month(&rules, 2028, 2).unwrap().len(), 29);
        assert!(month(&rules, 2026, 13).is_none());
    }
}
