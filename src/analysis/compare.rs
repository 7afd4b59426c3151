//! A/B comparison of two rule sets over a seed range: each seed's summary under
//! rules A and under rules B, added up pair by pair in constant memory into the
//! side-by-side figures `contraption compare` prints and the studio's A/B view
//! shows, with the difference called out (B − A, and relative to A).
//!
//! The one definition of every figure:
//! - **fallback rate**: seeds that shipped the fallback (`SeedSummary::fallback`)
//!   over seeds — the `fallback_rate` of `contraption scan`;
//! - **preSolved share**: candidates rejected as preSolved over all candidates
//!   drawn (attempts);
//! - **no-solution share**: seeds whose shipped level no placement of the sweep
//!   solves (`solving == 0`) over seeds;
//! - **changed**: seeds whose shipped level differs, by the level hash (the
//!   SHA-256 of the level's canonical bytes).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::analysis::totals::Totals;
use crate::generate::summary::SeedSummary;

/// One side's counts beyond [`Totals`]: walls and inventory distributions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideTotals {
    pub totals: Totals,
    /// Seeds per number of walls of the shipped level.
    pub walls: BTreeMap<u32, u64>,
    /// Seeds per number of ramps, fans, bumpers and gears in the inventory.
    pub ramps: BTreeMap<u32, u64>,
    pub fans: BTreeMap<u32, u64>,
    pub bumpers: BTreeMap<u32, u64>,
    pub gears: BTreeMap<u32, u64>,
}

impl SideTotals {
    pub fn add(&mut self, r: &SeedSummary) {
        self.totals.add(r);
        *self.walls.entry(r.walls).or_default() += 1;
        *self.ramps.entry(r.inventory.ramp).or_default() += 1;
        *self.fans.entry(r.inventory.fan).or_default() += 1;
        *self.bumpers.entry(r.inventory.bumper).or_default() += 1;
        *self.gears.entry(r.inventory.gear).or_default() += 1;
    }

    pub fn merge(&mut self, other: &SideTotals) {
        self.totals.merge(&other.totals);
        for (mine, theirs) in [
            (&mut self.walls, &other.walls),
            (&mut self.ramps, &other.ramps),
            (&mut self.fans, &other.fans),
            (&mut self.bumpers, &other.bumpers),
            (&mut self.gears, &other.gears),
        ] {
            for (k, v) in theirs {
                *mine.entry(*k).or_default() += v;
            }
        }
    }

    fn share(&self, n: u64, of: u64) -> f64 {
        if of == 0 {
            0.0
        } else {
            n as f64 / of as f64
        }
    }

    /// This side's figures.
    pub fn figures(&self) -> SideFigures {
        let t = &self.totals;
        let hist = |m: &BTreeMap<u32, u64>| m.iter().map(|(&k, &v)| [u64::from(k), v]).collect();
        let mean = |m: &BTreeMap<u32, u64>| {
            let sum: u64 = m.iter().map(|(&k, &v)| u64::from(k) * v).sum();
            self.share(sum, t.seeds)
        };
        SideFigures {
            seeds: t.seeds,
            accepted: t.accepted,
            fallback: t.fallback,
            all_pre_solved: t.all_pre_solved,
            no_solution: t.solving_histogram.get(&0).copied().unwrap_or(0),
            fallback_rate: self.share(t.fallback, t.seeds),
            pre_solved_share: self.share(t.pre_solved_rejections, t.attempts),
            no_solution_share: self
                .share(t.solving_histogram.get(&0).copied().unwrap_or(0), t.seeds),
            mean_attempts: self.share(t.attempts, t.seeds),
            mean_solving: mean(&t.solving_histogram),
            mean_walls: mean(&self.walls),
            mean_ramps: mean(&self.ramps),
            mean_fans: mean(&self.fans),
            mean_bumpers: mean(&self.bumpers),
            mean_gears: mean(&self.gears),
            attempts_histogram: hist(&t.attempts_histogram),
            solving_histogram: hist(&t.solving_histogram),
            walls_histogram: hist(&self.walls),
            ramps_histogram: hist(&self.ramps),
            fans_histogram: hist(&self.fans),
            bumpers_histogram: hist(&self.bumpers),
            gears_histogram: hist(&self.gears),
        }
    }
}

