//! Expressive-range analysis (Smith & Whitehead, "Analyzing the Expressive Range
//! of a Level Generator", 2010): every level of a seed range placed on two
//! per-level metrics, the 2-D histogram under rules A, under rules B, and their
//! difference B − A.
//!
//! The one definition of each metric ([`Metric`]): its name, its value for a
//! seed's summary (so every catalog scan already holds it), and the values it can
//! take under given rules ([`Metric::domain`]). The counts are exact per pair of
//! values ([`JointCounts`], constant memory: at most one entry per pair of the
//! two domains, whatever the number of seeds); binning ([`bins`]) puts one value
//! in a bin while a domain has at most [`MAX_BINS`] values, else `ceil(n / 24)`
//! values per bin (the last bin may hold fewer), with 0 alone in its bin on such
//! an axis from 0 ([`zero_alone`]; `ceil(hi / 23)` values in each bin after it).
//! The studio's UI bins the same counts the same way (`ui/src/range/grid.ts`);
//! one JSON fixture (`tests/data/expressive_range.json`) is checked by both.
//! `docs/rules.md` documents the metrics and the binning.
//!
//! The bare ball's closest approach, path length and first-contact depth are not
//! in a summary (so not in the catalog) and are not metrics here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::generate::summary::SeedSummary;
use crate::rules::value::Rules;

/// At most this many bins per axis.
pub const MAX_BINS: u32 = 24;

/// A per-level metric of the expressive-range view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Sweep placements that solve the shipped level (`0..=sweep size`).
    Solving,
    /// Walls of the shipped level (`0..=walls.count.max`: a drawn wall too near
    /// the ball or the goal, or outside the field, is dropped).
    Walls,
    /// Candidates drawn (`1..=generator.max_attempts`).
    Attempts,
    /// Candidates rejected as preSolved (`0..=generator.max_attempts`).
    PreSolved,
    /// Ramps in the inventory (`parts.ramp.count`).
    Ramps,
    /// Fans in the inventory (`parts.fan.count`).
    Fans,
    /// Bumpers in the inventory (`parts.bumper.count`).
    Bumpers,
    /// Gears in the inventory (`parts.gear.count`).
    Gears,
    /// Parts in the inventory, all kinds (the sum of the four counts' ranges).
    Inventory,
}

/// A metric name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown metric {0:?}; the metrics are {names}", names = Metric::names())]
pub struct UnknownMetric(pub String);

impl Metric {
    /// Every metric, in the order pickers list them.
    pub const ALL: [Metric; 9] = [
        Metric::Solving,
        Metric::Walls,
        Metric::Attempts,
        Metric::PreSolved,
        Metric::Ramps,
        Metric::Fans,
        Metric::Bumpers,
        Metric::Gears,
        Metric::Inventory,
    ];

    /// The metric's name (as the CLI's `--x`/`--y` and the IPC spell it).
    pub fn name(self) -> &'static str {
        match self {
            Metric::Solving => "solving",
            Metric::Walls => "walls",
            Metric::Attempts => "attempts",
            Metric::PreSolved => "pre_solved",
            Metric::Ramps => "ramps",
            Metric::Fans => "fans",
            Metric::Bumpers => "bumpers",
            Metric::Gears => "gears",
            Metric::Inventory => "inventory",
        }
    }

    /// The metric in words, for axis titles.
    pub fn label(self) -> &'static str {
        match self {
            Metric::Solving => "solving placements",
            Metric::Walls => "walls",
            Metric::Attempts => "attempts",
            Metric::PreSolved => "preSolved rejections",
            Metric::Ramps => "ramps",
            Metric::Fans => "fans",
            Metric::Bumpers => "bumpers",
            Metric::Gears => "gears",
            Metric::Inventory => "inventory size",
        }
    }

    /// All names, comma separated.
    pub fn names() -> String {
        Metric::ALL.map(Metric::name).join(", ")
    }

    /// The metric called `name`.
    pub fn parse(name: &str) -> Result<Metric, UnknownMetric> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == name)
            .ok_or_else(|| UnknownMetric(name.to_owned()))
    }

    /// The metric's value for a seed's summary.
    pub fn value(self, s: &SeedSummary) -> u32 {
        let i = &s.inventory;
        match self {
            Metric::Solving => s.solving,
            Metric::Walls => s.walls,
            Metric::Attempts => s.attempts,
            Metric::PreSolved => s.pre_solved,
            Metric::Ramps => i.ramp,
            Metric::Fans => i.fan,
            Metric::Bumpers => i.bumper,
            Metric::Gears => i.gear,
            Metric::Inventory => i.ramp + i.fan + i.bumper + i.gear,
        }
    }

    /// The values the metric can take under `rules`, both ends included.
    pub fn domain(self, rules: &Rules) -> (u32, u32) {
        let p = &rules.parts;
        let max_attempts = rules.generator.max_attempts.max(1);
        match self {
            Metric::Solving => (0, rules.sweep.size() as u32),
            Metric::Walls => (0, rules.walls.count.max),
            Metric::Attempts => (1, max_attempts),
            Metric::PreSolved => (0, max_attempts),
            Metric::Ramps => (p.ramp.count.min, p.ramp.count.max),
            Metric::Fans => (p.fan.count.min, p.fan.count.max),
            Metric::Bumpers => (p.bumper.count.min, p.bumper.count.max),
            Metric::Gears => (p.gear.count.min, p.gear.count.max),
            Metric::Inventory => {
                let c = [p.ramp.count, p.fan.count, p.bumper.count, p.gear.count];
                (c.iter().map(|r| r.min).sum(), c.iter().map(|r| r.max).sum())
            }
        }
    }
}

