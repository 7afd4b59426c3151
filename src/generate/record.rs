//! The draw record of a seed: every value its candidates took from the mulberry32
//! stream, in order, with its position in the stream (continuing across attempts),
//! the raw output and the float, the range it was mapped into, the value it became
//! and what it decided; every drawn wall with what became of it. A [`Recorder`] is
//! the [`Tap`] that writes it, and applies pins while it does.

use serde::{Deserialize, Serialize};

use crate::base::geometry::Vec2;
use crate::base::round::round_hundredths;
use crate::generate::draws::{DrawSpan, DropReason, Site, Tap, WallFate};
use crate::generate::generator::draw_candidate_with;
use crate::generate::pins::{check_pins, Pin, PinError, PinTo, Target};
use crate::rules::valid::ValidRules;
use crate::seed::rng::Mulberry32;
use crate::world::model::{Wall, World};

/// One value of a candidate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Draw {
    /// 0-based position in the seed's stream, continuing across attempts; `None`
    /// for a constant (a range with a single value takes no draw).
    pub position: Option<u32>,
    /// 1-based.
    pub attempt: u32,
    /// `ball.start_x`, `walls[3].center_y`, `parts.fan.count`, …
    pub site: String,
    /// The rules field the range comes from (`walls.center_y`).
    pub rule: String,
    /// The drawn wall (1-based, dropped walls counted) the value belongs to.
    pub wall: Option<u32>,
    /// The raw 32-bit output the value was mapped from (the pinned one, if pinned).
    pub raw: Option<u32>,
    /// `raw / 2^32`.
    pub unit: Option<f64>,
    pub span: DrawSpan,
    /// The value, as mapped (or as pinned).
    pub value: f64,
    /// The value rounded to hundredths, for the sites the generator rounds.
    pub rounded: Option<f64>,
    /// What the stream gave here, when a pin replaced it.
    pub pinned_from: Option<PinnedFrom>,
    /// What the value decided, in words (`5 walls are drawn`, `wall 3 dropped: …`).
    pub decided: Option<String>,
}

/// The stream's own draw at a pinned site.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PinnedFrom {
    pub raw: Option<u32>,
    pub value: f64,
}

/// A drawn wall and what the generator made of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DrawnWall {
    /// 1-based, in drawing order (dropped walls counted).
    pub number: u32,
    pub a: Vec2,
    pub b: Vec2,
    /// Its 0-based index among the level's walls, when it was built.
    pub built: Option<u32>,
    /// Every rule it breaks (empty for a wall the rules keep).
    pub dropped_for: Vec<DropReason>,
    /// Whether a pin kept or dropped it against the rules' say.
    pub pinned: bool,
}

/// One attempt's draws.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttemptDraws {
    /// 1-based.
    pub attempt: u32,
    /// The stream position of the attempt's first draw.
    pub first_position: u32,
    /// How many raw outputs the attempt took.
    pub draw_count: u32,
    pub draws: Vec<Draw>,
    pub walls: Vec<DrawnWall>,
    /// The candidate the draws built.
    pub world: World,
}

/// The draws of a seed's first attempts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DrawRecord {
    pub seed: u32,
    pub rules_id: String,
    pub pins: Vec<Pin>,
    pub attempts: Vec<AttemptDraws>,
}

/// An attempt being drawn.
struct Building {
    attempt: u32,
    first_position: u32,
    draws: Vec<Draw>,
    walls: Vec<DrawnWall>,
}

/// The tap that records every draw and applies pins. Call [`Recorder::begin`]
/// before each candidate and [`Recorder::end`] after it.
pub struct Recorder<'p> {
    rules: &'p ValidRules,
    pins: &'p [Pin],
    targets: Vec<Target>,
    used: Vec<bool>,
    /// The next draw's stream position.
    position: u32,
    /// The first pin refused while drawing.
    error: Option<PinError>,
    current: Option<Building>,
    pending: Option<(u32, u32)>,
    built: u32,
    pub attempts: Vec<AttemptDraws>,
}

