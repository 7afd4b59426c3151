//! What the rules allow: a world inside the field, and placements that stay clear
//! of the walls, the goal, the ball's start and each other. The sweep and play mode
//! apply the same checks.

use serde::{Deserialize, Serialize};

use crate::base::geometry::{point_closer_than, segments_closer_than, Vec2};
use crate::rules::value::Rules;
use crate::world::model::{Inventory, PartKind, Placement, World, WorldError, MAX_WALLS};

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