/// One axis: a metric and the values it spans (both ends included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Axis {
    pub metric: Metric,
    pub lo: u32,
    pub hi: u32,
}

impl Axis {
    /// The metric's axis under both rule sets: the smallest span holding both
    /// domains.
    pub fn of(metric: Metric, a: &Rules, b: &Rules) -> Axis {
        let ((a0, a1), (b0, b1)) = (metric.domain(a), metric.domain(b));
        Axis {
            metric,
            lo: a0.min(b0),
            hi: a1.max(b1),
        }
    }

    fn widen(&mut self, v: u32) {
        self.lo = self.lo.min(v);
        self.hi = self.hi.max(v);
    }

    /// The axis's bins.
    pub fn bins(&self) -> Vec<Bin> {
        bins(self.lo, self.hi)
    }

    /// The axis narrowed to the values `seen` (on it): from the smallest to the
    /// largest, so the figure's cells go to where the seeds are (attempts may go
    /// to 40 while a range's seeds take five); unchanged when none is seen.
    pub fn fitted(&self, seen: impl IntoIterator<Item = u32>) -> Axis {
        let mut span: Option<(u32, u32)> = None;
        for v in seen {
            span = Some(match span {
                None => (v, v),
                Some((lo, hi)) => (lo.min(v), hi.max(v)),
            });
        }
        match span {
            Some((lo, hi)) => Axis {
                metric: self.metric,
                lo: lo.max(self.lo),
                hi: hi.min(self.hi),
            },
            None => *self,
        }
    }
}

/// A bin: the values `lo..=hi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bin {
    pub lo: u32,
    pub hi: u32,
}

/// Whether 0 has a bin of its own on `lo..=hi`: when the span starts at 0 and
/// has more than [`MAX_BINS`] values (so its bins hold more than one). Every
/// metric is a count whose 0 means none at all — no solving placement (no
/// one-ramp solution, as a fallback ships), no preSolved rejection, no wall, no
/// part — and must not share a bin with 1 (a level with exactly one way through).
pub fn zero_alone(lo: u32, hi: u32) -> bool {
    lo == 0 && u64::from(hi) + 1 > u64::from(MAX_BINS)
}

/// Values per bin over `lo..=hi`: 1 while the span has at most [`MAX_BINS`]
/// values, else `ceil(n / MAX_BINS)`; when 0 is alone ([`zero_alone`]), the
/// width of the bins after it, `ceil(hi / (MAX_BINS − 1))` over `1..=hi`.
pub fn bin_width(lo: u32, hi: u32) -> u32 {
    if zero_alone(lo, hi) {
        return u64::from(hi).div_ceil(u64::from(MAX_BINS - 1)) as u32;
    }
    let n = u64::from(hi.saturating_sub(lo)) + 1;
    n.div_ceil(u64::from(MAX_BINS)) as u32
}

