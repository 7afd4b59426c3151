//! The world model: a level (ball, goal, walls, inventory) and the parts placed in it.

use serde::{Deserialize, Serialize};

use crate::base::geometry::{Aabb, Vec2};

/// A fixed wall (ledge): a capsule from `a` to `b` of half-thickness `walls.radius`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Wall {
    pub a: Vec2,
    pub b: Vec2,
}

/// Goal zone size of the default rules (centred on the goal's position).
pub const GOAL_WIDTH: f64 = 14.0;
/// Goal zone height of the default rules.
pub const GOAL_HEIGHT: f64 = 6.0;

/// The goal zone: a `width` x `height` box centred on `center` (the generator
/// takes the size from the rules' `goal` section).
/// The ball reaches the goal when its centre enters the box.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Goal {
    pub center: Vec2,
    pub width: f64,
    pub height: f64,
}

impl Goal {
    /// A goal of the default rules' size (14 x 6).
    pub fn new(center: Vec2) -> Self {
        Self {
            center,
            width: GOAL_WIDTH,
            height: GOAL_HEIGHT,
        }
    }
    pub fn zone(&self) -> Aabb {
        Aabb {
            center: self.center,
            half: Vec2::new(self.width / 2.0, self.height / 2.0),
        }
    }
}

/// The kinds of part a player can place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PartKind {
    /// A plank that deflects the ball.
    Ramp,
    /// A housing that blows the ball along its direction.
    Fan,
    /// A disc that kicks the ball away.
    Bumper,
    /// A turning wheel that carries the ball along its rim.
    Gear,
}

impl PartKind {
    pub const ALL: [PartKind; 4] = [
        PartKind::Ramp,
        PartKind::Fan,
        PartKind::Bumper,
        PartKind::Gear,
    ];
    pub fn name(self) -> &'static str {
        match self {
            PartKind::Ramp => "ramp",
            PartKind::Fan => "fan",
            PartKind::Bumper => "bumper",
            PartKind::Gear => "gear",
        }
    }
}

/// Which way a gear turns, as seen on the screen (y grows downward): a clockwise
/// gear's top moves right, a counter-clockwise gear's top moves left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Spin {
    Clockwise,
    CounterClockwise,
}

impl Spin {
    /// +1 for clockwise, −1 for counter-clockwise: the sign of the rim's velocity
    /// along the contact normal turned a quarter clockwise, `(−n.y, n.x)`.
    pub fn sign(self) -> f64 {
        match self {
            Spin::Clockwise => 1.0,
            Spin::CounterClockwise => -1.0,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Spin::Clockwise => "clockwise",
            Spin::CounterClockwise => "counter-clockwise",
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// How many parts of each kind the level grants the player.
///
/// `gear` is written only when it is not 0, so the JSON (and so the level hash) of
/// a level without gears is what it was before gears existed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Inventory {
    pub ramp: u32,
    pub fan: u32,
    pub bumper: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
    pub gear: u32,
}

impl Inventory {
    pub fn count(&self, kind: PartKind) -> u32 {
        match kind {
            PartKind::Ramp => self.ramp,
            PartKind::Fan => self.fan,
            PartKind::Bumper => self.bumper,
            PartKind::Gear => self.gear,
        }
    }
    /// All parts granted (saturating: a file may say anything).
    pub fn total(&self) -> u32 {
        self.ramp
            .saturating_add(self.fan)
            .saturating_add(self.bumper)
            .saturating_add(self.gear)
    }

    /// How many parts of each kind `placements` use.
    pub fn used_by(placements: &[Placement]) -> Inventory {
        let mut used = Inventory::default();
        for p in placements {
            match p.part {
                PartKind::Ramp => used.ramp += 1,
                PartKind::Fan => used.fan += 1,
                PartKind::Bumper => used.bumper += 1,
                PartKind::Gear => used.gear += 1,
            }
        }
        used
    }
}

/// A part placed in the field. `angle` is in radians, measured from the +x axis
/// towards +y (downward), so a positive angle tilts a ramp's right end down.
/// For a fan it is the direction it blows (−π/2 blows straight up); a bumper and a
/// gear ignore it. A gear also has its `spin`, which no other part has (it is
/// written only when present, so other parts' JSON is unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub part: PartKind,
    pub x: f64,
    pub y: f64,
    pub angle: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub spin: Option<Spin>,
}

/// A part's solid body as a capsule: segment `a`–`b` with `radius`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Body {
    pub a: Vec2,
    pub b: Vec2,
    pub radius: f64,
}

impl Placement {
    pub fn ramp(x: f64, y: f64, angle: f64) -> Self {
        Self {
            part: PartKind::Ramp,
            x,
            y,
            angle,
            spin: None,
        }
    }

    /// A fan blowing along `angle`.
    pub fn fan(x: f64, y: f64, angle: f64) -> Self {
        Self {
            part: PartKind::Fan,
            x,
            y,
            angle,
            spin: None,
        }
    }

    pub fn bumper(x: f64, y: f64) -> Self {
        Self {
            part: PartKind::Bumper,
            x,
            y,
            angle: 0.0,
            spin: None,
        }
    }

    /// A gear centred on `(x, y)` turning `spin`.
    pub fn gear(x: f64, y: f64, spin: Spin) -> Self {
        Self {
            part: PartKind::Gear,
            x,
            y,
            angle: 0.0,
            spin: Some(spin),
        }
    }

    /// Unit vector of the placement's angle (libm, for identical results everywhere).
    pub fn direction(&self) -> Vec2 {
        Vec2::new(libm::cos(self.angle), libm::sin(self.angle))
    }

    pub fn is_finite(&self) -> bool {
        self.x.is_finite() && self.y.is_finite() && self.angle.is_finite()
    }
}

/// A level: everything the seed decides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct World {
    /// The ball's starting centre; it starts at rest.
    pub ball: Vec2,
    pub goal: Goal,
    pub walls: Vec<Wall>,
    pub inventory: Inventory,
}

/// A world together with parts placed in it: the input of `contraption simulate`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Scene {
    pub world: World,
    #[serde(default)]
    pub placements: Vec<Placement>,
}

/// Why a world cannot be simulated.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum WorldError {
    #[error("{0} is not a finite number")]
    NotFinite(String),
    #[error("{0} lies outside the field")]
    OutsideField(String),
    #[error("the goal must be between 1 and 100 units wide and high")]
    BadGoalSize,
    #[error("a world has at most 64 walls, this one has {0}")]
    TooManyWalls(usize),
}

/// Largest number of walls a world may have (the generator draws at most 5).
pub const MAX_WALLS: usize = 64;
