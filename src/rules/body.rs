//! The solid a placed part makes, with the part sizes of the rules.

use crate::base::geometry::Vec2;
use crate::rules::value::PartsSection;
use crate::world::model::{Body, PartKind, Placement};

impl Placement {
    /// The solid body the ball collides with, with the part geometry of `parts`
    /// (the rules' `parts` section).
    pub fn body(&self, parts: &PartsSection) -> Body {
        let c = Vec2::new(self.x, self.y);
        match self.part {
            PartKind::Ramp => {
                let d = self.direction();
                let h = parts.ramp.length / 2.0;
                Body {
                    a: Vec2::new(c.x - d.x * h, c.y - d.y * h),
                    b: Vec2::new(c.x + d.x * h, c.y + d.y * h),
                    radius: parts.ramp.radius,
                }
            }
            PartKind::Fan => {
                // The housing is perpendicular to the blowing direction.
                let d = self.direction();
                let h = parts.fan.housing / 2.0;
                Body {
                    a: Vec2::new(c.x + d.y * h, c.y - d.x * h),
                    b: Vec2::new(c.x - d.y * h, c.y + d.x * h),
                    radius: parts.fan.radius,
                }
            }
            PartKind::Bumper => Body {
                a: c,
                b: c,
                radius: parts.bumper.radius,
            },
            PartKind::Gear => Body {
                a: c,
                b: c,
                radius: parts.gear.radius,
            },
        }
    }
}
