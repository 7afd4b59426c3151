//! The checks validation is made of: why rules were refused, and one check per
//! kind of field (a number in bounds, a range, a count, a list's length). Which
//! field gets which check is the field table's ([`crate::rules::by_table`]).

use serde::{Deserialize, Serialize};

use crate::base::round::round_hundredths;
use crate::rules::value::{CountRange, RealRange};

/// Why rules were refused: the field (a path such as `sweep.angles[2]`), its value
/// and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("{field} is {value}; it must be {allowed}")]
pub struct RulesError {
    pub field: String,
    pub value: String,
    pub allowed: String,
}

pub(crate) fn refuse(field: &str, value: impl ToString, allowed: impl Into<String>) -> RulesError {
    RulesError {
        field: field.to_owned(),
        value: value.to_string(),
        allowed: allowed.into(),
    }
}

/// A real number in `lo..=hi` (finite by then: non-finite numbers were refused first).
pub(crate) fn real(field: &str, v: f64, lo: f64, hi: f64) -> Result<(), RulesError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(refuse(field, v, format!("a number from {lo} to {hi}")))
    }
}

/// A real number in `lo < v <= hi`.
pub(crate) fn positive(field: &str, v: f64, hi: f64) -> Result<(), RulesError> {
    if v > 0.0 && v <= hi {
        Ok(())
    } else {
        Err(refuse(field, v, format!("greater than 0 and at most {hi}")))
    }
}

pub(crate) fn whole(field: &str, v: u32, lo: u32, hi: u32) -> Result<(), RulesError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(refuse(
            field,
            v,
            format!("a whole number from {lo} to {hi}"),
        ))
    }
}

/// A drawn range: `min ≤ max`, both in `lo..=hi`.
pub(crate) fn real_range(field: &str, r: RealRange, lo: f64, hi: f64) -> Result<(), RulesError> {
    real(&format!("{field}.min"), r.min, lo, hi)?;
    real(&format!("{field}.max"), r.max, lo, hi)?;
    if r.min > r.max {
        return Err(refuse(
            &format!("{field}.max"),
            r.max,
            format!("at least {field}.min ({})", r.min),
        ));
    }
    Ok(())
}

/// A drawn coordinate range whose values, rounded to hundredths, stay in `0..=hi`.
pub(crate) fn coordinate_range(
    field: &str,
    r: RealRange,
    hi: f64,
    axis: &str,
) -> Result<(), RulesError> {
    real_range(field, r, 0.0, hi)?;
    if round_hundredths(r.max) > hi {
        return Err(refuse(
            &format!("{field}.max"),
            r.max,
            format!("at most {hi} ({axis}) once rounded to hundredths"),
        ));
    }
    Ok(())
}

pub(crate) fn count_range(field: &str, r: CountRange, hi: u32) -> Result<(), RulesError> {
    whole(&format!("{field}.min"), r.min, 0, hi)?;
    whole(&format!("{field}.max"), r.max, 0, hi)?;
    if r.min > r.max {
        return Err(refuse(
            &format!("{field}.max"),
            r.max,
            format!("at least {field}.min ({})", r.min),
        ));
    }
    Ok(())
}

pub(crate) fn list_len(field: &str, len: usize, hi: usize) -> Result<(), RulesError> {
    if (1..=hi).contains(&len) {
        Ok(())
    } else {
        Err(refuse(
            field,
            format!("a list of {len} value(s)"),
            format!("a list of 1 to {hi} values"),
        ))
    }
}
