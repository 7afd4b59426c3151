//! A proof, from one state of the ball, that it can no longer reach the goal: the
//! ball is flying free of every solid, and stays so until it leaves the field.
//!
//! Used only where a run's one answer is "goal or not" (the summaries' solving
//! placements, [`super::PartRunner::reaches_goal`]): a run proven here ends early
//! as "not goal", and its steps and closest approach are not computed.
//!
//! **Why it is sound.** Assume no fan acts on the ball (there is none), gravity is
//! positive and the sides' restitution is at most 1. As long as the ball touches no
//! solid, each step is: `vy += g·dt`, `y += vy·dt`, `x += vx·dt`, and the sides,
//! which stop `x` at the side and can only reverse and shrink `vx`. If the speed can
//! never exceed the cap before the ball leaves the field (checked below with the
//! largest `|vy|` of the flight: `vy` only grows, so it peaks at one end), no step
//! rescales the velocity, so after `n` steps:
//! - `y` is where the exact parabola `y + vy·dt·n + g·dt²·n(n+1)/2` puts it, give
//!   or take rounding (under 1e-8 over the whole budget), and
//! - `x` has travelled `d = |vx|·n·dt` at most, in `vx`'s direction: it is at
//!   `x ± d` until it meets that side, and after it between the side and the side
//!   mirrored (`2·side − x ∓ d`): the way back is no faster, and the side stops the
//!   ball where a mirror would have carried it on.
//!
//! For each box the ball could meet — every solid's contact box (the only place
//! where [`super::contact`] does anything) and the goal box — take the steps during
//! which `y` may be within the box's height: from the last step at which `y` is
//! surely above its top to the first from which `y` is surely below its bottom for
//! good (the parabola's roots, widened by two steps for rounding and one more so
//! that every path segment into or out of the box's height counts). If the range
//! of `x` over those steps (widened by a margin of 1e-6, far above the rounding)
//! misses the box, the ball passes beside it. A box the parabola's top never comes
//! up to is never met. So, by induction over the steps, no contact happens, the
//! first assumption keeps holding, no path segment touches the goal box, and the
//! run ends out of the field or out of steps: never in the goal.
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
    pub(crate) fn falls_clear(&self, x: f64, y: f64, vx: f64, vy: f64) -> bool {
        let k = &self.k;
        let assumed = self.fans.is_empty()
            && k.gravity > 0.0
            && k.side_restitution <= 1.0
            && x.is_finite()
            && y.is_finite()
            && vx.is_finite()
            && vy.is_finite();
        if !assumed {
            return false;
        }
        let g_step = k.gravity * k.dt;
        // y after n steps, exactly: y + b·n + a·n², with a = g·dt²/2, b = vy·dt + a.
        let a = g_step * k.dt / 2.0;
        let b = vy * k.dt + a;
        // The parabola against `level` (y grows downward): `None` when its top stays
        // below `level`, else the larger root, the step after which y is below
        // `level` for good (NaN or huge: unknown, infinite).
        let crossing = |level: f64| -> Option<f64> {
            let c = y - level;
            let disc = b * b - 4.0 * a * c;
            if c > 0.0 && (b >= 0.0 || disc < 0.0) {
                return None;
            }
            // The larger root; for b ≥ 0 written without `-b + √disc`, which cancels
            // (to about 0 steps) when b is huge against a — a fast ball under tiny
            // gravity — and would prove boxes ahead of the ball out of its reach.
            let root = if b >= 0.0 {
                (-2.0 * c) / (b + disc.sqrt())
            } else {
                (-b + disc.sqrt()) / (2.0 * a)
            };
            Some(if root.is_nan() || root >= 1e6 {
                f64::INFINITY
            } else {
                root
            })
        };
        // Rounded up (truncating and adding one: no libm call), plus slack.
        let after = |root: f64| (root as u32) as f64 + 1.0 + SLACK;
        // No step rescales the velocity before the ball leaves the field.
        let Some(exit) = crossing(k.bottom_exit + MARGIN).map(after) else {
            return false;
        };
        if exit.is_infinite() {
            return false;
        }
        let vy_end = vy + (exit + 1.0) * g_step;
        let vy2 = if vy * vy > vy_end * vy_end {
            vy * vy
        } else {
            vy_end * vy_end
        };
        if vx * vx + vy2 >= k.max_speed2 * (1.0 - 1e-9) {
            return false;
        }
        let speed = vx.abs() * k.dt;
        let (left, right) = (k.ball_radius, k.right);
        // x over the steps in which the ball travels between `near` and `far`
        // (distances already widened for rounding): [lo, hi].
        let span = |near: f64, far: f64| -> (f64, f64) {
            if vx > 0.0 {
                if x + far <= right {
                    (x + near, x + far)
                } else {
                    let back = 2.0 * right - x - far;
                    (if back < x + near { back } else { x + near }, right)
                }
            } else if vx < 0.0 {
                if x - far >= left {
                    (x - far, x - near)
                } else {
                    let back = 2.0 * left - x + far;
                    (left, if back > x - near { back } else { x - near })
                }
            } else {
                (x, x)
            }
        };
        let apart = |(lo, hi): (f64, f64), x0: f64, x1: f64| {
            hi + MARGIN < x0 - MARGIN || lo - MARGIN > x1 + MARGIN
        };
        // x over the whole flight: a box beside it needs no more.
        let flight = span(-MARGIN, speed * exit * (1.0 + 1e-9) + MARGIN);
        // Whether the ball misses the box [x0, x1] × [top, bottom].
        let misses = |x0: f64, x1: f64, top: f64, bottom: f64| -> bool {
            if apart(flight, x0, x1) {
                return true;
            }
            let Some(past) = crossing(bottom + MARGIN) else {
                return true;
            };
            if past.is_infinite() {
                return false;
            }
            let last = after(past);
            // The last step with y surely above the top (0 when it may be in already).
            let first = match crossing(top - MARGIN) {
                Some(r) if y < top - MARGIN && r.is_finite() => {
                    let f = (r as u32) as f64 - SLACK - 1.0;
                    if f > 0.0 {
                        f
                    } else {
                        0.0
                    }
                }
                _ => 0.0,
            };
            let near = speed * first * (1.0 - 1e-9) - MARGIN;
            let far = speed * last * (1.0 + 1e-9) + MARGIN;
            apart(span(near, far), x0, x1)
        };
        misses(
            self.goal_cx - self.goal_hw,
            self.goal_cx + self.goal_hw,
            self.goal_cy - self.goal_hh,
            self.goal_cy + self.goal_hh,
        ) && self
            .solids
            .iter()
            .all(|s: &Solid| misses(s.min_x, s.max_x, s.min_y, s.max_y))
    }
}
