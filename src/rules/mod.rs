//! Level 4, the rules: the value (every tunable number of the generator and the
//! physics), the field table that drives validation, the valid form with its id,
//! what the rules allow of a world and its placements, the work a seed can cost,
//! and the difference of two rule sets.

pub mod body;
pub mod by_table;
pub mod check;
pub mod defaults;
pub mod diff;
pub mod fields;
pub mod legal;
pub mod limits;
pub mod share_code;
pub mod table;
pub mod valid;
pub mod value;
pub mod work;

pub use defaults::*;
pub use value::*;
