//! The game's loop: candidates drawn one after the other from one stream, each
//! compiled and its bare ball run, judged in turn until one is accepted or the
//! attempts run out. The report ([`generate_with`]) and the summaries
//! ([`summarize`]) run this one loop, so neither can drift from the game's
//! choice; the staged search runs it lazily (`analysis/search_loop.rs`) and is
//! tested equal to filtering the summaries.
//!
//! [`generate_with`]: crate::generate::generator::generate_with
//! [`summarize`]: crate::generate::summary::summarize

use crate::rules::valid::ValidRules;
use crate::seed::rng::Mulberry32;
use crate::sim::{BareTrace, Compiled, Outcome, SimOptions, SimResult};
use crate::world::model::World;

/// A candidate world compiled, with its bare ball's run and the run's record.
pub(crate) struct Prepared {
    pub world: World,
    pub compiled: Compiled,
    pub bare: SimResult,
    pub trace: BareTrace,
}

impl Prepared {
    /// Compiles `world` under `rules` and runs its bare ball (with `bare_options`).
    pub fn new(rules: &ValidRules, world: World, bare_options: &SimOptions) -> Self {
        let compiled = Compiled::new(rules, &world);
        let (bare, trace) = compiled.run_traced(bare_options);
        Prepared {
            world,
            compiled,
            bare,
            trace,
        }
    }
}

/// One candidate, as the game's loop ([`pick`]) hands it to its judge.
pub(crate) struct Candidate {
    /// 1-based.
    pub index: u32,
    pub world: World,
    pub compiled: Compiled,
    /// The bare ball's run (preSolved when it reaches the goal) and its record.
    pub bare: SimResult,
    pub trace: BareTrace,
    /// Whether it is the first candidate that was not preSolved: the fallback.
    pub fallback_candidate: bool,
}

/// The candidate that ships.
pub(crate) enum Pick {
    /// Attempt `attempt`, whose sweep placement `stop` (0-based) solves it.
    Accepted { attempt: u32, stop: u32 },
    /// No candidate had a one-ramp solution: the first that was not preSolved.
    Fallback { attempt: u32 },
    /// Every candidate was preSolved: the last one.
    AllPreSolved { attempt: u32 },
    /// `stop` said so before an attempt: nothing ships.
    Stopped,
}

/// The game's loop: candidates drawn from one continuing mulberry32 stream seeded
/// with `seed`, each compiled and its bare ball run, until one is accepted or
/// `generator.max_attempts` have been drawn. `prepare` makes the `index`-th
/// (1-based) candidate from the stream where its draws start (drawing it and
/// running its bare ball: [`Prepared::new`]; it may have made it before, from
/// the same draws). `judge` sees every candidate in turn and, for one that is
/// not preSolved, returns the first sweep placement that solves it (`None` when
/// none does); what it returns for a preSolved candidate is ignored. `stop` is
/// looked at before each attempt ([`Pick::Stopped`]).
pub(crate) fn pick(
    rules: &ValidRules,
    seed: u32,
    mut prepare: impl FnMut(u32, &mut Mulberry32) -> Prepared,
    mut judge: impl FnMut(Candidate) -> Option<u32>,
    stop: impl Fn() -> bool,
) -> Pick {
    let mut rng = Mulberry32::new(seed);
    let max_attempts = rules.generator.max_attempts;
    let mut fallback: Option<u32> = None;
    for index in 1..=max_attempts {
        if stop() {
            return Pick::Stopped;
        }
        let Prepared {
            world,
            compiled,
            bare,
            trace,
        } = prepare(index, &mut rng);
        let pre_solved = bare.outcome == Outcome::Goal;
        let fallback_candidate = !pre_solved && fallback.is_none();
        if fallback_candidate {
            fallback = Some(index);
        }
        let stop = judge(Candidate {
            index,
            world,
            compiled,
            bare,
            trace,
            fallback_candidate,
        });
        if let (false, Some(stop)) = (pre_solved, stop) {
            return Pick::Accepted {
                attempt: index,
                stop,
            };
        }
    }
    match fallback {
        Some(attempt) => Pick::Fallback { attempt },
        None => Pick::AllPreSolved {
            attempt: max_attempts,
        },
    }
}