/// One side's figures (field order is output). Histograms are `[value, seeds]`,
/// value ascending.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SideFigures {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seeds: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub accepted: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub fallback: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub all_pre_solved: u64,
    /// Seeds whose shipped level no sweep placement solves.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub no_solution: u64,
    pub fallback_rate: f64,
    pub pre_solved_share: f64,
    pub no_solution_share: f64,
    pub mean_attempts: f64,
    pub mean_solving: f64,
    pub mean_walls: f64,
    pub mean_ramps: f64,
    pub mean_fans: f64,
    pub mean_bumpers: f64,
    pub mean_gears: f64,
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub attempts_histogram: Vec<[u64; 2]>,
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub solving_histogram: Vec<[u64; 2]>,
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub walls_histogram: Vec<[u64; 2]>,
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub ramps_histogram: Vec<[u64; 2]>,
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub fans_histogram: Vec<[u64; 2]>,
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub bumpers_histogram: Vec<[u64; 2]>,
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub gears_histogram: Vec<[u64; 2]>,
}

/// One figure under A and B, and the difference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Difference {
    /// The figure's name, e.g. `fallback_rate`.
    pub figure: String,
    pub a: f64,
    pub b: f64,
    /// B − A.
    pub delta: f64,
    /// (B − A) / A; null when A is 0.
    pub relative: Option<f64>,
}

impl Difference {
    pub fn of(figure: &str, a: f64, b: f64) -> Self {
        let delta = b - a;
        Difference {
            figure: figure.to_owned(),
            a,
            b,
            delta,
            relative: (a != 0.0).then(|| delta / a),
        }
    }
}

/// The pairs of a range added up: both sides and the changed seeds' count.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbTotals {
    pub a: SideTotals,
    pub b: SideTotals,
    /// Seeds whose shipped level differs between A and B.
    pub changed: u64,
}

/// The comparison's figures (field order is output).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AbFigures {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seeds: u64,
    /// Seeds whose shipped level differs (level hash).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub changed: u64,
    pub a: SideFigures,
    pub b: SideFigures,
    /// The headline figures, B against A.
    pub differences: Vec<Difference>,
}

/// Whether a seed's shipped level differs between its two summaries.
pub fn level_changed(a: &SeedSummary, b: &SeedSummary) -> bool {
    a.level_hash != b.level_hash
}

/// The comparison's CSV header: the seed, each side's summary, whether the
/// shipped level changed (what `contraption compare --csv` and the studio's A/B
/// export write).
pub const CSV_HEADER: &str = "seed,a_shipped,a_attempts,a_pre_solved,a_solving,a_walls,a_ramps,a_fans,a_bumpers,a_gears,a_level_hash,\
b_shipped,b_attempts,b_pre_solved,b_solving,b_walls,b_ramps,b_fans,b_bumpers,b_gears,b_level_hash,changed";

fn csv_side(row: &SeedSummary) -> String {
    let i = &row.inventory;
    format!(
        "{},{},{},{},{},{},{},{},{},{}",
        row.shipped.name(),
        row.attempts,
        row.pre_solved,
        row.solving,
        row.walls,
        i.ramp,
        i.fan,
        i.bumper,
        i.gear,
        row.level_hash
    )
}

/// One CSV row (without its newline) for a seed's summaries under A and B.
pub fn csv_line(a: &SeedSummary, b: &SeedSummary) -> String {
    format!(
        "{},{},{},{}",
        a.seed,
        csv_side(a),
        csv_side(b),
        u8::from(level_changed(a, b))
    )
}

impl AbTotals {
    /// Adds one seed's summaries under A and B (the same seed); returns whether
    /// its shipped level changed.
    pub fn add(&mut self, a: &SeedSummary, b: &SeedSummary) -> bool {
        debug_assert_eq!(a.seed, b.seed);
        self.a.add(a);
        self.b.add(b);
        let changed = level_changed(a, b);
        self.changed += u64::from(changed);
        changed
    }

