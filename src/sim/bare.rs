//! The bare run's trace: the ball at every contact pass and after every step, so
//! a run with one more part replays the bare run up to the part's first touch.

use super::*;

/// A bare run recorded by [`Compiled::run_traced`]: the ball at every contact pass
/// (where a part added last would meet it) and after every step.
#[derive(Debug, Clone, PartialEq)]
pub struct BareTrace {
    pub(crate) max_steps: u32,
    pub(crate) outcome: Outcome,
    pub(crate) steps: u32,
    pub(crate) closest: f64,
    pub(crate) start: State,
    /// The ball after steps `1..steps`, and where it ended.
    pub(crate) states: Vec<State>,
    pub(crate) end: [f64; 2],
    pub(crate) probes: Vec<ProbePoint>,
    pub(crate) chunks: Vec<Chunk>,
    /// The box of every probe point: of all the chunks.
    pub(crate) bounds: Chunk,
    /// Solids of the world traced, to refuse a trace of another world.
    pub(crate) solids: usize,
}

impl BareTrace {
    /// The first step at which the ball, on the bare path, comes within `solid`'s
    /// contact distance in some contact pass: the test `contact` starts with.
    pub(crate) fn first_touch(&self, s: &Solid) -> Option<u32> {
        if self.misses_box([s.min_x, s.max_x, s.min_y, s.max_y]) {
            return None;
        }
        for (i, c) in self.chunks.iter().enumerate() {
            if c.max_x < s.min_x || c.min_x > s.max_x || c.max_y < s.min_y || c.min_y > s.max_y {
                continue;
            }
            let end = ((i + 1) * CHUNK).min(self.probes.len());
            for p in &self.probes[i * CHUNK..end] {
                if s.touches(p.x, p.y) {
                    return Some(p.step);
                }
            }
        }
        None
    }

    /// Whether every point where the bare ball was at a contact pass is outside
    /// the box `[min_x, max_x, min_y, max_y]` by the test [`BareTrace::first_touch`]
    /// starts each chunk with: then no solid with that contact box is ever
    /// touched (each chunk's box lies within the bounds).
    pub(crate) fn misses_box(&self, [min_x, max_x, min_y, max_y]: [f64; 4]) -> bool {
        let b = &self.bounds;
        b.max_x < min_x || b.min_x > max_x || b.max_y < min_y || b.min_y > max_y
    }

    /// The ball's position after `step` (0: the start).
    /// The ball after step `step − 1` (its start for step 1), where a run that
    /// first differs from the bare run at `step` continues from.
    pub(crate) fn state_before(&self, step: u32) -> State {
        if step == 1 {
            self.start
        } else {
            self.states[step as usize - 2]
        }
    }

    pub(crate) fn position(&self, step: u32) -> [f64; 2] {
        if step == 0 {
            [self.start.x, self.start.y]
        } else if step == self.steps {
            self.end
        } else {
            let s = &self.states[step as usize - 1];
            [s.x, s.y]
        }
    }

    /// The trajectory a run sampling every `stride` steps records up to `upto`,
    /// with the final position when `last` (as a run that ends at `upto` adds).
    pub(crate) fn trajectory(&self, upto: u32, stride: u32, last: bool) -> Vec<[f64; 2]> {
        if stride == 0 {
            return Vec::new();
        }
        let mut t = Vec::with_capacity((upto / stride) as usize + 2);
        t.push(self.position(0));
        let mut step = stride;
        while step <= upto {
            t.push(self.position(step));
            step += stride;
        }
        if last && !upto.is_multiple_of(stride) {
            t.push(self.position(upto));
        }
        t
    }
}
