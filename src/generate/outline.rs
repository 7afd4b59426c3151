//! A candidate's outline: how many walls it draws and its inventory, read from
//! the mulberry32 stream without drawing the walls' geometry.
//!
//! A draw only adds the increment to the stream's state before it scrambles it,
//! so the stream can jump over draws in one multiply ([`Mulberry32::skip`]).
//! Each wall takes the same number of draws whatever it turns out to be (one
//! per value of its that is not fixed by the rules, dropped walls included), so
//! the inventory, drawn after the walls, and the next candidate's start are
//! known from the wall count alone. A search whose criteria ask about walls or
//! the inventory reads all of a seed's outlines first — about seven draws a
//! candidate instead of twenty-seven, no trigonometry, no clearance tests — and
//! draws a candidate's walls only when its outline could meet them, or when the
//! generator's loop reaches it ([`Outline::world`]).
//!
//! What the outline knows is exact but for the walls: of the `walls_drawn`
//! walls drawn, the kept ones are known only once the geometry is drawn (any
//! number from none to all of them).

use crate::generate::draws::{NoTap, Site};
use crate::generate::generator::{count, draw_candidate, draw_inventory};
use crate::rules::value::Rules;
use crate::seed::rng::Mulberry32;
use crate::world::model::{Inventory, World};

/// A candidate known from its outline draws alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outline {
    /// The stream where the candidate's first draw is taken.
    pub start: Mulberry32,
    /// Walls drawn: those kept are some of them (dropped ones still take draws).
    pub walls_drawn: u32,
    pub inventory: Inventory,
}

/// Draws a candidate's outline from `rng` and leaves `rng` where
/// [`draw_candidate`] would leave it: at the next candidate's first draw.
pub fn draw_outline(rules: &Rules, rng: &mut Mulberry32) -> Outline {
    let start = *rng;
    let unfixed = |fixed: bool| u32::from(!fixed);
    rng.skip(
        unfixed(rules.ball.start_x.is_fixed())
            + unfixed(rules.goal.x.is_fixed())
            + unfixed(rules.goal.y.is_fixed()),
    );
    let w = &rules.walls;
    let walls_drawn = count(rng, &mut NoTap, Site::WallsCount, w.count);
    let per_wall = unfixed(w.center_x.is_fixed())
        + unfixed(w.center_y.is_fixed())
        + unfixed(w.length.is_fixed())
        + unfixed(w.angle.is_fixed());
    rng.skip(walls_drawn.wrapping_mul(per_wall));
    Outline {
        start,
        walls_drawn,
        inventory: draw_inventory(rules, rng, &mut NoTap),
    }
}

impl Outline {
    /// The whole candidate, drawn from its start: [`draw_candidate`]'s world.
    pub fn world(&self, rules: &Rules) -> World {
        draw_candidate(rules, &mut self.start.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::value::{CountRange, RealRange};
    use proptest::prelude::*;

    /// Rules whose ranges are fixed or not, as `fixed`'s bits say.
    fn rules_with(fixed: u16, walls: (u32, u32)) -> Rules {
        let mut r = Rules::default();
        let pin = |bit: u16, range: &mut RealRange| {
            if fixed & (1 << bit) != 0 {
                range.max = range.min;
            }
        };
        pin(0, &mut r.ball.start_x);
        pin(1, &mut r.goal.x);
        pin(2, &mut r.goal.y);
        pin(3, &mut r.walls.center_x);
        pin(4, &mut r.walls.center_y);
        pin(5, &mut r.walls.length);
        pin(6, &mut r.walls.angle);
        r.walls.count = CountRange::new(walls.0, walls.1);
        let counts = [
            &mut r.parts.ramp.count,
            &mut r.parts.fan.count,
            &mut r.parts.bumper.count,
            &mut r.parts.gear.count,
        ];
        for (bit, c) in (7..).zip(counts) {
            if fixed & (1 << bit) != 0 {
                c.max = c.min;
            } else if c.max == c.min {
                c.max = c.min + 2;
            }
        }
        r
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Outlines read one after the other are the candidates drawn one after
        /// the other: the same inventories, at least as many walls drawn as
        /// kept, the same world drawn from each outline's start, the stream left
        /// at the same place.
        #[test]
        fn outlines_follow_the_candidates_drawn(
            seed in any::<u32>(),
            fixed in any::<u16>(),
            lo in 0u32..4,
            extra in 0u32..4,
        ) {
            let rules = rules_with(fixed, (lo, lo + extra));
            let mut drawn = Mulberry32::new(seed);
            let mut outlined = Mulberry32::new(seed);
            for _ in 0..12 {
                let before = drawn;
                let world = draw_candidate(&rules, &mut drawn);
                let outline = draw_outline(&rules, &mut outlined);
                prop_assert_eq!(outline.start, before);
                prop_assert_eq!(outlined, drawn);
                prop_assert_eq!(outline.inventory, world.inventory);
                prop_assert!(world.walls.len() as u32 <= outline.walls_drawn);
                prop_assert!(rules.walls.count.min <= outline.walls_drawn);
                prop_assert!(outline.walls_drawn <= rules.walls.count.max);
                prop_assert_eq!(outline.world(&rules), world);
            }
        }
    }

    #[test]
    fn under_the_default_rules_seed_42_s_first_outline_is_its_first_candidate() {
        let rules = Rules::default();
        let outline = draw_outline(&rules, &mut Mulberry32::new(42));
        let world = draw_candidate(&rules, &mut Mulberry32::new(42));
        assert_eq!(outline.inventory, world.inventory);
        // Every wall of seed 42's first candidate is kept.
        assert_eq!(outline.walls_drawn, world.walls.len() as u32);
    }
}
