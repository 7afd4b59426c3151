//! From the optimiser's unit cube to rule values and back: each varied field's
//! bounds mapped onto 0..1, whole fields rounded to whole numbers, real fields
//! rounded to a decimal step of at most a thousandth of their span (so a tuned
//! rules file reads `gravity: 213.5`, not `213.49999817`).

use crate::vary::Vary;

/// The decimal step of a real field: the largest power of ten at most a
/// thousandth of its span, as (10^|k|, whether k ≥ 0).
fn step(span: f64) -> (f64, bool) {
    let target = span / 1000.0;
    let mut p = 1.0;
    if target >= 1.0 {
        while p * 10.0 <= target {
            p *= 10.0;
        }
        (p, true)
    } else {
        while 1.0 / p > target {
            p *= 10.0;
        }
        (p, false)
    }
}

/// The value of field `f` at unit coordinate `x` (clamped into 0..1).
pub fn value_at(f: &Vary, x: f64) -> f64 {
    let x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
    round_value(f, f.lo + x * (f.hi - f.lo))
}

/// `raw` rounded as field `f`'s values are (whole, or to its decimal step) and
/// clamped into its bounds.
pub fn round_value(f: &Vary, raw: f64) -> f64 {
    round_to(f, raw, f.hi - f.lo)
}

/// `raw` rounded to whole numbers (a whole field) or to the decimal step of a
/// span of `span` (at most a thousandth of it), clamped into `f`'s bounds.
pub fn round_to(f: &Vary, raw: f64, span: f64) -> f64 {
    let v = if f.whole {
        raw.round()
    } else {
        match step(span) {
            (p, true) => (raw / p).round() * p,
            (p, false) => (raw * p).round() / p,
        }
    };
    v.clamp(f.lo, f.hi)
}

/// The unit coordinate of value `v` of field `f` (clamped into 0..1).
pub fn unit_of(f: &Vary, v: f64) -> f64 {
    ((v - f.lo) / (f.hi - f.lo)).clamp(0.0, 1.0)
}

/// How far a point lies outside the unit cube (0 inside).
pub fn outside(x: &[f64]) -> f64 {
    x.iter().map(|&c| (-c).max(0.0) + (c - 1.0).max(0.0)).sum()
}

/// The `i`-th point (from 1) of the Halton sequence in `d` dimensions: the
/// tuner's further starts, spread over the cube and the same on every run.
pub fn halton(i: u32, d: usize) -> Vec<f64> {
    const PRIMES: [u32; 16] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
    (0..d)
        .map(|k| {
            let b = PRIMES[k % PRIMES.len()];
            let (mut f, mut r, mut n) = (1.0, 0.0, i);
            while n > 0 {
                f /= f64::from(b);
                r += f * f64::from(n % b);
                n /= b;
            }
            r
        })
        .collect()
}

/// The number of distinct points when every field is whole, if at most `cap`.
pub fn whole_points(vary: &[Vary], cap: u64) -> Option<u64> {
    let mut n: u64 = 1;
    for f in vary {
        if !f.whole {
            return None;
        }
        n = n.checked_mul((f.hi - f.lo) as u64 + 1)?;
        if n > cap {
            return None;
        }
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn real(lo: f64, hi: f64) -> Vary {
        Vary {
            field: "x".into(),
            lo,
            hi,
            whole: false,
        }
    }

    #[test]
    fn values_round_to_a_decimal_step_and_stay_in_bounds() {
        let g = real(50.0, 400.0);
        assert_eq!(value_at(&g, 0.0), 50.0);
        assert_eq!(value_at(&g, 1.0), 400.0);
        assert_eq!(value_at(&g, 0.5), 225.0);
        assert_eq!(value_at(&g, 0.123456), 93.2);
        assert_eq!(value_at(&g, -3.0), 50.0);
        assert_eq!(value_at(&g, f64::NAN), 50.0);
        let r = real(0.0, 1.0);
        assert_eq!(value_at(&r, 0.3), 0.3);
        assert_eq!(value_at(&r, 0.12345), 0.123);
        let w = Vary {
            field: "n".into(),
            lo: 1.0,
            hi: 40.0,
            whole: true,
        };
        assert_eq!(value_at(&w, 0.5), 21.0);
        assert_eq!(unit_of(&w, 40.0), 1.0);
        assert_eq!(whole_points(&[w.clone(), w.clone()], 2000), Some(1600));
        assert_eq!(whole_points(&[w.clone(), w], 1000), None);
        assert_eq!(whole_points(&[g], 1000), None);
    }

    #[test]
    fn halton_points_spread_in_the_cube() {
        assert_eq!(halton(1, 2), vec![0.5, 1.0 / 3.0]);
        assert_eq!(halton(2, 2), vec![0.25, 2.0 / 3.0]);
        assert_eq!(outside(&[0.5, -0.25, 1.5]), 0.75);
    }
}
