//! The exact joint counts of a range under A and B.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::axis::Axis;
use super::grid::RangeGrid;
use super::metric::Metric;
use crate::generate::summary::SeedSummary;
use crate::rules::value::Rules;

/// Seeds per pair of values `(x, y)` of one side, exact.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JointCounts {
    pub seeds: u64,
    pub cells: BTreeMap<(u32, u32), u64>,
}

impl JointCounts {
    pub fn add(&mut self, x: u32, y: u32) {
        self.seeds += 1;
        *self.cells.entry((x, y)).or_default() += 1;
    }

    pub fn merge(&mut self, other: &JointCounts) {
        self.seeds += other.seeds;
        for (k, v) in &other.cells {
            *self.cells.entry(*k).or_default() += v;
        }
    }

    /// `[x, y, seeds]` per pair, `(x, y)` ascending.
    pub fn triples(&self) -> Vec<[u64; 3]> {
        self.cells
            .iter()
            .map(|(&(x, y), &n)| [u64::from(x), u64::from(y), n])
            .collect()
    }
}

/// A range's exact joint counts under A and B on two metrics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeCounts {
    pub x: Axis,
    pub y: Axis,
    pub a: JointCounts,
    pub b: JointCounts,
}

impl RangeCounts {
    /// Empty counts of `x` × `y` with axes spanning both rules' domains.
    pub fn new(x: Metric, y: Metric, a: &Rules, b: &Rules) -> Self {
        RangeCounts {
            x: Axis::of(x, a, b),
            y: Axis::of(y, a, b),
            a: JointCounts::default(),
            b: JointCounts::default(),
        }
    }

    fn add_one(x: &mut Axis, y: &mut Axis, side: &mut JointCounts, s: &SeedSummary) {
        let (vx, vy) = (x.metric.value(s), y.metric.value(s));
        // Summaries made under the rules lie inside the domains; anything else
        // (say, a hand-edited catalog) still counts, on wider axes.
        x.widen(vx);
        y.widen(vy);
        side.add(vx, vy);
    }

    /// Adds a seed's summaries under A and under B.
    pub fn add(&mut self, a: &SeedSummary, b: &SeedSummary) {
        Self::add_one(&mut self.x, &mut self.y, &mut self.a, a);
        Self::add_one(&mut self.x, &mut self.y, &mut self.b, b);
    }

    /// Adds counts of the same metrics over other seeds.
    pub fn merge(&mut self, other: &RangeCounts) {
        debug_assert_eq!(
            (self.x.metric, self.y.metric),
            (other.x.metric, other.y.metric)
        );
        for v in [other.x.lo, other.x.hi] {
            self.x.widen(v);
        }
        for v in [other.y.lo, other.y.hi] {
            self.y.widen(v);
        }
        self.a.merge(&other.a);
        self.b.merge(&other.b);
    }

    /// The counts binned.
    pub fn grid(&self) -> RangeGrid {
        RangeGrid::of(&self.x, &self.y, &self.a.triples(), &self.b.triples())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::summary::summarize;
    use crate::rules::valid::ValidRules;

    #[test]
    fn values_lie_in_their_domains_and_pieces_merge_into_the_whole() {
        let a = ValidRules::default();
        let mut capped = a.rules().clone();
        capped.generator.max_attempts = 2;
        let b = ValidRules::new(capped).unwrap();
        let pairs: Vec<_> = (0..150)
            .map(|s| (summarize(&a, s), summarize(&b, s)))
            .collect();
        for m in Metric::ALL {
            for (x, y) in &pairs {
                let (lo, hi) = m.domain(a.rules());
                assert!((lo..=hi).contains(&m.value(x)), "{m:?}");
                let (lo, hi) = m.domain(b.rules());
                assert!((lo..=hi).contains(&m.value(y)), "{m:?}");
            }
        }
        let whole_of = |x, y| {
            let mut w = RangeCounts::new(x, y, a.rules(), b.rules());
            pairs.iter().for_each(|(p, q)| w.add(p, q));
            w
        };
        let whole = whole_of(Metric::Solving, Metric::Walls);
        assert_eq!((whole.a.seeds, whole.b.seeds), (150, 150));
        let mut merged = RangeCounts::new(Metric::Solving, Metric::Walls, a.rules(), b.rules());
        for piece in pairs.chunks(40).rev() {
            let mut t = RangeCounts::new(Metric::Solving, Metric::Walls, a.rules(), b.rules());
            piece.iter().for_each(|(p, q)| t.add(p, q));
            merged.merge(&t);
        }
        assert_eq!(merged, whole);
        let g = whole.grid();
        assert_eq!(g.a.iter().sum::<u64>(), 150);
        assert_eq!(g.b.iter().sum::<u64>(), 150);
        assert!(g
            .diff
            .iter()
            .zip(g.a.iter().zip(&g.b))
            .all(|(&d, (&p, &q))| d == q as i64 - p as i64));
        // A cap of two attempts: attempts under B are 1 or 2 only.
        let att = whole_of(Metric::Attempts, Metric::PreSolved);
        assert!(att.b.cells.keys().all(|&(x, _)| x <= 2));
        assert!(att.a.cells.keys().any(|&(x, _)| x > 2));
    }

    #[test]
    fn values_outside_the_domain_widen_the_axis() {
        let d = Rules::default();
        let mut s = summarize(&ValidRules::default(), 42);
        s.walls = 11;
        let mut c = RangeCounts::new(Metric::Walls, Metric::Ramps, &d, &d);
        c.add(&s, &s);
        assert_eq!((c.x.lo, c.x.hi), (0, 11));
        let g = c.grid();
        assert_eq!(g.a.iter().sum::<u64>(), 1);
    }
}