impl<'p> Recorder<'p> {
    /// A recorder with `pins`, checked against the rules first.
    pub fn new(rules: &'p ValidRules, pins: &'p [Pin]) -> Result<Self, PinError> {
        let targets = check_pins(pins, rules.generator.max_attempts)?;
        Ok(Self {
            rules,
            pins,
            used: vec![false; pins.len()],
            targets,
            position: 0,
            error: None,
            current: None,
            pending: None,
            built: 0,
            attempts: Vec::new(),
        })
    }

    pub fn begin(&mut self) {
        let attempt = self.attempts.len() as u32 + 1;
        self.current = Some(Building {
            attempt,
            first_position: self.position,
            draws: Vec::new(),
            walls: Vec::new(),
        });
        self.built = 0;
    }

    /// Closes the attempt with the world it drew; a pinned world must be a valid
    /// level.
    pub fn end(&mut self, world: &World) -> Result<(), PinError> {
        let b = self.current.take().expect("begin before end");
        let attempt = b.attempt;
        self.attempts.push(AttemptDraws {
            attempt,
            first_position: b.first_position,
            draw_count: self.position - b.first_position,
            draws: b.draws,
            walls: b.walls,
            world: world.clone(),
        });
        if self.pins.iter().any(|p| p.attempt == attempt) {
            world
                .validate(self.rules)
                .map_err(|error| PinError::InvalidLevel { attempt, error })?;
        }
        Ok(())
    }

    /// Every pin of the attempts drawn so far was applied: a pin of a site the
    /// attempt never drew is refused.
    pub fn check_used(&self) -> Result<(), PinError> {
        let drawn = self.attempts.len() as u32;
        for (i, pin) in self.pins.iter().enumerate() {
            if self.used[i] || pin.attempt > drawn {
                continue;
            }
            let a = &self.attempts[pin.attempt as usize - 1];
            if let Some(d) = a.draws.iter().find(|d| d.site == pin.site) {
                return Err(PinError::Constant {
                    site: pin.site.clone(),
                    value: d.value,
                });
            }
            return Err(PinError::NotDrawn {
                attempt: pin.attempt,
                site: pin.site.clone(),
                detail: format!("; it draws {} walls", a.walls.len()),
            });
        }
        Ok(())
    }

    /// The pin of the current attempt on `target` that `want` accepts; marked used.
    fn take_pin(&mut self, target: Target, want: impl Fn(PinTo) -> bool) -> Option<PinTo> {
        let attempt = self.current.as_ref()?.attempt;
        let i = (0..self.pins.len()).find(|&i| {
            self.pins[i].attempt == attempt && self.targets[i] == target && want(self.pins[i].to)
        })?;
        self.used[i] = true;
        Some(self.pins[i].to)
    }

    /// Draws attempts `1..=attempts` of `seed` with the recorder's pins, with no
    /// physics, and returns their record.
    pub fn record(mut self, seed: u32, attempts: u32) -> Result<DrawRecord, PinError> {
        let mut rng = Mulberry32::new(seed);
        for _ in 0..attempts.min(self.rules.generator.max_attempts) {
            self.begin();
            let world = draw_candidate_with(self.rules, &mut rng, &mut self);
            self.end(&world)?;
        }
        self.finish(seed)
    }

    /// The record of the attempts drawn, once every pin of them was applied.
    pub fn finish(self, seed: u32) -> Result<DrawRecord, PinError> {
        if let Some(e) = self.error.clone() {
            return Err(e);
        }
        self.check_used()?;
        Ok(DrawRecord {
            seed,
            rules_id: self.rules.id().to_owned(),
            pins: self.pins.to_vec(),
            attempts: self.attempts,
        })
    }
}

