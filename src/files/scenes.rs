//! Scene builders shared by tests, benchmarks and the studio, and the reader of
//! scene files (`contraption simulate`).

use serde::{Deserialize, Serialize};

use crate::base::geometry::Vec2;
use crate::base::strict_json::{self, JsonError};
use crate::world::model::{Goal, Inventory, Placement, Scene, Wall, World};

/// Larger scene files are refused before they are parsed (1 MiB: a world has at
/// most 64 walls; this leaves room for generous formatting and many placements).
pub const MAX_SCENE_FILE_BYTES: usize = 1 << 20;

/// Reads a scene file strictly: `{"world": …, "placements": […]}`, or a bare world
/// (no placements). The same reader as every other file: a size limit, no
/// repeated keys, no unknown fields. Numbers are not checked against the field
/// here (see [`World::validate`]).
pub fn parse_scene(bytes: &[u8]) -> Result<Scene, JsonError> {
    let text = strict_json::checked_text(bytes, MAX_SCENE_FILE_BYTES)?;
    #[derive(Deserialize, Serialize)]
    struct Probe {
        #[serde(default)]
        world: Option<serde_json::Value>,
    }
    let probe: Probe = strict_json::parse_checked(text)?;
    if probe.world.is_some() {
        strict_json::parse_checked(text)
    } else {
        Ok(Scene {
            world: strict_json::parse_checked(text)?,
            placements: Vec::new(),
        })
    }
}

/// An empty field: the ball above the goal's column... or not, as you place them.
pub fn open_field(ball_x: f64, goal_x: f64) -> World {
    World {
        ball: Vec2::new(ball_x, 8.0),
        goal: Goal::new(Vec2::new(goal_x, 130.0)),
        walls: Vec::new(),
        inventory: Inventory {
            ramp: 1,
            fan: 1,
            bumper: 1,
            gear: 0,
        },
    }
}

/// The benchmark scene: one ball among six static walls, with a ramp placed, so
/// the ball touches several solids before it leaves the field.
pub fn six_walls() -> Scene {
    let wall = |ax, ay, bx, by| Wall {
        a: Vec2::new(ax, ay),
        b: Vec2::new(bx, by),
    };
    Scene {
        world: World {
            ball: Vec2::new(30.0, 8.0),
            goal: Goal::new(Vec2::new(80.0, 135.0)),
            walls: vec![
                wall(20.0, 30.0, 45.0, 40.0),
                wall(70.0, 45.0, 50.0, 55.0),
                wall(15.0, 70.0, 35.0, 78.0),
                wall(60.0, 85.0, 85.0, 80.0),
                wall(30.0, 100.0, 50.0, 108.0),
                wall(65.0, 110.0, 90.0, 118.0),
            ],
            inventory: Inventory {
                ramp: 1,
                fan: 0,
                bumper: 0,
                gear: 0,
            },
        },
        placements: vec![Placement::ramp(57.0, 66.0, 0.45)],
    }
}
