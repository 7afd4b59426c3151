//! What the step loop reports as it goes: the ball's state, and the probes that
//! watch it (none, goal only, the recorder of a bare run).

/// The ball between two steps: what the step loop carries from one step to the next.
#[derive(Debug, Clone, Copy)]
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

/// Where the ball was at one contact pass of a bare run.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ProbePoint {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) step: u32,
}

/// The bounding box of [`CHUNK`] consecutive probe points, so a part far from a
/// stretch of the path skips it with four comparisons.
#[derive(Debug, Clone, Copy)]
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

impl Recorder {
    pub(crate) fn close_chunk(&mut self) {
        let from = self.chunks.len() * CHUNK;
        if from >= self.probes.len() {
            return;
        }
        let mut c = Chunk {
            min_x: f64::INFINITY,
            max_x: f64::NEG_INFINITY,
            min_y: f64::INFINITY,
            max_y: f64::NEG_INFINITY,
        };
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
