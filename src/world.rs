//! The world model: a level (ball, goal, walls, inventory) and the parts placed in it.

use serde::{Deserialize, Serialize};

use crate::geometry::{point_closer_than, segments_closer_than, Aabb, Vec2};
use crate::rules::{PartsSection, Rules, GOAL_HEIGHT, GOAL_WIDTH};

/// A fixed wall (ledge): a capsule from `a` to `b` of half-thickness `walls.radius`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Wall {
    pub a: Vec2,
    pub b: Vec2,
}

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

    /// The solid body the ball collides with, with the part geometry of `parts`
    /// (the rules' `parts` section).
    pub fn body(&self, parts: &PartsSection) -> Body {
        let c = Vec2::new(self.x, self.y);
        match self.part {
            PartKind::Ramp => {
                let d = self.direction();
                let h = parts.ramp.length / 2.0;
                Body {
                    a: Vec2::new(c.x - d.x * h, c.y - d.y * h),
                    b: Vec2::new(c.x + d.x * h, c.y + d.y * h),
                    radius: parts.ramp.radius,
                }
            }
            PartKind::Fan => {
                // The housing is perpendicular to the blowing direction.
                let d = self.direction();
                let h = parts.fan.housing / 2.0;
                Body {
                    a: Vec2::new(c.x + d.y * h, c.y - d.x * h),
                    b: Vec2::new(c.x - d.y * h, c.y + d.x * h),
                    radius: parts.fan.radius,
                }
            }
            PartKind::Bumper => Body {
                a: c,
                b: c,
                radius: parts.bumper.radius,
            },
            PartKind::Gear => Body {
                a: c,
                b: c,
                radius: parts.gear.radius,
            },
        }
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

impl World {
    /// Checks that every number is finite and every point lies in the field of
    /// `rules` (x from 0 to `field.width`, y from 0 to `field.height`).
    pub fn validate(&self, rules: &Rules) -> Result<(), WorldError> {
        let (w, h) = (rules.field.width, rules.field.height);
        let in_field = |p: Vec2| (0.0..=w).contains(&p.x) && (0.0..=h).contains(&p.y);
        let check = |name: &str, p: Vec2| {
            if !p.is_finite() {
                Err(WorldError::NotFinite(name.to_owned()))
            } else if !in_field(p) {
                Err(WorldError::OutsideField(format!(
                    "{name} at ({}, {})",
                    p.x, p.y
                )))
            } else {
                Ok(())
            }
        };
        check("the ball", self.ball)?;
        check("the goal", self.goal.center)?;
        if !(self.goal.width.is_finite() && self.goal.height.is_finite()) {
            return Err(WorldError::NotFinite("the goal's size".into()));
        }
        if !((1.0..=100.0).contains(&self.goal.width) && (1.0..=100.0).contains(&self.goal.height))
        {
            return Err(WorldError::BadGoalSize);
        }
        if self.walls.len() > MAX_WALLS {
            return Err(WorldError::TooManyWalls(self.walls.len()));
        }
        for (i, w) in self.walls.iter().enumerate() {
            check(&format!("wall {} start", i + 1), w.a)?;
            check(&format!("wall {} end", i + 1), w.b)?;
        }
        Ok(())
    }
}

/// Why a placement is refused. The sweep and play mode apply the same rules.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlacementError {
    #[error("the {part} has a coordinate or angle that is not a finite number")]
    NotFinite { part: String },
    #[error("the {part} needs a spin: clockwise or counter_clockwise")]
    MissingSpin { part: String },
    #[error("the {part} does not turn; only a gear has a spin")]
    UnexpectedSpin { part: String },
    #[error("the {part} sticks out of the field")]
    OutsideField { part: String },
    #[error("the {part} overlaps wall {wall}")]
    OverlapsWall { part: String, wall: usize },
    #[error("the {part} overlaps the goal")]
    OverlapsGoal { part: String },
    #[error("the {part} overlaps the ball's starting spot")]
    OverlapsBall { part: String },
    #[error("the {part} overlaps part {other}")]
    OverlapsPart { part: String, other: usize },
    #[error("the level grants {granted} {part}(s); this would be number {wanted}")]
    NotInInventory {
        part: String,
        granted: u32,
        wanted: u32,
    },
}

