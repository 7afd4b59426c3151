//! A ball falling straight down, touching nothing: the step loop's steps, for a
//! few instructions each.
//!
//! A ball released from rest (the start of every run) with no fan acting on it
//! falls straight down: each step adds gravity to `vy` (and `0 × dt` to `vx`, so
//! `vx` stays zero and `x` does not move), caps the speed, and moves the ball.
//! Until its centre reaches the top of the contact box of a solid whose box spans
//! its `x`, no contact pass moves anything (the sides included, as long as `x` is
//! inside them), the pass ends after one round, and the only questions a step asks
//! are the goal, the field's exits and the rest counter. [`Compiled::fall_straight`]
//! runs exactly those steps, with the step loop's own expressions in the same
//! order, so every value is the step loop's bit for bit; it stops *before* the
//! first step that reaches such a box, touches the goal, leaves the field or comes
//! to rest, and the step loop takes over from there. A bare run spends about half
//! its steps so (seeds 0..3000, default rules: 47%).
//!
//! Tested both ways ([`Compiled::run_step_by_step`] never takes this path):
//! `generate/straight_fall_tests.rs` compares bare runs and their records under
//! rules that reach every end of a fall, and `tests/sweep_shortcut.rs` runs with
//! parts placed (fans among them) against the step loop alone.

use super::*;

impl Compiled {
    /// Commits, from step `first` on, the steps a ball falling straight down
    /// takes before anything but gravity acts on it or any step ends the run, as
    /// the step loop would take them (its probe calls and trajectory samples
    /// included), and returns the first step left for the step loop. `state` is
    /// the ball after step `first − 1`.
    #[inline]
    pub(crate) fn fall_straight<P: Probe>(
        &self,
        state: &mut State,
        first: u32,
        max_steps: u32,
        stride: u32,
        trajectory: &mut Vec<[f64; 2]>,
        probe: &mut P,
    ) -> u32 {
        let k = &self.k;
        let x = state.x;
        if !self.fans.is_empty() || state.vx != 0.0 || !(x >= k.ball_radius && x <= k.right) {
            return first;
        }
        // The top of the first contact box in the ball's way: a box whose x
        // range holds x (a contact pass tests the box first, and does nothing
        // outside it).
        let floor = self
            .solids
            .iter()
            .filter(|s| x >= s.min_x && x <= s.max_x)
            .fold(f64::INFINITY, |m, s| if s.min_y < m { s.min_y } else { m });
        let mut step = first;
        while step <= max_steps {
            let State {
                x: px,
                y: py,
                vx,
                vy,
                still,
                best,
            } = *state;
            // The step loop's forces (no fan), cap and move.
            let (vx, vy) = k.accelerate(vx, vy, 0.0, k.gravity);
            let x = px + vx * k.dt;
            let y = py + vy * k.dt;
            // A box reached (or anything not a plain number): the loop's step.
            if y.partial_cmp(&floor) != Some(std::cmp::Ordering::Less) || x != px {
                break;
            }
            let d2 = if self.path_touches_goal(px, py, x, y) {
                0.0
            } else {
                self.goal_dist2(x, y)
            };
            if d2 == 0.0 || !(y >= k.top_exit && y <= k.bottom_exit) {
                break;
            }
            let still = if vx * vx + vy * vy < k.rest_speed2 {
                still + 1
            } else {
                0
            };
            if still >= k.rest_steps {
                break;
            }
            // Nothing decided: the step is the loop's, with one contact pass.
            probe.pass(step, x, y);
            if stride > 0 && step.is_multiple_of(stride) {
                trajectory.push([x, y]);
            }
            *state = State {
                x,
                y,
                vx,
                vy,
                still,
                best: if d2 < best { d2 } else { best },
            };
            probe.step(*state);
            step += 1;
        }
        step
    }
}
