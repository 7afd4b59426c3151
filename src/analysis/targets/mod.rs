//! The targets language: what a designer wants of the levels a rule set makes,
//! as figures of the A/B comparison ([`crate::analysis::compare`]) with bounds,
//! and how far a rule set's figures miss them — the score the tuner minimises.
//!
//! ```text
//! targets := target ("and" target)*
//! target  := figure OP NUMBER            fallback_rate <= 0.02, mean_walls >= 4
//!          | figure "in" NUMBER ".." NUMBER   mean_solving in 4..12 (both ends included)
//! figure  := NAME                        fallback_rate, pre_solved_share, no_solution_share,
//!                                        mean_attempts, mean_solving, mean_walls,
//!                                        mean_ramps, mean_fans, mean_bumpers, mean_gears
//!          | "share" "(" CRITERIA ")"    the share of seeds whose summary meets CRITERIA
//!                                        (the criteria language of `contraption search`)
//! OP      := <= >= = == ≤ ≥
//! ```
//! A figure that is a share (the rates, the shares, `share(…)`) is a number from 0
//! to 1, and a target on it must say so (`fallback_rate <= 2` is refused: 2 is not
//! a share). Words are case-insensitive.
//!
//! **The miss** of a target is a distance, 0 when the target is met. A share
//! misses by its distance in share points (0.05 short of `>= 0.8` misses by
//! 0.05); a mean misses by its distance relative to the bound it misses (a mean of
//! 3.8 walls for `mean_walls >= 4` misses by 0.2 / 4 = 0.05), the bound taken as at
//! least 1 so a bound near 0 does not blow up. So five share points and five per
//! cent of a mean weigh alike. **The score** of a rule set is the sum of its
//! targets' misses.
//!
//! One concept a file: `figure.rs` (the figures a target can name), `bound.rs`
//! (a target's bound and its miss), `parser.rs` (text to targets, with the place
//! and what was expected on an error), `tally.rs` (a rule set's counts over a
//! seed range, the figures and the score).

mod bound;
mod figure;
mod parser;
mod tally;
#[cfg(test)]
mod tests;

pub use bound::Bound;
pub use figure::{Figure, FigureName};
pub use parser::{parse_targets, Target, Targets, TargetsError, MAX_TARGETS, MAX_TARGETS_LEN};
pub use tally::{Evaluation, Score, ShareFigure, Tally, TargetResult};
