//! A world compiled for simulation under some rules: its solids and constants,
//! built once, with parts added one at a time.

use super::*;

/// A world compiled for simulation under some rules. Build it once and run it many
/// times; the generator's sweep adds one ramp to a compiled world per placement.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub(crate) k: Consts,
    pub(crate) parts: PartsSection,
    pub(crate) start: Vec2,
    pub(crate) goal_cx: f64,
    pub(crate) goal_cy: f64,
    pub(crate) goal_hw: f64,
    pub(crate) goal_hh: f64,
    pub(crate) solids: Vec<Solid>,
    pub(crate) fans: Vec<FanField>,
}

impl Compiled {
    pub fn new(rules: &ValidRules, world: &World) -> Self {
        let k = Consts::new(rules);
        let walls = &rules.walls;
        let mut solids = Vec::with_capacity(world.walls.len() + 2);
        for w in &world.walls {
            solids.push(Solid::capsule(
                w.a,
                w.b,
                walls.radius,
                k.ball_radius,
                Material::plain(walls.restitution, walls.friction),
            ));
        }
        Self {
            k,
            parts: rules.parts,
            start: world.ball,
            goal_cx: world.goal.center.x,
            goal_cy: world.goal.center.y,
            goal_hw: world.goal.width / 2.0,
            goal_hh: world.goal.height / 2.0,
            solids,
            fans: Vec::new(),
        }
    }

    /// Adds a placed part's body (and, for a fan, its force field). A gear without
    /// a spin stands still.
    pub fn add(&mut self, p: &Placement) {
        let solid = self.solid_of(p);
        self.push_part(p, solid);
    }

    /// The solid a placed part adds.
    pub(crate) fn solid_of(&self, p: &Placement) -> Solid {
        self.solid_of_body(p, p.body(&self.parts))
    }

    /// [`Compiled::solid_of`] with the part's body (`p.body(&parts)`) given.
    pub(crate) fn solid_of_body(&self, p: &Placement, body: Body) -> Solid {
        let parts = &self.parts;
        let material = match p.part {
            PartKind::Ramp => Material::plain(parts.ramp.restitution, parts.ramp.friction),
            PartKind::Fan => Material::plain(parts.fan.restitution, parts.fan.friction),
            PartKind::Bumper => Material {
                kick: parts.bumper.kick,
                ..Material::plain(parts.bumper.restitution, parts.bumper.friction)
            },
            PartKind::Gear => Material {
                spin: p.spin.map_or(0.0, |s| s.sign() * parts.gear.surface_speed),
                ..Material::plain(parts.gear.restitution, parts.gear.friction)
            },
        };
        Solid::capsule(body.a, body.b, body.radius, self.k.ball_radius, material)
    }

    pub(crate) fn push_part(&mut self, p: &Placement, solid: Solid) {
        self.solids.push(solid);
        if p.part == PartKind::Fan {
            let d = p.direction();
            self.fans.push(FanField {
                ox: p.x,
                oy: p.y,
                dirx: d.x,
                diry: d.y,
            });
        }
    }
}
