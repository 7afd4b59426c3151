//! One candidate judged as the generator judges it: its bare ball (preSolved when
//! it reaches the goal), its sweep, and the verdict in words.

use crate::generate::pick::Candidate;
use crate::generate::report::{Attempt, Verdict};
use crate::generate::sweep::{run_sweep_traced, sweep_placement};
use crate::rules::valid::ValidRules;
use crate::sim::{Compiled, Outcome, SimOptions};
use crate::world::hash::level_hash;
use crate::world::model::World;

/// The attempt the generator records for `c`. The game never sweeps a preSolved
/// candidate; with `complete` (the inspector) it is swept too, to show what a ramp
/// would have done, without changing the verdict.
pub(crate) fn judge(rules: &ValidRules, c: Candidate, complete: bool, stride: u32) -> Attempt {
    let Candidate {
        index,
        world,
        compiled,
        bare,
        trace,
        fallback_candidate,
    } = c;
    let hash = level_hash(&world);
    let sweep_size = rules.sweep.size();
    if bare.outcome == Outcome::Goal {
        let sweep =
            complete.then(|| run_sweep_traced(rules, &world, &compiled, &trace, true, stride));
        return Attempt {
            index,
            world,
            level_hash: hash,
            verdict: Verdict::PreSolved,
            reason: format!(
                "preSolved: the bare ball falls into the goal after {} steps",
                bare.steps
            ),
            fallback_candidate: false,
            bare,
            sweep,
        };
    }
    let sweep = run_sweep_traced(rules, &world, &compiled, &trace, complete, stride);
    let (verdict, reason) = match sweep.game_stop {
        Some(stop) => {
            let p = sweep_placement(rules, stop as usize);
            (
                Verdict::Accepted,
                format!(
                    "accepted: a ramp at ({}, {}) tilted {} rad carries the ball to the goal (placement {} of {sweep_size})",
                    p.x, p.y, p.angle, stop + 1
                ),
            )
        }
        None => (
            Verdict::NoSingleRampSolution,
            format!(
                "no one-ramp solution: none of the {sweep_size} ramp placements reaches the goal{}",
                if fallback_candidate {
                    "; kept as the fallback (first non-trivial candidate)"
                } else {
                    ""
                }
            ),
        ),
    };
    Attempt {
        index,
        world,
        level_hash: hash,
        verdict,
        reason,
        fallback_candidate,
        bare,
        sweep: Some(sweep),
    }
}

/// Judges a world as attempt `index` of a generation, as the inspector does (every
/// candidate swept), with trajectories sampled every `stride` steps (0: none).
/// `fallback_candidate` says whether no earlier attempt was a fallback.
pub fn judge_world(
    rules: &ValidRules,
    world: World,
    index: u32,
    no_earlier_fallback: bool,
    stride: u32,
) -> Attempt {
    let compiled = Compiled::new(rules, &world);
    let (bare, trace) = compiled.run_traced(&SimOptions::with_trajectory(stride));
    let fallback_candidate = no_earlier_fallback && bare.outcome != Outcome::Goal;
    judge(
        rules,
        Candidate {
            index,
            world,
            compiled,
            bare,
            trace,
            fallback_candidate,
        },
        true,
        stride,
    )
}
