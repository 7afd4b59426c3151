//! What the step loop reports as it goes: the ball's state, and the probes that
//! watch it (none, goal only, the recorder of a bare run).

/// The ball between two steps: what the step loop carries from one step to the next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct State {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) vx: f64,
    pub(crate) vy: f64,
    /// Consecutive steps slower than the rest speed.
    pub(crate) still: u32,
    /// Smallest squared distance to the goal so far.
    pub(crate) best: f64,
}

/// What the step loop reports as it runs (nothing, in a plain run: the calls
/// compile away).
pub(crate) trait Probe {
    /// Whether only "goal or not" is asked: the loop may then end a run as `Out`
    /// as soon as [`Compiled::falls_clear`] proves it cannot reach the goal.
    const GOAL_ONLY: bool = false;
    /// Whether the step loop may take a straight fall's steps the cheap way
    /// ([`Compiled::fall_straight`](super::Compiled::fall_straight): the same steps, bit for bit). Goal-only
    /// runs start in contact and ask their own questions of every step.
    const STRAIGHT_FALL: bool = !Self::GOAL_ONLY;
    /// The ball after a contact pass of `step`.
    #[inline(always)]
    fn pass(&mut self, _step: u32, _x: f64, _y: f64) {}
    /// The ball after a step that decided nothing.
    #[inline(always)]
    fn step(&mut self, _state: State) {}
    /// Where the ball ended.
    #[inline(always)]
    fn end(&mut self, _x: f64, _y: f64) {}
}

pub(crate) struct NoProbe;

impl Probe for NoProbe {}

/// [`NoProbe`] for runs whose one answer is whether the ball reaches the goal.
pub(crate) struct GoalOnly;

impl Probe for GoalOnly {
    const GOAL_ONLY: bool = true;
}

/// `P`, with every step taken through the step loop: the reference the straight
/// fall's shortcut is tested against.
pub(crate) struct StepByStep<'a, P>(pub(crate) &'a mut P);

impl<P: Probe> Probe for StepByStep<'_, P> {
    const GOAL_ONLY: bool = P::GOAL_ONLY;
    const STRAIGHT_FALL: bool = false;
    #[inline(always)]
    fn pass(&mut self, step: u32, x: f64, y: f64) {
        self.0.pass(step, x, y)
    }
    #[inline(always)]
    fn step(&mut self, state: State) {
        self.0.step(state)
    }
    #[inline(always)]
    fn end(&mut self, x: f64, y: f64) {
        self.0.end(x, y)
    }
}

/// Where the ball was at one contact pass of a bare run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ProbePoint {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) step: u32,
}

/// The bounding box of [`CHUNK`] consecutive probe points, so a part far from a
/// stretch of the path skips it with four comparisons.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Chunk {
    pub(crate) min_x: f64,
    pub(crate) max_x: f64,
    pub(crate) min_y: f64,
    pub(crate) max_y: f64,
}

/// Probe points per [`Chunk`].
pub(crate) const CHUNK: usize = 32;

#[derive(Default)]
pub(crate) struct Recorder {
    pub(crate) end: [f64; 2],
    pub(crate) states: Vec<State>,
    pub(crate) probes: Vec<ProbePoint>,
    pub(crate) chunks: Vec<Chunk>,
}

impl Chunk {
    /// The box of no point.
    pub(crate) const EMPTY: Chunk = Chunk {
        min_x: f64::INFINITY,
        max_x: f64::NEG_INFINITY,
        min_y: f64::INFINITY,
        max_y: f64::NEG_INFINITY,
    };

    /// The box of both.
    pub(crate) fn union(&self, o: &Chunk) -> Chunk {
        Chunk {
            min_x: self.min_x.min(o.min_x),
            max_x: self.max_x.max(o.max_x),
            min_y: self.min_y.min(o.min_y),
            max_y: self.max_y.max(o.max_y),
        }
    }
}

impl Recorder {
    /// A recorder with room for the typical bare run (a few hundred steps, of
    /// at most `max_steps`) without growing.
    pub(crate) fn with_capacity(max_steps: u32) -> Self {
        let steps = (max_steps as usize).min(320);
        Recorder {
            end: [0.0; 2],
            states: Vec::with_capacity(steps),
            probes: Vec::with_capacity(steps + steps / 2),
            chunks: Vec::with_capacity((steps + steps / 2).div_ceil(CHUNK)),
        }
    }

    /// The box of every chunk.
    pub(crate) fn bounds(&self) -> Chunk {
        self.chunks.iter().fold(Chunk::EMPTY, |b, c| b.union(c))
    }

    pub(crate) fn close_chunk(&mut self) {
        let from = self.chunks.len() * CHUNK;
        if from >= self.probes.len() {
            return;
        }
        let mut c = Chunk::EMPTY;
        for p in &self.probes[from..] {
            c.min_x = c.min_x.min(p.x);
            c.max_x = c.max_x.max(p.x);
            c.min_y = c.min_y.min(p.y);
            c.max_y = c.max_y.max(p.y);
        }
        self.chunks.push(c);
    }
}

impl Probe for Recorder {
    #[inline]
    fn pass(&mut self, step: u32, x: f64, y: f64) {
        self.probes.push(ProbePoint { x, y, step });
        if self.probes.len().is_multiple_of(CHUNK) {
            self.close_chunk();
        }
    }
    #[inline]
    fn step(&mut self, state: State) {
        self.states.push(state);
    }
    fn end(&mut self, x: f64, y: f64) {
        self.end = [x, y];
    }
}
