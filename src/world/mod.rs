//! Level 3, the world model: a level (ball, goal, walls, inventory), the parts
//! placed in it, and the level's content hash. What the rules allow of it is one
//! level up, in the rules.

pub mod hash;
pub mod model;

pub use hash::level_hash;
pub use model::*;