/// Whether `placement` may go into `world` next to the parts already `placed`,
/// ignoring the inventory (the sweep's single ramp is always allowed by count),
/// with the field and part geometry of `rules`.
pub fn check_placement(
    rules: &Rules,
    world: &World,
    placed: &[Placement],
    placement: &Placement,
) -> Result<(), PlacementError> {
    // The part's name, only for an error (a sweep checks 144 placements an attempt).
    let part = || placement.part.name().to_owned();
    if !placement.is_finite() {
        return Err(PlacementError::NotFinite { part: part() });
    }
    match (placement.part, placement.spin) {
        (PartKind::Gear, None) => return Err(PlacementError::MissingSpin { part: part() }),
        (PartKind::Gear, Some(_)) | (_, None) => {}
        (_, Some(_)) => return Err(PlacementError::UnexpectedSpin { part: part() }),
    }
    let body = placement.body(&rules.parts);
    let r = body.radius;
    let (width, height) = (rules.field.width, rules.field.height);
    let inside =
        |p: Vec2| p.x - r >= 0.0 && p.x + r <= width && p.y - r >= 0.0 && p.y + r <= height;
    if !inside(body.a) || !inside(body.b) {
        return Err(PlacementError::OutsideField { part: part() });
    }
    for (i, w) in world.walls.iter().enumerate() {
        let reach = r + rules.walls.radius;
        if segments_closer_than(body.a, body.b, w.a, w.b, reach) {
            return Err(PlacementError::OverlapsWall {
                part: part(),
                wall: i + 1,
            });
        }
    }
    if world.goal.zone().segment_closer_than(body.a, body.b, r) {
        return Err(PlacementError::OverlapsGoal { part: part() });
    }
    let reach = r + rules.ball.radius;
    if point_closer_than(world.ball, body.a, body.b, reach) {
        return Err(PlacementError::OverlapsBall { part: part() });
    }
    for (i, other) in placed.iter().enumerate() {
        let o = other.body(&rules.parts);
        let reach = r + o.radius;
        if segments_closer_than(body.a, body.b, o.a, o.b, reach) {
            return Err(PlacementError::OverlapsPart {
                part: part(),
                other: i + 1,
            });
        }
    }
    Ok(())
}

/// Checks a whole set of placements as play mode does: each against the world and
/// the ones before it, and the counts against the inventory.
pub fn check_placements(
    rules: &Rules,
    world: &World,
    placements: &[Placement],
) -> Result<(), PlacementError> {
    for (i, p) in placements.iter().enumerate() {
        check_placement(rules, world, &placements[..i], p)?;
        let wanted = placements[..=i].iter().filter(|q| q.part == p.part).count() as u32;
        let granted = world.inventory.count(p.part);
        if wanted > granted {
            return Err(PlacementError::NotInInventory {
                part: p.part.name().to_owned(),
                granted,
                wanted,
            });
        }
    }
    Ok(())
}

/// Whether `candidate` may stand in place of part `index` (0-based) of `placements`
/// next to the other parts, as play mode asks while a part is dragged or added:
/// `check_placement` against the world and every other part, then the inventory
/// count as `check_placements` words it. An `index` at or past the end adds a new
/// part. Part numbers in the reason are the player's (1-based positions in
/// `placements`). Whenever the other parts pass `check_placements`, this accepts
/// exactly the candidates for which the resulting set passes it too.
pub fn check_part(
    rules: &Rules,
    world: &World,
    placements: &[Placement],
    index: usize,
    candidate: &Placement,
) -> Result<(), PlacementError> {
    let others: Vec<Placement> = placements
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != index)
        .map(|(_, p)| *p)
        .collect();
    check_placement(rules, world, &others, candidate).map_err(|e| match e {
        // `other` numbers the parts without the replaced one; give the player's number.
        PlacementError::OverlapsPart { part, other } => PlacementError::OverlapsPart {
            part,
            other: if index < placements.len() && other > index {
                other + 1
            } else {
                other
            },
        },
        e => e,
    })?;
    let wanted = Inventory::used_by(&others).count(candidate.part) + 1;
    let granted = world.inventory.count(candidate.part);
    if wanted > granted {
        return Err(PlacementError::NotInInventory {
            part: candidate.part.name().to_owned(),
            granted,
            wanted,
        });
    }
    Ok(())
}
