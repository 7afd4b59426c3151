//! The solids of a compiled world, prepared for the inner loop: capsules with
//! their materials, fan fields, and the constants the step loop reads.

use super::*;

/// A solid capsule prepared for the inner loop.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Solid {
    pub(crate) ax: f64,
    pub(crate) ay: f64,
    pub(crate) dx: f64,
    pub(crate) dy: f64,
    /// 1 / |b - a|², or 0 for a point (a disc).
    pub(crate) inv_len2: f64,
    /// Contact distance: ball radius + the solid's radius.
    pub(crate) reach: f64,
    /// Bounding box of the contact region, for a cheap early out (the two lower
    /// bounds side by side, then the two upper ones, so the test can compare a
    /// pair at a time).
    pub(crate) min_x: f64,
    pub(crate) min_y: f64,
    pub(crate) max_x: f64,
    pub(crate) max_y: f64,
    pub(crate) restitution: f64,
    pub(crate) friction: f64,
    /// Minimum outgoing normal speed after an impact (bumpers), else 0.
    pub(crate) kick: f64,
    /// Signed speed of the surface (gears: + clockwise, − counter-clockwise), else 0.
    /// The surface moves along the normal turned a quarter clockwise, `(−n.y, n.x)`.
    pub(crate) spin: f64,
}

/// How a solid's surface treats the ball.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Material {
    pub(crate) restitution: f64,
    pub(crate) friction: f64,
    pub(crate) kick: f64,
    pub(crate) spin: f64,
}

impl Material {
    pub(crate) fn plain(restitution: f64, friction: f64) -> Self {
        Self {
            restitution,
            friction,
            kick: 0.0,
            spin: 0.0,
        }
    }
}

impl Solid {
    pub(crate) fn capsule(a: Vec2, b: Vec2, radius: f64, ball_radius: f64, m: Material) -> Self {
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let len2 = dx * dx + dy * dy;
        let reach = ball_radius + radius;
        let [min_x, max_x, min_y, max_y] = Self::contact_box(a, b, reach);
        Self {
            ax: a.x,
            ay: a.y,
            dx,
            dy,
            inv_len2: if len2 > 0.0 { 1.0 / len2 } else { 0.0 },
            reach,
            min_x,
            max_x,
            min_y,
            max_y,
            restitution: m.restitution,
            friction: m.friction,
            kick: m.kick,
            spin: m.spin,
        }
    }
}

impl Solid {
    /// The box `[min_x, max_x, min_y, max_y]` of the contact region of a
    /// capsule from `a` to `b` whose contact distance is `reach`, as
    /// [`Solid::capsule`] stores it.
    #[inline]
    pub(crate) fn contact_box(a: Vec2, b: Vec2, reach: f64) -> [f64; 4] {
        [
            a.x.min(b.x) - reach,
            a.x.max(b.x) + reach,
            a.y.min(b.y) - reach,
            a.y.max(b.y) + reach,
        ]
    }
}

/// A fan's force field prepared for the inner loop.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FanField {
    pub(crate) ox: f64,
    pub(crate) oy: f64,
    pub(crate) dirx: f64,
    pub(crate) diry: f64,
}

/// The rules the step loop reads, copied out of the rules (sums and squares
/// computed once, in the order the loop used to compute them).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Consts {
    pub(crate) gravity: f64,
    pub(crate) dt: f64,
    pub(crate) max_speed: f64,
    pub(crate) max_speed2: f64,
    pub(crate) fan_reach: f64,
    pub(crate) fan_half_width: f64,
    pub(crate) fan_accel: f64,
    pub(crate) ball_radius: f64,
    /// `field.width − ball.radius`: the highest x of the ball's centre.
    pub(crate) right: f64,
    pub(crate) side_restitution: f64,
    pub(crate) slop: f64,
    pub(crate) passes: u32,
    pub(crate) bounce_threshold: f64,
    /// `ball.radius − slop` and `field.width − ball.radius + slop`: a centre
    /// outside these is inside a side.
    pub(crate) inner_left: f64,
    pub(crate) inner_right: f64,
    pub(crate) top_exit: f64,
    /// `field.height + ball.radius`.
    pub(crate) bottom_exit: f64,
    pub(crate) rest_speed2: f64,
    pub(crate) rest_steps: u32,
    pub(crate) max_steps: u32,
}

impl Consts {
    pub(crate) fn new(rules: &ValidRules) -> Self {
        let r = rules.rules();
        let ball_radius = r.ball.radius;
        let slop = r.physics.contact_slop;
        let width = r.field.width;
        Self {
            gravity: r.physics.gravity,
            dt: r.dt(),
            max_speed: r.physics.max_speed,
            max_speed2: r.physics.max_speed * r.physics.max_speed,
            fan_reach: r.parts.fan.reach,
            fan_half_width: r.parts.fan.half_width,
            fan_accel: r.parts.fan.accel,
            ball_radius,
            right: width - ball_radius,
            side_restitution: r.field.side_restitution,
            slop,
            passes: r.physics.contact_passes,
            bounce_threshold: r.physics.bounce_threshold,
            inner_left: ball_radius - slop,
            inner_right: width - ball_radius + slop,
            top_exit: r.simulation.top_exit_y,
            bottom_exit: r.field.height + ball_radius,
            rest_speed2: r.simulation.rest_speed * r.simulation.rest_speed,
            rest_steps: r.simulation.rest_steps,
            max_steps: r.simulation.max_steps,
        }
    }

    /// A step's velocity from `(vx, vy)` under the acceleration `(ax, ay)`:
    /// `v += a·dt`, then capped at the top speed. The one place the step loop
    /// and the straight fall compute it, so both give the same bits.
    #[inline(always)]
    pub(crate) fn accelerate(&self, vx: f64, vy: f64, ax: f64, ay: f64) -> (f64, f64) {
        let (mut vx, mut vy) = (vx + ax * self.dt, vy + ay * self.dt);
        let speed2 = vx * vx + vy * vy;
        if speed2 > self.max_speed2 {
            let s = self.max_speed / speed2.sqrt();
            vx *= s;
            vy *= s;
        }
        (vx, vy)
    }
}

impl Solid {
    /// Offset from the closest point of the solid's segment to `(x, y)`, and its
    /// squared length. `t = clamp(((p − a)·d) × (1 / |d|²), 0, 1)`.
    #[inline]
    pub(crate) fn offset(&self, x: f64, y: f64) -> (f64, f64, f64) {
        let t =
            (((x - self.ax) * self.dx + (y - self.ay) * self.dy) * self.inv_len2).clamp(0.0, 1.0);
        let ex = x - (self.ax + t * self.dx);
        let ey = y - (self.ay + t * self.dy);
        (ex, ey, ex * ex + ey * ey)
    }
}

impl Solid {
    /// Whether a ball centred at `(x, y)` is within contact distance: exactly the
    /// test [`contact`] starts with (its bounding box, then the distance).
    #[inline]
    pub(crate) fn touches(&self, x: f64, y: f64) -> bool {
        if x < self.min_x || x > self.max_x || y < self.min_y || y > self.max_y {
            return false;
        }
        let (_, _, d2) = self.offset(x, y);
        // As `contact` writes it (NaN would count as touching there too).
        if d2 >= self.reach * self.reach {
            return false;
        }
        true
    }
}