/// The bins of `lo..=hi` (`lo ≤ hi`): equal widths from `lo` up, the last one
/// cut at `hi` — after a bin holding 0 alone when [`zero_alone`].
pub fn bins(lo: u32, hi: u32) -> Vec<Bin> {
    let w = bin_width(lo, hi);
    let mut out = Vec::new();
    let mut start = u64::from(lo);
    if zero_alone(lo, hi) {
        out.push(Bin { lo: 0, hi: 0 });
        start = 1;
    }
    while start <= u64::from(hi) {
        let end = (start + u64::from(w) - 1).min(u64::from(hi));
        out.push(Bin {
            lo: start as u32,
            hi: end as u32,
        });
        start = end + 1;
    }
    out
}

/// The bin of value `v` on `lo..=hi` (`lo ≤ v ≤ hi`).
pub fn bin_of(lo: u32, hi: u32, v: u32) -> usize {
    let w = bin_width(lo, hi);
    if zero_alone(lo, hi) {
        return if v == 0 {
            0
        } else {
            1 + ((v - 1) / w) as usize
        };
    }
    ((v - lo) / w) as usize
}

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

/// The binned figure: seeds per cell under A and B, and B − A. Cells are row
/// by row from the lowest y bin, each row from the lowest x bin:
/// cell `(i, j)` (x bin `i`, y bin `j`) is at `j × x_bins.len() + i`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeGrid {
    pub x_bins: Vec<Bin>,
    pub y_bins: Vec<Bin>,
    pub a: Vec<u64>,
    pub b: Vec<u64>,
    pub diff: Vec<i64>,
}

impl RangeGrid {
    /// Bins `[x, y, seeds]` triples of A and B (every value on its axis) on the
    /// axes fitted to the values seen ([`Axis::fitted`]).
    pub fn of(x: &Axis, y: &Axis, a: &[[u64; 3]], b: &[[u64; 3]]) -> RangeGrid {
        let seen = |k: usize| {
            a.iter()
                .chain(b)
                .filter(|t| t[2] > 0)
                .map(move |t| t[k] as u32)
        };
        let (x, y) = (&x.fitted(seen(0)), &y.fitted(seen(1)));
        let (x_bins, y_bins) = (x.bins(), y.bins());
        let n = x_bins.len() * y_bins.len();
        let fill = |triples: &[[u64; 3]]| {
            let mut cells = vec![0u64; n];
            for &[vx, vy, count] in triples.iter().filter(|t| t[2] > 0) {
                let i = bin_of(x.lo, x.hi, vx as u32);
                let j = bin_of(y.lo, y.hi, vy as u32);
                cells[j * x_bins.len() + i] += count;
            }
            cells
        };
        let (a, b) = (fill(a), fill(b));
        let diff = a
            .iter()
            .zip(&b)
            .map(|(&p, &q)| q as i64 - p as i64)
            .collect();
        RangeGrid {
            x_bins,
            y_bins,
            a,
            b,
            diff,
        }
    }

    /// The largest count of either side (the shared colour scale of A and B).
    pub fn max_count(&self) -> u64 {
        self.a.iter().chain(&self.b).copied().max().unwrap_or(0)
    }

