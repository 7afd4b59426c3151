//! The criteria language: which seeds a search or a filter keeps.
//!
//! One parser for every place a person types criteria — `contraption search EXPR`,
//! the studio's seed browser and its statistics — so a filter means the same thing
//! everywhere. It reads a [`SeedSummary`] (what `contraption scan` prints per seed).
//!
//! ```text
//! expr     := or
//! or       := and ("or" and)*
//! and      := not ("and" not)*
//! not      := "not" not | primary
//! primary  := "(" expr ")" | test
//! test     := FIELD OP INTEGER          solving <= 3, walls = 5, attempts != 1
//!           | FIELD "in" INTEGER ".." INTEGER     walls in 3..5 (both ends included)
//!           | FLAG | FLAG OP BOOLEAN    fallback, nearly_trivial = false
//!           | "solves" INTEGER          solves 50: sweep placement 50 solves it
//!           | "true" | "false"
//! OP       := = == != <> < <= > >= ≠ ≤ ≥
//! ```
//! Words are case-insensitive; `&&`, `||` and `!` are accepted for `and`, `or`, `not`.
//! Placements are numbered 1 to the sweep's size in sweep order (144 under the
//! default rules), as people (and the generator's reasons) name them; the `index`
//! field of the JSON reports is that number minus one. Criteria for a search are
//! read under its rules ([`parse_criteria_for`]), so `solves N` names a placement
//! their sweep has.
//!
//! One concept a file: `ast.rs` (fields, flags, comparisons, the expression and
//! whether a seed meets it), `display.rs` (the canonical text), `error.rs` (why
//! text was refused), `lexer.rs` (text to tokens), `parser.rs` (tokens to
//! criteria, read against a sweep).
//!
//! [`SeedSummary`]: crate::generate::summary::SeedSummary

mod ast;
pub mod decide;
mod display;
mod error;
mod lexer;
mod parser;
#[cfg(test)]
mod tests;

pub use ast::{Cmp, Criteria, Field, Flag};
pub use error::CriteriaError;
pub use parser::{parse_criteria, parse_criteria_for, MAX_CRITERIA_DEPTH, MAX_CRITERIA_LEN};
