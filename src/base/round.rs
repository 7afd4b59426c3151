//! Rounding drawn values to hundredths.

/// Rounds to hundredths, so levels print short and read back exactly.
pub fn round_hundredths(v: f64) -> f64 {
    (v * 100.0 + 0.5).floor() / 100.0
}
