//! The draws of a candidate, named: every value [`draw_candidate`] takes from the
//! mulberry32 stream has a [`Site`], and a [`Tap`] sees each one as it is taken
//! (and may replace it: the pins of a "what if"). The game's drawer uses [`NoTap`],
//! whose methods do nothing and compile away, so the scan path is the plain one.
//!
//! [`draw_candidate`]: crate::generate::generator::draw_candidate

use serde::{Deserialize, Serialize};

use crate::world::model::Wall;

/// Where a draw lands: the value of a candidate it sets. Walls are numbered from 1
/// in the order they are drawn, dropped ones included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Site {
    BallStartX,
    GoalX,
    GoalY,
    WallsCount,
    WallCenterX(u32),
    WallCenterY(u32),
    WallLength(u32),
    WallAngle(u32),
    Ramps,
    Fans,
    Bumpers,
    Gears,
}

impl Site {
    /// The rules field the value is drawn from (`walls.center_x`, `parts.fan.count`).
    pub fn rule(self) -> &'static str {
        match self {
            Site::BallStartX => "ball.start_x",
            Site::GoalX => "goal.x",
            Site::GoalY => "goal.y",
            Site::WallsCount => "walls.count",
            Site::WallCenterX(_) => "walls.center_x",
            Site::WallCenterY(_) => "walls.center_y",
            Site::WallLength(_) => "walls.length",
            Site::WallAngle(_) => "walls.angle",
            Site::Ramps => "parts.ramp.count",
            Site::Fans => "parts.fan.count",
            Site::Bumpers => "parts.bumper.count",
            Site::Gears => "parts.gear.count",
        }
    }

    /// The drawn wall (1-based) the value belongs to.
    pub fn wall(self) -> Option<u32> {
        match self {
            Site::WallCenterX(n)
            | Site::WallCenterY(n)
            | Site::WallLength(n)
            | Site::WallAngle(n) => Some(n),
            _ => None,
        }
    }

    /// The site's name: the rules field, with the wall's number for a wall's
    /// values (`walls[3].center_y`).
    pub fn name(self) -> String {
        match self.wall() {
            Some(n) => format!(
                "walls[{n}].{}",
                self.rule().strip_prefix("walls.").expect("a wall field")
            ),
            None => self.rule().to_owned(),
        }
    }

    /// Reads a site's name back (`goal.x`, `walls[2].length`, `parts.fan.count`).
    pub fn parse(name: &str) -> Option<Site> {
        let fixed = [
            Site::BallStartX,
            Site::GoalX,
            Site::GoalY,
            Site::WallsCount,
            Site::Ramps,
            Site::Fans,
            Site::Bumpers,
            Site::Gears,
        ];
        if let Some(site) = fixed.into_iter().find(|s| s.rule() == name) {
            return Some(site);
        }
        let (n, field) = parse_wall_ref(name)?;
        let field = field?;
        Some(match field {
            "center_x" => Site::WallCenterX(n),
            "center_y" => Site::WallCenterY(n),
            "length" => Site::WallLength(n),
            "angle" => Site::WallAngle(n),
            _ => return None,
        })
    }

    /// What the value is for, in one line (the draw table of `docs/rules.md`).
    pub fn describe(self) -> &'static str {
        match self {
            Site::BallStartX => "the ball's start x (its y is `ball.start_y`, no draw)",
            Site::GoalX => "the goal's centre x",
            Site::GoalY => "the goal's centre y",
            Site::WallsCount => "how many walls are drawn (dropped ones count)",
            Site::WallCenterX(_) => "wall N's centre x",
            Site::WallCenterY(_) => "wall N's centre y",
            Site::WallLength(_) => "wall N's length: its ends are the centre ± length/2 · (cos, sin)(angle), rounded",
            Site::WallAngle(_) => "wall N's angle; then the wall is kept, or dropped when an end sticks out of the field, it passes near the ball's start or near the goal",
            Site::Ramps => "the ramps the level grants",
            Site::Fans => "the fans the level grants",
            Site::Bumpers => "the bumpers the level grants",
            Site::Gears => "the gears the level grants",
        }
    }

    /// Whether the generator rounds the value to hundredths before using it (the
    /// ball's and the goal's coordinates; a wall's endpoints are rounded instead).
    pub fn rounded(self) -> bool {
        matches!(self, Site::BallStartX | Site::GoalX | Site::GoalY)
    }
}

