//! The staged search: whether a seed's shipped level meets some criteria,
//! decided with the least work that gives the answer filtering its full
//! summary gives.
//!
//! The work comes in stages, cheapest first, and the criteria are asked
//! ([`Criteria::decide`]) between them:
//! 1. **layout** — every candidate the seed can draw, without physics: first
//!    its outline (the wall count and the inventory, a few draws:
//!    [`outline`](crate::generate::outline)), then its walls where the outline
//!    could meet the criteria ([`Layouts`]); any candidate could ship. When
//!    none of them can meet the criteria, the seed fails without a single step
//!    simulated;
//! 2. **generator** — the game's loop (bare runs, and sweeps until a placement
//!    solves), run lazily ([`search_loop`](crate::analysis::search_loop)): a
//!    candidate with no solving ramp in its first few placements whose answer
//!    is already known is set aside rather than swept whole, and settled only
//!    if the answer depends on it; before each candidate the loop asks whether
//!    the candidates still to come, those set aside or the fallback kept so far
//!    can still meet the criteria, and ends when they cannot, or when the
//!    shipped candidate is known. Whether a placement solves is all the game
//!    asks, so the sweeps run in the search's order
//!    ([`search_order`](crate::generate::search_order)), not the sweep's: the
//!    placements the criteria name, then the ramps the bare ball meets,
//!    likeliest to solve first (a ramp it never meets is known not to solve);
//! 3. **sweep** — the rest of the shipped level's sweep, in that order, until
//!    the criteria's answer is known: `solving = 1` stops at the second solving
//!    placement, `solves 50` once placement 50 is run (first);
//! 4. **full** — a seed that meets the criteria has its whole row computed, as
//!    [`summarize`](crate::generate::summary::summarize) makes it.
//!
//! The matches are the rows `summarize` gives, equal byte for byte, and a seed
//! fails only when its summary would fail (`tests/staged_search.rs`).

use serde::{Deserialize, Serialize};

use crate::analysis::criteria::Criteria;
use crate::analysis::layouts::Layouts;
use crate::analysis::search_loop::search_candidates;
use crate::generate::summary::SeedSummary;
use crate::rules::valid::ValidRules;

/// What a search's last line (and its record) says of the whole range.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SummaryKind {
    /// The staged search: the matches, the seeds searched and where each was
    /// decided ([`Decided`]); the scan's aggregates of the whole range are not
    /// computed (most seeds never get a full row).
    #[default]
    Fast,
    /// Every seed's full row: the scan's aggregates of the whole range too
    /// (as fast as a scan).
    Full,
}

impl SummaryKind {
    pub fn name(self) -> &'static str {
        match self {
            SummaryKind::Fast => "fast",
            SummaryKind::Full => "full",
        }
    }

    pub fn is_full(&self) -> bool {
        *self == SummaryKind::Full
    }
}

/// The stage at which a seed was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// From the candidates' layouts alone: no step simulated.
    Layout,
    /// During the generator's loop, or once the shipped candidate was known.
    Generator,
    /// Partway through the shipped level's sweep.
    Sweep,
    /// With the whole row (every match, and a failure known only at the end).
    Full,
}

/// How a seed was decided, and its row when it meets the criteria.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub stage: Stage,
    /// The seed's summary, when it meets the criteria.
    pub row: Option<SeedSummary>,
}

/// Seeds decided at each stage: where a search's work went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Decided {
    /// From the candidates' layouts alone: no step simulated.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub layout: u64,
    /// In the generator's loop, or once the shipped candidate was known.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub generator: u64,
    /// Partway through the shipped level's sweep.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub sweep: u64,
    /// With the whole row: every match, and failures known only at the end.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub full: u64,
}

impl Decided {
    pub fn add(&mut self, stage: Stage) {
        *match stage {
            Stage::Layout => &mut self.layout,
            Stage::Generator => &mut self.generator,
            Stage::Sweep => &mut self.sweep,
            Stage::Full => &mut self.full,
        } += 1;
    }

    pub fn merge(&mut self, other: &Decided) {
        self.layout += other.layout;
        self.generator += other.generator;
        self.sweep += other.sweep;
        self.full += other.full;
    }

    pub fn is_empty(&self) -> bool {
        self.seeds() == 0
    }

    pub fn seeds(&self) -> u64 {
        self.layout + self.generator + self.sweep + self.full
    }
}

/// Whether `seed`'s shipped level under `rules` meets `criteria`, decided in
/// stages (see the module). With a match, its row is
/// [`summarize`](crate::generate::summary::summarize)'s. `stop` is looked at
/// before each attempt and each sweep placement, as
/// [`summarize_until`](crate::generate::summary::summarize_until) does: once it
/// says so the answer is `None` (a seed decided without looking at it, from
/// its layouts, answers all the same).
pub fn search_seed(
    rules: &ValidRules,
    seed: u32,
    criteria: &Criteria,
    stop: impl Fn() -> bool,
) -> Option<Decision> {
    // Stage 1: every candidate's outline, walls drawn only where it could match.
    let mut layouts = Layouts::new(rules, seed, criteria);
    if layouts.first_could(0).is_none() {
        return Some(Decision {
            stage: Stage::Layout,
            row: None,
        });
    }
    // Stages 2 to 4: the generator's loop, lazily, and the shipped level's sweep.
    search_candidates(rules, seed, criteria, layouts, &stop)
}
