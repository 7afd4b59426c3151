//! What one seed can cost under a set of rules, at the very worst, and the
//! everyday budget it is held to.
//!
//! A seed's generation runs at most `max_attempts` candidates, each simulated
//! bare and once per sweep placement, each simulation at most `max_steps` steps.
//! A step costs a fixed part (integration, the field's sides, the goal) and a
//! part per body the ball may touch: every wall and the one placed ramp. The
//! estimate counts that work in **units**, one unit being one body's contact
//! test, the fixed part of a step [`STEP_OVERHEAD`] units:
//!
//! ```text
//! simulations = max_attempts × (sweep size + 1)
//! units = simulations × (SIM_OVERHEAD + max_steps × (STEP_OVERHEAD + walls.count.max + 1))
//! ```
//!
//! [`SIM_OVERHEAD`] prices what every simulation costs besides its steps — its
//! set-up and its entry in a report — so rules of a million one-step
//! simulations (a report of 100 MB) are slow too.
//!
//! Rules whose estimate is over [`WORK_BUDGET`] are valid but **slow**: a
//! single seed can take longer than a person waits. The command line, the
//! studio and the Python package accept them only when asked (`--allow-slow`, a
//! confirmation, `allow_slow=True`), and refuse files that embed them unless
//! asked. The default rules' worst case is 270,512,000 units: the budget is
//! about twice that.

use serde::Serialize;

use crate::rules::value::Rules;

/// The everyday budget of one seed, in units (about 1.6 s at the very worst on
/// the reference machine: 2.7 ns a unit, measured on a 2-core x86_64 with
/// sweeps of 5 and 64 walls; see `docs/guarantees.md`). Twice the default rules'
/// attempts fit; real seeds end most simulations long before `max_steps`.
pub const WORK_BUDGET: u64 = 600_000_000;

/// The fixed part of one simulated step, in units of one body's contact test
/// (measured: a step with 5 walls costs about 30 units, with 64 about 90).
pub const STEP_OVERHEAD: u64 = 25;

/// What one simulation costs besides its steps (its set-up, its report entry),
/// in units: about 5 µs here.
pub const SIM_OVERHEAD: u64 = 2_000;

/// Nanoseconds a unit takes on the reference machine, for the estimate in words.
pub const REFERENCE_NS_PER_UNIT: f64 = 2.7;

/// The worst case of one seed under some rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WorstCase {
    /// Simulations: `max_attempts × (sweep size + 1)`.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub simulations: u64,
    /// Steps: simulations × `max_steps`.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub steps: u64,
    /// Units of work: simulations × `SIM_OVERHEAD` + steps × (`STEP_OVERHEAD` +
    /// walls + the placed ramp).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub units: u64,
    /// The everyday budget ([`WORK_BUDGET`]).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub budget: u64,
}

impl WorstCase {
    /// Whether the worst case is over the everyday budget.
    pub fn is_slow(&self) -> bool {
        self.units > self.budget
    }

    /// The worst case in seconds on the reference machine, one core.
    pub fn reference_seconds(&self) -> f64 {
        self.units as f64 * REFERENCE_NS_PER_UNIT * 1e-9
    }

    /// One line: the figures against the budget.
    pub fn describe(&self) -> String {
        format!(
            "worst case of one seed: {} simulations, {} steps, {} units of work \
             (about {:.1} s on the reference machine); the everyday budget is {} units",
            self.simulations,
            self.steps,
            self.units,
            self.reference_seconds(),
            self.budget,
        )
    }
}

/// The worst case of one seed under `rules` (saturating: never overflows).
pub fn worst_case(rules: &Rules) -> WorstCase {
    let simulations =
        u64::from(rules.generator.max_attempts).saturating_mul(rules.sweep.size() as u64 + 1);
    let steps = simulations.saturating_mul(u64::from(rules.simulation.max_steps));
    let bodies = u64::from(rules.walls.count.max) + 1;
    WorstCase {
        simulations,
        steps,
        units: simulations
            .saturating_mul(SIM_OVERHEAD)
            .saturating_add(steps.saturating_mul(STEP_OVERHEAD + bodies)),
        budget: WORK_BUDGET,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_rules_are_within_the_budget_with_room() {
        let w = worst_case(&Rules::default());
        assert_eq!(w.simulations, 40 * 145);
        assert_eq!(w.steps, 8_352_000);
        assert_eq!(w.units, 5800 * 2000 + 8_352_000 * (25 + 5 + 1));
        assert!(!w.is_slow());
        assert!(w.units * 2 <= WORK_BUDGET, "at most half the budget");
        assert!(w.units * 3 > WORK_BUDGET, "about half the budget");
    }

    /// The default sweep made 1,024 placements (16 × 4 × 16, all alike).
    fn sweep_of_1024(r: &Rules) -> crate::rules::value::SweepSection {
        crate::rules::value::SweepSection {
            xs: vec![50.0; 16],
            ys: vec![20.0; 4],
            angles: vec![0.0; 16],
            ..r.sweep.clone()
        }
    }

    #[test]
    fn more_attempts_walls_steps_or_placements_cost_more_and_end_slow() {
        let base = worst_case(&Rules::default()).units;
        let mut r = Rules::default();
        r.generator.max_attempts = 80;
        assert!(worst_case(&r).units == base * 2 && !worst_case(&r).is_slow());
        r.generator.max_attempts = 100;
        assert!(worst_case(&r).is_slow());
        // A thousand attempts of 1,024 one-step simulations: a report of some
        // 100 MB, priced by the simulations' own cost.
        let mut r = Rules::default();
        r.generator.max_attempts = 1000;
        r.sweep = sweep_of_1024(&r);
        r.simulation.max_steps = 1;
        assert!(worst_case(&r).is_slow(), "{}", worst_case(&r).describe());
        let mut r = Rules::default();
        r.walls.count.max = 64;
        assert!(worst_case(&r).units > base * 2);
        assert!(worst_case(&r).is_slow());
        // The attack of issue 24: 10 attempts, 1,024 placements, 100,000 steps,
        // 64 walls — some 92 × 10^9 units, minutes a seed.
        let mut r = Rules::default();
        r.generator.max_attempts = 10;
        r.sweep = sweep_of_1024(&r);
        r.simulation.max_steps = 100_000;
        r.walls.count.max = 64;
        let w = worst_case(&r);
        assert_eq!(w.steps, 10 * 1025 * 100_000);
        assert!(w.reference_seconds() > 200.0, "{}", w.describe());
        assert!(
            w.describe().contains("1025000000 steps"),
            "{}",
            w.describe()
        );
    }
}
