//! The per-level metrics: names, values for a seed's summary, domains under
//! given rules.

use serde::{Deserialize, Serialize};

use crate::generate::summary::SeedSummary;
use crate::rules::value::Rules;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::expressive_range::axis::Axis;

    #[test]
    fn names_round_trip_and_nonsense_is_refused() {
        for m in Metric::ALL {
            assert_eq!(Metric::parse(m.name()), Ok(m));
        }
        let e = Metric::parse("nonsense").unwrap_err();
        assert!(e.to_string().contains("solving, walls, attempts"), "{e}");
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
}
