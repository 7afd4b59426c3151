//! `simulate`: the one set of rules that judges the player's machine and audits
//! every level at generation time.
//!
//! A fixed-step integrator: each step adds gravity and fan forces to the velocity,
//! caps the speed, moves the ball, then resolves contacts against every solid in a
//! fixed order (the two sides of the field, walls in world order, then placed parts
//! in placement order). Only IEEE basic operations and `sqrt` run here; the one
//! trigonometric call per placement happens in [`Placement::body`] through `libm`.
//!
//! Every constant comes from the rules: [`Compiled::new`] copies the ones the step
//! loop needs out of a [`ValidRules`] (with their squares and sums precomputed), so
//! the loop reads them from the compiled world as it used to read constants.

use serde::{Deserialize, Serialize};

use crate::base::geometry::{Aabb, Vec2};
use crate::rules::valid::ValidRules;
use crate::rules::value::PartsSection;
use crate::world::model::{Body, PartKind, Placement, World};
mod bare;
mod compiled;
mod contact;
mod free_fall;
mod part_runner;
mod probe;
mod solid;
mod step;
mod straight_fall;
mod types;

pub use bare::BareTrace;
pub use compiled::Compiled;
pub use part_runner::{Meets, PartRunner};
pub(crate) use probe::*;
pub use types::{Outcome, SimOptions, SimResult};

use contact::*;
use solid::*;

/// Simulates the ball in `world` with `placements` under `rules`. Placements are
/// not checked against the rules here (see [`crate::rules::legal::check_placements`]):
/// tooling may simulate anything.
pub fn simulate(
    rules: &ValidRules,
    world: &World,
    placements: &[Placement],
    options: &SimOptions,
) -> SimResult {
    let mut c = Compiled::new(rules, world);
    for p in placements {
        c.add(p);
    }
    c.run(options)
}
