//! Level 7, files: the level, solution, rules and scene files, each read strictly
//! through one envelope and written canonically.

pub mod edited_level;
pub mod envelope;
pub mod level_file;
pub mod rules_file;
pub mod scenes;
pub mod solution;
pub mod verify_level;
