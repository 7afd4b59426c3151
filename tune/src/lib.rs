//! Finding the rules: the tuner and what each rule does.
//!
//! Pure like the engine (no I/O, no clock): the tuner ([`tune`]) searches the
//! chosen rule fields ([`Vary`]) for the rule set whose figures over a seed
//! sample best meet the targets ([`contraption::targets`]); a sensitivity run
//! ([`sensitivity`]) steps each field down and up, sweeps one field over k
//! values ([`response_curve`]) or samples rule sets at random ([`random_rules`]).
//! Every rule set is tallied through an [`Evaluator`] and its [`TallyStore`], so
//! the caller keeps the tallies where it likes (memory, a resume file, the
//! catalog) and nothing is computed twice.
//!
//! One concept a file: `vary.rs` (the fields and their bounds), `grid.rs` (the
//! unit cube to values), `evaluate.rs` (a tally over seeds, the store),
//! `candidate.rs` (a tried rule set and the preference), `spec.rs` (what a tune is asked and found), `tune.rs` (the search), `simplify.rs` (the best made simpler),
//! `sensitivity.rs` (steps, curves, random rule sets), `error.rs`.

mod candidate;
mod error;
mod evaluate;
mod grid;
mod sensitivity;
mod simplify;
mod spec;
mod tune;
mod vary;

pub use candidate::{preference, Candidate, Outcome, SetValue};
pub use error::TuneError;
pub use evaluate::{tally_range, Evaluator, MemoryStore, TallyKey, TallyStore};
pub use sensitivity::*;
pub use spec::{Best, Holdout, TuneOutcome, TuneProgress, TuneSpec, MAX_BUDGET, MAX_VARY, TOP};
pub use tune::tune;
pub use vary::{numeric_fields, parse_vary, value_of, with_values, NumericField, Vary};