    pub fn merge(&mut self, other: &AbTotals) {
        self.a.merge(&other.a);
        self.b.merge(&other.b);
        self.changed += other.changed;
    }

    pub fn figures(&self) -> AbFigures {
        let (a, b) = (self.a.figures(), self.b.figures());
        let pairs: [(&str, f64, f64); 10] = [
            ("fallback_rate", a.fallback_rate, b.fallback_rate),
            ("pre_solved_share", a.pre_solved_share, b.pre_solved_share),
            (
                "no_solution_share",
                a.no_solution_share,
                b.no_solution_share,
            ),
            ("mean_attempts", a.mean_attempts, b.mean_attempts),
            ("mean_solving", a.mean_solving, b.mean_solving),
            ("mean_walls", a.mean_walls, b.mean_walls),
            ("mean_ramps", a.mean_ramps, b.mean_ramps),
            ("mean_fans", a.mean_fans, b.mean_fans),
            ("mean_bumpers", a.mean_bumpers, b.mean_bumpers),
            ("mean_gears", a.mean_gears, b.mean_gears),
        ];
        AbFigures {
            seeds: self.a.totals.seeds,
            changed: self.changed,
            differences: pairs
                .iter()
                .map(|&(n, x, y)| Difference::of(n, x, y))
                .collect(),
            a,
            b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::summary::summarize;
    use crate::rules::valid::ValidRules;

    fn capped() -> ValidRules {
        let mut rules = ValidRules::default().rules().clone();
        rules.generator.max_attempts = 1;
        ValidRules::new(rules).unwrap()
    }

    #[test]
    fn same_rules_change_nothing_and_pieces_merge() {
        let rules = ValidRules::default();
        let rows: Vec<SeedSummary> = (0..120).map(|s| summarize(&rules, s)).collect();
        let mut whole = AbTotals::default();
        for r in &rows {
            assert!(!whole.add(r, r));
        }
        let f = whole.figures();
        assert_eq!(f.changed, 0);
        assert_eq!(f.a, f.b);
        assert!(f.differences.iter().all(|d| d.delta == 0.0));
        let mut merged = AbTotals::default();
        for piece in rows.chunks(50).rev() {
            let mut t = AbTotals::default();
            piece.iter().for_each(|r| {
                t.add(r, r);
            });
            merged.merge(&t);
        }
        assert_eq!(merged, whole);
        // The fallback rate is the scan's.
        let mut scan = Totals::default();
        rows.iter().for_each(|r| scan.add(r));
        assert_eq!(f.a.fallback_rate, scan.summary().fallback_rate);
        assert_eq!(f.a.walls_histogram.iter().map(|h| h[1]).sum::<u64>(), 120);
    }

    #[test]
    fn a_cap_of_one_attempt_raises_fallbacks_and_changes_levels() {
        let (a, b) = (ValidRules::default(), capped());
        let mut t = AbTotals::default();
        let mut changed = 0;
        for seed in 0..200 {
            let (x, y) = (summarize(&a, seed), summarize(&b, seed));
            let c = t.add(&x, &y);
            assert_eq!(c, x.level_hash != y.level_hash);
            changed += u64::from(c);
        }
        let f = t.figures();
        assert_eq!(f.changed, changed);
        assert!(f.b.fallback_rate > f.a.fallback_rate);
        assert!(f.b.mean_attempts == 1.0);
        let d = &f.differences[0];
        assert_eq!(d.figure, "fallback_rate");
        assert_eq!(d.delta, f.b.fallback_rate - f.a.fallback_rate);
        assert_eq!(d.relative, (d.a != 0.0).then(|| d.delta / d.a));
    }

    #[test]
    fn relative_is_null_over_zero() {
        assert_eq!(Difference::of("x", 0.0, 0.5).relative, None);
        assert_eq!(Difference::of("x", 0.5, 0.75).relative, Some(0.5));
    }
}