/// `walls[N]` or `walls[N].FIELD`: the wall's number and the field, if any.
pub fn parse_wall_ref(name: &str) -> Option<(u32, Option<&str>)> {
    let rest = name.strip_prefix("walls[")?;
    let (n, rest) = rest.split_once(']')?;
    // Written as the engine writes it: digits, no sign, no leading zero.
    if n.is_empty() || n.starts_with('0') || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u32 = n.parse().ok()?;
    if rest.is_empty() {
        return Some((n, None));
    }
    Some((n, Some(rest.strip_prefix('.')?)))
}

/// The range a value is mapped into: `min + u · (max − min)` for a real range,
/// `min + floor(u · (max − min + 1))` for a count (`integer`); both ends hold the
/// same value when the range is a constant, which takes no draw.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DrawSpan {
    pub min: f64,
    pub max: f64,
    pub integer: bool,
}

impl DrawSpan {
    pub fn is_constant(&self) -> bool {
        self.min == self.max
    }
    /// The value a raw 32-bit draw maps to, with the generator's own operations.
    pub fn map(&self, raw: u32) -> f64 {
        let u = f64::from(raw) / 4_294_967_296.0;
        if self.integer {
            let (lo, n) = (self.min as u32, (self.max - self.min) as u32 + 1);
            f64::from(lo + (u * f64::from(n)) as u32)
        } else {
            self.min + u * (self.max - self.min)
        }
    }
}

/// Why a drawn wall was dropped (its draws are consumed all the same); every rule
/// it breaks is listed, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// An end sticks out of the field (by the wall's radius).
    OutsideField,
    /// It passes within `walls.ball_clearance` of the ball's start.
    NearBall,
    /// It passes within `walls.goal_clearance` of the goal zone.
    NearGoal,
}

/// What the generator's rules say of a drawn wall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WallFate {
    pub outside_field: bool,
    pub near_ball: bool,
    pub near_goal: bool,
}

impl WallFate {
    /// Whether the generator keeps the wall.
    pub fn built(&self) -> bool {
        !(self.outside_field || self.near_ball || self.near_goal)
    }
    pub fn reasons(&self) -> Vec<DropReason> {
        [
            (self.outside_field, DropReason::OutsideField),
            (self.near_ball, DropReason::NearBall),
            (self.near_goal, DropReason::NearGoal),
        ]
        .into_iter()
        .filter_map(|(on, r)| on.then_some(r))
        .collect()
    }
}

/// Sees every value of a candidate as it is drawn, in the stream's order, and may
/// replace it. Each method returns what the generator goes on with.
pub trait Tap {
    /// A draw for `site` took `raw` from the stream: the raw value to map.
    #[inline(always)]
    fn raw(&mut self, _site: Site, raw: u32) -> u32 {
        raw
    }
    /// `site` takes `value` from `span` (`raw` is `None` for a constant): the value
    /// to use (before the rounding of [`Site::rounded`]).
    #[inline(always)]
    fn value(&mut self, _site: Site, _span: DrawSpan, _raw: Option<u32>, value: f64) -> f64 {
        value
    }
    /// Wall `number` (1-based), with these ends and this fate: whether to keep it.
    #[inline(always)]
    fn wall(&mut self, _number: u32, _wall: &Wall, fate: WallFate) -> bool {
        fate.built()
    }
}

/// The game's tap: sees nothing, changes nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoTap;

impl Tap for NoTap {}