/// The record of `seed`'s first `attempts` attempts under `rules`, with `pins`.
pub fn record_draws(
    rules: &ValidRules,
    seed: u32,
    attempts: u32,
    pins: &[Pin],
) -> Result<DrawRecord, PinError> {
    Recorder::new(rules, pins)?.record(seed, attempts)
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Tap for Recorder<'_> {
    fn raw(&mut self, site: Site, raw: u32) -> u32 {
        let position = self.position;
        self.position += 1;
        let pinned = match self.take_pin(Target::Value(site), |to| matches!(to, PinTo::Raw(_))) {
            Some(PinTo::Raw(r)) => r,
            _ => raw,
        };
        self.pending = Some((position, raw));
        pinned
    }

    fn value(&mut self, site: Site, span: DrawSpan, raw: Option<u32>, value: f64) -> f64 {
        let (position, stream_raw) = match raw {
            Some(_) => self
                .pending
                .take()
                .map(|(p, r)| (Some(p), Some(r)))
                .unwrap_or_default(),
            None => (None, None),
        };
        let mut pinned_from = (stream_raw != raw).then(|| PinnedFrom {
            raw: stream_raw,
            value: span.map(stream_raw.unwrap_or(0)),
        });
        let mut v = value;
        if let Some(PinTo::Value(p)) =
            self.take_pin(Target::Value(site), |to| matches!(to, PinTo::Value(_)))
        {
            if !(span.min..=span.max).contains(&p) {
                self.error.get_or_insert(PinError::OutOfRange {
                    site: site.name(),
                    value: p,
                    min: span.min,
                    max: span.max,
                });
            } else if span.integer && p.fract() != 0.0 {
                self.error.get_or_insert(PinError::NotWhole {
                    site: site.name(),
                    value: p,
                });
            } else {
                pinned_from.get_or_insert(PinnedFrom {
                    raw: stream_raw,
                    value,
                });
                v = p;
            }
        }
        let decided = match site {
            Site::WallsCount => Some(format!(
                "{} drawn",
                plural(v as u32, "wall is", "walls are")
            )),
            Site::Ramps => Some(format!("grants {}", plural(v as u32, "ramp", "ramps"))),
            Site::Fans => Some(format!("grants {}", plural(v as u32, "fan", "fans"))),
            Site::Bumpers => Some(format!("grants {}", plural(v as u32, "bumper", "bumpers"))),
            Site::Gears => Some(format!("grants {}", plural(v as u32, "gear", "gears"))),
            _ => None,
        };
        let a = self.current.as_mut().expect("begin before drawing");
        a.draws.push(Draw {
            position,
            attempt: a.attempt,
            site: site.name(),
            rule: site.rule().to_owned(),
            wall: site.wall(),
            raw,
            unit: raw.map(|r| f64::from(r) / 4_294_967_296.0),
            span,
            value: v,
            rounded: site.rounded().then(|| round_hundredths(v)),
            pinned_from,
            decided,
        });
        v
    }

    fn wall(&mut self, number: u32, wall: &Wall, fate: WallFate) -> bool {
        let pin = self.take_pin(Target::Wall(number), |_| true);
        let keep = match pin {
            Some(PinTo::Keep(k)) => k,
            _ => fate.built(),
        };
        // A pin that says what the rules say changes nothing.
        let pinned = pin.filter(|_| keep != fate.built());
        let built = keep.then(|| {
            self.built += 1;
            self.built - 1
        });
        let rules = &self.rules.walls;
        let reasons = fate.reasons();
        let words = |r: &DropReason| match r {
            DropReason::OutsideField => "an end sticks out of the field".to_owned(),
            DropReason::NearBall => format!(
                "it passes within {} units of the ball's start",
                rules.ball_clearance
            ),
            DropReason::NearGoal => format!(
                "it passes within {} units of the goal zone",
                rules.goal_clearance
            ),
        };
        let why = reasons.iter().map(words).collect::<Vec<_>>().join("; ");
        let decided = match (built, pinned.is_some()) {
            (Some(i), false) => format!("wall {number} is built (level wall {})", i + 1),
            (Some(i), true) => format!(
                "wall {number} is kept by a pin (level wall {}); the rules drop it: {why}",
                i + 1
            ),
            (None, false) => format!("wall {number} is dropped: {why}"),
            (None, true) if reasons.is_empty() => {
                format!("wall {number} is dropped by a pin; the rules keep it")
            }
            (None, true) => format!("wall {number} is dropped by a pin: {why}"),
        };
        let a = self.current.as_mut().expect("begin before drawing");
        if let Some(last) = a.draws.last_mut() {
            last.decided = Some(decided);
        }
        a.walls.push(DrawnWall {
            number,
            a: wall.a,
            b: wall.b,
            built,
            dropped_for: reasons,
            pinned: pinned.is_some(),
        });
        keep
    }
}
