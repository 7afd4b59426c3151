//! A proof, from one state of the ball, that it can no longer reach the goal: the
//! ball is falling free of every solid, and stays so until it leaves the field.
//!
//! Used only where a run's one answer is "goal or not" (the summaries' solving
//! placements, [`super::PartRunner::reaches_goal`]): a run proven here ends early
//! as "not goal", and its steps and closest approach are not computed.
//!
//! **Why it is sound.** Assume no fan acts on the ball (there is none), gravity is
//! positive, the sides' restitution is at most 1, and the ball moves down or
//! sideways (`vy ≥ 0`). As long as the ball touches no solid, each step is: `vy +=
//! g·dt` (so `vy` only grows and stays ≥ 0; `y` never decreases, as `y + vy·dt`
//! rounds to at least `y`), `x += vx·dt`, and the sides, which can only reverse and
//! shrink `vx`. If the speed can never exceed the cap before the ball leaves the
//! field (checked below with the largest `vy` the fall can reach), no step rescales
//! the velocity, so:
//! - after `n` steps `x` is within `|vx|·n·dt` of where it was (the sides fold the
//!   path, which only shortens the distance), and
//! - `y` is at least where the exact parabola `y + vy·dt·n + g·dt²·n(n+1)/2` puts
//!   it, give or take rounding of about 1e-11 over the whole budget.
//!
//! For each box the ball could meet — every solid's contact box (the only place
//! where [`super::contact`] does anything) and the goal box — take the first step
//! `n` at which `y` is surely below the box (the parabola's root, plus two steps for
//! rounding). Until then the ball is within `|vx|·n·dt` of its `x`; if that range
//! (widened by a margin of 1e-6, far above the rounding) misses the box, the ball
//! passes beside the box and then below it. A box wholly above the ball is never
//! met again. So, by induction over the steps, no contact happens, the first
//! assumption keeps holding, no path segment touches the goal box, and the run
//! ends out of the field or out of steps: never in the goal.
//!
//! `tests/sweep_shortcut.rs` checks it against the plain step loop: from every
//! state of many runs where the proof holds, the plain run does not reach the goal.

use super::{Compiled, Solid};

/// Margin, in world units, for every comparison of the proof.
const MARGIN: f64 = 1e-6;
/// Steps added to each computed crossing (rounded up), for rounding.
const SLACK: f64 = 2.0;

impl Compiled {
    /// Whether the ball at `(x, y)` moving at `(vx, vy)` after a step can surely no
    /// longer reach the goal (see the module's proof). `false` proves nothing.
    pub(super) fn falls_clear(&self, x: f64, y: f64, vx: f64, vy: f64) -> bool {
        let k = &self.k;
        let assumed = self.fans.is_empty()
            && vy >= 0.0
            && k.gravity > 0.0
            && k.side_restitution <= 1.0
            && x.is_finite()
            && y.is_finite()
            && vx.is_finite();
        if !assumed {
            return false;
        }
        let g_step = k.gravity * k.dt;
        // y after n steps, exactly: y + b·n + a·n², with a = g·dt²/2, b = vy·dt + a.
        let a = g_step * k.dt / 2.0;
        let b = vy * k.dt + a;
        // The first step (rounded up, plus slack) by which y is surely past `level`.
        let steps_past = |level: f64| -> f64 {
            let c = y - level;
            if c > 0.0 {
                return 0.0;
            }
            // The root, rounded up (truncating and adding one: no libm call).
            let root = (-b + (b * b - 4.0 * a * c).sqrt()) / (2.0 * a);
            if root.is_nan() || root >= 1e6 {
                return f64::INFINITY;
            }
            (root as u32) as f64 + 1.0 + SLACK
        };
        // No step rescales the velocity before the ball leaves the field.
        let exit = steps_past(k.bottom_exit + MARGIN);
        let vy_max = vy + (exit + 1.0) * g_step;
        let under_cap = vx * vx + vy_max * vy_max < k.max_speed2 * (1.0 - 1e-9);
        if !under_cap {
            return false;
        }
        let misses = |x0: f64, x1: f64, bottom: f64| -> bool {
            if bottom + MARGIN < y {
                return true;
            }
            let reach = vx.abs() * steps_past(bottom + MARGIN) * k.dt * (1.0 + 1e-9) + MARGIN;
            x + reach < x0 - MARGIN || x - reach > x1 + MARGIN
        };
        misses(
            self.goal_cx - self.goal_hw,
            self.goal_cx + self.goal_hw,
            self.goal_cy + self.goal_hh,
        ) && self
            .solids
            .iter()
            .all(|s: &Solid| misses(s.min_x, s.max_x, s.max_y))
    }
}
