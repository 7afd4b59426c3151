//! Whole-range aggregates of seed summaries: what `contraption scan` and
//! `contraption search` print at the end of a range, added up row by row in
//! constant memory, and mergeable, so a range cut into pieces (chunks, a resumed
//! search, shards on other machines) adds up to the same figures.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::generate::summary::{SeedSummary, ShippedKind};

/// At most this many all-preSolved seeds are listed (all of them are counted).
pub const LISTED_ALL_PRE_SOLVED: usize = 100;

/// Counts over a set of seeds. Adding rows in any order and merging pieces in any
/// order give the same totals.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub seeds: u64,
    pub accepted: u64,
    pub fallback: u64,
    pub all_pre_solved: u64,
    /// Rejections over all attempts of all seeds.
    pub pre_solved_rejections: u64,
    pub no_single_ramp_rejections: u64,
    /// Attempts over all seeds.
    pub attempts: u64,
    /// Seeds per number of attempts.
    pub attempts_histogram: BTreeMap<u32, u64>,
    /// Seeds per number of solving placements of the shipped level.
    pub solving_histogram: BTreeMap<u32, u64>,
    /// The lowest all-preSolved seeds (at most [`LISTED_ALL_PRE_SOLVED`]), ascending.
    pub all_pre_solved_seeds: Vec<u32>,
}

/// Seeds that took some number of attempts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttemptsBucket {
    pub attempts: u32,
    pub seeds: u64,
}

/// Seeds whose shipped level some number of placements solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolvingBucket {
    pub solving: u32,
    pub seeds: u64,
}

/// The scan's summary, as `contraption scan` prints it (field order is output).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScanSummary {
    pub seeds: u64,
    pub accepted: u64,
    pub fallback: u64,
    pub fallback_rate: f64,
    pub all_pre_solved: u64,
    pub pre_solved_rejections: u64,
    pub no_single_ramp_rejections: u64,
    pub mean_attempts: f64,
    /// How many seeds took each number of attempts, by attempts ascending.
    pub attempts_histogram: Vec<AttemptsBucket>,
}

impl Totals {
    /// Adds one seed.
    pub fn add(&mut self, r: &SeedSummary) {
        self.seeds += 1;
        let accepted = r.shipped == ShippedKind::Accepted;
        self.fallback += u64::from(r.fallback);
        self.accepted += u64::from(accepted);
        self.pre_solved_rejections += u64::from(r.pre_solved);
        let swept_rejected = r.attempts - r.pre_solved - u32::from(accepted);
        self.no_single_ramp_rejections += u64::from(swept_rejected);
        if r.shipped == ShippedKind::AllPreSolved {
            self.all_pre_solved += 1;
            list_seed(&mut self.all_pre_solved_seeds, r.seed);
        }
        *self.attempts_histogram.entry(r.attempts).or_default() += 1;
        *self.solving_histogram.entry(r.solving).or_default() += 1;
        self.attempts += u64::from(r.attempts);
    }

    /// Adds another set of seeds (disjoint from this one).
    pub fn merge(&mut self, other: &Totals) {
        self.seeds += other.seeds;
        self.accepted += other.accepted;
        self.fallback += other.fallback;
        self.all_pre_solved += other.all_pre_solved;
        self.pre_solved_rejections += other.pre_solved_rejections;
        self.no_single_ramp_rejections += other.no_single_ramp_rejections;
        self.attempts += other.attempts;
        for (k, v) in &other.attempts_histogram {
            *self.attempts_histogram.entry(*k).or_default() += v;
        }
        for (k, v) in &other.solving_histogram {
            *self.solving_histogram.entry(*k).or_default() += v;
        }
        for &seed in &other.all_pre_solved_seeds {
            list_seed(&mut self.all_pre_solved_seeds, seed);
        }
    }

    /// The scan's summary of these seeds (rates are 0/0 = NaN → 0 for no seeds).
    pub fn summary(&self) -> ScanSummary {
        let per_seed = |n: u64| {
            if self.seeds == 0 {
                0.0
            } else {
                n as f64 / self.seeds as f64
            }
        };
        ScanSummary {
            seeds: self.seeds,
            accepted: self.accepted,
            fallback: self.fallback,
            fallback_rate: per_seed(self.fallback),
            all_pre_solved: self.all_pre_solved,
            pre_solved_rejections: self.pre_solved_rejections,
            no_single_ramp_rejections: self.no_single_ramp_rejections,
            mean_attempts: per_seed(self.attempts),
            attempts_histogram: self
                .attempts_histogram
                .iter()
                .map(|(&attempts, &seeds)| AttemptsBucket { attempts, seeds })
                .collect(),
        }
    }

    /// Seeds per number of solving placements, by solving ascending.
    pub fn solving_buckets(&self) -> Vec<SolvingBucket> {
        self.solving_histogram
            .iter()
            .map(|(&solving, &seeds)| SolvingBucket { solving, seeds })
            .collect()
    }
}

/// Keeps `seed` in the sorted list of the lowest [`LISTED_ALL_PRE_SOLVED`] seeds.
fn list_seed(list: &mut Vec<u32>, seed: u32) {
    if let Err(at) = list.binary_search(&seed) {
        if at < LISTED_ALL_PRE_SOLVED {
            list.insert(at, seed);
            list.truncate(LISTED_ALL_PRE_SOLVED);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::summary::summarize;
    use crate::rules::valid::ValidRules;

    #[test]
    fn pieces_merge_to_the_whole() {
        let rules = ValidRules::default();
        let rows: Vec<SeedSummary> = (0..300).map(|s| summarize(&rules, s)).collect();
        let mut whole = Totals::default();
        rows.iter().for_each(|r| whole.add(r));
        let mut merged = Totals::default();
        for piece in rows.chunks(77).rev() {
            let mut t = Totals::default();
            piece.iter().for_each(|r| t.add(r));
            merged.merge(&t);
        }
        assert_eq!(merged, whole);
        assert_eq!(whole.seeds, 300);
        assert_eq!(whole.solving_histogram.values().sum::<u64>(), 300);
        let s = whole.summary();
        assert_eq!(
            s.attempts_histogram.iter().map(|b| b.seeds).sum::<u64>(),
            300
        );
        assert!(s.mean_attempts >= 1.0);
    }

    #[test]
    fn the_listed_seeds_are_the_lowest() {
        let mut list = Vec::new();
        for seed in (0..500u32).rev() {
            list_seed(&mut list, seed * 3);
        }
        list_seed(&mut list, 3);
        assert_eq!(list.len(), LISTED_ALL_PRE_SOLVED);
        assert_eq!(list[..3], [0, 3, 6]);
        assert!(list.windows(2).all(|w| w[0] < w[1]));
    }
}
