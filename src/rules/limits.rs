//! The bounds every rule set keeps: how many parts, sweep placements, steps and
//! attempts a rule set may ask for, so that one seed's work stays bounded.

pub use crate::world::model::MAX_WALLS;

/// Most parts of one kind a level may grant.
pub const MAX_PART_COUNT: u32 = 16;
/// Most values in `sweep.xs` or `sweep.ys`.
pub const MAX_SWEEP_POSITIONS: usize = 64;
/// Most values in `sweep.angles`.
pub const MAX_SWEEP_ANGLES: usize = 16;
/// Most placements in one sweep (`xs × ys × angles`).
pub const MAX_SWEEP_SIZE: usize = 1024;
/// Most steps of one simulation.
pub const MAX_STEP_BUDGET: u32 = 100_000;
/// Most candidates the generator may draw for one seed.
pub const MAX_ATTEMPTS_CAP: u32 = 1_000;
/// Bound on the work of one seed: `max_attempts × (sweep size + 1) × max_steps`
/// simulated steps at the very worst (2^30; the default rules: 8,352,000).
pub const MAX_STEPS_PER_SEED: u64 = 1 << 30;