    /// The largest |B − A| (the difference's colour scale).
    pub fn max_diff(&self) -> u64 {
        self.diff
            .iter()
            .map(|d| d.unsigned_abs())
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::summary::summarize;
    use crate::rules::valid::ValidRules;

    #[test]
    fn names_round_trip_and_nonsense_is_refused() {
        for m in Metric::ALL {
            assert_eq!(Metric::parse(m.name()), Ok(m));
        }
        let e = Metric::parse("nonsense").unwrap_err();
        assert!(e.to_string().contains("solving, walls, attempts"), "{e}");
    }

    #[test]
    fn binning_edges() {
        // One bin per value up to 24 values.
        assert_eq!(bins(0, 0), vec![Bin { lo: 0, hi: 0 }]);
        assert_eq!(bins(1, 24).len(), 24);
        assert!(bins(1, 24).iter().all(|b| b.lo == b.hi));
        // 25 values from 0: 0 alone, then two per bin, 13 bins.
        let b = bins(0, 24);
        assert_eq!(b.len(), 13);
        assert_eq!(b[0], Bin { lo: 0, hi: 0 });
        assert_eq!(b[1], Bin { lo: 1, hi: 2 });
        assert_eq!(b[12], Bin { lo: 23, hi: 24 });
        // 25 values from 1: two per bin from 1 up, the last holding one.
        let b = bins(1, 25);
        assert_eq!(b.len(), 13);
        assert_eq!(b[0], Bin { lo: 1, hi: 2 });
        assert_eq!(b[12], Bin { lo: 25, hi: 25 });
        // The default sweep: no solving placement alone, then 7 per bin from 1
        // (one-way levels apart from the fallbacks), 22 bins.
        let b = bins(0, 144);
        assert_eq!(b.len(), 22);
        assert_eq!(b[0], Bin { lo: 0, hi: 0 });
        assert_eq!(b[1], Bin { lo: 1, hi: 7 });
        assert_eq!(b[21], Bin { lo: 141, hi: 144 });
        assert_eq!(bin_of(0, 144, 0), 0);
        assert_eq!(bin_of(0, 144, 1), 1);
        assert_eq!(bin_of(0, 144, 7), 1);
        assert_eq!(bin_of(0, 144, 8), 2);
        assert_eq!(bin_of(0, 144, 144), 21);
        // Up to 24 values from 0, one per value as before (0 is alone anyway).
        assert_eq!(bins(0, 23).len(), 24);
        assert!(!zero_alone(0, 23) && zero_alone(0, 24) && !zero_alone(1, 1000));
        // Never more than 24, the bins tile the span, each value in its bin.
        for (lo, hi) in [
            (0, 1000),
            (1, 1000),
            (3, 50),
            (0, 1024),
            (7, 7),
            (0, 47),
            (0, 48),
            (0, 24),
            (0, 40),
            (0, 64),
            (0, 144),
            (0, 1024),
            (1, 24),
            (1, 25),
        ] {
            let b = bins(lo, hi);
            assert!(b.len() as u32 <= MAX_BINS, "{lo}..={hi}");
            assert_eq!(b[0].lo, lo);
            // From 0, with more than one value to a bin: 0 alone.
            if lo == 0 && hi >= MAX_BINS {
                assert_eq!(b[0], Bin { lo: 0, hi: 0 }, "{lo}..={hi}");
            }
            assert_eq!(b[b.len() - 1].hi, hi);
            assert!(b.windows(2).all(|w| w[1].lo == w[0].hi + 1));
            for v in lo..=hi {
                let i = bin_of(lo, hi, v);
                assert!(b[i].lo <= v && v <= b[i].hi);
            }
        }
        assert_eq!(bins(0, u32::MAX).len(), 24);
    }

    #[test]
    fn domains_under_default_and_other_rules() {
        let d = Rules::default();
        assert_eq!(Metric::Solving.domain(&d), (0, 144));
        assert_eq!(Metric::Attempts.domain(&d), (1, 40));
        assert_eq!(Metric::PreSolved.domain(&d), (0, 40));
        assert_eq!(Metric::Walls.domain(&d), (0, 5));
        assert_eq!(Metric::Ramps.domain(&d), (1, 2));
        assert_eq!(Metric::Gears.domain(&d), (0, 0));
        assert_eq!(Metric::Inventory.domain(&d), (1, 5));
        let mut r = d.clone();
        r.generator.max_attempts = 7;
        r.sweep.angles = vec![-0.5, 0.5];
        r.parts.gear.count.max = 3;
        r.walls.count.max = 9;
        assert_eq!(Metric::Solving.domain(&r), (0, 72));
        assert_eq!(Metric::Attempts.domain(&r), (1, 7));
        assert_eq!(Metric::PreSolved.domain(&r), (0, 7));
        assert_eq!(Metric::Walls.domain(&r), (0, 9));
        assert_eq!(Metric::Gears.domain(&r), (0, 3));
        assert_eq!(Metric::Inventory.domain(&r), (1, 8));
        // The axis spans both rule sets.
        let x = Axis::of(Metric::Attempts, &d, &r);
        assert_eq!((x.lo, x.hi), (1, 40));
        let g = Axis::of(Metric::Gears, &d, &r);
        assert_eq!((g.lo, g.hi), (0, 3));
    }

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
